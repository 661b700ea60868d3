"""Honest confidence: temperature-scaled probabilities and the "unknown" verdict, fitted on held-out tile sets.

Why temperature scaling: a network's softmax is not a frequency (trained with label smoothing and heavy augmentation,
this one under-states its certainty), so "70%" would not mean right 70 times in 100. One scalar T (softmax(logits /
T)) keeps the ranking, hence every top-3.
Recognition decides on the classifier's own probabilities and calibrates what it reports (``recalibrate``, applied
to its top readings), so T is fitted by ``sikwu.datasets.calibrate`` on exactly those readings of the ``fit`` part of
the held-out split (``datasets.split``); the expected calibration error is reported on the other part.

Why an "unknown" verdict: a coin, a joker or foreign art still gets a best class; when even the calibrated best
class is unlikely, the player is asked to check the thing instead of being told a tile. Its threshold is derived on
the fit part from a stated share of real tiles allowed to be called unknown (``UNKNOWN_TARGET``), never picked by
looking at the figures it is reported with.

The fitted values live in ``models/calibration.json`` beside the model they belong to (its SHA-256 is recorded;
another model gets the identity calibration and a note, never a silently wrong temperature).
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np
from sikwu.models import MODELS_DIR

CALIBRATION_PATH = MODELS_DIR / "calibration.json"
#: The share of real held-out tiles (fit part) the unknown threshold may reject; the threshold follows from it.
UNKNOWN_TARGET = 0.01
#: Equal-width confidence bins of the expected calibration error.
ECE_BINS = 15


@dataclass(frozen=True)
class Calibration:
    temperature: float = 1.0
    #: A tile whose calibrated best probability is below this is reported as unknown (None: never).
    unknown_below: float | None = None
    #: ...and so is a crop whose embedding lies further than this from every known face (``vision.familiarity``;
    #: None: never).
    foreign_beyond: float | None = None
    model_sha256: str = ""
    fitted_on: str = ""

    def probabilities(self, logits: np.ndarray) -> np.ndarray:
        """Calibrated softmax probabilities of (N, C) logits."""
        return softmax(np.asarray(logits, np.float64) / self.temperature)

    def recalibrate(self, top: Sequence[tuple[str, float]]) -> list[tuple[str, float]]:
        """Calibrated probabilities of a classifier's top readings (raw softmax probabilities, best first).

        Why from the top readings: recognition decides which candidates are tiles on the raw probabilities its
        thresholds were set on, and calibrates what it reports at the end. softmax(z / T) is p ** (1 / T)
        renormalised; the classes outside the top readings enter as one lump of their summed probability, exact
        when they hold nothing and for T < 1 a slight over-count of their share (so confidences err low).
        """
        if self.temperature == 1.0:
            return list(top)
        inv = 1.0 / self.temperature
        tail = max(0.0, 1.0 - sum(p for _, p in top))
        weights = [max(p, 0.0) ** inv for _, p in top]
        total = sum(weights) + tail**inv
        return [(label, w / total if total > 0 else 0.0) for (label, _), w in zip(top, weights, strict=True)]

    def is_unknown(self, probs: np.ndarray) -> np.ndarray:
        """Per row: True when the best calibrated probability is below ``unknown_below``."""
        if self.unknown_below is None:
            return np.zeros(len(probs), bool)
        return np.asarray(probs).max(axis=1) < self.unknown_below

    def is_foreign(self, distances: np.ndarray | None, n: int) -> np.ndarray:
        """Per crop of ``n``: True when its distance from every known face (``vision.familiarity``) is beyond
        ``foreign_beyond``; all False without distances or a threshold."""
        if self.foreign_beyond is None or distances is None:
            return np.zeros(n, bool)
        return np.asarray(distances) > self.foreign_beyond


def softmax(logits: np.ndarray) -> np.ndarray:
    z = np.asarray(logits, np.float64)
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def file_sha256(path: Path) -> str:
    st = Path(path).stat()
    return _sha256(str(Path(path).resolve()), st.st_size, st.st_mtime_ns)


@functools.cache
def _sha256(path: str, size: int, mtime_ns: int) -> str:
    """Hash once per file version (size and modification time are part of the key)."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def nll(logits: np.ndarray, targets: np.ndarray, temperature: float) -> float:
    p = softmax(np.asarray(logits, np.float64) / temperature)
    return float(-np.mean(np.log(np.clip(p[np.arange(len(targets)), targets], 1e-12, None))))


