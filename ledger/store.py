"""The ledger's writes: one transaction per change, optimistic versions, recompute after an edit or undo.

Every public method opens one transaction (``BEGIN IMMEDIATE`` on SQLite) and either writes all of a change -- the
hand, its entry version, the audit line, the game's new state -- or nothing.  A hand is added in O(1): the game row
keeps the table state after its last hand.  An edit or undo replays only the hands from the changed one on
(scores of unchanged contexts come from :mod:`sikwu.ledger.scorecache`).  A stale version -- the caller edited a
copy somebody else changed meanwhile -- is refused with :class:`StaleVersionError`, never silently overwritten.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any, cast

from sikwu.ledger import access, db
from sikwu.ledger.engine import TableState, play
from sikwu.ledger.entries import HandEntry, entry_from_dict
from sikwu.ledger.errors import EntryError, GameFinishedError, GameNotFoundError, LedgerError, StaleVersionError
from sikwu.ledger.frozen import thaw_profile
from sikwu.ledger.models import AuditEntry, Game, HandRow, HandVersion, Thumbnail
from sikwu.ledger.queries import load_game, player_rows, resolve_game_id
from sikwu.ledger.records import GameRecord
from sikwu.ledger.settings import rules_from_data
from sikwu.ledger.store_access import LedgerAccess
from sikwu.scoring import Profile
from sqlalchemy import Engine, Table, bindparam, exc, func, select, update
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.exc import StaleDataError

MAX_THUMBNAIL_BYTES = 512 * 1024


def now() -> datetime:
    return datetime.now(UTC)


def _device(device: str | None) -> str:
    text = (device or "").strip()
    if len(text) > 100:
        raise LedgerError("device token is longer than 100 characters; use a short random token per browser")
    return text


class Ledger(LedgerAccess):
    """One ledger database (SQLite file, in-memory SQLite, or a PostgreSQL server), migrated on open."""

    def __init__(self, url: str | None = None, *, migrate: bool = True) -> None:
        self.url = db.normalise_url(url)
        self.engine: Engine = db.make_engine(self.url)
        self.backup = db.migrate(self.engine) if migrate else None
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._profiles: dict[str, Profile] = {}  # a game's profile data never changes once the game exists

    def _profile(self, game: Game) -> Profile:
        """The game's frozen profile, rebuilt from its stored data once per game and ledger."""
        if game.id not in self._profiles:
            self._profiles[game.id] = thaw_profile(game.profile_data, f"game {game.id} profile")
        return self._profiles[game.id]

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """One transaction; any database failure becomes a StorageError saying what to do."""
        try:
            with self._sessions.begin() as session:
                yield session
        except StaleDataError:
            raise StaleVersionError(
                "the game was changed on another device meanwhile; reload it and try again"
            ) from None
        except exc.IntegrityError as err:  # two devices raced for the same hand number or id
            raise StaleVersionError(
                f"the game was changed on another device meanwhile ({str(err.orig).splitlines()[0]}); reload and retry"
            ) from None
        except exc.SQLAlchemyError as err:
            raise db.describe_failure(err, self.url) from None

    # ------------------------------------------------------------------ reads
    def game(self, game_id: str, *, with_undone: bool = True) -> GameRecord:
        with self.transaction() as s:
            return load_game(s, game_id, with_undone=with_undone)

    def thumbnail(self, hand_id: str) -> tuple[str, bytes] | None:
        with self.transaction() as s:
            t = s.get(Thumbnail, hand_id)
            return None if t is None else (t.mime, t.data)

    # access checks, join codes and listing games: sikwu.ledger.store_access.LedgerAccess

    # ------------------------------------------------------------------ writes
    def create_game(
        self, game: Game, players: Sequence[str], device: str | None = None, *, pin: str | None = None,
        league_id: str | None = None,
    ) -> str:  # fmt: skip
        """Store a new game built by :func:`sikwu.ledger.service.new_game` (which validates its inputs).

        With a ``pin`` the game gets a join code (read-only) and every later change needs the PIN (or, for a league
        table, the organiser's password); without one it is a local game open to whoever can reach the database.
        """
        with self.transaction() as s:
            insert_game(s, game, players, device, pin=pin, league_id=league_id)
        return game.id

    def add_hand(
        self,
        game_id: str,
        entry: HandEntry,
        *,
        device: str | None = None,
        hand_id: str | None = None,
        thumbnail: tuple[str, bytes] | None = None,
        expected_game_version: int | None = None,
        pin: str | None = None,
    ) -> str:
        """Record one hand at the end of the game; ``hand_id`` makes a retried submission count once.

        Appending never conflicts with another append in meaning, so when two devices race for the same hand
        number (PostgreSQL without the row lock, say) the add is simply retried on the new state.
        """
        self.authorize("game", game_id, pin)
        for attempt in range(3):
            try:
                return self._add_hand(game_id, entry, device, hand_id, thumbnail, expected_game_version)
            except StaleVersionError:
                if expected_game_version is not None or attempt == 2:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    def _add_hand(
        self,
        game_id: str,
        entry: HandEntry,
        device: str | None,
        hand_id: str | None,
        thumbnail: tuple[str, bytes] | None,
        expected_game_version: int | None,
    ) -> str:
        device = _device(device)
        with self.transaction() as s:
            game = _game_row(s, game_id)
            game_id = game.id
            if hand_id is not None and (old := s.get(HandRow, hand_id)) is not None:
                if old.game_id == game_id and old.entry == entry.to_dict():
                    return old.id  # the same submission again (a retry, a double tap): counted once
                raise LedgerError(f"hand id {hand_id} is already used by another hand; send a new id")
            if expected_game_version is not None and game.version != expected_game_version:
                raise StaleVersionError(
                    f"the game changed meanwhile (now version {game.version}, you had {expected_game_version}); "
                    "reload it and add the hand again"
                )
            state = TableState.from_dict(game.state)
            outcome, after = play(state, entry, self._profile(game), rules_from_data(game.rules_data))
            seq = (s.scalar(select(func.max(HandRow.seq)).where(HandRow.game_id == game_id)) or 0) + 1
            at = now()
            row = HandRow(id=hand_id or str(uuid.uuid4()), game_id=game_id, seq=seq, status="active",
                          entry=entry.to_dict(), result=outcome.to_dict(), state_after=after.to_dict(),
                          created_at=at, updated_at=at, device=device, version=1)  # fmt: skip
            s.add(row)
            s.flush()
            s.add(HandVersion(hand_id=row.id, version=1, action="add", status="active", entry=row.entry,
                              created_at=at, device=device))  # fmt: skip
            s.add(AuditEntry(game_id=game_id, hand_id=row.id, action="add", at=at, device=device,
                             detail=f"hand #{seq}: {entry.kind}"))  # fmt: skip
            if thumbnail is not None:
                s.add(_thumbnail_row(row.id, thumbnail, at))
            game.state, game.updated_at, game.version = after.to_dict(), at, game.version + 1
            return row.id

    def edit_hand(
        self, game_id: str, seq: int, entry: HandEntry, expected_version: int, *, device: str | None = None,
        pin: str | None = None,
    ) -> int:  # fmt: skip
        """Replace hand ``seq``'s entry (a new version; the old one stays in the audit trail); returns the version."""
        self.authorize("game", game_id, pin)
        return self._change(game_id, seq, expected_version, "edit", entry, device)

    def undo_hand(
        self, game_id: str, seq: int | None = None, expected_version: int | None = None, *, device: str | None = None,
        pin: str | None = None,
    ) -> int:  # fmt: skip
        """Take a hand out of the game (the last active one by default); it stays stored as an undone version."""
        self.authorize("game", game_id, pin)
        if seq is None:
            game = self.game(game_id, with_undone=False)
            if not game.active_hands:
                raise LedgerError("there is no hand to undo in this game")
            last = game.active_hands[-1]
            seq, expected_version = last.seq, expected_version or last.version
        return self._change(game_id, seq, expected_version, "undo", None, device)

    def delete_thumbnail(self, game_id: str, seq: int, *, device: str | None = None, pin: str | None = None) -> bool:
        self.authorize("game", game_id, pin)
        with self.transaction() as s:
            game_id = resolve_game_id(s, game_id)
            row = _hand_row(s, game_id, seq)
            t = s.get(Thumbnail, row.id)
            if t is None:
                return False
            s.delete(t)
            s.add(AuditEntry(game_id=game_id, hand_id=row.id, action="delete_photo", at=now(),
                             device=_device(device), detail=f"hand #{seq}: photo deleted"))  # fmt: skip
            return True

    def _change(
        self, game_id: str, seq: int, expected: int | None, action: str, entry: HandEntry | None, device: str | None
    ) -> int:
        device = _device(device)
        with self.transaction() as s:
            game = _game_row(s, game_id)
            game_id = game.id
            row = _hand_row(s, game_id, seq)
            if expected is None or row.version != expected:
                had = f"you had version {expected}" if expected is not None else "you gave no version"
                raise StaleVersionError(
                    f"hand #{seq} is now at version {row.version} but {had}: it was changed meanwhile; "
                    f"reload it (sikwu game show) and {action} it again"
                )
            if action == "undo" and row.status == "undone":
                raise LedgerError(f"hand #{seq} is already undone")
            at = now()
            if entry is not None:
                row.entry = entry.to_dict()
            row.status = "undone" if action == "undo" else "active"
            row.updated_at = at
            row.version += 1  # UPDATE ... WHERE version = old: a concurrent change makes this fail, not overwrite
            s.flush()
            s.add(HandVersion(hand_id=row.id, version=row.version, action=action, status=row.status,
                              entry=row.entry, created_at=at, device=device))  # fmt: skip
            s.add(AuditEntry(game_id=game_id, hand_id=row.id, action=action, at=at, device=device,
                             detail=f"hand #{seq}: {action} to version {row.version}"))  # fmt: skip
            s.flush()
            recompute(s, game, self._profile(game), from_seq=seq)
            game.updated_at, game.version = at, game.version + 1
            return row.version


