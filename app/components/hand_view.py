"""The hand as tile pictures in groups (concealed, each declared meld, flowers), and the meld builder.

Each tile is one tappable cell: its picture and its label are a single button, so a tap anywhere on the tile opens
its correction (:mod:`sikwu.app.components.tile_editor`).
"""

from __future__ import annotations

import numpy as np
import streamlit as st
from sikwu.app.components import corrections as C
from sikwu.app.components.tile_editor import adding_dialog, editor_dialog
from sikwu.app.components.tiles import tile_png
from sikwu.app.draft import Draft, DraftTile
from sikwu.app.i18n import N_, _
from sikwu.app.session import Session, W, release_key, suggestion_key, tile_key
from sikwu.app.table import seat_label
from sikwu.app.tile_names import tile_name
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
            st.image(png, width=44, alt=tile_name(t.tile) if t.tile in TILE_NAMES else _("face down / unknown"))
        st.button(
            button_label(draft, t),
            key=tile_key(t.uid),
            on_click=C.select_tile,
            args=(t.uid,),
            type="primary" if session.selected == t.uid else "secondary",
        )


def _group(session: Session, key: str, title: str, tiles: tuple[DraftTile, ...], draft: Draft, pictures: bool) -> None:
    if title:
        st.markdown(f"**{title}**")
    with st.container(horizontal=True, wrap=True, gap="xsmall", key=f"tiles_{key}"):
        for t in tiles:
            _tile_cell(session, draft, t, pictures)


def render_hand(session: Session, draft: Draft, pictures: bool) -> None:
    """Groups: concealed tiles, each declared meld (with Release), bonus tiles; then the dialog for a tapped tile."""
    concealed = draft.ordered_concealed()
    if concealed:
        title = _("Concealed hand ({n} tiles)").format(n=len(concealed)) if draft.melds else ""
        _group(session, "concealed", title, concealed, draft, pictures)
    for i, m in enumerate(draft.melds):
        tiles = tuple(draft.tile(u) for u in m.uids)
        fed = " - " + _("claimed from {seat}").format(seat=seat_label(m.fed_by)) if m.fed_by else ""
        _group(session, f"meld{i}", f"{_(m.title())} {i + 1}{fed}", tiles, draft, pictures)
        st.button(_("Release this meld"), key=release_key(i), on_click=C.release_meld, args=(i,))
    bonus = draft.bonus_tiles()
    if bonus:
        _group(session, "bonus", _("Flowers & seasons 花"), bonus, draft, pictures)
    _to_check(draft)
    st.caption(_("Tap a tile to fix it or mark the winning tile. ★ winning (☆ proposed) · ⚠ check · ✎ changed"))
    selected = session.selected
    if selected is not None and any(t.uid == selected for t in draft.tiles):
        editor_dialog(selected, pictures, photo_crop(session, draft.tile(selected)))
    elif session.adding:
        adding_dialog(pictures)


def _to_check(draft: Draft) -> None:
    """One line naming the tiles a player should look at: unsure readings and face-down tiles."""
    unsure = [t.label() for t in draft.tiles if t.needs_face or (t.low_confidence and not t.changed)]
    if unsure:
        st.warning(_("Check {tiles}: the photo reading is unsure (orange).").format(tiles=", ".join(unsure)))


def render_tools(session: Session) -> None:
    """Corrections that are not one tile: add a missed tile, undo the last correction."""
    with st.container(horizontal=True, wrap=True):
        st.button(_("Add a missed tile"), key=W.ADD_TILE_OPEN, on_click=C.start_adding, icon=":material/add:")
        if session.can_undo():
            st.button(_("Undo"), key=W.UNDO, on_click=C.undo, icon=":material/undo:")


def photo_crop(session: Session, t: DraftTile) -> np.ndarray | None:
    """The tile as the photo shows it (its box with a margin), for the correction dialog; None for typed tiles."""
    photo = session.photo
    if photo is None or photo.rgb is None or photo.found is None or t.number is None:
        return None
    if not 0 < t.number <= len(photo.found.boxes) or photo.found.boxes[t.number - 1] is None:
        return None
    x0, y0, x1, y1 = (v * photo.scale for v in photo.found.boxes[t.number - 1])  # type: ignore[union-attr]
    pad = 0.15 * max(x1 - x0, y1 - y0)
    h, w = photo.rgb.shape[:2]
    left, top = max(0, int(x0 - pad)), max(0, int(y0 - pad))
    right, bottom = min(w, int(x1 + pad)), min(h, int(y1 + pad))
    if right - left < 4 or bottom - top < 4:
        return None
    return photo.rgb[top:bottom, left:right]


def render_meld_builder(session: Session, draft: Draft) -> None:
    """Declare exposed melds (and concealed kongs): pick the tiles, the kind, then one button."""
    options = [t.uid for t in draft.ordered_concealed() if not t.needs_face]
    labels = {t.uid: t.label() for t in draft.tiles}
    if not options:
        return
    suggestions = draft.suggested_melds()
    if suggestions:
        st.markdown(_("**Set apart on the table - declared melds?**"))
        with st.container(horizontal=True, wrap=True):
            for i, sug in enumerate(suggestions):
                st.button(
                    sug.describe(draft),
                    key=suggestion_key(i),
                    on_click=C.accept_suggestion,
                    args=(i,),
                    icon=":material/add:",
                )
    with st.expander(_("Declared melds (exposed sets, kongs)"), key=W.MELDS_EXPANDER):
        st.caption(_("Tiles you melded on the table (chow/pung/kong), or a concealed kong. Pick its tiles:"))
        st.pills(
            _("Tiles of the meld"),
            options,
            selection_mode="multi",
            format_func=lambda u: labels.get(u, str(u)),
            key=W.MELD_PICK,
            label_visibility="collapsed",
        )
        st.segmented_control(
            _("Kind"), ["chow", "pung", "kong"], default="pung", key=W.MELD_KIND, format_func=meld_kind_label
        )
        kong = session.widget(W.MELD_KIND) == "kong"
        if kong:
            st.segmented_control(
                _("Kong"),
                ["exposed", "added", "concealed"],
                default="exposed",
                key=W.MELD_KONG_KIND,
                format_func=lambda k: _(KONG_LABELS[k]),
            )
        if not (kong and session.widget(W.MELD_KONG_KIND) == "concealed"):
            st.segmented_control(
                _("Claimed from (for liability; optional)"),
                [1, 2, 3, 4],
                format_func=seat_label,
                key=W.MELD_FED_BY,
            )
        st.button(_("Declare meld"), key=W.DECLARE_MELD, on_click=C.declare_meld, type="primary")


KONG_LABELS = {"exposed": N_("Exposed 明槓"), "added": N_("Added 加槓"), "concealed": N_("Concealed 暗槓")}
MELD_KIND_LABELS = {"chow": N_("chow 上"), "pung": N_("pung 碰"), "kong": N_("kong 槓")}


def meld_kind_label(kind: str) -> str:
    return _(MELD_KIND_LABELS[kind])


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
