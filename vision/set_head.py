"""The classifier's last layer refitted to a taught tile set: how recognition adapts to the player's own tiles.

Why a fit: the shipped network ends in one linear layer over a pooled embedding (``models.embedding``). A taught set
gives, per face, embeddings of that face in the player's set (``vision.teach_views``: each crop under the changes
a table photo brings). The taught faces' rows are first imprinted (each moved along its face's prototype, the set's
common look removed: ``imprinted_rows``), then refitted on the examples: mean cross-entropy of a softmax over the
taught faces alone, plus ``PULL / 2`` times the squared distance from the imprinted rows, minimised to convergence
(L-BFGS, SciPy). So:

- imprinting moves a taught face's row toward how that face looks in this set (its lead over the trained rows);
- the fit tells the set's own faces apart from each other, which a mean alone does not (on held-out art the
  classifier confuses a set's look-alike faces: 2m/3m, 6m/7m);
- untaught faces and tile backs are not refitted (a softmax over every class lets the taught rows take the untaught
  faces' tiles), but with the classifier's centroids (``vision.familiarity``) an untaught suit or honour face and
  the tile back are imprinted too, along a prototype guessed from their centroid moved by the set's mean shift
  (``guessed_prototypes``): without it the lead of a taught face takes an untaught look-alike's tiles (IMG_27xx
  taught from two hands: 9p read as 6p and 8p; a taught blank white dragon takes the set's backs);
- not-a-tile keeps its trained row unless the set holds crops of its table (``vision.teach_table``): then that row
  is refitted too, with the table's crops as its examples, so the taught rows do not take the players' table;
- the result depends on the examples and ``PULL`` only, not on a step count or a seed.

``benchmarks/bench_scenes_taught.py`` prints the check of ``PULL`` on a fit part of held-out art, and
``benchmarks/bench_teach.py`` on the fit part of IMG_27xx.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import numpy as np
from sikwu.scoring.tiles import BONUS_IDS
from sikwu.vision.familiarity import Centroids
from sikwu.vision.labels import BACK, NOT_A_TILE

#: Pull of the refitted rows toward the imprinted ones (per unit of mean cross-entropy). Chosen on the fit part of
#: held-out art (``benchmarks/teach_pull.py``): a weaker pull lets taught faces take tile backs and non-tiles, a
#: stronger one keeps no more of them apart and names fewer faces right.
PULL = 0.1
#: At most this many refitted heads are kept in memory (one per set and model in use).
_KEEP = 8
_fitted: dict[str, tuple[np.ndarray, np.ndarray]] = {}


def _loss_and_grad(
    theta: np.ndarray, x: np.ndarray, y: np.ndarray, w0: np.ndarray, pull: float
) -> tuple[float, np.ndarray]:
    """Mean cross-entropy of the taught examples plus the pull, and its gradient (what L-BFGS needs)."""
    k, d = w0.shape
    w, b = theta[: k * d].reshape(k, d), theta[k * d :]
    z = x @ w.T + b
    z -= z.max(axis=1, keepdims=True)
    lse = np.log(np.exp(z).sum(axis=1))
    p = np.exp(z - lse[:, None])
    n = len(x)
    loss = float(-(z[np.arange(n), y] - lse).mean() + pull / 2 * ((w - w0) ** 2).sum())
    p[np.arange(n), y] -= 1.0
    g = p / n
    return loss, np.concatenate([(g.T @ x + pull * (w - w0)).ravel(), g.sum(axis=0)])


def refit_rows(
    x: np.ndarray, y: np.ndarray, w0: np.ndarray, b0: np.ndarray, pull: float = PULL
) -> tuple[np.ndarray, np.ndarray]:
    """Rows ``w0, b0`` (one per taught face) refitted on examples ``x`` with row indices ``y``."""
    from scipy.optimize import minimize

    if len(w0) < 2:  # one taught face: nothing to tell it apart from
        return np.array(w0, np.float64), np.array(b0, np.float64)
    k, d = w0.shape
    theta0 = np.concatenate([np.ravel(w0), b0]).astype(np.float64)
    args = (np.asarray(x, np.float64), np.asarray(y), np.asarray(w0, np.float64), pull)
    res = minimize(_loss_and_grad, theta0, args=args, jac=True, method="L-BFGS-B", options={"maxiter": 1000})
    return res.x[: k * d].reshape(k, d), res.x[k * d :]


def _unit(x: np.ndarray) -> np.ndarray:
    return x / np.maximum(np.linalg.norm(x, axis=-1, keepdims=True), 1e-12)


def prototypes(x: np.ndarray, y: np.ndarray, k: int) -> np.ndarray:
    """(k, D): per row index, the unit mean direction of its examples' unit embeddings."""
    return np.stack([_unit(_unit(np.asarray(x, np.float64)[y == i]).mean(axis=0)) for i in range(k)])


def imprinted_rows(w0: np.ndarray, protos: np.ndarray, common: np.ndarray) -> np.ndarray:
    """Rows ``w0`` each moved by its own norm along its face's prototype less the set's ``common`` look (the unit
    mean of the taught prototypes): weight imprinting (Qi et al., CVPR 2018) with the common look removed, which
    gives a taught face its lead over faces the set never showed."""
    return np.asarray(w0, np.float64) + np.linalg.norm(w0, axis=1, keepdims=True) * (protos - common)


