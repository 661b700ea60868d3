"""A guessing process for the cross-process rate-limit tests: spawned (a fresh interpreter, its own engine and pool,
as another page process would be), it waits for the others at a barrier and then tries wrong answers as fast as
it can, reporting how many were *checked* (answered "wrong") and how many were refused as too early.

The clock is frozen at the instant the parent gives, in every process, so no wait ever runs out during the test:
the total checked can then be compared exactly with the limit."""

from __future__ import annotations

from datetime import datetime
from typing import Any


def guess(url: str, mode: str, target: str, tries: int, frozen: datetime, start: Any, out: Any, name: str) -> None:
    from sikwu.ledger import access
    from sikwu.ledger.store import Ledger

    access.clock = lambda: frozen  # the same instant in every process
    ledger = Ledger(url, migrate=False)
    checked = refused = 0
    start.wait()
    for i in range(tries):
        try:
            if mode == "pin":
                ledger.authorize("game", target, f"{name}-{i}")
            else:  # mode "tokens": a new device token for every guess, as a guesser dodging the per-device limit
                client = target if mode == "code" else f"{name}-token-{i}"
                ledger.open_by_code(f"{name}-wrong-code-{i}-{'x' * 16}", client=client)
        except access.TooManyAttemptsError:
            refused += 1
        except access.AccessError:
            checked += 1
    ledger.close()
    out.put((name, checked, refused))
