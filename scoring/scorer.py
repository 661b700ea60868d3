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
from operator import attrgetter

from sikwu.scoring import decompose, validate
from sikwu.scoring.decompose import (
    TILE_INDEX,
    RelGroup,
    SuitDivider,
    counts_of,
    group_tiles,
    is_thirteen_orphans,
    nine_gates_suit,
    seven_pairs_groups,
)
from sikwu.scoring.errors import NotAWinningHandError
from sikwu.scoring.facts import F_CLOSED, F_OPEN, HandFacts, suit_bits
from sikwu.scoring.hand import Hand
from sikwu.scoring.patterns import REGISTRY, Context, SetInfo
from sikwu.scoring.patterns import base as patterns_base
from sikwu.scoring.patterns.base import set_info
from sikwu.scoring.profile import DEFAULT_PROFILE, PatternValue, Profile, load_profile
from sikwu.scoring.tiles import ORPHAN_IDS, PLAYING_IDS
from sikwu.scoring.validate import valid_concealed_counts, validate_hand

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


class _Compiled:
    """A profile's patterns prepared once for the hot loop: bound condition, prerequisite bits, relations, and a
    per-pattern store of the (immutable, shared) hits already made."""

    __slots__ = (
        "profile",
        "entries",
        "by_flags",
        "includes",
        "exclusive",
        "seven_pairs",
        "seven_pairs_distinct",
        "thirteen_orphans",
        "nine_gates",
        "cap",
    )

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        entries = []
        for key, pv in profile.patterns.items():
            inst = _INSTANCES[key]
            call = inst.items if inst.per_item else inst.condition
            needs = inst.needs
            if pv.open is None:  # "2 (-)": only scored when the hand is closed
                needs |= F_CLOSED
            if pv.closed is None:
                needs |= F_OPEN
            # One store of hits per closedness: a reading's flags fix it, so the store is chosen in applicable().
            entries.append((needs, call, inst.per_item, pv, pv.options, ({}, {})))
        self.entries = tuple(entries)
        self.by_flags: dict[int, tuple] = {}
        self.cap = profile.cap_faan
        self.includes = {k: frozenset(pv.includes) for k, pv in profile.patterns.items() if pv.includes}
        self.exclusive = frozenset(k for k, pv in profile.patterns.items() if pv.exclusive)
        sp = profile.patterns.get("seven_pairs")
        self.seven_pairs = sp is not None
        self.seven_pairs_distinct = bool(sp.options.get("distinct_pairs", True)) if sp else True
        self.thirteen_orphans = profile.has("thirteen_orphans")
        self.nine_gates = profile.has("nine_gates")

    def applicable(self, flags: int) -> tuple:
        """The entries whose prerequisite bits are all in ``flags`` (few distinct flag sets occur: cached)."""
        entries = self.by_flags.get(flags)
        if entries is None:
            closed = bool(flags & F_CLOSED)
            entries = self.by_flags[flags] = tuple(
                (needs, call, per_item, pv, opts, stores[closed])
                for needs, call, per_item, pv, opts, stores in self.entries
                if not needs & ~flags
            )
        return entries


_COMPILED: dict[int, _Compiled] = {}


def _compiled(profile: Profile) -> _Compiled:
    c = _COMPILED.get(id(profile))
    if c is None or c.profile is not profile:
        if len(_COMPILED) > 256:
            _COMPILED.clear()
        c = _COMPILED[id(profile)] = _Compiled(profile)
    return c


def _meld_sets(hand: Hand) -> list[SetInfo]:
    return [set_info(m.kind, m.tiles, m.concealed, True) for m in hand.melds]


def _group_set(kind: str, first: str, concealed: bool = True) -> SetInfo:
    """The SetInfo of a concealed group ``(kind, first)`` (``concealed=False``: a pung completed by a discard)."""
    store = _CONCEALED_SETS if concealed else _DISCARD_PUNGS
    info = store.get((kind, first))
    if info is None:
        info = store[(kind, first)] = set_info(kind, group_tiles((kind, first)), concealed, False)
    return info


_CONCEALED_SETS: dict[tuple[str, str], SetInfo] = {}  # keyed by the decomposition's (kind, first tile) group
_DISCARD_PUNGS: dict[tuple[str, str], SetInfo] = {}


def clear_caches() -> None:
    """Forget every table the scorer built (benchmarks measure a pass from empty caches)."""
    decompose.clear_caches()
    patterns_base.clear_caches()
    validate.clear_caches()
    _CONCEALED_SETS.clear()
    _DISCARD_PUNGS.clear()
    _COMPILED.clear()
    _DIVIDER.clear()


