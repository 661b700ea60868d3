"""Terminal patterns: hands made of (or avoiding) ones, nines and honours."""

from __future__ import annotations

from sikwu.scoring.facts import F_HONOURS, F_NO_HONOURS, F_NO_ORPHANS, F_ORPHANS_ONLY, F_STANDARD
from sikwu.scoring.message_texts import say
from sikwu.scoring.patterns.base import Context, Pattern, register
from sikwu.scoring.tiles import is_honour, is_terminal


@register
class AllTerminals(Pattern):
    key = "all_terminals"
    needs = F_ORPHANS_ONLY | F_NO_HONOURS
    name_en = "All terminals"
    name_zh = "清么九"

    def condition(self, ctx: Context, opts):
        return say("reason.all_terminals") if ctx.tiles and all(is_terminal(t) for t in ctx.tiles) else None


@register
class MixedTerminals(Pattern):
    key = "mixed_terminals"
    needs = F_ORPHANS_ONLY | F_HONOURS
    name_en = "Mixed terminals"
    name_zh = "混么九"
    # Sparrow's Nest and the New Style sheet define it as four pungs + pair of terminals/honours.
    options = {"require_all_pungs": False}

    def condition(self, ctx: Context, opts):
        if not ctx.all_orphans:
            return None
        if not (any(is_terminal(t) for t in ctx.tiles) and any(is_honour(t) for t in ctx.tiles)):
            return None
        if opts.get("require_all_pungs") and not (ctx.standard and len(ctx.pungs) == 4):
            return None
        return say("reason.mixed_terminals")


@register
class AllSimples(Pattern):
    key = "all_simples"
    needs = F_NO_ORPHANS
    name_en = "All simples"
    name_zh = "斷么九"

    def condition(self, ctx: Context, opts):
        if ctx.tiles and not any(is_honour(t) or is_terminal(t) for t in ctx.tiles):
            return say("reason.all_simples")
        return None


@register
class TerminalInEachSet(Pattern):
    """Cheat sheet "At least one terminal in each meld": every set and the pair hold a 1 or 9, no honours."""

    key = "terminal_in_each_set"
    needs = F_STANDARD | F_NO_HONOURS
    name_en = "Terminal in each set"
    name_zh = "純全帶么"

    def condition(self, ctx: Context, opts):
        if not ctx.standard or ctx.has_honours:
            return None
        if all(any(is_terminal(t) for t in s.tiles) for s in ctx.sets) and ctx.chows:
            return say("reason.terminal_in_each_set")
        return None
