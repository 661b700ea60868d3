"""A hand's history as plain data: what the final hand does not show but a liability rule needs.

The table (or whoever keeps the game) says it, the ledger stores it with the hand and hands it to scoring's
``settle`` on every scoring -- when the hand is added and on every recompute after an edit -- so a liability that
depends on it survives an edit of an earlier hand.  The format is scoring's (:mod:`sikwu.scoring.history_json`, the
same ``"history"`` object ``sikwu score`` reads), read by scoring's one reader::

    {"replacement_chain": [0, 1]}

``replacement_chain``: the kongs declared in the one replacement chain that ended in the self-drawn win, as
positions in the hand's ``melds`` list (0 = the first meld declared) in the order they were declared.  Who fed a
claimed meld (the claims behind 12-tile / three-meld liability) is already in the hand JSON (``melds[i].fed_by``).
An empty object means "not known": scoring then goes by what the hand shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sikwu.ledger.errors import EntryError
from sikwu.scoring import Hand, HandHistory, ScoringError, format_tiles
from sikwu.scoring.event_checks import won_on_replacement_tile
from sikwu.scoring.hand_json import hand_from_json
from sikwu.scoring.history_json import history_from_json, history_to_json


def clean_history(raw: Any, hand: Mapping[str, Any], what: str) -> dict[str, Any]:
    """The history as stored (empty fields left out), checked against its hand; EntryError naming what to fix."""
    try:
        return history_to_json(history_from_json(raw, hand_from_json(dict(hand))))
    except ScoringError as exc:
        raise EntryError(f"{what}: {exc}") from None


def to_history(stored: Mapping[str, Any] | None) -> HandHistory | None:
    """Scoring's HandHistory of a stored history; None when nothing is known (scoring's own default)."""
    return history_from_json(stored or None)


def chain_choices(hand: Hand) -> list[tuple[int, str]]:
    """The kongs a replacement chain could hold, as (meld position, tiles): what the page offers to pick, in the
    order declared; empty when the hand was not won on a replacement tile (no chain to ask about)."""
    if not won_on_replacement_tile(hand):
        return []
    return [(i, format_tiles(m.tiles).replace(" ", "")) for i, m in enumerate(hand.melds) if m.kind == "kong"]
