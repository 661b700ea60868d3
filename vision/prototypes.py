"""Per-set prototypes: recognition adapted to a player's own tile set without retraining.

Why prototypes in the classifier's embedding space: the shipped classifier ends in one linear layer over a pooled
embedding (``models.embedding`` exposes both). A few crops of each face of the player's set give, per face, the mean
direction of its embeddings (a prototype). Recognition then adds, to the weight row of each taught face, the
prototype's offset from the mean of all taught prototypes, scaled to that row's own norm (``BLEND``): a face looks
more like itself in this set, and what all faces of the set share (body colour, light, style) cancels, so untaught
faces are not pulled towards taught ones. This is weight imprinting (Qi et al., CVPR 2018) with the set's common
direction removed. Nothing is trained; teaching is a mean, so it takes milliseconds and adding a corrected tile
later (``add_examples``) is one more mean.

A taught set is stored per table as ``<user data dir>/tile_sets/<name>.npz`` (platformdirs; ``$SIKWU_DATA_DIR``
overrides), with the SHA-256 of the model whose embeddings it holds: embeddings of another model mean nothing, so a
set taught on another model is refused with a message to teach it again.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

#: How far a taught face's weight row moves along its prototype offset, in units of the row's own norm. 1 is the
#: natural unit (the set's evidence counts as much as the trained direction), not a value searched for;
#: ``benchmarks/bench_teach.py`` prints a sweep on the calibration fit part as a check.
BLEND = 1.0
#: Each teaching crop is embedded at the four quarter turns (tiles lie any way round on a table).
TURNS = 4
_NAME = re.compile(r"^[\w][\w .\-]{0,63}$")


class TileSetError(ValueError):
    """A taught tile set is missing, malformed or belongs to another model; the message says what to do."""


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


def normalise(x: np.ndarray) -> np.ndarray:
    x = np.asarray(x, np.float64)
    return x / np.maximum(np.linalg.norm(x, axis=-1, keepdims=True), 1e-12)


@dataclass
class TileSet:
    """A player's tile set as examples in embedding space: one unit vector per taught crop, with its tile id."""

    name: str
    model_sha256: str
    labels: list[str] = field(default_factory=list)
    embeddings: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), np.float32))

    def add(self, labels: Sequence[str], embeddings: np.ndarray) -> None:
        emb = normalise(np.asarray(embeddings)).astype(np.float32)
        if len(labels) != len(emb):
            raise TileSetError(f"{len(labels)} labels for {len(emb)} embeddings")
        if len(self.embeddings) and emb.shape[1] != self.embeddings.shape[1]:
            raise TileSetError(f"embedding size {emb.shape[1]} does not match the set's {self.embeddings.shape[1]}")
        self.embeddings = emb if not len(self.embeddings) else np.concatenate([self.embeddings, emb])
        self.labels = [*self.labels, *labels]

    @property
    def faces(self) -> list[str]:
        return sorted(set(self.labels))

    def prototypes(self) -> dict[str, np.ndarray]:
        """Face -> unit mean direction of its examples."""
        lab = np.array(self.labels)
        return {f: normalise(self.embeddings[lab == f].mean(axis=0)) for f in self.faces}

    def save(self, path: Path | None = None) -> Path:
        path = path or set_path(self.name)
        path.parent.mkdir(parents=True, exist_ok=True)
        meta = json.dumps({"name": self.name, "model_sha256": self.model_sha256, "version": 1})
        tmp = path.with_suffix(".tmp.npz")
        np.savez_compressed(tmp, embeddings=self.embeddings, labels=np.array(self.labels, dtype=str), meta=meta)
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
                return cls(meta["name"], meta["model_sha256"], [str(v) for v in z["labels"]], z["embeddings"])
        except (OSError, KeyError, ValueError) as exc:
            raise TileSetError(f"{path} is not a readable tile set ({exc}); delete it and teach the set again") from exc


def list_sets() -> list[str]:
    folder = data_dir() / "tile_sets"
    return sorted(p.stem for p in folder.glob("*.npz") if not p.name.endswith(".tmp.npz")) if folder.is_dir() else []


def blended_head(weight: np.ndarray, bias: np.ndarray, labels: Sequence[str], tile_set: TileSet, blend: float = BLEND):
    """The last layer's (weight, bias) with the set's prototype offsets imprinted on its taught faces."""
    protos = {f: p for f, p in tile_set.prototypes().items() if f in labels}
    w = np.array(weight, np.float64)
    if not protos:
        return w, np.asarray(bias, np.float64)
    common = normalise(np.mean(list(protos.values()), axis=0))  # one taught face alone: no offset, no change
    index = {c: i for i, c in enumerate(labels)}
    for face, p in protos.items():
        i = index[face]
        w[i] = w[i] + blend * np.linalg.norm(weight[i]) * (p - common)
    return w, np.asarray(bias, np.float64)
