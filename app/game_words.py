"""The game ledger's views worded in the page's language: where the game stands, what each hand was, the 找數 note
and the night's titles.

The ledger returns data (``sikwu.ledger.views``) and words it in English only for the terminal
(``sikwu.ledger.text``); the page owns its words, so a Cantonese-speaking table reads 東圈、Ann 做莊、Bo 出銃 instead of
the CLI's English. Every phrase here goes through the gettext catalogue.
"""

from __future__ import annotations

from typing import Any

from sikwu.app.i18n import N_, _, ngettext
from sikwu.app.table import wind_name
from sikwu.ledger.engine import WIND_NAMES
from sikwu.scoring.tiles import WIND_IDS

#: The night's three titles (``views.statistics`` keys them by their Chinese names), said on the English page too.
TITLES = {
    "食糊王": N_("食糊王 most wins"), "自摸王": N_("自摸王 most self-draws"), "出銃王": N_("出銃王 most deal-ins"),
}  # fmt: skip


def round_label(wind: str | None) -> str:
    """A round wind the ledger names in English ("East") in the page's words ("East 東 round" / "東圈")."""
    if wind not in WIND_NAMES:
        return ""
    return wind_name(WIND_IDS[WIND_NAMES.index(wind)])


def hands_count(n: int) -> str:
    return ngettext("{n} hand", "{n} hands", n).format(n=n)


def status_line(status: dict[str, Any]) -> str:
    """Where the game stands (``views.status``): round, deal, dealer and 連莊, hands played, the draw-game pot."""
    if status["finished"]:
        where = _("Game over")
    else:
        where = _("{round}, deal {deal}, {dealer} deals").format(
            round=round_label(status["round_wind"]), deal=status["deal"], dealer=status["dealer"]
        )
        if status["streak"]:
            where += " " + _("(連莊 {n})").format(n=status["streak"])
    parts = [where, hands_count(status["hands"])]
    if status["pot"]:
        parts.append(_("pot {points}").format(points=status["pot"]))
    return " · ".join(parts)


def _win(w: dict[str, Any], discarder: str | None) -> str:
    if w["self_drawn"]:
        text = _("{winner} {faan} faan, self-drawn").format(winner=w["winner"], faan=w["faan"])
    elif discarder:
        text = _("{winner} {faan} faan off {discarder}").format(winner=w["winner"], faan=w["faan"], discarder=discarder)
    else:
        text = _("{winner} {faan} faan").format(winner=w["winner"], faan=w["faan"])
    return text if w["paid"] else text + " " + _("(not paid: another winner takes the tile)")


def hand_line(h: dict[str, Any]) -> str:
    """One history line (``views.hand_summary``): a draw, a false mahjong or the wins, with the round and dealer."""
    if h["status"] != "active":
        return _("Undone")
    if h["kind"] == "draw":
        what = _("Draw")
    elif h["kind"] == "false_mahjong":
        what = _("False mahjong: {who}").format(who=", ".join(h["offenders"]))
    else:
        what = " + ".join(_win(w, h["discarder"]) for w in h["wins"])
    if not h.get("round_wind") or not h.get("dealer"):
        return what
    where = round_label(h["round_wind"])
    return _("{round}, {dealer} deals: {what}").format(round=where, dealer=h["dealer"], what=what)


def settlement_note(result: dict[str, Any]) -> str:
    """The 找數 note (``views.settlement``): a draw-game pot left at the end goes back to the players equally."""
    if not result.get("pot_returned"):
        return ""
    if result.get("final"):
        text = _("The draw-game pot of {pot} left at the end is paid back, {share} to each player.")
    else:
        text = _("Counted as if the game ended now: the draw-game pot of {pot} is paid back, {share} to each player.")
    return text.format(pot=result["pot_returned"], share=result["pot_share"])


def title_label(title: str) -> str:
    return _(TITLES[title]) if title in TITLES else title
