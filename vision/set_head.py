"""The classifier's last layer refitted to a taught tile set: how recognition adapts to the player's own tiles.

Why a fit: the shipped network ends in one linear layer over a pooled embedding (``models.embedding``). A taught set
gives, per face, embeddings of that face in the player's set (``vision.teach_views``: each crop under the changes
a table photo brings). The rows of the taught faces are refitted on those examples: mean cross-entropy of a softmax
over the taught faces alone, plus ``PULL / 2`` times the squared distance of the rows from the trained ones,
minimised to convergence (L-BFGS, SciPy). So:

- the fit tells the set's own faces apart from each other; what they all share (body colour, light, style) cancels,
  as adding one vector to every taught row leaves that softmax unchanged and the pull keeps such a shift at zero;
- untaught faces, tile backs and not-a-tile keep their trained rows, so a set taught from two hands does not
  push the faces it never showed out of reach;
- the result depends on the examples and ``PULL`` only, not on a step count or a seed.

This replaced weight imprinting (one mean per face added to its row), which only moves each row towards its
examples' mean: on the fit part of held-out art (scenes apart from the ones reported) the refit names 83% of crops
right against imprinting's 77% (untaught 68%), with tile backs read as often as untaught.
``benchmarks/bench_teach.py`` prints the sweep over ``PULL`` on those fit parts.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import numpy as np

#: Pull of the refitted rows toward the trained ones (per unit of mean cross-entropy). Chosen on the fit part of
#: held-out art as the strongest adaptation that still reads tile backs as often as the untaught classifier (a
#: weaker pull reads more faces right but lets taught faces take backs and non-tiles).
PULL = 0.1
#: At most this many refitted heads are kept in memory (one per set and model in use).
_KEEP = 8
_fitted: dict[str, tuple[np.ndarray, np.ndarray]] = {}


def _loss_and_grad(theta: np.ndarray, x: np.ndarray, y: np.ndarray, w0: np.ndarray, pull: float):
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


def refit_rows(x: np.ndarray, y: np.ndarray, w0: np.ndarray, b0: np.ndarray, pull: float = PULL):
    """Rows ``w0, b0`` (one per taught face) refitted on examples ``x`` with row indices ``y``."""
    from scipy.optimize import minimize

    if len(w0) < 2:  # one taught face: nothing to tell it apart from
        return np.array(w0, np.float64), np.array(b0, np.float64)
    k, d = w0.shape
    theta0 = np.concatenate([np.ravel(w0), b0]).astype(np.float64)
    args = (np.asarray(x, np.float64), np.asarray(y), np.asarray(w0, np.float64), pull)
    res = minimize(_loss_and_grad, theta0, args=args, jac=True, method="L-BFGS-B", options={"maxiter": 1000})
    return res.x[: k * d].reshape(k, d), res.x[k * d :]


def fitted_head(
    weight: np.ndarray,
    bias: np.ndarray,
    labels: Sequence[str],
    set_labels: Sequence[str],
    set_embeddings: np.ndarray,
    pull: float = PULL,
) -> tuple[np.ndarray, np.ndarray]:
    """The last layer's (weight, bias) with the taught faces' rows refitted on the set's examples (memoised: a set
    is refitted once per process, not once per photo)."""
    faces = [f for f in dict.fromkeys(set_labels) if f in labels]
    key = hashlib.sha256(
        np.ascontiguousarray(weight, np.float64).tobytes()
        + np.ascontiguousarray(set_embeddings, np.float32).tobytes()
        + "\n".join([*set_labels, repr(pull)]).encode()
    ).hexdigest()
    if key not in _fitted:
        index = [list(labels).index(f) for f in faces]
        row = {f: i for i, f in enumerate(faces)}
        keep = [i for i, f in enumerate(set_labels) if f in row]
        y = np.array([row[set_labels[i]] for i in keep], np.int64)
        w, b = np.array(weight, np.float64), np.array(bias, np.float64)
        if index:
            w[index], b[index] = refit_rows(np.asarray(set_embeddings)[keep], y, w[index], b[index], pull)
        while len(_fitted) >= _KEEP:
            _fitted.pop(next(iter(_fitted)))
        _fitted[key] = (w, b)
    w, b = _fitted[key]
    return w.copy(), b.copy()
