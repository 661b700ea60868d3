"""Thin adapters from the page to the vision and scoring packages.

The page composes vision and scoring only; this module is the single place that knows their call shapes. Each piece
is imported when first needed, and a piece that is not installed (or fails to import) becomes a
:class:`Unavailable` with a sentence the page shows for that feature only, so typing a hand still works while, say,
the classifier model is missing.
"""

from __future__ import annotations

import functools
import importlib
import io
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from sikwu.scoring.tiles import TILE_IDS


class Unavailable(RuntimeError):
    """A feature's package is missing: the message says which and what still works."""


class PhotoError(ValueError):
    """The photo could not be read or held no tiles: the message says what to do next."""


def _import(module: str, feature: str) -> Any:
    try:
        return importlib.import_module(module)
    except Exception as exc:  # ImportError, or a half-built module raising on import
        raise Unavailable(
            f"{feature} is not available in this installation ({module}: {exc}). "
            "You can still type the hand in notation and correct it here."
        ) from exc


def _get(module: str, name: str, feature: str) -> Any:
    """``module.name``, or Unavailable naming what is missing (a package still being built, say)."""
    mod = _import(module, feature)
    value = getattr(mod, name, None)
    if value is None:
        raise Unavailable(
            f"{feature} is not available in this installation ({module}.{name} is missing). "
            "You can still type the hand in notation and correct it here."
        )
    return value


# ---- photo --------------------------------------------------------------------------------------------------------


#: Longest side the page keeps of a photo: vision works at 1600 px (vision.io.WORK_MAX_SIDE), so decoding a
#: 12-megapixel phone photo any larger only costs time and memory.
PHOTO_MAX_SIDE = 1600


def decode_photo(data: bytes, max_side: int = PHOTO_MAX_SIDE) -> np.ndarray:
    """Decode an uploaded photo (JPEG/PNG/WebP, HEIC when a Pillow plugin is installed) to an upright RGB array
    whose longer side is at most ``max_side``.

    EXIF orientation is applied here, once, so the boxes vision returns and the picture the page draws them on
    share one coordinate system. JPEGs are decoded at a reduced DCT scale (Pillow's draft mode) when large.
    """
    from PIL import Image, ImageOps, UnidentifiedImageError

    try:
        import pillow_heif  # type: ignore[import-not-found]

        pillow_heif.register_heif_opener()
    except ImportError:
        pass
    if not data:
        raise PhotoError("The uploaded file is empty. Take the photo again or choose another file.")
    try:
        with Image.open(io.BytesIO(data)) as img:
            if img.format == "JPEG" and max(img.size) > max_side:
                f = max_side / max(img.size)
                img.draft("RGB", (round(img.width * f), round(img.height * f)))  # stays >= the requested size
            img = ImageOps.exif_transpose(img)
            img = img.convert("RGB")
            if max(img.size) > max_side:
                img.thumbnail((max_side, max_side), Image.LANCZOS, reducing_gap=2.0)
            rgb = np.asarray(img)
    except UnidentifiedImageError as exc:
        head = data[:12]
        if b"ftypheic" in head or b"ftypheix" in head or b"ftypmif1" in head:
            raise PhotoError(
                "This is an HEIC photo and this installation cannot read HEIC. On an iPhone choose "
                "Settings > Camera > Formats > Most Compatible, or send the photo as JPEG, then upload again."
            ) from exc
        raise PhotoError(
            "That file is not a photo this page can read. Upload a JPEG or PNG of the hand laid face up."
        ) from exc
    except Image.DecompressionBombError as exc:
        raise PhotoError("The image is far too large to be a photo. Upload the camera's own JPEG.") from exc
    except (OSError, ValueError) as exc:
        raise PhotoError(f"The photo is damaged or cut short ({exc}). Take it again or choose another file.") from exc
    if rgb.ndim != 3 or min(rgb.shape[:2]) < 32:
        raise PhotoError("The image is too small to show tiles. Take a photo with the hand filling most of it.")
    return rgb


def downscale(rgb: np.ndarray, factor: float) -> np.ndarray:
    from PIL import Image

    img = Image.fromarray(rgb)
    size = (max(1, round(img.width * factor)), max(1, round(img.height * factor)))
    return np.asarray(img.resize(size, Image.LANCZOS))


@dataclass(frozen=True)
class FoundTiles:
    """What the page needs from a recognition: per tile the fields Draft.from_found takes, plus geometry."""

    tiles: tuple[dict[str, Any], ...]
    boxes: tuple[tuple[float, float, float, float] | None, ...]
    quads: tuple[Any, ...]
    seconds: float
    notes: tuple[str, ...] = field(default=())


def _field(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, dict):
        return obj.get(name, default)
    return getattr(obj, name, default)


