"""Where the shared input material lives: ``$SIKWU_SHARED`` or ``../shared`` beside the checkout.

The material is input with its own licences, so it is never copied into the project; every consumer asks here.
"""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def shared_dir() -> Path:
    """The shared folder (it may not exist: callers decide whether that is an error or a skip)."""
    env = os.environ.get("SIKWU_SHARED")
    return Path(env).expanduser().resolve() if env else (PROJECT_ROOT.parent / "shared").resolve()


def shared_path(*parts: str) -> Path:
    return shared_dir().joinpath(*parts)
