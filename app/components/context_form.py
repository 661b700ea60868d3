"""Who sits where, how the hand was won, and which rules the table plays - remembered for the session.

The widgets are keyed, so Streamlit keeps their values in ``st.session_state`` across reruns; each run folds them
into one :class:`app.state.TableContext` that the scoring call reads.
"""

from __future__ import annotations

import streamlit as st
from sikwu.app import services
from sikwu.app import state as S
from sikwu.scoring.tiles import WIND_IDS

SEATS = (1, 2, 3, 4)


def _seat_label(seat: int) -> str:
    return S.SEAT_LABELS[seat]


def _summary(ctx: S.TableContext, profile_label: str) -> str:
    how = "self-drawn" if ctx.self_drawn else f"discard from {_seat_label(ctx.effective_discarder() or 2)}"
    return (
        f"Table: winner {_seat_label(ctx.seat)} · round {S.wind_name(ctx.round_wind)} · "
        f"dealer {_seat_label(ctx.dealer)} · {how} · {profile_label}"
    )


#: Widget defaults. The widgets own their state (no seeding of st.session_state): seeding a keyed widget's value
#: and letting the browser race a rerun can reset it to its first option, which once silently switched the profile.
DEFAULTS: dict[str, object] = {
    "ctx_seat": 1,
    "ctx_round": "1z",
    "ctx_dealer": 1,
    "ctx_win": "discard",
    "ctx_discarder": 2,
    "ctx_events": [],
}


def _value(key: str, default: object = None) -> object:
    value = st.session_state.get(key)
    return DEFAULTS.get(key, default) if value is None else value


def _from_state(default_profile: str) -> S.TableContext:
    ss = st.session_state
    house = ss.get("ctx_house_rules")
    house_text, house_name = None, None
    if house is not None:
        try:
            house_text, house_name = house.getvalue().decode("utf-8"), house.name
        except UnicodeDecodeError:
            st.error("The house-rules file is not UTF-8 text. Save it as UTF-8 TOML and upload it again.")
    self_drawn = _value("ctx_win") == "self-drawn"
    return S.TableContext(
        seat=int(_value("ctx_seat")),
        round_wind=str(_value("ctx_round")),
        dealer=int(_value("ctx_dealer")),
        self_drawn=self_drawn,
        discarder=None if self_drawn else int(_value("ctx_discarder")),
        events=frozenset(_value("ctx_events") or ()),
        profile=str(_value("ctx_profile", default_profile)),
        house_rules_name=house_name,
        house_rules_text=house_text,
    )


def render_context(profiles: dict[str, str] | None, default_profile: str) -> S.TableContext:
    """Draw the context form (in an expander whose title sums it up) and return the context it describes."""
    ss = st.session_state
    names = list(profiles or {})
    if default_profile not in names and names:
        default_profile = names[0]
    if names and ss.get("ctx_profile") not in (None, *names):
        del ss["ctx_profile"]  # a profile that no longer exists: fall back to the default
    ctx = _from_state(default_profile)
    label = _summary(ctx, ctx.house_rules_name or ctx.profile)
    with st.expander(label, expanded=False, key="ctx_expander"):
        st.segmented_control(
            "Winner's seat", SEATS, format_func=_seat_label, key="ctx_seat", required=True, default=DEFAULTS["ctx_seat"]
        )
        st.segmented_control(
            "Round wind", WIND_IDS, format_func=S.wind_name, key="ctx_round", required=True, default="1z"
        )
        st.segmented_control("Dealer", SEATS, format_func=_seat_label, key="ctx_dealer", required=True, default=1)
        st.segmented_control(
            "Won by",
            ["discard", "self-drawn"],
            format_func=lambda w: {"discard": "Discard 出銃", "self-drawn": "Self-drawn 自摸"}[w],
            key="ctx_win",
            required=True,
            default="discard",
        )
        # always drawn (disabled when self-drawn) so the choice survives switching back to a discard win
        st.segmented_control(
            "Who discarded",
            SEATS,
            format_func=lambda s: _seat_label(s) + (" (winner)" if s == ctx.seat else ""),
            key="ctx_discarder",
            required=True,
            default=2,
            disabled=ctx.self_drawn,
        )
        if not ctx.self_drawn:
            if ctx.discarder == ctx.seat:
                st.caption(
                    f"The winner cannot have discarded the winning tile: scoring it as "
                    f"{_seat_label(ctx.effective_discarder() or 2)}'s discard. Pick who discarded."
                )
        st.pills(
            "Special events",
            list(S.EVENT_LABELS),
            selection_mode="multi",
            format_func=lambda e: S.EVENT_LABELS[e],
            key="ctx_events",
            default=[],
            help="Robbing a kong counts as a win on a discard: choose 'Discard' and, as the discarder, the player "
            "who added to the kong. Kong/flower replacement wins are self-drawn.",
        )
        if profiles:
            st.selectbox(
                "Rule profile",
                names,
                index=names.index(default_profile),
                key="ctx_profile",
                format_func=lambda n: f"{n} - {profiles[n]}" if profiles[n] else n,
            )
        st.file_uploader("House rules (TOML, extends a built-in profile)", type=["toml"], key="ctx_house_rules")
    S.put_context(ss, ctx)
    return ctx


def load_profile_for(ctx: S.TableContext) -> object:
    return services.load_profile(ctx.profile, ctx.house_rules_text, ctx.house_rules_name)
