"""The engine's sentences for players are keyed messages (``scoring.messages``): the same English text as ever, plus
a stable key and parameters a front end translates by (the page's 繁體中文, ``app/engine_text.py``)."""

from __future__ import annotations

import pytest
from diff_hands import random_hands
from sikwu.scoring import Hand, ScoringError, parse_tiles, score_hand
from sikwu.scoring.message_texts import TEXTS
from sikwu.scoring.messages import Message, english_value, message_of, render
from sikwu.scoring.payments import false_mahjong, settle
from sikwu.scoring.profile import builtin_profiles, load_profile


def _keyed(value: object) -> bool:
    return isinstance(value, Message) and value.key in TEXTS


def test_a_reason_is_its_english_text_with_a_key_and_parameters():
    hand = Hand(parse_tiles("123m 456m 789m 111z 55m"), winning_tile="5m", self_drawn=True, seat=2)
    hit = next(h for h in score_hand(hand, "sparrows-nest").best.patterns if h.key == "half_flush")
    assert hit.reason == "only characters and honours"
    assert (hit.reason.key, dict(hit.reason.params)) == ("reason.half_flush", {"suit": "m"})


def test_a_message_renders_its_template_in_english():
    reason = TEXTS["reason.dragon_pung"]
    assert render(reason, {"kind": "pung", "tile": "7z", "tiles": "7z 7z 7z"}, english_value) == (
        "pung of Red dragon (7z 7z 7z)"
    )


def test_a_notation_error_carries_its_message():
    with pytest.raises(ScoringError) as caught:
        parse_tiles("123m 45x")
    message = message_of(caught.value)
    assert message is not None and message.key == "notation.cannot_read" and message.params["position"] == 5


@pytest.mark.parametrize("name", sorted(builtin_profiles()))
def test_every_reason_note_and_payment_line_is_keyed(name):
    """Over 300 seeded random hands: nothing the engine writes for players escapes translation."""
    profile = load_profile(name)
    for hand in random_hands(300, 20261125):
        try:
            score = score_hand(hand, profile)
        except ScoringError:  # a broken hand: its error is checked elsewhere
            continue
        settlement = settle(score, profile)
        sentences = [h.reason for h in score.best.patterns] + [*score.notes, *settlement.lines, settlement.table_row]
        unkeyed = [s for s in sentences if not _keyed(s)]
        assert not unkeyed, unkeyed


@pytest.mark.parametrize("name", sorted(builtin_profiles()))
def test_a_false_win_penalty_is_keyed(name):
    penalty = false_mahjong(2, name)
    assert all(_keyed(line) for line in [*penalty.lines, penalty.table_row])


def test_a_profile_error_is_keyed_and_names_file_key_and_problem(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text('[meta]\nname="h"\ndescription="d"\nextends="sparrows-nest"\n[rules]\nminimum_faan=-1\n')
    with pytest.raises(ScoringError) as caught:
        load_profile(path)
    message = message_of(caught.value)
    assert message is not None and message.key == "profile.where_key"
    assert message.params["key"] == "rules.minimum_faan" and message.params["problem"].key == "profile.minimum"
    assert str(caught.value) == f"{path}: key 'rules.minimum_faan': must be 0 or more (got -1)"
