"""A hand as JSON: the exchange format between the photo pipeline, the page, the CLI (``--json-in``) and tests.

The format uses canonical tile ids only (``scoring.tiles``), so a JSON hand means the same thing everywhere::

    {
      "concealed": ["1m", "2m", "3m", "5p", "5p"],          # tiles in hand, INCLUDING the winning tile
      "melds": [{"kind": "pung", "tiles": ["7z", "7z", "7z"], "fed_by": 3},
                {"kind": "kong", "tiles": ["9s", "9s", "9s", "9s"], "kong_kind": "concealed"}],
      "bonus": ["1f"],
      "winning_tile": "5p",
      "self_drawn": false,
      "events": ["last_discard"],
      "seat": 2, "round_wind": "1z", "dealer": 1, "discarder": 3,
      "history": {"replacement_chain": [1]}
    }

Only ``concealed`` is required.  Seats are 1 (East) .. 4 (North); ``"E"``/``"east"``/``"1z"`` are accepted on input
and written back as numbers.  ``melds`` are listed in the order they were declared (liability rules such as 12-tile
insurance depend on which meld came fourth).  Every malformed field raises :class:`HandJSONError` naming the field
path (``melds[1].tiles[2]``) and what to write instead; the hand's own consistency (tile counts, winning tile
present, ...) is then checked by ``scoring.validate.validate_hand``.

``history`` is what the hand does not show but a liability rule needs (``scoring.history_json``: the kongs of the
replacement chain the win was drawn in).  :func:`hand_from_json` checks its form and returns the hand alone;
:func:`hand_and_history_from_json` returns both, the history checked against the hand.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from sikwu.scoring.errors import HandError
from sikwu.scoring.hand import EVENTS, KONG_KINDS, MELD_KINDS, Hand, HandHistory, Meld
from sikwu.scoring.history_json import history_from_json, history_to_json
from sikwu.scoring.tiles import BONUS_IDS, PLAYING_IDS, WIND_IDS
from sikwu.scoring.validate import meld_shape_problem

SCHEMA_VERSION: Final = 1  # written on every hand; contract: scoring/schemas/hand.schema.json
SUPPORTED_VERSIONS: Final = (1,)  # what hand_from_json reads
FIELDS: Final = (
    "version", "concealed", "melds", "bonus", "winning_tile", "self_drawn", "events", "seat", "round_wind", "dealer",
    "discarder", "history",
)  # fmt: skip
MELD_FIELDS: Final = ("kind", "tiles", "kong_kind", "concealed", "fed_by")
_SEAT_WORDS: Final = {
    "e": 1, "east": 1, "1z": 1, "s": 2, "south": 2, "2z": 2, "w": 3, "west": 3, "3z": 3, "n": 4, "north": 4, "4z": 4,
}  # fmt: skip


class HandJSONError(HandError):
    """A JSON hand field is missing, of the wrong type or not a valid value; ``field`` is its path."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        super().__init__(f"hand JSON field '{field}': {problem}")


def _tile(value: Any, field: str, allowed: tuple[str, ...], kind: str) -> str:
    if not isinstance(value, str):
        raise HandJSONError(field, f'must be a tile id string like "5p", got {value!r}')
    tile = value.strip()
    if tile not in allowed:
        hint = "1m-9m, 1p-9p, 1s-9s, 1z-7z" if allowed is PLAYING_IDS else "1f-8f"
        raise HandJSONError(field, f"{value!r} is not a {kind} tile id; use {hint}")
    return tile


def _tiles(value: Any, field: str, allowed: tuple[str, ...], kind: str) -> tuple[str, ...]:
    if isinstance(value, str):
        raise HandJSONError(field, f'must be a list of tile ids like ["1m", "2m"], not the string {value!r}')
    if not isinstance(value, list | tuple):
        raise HandJSONError(field, f"must be a list of tile ids, got {type(value).__name__}")
    return tuple(_tile(v, f"{field}[{i}]", allowed, kind) for i, v in enumerate(value))


def parse_seat(value: Any, field: str) -> int:
    """1..4, or a wind word/letter/id (E, south, 3z): what a person types for a seat."""
    if isinstance(value, bool):
        raise HandJSONError(field, f"must be a seat 1-4 (1 = East), got {value!r}")
    if isinstance(value, int):
        if 1 <= value <= 4:
            return value
        raise HandJSONError(field, f"seat {value} is out of range; use 1 (East), 2 (South), 3 (West) or 4 (North)")
    if isinstance(value, str) and value.strip().lower() in _SEAT_WORDS:
        return _SEAT_WORDS[value.strip().lower()]
    if isinstance(value, str) and value.strip().isdigit():
        return parse_seat(int(value.strip()), field)
    raise HandJSONError(field, f"{value!r} is not a seat; use 1-4 or E/S/W/N")


