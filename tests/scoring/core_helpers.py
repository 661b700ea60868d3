"""Small builders so that scoring-core tests read like the rule documents: tiles in notation, melds as words."""

from __future__ import annotations

import pytest
from sikwu.scoring import Hand, Meld, Score, parse_tiles, score_hand
from sikwu.scoring.__main__ import main


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``python -m sikwu.scoring ARGV`` in this process: (exit status, stdout, stderr), argparse's exits included."""
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse usage errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def meld(text: str, fed_by: int | None = None) -> Meld:
    """``"pung 7z"``, ``"chow 1p"`` (1p 2p 3p), ``"kong 3s"`` (exposed), ``"ckong 3s"`` (concealed), ``"akong 3s"``."""
    kind, tile = text.split()
    if kind == "chow":
        return Meld.chow(tile, fed_by=fed_by)
    if kind == "pung":
        return Meld.pung(tile, fed_by=fed_by)
    return Meld.kong(tile, {"kong": "exposed", "ckong": "concealed", "akong": "added"}[kind], fed_by=fed_by)


def make_hand(
    concealed: str,
    *melds: str,
    win: str | None = None,
    self_drawn: bool = False,
    bonus: str = "",
    events: tuple[str, ...] = (),
    seat: int = 1,
    round_wind: str = "1z",
    dealer: int = 1,
    discarder: int | None = None,
) -> Hand:
    """Winning tile defaults to the last concealed tile; a discard win defaults to the next seat discarding."""
    tiles = parse_tiles(concealed)
    if discarder is None and not self_drawn:
        discarder = dealer if "earthly" in events else seat % 4 + 1
    return Hand(
        concealed=tiles,
        melds=tuple(meld(m) for m in melds),
        bonus=parse_tiles(bonus),
        winning_tile=win if win is not None else (tiles[-1] if tiles else None),
        self_drawn=self_drawn,
        events=frozenset(events),
        seat=seat,
        round_wind=round_wind,
        dealer=dealer,
        discarder=None if self_drawn else discarder,
    )


def keys(score: Score) -> list[str]:
    return [h.key for h in score.best.patterns]


def faan_of(score: Score, key: str) -> int:
    return sum(h.faan for h in score.best.patterns if h.key == key)


def score(profile: str, concealed: str, *melds: str, **kw) -> Score:
    return score_hand(make_hand(concealed, *melds, **kw), profile)