def guessable(label: str) -> bool:
    """Whether a class's prototype in a set can be guessed from the set's other faces: suits, honours and the tile
    back can (one set draws its suits and honours in one hand, on one tile body), flowers and seasons cannot (each
    set paints its own pictures), and not-a-tile has no look of the set."""
    return label != NOT_A_TILE and label not in BONUS_IDS


def guessed_prototypes(taught: dict[str, np.ndarray], untaught: Sequence[str], centroids: Centroids) -> np.ndarray:
    """(len(untaught), D): each untaught face's centroid moved by the mean of the ``taught`` faces' prototype minus
    centroid (every taught face one the centroids hold): how this set's faces differ from the training faces,
    carried over to the faces it did not show."""
    row = {f: i for i, f in enumerate(centroids.labels)}
    shift = np.mean([p - centroids.vectors[row[f]] for f, p in taught.items()], axis=0)
    return _unit(np.stack([centroids.vectors[row[g]] + shift for g in untaught]))


def fitted_head(
    weight: np.ndarray,
    bias: np.ndarray,
    labels: Sequence[str],
    set_labels: Sequence[str],
    set_embeddings: np.ndarray,
    pull: float = PULL,
    table: np.ndarray | None = None,
    centroids: Centroids | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """The last layer's (weight, bias) with the taught faces' rows refitted on the set's examples, and with crops of
    the set's ``table`` (``vision.teach_table``), the not-a-tile row refitted beside them (from its trained row, not
    imprinted: the table is one more thing that is not a tile). With the model's ``centroids``, untaught faces are
    imprinted along ``guessed_prototypes``. Memoised: a set is refitted once per process, not once per photo."""
    faces = [f for f in dict.fromkeys(set_labels) if f in labels]
    table = np.zeros((0, 0)) if table is None or NOT_A_TILE not in labels or not faces else np.asarray(table)
    key = hashlib.sha256(
        np.ascontiguousarray(weight, np.float64).tobytes()
        + np.ascontiguousarray(bias, np.float64).tobytes()
        + np.ascontiguousarray(set_embeddings, np.float32).tobytes()
        + np.ascontiguousarray(table, np.float32).tobytes()
        + (
            np.ascontiguousarray(centroids.vectors, np.float64).tobytes() + repr(centroids.labels).encode()
            if centroids is not None
            else b""
        )
        + "\n".join([*set_labels, repr(pull)]).encode()
    ).hexdigest()
    if key not in _fitted:
        while len(_fitted) >= _KEEP:
            _fitted.pop(next(iter(_fitted)))
        _fitted[key] = _refit(weight, bias, list(labels), faces, set_labels, set_embeddings, table, pull, centroids)
    w, b = _fitted[key]
    return w.copy(), b.copy()


def _imprinted(
    w: np.ndarray, labels: list[str], row: dict[str, int], x: np.ndarray, y: np.ndarray, centroids: Centroids | None
) -> np.ndarray:
    """A copy of ``w`` with the taught faces' rows imprinted, and (given ``centroids``) the untaught guessable ones
    along their guessed prototypes."""
    out = np.array(w, np.float64)
    protos = prototypes(x, y, len(row))
    common = _unit(protos.mean(axis=0))
    if centroids is not None:
        untaught = [g for g in centroids.labels if g in labels and g not in row and guessable(g)]
        shown = {f: protos[i] for f, i in row.items() if f in centroids.labels and f not in (BACK, NOT_A_TILE)}
        rows = [labels.index(g) for g in untaught]
        if rows and shown:
            out[rows] = imprinted_rows(out[rows], guessed_prototypes(shown, untaught, centroids), common)
    taught = [labels.index(f) for f in row]
    out[taught] = imprinted_rows(out[taught], protos, common)
    return out


def _refit(
    weight: np.ndarray,
    bias: np.ndarray,
    labels: list[str],
    faces: list[str],
    set_labels: Sequence[str],
    set_embeddings: np.ndarray,
    table: np.ndarray,
    pull: float,
    centroids: Centroids | None,
) -> tuple[np.ndarray, np.ndarray]:
    w, b = np.array(weight, np.float64), np.array(bias, np.float64)
    if not faces:
        return w, b
    index = [labels.index(f) for f in faces]
    row = {f: i for i, f in enumerate(faces)}
    keep = [i for i, f in enumerate(set_labels) if f in row]
    y = np.array([row[set_labels[i]] for i in keep], np.int64)
    x = np.asarray(set_embeddings, np.float64)[keep]
    if len(faces) >= 2:  # one taught face has no set look to remove, nothing to tell it apart from
        w = _imprinted(w, labels, row, x, y, centroids)
    start = w[index]
    if len(table):
        index.append(labels.index(NOT_A_TILE))
        start = np.vstack([start, w[index[-1]]])
        x = np.vstack([x, np.asarray(table, np.float64)])
        y = np.concatenate([y, np.full(len(table), len(faces), np.int64)])
    w[index], b[index] = refit_rows(x, y, start, b[index], pull)
    return w, b
