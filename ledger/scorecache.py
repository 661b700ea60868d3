"""Score one winner's hand in the game's context, with a cache: the same hand in the same context scores the same.

A recompute after an edit replays every later hand; most keep their context (seat wind, round wind, discarder), so
their scores come from the cache instead of the scorer.  The payments are settled without the draw-game pot; the
engine adds the pot itself, so a changed pot never invalidates a cached score.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sikwu.ledger.errors import EntryError
from sikwu.ledger.frozen import canonical_json
from sikwu.ledger.history import to_history
from sikwu.scoring import Profile, ScoringError, score_hand
from sikwu.scoring.hand_json import hand_from_json, hand_to_json
from sikwu.scoring.payments import settle

_PROFILES: dict[int, Profile] = {}


@dataclass(frozen=True)
class ScoredWin:
    position: int
    hand_json: Mapping[str, Any]  # with seat, round wind, dealer (always East), discarder: what scoring saw
    faan: int
    raw_faan: int
    limit: bool
    shape: str
    patterns: tuple[tuple[str, str, str, int], ...]
    points: int
    payments_by_seat: Mapping[int, int]
    liable_seat: int | None
    liable_rule: str | None
    lines: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": self.position, "hand": dict(self.hand_json), "faan": self.faan, "raw_faan": self.raw_faan,
            "limit": self.limit, "shape": self.shape, "points": self.points,
            "patterns": [{"key": k, "name_en": en, "name_zh": zh, "faan": f} for k, en, zh, f in self.patterns],
            "payments_by_seat": {str(s): a for s, a in self.payments_by_seat.items()},
            "liable_seat": self.liable_seat, "liable_rule": self.liable_rule, "lines": list(self.lines),
        }  # fmt: skip


def score_win(
    profile: Profile,
    stored_hand: Mapping[str, Any],
    position: int,
    seat_winds: tuple[int, ...],
    discarder_seat: int | None,
    round_wind: str,
    history: Mapping[str, Any] | None = None,
) -> ScoredWin:
    """Score ``stored_hand`` (fed_by as positions) for the player at ``position`` under the current seat winds;
    ``history`` (stored plain data, :mod:`sikwu.ledger.history`) goes to scoring's settlement with it."""
    hand = dict(stored_hand)
    hand["melds"] = [
        {**m, "fed_by": seat_winds[m["fed_by"] - 1]} if m.get("fed_by") else dict(m) for m in hand.get("melds", [])
    ]
    hand.update(seat=seat_winds[position - 1], round_wind=round_wind, dealer=1, discarder=discarder_seat)
    _PROFILES[id(profile)] = profile
    return _score_cached(id(profile), canonical_json(hand), position, canonical_json(history or {}))


@lru_cache(maxsize=4096)
def _score_cached(profile_id: int, hand_text: str, position: int, history_text: str = "{}") -> ScoredWin:
    profile = _PROFILES[profile_id]
    who = f"hand of the winner at position {position}"
    try:
        hand = hand_from_json(hand_text)
        score = score_hand(hand, profile)
        settlement = settle(score, profile, pot=0, history=to_history(json.loads(history_text)))
    except ScoringError as exc:
        raise EntryError(f"{who}: {exc}") from None
    if not score.meets_minimum:
        raise EntryError(
            f"{who}: {score.best.minimum_faan} faan is below the {score.minimum}-faan minimum of profile "
            f"'{profile.name}': not a legal win; fix the tiles or record a false mahjong instead"
        )
    if settlement.missing:
        raise EntryError(f"{who}: won on a discard but nobody discarded; name the discarder or mark it self-drawn")
    liable = settlement.liable
    return ScoredWin(
        position=position,
        hand_json=hand_to_json(hand),
        faan=score.faan,
        raw_faan=score.raw_faan,
        limit=score.limit_hand,
        shape=score.best.shape,
        patterns=tuple((h.key, h.name_en, h.name_zh, h.faan) for h in score.best.patterns),
        points=settlement.points,
        payments_by_seat=dict(settlement.payments),
        liable_seat=None if liable is None else liable.seat,
        liable_rule=None if liable is None else liable.rule,
        lines=settlement.lines,
    )
