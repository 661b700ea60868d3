"""A broken settlement section in a house-rule file fails on load with the file, the key and what to do."""

from __future__ import annotations

from pathlib import Path

import pytest
from sikwu.scoring.errors import ProfileError
from sikwu.scoring.payment_rules import PaymentRules
from sikwu.scoring.payments import rules_of
from sikwu.scoring.profile import load_profile


def house(tmp_path: Path, body: str, name: str = "house.toml") -> Path:
    path = tmp_path / name
    path.write_text('[meta]\nname = "house"\ndescription = "test"\nextends = "sparrows-nest"\n' + body)
    return path


def load_error(path: Path) -> ProfileError:
    with pytest.raises(ProfileError) as info:
        load_profile(path)
    return info.value


def test_house_rule_can_override_one_payment_key(tmp_path: Path) -> None:
    prof = load_profile(house(tmp_path, "[payment]\nothers_on_discard = 1\n"))
    assert prof.payment.scheme.others_on_discard == 1
    assert prof.payment.scheme.discarder == 2  # inherited


def test_unknown_payment_key_names_file_and_key(tmp_path: Path) -> None:
    err = load_error(house(tmp_path, "[payment]\ndiscarder_pays = 2\n"))
    assert err.key == "payment.discarder_pays"
    assert "house.toml" in err.path
    assert "unknown key" in str(err) and "allowed keys" in str(err)


def test_wrong_type_in_points_table_is_named(tmp_path: Path) -> None:
    err = load_error(house(tmp_path, '[points.table]\n"5" = "twelve"\n'))
    assert err.key == "points.table.5"
    assert "whole number" in str(err)


def test_house_points_rows_merge_row_by_row(tmp_path: Path) -> None:
    """Deep merge: a house file that lists one row changes that row and keeps the rest."""
    prof = load_profile(house(tmp_path, '[points.table]\n"10" = 80\n'))
    assert prof.payment.points.points(10) == 80 and prof.payment.points.points(9) == 48


@pytest.mark.parametrize(
    ("rows", "key", "problem"),
    [
        ({"3": 4, "5": 12, "6+": 16}, "points.table.5", "gap"),
        ({"3": 4, "3-5": 12, "6+": 16}, "points.table.3-5", "overlaps"),
        ({"3+": 4, "5": 12}, "points.table.3+", "must be the last row"),
        ({"3": 8, "4+": 4}, "points.table.4+", "must not fall"),
        ({"three": 8}, "points.table.three", "row key"),
        ({"6-4": 8}, "points.table.6-4", "backwards"),
    ],
)
def test_points_table_shape_errors(rows: dict, key: str, problem: str) -> None:
    raw = {"points": {"table": rows}, "payment": {"discarder": 2, "others_on_discard": 0, "self_draw_each": 1}}
    with pytest.raises(ProfileError) as info:
        PaymentRules.from_table(raw, "house.toml")
    assert info.value.key == key and problem in str(info.value) and info.value.path == "house.toml"


def test_points_table_must_reach_the_cap(tmp_path: Path) -> None:
    err = load_error(house(tmp_path, "[rules]\ncap_faan = 13\n"))
    assert err.key == "points.table" and '"11+"' in str(err)


def test_points_table_must_cover_the_minimum(tmp_path: Path) -> None:
    body = "[rules]\nminimum_faan = 1\n"
    err = load_error(house(tmp_path, body))
    assert "no row for 1 faan" in str(err)


def test_points_formula_replaces_the_table(tmp_path: Path) -> None:
    body = '[points]\ntable = {}\nformula = "half_spicy"\n'
    err = load_error(house(tmp_path, body))
    assert err.key == "points"  # both given (the inherited table is merged in)


def test_unknown_liability_trigger(tmp_path: Path) -> None:
    err = load_error(house(tmp_path, '[liability.mine]\ntrigger = "bad_luck"\n'))
    assert err.key == "liability.mine.trigger" and "fourth_meld" in str(err)


def test_liability_outcome_must_be_known(tmp_path: Path) -> None:
    err = load_error(house(tmp_path, '[liability.twelve_tile]\nself_drawn = "everyone"\n'))
    assert err.key == "liability.twelve_tile.self_drawn"


def test_liability_rule_can_be_switched_off(tmp_path: Path) -> None:
    prof = load_profile(house(tmp_path, "[liability.twelve_tile]\nenabled = false\n"))
    assert "twelve_tile" not in [r.name for r in prof.payment.liability]


def test_negative_multiplier_rejected(tmp_path: Path) -> None:
    err = load_error(house(tmp_path, "[payment]\nself_draw_each = -1\n"))
    assert err.key == "payment.self_draw_each" and "negative" in str(err)


def test_bad_false_mahjong_kind(tmp_path: Path) -> None:
    err = load_error(house(tmp_path, '[penalties.false_mahjong]\nkind = "jail"\n'))
    assert err.key == "penalties.false_mahjong.kind"


def test_draw_pot_must_be_a_whole_number(tmp_path: Path) -> None:
    err = load_error(house(tmp_path, "[draw]\npot_per_player = 2.5\n"))
    assert err.key == "draw.pot_per_player"


def test_extends_cycle_is_reported(tmp_path: Path) -> None:
    a = tmp_path / "a.toml"
    b = tmp_path / "b.toml"
    a.write_text('[meta]\nname = "a"\ndescription = "a"\nextends = "b.toml"\n')
    b.write_text('[meta]\nname = "b"\ndescription = "b"\nextends = "a.toml"\n')
    err = load_error(a)
    assert err.key == "meta.extends" and "cycle" in str(err)


def test_missing_payment_table_without_extends(tmp_path: Path) -> None:
    """A stand-alone profile must say how a win is paid: scoring faan works, settling names the missing table."""
    src = Path(load_profile("sparrows-nest").path).read_text()
    path = tmp_path / "bare.toml"
    path.write_text(src.split("# ---- settlement")[0])
    with pytest.raises(ProfileError) as info:
        rules_of(load_profile(path))
    assert info.value.key == "points" and "missing table [points]" in str(info.value)


README_HOUSE = """
[meta]
name = "our-table"
description = "Sparrow's Nest with half-spicy payments from the non-discarders"
extends = "sparrows-nest"

[payment]
others_on_discard = 1
describe = "discarder pays 2x, the other two 1x; self-draw: each pays 1x"

[points.table]
"10" = 80

[liability.twelve_tile]
enabled = false
"""


def test_readme_house_rule_example_loads_and_changes_only_what_it_says(tmp_path: Path) -> None:
    """The example in readme-scoring-settlement.md: extends + overrides, merged table by table."""
    path = tmp_path / "our-table.toml"
    path.write_text(README_HOUSE)
    prof = load_profile(path)
    rules = prof.payment
    assert (rules.scheme.discarder, rules.scheme.others_on_discard, rules.scheme.self_draw_each) == (2, 1, 1)
    assert rules.points.points(10) == 80 and rules.points.points(9) == 48
    assert [r.name for r in rules.liability] == ["big_three_dragons", "kong_self_draw"]
    assert prof.minimum_faan == 3 and prof.cap_faan == 10
