"""Helpers of the ledger tests: four players, a few legal hands, entries built from them."""

from __future__ import annotations

from typing import Any

from sikwu.ledger.entries import entry_from_dict
from sikwu.ledger.frozen import freeze_profile, thaw_profile
from sikwu.ledger.settings import builtin_rules_for

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def hand(tiles: str, *, self_drawn: bool = False, **extra: Any) -> dict[str, Any]:
    """A hand JSON from compact tiles ("123m 456m 789m 222z 99m"); the last tile is the winning tile."""
    from sikwu.scoring import parse_tiles

    concealed = list(parse_tiles(tiles))
    return {"concealed": concealed, "winning_tile": concealed[-1], "self_drawn": self_drawn, **extra}


#: Half flush, closed, no flowers: a legal win (>= 3 faan) under every built-in profile.
HALF_FLUSH = "123m 456m 789m 222z 99m"
#: Thirteen Orphans: a limit hand whose shape the HK Old Style simultaneous-win exception names.
ORPHANS = "19m 19p 19s 1234567z 1m"


def win(winner: int, tiles: str = HALF_FLUSH, *, discarder: int | None = None, **kw: Any):
    return entry_from_dict({"kind": "win", "wins": [{"winner": winner, "hand": hand(tiles, **kw)}],
                            "discarder": discarder})  # fmt: skip


def multi(winners: list[tuple[int, str]], discarder: int):
    return entry_from_dict({"kind": "win", "discarder": discarder,
                            "wins": [{"winner": w, "hand": hand(t)} for w, t in winners]})  # fmt: skip


DRAW = entry_from_dict({"kind": "draw"})


def game_setup(profile: str):
    """(Profile, GameRules) as a new game freezes them."""
    name, data = freeze_profile(profile)
    return thaw_profile(data), builtin_rules_for(name, data.get("meta", {}).get("extends"))