def _special_divisions(hand: Hand, comp: _Compiled, facts: HandFacts, counts: tuple[int, ...]):
    """(shape, groups) of the special shapes the profile has, in ``decompose.divisions`` order (after the standard
    readings); cheap prerequisites first: Thirteen Orphans is all terminals/honours, Nine Gates one suit."""
    concealed = hand.concealed
    if len(concealed) != 14:
        return
    if comp.thirteen_orphans and facts.all_orphans and is_thirteen_orphans(counts):
        pair = next(PLAYING_IDS[i] for i, c in enumerate(counts) if c == 2)
        yield "thirteen_orphans", tuple(("single", t) for t in ORPHAN_IDS if t != pair) + (("pair", pair),)
    if comp.seven_pairs:
        pairs = seven_pairs_groups(counts, comp.seven_pairs_distinct)
        if pairs is not None:
            yield "seven_pairs", pairs
    if comp.nine_gates and len(facts.suits) == 1 and not facts.has_honours and nine_gates_suit(counts) is not None:
        yield "nine_gates", tuple(("single", t) for t in sorted(concealed, key=TILE_INDEX.get))


def _all_group_sets(which: int) -> dict[RelGroup, SetInfo]:
    """Every concealed group of one suit, by its suit-relative ``(kind, index)``: a constant table of ~25 sets
    (not a cache of anything a hand computed), so that combining a suit's readings never builds a SetInfo."""
    suit = "mpsz"[which]
    size = 7 if suit == "z" else 9
    kinds = ("pair", "pung", "chow") if suit != "z" else ("pair", "pung")
    return {
        (kind, i): set_info(kind, group_tiles((kind, f"{i + 1}{suit}")), True, False)
        for kind in kinds
        for i in range(size - 2 if kind == "chow" else size)
    }


_GROUP_SETS = tuple(_all_group_sets(which) for which in range(4))

#: The hand division (``decompose.SuitDivider``) with concealed SetInfo groups and the tiles' fact bits.
_DIVIDER: SuitDivider[SetInfo] = SuitDivider(lambda which, group: _GROUP_SETS[which][group], suit_bits)


_new = object.__new__
_setattr = object.__setattr__


def _flower_readings(hand: Hand, prof: Profile) -> list[Reading]:
    """Winning on the seventh/eighth flower is a win only where the profile has that hand (no tiles to read)."""
    if all(prof.has(event) for event in hand.events & _FLOWER_WINS):
        return [evaluate(Context(hand, "flowers", (), None, HandFacts(hand)), prof)]
    return []


def _readings(hand: Hand, prof: Profile, counts: tuple[int, ...] | None) -> list[Reading]:
    """Every reading of ``hand`` the profile allows, evaluated: each standard division once per distinct group the
    winning tile can have completed (a pung completed by a discard is not concealed), then the special shapes.
    The winning groups are shared SetInfo objects, so equality finds repeats cheaply."""
    if hand.events & _FLOWER_WINS:
        return _flower_readings(hand, prof)
    comp = _compiled(prof)
    if counts is None:
        counts = counts_of(hand.concealed)
    standard, bits = _DIVIDER.divide(counts)
    facts = HandFacts(hand, bits)
    melds = tuple(_meld_sets(hand))
    winning_tile = hand.winning_tile
    self_drawn = hand.self_drawn
    out = []
    for groups in standard:
        seen = []
        for i, g in enumerate(groups):
            if winning_tile not in g.tiles or g in seen:
                continue
            seen.append(g)
            placed = list(groups)
            if not self_drawn and g.kind == "pung":
                placed[i] = _group_set("pung", g.first, False)
            out.append(_evaluate(Context(hand, "standard", melds + tuple(placed), placed[i], facts), comp))
        if not seen:  # winning tile unknown (validated away for normal wins); still score the shape
            out.append(_evaluate(Context(hand, "standard", melds + tuple(groups), None, facts), comp))
    concealed_sets = _CONCEALED_SETS
    for shape, div_groups in _special_divisions(hand, comp, facts, counts):
        groups = [concealed_sets.get(g) or _group_set(*g) for g in div_groups]
        out.append(_evaluate(Context(hand, shape, melds + tuple(groups), None, facts), comp))
    return out


_FLOWER_WINS = frozenset({"seven_flowers", "eight_flowers"})


