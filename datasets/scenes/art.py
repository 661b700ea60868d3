"""The faces scenes are drawn with: single-tile photos of many sets and tile artwork, each tagged with its source.

Why tagged: a scene measures generalisation only when its faces come from sets the models never trained on, so every
face carries the set it came from (``source``) and, for tile-crops photos, its file name; an :class:`ArtFilter`
chooses which of them a scene may use. Nothing is copied: faces are read from ``../shared`` (and the Debian tile
sets fetched by ``sikwu.datasets.scenes.debian``) each run, scaled to ``FACE_HEIGHT``.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path

import cv2
import numpy as np
from sikwu.datasets import font_faces, synth, tile_crops
from sikwu.datasets.paths import shared_path
from sikwu.scoring.tiles import TILE_IDS

#: Faces are kept at this height (px); a scene's largest tile is smaller, so scaling only ever goes down.
FACE_HEIGHT = 160
#: Art sets read from ``../shared/datasets/tile-art`` (the shipped classifier trained on these).
SHARED_ART_SETS = ("samoheen-hk", "lietxia", "fluffystuff", font_faces.SOURCE)
#: The tile-crops photos.
CROPS = "tile-crops"
#: lietxia draws red-painted fives as 0m/0p/0s: a variant real sets have, labelled as the five it is.
_RED_FIVES = {"0m": "5m", "0p": "5p", "0s": "5s"}


@dataclass(frozen=True)
class Face:
    """One face picture (BGR, glyph on its own ground) of ``tile`` from art set ``source``."""

    tile: str
    image: np.ndarray = field(repr=False)
    source: str
    name: str  # file name (tile-crops) or element name inside the set

    @property
    def photo(self) -> bool:
        """tile-crops faces are photos of a real face: their ground is the tile's own ivory."""
        return self.source == CROPS


@dataclass(frozen=True)
class ArtFilter:
    """Which faces a scene may use. ``sets=None`` allows every set; ``crops=None`` every tile-crops photo.

    Held-out scenes use e.g. ``ArtFilter(crops=held_out_names, sets={"tile-crops", "debian:smooth"})``; training
    scenes use ``exclude_crops=held_out_names`` so no held-out photo ever reaches a training scene.
    """

    sets: frozenset[str] | None = None
    crops: frozenset[str] | None = None
    exclude_crops: frozenset[str] = frozenset()

    def allows(self, face: Face) -> bool:
        if self.sets is not None and face.source not in self.sets:
            return False
        if face.source == CROPS:
            if face.name in self.exclude_crops:
                return False
            if self.crops is not None and face.name not in self.crops:
                return False
        return True


def _scaled(img: np.ndarray, height: int = FACE_HEIGHT) -> np.ndarray:
    h, w = img.shape[:2]
    return cv2.resize(img, (max(4, round(w * height / h)), height), interpolation=cv2.INTER_AREA)


def crop_faces() -> list[Face]:
    """tile-crops photos: the face of a real tile, a little of its rim cut off (the crops frame the face loosely)."""
    faces: list[Face] = []
    if not (tile_crops.root() / "labels.csv").is_file():
        return faces
    for item in tile_crops.load():
        img = cv2.imread(str(item.image))
        if img is None:
            continue
        h, w = img.shape[:2]
        m = round(0.03 * min(h, w))
        faces.append(Face(item.tile, _scaled(img[m : h - m, m : w - m]), CROPS, item.image.name))
    return faces


def _samoheen() -> list[Face]:
    faces = []
    folder = shared_path("datasets", "tile-art", "samoheen-hk", "png")
    for i, tile in enumerate(synth._SAMOHEEN, start=1):
        for p in sorted(folder.glob(f"{i:02d}-*.png")):
            img = cv2.imread(str(p), cv2.IMREAD_UNCHANGED)
            if img is not None:
                faces.append(Face(tile, _scaled(synth._trim(synth._flatten(img))), "samoheen-hk", p.name))
    return faces


