"""The Game page's entries without a photo: who won the next hand (the scoring page then knows the seat, dealer and
round), a draw (流局), a false mahjong (詐糊) with its offender, and an edit of a past hand.

Every change is one ledger call (``sikwu.ledger.service`` / ``sikwu.ledger.edits``); this module only lays out the
widgets.  An edit carries the hand's version as this screen first showed it, so an edit of a hand another device
changed meanwhile is refused with a "reload" message instead of overwriting what the other device wrote.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st
from sikwu.app import game_link
from sikwu.app.i18n import _
from sikwu.ledger import edits, service
from sikwu.ledger.errors import LedgerError, StaleVersionError
from sikwu.ledger.records import GameRecord

SEEN = "sikwu_game_seen_versions"  # (game id, hand number) -> the version this screen first showed
KINDS = ("win", "draw", "false_mahjong")


def render_next_winner(game: GameRecord) -> None:
    """One link per player: "Ann won" opens the scoring page with Ann's seat, the dealer and the round filled in."""
    if game.state.finished:
        return
    keep = game_link.link_params(st.query_params)
    st.caption(_("Who won the next hand? Score it with the seats filled in:"))
    with st.container(horizontal=True, wrap=True, key="next_winner"):
        for position, name in enumerate(game.players, start=1):
            st.page_link(
                "page.py", label=_("{name} won").format(name=name), icon=":material/photo_camera:",
                query_params={**keep, game_link.WINNER_PARAM: str(position)},
            )  # fmt: skip


def _run(call: Callable[[], Any]) -> bool:
    """Make the change; the ledger's message (or the "changed meanwhile" one) on failure.  True when done."""
    try:
        call()
    except StaleVersionError:
        st.session_state.pop(SEEN, None)
        st.warning(
            _("This hand was changed meanwhile on another device. Reload to see it, then make your change again.")
        )
        st.button(_("Reload"), key="reload_game", icon=":material/refresh:")
        return False
    except LedgerError as exc:
        st.error(str(exc))
        return False
    return True


def render_record(game: GameRecord) -> None:
    """A draw game or a false mahjong, recorded with one tap."""
    if game.state.finished:
        return
    device = game_link.device_token(st.query_params)
    with st.expander(_("A hand without a winner"), icon=":material/playlist_add:"):
        if st.button(_("Draw game 流局"), key="record_draw") and _run(lambda: service.add_draw(game.id, device=device)):
            st.rerun()
        offender = st.selectbox(_("Who declared a false mahjong?"), game.players, index=None, key="fm_offender")
        if st.button(_("False mahjong 詐糊"), key="record_false_mahjong", disabled=offender is None) and _run(
            lambda: service.add_false_mahjong(game.id, [str(offender)], device=device)
        ):
            st.rerun()


def _kind_label(kind: str) -> str:
    return {"win": _("A win"), "draw": _("A draw 流局"), "false_mahjong": _("A false mahjong 詐糊")}[kind]


def render_edit(game: GameRecord) -> None:
    """Pick a past hand and say what it really was; everything after it is recomputed."""
    rows = {r["hand"]: r for r in edits.editable(game)}
    if not rows:
        return
    seen: dict[str, int] = st.session_state.setdefault(SEEN, {})
    with st.expander(_("Edit a past hand"), icon=":material/edit:"):
        seq = st.selectbox(_("Hand"), list(rows), format_func=lambda n: f"#{n}", index=len(rows) - 1, key="edit_seq")
        row = rows[seq]
        version = seen.setdefault(f"{game.id}:{seq}", row["version"])
        kind = st.segmented_control(_("It was"), KINDS, format_func=_kind_label, default=row["kind"],
                                    key=f"edit_kind_{seq}")  # fmt: skip
        change = _edit_fields(game, row, kind or row["kind"], version)
        if st.button(_("Save the change"), key="edit_save", type="primary") and _run(change):
            seen.pop(f"{game.id}:{seq}", None)
            st.rerun()


def _edit_fields(game: GameRecord, row: dict[str, Any], kind: str, version: int) -> Callable[[], Any]:
    """The fields of the chosen kind; returns the ledger call that saves them."""
    seq, device = row["hand"], game_link.device_token(st.query_params)
    players = list(game.players)
    if kind == "draw":
        return lambda: edits.as_draw(game.id, seq, version, device=device)
    if kind == "false_mahjong":
        first = row["offenders"][0] - 1 if row["offenders"] else 0
        who = st.selectbox(_("Who declared a false mahjong?"), players, index=first, key=f"edit_offender_{seq}")
        return lambda: edits.as_false_mahjong(game.id, seq, version, [who], device=device)
    return _win_fields(game, row, version)