def fit_temperature(logits: np.ndarray, targets: np.ndarray, lo: float = 0.05, hi: float = 20.0) -> float:
    """The temperature minimising the negative log-likelihood of (N, C) logits."""
    if len(targets) == 0:
        raise ValueError("cannot fit a temperature on no examples")
    return _golden(lambda t: nll(logits, targets, t), lo, hi)


def readings_nll(readings: Sequence[Sequence[tuple[str, float]]], targets: Sequence[str], temperature: float) -> float:
    """Negative log-likelihood of the true ids under recalibrated top readings (absent from them: the lump's share)."""
    cal = Calibration(temperature=temperature)
    total = 0.0
    for top, target in zip(readings, targets, strict=True):
        got = cal.recalibrate(top)
        p = dict(got).get(target, max(0.0, 1.0 - sum(q for _, q in got)))
        total -= float(np.log(max(p, 1e-12)))
    return total / max(1, len(targets))


def fit_temperature_to_readings(
    readings: Sequence[Sequence[tuple[str, float]]], targets: Sequence[str], lo: float = 0.05, hi: float = 20.0
) -> float:
    """The temperature minimising the NLL of what recognition reports (top readings, second look included)."""
    if len(targets) == 0:
        raise ValueError("cannot fit a temperature on no examples")
    return _golden(lambda t: readings_nll(readings, targets, t), lo, hi)


def _golden(loss, lo: float, hi: float) -> float:
    """Golden-section search on log T (the NLL is unimodal in T)."""
    a, b = np.log(lo), np.log(hi)
    g = (np.sqrt(5) - 1) / 2
    c, d = b - g * (b - a), a + g * (b - a)
    for _ in range(60):
        if loss(np.exp(c)) < loss(np.exp(d)):
            b, d = d, c
            c = b - g * (b - a)
        else:
            a, c = c, d
            d = a + g * (b - a)
    return float(np.exp((a + b) / 2))


def expected_calibration_error(confidence: np.ndarray, correct: np.ndarray, bins: int = ECE_BINS) -> float:
    """Sum over equal-width confidence bins of |accuracy - mean confidence|, weighted by the bin's share."""
    confidence, correct = np.asarray(confidence, float), np.asarray(correct, float)
    if len(confidence) == 0:
        raise ValueError("cannot measure calibration on no examples")
    edges = np.linspace(0, 1, bins + 1)
    which = np.clip(np.digitize(confidence, edges[1:-1]), 0, bins - 1)
    err = 0.0
    for b in range(bins):
        m = which == b
        if m.any():
            err += m.mean() * abs(correct[m].mean() - confidence[m].mean())
    return float(err)


def unknown_threshold(real_tile_confidence: np.ndarray, target: float = UNKNOWN_TARGET) -> float:
    """The confidence below which at most ``target`` of these real tiles fall (their ``target`` quantile)."""
    if len(real_tile_confidence) == 0:
        raise ValueError("cannot derive an unknown threshold from no real tiles")
    return float(np.quantile(np.asarray(real_tile_confidence, float), target, method="lower"))


def save(cal: Calibration, path: Path = CALIBRATION_PATH) -> None:
    path.write_text(json.dumps(asdict(cal), indent=2) + "\n", encoding="utf-8")


@functools.cache
def _read(path: Path) -> Calibration:
    if not path.is_file():
        return Calibration(fitted_on="none: models/calibration.json is missing (python -m sikwu.datasets.calibrate)")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        cal = Calibration(**data)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"{path} is not a calibration file ({exc}); restore it with git or refit it") from exc
    if (
        not cal.temperature > 0
        or (cal.unknown_below is not None and not 0 <= cal.unknown_below <= 1)
        or (cal.foreign_beyond is not None and not 0 <= cal.foreign_beyond <= 2)
    ):
        raise ValueError(
            f"{path}: temperature must be > 0, unknown_below a probability and foreign_beyond a cosine distance "
            f"(0 to 2), got {data}"
        )
    return cal


def for_model(model_path: Path, path: Path = CALIBRATION_PATH) -> Calibration:
    """The calibration fitted for this model file, or the identity (T = 1, no unknown verdict) for any other model."""
    cal = _read(path)
    if cal.model_sha256 and cal.model_sha256 != file_sha256(model_path):
        return Calibration(fitted_on=f"none: {path.name} was fitted for another model file; refit it")
    return cal
