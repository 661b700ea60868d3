"""Training helpers that run without torch: augmentation output and the metadata contract of the export."""

from __future__ import annotations

import json

import numpy as np
import pytest
from sikwu.datasets import evaluate, train
from sikwu.vision.labels import CLASS_LABELS


def test_augment_gives_normalised_nchw_float_batch() -> None:
    batch = np.random.default_rng(0).integers(0, 255, (5, 80, 80, 3), dtype=np.uint8)
    out = train.augment(batch, np.random.default_rng(1))
    assert out.shape == (5, 3, train.INPUT_SIZE, train.INPUT_SIZE) and out.dtype == np.float32
    lo, hi = (0 - 0.5) / 0.25, (1 - 0.5) / 0.25
    assert out.min() >= lo - 1e-5 and out.max() <= hi + 1e-5


def test_augment_is_reproducible_from_the_seed() -> None:
    batch = np.random.default_rng(0).integers(0, 255, (3, 80, 80, 3), dtype=np.uint8)
    a = train.augment(batch, np.random.default_rng(7))
    b = train.augment(batch, np.random.default_rng(7))
    assert np.array_equal(a, b)


def test_metadata_records_labels_and_preprocessing() -> None:
    meta = train.model_metadata({"seed": 0})
    assert tuple(json.loads(meta["labels"])) == CLASS_LABELS
    assert json.loads(meta["input_size"]) == [train.INPUT_SIZE, train.INPUT_SIZE]
    assert meta["color_order"] == "RGB"
    assert json.loads(meta["mean"]) == list(train.MEAN) and json.loads(meta["std"]) == list(train.STD)


def test_score_counts_accuracy_per_class_and_confusions() -> None:
    labels = ("a", "b", "c")
    r = evaluate.score(labels, ["a", "a", "b", "c"], ["a", "b", "b", "c"])
    assert r["accuracy"] == 0.75 and r["correct"] == 3 and r["n"] == 4
    assert r["per_class"]["a"] == {"n": 2, "correct": 1, "accuracy": 0.5}
    assert r["worst_confusions"] == [{"true": "a", "predicted": "b", "count": 1}]


def test_markdown_table_has_one_row_per_class_and_a_column_per_set() -> None:
    from sikwu.vision.labels import CLASS_LABELS

    one = evaluate.score(CLASS_LABELS, ["1m", "1m", "9p"], ["1m", "2m", "9p"])
    other = evaluate.score(CLASS_LABELS, ["not-a-tile"], ["not-a-tile"])
    table = evaluate.markdown_per_class({"sets": {"set A": one, "set B": other}}).splitlines()
    assert table[0] == "| class | set A | set B |" and len(table) == 2 + len(CLASS_LABELS)
    assert "| 1m | 50.0% (1/2) | - |" in table and "| not-a-tile | - | 100.0% (1/1) |" in table


def test_bright_featureless_negatives_are_flagged_as_ambiguous() -> None:
    """A bare ivory patch looks like a blank white dragon, so it must not be taught as not-a-tile."""
    from sikwu.datasets import prepare

    s = prepare.CACHE_SIZE
    ivory = np.full((s, s, 3), 225, np.uint8)
    felt = np.full((s, s, 3), (40, 120, 40), np.uint8)
    textured = np.random.default_rng(0).integers(0, 255, (s, s, 3), dtype=np.uint8)
    x = np.stack([ivory, felt, textured, ivory])
    mask = prepare.ambiguous_negatives(x, ["not-a-tile", "not-a-tile", "not-a-tile", "5z"])
    assert mask.tolist() == [True, False, False, False]


def test_warm_restarts_follow_the_main_run_at_lower_peaks() -> None:
    cycles = train.lr_cycles(1400, 3e-3, restarts=2)
    assert cycles[0] == (1400, 3e-3)
    assert [n for n, _ in cycles[1:]] == [round(1400 * train.RESTART_SHARE)] * 2
    assert 3e-3 > cycles[1][1] > cycles[2][1] > 0


def test_no_restarts_is_the_plain_one_cycle_run() -> None:
    assert train.lr_cycles(14, 3e-3) == [(14, 3e-3)]


def test_more_restarts_than_planned_are_refused() -> None:
    with pytest.raises(ValueError, match="restarts"):
        train.lr_cycles(14, 3e-3, restarts=len(train.RESTART_PEAKS) + 1)
