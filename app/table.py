"""Everything besides the tiles that changes the score: who won, who sits where, how the hand was won, which rules.

Plain data (no Streamlit): the session keeps one :class:`TableContext`, the context form builds it from its widgets,
and :meth:`sikwu.app.draft.Draft.to_hand` reads it.
"""

from __future__ import annotations

from dataclasses import dataclass

from sikwu.app.i18n import N_, _
from sikwu.scoring.tiles import WIND_IDS

#: Events the page offers, in the order a player thinks of them (keys are the scoring engine's EVENTS).
EVENT_LABELS: dict[str, str] = {
    "kong_replacement": N_("Won on a kong replacement tile 槓上開花"),
    "double_kong_replacement": N_("Won on a double kong replacement 槓上槓"),
    "flower_replacement": N_("Won on a flower replacement tile 花上自摸"),
    "robbing_kong": N_("Robbing a kong 搶槓"),
    "last_tile_wall": N_("Last tile of the wall 海底撈月"),
    "last_discard": N_("Last discard 河底撈魚"),
    "heavenly": N_("Heavenly hand 天糊 (dealer wins on the deal)"),
    "earthly": N_("Earthly hand 地糊"),
    "human": N_("Human hand 人糊"),
    "seven_flowers": N_("Seven flowers (robbing the eighth) 七花"),
    "eight_flowers": N_("Eight flowers 八仙過海"),
}
#: Seats as the payments table names them; English keeps the character so mixed tables read both.
SEAT_LABELS: dict[int, str] = {1: N_("East 東"), 2: N_("South 南"), 3: N_("West 西"), 4: N_("North 北")}
#: The same seat in running text ("South pays 32" / "南家 俾 32").
SEAT_SHORT: dict[int, str] = {1: N_("East"), 2: N_("South"), 3: N_("West"), 4: N_("North")}


@dataclass(frozen=True)
class TableContext:
    """How the hand was won and who sits where: everything besides the tiles that changes the score."""

    seat: int = 1  # winner's seat, 1 = East
    round_wind: str = "1z"
    dealer: int = 1
    self_drawn: bool = False
    discarder: int | None = 2
    events: frozenset[str] = frozenset()
    profile: str = ""  # built-in profile name; "" = the engine's default
    house_rules_name: str | None = None  # an uploaded TOML file's name
    house_rules_text: str | None = None

    def effective_discarder(self) -> int | None:
        if self.self_drawn:
            return None
        if self.discarder is None or self.discarder == self.seat:
            # The discarder cannot be the winner; pick the player on the winner's left (who plays before them).
            return (self.seat - 2) % 4 + 1
        return self.discarder


def seat_label(seat: int) -> str:
    return _(SEAT_LABELS[seat])


def seat_short(seat: int) -> str:
    return _(SEAT_SHORT[seat])


def event_label(event: str) -> str:
    return _(EVENT_LABELS[event])


def wind_name(tile: str) -> str:
    """A round wind by name: 'East 東' / '東風'."""
    return _(ROUND_LABELS[tile])


ROUND_LABELS: dict[str, str] = dict(
    zip(WIND_IDS, (N_("East 東 round"), N_("South 南 round"), N_("West 西 round"), N_("North 北 round")), strict=True)
)
