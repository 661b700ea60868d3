"""Set-type patterns: what kind of sets the four sets are (chows, pungs, kongs, concealed pungs, seven pairs)."""

from __future__ import annotations

from sikwu.scoring.facts import F_FOUR_CHOWS, F_FOUR_PUNGS, F_SPECIAL, F_STANDARD, F_THREE_KONGS, F_THREE_PUNGS
from sikwu.scoring.message_texts import say
from sikwu.scoring.patterns.base import Context, Pattern, register
from sikwu.scoring.tiles import is_honour, is_suited


@register
class AllChows(Pattern):
    key = "all_chows"
    needs = F_STANDARD | F_FOUR_CHOWS
    name_en = "All chows"
    name_zh = "平糊"
    # "Hand consists only of chows and a pair of suit tiles" (Old Style variants 1 and 3).
    options = {"require_suited_pair": False}

    def condition(self, ctx: Context, opts):
        if not ctx.standard or len(ctx.chows) != 4:
            return None
        if opts.get("require_suited_pair") and ctx.pair is not None and is_honour(ctx.pair.first):
            return None
        return say("reason.all_chows")


@register
class AllPungs(Pattern):
    key = "all_pungs"
    needs = F_FOUR_PUNGS
    name_en = "All pungs"
    name_zh = "對對糊"

    def condition(self, ctx: Context, opts):
        if ctx.standard and len(ctx.pungs) == 4:
            return say("reason.all_pungs")
        return None


@register
class FourConcealedPungs(Pattern):
    key = "four_concealed_pungs"
    needs = F_FOUR_PUNGS
    name_en = "Four concealed pungs"
    name_zh = "坎坎糊"
    options = {"require_self_drawn": False, "kongs_count_as_concealed": False}

    def condition(self, ctx: Context, opts):
        if not ctx.standard or len(ctx.pungs) != 4:
            return None
        # "A kong is considered a concealed pung" (Old Style variant 3): a concealed kong already is one; with the
        # option a big melded kong (a concealed pung plus a discard) counts too, but never a kong added to a pung
        # claimed from a discard -- that pung was never concealed.
        kongs_ok = opts.get("kongs_count_as_concealed", False)
        added = {m.tiles[0] for m in ctx.hand.melds if m.kind == "kong" and m.kong_kind == "added"} if kongs_ok else ()
        if not all(p.concealed or (kongs_ok and p.kind == "kong" and p.first not in added) for p in ctx.pungs):
            return None
        if opts.get("require_self_drawn") and not ctx.hand.self_drawn:
            return None
        return say("reason.four_concealed_pungs")


@register
class AllKongs(Pattern):
    key = "all_kongs"
    needs = F_THREE_KONGS
    name_en = "All kongs"
    name_zh = "十八羅漢"

    def condition(self, ctx: Context, opts):
        return say("reason.all_kongs") if len(ctx.kongs) == 4 else None


@register
class ThreeKongs(Pattern):
    key = "three_kongs"
    needs = F_THREE_KONGS
    name_en = "Three kongs"
    name_zh = "三槓"

    def condition(self, ctx: Context, opts):
        return say("reason.three_kongs", count=len(ctx.kongs)) if len(ctx.kongs) >= 3 else None


@register
class ThreeConcealedPungs(Pattern):
    key = "three_concealed_pungs"
    needs = F_STANDARD | F_THREE_PUNGS
    name_en = "Three concealed pungs"
    name_zh = "三暗刻"

    def condition(self, ctx: Context, opts):
        closed = [p for p in ctx.pungs if p.concealed]
        if ctx.standard and len(closed) >= 3:
            return say("reason.three_concealed_pungs", tiles=", ".join(p.first for p in closed))
        return None


@register
class TriplePung(Pattern):
    key = "triple_pung"
    needs = F_THREE_PUNGS
    name_en = "Three pungs with the same number"
    name_zh = "三色同刻"

    def condition(self, ctx: Context, opts):
        for rank in "123456789":
            suits = {p.suit for p in ctx.pungs if is_suited(p.first) and p.first[0] == rank}
            if len(suits) == 3:
                return say("reason.triple_pung", rank=rank)
        return None


@register
class SevenPairs(Pattern):
    key = "seven_pairs"
    needs = F_SPECIAL
    name_en = "Seven pairs"
    name_zh = "七對子"
    # "Seven different pairs" (New Style sheet); set false to let four identical tiles count as two pairs.
    options = {"distinct_pairs": True}

    def condition(self, ctx: Context, opts):
        return say("reason.seven_pairs") if ctx.shape == "seven_pairs" else None
