"""The classifier's training crops teach apart what it confused on held-out scenes (``datasets/confusable_crops.py``,
``prepare.contrast_parts``): pale backs are ``back``, not a blank white dragon, and bare table of every kind the
scene generator draws is ``not-a-tile``, not a back. Faces are flat cards, so these run without ``../shared``."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from sikwu.datasets import confusable_crops, prepare, synth
from sikwu.datasets.scenes import tables
from sikwu.scoring.tiles import TILE_IDS

SIZE = 80


@pytest.fixture()
def cards(monkeypatch, tmp_path: Path) -> None:
    """Flat faces instead of the art sets, and a cache of the test's own."""
    faces = {t: [np.full((128, 96, 3), 90 + 3 * i, np.uint8)] for i, t in enumerate(TILE_IDS)}
    monkeypatch.setattr(synth, "all_faces", lambda: faces)
    monkeypatch.setattr(prepare, "cache_dir", lambda: tmp_path)


def test_table_crops_come_from_every_table_kind_the_scenes_draw() -> None:
    x, y, kinds = confusable_crops.table_crops(3, SIZE, seed=0)
    assert x.shape == (3 * len(tables.KINDS), SIZE, SIZE, 3) and x.dtype == np.uint8
    assert set(y) == {"not-a-tile"}
    assert {k: kinds.count(k) for k in set(kinds)} == dict.fromkeys(tables.KINDS, 3)


def test_pale_back_crops_are_labelled_back(cards) -> None:
    x, y = confusable_crops.pale_back_crops(3, SIZE, seed=0)
    assert x.shape == (3, SIZE, SIZE, 3) and y == ["back"] * 3


def test_a_back_crop_shows_the_back_colour_it_is_given(cards) -> None:
    """A strong blue back (BGR) stays bluer than red in the middle of its crop, whatever the light."""
    for seed in range(5):
        crop = synth.render_scene(
            synth.all_faces(), "back", np.random.default_rng(seed), SIZE, back=np.array([210, 60, 40])
        )
        middle = crop[SIZE // 3 : 2 * SIZE // 3, SIZE // 3 : 2 * SIZE // 3].reshape(-1, 3).mean(axis=0)
        assert middle[0] > middle[2] + 40, (seed, middle)


def test_the_same_seed_gives_the_same_crops(cards) -> None:
    a, _, _ = confusable_crops.table_crops(1, SIZE, seed=4)
    b, _, _ = confusable_crops.table_crops(1, SIZE, seed=4)
    assert np.array_equal(a, b)
    assert np.array_equal(
        confusable_crops.pale_back_crops(2, SIZE, 4)[0], confusable_crops.pale_back_crops(2, SIZE, 4)[0]
    )


def test_contrast_parts_hold_blank_faces_pale_backs_and_table_negatives(cards) -> None:
    parts = prepare.contrast_parts(0, pale_backs=4, tables_per_kind=2)
    assert set(parts) == {"synthetic blank 5z", "synthetic pale backs", "table-texture negatives"}
    assert parts["synthetic blank 5z"][1] == ["5z"] * prepare.BLANK_WHITE_DRAGONS
    assert parts["synthetic pale backs"][1] == ["back"] * 4
    negatives = parts["table-texture negatives"][1]
    assert set(negatives) == {"not-a-tile"} and len(negatives) <= 2 * len(tables.KINDS)


def test_the_training_set_holds_pale_backs_and_table_negatives_with_their_counts(cards, monkeypatch) -> None:
    """``training_set`` adds the contrast crops beside the photos and renders, and reports how many of each."""
    one = (np.zeros((1, SIZE, SIZE, 3), np.uint8), ["1m"])
    monkeypatch.setattr(prepare, "hk_train", lambda seed: one)
    monkeypatch.setattr(prepare, "tile_crops_train", lambda seed: one)
    monkeypatch.setattr(prepare, "synthetic", lambda seed, per_class: one)
    original = prepare.contrast_parts
    monkeypatch.setattr(prepare, "contrast_parts", lambda seed: original(seed, pale_backs=5, tables_per_kind=2))
    x, y, sizes = prepare.training_set(0)
    assert sizes["synthetic pale backs"] == 5
    assert 0 < sizes["table-texture negatives"] <= 2 * len(tables.KINDS)
    assert (
        len(x)
        == len(y)
        == sum(v * (prepare.TILE_CROPS_REPEAT if k == "tile-crops/train" else 1) for k, v in sizes.items())
    )


def test_a_training_run_draws_hundreds_of_each() -> None:
    """The counts a ``sikwu train`` run adds (the classifier's steps do not change with them)."""
    assert prepare.PALE_BACKS >= 300 and prepare.TABLE_CROPS_PER_KIND * len(tables.KINDS) >= 500
