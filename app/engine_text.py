"""The engine's sentences and profile names in the page's language.

Scoring and vision write their sentences as keyed messages (``scoring.messages.Message``: the English text, a stable
key, the template and its parameters) and know nothing of the page's catalogues. Here each message is looked up in
the page's catalogue by its key (the gettext context; the English template is the message id, so a translator sees
both) and filled with its parameters in the page's language: tiles by their Chinese names, seats as 東家/南家,
sets as 上/碰/槓. A message with no translation, or a page in English, shows the engine's own English text.

``scripts/i18n.sh`` puts every key of :func:`engine_templates` into the catalogue template, and
``tests/app/test_i18n.py`` fails when one has no translation.
"""

from __future__ import annotations

import re
from typing import Any

from sikwu.app.i18n import CHINESE, N_, _, current, translations
from sikwu.app.table import seat_short
from sikwu.scoring import Profile, ScoringError, load_profile
from sikwu.scoring.messages import Message, message_of, param_type, render
from sikwu.scoring.tiles import TILE_NAMES

#: Set kinds and suits as parameters of engine sentences (``scoring.messages``), translated by the catalogue.
KIND_WORDS = {"chow": N_("chow"), "pung": N_("pung"), "kong": N_("kong"), "pair": N_("pair")}
SUIT_WORDS = {"m": N_("characters (suit)"), "p": N_("dots (suit)"), "s": N_("bamboo (suit)")}
#: Hand shapes the engine names a reading by (``Reading.shape``).
SHAPE_WORDS = {
    "standard": N_("four sets and a pair"),
    "seven_pairs": N_("seven pairs"),
    "thirteen_orphans": N_("thirteen orphans"),
    "nine_gates": N_("nine gates"),
    "flowers": N_("flower win"),
}

_TILE_ID = re.compile(r"\b[1-9][mpszf]\b")


def engine_templates() -> dict[str, str]:
    """Every engine message, key -> English template: scoring's and the recogniser's (loads vision: build time)."""
    from sikwu.scoring.message_texts import TEXTS as scoring_texts
    from sikwu.scoring.profile_texts import TEXTS as profile_texts
    from sikwu.vision.note_texts import TEXTS as vision_texts

    tables = (scoring_texts, profile_texts, vision_texts)
    merged = {key: template for table in tables for key, template in table.items()}
    if len(merged) != sum(map(len, tables)):
        raise ValueError("two engine message tables use the same key; give each message its own key")
    return merged


def engine(value: object) -> str:
    """An engine message (or an exception made from one) in the page's language; anything else as its text."""
    message = message_of(value)
    if message is None:
        return str(value)
    if current() != CHINESE:
        return str(message)
    translated = translations(current()).pgettext(message.key, message.template)
    if translated == message.template:  # no translation: the engine's English, as it wrote it
        return str(message)
    try:
        return render(translated, message.params, _chinese_value)
    except (KeyError, IndexError, ValueError):  # a catalogue entry that does not fit: never lose the sentence
        return str(message)


def _chinese_value(name: str, value: Any) -> str:
    """A parameter as it reads in a Chinese sentence (types by name, as in ``scoring.messages``)."""
    if isinstance(value, Message):
        return engine(value)
    kind = param_type(name)
    if kind == "tile":
        return TILE_NAMES[value].chinese
    if kind == "tiles":
        return _TILE_ID.sub(lambda m: TILE_NAMES[m.group(0)].chinese, str(value))
    if kind in ("seat", "wind"):
        return seat_short(value)
    if kind == "seats":
        return "、".join(seat_short(s) for s in value)
    if kind == "kind":
        return _(KIND_WORDS[value]) if value in KIND_WORDS else str(value)
    if kind == "suit":
        return _(SUIT_WORDS[value])
    if kind == "profile":
        return _profile_called(str(value))
    return str(value)


def _profile_called(name: str) -> str:
    """A built-in profile by its 繁體中文 name; any other (a house file) by the name it gave itself."""
    try:
        return profile_name(load_profile(name))
    except ScoringError:
        return name


def shape_name(shape: str) -> str:
    return _(SHAPE_WORDS[shape]) if shape in SHAPE_WORDS else shape


def profile_name(profile: Profile) -> str:
    """A rule profile as players call it: the file's 繁體中文 name on the Chinese page (its id when it has none)."""
    if current() == CHINESE and profile.name_zh:
        return profile.name_zh
    return profile.name


def profile_description(profile: Profile) -> str:
    if current() == CHINESE and profile.description_zh:
        return profile.description_zh
    return profile.description
