"""Export a game as JSON (complete: every hand, version, audit entry, id, timestamp) or CSV, and import the JSON.

The JSON document is ``{"format": "sikwu.game", "format_version": 1, ...}``.  Importing it into any ledger gives
back the identical game: the same ids, versions, entries, results and timestamps, so a second export is equal to
the first.  Thumbnails are included (base64) unless ``with_thumbnails=False``; a file without them says so and
imports without photos.  A file that is not a sikwu game, or comes from a newer format, is refused with a message.
"""

from __future__ import annotations

import base64
import csv
import io
import json
from datetime import datetime
from typing import Any, Final

from sikwu.ledger.engine import TableState
from sikwu.ledger.entries import entry_from_dict
from sikwu.ledger.errors import ImportFormatError, LedgerError
from sikwu.ledger.frozen import thaw_profile
from sikwu.ledger.models import AuditEntry, Game, HandRow, HandVersion, Thumbnail
from sikwu.ledger.queries import load_game, player_rows
from sikwu.ledger.records import iso
from sikwu.ledger.settings import rules_from_data
from sikwu.ledger.store import Ledger, now
from sikwu.ledger.views import hand_summary
from sikwu.scoring import ScoringError
from sqlalchemy import select

FORMAT: Final = "sikwu.game"
FORMAT_VERSION: Final = 1


def export_game(ledger: Ledger, game_id: str, *, with_thumbnails: bool = True) -> dict[str, Any]:
    with ledger.transaction() as s:
        game = load_game(s, game_id)
        row = s.get(Game, game.id)
        assert row is not None
        versions: dict[str, list[dict[str, Any]]] = {}
        for v in s.scalars(select(HandVersion).join(HandRow).where(HandRow.game_id == game.id)
                           .order_by(HandVersion.hand_id, HandVersion.version)):  # fmt: skip
            versions.setdefault(v.hand_id, []).append(
                {"version": v.version, "action": v.action, "status": v.status, "entry": v.entry,
                 "created_at": iso(v.created_at), "device": v.device})  # fmt: skip
        thumbs = {}
        if with_thumbnails:
            for t in s.scalars(select(Thumbnail).join(HandRow).where(HandRow.game_id == game.id)):
                thumbs[t.hand_id] = {"mime": t.mime, "data": base64.b64encode(t.data).decode(),
                                     "created_at": iso(t.created_at)}  # fmt: skip
        rows = s.scalars(select(AuditEntry).where(AuditEntry.game_id == game.id).order_by(AuditEntry.id))
        audit = [{"hand_id": a.hand_id, "action": a.action, "at": iso(a.at), "device": a.device, "detail": a.detail}
                 for a in rows]  # fmt: skip
    return {
        "format": FORMAT, "format_version": FORMAT_VERSION, "exported_at": iso(now()),
        "thumbnails_included": with_thumbnails,
        "game": {"id": game.id, "name": game.name, "profile_name": game.profile_name,
                 "profile_data": game.profile_data, "rules_data": row.rules_data, "stake": str(game.stake),
                 "quantum": str(game.quantum), "currency": game.currency, "state": row.state,
                 "version": game.version, "created_at": iso(game.created_at), "updated_at": iso(game.updated_at),
                 "device": game.device},
        "players": list(game.players),
        "hands": [{"id": h.id, "seq": h.seq, "status": h.status, "version": h.version, "entry": h.entry,
                   "result": h.result, "state_after": h.state_after, "created_at": iso(h.created_at),
                   "updated_at": iso(h.updated_at), "device": h.device, "versions": versions.get(h.id, []),
                   "thumbnail": thumbs.get(h.id)} for h in game.hands],
        "audit": audit,
    }  # fmt: skip


def export_csv(ledger: Ledger, game_id: str) -> str:
    """One row per active hand: what happened, each player's payment and running total, the pot."""
    game = ledger.game(game_id, with_undone=False)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["hand", "round_wind", "dealer", "kind", "winners", "faan", "discarder", "offenders",
                     *[f"{p} paid" for p in game.players], *[f"{p} total" for p in game.players], "pot",
                     "entered_at", "device"])  # fmt: skip
    for h in game.active_hands:
        row = hand_summary(game, h)
        writer.writerow([
            h.seq, row["round_wind"], row["dealer"], row["kind"], " + ".join(w["winner"] for w in row["wins"]
            if w["paid"]), " + ".join(str(w["faan"]) for w in row["wins"] if w["paid"]), row["discarder"] or "",
            " + ".join(row["offenders"]), *row["payments"].values(), *h.state_after["totals"], h.state_after["pot"],
            row["created_at"], row["device"],
        ])  # fmt: skip
    return out.getvalue()


