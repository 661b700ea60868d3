"""Shared test fixtures. Tests that need ../shared take the ``shared`` fixture and skip with a reason without it."""

from __future__ import annotations

from pathlib import Path

import pytest
from sikwu.datasets.paths import shared_dir


@pytest.fixture(scope="session")
def shared() -> Path:
    root = shared_dir()
    if not (root / "datasets").is_dir():
        pytest.skip(f"shared material not found at {root} (set SIKWU_SHARED or place ../shared beside the checkout)")
    return root
