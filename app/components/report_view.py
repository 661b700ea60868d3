"""The result a table settles on: first the headline (total faan, what the winner gets, what each payer pays), then
each pattern and why, the payment table, other readings and rule sets, and the share/download block.

Reads the engine's Score/Settlement and only formats them; the downloads come from ``scoring.report`` so the page and
``sikwu score`` export the same document.
"""

from __future__ import annotations

from typing import Any

import streamlit as st
from sikwu.app import services
from sikwu.app.components import share
from sikwu.app.engine_text import engine, shape_name
from sikwu.app.flow import NeedsFix, Outcome, Refused, Result, Waiting
from sikwu.app.i18n import CHINESE, _, current
from sikwu.app.table import TableContext, seat_label, seat_short
from sikwu.scoring import Reading, Score
from sikwu.scoring.payments import Settlement


def _status(score: Score) -> tuple[str, str]:
    """(level, sentence) for the minimum/cap line under the total."""
    faan, minimum = int(score.faan), int(score.minimum)
    if score.limit_hand:
        return "success", _("Limit hand: {faan} faan (the cap).").format(faan=faan)
    if not score.meets_minimum:
        return "error", _(
            "{faan} faan is below this table's {minimum}-faan minimum: not a legal win (false mahjong)."
        ).format(faan=faan, minimum=minimum)
    if score.capped:
        return "success", _("{raw} faan counted, capped at {faan}. Meets the {minimum}-faan minimum.").format(
            raw=score.raw_faan, faan=faan, minimum=minimum
        )
    return "success", _("Meets the {minimum}-faan minimum.").format(minimum=minimum)


def pattern_rows(reading: Reading) -> list[dict[str, Any]]:
    if current() == CHINESE:
        return [{"番": int(p.faan), "番種": p.name_zh, "點解": engine(p.reason)} for p in reading.patterns]
    return [{"Faan": int(p.faan), "Pattern": p.name_en, "番種": p.name_zh, "Why": p.reason} for p in reading.patterns]


def _roles(seat: int, ctx: TableContext) -> str:
    roles = []
    if seat == ctx.seat:
        roles.append(_("winner"))
    if seat == ctx.dealer:
        roles.append(_("dealer"))
    if not ctx.self_drawn and seat == ctx.effective_discarder():
        roles.append(_("discarded"))
    return ", ".join(roles)


def payment_rows(settlement: Settlement, ctx: TableContext, roles: bool = True) -> list[dict[str, Any]]:
    seat_col, role_col, points_col = _("Seat"), _("Role"), _("Points")
    rows = []
    for seat in (1, 2, 3, 4):
        amount = f"{int(settlement.payments.get(seat, 0)):+d}"
        if roles:
            rows.append({seat_col: seat_label(seat), role_col: _roles(seat, ctx), points_col: amount})
        else:
            rows.append({seat_col: seat_label(seat), points_col: amount})
    return rows


def payer_lines(settlement: Settlement, ctx: TableContext) -> list[str]:
    """'South pays 32' for each seat that pays (the headline under the total)."""
    lines = []
    for seat in (1, 2, 3, 4):
        amount = int(settlement.payments.get(seat, 0))
        if amount < 0:
            lines.append(_("{seat} pays {points}").format(seat=seat_short(seat), points=-amount))
    return lines


def result_line(outcome: Outcome) -> str | None:
    """The result in one line ('6 faan · East receives +32 · South pays 32'), or None when there is no result."""
    if not isinstance(outcome, Result):
        return None
    score, settlement, ctx = outcome.scored.score, outcome.scored.settlement, outcome.context
    parts = [_("{faan} faan").format(faan=score.faan)]
    if settlement is not None:
        gets = int(settlement.payments.get(ctx.seat, 0))
        parts.append(_("{seat} receives {points}").format(seat=seat_short(ctx.seat), points=f"{gets:+d}"))
        parts += payer_lines(settlement, ctx)
    return " · ".join(parts)


def render_outcome(outcome: Outcome) -> None:
    """The result area: a hint, what to fix, why it cannot be scored, or the headline of the report."""
    if isinstance(outcome, Waiting):
        st.info(outcome.message)
    elif isinstance(outcome, NeedsFix):
        for problem in outcome.problems:
            st.warning(problem)
    elif isinstance(outcome, Refused):
        (st.warning if outcome.level == "warning" else st.error)(outcome.message)
        if outcome.next_step:
            st.caption(outcome.next_step)
    else:
        render_headline(outcome)


