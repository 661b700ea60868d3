"""Seeded random hands for the scorer's differential check, and a canonical text of what ``score_hand`` returns.

Why: speed work on the scorer must not change a single result.  ``record`` is the full public result (best
reading, every alternative, every hit with its reason, notes) or the error class and message, so comparing
records of two engines over many generated hands shows any behaviour change.  The generator leans towards the
hands that exercise rare paths: honours, one-suit hands, declared and concealed kongs, events, flowers, special
shapes, and some broken hands (errors must stay the same too).
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import replace

from sikwu.scoring import Hand, Meld, score_hand
from sikwu.scoring.errors import ScoringError
from sikwu.scoring.hand import EVENTS
from sikwu.scoring.tiles import BONUS_IDS, HONOUR_IDS, ORPHAN_IDS, PLAYING_IDS, SUITS

_EVENTS = sorted(EVENTS)


def _standard(rng: random.Random) -> tuple[list[str], list[Meld]] | None:
    pool_kind = rng.random()
    if pool_kind < 0.25:  # one suit (+ honours half the time): flushes, straights, identical chows
        suit = rng.choice(SUITS)
        pool = [f"{r}{suit}" for r in range(1, 10)] + (list(HONOUR_IDS) if rng.random() < 0.5 else [])
    elif pool_kind < 0.4:  # honour-heavy: dragons, winds, all honours
        pool = list(HONOUR_IDS) + [f"{r}{rng.choice(SUITS)}" for r in (1, 9)]
    elif pool_kind < 0.5:  # terminals and honours
        pool = list(ORPHAN_IDS)
    else:
        pool = list(PLAYING_IDS)
    counts = dict.fromkeys(PLAYING_IDS, 0)
    groups: list[tuple[str, tuple[str, ...]]] = []
    for _ in range(60):
        if len(groups) == 4:
            break
        t = rng.choice(pool)
        if t[1] in SUITS and int(t[0]) <= 7 and rng.random() < 0.5:
            tiles, kind = (t, f"{int(t[0]) + 1}{t[1]}", f"{int(t[0]) + 2}{t[1]}"), "chow"
        else:
            tiles, kind = (t,) * 3, "pung"
        if all(counts[x] + tiles.count(x) <= 4 for x in tiles):
            for x in tiles:
                counts[x] += 1
            groups.append((kind, tiles))
    if len(groups) < 4:
        return None
    pair_choices = [t for t in pool if counts[t] <= 2] or [t for t in PLAYING_IDS if counts[t] <= 2]
    pair = rng.choice(pair_choices)
    melds: list[Meld] = []
    concealed: list[str] = [pair, pair]
    for kind, tiles in groups:
        r = rng.random()
        if kind == "pung" and r < 0.12 and counts[tiles[0]] == 3:
            kong_kind = rng.choice(("exposed", "added", "concealed"))
            melds.append(Meld.kong(tiles[0], kong_kind, fed_by=rng.choice((None, 2, 3))))
            counts[tiles[0]] += 1
        elif r < 0.3:
            melds.append(Meld.chow(tiles[0]) if kind == "chow" else Meld.pung(tiles[0], fed_by=rng.choice((None, 3))))
        else:
            concealed.extend(tiles)
    return concealed, melds


def random_hand(rng: random.Random) -> Hand:
    style = rng.random()
    melds: list[Meld] = []
    if style < 0.04:
        pair = rng.choice(ORPHAN_IDS)
        concealed = list(ORPHAN_IDS) + [pair]
    elif style < 0.12:
        pool = list(PLAYING_IDS) if rng.random() < 0.5 else [f"{r}{rng.choice(SUITS)}" for r in range(1, 10)]
        picks = [rng.choice(pool) for _ in range(7)]
        concealed = [t for t in picks for _ in range(2)]
    elif style < 0.16:
        suit = rng.choice(SUITS)
        concealed = [f"{r}{suit}" for r in (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)] + [f"{rng.randint(1, 9)}{suit}"]
    else:
        made = None
        while made is None:
            made = _standard(rng)
        concealed, melds = made
    if rng.random() < 0.04:  # a broken hand: a tile missing or a stray tile
        if rng.random() < 0.5 and concealed:
            concealed.pop(rng.randrange(len(concealed)))
        else:
            concealed.append(rng.choice(PLAYING_IDS))
    rng.shuffle(concealed)
    n_bonus = rng.choice((0, 0, 0, 1, 1, 2, 3, 4, 7, 8))
    bonus = tuple(rng.sample(BONUS_IDS, n_bonus))
    self_drawn = rng.random() < 0.45
    seat = rng.randint(1, 4)
    dealer = rng.choice((1, 1, seat, rng.randint(1, 4)))
    events: set[str] = set()
    if rng.random() < 0.25:
        events = set(rng.sample(_EVENTS, rng.choice((1, 1, 1, 2))))
    if n_bonus >= 7 and rng.random() < 0.5:
        events = {"seven_flowers" if n_bonus == 7 else "eight_flowers"}
        self_drawn = True
    discarder = None
    if not self_drawn:
        discarder = rng.choice([s for s in (1, 2, 3, 4) if s != seat] + [None])
    win = rng.choice(concealed) if concealed and rng.random() > 0.01 else None
    return Hand(
        concealed=tuple(concealed),
        melds=tuple(melds),
        bonus=bonus,
        winning_tile=win,
        self_drawn=self_drawn,
        events=frozenset(events),
        seat=seat,
        round_wind=rng.choice(("1z", "1z", "2z", "3z", "4z")),
        dealer=dealer,
        discarder=discarder,
    )


def random_hands(n: int, seed: int) -> list[Hand]:
    rng = random.Random(seed)
    return [random_hand(rng) for _ in range(n)]


def record(hand: Hand, profile) -> str:
    """Everything ``score_hand`` returns (dataclass repr: every field of every reading and hit), or its error.

    The hand itself is left out: it is the input, and its frozenset of events prints in a per-process order.
    """
    try:
        return repr(replace(score_hand(hand, profile), hand=None))
    except ScoringError as e:
        return f"{type(e).__name__}: {e}"


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]
