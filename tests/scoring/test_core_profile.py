"""Rule profiles: the built-ins load, differ where the documents differ, and bad files fail with file + key."""

from __future__ import annotations

from pathlib import Path

import pytest
from core_helpers import faan_of, keys, make_hand, score
from sikwu.scoring import ProfileError, builtin_profiles, load_profile, score_hand
from sikwu.scoring.profile import PROFILE_DIR, parse_value

BUILTINS = ["new-style", "old-style-cheat-sheet", "old-style-v1", "old-style-v2", "old-style-v3", "sparrows-nest"]
FULL_FLUSH = "123m 456m 789m 222m 55m"


def test_six_builtin_profiles_with_descriptions():
    profiles = builtin_profiles()
    assert sorted(profiles) == BUILTINS
    assert all(d and "\n" not in d for d in profiles.values())


@pytest.mark.parametrize("name", BUILTINS)
def test_builtin_profile_loads_and_names_its_source(name):
    p = load_profile(name)
    assert p.name == name and p.raw["meta"]["source"] and p.raw["meta"]["section"]
    assert (PROFILE_DIR / f"{name}.toml").read_text().count("# ---- settlement (points, payment") == 1


@pytest.mark.parametrize(
    ("name", "minimum", "cap"),
    [
        ("sparrows-nest", 3, 10),  # Game Setup: "3 faan minimum, 10 faan cap"
        ("old-style-cheat-sheet", 3, 13),  # faan-to-points table tops at 13+
        ("old-style-v1", 3, 10),  # fan-laak table tops at 10+
        ("old-style-v2", 3, 10),  # 4-7-10 table tops at 10+
        ("old-style-v3", 3, 12),  # table runs to 12
        ("new-style", 3, 13),  # 13-fan limit hands, table 13+
    ],
)
def test_minimum_and_cap(name, minimum, cap):
    p = load_profile(name)
    assert (p.minimum_faan, p.cap_faan) == (minimum, cap)


@pytest.mark.parametrize(
    ("name", "faan"),
    [
        ("sparrows-nest", 7),  # Full Flush 7
        ("old-style-cheat-sheet", 6),  # Full Flush 6 (5), closed
        ("old-style-v1", 6),
        ("old-style-v2", 4),
        ("old-style-v3", 6),
        ("new-style", 7),  # 清一色 7
    ],
)
def test_full_flush_is_worth_what_each_document_says(name, faan):
    assert faan_of(score(name, FULL_FLUSH), "full_flush") == faan


@pytest.mark.parametrize(
    ("name", "faan"),
    [
        ("sparrows-nest", 10),
        ("old-style-cheat-sheet", 13),
        ("old-style-v1", 10),
        ("old-style-v2", 10),
        ("old-style-v3", 12),
        ("new-style", 13),
    ],
)
def test_big_four_winds_is_the_limit_everywhere(name, faan):
    s = score(name, "111z 222z 333z 444z 55p", self_drawn=True)
    assert s.faan == faan


@pytest.mark.parametrize(
    ("text", "cap", "parsed"),
    [
        (3, 10, (3, 3, False, False)),
        ("2 (1)", 10, (2, 1, False, False)),
        ("3 (-)", 10, (3, None, False, False)),
        ("max", 13, (13, 13, True, True)),
        ("max (2)", 13, (13, 2, True, False)),
        ("max-1", 12, (11, 11, True, True)),
    ],
)
def test_value_notation_of_the_cheat_sheet(text, cap, parsed):
    """hk-old-style-cheat-sheet.html Score Table, Notes: "2 (1)", "2 (-)", "max"."""
    assert parse_value(text, cap) == parsed


def write(tmp_path: Path, body: str, name: str = "house.toml") -> Path:
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    return path


def test_house_file_extends_a_builtin_and_overrides_one_value(tmp_path):
    path = write(
        tmp_path,
        '[meta]\nname = "house"\ndescription = "d"\nextends = "sparrows-nest"\n'
        "[rules]\nminimum_faan = 4\n[patterns.full_flush]\nvalue = 8\n",
    )
    p = load_profile(path)
    assert p.name == "house" and p.minimum_faan == 4 and p.cap_faan == 10
    assert p.patterns["full_flush"].closed == 8 and p.patterns["half_flush"].closed == 3
    assert faan_of(score_with(p), "full_flush") == 8


def score_with(profile):
    return score_hand(make_hand(FULL_FLUSH), profile)


def test_house_file_can_enable_an_optional_pattern(tmp_path):
    """hk-rule-sheet-new-style.md Seven Pairs: "Only played in certain variants" -- off until a house file says so."""
    path = write(
        tmp_path,
        '[meta]\nname = "h"\ndescription = "d"\nextends = "new-style"\n[patterns.seven_pairs]\nenabled = true\n',
    )
    assert "seven_pairs" in load_profile(path).patterns
    assert "seven_pairs" not in load_profile("new-style").patterns


