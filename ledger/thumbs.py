"""A small JPEG of the hand's photo for the history (kept in the local ledger, deletable on its own)."""

from __future__ import annotations

import io

from sikwu.ledger.errors import LedgerError

MAX_SIDE = 320


def make_thumbnail(data: bytes, max_side: int = MAX_SIDE) -> tuple[str, bytes]:
    """("image/jpeg", bytes) at most ``max_side`` pixels on the long side; LedgerError for a non-image."""
    from PIL import Image, ImageOps, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(data)) as opened:
            img = ImageOps.exif_transpose(opened).convert("RGB")
            img.thumbnail((max_side, max_side))
            out = io.BytesIO()
            img.save(out, "JPEG", quality=80)
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError) as exc:
        raise LedgerError(f"the photo cannot be read as an image ({exc}); give a JPEG or PNG file") from None
    return "image/jpeg", out.getvalue()