def insert_game(
    s: Session, game: Game, players: Sequence[str], device: str | None, *, pin: str | None, league_id: str | None
) -> None:
    """The rows of a new game inside the caller's transaction (a league draws all its tables in one)."""
    if s.get(Game, game.id) is not None:
        raise LedgerError(f"a game with id {game.id} already exists in this ledger")
    game.version = 1
    s.add(game)
    s.flush()
    s.add_all(player_rows(game.id, players))
    s.add(AuditEntry(game_id=game.id, hand_id=None, action="new", at=game.created_at,
                     device=_device(device), detail=f"new game '{game.name}'"))  # fmt: skip
    if pin is not None:
        access.protect(s, "game", game.id, pin, league_id)


def _game_row(s: Session, game_id: str) -> Game:
    game = s.get(Game, resolve_game_id(s, game_id), with_for_update=True)
    assert game is not None
    return game


def _hand_row(s: Session, game_id: str, seq: int) -> HandRow:
    row = s.scalar(select(HandRow).where(HandRow.game_id == game_id, HandRow.seq == seq))
    if row is None:
        raise GameNotFoundError(f"game {game_id} has no hand #{seq}; see the hand numbers with: sikwu game show")
    return row


def _thumbnail_row(hand_id: str, thumbnail: tuple[str, bytes], at: datetime) -> Thumbnail:
    mime, data = thumbnail
    if not mime.startswith("image/") or not isinstance(data, bytes | bytearray):
        raise LedgerError("a thumbnail must be image bytes with an image/... type (e.g. image/jpeg)")
    if len(data) > MAX_THUMBNAIL_BYTES:
        limit = MAX_THUMBNAIL_BYTES // 1024
        raise LedgerError(f"the thumbnail is {len(data) // 1024} KiB; shrink it below {limit} KiB")
    return Thumbnail(hand_id=hand_id, mime=mime, data=bytes(data), created_at=at)


