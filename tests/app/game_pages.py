"""What the Game-page tests share: the app's entry script, four players and a winning hand, a temporary ledger,
and the pages opened as a phone opens them (the scoring page first, then the Game page beside it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

PAGE = str(Path(__file__).resolve().parents[2] / "app" / "page.py")
PLAYERS = ["Ann", "Bo", "Cy", "Di"]
TILES = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "7z", "7z", "7z", "1z", "1z"]


def use_temporary_ledger(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """Point the page and the ledger at a fresh SQLite file (never the user's ledger); returns its URL."""
    url = f"sqlite:///{tmp_path / 'ledger.sqlite'}"
    monkeypatch.setenv("SIKWU_DATABASE_URL", url)
    return url


def scoring_page(**params: str) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    for key, value in params.items():
        at.query_params[key] = value
    return at.run()


def game_page(**params: str) -> AppTest:
    return scoring_page(**params).switch_page("pages/game.py").run()
