"""The views each teaching crop is stored as: the same tile as the table's later photos may show it.

Why views: a teaching photo shows each face once, in one light, at one distance, the right way up. The table's
photos show it turned any way round, nearer or further (a looser or tighter box), darker or brighter, softer, a
little askew. Storing the crop under those differences lets the set's refitted head (``vision.set_head``) learn the
face and not the one photo of it. The changes are the ordinary ones of a phone photo at a table, each of a size a
real photo shows, not values searched for: a box 6% tighter or 10% looser, light at 0.6x or 1.3x, a blur of 1.5 px,
10 degrees askew; every view at the four quarter turns.
"""

from __future__ import annotations

import cv2
import numpy as np

#: Each view is seen at the four quarter turns (tiles lie any way round on a table).
TURNS = 4


def _askew(crop: np.ndarray, degrees: float) -> np.ndarray:
    h, w = crop.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), degrees, 1.0)
    return cv2.warpAffine(crop, m, (w, h), borderMode=cv2.BORDER_REPLICATE)


def photo_views(crop: np.ndarray) -> list[np.ndarray]:
    """The crop as the table's photos may show it (upright; ``views`` adds the turns)."""
    h, w = crop.shape[:2]
    dy, dx = int(0.06 * h), int(0.06 * w)
    py, px = int(0.1 * h), int(0.1 * w)
    scaled = crop.astype(np.float32)
    return [
        crop,
        crop[dy : h - dy, dx : w - dx] if h - 2 * dy > 4 and w - 2 * dx > 4 else crop,
        cv2.copyMakeBorder(crop, py, py, px, px, cv2.BORDER_REPLICATE),
        np.clip(scaled * 0.6, 0, 255).astype(np.uint8),
        np.clip(scaled * 1.3 + 10, 0, 255).astype(np.uint8),
        cv2.GaussianBlur(crop, (0, 0), 1.5),
        _askew(crop, -10.0),
        _askew(crop, 10.0),
    ]


#: Views per teaching crop: ``len(photo_views(crop)) * TURNS``.
VIEWS = 8 * TURNS


def views(crop: np.ndarray) -> list[np.ndarray]:
    """Every view of one crop: each photo view at each quarter turn (``VIEWS`` in all)."""
    return [np.ascontiguousarray(np.rot90(v, t)) for t in range(TURNS) for v in photo_views(crop)]