def _bool(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise HandJSONError(field, f"must be true or false, got {value!r}")
    return value


def _meld(value: Any, field: str) -> Meld:
    if not isinstance(value, Mapping):
        raise HandJSONError(field, 'must be an object like {"kind": "pung", "tiles": ["7z", "7z", "7z"]}')
    for key in value:
        if key not in MELD_FIELDS:
            raise HandJSONError(f"{field}.{key}", f"unknown meld field; allowed: {', '.join(MELD_FIELDS)}")
    if "kind" not in value:
        raise HandJSONError(f"{field}.kind", f"missing; one of {', '.join(MELD_KINDS)}")
    kind = value["kind"]
    if kind not in MELD_KINDS:
        raise HandJSONError(f"{field}.kind", f"{kind!r} is not a meld kind; use {', '.join(MELD_KINDS)}")
    if "tiles" not in value:
        raise HandJSONError(f"{field}.tiles", "missing; list the meld's tiles")
    tiles = _tiles(value["tiles"], f"{field}.tiles", PLAYING_IDS, "playing")
    problem = meld_shape_problem(kind, tiles)
    if problem:
        raise HandJSONError(f"{field}.tiles", f"{problem} (got {list(tiles)})")
    kong_kind = value.get("kong_kind")
    concealed = value.get("concealed", False)
    _bool(concealed, f"{field}.concealed")
    if kong_kind is not None:
        if kind != "kong":
            raise HandJSONError(f"{field}.kong_kind", "only a kong has a kong_kind; remove it")
        if kong_kind not in KONG_KINDS:
            raise HandJSONError(f"{field}.kong_kind", f"{kong_kind!r} is not one of {', '.join(KONG_KINDS)}")
    if concealed and kind != "kong":
        raise HandJSONError(f"{field}.concealed", "only a kong can be a concealed declared meld")
    if kind == "kong":
        kong_kind = kong_kind or ("concealed" if concealed else "exposed")
        concealed = kong_kind == "concealed"
    fed_by = value.get("fed_by")
    if fed_by is not None:
        fed_by = parse_seat(fed_by, f"{field}.fed_by")
        if concealed:
            raise HandJSONError(f"{field}.fed_by", "a concealed kong was not fed by anyone; remove fed_by")
    return Meld(kind, tiles, concealed=concealed, kong_kind=kong_kind, fed_by=fed_by)


def _document(obj: Any) -> Mapping[str, Any]:
    """The decoded JSON object, its fields known and its version one this sikwu reads."""
    if isinstance(obj, str | bytes):
        try:
            obj = json.loads(obj)
        except json.JSONDecodeError as exc:
            raise HandJSONError(
                "(document)", f"not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
            ) from None
    if not isinstance(obj, Mapping):
        raise HandJSONError("(document)", 'must be a JSON object like {"concealed": ["1m", ...]}')
    for key in obj:
        if key not in FIELDS:
            raise HandJSONError(str(key), f"unknown field; allowed: {', '.join(FIELDS)}")
    version = obj.get("version", SCHEMA_VERSION)  # hands typed by people carry no version: they are version 1
    if version not in SUPPORTED_VERSIONS or isinstance(version, bool):
        found = json.dumps(version, default=repr)
        readable = ", ".join(str(v) for v in SUPPORTED_VERSIONS)
        raise HandJSONError(
            "version",
            f"version {found} is not supported; this sikwu reads hand JSON version {readable} "
            "(write the hand in that version, or upgrade sikwu to read a newer one)",
        )
    return obj


def _events(value: Any) -> frozenset[str]:
    if not isinstance(value, list | tuple):
        raise HandJSONError("events", f"must be a list of event names: {', '.join(sorted(EVENTS))}")
    for i, ev in enumerate(value):
        if ev not in EVENTS:
            raise HandJSONError(f"events[{i}]", f"{ev!r} is not an event; use one of {', '.join(sorted(EVENTS))}")
    return frozenset(value)


def _round_wind(value: Any) -> str:
    """1z-4z from a wind id, word or letter (E, south) or a number 1-4."""
    if isinstance(value, str) and value.strip().lower() in _SEAT_WORDS:
        return WIND_IDS[_SEAT_WORDS[value.strip().lower()] - 1]
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 4:
        return WIND_IDS[value - 1]
    raise HandJSONError("round_wind", f"{value!r} is not a wind; use 1z-4z or E/S/W/N")


def hand_from_json(obj: Any) -> Hand:
    """Build a Hand from a decoded JSON object (or a JSON string).  Raises HandJSONError for a malformed field.

    >>> melds = '[{"kind": "pung", "tiles": ["7z", "7z", "7z"], "fed_by": "W"}]'
    >>> hand = hand_from_json('{"concealed": ["1m", "2m", "3m"], "melds": ' + melds + "}")
    >>> hand.melds[0].kind, hand.melds[0].fed_by
    ('pung', 3)
    >>> try:
    ...     hand_from_json({"concealed": ["1m"], "melds": [{"kind": "chow", "tiles": ["1m", "2m", "4m"]}]})
    ... except HandJSONError as exc:
    ...     print(exc.field, "-", exc)  # doctest: +ELLIPSIS
    melds[0].tiles - hand JSON field 'melds[0].tiles': a chow must be three consecutive numbers (like 3-4-5)...
    """
    obj = _document(obj)
    history_from_json(obj.get("history"))  # its form; checked against the hand by hand_and_history_from_json
    if "concealed" not in obj:
        raise HandJSONError("concealed", "missing; list the tiles in hand including the winning tile")
    concealed = _tiles(obj["concealed"], "concealed", PLAYING_IDS, "playing")
    melds_raw = obj.get("melds", [])
    if not isinstance(melds_raw, list | tuple):
        raise HandJSONError("melds", "must be a list of meld objects")
    melds = tuple(_meld(m, f"melds[{i}]") for i, m in enumerate(melds_raw))
    bonus = _tiles(obj.get("bonus", []), "bonus", BONUS_IDS, "flower/season")
    winning = obj.get("winning_tile")
    if winning is not None:
        winning = _tile(winning, "winning_tile", PLAYING_IDS, "playing")
    discarder = obj.get("discarder")
    return Hand(
        concealed=concealed,
        melds=melds,
        bonus=bonus,
        winning_tile=winning,
        self_drawn=_bool(obj.get("self_drawn", False), "self_drawn"),
        events=_events(obj.get("events", [])),
        seat=parse_seat(obj.get("seat", 1), "seat"),
        round_wind=_round_wind(obj.get("round_wind", "1z")),
        dealer=parse_seat(obj.get("dealer", 1), "dealer"),
        discarder=None if discarder is None else parse_seat(discarder, "discarder"),
    )


def hand_and_history_from_json(obj: Any) -> tuple[Hand, HandHistory | None]:
    """The hand and its ``history`` (None: not given), the history checked against the hand.

    >>> melds = '[{"kind": "kong", "tiles": ["1p", "1p", "1p", "1p"], "fed_by": 4}]'
    >>> doc = '{"concealed": ["5z", "5z"], "self_drawn": true, "events": ["kong_replacement"], "melds": ' + melds
    >>> hand, history = hand_and_history_from_json(doc + ', "history": {"replacement_chain": [0]}}')
    >>> history
    HandHistory(replacement_chain=(0,))
    """
    doc = _document(obj)
    hand = hand_from_json(doc)
    return hand, history_from_json(doc.get("history"), hand)


def hand_to_json(hand: Hand, history: HandHistory | None = None) -> dict[str, Any]:
    """The canonical JSON object of a hand (round-trips through :func:`hand_and_history_from_json`); ``history``
    only when something is known of it."""
    melds = []
    for m in hand.melds:
        item: dict[str, Any] = {"kind": m.kind, "tiles": list(m.tiles)}
        if m.kind == "kong":
            item["kong_kind"] = m.kong_kind
        if m.fed_by is not None:
            item["fed_by"] = m.fed_by
        melds.append(item)
    out = {
        "version": SCHEMA_VERSION,
        "concealed": list(hand.concealed),
        "melds": melds,
        "bonus": list(hand.bonus),
        "winning_tile": hand.winning_tile,
        "self_drawn": hand.self_drawn,
        "events": sorted(hand.events),
        "seat": hand.seat,
        "round_wind": hand.round_wind,
        "dealer": hand.dealer,
        "discarder": hand.discarder,
    }
    known = history_to_json(history)
    if known:
        out["history"] = known
    return out
