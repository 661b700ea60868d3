"""Score a hand under a rule profile: every reading, every pattern, the best reading first.

Flow: ``Hand.validate()`` -> every reading of the tiles (``scoring.decompose``; declared melds fixed; for a standard
reading also every choice of which concealed group the winning tile completed, because a pung completed by a discard
is not a concealed pung) -> each profile pattern's condition -> the profile's relations (``includes``: the listed
patterns are not scored beside this one; ``exclusive``: nothing else is scored) -> values (open/closed, limit) ->
cap.

Best reading (documented, deterministic tie-break), compared in this order:

1. highest capped faan;
2. highest raw (uncapped) faan;
3. highest faan counting only patterns that count towards the minimum (so a legal win is preferred);
4. shape: standard, then nine_gates, thirteen_orphans, seven_pairs, flowers;
5. fewer pattern hits (the simpler explanation);
6. the sets' text, alphabetically (only so that equal readings always come out in the same order).

All other distinct readings are returned as ``Score.alternatives`` in the same order.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from scoring.decompose import divisions, group_tiles
from scoring.errors import NotAWinningHandError
from scoring.hand import Hand
from scoring.patterns import REGISTRY, Context, SetInfo
from scoring.profile import DEFAULT_PROFILE, Profile, load_profile

_SHAPE_ORDER = {"standard": 0, "nine_gates": 1, "thirteen_orphans": 2, "seven_pairs": 3, "flowers": 4}
_INSTANCES = {key: cls() for key, cls in REGISTRY.items()}


@dataclass(frozen=True)
class PatternHit:
    key: str
    name_en: str
    name_zh: str
    faan: int
    reason: str
    limit: bool = False
    counts_for_minimum: bool = True


@dataclass(frozen=True)
class Reading:
    shape: str
    sets: tuple[tuple[str, ...], ...]
    patterns: tuple[PatternHit, ...]
    raw_faan: int
    faan: int
    winning_set: tuple[str, ...] | None = None  # the group the winning tile completed (standard shape)
    minimum_faan: int = 0  # capped faan from patterns that count towards the minimum


@dataclass(frozen=True)
class Score:
    profile: str
    hand: Hand
    best: Reading
    alternatives: tuple[Reading, ...]
    faan: int
    raw_faan: int
    capped: bool
    limit_hand: bool
    minimum: int
    meets_minimum: bool
    notes: tuple[str, ...]


def _meld_sets(hand: Hand) -> list[SetInfo]:
    return [SetInfo(m.kind, m.tiles, m.concealed, True) for m in hand.melds]


def contexts(hand: Hand, profile: Profile) -> Iterator[Context]:
    """Every reading of ``hand`` that the profile allows, as pattern contexts."""
    flower_wins = hand.events & {"seven_flowers", "eight_flowers"}
    if flower_wins:
        # Winning on the seventh/eighth flower is a win only where the profile has that hand.
        if all(profile.has(event) for event in flower_wins):
            yield Context(hand, "flowers", ())
        return
    melds = _meld_sets(hand)
    sp = profile.patterns.get("seven_pairs")
    for div in divisions(
        hand.concealed,
        seven_pairs=sp is not None,
        seven_pairs_distinct=bool(sp.options.get("distinct_pairs", True)) if sp else True,
        thirteen_orphans=profile.has("thirteen_orphans"),
        nine_gates=profile.has("nine_gates"),
    ):
        groups = [SetInfo(kind, group_tiles((kind, first)), True, False) for kind, first in div.groups]
        if div.shape != "standard":
            yield Context(hand, div.shape, tuple(melds + groups))
            continue
        seen = set()
        for i, g in enumerate(groups):
            if hand.winning_tile not in g.tiles or (g.kind, g.first) in seen:
                continue
            seen.add((g.kind, g.first))
            placed = list(groups)
            if g.kind == "pung" and not hand.self_drawn:
                placed[i] = SetInfo("pung", g.tiles, False, False)
            yield Context(hand, "standard", tuple(melds + placed), placed[i])
        if not seen:  # winning tile unknown (validated away for normal wins); still score the shape
            yield Context(hand, "standard", tuple(melds + groups))


def evaluate(ctx: Context, profile: Profile) -> Reading:
    """Apply the profile's patterns and relations to one reading."""
    cap = profile.cap_faan
    found = []
    for key, pv in profile.patterns.items():
        inst = _INSTANCES[key]
        reasons = inst.items(ctx, pv.options)
        if not reasons:
            continue
        value = pv.faan(ctx.closed)
        if value is None:  # "2 (-)": only scored when the hand is closed
            continue
        for reason in reasons:
            found.append((pv, reason, value))
    excluded = {inc for pv, _, _ in found for inc in pv.includes}
    found = [f for f in found if f[0].key not in excluded]
    if any(pv.exclusive for pv, _, _ in found):
        found = [f for f in found if f[0].exclusive]
    hits = tuple(
        PatternHit(
            key=pv.key,
            name_en=pv.name_en,
            name_zh=pv.name_zh,
            faan=value,
            reason=reason,
            limit=pv.is_limit(ctx.closed) or value >= cap,
            counts_for_minimum=pv.counts_for_minimum,
        )
        for pv, reason, value in found
    )
    raw = sum(h.faan for h in hits)
    counted = min(sum(h.faan for h in hits if h.counts_for_minimum), cap)
    return Reading(
        shape=ctx.shape,
        sets=tuple(s.tiles for s in ctx.sets),
        patterns=hits,
        raw_faan=raw,
        faan=min(raw, cap),
        winning_set=ctx.winning_set.tiles if ctx.winning_set is not None else None,
        minimum_faan=counted,
    )


