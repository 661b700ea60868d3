"""Training numerics (``datasets.numerics``): what ``--numerics`` resolves to and how long the process keeps it
(``test_training_main_detector`` checks that ``training.json`` records it)."""

from __future__ import annotations

import pytest

pytest.importorskip("torch", reason="training needs the optional 'train' extra (torch); CI installs .[dev]")

from sikwu.datasets import numerics  # noqa: E402

pytestmark = pytest.mark.usefixtures("restore_torch_state")


def test_auto_takes_bf16_only_where_the_cpu_computes_it_natively(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(numerics, "native_bf16", lambda: True)
    assert numerics.resolve("auto") == "bf16"
    monkeypatch.setattr(numerics, "native_bf16", lambda: False)
    assert numerics.resolve("auto") == "fp32"


def test_an_explicit_choice_is_kept() -> None:
    assert numerics.resolve("fp32") == "fp32"
    assert numerics.resolve("bf16") == "bf16"


def test_an_unknown_choice_is_refused_with_the_accepted_ones() -> None:
    with pytest.raises(ValueError, match="auto, bf16, fp32"):
        numerics.resolve("fp16")


def test_the_process_keeps_the_numerics_it_was_given() -> None:
    numerics.use("bf16")
    assert numerics.current() == "bf16"
    numerics.use("fp32")
    assert numerics.current() == "fp32"


def test_a_model_goes_back_to_the_usual_layout_after_bf16_training() -> None:
    import torch

    numerics.use("bf16")
    model = numerics.prepare(torch.nn.Conv2d(3, 4, 3))
    assert model.weight.is_contiguous(memory_format=torch.channels_last)
    assert numerics.restore(model).weight.is_contiguous()
