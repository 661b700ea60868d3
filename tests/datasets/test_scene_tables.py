"""Table tops of the scene generator (datasets/scenes/tables.py): every kind draws, embossed tops repeat a lattice."""

from __future__ import annotations

import numpy as np
import pytest
from sikwu.datasets.scenes import tables


@pytest.mark.parametrize("kind", sorted(tables.KINDS))
def test_every_table_kind_draws_a_top_of_the_size_asked(kind: str) -> None:
    top, drawn = tables.table(np.random.default_rng(0), 90, 120, kind)
    assert top.shape == (90, 120, 3) and top.dtype == np.uint8 and drawn == kind


def _lattice_strength(top: np.ndarray) -> float:
    """The strongest spatial frequency away from the lowest ones, over the median: high for a repeating pattern."""
    grey = top.astype(np.float32).mean(axis=2)
    spectrum = np.abs(np.fft.fftshift(np.fft.fft2(grey - grey.mean())))
    c = np.array(spectrum.shape) // 2
    spectrum[c[0] - 3 : c[0] + 4, c[1] - 3 : c[1] + 4] = 0  # the table's slow shading
    return float(spectrum.max() / np.median(spectrum))


def test_an_embossed_top_repeats_its_bumps_where_felt_does_not() -> None:
    embossed = [_lattice_strength(tables.embossed(np.random.default_rng(s), 200, 200)) for s in range(5)]
    felt = [_lattice_strength(tables.felt(np.random.default_rng(s), 200, 200)) for s in range(5)]
    assert min(embossed) > 2 * max(felt)