def _when(value: Any, where: str) -> datetime:
    try:
        return datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise ImportFormatError(f"{where}: {value!r} is not an ISO timestamp; the file is damaged") from None


def read_export(text: str | bytes) -> dict[str, Any]:
    """Parse and check the envelope of an export file."""
    try:
        doc = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise ImportFormatError("this file is not JSON, so not a sikwu game export (sikwu game export)") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ImportFormatError("this JSON is not a sikwu game export (no \"format\": \"sikwu.game\"); "
                                "export the game with: sikwu game export GAME --format json")  # fmt: skip
    version = doc.get("format_version")
    if not isinstance(version, int) or version > FORMAT_VERSION:
        raise ImportFormatError(f"this export is format version {version!r}, newer than this sikwu reads "
                                f"({FORMAT_VERSION}); upgrade sikwu to import it")  # fmt: skip
    for key, typ in (("game", dict), ("players", list), ("hands", list), ("audit", list)):
        if not isinstance(doc.get(key), typ):
            raise ImportFormatError(f"the export has no valid '{key}'; the file is incomplete or damaged")
    return doc


def _check(doc: dict[str, Any]) -> None:
    """Everything the game will be scored with must still load: profile, rules, entries, state sums."""
    g = doc["game"]
    try:
        thaw_profile(g["profile_data"], "imported profile")
        rules_from_data(g["rules_data"], "imported game rules")
        state = TableState.from_dict(g["state"])
        for h in doc["hands"]:
            entry_from_dict(h["entry"])
            for v in h.get("versions", []):
                entry_from_dict(v["entry"])
    except (ScoringError, LedgerError, KeyError, TypeError, ValueError) as exc:
        raise ImportFormatError(f"the export does not hold a valid game ({exc}); the file is damaged") from None
    if sum(state.totals) + state.pot != 0:
        raise ImportFormatError("the export's totals do not sum to zero; the file was edited or is damaged")


def import_game(ledger: Ledger, text: str | bytes, *, with_thumbnails: bool = True) -> str:
    """Recreate an exported game exactly; refuses a game id this ledger already holds."""
    doc = read_export(text)
    _check(doc)
    g = doc["game"]
    with ledger.transaction() as s:
        if s.get(Game, g["id"]) is not None:
            raise ImportFormatError(f"game {g['id']} is already in this ledger; import into another --db or "
                                    "delete it first")  # fmt: skip
        s.add(Game(id=g["id"], name=g["name"], profile_name=g["profile_name"], profile_data=g["profile_data"],
                   rules_data=g["rules_data"], stake=g["stake"], quantum=g["quantum"], currency=g["currency"],
                   state=g["state"], created_at=_when(g["created_at"], "game"),
                   updated_at=_when(g["updated_at"], "game"), device=g["device"], version=g["version"]))  # fmt: skip
        s.flush()
        s.add_all(player_rows(g["id"], doc["players"]))
        for h in doc["hands"]:
            s.add(HandRow(id=h["id"], game_id=g["id"], seq=h["seq"], status=h["status"], entry=h["entry"],
                          result=h["result"], state_after=h["state_after"], version=h["version"],
                          created_at=_when(h["created_at"], "hand"), updated_at=_when(h["updated_at"], "hand"),
                          device=h["device"]))  # fmt: skip
        s.flush()
        for h in doc["hands"]:
            s.add_all(HandVersion(hand_id=h["id"], version=v["version"], action=v["action"], status=v["status"],
                                  entry=v["entry"], created_at=_when(v["created_at"], "version"),
                                  device=v["device"]) for v in h.get("versions", []))  # fmt: skip
            t = h.get("thumbnail")
            if with_thumbnails and t:
                s.add(Thumbnail(hand_id=h["id"], mime=t["mime"], data=base64.b64decode(t["data"]),
                                created_at=_when(t["created_at"], "thumbnail")))  # fmt: skip
        s.add_all(AuditEntry(game_id=g["id"], hand_id=a["hand_id"], action=a["action"], at=_when(a["at"], "audit"),
                             device=a["device"], detail=a["detail"]) for a in doc["audit"])  # fmt: skip
    return str(g["id"])
