"""Fixtures the training tests share: torch's process-wide settings put back after a run, and the project's own
faces as training crops (no ../shared needed)."""

from __future__ import annotations

import pytest

#: Faces the tiny training runs learn: a suit of each kind, an honour, a dragon and a flower.
FACES = ("1m", "5p", "9s", "1z", "7z", "2f")


@pytest.fixture
def restore_torch_state():
    """``make_repeatable`` changes process-wide torch settings; put them back for the other tests."""
    torch = pytest.importorskip("torch", reason="training needs the optional 'train' extra (torch)")
    from sikwu.datasets import numerics

    threads, deterministic = torch.get_num_threads(), torch.are_deterministic_algorithms_enabled()
    chosen = numerics.current()
    yield
    torch.set_num_threads(threads)
    torch.use_deterministic_algorithms(deterministic)
    numerics.use(chosen)


@pytest.fixture
def own_face_crops():
    """(crops, class indices): one crop of each of ``FACES``, drawn by ``sikwu.artwork`` at training-crop size."""
    import cv2
    import numpy as np
    from sikwu.artwork import render_face
    from sikwu.datasets.prepare import CACHE_SIZE
    from sikwu.vision.labels import CLASS_LABELS

    faces = [cv2.cvtColor(np.asarray(render_face(t, 60).convert("RGB")), cv2.COLOR_RGB2BGR) for t in FACES]
    x = np.stack([cv2.resize(f, (CACHE_SIZE, CACHE_SIZE)) for f in faces])
    return x, np.array([CLASS_LABELS.index(t) for t in FACES], np.int64)
