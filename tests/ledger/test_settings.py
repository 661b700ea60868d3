"""Game rules per profile are data (ledger/rules/*.toml), checked on load, frozen into the game with the profile."""

from __future__ import annotations

from pathlib import Path

import pytest
from ledger_helpers import HALF_FLUSH, PLAYERS, hand
from sikwu.ledger import service
from sikwu.ledger.errors import GameRulesError
from sikwu.ledger.settings import builtin_rules_for, load_rules_file


def test_each_builtin_profile_finds_its_game_rules_by_the_files_profile_list():
    assert builtin_rules_for("sparrows-nest").repeat_on_win is False
    assert builtin_rules_for("old-style-v2").simultaneous_mode == "nearest_takes"
    assert builtin_rules_for("house", extends="old-style-v3").name == "old-style"
    assert builtin_rules_for("new-style").name == "default"


def test_settings_a_document_is_silent_on_say_so():
    # hk-rule-sheet-new-style.md has no dealer, round or draw rules: every game setting is a stated default
    notes = builtin_rules_for("new-style").notes
    assert "not in the rule document" in notes["dealer.repeat_on_win"]
    assert "dealer.repeat_on_draw" in builtin_rules_for("sparrows-nest").notes


def test_a_house_rules_file_extends_a_builtin_one(tmp_path: Path):
    path = tmp_path / "house.toml"
    path.write_text('[meta]\nextends = "sparrows-nest"\n[game]\nrounds = 1\n', encoding="utf-8")
    rules = load_rules_file(path)
    assert rules.rounds == 1 and rules.repeat_on_win is False


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('[meta]\nextends = "sparrows-nest"\n[game]\nrounds = 5\n', "game.rounds"),
        ('[meta]\nextends = "sparrows-nest"\n[dealer]\nrepeat_on_win = "yes"\n', "dealer.repeat_on_win"),
        ('[meta]\nextends = "sparrows-nest"\n[dealer]\nrepeats = true\n', "dealer.repeats"),
        ('[meta]\nextends = "nowhere"\n', "meta.extends"),
        ("[dealer]\nrepeat_on_win = true\n", "dealer.repeat_on_draw"),
    ],
)
def test_a_bad_rules_file_names_the_key_to_fix(tmp_path: Path, text: str, key: str):
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GameRulesError, match=f"key '{key}'"):
        load_rules_file(path)


def test_editing_the_house_profile_file_later_does_not_change_the_game(tmp_path: Path, url: str):
    house = tmp_path / "house.toml"
    house.write_text('[meta]\nname = "house"\ndescription = "ours"\nextends = "sparrows-nest"\n', encoding="utf-8")
    game = service.new_game(PLAYERS, str(house), url=url)
    first = service.add_win(game.id, hand(HALF_FLUSH), winner="Bob", discarder="Ann", url=url)
    house.write_text(house.read_text() + "[rules]\nminimum_faan = 8\ncap_faan = 10\n", encoding="utf-8")
    again = service.add_win(game.id, hand(HALF_FLUSH), winner="Cat", discarder="Ann", url=url)  # still legal
    assert again.hands[0].result == first.hands[0].result and len(again.hands) == 2
