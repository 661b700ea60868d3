"""Suit patterns: flushes, chow combinations and the one-suit special hands."""

from __future__ import annotations

from collections import Counter

from sikwu.scoring.facts import (
    F_DRAGON_PUNG,
    F_FOUR_CHOWS,
    F_HONOURS,
    F_NO_HONOURS,
    F_ONE_SUIT,
    F_SPECIAL,
    F_THREE_CHOWS,
    F_TWO_CHOWS,
)
from sikwu.scoring.message_texts import say
from sikwu.scoring.patterns.base import Context, Pattern, register
from sikwu.scoring.tiles import is_honour


@register
class HalfFlush(Pattern):
    key = "half_flush"
    needs = F_ONE_SUIT | F_HONOURS
    name_en = "Half flush"
    name_zh = "混一色"

    def condition(self, ctx: Context, opts):
        if len(ctx.suits) == 1 and ctx.has_honours:
            return say("reason.half_flush", suit=next(iter(ctx.suits)))
        return None


@register
class FullFlush(Pattern):
    key = "full_flush"
    needs = F_ONE_SUIT | F_NO_HONOURS
    name_en = "Full flush"
    name_zh = "清一色"

    def condition(self, ctx: Context, opts):
        if len(ctx.suits) == 1 and not ctx.has_honours:
            return say("reason.full_flush", suit=next(iter(ctx.suits)))
        return None


@register
class PureStraight(Pattern):
    key = "pure_straight"
    needs = F_THREE_CHOWS
    name_en = "Pure straight"
    name_zh = "一條龍"

    def condition(self, ctx: Context, opts):
        starts = {c.first for c in ctx.chows}
        for suit in "mps":
            if {f"1{suit}", f"4{suit}", f"7{suit}"} <= starts:
                return say("reason.pure_straight", suit=suit)
        return None


@register
class MixedTripleChow(Pattern):
    key = "mixed_triple_chow"
    needs = F_THREE_CHOWS
    name_en = "Three matching chows in different suits"
    name_zh = "三色同順"

    def condition(self, ctx: Context, opts):
        for rank in "1234567":
            if {c.suit for c in ctx.chows if c.first[0] == rank} == {"m", "p", "s"}:
                return say("reason.mixed_triple_chow", rank=rank, top=int(rank) + 2)
        return None


def _identical_chow_pairs(ctx: Context) -> int:
    return sum(n // 2 for n in Counter(c.first for c in ctx.chows).values())


@register
class PureDoubleChow(Pattern):
    key = "pure_double_chow"
    needs = F_TWO_CHOWS
    name_en = "Two matching chows of one suit"
    name_zh = "一般高"

    def condition(self, ctx: Context, opts):
        return say("reason.pure_double_chow") if _identical_chow_pairs(ctx) >= 1 else None


@register
class TwicePureDoubleChow(Pattern):
    key = "twice_pure_double_chow"
    needs = F_FOUR_CHOWS
    name_en = "Two sets of two matching chows"
    name_zh = "兩般高"

    def condition(self, ctx: Context, opts):
        return say("reason.twice_pure_double_chow") if _identical_chow_pairs(ctx) >= 2 else None


@register
class NineGates(Pattern):
    key = "nine_gates"
    needs = F_SPECIAL
    name_en = "Nine gates"
    name_zh = "九蓮寶燈"
    #: ``waiting_hand = true``: the 13 tiles before the winning tile are exactly 1112345678999 of one suit, won on
    #: any tile of that suit (HK Old Style variants 1 and 2: "Concealed hand of 1112345678999 in one suit and
    #: winning on any tile of the same suit").  ``false``: the 14 tiles are 1112345678999 plus one more of the suit,
    #: whichever tile came last (Sparrow's Nest, New Style).  The division (``scoring.readings``) only offers the
    #: Nine Gates shape when the profile's reading holds.
    options = {"waiting_hand": False}

    def condition(self, ctx: Context, opts):
        if ctx.shape != "nine_gates" or ctx.hand.melds:
            return None
        return say("reason.nine_gates")


@register
class ThirteenOrphans(Pattern):
    key = "thirteen_orphans"
    needs = F_SPECIAL
    name_en = "Thirteen orphans"
    name_zh = "十三么"

    def condition(self, ctx: Context, opts):
        return say("reason.thirteen_orphans") if ctx.shape == "thirteen_orphans" else None


class _GemDragon(Pattern):
    needs = F_ONE_SUIT | F_DRAGON_PUNG
    suit: str
    dragon: str

    def condition(self, ctx: Context, opts):
        if ctx.suits != {self.suit} or any(is_honour(t) and t != self.dragon for t in ctx.tiles):
            return None
        if any(p.first == self.dragon for p in ctx.pungs):
            return say("reason.gem_dragon", suit=self.suit, tile=self.dragon)
        return None


@register
class JadeDragon(_GemDragon):
    key = "jade_dragon"
    name_en = "Jade dragon"
    name_zh = "玉龍"
    suit, dragon = "s", "6z"


@register
class RubyDragon(_GemDragon):
    key = "ruby_dragon"
    name_en = "Ruby dragon"
    name_zh = "紅孔雀"
    suit, dragon = "m", "7z"


@register
class PearlDragon(_GemDragon):
    key = "pearl_dragon"
    name_en = "Pearl dragon"
    name_zh = "珍珠龍"
    suit, dragon = "p", "5z"
