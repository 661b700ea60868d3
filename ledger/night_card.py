"""The night's summary as one picture to send to the table's chat: players, final totals, the 找數 transfers, the
night's titles (食糊王 / 自摸王 / 出銃王), the profile and the stake.

Drawn with Pillow in the look of the page's hand card (``app/components/share.py``: ivory card, felt band, the same
ink) with the project's own tile faces (``sikwu.artwork``) and its CJK font, so Chinese names render.  The card has
one fixed size whatever the game holds (at most three transfers settle four players; long names are cut with "…"),
so a chat shows every night's card alike.  The words are English by default; the page passes its translations.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import replace

from PIL import Image, ImageDraw, ImageFont
from sikwu.artwork.card_palette import FELT, GAIN, INK, IVORY, LOSS, MUTED, PAPER
from sikwu.ledger import views
from sikwu.ledger.records import GameRecord

WIDTH = 720
MARGIN, HEADER, HEADING, ROW, FOOTER = 28, 132, 48, 38, 56
#: Rows each section keeps, whatever the game holds: four players, at most three transfers, three titles.
PLAYER_ROWS, TRANSFER_ROWS, TITLE_ROWS = 4, 3, 3
HEIGHT = HEADER + 3 * HEADING + ROW * (1 + PLAYER_ROWS + TRANSFER_ROWS + TITLE_ROWS) + FOOTER
SIZE = (WIDTH, HEIGHT)

#: The card's words; the page passes the same keys translated.
WORDS: dict[str, str] = {
    "totals": "Totals",
    "player": "Player",
    "points": "Points",
    "money": "Money",
    "settlement": "Settlement 找數",
    "nobody_pays": "Nobody pays anybody",
    "titles": "The night's titles",
    "nobody": "nobody yet",
    "hands": "{n} hands",
    "stake": "{stake} per point",
    "final": "final",
    "in_progress": "in progress",
}

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


def _font(size: int) -> Font:
    from sikwu.artwork.fonts import text_font

    return text_font(size)


def _fit(draw: ImageDraw.ImageDraw, text: str, font: Font, width: float) -> str:
    """Cut ``text`` to ``width`` pixels with "…" (the JSON and the page carry the whole text)."""
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…"


def _header(card: Image.Image, draw: ImageDraw.ImageDraw, game: GameRecord, words: Mapping[str, str]) -> None:
    from sikwu.artwork import DEFAULT_STYLE, render_hand_strip

    draw.rectangle([0, 0, WIDTH, HEADER], fill=FELT)
    strip = render_hand_strip(["5z", "6z", "7z"], 64, gap=4, style=replace(DEFAULT_STYLE, background=FELT))
    card.paste(strip, (WIDTH - MARGIN - strip.width, (HEADER - strip.height) // 2))
    room = WIDTH - 3 * MARGIN - strip.width
    status = views.status(game)
    stake = f"{game.stake} {game.currency}".strip()
    lines = (
        f"{game.profile_name} · {words['stake'].format(stake=stake)}",
        f"{words['hands'].format(n=status['hands'])} · {words['final' if status['finished'] else 'in_progress']}",
    )
    draw.text((MARGIN, 18), _fit(draw, game.name, _font(34), room), fill=IVORY, font=_font(34))
    for i, line in enumerate(lines):
        draw.text((MARGIN, 70 + 26 * i), _fit(draw, line, _font(18), room), fill=IVORY, font=_font(18))


def _heading(draw: ImageDraw.ImageDraw, y: int, text: str) -> int:
    draw.text((MARGIN, y + 8), text, fill=FELT, font=_font(24))
    draw.line([MARGIN, y + HEADING - 4, WIDTH - MARGIN, y + HEADING - 4], fill=FELT, width=2)
    return y + HEADING


def _right(draw: ImageDraw.ImageDraw, x: int, y: int, text: str, font: Font, fill: tuple[int, int, int]) -> None:
    draw.text((x - draw.textlength(text, font=font), y), text, fill=fill, font=font)


def _totals(draw: ImageDraw.ImageDraw, y: int, settled: dict, words: Mapping[str, str]) -> int:
    y = _heading(draw, y, words["totals"])
    small, body = _font(18), _font(24)
    points_x, money_x = WIDTH - MARGIN - 200, WIDTH - MARGIN
    draw.text((MARGIN, y + 10), words["player"], fill=MUTED, font=small)
    _right(draw, points_x, y + 10, words["points"], small, MUTED)
    _right(draw, money_x, y + 10, words["money"], small, MUTED)
    y += ROW
    for name, points in settled["points"].items():
        money = settled["money"][name]
        colour = GAIN if points > 0 else LOSS if points < 0 else INK
        draw.text((MARGIN, y + 6), _fit(draw, name, body, points_x - MARGIN - 120), fill=INK, font=body)
        _right(draw, points_x, y + 6, f"{points:+d}" if points else "0", body, colour)
        _right(draw, money_x, y + 6, money, body, colour)
        y += ROW
    return y


def _transfers(draw: ImageDraw.ImageDraw, y: int, settled: dict, words: Mapping[str, str]) -> int:
    y = _heading(draw, y, words["settlement"])
    body = _font(24)
    rows = settled["transfers"] or [None]
    for t in rows[:TRANSFER_ROWS]:
        if t is None:
            draw.text((MARGIN, y + 6), words["nobody_pays"], fill=MUTED, font=body)
        else:
            half = (WIDTH - 3 * MARGIN - 160 - draw.textlength(" → ", font=body)) / 2
            who = f"{_fit(draw, t['from'], body, half)} → {_fit(draw, t['to'], body, half)}"
            draw.text((MARGIN, y + 6), who, fill=INK, font=body)
            _right(draw, WIDTH - MARGIN, y + 6, f"{t['amount']} {settled['currency']}".strip(), body, INK)
        y += ROW
    return y + ROW * (TRANSFER_ROWS - min(len(rows), TRANSFER_ROWS))


def _titles(draw: ImageDraw.ImageDraw, y: int, game: GameRecord, words: Mapping[str, str]) -> int:
    y = _heading(draw, y, words["titles"])
    body = _font(24)
    for title, top in list(views.statistics(game)["titles"].items())[:TITLE_ROWS]:
        names = f"{', '.join(top['players'])} ({top['count']})" if top["players"] else words["nobody"]
        draw.text((MARGIN, y + 6), title, fill=FELT, font=body)
        draw.text((MARGIN + 110, y + 6), _fit(draw, names, body, WIDTH - 2 * MARGIN - 110), fill=INK, font=body)
        y += ROW
    return y


def night_card(game: GameRecord, words: Mapping[str, str] | None = None) -> Image.Image:
    """The night's summary card as an RGB image of :data:`SIZE`; ``words`` overrides :data:`WORDS` (translations)."""
    said = {**WORDS, **(words or {})}
    card = Image.new("RGB", SIZE, PAPER)
    draw = ImageDraw.Draw(card)
    _header(card, draw, game, said)
    settled = views.settlement(game)
    y = _totals(draw, HEADER, settled, said)
    y = _transfers(draw, y, settled, said)
    _titles(draw, y, game, said)
    draw.text((MARGIN, HEIGHT - FOOTER + 16), "sikwu 食糊", fill=MUTED, font=_font(18))
    return card


def night_card_png(game: GameRecord, words: Mapping[str, str] | None = None) -> bytes:
    """The card as PNG bytes (what the page offers for download and ``sikwu game show --picture`` writes)."""
    out = io.BytesIO()
    night_card(game, words).save(out, format="PNG", optimize=True)
    return out.getvalue()
