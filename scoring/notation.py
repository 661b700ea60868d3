"""Compact tile notation that a player can type, and its lossless printed form.

Canonical form: digits then a suit letter, ``123m 456p 789s 111z 55z 15f`` (``m`` characters, ``p`` dots, ``s``
bamboo, ``z`` honours 1-7 = E S W N White Green Red, ``f`` flowers 1-4 / seasons 5-8).  :func:`format_tiles` prints
runs of the same suit in the given order, so ``parse_tiles(format_tiles(t)) == t`` for every tuple of ids.

:func:`parse_tiles` also reads what people actually type or paste:

* winds ``E S W N`` (capitals; also ``East``...), dragons ``C``/``Red``/``Rd`` (中), ``F``/``Green``/``Gr`` (發),
  ``P``/``B``/``White``/``Wh`` (白) -- the letters printed on Western sets; a capital run such as ``EEE`` is
  three tiles;
* Chinese: ``東南西北中發白``, ``一萬``..``九萬`` (also 万), ``一筒``..``九筒`` (also 餅), ``一索``..``九索`` (also 條),
  ``梅蘭菊竹春夏秋冬``;
* the Unicode mahjong tiles U+1F000-U+1F029 (an emoji variation selector after one is ignored).

Separators are spaces and commas.  A bad token raises :class:`NotationError` naming it and its 0-based position.
"""

from __future__ import annotations

from collections.abc import Iterable

from sikwu.scoring.errors import NotationError
from sikwu.scoring.message_texts import say
from sikwu.scoring.messages import Message
from sikwu.scoring.tiles import TILE_IDS

_SUIT_MAX = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}
_SEPARATORS = " \t\r\n,;"

_WORDS = {
    "east": "1z",
    "south": "2z",
    "west": "3z",
    "north": "4z",
    "white": "5z",
    "wh": "5z",
    "green": "6z",
    "gr": "6z",
    "red": "7z",
    "rd": "7z",
}
_LETTERS = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "P": "5z", "B": "5z", "F": "6z", "C": "7z"}
_CJK_SINGLE = {
    "東": "1z", "东": "1z", "南": "2z", "西": "3z", "北": "4z",
    "白": "5z", "發": "6z", "发": "6z", "中": "7z",
    "梅": "1f", "蘭": "2f", "兰": "2f", "菊": "3f", "竹": "4f",
    "春": "5f", "夏": "6f", "秋": "7f", "冬": "8f",
}  # fmt: skip
_CJK_NUM = {c: i + 1 for i, c in enumerate("一二三四五六七八九")}
_CJK_SUIT = {"萬": "m", "万": "m", "筒": "p", "餅": "p", "饼": "p", "索": "s", "條": "s", "条": "s"}
_UNICODE: dict[str, str] = {}
for _i, _t in enumerate(("1z", "2z", "3z", "4z", "7z", "6z", "5z")):
    _UNICODE[chr(0x1F000 + _i)] = _t
for _r in range(9):
    _UNICODE[chr(0x1F007 + _r)] = f"{_r + 1}m"
    _UNICODE[chr(0x1F010 + _r)] = f"{_r + 1}s"
    _UNICODE[chr(0x1F019 + _r)] = f"{_r + 1}p"
for _i, _t in enumerate(("1f", "2f", "4f", "3f", "5f", "6f", "7f", "8f")):  # U+1F024 is bamboo, U+1F025 chrysanth.
    _UNICODE[chr(0x1F022 + _i)] = _t
_VARIATION_SELECTORS = "\ufe0e\ufe0f"


def _cannot_read(token: str, position: int, why: Message) -> NotationError:
    message = say("notation.cannot_read", token=repr(token), position=position, why=why, help=say("notation.help"))
    return NotationError(message, token, position)


def _fail(text: str, start: int, end: int, why: Message) -> NotationError:
    return _cannot_read(text[start:end], start, why)


