"""The page in 繁體中文 as Hong Kong players say it: every message translated, with Chinese in it, compiled.

Messages are extracted from app/ the way scripts/i18n.sh does (Babel), so a new English string without a translation
fails here rather than showing English on a Cantonese table.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from sikwu.app import i18n

APP = Path(i18n.__file__).resolve().parent
PO = APP / "locale" / "zh_Hant_HK" / "LC_MESSAGES" / "sikwu.po"
MO = PO.with_suffix(".mo")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}


def source_messages() -> set[str]:
    found = extract_from_dir(str(APP), method_map=[("**.py", "python")], keywords=KEYWORDS)
    return {msg if isinstance(msg, str) else msg[0] for _file, _line, msg, _comments, _context in found}


def chinese_catalogue():
    with PO.open("rb") as f:
        return read_po(f, locale="zh_Hant_HK")


def test_every_message_of_the_page_has_a_chinese_translation():
    catalogue = chinese_catalogue()
    untranslated = [m for m in sorted(source_messages()) if not (catalogue.get(m) and catalogue.get(m).string)]
    assert not untranslated, f"run scripts/i18n.sh and translate in {PO.name}: {untranslated}"


def test_every_engine_message_has_a_chinese_translation():
    """Every sentence scoring and the recogniser write (pattern reasons, payment lines, input errors, notes), by the
    key the page looks it up with: enumerated from the engine's own tables, so a new engine message fails here."""
    from sikwu.app.engine_text import engine_templates

    catalogue = chinese_catalogue()
    untranslated = [
        key
        for key, template in sorted(engine_templates().items())
        if not (catalogue.get(template, context=key) and catalogue.get(template, context=key).string)
    ]
    assert not untranslated, f"run scripts/i18n.sh and translate in {PO.name}: {untranslated}"


def test_every_translation_has_chinese_characters():
    no_chinese = [m.id for m in chinese_catalogue() if m.id and not i18n.has_chinese(str(m.string))]
    assert not no_chinese, f"translations without a Chinese character: {no_chinese}"


def test_translations_keep_every_placeholder():
    import re

    for m in chinese_catalogue():
        if m.id:  # a plural (ngettext) entry is a tuple: each form keeps the singular's placeholders
            ids, forms = (m.id, m.string) if m.pluralizable else ((m.id,), (m.string,))
            for form in forms:
                assert set(re.findall(r"\{\w+\}", ids[0])) == set(re.findall(r"\{\w+\}", form)), m.id


@pytest.mark.parametrize("word", ["台", "胡牌", "放炮", "點炮"])
def test_no_taiwanese_or_mandarin_mahjong_terms(word):
    """Hong Kong players say 番, 食糊, 出銃 - not 台, 胡, 放炮."""
    assert not [m.string for m in chinese_catalogue() if m.id and word in m.string]


def _text(context: str | bytes | None) -> str | None:
    return context.decode() if isinstance(context, bytes) else context


def _one(text: str | list | tuple) -> str | tuple:
    """A plural (ngettext) entry's forms as one hashable value (Babel reads them as a list or a tuple)."""
    return text if isinstance(text, str) else tuple(text)


def test_the_compiled_catalogue_is_the_current_one():
    with MO.open("rb") as f:
        # Babel's read_mo leaves a context as bytes
        compiled = {(_text(m.context), _one(m.id)): _one(m.string) for m in read_mo(f) if m.id}
    written = {(m.context, _one(m.id)): _one(m.string) for m in chinese_catalogue() if m.id and m.string}
    assert compiled == written, "the .mo is stale: run scripts/i18n.sh"


@pytest.mark.parametrize(
    ("browser", "language"),
    [
        ("zh-HK", i18n.CHINESE),
        ("zh-TW", i18n.CHINESE),
        ("zh-Hant-HK", i18n.CHINESE),
        ("en-GB", i18n.ENGLISH),
        (None, i18n.ENGLISH),
    ],
)
def test_the_language_follows_the_browser(browser, language):
    assert i18n.from_browser(browser) == language


def test_a_translated_run_speaks_cantonese_mahjong():
    i18n.activate(i18n.CHINESE)
    try:
        assert i18n._("Self-drawn 自摸") == "自摸"
        assert i18n._("Discard 出銃") == "出銃"
        assert "詐糊" in i18n._(
            "{faan} faan is below this table's {minimum}-faan minimum: not a legal win (false mahjong)."
        )
    finally:
        i18n.activate(i18n.ENGLISH)
    assert i18n._("Self-drawn 自摸") == "Self-drawn 自摸"


def test_page_opened_in_chinese_is_in_chinese():
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(APP / "page.py"), default_timeout=60)
    at.query_params["lang"] = i18n.CHINESE
    at.run()
    assert not at.exception
    shown = " ".join(e.value for e in [*at.info, *at.caption])
    assert "上載" in shown, shown
