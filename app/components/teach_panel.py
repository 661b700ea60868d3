"""The scoring page's part of "teach sikwu my tiles": which set photos are read as, the way to the teach page, and
the opt-in that adds the tiles a player corrects to the set (:mod:`sikwu.app.teach_flow` decides; this draws)."""

from __future__ import annotations

import streamlit as st
from sikwu.app import flow, teach_flow
from sikwu.app.i18n import _
from sikwu.app.session import Session, W

TEACH_PAGE = "pages/teach.py"


def link_params(session: Session) -> dict[str, str]:
    """What a link between the scoring and teach pages keeps: the language and the chosen set."""
    keep = {k: str(st.query_params[k]) for k in ("lang", "game", "device") if k in st.query_params}
    if session.tile_set:
        keep[teach_flow.SET_PARAM] = session.tile_set
    return keep


def sync_set(session: Session) -> None:
    """Before the photo input: the set named in the URL is the one the next photo is read as."""
    teach_flow.sync_url(session, st.query_params)


def render_set_line(session: Session) -> None:
    """Under the photo input: the set photos are read as, and the way to teach or change it."""
    name = session.tile_set
    if name:
        label = _("Photos are read as your tile set '{name}' - change or teach").format(name=name)
    else:
        label = _("Teach sikwu your own tiles (one photo of your set)")
    st.page_link(TEACH_PAGE, label=label, icon=":material/school:", query_params=link_params(session))


def render_learn(session: Session, outcome: flow.Outcome) -> None:
    """The opt-in checkbox under a photo's hand, and the corrected tiles added once the hand scores."""
    name = session.tile_set
    photo = session.photo
    if name is None or photo is None or photo.found is None:
        return
    if photo.found.set_problem:  # the photo was read without the set: say why, and add nothing to it
        st.warning(photo.found.set_problem)
        return
    if W.LEARN not in st.session_state:  # the checkbox forgets its value on another page: the session keeps it
        st.session_state[W.LEARN] = session.learn
    session.learn = st.checkbox(
        _("Add the tiles I correct to my set '{name}'").format(name=name),
        key=W.LEARN,
        help=_(
            "A corrected tile's picture is added to your set once the hand scores, so this set is read better next "
            "time; a box you mark 'Not a tile' is kept as an example of your table. Leave it off for a borrowed set."
        ),
    )
    problem = teach_flow.learn_corrections(session, outcome)
    if problem is not None:
        st.warning(problem.text)
    added, not_tiles = teach_flow.learned_from_photo(session)
    if added and session.learn:
        st.caption("✓ " + _("{n} tile(s) of this photo added to the set.").format(n=added))
    if not_tiles and session.learn:
        st.caption("✓ " + _("{n} box(es) of this photo learned as not a tile.").format(n=not_tiles))
