"""Make a torch training run repeatable: the same seed and thread count give byte-identical weights.

Why each setting: CPU kernels can pick different algorithms (and summation orders) by thread count, so the count is
fixed and recorded, and so are the numerics (``datasets.numerics``); ``use_deterministic_algorithms`` makes torch
refuse an op without a deterministic version rather than silently vary; OpenCV (augmentation) runs single-threaded
so its resizes never depend on scheduling. Every random draw of data order and augmentation comes from NumPy
generators seeded by the caller.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import numpy as np


def make_repeatable(seed: int, threads: int, numerics: str | None = None) -> None:
    """Fix torch's threads, seeds, algorithms and training numerics (``datasets.numerics``; call once, before any
    model is built)."""
    import cv2
    import torch
    from sikwu.datasets import numerics as training_numerics

    if threads < 1:
        raise ValueError(f"threads must be at least 1, got {threads}")
    torch.set_num_threads(threads)
    torch.use_deterministic_algorithms(True)
    torch.manual_seed(seed)
    random.seed(seed)
    cv2.setNumThreads(1)
    training_numerics.use(numerics or training_numerics.DEFAULT)


def weights_digest(model: Any) -> str:
    """SHA-256 over every parameter and buffer of a torch module, in name order (equal digests = equal weights)."""
    h = hashlib.sha256()
    for name, tensor in sorted(model.state_dict().items()):
        h.update(name.encode())
        h.update(np.ascontiguousarray(tensor.detach().cpu().numpy()).tobytes())
    return h.hexdigest()
