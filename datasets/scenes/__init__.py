"""Synthetic table photos with the variety players bring: many tile sets, layouts, tables, cameras and lights.

Why: the shipped models read the one published photo set well and much less beyond it (issue 14). These scenes are
composed, deterministically from a seed, from the single-tile photos of many sets (``tile-crops``), the tile
artwork of ``../shared/datasets/tile-art`` and the Debian tile sets (``debian``), so training can see a hand in a
row, melds turned, concealed kongs, flowers set apart, discards, piles, standing hands and walls on felt, cloth,
wood, stone and automatic tables; and evaluation can draw the same kinds from art no model trained on.

Modules, in the order a scene is made: ``art`` (faces and the held-out filter), ``tiles`` (tile sprites and set
styles), ``tables`` (table tops), ``layouts`` (where tiles lie, by scene kind), ``camera`` (perspective, light,
optics), ``render`` (one photo + labels), ``generate`` (folders in YOLO format), ``__main__`` (the command);
``heldout`` gives evaluation (``datasets.scene_eval``) its scenes of held-out art; ``census`` counts faces, backs
and blanks per kind. Back colours are drawn by ``datasets.back_colours``.
See docs/synthetic-scenes.md.
"""

from sikwu.datasets.scenes.heldout import heldout_scenes

__all__ = ["heldout_scenes"]
