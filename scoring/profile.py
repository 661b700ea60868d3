"""Rule profiles: which patterns a table plays and what they are worth, loaded from TOML and checked on load.

A profile file has ``[meta]`` (name, one-line description, source document and section, optional ``extends``),
``[rules]`` (``minimum_faan``, ``cap_faan``) and one ``[patterns.<key>]`` table per pattern the table scores.  A
pattern's ``value`` is written the way the documents write it: an integer, ``"max"`` (the limit), ``"max-1"``,
``"2 (1)"`` (2 closed, 1 open) or ``"2 (-)"`` (closed only), ``"max (2)"``.  ``includes`` lists patterns whose faan
the value already contains (they are then not scored alongside; ``replaces`` is the same relation in the New Style
sheet's words), ``exclusive = true`` means "does not stack with anything", ``counts_for_minimum = false`` keeps
e.g. flowers out of the minimum.  Pattern options (see each pattern class's ``options``) sit in the same table.
Settlement sections (``[points]``, ``[payment]``, ...) come after the marker line and are checked by
``scoring.payment_rules``.

A house file says ``extends = "sparrows-nest"`` (or a path) and overrides keys; merging is deep, table by table.

``[meta] name_zh`` and ``description_zh`` name the profile in 繁體中文 for the page. They are data in the profile file,
not entries of the page's catalogue keyed by profile name, because a house-rules file uploaded at the table must be
able to name itself too (a catalogue only knows the built-ins), and the two languages of a description are then edited
side by side. A house file that sets its own ``name`` or ``description`` does not inherit its parent's Chinese one.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from sikwu.scoring.errors import ProfileError
from sikwu.scoring.patterns import REGISTRY
from sikwu.scoring.payment_rules import SECTIONS, PaymentRules
from sikwu.scoring.profile_texts import say_profile

PROFILE_DIR = Path(__file__).with_name("profiles")
DEFAULT_PROFILE = "sparrows-nest"
SETTLEMENT_SECTIONS = SECTIONS  # the settlement tables, checked by scoring.payment_rules
_META_KEYS = {
    "name": str,
    "description": str,
    "name_zh": str,
    "description_zh": str,
    "source": str,
    "section": str,
    "extends": str,
}
_RULE_KEYS = {"minimum_faan": int, "cap_faan": int}
_PATTERN_KEYS = {
    "value": (int, str),
    "name_en": str,
    "name_zh": str,
    "source": str,
    "includes": list,
    "replaces": list,
    "exclusive": bool,
    "counts_for_minimum": bool,
    "enabled": bool,
}
_VALUE_RE = re.compile(r"^\s*(max(?:-(\d+))?|\d+)\s*(?:\(\s*(-|\d+|max)\s*\))?\s*$")


@dataclass(frozen=True)
class PatternValue:
    """What one pattern is worth under a profile; ``None`` for a side means "not scored" (``2 (-)`` open)."""

    key: str
    closed: int | None
    open: int | None
    limit_closed: bool = False
    limit_open: bool = False
    text: str = ""
    name_en: str = ""
    name_zh: str = ""
    source: str = ""
    includes: tuple[str, ...] = ()
    exclusive: bool = False
    counts_for_minimum: bool = True
    options: Mapping[str, Any] = field(default_factory=dict)

    def faan(self, closed_hand: bool) -> int | None:
        return self.closed if closed_hand else self.open

    def is_limit(self, closed_hand: bool) -> bool:
        return self.limit_closed if closed_hand else self.limit_open


@dataclass(frozen=True)
class Profile:
    name: str
    description: str
    source: str
    path: str
    raw: Mapping[str, Any]
    minimum_faan: int
    cap_faan: int
    patterns: Mapping[str, PatternValue]
    payment: PaymentRules | None = None
    #: The name and description in 繁體中文 (``[meta] name_zh``, ``description_zh``), "" when the file has none.
    #: Data in the profile rather than entries of the page's catalogue: a house-rules file a table uploads carries
    #: its own, and the two languages of a description are edited side by side in one file.
    name_zh: str = ""
    description_zh: str = ""

    def has(self, key: str) -> bool:
        return key in self.patterns


def builtin_profiles() -> dict[str, str]:
    """Built-in profile names and their one-line descriptions.

    >>> sorted(builtin_profiles())  # doctest: +NORMALIZE_WHITESPACE
    ['new-style', 'old-style-cheat-sheet', 'old-style-v1', 'old-style-v2', 'old-style-v3', 'sparrows-nest']
    """
    out = {}
    for p in sorted(PROFILE_DIR.glob("*.toml")):
        out[p.stem] = load_profile(p.stem).description
    return out


def load_profile(name_or_path: str | Path) -> Profile:
    """Load a built-in profile by name or a TOML file by path; raises ProfileError on any problem.

    >>> profile = load_profile("sparrows-nest")
    >>> profile.minimum_faan, profile.cap_faan, profile.patterns["half_flush"].closed
    (3, 10, 3)
    >>> load_profile("no-such-table")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sikwu.scoring.errors.ProfileError: ...no such profile; built-in profiles are: new-style, ...
    """
    path = _resolve(name_or_path, None)
    return _load_cached(str(path), path.stat().st_mtime_ns)


def profile_from_mapping(raw: Mapping[str, Any], where: str = "<profile data>") -> Profile:
    """A Profile from profile data already in memory (e.g. a profile frozen into a stored game), checked exactly as
    :func:`load_profile` checks a file; ``where`` names the data in error messages.

    Why: a game keeps the merged data of the profile it was started with (``Profile.raw``) so that a later edit of
    the house file does not change old hands; that copy must be turned back into a Profile, and a tampered copy
    must fail with the same file + key messages as a bad file.  The data is taken as complete: ``meta.extends`` is
    kept as a note and not followed (``Profile.raw`` is already merged).

    >>> profile_from_mapping(load_profile("sparrows-nest").raw).minimum_faan
    3
    >>> profile_from_mapping({"meta": {"name": "x", "description": "y"}})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sikwu.scoring.errors.ProfileError: <profile data>: key 'rules': missing [rules] table
    """
    if not isinstance(raw, Mapping):
        raise ProfileError(where, "", f"profile data must be a table (a mapping), got {type(raw).__name__}")
    return _build(_plain(raw), where)


def _plain(value: Any) -> Any:
    """Nested mappings as plain dicts (the checks below test for dict), lists as lists: a private copy."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


