"""The one fixed held-out split: what no training ever reads, so its figures measure generalisation, not memory.

Why tile-set groups and not random photos: a random split of ``tile-crops`` puts photos of the same set on both
sides, so the held-out figure mostly measures whether the model remembers that set's art. A player brings a set the
model never saw; the split therefore holds out whole sets, and near-identical sets stay on one side.

The groups (``tile_crops_groups.csv``: file name, group name) were made by eye on contact sheets of all 628 crops
(``python -m sikwu.datasets.group_sheets OUT_DIR`` draws one per group), checked against the face colour of each
crop (the published numbering runs set by set after photo 140, and the colour jumps where a set ends) and the labels:
every group but the first holds each face at most once per set (42 faces, fewer for part-sets), except that
``letter-corner-numerals`` and ``chinese-numeral-flowers`` each hold four photos of their one-dot tile.

Held out (``HELD_OUT_GROUPS``, 162 crops):

- ``red-corner-numerals`` (297-374, 78 crops): two near-identical white sets with red corner numerals and
  cross-flower dots (305-338, 339-374) and the corner-numeral bamboo of a third (297-304); kept together.
- ``cream-black`` (141-182, 42) and ``ivory-black`` (375-416, 42): cream/ivory sets with black honours and no corner
  numerals; look-alikes, so both are held out.

Everything else trains: ``classic-pool`` (1-140, the published pool of several look-alike blue/red/green sets in
mixed order), ``white-grey-edge``, ``grey-corner-numerals``, ``blue-honours-corner-numerals``,
``letter-corner-numerals``, ``white-black-a``, ``pastel``, ``chinese-numeral-flowers``, ``white-black-b``.

``hk-photos``: the 42 ``IMG_27xx`` photos of ``valid`` are one tile set absent from ``train``; they are the held-out
real photos (``hk-photos/valid`` as a whole was never trained on; the other 254 photos are in-distribution).

Calibration needs a part to fit on and another to report on (never the same): ``calibration_part`` splits the held-out
items by tile set and photo - ``fit`` is ``ivory-black`` and the odd-numbered ``IMG_27xx`` photos, ``report`` is the
rest.

Models trained before this split (``tile_crops.legacy_split``) saw three quarters of every group; evaluation asks the
model's metadata (``MODEL_SPLIT_KEY``) and, for such a model, scores only the crops it never saw.
"""

from __future__ import annotations

import csv
import functools
from pathlib import Path
from typing import Literal

from sikwu.datasets import tile_crops

#: Bump when the grouping or the held-out groups change: training caches and model metadata carry it.
VERSION = "groups-v1"
GROUPS_FILE = Path(__file__).with_name("tile_crops_groups.csv")
HELD_OUT_GROUPS: tuple[str, ...] = ("red-corner-numerals", "cream-black", "ivory-black")
#: Held-out hk-photos/valid photos: one tile set that train does not have.
HK_HELD_OUT_PREFIX = "IMG_27"
#: The model metadata key a training run writes ``VERSION`` into (``sikwu train`` after this split).
MODEL_SPLIT_KEY = "heldout_split"
CALIBRATION_FIT_GROUPS: tuple[str, ...] = ("ivory-black",)

Part = Literal["fit", "report"]


@functools.cache
def groups() -> dict[str, str]:
    """tile-crops file name -> tile-set group, from ``GROUPS_FILE``."""
    with GROUPS_FILE.open(newline="", encoding="utf-8") as fh:
        return {r["image"].strip(): r["group"].strip() for r in csv.DictReader(fh)}


def group_of(item: tile_crops.Item) -> str:
    try:
        return groups()[item.image.name]
    except KeyError:
        raise ValueError(
            f"tile-crops photo {item.image.name} is in no group of {GROUPS_FILE.name}; the dataset changed, so "
            "group the new photos by tile set before training or measuring"
        ) from None


def is_held_out_crop(item: tile_crops.Item) -> bool:
    return group_of(item) in HELD_OUT_GROUPS


def tile_crops_split(items: list[tile_crops.Item] | None = None) -> tuple[list[tile_crops.Item], list[tile_crops.Item]]:
    """(train, held_out) tile-crops items by tile-set group; training code must only ever read the first."""
    items = tile_crops.load() if items is None else items
    held = [it for it in items if is_held_out_crop(it)]
    return [it for it in items if not is_held_out_crop(it)], held


def training_tile_crops() -> list[tile_crops.Item]:
    """The tile-crops photos training may read (crops for the classifier, faces for synthetic scenes)."""
    return tile_crops_split()[0]


def held_out_tile_crops() -> list[tile_crops.Item]:
    return tile_crops_split()[1]


def is_held_out_photo(name: str) -> bool:
    """True for the held-out real photos of ``hk-photos/valid`` (the IMG_27xx set), by file name."""
    return Path(name).name.startswith(HK_HELD_OUT_PREFIX)


def photo_number(name: str) -> int:
    """``IMG_2743_JPG.rf.x.jpg`` -> 2743 (the camera's running number)."""
    digits = Path(name).name[len(HK_HELD_OUT_PREFIX) - 2 :].split("_")[0]
    return int(digits) if digits.isdigit() else -1


def calibration_part(name: str, group: str | None = None) -> Part:
    """Which calibration part a held-out item belongs to: a tile-crops group, or an IMG_27xx photo by its number."""
    if group is not None:
        return "fit" if group in CALIBRATION_FIT_GROUPS else "report"
    return "fit" if photo_number(name) % 2 == 1 else "report"


def model_trained_on_split(metadata: dict[str, str]) -> bool:
    """True when a model's metadata says it was trained with this split (so every held-out item is unseen)."""
    return metadata.get(MODEL_SPLIT_KEY) == VERSION


def unseen_by(metadata: dict[str, str], items: list[tile_crops.Item]) -> list[tile_crops.Item]:
    """The held-out items a model never trained on: all of them for a model of this split, else only those the
    legacy stratified split also held out."""
    if model_trained_on_split(metadata):
        return list(items)
    _, legacy_held = tile_crops.legacy_split(tile_crops.load())
    legacy = {it.image.name for it in legacy_held}
    return [it for it in items if it.image.name in legacy]
