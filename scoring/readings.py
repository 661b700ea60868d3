"""Every reading of a hand: the standard divisions of its concealed tiles, each with the group the winning tile
completed, and the special shapes the profile has -- evaluated under the profile.

The division is ``decompose.SuitDivider`` with shared concealed ``SetInfo`` groups and the tiles' fact bits
(``scoring.facts``), so a reading of a usual hand is built from dictionary look-ups, never from new objects.
"""

from __future__ import annotations

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
from sikwu.scoring.evaluate import CompiledProfile, Reading, compiled, evaluate, evaluate_compiled
from sikwu.scoring.facts import HandFacts, suit_bits
from sikwu.scoring.hand import Hand
from sikwu.scoring.patterns import Context, SetInfo
from sikwu.scoring.patterns.base import set_info
from sikwu.scoring.profile import Profile
from sikwu.scoring.tiles import ORPHAN_IDS, PLAYING_IDS

_FLOWER_WINS = frozenset({"seven_flowers", "eight_flowers"})


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
    """Forget the sets and per-suit readings built for hands so far."""
    _CONCEALED_SETS.clear()
    _DISCARD_PUNGS.clear()
    _DIVIDER.clear()


def _special_divisions(hand: Hand, comp: CompiledProfile, facts: HandFacts, counts: tuple[int, ...]):
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
    waiting_on = hand.winning_tile if comp.nine_gates_waiting else None
    one_suit = len(facts.suits) == 1 and not facts.has_honours
    if comp.nine_gates and one_suit and nine_gates_suit(counts, waiting_on) is not None:
        yield "nine_gates", tuple(("single", t) for t in sorted(concealed, key=TILE_INDEX.__getitem__))


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


def _flower_readings(hand: Hand, prof: Profile) -> list[Reading]:
    """Winning on the seventh/eighth flower is a win only where the profile has that hand (no tiles to read)."""
    if all(prof.has(event) for event in hand.events & _FLOWER_WINS):
        return [evaluate(Context(hand, "flowers", (), None, HandFacts(hand)), prof)]
    return []


def readings(hand: Hand, prof: Profile, counts: tuple[int, ...] | None) -> list[Reading]:
    """Every reading of ``hand`` the profile allows, evaluated: each standard division once per distinct group the
    winning tile can have completed (a pung completed by a discard is not concealed), then the special shapes.
    The winning groups are shared SetInfo objects, so equality finds repeats cheaply."""
    if hand.events & _FLOWER_WINS:
        return _flower_readings(hand, prof)
    comp = compiled(prof)
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
            out.append(evaluate_compiled(Context(hand, "standard", melds + tuple(placed), placed[i], facts), comp))
        if not seen:  # winning tile unknown (validated away for normal wins); still score the shape
            out.append(evaluate_compiled(Context(hand, "standard", melds + tuple(groups), None, facts), comp))
    concealed_sets = _CONCEALED_SETS
    for shape, div_groups in _special_divisions(hand, comp, facts, counts):
        groups = [concealed_sets.get(g) or _group_set(*g) for g in div_groups]
        out.append(evaluate_compiled(Context(hand, shape, melds + tuple(groups), None, facts), comp))
    return out