@lru_cache(maxsize=64)
def _load_cached(path: str, _mtime: int) -> Profile:
    raw = _read_merged(Path(path), ())
    return _build(raw, path)


def _resolve(name_or_path: str | Path, base: Path | None) -> Path:
    text = str(name_or_path)
    if not text.strip():
        names = ", ".join(sorted(p.stem for p in PROFILE_DIR.glob("*.toml")))
        raise ProfileError("<profile>", "", say_profile("profile.no_name", names=names))
    builtin = PROFILE_DIR / f"{text}.toml"
    if not text.endswith(".toml") and "/" not in text and builtin.exists():
        return builtin
    path = Path(text)
    if not path.is_absolute() and base is not None:
        path = base / path
    if path.is_dir():
        raise ProfileError(text, "", say_profile("profile.folder"))
    if path.exists():
        return path.resolve()
    names = ", ".join(sorted(p.stem for p in PROFILE_DIR.glob("*.toml")))
    raise ProfileError(text, "", say_profile("profile.no_such", names=names))


def _read_merged(path: Path, chain: tuple[str, ...]) -> dict[str, Any]:
    key = str(path.resolve())
    if key in chain:
        raise ProfileError(str(path), "meta.extends", say_profile("profile.cycle", chain=" -> ".join([*chain, key])))
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError(str(path), "", say_profile("profile.not_toml", error=str(exc))) from exc
    except UnicodeDecodeError as exc:
        raise ProfileError(str(path), "", say_profile("profile.not_utf8")) from exc
    except OSError as exc:
        raise ProfileError(str(path), "", say_profile("profile.unreadable", error=str(exc.strerror))) from exc
    meta = data.get("meta", {})
    parent = meta.get("extends") if isinstance(meta, dict) else None
    if parent is None:
        return data
    if not isinstance(parent, str):
        raise ProfileError(str(path), "meta.extends", say_profile("profile.extends_type"))
    try:
        parent_path = _resolve(parent, path.parent)
    except ProfileError as exc:
        problem = say_profile("profile.extends_failed", parent=repr(parent), problem=exc.problem)
        raise ProfileError(str(path), "meta.extends", problem) from exc
    base = _read_merged(parent_path, (*chain, key))
    base_meta = base.get("meta", {})
    base_meta.pop("extends", None)
    for english in ("name", "description"):  # a house file renamed in English is not its parent in Chinese
        if isinstance(meta, dict) and english in meta and f"{english}_zh" not in meta:
            base_meta.pop(f"{english}_zh", None)
    return _deep_merge(base, data)


