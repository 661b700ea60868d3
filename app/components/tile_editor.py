"""The correction dialogs: one tile (the classifier's other guesses first, then the full palette), or a missed tile.

A button inside a ``st.dialog`` reruns only the dialog; a correction must re-score the whole page, so the callbacks
ask for a page rerun (:meth:`Session.request_page_rerun`) which the dialog performs at its next run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import streamlit as st
from sikwu.app.components import corrections as C
from sikwu.app.components.tiles import tile_png
from sikwu.app.draft import Draft, DraftError, DraftTile
from sikwu.app.i18n import N_, _
from sikwu.app.session import W, guess_key, palette_key
from sikwu.app.tile_names import palette_label, tile_name
from sikwu.scoring.tiles import BONUS_IDS, HONOUR_IDS, SUITED_IDS, TILE_NAMES, is_bonus

PALETTE_ROWS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (N_("Characters 萬"), SUITED_IDS[0:9]),
    (N_("Dots 筒"), SUITED_IDS[9:18]),
    (N_("Bamboo 索"), SUITED_IDS[18:27]),
    (N_("Honours 字"), HONOUR_IDS),
    (N_("Flowers & seasons 花"), BONUS_IDS),
)


def _rerun_page_after_a_correction() -> None:
    if C.session().take_page_rerun():
        st.rerun()


def adding_dialog(pictures: bool) -> None:
    """Dialogs are built per run so their title is in the run's language."""
    st.dialog(_("Add a missed tile"), on_dismiss=C.close_dialog)(_adding_body)(pictures)


def editor_dialog(uid: int, pictures: bool, crop: np.ndarray | None) -> None:
    st.dialog(_("Correct a tile"), on_dismiss=C.close_dialog)(_editor_body)(uid, pictures, crop)


def _adding_body(pictures: bool) -> None:
    _rerun_page_after_a_correction()
    st.caption(_("Tap each missed tile (flowers and seasons go to the bonus group)."))
    render_palette(C.add_tile, (), pictures, key_prefix="add")
    st.button(_("Done"), key=W.ADD_DONE, on_click=C.close_dialog, type="primary")


def _editor_body(uid: int, pictures: bool, crop: np.ndarray | None) -> None:
    _rerun_page_after_a_correction()
    session = C.session()
    draft = session.draft
    try:
        t = draft.tile(uid)
    except DraftError:
        session.close_dialogs()
        st.rerun()
    render_editor(draft, t, pictures, crop)


def render_editor(draft: Draft, t: DraftTile, pictures: bool, crop: np.ndarray | None = None) -> None:
    """The photo's crop of the tile beside the classifier's other guesses, the tile's actions, then every face."""
    with st.container(key=W.TILE_EDITOR):
        name = tile_name(t.tile) if t.tile in TILE_NAMES else _("face down / unknown")
        st.markdown(f"**{t.label()}** · {name}")
        with st.container(horizontal=True, wrap=True, vertical_alignment="center"):
            if crop is not None:
                st.image(crop, width=72, caption=_("in the photo"), alt=_("The tile as the photo shows it"))
            for g, p in t.top3:
                if g != t.tile and g in TILE_NAMES:
                    _guess(t, g, p, pictures)
        with st.container(horizontal=True, wrap=True):
            in_meld = draft.meld_of(t.uid) is not None
            can_win = not t.needs_face and not is_bonus(t.tile) and not in_meld
            if can_win and (t.uid != draft.winning_uid or not draft.winning_confirmed):
                st.button(
                    _("Winning tile"),
                    key=W.MARK_WINNING,
                    on_click=C.mark_winning,
                    args=(t.uid,),
                    icon=":material/star:",
                    type="primary" if t.uid == draft.winning_uid else "secondary",
                )
            st.button(_("Delete"), key=W.DELETE_TILE, on_click=C.delete_tile, args=(t.uid,), icon=":material/delete:")
            if t.number is not None:
                st.button(
                    _("Not a tile"),
                    key=W.NOT_A_TILE,
                    on_click=C.mark_not_a_tile,
                    args=(t.uid,),
                    icon=":material/block:",
                    help=_(
                        "Remove it: there is no tile there. With 'Add the tiles I correct to my set' ticked, its "
                        "picture is kept with your set as an example of your table."
                    ),
                )
            st.button(_("Close"), key=W.CLOSE_EDITOR, on_click=C.close_dialog)
        st.markdown(_("Not one of these? Pick the face:"))
        render_palette(C.replace_tile, (t.uid,), pictures, key_prefix="pal", current=t.tile)


def _guess(t: DraftTile, guess: str, p: float, pictures: bool) -> None:
    with st.container(width="content", gap=None, horizontal_alignment="center", key=f"gcell_{guess}"):
        png = tile_png(guess, 56, "ok") if pictures else None
        if png is not None:
            st.image(png, width=44, alt=tile_name(guess))
        st.button(
            f"{palette_label(guess)} {p:.0%}",
            key=guess_key(guess),
            on_click=C.replace_tile,
            args=(t.uid, guess),
            help=tile_name(guess),
        )


def render_palette(
    on_pick: Callable[..., Any], args: tuple[Any, ...], pictures: bool, key_prefix: str, current: str | None = None
) -> None:
    """All 42 faces, one row per suit; each is a picture with a tappable name under it."""
    for title, ids in PALETTE_ROWS:
        st.caption(_(title))
        with st.container(horizontal=True, wrap=True, gap="xxsmall"):
            for tile in ids:
                with st.container(
                    width="content", gap=None, horizontal_alignment="center", key=f"pcell_{key_prefix}_{tile}"
                ):
                    png = tile_png(tile, 56, "ok") if pictures else None
                    if png is not None:
                        st.image(png, width=44, alt=tile_name(tile))
                    st.button(
                        palette_label(tile),
                        key=palette_key(key_prefix, tile),
                        on_click=on_pick,
                        args=args + (tile,),
                        type="primary" if tile == current else "secondary",
                        help=f"{tile}: {tile_name(tile)}",
                    )
