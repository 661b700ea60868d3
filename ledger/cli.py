"""``sikwu game new|add|draw|show|undo|edit|export|import``: keep a night's game from the terminal.

Every subcommand takes ``--db`` (a file or a database URL; default ``SIKWU_DATABASE_URL`` or the user data dir) and
``--json``.  Bad input -- an unknown player, a hand for a finished game, a stale edit, a corrupt database file, an
import that is not a sikwu game -- prints one line saying what is wrong and what to do, and exits 2.

A hand is typed as for ``sikwu score`` (tiles, ``--melds pung:777z@3`` with @ = the feeder's seat wind in this
hand, ``--bonus``, ``--winning``, ``--self-drawn``, ``--event``) or read with ``--json-in`` (a hand JSON, or for
simultaneous wins a list of ``{"winner": NAME, "hand": {...}}``), plus ``--winner NAME`` and ``--discarder NAME``.
What the hand does not show but liability needs (the replacement chain of kongs and flowers) is given with
``--history FILE`` / ``--replacement-chain 0 1`` or as ``"history"`` beside ``"hand"`` (:mod:`sikwu.ledger.history`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from sikwu.ledger import service, text, transfer, views
from sikwu.ledger.errors import LedgerError
from sikwu.ledger.records import GameRecord
from sikwu.scoring import ScoringError


def _fail(message: str) -> int:
    print(f"sikwu game: error: {message}", file=sys.stderr)
    return 2


def _write(body: str) -> int:
    """Print, tolerating a closed pipe (``sikwu game show | head``) instead of a traceback."""
    try:
        sys.stdout.write(body if body.endswith("\n") else body + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def _out(args: argparse.Namespace, data: Any, plain: str) -> int:
    return _write(json.dumps(data, ensure_ascii=False, indent=2, default=str) if args.json else plain)


def _game_data(game: GameRecord) -> dict[str, Any]:
    return {"status": views.status(game), "totals": views.running_totals(game)[-1],
            "context": service.table_context(game)}  # fmt: skip


def _read(path: str, what: str) -> bytes:
    try:
        return sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as exc:
        raise LedgerError(f"{what} {path!r}: cannot read ({exc.strerror}); check the path") from None


def _json_file(path: str, option: str, what: str) -> Any:
    try:
        return json.loads(_read(path, option))
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise LedgerError(f"{option} {path!r}: not JSON; give a {what} file") from None


def _hands_from_args(args: argparse.Namespace) -> tuple[list[dict[str, Any]], list[Any], list[Any]]:
    """(hand JSONs, winners, histories) from ``--json-in`` or typed tiles, in the hand's seat-wind frame."""
    from sikwu.scoring.cli import hand_from_args, history_from_args
    from sikwu.scoring.hand_json import hand_to_json

    history = history_from_args(args)
    if args.json_in:
        doc = _json_file(args.json_in, "--json-in", "hand JSON")
        if isinstance(doc, dict) and "hand" in doc:  # one {"winner", "hand", "history"} object
            doc = [doc]
        if isinstance(doc, list):
            if not all(isinstance(d, dict) and "hand" in d for d in doc):
                raise LedgerError('--json-in: a list must hold {"winner": NAME, "hand": {...}} objects')
            if history is not None and (len(doc) > 1 or "history" in doc[0]):
                raise LedgerError('--json-in with winners: put each hand\'s "history" beside its "hand", not --history')
            histories = [d.get("history", history) for d in doc]
            return [d["hand"] for d in doc], [d.get("winner", args.winner) for d in doc], histories
        return [doc], [args.winner], [history]
    ns = argparse.Namespace(hand=args.hand, melds=args.melds, bonus=args.bonus, winning=args.winning, seat=None,
                            round=None, dealer=None, self_drawn=args.self_drawn, discarder=None, event=args.event,
                            json_in=None)  # fmt: skip
    hand = hand_to_json(hand_from_args(ns))
    for key in ("seat", "round_wind", "dealer", "discarder"):
        hand.pop(key)
    return [hand], [args.winner], [history]


def _entry_from_args(args: argparse.Namespace, game: GameRecord, frame: Any) -> dict[str, Any]:
    if getattr(args, "draw", False):
        return {"kind": "draw", "note": args.note}
    if args.false_mahjong:
        offenders = [service.player_position(game, o) for o in args.false_mahjong]
        return {"kind": "false_mahjong", "offenders": offenders, "note": args.note}
    hands, winners, histories = _hands_from_args(args)
    if any(w is None for w in winners) and not all("seat" in h for h in hands):
        raise LedgerError("say who won: --winner NAME")
    return service.win_entry(game, hands, winners, args.discarder, frame, args.note, histories)


def run_new(args: argparse.Namespace) -> int:
    game = service.new_game(args.players, args.profile, name=args.name, rules_file=args.rules, stake=args.stake,
                            quantum=args.quantum, currency=args.currency, device=args.device, url=args.db,
                            pin=args.pin)  # fmt: skip
    rules = "\n".join(f"  {line}" for line in game.rules.describe())
    return _out(args, _game_data(game), f"new game {game.id}\n{text.status_text(game)}\ngame rules:\n{rules}")