def recompute(s: Session, game: Game, profile: Profile, from_seq: int = 1, batch: int = 500) -> TableState:
    """Replay the game's active hands from ``from_seq`` on and store their results and the game's state.

    Hands are read ``batch`` at a time (only the columns the replay needs) and changed rows are written with one
    executemany per batch, so a 10,000-hand game recomputes in seconds without holding the whole game in memory.
    """
    rules = rules_from_data(game.rules_data)
    before = s.scalar(
        select(HandRow.state_after)
        .where(HandRow.game_id == game.id, HandRow.status == "active", HandRow.seq < from_seq)
        .order_by(HandRow.seq.desc())
        .limit(1)
    )
    state = TableState.start(rules) if before is None else TableState.from_dict(before)
    hands = cast(Table, HandRow.__table__)
    next_seq = from_seq
    while True:
        rows = s.execute(
            select(HandRow.id, HandRow.seq, HandRow.entry, HandRow.result, HandRow.state_after)
            .where(HandRow.game_id == game.id, HandRow.status == "active", HandRow.seq >= next_seq)
            .order_by(HandRow.seq)
            .limit(batch)
        ).all()
        if not rows:
            break
        changed: list[dict[str, Any]] = []
        for row in rows:
            state = _replay_one(state, row, profile, rules, changed)
        if changed:  # derived data: no new version, no version bump (the entries did not change)
            s.execute(update(hands).where(hands.c.id == bindparam("b_id")), changed)
        next_seq = rows[-1].seq + 1
    game.state = state.to_dict()
    return state


def _replay_one(state: TableState, row: Any, profile: Any, rules: Any, changed: list[dict[str, Any]]) -> TableState:
    try:
        outcome, state = play(state, entry_from_dict(row.entry), profile, rules)
    except (EntryError, GameFinishedError) as err:
        raise LedgerError(
            f"this change cannot be made: hand #{row.seq} would then be invalid ({err}); undo or edit hand "
            f"#{row.seq} first"
        ) from None
    result, after = outcome.to_dict(), state.to_dict()
    if row.result != result or row.state_after != after:
        changed.append({"b_id": row.id, "result": result, "state_after": after})
    return state
