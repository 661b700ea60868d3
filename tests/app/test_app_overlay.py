"""The numbered photo: every found tile outlined in its state's colour, so the page's numbers point at the table."""

from __future__ import annotations

import numpy as np
from sikwu.app.components.overlay import CHANGED, LOW, OK, annotate


def test_each_tile_is_outlined_in_the_colour_of_its_state():
    rgb = np.full((300, 600, 3), 255, dtype=np.uint8)
    boxes = [(50, 100, 110, 180), (250, 100, 310, 180), (450, 100, 510, 180)]
    img = annotate(rgb, boxes, [None, None, None], ["ok", "low", "changed"], ["1", "2", "3"])
    # the bottom edge of each outline (below the number label) carries the state's colour
    assert img.getpixel((80, 180)) == OK
    assert img.getpixel((280, 180)) == LOW
    assert img.getpixel((480, 180)) == CHANGED


def test_quads_are_drawn_and_large_photos_are_scaled_down():
    rgb = np.full((1000, 2400, 3), 255, dtype=np.uint8)
    quad = np.array([[200, 400], [400, 400], [400, 700], [200, 700]], dtype=float)
    img = annotate(rgb, [None], [quad], ["ok"], ["1"], max_width=1200)
    assert img.size == (1200, 500)
    assert img.getpixel((150, 350)) == OK  # the bottom edge at half scale


def test_boxes_from_the_full_photo_land_on_a_reduced_copy():
    rgb = np.full((250, 600, 3), 255, dtype=np.uint8)  # a half-size copy of a 1200 x 500 photo
    img = annotate(rgb, [(200, 200, 320, 360)], [None], ["changed"], ["1"], coord_scale=0.5)
    assert img.size == (600, 250)
    assert img.getpixel((130, 180)) == CHANGED  # bottom edge y=360 -> 180
