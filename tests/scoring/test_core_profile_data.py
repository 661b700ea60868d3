"""A profile rebuilt from data in memory (``profile_from_mapping``): what a stored game keeps and scores with."""

from __future__ import annotations

import copy
from types import MappingProxyType
from typing import Any

import pytest
from sikwu.scoring import ProfileError, load_profile, profile_from_mapping

NOT_A_TABLE: Any = ["meta", "rules"]


def test_profile_from_its_own_data_is_the_same_profile():
    loaded = load_profile("sparrows-nest")
    rebuilt = profile_from_mapping(loaded.raw, "game 1")
    assert (rebuilt.name, rebuilt.minimum_faan, rebuilt.cap_faan) == (loaded.name, loaded.minimum_faan, loaded.cap_faan)
    assert rebuilt.patterns == loaded.patterns
    assert rebuilt.payment is not None and loaded.payment is not None
    assert rebuilt.payment.describe() == loaded.payment.describe()


def test_house_data_keeps_its_values_without_following_extends(tmp_path):
    """A house file's merged data is complete: rebuilding it does not read the built-in it once extended."""
    path = tmp_path / "house.toml"
    path.write_text('[meta]\nname="house"\ndescription="d"\nextends="sparrows-nest"\n[patterns.full_flush]\nvalue=8\n')
    raw = copy.deepcopy(dict(load_profile(path).raw))
    path.unlink()
    rebuilt = profile_from_mapping(raw)
    assert rebuilt.name == "house" and rebuilt.patterns["full_flush"].closed == 8
    assert rebuilt.patterns["half_flush"].closed == 3


def test_read_only_mappings_are_accepted():
    raw = load_profile("new-style").raw
    frozen = MappingProxyType({k: MappingProxyType(dict(v)) for k, v in raw.items()})
    assert profile_from_mapping(frozen).patterns == load_profile("new-style").patterns


def test_bad_data_names_where_the_key_and_the_problem():
    raw = copy.deepcopy(dict(load_profile("sparrows-nest").raw))
    raw["rules"]["minimum_faan"] = "three"
    with pytest.raises(ProfileError) as info:
        profile_from_mapping(raw, "game 7's profile")
    assert info.value.key == "rules.minimum_faan" and "game 7's profile" in str(info.value)
    assert "expected int" in str(info.value)


def test_data_that_is_not_a_table_is_refused():
    with pytest.raises(ProfileError, match="must be a table"):
        profile_from_mapping(NOT_A_TABLE)
