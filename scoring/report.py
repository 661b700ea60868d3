"""A settled hand as something people read: patterns, total, points, payments, other readings, other profiles.

:func:`build_report` scores the hand under the chosen profile, settles it, and (for disputes: "at my table that's
worth more") scores and settles the same hand under every other built-in profile.  One :class:`Report` renders as
terminal text, Markdown (the Streamlit page) or a JSON-able dict whose keys are stable and documented in
``/work/notes/readme-scoring-settlement.md`` (``schema = "sikwu.report/1"``).
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from sikwu.scoring.errors import ScoringError
from sikwu.scoring.hand import Hand, HandHistory
from sikwu.scoring.hand_json import hand_to_json
from sikwu.scoring.messages import to_json
from sikwu.scoring.notation import format_groups, format_tiles
from sikwu.scoring.payments import SEATS, Settlement, rules_of, seat_name, seat_short, settle
from sikwu.scoring.profile import Profile, builtin_profiles, load_profile
from sikwu.scoring.scorer import Reading, Score, score_hand
from sikwu.scoring.tiles import TILE_NAMES

SCHEMA = "sikwu.report/1"


@dataclass(frozen=True)
class Comparison:
    """The same hand under another profile (``error`` says why it does not score there)."""

    profile: str
    faan: int | None
    points: int | None
    table_row: str
    legal: bool
    payments: dict[int, int]
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "profile": self.profile,
            "faan": self.faan,
            "points": self.points,
            "table_row": self.table_row,
            "legal": self.legal,
            "payments": {str(s): self.payments.get(s, 0) for s in SEATS},
            "error": self.error,
        }


@dataclass(frozen=True)
class Report:
    hand: Hand
    profile: Profile
    score: Score
    settlement: Settlement
    comparison: tuple[Comparison, ...] = field(default=())
    history: HandHistory | None = None  # what the hand does not show (the replacement chain), when told

    # ---------------------------------------------------------------- facts
    @property
    def minimum_statement(self) -> str | None:
        """What the minimum means for this hand, or None when it is met."""
        if self.score.meets_minimum:
            return None
        counted = self.score.best.minimum_faan
        return f"{counted} faan is below the {self.score.minimum}-faan minimum: not a legal win"

    @property
    def cap_statement(self) -> str | None:
        if self.score.capped:
            return (
                f"{self.score.raw_faan} faan is capped at the {self.profile.cap_faan}-faan limit: "
                f"paid as {self.score.faan} faan"
            )
        if self.score.limit_hand:
            return f"limit hand: paid at the {self.profile.cap_faan}-faan limit"
        return None

    def _how_won(self) -> str:
        h = self.hand
        parts = [f"winner {seat_name(h.seat)}", f"round {_wind(h.round_wind)}", f"dealer {seat_name(h.dealer)}"]
        if h.self_drawn:
            parts.insert(0, "self-drawn")
        elif h.discarder is not None:
            parts.insert(0, f"on a discard from {seat_name(h.discarder)}")
        else:
            parts.insert(0, "on a discard (discarder not given)")
        if h.events:
            parts.append("events: " + ", ".join(sorted(h.events)))
        if self.history is not None and self.history.replacement_chain:
            kongs = (format_tiles(h.melds[i].tiles).replace(" ", "") for i in self.history.replacement_chain)
            parts.append("replacement chain: " + ", ".join(kongs))
        return "; ".join(parts)

    # ---------------------------------------------------------------- dict / json
    def to_dict(self) -> dict[str, Any]:
        s = self.score
        return {
            "schema": SCHEMA,
            "profile": {
                "name": self.profile.name,
                "description": self.profile.description,
                "name_zh": self.profile.name_zh,
                "description_zh": self.profile.description_zh,
                "source": self.profile.source,
                "minimum_faan": self.profile.minimum_faan,
                "cap_faan": self.profile.cap_faan,
                "payment": self.settlement_rules_text(),
            },
            "hand": hand_to_json(self.hand, self.history),
            "seats": {str(seat): seat_short(seat) for seat in SEATS},
            "faan": s.faan,
            "raw_faan": s.raw_faan,
            "capped": s.capped,
            "limit_hand": s.limit_hand,
            "meets_minimum": s.meets_minimum,
            "minimum_statement": self.minimum_statement,
            "cap_statement": self.cap_statement,
            "reading": _reading_dict(s.best),
            "patterns": [_hit_dict(h) for h in s.best.patterns],
            "alternatives": [_reading_dict(r) for r in s.alternatives],
            "notes": list(s.notes),
            "note_messages": [to_json(n) for n in s.notes],
            "settlement": self.settlement.to_dict(),
            "comparison": [c.to_dict() for c in self.comparison],
        }

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    def settlement_rules_text(self) -> str:
        return rules_of(self.profile).describe()

    # ---------------------------------------------------------------- text
    def _hand_text(self) -> str:
        h = self.hand
        parts = ["hand: " + format_tiles(h.concealed)]
        for m in h.melds:
            fed = f" fed by {seat_short(m.fed_by)}" if m.fed_by else ""
            label = {"concealed": "concealed kong", "added": "added kong"}.get(m.kong_kind or "", m.kind)
            parts.append(f"{label} {format_tiles(m.tiles)}{fed}")
        if h.bonus:
            parts.append("bonus: " + format_tiles(h.bonus))
        if h.winning_tile:
            parts.append(f"winning tile: {h.winning_tile} ({TILE_NAMES[h.winning_tile].english})")
        return " | ".join(parts)

    def to_text(self) -> str:
        s, st = self.score, self.settlement
        out = [f"Profile: {self.profile.name} -- {self.profile.description}"]
        out.append(self._hand_text())
        out.append(f"won {self._how_won()}")
        out.append("")
        width = max([_width(f"{h.name_en} {h.name_zh}") for h in s.best.patterns] + [20])
        out.append(f"{'faan':>5}  {'pattern':<{width}}  why")
        for h in s.best.patterns:
            flag = " (limit)" if h.limit else ""
            flag += "" if h.counts_for_minimum else " (not towards minimum)"
            out.append(f"{h.faan:>5}  {_pad(h.name_en + ' ' + h.name_zh, width)}  {h.reason}{flag}")
        if not s.best.patterns:
            out.append(f"{0:>5}  {_pad('Chicken hand 雞糊', width)}  no scoring pattern")
        out.append(f"{s.faan:>5}  {'TOTAL':<{width}}  (minimum {s.minimum}, cap {self.profile.cap_faan})")
        for statement in (self.cap_statement, self.minimum_statement):
            if statement:
                out.append(f"       {statement}")
        out.append("")
        out.append(f"Points: {st.table_row}")
        out.append(f"Payment rule: {self.settlement_rules_text()}")
        out.append("Payments (+ receives, - pays):")
        for seat in SEATS:
            out.append(f"  {seat_name(seat):<16}{_signed(st.payments.get(seat, 0)):>7}{_role(self.hand, seat)}")
        for line in st.lines:
            out.append(f"  - {line}")
        if s.alternatives:
            out.append("")
            out.append("Other readings of the same tiles:")
            for r in s.alternatives[:5]:
                out.append(f"  {r.faan:>3} faan  {_sets_text(r)}  [{', '.join(h.name_en for h in r.patterns)}]")
            if len(s.alternatives) > 5:
                out.append(f"  ... and {len(s.alternatives) - 5} more (see --json)")
        if self.comparison:
            out.append("")
            out.append("Same hand under the other built-in profiles:")
            head = f"  {'profile':<22}{'faan':>5}{'points':>8}  " + "".join(f"{seat_short(x):>7}" for x in SEATS)
            out.append(head)
            for c in self.comparison:
                out.append("  " + _comparison_text(c))
        return "\n".join(out)

    # ---------------------------------------------------------------- markdown
    def to_markdown(self) -> str:
        s, st = self.score, self.settlement
        md = [f"### {s.faan} faan under **{self.profile.name}**", "", f"*{self.profile.description}*", ""]
        md.append(f"{self._hand_text()}  ")
        md.append(f"won {self._how_won()}")
        md.append("")
        md.append("| faan | pattern | 中文 | why |")
        md.append("| ---: | --- | --- | --- |")
        for h in s.best.patterns:
            flag = " (limit)" if h.limit else ""
            md.append(f"| {h.faan} | {h.name_en}{flag} | {h.name_zh} | {_md(h.reason)} |")
        if not s.best.patterns:
            md.append("| 0 | Chicken hand | 雞糊 | no scoring pattern |")
        md.append(f"| **{s.faan}** | **total** | | minimum {s.minimum}, cap {self.profile.cap_faan} |")
        md.append("")
        for statement in (self.cap_statement, self.minimum_statement):
            if statement:
                md.append(f"> {statement}")
                md.append("")
        md.append(f"**Points:** {st.table_row}. **Payment rule:** {self.settlement_rules_text()}.")
        md.append("")
        md.append("| seat | payment | |")
        md.append("| --- | ---: | --- |")
        for seat in SEATS:
            md.append(f"| {seat_name(seat)} | {_signed(st.payments.get(seat, 0))} | {_role(self.hand, seat).strip()} |")
        md.append("")
        md.extend(f"- {_md(line)}" for line in st.lines)
        if s.alternatives:
            md.append("")
            md.append("**Other readings:**")
            md.append("")
            for r in s.alternatives[:5]:
                md.append(f"- {r.faan} faan: {_sets_text(r)} ({', '.join(h.name_en for h in r.patterns) or 'none'})")
        if self.comparison:
            md.append("")
            md.append("**Same hand under the other built-in profiles:**")
            md.append("")
            md.append("| profile | faan | points | " + " | ".join(seat_short(x) for x in SEATS) + " |")
            md.append("| --- | ---: | ---: | " + " | ".join("---:" for _ in SEATS) + " |")
            for c in self.comparison:
                if c.error:
                    md.append(f"| {c.profile} | - | - | {_md(c.error)} |" + " |" * (len(SEATS) - 1))
                    continue
                pays = " | ".join(_signed(c.payments.get(x, 0)) for x in SEATS)
                pts = c.points if c.legal else "not legal"
                md.append(f"| {c.profile} | {c.faan} | {pts} | {pays} |")
        return "\n".join(md)


def _width(text: str) -> int:
    """Terminal columns: CJK names (三元牌) take two columns each."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _width(text))


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _md(text: str) -> str:
    return text.replace("|", "\\|")


