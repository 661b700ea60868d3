"""A player's taught tile set: examples of its faces in the classifier's embedding space, stored per table.

Why embeddings and not pictures: recognition adapts by refitting the classifier's last layer on them
(``vision.set_head``), which needs the embeddings only, so a set is small, private and quick to load; adding a
corrected tile later (``teach.add_examples``) is adding its rows. Each taught crop is stored as its views
(``vision.teach_views``), raw (the last layer acts on the embedding's length too).

A taught set is stored per table as ``<user data dir>/tile_sets/<name>.npz`` (platformdirs; ``$SIKWU_DATA_DIR``
overrides), with the SHA-256 of the model whose embeddings it holds: embeddings of another model mean nothing, so a
set taught on another model is refused with a message to teach it again; so is a set stored by an older sikwu
(version 1 kept one averaged unit vector per tile, which the refit cannot use). Beside the tiles, a set keeps
embeddings of the table it was taught on (``vision.teach_table``: crops of the teaching photo where no tile lies);
a set stored before it kept them loads with none.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

#: The stored form; version 1 (one averaged unit vector per crop) is refused with a message to teach again.
VERSION = 2
#: At most this many table embeddings are kept, the latest: a teaching photo's table (at most 96: its crops, each
#: half-turned) and the views of about two dozen boxes marked "Not a tile" (``teach_views.VIEWS`` each). Enough to
#: know a table, few enough to keep the refit quick (a taught set of 42 tiles holds 1,344 tile embeddings).
MAX_TABLE = 96 + 24 * 32
_NAME = re.compile(r"^[\w][\w .\-]{0,63}$")


class TileSetError(ValueError):
    """A taught tile set is missing, malformed or belongs to another model; the message says what to do."""


class OutdatedSetError(TileSetError):
    """A taught set stored by an older sikwu: unusable, and teaching the set again replaces it."""


def data_dir() -> Path:
    env = os.environ.get("SIKWU_DATA_DIR")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("sikwu", appauthor=False))


def check_name(name: str) -> str:
    if not isinstance(name, str) or not _NAME.match(name) or name.strip() != name:
        raise TileSetError(
            f"tile set name {name!r} is not usable: use 1-64 letters, digits, spaces, dots, dashes or underscores"
        )
    return name


def set_path(name: str) -> Path:
    return data_dir() / "tile_sets" / f"{check_name(name)}.npz"


@dataclass
class TileSet:
    """A player's tile set as examples in embedding space: each taught crop's views, with its tile id per row."""

    name: str
    model_sha256: str
    labels: list[str] = field(default_factory=list)
    embeddings: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), np.float32))
    #: Rows per taught tile (each tile is stored as this many views, consecutive rows).
    views: int = 1
    #: Embeddings of crops of the table the set was taught on: examples of not-a-tile (``vision.teach_table``).
    table: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), np.float32))

    def add(self, labels: Sequence[str], embeddings: np.ndarray, views: int = 1) -> None:
        """Add tiles ``labels``, each as ``views`` consecutive rows of ``embeddings``."""
        emb = np.asarray(embeddings, np.float32)
        if len(labels) * views != len(emb):
            raise TileSetError(f"{len(labels)} labels of {views} views each for {len(emb)} embeddings")
        if self.labels and views != self.views:
            raise TileSetError(f"the set stores {self.views} views per tile, not {views}; teach it again")
        self.views = views
        if len(self.embeddings) and emb.shape[1] != self.embeddings.shape[1]:
            raise TileSetError(f"embedding size {emb.shape[1]} does not match the set's {self.embeddings.shape[1]}")
        self.embeddings = emb if not len(self.embeddings) else np.concatenate([self.embeddings, emb])
        self.labels = [*self.labels, *(t for t in labels for _ in range(views))]

    def add_table(self, embeddings: np.ndarray) -> None:
        """Keep these table crops' embeddings, after those of earlier photos, the latest ``MAX_TABLE`` of all."""
        emb = np.asarray(embeddings, np.float32)
        if not len(emb):
            return
        if len(self.embeddings) and emb.shape[1] != self.embeddings.shape[1]:
            raise TileSetError(f"embedding size {emb.shape[1]} does not match the set's {self.embeddings.shape[1]}")
        self.table = (emb if not len(self.table) else np.concatenate([self.table, emb]))[-MAX_TABLE:]

    @property
    def tiles(self) -> int:
        """Tiles taught (not rows: each tile is ``views`` rows)."""
        return len(self.labels) // self.views

    def rename(self, tile: int, face: str) -> None:
        """Give taught tile number ``tile`` (in the order taught) another id: the players put a wrong name right.
        Its embeddings stay (the picture is the same), only its rows' id changes."""
        if not 0 <= tile < self.tiles:
            raise TileSetError(f"the set has {self.tiles} tiles; there is no tile {tile}")
        start = tile * self.views
        self.labels = [*self.labels[:start], *[face] * self.views, *self.labels[start + self.views :]]

    @property
    def tile_labels(self) -> list[str]:
        """The id of each taught tile, in the order taught."""
        return self.labels[:: self.views]

    @property
    def faces(self) -> list[str]:
        return sorted(set(self.labels))

    def save(self, path: Path | None = None) -> Path:
        path = path or set_path(self.name)
        path.parent.mkdir(parents=True, exist_ok=True)
        meta = json.dumps(
            {"name": self.name, "model_sha256": self.model_sha256, "version": VERSION, "views": self.views}
        )
        tmp = path.with_suffix(".tmp.npz")
        np.savez_compressed(
            tmp, embeddings=self.embeddings, labels=np.array(self.labels, dtype=str), meta=meta, table=self.table
        )
        tmp.replace(path)  # a crash mid-write never leaves a half-written set
        return path

    @classmethod
    def load(cls, name: str, path: Path | None = None) -> TileSet:
        path = path or set_path(name)
        if not path.is_file():
            raise TileSetError(f"no tile set named {name!r} has been taught here ({path}); teach it with sikwu teach")
        try:
            with np.load(path, allow_pickle=False) as z:
                meta = json.loads(str(z["meta"]))
                labels, embeddings = [str(v) for v in z["labels"]], z["embeddings"]
                table = z["table"] if "table" in z.files else np.zeros((0, 0), np.float32)
        except (OSError, KeyError, ValueError) as exc:
            raise TileSetError(f"{path} is not a readable tile set ({exc}); delete it and teach the set again") from exc
        if meta.get("version") != VERSION:
            raise OutdatedSetError(
                f"tile set {name!r} was stored by an older sikwu; teach it again (sikwu teach PHOTO --set NAME)"
            )
        return cls(meta["name"], meta["model_sha256"], labels, embeddings, int(meta.get("views", 1)), table)


def list_sets() -> list[str]:
    folder = data_dir() / "tile_sets"
    return sorted(p.stem for p in folder.glob("*.npz") if not p.name.endswith(".tmp.npz")) if folder.is_dir() else []
