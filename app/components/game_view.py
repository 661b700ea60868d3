"""The Game page's parts: start or pick a game, the running totals (table + line chart), the history with undo, the
final 找數 and the night's statistics, and the JSON/CSV exports. Everything shown comes from ``sikwu.ledger.views``."""

from __future__ import annotations

import json

import pandas as pd
import streamlit as st
from sikwu.app import game_link, game_words, services
from sikwu.app.components import game_access
from sikwu.app.i18n import N_, _
from sikwu.ledger import service, transfer, views
from sikwu.ledger.night_card import night_card_png
from sikwu.ledger.records import GameRecord
from sikwu.ledger.store import Ledger

SEAT_LABELS = (N_("East player"), N_("South player"), N_("West player"), N_("North player"))
#: The night card's words (``sikwu.ledger.night_card.WORDS`` keys), translated where the card is drawn.
CARD_WORDS = {
    "totals": N_("Totals"), "player": N_("Player"), "points": N_("Points"), "money": N_("Money"),
    "settlement": N_("Settlement 找數"), "nobody_pays": N_("Nobody pays anybody"), "titles": N_("The night's titles"),
    "nobody": N_("nobody yet"), "hands": N_("{n} hands"), "stake": N_("{stake} per point"), "final": N_("final"),
    "in_progress": N_("in progress"),
}  # fmt: skip


def render_new_game() -> None:
    """Four names in seat order (the first deals first), a profile and a stake; the new game becomes the active one."""
    with st.form("new_game"):
        st.subheader(_("New game"), anchor=False)
        names = [st.text_input(_(label), key=f"player_{i}") for i, label in enumerate(SEAT_LABELS)]
        profiles = services.builtin_profiles() or {services.default_profile_name(): ""}
        names_list = list(profiles)
        default = services.default_profile_name()
        index = names_list.index(default) if default in names_list else 0
        profile = st.selectbox(_("Profile"), names_list, index=index, key="game_profile")
        stake = st.text_input(_("Stake (money per point)"), value="1", key="game_stake")
        pin = st.text_input(
            _("PIN (optional)"), type="password", key="game_new_pin",
            help=_("With a PIN, other phones open the game only by its join link, to read; adding or changing hands "
                   "needs the PIN. Without one, anyone with the game's link can change it."),
        )  # fmt: skip
        if not st.form_submit_button(_("Start the game"), type="primary"):
            return
    if any(not n.strip() for n in names):
        st.error(_("Give all four players' names, East first (East deals first)."))
        return
    device = game_link.device_token(st.query_params)
    game, error = game_link.attempt(
        lambda: service.new_game(names, profile, stake=stake, device=device, pin=pin or None)
    )
    if error is not None:
        st.error(error)
        return
    assert game is not None
    if pin:
        game_access.remember_pin(game.id, pin)
    st.query_params[game_link.GAME_PARAM] = game.id
    st.rerun()


def render_pick_game(ledger: Ledger) -> None:
    games = ledger.games()
    if not games:
        return
    labels = {g["id"]: f"{g['name']} ({g['hands']})" for g in reversed(games)}
    choice = st.selectbox(_("Or open a game"), list(labels), format_func=labels.__getitem__, index=None, key="pick")
    if choice and st.button(_("Open"), key="open_game"):
        st.query_params[game_link.GAME_PARAM] = choice
        st.rerun()


def render_totals(game: GameRecord) -> None:
    """The game's name, where it stands and the totals after the last hand: the phone's first screen."""
    with st.container(key="game_totals"):
        st.subheader(game.name, anchor=False)
        st.caption(game_words.status_line(views.status(game)))
        frame = pd.DataFrame(views.running_totals(game)).set_index("hand")
        st.dataframe(frame.tail(1).drop(columns="pot").rename_axis(_("Hand")), key="totals")


