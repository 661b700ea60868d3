"""Win-action patterns: how the winning tile arrived (self-draw, replacement tile, robbing a kong, last tile, first
turn) and whether the hand was concealed."""

from __future__ import annotations

from sikwu.scoring.facts import F_EVENTS, F_SELF_DRAWN
from sikwu.scoring.message_texts import say
from sikwu.scoring.patterns.base import Context, Pattern, register


@register
class SelfDrawn(Pattern):
    key = "self_drawn"
    needs = F_SELF_DRAWN
    name_en = "Self-drawn win"
    name_zh = "自摸"

    def condition(self, ctx: Context, opts):
        if ctx.hand.self_drawn and "robbing_kong" not in ctx.hand.events:
            return say("reason.self_drawn", tiles=ctx.hand.winning_tile or "")
        return None


@register
class KongReplacement(Pattern):
    key = "kong_replacement"
    needs = F_EVENTS
    name_en = "Win on kong replacement"
    name_zh = "槓上開花"
    options = {"flower_replacement_counts": False}

    def condition(self, ctx: Context, opts):
        ev = ctx.hand.events
        if ev & {"kong_replacement", "double_kong_replacement"}:
            return say("reason.kong_replacement")
        if opts.get("flower_replacement_counts") and "flower_replacement" in ev:
            return say("reason.flower_replacement")
        return None


@register
class DoubleKongReplacement(Pattern):
    key = "double_kong_replacement"
    needs = F_EVENTS
    name_en = "Win on double kong replacement"
    name_zh = "槓上槓"

    def condition(self, ctx: Context, opts):
        if "double_kong_replacement" in ctx.hand.events:
            return say("reason.double_kong_replacement")
        return None


@register
class RobbingKong(Pattern):
    key = "robbing_kong"
    needs = F_EVENTS
    name_en = "Robbing a kong"
    name_zh = "搶槓"

    def condition(self, ctx: Context, opts):
        if "robbing_kong" in ctx.hand.events:
            return say("reason.robbing_kong", tiles=ctx.hand.winning_tile)
        return None


@register
class LastTileDraw(Pattern):
    key = "last_tile_draw"
    needs = F_EVENTS | F_SELF_DRAWN
    name_en = "Win on the last tile of the wall"
    name_zh = "海底撈月"
    # Sparrow's Nest, Last Tile: "Not scored if the last tile is drawn for a replacement from a flower tile".
    options = {"flower_replacement_counts": True}

    def condition(self, ctx: Context, opts):
        ev = ctx.hand.events
        if "last_tile_wall" not in ev or not ctx.hand.self_drawn:
            return None
        if "flower_replacement" in ev and not opts.get("flower_replacement_counts", True):
            return None
        return say("reason.last_tile_draw")


@register
class LastTileDiscard(Pattern):
    key = "last_tile_discard"
    needs = F_EVENTS
    name_en = "Win on the last discard"
    name_zh = "河底撈魚"

    def condition(self, ctx: Context, opts):
        if "last_discard" in ctx.hand.events and not ctx.hand.self_drawn:
            return say("reason.last_tile_discard")
        return None


@register
class MoonFromTheBottomOfTheSea(Pattern):
    key = "moon_from_the_bottom_of_the_sea"
    needs = F_EVENTS | F_SELF_DRAWN
    name_en = "Moon from the bottom of the sea"
    name_zh = "海底撈月"

    def condition(self, ctx: Context, opts):
        if "last_tile_wall" in ctx.hand.events and ctx.hand.self_drawn and ctx.hand.winning_tile == "1p":
            return say("reason.moon_from_the_bottom_of_the_sea")
        return None


@register
class PlumBlossomOnTheRoof(Pattern):
    key = "plum_blossom_on_the_roof"
    needs = F_EVENTS
    name_en = "Plum blossom on the roof"
    name_zh = "槓上梅花"

    def condition(self, ctx: Context, opts):
        ws = ctx.winning_set
        if (
            ctx.hand.events & {"kong_replacement", "double_kong_replacement"}
            and ctx.hand.winning_tile == "5p"
            and ws is not None
            and ws.kind == "chow"
            and ws.tiles == ("4p", "5p", "6p")
        ):
            return say("reason.plum_blossom_on_the_roof")
        return None


@register
class ConcealedHand(Pattern):
    key = "concealed_hand"
    name_en = "Concealed hand"
    name_zh = "門前清"
    options = {"concealed_kong_allowed": True}

    def condition(self, ctx: Context, opts):
        if not ctx.closed:
            return None
        if ctx.hand.melds and not opts.get("concealed_kong_allowed", True):
            return None
        return say("reason.concealed_hand")


@register
class Heavenly(Pattern):
    key = "heavenly"
    needs = F_EVENTS
    name_en = "Heavenly hand"
    name_zh = "天糊"
    # Sparrow's Nest: "Not scored after calling a Gong at the start".
    options = {"kong_allowed": True}

    def condition(self, ctx: Context, opts):
        if "heavenly" not in ctx.hand.events:
            return None
        if ctx.hand.melds and not opts.get("kong_allowed", True):
            return None
        return say("reason.heavenly")


@register
class Earthly(Pattern):
    key = "earthly"
    needs = F_EVENTS
    name_en = "Earthly hand"
    name_zh = "地糊"

    def condition(self, ctx: Context, opts):
        return say("reason.earthly") if "earthly" in ctx.hand.events else None


@register
class Human(Pattern):
    key = "human"
    needs = F_EVENTS
    name_en = "Human hand"
    name_zh = "人糊"

    def condition(self, ctx: Context, opts):
        return say("reason.human") if "human" in ctx.hand.events else None
