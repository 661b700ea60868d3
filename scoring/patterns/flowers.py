"""Flower and season patterns (bonus tiles never form sets; they only add faan)."""

from __future__ import annotations

from sikwu.scoring.facts import F_BONUS, F_EVENTS, F_NO_BONUS
from sikwu.scoring.message_texts import say
from sikwu.scoring.patterns.base import Context, Pattern, register
from sikwu.scoring.tiles import FLOWER_IDS, SEASON_IDS, WIND_IDS, bonus_seat


@register
class NoFlowers(Pattern):
    key = "no_flowers"
    needs = F_NO_BONUS
    name_en = "No flowers"
    name_zh = "無花"

    def condition(self, ctx: Context, opts):
        return say("reason.no_flowers") if not ctx.hand.bonus else None


def _own_bonus_items(ctx: Context, ids: tuple[str, ...]) -> tuple[str, ...]:
    """One reason per bonus tile of ``ids`` that belongs to the winner's seat (flower or season N = seat N)."""
    return tuple(
        say("reason.own_bonus", tile=t, number=ctx.hand.seat)
        for t in ctx.hand.bonus
        if t in ids and bonus_seat(t) == ctx.hand.seat
    )


@register
class OwnFlower(Pattern):
    key = "own_flower"
    needs = F_BONUS
    name_en = "Seat flower"
    name_zh = "正花"
    per_item = True

    def items(self, ctx: Context, opts):
        return _own_bonus_items(ctx, FLOWER_IDS)


@register
class OwnSeason(Pattern):
    key = "own_season"
    needs = F_BONUS
    name_en = "Seat season"
    name_zh = "正花"
    per_item = True

    def items(self, ctx: Context, opts):
        return _own_bonus_items(ctx, SEASON_IDS)


@register
class RoundFlower(Pattern):
    key = "round_flower"
    needs = F_BONUS
    name_en = "Flower/season of the round"
    name_zh = "圈花"
    per_item = True

    def items(self, ctx: Context, opts):
        round_no = WIND_IDS.index(ctx.hand.round_wind) + 1
        return tuple(say("reason.round_flower", tile=t) for t in ctx.hand.bonus if bonus_seat(t) == round_no)


@register
class AnyFlower(Pattern):
    key = "any_flower"
    needs = F_BONUS
    name_en = "Flower/season tile"
    name_zh = "花"
    per_item = True

    def items(self, ctx: Context, opts):
        return tuple(say("reason.any_flower", tile=t) for t in ctx.hand.bonus)


@register
class AllFlowers(Pattern):
    key = "all_flowers"
    needs = F_BONUS
    name_en = "All four flowers"
    name_zh = "一台花"

    def condition(self, ctx: Context, opts):
        return say("reason.all_flowers") if set(FLOWER_IDS) <= set(ctx.hand.bonus) else None


@register
class AllSeasons(Pattern):
    key = "all_seasons"
    needs = F_BONUS
    name_en = "All four seasons"
    name_zh = "一台花"

    def condition(self, ctx: Context, opts):
        return say("reason.all_seasons") if set(SEASON_IDS) <= set(ctx.hand.bonus) else None


@register
class SevenFlowers(Pattern):
    key = "seven_flowers"
    needs = F_EVENTS | F_BONUS
    name_en = "Seven flowers"
    name_zh = "花糊"

    def condition(self, ctx: Context, opts):
        if "seven_flowers" in ctx.hand.events and len(ctx.hand.bonus) >= 7:
            return say("reason.seven_flowers")
        return None


@register
class EightFlowers(Pattern):
    key = "eight_flowers"
    needs = F_BONUS
    name_en = "Eight flowers"
    name_zh = "大花糊"
    # The cheat sheet's "Eight Treasures" is read as holding all eight bonus tiles in a normal win too.
    options = {"holding_counts": False}

    def condition(self, ctx: Context, opts):
        if len(ctx.hand.bonus) < 8:
            return None
        if "eight_flowers" in ctx.hand.events:
            return say("reason.eight_flowers.declared")
        if opts.get("holding_counts"):
            return say("reason.eight_flowers.held")
        return None
