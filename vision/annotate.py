"""Draw a recognition on the photo so a person can check every tile at a glance: outline, index and id."""

from __future__ import annotations

import cv2
import numpy as np
from sikwu.vision.result import Recognition

_OK = (60, 200, 60)  # BGR
_DOUBT = (0, 140, 255)  # changed or low confidence


def annotate(bgr: np.ndarray, recognition: Recognition, scale: tuple[float, float] = (1.0, 1.0)) -> np.ndarray:
    """A copy of ``bgr`` with each tile's quad and ``index:id`` drawn; ``scale`` = original pixels per ``bgr`` pixel.

    Doubtful tiles (id changed by decoding or low confidence) are drawn in orange so they stand out.
    """
    out = bgr.copy()
    sx, sy = scale
    h = out.shape[0]
    thick = max(1, round(h / 400))
    font = max(0.35, h / 1400)
    for i, t in enumerate(recognition.tiles):
        q = (np.asarray(t.quad) / np.array([sx, sy])).round().astype(np.int32)
        colour = _DOUBT if (t.changed or t.low_confidence) else _OK
        cv2.polylines(out, [q.reshape(-1, 1, 2)], True, colour, thick, cv2.LINE_AA)
        label = f"{i}:{t.id}"
        x, y = int(q[:, 0].min()), int(q[:, 1].min())
        (tw, th), base = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, font, thick)
        y = max(th + base, y - 2)
        cv2.rectangle(out, (x, y - th - base), (x + tw, y + base // 2), (255, 255, 255), cv2.FILLED)
        cv2.putText(out, label, (x, y - base // 2), cv2.FONT_HERSHEY_SIMPLEX, font, (20, 20, 20), thick, cv2.LINE_AA)
    return out
