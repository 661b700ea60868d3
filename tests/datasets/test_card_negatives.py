"""``sikwu train --card-negatives``: playing cards of decks nobody measures become ``not-a-tile`` training crops; the
measured decks and their near copies never do (issue 14, item 5; datasets/card_negatives.py)."""

from __future__ import annotations

import gzip
from pathlib import Path

import numpy as np
import pytest
from sikwu.datasets import card_negatives, negatives, train, train_all

SHEET = """<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100">
  <g id="club_1"><rect x="0" y="0" width="60" height="84" fill="#ffffff"/></g>
  <g id="heart_king"><rect x="70" y="0" width="60" height="84" fill="#0000ff"/></g>
  <g id="black_joker"><rect x="140" y="0" width="60" height="84" fill="#ff0000"/></g>
  <g id="back"><rect x="210" y="0" width="60" height="84" fill="#00ff00"/></g>
</svg>"""


def _decks(folder: Path, names: tuple[str, ...] = card_negatives.TRAINING_DECKS) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        (folder / f"{name}.svgz").write_bytes(gzip.compress(SHEET.encode()))
    return folder


def test_no_measured_deck_nor_a_near_copy_of_one_is_trained_on() -> None:
    assert set(negatives.CARD_DECKS) <= set(card_negatives.KEPT_OUT)
    assert not set(card_negatives.TRAINING_DECKS) & set(card_negatives.KEPT_OUT)


def test_a_deck_gives_its_suit_cards_then_its_jokers_and_nothing_else() -> None:
    assert card_negatives.deck_cards({"heart_king", "back", "black_joker", "club_1", None}) == [
        "club_1", "heart_king", "black_joker",
    ]  # fmt: skip


def test_a_laid_card_is_a_square_crop_with_table_around_the_card() -> None:
    card = np.zeros((84, 60, 4), np.uint8)
    card[..., 2], card[..., 3] = 255, 255  # an opaque red card
    crop = card_negatives.lay_card(card, np.random.default_rng(0), 80, 0.15)
    assert crop.shape == (80, 80, 3) and crop.dtype == np.uint8
    assert tuple(crop[40, 40]) == (0, 0, 255)
    assert tuple(crop[0, 0]) != (0, 0, 255)  # the corner is table, not card


def test_the_same_seed_lays_the_same_crop() -> None:
    card = np.full((84, 60, 4), 255, np.uint8)
    a = card_negatives.lay_card(card, np.random.default_rng(3), 80, 0.15)
    b = card_negatives.lay_card(card, np.random.default_rng(3), 80, 0.15)
    assert np.array_equal(a, b)


def test_every_card_of_every_training_deck_is_drawn(tmp_path: Path) -> None:
    pytest.importorskip("cairosvg", reason="drawing the cards needs cairosvg (the train extra)")
    crops = card_negatives.training_cards(_decks(tmp_path), 80, 0)
    assert crops.shape == (3 * len(card_negatives.TRAINING_DECKS), 80, 80, 3)


def test_a_missing_deck_is_named_with_what_to_run(tmp_path: Path) -> None:
    _decks(tmp_path, card_negatives.TRAINING_DECKS[1:])
    with pytest.raises(card_negatives.CardsMissing, match=card_negatives.TRAINING_DECKS[0]) as err:
        card_negatives.fingerprints(tmp_path)
    assert "python -m sikwu.datasets.negatives" in str(err.value)


def test_card_decks_enter_the_data_version_only_when_used(tmp_path: Path) -> None:
    prints = card_negatives.fingerprints(_decks(tmp_path))
    base = train_all.data_version([], "gen")
    assert train_all.data_version([], "gen", None, {}) == base
    assert train_all.data_version([], "gen", None, prints) != base


def test_card_negatives_are_off_by_default() -> None:
    assert train_all.parse_args([]).card_negatives is False
    assert train_all.parse_args(["--card-negatives"]).card_negatives is True


def test_card_negatives_without_the_decks_are_refused_before_training(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(negatives, "cards_dir", lambda: tmp_path / "none")
    monkeypatch.setattr(train, "training_error", lambda threads, steps: None)
    assert train_all.main(["--card-negatives", "--only", "detector", "--out", str(tmp_path / "models")]) == 2
    assert "--card-negatives" in capsys.readouterr().err
    assert not (tmp_path / "models").exists()