@pytest.mark.parametrize(
    ("body", "key", "problem"),
    [
        (
            '[meta]\nname="x"\ndescription="d"\nextends="sparrows-nest"\n[patterns.full_flush]\nvalue=-1\n',
            "patterns.full_flush.value",
            "negative",
        ),
        (
            '[meta]\nname="x"\ndescription="d"\nextends="sparrows-nest"\n[patterns.moon_walk]\nvalue=1\n',
            "patterns.moon_walk",
            "unknown pattern",
        ),
        (
            '[meta]\nname="x"\ndescription="d"\nextends="sparrows-nest"\n[patterns.full_flush]\nvalue=1\ncolour=1\n',
            "patterns.full_flush.colour",
            "unknown key",
        ),
        (
            '[meta]\nname="x"\ndescription="d"\nextends="sparrows-nest"\n[rules]\nminimum_faan="3"\n',
            "rules.minimum_faan",
            "expected int",
        ),
        (
            '[meta]\nname="x"\ndescription="d"\nextends="sparrows-nest"\n[patterns.full_flush]\nvalue="lots"\n',
            "patterns.full_flush.value",
            "cannot read value",
        ),
        ('[meta]\nname="x"\ndescription="d"\n[rules]\nminimum_faan=3\ncap_faan=10\n', "patterns", "missing"),
        ('[meta]\nname="x"\ndescription="d"\nextends="sparrows-nest"\n[bogus]\nx=1\n', "bogus", "unknown table"),
        (
            '[meta]\nname="x"\ndescription="d"\nname_zh="House rules"\nextends="sparrows-nest"\n',
            "meta.name_zh",
            "no Chinese character",
        ),
        (
            '[meta]\nname="x"\ndescription="d"\nextends="sparrows-nest"\n[patterns.all_chows]\nincludes=["nope"]\n',
            "patterns.all_chows.includes",
            "unknown pattern",
        ),
    ],
)
def test_bad_profile_names_file_key_and_problem(tmp_path, body, key, problem):
    path = write(tmp_path, body)
    with pytest.raises(ProfileError) as info:
        load_profile(path)
    assert info.value.key == key and problem in str(info.value) and str(path) in str(info.value)


def test_replaces_is_the_same_relation_as_includes(tmp_path):
    """hk-rule-sheet-new-style.md How to Use: "Indented features replace the parent feature"."""
    path = write(
        tmp_path,
        '[meta]\nname="h"\ndescription="d"\nextends="old-style-v1"\n[patterns.full_flush]\nreplaces=["no_flowers"]\n',
    )
    assert "no_flowers" in keys(score_hand(make_hand(FULL_FLUSH), "old-style-v1"))
    assert "no_flowers" not in keys(score_hand(make_hand(FULL_FLUSH), load_profile(path)))


def test_extends_cycle_is_reported(tmp_path):
    write(tmp_path, '[meta]\nname="a"\ndescription="d"\nextends="b.toml"\n', "a.toml")
    write(tmp_path, '[meta]\nname="b"\ndescription="d"\nextends="a.toml"\n', "b.toml")
    with pytest.raises(ProfileError, match="extends cycle"):
        load_profile(tmp_path / "a.toml")


def test_unknown_profile_name_lists_the_builtins():
    with pytest.raises(ProfileError, match="sparrows-nest"):
        load_profile("no-such-rules")


def test_invalid_toml_is_a_profile_error(tmp_path):
    with pytest.raises(ProfileError, match="not valid TOML"):
        load_profile(write(tmp_path, "[meta\nname="))


@pytest.mark.parametrize("name", BUILTINS)
def test_every_builtin_profile_has_a_chinese_name_and_description(name):
    """The page shows a table its rules in 繁體中文 from the profile file itself ([meta] name_zh, description_zh)."""
    profile = load_profile(name)
    assert profile.name_zh and profile.description_zh


def test_a_renamed_house_file_does_not_borrow_its_parents_chinese_name(tmp_path):
    path = write(tmp_path, '[meta]\nname="house"\ndescription="our table"\nextends="sparrows-nest"\n')
    profile = load_profile(path)
    assert (profile.name_zh, profile.description_zh) == ("", "")


def test_a_house_file_may_name_itself_in_chinese(tmp_path):
    body = '[meta]\nname="house"\ndescription="d"\nname_zh="屋企規矩"\nextends="sparrows-nest"\n'
    assert load_profile(write(tmp_path, body)).name_zh == "屋企規矩"
