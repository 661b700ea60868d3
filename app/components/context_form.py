"""Who sits where, how the hand was won, and which rules the table plays: asked in one compact step, kept in the URL.

The score rests on these facts, so they are shown as chips on the result; a tap on a chip opens the step. Nothing is
silently assumed: until a player has set or confirmed them (in this page or in the URL it was opened with) the chips
carry a "?" and the result says the defaults are assumed. Each change is written to the URL's query parameters
(``?ctx_seat=2&ctx_win=self-drawn&table=set``) in the widgets' language-independent values, and a new session reads
them back, so a phone that reloads the page keeps them; within a session the widgets keep them across hands.
"""

from __future__ import annotations

import streamlit as st
from sikwu.app import services
from sikwu.app.i18n import _
from sikwu.app.session import Session, W
from sikwu.app.table import EVENT_LABELS, TableContext, event_label, seat_label, seat_short, wind_name
from sikwu.scoring.tiles import WIND_IDS

SEATS = (1, 2, 3, 4)
#: Query parameter saying the table facts were set or confirmed by a player (bound widgets drop default values from
#: the URL, so the URL alone cannot tell "chose East" from "never chose").
CONFIRMED_PARAM = "table"

#: Widget defaults. The widgets own their state (no seeding of st.session_state): seeding a keyed widget's value
#: and letting the browser race a rerun can reset it to its first option, which once silently switched the profile.
DEFAULTS: dict[str, object] = {
    W.CTX_SEAT: 1,
    W.CTX_ROUND: "1z",
    W.CTX_DEALER: 1,
    W.CTX_WIN: "discard",
    W.CTX_DISCARDER: 2,
}


def win_label(win: str) -> str:
    return _("Discard 出銃") if win == "discard" else _("Self-drawn 自摸")


def _from_url(key: str) -> object:
    """The URL's value for a table widget (ignored when it is not one of the widget's options), else the default."""
    raw = st.query_params.get(key)
    default = DEFAULTS.get(key)
    if raw is not None and isinstance(default, int) and raw in {"1", "2", "3", "4"}:
        return int(raw)
    if raw is not None and isinstance(default, str) and raw in {*WIND_IDS, "discard", "self-drawn"}:
        return raw
    return default


def _value(session: Session, key: str) -> object:
    """The widget's value; on a fresh session (before the widget is drawn) the URL's, then the default."""
    value = session.widget(key)
    return _from_url(key) if value is None else value


def _remember(key: str) -> None:
    """A player set a table fact: keep it in the URL (for reloads) and count the table as confirmed."""
    value = Session(st.session_state).widget(key)
    if value is not None:
        st.query_params[key] = str(value)
    st.query_params[CONFIRMED_PARAM] = "set"


def _house_rules(session: Session) -> tuple[str | None, str | None]:
    house = session.widget(W.CTX_HOUSE_RULES)
    if house is None:
        return None, None
    try:
        return house.getvalue().decode("utf-8"), house.name
    except UnicodeDecodeError:
        st.error(_("The house-rules file is not UTF-8 text. Save it as UTF-8 TOML and upload it again."))
        return None, None


def context_from_widgets(session: Session, profiles: dict[str, str] | None, default_profile: str) -> TableContext:
    """The table context the widgets (or, before they are drawn, the URL) describe; remembered in the session."""
    names = list(profiles or {})
    if names and session.widget(W.CTX_PROFILE) not in (None, *names):
        session.forget_widget(W.CTX_PROFILE)  # a profile that no longer exists: fall back to the default
    profile = session.widget(W.CTX_PROFILE) or st.query_params.get(W.CTX_PROFILE)
    house_text, house_name = _house_rules(session)
    self_drawn = _value(session, W.CTX_WIN) == "self-drawn"
    ctx = TableContext(
        seat=int(str(_value(session, W.CTX_SEAT))),
        round_wind=str(_value(session, W.CTX_ROUND)),
        dealer=int(str(_value(session, W.CTX_DEALER))),
        self_drawn=self_drawn,
        discarder=None if self_drawn else int(str(_value(session, W.CTX_DISCARDER))),
        events=frozenset(session.widget(W.CTX_EVENTS, ())),
        profile=str(profile if profile in names else default_profile),
        house_rules_name=house_name,
        house_rules_text=house_text,
    )
    session.context = ctx
    return ctx


def confirmed() -> bool:
    return st.query_params.get(CONFIRMED_PARAM) == "set"


def _confirm() -> None:
    st.query_params[CONFIRMED_PARAM] = "set"


def _open_step() -> None:
    Session(st.session_state).set_widget(W.CTX_EXPANDER, True)


