"""Back colours of the synthetic tile sets (``datasets/back_colours.py``; docs/synthetic-scenes.md, "What is in a
scene"): training draws backs of many hues, never from the bands around the held-out pink and purple, so
concealed-kong counts on those colours stay a measure of colours no model saw."""

from __future__ import annotations

import numpy as np
from sikwu.datasets import back_colours as bc
from sikwu.datasets.scenes.tiles import HELDOUT_BACK_COLOURS, TRAIN_BACK_COLOURS, random_style

N = 4000


def _training_styles(seed: int = 0) -> list:
    rng = np.random.default_rng(seed)
    return [random_style(rng, TRAIN_BACK_COLOURS) for _ in range(N)]


def test_training_back_colours_never_fall_in_the_held_out_bands() -> None:
    assert not any(bc.held_out(s.back) for s in _training_styles())


def test_every_held_out_back_lies_in_its_own_band() -> None:
    rng = np.random.default_rng(1)
    for _ in range(N):
        style = random_style(rng, HELDOUT_BACK_COLOURS)
        assert bc.HELDOUT_BANDS[style.back_name].holds(style.back), (style.back_name, bc.hsv(style.back))


def test_held_out_names_are_not_training_names() -> None:
    assert not set(HELDOUT_BACK_COLOURS) & set(TRAIN_BACK_COLOURS)


def test_about_half_of_training_sets_draw_from_the_continuous_range() -> None:
    share = np.mean([s.back_name == bc.ANY_HUE for s in _training_styles()])
    assert 0.45 < share < 0.55


def test_continuous_training_backs_cover_the_hue_circle() -> None:
    """Every 30-degree hue sector holds some training backs (magenta only outside the held-out bands)."""
    hues = [bc.hsv(s.back)[0] for s in _training_styles() if s.back_name == bc.ANY_HUE]
    assert len({int(h // 30) for h in hues}) == 12


def test_drawn_backs_never_take_the_ivory_of_a_tile_face() -> None:
    rng = np.random.default_rng(2)
    drawn = [bc.any_hue(rng) for _ in range(N)] + [bc.pale(rng) for _ in range(N)]
    assert not any(bc.IVORY_BAND.holds(c) for c in drawn)


def test_pale_backs_are_pale_and_outside_the_held_out_bands() -> None:
    rng = np.random.default_rng(3)
    for _ in range(N):
        c = bc.pale(rng)
        _, s, v = bc.hsv(c)
        assert s <= bc.PALE_SAT[1] and v >= bc.PALE_VAL[0] and not bc.held_out(c)


def test_the_same_seed_draws_the_same_back_colours() -> None:
    a = [s.back for s in _training_styles(5)[:50]]
    b = [s.back for s in _training_styles(5)[:50]]
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))


def test_the_classifier_renders_and_detector_tables_draw_training_backs_only() -> None:
    """``back_colours.training`` paints the backs of ``tile_render`` crops and ``detector_synth`` tables."""
    rng = np.random.default_rng(6)
    assert not any(bc.held_out(bc.training(rng)) for _ in range(N))
