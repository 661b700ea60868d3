"""Training numerics: float32, or bfloat16 autocast with channels-last tensors where the CPU computes bfloat16 itself.

Why: every model is trained on two CPU cores within a fixed budget (``sikwu train``, issue 14 item 4), so the time
per step decides how many steps a run can afford. On a CPU with native bfloat16 (``avx512_bf16``: AMD Zen 4, Intel
Sapphire Rapids), the detector's training step (16 samples of 320 px, two threads) measured 0.33-0.38 s in float32
and 0.22 s in bfloat16 with channels-last tensors (the sampling share unchanged); channels-last alone in float32
gained nothing. The optimiser keeps float32 weights (autocast only computes the convolutions in bfloat16), and the
exported models are float32 as before. Where the CPU lacks bfloat16 it is emulated and slower than float32, so
``auto`` takes it only where it is native.

The weights depend on the numerics as they do on the thread count: the choice is made once per process
(``use``, called by ``repeatable.make_repeatable``), recorded with the run (``current``), and a run repeats
byte for byte with the same seed, threads and numerics on the same kind of CPU.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

#: What ``--numerics`` accepts: ``auto`` resolves to ``bf16`` where the CPU computes it natively, else ``fp32``.
CHOICES = ("auto", "bf16", "fp32")
#: The commands' default: the shipped models were trained in float32, and their records carry no other numerics.
DEFAULT = "fp32"
_state = {"numerics": DEFAULT}


def native_bf16() -> bool:
    """Whether oneDNN computes bfloat16 on this CPU itself (not emulated)."""
    import torch

    try:
        return bool(torch.ops.mkldnn._is_mkldnn_bf16_supported())
    except (AttributeError, RuntimeError):
        return False


def resolve(choice: str) -> str:
    """``bf16`` or ``fp32`` for a ``--numerics`` choice; refuses an unknown one."""
    if choice not in CHOICES:
        raise ValueError(f"numerics must be one of {', '.join(CHOICES)}, got {choice!r}")
    if choice == "auto":
        return "bf16" if native_bf16() else "fp32"
    return choice


def use(choice: str) -> str:
    """Set this process's training numerics (resolved) and return them."""
    _state["numerics"] = resolve(choice)
    return _state["numerics"]


def current() -> str:
    """This process's training numerics: ``bf16`` or ``fp32``."""
    return _state["numerics"]


def prepare(model: Any) -> Any:
    """The model laid out for the current numerics (channels-last for bfloat16, where oneDNN is fastest)."""
    import torch

    return model.to(memory_format=torch.channels_last if current() == "bf16" else torch.contiguous_format)


def batch(x: Any) -> Any:
    """An NCHW input batch laid out like the model (``prepare``)."""
    import torch

    return x.contiguous(memory_format=torch.channels_last) if current() == "bf16" else x


@contextlib.contextmanager
def forward() -> Iterator[None]:
    """Where the forward pass runs: under bfloat16 autocast, or as is; compute the loss outside, in float32."""
    import torch

    with torch.autocast("cpu", dtype=torch.bfloat16, enabled=current() == "bf16"):
        yield


def restore(model: Any) -> Any:
    """The model back in the usual layout after training (for export and evaluation)."""
    import torch

    return model.to(memory_format=torch.contiguous_format)
