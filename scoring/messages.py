"""Sentences the engine writes for players, as messages a front end can put in another language.

The engine explains itself in English (a pattern's reason, a payment line, a notation error) and the page shows the
same sentences in 繁體中文. The engine must not know the page's catalogues, so each such sentence is a
:class:`Message`: a ``str`` holding the English text (exactly what the engine has always written, so reports, the
CLI, the JSON output and every caller that treats it as a string stay as they were) that also carries a stable
``key``, the English ``template`` and the ``params`` that fill it. A front end looks the key up in its own catalogue
and fills the placeholders in its language; with no translation it shows the string itself.

Parameters are typed by their name (the whole name, or its part after the last ``_``), so that each language can
render a tile, a seat or a set kind its own way:

* ``tile``: a tile id, shown by its name ("Red dragon");
* ``tiles``: tile ids in a string ("7z 7z 7z", "1m, 2m"), shown as written;
* ``seat``: a seat number 1-4, shown as "South (seat 2)"; ``wind``: the same, shown by its wind alone ("South");
  ``seats``: several seat numbers, "East (seat 1), South (seat 2)";
* ``kind``: a set kind (chow, pung, kong, pair); ``suit``: a suit letter m, p, s ("characters", "dots", "bamboo");
* ``profile``: a rule profile's name, as written.

A :class:`Message` parameter is rendered in the same language; anything else (numbers, free text) is shown as it is.
The English templates of a package live in one table (``scoring.message_texts.TEXTS``), so a test can ask a
catalogue for every key.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from sikwu.scoring.tiles import SEAT_WINDS, TILE_NAMES

#: What a suit letter is called in an English sentence.
SUIT_WORDS = {"m": "characters", "p": "dots", "s": "bamboo"}

PARAM_TYPES = ("tile", "tiles", "seat", "wind", "seats", "kind", "suit", "profile")


class Message(str):
    """An English sentence (the ``str`` itself) with the ``key``, ``template`` and ``params`` it was made from.

    A ``str`` subclass rather than a separate record so that nothing that already reads the engine's sentences as
    text has to change; ``str(message)`` is the plain English string."""

    key: str
    template: str
    params: Mapping[str, Any]

    def __new__(cls, text: str, key: str, template: str, params: Mapping[str, Any]) -> Message:
        self = super().__new__(cls, text)
        self.key = key
        self.template = template
        self.params = params
        return self

    def with_params(self, **changes: Any) -> Message:
        """The same sentence with some parameters changed (e.g. a server's temporary path replaced by a file name)."""
        params = {**self.params, **changes}
        return Message(render(self.template, params, english_value), self.key, self.template, params)

    def __reduce__(self) -> tuple:
        return (Message, (str(self), self.key, self.template, dict(self.params)))


def param_type(name: str) -> str | None:
    """The type of a parameter by its name: ``tile``, ``pair_tile`` -> "tile"; ``count`` -> None (shown as is)."""
    kind = name.rsplit("_", 1)[-1]
    return kind if kind in PARAM_TYPES else None


def seat_name(seat: int) -> str:
    """'South (seat 2)': seats are named by their wind so a table can follow a report."""
    return f"{seat_wind_word(seat)} (seat {seat})"


def seat_wind_word(seat: int) -> str:
    return TILE_NAMES[SEAT_WINDS[seat - 1]].english.split()[0]


def english_value(name: str, value: Any) -> str:
    """How a parameter reads in an English sentence (see the table in the module docstring)."""
    if isinstance(value, Message):
        return str(value)
    kind = param_type(name)
    if kind == "tile":
        return TILE_NAMES[value].english
    if kind == "seat":
        return seat_name(value)
    if kind == "wind":
        return seat_wind_word(value)
    if kind == "seats":
        return ", ".join(seat_name(s) for s in value)
    if kind == "suit":
        return SUIT_WORDS[value]
    return str(value)


def render(template: str, params: Mapping[str, Any], value: Callable[[str, Any], str]) -> str:
    """``template`` with each parameter rendered by ``value(name, raw)`` (one language's way of showing it)."""
    return template.format(**{name: value(name, raw) for name, raw in params.items()})


class Texts:
    """A package's English templates by key; calling it makes a :class:`Message`.

    ``text`` replaces the English sentence when a profile file words it itself (a payment rule's ``describe``); the
    key and parameters still say the same thing for another language."""

    def __init__(self, templates: Mapping[str, str]) -> None:
        self.templates = templates
        #: Messages already made (they are immutable): pattern reasons repeat across the readings of every hand, and
        #: rendering one is most of what making it costs.
        self._made: dict[tuple, Message] = {}

    def __call__(self, key: str, /, text: str | None = None, **params: Any) -> Message:
        ident = (key, text, *params.items())
        try:
            made = self._made.get(ident)
        except TypeError:  # an unhashable parameter (a list): made fresh each time
            made, ident = None, ()
        if made is None:
            template = self.templates[key]
            english = text if text is not None else render(template, params, english_value)
            made = Message(english, key, template, params)
            if ident:
                if len(self._made) > 20_000:
                    self._made.clear()
                self._made[ident] = made
        return made


def to_json(value: object) -> dict[str, Any] | None:
    """``{"key", "params"}`` of a message (nested messages likewise), None for plain text: for the report JSON."""
    if not isinstance(value, Message):
        return None
    params = {
        name: to_json(raw) if isinstance(raw, Message) else (list(raw) if isinstance(raw, tuple) else raw)
        for name, raw in value.params.items()
    }
    return {"key": value.key, "params": params}


def message_of(value: object) -> Message | None:
    """The engine message an exception or a value carries, if any (``ScoringError('...')`` made from one)."""
    if isinstance(value, Message):
        return value
    if isinstance(value, BaseException) and value.args and isinstance(value.args[0], Message):
        return value.args[0]
    return None


__all__ = ["Message", "Texts", "english_value", "message_of", "param_type", "render", "seat_name", "to_json"]
