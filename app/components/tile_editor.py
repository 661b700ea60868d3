"""The correction dialogs: one tile (the classifier's other guesses first, then the full palette), or a missed tile.

A button inside a ``st.dialog`` reruns only the dialog; a correction must re-score the whole page, so the callbacks
ask for a page rerun (:meth:`Session.request_page_rerun`) which the dialog performs at its next run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st
from sikwu.app.components import corrections as C
from sikwu.app.components.tiles import tile_png
from sikwu.app.draft import Draft, DraftError, DraftTile, is_bonus_id
from sikwu.app.session import W, guess_key, palette_key
from sikwu.scoring.tiles import BONUS_IDS, HONOUR_IDS, SUITED_IDS, TILE_NAMES

PALETTE_ROWS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Characters 萬", SUITED_IDS[0:9]),
    ("Dots 筒", SUITED_IDS[9:18]),
    ("Bamboo 索", SUITED_IDS[18:27]),
    ("Honours 字", HONOUR_IDS),
    ("Flowers & seasons 花", BONUS_IDS),
)


def _rerun_page_after_a_correction() -> None:
    if C.session().take_page_rerun():
        st.rerun()


@st.dialog("Add a missed tile", on_dismiss=C.close_dialog)
def adding_dialog(pictures: bool) -> None:
    _rerun_page_after_a_correction()
    st.caption("Tap each missed tile (flowers and seasons go to the bonus group).")
    render_palette(C.add_tile, (), pictures, key_prefix="add")
    st.button("Done", key=W.ADD_DONE, on_click=C.close_dialog, type="primary")


@st.dialog("Correct a tile", on_dismiss=C.close_dialog)
def editor_dialog(uid: int, pictures: bool) -> None:
    _rerun_page_after_a_correction()
    session = C.session()
    draft = session.draft
    try:
        t = draft.tile(uid)
    except DraftError:
        session.close_dialogs()
        st.rerun()
    render_editor(draft, t, pictures)


def render_editor(draft: Draft, t: DraftTile, pictures: bool) -> None:
    with st.container(key=W.TILE_EDITOR):
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
                        f"→ {g} {TILE_NAMES[g].chinese}", key=guess_key(g), on_click=C.replace_tile, args=(t.uid, g)
                    )
            in_meld = draft.meld_of(t.uid) is not None
            can_win = not t.needs_face and not is_bonus_id(t.tile) and not in_meld
            if can_win and (t.uid != draft.winning_uid or not draft.winning_confirmed):
                st.button(
                    "Winning tile", key=W.MARK_WINNING, on_click=C.mark_winning, args=(t.uid,), icon=":material/star:"
                )
            st.button("Delete", key=W.DELETE_TILE, on_click=C.delete_tile, args=(t.uid,), icon=":material/delete:")
            st.button("Close", key=W.CLOSE_EDITOR, on_click=C.close_dialog)
        st.markdown("Replace with:")
        render_palette(C.replace_tile, (t.uid,), pictures, key_prefix="pal", current=t.tile)


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
                        key=palette_key(key_prefix, tile),
                        on_click=on_pick,
                        args=args + (tile,),
                        type="primary" if tile == current else "secondary",
                        help=f"{tile}: {TILE_NAMES[tile].english} {TILE_NAMES[tile].chinese}",
                    )
