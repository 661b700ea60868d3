"""Honour patterns: dragon and wind pungs and the hands built from them."""

from __future__ import annotations

from sikwu.scoring.facts import F_DRAGON_PUNG, F_NO_SUIT, F_PAIR, F_THREE_WIND_PUNGS, F_TWO_DRAGON_PUNGS, F_WIND_PUNG
from sikwu.scoring.message_texts import say
from sikwu.scoring.patterns.base import Context, Pattern, register
from sikwu.scoring.tiles import DRAGON_IDS, WIND_IDS, is_honour


def _dragon_pungs(ctx: Context):
    return ctx.dragon_pungs


def _wind_pungs(ctx: Context):
    return ctx.wind_pungs


@register
class DragonPung(Pattern):
    key = "dragon_pung"
    needs = F_DRAGON_PUNG
    name_en = "Dragon pung"
    name_zh = "三元牌"
    per_item = True

    def items(self, ctx: Context, opts):
        return tuple(say("reason.dragon_pung", kind=p.kind, tile=p.first, tiles=p.text()) for p in _dragon_pungs(ctx))


@register
class SeatWind(Pattern):
    key = "seat_wind"
    needs = F_WIND_PUNG
    name_en = "Seat wind"
    name_zh = "門風"

    def condition(self, ctx: Context, opts):
        for p in ctx.pungs:
            if p.first == ctx.hand.seat_wind:
                return say("reason.seat_wind", kind=p.kind, tile=p.first)
        return None


@register
class RoundWind(Pattern):
    key = "round_wind"
    needs = F_WIND_PUNG
    name_en = "Prevalent (round) wind"
    name_zh = "圈風"

    def condition(self, ctx: Context, opts):
        for p in ctx.pungs:
            if p.first == ctx.hand.round_wind:
                return say("reason.round_wind", kind=p.kind, tile=p.first)
        return None


@register
class MatchingWindPung(Pattern):
    """One faan per pung of the seat or round wind, once per pung even when it is both (Sparrow's Nest)."""

    key = "matching_wind_pung"
    needs = F_WIND_PUNG
    name_en = "Matching wind triplet"
    name_zh = "風牌"
    per_item = True

    def items(self, ctx: Context, opts):
        wanted = {ctx.hand.seat_wind, ctx.hand.round_wind}
        return tuple(
            say("reason.matching_wind_pung", kind=p.kind, tile=p.first) for p in ctx.pungs if p.first in wanted
        )


@register
class SmallThreeDragons(Pattern):
    key = "small_three_dragons"
    needs = F_TWO_DRAGON_PUNGS | F_PAIR
    name_en = "Small three dragons"
    name_zh = "小三元"

    def condition(self, ctx: Context, opts):
        pungs = _dragon_pungs(ctx)
        if len(pungs) == 2 and ctx.pair is not None and ctx.pair.first in DRAGON_IDS:
            return say("reason.small_three_dragons", tile=ctx.pair.first)
        return None


@register
class BigThreeDragons(Pattern):
    key = "big_three_dragons"
    needs = F_TWO_DRAGON_PUNGS
    name_en = "Big three dragons"
    name_zh = "大三元"

    def condition(self, ctx: Context, opts):
        return say("reason.big_three_dragons") if len(_dragon_pungs(ctx)) == 3 else None


@register
class SmallFourWinds(Pattern):
    key = "small_four_winds"
    needs = F_THREE_WIND_PUNGS | F_PAIR
    name_en = "Small four winds"
    name_zh = "小四喜"

    def condition(self, ctx: Context, opts):
        if len(_wind_pungs(ctx)) == 3 and ctx.pair is not None and ctx.pair.first in WIND_IDS:
            return say("reason.small_four_winds", tile=ctx.pair.first)
        return None


@register
class BigFourWinds(Pattern):
    key = "big_four_winds"
    needs = F_THREE_WIND_PUNGS
    name_en = "Big four winds"
    name_zh = "大四喜"

    def condition(self, ctx: Context, opts):
        return say("reason.big_four_winds") if len(_wind_pungs(ctx)) == 4 else None


@register
class AllHonours(Pattern):
    key = "all_honours"
    needs = F_NO_SUIT
    name_en = "All honours"
    name_zh = "字一色"

    def condition(self, ctx: Context, opts):
        return say("reason.all_honours") if ctx.tiles and all(is_honour(t) for t in ctx.tiles) else None
