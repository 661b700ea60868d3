"""Checks for the settlement tables of a rule profile: each returns the value or raises a ProfileError that names
the file, the key and what to write instead, so a house-rule author sees the mistake on load."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from sikwu.scoring.errors import ProfileError
from sikwu.scoring.messages import Message
from sikwu.scoring.profile_texts import say_profile


def fail(where: str, key: str, problem: Message) -> ProfileError:
    return ProfileError(where, key, problem)


def get_table(raw: Mapping[str, Any], key: str, where: str, *, required: bool) -> Mapping[str, Any]:
    value = raw.get(key)
    if value is None:
        if required:
            raise fail(where, key, say_profile("table.missing", section=key))
        return {}
    if not isinstance(value, Mapping):
        raise fail(where, key, say_profile("table.not_a_table", section=key, got=type(value).__name__))
    return value


def check_keys(table: Mapping[str, Any], allowed: tuple[str, ...], where: str, prefix: str) -> None:
    for key in table:
        if key not in allowed:
            raise fail(
                where, f"{prefix}.{key}", say_profile("table.unknown_key", section=prefix, allowed=", ".join(allowed))
            )


def as_int(value: Any, where: str, key: str, *, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(where, key, say_profile("table.whole_number", value=repr(value)))
    if value < minimum:
        raise fail(where, key, say_profile("table.at_least", minimum=minimum, value=value))
    return value


def as_multiplier(value: Any, where: str, key: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise fail(where, key, say_profile("table.multiplier", value=repr(value)))
    if value < 0:
        raise fail(where, key, say_profile("table.negative", value=value))
    return Fraction(value).limit_denominator(100)


def as_choice(value: Any, choices: tuple[str, ...], where: str, key: str) -> str:
    if value not in choices:
        raise fail(
            where, key, say_profile("table.choice", choices=", ".join(repr(c) for c in choices), value=repr(value))
        )
    return value


def as_bool(value: Any, where: str, key: str) -> bool:
    if not isinstance(value, bool):
        raise fail(where, key, say_profile("table.boolean", value=repr(value)))
    return value


def as_str(value: Any, where: str, key: str) -> str:
    if not isinstance(value, str):
        raise fail(where, key, say_profile("table.string", value=repr(value)))
    return value
