"""Synthetic scenes respect the held-out split (``datasets.split``): training scenes never draw a held-out tile-set
photo, and the scenes evaluation measures (``heldout_scenes``) draw only held-out art, in the shape
``datasets.scene_eval`` reads."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from sikwu.datasets import split
from sikwu.datasets.scenes import heldout_scenes
from sikwu.datasets.scenes.art import CROPS, FaceBank, heldout_filter, training_filter
from sikwu.datasets.scenes.generate import iter_scenes
from sikwu.datasets.scenes.layouts import KINDS
from sikwu.datasets.scenes.tiles import BACK, TRAIN_BACK_COLOURS

SIDE = 480
OF_THIS_SPLIT = {split.MODEL_SPLIT_KEY: split.VERSION}


def _held_names() -> set[str]:
    return {it.image.name for it in split.held_out_tile_crops()}


def test_training_scenes_never_contain_a_held_out_crop(shared: Path) -> None:
    flt, _ = training_filter(sets=frozenset({CROPS}))
    bank = FaceBank(flt)
    held = _held_names()
    drawn = {
        t.name
        for _, s in iter_scenes(KINDS, 3, 0, bank, SIDE, TRAIN_BACK_COLOURS, progress=False)
        for t in s.tiles
        if t.source == CROPS
    }
    assert drawn, "training scenes drew no tile-crops photo at all"
    assert not drawn & held


def test_training_art_keeps_every_training_crop(shared: Path) -> None:
    flt, _ = training_filter(sets=frozenset({CROPS}))
    names = {f.name for fs in FaceBank(flt).by_tile.values() for f in fs}
    assert names == {it.image.name for it in split.training_tile_crops()}


def test_held_out_art_is_exactly_the_held_out_crops_and_no_shared_artwork(shared: Path) -> None:
    flt, _ = heldout_filter(model_metadata=OF_THIS_SPLIT)
    faces = [f for fs in FaceBank(flt).by_tile.values() for f in fs]
    assert {f.name for f in faces if f.source == CROPS} == _held_names()
    assert all(f.source == CROPS or f.source.startswith("debian:") for f in faces)


def test_heldout_scenes_have_the_shape_scene_eval_reads(shared: Path) -> None:
    scenes = list(heldout_scenes(1, 3, model_metadata=OF_THIS_SPLIT, long_side=SIDE))
    assert sorted(s.kind for s in scenes) == sorted(KINDS)
    for s in scenes:
        assert s.image.dtype == np.uint8 and s.image.ndim == 3
        h, w = s.image.shape[:2]
        assert s.tiles, s.name
        for t in s.tiles:
            assert t.tile == BACK or t.tile[-1] in "mpszf", t  # a tile id recognition can answer (blank -> 5z)
            assert 0 <= t.box[0] < t.box[2] <= w and 0 <= t.box[1] < t.box[3] <= h


def test_heldout_scenes_are_the_same_for_a_seed(shared: Path) -> None:
    a = next(iter(heldout_scenes(1, 7, model_metadata=OF_THIS_SPLIT, long_side=SIDE)))
    b = next(iter(heldout_scenes(1, 7, model_metadata=OF_THIS_SPLIT, long_side=SIDE)))
    assert a.tiles == b.tiles and np.array_equal(a.image, b.image)