def _svg_set(source: str, folder: Path, by_name: dict[str, str]) -> list[Face]:
    """An SVG art set (drawn with cairosvg, the ``train`` extra; [] without it)."""
    faces = []
    for name, tile in sorted(by_name.items()):
        p = folder / f"{name}.svg"
        if p.is_file():
            img = synth._svg(p, FACE_HEIGHT * 2)
            if img is not None:
                faces.append(Face(tile, _scaled(synth._trim(img)), source, p.name))
    return faces


def _lietxia() -> list[Face]:
    by_name = {**{n: t for t, n in synth._LIETXIA.items()}, **_RED_FIVES}
    return _svg_set("lietxia", shared_path("datasets", "tile-art", "lietxia", "svg"), by_name)


def _fluffystuff() -> list[Face]:
    by_name = {n: t for t, n in synth._FLUFFY.items()}
    return _svg_set("fluffystuff", shared_path("datasets", "tile-art", "fluffystuff-riichi", "Regular"), by_name)


def _fonts() -> list[Face]:
    """The I.Mahjong fonts' faces, inked in colour (``datasets.font_faces``), named by font and tile."""
    return [
        Face(tile, _scaled(synth._trim(img)), font_faces.SOURCE, f"{variant}-{tile}")
        for tile, drawn in font_faces.font_faces().items()
        for variant, img in drawn
    ]


def _debian() -> list[Face]:
    from sikwu.datasets.scenes import debian

    return debian.debian_faces()


_LOADERS = {
    CROPS: crop_faces,
    "samoheen-hk": _samoheen,
    "lietxia": _lietxia,
    "fluffystuff": _fluffystuff,
    font_faces.SOURCE: _fonts,
}


@cache
def source_faces(source: str) -> tuple[Face, ...]:
    """The faces of one art set (``debian:<set>`` for the fetched Debian sets), read once per process."""
    if source.startswith("debian:"):
        return tuple(f for f in _debian_all() if f.source == source)
    if source not in _LOADERS:
        raise ValueError(f"unknown art set {source!r}: choose from {', '.join(known_sources())}")
    return tuple(_LOADERS[source]())


@lru_cache(maxsize=1)
def _debian_all() -> tuple[Face, ...]:
    return tuple(_debian())


def known_sources() -> list[str]:
    from sikwu.datasets.scenes import debian

    return [*_LOADERS, *debian.fetched_set_names(), *debian.extra_set_names()]


def all_faces(sources: Iterable[str] | None = None) -> list[Face]:
    """Faces of the given art sets (default: every set this machine has)."""
    return [f for s in (known_sources() if sources is None else sources) for f in source_faces(s)]


class FaceBank:
    """Faces allowed by a filter, by tile id; draws one at random for a tile (any tile when the id has none)."""

    def __init__(self, art_filter: ArtFilter | None = None, faces: Iterable[Face] | None = None) -> None:
        self.filter = art_filter or ArtFilter()
        if faces is None:
            faces = all_faces(sorted(self.filter.sets) if self.filter.sets is not None else None)
        chosen = [f for f in faces if self.filter.allows(f)]
        self.by_tile: dict[str, list[Face]] = {}
        for f in chosen:
            self.by_tile.setdefault(f.tile, []).append(f)
        self.tiles = tuple(t for t in TILE_IDS if self.by_tile.get(t))
        if not self.tiles:
            raise ValueError(
                "no tile faces allowed: check that ../shared (SIKWU_SHARED) holds datasets/tile-crops and "
                "datasets/tile-art, and that the art filter names existing sets or crops"
            )

    def sources(self) -> list[str]:
        return sorted({f.source for fs in self.by_tile.values() for f in fs})

    def count(self) -> int:
        return sum(len(v) for v in self.by_tile.values())

    def face(self, tile: str, rng: np.random.Generator) -> Face:
        pool = self.by_tile.get(tile) or self.by_tile[self.tiles[int(rng.integers(len(self.tiles)))]]
        return pool[int(rng.integers(len(pool)))]

    def random_tile(self, rng: np.random.Generator, bonus_share: float = 0.0) -> str:
        bonus = [t for t in self.tiles if t.endswith("f")]
        if bonus and rng.random() < bonus_share:
            return bonus[int(rng.integers(len(bonus)))]
        return self.tiles[int(rng.integers(len(self.tiles)))]


# ------------------------------------------------------------------------------------------------- held-out art


