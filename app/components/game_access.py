"""The Game page's doors (issue 17, item 4): a join code opens a game or a league read-only, and the table's PIN
unlocks changes.

* A join link (``game?join=CODE``) or a code typed into the form opens what the code opens.  The page remembers the
  answer for this browser session, so reruns do not ask again; wrong codes are rate-limited on the server per
  client (its address, or on this computer its device token) and server-wide (:func:`sikwu.ledger.access.open_code`).
* A protected game stays read-only until its PIN (or the organiser's password) is given in the PIN box.  The ledger
  checks it (wrong PINs are rate-limited too); the page keeps it for this browser session only and holds it for
  every write of a run (:func:`sikwu.ledger.access.hold`), so the game components' writes need no PIN argument.
* Listing every game is offered only to the browser on this computer with a local (SQLite) ledger
  (:meth:`sikwu.ledger.store.Ledger.games`): a phone sees only the games whose code it was given.
* A game started with a PIN is unlocked at once on the phone that started it, which is given the join link and its
  QR code to share (:func:`render_share`).
* On a shared server ``?game=`` opens a game by its full id only (:func:`sikwu.app.game_link.active_game`, for this
  page and the scoring page alike; :data:`NOT_BY_FULL_ID` is what the page says).

Everything shown comes from the ledger; its messages are written for players and shown as they are.
"""

from __future__ import annotations

import os
from urllib.parse import parse_qs, urlparse

import pandas as pd
import streamlit as st
from sikwu.app import game_link
from sikwu.app.address import PHONE_URL_ENV
from sikwu.app.i18n import N_, _
from sikwu.ledger import access, league_views
from sikwu.ledger.records import GameRecord
from sikwu.ledger.store import Ledger

JOIN_PARAM = "join"
NOT_BY_FULL_ID = N_("On this server a game opens only by its full link or its join code; ask the table for it.")
OPENED = "sikwu_joined"  # join code -> (kind, id), for codes this browser session already opened
CODES = "sikwu_join_codes"  # game id -> its join code, once this session's PIN holder asked for it
PINS = "sikwu_pins"  # "game:<id>" -> the PIN this browser session unlocked it with
LOOPBACK = (None, "127.0.0.1", "::1")  # Streamlit gives no address for a browser on localhost


def client_address() -> str | None:
    """The browser's address; None for a browser on this computer (Streamlit gives none for localhost)."""
    address = st.context.ip_address
    return address if isinstance(address, str) and address else None


def client_key() -> str:
    """Who the rate limit counts a wrong code against: the client's address, or (on this computer) its token."""
    address = client_address()
    return f"ip:{address}" if address else f"device:{game_link.device_token(st.query_params)}"


def may_list_games(ledger: Ledger) -> bool:
    """The whole list of games: only for the browser on this computer, with a local ledger."""
    return ledger.local and client_address() in LOOPBACK


def code_from(text: str) -> str:
    """The join code in what was pasted: the code itself, or a whole join link."""
    text = text.strip()
    if "join=" in text:
        found = parse_qs(urlparse(text).query).get(JOIN_PARAM)
        return found[0].strip() if found else text
    return text


def hold_pins() -> None:
    """Hold this browser session's unlocked PINs for the writes of this run (call once per run)."""
    access.hold(st.session_state.get(PINS, {}))


def pin_for(game_id: str) -> str | None:
    """The PIN this browser session unlocked the game with (None: read-only here)."""
    return st.session_state.get(PINS, {}).get(f"game:{game_id}")


def joined_game(ledger: Ledger, game: GameRecord | None) -> GameRecord | None:
    """The game a ``?join=CODE`` in the URL opens (else ``game``); a league's code shows the league and stops."""
    hold_pins()
    code = st.query_params.get(JOIN_PARAM)
    if not code:
        return game
    opened = st.session_state.setdefault(OPENED, {})
    if code not in opened:
        found, error = game_link.attempt(lambda: ledger.open_by_code(code, client_key()))
        if error is not None or found is None:
            st.error(error)
            del st.query_params[JOIN_PARAM]  # a rerun must not count the same wrong code again
            return game
        opened[code] = found
    kind, target = opened[code]
    if kind == "league":
        render_league(target)
        st.stop()
    record, error = game_link.attempt(lambda: ledger.game(target))
    if error is not None:
        st.error(error)
        return game
    st.query_params[game_link.GAME_PARAM] = target  # the links to the scoring page keep the game
    return record


