"""The held-out benchmark's headline rows come from its measured figures (issue 14, item 2 and "Targets")."""

from __future__ import annotations

from benchmarks.bench_heldout import headline


def _figures() -> dict:
    def acc(right: int, n: int) -> dict:
        return {"n": n, "errors": n - right, "accuracy": right / n, "photos": n, "photos_all_right": right}

    return {
        "heldout": {
            "in_distribution": {"hk-photos/valid without IMG_27xx": acc(99, 100)},
            "held_out": {"hk-photos/IMG_27xx": acc(97, 100), "tile-crops/a": acc(9, 10), "tile-crops/b": acc(10, 10)},
            "calibration": {"ece_calibrated": 0.0249},
        },
        "teach": {"img27_photos": {"shipped": {"end_to_end": 0.98}, "taught": {"end_to_end": 0.995}}},
    }


def test_the_tile_crops_groups_are_pooled_and_img27_stays_apart():
    rows = headline(_figures())
    row = rows["held-out tile sets, tiles named right (crops): IMG_27xx / tile-crops groups"]
    assert row == "97.00% (97/100) / 95.00% (19/20)"


def test_teaching_is_shown_before_and_after_on_whole_photos():
    rows = headline(_figures())
    assert rows["IMG_27xx whole photos end to end, before / after teaching 2 corrected hands"] == "98.00% / 99.50%"
    assert rows["confidence calibration error (ECE), held-out report part"] == "2.49%"