def _deep_merge(base: dict[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for k, v in over.items():
        if isinstance(v, Mapping) and isinstance(out.get(k), Mapping):
            out[k] = _deep_merge(dict(out[k]), v)
        else:
            out[k] = v
    return out


def _check_type(path: str, key: str, value: Any, typ: Any) -> None:
    types = typ if isinstance(typ, tuple) else (typ,)
    if isinstance(value, bool) and bool not in types:
        raise ProfileError(path, key, say_profile("profile.boolean", types="/".join(t.__name__ for t in types)))
    if not isinstance(value, types):
        names = "/".join(t.__name__ for t in types)
        raise ProfileError(path, key, say_profile("profile.type", types=names, got=type(value).__name__))


def parse_value(text: int | str, cap: int, path: str = "<profile>", key: str = "value") -> tuple:
    """``"2 (1)"`` -> (2, 1, False, False); ``"max (2)"`` -> (cap, 2, True, False); ``"3 (-)"`` -> (3, None, ...)."""
    if isinstance(text, int) and not isinstance(text, bool):
        if text < 0:
            raise ProfileError(path, key, say_profile("profile.negative_faan", value=text))
        return text, text, False, False
    m = _VALUE_RE.match(str(text))
    if not m:
        raise ProfileError(path, key, say_profile("profile.bad_value", value=repr(text)))
    head, minus, open_part = m.group(1), m.group(2), m.group(3)

    def one(tok: str, less: str | None) -> tuple[int, bool]:
        if tok.startswith("max"):
            return cap - int(less or 0), True
        return int(tok), False

    closed, lim_c = one(head, minus)
    if open_part is None:
        return closed, closed, lim_c, lim_c
    if open_part == "-":
        return closed, None, lim_c, False
    open_v, lim_o = one(open_part, None)
    return closed, open_v, lim_c, lim_o


def _check_top(raw: dict[str, Any], path: str) -> None:
    allowed_top = {"meta", "rules", "patterns", *SETTLEMENT_SECTIONS}
    for k in raw:
        if k not in allowed_top:
            raise ProfileError(path, k, say_profile("profile.unknown_table", allowed=", ".join(sorted(allowed_top))))
    for section in ("meta", "rules", "patterns"):
        if not isinstance(raw.get(section), dict):
            raise ProfileError(path, section, say_profile("profile.missing_table", section=section))


def _check_section(table: dict[str, Any], keys: Mapping[str, Any], required: tuple[str, ...], path: str, name: str):
    """Every key of ``[name]`` known and of its type, every required key present."""
    for k, v in table.items():
        if k not in keys:
            raise ProfileError(path, f"{name}.{k}", say_profile("profile.unknown_key", allowed=", ".join(sorted(keys))))
        _check_type(path, f"{name}.{k}", v, keys[k])
    for k in required:
        if k not in table:
            raise ProfileError(path, f"{name}.{k}", say_profile("profile.missing"))


def _limits(rules: dict[str, Any], path: str) -> tuple[int, int]:
    """(minimum_faan, cap_faan), checked against each other."""
    _check_section(rules, _RULE_KEYS, tuple(_RULE_KEYS), path, "rules")
    minimum, cap = rules["minimum_faan"], rules["cap_faan"]
    if minimum < 0:
        raise ProfileError(path, "rules.minimum_faan", say_profile("profile.minimum", value=minimum))
    if cap < 1 or cap < minimum:
        raise ProfileError(path, "rules.cap_faan", say_profile("profile.cap", value=cap))
    return minimum, cap


def _pattern_options(key: str, table: dict[str, Any], path: str) -> dict[str, Any]:
    """The pattern's options (its class defaults overridden by the table); every key known and of its type."""
    where = f"patterns.{key}"
    cls = REGISTRY[key]
    options = dict(cls.options)
    for k, v in table.items():
        if k in _PATTERN_KEYS:
            _check_type(path, f"{where}.{k}", v, _PATTERN_KEYS[k])
        elif k in cls.options:
            _check_type(path, f"{where}.{k}", v, type(cls.options[k]))
            options[k] = v
        else:
            extra = sorted(set(_PATTERN_KEYS) | set(cls.options))
            raise ProfileError(path, f"{where}.{k}", say_profile("profile.unknown_key", allowed=", ".join(extra)))
    return options


def _pattern_value(key: str, table: Any, cap: int, path: str) -> PatternValue | None:
    """One ``[patterns.<key>]`` table checked and read; None when it is switched off (``enabled = false``)."""
    where = f"patterns.{key}"
    if key not in REGISTRY:
        raise ProfileError(path, where, say_profile("profile.unknown_pattern", known=", ".join(sorted(REGISTRY))))
    if not isinstance(table, dict):
        raise ProfileError(path, where, say_profile("profile.pattern_table", pattern=key))
    options = _pattern_options(key, table, path)
    if not table.get("enabled", True):
        return None
    if "value" not in table:
        raise ProfileError(path, f"{where}.value", say_profile("profile.missing_value"))
    closed, open_, lim_c, lim_o = parse_value(table["value"], cap, path, f"{where}.value")
    for field_name in ("includes", "replaces"):
        for inc in table.get(field_name, []):
            if not isinstance(inc, str) or inc not in REGISTRY:
                raise ProfileError(
                    path, f"{where}.{field_name}", say_profile("profile.unknown_included", pattern=repr(inc))
                )
    cls = REGISTRY[key]
    return PatternValue(
        key=key,
        closed=closed,
        open=open_,
        limit_closed=lim_c,
        limit_open=lim_o,
        text=str(table["value"]),
        name_en=table.get("name_en", cls.name_en),
        name_zh=table.get("name_zh", cls.name_zh),
        source=table.get("source", ""),
        includes=(*table.get("includes", []), *table.get("replaces", [])),
        exclusive=table.get("exclusive", False),
        counts_for_minimum=table.get("counts_for_minimum", True),
        options=options,
    )


def _build(raw: dict[str, Any], path: str) -> Profile:
    _check_top(raw, path)
    meta, rules, pats = raw["meta"], raw["rules"], raw["patterns"]
    _check_section(meta, _META_KEYS, ("name", "description"), path, "meta")
    minimum, cap = _limits(rules, path)
    patterns: dict[str, PatternValue] = {}
    for key, table in pats.items():
        value = _pattern_value(key, table, cap, path)
        if value is not None:
            patterns[key] = value
    source = meta.get("source", "")
    if meta.get("section"):
        source = f"{source}, {meta['section']}" if source else meta["section"]
    return Profile(
        name=meta["name"],
        description=meta["description"],
        name_zh=_chinese(meta, "name_zh", path),
        description_zh=_chinese(meta, "description_zh", path),
        source=source,
        path=path,
        raw=raw,
        minimum_faan=minimum,
        cap_faan=cap,
        patterns=patterns,
        payment=_payment_rules(raw, path),
    )


def _chinese(meta: Mapping[str, Any], key: str, path: str) -> str:
    """``[meta] name_zh`` / ``description_zh``: optional, but when given it must be Chinese text."""
    text = meta.get(key, "")
    if text and not any("\u3400" <= c <= "\u9fff" for c in text):
        raise ProfileError(path, f"meta.{key}", say_profile("profile.not_chinese"))
    return text


def _payment_rules(raw: dict[str, Any], path: str) -> PaymentRules | None:
    """The validated settlement tables (``scoring.payment_rules``).

    A profile with no settlement section at all (e.g. while it is being written) keeps ``payment = None`` so that
    faan scoring still works; settlement then reports the missing tables itself.
    """
    if not any(k in raw for k in SETTLEMENT_SECTIONS):
        return None
    return PaymentRules.from_table(raw, path)