def render_chart(game: GameRecord) -> None:
    """The running totals hand by hand, once there is more than the start. Drawn with Altair rather than
    ``st.line_chart`` so the picture carries a text description and its lines are not unnamed images to a screen
    reader (axe-core's svg-img-alt); the totals table above says the same in words."""
    import altair as alt

    rows = views.running_totals(game)
    if len(rows) < 2:
        return
    hand, player, points = _("Hand"), _("Player"), _("Points")
    data = pd.DataFrame(rows).drop(columns="pot").rename(columns={"hand": hand})
    data = data.melt(hand, var_name=player, value_name=points)
    said = _("Running totals of each player after each hand")
    chart = alt.Chart(data, description=said).mark_line(aria=False)
    chart = chart.encode(x=alt.X(f"{hand}:Q", axis=alt.Axis(tickMinStep=1)), y=f"{points}:Q", color=f"{player}:N")
    st.altair_chart(chart, width="stretch", alt=said)


def render_history(game: GameRecord, *, writable: bool = True) -> None:
    st.subheader(_("Hands"), anchor=False)
    hands = views.history(game)
    if not hands:
        st.info(_("No hands yet: score a hand on the scoring page and press Add to game."))
        return
    rows = [
        {
            _("Hand"): h["hand"],
            _("What"): game_words.hand_line(h),
            **{name: h["payments"].get(name, 0) for name in game.players},
        }
        for h in hands
    ]
    st.table(pd.DataFrame(rows).set_index(_("Hand")))
    last = hands[-1]
    if writable and st.button(_("Undo the last hand"), key="undo_last", icon=":material/undo:"):
        device = game_link.device_token(st.query_params)
        _game, error = game_link.attempt(
            lambda: service.undo_hand(game.id, last["hand"], last["version"], device=device)
        )
        if error is not None:
            st.error(error)
            return
        st.rerun()


def render_settlement(game: GameRecord) -> None:
    result = views.settlement(game)
    st.subheader(_("Settlement 找數"), anchor=False)
    money = pd.DataFrame({_("Points"): result["points"], _("Money"): result["money"]})
    st.table(money)
    for t in result["transfers"]:
        st.write(_("{payer} pays {payee} {amount}").format(payer=t["from"], payee=t["to"], amount=t["amount"]))
    note = game_words.settlement_note(result)
    if note:
        st.caption(note)
    stats = views.statistics(game)
    with st.expander(_("Statistics")):
        table = {
            name: {_("Wins"): s["wins"], _("Self-draws"): s["self_draws"], _("Deal-ins"): s["deal_ins"],
                   _("False mahjongs"): s["false_mahjongs"],
                   _("Biggest hand (faan)"): s["biggest"]["faan"] if s["biggest"] else 0}
            for name, s in stats["players"].items()
        }  # fmt: skip
        st.table(pd.DataFrame(table).T)
        for title, top in stats["titles"].items():
            if top["players"]:
                st.write(f"{game_words.title_label(title)}: {', '.join(top['players'])} ({top['count']})")


def render_exports(ledger: Ledger, game: GameRecord) -> None:
    doc, error = game_link.attempt(lambda: transfer.export_game(ledger, game.id))
    if error is not None:
        st.error(error)
        return
    with st.container(horizontal=True):
        st.download_button(
            _("Download JSON"), json.dumps(doc, ensure_ascii=False, indent=1, default=str), f"{game.id}.json",
            mime="application/json", key="export_json",
        )  # fmt: skip
        st.download_button(
            _("Download CSV"), transfer.export_csv(ledger, game.id), f"{game.id}.csv", mime="text/csv", key="export_csv"
        )
        words = {k: _(v) for k, v in CARD_WORDS.items()}  # translated now: the picture is drawn on the tap
        st.download_button(
            _("Night card (PNG)"), lambda: night_card_png(game, words),
            f"sikwu-night-{game.id[:8]}.png", mime="image/png", key="export_card", icon=":material/image:",
        )  # fmt: skip
