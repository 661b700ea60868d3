"""The ledger's views as terminal text (the CLI without --json)."""

from __future__ import annotations

from typing import Any

from sikwu.ledger import views
from sikwu.ledger.records import GameRecord


def _table(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True)))
            for r in rows]  # fmt: skip


def status_text(game: GameRecord) -> str:
    s = views.status(game)
    if s["finished"]:
        where = "game over"
    else:
        where = f"{s['round_wind']} round, deal {s['deal']}, {s['dealer']} deals" + (
            f" (連莊 {s['streak']})" if s["streak"] else ""
        )
    seats = ", ".join(f"{name} {wind}" for name, wind in s["seat_winds"].items())
    pot = f"; pot {s['pot']}" if s["pot"] else ""
    return f"{game.name} [{game.id[:8]}] {game.profile_name}: {s['hands']} hands; {where}{pot}\nseats: {seats}"


def totals_text(game: GameRecord) -> str:
    rows = views.running_totals(game)
    head = ["hand", *game.players, "pot"]
    return "\n".join(_table([head, *[[str(r[k]) for k in ["hand", *game.players, "pot"]] for r in rows]]))


def _hand_line(h: dict[str, Any]) -> str:
    if h["status"] != "active":
        return f"#{h['hand']} v{h['version']} undone"
    if h["kind"] == "draw":
        what = "draw game"
    elif h["kind"] == "false_mahjong":
        what = f"false mahjong by {', '.join(h['offenders'])}"
    else:
        parts = [f"{w['winner']} {w['faan']} faan" + (" self-drawn" if w["self_drawn"] else "")
                 + ("" if w["paid"] else " (not paid)") for w in h["wins"]]  # fmt: skip
        what = " + ".join(parts) + (f" off {h['discarder']}" if h["discarder"] else "")
    pays = " ".join(f"{n} {v:+d}" for n, v in h["payments"].items())
    return f"#{h['hand']} v{h['version']} {h['round_wind']} {h['dealer']} deals: {what}  [{pays}]"


def history_text(game: GameRecord) -> str:
    return "\n".join(_hand_line(h) for h in views.history(game, with_undone=True)) or "(no hands yet)"


def settlement_text(game: GameRecord) -> str:
    st = views.settlement(game)
    unit = f" {st['currency']}" if st["currency"] else ""
    lines = [f"{'final' if st['final'] else 'so far'} (stake {st['stake']}{unit} per point):"]
    lines += [f"  {name}: {pts:+d} points = {st['money'][name]}{unit}" for name, pts in st["points"].items()]
    lines += [f"  {t['from']} pays {t['to']} {t['amount']}{unit}" for t in st["transfers"]] or ["  nobody owes"]
    if st["pot_returned"]:
        lines.append(f"  (the draw-game pot of {st['pot_returned']} left at the end is paid back, "
                     f"{st['pot_share']} to each player)")  # fmt: skip
    return "\n".join(lines)


def stats_text(game: GameRecord) -> str:
    st = views.statistics(game)
    rows = [["player", "wins", "self-draws", "deal-ins", "false", "biggest"]]
    for name, s in st["players"].items():
        big = f"{s['biggest']['faan']} faan (#{s['biggest']['hand']})" if s["biggest"] else "-"
        rows.append([name, str(s["wins"]), str(s["self_draws"]), str(s["deal_ins"]), str(s["false_mahjongs"]), big])
    titles = [f"{t}: {', '.join(v['players']) or '-'} ({v['count']})" for t, v in st["titles"].items()]
    return "\n".join([*_table(rows), "  ".join(titles)])
