"""The model card's classifier figures come from an evaluation run, written between markers; the prose stays."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from sikwu.datasets import model_card

OUT = {
    "sets": {
        "hk-photos/valid, reviewed labels": {
            "n": 200, "correct": 199, "accuracy": 0.995, "first_look_accuracy": 0.99,
            "worst_confusions": [{"true": "8m", "predicted": "4m", "count": 1}],
        },
        "tile-crops/held-out": {"n": 10, "correct": 9, "accuracy": 0.9, "worst_confusions": []},
    },
    "benchmark": {"batch": 64, "repeats": 15, "median_ms_per_crop": 0.5, "min_ms_per_crop": 0.4},
}  # fmt: skip


def test_block_holds_each_measured_set_with_counts() -> None:
    block = model_card.classifier_block(OUT)
    assert "| hk-photos/valid, reviewed labels | **99.50%** (199/200) | 99.00% |" in block
    assert "(9/10) | - |" in block  # no first-look figure measured: none shown
    assert "`8m` read as `4m` (1)" in block and "0.500 ms" in block


def test_writing_replaces_only_the_marked_block(tmp_path: Path) -> None:
    card, evaluation = tmp_path / "card.md", tmp_path / "evaluation.json"
    start, end = model_card.MARKERS
    card.write_text(f"prose before\n{start}\nold figures\n{end}\nprose after\n")
    model_card.write(OUT, card, evaluation)
    text = card.read_text()
    assert "old figures" not in text and text.startswith("prose before\n") and text.endswith("prose after\n")
    assert "199/200" in text and '"correct": 199' in evaluation.read_text()


def test_a_card_without_markers_is_refused_with_where_they_go() -> None:
    with pytest.raises(ValueError, match="add the two markers"):
        model_card.replace_block("a card with no block", "figures")


def test_write_card_with_heldout_only_is_refused_before_measuring(capsys: pytest.CaptureFixture[str]) -> None:
    from sikwu.datasets import evaluate

    parser = argparse.ArgumentParser()
    evaluate.add_arguments(parser)
    assert evaluate.run(parser.parse_args(["--heldout", "--write-card"])) == 2
    assert "without --heldout" in capsys.readouterr().err
