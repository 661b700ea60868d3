"""A hand's history as JSON: what the final hand does not show but a liability rule needs, as plain data.

One reader for everyone who is told the history -- ``sikwu score`` (a top-level ``"history"`` in the hand JSON,
``--history FILE`` or ``--replacement-chain 0 1``), the ledger (``sikwu game add``, the Game page), tests -- so the
format means the same thing everywhere and a bad history gets the same message everywhere::

    {"replacement_chain": [0, 1]}

``replacement_chain``: the kongs declared in the one replacement chain that ended in the self-drawn win, as
positions in the hand's ``melds`` list (0 = the first meld declared) in the order they were declared; a flower
replacement between them does not break the chain (:class:`~sikwu.scoring.hand.HandHistory`).  Who fed a claimed
meld (the claims behind 12-tile / three-meld liability) is already in the hand (``melds[i].fed_by``).  An empty
object (or none) means "not known": scoring then goes by what the hand shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from sikwu.scoring.errors import HandError
from sikwu.scoring.event_checks import check_history
from sikwu.scoring.hand import Hand, HandHistory

HISTORY_FIELDS: Final = ("replacement_chain",)
EXAMPLE: Final = '{"replacement_chain": [0, 1]}'


class HistoryJSONError(HandError):
    """A history that is not of the format above, or does not fit its hand; ``field`` is the history field."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        super().__init__(f"history field '{field}': {problem}" if field else f"history: {problem}")


def _chain(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(i, int) and not isinstance(i, bool) for i in value):
        raise HistoryJSONError(
            "replacement_chain", "must be a list of meld positions (0 = first meld declared), e.g. [0, 1]"
        )
    if any(i < 0 for i in value) or len(set(value)) != len(value):
        raise HistoryJSONError(
            "replacement_chain", f"{list(value)} must name each kong once, by its position 0, 1, 2, ... in melds"
        )
    return tuple(value)


def history_from_json(raw: Any, hand: Hand | None = None) -> HandHistory | None:
    """The :class:`HandHistory` of a decoded history object; None when it says nothing (not known).

    With ``hand``, the history is also checked against it (a chain naming a meld that is no kong, a chain on a win
    that was not on a replacement tile).  Raises :class:`HistoryJSONError` saying which field and what to write.

    >>> history_from_json({"replacement_chain": [0, 1]})
    HandHistory(replacement_chain=(0, 1))
    >>> try:
    ...     history_from_json({"chain": [0]})
    ... except HistoryJSONError as exc:
    ...     print(exc)
    history field 'chain': unknown; allowed: replacement_chain
    """
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise HistoryJSONError("", f"must be an object like {EXAMPLE}, got {type(raw).__name__}")
    for key in raw:
        if key not in HISTORY_FIELDS:
            raise HistoryJSONError(str(key), f"unknown; allowed: {', '.join(HISTORY_FIELDS)}")
    chain = _chain(raw.get("replacement_chain") or [])
    if not chain:
        return None
    history = HandHistory(replacement_chain=chain)
    if hand is not None:
        try:
            check_history(hand, history)
        except HandError as exc:
            raise HistoryJSONError("replacement_chain", str(exc)) from None
    return history


def history_to_json(history: HandHistory | None) -> dict[str, Any]:
    """The JSON object of a history (empty when nothing is known); read back by :func:`history_from_json`."""
    if history is None or not history.replacement_chain:
        return {}
    return {"replacement_chain": list(history.replacement_chain)}
