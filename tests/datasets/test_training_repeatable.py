"""Training repeats exactly (issue 14 item 4): the same seed, thread count and numerics give byte-identical weights.

Tiny runs on data made in memory (no ../shared): a few steps on small images. Torch is the optional ``train`` extra
that CI does not install (``.[dev]`` only), so there these tests skip with that reason.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("torch", reason="training needs the optional 'train' extra (torch); CI installs .[dev]")

from sikwu.datasets import detector_data, detector_synth, numerics, train, train_detector  # noqa: E402
from sikwu.datasets.detector_net import build_model  # noqa: E402
from sikwu.datasets.model import TileNet  # noqa: E402
from sikwu.datasets.repeatable import make_repeatable, weights_digest  # noqa: E402

THREADS = 1


pytestmark = pytest.mark.usefixtures("restore_torch_state")


def _classifier_run(seed: int, numerics: str = "fp32") -> str:
    make_repeatable(seed, THREADS, numerics)
    data = np.random.default_rng(0)  # the crops are fixed; only the run's seed varies
    x = data.integers(0, 255, (24, 40, 40, 3), dtype=np.uint8)
    y = data.integers(0, 5, 24).astype(np.int64)
    model = TileNet(5)
    train.fit(model, x, y, train.lr_cycles(3, 3e-3, restarts=1), np.random.default_rng(seed), batch_size=8, size=32)
    return weights_digest(model)


def _detector_run(seed: int, numerics: str = "fp32") -> str:
    make_repeatable(seed, THREADS, numerics)
    scenes = [detector_synth.synth_scene(np.random.default_rng(i), long_side=96) for i in range(3)]
    sampler = detector_data.DetectorSampler(scenes, scenes, 0.5, seed)
    model = build_model()
    train_detector.fit(model, sampler, 2, train_detector.Recipe(batch=2, warmup=1), size=64)
    return weights_digest(model)


def test_classifier_run_twice_with_one_seed_gives_identical_weights() -> None:
    assert _classifier_run(3) == _classifier_run(3)


def test_classifier_runs_with_different_seeds_differ() -> None:
    assert _classifier_run(3) != _classifier_run(4)


def test_detector_run_twice_with_one_seed_gives_identical_weights() -> None:
    assert _detector_run(5) == _detector_run(5)


def test_detector_runs_with_different_seeds_differ() -> None:
    assert _detector_run(5) != _detector_run(6)


needs_native_bf16 = pytest.mark.skipif(
    not numerics.native_bf16(), reason="this CPU does not compute bfloat16 natively (no avx512_bf16): bf16 is not used"
)


@needs_native_bf16
def test_bf16_classifier_run_twice_with_one_seed_gives_identical_weights() -> None:
    assert _classifier_run(3, "bf16") == _classifier_run(3, "bf16")


@needs_native_bf16
def test_bf16_detector_run_twice_with_one_seed_gives_identical_weights() -> None:
    assert _detector_run(5, "bf16") == _detector_run(5, "bf16")


@needs_native_bf16
def test_the_numerics_change_the_weights() -> None:
    assert _detector_run(5, "bf16") != _detector_run(5, "fp32")


def test_classifier_batches_cover_every_crop_once_per_pass() -> None:
    feed = train.batches(10, 5, np.random.default_rng(0))
    first_pass = np.concatenate([next(feed), next(feed)])
    assert sorted(first_pass.tolist()) == list(range(10))


def test_detector_rate_warms_up_then_decays_to_two_percent() -> None:
    rates = [train_detector.learning_rate(s, 100, 1.0, warmup=10) for s in range(101)]
    assert rates[0] < rates[9] and max(rates) == pytest.approx(rates[9], rel=0.05)
    assert rates[100] == pytest.approx(0.02)
