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

from dataclasses import dataclass

from sikwu.scoring import decompose, evaluate, validate
from sikwu.scoring import readings as hand_readings
from sikwu.scoring.errors import NotAWinningHandError
from sikwu.scoring.evaluate import PatternHit, Reading
from sikwu.scoring.hand import Hand
from sikwu.scoring.message_texts import say
from sikwu.scoring.patterns import base as patterns_base
from sikwu.scoring.profile import DEFAULT_PROFILE, Profile, load_profile
from sikwu.scoring.validate import valid_concealed_counts, validate_hand

_SHAPE_ORDER = {"standard": 0, "nine_gates": 1, "thirteen_orphans": 2, "seven_pairs": 3, "flowers": 4}
_new = object.__new__
_setattr = object.__setattr__


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


def clear_caches() -> None:
    """Forget every table scoring built (benchmarks measure a pass from empty caches): each module clears its own."""
    decompose.clear_caches()
    patterns_base.clear_caches()
    validate.clear_caches()
    evaluate.clear_caches()
    hand_readings.clear_caches()


def _rank(r: Reading) -> tuple:
    return (-r.faan, -r.raw_faan, -r.minimum_faan, _SHAPE_ORDER.get(r.shape, 9), len(r.patterns), r.sets)


def _distinct(found: list[Reading]) -> list[Reading]:
    """The same reading can arise twice (e.g. via two equal groups holding the winning tile): keep one."""
    readings: dict[tuple, Reading] = {}
    for r in found:
        ident = (r.shape, tuple(sorted(r.sets)), tuple(sorted((h.key, h.faan, h.reason) for h in r.patterns)))
        readings.setdefault(ident, r)
    return list(readings.values())


def _not_a_win(hand: Hand, prof: Profile) -> NotAWinningHandError:
    if hand.events & {"seven_flowers", "eight_flowers"}:
        return NotAWinningHandError(say("error.no_flower_win", profile=prof.name))
    return NotAWinningHandError(say("error.not_a_winning_hand", profile=prof.name))


def _notes(best: Reading, prof: Profile) -> tuple[str, ...]:
    """What a player should know beside the faan: a chicken hand, the cap, a hand below the minimum."""
    notes = []
    if not best.patterns:
        notes.append(say("note.chicken_hand"))
    if best.raw_faan > prof.cap_faan:
        notes.append(say("note.capped", raw=best.raw_faan, cap=prof.cap_faan))
    if best.minimum_faan < prof.minimum_faan:
        excluded = best.faan - best.minimum_faan
        extra = say("note.not_counted", count=excluded) if excluded > 0 else ""
        notes.append(say("note.below_minimum", counted=best.minimum_faan, minimum=prof.minimum_faan, excluded=extra))
    return tuple(notes)


def score_hand(hand: Hand, profile: Profile | str = DEFAULT_PROFILE) -> Score:
    """Score a declared win; raises HandError / NotAWinningHandError with a message saying what to fix.

    South self-draws a Half Flush with a pung of the round wind (East) under the Sparrow's Nest league rules:

    >>> from sikwu.scoring import Hand, parse_tiles
    >>> hand = Hand(parse_tiles("123m 456m 789m 111z 55m"), winning_tile="5m", self_drawn=True, seat=2)
    >>> score = score_hand(hand, "sparrows-nest")
    >>> score.faan, score.meets_minimum
    (7, True)
    >>> [(hit.name_en, hit.faan) for hit in score.best.patterns]  # doctest: +NORMALIZE_WHITESPACE
    [('No Flowers', 1), ('Closed Hand', 1), ('Self Draw', 1), ('Matching Wind Triplet', 1), ('Half Flush', 3)]
    >>> score_hand(hand, "old-style-v1").faan  # the same tiles under HK Old Style variant 1
    6
    """
    prof = profile if isinstance(profile, Profile) else load_profile(profile)
    counts = valid_concealed_counts(hand)  # the usual hand: one pass checks it and counts the tiles
    if counts is None:
        validate_hand(hand)  # raises the specific message, or passes
    found = hand_readings.readings(hand, prof, counts)
    if len(found) > 1:
        found = sorted(_distinct(found), key=_rank)
    elif not found:
        raise _not_a_win(hand, prof)
    best = found[0]
    capped = best.raw_faan > prof.cap_faan
    meets = best.minimum_faan >= prof.minimum_faan
    score = _new(Score)  # as in evaluate: the dataclass's fields, set at once
    _setattr(
        score,
        "__dict__",
        {
            "profile": prof.name,
            "hand": hand,
            "best": best,
            "alternatives": tuple(found[1:]),
            "faan": best.faan,
            "raw_faan": best.raw_faan,
            "capped": capped,
            "limit_hand": any(h.limit for h in best.patterns),
            "minimum": prof.minimum_faan,
            "meets_minimum": meets,
            "notes": _notes(best, prof) if capped or not meets or not best.patterns else (),
        },
    )
    return score


__all__ = ["PatternHit", "Reading", "Score", "clear_caches", "score_hand"]
