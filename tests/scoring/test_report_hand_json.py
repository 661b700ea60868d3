"""Hand JSON (the exchange format): round trip, and a specific error for every malformed field."""

from __future__ import annotations

import json

import pytest
from sikwu.scoring.hand import Hand, Meld
from sikwu.scoring.hand_json import HandJSONError, hand_from_json, hand_to_json

HAND = Hand(
    concealed=("5p", "6p", "7p", "3z", "3z"),
    melds=(Meld.pung("7z", fed_by=3), Meld.chow("2p", fed_by=1), Meld.kong("9s", "concealed")),
    bonus=("1f", "6f"),
    winning_tile="7p",
    events=frozenset({"last_discard"}),
    seat=2,
    round_wind="2z",
    dealer=4,
    discarder=3,
)


def test_round_trip_is_lossless() -> None:
    assert hand_from_json(hand_to_json(HAND)) == HAND
    assert hand_from_json(json.dumps(hand_to_json(HAND))) == HAND


def test_only_concealed_is_required() -> None:
    hand = hand_from_json({"concealed": ["1m", "1m"]})
    assert hand.seat == 1 and hand.round_wind == "1z" and hand.melds == () and not hand.self_drawn


def test_seats_and_winds_accept_letters() -> None:
    hand = hand_from_json({"concealed": ["1m"], "seat": "S", "round_wind": "west", "dealer": "n", "discarder": "E"})
    assert (hand.seat, hand.round_wind, hand.dealer, hand.discarder) == (2, "3z", 4, 1)


@pytest.mark.parametrize(
    ("obj", "field", "says"),
    [
        ({}, "concealed", "missing"),
        ({"concealed": "123m"}, "concealed", "list of tile ids"),
        ({"concealed": ["1m", "0m"]}, "concealed[1]", "not a playing tile id"),
        ({"concealed": ["1m", 5]}, "concealed[1]", "tile id string"),
        ({"concealed": ["1f"]}, "concealed[0]", "not a playing tile id"),
        ({"concealed": [], "bonus": ["1m"]}, "bonus[0]", "flower/season"),
        ({"concealed": [], "melds": {}}, "melds", "list of meld objects"),
        ({"concealed": [], "melds": [{"tiles": ["1m"] * 3}]}, "melds[0].kind", "missing"),
        ({"concealed": [], "melds": [{"kind": "pong", "tiles": ["1m"] * 3}]}, "melds[0].kind", "not a meld kind"),
        ({"concealed": [], "melds": [{"kind": "pung", "tiles": ["1m"] * 2}]}, "melds[0].tiles", "has 3 tiles"),
        ({"concealed": [], "melds": [{"kind": "pung", "tiles": ["1m", "1m", "2m"]}]}, "melds[0].tiles", "identical"),
        ({"concealed": [], "melds": [{"kind": "chow", "tiles": ["1m", "2m", "4m"]}]}, "melds[0].tiles", "consecutive"),
        ({"concealed": [], "melds": [{"kind": "chow", "tiles": ["1z", "2z", "3z"]}]}, "melds[0].tiles", "one suit"),
        ({"concealed": [], "melds": [{"kind": "pung", "tiles": ["1m"] * 3, "fed_by": 7}]}, "melds[0].fed_by",
         "1 (East)"),
        ({"concealed": [], "melds": [{"kind": "pung", "tiles": ["1m"] * 3, "x": 1}]}, "melds[0].x", "unknown meld"),
        ({"concealed": [], "melds": [{"kind": "pung", "tiles": ["1m"] * 3, "kong_kind": "added"}]},
         "melds[0].kong_kind", "only a kong"),
        ({"concealed": [], "melds": [{"kind": "kong", "tiles": ["1m"] * 4, "kong_kind": "hidden"}]},
         "melds[0].kong_kind", "not one of"),
        ({"concealed": [], "melds": [{"kind": "kong", "tiles": ["1m"] * 4, "kong_kind": "concealed", "fed_by": 2}]},
         "melds[0].fed_by", "concealed kong"),
        ({"concealed": [], "winning_tile": "9z"}, "winning_tile", "not a playing tile"),
        ({"concealed": [], "self_drawn": "yes"}, "self_drawn", "true or false"),
        ({"concealed": [], "events": ["lucky"]}, "events[0]", "not an event"),
        ({"concealed": [], "events": "robbing_kong"}, "events", "list of event names"),
        ({"concealed": [], "seat": 0}, "seat", "out of range"),
        ({"concealed": [], "seat": True}, "seat", "seat 1-4"),
        ({"concealed": [], "round_wind": "5z"}, "round_wind", "not a wind"),
        ({"concealed": [], "discarder": "X"}, "discarder", "not a seat"),
        ({"concealed": [], "colour": "red"}, "colour", "unknown field"),
        ({"concealed": [], "version": 2}, "version", "version 1"),
        ([], "(document)", "JSON object"),
    ],
)  # fmt: skip
def test_malformed_field_is_named(obj, field: str, says: str) -> None:
    with pytest.raises(HandJSONError) as info:
        hand_from_json(obj)
    assert info.value.field == field
    assert says in str(info.value)


def test_invalid_json_text_says_where() -> None:
    with pytest.raises(HandJSONError, match="not valid JSON .* line 1"):
        hand_from_json('{"concealed": [')
