"""The result a table settles on: total faan, each pattern and why, who pays whom, other readings and rule sets.

Reads the engine's Score/Settlement (see /work/notes/SCORING_CONTRACT.md) and only formats them; the downloads come
from ``scoring.report`` so the page and ``sikwu score`` export the same document.
"""

from __future__ import annotations

from typing import Any

import streamlit as st
from sikwu.app import services
from sikwu.app.draft import compact
from sikwu.app.flow import NeedsFix, Outcome, Refused, Result, Waiting
from sikwu.app.table import SEAT_LABELS, TableContext
from sikwu.scoring import Reading, Score
from sikwu.scoring.payments import Settlement


def _status(score: Score) -> tuple[str, str]:
    """(level, sentence) for the minimum/cap line under the total."""
    faan, minimum = int(score.faan), int(score.minimum)
    if score.limit_hand:
        return "success", f"Limit hand: {faan} faan (the cap)."
    if not score.meets_minimum:
        return "error", f"{faan} faan is below this table's {minimum}-faan minimum: not a legal win (false mahjong)."
    if score.capped:
        return "success", f"{score.raw_faan} faan counted, capped at {faan}. Meets the {minimum}-faan minimum."
    return "success", f"Meets the {minimum}-faan minimum."


def pattern_rows(reading: Reading) -> list[dict[str, Any]]:
    return [{"Faan": int(p.faan), "Pattern": p.name_en, "番種": p.name_zh, "Why": p.reason} for p in reading.patterns]


def payment_rows(settlement: Settlement, ctx: TableContext, roles: bool = True) -> list[dict[str, Any]]:
    rows = []
    for seat in (1, 2, 3, 4):
        amount = int(settlement.payments.get(seat, 0))
        if not roles:
            rows.append({"Seat": SEAT_LABELS[seat], "Points": f"{amount:+d}"})
            continue
        roles_of = []
        if seat == ctx.seat:
            roles_of.append("winner")
        if seat == ctx.dealer:
            roles_of.append("dealer")
        if not ctx.self_drawn and seat == ctx.effective_discarder():
            roles_of.append("discarded")
        rows.append(
            {
                "Seat": SEAT_LABELS[seat],
                "Role": ", ".join(roles_of),
                "Points": f"{amount:+d}",
            }
        )
    return rows


def reading_text(reading: Reading) -> str:
    """The best reading's sets as a player writes them: ``123m 456m 789m 777z 11z``."""
    return " ".join(compact(list(s)).replace(" ", "") for s in reading.sets)


def share_text(score: Score, settlement: Settlement | None, ctx: TableContext, notation: str) -> str:
    pats = ", ".join(f"{p.name_en} {p.name_zh} {p.faan}" for p in score.best.patterns)
    how = "self-drawn" if ctx.self_drawn else f"on {SEAT_LABELS[ctx.effective_discarder() or 2]}'s discard"
    hand = reading_text(score.best) or notation
    lines = [f"食糊 {SEAT_LABELS[ctx.seat]} wins {score.faan} faan {how} ({score.profile}): {hand}", pats]
    if settlement is not None:
        pays = ", ".join(f"{SEAT_LABELS[s].split()[0]} {int(v):+d}" for s, v in sorted(settlement.payments.items()))
        lines.append(f"Payments: {pays}")
    return "\n".join(lines)


def render_report(result: Result) -> None:
    scored, ctx, hand, profile, notation = result.scored, result.context, result.hand, result.profile, result.notation
    score = scored.score
    st.markdown("#### Result 結果")
    with st.container(horizontal=True, wrap=True, gap="large"):
        st.metric("Total faan 番", int(score.faan), width="content")
        if scored.settlement is not None:
            winner_gets = int(scored.settlement.payments.get(ctx.seat, 0))
            st.metric("Winner receives", f"{winner_gets:+d}", width="content")
    level, sentence = _status(score)
    getattr(st, level)(sentence)
    for note in score.notes:
        st.caption(note)

    st.markdown("**Patterns 番種**")
    rows = pattern_rows(score.best)
    if rows:
        st.table(rows, hide_index=True)
    else:
        st.info("No scoring patterns in this reading (0 faan).")

    st.markdown("**Payments 找數**")
    if scored.settlement is not None:
        st.table(payment_rows(scored.settlement, ctx), hide_index=True)
        st.caption(scored.settlement.table_row)
        if scored.settlement.lines:
            with st.expander("How the payment was worked out"):
                for line in scored.settlement.lines:
                    st.markdown(f"- {line}")
    else:
        st.warning(scored.settlement_error or "Payments could not be worked out for this hand.")
    if scored.penalty is not None:
        st.markdown("**If it was declared: false mahjong penalty 詐糊**")
        st.table(payment_rows(scored.penalty, ctx, roles=False), hide_index=True)
        for line in scored.penalty.lines:
            st.caption(line)

    if score.alternatives:
        with st.expander(f"Other readings of the same tiles ({len(score.alternatives)})"):
            for i, alt in enumerate(score.alternatives, start=1):
                sets = "  ".join(" ".join(s) for s in alt.sets)
                st.markdown(f"**{i}. {alt.faan} faan** ({alt.shape}): {sets}")
                alt_rows = pattern_rows(alt)
                if alt_rows:
                    st.table(alt_rows, hide_index=True)

    if scored.comparisons:
        with st.expander("Same hand under the other rule profiles"):
            table = []
            for name, other, error in ((c.profile, c.score, c.error) for c in scored.comparisons):
                if other is None:
                    table.append({"Profile": name, "Faan": "-", "Legal win": "-", "Note": error or ""})
                else:
                    table.append(
                        {
                            "Profile": name,
                            "Faan": str(int(other.faan)),
                            "Legal win": "yes" if other.meets_minimum else f"no (min {other.minimum})",
                            "Note": "limit" if other.limit_hand else ("capped" if other.capped else ""),
                        }
                    )
            st.table(table, hide_index=True)

    settlement = scored.settlement
    text = share_text(score, settlement, ctx, notation)
    st.markdown("**Share**")
    st.code(text, language=None, wrap_lines=True)
    try:
        report = services.build_report(hand, profile)
        with st.container(horizontal=True, wrap=True):
            st.download_button(
                "Download JSON",
                report.to_json(),
                file_name="sikwu-hand.json",
                mime="application/json",
                on_click="ignore",
            )
            st.download_button(
                "Download Markdown",
                report.to_markdown(),
                file_name="sikwu-hand.md",
                mime="text/markdown",
                on_click="ignore",
            )
    except services.Unavailable as exc:
        st.info(str(exc))


def render_outcome(outcome: Outcome) -> None:
    """The result area: a hint, what to fix, why it cannot be scored, or the report."""
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
        render_report(outcome)
