"""Checks for the settlement tables of a rule profile: each returns the value or raises a ProfileError that names
the file, the key and what to write instead, so a house-rule author sees the mistake on load."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from sikwu.scoring.errors import ProfileError


def fail(where: str, key: str, problem: str) -> ProfileError:
    return ProfileError(where, key, problem)


def get_table(raw: Mapping[str, Any], key: str, where: str, *, required: bool) -> Mapping[str, Any]:
    value = raw.get(key)
    if value is None:
        if required:
            raise fail(where, key, f"missing table [{key}]; add it or 'extends' a built-in profile that has one")
        return {}
    if not isinstance(value, Mapping):
        raise fail(where, key, f"must be a table ([{key}]), got {type(value).__name__}")
    return value


def check_keys(table: Mapping[str, Any], allowed: tuple[str, ...], where: str, prefix: str) -> None:
    for key in table:
        if key not in allowed:
            raise fail(where, f"{prefix}.{key}", f"unknown key; allowed keys in [{prefix}] are: {', '.join(allowed)}")


def as_int(value: Any, where: str, key: str, *, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(where, key, f"must be a whole number, got {value!r}")
    if value < minimum:
        raise fail(where, key, f"must be at least {minimum}, got {value}")
    return value


def as_multiplier(value: Any, where: str, key: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise fail(where, key, f"must be a number of table points (e.g. 1, 2 or 0.5), got {value!r}")
    if value < 0:
        raise fail(where, key, f"must not be negative, got {value}")
    return Fraction(value).limit_denominator(100)


def as_choice(value: Any, choices: tuple[str, ...], where: str, key: str) -> str:
    if value not in choices:
        raise fail(where, key, f"must be one of {', '.join(repr(c) for c in choices)}, got {value!r}")
    return value


def as_bool(value: Any, where: str, key: str) -> bool:
    if not isinstance(value, bool):
        raise fail(where, key, f"must be true or false, got {value!r}")
    return value


def as_str(value: Any, where: str, key: str) -> str:
    if not isinstance(value, str):
        raise fail(where, key, f"must be a string, got {value!r}")
    return value