def _wind(tile: str) -> str:
    return TILE_NAMES[tile].english.split()[0]


def _role(hand: Hand, seat: int) -> str:
    roles = []
    if seat == hand.seat:
        roles.append("winner")
    if seat == hand.discarder and not hand.self_drawn:
        roles.append("discarder")
    if seat == hand.dealer:
        roles.append("dealer")
    return ("  " + ", ".join(roles)) if roles else ""


def _sets_text(r: Reading) -> str:
    return format_groups(r.sets) if r.sets else r.shape


def _hit_dict(h: Any) -> dict[str, Any]:
    return {
        "key": h.key,
        "name_en": h.name_en,
        "name_zh": h.name_zh,
        "faan": h.faan,
        "reason": h.reason,
        "reason_message": to_json(h.reason),
        "limit": h.limit,
        "counts_for_minimum": h.counts_for_minimum,
    }


def _reading_dict(r: Reading) -> dict[str, Any]:
    return {
        "shape": r.shape,
        "sets": [list(g) for g in r.sets],
        "faan": r.faan,
        "raw_faan": r.raw_faan,
        "patterns": [_hit_dict(h) for h in r.patterns],
    }


def _comparison_text(c: Comparison) -> str:
    if c.error:
        return f"{c.profile:<22}{'-':>5}{'-':>8}  {c.error}"
    pts = str(c.points) if c.legal else "illegal"
    pays = "".join(f"{_signed(c.payments.get(x, 0)):>7}" for x in SEATS)
    return f"{c.profile:<22}{c.faan:>5}{pts:>8}  {pays}"