def recognize(rgb: np.ndarray) -> FoundTiles:
    """Run vision on an upright RGB photo; raises Unavailable or PhotoError with a next step."""
    recognize_fn = _get("vision", "recognize", "Photo recognition")
    started = time.perf_counter()
    try:
        # vision takes arrays in OpenCV's BGR order; ours is RGB (what Pillow and st.image use)
        result = recognize_fn(np.ascontiguousarray(rgb[:, :, ::-1]), winning=True)
    except (FileNotFoundError, ImportError, RuntimeError) as exc:  # e.g. vision.classifier.ModelError: no model
        raise Unavailable(f"Photo recognition cannot run here: {exc}. Type the hand in notation instead.") from exc
    except ValueError as exc:  # vision.io.ImageInputError family, NoTilesFoundError included
        raise PhotoError(f"{_sentence(str(exc))} You can also choose Type and enter the tiles.") from exc
    seconds = time.perf_counter() - started
    raw_tiles = list(_field(result, "tiles", ()) or ())
    tiles, boxes, quads = [], [], []
    for t in raw_tiles:
        tile_id = str(_field(t, "id", _field(t, "tile", "")))
        top3 = tuple((str(a), float(b)) for a, b in (_field(t, "top3", ()) or ()))
        tiles.append(
            {
                "tile": tile_id,
                "confidence": _maybe_float(_field(t, "confidence")),
                "top3": top3,
                "low_confidence": bool(_field(t, "low_confidence", False)),
                "changed": bool(_field(t, "changed", False)),
                "found_as": str(_field(t, "found_as", "") or (top3[0][0] if top3 else tile_id)),
                "group": _field(t, "group"),
            }
        )
        box = _field(t, "box")
        boxes.append(tuple(float(v) for v in box) if box is not None else None)
        quads.append(_field(t, "quad"))
    notes = tuple(str(n) for n in (_field(result, "notes", ()) or ()))
    # Tiles the classifier calls "not-a-tile" are not part of the hand; drop them before numbering.
    keep = [i for i, t in enumerate(tiles) if t["tile"] != "not-a-tile"]
    if not keep:
        raise PhotoError(
            "No tiles were found in this photo. Lay the hand face up in one or two rows on a plain table, fill "
            "the frame, avoid glare, and try again - or type the hand below."
        )
    return FoundTiles(
        tiles=tuple(tiles[i] for i in keep),
        boxes=tuple(boxes[i] for i in keep),
        quads=tuple(quads[i] for i in keep),
        seconds=seconds,
        notes=notes,
    )


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _maybe_float(v: Any) -> float | None:
    try:
        return None if v is None else float(v)
    except (TypeError, ValueError):
        return None


# ---- tile pictures ----------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=256)
def face_png(tile_id: str, height: int = 64) -> bytes:
    """The project's own drawing of a tile face (raises Unavailable when sikwu.artwork is missing)."""
    faces = _import("sikwu.artwork", "Tile pictures")
    fn = getattr(faces, "face_png_bytes", None)
    if fn is not None:
        return bytes(fn(tile_id, height))
    img = faces.render_face(tile_id, height)
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def faces_available() -> str | None:
    """None when tile pictures can be drawn, else the sentence to show."""
    try:
        face_png(TILE_IDS[0], 48)
    except Unavailable as exc:
        return str(exc)
    except Exception as exc:  # a drawing bug must not take the page down
        return f"Tile pictures could not be drawn ({exc}); tiles are shown by name."
    return None


# ---- scoring ------------------------------------------------------------------------------------------------------


def parse_tiles(text: str) -> tuple[str, ...]:
    try:
        parse = _get("sikwu.scoring", "parse_tiles", "Typing a hand")
    except Unavailable:
        parse = _get("sikwu.scoring.notation", "parse_tiles", "Typing a hand")
    return tuple(parse(text))


def builtin_profiles() -> dict[str, str]:
    return dict(_get("sikwu.scoring", "builtin_profiles", "Rule profiles")())


def default_profile_name() -> str:
    scoring = _import("sikwu.scoring", "Scoring")
    return str(getattr(scoring, "DEFAULT_PROFILE", "sparrows-nest"))


def load_profile(name: str, house_rules_text: str | None = None, house_rules_name: str | None = None) -> Any:
    """A built-in profile, or an uploaded house-rule TOML (validated by the engine; errors name file and key)."""
    load = _get("sikwu.scoring", "load_profile", "Rule profiles")
    if house_rules_text is None:
        return load(name)
    import tempfile
    from pathlib import Path

    safe = "".join(c for c in (house_rules_name or "house-rules.toml") if c.isalnum() or c in "-_.") or "house.toml"
    if not safe.endswith(".toml"):
        safe += ".toml"
    with tempfile.TemporaryDirectory(prefix="sikwu-house-") as tmp:
        path = Path(tmp) / safe
        path.write_text(house_rules_text, encoding="utf-8")
        return load(path)


@dataclass(frozen=True)
class Scored:
    score: Any
    settlement: Any | None
    settlement_error: str | None
    comparisons: tuple[tuple[str, Any | None, str | None], ...]  # (profile, Score or None, error)
    seconds: float
    penalty: Any | None = None  # false-mahjong Settlement when the hand is below the minimum


def score(hand: Any, profile: Any, compare_with: Sequence[str] = ()) -> Scored:
    """Score a hand under a profile, settle it, and score it under the other profiles for comparison."""
    score_hand = _get("sikwu.scoring", "score_hand", "Scoring")
    started = time.perf_counter()
    result = score_hand(hand, profile)
    settlement, settlement_error = None, None
    try:
        settlement = _get("sikwu.scoring.payments", "settle", "Payments")(result, profile)
    except Unavailable as exc:
        settlement_error = str(exc)
    except ValueError as exc:
        settlement_error = str(exc)
    penalty = None
    if not result.meets_minimum:
        try:
            false_mahjong = _get("sikwu.scoring.payments", "false_mahjong", "Penalties")
            penalty = false_mahjong(hand.seat, profile, dealer=hand.dealer)
        except (Unavailable, ValueError):
            penalty = None
    comparisons = []
    for name in compare_with:
        try:
            comparisons.append((name, score_hand(hand, name), None))
        except ValueError as exc:
            comparisons.append((name, None, str(exc)))
    return Scored(result, settlement, settlement_error, tuple(comparisons), time.perf_counter() - started, penalty)


def build_report(hand: Any, profile: Any) -> Any:
    """The engine's Report (for JSON/Markdown downloads and the shareable text); Unavailable when missing."""
    return _get("sikwu.scoring.report", "build_report", "Report downloads")(hand, profile, compare=True)
