"""Tile-id assignment: turn per-tile classifier top-k lists into one id per tile that a real tile set allows.

Why: the classifier names each crop on its own, so it can say "five 5-dots" or "two plums" although a Hong Kong set
has four copies of each playing tile and one of each flower/season.  The joint reading with the highest product
of probabilities that respects the set is the honest correction.  When the user says the photo is a winning hand,
the most probable reading that also forms a legal hand (four sets and a pair, kongs allowed, special shapes) is
preferred; tiles whose id changed or whose probability is low are flagged with their top-3 for the user to check.

Counts alone are an assignment problem (tiles to the copies of each id), solved exactly with the Hungarian
method.  The winning-hand search enumerates joint readings best-first (a heap over per-tile rank vectors, each
vector generated once), tests each, and stops at a fixed budget so it can never hang; the budget is generous for
the handful of doubtful tiles a real photo has.
"""

from __future__ import annotations

import heapq
import math
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
from sikwu.scoring.tiles import BONUS_IDS, COPIES_BONUS, COPIES_PLAYING, PLAYING_IDS
from sikwu.vision.labels import BACK, NOT_A_TILE
from sikwu.vision.note_texts import note

#: A tile whose chosen id has probability below this is flagged for the user.
LOW_CONFIDENCE = 0.6
#: Alternatives with probability below this are not worth trying.
MIN_ALTERNATIVE_PROB = 1e-4
#: Best-first search budget (joint readings examined, seconds).
MAX_READINGS = 20_000
MAX_SECONDS = 0.15

_CAPACITY = {**{t: COPIES_PLAYING for t in PLAYING_IDS}, **{t: COPIES_BONUS for t in BONUS_IDS}}

TopK = Sequence[tuple[str, float]]
#: How the ids were chosen (see ``Assignment.method``); the recognition JSON reports it as ``decoding``.
AssignMethod = Literal["classifier", "counts", "winning", "counts-fallback"]


@dataclass(frozen=True)
class AssignedTile:
    id: str
    confidence: float
    top3: tuple[tuple[str, float], ...]
    changed: bool
    low_confidence: bool


@dataclass(frozen=True)
class Assignment:
    tiles: tuple[AssignedTile, ...]
    #: "classifier" (argmax already legal), "counts" (changed to respect tile counts), "winning" (legal winning
    #: hand), or "counts-fallback" (no legal winning reading within budget; counts respected).
    method: AssignMethod
    readings_tried: int
    notes: tuple[str, ...] = ()


def counts_ok(ids: Sequence[str]) -> bool:
    """True when no id occurs more often than a Hong Kong set holds (``scoring.validate.check_counts``).

    Labels that are not tile faces (``back``) are not counted: face-down tiles hide their ids.
    """
    from sikwu.scoring.errors import HandError
    from sikwu.scoring.validate import check_counts

    try:
        check_counts(t for t in ids if t in _CAPACITY)
    except HandError:
        return False
    return True


def is_winning_reading(ids: Sequence[str]) -> bool:
    """Whether the tiles on the table (bonus tiles aside) form a legal winning hand, kongs allowed.

    n playing tiles = 14 + number of kongs; each kong is four equal tiles (declared), the rest must be a winning
    shape according to ``scoring.validate.is_winning_hand``.
    """
    from itertools import combinations

    from sikwu.scoring.hand import Meld
    from sikwu.scoring.validate import is_winning_hand

    if any(t not in _CAPACITY for t in ids):
        return False  # backs or unknowns: cannot be checked
    playing = [t for t in ids if t not in BONUS_IDS]
    kongs = len(playing) - 14
    if kongs < 0 or kongs > 4 or not counts_ok(ids):
        return False
    counts = Counter(playing)
    fours = sorted(t for t, n in counts.items() if n == 4)
    for chosen in combinations(fours, kongs):
        rest = list(playing)
        for t in chosen:
            for _ in range(4):
                rest.remove(t)
        if is_winning_hand(rest, tuple(Meld.kong(t) for t in chosen)):
            return True
    return False


def _candidates(topk: TopK) -> list[tuple[str, float]]:
    out = [(label, float(p)) for label, p in topk if label != NOT_A_TILE and p >= MIN_ALTERNATIVE_PROB]
    if not out:
        out = [(label, float(p)) for label, p in topk[:1]]
    return out


def _best_first(
    options: list[list[tuple[str, float]]], accept: Callable[[list[str]], bool]
) -> tuple[list[int] | None, int]:
    """Rank vectors in order of decreasing joint probability until one is accepted (or the budget runs out)."""
    costs = [[-math.log(max(p, 1e-12)) for _, p in opt] for opt in options]
    n = len(options)
    start = [0] * n
    heap = [(sum(c[0] for c in costs), start, 0)]
    tried = 0
    deadline = time.perf_counter() + MAX_SECONDS
    while heap and tried < MAX_READINGS:
        cost, ranks, last = heapq.heappop(heap)
        tried += 1
        ids = [options[i][r][0] for i, r in enumerate(ranks)]
        if accept(ids):
            return ranks, tried
        if tried % 256 == 0 and time.perf_counter() > deadline:
            break
        for i in range(last, n):
            r = ranks[i] + 1
            if r < len(options[i]):
                nxt = ranks.copy()
                nxt[i] = r
                heapq.heappush(heap, (cost - costs[i][r - 1] + costs[i][r], nxt, i))
    return None, tried


