"""Fetch the tile sets Debian packages carry (``../shared/datasets/tile-art/README.md``) into a cache outside the repo.

Why: each set draws the characters, dots, bamboo and flowers in its own hand, and the shipped models never saw
them, so they serve as held-out art. They are GPL game artwork: they are read as training/evaluation input from the
cache, never copied into the project or shipped (credit them in a model card trained on them).

    python -m sikwu.datasets.scenes.debian            # apt-get download + dpkg-deb -x into the cache
    python -m sikwu.datasets.scenes.debian --where    # print the cache folder

The cache is ``$SIKWU_CACHE/debian-tilesets`` (default: the user cache folder, ``~/.cache/sikwu``). Sets read
today: gnome-mahjongg's ``smooth`` (PNG) and ``postmodern`` (SVG, suits and honours: its flower and season pictures
carry no number), xmahjongg's ``real`` (GIF photos of a real set) and KDE's ``default``, ``traditional`` and
``classic`` (``*.svgz`` sheets of named elements, read by ``kde_sheets``, which says which KDE sets and tiles are
left out and why). These six are held-out art: the benchmarks measure on them.

Three more sheets are training art only, never measured (``EXTRA_SHEETS``): xmahjongg's ``dorothys`` (cartoon
suits, pictured flowers and seasons named in English) and its two gnome sheets (``xgnome``, ``xgnome2``: pixel-art
suits and honours; their flowers and seasons are bare digits or non-standard characters and are left out). Why
keep them from the benchmarks: each is a further hand of the same 34 faces, and a classifier that meets more hands
in training reads an unseen set better, while the six measured sets stay as they were so figures stay comparable.
The other sheets are not mahjong faces (``edu_kang_xi``, KDE ``alphabet`` and ``egypt``) and are fetched but not read.

Training draws none of them unless asked: ``sikwu train --debian-art extra`` draws the three training-only sets,
``--debian-art`` (``all``) every fetched set; held-out evaluation leaves out the sets the model's metadata says it
trained on (``art.heldout_filter``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
from sikwu.datasets.scenes import kde_cache, kde_sheets

#: Height a KDE tile body is drawn at (faces are only scaled down from it).
KDE_FACE_PX = 240
PACKAGES = ("gnome-mahjongg", "xmahjongg", "kdegames-mahjongg-data-kf5")
_SUITS = [f"{r}p" for r in range(1, 10)]
#: gnome-mahjongg sheet order (43 columns): dots, N W S E, red, green, characters, bamboo, 4 flowers, white, seasons.
GNOME_ORDER = (
    *_SUITS, "4z", "3z", "2z", "1z", "7z", "6z", *(f"{r}m" for r in range(1, 10)), *(f"{r}s" for r in range(1, 10)),
    "2f", "3f", "1f", "4f", "5z", "5f", "6f", "7f", "8f",
)  # fmt: skip
#: xmahjongg ``real.gif``: a 9 x 5 grid of photos of a real set.
XMAHJONGG_REAL_ORDER = (
    *_SUITS, *(f"{r}s" for r in range(1, 10)), *(f"{r}m" for r in range(1, 10)),
    "5f", "6f", "7f", "8f", "4z", "2z", "1z", "3z", "",  # "": the cell holding the set's credits
    "1f", "2f", "3f", "4f", "6z", "5z", "7z",
)  # fmt: skip


def cache_root() -> Path:
    env = os.environ.get("SIKWU_CACHE")
    if env:
        return Path(env).expanduser()
    try:
        from platformdirs import user_cache_dir
    except ImportError:
        return Path.home() / ".cache" / "sikwu"
    return Path(user_cache_dir("sikwu"))


def tileset_dir() -> Path:
    return cache_root() / "debian-tilesets"


def fetch(dest: Path | None = None, packages: tuple[str, ...] = PACKAGES) -> Path:
    """``apt-get download`` each package and unpack it with ``dpkg-deb -x`` under ``dest``; returns ``dest``."""
    dest = dest or tileset_dir()
    if shutil.which("apt-get") is None or shutil.which("dpkg-deb") is None:
        raise RuntimeError("apt-get and dpkg-deb are needed to fetch the Debian tile sets (a Debian-based system)")
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        os.chmod(tmp, 0o755)  # apt's sandbox user must be able to write the download there
        for i, pkg in enumerate(packages, start=1):
            print(f"[{i}/{len(packages)}] {pkg}", file=sys.stderr, flush=True)
            run = subprocess.run(["apt-get", "download", pkg], cwd=tmp, capture_output=True, text=True)
            if run.returncode != 0:
                raise RuntimeError(f"apt-get download {pkg} failed: {run.stderr.strip()[-300:]} (try apt-get update)")
        for deb in sorted(Path(tmp).glob("*.deb")):
            subprocess.run(["dpkg-deb", "-x", str(deb), str(dest)], check=True)
    return dest


def _sheet_cells(sheet: np.ndarray, cols: int, rows: int, face: tuple[float, float, float, float]) -> list[np.ndarray]:
    """Cut a sheet into cols x rows cells (row-major) and each cell to its face box (fractions x0, y0, x1, y1)."""
    h, w = sheet.shape[:2]
    xs, ys = np.linspace(0, w, cols + 1).round().astype(int), np.linspace(0, h, rows + 1).round().astype(int)
    out = []
    for r in range(rows):
        for c in range(cols):
            cell = sheet[ys[r] : ys[r + 1], xs[c] : xs[c + 1]]
            ch, cw = cell.shape[:2]
            x0, y0, x1, y1 = face
            out.append(cell[round(y0 * ch) : round(y1 * ch), round(x0 * cw) : round(x1 * cw)])
    return out


def _read_rgba(path: Path) -> np.ndarray | None:
    """BGR on white from PNG/GIF (Pillow reads GIF palettes) or SVG (cairosvg, when installed)."""
    from sikwu.datasets import synth

    if path.suffix == ".svg":
        return synth._svg(path, 352)
    from PIL import Image

    with Image.open(path) as im:
        rgba = np.asarray(im.convert("RGBA"))
    return synth._flatten(cv2.cvtColor(rgba, cv2.COLOR_RGBA2BGRA))


#: xmahjongg ``dorothys.gif``, first two rows (the last two repeat them on a yellow body). Its white dragon is a
#: dragon picture ("" : not used); flowers and seasons are pictures named in English.
DOROTHYS_ORDER = (
    *_SUITS, "4z", "3z", "2z", "1z", "7z", "6z", *(f"{r}m" for r in range(1, 7)),
    "7m", "8m", "9m", *(f"{r}s" for r in range(1, 10)), "5f", "6f", "7f", "8f", "", "4f", "2f", "1f", "3f",
)  # fmt: skip
#: xmahjongg ``gnome.gif``, first two rows: its four flowers are 華 花 梅 竹 and its seasons small winds, neither
#: the standard eight, so only suits, honours and the framed white dragon are used.
XGNOME_ORDER = (
    *_SUITS, "4z", "3z", "2z", "1z", "7z", "6z", *(f"{r}m" for r in range(1, 7)),
    "7m", "8m", "9m", *(f"{r}s" for r in range(1, 10)), "", "", "", "", "5z",
)  # fmt: skip
#: xmahjongg ``gnome2.gif``, first two rows: bamboo first; flowers and seasons are bare digits 1-4 in two colours
#: (which is which is not drawn), between them a blank white dragon.
XGNOME2_ORDER = (
    *(f"{r}s" for r in range(1, 10)), "4z", "3z", "2z", "1z", "7z", "6z", *(f"{r}m" for r in range(1, 7)),
    "7m", "8m", "9m", *_SUITS, "", "", "", "", "5z",
)  # fmt: skip

Sheet = tuple[str, int, int, tuple[float, float, float, float], tuple[str, ...], frozenset[str]]
#: set name -> (path under the cache, columns, rows, face box within a cell, tile order, tiles not to use)
_SHEETS: dict[str, Sheet] = {
    "smooth": (
        "usr/share/gnome-mahjongg/themes/smooth.png", 43, 2, (0.14, 0.03, 0.96, 0.88), GNOME_ORDER, frozenset()
    ),
    "postmodern": (
        "usr/share/gnome-mahjongg/themes/postmodern.svg", 43, 2, (0.17, 0.03, 0.97, 0.88), GNOME_ORDER,
        frozenset({"5z", *(f"{n}f" for n in range(1, 9))}),  # its white dragon is a logo
    ),
    "real": (
        "usr/share/games/xmahjongg/tiles/real.gif", 9, 5, (0.06, 0.05, 0.94, 0.95), XMAHJONGG_REAL_ORDER,
        frozenset(),
    ),
}  # fmt: skip
#: Training-only sets (never held-out art): the same fields. Cells hold the tile's drawn body; the face boxes leave
#: out its bevel (right and bottom on dorothys, all round on the gnome sheets).
EXTRA_SHEETS: dict[str, Sheet] = {
    "dorothys": (
        "usr/share/games/xmahjongg/tiles/dorothys.gif", 21, 4, (0.03, 0.03, 0.80, 0.81), DOROTHYS_ORDER, frozenset()
    ),
    "xgnome": ("usr/share/games/xmahjongg/tiles/gnome.gif", 21, 4, (0.10, 0.07, 0.90, 0.90), XGNOME_ORDER, frozenset()),
    "xgnome2": (
        "usr/share/games/xmahjongg/tiles/gnome2.gif", 21, 4, (0.10, 0.07, 0.90, 0.90), XGNOME2_ORDER, frozenset()
    ),
}  # fmt: skip


def set_files(root: Path | None = None) -> dict[str, Path]:
    """``debian:<set>`` -> its sheet file, for every readable held-out set present in the cache (KDE:
    ``debian:kde-<set>``)."""
    root = root or tileset_dir()
    files = _present(_SHEETS, root)
    for stem in kde_sheets.fetched(root):
        files[f"debian:{kde_sheets.set_name(stem)}"] = kde_sheets.sheet_path(root, stem)
    return files


def extra_set_files(root: Path | None = None) -> dict[str, Path]:
    """``debian:<set>`` -> its sheet file, for every training-only set (``EXTRA_SHEETS``) present in the cache."""
    return _present(EXTRA_SHEETS, root or tileset_dir())


def _present(sheets: dict[str, Sheet], root: Path) -> dict[str, Path]:
    """``debian:<set>`` -> its sheet file, for those of ``sheets`` whose file is in the cache at ``root``."""
    return {f"debian:{name}": root / spec[0] for name, spec in sheets.items() if (root / spec[0]).is_file()}


def fetched_set_names(root: Path | None = None) -> list[str]:
    """``debian:<set>`` for every readable held-out set present in the cache (KDE sets as ``debian:kde-<set>``);
    the training-only sets are ``extra_set_names``."""
    return list(set_files(root))


def extra_set_names(root: Path | None = None) -> list[str]:
    """``debian:<set>`` for every training-only set present in the cache."""
    return list(extra_set_files(root))


def debian_faces(root: Path | None = None, read: Callable[[Path], np.ndarray | None] = _read_rgba) -> list:
    """Faces of every fetched set, held-out and training-only (only the first, unhighlighted row of the gnome-mahjongg
    sheets); [] when none is fetched."""
    from sikwu.datasets.scenes.art import Face, _scaled

    root = root or tileset_dir()
    faces = []
    for name, (rel, cols, rows, box, order, skip) in {**_SHEETS, **EXTRA_SHEETS}.items():
        path = root / rel
        if not path.is_file():
            continue
        sheet = read(path)
        if sheet is None:
            continue
        for i, (tile, cell) in enumerate(zip(order, _sheet_cells(sheet, cols, rows, box), strict=False)):
            if tile and tile not in skip and cell.size:
                faces.append(Face(tile, _scaled(cell), f"debian:{name}", f"{path.name}#{i}"))
    return faces + kde_faces(root)


def kde_faces(root: Path | None = None) -> list:
    """Faces of every fetched KDE set, each on white and trimmed of white margins like the other art sets."""
    from sikwu.datasets import synth
    from sikwu.datasets.scenes.art import FACE_HEIGHT, Face, _scaled

    root = root or tileset_dir()
    faces = []
    for stem in kde_sheets.fetched(root):
        path, mapping = kde_sheets.sheet_path(root, stem), kde_sheets.KDE_SETS[stem]
        drawn = kde_cache.cached_faces(path, mapping, root / "kde-faces", KDE_FACE_PX, FACE_HEIGHT)
        for tile, element_id, bgra in drawn:
            face = _scaled(synth._trim(synth._flatten(bgra)))
            faces.append(Face(tile, face, f"debian:{kde_sheets.set_name(stem)}", f"{path.name}#{element_id}"))
    return faces


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Fetch Debian's mahjong tile sets into the cache (never the repo).")
    ap.add_argument("--where", action="store_true", help="print the cache folder and the sets found, fetch nothing")
    ap.add_argument("--dest", type=Path, default=None, help="cache folder (default: $SIKWU_CACHE/debian-tilesets)")
    args = ap.parse_args(argv)
    dest = args.dest or tileset_dir()
    if not args.where:
        try:
            fetch(dest)
        except (RuntimeError, subprocess.CalledProcessError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    print(f"{dest}: {', '.join(fetched_set_names(dest)) or 'no readable set (run without --where to fetch)'}")
    print(f"training-only: {', '.join(extra_set_names(dest)) or 'none'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
