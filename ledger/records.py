"""Plain read-only records of a stored game, what views, the CLI, the page and the exporter work on."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from sikwu.ledger.engine import TableState
from sikwu.ledger.settings import GameRules


def aware(value: datetime) -> datetime:
    """SQLite hands back naive datetimes; everything the ledger writes is UTC."""
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def iso(value: datetime) -> str:
    return aware(value).isoformat()


@dataclass(frozen=True)
class HandRecord:
    id: str
    seq: int
    status: str  # active | undone
    version: int
    entry: dict[str, Any]
    result: dict[str, Any]
    state_after: dict[str, Any]
    created_at: datetime
    updated_at: datetime
    device: str
    has_thumbnail: bool = False

    @property
    def active(self) -> bool:
        return self.status == "active"


@dataclass(frozen=True)
class GameRecord:
    id: str
    name: str
    players: tuple[str, str, str, str]  # by table position 1..4
    profile_name: str
    profile_data: dict[str, Any]
    rules: GameRules
    stake: Decimal
    quantum: Decimal
    currency: str
    state: TableState
    version: int
    created_at: datetime
    updated_at: datetime
    device: str
    hands: tuple[HandRecord, ...] = field(default=())

    @property
    def active_hands(self) -> tuple[HandRecord, ...]:
        return tuple(h for h in self.hands if h.active)

    def player(self, position: int) -> str:
        return self.players[position - 1]
