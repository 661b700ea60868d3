"""Bonus faces for the classifier's synthetic renders (``datasets.bonus_faces``): each names its flower or season
only as real sets do, by a Chinese or English name and the seat number, over a picture drawn regardless of the tile
(issue 14, "Bonus tiles of held-out art: flower vs season and its number right")."""

from __future__ import annotations

import numpy as np
import pytest
from sikwu.datasets import bonus_faces, synth


@pytest.mark.parametrize("tile", sorted(bonus_faces.CHINESE))
def test_every_name_drawn_is_one_the_tile_goes_by(tile: str) -> None:
    rng = np.random.default_rng(3)
    names = {bonus_faces.tile_name(tile, rng)[0] for _ in range(60)}
    allowed = {bonus_faces.CHINESE[tile], *bonus_faces.ENGLISH[tile], *(w.title() for w in bonus_faces.ENGLISH[tile])}
    assert names <= allowed and len(names) > 1


def test_flowers_and_seasons_of_one_seat_carry_that_seats_number() -> None:
    """Flower or season N belongs to seat N (the canonical ids: 1f-4f flowers, 5f-8f seasons)."""
    rng = np.random.default_rng(0)
    assert {bonus_faces.seat_number("5f", rng)[0] for _ in range(40)} <= {"1", "一"}
    assert {bonus_faces.seat_number("4f", rng)[0] for _ in range(40)} <= {"4", "四"}
    assert {bonus_faces.seat_number("8f", rng)[0] for _ in range(40)} <= {"4", "四"}


def test_faces_are_drawn_the_same_from_one_seed_and_differently_from_another() -> None:
    one = bonus_faces.bonus_face("3f", np.random.default_rng(7), 64)
    again = bonus_faces.bonus_face("3f", np.random.default_rng(7), 64)
    other = bonus_faces.bonus_face("3f", np.random.default_rng(8), 64)
    assert one.shape == (64, 48, 3) and one.dtype == np.uint8
    assert np.array_equal(one, again) and not np.array_equal(one, other)


def test_each_bonus_tile_gets_its_faces_and_no_other_tile_does() -> None:
    faces = bonus_faces.bonus_faces(32, per_tile=2)
    assert sorted(faces) == [f"{n}f" for n in range(1, 9)]
    assert all(len(v) == 2 for v in faces.values())


def test_the_synthetic_renders_draw_bonus_tiles_from_these_faces_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(synth, "art_faces", lambda height=128: {"1f": [], "1m": []})
    monkeypatch.setattr(synth, "own_faces", lambda height=128: {})
    faces = synth.all_faces()
    assert len(faces["1f"]) == bonus_faces.PER_TILE and faces["1m"] == []