def chip_texts(ctx: TableContext) -> list[tuple[str, str]]:
    """(widget key, text) of each chip: what the score rests on."""
    how = (
        _("self-drawn 自摸")
        if ctx.self_drawn
        else _("on {seat}'s discard").format(seat=seat_short(ctx.effective_discarder() or 2))
    )
    return [
        (W.CHIP_SEAT, _("{seat} wins").format(seat=seat_short(ctx.seat))),
        (W.CHIP_WIN, how),
        (W.CHIP_DEALER, _("dealer {seat}").format(seat=seat_short(ctx.dealer))),
        (W.CHIP_ROUND, wind_name(ctx.round_wind)),
        (W.CHIP_PROFILE, ctx.house_rules_name or ctx.profile),
    ]


def render_chips(ctx: TableContext) -> None:
    """The facts the score rests on; a tap opens the step that sets them."""
    mark = "" if confirmed() else " ?"
    with st.container(horizontal=True, wrap=True, gap="xsmall", key="chips"):
        for key, text in chip_texts(ctx):
            st.button(text + mark, key=key, on_click=_open_step, type="secondary")
    if not confirmed():
        st.caption(_("Table settings assumed (?): tap a chip to set who won, how, and the round, or confirm them."))


def render_step(
    session: Session,
    ctx: TableContext,
    profiles: dict[str, str] | None,
    default_profile: str,
    result_line: str | None = None,
) -> None:
    """The compact step: seat, how the hand was won, who discarded, dealer, round; rules and events after them.

    ``result_line`` (the result in one line) is repeated at the top of the step, so a change shows its effect in view
    even when the headline has scrolled off a phone's screen."""
    with st.expander(_("Table: who won and how"), key=W.CTX_EXPANDER, on_change="rerun", icon=":material/tune:"):
        if result_line:
            st.markdown(f"**{result_line}**")
        _render_fields(ctx)
        if not confirmed():
            st.button(_("These are right"), key=W.CTX_CONFIRM, on_click=_confirm, type="primary")
    with st.expander(_("Rules and special events"), key=W.RULES_EXPANDER):
        st.pills(
            _("Special events"),
            list(EVENT_LABELS),
            selection_mode="multi",
            format_func=event_label,
            key=W.CTX_EVENTS,
            default=[],
        )
        st.caption(
            _(
                "Robbing a kong counts as a win on a discard: choose 'Discard' and, as the discarder, the player "
                "who added to the kong. Kong/flower replacement wins are self-drawn."
            )
        )
        names = list(profiles or {})
        if names:
            labels = {name: services.profile_label(name) for name in names}
            st.selectbox(
                _("Rule profile"),
                names,
                index=names.index(ctx.profile) if ctx.profile in names else names.index(default_profile),
                key=W.CTX_PROFILE,
                format_func=labels.__getitem__,  # names in the page's language, chosen while drawing
                on_change=_remember,
                args=(W.CTX_PROFILE,),
            )
            if profiles and profiles.get(ctx.profile):
                st.caption(profiles[ctx.profile])  # the profile file's description in the page's language
        st.file_uploader(_("House rules (TOML, extends a built-in profile)"), type=["toml"], key=W.CTX_HOUSE_RULES)


def _segmented(label: str, options: list, key: str, format_func, disabled: bool = False) -> None:  # noqa: ANN001
    st.segmented_control(
        label,
        options,
        format_func=format_func,
        key=key,
        required=True,
        default=_from_url(key),
        disabled=disabled,
        on_change=_remember,
        args=(key,),
    )


def _render_fields(ctx: TableContext) -> None:
    _segmented(_("Winner's seat"), list(SEATS), W.CTX_SEAT, seat_label)
    _segmented(_("Won by"), ["discard", "self-drawn"], W.CTX_WIN, win_label)
    # always drawn (disabled when self-drawn) so the choice survives switching back to a discard win
    _segmented(
        _("Who discarded"),
        list(SEATS),
        W.CTX_DISCARDER,
        lambda s: seat_label(s) + (_(" (winner)") if s == ctx.seat else ""),
        disabled=ctx.self_drawn,
    )
    if not ctx.self_drawn and ctx.discarder == ctx.seat:
        st.caption(
            _(
                "The winner cannot have discarded the winning tile: scoring it as {seat}'s discard. Pick who discarded."
            ).format(seat=seat_short(ctx.effective_discarder() or 2))
        )
    _segmented(_("Dealer"), list(SEATS), W.CTX_DEALER, seat_label)
    _segmented(_("Round wind"), list(WIND_IDS), W.CTX_ROUND, wind_name)
