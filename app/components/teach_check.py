"""The tiles of a teaching photo whose names sikwu is unsure of, for the players to check before they count.

Why on the teach page: taught by the classifier's names, a set sikwu has never seen is learned with some names wrong,
and a wrong name teaches the wrong face. Most wrong names are among the unsure ones (``vision.teach``,
``TeachResult.unsure``), so the players see each such tile with its name and put a wrong one right in a tap; the
stored set is renamed (:func:`sikwu.app.teach_flow.put_names_right`), nothing is taught twice.
"""

from __future__ import annotations

import streamlit as st
from sikwu.app import teach_flow
from sikwu.app.i18n import _
from sikwu.app.session import Session, W
from sikwu.app.teach_services import Taught
from sikwu.app.tile_names import tile_name
from sikwu.scoring.tiles import TILE_IDS

#: Tiles shown side by side (a phone's width holds four crops with their pickers).
COLUMNS = 4


def check_key(place: int) -> str:
    """The picker of the tile at ``place`` in the list to check."""
    return f"teach_check_{place}"


def forget_choices(session: Session) -> None:
    """Drop the pickers of the list shown now: a new teaching photo's list must start from its own names, and a
    picker keeps the face chosen under its key whatever the new default."""
    outcome = teach_flow.last_outcome(session)
    for place in range(len(outcome.to_check) if isinstance(outcome, Taught) else 0):
        session.forget_widget(check_key(place))


def render(session: Session) -> None:
    outcome = teach_flow.last_outcome(session)
    if not isinstance(outcome, Taught):
        return
    if outcome.renamed is not None:
        st.success(_("Names checked: {n} tile(s) renamed or added in your set.").format(n=outcome.renamed))
    if not outcome.to_check:
        return
    st.markdown(
        _("**Check these tiles**: sikwu is unsure of their names. Pick the right face where one is wrong, then save.")
    )
    places = list(enumerate(outcome.to_check))
    for start in range(0, len(places), COLUMNS):
        row = places[start : start + COLUMNS]
        for col, (place, (_tile, name, crop)) in zip(st.columns(COLUMNS), row, strict=False):
            with col:
                st.image(crop, channels="BGR", width=72)
                st.selectbox(
                    _("Face"),
                    TILE_IDS,
                    index=TILE_IDS.index(name),
                    format_func=tile_name,
                    key=check_key(place),
                    label_visibility="collapsed",
                )
    if st.button(_("Save these names"), key=W.TEACH_CHECK_SAVE, icon=":material/check:"):
        chosen = {place: str(session.widget(check_key(place), name)) for place, (_t, name, _c) in places}
        problem = teach_flow.put_names_right(session, chosen)
        if problem:
            st.error(problem)
        else:
            st.rerun()