def comparison_rows(
    hand: Hand, exclude: str | None = None, history: HandHistory | None = None
) -> tuple[Comparison, ...]:
    """Score and settle ``hand`` (with its ``history``) under every built-in profile except ``exclude``; failures
    become rows with a reason."""
    rows = []
    for name in builtin_profiles():
        if name == exclude:
            continue
        try:
            prof = load_profile(name)
            score = score_hand(hand, prof)
            st = settle(score, prof, history=history)
        except ScoringError as exc:
            rows.append(Comparison(name, None, None, "", False, {}, str(exc)))
            continue
        rows.append(
            Comparison(name, score.faan, st.points if st.legal else None, st.table_row, st.legal, dict(st.payments))
        )
    return tuple(rows)


def build_report(
    hand: Hand, profile: Profile | str, compare: bool = True, history: HandHistory | None = None
) -> Report:
    """Score, settle and (optionally) compare across built-in profiles.  ScoringError propagates for a bad hand.
    ``history``: what the hand does not show but liability needs (``scoring.history_json``), when told."""
    prof = profile if isinstance(profile, Profile) else load_profile(profile)
    score = score_hand(hand, prof)
    st = settle(score, prof, history=history)
    rows = comparison_rows(hand, exclude=prof.name, history=history) if compare else ()
    return Report(hand, prof, score, st, rows, history)
