"""sikwu 食糊 - the Game page: a whole evening's hands, running totals, undo, the final 找數 and the exports.

The scoring page stays the main page; this one lives beside it (Streamlit multipage, ``app/pages/``). The active
game is in the URL (``?game=<id>``) so a reload, or the link to the scoring page, keeps it. A ledger that cannot open
is one message; the scoring page keeps working without it.
"""

from __future__ import annotations

import streamlit as st
from sikwu.app import game_link
from sikwu.app.components import game_access, game_entries, game_view, header, style
from sikwu.app.i18n import _
from sikwu.app.session import Session

st.set_page_config(page_title="sikwu 食糊 · game", page_icon="🀄", layout="centered")
session = Session(st.session_state)
header.activate_language(session)
style.apply(large=header.large_text(session))
header.render_header(session)

try:
    ledger = game_link.open_ledger()
    game = game_link.active_game(st.query_params)
except game_link.LedgerUnavailable as exc:
    st.error(_("The game ledger cannot be opened ({error}). Scoring single hands still works.").format(error=exc))
    st.stop()
except game_link.NotByFullId:
    st.error(_(game_access.NOT_BY_FULL_ID))
    game = None

game = game_access.joined_game(ledger, game)  # [access hook] ?join=CODE opens a game/league read-only; holds PINs

if game is None:
    game_view.render_new_game()
    game_access.render_join_form()  # [access hook]
    if game_access.may_list_games(ledger):  # [access hook] the whole list: this computer with a local ledger only
        game_view.render_pick_game(ledger)
    st.stop()

keep = game_link.link_params(st.query_params)
st.page_link("page.py", label=_("Score the next hand"), icon=":material/photo_camera:", query_params=keep)
game_view.render_totals(game)
game_entries.render_next_winner(game)
game_view.render_chart(game)
writable = game_access.render_pin(ledger, game)  # read-only until the table's PIN is given
game_view.render_history(game, writable=writable)
if writable:  # a read-only device is offered no form the ledger would refuse
    game_entries.render_record(game)
    game_entries.render_edit(game)
game_view.render_settlement(game)
game_view.render_exports(ledger, game)
if st.button(_("Close this game view"), key="leave_game"):
    del st.query_params[game_link.GAME_PARAM]
    st.rerun()
