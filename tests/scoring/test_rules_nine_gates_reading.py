"""Nine Gates is read per profile: HK Old Style variants 1 and 2 want the hand *waiting* on 1112345678999;
Sparrow's Nest and New Style count the 14-tile set, whichever tile came last (issue 16, item 6)."""

from __future__ import annotations

from pathlib import Path

import pytest
from core_helpers import faan_of, keys, score
from sikwu.scoring import ProfileError, load_profile

#: 1123455678999p before the winning 1p: the 14 tiles are 1112345678999p + 5p, but the hand did not wait on them.
NOT_WAITING = "11123455678999p"


@pytest.mark.parametrize("profile", ["old-style-v1", "old-style-v2"])
def test_old_style_nine_gates_needs_the_hand_waiting_on_1112345678999(profile: str) -> None:
    """mahjong-basics-and-hk-old-style-scoring.md, Scoring Table, Variant 1 and Variant 2, Limit "Nine Gates":
    "Concealed hand of 1112345678999 in one suit and winning on any tile of the same suit".  1123455678999p won on
    1p never waited on 1112345678999, so it is a Full Flush, not Nine Gates."""
    s = score(profile, NOT_WAITING, win="1p")
    assert "nine_gates" not in keys(s) and s.best.shape == "standard"
    assert faan_of(s, "full_flush") > 0 and not s.limit_hand


@pytest.mark.parametrize("profile", ["old-style-v1", "old-style-v2"])
@pytest.mark.parametrize("winning", [f"{rank}p" for rank in range(1, 10)])
def test_old_style_nine_gates_wins_on_any_tile_of_the_suit(profile: str, winning: str) -> None:
    """mahjong-basics-and-hk-old-style-scoring.md, Variant 1 and Variant 2, Limit "Nine Gates": "winning on any
    tile of the same suit" -- a concealed 1112345678999p waiting hand is Nine Gates on each of 1p-9p."""
    s = score(profile, "1112345678999p " + winning, win=winning, self_drawn=True)
    assert "nine_gates" in keys(s) and s.limit_hand


def test_sparrows_nest_reads_nine_gates_as_the_fourteen_tiles() -> None:
    """sparrows-nest-hk-league-rules.md, Scoring Conditions, Nine Gates: "all tiles are from a single suit with the
    tiles numbered 1112345678999 and one more tile from that suit" -- the set, whatever tile came last."""
    s = score("sparrows-nest", NOT_WAITING, win="1p")
    assert faan_of(s, "nine_gates") == 10


def test_new_style_reads_nine_gates_as_the_fourteen_tiles() -> None:
    """hk-rule-sheet-new-style.md, Special Hands: "Nine Gates 九蓮寶燈 111 2345678 999 of a single suit, plus a
    14th tile of the same suit"."""
    s = score("new-style", NOT_WAITING, win="1p")
    assert faan_of(s, "nine_gates") == 13


def test_the_reading_is_profile_data() -> None:
    """The difference is a setting in the profile files, not a rule keyed on a profile's name."""
    assert load_profile("old-style-v1").patterns["nine_gates"].options["waiting_hand"] is True
    assert load_profile("sparrows-nest").patterns["nine_gates"].options["waiting_hand"] is False


def test_a_house_file_can_choose_the_waiting_reading(tmp_path: Path) -> None:
    """A house rule on top of Sparrow's Nest that adopts the Old Style wording: the same hand is no Nine Gates."""
    house = tmp_path / "house.toml"
    house.write_text(
        "[meta]\nname = 'house'\ndescription = 'waiting Nine Gates'\nextends = 'sparrows-nest'\n"
        "[patterns.nine_gates]\nwaiting_hand = true\n",
        encoding="utf-8",
    )
    s = score(str(house), NOT_WAITING, win="1p")
    assert "nine_gates" not in keys(s) and faan_of(s, "full_flush") == 7


def test_the_waiting_setting_is_checked_on_load(tmp_path: Path) -> None:
    """Configuration is validated on load: a setting that is not true/false names the key."""
    house = tmp_path / "house.toml"
    house.write_text(
        "[meta]\nname = 'house'\ndescription = 'x'\nextends = 'sparrows-nest'\n"
        "[patterns.nine_gates]\nwaiting_hand = 'yes'\n",
        encoding="utf-8",
    )
    with pytest.raises(ProfileError, match=r"patterns\.nine_gates\.waiting_hand"):
        load_profile(house)
