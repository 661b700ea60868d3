"""The hand as tile pictures in groups (concealed, each declared meld, flowers), and the meld builder.

Each tile is one tappable cell: its picture and its label are a single button, so a tap anywhere on the tile opens
its correction (:mod:`sikwu.app.components.tile_editor`).
"""

from __future__ import annotations

import streamlit as st
from sikwu.app.components import corrections as C
from sikwu.app.components.tile_editor import adding_dialog, editor_dialog
from sikwu.app.components.tiles import tile_png
from sikwu.app.draft import Draft, DraftTile
from sikwu.app.session import Session, W, release_key, suggestion_key, tile_key
from sikwu.app.table import SEAT_LABELS
from sikwu.scoring.tiles import TILE_NAMES


def tile_state(draft: Draft, t: DraftTile) -> str:
    if t.needs_face:
        return "unknown"
    if t.low_confidence and not t.changed:
        return "low"
    if t.changed:
        return "changed"
    if t.uid == draft.winning_uid:
        return "winning"
    return "ok"


def button_label(draft: Draft, t: DraftTile) -> str:
    marks = ""
    if t.uid == draft.winning_uid:
        marks += "★" if draft.winning_confirmed else "☆"
    if t.needs_face:
        marks += "?"
    elif t.low_confidence and not t.changed:
        marks += "⚠"
    elif t.changed:
        marks += "✎"
    return f"{marks}{t.label()}"


def _tile_cell(session: Session, draft: Draft, t: DraftTile, pictures: bool) -> None:
    with st.container(width="content", gap=None, horizontal_alignment="center", key=f"cell_{t.uid}"):
        png = tile_png(t.tile, 56, tile_state(draft, t)) if pictures else None
        if png is not None:
            name = TILE_NAMES.get(t.tile)
            st.image(png, width=44, alt=f"{t.label()} {name.english if name else 'face down'}")
        st.button(
            button_label(draft, t),
            key=tile_key(t.uid),
            on_click=C.select_tile,
            args=(t.uid,),
            type="primary" if session.selected == t.uid else "secondary",
            help=_tile_help(t),
        )


def _tile_help(t: DraftTile) -> str:
    name = TILE_NAMES.get(t.tile)
    text = f"{name.english} {name.chinese}" if name else "face down / unknown"
    if t.confidence is not None:
        text += f" - classifier {t.confidence:.0%}"
    if t.found_as and t.found_as != t.tile:
        text += f" - photo said {t.found_as}"
    return text + ". Tap to correct."


def _group(session: Session, title: str, tiles: tuple[DraftTile, ...], draft: Draft, pictures: bool) -> None:
    st.markdown(f"**{title}**")
    with st.container(horizontal=True, wrap=True, gap="xsmall"):
        for t in tiles:
            _tile_cell(session, draft, t, pictures)


def render_hand(session: Session, draft: Draft, pictures: bool) -> None:
    """Groups: concealed tiles, each declared meld (with Release), bonus tiles; then the dialog for a tapped tile."""
    concealed = draft.ordered_concealed()
    if concealed:
        _group(session, f"Concealed hand ({len(concealed)} tiles)", concealed, draft, pictures)
    for i, m in enumerate(draft.melds):
        tiles = tuple(draft.tile(u) for u in m.uids)
        fed = f" - claimed from {SEAT_LABELS[m.fed_by]}" if m.fed_by else ""
        _group(session, f"{m.title()} {i + 1}{fed}", tiles, draft, pictures)
        st.button("Release this meld", key=release_key(i), on_click=C.release_meld, args=(i,), type="tertiary")
    bonus = draft.bonus_tiles()
    if bonus:
        _group(session, "Flowers & seasons 花", bonus, draft, pictures)
    st.caption(
        "★ winning tile (☆ proposed: tap the winning tile to confirm) · ⚠ low confidence, check it · ✎ changed · "
        "? face down. Tap a tile to correct it."
    )
    with st.container(horizontal=True, wrap=True):
        st.button("Add a missed tile", key=W.ADD_TILE_OPEN, on_click=C.start_adding, icon=":material/add:")
        if session.can_undo():
            st.button("Undo", key=W.UNDO, on_click=C.undo, icon=":material/undo:")
    selected = session.selected
    if selected is not None and any(t.uid == selected for t in draft.tiles):
        editor_dialog(selected, pictures)
    elif session.adding:
        adding_dialog(pictures)


def render_meld_builder(session: Session, draft: Draft) -> None:
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
                    key=suggestion_key(i),
                    on_click=C.accept_suggestion,
                    args=(i,),
                    icon=":material/add:",
                )
    with st.expander("Declared melds (exposed sets, kongs)", key=W.MELDS_EXPANDER):
        st.caption("Tiles you melded on the table (chow/pung/kong), or a concealed kong. Pick its tiles:")
        st.pills(
            "Tiles of the meld",
            options,
            selection_mode="multi",
            format_func=lambda u: labels.get(u, str(u)),
            key=W.MELD_PICK,
            label_visibility="collapsed",
        )
        st.segmented_control("Kind", ["chow", "pung", "kong"], default="pung", key=W.MELD_KIND)
        kong = session.widget(W.MELD_KIND) == "kong"
        if kong:
            st.segmented_control(
                "Kong",
                ["exposed", "added", "concealed"],
                default="exposed",
                key=W.MELD_KONG_KIND,
                format_func=KONG_LABELS.__getitem__,
            )
        if not (kong and session.widget(W.MELD_KONG_KIND) == "concealed"):
            st.segmented_control(
                "Claimed from (for liability; optional)",
                [1, 2, 3, 4],
                format_func=SEAT_LABELS.__getitem__,
                key=W.MELD_FED_BY,
            )
        st.button("Declare meld", key=W.DECLARE_MELD, on_click=C.declare_meld, type="primary")


KONG_LABELS = {"exposed": "Exposed 明槓", "added": "Added 加槓", "concealed": "Concealed 暗槓"}


def show_flash(session: Session) -> None:
    flash = session.pop_flash()
    if flash is None:
        return
    if flash.level == "error":
        st.error(flash.text)
    elif flash.level == "warning":
        st.warning(flash.text)
    else:  # a done correction or an undo: a quiet line, not a toast over the dialog or the result
        st.caption(f"✓ {flash.text}")
