"""Per-stage wall-clock timings of one recognition, in milliseconds, the way a predictor reports them."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager


class Stopwatch:
    """Times named stages; a stage entered twice accumulates.  ``laps()`` adds ``total`` since the start."""

    def __init__(self) -> None:
        self._start = time.perf_counter()
        self._ms: dict[str, float] = {}

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        t0 = time.perf_counter()
        try:
            yield
        finally:
            self._ms[name] = self._ms.get(name, 0.0) + (time.perf_counter() - t0) * 1000

    def laps(self) -> dict[str, float]:
        return {**self._ms, "total": (time.perf_counter() - self._start) * 1000}