def _split_module():
    """``sikwu.datasets.split`` (the project's one held-out split by tile set) when this checkout has it."""
    try:
        return importlib.import_module("sikwu.datasets.split")
    except ImportError:
        return None


def _legacy_heldout() -> frozenset[str]:
    """The tile-crops photos the random stratified split (``tile_crops.split(seed=0)``) kept from training."""
    _, held = tile_crops.split(tile_crops.load(), seed=0)
    return frozenset(it.image.name for it in held)


def read_names(path: Path) -> frozenset[str]:
    """File names, one a line (a csv's first column also works; lines without a file extension are skipped)."""
    lines = [ln.split(",")[0].strip() for ln in path.read_text().splitlines()]
    return frozenset(ln for ln in lines if ln and "." in ln)


def training_excluded_crops(names_file: Path | None = None) -> tuple[frozenset[str], str]:
    """(tile-crops photos training scenes must never draw, where the list came from): the held-out tile-set groups
    of ``datasets.split``, or a given list, else the legacy held-out part."""
    if names_file is not None:
        return read_names(names_file), str(names_file)
    split = _split_module()
    if split is None:
        return _legacy_heldout(), "tile_crops.split(seed=0) held-out part"
    return frozenset(it.image.name for it in split.held_out_tile_crops()), f"held-out groups {split.VERSION}"


def heldout_crop_names(
    names_file: Path | None = None, model_metadata: dict[str, str] | None = None
) -> tuple[frozenset[str], str]:
    """(tile-crops photos a held-out scene may draw, where that list came from).

    A given list wins. Else the held-out tile-set groups of ``datasets.split``; for a model trained before that split
    (its ``model_metadata`` lacks the split's key), only those of them it also never saw. Without ``datasets.split``:
    the part of ``tile_crops.split(seed=0)`` the shipped classifier never trained on.
    """
    if names_file is not None:
        return read_names(names_file), str(names_file)
    split = _split_module()
    if split is None:
        return _legacy_heldout(), "tile_crops.split(seed=0) held-out part, which the shipped classifier never saw"
    held = split.held_out_tile_crops()
    if model_metadata is None:
        return frozenset(it.image.name for it in held), f"held-out groups {split.VERSION}"
    unseen = split.unseen_by(model_metadata, held)
    return frozenset(it.image.name for it in unseen), f"held-out groups {split.VERSION}, unseen by the model"


def training_filter(names_file: Path | None = None, sets: frozenset[str] | None = None) -> tuple[ArtFilter, str]:
    """Faces training scenes may use: every art set but the held-out Debian sets, and of tile-crops only the photos
    of ``datasets.split.training_tile_crops()`` (the held-out tile-set groups never reach a training scene)."""
    from sikwu.datasets.scenes import debian

    held, origin = training_excluded_crops(names_file)
    allowed = frozenset({CROPS, *SHARED_ART_SETS}) if sets is None else sets
    return ArtFilter(sets=allowed - set(debian.fetched_set_names()), exclude_crops=held), origin


#: Model metadata key (and ``training.json`` key) naming the Debian sets a model trained on (``--debian-art``).
DEBIAN_ART_KEY = "debian_art"


def trained_debian_sets(model_metadata: dict[str, str] | None) -> frozenset[str]:
    """The Debian sets a model's metadata says it trained on (none for a model trained without ``--debian-art``)."""
    value = (model_metadata or {}).get(DEBIAN_ART_KEY, "")
    return frozenset(s for s in value.split(",") if s)


def heldout_filter(
    names_file: Path | None = None, model_metadata: dict[str, str] | None = None
) -> tuple[ArtFilter, str]:
    """Faces the model never trained on: held-out tile-crops photos plus the Debian sets, less any Debian set the
    model's metadata lists as trained on (``sikwu train --debian-art``)."""
    from sikwu.datasets.scenes import debian

    names, origin = heldout_crop_names(names_file, model_metadata)
    seen = trained_debian_sets(model_metadata)
    sets = frozenset({CROPS, *debian.fetched_set_names()}) - seen
    if seen:
        origin += f"; Debian sets it trained on left out: {', '.join(sorted(seen))}"
    return ArtFilter(sets=sets, crops=names), origin
