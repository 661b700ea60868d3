"""The page's languages: English and 繁體中文 (Hong Kong players' words), from gettext catalogues.

Every string a player reads goes through :func:`_` (or is marked with :func:`N_` where it is defined and translated
where it is shown). The catalogues live in ``app/locale/<lang>/LC_MESSAGES/sikwu.po``; ``scripts/i18n.sh`` extracts
the messages with Babel (``pybabel extract``) and compiles the ``.mo`` files the page reads; a test fails when a
message has no translation, when a translation has no Chinese character, or when the compiled catalogue is stale.

The language of a run is held in a context variable: Streamlit runs each session's script (and the widget callbacks
before it) in that session's own thread, so one session's language never leaks into another's.
"""

from __future__ import annotations

import functools
import gettext
from contextvars import ContextVar
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "sikwu"
ENGLISH = "en"
CHINESE = "zh_Hant_HK"
LANGUAGES: dict[str, str] = {ENGLISH: "English", CHINESE: "繁體中文"}

_current: ContextVar[str] = ContextVar("sikwu_language", default=ENGLISH)


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    if lang == ENGLISH:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def activate(lang: str | None) -> str:
    """Use ``lang`` for this run (unknown or missing: English); returns the language in use."""
    chosen = lang if lang in LANGUAGES else ENGLISH
    _current.set(chosen)
    return chosen


def current() -> str:
    return _current.get()


def _(message: str) -> str:
    return translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return translations(_current.get()).ngettext(singular, plural, n)


def N_(message: str) -> str:  # noqa: N802 - the gettext convention Babel's extractor knows
    """Mark a string for extraction where it is defined; it is translated with :func:`_` where it is shown."""
    return message


def from_browser(locale: str | None) -> str:
    """The page language for a browser's ``Accept-Language``/``navigator.language`` value.

    Chinese of any region (zh-HK, zh-TW, zh-MO, zh-Hant, and plain zh) gets 繁體中文: the page's Chinese is Hong Kong
    usage, still the closer read for a Chinese reader than English."""
    if not locale:
        return ENGLISH
    first = locale.split(",")[0].strip().lower().replace("_", "-")
    return CHINESE if first == "zh" or first.startswith("zh-") else ENGLISH


def has_chinese(text: str) -> bool:
    return any("\u3400" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff" for c in text)
