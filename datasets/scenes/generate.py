"""Render scene photos to a folder in YOLO format, deterministically from a seed, with a progress bar.

Layout of ``OUT``::

    images/<kind>_<index>.jpg   the photo (its JPEG compression is part of the sample)
    labels/<kind>_<index>.txt   one row per tile: ``class xc yc w h`` (normalised), class = line of classes.txt
    classes.txt                 the 42 tile ids, then ``back`` (face down) and ``blank`` (a blank white dragon, 5z)
    scenes.jsonl                per photo: kind, size, table, back colour, light, and per tile its label, box,
                                group (hand, meld, kong, flowers, ...), art source and visible share

Scene ``i`` of kind ``k`` is drawn from ``numpy.random.default_rng([seed, KIND_INDEX[k], i])``, so a scene does
not depend on how many others are made, and the same seed and art always give the same bytes.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import asdict
from pathlib import Path

import numpy as np
from sikwu.datasets.prepare import Progress
from sikwu.datasets.scenes.art import FaceBank
from sikwu.datasets.scenes.layouts import KINDS
from sikwu.datasets.scenes.render import SceneSample, render_scene
from sikwu.datasets.scenes.tiles import BACK, BLANK
from sikwu.scoring.tiles import TILE_IDS

#: Label classes of the YOLO files, in order.
CLASSES: tuple[str, ...] = (*TILE_IDS, BACK, BLANK)
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}


def scene_rng(seed: int, kind: str, index: int) -> np.random.Generator:
    return np.random.default_rng([seed, KIND_INDEX[kind], index])


def iter_scenes(
    kinds: Sequence[str],
    per_kind: int,
    seed: int,
    bank: FaceBank,
    long_side: int = 1600,
    back_colours: tuple[str, ...] | None = None,
    progress: bool = True,
    table_seed: int | None = None,
    table_kind: str | None = None,
) -> Iterator[tuple[str, SceneSample]]:
    """(name, sample) for ``per_kind`` scenes of each kind, kinds interleaved, with a progress bar on stderr (all on
    one table when ``table_seed`` is given: ``render.render_scene``)."""
    unknown = [k for k in kinds if k not in KIND_INDEX]
    if unknown:
        raise ValueError(f"unknown scene kind(s) {', '.join(unknown)}: choose from {', '.join(KINDS)}")
    bar = Progress("scenes", per_kind * len(kinds)) if progress else None
    for i in range(per_kind):
        for kind in kinds:
            sample = render_scene(kind, bank, scene_rng(seed, kind, i), long_side, back_colours, table_seed, table_kind)
            if bar:
                bar.update(1)
            yield f"{kind}_{i:05d}", sample


def yolo_rows(sample: SceneSample) -> str:
    w, h = sample.size
    rows = []
    for t in sample.tiles:
        x1, y1, x2, y2 = t.box
        rows.append(
            f"{CLASSES.index(t.label)} {(x1 + x2) / 2 / w:.6f} {(y1 + y2) / 2 / h:.6f} {(x2 - x1) / w:.6f} "
            f"{(y2 - y1) / h:.6f}"
        )
    return "\n".join(rows) + ("\n" if rows else "")


def write(out: Path, scenes: Iterator[tuple[str, SceneSample]], info: dict) -> int:
    """Write scenes into ``out`` (created); returns how many. ``info`` (seed, filter, ...) heads scenes.jsonl."""
    (out / "images").mkdir(parents=True, exist_ok=True)
    (out / "labels").mkdir(parents=True, exist_ok=True)
    (out / "classes.txt").write_text("\n".join(CLASSES) + "\n")
    n = 0
    with (out / "scenes.jsonl").open("w") as manifest:
        manifest.write(json.dumps({"generator": info}) + "\n")
        for name, sample in scenes:
            (out / "images" / f"{name}.jpg").write_bytes(sample.jpeg)
            (out / "labels" / f"{name}.txt").write_text(yolo_rows(sample))
            record = {"image": f"images/{name}.jpg", "kind": sample.kind, "size": list(sample.size), **sample.meta}
            record["tiles"] = [asdict(t) for t in sample.tiles]
            manifest.write(json.dumps(record) + "\n")
            n += 1
    return n
