"""The teach page's parts: how to lay the set out, the photo and the set's name, what was learned, and the choice of
the set photos are read as (:mod:`sikwu.app.teach_flow` decides; this draws)."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st
from sikwu.app import teach_flow, teach_services
from sikwu.app.components import corrections as C
from sikwu.app.components import teach_check
from sikwu.app.components.input_view import PHOTO_TYPES
from sikwu.app.components.teach_panel import link_params
from sikwu.app.components.tiles import tile_png
from sikwu.app.i18n import N_, _
from sikwu.app.session import Session, W
from sikwu.app.teach_services import Taught
from sikwu.app.tile_names import palette_label, tile_name
from sikwu.scoring.tiles import TILE_IDS

INTRO = N_(
    "Lay out your own tiles once and take one photo: sikwu learns how your set looks, so photos of hands played "
    "with it are read better. Nothing is retrained and it takes a few seconds; the set is kept on this computer "
    "under its name, one for each table."
)
LAYOUT = (
    N_(
        "One tile of each face, face up, in any order: 1 to 9 of characters 萬, dots 筒 and bamboo 索, the four "
        "winds, the three dragons and the eight flowers and seasons - 42 tiles, for example in six rows of seven."
    ),
    N_(
        "Best for a set sikwu reads badly: lay them out in order - characters, dots and bamboo 1 to 9, the winds "
        "east south west north, the dragons white green red, flowers 1 to 4, seasons 1 to 4 - and tick 'Laid out "
        "in order': each tile is then learned by its place, not by what sikwu reads on it."
    ),
    N_("A small gap between the tiles, on a plain table or cloth, in even light without glare."),
    N_("Photograph from straight above with the tiles filling the frame. At least 27 faces must be found."),
    N_(
        "Or, without a photo: name the set, start it empty below, and tick 'Add the tiles I correct to my set' on "
        "the scoring page; every hand you correct and score teaches it."
    ),
)


#: The rows of a set laid out in order, as the page draws them (``vision.teach.LAID_OUT_ORDER`` read row by row).
ORDER_ROWS = (TILE_IDS[0:9], TILE_IDS[9:18], TILE_IDS[18:27], TILE_IDS[27:34], TILE_IDS[34:42])


def render_how() -> None:
    st.subheader(_("Teach sikwu your tiles"), anchor=False)
    st.markdown(_(INTRO))
    st.markdown("\n".join(f"- {_(step)}" for step in LAYOUT))
    with st.expander(_("The order, row by row")):
        for row in ORDER_ROWS:
            faces(row)


def render_form(session: Session) -> None:
    """The set's name, its photo and the teach button; teaching runs here so its spinner shows where it was asked."""
    if W.TEACH_NAME not in st.session_state:
        st.session_state[W.TEACH_NAME] = session.tile_set or ""
    st.text_input(_("Name of the set (e.g. the table's name)"), key=W.TEACH_NAME, placeholder=_("home table"))
    up = st.file_uploader(_("Photo of your set laid out"), type=PHOTO_TYPES, key=W.TEACH_PHOTO)
    st.checkbox(
        _("Laid out in order (characters, dots, bamboo, winds, dragons, flowers, seasons)"), key=W.TEACH_IN_ORDER
    )
    st.checkbox(_("Start this set afresh (forget what it learned before)"), key=W.TEACH_AFRESH)
    if st.button(_("Teach sikwu this set"), key=W.TEACH_GO, type="primary", icon=":material/school:"):
        with st.spinner(_("Finding and learning the tiles...")):
            name = str(session.widget(W.TEACH_NAME, ""))
            afresh = bool(session.widget(W.TEACH_AFRESH, False))
            in_order = bool(session.widget(W.TEACH_IN_ORDER, False))
            teach_check.forget_choices(session)
            teach_flow.teach_photo(session, up.getvalue() if up is not None else None, name, afresh, in_order)
        session.forget_widget(W.TILE_SET)  # the choice below follows the set just taught
    if st.button(_("No photo: start the set empty and fill it from corrected hands"), key=W.TEACH_EMPTY):
        teach_flow.start_empty(session, str(session.widget(W.TEACH_NAME, "")))
        session.forget_widget(W.TILE_SET)


