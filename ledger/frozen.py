"""A rule profile frozen into a game: the profile's merged data is stored, and the game is always scored from it.

A house-rule file edited after the night (or a built-in profile changed by a newer sikwu) must not change hands
already played, so a game keeps the profile's data (``Profile.raw``, after ``extends`` is merged) and rebuilds the
Profile from that copy.  Rebuilt profiles are cached by a hash of the data: the scorer caches its compiled patterns
per Profile object, so one object per game keeps a 10,000-hand recompute fast.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from sikwu.scoring import Profile, load_profile, profile_from_mapping


def canonical_json(data: Any) -> str:
    """Stable JSON text: sorted keys, no spaces -- for hashing and comparing stored data."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def freeze_profile(name_or_path: str) -> tuple[str, dict[str, Any]]:
    """Load a profile by built-in name or file path and return (its name, its merged data as plain JSON data)."""
    profile = load_profile(name_or_path)
    data = json.loads(json.dumps(profile.raw, default=str))  # TOML dates (if any) become text
    return profile.name, data


def profile_key(data: Mapping[str, Any]) -> str:
    return hashlib.sha256(canonical_json(data).encode()).hexdigest()


def thaw_profile(data: Mapping[str, Any], where: str = "<game profile>") -> Profile:
    """The Profile of a game's stored data (validated again: a tampered import fails here, not mid-game)."""
    return _thaw_cached(canonical_json(data), where)


@lru_cache(maxsize=32)
def _thaw_cached(text: str, where: str) -> Profile:
    return profile_from_mapping(json.loads(text), where)
