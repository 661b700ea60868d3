"""How a game runs under a rule profile: dealer repeats, rounds, simultaneous wins -- data, checked on load.

The scoring profile says what one hand is worth; a game also needs to know who deals next, when the round wind
advances, when the game ends and who is paid when two players win on one discard.  The rule documents disagree
(Sparrow's Nest: "No dealer repeat when dealer wins"; HK Old Style: the dealer keeps the deal and the player nearest
the discarder takes the tile), so these are settings in ``ledger/rules/*.toml``, one file per family of built-in
profiles, found by the ``profiles`` list in each file -- not by if-chains on profile names.  Where a document is
silent the file says so in ``[notes]`` and uses the common default.  A house rules file may ``extends`` one of them.

The settings are frozen into a game when it is created, like the profile, so editing a file later never changes
the hands already played.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from sikwu.ledger.errors import GameRulesError

RULES_DIR: Final = Path(__file__).with_name("rules")
DEFAULT_RULES: Final = "default"
MODES: Final = ("each_paid", "nearest_takes")
POT_TO: Final = ("nearest_winner",)
#: Hand shapes (scoring's ``Reading.shape``) a simultaneous-win exception can name.
SHAPES: Final = ("thirteen_orphans", "nine_gates", "seven_pairs", "standard", "flowers")

_SCHEMA: Final[dict[str, dict[str, type | tuple[type, ...]]]] = {
    "dealer": {"repeat_on_win": bool, "repeat_on_draw": bool, "repeat_on_false_mahjong": bool},
    "game": {"rounds": int},  # plus the optional game.first_round (see _OPTIONAL)
    "simultaneous_wins": {"mode": str, "turn_order_exceptions": list, "pot_to": str},
}

#: Optional keys and their defaults.  ``game.first_round`` (0 = East .. 3 = North) is where a game starts: a league
#: table plays one round wind and the players are shuffled before the next (Sparrow's Nest, Game Setup).
_OPTIONAL: Final[dict[str, dict[str, int]]] = {"game": {"first_round": 0}}


@dataclass(frozen=True)
class GameRules:
    """The validated ledger settings of one game (see the module docstring for why they are data)."""

    name: str
    source: str
    repeat_on_win: bool
    repeat_on_draw: bool
    repeat_on_false_mahjong: bool
    rounds: int
    simultaneous_mode: str
    turn_order_exceptions: tuple[str, ...]
    pot_to: str
    notes: Mapping[str, str] = field(default_factory=dict)
    first_round: int = 0

    @property
    def last_round(self) -> int:
        """Index of the last round wind played (the game is over once it has passed)."""
        return self.first_round + self.rounds - 1

    def to_dict(self) -> dict[str, Any]:
        """The TOML-shaped data that :func:`rules_from_data` reads back (what a game stores)."""
        return {
            "meta": {"name": self.name, "source": self.source},
            "dealer": {
                "repeat_on_win": self.repeat_on_win,
                "repeat_on_draw": self.repeat_on_draw,
                "repeat_on_false_mahjong": self.repeat_on_false_mahjong,
            },
            "game": {"rounds": self.rounds} | ({"first_round": self.first_round} if self.first_round else {}),
            "simultaneous_wins": {
                "mode": self.simultaneous_mode,
                "turn_order_exceptions": list(self.turn_order_exceptions),
                "pot_to": self.pot_to,
            },
            "notes": dict(self.notes),
        }

    def describe(self) -> list[str]:
        """One line per setting, saying where it comes from (the document, or the common default)."""
        flat = {f"{section}.{key}": value for section, table in self.to_dict().items() if section in _SCHEMA
                for key, value in table.items()}  # fmt: skip
        return [f"{key} = {value}" + (f"  ({self.notes[key]})" if key in self.notes else "")
                for key, value in flat.items()]  # fmt: skip


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise GameRulesError(str(path), "", f"not valid TOML ({exc}); fix the syntax") from None
    except OSError as exc:
        raise GameRulesError(str(path), "", f"cannot be read ({exc.strerror}); check the path") from None


def _merge(base: dict[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        out[key] = _merge(dict(out[key]), value) if isinstance(value, Mapping) and isinstance(out.get(key), Mapping) \
            else value  # fmt: skip
    return out


def rules_from_data(raw: Mapping[str, Any], where: str = "<game rules>") -> GameRules:
    """Validate TOML-shaped settings (a file's content or a stored game's copy); every key must be present."""
    allowed = {"meta", "notes", *_SCHEMA}
    for section in raw:
        if section not in allowed:
            raise GameRulesError(where, section, f"unknown table; allowed: {', '.join(sorted(allowed))}")
    values: dict[str, Any] = {}
    for section, keys in _SCHEMA.items():
        table = raw.get(section)
        if not isinstance(table, Mapping):
            raise GameRulesError(where, section, f"missing table [{section}]; add it or 'extends' a built-in file")
        optional = _OPTIONAL.get(section, {})
        for key in table:
            if key not in keys and key not in optional:
                raise GameRulesError(
                    where, f"{section}.{key}", f"unknown key; allowed: {', '.join([*keys, *optional])}"
                )
        for key, default in optional.items():
            value = table.get(key, default)
            if isinstance(value, bool) or not isinstance(value, int):
                raise GameRulesError(where, f"{section}.{key}", f"must be int, got {value!r}")
            values[f"{section}.{key}"] = value
        for key, typ in keys.items():
            if key not in table:
                raise GameRulesError(where, f"{section}.{key}", "missing")
            value = table[key]
            if isinstance(value, bool) != (typ is bool) or not isinstance(value, typ):
                raise GameRulesError(where, f"{section}.{key}", f"must be {typ.__name__}, got {value!r}")  # type: ignore[union-attr]
            values[f"{section}.{key}"] = value
    if not 1 <= values["game.rounds"] <= 4:
        raise GameRulesError(where, "game.rounds", f"a game plays 1 to 4 round winds, got {values['game.rounds']}")
    if not 0 <= values["game.first_round"] <= 4 - values["game.rounds"]:
        raise GameRulesError(where, "game.first_round", "the game would play past the North round; lower it")
    if values["simultaneous_wins.mode"] not in MODES:
        raise GameRulesError(where, "simultaneous_wins.mode", f"must be one of {', '.join(MODES)}")
    if values["simultaneous_wins.pot_to"] not in POT_TO:
        raise GameRulesError(where, "simultaneous_wins.pot_to", f"must be one of {', '.join(POT_TO)}")
    for shape in values["simultaneous_wins.turn_order_exceptions"]:
        if shape not in SHAPES:
            key = "simultaneous_wins.turn_order_exceptions"
            raise GameRulesError(where, key, f"{shape!r}: use {', '.join(SHAPES)}")
    meta = raw.get("meta", {}) if isinstance(raw.get("meta"), Mapping) else {}
    notes = raw.get("notes", {})
    if not isinstance(notes, Mapping) or not all(isinstance(v, str) for v in notes.values()):
        raise GameRulesError(where, "notes", "must be a table of key = explanation strings")
    return GameRules(
        name=str(meta.get("name", Path(where).stem)),
        source=str(meta.get("source", "")),
        repeat_on_win=values["dealer.repeat_on_win"],
        repeat_on_draw=values["dealer.repeat_on_draw"],
        repeat_on_false_mahjong=values["dealer.repeat_on_false_mahjong"],
        rounds=values["game.rounds"],
        simultaneous_mode=values["simultaneous_wins.mode"],
        turn_order_exceptions=tuple(values["simultaneous_wins.turn_order_exceptions"]),
        pot_to=values["simultaneous_wins.pot_to"],
        notes=dict(notes),
        first_round=values["game.first_round"],
    )


def _builtin_raw(name: str) -> dict[str, Any]:
    return _read(RULES_DIR / f"{name}.toml")


def builtin_rules_for(profile_name: str, extends: str | None = None) -> GameRules:
    """The built-in settings file whose ``profiles`` list names the profile (or the one it extends), else default."""
    for candidate in (profile_name, extends):
        for path in sorted(RULES_DIR.glob("*.toml")):
            raw = _read(path)
            if candidate and candidate in raw.get("meta", {}).get("profiles", ()):
                return rules_from_data(raw, str(path))
    return rules_from_data(_builtin_raw(DEFAULT_RULES), str(RULES_DIR / f"{DEFAULT_RULES}.toml"))


def load_rules_file(path: str | Path) -> GameRules:
    """A house rules file; ``[meta] extends = "sparrows-nest"`` (a built-in settings name) fills the rest."""
    path = Path(path)
    if not path.is_file():
        names = ", ".join(sorted(p.stem for p in RULES_DIR.glob("*.toml")))
        raise GameRulesError(str(path), "", f"no such file; give a .toml rules file (built-in names: {names})")
    raw = _read(path)
    parent = raw.get("meta", {}).get("extends") if isinstance(raw.get("meta"), Mapping) else None
    if parent is not None:
        if not isinstance(parent, str) or not (RULES_DIR / f"{parent}.toml").is_file():
            names = ", ".join(sorted(p.stem for p in RULES_DIR.glob("*.toml")))
            raise GameRulesError(str(path), "meta.extends", f"{parent!r} is not a built-in rules file; use {names}")
        raw = _merge(_builtin_raw(parent), raw)
        raw["meta"] = {k: v for k, v in raw["meta"].items() if k not in ("extends", "profiles")}
    return rules_from_data(raw, str(path))


__all__ = ["GameRules", "builtin_rules_for", "load_rules_file", "rules_from_data"]
