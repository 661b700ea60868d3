"""Share the result: a text for the group chat and a PNG card (tiles, patterns, faan, payments, profile).

The words follow the result: a legal win "wins", a hand below the table's minimum is a false win (詐糊) and says so,
with the penalty, so a shared message never tells the group a false win was paid.
"""

from __future__ import annotations

import base64
import io

import streamlit as st
from PIL import Image, ImageDraw, ImageFont
from sikwu.app import services
from sikwu.app.engine_text import profile_name
from sikwu.app.flow import Result
from sikwu.app.i18n import CHINESE, _, current
from sikwu.app.table import TableContext, seat_label, seat_short
from sikwu.artwork.card_palette import FELT, INK, PAPER
from sikwu.scoring import Profile, Reading, Score
from sikwu.scoring.notation import format_tiles
from sikwu.scoring.payments import Settlement


def reading_text(reading: Reading) -> str:
    """The best reading's sets as a player writes them: ``123m 456m 789m 777z 11z``."""
    return " ".join(format_tiles(list(s)).replace(" ", "") for s in reading.sets)


def _how(ctx: TableContext) -> str:
    if ctx.self_drawn:
        return _("self-drawn")
    return _("on {seat}'s discard").format(seat=seat_label(ctx.effective_discarder() or 2))


def _pattern_names(score: Score) -> str:
    chinese = current() == CHINESE
    return ", ".join(f"{p.name_zh if chinese else p.name_en + ' ' + p.name_zh} {p.faan}" for p in score.best.patterns)


def _payments_text(settlement: Settlement) -> str:
    return ", ".join(f"{seat_short(s)} {int(v):+d}" for s, v in sorted(settlement.payments.items()))


def share_text(
    score: Score,
    settlement: Settlement | None,
    ctx: TableContext,
    notation: str,
    penalty: Settlement | None = None,
    profile: Profile | None = None,
) -> str:
    hand = reading_text(score.best) or notation
    values = {
        "seat": seat_label(ctx.seat),
        "faan": score.faan,
        "how": _how(ctx),
        "profile": profile_name(profile) if profile is not None else score.profile,
        "hand": hand,
        "minimum": score.minimum,
    }
    if score.meets_minimum:
        lines = [_("食糊 {seat} wins {faan} faan {how} ({profile}): {hand}").format(**values)]
    else:
        lines = [
            _(
                "詐糊 False win: {seat} has {faan} faan {how}, below the {minimum}-faan minimum ({profile}): {hand}"
            ).format(**values)
        ]
    lines.append(_pattern_names(score))
    if score.meets_minimum and settlement is not None:
        lines.append(_("Payments: {payments}").format(payments=_payments_text(settlement)))
    if not score.meets_minimum and penalty is not None:
        lines.append(_("Penalty if declared: {payments}").format(payments=_payments_text(penalty)))
    return "\n".join(line for line in lines if line)


# ---- the card -------------------------------------------------------------------------------------------------

CARD_WIDTH = 720


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return services.text_font(size)


def _tiles_strip(ids: list[str], height: int) -> Image.Image | None:
    faces = []
    for tile in ids:
        try:
            faces.append(Image.open(io.BytesIO(services.face_png(tile, height))).convert("RGB"))
        except services.Unavailable:
            return None
    if not faces:
        return None
    gap = 4
    strip = Image.new("RGB", (sum(f.width for f in faces) + gap * (len(faces) - 1), height), FELT)
    x = 0
    for f in faces:
        strip.paste(f, (x, 0))
        x += f.width + gap
    return strip


def card_png(result: Result, tiles: list[str]) -> bytes:
    """The result as one picture to send to the table's chat."""
    scored = result.scored
    text = share_text(scored.score, scored.settlement, result.context, result.notation, scored.penalty, result.profile)
    title_font, body_font = _font(30), _font(22)
    strip = _tiles_strip(tiles, 64)
    if strip is not None and strip.width > CARD_WIDTH - 40:
        strip = strip.resize((CARD_WIDTH - 40, round(strip.height * (CARD_WIDTH - 40) / strip.width)))
    lines = text.split("\n")
    height = 40 + (strip.height + 24 if strip else 0) + 44 + 32 * (len(lines) - 1) + 30
    card = Image.new("RGB", (CARD_WIDTH, height), PAPER)
    draw = ImageDraw.Draw(card)
    y = 20
    if strip is not None:
        draw.rectangle([10, 10, CARD_WIDTH - 10, 10 + strip.height + 20], fill=FELT)
        card.paste(strip, (20, 20))
        y += strip.height + 24
    draw.text((20, y), _wrap(draw, lines[0], title_font), fill=INK, font=title_font)
    y += 44
    for line in lines[1:]:
        draw.text((20, y), _wrap(draw, line, body_font), fill=INK, font=body_font)
        y += 32
    buf = io.BytesIO()
    card.save(buf, format="PNG", optimize=True)
    return buf.getvalue()


def _wrap(draw: ImageDraw.ImageDraw, line: str, font: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> str:
    """Cut a line to the card's width (the text version carries the whole line)."""
    while line and draw.textlength(line, font=font) > CARD_WIDTH - 40:
        line = line[:-2] + "…"
    return line


def render_share(result: Result) -> None:
    st.markdown(_("**Share**"))
    scored = result.scored
    text = share_text(scored.score, scored.settlement, result.context, result.notation, scored.penalty, result.profile)
    st.code(text, language=None, wrap_lines=True)
    tiles = list(result.hand.concealed) + [t for m in result.hand.melds for t in m.tiles] + list(result.hand.bonus)
    png = card_png(result, tiles)
    st.image(
        png, caption=_("Result card: press and hold to save or share it"), width="stretch", alt=text.replace("\n", ". ")
    )
    href = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
    st.markdown(f'<a href="{href}" download="sikwu-result.png">{_("Save the card (PNG)")}</a>', unsafe_allow_html=True)