def _hit(store: dict, pv: PatternValue, reason: str, closed: bool, cap: int) -> PatternHit:
    """The PatternHit for ``pv`` with ``reason`` (immutable, so one object serves every hand that has it); ``store``
    holds the hits of one closedness (``closed``)."""
    hit = store.get(reason)
    if hit is None:
        if len(store) > 5_000:
            store.clear()
        value = pv.closed if closed else pv.open
        hit = store[reason] = PatternHit(
            key=pv.key,
            name_en=pv.name_en,
            name_zh=pv.name_zh,
            faan=value,
            reason=reason,
            limit=(pv.limit_closed if closed else pv.limit_open) or value >= cap,
            counts_for_minimum=pv.counts_for_minimum,
        )
    return hit


def evaluate(ctx: Context, profile: Profile) -> Reading:
    """Apply the profile's patterns and relations to one reading."""
    return _evaluate(ctx, _compiled(profile))


def _evaluate(ctx: Context, comp: _Compiled) -> Reading:
    cap = comp.cap
    closed = ctx.closed
    found: list[PatternHit] = []
    # Only patterns whose prerequisites (``Pattern.needs``; a closed-only value needs a closed hand) the reading
    # has are asked at all.
    flags = ctx.flags
    entries = comp.by_flags.get(flags)
    if entries is None:
        entries = comp.applicable(flags)
    for _needs, call, per_item, pv, opts, store in entries:
        if per_item:
            reasons = call(ctx, opts)
            if reasons:
                for reason in reasons:
                    found.append(store.get(reason) or _hit(store, pv, reason, closed, cap))
        else:
            reason = call(ctx, opts)
            if reason:
                found.append(store.get(reason) or _hit(store, pv, reason, closed, cap))
    if found and (comp.includes or comp.exclusive):
        includes = comp.includes
        excluded = set()
        for h in found:
            inc = includes.get(h.key)
            if inc:
                excluded |= inc
        if excluded:
            found = [h for h in found if h.key not in excluded]
        exclusive = comp.exclusive
        if exclusive and any(h.key in exclusive for h in found):
            found = [h for h in found if h.key in exclusive]
    raw = 0
    counted = 0
    for h in found:
        raw += h.faan
        if h.counts_for_minimum:
            counted += h.faan
    ws = ctx.winning_set
    # The frozen dataclass's __init__ sets each field through object.__setattr__; one __dict__ is the same object.
    reading = _new(Reading)
    _setattr(
        reading,
        "__dict__",
        {
            "shape": ctx.shape,
            "sets": tuple(map(_TILES, ctx.sets)),
            "patterns": tuple(found),
            "raw_faan": raw,
            "faan": raw if raw < cap else cap,
            "winning_set": ws.tiles if ws is not None else None,
            "minimum_faan": counted if counted < cap else cap,
        },
    )
    return reading


_TILES = attrgetter("tiles")


def _rank(r: Reading) -> tuple:
    return (-r.faan, -r.raw_faan, -r.minimum_faan, _SHAPE_ORDER.get(r.shape, 9), len(r.patterns), r.sets)


def score_hand(hand: Hand, profile: Profile | str = DEFAULT_PROFILE) -> Score:
    """Score a declared win; raises HandError / NotAWinningHandError with a message saying what to fix."""
    prof = profile if isinstance(profile, Profile) else load_profile(profile)
    counts = valid_concealed_counts(hand)  # the usual hand: one pass checks it and counts the tiles
    if counts is None:
        validate_hand(hand)  # raises the specific message, or passes
    found = _readings(hand, prof, counts)
    if len(found) > 1:  # the same reading can arise twice (e.g. via two equal groups holding the winning tile)
        readings: dict[tuple, Reading] = {}
        for r in found:
            ident = (r.shape, tuple(sorted(r.sets)), tuple(sorted((h.key, h.faan, h.reason) for h in r.patterns)))
            readings.setdefault(ident, r)
        found = list(readings.values())
    if not found:
        if hand.events & {"seven_flowers", "eight_flowers"}:
            raise NotAWinningHandError(
                f"profile '{prof.name}' has no seven/eight-flower win; remove the event or choose another profile"
            )
        raise NotAWinningHandError(
            "these tiles do not form four sets and a pair"
            + (" or a special hand allowed by profile '" + prof.name + "'")
            + "; check the tiles (a missing or misread tile is the usual cause) and that every kong is declared"
        )
    ordered = sorted(found, key=_rank) if len(found) > 1 else found
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
    score = _new(Score)  # as in evaluate: the dataclass's fields, set at once
    _setattr(
        score,
        "__dict__",
        {
            "profile": prof.name,
            "hand": hand,
            "best": best,
            "alternatives": tuple(ordered[1:]),
            "faan": best.faan,
            "raw_faan": best.raw_faan,
            "capped": capped,
            "limit_hand": limit_hand,
            "minimum": prof.minimum_faan,
            "meets_minimum": meets,
            "notes": tuple(notes),
        },
    )
    return score