def render_join_form() -> None:
    """A box for a join code (or a pasted join link), for a phone that was given one."""
    with st.form("join_game"):
        st.subheader(_("Open a game by its join code"), anchor=False)
        st.caption(_("The organiser or the table gives you a link, a QR code or a code: it opens the game to read."))
        text = st.text_input(_("Join code or link"), key="join_code")
        if not st.form_submit_button(_("Open this game")):
            return
    code = code_from(text)
    if not code:
        st.error(_("Paste the join code or the whole link you were given."))
        return
    st.query_params[JOIN_PARAM] = code
    st.rerun()


def render_pin(ledger: Ledger, game: GameRecord) -> bool:
    """Read-only until the PIN is given; once given, it holds for this browser session. Returns whether this device
    may change the game, so the page offers no form the ledger would refuse."""
    protected, error = game_link.attempt(lambda: ledger.is_protected("game", game.id))
    if error is not None:
        st.error(error)
        return False
    if not protected:
        return True
    pins = st.session_state.setdefault(PINS, {})
    if pin_for(game.id):
        st.caption(_("Unlocked on this device: you can add and change hands."))
        render_share(ledger, game)
        if st.button(_("Lock again"), key="lock_game", icon=":material/lock:"):
            pins.pop(f"game:{game.id}", None)
            hold_pins()
            st.rerun()
        return True
    st.info(_("Read-only: this game is protected. Give the table's PIN to add or change hands."))
    with st.form("unlock_game"):
        pin = st.text_input(_("PIN (or the organiser's password)"), type="password", key="game_pin")
        if not st.form_submit_button(_("Unlock"), icon=":material/lock_open:"):
            return False
    _ok, error = game_link.attempt(lambda: ledger.authorize("game", game.id, pin or None))
    if error is not None:
        st.error(error)
        return False
    pins[f"game:{game.id}"] = pin
    hold_pins()
    st.rerun()
    return True  # not reached: st.rerun() ends this run


def remember_pin(game_id: str, pin: str) -> None:
    """This browser session holds the game's PIN (the device that started a protected game may change it at once)."""
    st.session_state.setdefault(PINS, {})[f"game:{game_id}"] = pin
    hold_pins()


def share_base() -> str:
    """Where phones open the page: the address ``sikwu app`` found for phones, else the address of this page."""
    found = os.environ.get(PHONE_URL_ENV)
    if found:
        return found
    url = urlparse(str(st.context.url or ""))
    return f"{url.scheme}://{url.netloc}{url.path.rsplit('/', 1)[0]}" if url.netloc else ""


def render_share(ledger: Ledger, game: GameRecord) -> None:
    """For the PIN holder: the join link and its QR code, which open this game read-only on the other phones."""
    codes = st.session_state.setdefault(CODES, {})
    if game.id not in codes:  # asked once per session: the ledger checks the PIN (scrypt) to hand the code out
        code, error = game_link.attempt(lambda: ledger.join_code("game", game.id, pin_for(game.id)))
        if error is not None or code is None:
            st.error(error)
            return
        codes[game.id] = code
    link = access.join_link(share_base(), codes[game.id])
    with st.expander(_("Share this game to read on other phones"), icon=":material/qr_code_2:"):
        st.image(access.qr_png(link), width=180, alt=_("QR code of {url}").format(url=link))
        st.code(link, language=None)
        st.caption(_("The link shows the totals and the hands; adding or changing a hand needs the PIN."))


def render_league(league_id: str) -> None:
    """A league opened by its code: standings after the last round, and every table (a button opens its game)."""
    data, error = game_link.attempt(
        lambda: {**league_views.overview(league_id), "standings": league_views.standings(league_id)}
    )
    if error is not None or data is None:
        st.error(error)
        return
    st.subheader(data["name"], anchor=False)
    st.caption(_("Read-only: opened with the league's join code."))
    overall = data["standings"]["overall"]
    if overall:
        frame = pd.DataFrame(overall).rename(columns={"rank": _("Rank"), "player": _("Player"), "points": _("Points")})
        st.dataframe(frame.set_index(_("Rank")), key="league_standings")
    for bye in data["byes"][-1:]:
        who = ", ".join(bye["players"])
        st.caption(_("Sitting out round {round}: {players}").format(round=bye["round"], players=who))
    for t in reversed(data["tables"]):
        label = _("Session {session}, round {round}, table {table}: {players} ({hands} hands)").format(
            session=t["session"], round=t["round"], table=t["table"], players=", ".join(t["players"]), hands=t["hands"]
        )
        if st.button(label, key=f"table_{t['game_id']}"):
            del st.query_params[JOIN_PARAM]
            st.query_params[game_link.GAME_PARAM] = t["game_id"]
            st.rerun()