def run_add(args: argparse.Namespace) -> int:
    from sikwu.ledger.entries import entry_from_dict
    from sikwu.ledger.thumbs import make_thumbnail

    ledger = service.open_ledger(args.db)
    game = ledger.game(args.game, with_undone=False)
    entry = entry_from_dict(_entry_from_args(args, game, game.state))
    thumb = make_thumbnail(_read(args.photo, "--photo")) if getattr(args, "photo", None) else None
    ledger.add_hand(game.id, entry, device=args.device, thumbnail=thumb, pin=args.pin)
    game = ledger.game(game.id)
    last = views.hand_summary(game, game.hands[-1])
    return _out(args, {**_game_data(game), "hand": last}, f"{text._hand_line(last)}\n{text.status_text(game)}")


def run_draw(args: argparse.Namespace) -> int:
    args.draw = True
    return run_add(args)


def run_show(args: argparse.Namespace) -> int:
    ledger = service.open_ledger(args.db)
    if not args.game:
        if getattr(args, "picture", None):
            raise LedgerError("--picture draws one game: name it, e.g. sikwu game show GAME --picture night.png")
        password = args.password or os.environ.get("SIKWU_LEAGUE_PASSWORD") or None
        games = ledger.games(league=args.league, password=password)  # the whole list: a local ledger only
        lines = [f"{g['id'][:8]}  {g['name']}  {g['profile']}  {g['hands']} hands" + ("  (over)" if g["finished"]
                 else "") for g in games]  # fmt: skip
        return _out(args, games, "\n".join(lines) or "no games yet; start one with: sikwu game new A B C D")
    game = ledger.game(args.game)
    data = {**_game_data(game), "history": views.history(game, with_undone=True),
            "running_totals": views.running_totals(game), "settlement": views.settlement(game),
            "statistics": views.statistics(game)}  # fmt: skip
    parts = [text.status_text(game), text.history_text(game), text.totals_text(game), text.settlement_text(game),
             text.stats_text(game)]  # fmt: skip
    if getattr(args, "picture", None):
        data["picture"] = _write_picture(game, args.picture)
        parts.append(f"picture written to {data['picture']}")
    return _out(args, data, "\n\n".join(parts))


def _write_picture(game: GameRecord, path: str) -> str:
    """The night's card written to ``path``; returns the path written (absolute)."""
    from sikwu.ledger.night_card import night_card_png

    target = Path(path).expanduser()
    if target.suffix.lower() != ".png":
        raise LedgerError(f"--picture {path!r}: the card is a PNG picture; give a file name ending in .png")
    try:
        target.write_bytes(night_card_png(game))
    except OSError as exc:
        raise LedgerError(f"--picture {path!r}: cannot write ({exc.strerror}); check the folder exists") from None
    return str(target.resolve())


def run_undo(args: argparse.Namespace) -> int:
    game = service.undo_hand(args.game, args.hand, args.version, device=args.device, url=args.db, pin=args.pin)
    return _out(args, _game_data(game), f"undone.\n{text.status_text(game)}\n{text.totals_text(game)}")


def run_edit(args: argparse.Namespace) -> int:
    ledger = service.open_ledger(args.db)
    game = ledger.game(args.game)
    data = _entry_from_args(args, game, service.hand_frame(game, args.hand_no))
    game = service.edit_hand(game.id, args.hand_no, args.version, data, device=args.device, url=args.db, pin=args.pin)
    return _out(args, _game_data(game), f"hand #{args.hand_no} edited.\n{text.status_text(game)}")


def run_export(args: argparse.Namespace) -> int:
    ledger = service.open_ledger(args.db)
    if args.format == "csv":
        body = transfer.export_csv(ledger, args.game)
    else:
        doc = transfer.export_game(ledger, args.game, with_thumbnails=not args.no_thumbnails)
        body = json.dumps(doc, ensure_ascii=False, indent=1)
    if args.output:
        Path(args.output).write_text(body, encoding="utf-8")
        return _out(args, {"written": args.output}, f"written {args.output}")
    return _write(body)


def run_import(args: argparse.Namespace) -> int:
    ledger = service.open_ledger(args.db)
    game_id = transfer.import_game(ledger, _read(args.file, "import file"), with_thumbnails=not args.no_thumbnails)
    game = ledger.game(game_id)
    return _out(args, _game_data(game), f"imported {game_id}\n{text.status_text(game)}")


def run_delete_photo(args: argparse.Namespace) -> int:
    done = service.open_ledger(args.db).delete_thumbnail(args.game, args.hand, device=args.device, pin=args.pin)
    return _out(args, {"deleted": done}, "photo deleted" if done else "that hand has no photo")


def _guard(handler: Any) -> Any:
    def run(args: argparse.Namespace) -> int:
        try:
            return int(handler(args) or 0)
        except (LedgerError, ScoringError) as exc:
            return _fail(str(exc))

    return run