def _rank(r: Reading) -> tuple:
    return (-r.faan, -r.raw_faan, -r.minimum_faan, _SHAPE_ORDER.get(r.shape, 9), len(r.patterns), r.sets)


def score_hand(hand: Hand, profile: Profile | str = DEFAULT_PROFILE) -> Score:
    """Score a declared win; raises HandError / NotAWinningHandError with a message saying what to fix."""
    prof = profile if isinstance(profile, Profile) else load_profile(profile)
    hand.validate()
    readings: dict[tuple, Reading] = {}
    for ctx in contexts(hand, prof):
        r = evaluate(ctx, prof)
        ident = (r.shape, tuple(sorted(r.sets)), tuple(sorted((h.key, h.faan, h.reason) for h in r.patterns)))
        readings.setdefault(ident, r)
    if not readings:
        if hand.events & {"seven_flowers", "eight_flowers"}:
            raise NotAWinningHandError(
                f"profile '{prof.name}' has no seven/eight-flower win; remove the event or choose another profile"
            )
        raise NotAWinningHandError(
            "these tiles do not form four sets and a pair"
            + (" or a special hand allowed by profile '" + prof.name + "'")
            + "; check the tiles (a missing or misread tile is the usual cause) and that every kong is declared"
        )
    ordered = sorted(readings.values(), key=_rank)
    best = ordered[0]
    notes = []
    capped = best.raw_faan > prof.cap_faan
    limit_hand = any(h.limit for h in best.patterns)
    if not best.patterns:
        notes.append("chicken hand (雞糊): no scoring pattern, 0 faan")
    if capped:
        notes.append(f"{best.raw_faan} faan is capped at the {prof.cap_faan}-faan limit")
    meets = best.minimum_faan >= prof.minimum_faan
    if not meets:
        excluded = best.faan - best.minimum_faan
        extra = f" ({excluded} faan from patterns that do not count towards it)" if excluded > 0 else ""
        notes.append(
            f"{best.minimum_faan} faan counts towards the {prof.minimum_faan}-faan minimum{extra}: not a legal win"
        )
    return Score(
        profile=prof.name,
        hand=hand,
        best=best,
        alternatives=tuple(ordered[1:]),
        faan=best.faan,
        raw_faan=best.raw_faan,
        capped=capped,
        limit_hand=limit_hand,
        minimum=prof.minimum_faan,
        meets_minimum=meets,
        notes=tuple(notes),
    )
