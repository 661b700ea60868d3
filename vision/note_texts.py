"""What the recogniser tells a player about a photo (notes, and why it found no tiles), in English, by stable key
(see ``scoring.messages``).

The notes reach the page beside the tiles read ("the photo was levelled first"); as keyed messages the page can say
them in 繁體中文 too, while vision knows nothing of the page's catalogues. One table, so a test can check that the
page's catalogue has every key.
"""

from __future__ import annotations

from typing import Final

from sikwu.scoring.messages import Texts

TEXTS: Final[dict[str, str]] = {
    "vision.no_tiles": (
        "no tiles found in the photo: lay the tiles face up on a plain table, fill the frame and avoid glare"
    ),
    "vision.no_tiles_among_candidates": (
        "no tiles found in the photo (candidates were not tiles): lay the tiles face up, fill the frame"
    ),
    "vision.face_down": "face-down tiles present: the winning-hand check was skipped",
    "vision.tile_number": (
        "{count} playing tiles found; a winning hand has 14 (one more per kong): add the missed tiles or remove the "
        "extra ones, then check the hand"
    ),
    "vision.no_legal_reading": (
        "no legal winning hand among the {count} most probable readings: tile counts enforced only"
    ),
    "vision.detector_found_nothing": "the tile detector found no tiles: candidates from OpenCV segmentation",
    "vision.detector_missing": "tile detector model not found at {path}: candidates from OpenCV segmentation",
    "vision.detector_broken": "{error}; candidates from OpenCV segmentation",
    "vision.general_detector_broken": "{error}; only the main detector looked for tiles",
    "vision.small_tiles": (
        "the tiles are small in this photo: the detector looked again, closer; a closer photo reads best"
    ),
    "vision.slanted": "the tile rows run at a slant of about {degrees} degrees; the photo was levelled first",
    "vision.stretched_wide": (
        "the photo looks stretched about {factor}:1 (tiles {factor} times too wide); tiles were found after "
        "squeezing it back"
    ),
    "vision.stretched_tall": (
        "the photo looks stretched about {factor}:1 (tiles {factor} times too tall); tiles were found after "
        "squeezing it back"
    ),
}

#: Makes a recogniser note: ``note("vision.slanted", degrees="12")``.
note = Texts(TEXTS)

__all__ = ["TEXTS", "note"]
