"""The hand as tile pictures in groups, and every correction a player can make by tapping.

Corrections run as button callbacks: Streamlit calls them before the script reruns, so the report below is always
computed from the corrected draft in the same run ("every correction re-scores at once").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st
from sikwu.app import state as S
from sikwu.app.components.tiles import tile_png
from sikwu.scoring.tiles import BONUS_IDS, HONOUR_IDS, SUITED_IDS, TILE_NAMES

SELECTED_KEY = "sikwu_selected"
RERUN_KEY = "sikwu_rerun_app"  # set by a correction made inside a dialog: the whole page must re-score
ADDING_KEY = "sikwu_adding"
FLASH_KEY = "sikwu_flash"

PALETTE_ROWS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Characters 萬", SUITED_IDS[0:9]),
    ("Dots 筒", SUITED_IDS[9:18]),
    ("Bamboo 索", SUITED_IDS[18:27]),
    ("Honours 字", HONOUR_IDS),
    ("Flowers & seasons 花", BONUS_IDS),
)


# ---- callbacks ------------------------------------------------------------------------------------------------


def _apply(change: Callable[[S.Draft], S.Draft], done: str | None = None) -> None:
    session = st.session_state
    session[RERUN_KEY] = True
    try:
        S.put_draft(session, change(S.get_draft(session)))
        if done:
            session[FLASH_KEY] = S.Flash("success", done)
    except S.DraftError as exc:
        session[FLASH_KEY] = S.Flash("warning", str(exc))


def select_tile(uid: int) -> None:
    st.session_state[SELECTED_KEY] = None if st.session_state.get(SELECTED_KEY) == uid else uid
    st.session_state[ADDING_KEY] = False


def close_editor() -> None:
    st.session_state[SELECTED_KEY] = None
    st.session_state[ADDING_KEY] = False


def close_dialog() -> None:
    close_editor()
    st.session_state[RERUN_KEY] = True


def start_adding() -> None:
    st.session_state[ADDING_KEY] = not st.session_state.get(ADDING_KEY, False)
    st.session_state[SELECTED_KEY] = None


def replace_tile(uid: int, tile: str) -> None:
    _apply(lambda d: d.replace_tile(uid, tile), f"Tile changed to {tile} {TILE_NAMES[tile].chinese}.")
    close_editor()


def add_tile(tile: str) -> None:
    _apply(lambda d: d.add_tile(tile), f"Added {tile} {TILE_NAMES[tile].chinese}.")


def delete_tile(uid: int) -> None:
    _apply(lambda d: d.delete_tile(uid), "Tile removed.")
    close_editor()


def mark_winning(uid: int) -> None:
    _apply(lambda d: d.set_winning(uid), "Winning tile marked.")
    close_editor()


def release_meld(index: int) -> None:
    _apply(lambda d: d.release_meld(index), "Meld released back into the concealed hand.")


def accept_suggestion(index: int) -> None:
    def change(d: S.Draft) -> S.Draft:
        suggestions = d.suggested_melds()
        if index >= len(suggestions):
            raise S.DraftError("That suggestion no longer applies; declare the meld below instead.")
        return d.apply_suggestion(suggestions[index])

    _apply(change, "Meld declared from the photo's layout.")


def declare_meld() -> None:
    session = st.session_state
    picked = session.get("meld_pick") or []
    kind = session.get("meld_kind") or "pung"
    kong_kind = session.get("meld_kong_kind") or "exposed"
    fed = session.get("meld_fed_by")
    _apply(
        lambda d: d.declare_meld(picked, kind, kong_kind if kind == "kong" else None, fed_by=fed),
        f"Declared a {kind}.",
    )
    session["meld_pick"] = []
    session["meld_fed_by"] = None


# ---- rendering ------------------------------------------------------------------------------------------------


def tile_state(draft: S.Draft, t: S.DraftTile) -> str:
    if t.needs_face:
        return "unknown"
    if t.low_confidence and not t.changed:
        return "low"
    if t.changed:
        return "changed"
    if t.uid == draft.winning_uid:
        return "winning"
    return "ok"


def button_label(draft: S.Draft, t: S.DraftTile) -> str:
    marks = ""
    if t.uid == draft.winning_uid:
        marks += "★"
    if t.needs_face:
        marks += "?"
    elif t.low_confidence and not t.changed:
        marks += "⚠"
    elif t.changed:
        marks += "✎"
    return f"{marks}{t.label()}"


def _tile_cell(draft: S.Draft, t: S.DraftTile, pictures: bool) -> None:
    with st.container(width="content", gap=None, horizontal_alignment="center"):
        png = tile_png(t.tile, 56, tile_state(draft, t)) if pictures else None
        if png is not None:
            name = TILE_NAMES.get(t.tile)
            st.image(png, width=40, alt=f"{t.label()} {name.english if name else 'face down'}")
        selected = st.session_state.get(SELECTED_KEY) == t.uid
        st.button(
            button_label(draft, t),
            key=f"tile_{t.uid}",
            on_click=select_tile,
            args=(t.uid,),
            type="primary" if selected else "secondary",
            help=_tile_help(t),
        )


def _tile_help(t: S.DraftTile) -> str:
    name = TILE_NAMES.get(t.tile)
    text = f"{name.english} {name.chinese}" if name else "face down / unknown"
    if t.confidence is not None:
        text += f" - classifier {t.confidence:.0%}"
    if t.found_as and t.found_as != t.tile:
        text += f" - photo said {t.found_as}"
    return text + ". Tap to correct."


def _group(title: str, tiles: tuple[S.DraftTile, ...], draft: S.Draft, pictures: bool) -> None:
    st.markdown(f"**{title}**")
    with st.container(horizontal=True, wrap=True, gap="xsmall"):
        for t in tiles:
            _tile_cell(draft, t, pictures)


def render_hand(draft: S.Draft, pictures: bool) -> None:
    """Groups: concealed tiles, each declared meld (with Release), bonus tiles; then the editor for a tapped tile."""
    concealed = draft.ordered_concealed()
    if concealed:
        _group(f"Concealed hand ({len(concealed)} tiles)", concealed, draft, pictures)
    for i, m in enumerate(draft.melds):
        tiles = tuple(draft.tile(u) for u in m.uids)
        fed = f" - claimed from {S.SEAT_LABELS[m.fed_by]}" if m.fed_by else ""
        _group(f"{m.title()} {i + 1}{fed}", tiles, draft, pictures)
        st.button("Release this meld", key=f"release_{i}", on_click=release_meld, args=(i,), type="tertiary")
    bonus = draft.bonus_tiles()
    if bonus:
        _group("Flowers & seasons 花", bonus, draft, pictures)
    st.caption("★ winning tile · ⚠ low confidence, check it · ✎ changed · ? face down. Tap a tile to correct it.")
    with st.container(horizontal=True, wrap=True):
        st.button("Add a missed tile", key="add_tile_open", on_click=start_adding, icon=":material/add:")
    selected = st.session_state.get(SELECTED_KEY)
    if selected is not None and any(t.uid == selected for t in draft.tiles):
        editor_dialog(selected, pictures)
    elif st.session_state.get(ADDING_KEY):
        adding_dialog(pictures)


def _rerun_page_after_a_correction() -> None:
    """Buttons in a dialog rerun only the dialog; a correction must re-score the whole page, so rerun it."""
    if st.session_state.pop(RERUN_KEY, False):
        st.rerun()


@st.dialog("Add a missed tile", on_dismiss=close_dialog)
def adding_dialog(pictures: bool) -> None:
    _rerun_page_after_a_correction()
    st.caption("Tap each missed tile (flowers and seasons go to the bonus group).")
    render_palette(add_tile, (), pictures, key_prefix="add")
    st.button("Done", key="add_done", on_click=close_dialog, type="primary")


@st.dialog("Correct a tile", on_dismiss=close_dialog)
def editor_dialog(uid: int, pictures: bool) -> None:
    _rerun_page_after_a_correction()
    draft = S.get_draft(st.session_state)
    try:
        t = draft.tile(uid)
    except S.DraftError:
        close_editor()
        st.rerun()
    render_editor(draft, t, pictures)


def render_editor(draft: S.Draft, t: S.DraftTile, pictures: bool) -> None:
    with st.container(key="tile_editor"):
        name = TILE_NAMES.get(t.tile)
        title = f"**Tile {t.label()}** - {name.english} {name.chinese}" if name else f"**Tile {t.label()}** - unknown"
        st.markdown(title)
        if t.confidence is not None:
            guesses = ", ".join(f"{g} {p:.0%}" for g, p in t.top3) or f"{t.tile} {t.confidence:.0%}"
            st.caption(f"Classifier's guesses: {guesses}")
        with st.container(horizontal=True, wrap=True):
            for g, _p in t.top3:
                if g != t.tile and g in TILE_NAMES:
                    st.button(
                        f"→ {g} {TILE_NAMES[g].chinese}", key=f"guess_{g}", on_click=replace_tile, args=(t.uid, g)
                    )
            in_meld = draft.meld_of(t.uid) is not None
            if not t.needs_face and not S.is_bonus_id(t.tile) and not in_meld and t.uid != draft.winning_uid:
                st.button(
                    "Winning tile", key="mark_winning", on_click=mark_winning, args=(t.uid,), icon=":material/star:"
                )
            st.button("Delete", key="delete_tile", on_click=delete_tile, args=(t.uid,), icon=":material/delete:")
            st.button("Close", key="close_editor", on_click=close_dialog)
        st.markdown("Replace with:")
        render_palette(replace_tile, (t.uid,), pictures, key_prefix="pal", current=t.tile)


def palette_label(tile: str) -> str:
    """Suited tiles by id (the picture shows the rank); honours and flowers by their short English name, since
    ``5z`` means nothing to most players."""
    if tile in HONOUR_IDS or tile in BONUS_IDS:
        short = TILE_NAMES[tile].english.split(" (")[0].replace(" wind", "").replace(" dragon", "")
        return "Chrys." if short == "Chrysanthemum" else short
    return tile


def render_palette(
    on_pick: Callable[..., Any], args: tuple[Any, ...], pictures: bool, key_prefix: str, current: str | None = None
) -> None:
    """All 42 faces, one row per suit; each is a picture with a tappable name under it."""
    for title, ids in PALETTE_ROWS:
        st.caption(title)
        with st.container(horizontal=True, wrap=True, gap="xxsmall"):
            for tile in ids:
                with st.container(width="content", gap=None, horizontal_alignment="center"):
                    png = tile_png(tile, 44, "ok") if pictures else None
                    if png is not None:
                        st.image(png, width=30, alt=TILE_NAMES[tile].english)
                    st.button(
                        palette_label(tile),
                        key=f"{key_prefix}_{tile}",
                        on_click=on_pick,
                        args=args + (tile,),
                        type="primary" if tile == current else "secondary",
                        help=f"{tile}: {TILE_NAMES[tile].english} {TILE_NAMES[tile].chinese}",
                    )


def render_meld_builder(draft: S.Draft) -> None:
    """Declare exposed melds (and concealed kongs): pick the tiles, the kind, then one button."""
    options = [t.uid for t in draft.ordered_concealed() if not t.needs_face]
    labels = {t.uid: t.label() for t in draft.tiles}
    if not options:
        return
    suggestions = draft.suggested_melds()
    if suggestions:
        st.markdown("**Set apart on the table - declared melds?**")
        with st.container(horizontal=True, wrap=True):
            for i, sug in enumerate(suggestions):
                st.button(
                    sug.describe(draft),
                    key=f"suggest_{i}",
                    on_click=accept_suggestion,
                    args=(i,),
                    icon=":material/add:",
                )
    with st.expander("Declared melds (exposed sets, kongs)", key="melds_expander"):
        st.caption("Tiles you melded on the table (chow/pung/kong), or a concealed kong. Pick its tiles:")
        st.pills(
            "Tiles of the meld",
            options,
            selection_mode="multi",
            format_func=lambda u: labels.get(u, str(u)),
            key="meld_pick",
            label_visibility="collapsed",
        )
        st.segmented_control("Kind", ["chow", "pung", "kong"], default="pung", key="meld_kind")
        if st.session_state.get("meld_kind") == "kong":
            st.segmented_control(
                "Kong",
                ["exposed", "added", "concealed"],
                default="exposed",
                key="meld_kong_kind",
                format_func=lambda k: {"exposed": "Exposed 明槓", "added": "Added 加槓", "concealed": "Concealed 暗槓"}[
                    k
                ],
            )
        if not (st.session_state.get("meld_kind") == "kong" and st.session_state.get("meld_kong_kind") == "concealed"):
            st.segmented_control(
                "Claimed from (for liability; optional)",
                [1, 2, 3, 4],
                format_func=lambda s: S.SEAT_LABELS[s],
                key="meld_fed_by",
            )
        st.button("Declare meld", key="declare_meld", on_click=declare_meld, type="primary")


def show_flash() -> None:
    flash = st.session_state.pop(FLASH_KEY, None)
    if isinstance(flash, S.Flash):
        {"error": st.error, "warning": st.warning, "info": st.info, "success": st.toast}[flash.level](flash.text)
