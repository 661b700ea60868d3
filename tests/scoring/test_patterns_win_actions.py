"""Win-action patterns: self-draw, replacement tiles, robbing a kong, last tile, concealed hand, first-turn wins.

Every case cites the rule document and section it encodes (``cite``); each pattern has a positive case and a
near miss.
"""

from __future__ import annotations

import pytest
from pattern_cases import CS, NS, OS, SN, C, check, params

CHOWS = "123m 456m 789p 123s 55z"
CASES = [
    C("self_drawn", True, "sparrows-nest", CHOWS, self_drawn=True, faan=1, cite=f"{SN} Scoring Conditions: Self Draw"),
    C("self_drawn", False, "sparrows-nest", CHOWS, cite=f"{SN} Self Draw: winning tile drawn by the player"),
    C("self_drawn", False, "old-style-cheat-sheet", "456m 789p 123s 55z", "chow 1m", self_drawn=True,
      cite=f"{CS} Faan from Winning Move: Normal draw from the wall 1 (-), closed only"),
    C("kong_replacement", True, "sparrows-nest", "123m 456m 789p 55z", "kong 9s", self_drawn=True,
      events=("kong_replacement",), faan=2, cite=f"{SN} Self Draw After Gong 2 faan"),
    C("self_drawn", False, "sparrows-nest", "123m 456m 789p 55z", "kong 9s", self_drawn=True,
      events=("kong_replacement",), cite=f"{SN} Self Draw After Gong: includes faan from Self Draw"),
    C("kong_replacement", False, "sparrows-nest", "123m 456m 789p 55z", "kong 9s", self_drawn=True,
      cite=f"{SN} Self Draw After Gong needs the replacement tile"),
    C("kong_replacement", True, "old-style-cheat-sheet", CHOWS, self_drawn=True, events=("flower_replacement",),
      faan=1, cite=f"{CS} Faan from Winning Move: Any draw from the dead wall"),
    C("kong_replacement", False, "sparrows-nest", CHOWS, self_drawn=True, events=("flower_replacement",),
      cite=f"{SN} Self Draw After Gong: only a gong's replacement"),
    C("kong_replacement", True, "new-style", "123m 456m 789p 55z", "kong 9s", self_drawn=True,
      events=("kong_replacement",), faan=2, cite=f"{NS} Win Actions: Win by Kong Replacement 槓上開花 2"),
    C("double_kong_replacement", True, "sparrows-nest", "123m 456m 55z", "kong 9s", "ckong 1z", self_drawn=True,
      events=("double_kong_replacement",), faan=8, cite=f"{SN} Self Draw After Consecutive Gong 8 faan"),
    C("double_kong_replacement", True, "new-style", "123m 456m 55z", "kong 9s", "ckong 1z", self_drawn=True,
      events=("double_kong_replacement",), faan=9, cite=f"{NS} Win Actions: Double Kong Replacement 槓上槓 9"),
    C("double_kong_replacement", True, "old-style-v2", "123m 456m 55z", "kong 9s", "ckong 1z", self_drawn=True,
      events=("double_kong_replacement",), faan=4, cite=f"{OS} Variant 2: Kong on Kong 4 Fan"),
    C("kong_replacement", False, "old-style-v2", "123m 456m 55z", "kong 9s", "ckong 1z", self_drawn=True,
      events=("double_kong_replacement",), cite=f"{OS} Variant 2: Kong on Kong replaces Out on Replacement"),
    C("double_kong_replacement", False, "sparrows-nest", "123m 456m 55z", "kong 9s", "ckong 1z", self_drawn=True,
      events=("kong_replacement",), cite=f"{SN} Consecutive Gong needs a second gong"),
    C("robbing_kong", True, "sparrows-nest", CHOWS, events=("robbing_kong",), faan=1, cite=f"{SN} Robbing Gong"),
    C("robbing_kong", False, "sparrows-nest", CHOWS, cite=f"{SN} Robbing Gong: only on a tile added to a pung"),
    C("last_tile_draw", True, "sparrows-nest", CHOWS, self_drawn=True, events=("last_tile_wall",), faan=1,
      cite=f"{SN} Last Tile: winning off the last draw"),
    C("last_tile_draw", False, "sparrows-nest", "123m 456m 789p 55z", "kong 9s", self_drawn=True,
      events=("last_tile_wall", "kong_replacement"), cite=f"{SN} Last Tile: not scored on a replacement for a Gong"),
    C("last_tile_draw", True, "old-style-v3", CHOWS, self_drawn=True, events=("last_tile_wall",), faan=2,
      cite=f"{OS} Variant 3: Last Tile Win (Hoi Day) 2"),
    C("last_tile_discard", True, "sparrows-nest", CHOWS, events=("last_discard",), faan=1,
      cite=f"{SN} Last Tile: or last discard"),
    C("last_tile_discard", False, "sparrows-nest", CHOWS, cite=f"{SN} Last Tile"),
    C("moon_from_the_bottom_of_the_sea", True, "old-style-v3", "123m 456m 789s 55s 1p2p3p", win="1p",
      self_drawn=True, events=("last_tile_wall",), faan=3, cite=f"{OS} Variant 3: Moon from the Bottom of the Sea"),
    C("last_tile_draw", False, "old-style-v3", "123m 456m 789s 55s 1p2p3p", win="1p", self_drawn=True,
      events=("last_tile_wall",), cite=f"{OS} Variant 3: the Moon replaces the plain last-tile win"),
    C("moon_from_the_bottom_of_the_sea", False, "old-style-v3", "123m 456m 789s 55s 1p2p3p", win="3p",
      self_drawn=True, events=("last_tile_wall",), cite=f"{OS} Variant 3: the tile must be 1 dot"),
    C("plum_blossom_on_the_roof", True, "old-style-v3", "123m 789m 456p 55s", "kong 9s", win="5p", self_drawn=True,
      events=("kong_replacement",), faan=3, cite=f"{OS} Variant 3: Plum Blossom on the Roof"),
    C("plum_blossom_on_the_roof", False, "old-style-v3", "123m 789m 345p 55s", "kong 9s", win="5p",
      self_drawn=True, events=("kong_replacement",), cite=f"{OS} Variant 3: 5 dots in a 4-5-6 chow"),
    C("concealed_hand", True, "sparrows-nest", CHOWS, faan=1, cite=f"{SN} Closed Hand"),
    C("concealed_hand", False, "sparrows-nest", "456m 789p 123s 55z", "chow 1m",
      cite=f"{SN} Closed Hand: no Pung, Seong or Gong declared"),
    C("concealed_hand", False, "sparrows-nest", "123m 456m 789p 55z", "ckong 9s",
      cite=f"{SN} Closed Hand: cannot be scored with a closed gong"),
    C("concealed_hand", True, "new-style", "123m 456m 789p 55z", "ckong 9s",
      cite=f"{NS} Win Actions: Concealed Hand 門前清 (no tiles taken from other players)"),
    C("heavenly", True, "sparrows-nest", CHOWS, self_drawn=True, events=("heavenly",), faan=10,
      cite=f"{SN} Heavenly Hand 10 faan"),
    C("heavenly", False, "sparrows-nest", CHOWS, self_drawn=True, cite=f"{SN} Heavenly Hand: at the start only"),
    C("heavenly", False, "sparrows-nest", "123m 456m 789p 55z", "ckong 1s", self_drawn=True,
      events=("heavenly", "kong_replacement"), cite=f"{SN} Heavenly Hand: not after a Gong at the start"),
    C("heavenly", True, "new-style", "123m 456m 789p 55z", "ckong 1s", self_drawn=True,
      events=("heavenly", "kong_replacement"), faan=13, cite=f"{NS} Blessing of Heaven: the dealer's beginning hand"),
    C("heavenly", True, "old-style-cheat-sheet", CHOWS, self_drawn=True, events=("heavenly",), faan=13,
      cite=f"{CS} Faan from Winning Move: Win with your first draw, max"),
    C("earthly", True, "sparrows-nest", CHOWS, seat=2, events=("earthly",), faan=10,
      cite=f"{SN} Earthly Hand 10 faan"),
    C("earthly", False, "sparrows-nest", CHOWS, seat=2, discarder=1, cite=f"{SN} Earthly Hand: dealer's first discard"),
    C("human", True, "new-style", CHOWS, seat=3, self_drawn=True, events=("human",), faan=13,
      cite=f"{NS} Special Hands: Blessing of Man 人糊 13"),
    C("human", False, "new-style", CHOWS, seat=3, self_drawn=True, cite=f"{NS} Blessing of Man: first turn only"),
    C("human", True, "old-style-cheat-sheet", CHOWS, seat=3, self_drawn=True, events=("human",), faan=13,
      cite=f"{CS} Win with your first draw (also a non-dealer), max"),
]


@pytest.mark.parametrize("case", params(CASES))
def test_win_action_pattern(case):
    """The pattern is credited exactly when the cited document says so."""
    check(case)
