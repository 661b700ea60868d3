"""The colours of the pictures sikwu makes for a table's chat (the hand card and the night card).

Why one place: the two cards are sent side by side in the same chat and must look like one product; a colour
changed in one file and not the other made them drift apart. Tile-face colours live in :mod:`sikwu.artwork.style`.
"""

from __future__ import annotations

from sikwu.artwork.style import RGB

PAPER: RGB = (250, 248, 240)  # the card
INK: RGB = (33, 37, 41)  # the words
FELT: RGB = (24, 96, 60)  # the band the tiles or the title sit on
IVORY: RGB = (247, 242, 226)  # words on the felt band
MUTED: RGB = (108, 117, 125)  # the small print
GAIN: RGB = (22, 128, 62)  # a player's points won
LOSS: RGB = (206, 32, 42)  # ... and lost