def _read_digits(text: str, i: int, out: list[str]) -> int:
    """``123m``: digits then one suit letter; appends the tiles and returns the index after the letter."""
    n = len(text)
    j = i
    while j < n and text[j].isascii() and text[j].isdigit():
        j += 1
    if j == n or text[j] not in _SUIT_MAX:
        end = j + 1 if j < n and text[j] not in _SEPARATORS else j
        raise _fail(text, i, end, say("notation.no_suit_letter"))
    suit = text[j]
    for k in range(i, j):
        rank = int(text[k])
        if not 1 <= rank <= _SUIT_MAX[suit]:
            raise _cannot_read(text[k] + suit, k, say("notation.rank_range", letter=suit, top=_SUIT_MAX[suit]))
        out.append(f"{rank}{suit}")
    return j + 1


def _read_word(text: str, i: int, out: list[str]) -> int:
    """A tile word (``east``, ``red``) or a run of honour letters (``ESWN``, ``CFP``)."""
    n = len(text)
    j = i
    while j < n and text[j].isascii() and text[j].isalpha():
        j += 1
    word = text[i:j]
    if word.lower() in _WORDS:
        out.append(_WORDS[word.lower()])
    elif all(c in _LETTERS for c in word):
        out.extend(_LETTERS[c] for c in word)
    else:
        raise _fail(text, i, j, say("notation.not_a_tile_name"))
    return j


def _read_symbol(text: str, i: int, out: list[str]) -> int:
    """A Unicode mahjong tile, a Chinese tile name (``東``, ``發``) or numeral + suit (``一萬``)."""
    ch = text[i]
    single = _UNICODE.get(ch) or _CJK_SINGLE.get(ch)
    if single is not None:
        out.append(single)
        return i + 1
    if ch in _CJK_NUM:
        if i + 1 < len(text) and text[i + 1] in _CJK_SUIT:
            out.append(f"{_CJK_NUM[ch]}{_CJK_SUIT[text[i + 1]]}")
            return i + 2
        raise _fail(text, i, min(i + 2, len(text)), say("notation.chinese_numeral"))
    if 0x1F000 <= ord(ch) <= 0x1F02B:
        raise _fail(text, i, i + 1, say("notation.joker"))
    raise _fail(text, i, i + 1, say("notation.unknown_character"))


def parse_tiles(text: str) -> tuple[str, ...]:
    """Parse tile notation into canonical ids, in the order written.

    >>> parse_tiles("123m 55z")
    ('1m', '2m', '3m', '5z', '5z')
    >>> parse_tiles("E S 發 一萬 1f")
    ('1z', '2z', '6z', '1m', '1f')
    """
    if not isinstance(text, str):
        raise NotationError(say("notation.not_a_string", type=type(text).__name__), str(text), 0)
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in _SEPARATORS or ch in _VARIATION_SELECTORS:
            i += 1
        elif ch.isascii() and ch.isdigit():
            i = _read_digits(text, i, out)
        elif ch.isascii() and ch.isalpha():
            i = _read_word(text, i, out)
        else:
            i = _read_symbol(text, i, out)
    return tuple(out)


def format_tiles(tiles: Iterable[str]) -> str:
    """Canonical compact form: consecutive tiles of the same suit share one suit letter, e.g. ``123m 456p 77z``.

    >>> format_tiles(["1m", "2m", "3m", "7z", "7z"])
    '123m 77z'
    """
    parts: list[str] = []
    digits = ""
    suit = ""
    for t in tiles:
        if t not in TILE_IDS:
            raise NotationError(say("notation.not_canonical", token=repr(t)), str(t), 0)
        if t[1] != suit and digits:
            parts.append(digits + suit)
            digits = ""
        suit = t[1]
        digits += t[0]
    if digits:
        parts.append(digits + suit)
    return " ".join(parts)


def format_groups(groups: Iterable[Iterable[str]]) -> str:
    """Sets written one group per token, e.g. ``123m 456p 789s 111z 55z`` (still parses back to the same tiles)."""
    return " ".join(format_tiles(g) for g in groups)
