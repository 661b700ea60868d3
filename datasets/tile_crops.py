"""Loader for ``tile-crops``: 628 single-tile product photos of many different tile sets (Camerash/mahjong-dataset).

Known defects are fixed here, not in the data: ``582.jpg`` is listed twice (kept once), ``350.jpg`` is labelled
dots-8 but shows nine dots (relabelled to ``9p``) and ``133.jpg`` is labelled characters-8 but shows eight dots
(relabelled to ``8p``; found 2026-11-22 when every photo was read on a contact sheet, class by class).

Which photos training may read is decided by tile set in ``datasets.split`` (whole sets held out). ``legacy_split``
is the earlier random stratified split, kept because models trained before the set split saw its training part.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from sikwu.datasets.paths import shared_path

#: Label fixes: image name -> correct tile id, with the reason recorded in the module docstring.
RELABEL: dict[str, str] = {"350.jpg": "9p", "133.jpg": "8p"}
#: Label fixes made after models were trained on this split: the split still groups these photos by the label they
#: were published with, so a fix never moves a photo between the trained-on and the held-out part.
SPLIT_AS_PUBLISHED: dict[str, str] = {"133.jpg": "8m"}

_HONOURS = {"east": "1z", "south": "2z", "west": "3z", "north": "4z", "white": "5z", "green": "6z", "red": "7z"}
_BONUS = {
    "plum": "1f", "orchid": "2f", "chrysanthemum": "3f", "bamboo": "4f",
    "spring": "5f", "summer": "6f", "autumn": "7f", "winter": "8f",
}  # fmt: skip
_SUITS = {"dots": "p", "bamboo": "s", "characters": "m"}


@dataclass(frozen=True)
class Item:
    image: Path
    tile: str

    @property
    def stratum(self) -> str:
        """The class the split groups this photo with (see SPLIT_AS_PUBLISHED)."""
        return SPLIT_AS_PUBLISHED.get(self.image.name, self.tile)


def root() -> Path:
    return shared_path("datasets", "tile-crops")


def tile_id(label_name: str) -> str:
    """``dots-8`` -> ``8p``, ``honors-red`` -> ``7z``, ``bonus-winter`` -> ``8f`` (mapping in its README)."""
    kind, _, rest = label_name.strip().partition("-")
    if kind in _SUITS and rest.isdigit() and 1 <= int(rest) <= 9:
        return f"{rest}{_SUITS[kind]}"
    if kind == "honors" and rest in _HONOURS:
        return _HONOURS[rest]
    if kind == "bonus" and rest in _BONUS:
        return _BONUS[rest]
    raise ValueError(f"unknown tile-crops label {label_name!r}")


def load(base: Path | None = None) -> list[Item]:
    """Every distinct image with its (corrected) tile id, in csv order."""
    base = base or root()
    seen: set[str] = set()
    items: list[Item] = []
    with open(base / "labels.csv", newline="") as fh:
        for row in csv.DictReader(fh):
            name = row["image-name"].strip()
            if name in seen:
                continue
            seen.add(name)
            items.append(Item(base / "images" / name, RELABEL.get(name, tile_id(row["label-name"]))))
    return items


def legacy_split(items: list[Item], held_out: float = 0.25, seed: int = 0) -> tuple[list[Item], list[Item]]:
    """The random stratified split models before ``datasets.split`` trained with -> (train, held_out).

    Photos of one set fall on both sides, so its held-out part measures memory of known sets; it stays only to tell
    which photos such a model saw. New training uses ``datasets.split.tile_crops_split``."""
    rng = np.random.default_rng(seed)
    by_tile: dict[str, list[Item]] = {}
    for it in items:
        by_tile.setdefault(it.stratum, []).append(it)
    train: list[Item] = []
    test: list[Item] = []
    for tile in sorted(by_tile):
        group = sorted(by_tile[tile], key=lambda it: it.image.name)
        order = rng.permutation(len(group))
        k = max(1, int(round(len(group) * held_out)))
        test += [group[i] for i in order[:k]]
        train += [group[i] for i in order[k:]]
    return train, test


#: The old name of ``legacy_split`` (tests of the shipped model use it to find the photos it never saw).
split = legacy_split
