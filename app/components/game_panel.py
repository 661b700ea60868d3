"""The scoring page's part of a game: the active game's table pre-filled, and "Add to game" under a scored hand."""

from __future__ import annotations

import uuid

import streamlit as st
from sikwu.app import game_link
from sikwu.app.components import game_access
from sikwu.app.i18n import _
from sikwu.app.session import Session
from sikwu.ledger import history, service
from sikwu.ledger.records import GameRecord
from sikwu.scoring import Hand
from sikwu.scoring.hand_json import hand_to_json

ADDED = "sikwu_game_added"  # submission id -> hand number, for hands this session already added
NONCE = "sikwu_game_nonce"  # this session's part of the submission ids
PREFILLED = "sikwu_game_prefilled"  # the game version the table widgets were last pre-filled from


def current_game() -> GameRecord | None:
    """The active game, or None; a ledger that cannot open is one message and the page keeps scoring."""
    if game_link.active_game_id(st.query_params) is None:
        return None
    try:
        return game_link.active_game(st.query_params)
    except game_link.LedgerUnavailable as exc:
        st.error(_("The game ledger cannot be opened ({error}); this hand can still be scored.").format(error=exc))
        return None
    except game_link.NotByFullId:
        st.error(_(game_access.NOT_BY_FULL_ID))
        return None


def prefill_table(game: GameRecord) -> None:
    """Set round wind and dealer from the game once per game state, and the winner's seat when the Game page's
    "Ann won" link opened the page, before the table widgets are drawn."""
    mark = f"{game.id}:{game.version}"
    defaults = game_link.context_defaults(game)
    # Streamlit forgets a page's widgets while another page is shown: then they are filled in again
    if st.session_state.get(PREFILLED) != mark or any(key not in st.session_state for key in defaults):
        for key, value in defaults.items():
            st.session_state[key] = value
        st.session_state[PREFILLED] = mark
    winner = st.query_params.get(game_link.WINNER_PARAM)
    if winner is not None:
        del st.query_params[game_link.WINNER_PARAM]  # once: a reload keeps what the player set since
        for key, value in game_link.winner_defaults(game, winner).items():
            st.session_state[key] = value


def render_add(game: GameRecord, session: Session, hand: Hand) -> None:
    """The "Add to game" button; once added, the hand says so instead (a double tap does not add it twice)."""
    st.caption(_("Game: {name}").format(name=game.name))
    data = hand_to_json(hand)
    hand_id = game_link.submission_id(game.id, data, str(st.session_state.setdefault(NONCE, uuid.uuid4().hex)))
    added = st.session_state.setdefault(ADDED, {})
    if hand_id in added:
        st.success(_("Added as hand {n} of {name}.").format(n=added[hand_id], name=game.name))
        return
    history = _chain_picker(hand)
    if not st.button(_("Add to game"), key="add_to_game", type="primary", icon=":material/add:"):
        return
    photo = session.photo
    try:
        thumb = game_link.photo_thumbnail(photo.rgb if photo is not None else None)
    except ValueError:
        thumb = None  # the hand matters more than its picture
    device = game_link.device_token(st.query_params)
    updated, error = game_link.attempt(
        lambda: service.add_win(game.id, data, device=device, hand_id=hand_id, thumbnail=thumb, history=history)
    )
    if error is not None:
        st.error(error)
        return
    assert updated is not None
    added[hand_id] = updated.state.hands
    st.success(_("Added as hand {n} of {name}.").format(n=updated.state.hands, name=updated.name))


def _chain_picker(hand: Hand) -> dict[str, list[int]] | None:
    """For a win on a replacement tile with kongs: which kongs were in the chain (the liability can hang on it)."""
    choices = dict(history.chain_choices(hand))
    if not choices:
        return None
    chain = st.multiselect(
        _("Kongs in the replacement chain that ended in this win, in the order declared"), list(choices),
        format_func=choices.__getitem__, key="game_chain",
        help=_("Leave it empty when nobody remembers: then only the last kong declared counts."),
    )  # fmt: skip
    return {"replacement_chain": list(chain)} if chain else None


def render_game_link(game: GameRecord | None) -> None:
    """The way to the Game page, keeping the active game, this device and the language in the URL."""
    keep = game_link.link_params(st.query_params)
    label = _("Game: totals, history, settlement") if game is not None else _("Keep score for a whole game")
    st.page_link("pages/game.py", label=label, icon=":material/scoreboard:", query_params=keep)
