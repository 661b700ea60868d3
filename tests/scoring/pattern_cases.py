"""Shared shape of the pattern specification tables (one positive case and at least one near miss per pattern)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from core_helpers import faan_of, keys, make_hand
from sikwu.scoring import score_hand

SN = "sparrows-nest-hk-league-rules.md"
CS = "hk-old-style-cheat-sheet.html"
OS = "mahjong-basics-and-hk-old-style-scoring.md"
NS = "hk-rule-sheet-new-style.md"


@dataclass(frozen=True)
class Case:
    """``pattern`` must (``present``) or must not be in the best reading of the hand under ``profile``."""

    pattern: str
    present: bool
    profile: str
    concealed: str
    melds: tuple[str, ...] = ()
    kw: dict = field(default_factory=dict)
    faan: int | None = None  # expected faan credited for the pattern when present
    cite: str = ""

    @property
    def id(self) -> str:
        return f"{self.pattern}-{'yes' if self.present else 'near-miss'}-{self.profile}-{self.concealed}"


def C(pattern, present, profile, concealed, *melds, faan=None, cite="", **kw) -> Case:  # noqa: N802
    return Case(pattern, present, profile, concealed, tuple(melds), kw, faan, cite)


def params(cases: list[Case]):
    return [pytest.param(c, id=c.id) for c in cases]


def check(case: Case) -> None:
    s = score_hand(make_hand(case.concealed, *case.melds, **case.kw), case.profile)
    found = keys(s)
    msg = f"{case.cite}: {case.pattern} {'expected' if case.present else 'not expected'}; best reading has {found}"
    assert (case.pattern in found) == case.present, msg
    if case.present and case.faan is not None:
        assert faan_of(s, case.pattern) == case.faan, msg
