"""Who sits where, how the hand was won, and which rules the table plays - remembered for the session.

The widgets are keyed, so Streamlit keeps their values across reruns; each run folds them into one
:class:`sikwu.app.table.TableContext` that the scoring call reads.
"""

from __future__ import annotations

import streamlit as st
from sikwu.app.session import Session, W
from sikwu.app.table import EVENT_LABELS, SEAT_LABELS, TableContext, wind_name
from sikwu.scoring.tiles import WIND_IDS

SEATS = (1, 2, 3, 4)

#: Widget defaults. The widgets own their state (no seeding of st.session_state): seeding a keyed widget's value
#: and letting the browser race a rerun can reset it to its first option, which once silently switched the profile.
DEFAULTS: dict[str, object] = {
    W.CTX_SEAT: 1,
    W.CTX_ROUND: "1z",
    W.CTX_DEALER: 1,
    W.CTX_WIN: "discard",
    W.CTX_DISCARDER: 2,
    W.CTX_EVENTS: [],
}
WIN_LABELS = {"discard": "Discard 出銃", "self-drawn": "Self-drawn 自摸"}


def _summary(ctx: TableContext, profile_label: str) -> str:
    how = "self-drawn" if ctx.self_drawn else f"discard from {SEAT_LABELS[ctx.effective_discarder() or 2]}"
    return (
        f"Table: winner {SEAT_LABELS[ctx.seat]} · round {wind_name(ctx.round_wind)} · "
        f"dealer {SEAT_LABELS[ctx.dealer]} · {how} · {profile_label}"
    )


def _value(session: Session, key: str) -> object:
    return session.widget(key, DEFAULTS.get(key))


def _house_rules(session: Session) -> tuple[str | None, str | None]:
    house = session.widget(W.CTX_HOUSE_RULES)
    if house is None:
        return None, None
    try:
        return house.getvalue().decode("utf-8"), house.name
    except UnicodeDecodeError:
        st.error("The house-rules file is not UTF-8 text. Save it as UTF-8 TOML and upload it again.")
        return None, None


def context_from_widgets(session: Session, default_profile: str) -> TableContext:
    house_text, house_name = _house_rules(session)
    self_drawn = _value(session, W.CTX_WIN) == "self-drawn"
    return TableContext(
        seat=int(str(_value(session, W.CTX_SEAT))),
        round_wind=str(_value(session, W.CTX_ROUND)),
        dealer=int(str(_value(session, W.CTX_DEALER))),
        self_drawn=self_drawn,
        discarder=None if self_drawn else int(str(_value(session, W.CTX_DISCARDER))),
        events=frozenset(session.widget(W.CTX_EVENTS, ())),
        profile=str(session.widget(W.CTX_PROFILE, default_profile)),
        house_rules_name=house_name,
        house_rules_text=house_text,
    )


def render_context(session: Session, profiles: dict[str, str] | None, default_profile: str) -> TableContext:
    """Draw the context form (in an expander whose title sums it up) and return the context it describes."""
    names = list(profiles or {})
    if default_profile not in names and names:
        default_profile = names[0]
    if names and session.widget(W.CTX_PROFILE) not in (None, *names):
        session.forget_widget(W.CTX_PROFILE)  # a profile that no longer exists: fall back to the default
    ctx = context_from_widgets(session, default_profile)
    label = _summary(ctx, ctx.house_rules_name or ctx.profile)
    with st.expander(label, expanded=False, key=W.CTX_EXPANDER):
        _render_fields(ctx)
        if profiles:
            st.selectbox(
                "Rule profile",
                names,
                index=names.index(default_profile),
                key=W.CTX_PROFILE,
                format_func=lambda n: f"{n} - {profiles[n]}" if profiles[n] else n,
            )
        st.file_uploader("House rules (TOML, extends a built-in profile)", type=["toml"], key=W.CTX_HOUSE_RULES)
    session.context = ctx
    return ctx


def _render_fields(ctx: TableContext) -> None:
    st.segmented_control(
        "Winner's seat", SEATS, format_func=SEAT_LABELS.__getitem__, key=W.CTX_SEAT, required=True, default=1
    )
    st.segmented_control("Round wind", WIND_IDS, format_func=wind_name, key=W.CTX_ROUND, required=True, default="1z")
    st.segmented_control(
        "Dealer", SEATS, format_func=SEAT_LABELS.__getitem__, key=W.CTX_DEALER, required=True, default=1
    )
    st.segmented_control(
        "Won by",
        list(WIN_LABELS),
        format_func=WIN_LABELS.__getitem__,
        key=W.CTX_WIN,
        required=True,
        default="discard",
    )
    # always drawn (disabled when self-drawn) so the choice survives switching back to a discard win
    st.segmented_control(
        "Who discarded",
        SEATS,
        format_func=lambda s: SEAT_LABELS[s] + (" (winner)" if s == ctx.seat else ""),
        key=W.CTX_DISCARDER,
        required=True,
        default=2,
        disabled=ctx.self_drawn,
    )
    if not ctx.self_drawn and ctx.discarder == ctx.seat:
        st.caption(
            f"The winner cannot have discarded the winning tile: scoring it as "
            f"{SEAT_LABELS[ctx.effective_discarder() or 2]}'s discard. Pick who discarded."
        )
    st.pills(
        "Special events",
        list(EVENT_LABELS),
        selection_mode="multi",
        format_func=EVENT_LABELS.__getitem__,
        key=W.CTX_EVENTS,
        default=[],
        help="Robbing a kong counts as a win on a discard: choose 'Discard' and, as the discarder, the player "
        "who added to the kong. Kong/flower replacement wins are self-drawn.",
    )
