"""Who may see and change what: a long random join code opens a game or league read-only; writing needs its PIN
(a table) or the organiser's password (the league and every table of it).

* Join codes are 32 characters from :func:`secrets.token_urlsafe` (192 random bits): a code can be shared as a link
  or a QR code (:func:`join_link`, :func:`qr_svg`), and cannot be guessed.  A device that was not given a game's
  code has no way to read it (the page opens games only by code).
* PINs and passwords are stored as scrypt hashes (:func:`hashlib.scrypt`, random salt, memory-hard), never as text.
* A 4-digit PIN alone is guessed in seconds offline, so online guessing is rate-limited *in the database* (the
  counter is in the ``access`` row, so it holds across the page's processes and across devices): after
  :data:`FREE_FAILURES` wrong answers every further attempt must wait ``2 ** (extra failures)`` seconds (capped at
  :data:`MAX_WAIT_S`) after the last failure, and an attempt made too early is refused *before* its PIN is checked.
  A correct answer resets the counter.  The row is locked while an attempt is checked, so parallel guesses queue.
* Wrong *join codes* are slowed the same way, before the code is even looked up (:func:`open_code`): per client
  (the page's client address or device token, stored only as a SHA-256) after :data:`FREE_CODE_FAILURES` wrong
  codes in a row, and server-wide -- a client can change its token, so at most :data:`GLOBAL_CODE_FAILURES` wrong
  codes per :data:`GLOBAL_WINDOW_S` seconds are checked from everyone together (after that every code waits for
  the window to end).  At that rate 192-bit codes take over 10^40 years to hit one of a million; the price: a
  flood of wrong codes can make honest phones wait up to a minute to open a link (an open page keeps working).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import math
import secrets
from collections.abc import Mapping
from contextvars import ContextVar
from datetime import UTC, datetime, timedelta
from typing import Final

from sikwu.ledger.errors import LedgerError
from sikwu.ledger.league_models import Access, CodeAttempt
from sqlalchemy import delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

FREE_FAILURES: Final = 5
MAX_WAIT_S: Final = 900
MIN_SECRET: Final = 4
SCRYPT: Final = {"n": 2**14, "r": 8, "p": 1}  # ~16 MiB per check: slow to brute-force a stolen database
FREE_CODE_FAILURES: Final = 5
GLOBAL_CODE_FAILURES: Final = 60
GLOBAL_WINDOW_S: Final = 60
EVERYONE: Final = "*"  # the server-wide counter's key
FORGET_AFTER: Final = timedelta(days=1)  # a client's counter idle this long is deleted


#: PINs/passwords the current caller holds, by ``"kind:target id"``, used when a write names none.  The page sets it
#: at the start of a run from the PINs its browser session unlocked (:func:`hold`), so every write of that run
#: carries the PIN.  A context variable: each Streamlit session runs its script in threads of its own, which start
#: with an empty context, so one session's PINs never reach another session.
HELD: ContextVar[Mapping[str, str] | None] = ContextVar("sikwu_held_secrets", default=None)


def hold(secrets_by_target: Mapping[str, str]) -> None:
    """Hold these PINs (``{"game:<id>": pin}``) for the rest of this run (thread/context)."""
    HELD.set(dict(secrets_by_target))


def held(kind: str, target_id: str) -> str | None:
    """The PIN/password this run holds for a game or league (see :data:`HELD`), if any."""
    return (HELD.get() or {}).get(f"{kind}:{target_id}")


class AccessError(LedgerError):
    """A wrong or unknown join code, a wrong PIN or password, or a write without one."""


class TooManyAttemptsError(AccessError):
    """Too many wrong PINs or passwords lately; the message says how long to wait."""


def clock() -> datetime:
    """The time the rate limit uses (a function so tests can move it on)."""
    return datetime.now(UTC)


def new_join_code() -> str:
    return secrets.token_urlsafe(24)


def hash_secret(secret: str) -> str:
    """``scrypt$n$r$p$salt$hash`` of a PIN or password (refuses one shorter than :data:`MIN_SECRET`)."""
    if not isinstance(secret, str) or len(secret.strip()) < MIN_SECRET:
        raise AccessError(f"a PIN or password needs at least {MIN_SECRET} characters; choose a longer one")
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(secret.encode(), salt=salt, **SCRYPT)
    b64 = base64.b64encode
    return f"scrypt${SCRYPT['n']}${SCRYPT['r']}${SCRYPT['p']}${b64(salt).decode()}${b64(digest).decode()}"


#: (stored hash, salted SHA-256 of the secret) pairs this process has already verified with scrypt, so a phone that
#: sends its table's PIN with every hand pays the deliberately slow scrypt once, not per hand.  Only successes are
#: kept (a wrong guess always costs a full scrypt and counts for the rate limit) and only in this process's memory.
_VERIFIED: set[tuple[str, str]] = set()


def secret_matches(secret: str, stored: str) -> bool:
    quick = (stored, hashlib.sha256(stored.encode() + b"\0" + secret.encode()).hexdigest())
    if quick in _VERIFIED:
        return True
    if _scrypt_matches(secret, stored):
        _VERIFIED.add(quick)
        return True
    return False


def _scrypt_matches(secret: str, stored: str) -> bool:
    try:
        _, n, r, p, salt, digest = stored.split("$")
        want = base64.b64decode(digest)
        got = hashlib.scrypt(secret.encode(), salt=base64.b64decode(salt), n=int(n), r=int(r), p=int(p))
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(want, got)


def protect(s: Session, kind: str, target_id: str, secret: str, league_id: str | None = None) -> str:
    """Give a game or league a join code and a hashed PIN/password; returns the join code."""
    code = new_join_code()
    s.add(Access(kind=kind, target_id=target_id, join_code=code, secret_hash=hash_secret(secret),
                 league_id=league_id, failures=0, last_failure=None, created_at=clock()))  # fmt: skip
    return code


def by_code(s: Session, code: str) -> Access:
    """The game or league a join code opens (read-only), *without* the rate limit: use :func:`open_code`."""
    row = s.scalar(select(Access).where(Access.join_code == (code or "").strip()))
    if row is None:
        raise AccessError("no game or league has this join code; check the link or ask the organiser for it")
    return row


def client_key(client: str | None) -> str:
    """The counter key of a client: a SHA-256, so no address or token is stored (an address is personal data)."""
    text = (client or "").strip() or "anonymous"
    return hashlib.sha256(b"sikwu-client\0" + text.encode()).hexdigest()


def _aware(at: datetime | None) -> datetime | None:
    return at if at is None or at.tzinfo else at.replace(tzinfo=UTC)


def _everyone(s: Session) -> CodeAttempt:
    """The server-wide counter, created on first use (insert-or-ignore: two processes may race) and locked, so
    every code lookup queues behind it and the counts are exact across processes."""
    dialect = s.get_bind().dialect.name
    if dialect == "postgresql":
        s.execute(postgresql.insert(CodeAttempt).values(key=EVERYONE, failures=0).on_conflict_do_nothing())
    elif dialect == "sqlite":
        s.execute(sqlite.insert(CodeAttempt).values(key=EVERYONE, failures=0).on_conflict_do_nothing())
    elif s.get(CodeAttempt, EVERYONE) is None:  # pragma: no cover - other databases are not supported
        s.add(CodeAttempt(key=EVERYONE, failures=0))
        s.flush()
    row = s.scalar(select(CodeAttempt).where(CodeAttempt.key == EVERYONE).with_for_update())
    assert row is not None
    return row


def _refuse_early_code(mine: CodeAttempt | None, every: CodeAttempt, now: datetime) -> None:
    if mine is not None and (wait := _wait_s(mine.failures, FREE_CODE_FAILURES)):
        left = ((_aware(mine.last_failure) or now) + timedelta(seconds=wait) - now).total_seconds()
        if left > 0:
            raise TooManyAttemptsError(
                f"{mine.failures} wrong join codes in a row from this device; wait {math.ceil(left)} s before "
                "trying again (check the link, or scan the organiser's QR code)"
            )
    start = _aware(every.first_failure)
    if start is not None and every.failures >= GLOBAL_CODE_FAILURES:
        left = (start + timedelta(seconds=GLOBAL_WINDOW_S) - now).total_seconds()
        if left > 0:
            raise TooManyAttemptsError(
                f"too many wrong join codes were tried on this server in the last minute; wait {math.ceil(left)} s "
                "and open your link again"
            )


def open_code(s: Session, code: str, client: str | None) -> Access:
    """The game or league a join code opens, with wrong codes rate-limited per client and server-wide.

    A try made too early is refused before the code is looked up, so a throttled guesser learns nothing.  Records
    the attempt in ``s``; the caller commits it even when this raises (see :meth:`Ledger.open_by_code`).
    """
    now = clock()
    every = _everyone(s)
    key = client_key(client)
    mine = s.get(CodeAttempt, key)
    _refuse_early_code(mine, every, now)
    row = s.scalar(select(Access).where(Access.join_code == (code or "").strip()))
    if row is not None:
        if mine is not None:
            s.delete(mine)  # the right code: this client starts afresh (the server-wide count does not)
        return row
    if mine is None:
        mine = CodeAttempt(key=key, failures=0)
        s.add(mine)
    mine.failures, mine.last_failure = mine.failures + 1, now
    start = _aware(every.first_failure)
    if start is None or (now - start).total_seconds() >= GLOBAL_WINDOW_S:
        every.failures, every.first_failure = 0, now
    every.failures, every.last_failure = every.failures + 1, now
    s.execute(delete(CodeAttempt).where(CodeAttempt.key != EVERYONE, CodeAttempt.last_failure < now - FORGET_AFTER))
    raise AccessError("no game or league has this join code; check the link or ask the organiser for it")


def _wait_s(failures: int, free: int = FREE_FAILURES) -> int:
    return 0 if failures < free else min(2 ** (failures - free + 1), MAX_WAIT_S)


def check(s: Session, kind: str, target_id: str, secret: str | None) -> bool:
    """Check a PIN/password for a write (locks the access row).  Returns False when the target is unprotected.

    Records the attempt in ``s``; the caller commits it even when this raises (see :meth:`Ledger.authorize`).
    """
    row = s.scalar(select(Access).where(Access.kind == kind, Access.target_id == target_id).with_for_update())
    if row is None:
        return False
    now = clock()
    wait = _wait_s(row.failures)
    if wait and row.last_failure is not None:
        last = row.last_failure if row.last_failure.tzinfo else row.last_failure.replace(tzinfo=UTC)
        left = (last + timedelta(seconds=wait) - now).total_seconds()
        if left > 0:
            raise TooManyAttemptsError(
                f"{row.failures} wrong PINs or passwords in a row for this {kind}; wait {math.ceil(left)} s before "
                "trying again (ask the organiser if you forgot it)"
            )
    if not secret:
        raise AccessError(f"this {kind} is protected: give its PIN (or the organiser's password) to change it")
    hashes = [row.secret_hash]
    if row.league_id is not None:
        league = s.scalar(select(Access.secret_hash).where(Access.kind == "league", Access.target_id == row.league_id))
        hashes += [league] if league else []
    if any(secret_matches(secret, h) for h in hashes):
        row.failures, row.last_failure = 0, None
        return True
    row.failures, row.last_failure = row.failures + 1, now
    raise AccessError(f"wrong PIN or password for this {kind}; nothing was changed")


def join_link(base_url: str, code: str) -> str:
    """The link that opens a game or league read-only on the page's Game page (``game?join=CODE``)."""
    return f"{base_url.rstrip('/')}/game?join={code}"


def qr_svg(link: str) -> str:
    """The link as an SVG QR code (``segno``), to show on the organiser's screen or print on the table."""
    import segno

    return segno.make(link, error="m").svg_inline(scale=4)


def qr_png(link: str) -> bytes:
    import io

    import segno

    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="png", scale=6)
    return out.getvalue()
