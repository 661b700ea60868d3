"""Photo -> tiles: ``sikwu.vision.recognize(image)`` finds every tile in a photo and names it.

The stages live in their own modules (see ``vision.pipeline``); importing this package loads OpenCV and
onnxruntime, so code that only scores hands (``sikwu score``, ``python -m sikwu.scoring``) never imports it.
"""

from __future__ import annotations

from sikwu.vision.pipeline import Recognition, RecognizedTile, recognize

__all__ = ["Recognition", "RecognizedTile", "recognize"]
