"""Who sits where, how the hand was won, and which rules the table plays - remembered for the session.

The widgets are keyed, so Streamlit keeps their values in ``st.session_state`` across reruns; each run folds them
into one :class:`app.state.TableContext` that the scoring call reads.
"""

from __future__ import annotations

import streamlit as st

from app import services
from app import state as S
from scoring.tiles import WIND_IDS

SEATS = (1, 2, 3, 4)


def _seat_label(seat: int) -> str:
    return S.SEAT_LABELS[seat]


def _summary(ctx: S.TableContext, profile_label: str) -> str:
    how = "self-drawn" if ctx.self_drawn else f"discard from {_seat_label(ctx.effective_discarder() or 2)}"
    return (
        f"Table: winner {_seat_label(ctx.seat)} · round {S.wind_name(ctx.round_wind)} · "
        f"dealer {_seat_label(ctx.dealer)} · {how} · {profile_label}"
    )


def _defaults() -> None:
    ss = st.session_state
    ss.setdefault("ctx_seat", 1)
    ss.setdefault("ctx_round", "1z")
    ss.setdefault("ctx_dealer", 1)
    ss.setdefault("ctx_win", "discard")
    ss.setdefault("ctx_discarder", 2)
    ss.setdefault("ctx_events", [])


def _from_state(default_profile: str) -> S.TableContext:
    ss = st.session_state
    house = ss.get("ctx_house_rules")
    house_text, house_name = None, None
    if house is not None:
        try:
            house_text, house_name = house.getvalue().decode("utf-8"), house.name
        except UnicodeDecodeError:
            st.error("The house-rules file is not UTF-8 text. Save it as UTF-8 TOML and upload it again.")
    return S.TableContext(
        seat=int(ss["ctx_seat"]),
        round_wind=str(ss["ctx_round"]),
        dealer=int(ss["ctx_dealer"]),
        self_drawn=ss["ctx_win"] == "self-drawn",
        discarder=None if ss["ctx_win"] == "self-drawn" else int(ss.get("ctx_discarder") or 2),
        events=frozenset(ss.get("ctx_events") or ()),
        profile=str(ss.get("ctx_profile") or default_profile),
        house_rules_name=house_name,
        house_rules_text=house_text,
    )


def render_context(profiles: dict[str, str] | None, default_profile: str) -> S.TableContext:
    """Draw the context form (in an expander whose title sums it up) and return the context it describes."""
    _defaults()
    ss = st.session_state
    if profiles:
        names = list(profiles)
        if ss.get("ctx_profile") not in names:
            ss["ctx_profile"] = default_profile if default_profile in names else names[0]
    others = [s for s in SEATS if s != ss["ctx_seat"]]
    if ss.get("ctx_discarder") not in others:
        ss["ctx_discarder"] = others[0]
    ctx = _from_state(default_profile)
    label = _summary(ctx, ctx.house_rules_name or ctx.profile)
    with st.expander(label, expanded=False):
        st.segmented_control("Winner's seat", SEATS, format_func=_seat_label, key="ctx_seat", required=True)
        st.segmented_control("Round wind", WIND_IDS, format_func=S.wind_name, key="ctx_round", required=True)
        st.segmented_control("Dealer", SEATS, format_func=_seat_label, key="ctx_dealer", required=True)
        st.segmented_control(
            "Won by",
            ["discard", "self-drawn"],
            format_func=lambda w: {"discard": "Discard 出銃", "self-drawn": "Self-drawn 自摸"}[w],
            key="ctx_win",
            required=True,
        )
        if ss["ctx_win"] == "discard":
            st.segmented_control("Who discarded", others, format_func=_seat_label, key="ctx_discarder", required=True)
        st.pills(
            "Special events",
            list(S.EVENT_LABELS),
            selection_mode="multi",
            format_func=lambda e: S.EVENT_LABELS[e],
            key="ctx_events",
        )
        if profiles:
            st.selectbox(
                "Rule profile",
                list(profiles),
                key="ctx_profile",
                format_func=lambda n: f"{n} - {profiles[n]}" if profiles[n] else n,
            )
        st.file_uploader("House rules (TOML, extends a built-in profile)", type=["toml"], key="ctx_house_rules")
    S.put_context(ss, ctx)
    return ctx


def load_profile_for(ctx: S.TableContext) -> object:
    return services.load_profile(ctx.profile, ctx.house_rules_text, ctx.house_rules_name)
