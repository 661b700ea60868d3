"""sikwu 食糊 - the Streamlit page: photo -> confirm or correct the tiles -> faan and payments.

Run with ``sikwu app`` (or ``streamlit run app/page.py``). Streamlit runs this script top to bottom on every tap:
the widgets (hand input, tiles, table settings) update the session (:mod:`sikwu.app.session`), one call into
:func:`sikwu.app.flow.evaluate` decides the outcome, and the components display it. Missing parts of the installation
(the classifier, tile pictures) disable only their feature, with a sentence saying so.
"""

from __future__ import annotations

import streamlit as st
from sikwu.app import flow, services
from sikwu.app.components import hand_view, input_view, report_view, style
from sikwu.app.components.context_form import render_context
from sikwu.app.components.guard import guarded
from sikwu.app.session import Session

st.set_page_config(page_title="sikwu 食糊 - score a mahjong hand", page_icon="🀄", layout="centered")
session = Session(st.session_state)
session.take_page_rerun()  # this is a whole-page run already
style.apply()
st.markdown("### 食糊 sikwu")
st.caption("Photo of the winning hand → check the tiles → faan and who pays what.")

# ---- widgets: the hand, its corrections, the table ----------------------------------------------------------------
with guarded("the photo input"):
    input_view.render_input(session)
hand_view.show_flash(session)
with guarded("the photo view"):
    input_view.render_photo(session, session.draft)
if session.draft.tiles:
    pictures_problem = services.faces_available()
    st.markdown("#### Tiles 牌")
    if pictures_problem:
        st.caption(pictures_problem)
    with guarded("the tile view"):
        hand_view.render_hand(session, session.draft, pictures_problem is None)
    with guarded("the meld builder"):
        hand_view.render_meld_builder(session, session.draft)
profiles = services.builtin_profiles()
with guarded("the table settings"):
    render_context(session, profiles, services.default_profile_name())

# ---- one call into the logic, then the display -------------------------------------------------------------------
with guarded("the result"):
    outcome = flow.evaluate(session.draft, session.context, profiles, had_photo=session.photo is not None)
    report_view.render_outcome(outcome)
