"""sikwu 食糊 - the Streamlit page: photo -> confirm or correct the tiles -> faan and payments.

Run with ``sikwu app`` (or ``streamlit run app/page.py``). Streamlit runs this script top to bottom on every tap:
the widgets (hand input, tile corrections, table settings) update the session (:mod:`sikwu.app.session`), one call
into :func:`sikwu.app.flow.evaluate` decides the outcome, and the components display it.

Phone first: the areas are laid out in the order a player at the table needs them - the tiles as read and the
result (total faan, what the winner gets, what each payer pays, what to check) on the first screen, then the
facts the score rests on, the details, the photo, and the input for the next hand. Streamlit containers are filled
in the order the data flows (input first) but shown in this order.
"""

from __future__ import annotations

import streamlit as st
from sikwu.app import flow, services
from sikwu.app.components import context_form, game_panel, hand_view, header, input_view, report_view, style
from sikwu.app.components.game_access import hold_pins  # [access hook]
from sikwu.app.components.guard import guarded
from sikwu.app.components.teach_panel import render_learn, render_set_line, sync_set
from sikwu.app.i18n import _
from sikwu.app.session import Session

st.set_page_config(page_title="sikwu 食糊", page_icon="🀄", layout="centered")
session = Session(st.session_state)
header.activate_language(session)
session.take_page_rerun()  # this is a whole-page run already
style.apply(large=header.large_text(session))
header.render_header(session)
sync_set(session)  # the URL's tile set reads the next photo

has_hand = bool(session.draft.tiles)
if has_hand:  # the phone's first screen: tiles as read and the result; below them the details, photo, next hand
    hand_area, result_area, details_area, photo_area, input_area = (st.container() for _i in range(5))
else:  # nothing to score yet: the input first
    result_area, input_area, photo_area, hand_area, details_area = (st.container() for _i in range(5))

# ---- widgets: the hand in, its corrections, the table -------------------------------------------------------------
with input_area, guarded(_("the photo input")):
    with st.expander(_("Next hand: photo, camera or typing"), expanded=False) if has_hand else st.container():
        input_view.render_input(session)
    input_view.render_phone_link()
    render_set_line(session)
if session.draft.tiles and not has_hand:
    st.rerun()  # a photo was just read: lay the page out with the tiles and the result on the first screen
with hand_area if has_hand else input_area:
    hand_view.show_flash(session)
with hand_area:
    if has_hand:
        pictures_problem = services.faces_available()
        if pictures_problem:
            st.caption(pictures_problem)
        with guarded(_("the tile view")):
            hand_view.render_hand(session, session.draft, pictures_problem is None)
profiles = services.builtin_profiles()
game = game_panel.current_game()
hold_pins()  # [access hook] a PIN unlocked on the Game page carries to "Add to game" (app/components/game_access.py)
if game is not None:
    game_panel.prefill_table(game)
context = context_form.context_from_widgets(session, profiles, services.default_profile_name())

# ---- one call into the logic, then the display ------------------------------------------------------------------
outcome = flow.evaluate(session.draft, context, profiles, had_photo=session.photo is not None)
with result_area, guarded(_("the result")):
    report_view.render_outcome(outcome)
    if game is not None and isinstance(outcome, flow.Result):
        game_panel.render_add(game, session, outcome.hand)
with result_area if has_hand else details_area, guarded(_("the table settings")):
    context_form.render_chips(context)
    if has_hand:
        hand_view.render_tools(session)
    context_form.render_step(
        session, context, profiles, services.default_profile_name(), report_view.result_line(outcome)
    )
if has_hand:
    with result_area, guarded(_("your tile set")):
        render_learn(session, outcome)
with details_area, guarded(_("the details")):
    if has_hand:
        hand_view.render_meld_builder(session, session.draft)
    report_view.render_details(outcome)
with photo_area, guarded(_("the photo view")):
    input_view.render_photo(session, session.draft)
game_panel.render_game_link(game)