def render_headline(result: Result) -> None:
    score, settlement, ctx = result.scored.score, result.scored.settlement, result.context
    with st.container(horizontal=True, wrap=True, gap="medium", vertical_alignment="bottom", key="headline"):
        st.metric(_("Total faan 番"), int(score.faan), width="content")
        if settlement is not None:
            st.metric(_("Winner receives"), f"{int(settlement.payments.get(ctx.seat, 0)):+d}", width="content")
            payers = payer_lines(settlement, ctx)
            if payers:
                st.markdown("  \n".join(f"**{line}**" for line in payers))
    level, sentence = _status(score)
    if level == "error":
        st.error(sentence)
    else:
        st.caption(f"✓ {sentence}")
    if settlement is None:
        st.warning(result.scored.settlement_error or _("Payments could not be worked out for this hand."))
    if result.winning_proposed:
        st.warning(_("☆ Winning tile proposed from the photo: tap the tile that won, then 'Winning tile', to confirm."))


def render_details(outcome: Outcome) -> None:
    """Below the first screen: patterns, payments, penalty, other readings, other rule sets, share and downloads."""
    if not isinstance(outcome, Result):
        return
    scored, ctx = outcome.scored, outcome.context
    for note in scored.score.notes:
        st.caption(engine(note))
    _patterns(scored.score)
    _payments(scored, ctx)
    _alternatives(scored.score)
    _comparisons(scored, ctx.seat)
    share.render_share(outcome)
    _downloads(outcome)


def _patterns(score: Score) -> None:
    st.markdown(_("**Patterns 番種**"))
    rows = pattern_rows(score.best)
    if rows:
        st.table(rows, hide_index=True)
    else:
        st.info(_("No scoring patterns in this reading (0 faan)."))


def _payments(scored: services.Scored, ctx: TableContext) -> None:
    st.markdown(_("**Payments 找數**"))
    if scored.settlement is not None:
        st.table(payment_rows(scored.settlement, ctx), hide_index=True)
        st.caption(
            _("{faan} faan → {points} points on the payment table").format(
                faan=scored.score.faan, points=scored.settlement.points
            )
        )
        if scored.settlement.lines:
            with st.expander(_("How the payment was worked out")):
                for line in scored.settlement.lines:
                    st.markdown(f"- {engine(line)}")
    if scored.penalty is not None:
        st.markdown(_("**If it was declared: false mahjong penalty 詐糊**"))
        st.table(payment_rows(scored.penalty, ctx, roles=False), hide_index=True)
        for line in scored.penalty.lines:
            st.caption(engine(line))


def _alternatives(score: Score) -> None:
    if not score.alternatives:
        return
    with st.expander(_("Other readings of the same tiles ({n})").format(n=len(score.alternatives))):
        for i, alt in enumerate(score.alternatives, start=1):
            sets = "  ".join(" ".join(s) for s in alt.sets)
            st.markdown(f"**{i}. {alt.faan} {_('faan')}** ({shape_name(alt.shape)}): {sets}")
            alt_rows = pattern_rows(alt)
            if alt_rows:
                st.table(alt_rows, hide_index=True)


def _comparison_row(name: str, other: Score | None, error: str | None, settled: Settlement | None, seat: int) -> dict:
    profile, faan, legal = _("Profile"), _("Faan"), _("Legal win")
    gets, note = _("Winner gets"), _("Note")
    if other is None:
        return {profile: services.profile_label(name), faan: "-", legal: "-", gets: "-", note: error or ""}
    return {
        profile: services.profile_label(name),
        faan: str(int(other.faan)),
        legal: _("yes") if other.meets_minimum else _("no (min {minimum})").format(minimum=other.minimum),
        gets: f"{int(settled.payments.get(seat, 0)):+d}" if settled is not None else "-",
        note: _("limit") if other.limit_hand else (_("capped") if other.capped else ""),
    }


def _comparisons(scored: services.Scored, seat: int) -> None:
    if not scored.comparisons:
        return
    settled = scored.comparison_settlements or (None,) * len(scored.comparisons)
    with st.expander(_("Same hand under the other rule profiles")):
        rows = [
            _comparison_row(c.profile, c.score, c.error, s, seat)
            for c, s in zip(scored.comparisons, settled, strict=False)
        ]
        st.table(rows, hide_index=True)


def _downloads(result: Result) -> None:
    try:
        report = services.build_report(result.hand, result.profile)
    except services.Unavailable as exc:
        st.info(str(exc))
        return
    with st.container(horizontal=True, wrap=True):
        st.download_button(
            _("Download JSON"),
            report.to_json(),
            file_name="sikwu-hand.json",
            mime="application/json",
            on_click="ignore",
        )
        st.download_button(
            _("Download Markdown"),
            report.to_markdown(),
            file_name="sikwu-hand.md",
            mime="text/markdown",
            on_click="ignore",
        )