def _win_fields(game: GameRecord, row: dict[str, Any], version: int) -> Callable[[], Any]:
    """Winner, discarder, the winner's tiles and melds, and on a discard the other players who won on the same tile
    (一炮多響), each with their tiles and melds; returns the ledger call that saves them."""
    seq, device, players = row["hand"], game_link.device_token(st.query_params), list(game.players)
    stored = {w["winner"]: w for w in row["wins"]}
    winner = st.selectbox(_("Winner"), players, index=(row["winner"] or 1) - 1, key=f"edit_winner_{seq}")
    self_draw = _("nobody: self-drawn 自摸")
    index = 0 if row["discarder"] is None else row["discarder"]
    by = st.selectbox(_("Who discarded"), [self_draw, *players], index=index, key=f"edit_discarder_{seq}")
    first = stored.get(row["winner"], {"tiles": "", "melds": "", "chain": [], "chain_choices": []})
    tiles = st.text_input(_("Winner's concealed tiles, the winning tile last"), value=first["tiles"],
                          key=f"edit_tiles_{seq}", placeholder="123m 456p 789s 777z 11z")  # fmt: skip
    melds = _melds_input(_("Winner's declared melds"), first["melds"], f"edit_melds_{seq}")
    discarder = None if by == self_draw else by
    chain = _chain_picker(seq, first) if discarder is None else None
    wins = [edits.WinEdit(winner, _changed(tiles, first["tiles"]), _changed(melds, first["melds"]), chain)]
    if discarder is not None:
        wins += _more_winners(game, row, stored, [winner, discarder])
    seats = ", ".join(f"{p} {row['seat_winds'][i]}" for i, p in enumerate(players, start=1))
    st.caption(_("Melds as pung:777z@W chow:234p kong:1111p@Bo akong:5555s ckong:9999s; @ = who fed the meld, by "
                 "name or by seat wind in this hand ({seats}).").format(seats=seats))  # fmt: skip
    return lambda: edits.as_wins(game.id, seq, version, wins, discarder, device=device)


def _more_winners(
    game: GameRecord, row: dict[str, Any], stored: dict[int, dict[str, Any]], taken: list[str]
) -> list[edits.WinEdit]:
    """The other players who won on the same discard: picked by name, each with their tiles and melds."""
    seq, players = row["hand"], list(game.players)
    others = [p for p in players if p not in taken]
    before = [players[w["winner"] - 1] for w in row["wins"][1:] if players[w["winner"] - 1] in others]
    more = st.multiselect(_("Also won on this discard (一炮多響)"), others, default=before, key=f"edit_more_{seq}")
    wins = []
    for name in more:
        was = stored.get(players.index(name) + 1, {"tiles": "", "melds": ""})
        tiles = st.text_input(_("{name}'s concealed tiles, the winning tile last").format(name=name),
                              value=was["tiles"], key=f"edit_tiles_{seq}_{name}")  # fmt: skip
        label = _("{name}'s declared melds").format(name=name)
        melds = _melds_input(label, was["melds"], f"edit_melds_{seq}_{name}")
        wins.append(edits.WinEdit(name, _changed(tiles, was["tiles"]), _changed(melds, was["melds"])))
    return wins


def _chain_picker(seq: int, win: dict[str, Any]) -> list[int] | None:
    """For a self-drawn win on a replacement tile with kongs: which kongs were in the chain (Self Draw After Gong
    liability hangs on it); None when unchanged or not asked."""
    choices = dict(win["chain_choices"])
    if not choices:
        return None
    chain = st.multiselect(
        _("Kongs in the replacement chain that ended in this win, in the order declared"), list(choices),
        default=[i for i in win["chain"] if i in choices], format_func=choices.__getitem__, key=f"edit_chain_{seq}",
        help=_("Leave it empty when nobody remembers: then only the last kong declared counts."),
    )  # fmt: skip
    return sorted(chain) if sorted(chain) != sorted(win["chain"]) else None


def _melds_input(label: str, value: str, key: str) -> str:
    return st.text_input(label, value=value, key=key, placeholder="pung:777z@W chow:234p")


def _changed(typed: str, stored: str) -> str | None:
    """What was typed when it differs from what is stored; None keeps the stored tiles or melds."""
    return typed if typed.strip() != stored.strip() else None
