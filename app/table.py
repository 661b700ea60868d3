"""Everything besides the tiles that changes the score: who won, who sits where, how the hand was won, which rules.

Plain data (no Streamlit): the session keeps one :class:`TableContext`, the context form builds it from its widgets,
and :meth:`sikwu.app.draft.Draft.to_hand` reads it.
"""

from __future__ import annotations

from dataclasses import dataclass

from sikwu.scoring.tiles import WIND_IDS

#: Events the page offers, in the order a player thinks of them (keys are the scoring engine's EVENTS).
EVENT_LABELS: dict[str, str] = {
    "kong_replacement": "Won on a kong replacement tile 槓上開花",
    "double_kong_replacement": "Won on a double kong replacement 槓上槓",
    "flower_replacement": "Won on a flower replacement tile 花上自摸",
    "robbing_kong": "Robbing a kong 搶槓",
    "last_tile_wall": "Last tile of the wall 海底撈月",
    "last_discard": "Last discard 河底撈魚",
    "heavenly": "Heavenly hand 天糊 (dealer wins on the deal)",
    "earthly": "Earthly hand 地糊",
    "human": "Human hand 人糊",
    "seven_flowers": "Seven flowers (robbing the eighth) 七花",
    "eight_flowers": "Eight flowers 八仙過海",
}
SEAT_LABELS: dict[int, str] = {1: "East 東", 2: "South 南", 3: "West 西", 4: "North 北"}


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


def wind_name(tile: str) -> str:
    return SEAT_LABELS[WIND_IDS.index(tile) + 1]
