"""Disk cache of the faces drawn from KDE sheets, beside the fetched sheets.

Why: drawing a sheet's faces element by element through cairosvg takes 20-25 s per process, and every benchmark,
evaluation and training process that reads held-out art paid it again. The faces depend only on the sheet's bytes,
the element -> tile mapping and the drawing sizes, so those (and ``DRAWING_VERSION``, bumped when the drawing code
changes) name the cache file; a changed sheet or mapping draws again and never reads stale faces.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path

import numpy as np
from sikwu.datasets.scenes import kde_sheets

#: Bump when ``kde_sheets`` draws faces differently, so cached faces are drawn again.
DRAWING_VERSION = 1

Faces = list[tuple[str, str, np.ndarray]]


def cache_key(sheet: Path, mapping: dict[str, str], face_px: int, min_px: int) -> str:
    """Hash of everything the drawn faces depend on."""
    h = hashlib.sha256(sheet.read_bytes())
    h.update(json.dumps([mapping, face_px, min_px, DRAWING_VERSION], sort_keys=True).encode())
    return h.hexdigest()[:16]


def _save(path: Path, faces: Faces) -> None:
    index = [[tile, element] for tile, element, _ in faces]
    arrays = {f"face{i}": img for i, (_, _, img) in enumerate(faces)}
    tmp = path.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, index=np.array(json.dumps(index)), **arrays)
    tmp.replace(path)  # a process stopped mid-write never leaves a half file under the real name


def _load(path: Path) -> Faces | None:
    try:
        with np.load(path) as data:
            index = json.loads(str(data["index"]))
            return [(tile, element, data[f"face{i}"]) for i, (tile, element) in enumerate(index)]
    except (OSError, ValueError, KeyError):
        return None  # unreadable or partial: draw again


def cached_faces(
    sheet: Path,
    mapping: dict[str, str],
    cache_dir: Path,
    face_px: int,
    min_px: int,
    draw: Callable[..., Faces] = kde_sheets.sheet_faces,
) -> Faces:
    """The faces ``draw(sheet, mapping, face_px=, min_px=)`` returns, read from ``cache_dir`` when drawn before
    with the same inputs.

    An empty drawing (cairosvg, the ``train`` extra, missing) is not cached, so installing it later draws the faces."""
    path = cache_dir / f"{sheet.stem.split('.')[0]}-{cache_key(sheet, mapping, face_px, min_px)}.npz"
    if path.is_file() and (faces := _load(path)) is not None:
        return faces
    faces = draw(sheet, mapping, face_px=face_px, min_px=min_px)
    if faces:
        try:
            cache_dir.mkdir(parents=True, exist_ok=True)
            _save(path, faces)
        except OSError:
            pass  # a read-only cache only costs the drawing time next time
    return faces
