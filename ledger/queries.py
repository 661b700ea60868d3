"""Reading a stored game back as plain records (:mod:`sikwu.ledger.records`)."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from sikwu.ledger.engine import TableState
from sikwu.ledger.errors import GameNotFoundError, PlayerError
from sikwu.ledger.models import Game, HandRow, Player, Thumbnail
from sikwu.ledger.records import GameRecord, HandRecord, aware
from sikwu.ledger.settings import rules_from_data
from sqlalchemy import select
from sqlalchemy.orm import Session


def player_rows(game_id: str, names: Sequence[str]) -> list[Player]:
    """Four players by table position; names must be distinct and non-empty (they identify players on the CLI)."""
    cleaned = [str(n).strip() for n in names]
    if len(cleaned) != 4:
        raise PlayerError(f"a game has four players, got {len(cleaned)}; give four names in seat order (East first)")
    if any(not n for n in cleaned) or any(len(n) > 100 for n in cleaned):
        raise PlayerError("every player needs a name of 1 to 100 characters")
    if len({n.casefold() for n in cleaned}) != 4:
        raise PlayerError("two players have the same name; give each a different name (e.g. Ming and Ming B)")
    if any(n.isdigit() for n in cleaned):
        raise PlayerError("a player name cannot be only digits (numbers name table positions 1-4)")
    return [Player(game_id=game_id, position=i + 1, name=n) for i, n in enumerate(cleaned)]


def resolve_game_id(session: Session, ref: str) -> str:
    """A full game id, a unique prefix of one, or an exact game name."""
    ref = ref.strip()
    if session.scalar(select(Game.id).where(Game.id == ref)) is not None:
        return ref
    ids = session.scalars(select(Game.id).where((Game.id.startswith(ref)) | (Game.name == ref))).all()
    if len(ids) == 1:
        return ids[0]
    if not ids:
        raise GameNotFoundError(f"no game {ref!r} in this ledger; list the games with: sikwu game show")
    raise GameNotFoundError(f"{ref!r} matches {len(ids)} games; give more of the id")


def load_game(session: Session, ref: str, *, with_undone: bool = True) -> GameRecord:
    game = session.get(Game, resolve_game_id(session, ref))
    assert game is not None
    players = session.scalars(select(Player.name).where(Player.game_id == game.id).order_by(Player.position)).all()
    query = select(HandRow).where(HandRow.game_id == game.id).order_by(HandRow.seq)
    if not with_undone:
        query = query.where(HandRow.status == "active")
    thumbs = set(session.scalars(select(Thumbnail.hand_id).join(HandRow).where(HandRow.game_id == game.id)).all())
    hands = tuple(
        HandRecord(
            id=h.id, seq=h.seq, status=h.status, version=h.version, entry=h.entry, result=h.result,
            state_after=h.state_after, created_at=aware(h.created_at), updated_at=aware(h.updated_at),
            device=h.device, has_thumbnail=h.id in thumbs,
        )
        for h in session.scalars(query)
    )  # fmt: skip
    return GameRecord(
        id=game.id, name=game.name, players=tuple(players), profile_name=game.profile_name,  # type: ignore[arg-type]
        profile_data=game.profile_data, rules=rules_from_data(game.rules_data, f"game {game.id} rules"),
        stake=Decimal(game.stake), quantum=Decimal(game.quantum), currency=game.currency,
        state=TableState.from_dict(game.state), version=game.version, created_at=aware(game.created_at),
        updated_at=aware(game.updated_at), device=game.device, hands=hands,
    )  # fmt: skip
