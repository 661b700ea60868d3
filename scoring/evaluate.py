"""One reading of a hand under a profile: which patterns it has, the profile's relations between them, its faan.

A profile is compiled once (``CompiledProfile``) into what the hot loop needs: each pattern's bound condition, the
prerequisite bits it needs (``scoring.facts``), the relations (``includes``: the listed patterns are not scored
beside this one; ``exclusive``: nothing else is scored) and a store of the (immutable, shared) hits already made.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter

from sikwu.scoring.facts import F_CLOSED, F_OPEN
from sikwu.scoring.patterns import REGISTRY, Context
from sikwu.scoring.profile import PatternValue, Profile

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


class CompiledProfile:
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
        "nine_gates_waiting",
        "cap",
        "has_relations",
    )

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        entries: list[tuple] = []
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
        self.has_relations = bool(self.includes or self.exclusive)
        sp = profile.patterns.get("seven_pairs")
        self.seven_pairs = sp is not None
        self.seven_pairs_distinct = bool(sp.options.get("distinct_pairs", True)) if sp else True
        self.thirteen_orphans = profile.has("thirteen_orphans")
        nine_gates = profile.patterns.get("nine_gates")
        self.nine_gates = nine_gates is not None
        self.nine_gates_waiting = bool(nine_gates.options.get("waiting_hand", False)) if nine_gates else False

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


_COMPILED: dict[int, CompiledProfile] = {}


def compiled(profile: Profile) -> CompiledProfile:
    c = _COMPILED.get(id(profile))
    if c is None or c.profile is not profile:
        if len(_COMPILED) > 256:
            _COMPILED.clear()
        c = _COMPILED[id(profile)] = CompiledProfile(profile)
    return c


def _hit(store: dict, pv: PatternValue, reason: str, closed: bool, cap: int) -> PatternHit:
    """The PatternHit for ``pv`` with ``reason`` (immutable, so one object serves every hand that has it); ``store``
    holds the hits of one closedness (``closed``)."""
    hit = store.get(reason)
    if hit is None:
        if len(store) > 5_000:
            store.clear()
        value = pv.closed if closed else pv.open
        if value is None:  # the prerequisite bits keep "2 (-)" patterns away from open hands
            raise ValueError(f"pattern {pv.key!r} has no value for a {'closed' if closed else 'open'} hand")
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
    return evaluate_compiled(ctx, compiled(profile))


def _apply_relations(found: list[PatternHit], comp: CompiledProfile) -> list[PatternHit]:
    """Drop the hits another hit ``includes``; when an ``exclusive`` pattern hit, keep only the exclusive ones."""
    includes = comp.includes
    excluded: set[str] = set()
    for h in found:
        inc = includes.get(h.key)
        if inc:
            excluded |= inc
    if excluded:
        found = [h for h in found if h.key not in excluded]
    exclusive = comp.exclusive
    if exclusive and any(h.key in exclusive for h in found):
        found = [h for h in found if h.key in exclusive]
    return found


def evaluate_compiled(ctx: Context, comp: CompiledProfile) -> Reading:
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
    if found and comp.has_relations:
        found = _apply_relations(found, comp)
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


_new = object.__new__
_setattr = object.__setattr__


def clear_caches() -> None:
    """Forget the compiled profiles (and with them the pattern hits they stored)."""
    _COMPILED.clear()
