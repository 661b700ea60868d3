"""What the table looks at: running totals, history, the final 找數 in the fewest transfers, per-player statistics.

Plain functions from a :class:`~sikwu.ledger.records.GameRecord` to JSON-able data; the CLI prints them and the
page draws them (a table and a line chart of the running totals, the history with thumbnails).
"""

from __future__ import annotations

from decimal import Decimal
from itertools import combinations
from typing import Any

from sikwu.ledger.engine import WIND_NAMES
from sikwu.ledger.money import ROUNDING_RULE, round_zero_sum
from sikwu.ledger.records import GameRecord, HandRecord, iso


def status(game: GameRecord) -> dict[str, Any]:
    """Where the game stands: round wind, dealer and 連莊 count, pot, hands played, finished."""
    s = game.state
    return {
        "game": game.id, "name": game.name, "profile": game.profile_name, "version": game.version,
        "round_wind": WIND_NAMES[min(s.round_index, 3)], "dealer": game.player(s.dealer), "streak": s.streak,
        "deal": s.passes + 1, "pot": s.pot, "hands": s.hands, "finished": s.finished,
        "seat_winds": {game.player(p): WIND_NAMES[s.seat_of(p) - 1] for p in (1, 2, 3, 4)},
        "stake": str(game.stake), "currency": game.currency,
    }  # fmt: skip


def running_totals(game: GameRecord) -> list[dict[str, Any]]:
    """Points per player after every active hand (the first row is the start, all zero)."""
    rows = [{"hand": 0, **dict.fromkeys(game.players, 0), "pot": 0}]
    for h in game.active_hands:
        totals = h.state_after["totals"]
        rows.append({"hand": h.seq, **{game.player(p): totals[p - 1] for p in (1, 2, 3, 4)},
                     "pot": h.state_after["pot"]})  # fmt: skip
    return rows


def _who(game: GameRecord, position: int | None) -> str | None:
    return None if position is None else game.player(position)


def hand_summary(game: GameRecord, h: HandRecord) -> dict[str, Any]:
    """One history line: what happened, who paid whom, the scored hands (empty for an undone hand)."""
    entry, result = h.entry, h.result
    context = result.get("context", {})
    wins = [
        {"winner": game.player(w["winner"]), "faan": w["faan"], "points": w["points"], "paid": w["paid"],
         "self_drawn": bool(w["hand"].get("self_drawn")), "patterns": [p["name_en"] for p in w["patterns"]],
         "liable": None if w["liable_seat"] is None else _who(game, _position(context, w["liable_seat"])),
         "history": said.get("history", {})}
        for w, said in zip(result.get("wins", []), entry.get("wins", []), strict=False)
    ] if h.active else []  # fmt: skip
    return {
        "hand": h.seq, "id": h.id, "status": h.status, "version": h.version, "kind": entry["kind"],
        "round_wind": context.get("round_wind"), "dealer": _who(game, context.get("dealer")),
        "streak": context.get("streak"), "discarder": _who(game, entry.get("discarder")),
        "offenders": [game.player(p) for p in entry.get("offenders", [])], "wins": wins,
        "payments": dict(zip(game.players, result.get("payments", [0] * 4), strict=True)) if h.active else {},
        "pot_delta": result.get("pot_delta", 0) if h.active else 0, "lines": result.get("lines", []) if h.active
        else [], "created_at": iso(h.created_at), "updated_at": iso(h.updated_at), "device": h.device,
        "photo": h.has_thumbnail, "note": entry.get("note", ""),
    }  # fmt: skip


def _position(context: dict[str, Any], seat: int) -> int | None:
    winds = context.get("seat_winds") or []
    return winds.index(seat) + 1 if seat in winds else None


def history(game: GameRecord, *, with_undone: bool = False) -> list[dict[str, Any]]:
    return [hand_summary(game, h) for h in game.hands if with_undone or h.active]


def _fewest_transfers(balance: dict[int, Decimal]) -> list[tuple[int, int, Decimal]]:
    """Exact minimum: split the players into the most groups that each sum to zero; each group of k needs k-1.

    Brute force over subsets (2^n): exact and instant for one table (n = 4), fine up to a dozen players.
    """
    people = [p for p, v in balance.items() if v != 0]
    groups: list[list[int]] = []
    remaining = people
    while remaining:
        best = remaining
        for size in range(2, len(remaining)):
            found = next((list(c) for c in combinations(remaining, size) if sum(balance[p] for p in c) == 0), None)
            if found:
                best = found
                break
        groups.append(best)
        remaining = [p for p in remaining if p not in best]
    transfers = []
    for group in groups:
        left = {p: balance[p] for p in group}
        while any(left.values()):
            debtor = min(left, key=lambda p: (left[p], p))
            creditor = max(left, key=lambda p: (left[p], -p))
            amount = min(-left[debtor], left[creditor])
            transfers.append((debtor, creditor, amount))
            left[debtor] += amount
            left[creditor] -= amount
    return transfers


def settlement(game: GameRecord) -> dict[str, Any]:
    """找數: each player's points and money, and who pays whom in the fewest transfers; ``pot_returned`` (0: none) is
    a draw-game pot left at the end, paid back ``pot_share`` to each player (data: the CLI and the page word it)."""
    totals = list(game.state.totals)
    pot = game.state.pot
    if pot:  # a pot left at the end (a house rule without reimbursement) goes back to the players equally
        totals = [t + pot // 4 for t in totals]
    money = round_zero_sum({p: game.stake * totals[p - 1] for p in (1, 2, 3, 4)}, game.quantum)
    transfers = _fewest_transfers(money)
    return {
        "points": dict(zip(game.players, totals, strict=True)),
        "money": {game.player(p): str(money[p]) for p in (1, 2, 3, 4)},
        "transfers": [{"from": game.player(a), "to": game.player(b), "amount": str(v)} for a, b, v in transfers],
        "stake": str(game.stake), "currency": game.currency, "rounding": ROUNDING_RULE,
        "pot_returned": pot, "pot_share": pot // 4, "final": game.state.finished,
    }  # fmt: skip


def statistics(game: GameRecord) -> dict[str, Any]:
    """Wins, self-draws, deal-ins, false mahjongs, biggest hand per player, and the night's three titles."""
    stats: dict[str, dict[str, Any]] = {
        name: {"wins": 0, "self_draws": 0, "deal_ins": 0, "false_mahjongs": 0, "biggest": None} for name in game.players
    }
    for h in game.active_hands:
        entry = h.entry
        for o in entry.get("offenders", []):
            stats[game.player(o)]["false_mahjongs"] += 1
        paid = [w for w in h.result.get("wins", []) if w["paid"]]
        if paid and entry.get("discarder"):
            stats[game.player(entry["discarder"])]["deal_ins"] += 1
        for w in paid:
            row = stats[game.player(w["winner"])]
            row["wins"] += 1
            row["self_draws"] += bool(w["hand"].get("self_drawn"))
            if row["biggest"] is None or w["faan"] > row["biggest"]["faan"]:
                row["biggest"] = {"faan": w["faan"], "points": w["points"], "hand": h.seq,
                                  "patterns": [p["name_en"] for p in w["patterns"]]}  # fmt: skip
    titles = {}
    for title, key in (("食糊王", "wins"), ("自摸王", "self_draws"), ("出銃王", "deal_ins")):
        top = max(s[key] for s in stats.values())
        titles[title] = {"players": [n for n, s in stats.items() if s[key] == top] if top else [], "count": top}
    return {"players": stats, "titles": titles}