def render_outcome(session: Session) -> None:
    """What the last teaching step learned (faces taught, faces still missing), or why it learned nothing."""
    outcome = teach_flow.last_outcome(session)
    if outcome is None:
        return
    if not isinstance(outcome, Taught):
        {"error": st.error, "warning": st.warning, "info": st.info}[outcome.level](outcome.message)
        if outcome.missing:
            st.markdown(_("Not found in the photo:"))
            faces(outcome.missing)
        return
    st.success(
        _(
            "Learned {tiles} tiles ({faces} faces) from this photo. The set '{name}' now knows {known} of the 42 "
            "faces, and photos on the scoring page are read as this set."
        ).format(tiles=outcome.tiles, faces=len(outcome.taught), name=outcome.set_name, known=outcome.known)
    )
    with st.expander(_("Faces learned from this photo")):
        faces(outcome.taught)
    _names_to_check(outcome)
    if outcome.missing:
        st.info(
            _(
                "Not learned yet: {n} faces. Photograph the layout again with them included, or add them by "
                "correcting hands on the scoring page."
            ).format(n=len(outcome.missing))
        )
        faces(outcome.missing)
    if outcome.unassigned:
        st.caption(_("{n} tile(s) in the photo could not be matched to a face and were left out.").format(
            n=outcome.unassigned
        ))  # fmt: skip
    if outcome.table_crops:
        st.caption(
            _("The table around the tiles was learned too: read with this set, its pattern is not taken for tiles.")
        )


def _names_to_check(outcome: Taught) -> None:
    """The places to check (out of place) and the way to avoid unsure names; the tiles with unsure names (those given
    by elimination among them) are listed once, with a face picker each, below (``teach_check``)."""
    if outcome.unassigned or outcome.by_elimination or outcome.unsure:
        st.info(
            _(
                "sikwu could not name every tile of this photo with certainty, so it may read your set badly: lay "
                "the set out in order (see above) and teach it afresh with 'Laid out in order' ticked; each tile is "
                "then learned by its place."
            )
        )
    if outcome.out_of_place:
        st.warning(
            _(
                "The tiles at these places of the order look like other faces: check that they lie in order there. "
                "If one was out of place, lay it right and teach the set afresh from a new photo."
            )
        )
        faces(outcome.out_of_place)


def faces(ids: Sequence[str]) -> None:
    """Tile faces as small pictures with their short names (names alone where pictures cannot be drawn)."""
    drawn = [tile_png(t, 48) for t in ids]
    pictures = [p for p in drawn if p is not None]
    if ids and len(pictures) == len(drawn):
        st.image(pictures, width=34, caption=[palette_label(t) for t in ids], alt=[tile_name(t) for t in ids])
    else:
        st.markdown(", ".join(tile_name(t) for t in ids))


def _choose() -> None:
    session = C.session()
    teach_flow.choose_set(session, session.widget(W.TILE_SET) or None)


def render_choice(session: Session) -> None:
    """The set photos are read as: one of the sets taught here, or none (the shipped model alone)."""
    sets = sorted({*teach_services.tile_sets(), *([session.tile_set] if session.tile_set else [])})
    if not sets:
        st.caption(_("No set has been taught on this computer yet."))
    else:
        if W.TILE_SET not in st.session_state:
            st.session_state[W.TILE_SET] = session.tile_set or ""
        st.selectbox(
            _("Read photos as"),
            ["", *sets],
            format_func=lambda n: n or _("no taught set (the shipped model)"),
            key=W.TILE_SET,
            on_change=_choose,
        )
        summary = teach_services.set_summary(session.tile_set) if session.tile_set else None
        if summary is not None:
            st.caption(_("This set knows {faces} of the 42 faces from {tiles} tiles.").format(
                faces=summary[0], tiles=summary[1]
            ))  # fmt: skip
    st.page_link("page.py", label=_("Score a hand"), icon=":material/photo_camera:", query_params=link_params(session))