def _hungarian(cost: np.ndarray) -> list[int]:
    """Minimum-cost assignment of every row to a distinct column (rows <= columns); e-maxx formulation,
    vectorised over columns.  Returns the column of each row."""
    n, m = cost.shape
    inf = float("inf")
    u = np.zeros(n + 1)
    v = np.zeros(m + 1)
    p = np.zeros(m + 1, dtype=np.int64)
    way = np.zeros(m + 1, dtype=np.int64)
    for i in range(1, n + 1):
        p[0] = i
        j0 = 0
        minv = np.full(m + 1, inf)
        used = np.zeros(m + 1, dtype=bool)
        while True:
            used[j0] = True
            i0 = p[j0]
            cur = cost[i0 - 1] - u[i0] - v[1:]
            free = ~used[1:]
            upd = free & (cur < minv[1:])
            minv[1:][upd] = cur[upd]
            way[1:][upd] = j0
            cand = np.where(free, minv[1:], inf)
            j1 = int(np.argmin(cand)) + 1
            delta = cand[j1 - 1]
            u[p[used]] += delta
            v[used] -= delta
            minv[~used] -= delta
            j0 = j1
            if p[j0] == 0:
                break
        while True:
            j1 = way[j0]
            p[j0] = p[j1]
            j0 = j1
            if j0 == 0:
                break
    col_of = [0] * n
    for j in range(1, m + 1):
        if p[j]:
            col_of[p[j] - 1] = j - 1
    return col_of


def _assign_counts(options: list[list[tuple[str, float]]]) -> list[str] | None:
    """Most probable joint reading under the tile-set counts, exactly: an assignment of tiles to id copies."""
    labels = sorted({label for opt in options for label, _ in opt})
    slots: list[str] = []
    for label in labels:
        slots.extend([label] * min(_CAPACITY.get(label, len(options)), len(options)))
    if len(slots) < len(options):
        return None
    big = 1e6
    cost = np.full((len(options), len(slots)), big)
    for i, opt in enumerate(options):
        for label, p in opt:
            for j, slot in enumerate(slots):
                if slot == label:
                    cost[i, j] = -math.log(max(p, 1e-12))
    cols = _hungarian(cost)
    if any(cost[i, c] >= big for i, c in enumerate(cols)):
        return None
    return [slots[c] for c in cols]


def _greedy_counts(options: list[list[tuple[str, float]]]) -> list[str]:
    """Always-legal fallback: most confident tiles first, each takes its best id that still has copies left."""
    used: Counter[str] = Counter()
    chosen: list[str | None] = [None] * len(options)
    order = sorted(range(len(options)), key=lambda i: -options[i][0][1])
    for i in order:
        for label, _ in options[i]:
            cap = _CAPACITY.get(label)
            if cap is None or used[label] < cap:
                chosen[i] = label
                used[label] += 1
                break
        if chosen[i] is None:  # every candidate exhausted: take any id with a copy left
            spare = next(t for t in _CAPACITY if used[t] < _CAPACITY[t])
            chosen[i] = spare
            used[spare] += 1
    return [c for c in chosen if c is not None]


def _winning_ranks(
    options: list[list[tuple[str, float]]], argmax: list[str]
) -> tuple[list[int] | None, int, str | None]:
    """The ranks of the most probable legal winning reading (or None), the readings tried, and a note when the
    check was skipped or found nothing."""
    n_playing = sum(1 for a in argmax if a not in BONUS_IDS)
    if any(a == BACK for a in argmax):
        return None, 0, note("vision.face_down")
    if not 14 <= n_playing <= 18:
        return None, 0, note("vision.tile_number", count=n_playing)
    ranks, tried = _best_first(options, is_winning_reading)
    if ranks is None:
        return None, tried, note("vision.no_legal_reading", count=tried)
    return ranks, tried, None


def rounded_top3(topk: TopK) -> tuple[tuple[str, float], ...]:
    """The classifier's first three readings as a result reports them (probabilities to 4 places)."""
    return tuple((label, round(float(q), 4)) for label, q in list(topk)[:3])


def assign(topks: Sequence[TopK], *, winning: bool = False) -> Assignment:
    """Choose one id per tile from its classifier top-k (best first), never breaking the tile-set counts."""
    options = [_candidates(t) for t in topks]
    prob = [{label: p for label, p in opt} for opt in options]
    argmax = [opt[0][0] for opt in options]
    notes: list[str] = []
    method: AssignMethod = "classifier"
    tried = 0
    ranks: list[int] | None = None
    if winning:
        ranks, tried, said = _winning_ranks(options, argmax)
        if said:
            notes.append(said)
        if ranks is not None:
            method = "winning"
    if ranks is None:
        if counts_ok(argmax):
            ids = argmax
        else:
            assigned = _assign_counts(options)
            if assigned is not None:
                ids = assigned
                method = "counts" if method == "classifier" else method
            else:
                ids = _greedy_counts(options)
                method = "counts-fallback"
        if winning and method == "classifier":
            method = "counts-fallback"
    else:
        ids = [options[i][r][0] for i, r in enumerate(ranks)]
    tiles = []
    for i, tile_id in enumerate(ids):
        p = prob[i].get(tile_id, 0.0)
        tiles.append(
            AssignedTile(
                id=tile_id,
                confidence=float(p),
                top3=rounded_top3(topks[i]),
                changed=tile_id != argmax[i],
                low_confidence=p < LOW_CONFIDENCE,
            )
        )
    return Assignment(tiles=tuple(tiles), method=method, readings_tried=tried, notes=tuple(notes))
