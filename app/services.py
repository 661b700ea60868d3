"""Thin adapters from the page to the vision and scoring packages.

The page composes vision and scoring only; this module is the single place that knows their call shapes and turns
their errors into sentences for players. A feature that cannot run here (no classifier model, OpenCV missing, a tile
picture that fails to draw) becomes an :class:`Unavailable` the page shows for that feature only, so typing a hand
still works while, say, the classifier model is missing.
"""

from __future__ import annotations

import functools
import io
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from PIL import Image, ImageFont, ImageOps, UnidentifiedImageError
from sikwu.app.draft import FoundTile
from sikwu.app.engine_text import engine, profile_description, profile_name
from sikwu.app.i18n import _
from sikwu.scoring import Hand, Profile, Score, score_hand
from sikwu.scoring import report as scoring_report
from sikwu.scoring.messages import message_of
from sikwu.scoring.payments import Settlement, false_mahjong, settle
from sikwu.scoring.report import Report
from sikwu.scoring.tiles import TILE_IDS

from sikwu import artwork, scoring

if TYPE_CHECKING:
    from sikwu.vision import RecognizedTile
    from sikwu.vision.set_classifier import SetClassifier


class Unavailable(RuntimeError):
    """A feature cannot run in this installation: the message says which and what still works."""


class HouseRulesError(ValueError):
    """An uploaded house-rules file the engine refused; the message names the player's file and the key."""


class PhotoError(ValueError):
    """The photo could not be read or held no tiles: the message says what to do next."""


# ---- photo --------------------------------------------------------------------------------------------------------


#: Longest side the page keeps of a photo: vision works at 1600 px (vision.io.WORK_MAX_SIDE), so decoding a
#: 12-megapixel phone photo any larger only costs time and memory.
PHOTO_MAX_SIDE = 1600


def _register_heif() -> None:
    try:
        import pillow_heif  # type: ignore[import-not-found]  # optional: iPhone HEIC photos

        pillow_heif.register_heif_opener()
    except ImportError:
        pass


def decode_photo(data: bytes, max_side: int = PHOTO_MAX_SIDE) -> np.ndarray:
    """Decode an uploaded photo (JPEG/PNG/WebP, HEIC when a Pillow plugin is installed) to an upright RGB array
    whose longer side is at most ``max_side``.

    EXIF orientation is applied here, once, so the boxes vision returns and the picture the page draws them on
    share one coordinate system. JPEGs are decoded at a reduced DCT scale (Pillow's draft mode) when large.
    """
    _register_heif()
    if not data:
        raise PhotoError(_("The uploaded file is empty. Take the photo again or choose another file."))
    try:
        with Image.open(io.BytesIO(data)) as opened:
            if opened.format == "JPEG" and max(opened.size) > max_side:
                f = max_side / max(opened.size)
                opened.draft("RGB", (round(opened.width * f), round(opened.height * f)))  # stays >= the request
            img = ImageOps.exif_transpose(opened).convert("RGB")
            if max(img.size) > max_side:
                img.thumbnail((max_side, max_side), Image.Resampling.LANCZOS, reducing_gap=2.0)
            rgb = np.asarray(img)
    except UnidentifiedImageError as exc:
        head = data[:12]
        if b"ftypheic" in head or b"ftypheix" in head or b"ftypmif1" in head:
            raise PhotoError(
                _(
                    "This is an HEIC photo and this installation cannot read HEIC. On an iPhone choose "
                    "Settings > Camera > Formats > Most Compatible, or send the photo as JPEG, then upload again."
                )
            ) from exc
        raise PhotoError(
            _("That file is not a photo this page can read. Upload a JPEG or PNG of the hand laid face up.")
        ) from exc
    except Image.DecompressionBombError as exc:
        raise PhotoError(_("The image is far too large to be a photo. Upload the camera's own JPEG.")) from exc
    except (OSError, ValueError) as exc:
        raise PhotoError(
            _("The photo is damaged or cut short ({error}). Take it again or choose another file.").format(error=exc)
        ) from exc
    if rgb.ndim != 3 or min(rgb.shape[:2]) < 32:
        raise PhotoError(_("The image is too small to show tiles. Take a photo with the hand filling most of it."))
    return rgb


def downscale(rgb: np.ndarray, factor: float) -> np.ndarray:
    img = Image.fromarray(rgb)
    size = (max(1, round(img.width * factor)), max(1, round(img.height * factor)))
    return np.asarray(img.resize(size, Image.Resampling.LANCZOS))


Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class FoundTiles:
    """What the page needs from a recognition: per tile what :meth:`Draft.from_found` takes, plus geometry."""

    tiles: tuple[FoundTile, ...]
    boxes: tuple[Box | None, ...]
    quads: tuple[np.ndarray | None, ...]
    seconds: float
    notes: tuple[str, ...] = field(default=())
    tile_set: str | None = None  # the taught set the tiles were read as (None: the shipped model alone)
    set_problem: str | None = None  # why the chosen set could not be used (the photo was read without it)


def recognize(rgb: np.ndarray, tile_set: str | None = None) -> FoundTiles:
    """Run vision on an upright RGB photo, as the taught ``tile_set`` when given (``app.teach_services``); raises
    Unavailable or PhotoError with a next step. A set that cannot be used is reported, and the photo read without."""
    try:
        # imported on the first photo: OpenCV and onnxruntime are needed only for photos, and typing a hand must
        # keep working on an installation where they fail to load
        from sikwu.vision import recognize as vision_recognize
    except ImportError as exc:
        raise Unavailable(
            _("Photo recognition is not available in this installation ({error}).").format(error=exc)
            + " "
            + _("You can still type the hand in notation and correct it here.")
        ) from exc
    classifier, set_problem = _set_classifier(tile_set)
    started = time.perf_counter()
    try:
        # vision takes arrays in OpenCV's BGR order; ours is RGB (what Pillow and st.image use)
        result = vision_recognize(np.ascontiguousarray(rgb[:, :, ::-1]), winning=True, classifier=classifier)
    except (FileNotFoundError, ImportError, RuntimeError) as exc:  # e.g. vision.classifier.ModelError: no model
        raise Unavailable(
            _("Photo recognition cannot run here: {error}. Type the hand in notation instead.").format(error=exc)
        ) from exc
    except ValueError as exc:  # vision.io.ImageInputError family, NoTilesFoundError included
        raise PhotoError(f"{_sentence(engine(exc))} " + _("You can also choose Type and enter the tiles.")) from exc
    seconds = time.perf_counter() - started
    # Tiles the classifier calls "not-a-tile" are not part of the hand; drop them before numbering.
    kept = [t for t in result.tiles if t.id != "not-a-tile"]
    if not kept:
        raise PhotoError(
            _(
                "No tiles were found in this photo. Lay the hand face up in one or two rows on a plain table, fill "
                "the frame, avoid glare, and try again - or type the hand below."
            )
        )
    return FoundTiles(
        tiles=tuple(_found_tile(t) for t in kept),
        boxes=tuple((float(t.box[0]), float(t.box[1]), float(t.box[2]), float(t.box[3])) for t in kept),
        quads=tuple(t.quad for t in kept),
        seconds=seconds,
        notes=tuple(result.notes),  # the recogniser's keyed messages: the page says them in its language
        tile_set=tile_set if classifier is not None else None,
        set_problem=set_problem,
    )


def _set_classifier(tile_set: str | None) -> tuple[SetClassifier | None, str | None]:
    """(the classifier adapted to the taught set, or None for the shipped one; why the set cannot be used)."""
    from sikwu.app import teach_services

    if not tile_set or not teach_services.set_exists(tile_set):  # a new set, nothing taught yet
        return None, None
    try:
        return teach_services.reading_classifier(tile_set), None
    except teach_services.TeachRefused as exc:
        problem = str(exc)
    except (ImportError, RuntimeError, FileNotFoundError) as exc:  # no model with an embedding, no onnxruntime
        problem = _("Your tile set '{name}' cannot be used here ({error}).").format(name=tile_set, error=exc)
    return None, problem + " " + _("This photo was read without it.")


def _found_tile(t: RecognizedTile) -> FoundTile:
    top3 = tuple((str(a), float(b)) for a, b in t.top3)
    return FoundTile(
        tile=t.id,
        confidence=float(t.confidence),
        top3=top3,
        low_confidence=bool(t.low_confidence),
        changed=bool(t.changed),
        found_as=top3[0][0] if top3 else t.id,
        group=int(t.group),
    )


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?", "。")) else text + "."


# ---- tile pictures ----------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=256)
def face_png(tile_id: str, height: int = 64) -> bytes:
    """The project's own drawing of a tile face (Unavailable when it cannot be drawn here, e.g. no usable font)."""
    try:
        return artwork.face_png_bytes(tile_id, height)
    except Exception as exc:  # a drawing bug or a missing font must not take the page down
        raise Unavailable(
            _("Tile pictures are not available in this installation ({error}); tiles are shown by name.").format(
                error=exc
            )
            + " "
            + _("You can still type the hand in notation and correct it here.")
        ) from exc


def text_font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The font for the words of the share card: the one the tile artwork draws Chinese with."""
    from sikwu.artwork.fonts import text_font as font

    return font(size)


def faces_available() -> str | None:
    """None when tile pictures can be drawn, else the sentence to show."""
    try:
        face_png(TILE_IDS[0], 48)
    except Unavailable as exc:
        return str(exc)
    return None


# ---- scoring ------------------------------------------------------------------------------------------------------


def parse_tiles(text: str) -> tuple[str, ...]:
    """Tile ids from notation; raises the engine's NotationError (a ValueError naming the token and position)."""
    return tuple(scoring.parse_tiles(text))


def builtin_profiles() -> dict[str, str]:
    """Built-in profile name -> one-line description in the page's language."""
    return {name: profile_description(scoring.load_profile(name)) for name in scoring.builtin_profiles()}


def profile_label(name: str) -> str:
    """A built-in profile's name in the page's language (its id for anything that is not a built-in one)."""
    try:
        return profile_name(scoring.load_profile(name))
    except ValueError:
        return name


def default_profile_name() -> str:
    return scoring.DEFAULT_PROFILE


def load_profile(name: str, house_rules_text: str | None = None, house_rules_name: str | None = None) -> Profile:
    """A built-in profile, or an uploaded house-rule TOML (validated by the engine; errors name file and key).

    The engine reads profiles from files (so ``extends`` and error messages work as for ``sikwu score``): the upload
    is written to a private temporary directory under its own (sanitised) name for the duration of the load.
    """
    if house_rules_text is None:
        return scoring.load_profile(name)
    safe = "".join(c for c in (house_rules_name or "house-rules.toml") if c.isalnum() or c in "-_.") or "house.toml"
    if not safe.endswith(".toml"):
        safe += ".toml"
    with tempfile.TemporaryDirectory(prefix="sikwu-house-") as tmp:
        path = Path(tmp) / safe
        path.write_text(house_rules_text, encoding="utf-8")
        try:
            return scoring.load_profile(path)
        except ValueError as exc:  # ProfileError names the file: the player's file name, not the server's temp path
            message = message_of(exc)
            if message is not None and message.params.get("file") == str(path):
                raise HouseRulesError(engine(message.with_params(file=safe))) from exc
            raise HouseRulesError(str(exc).replace(str(path), safe).replace(tmp + "/", "")) from exc


@dataclass(frozen=True)
class Comparison:
    profile: str
    score: Score | None
    error: str | None


@dataclass(frozen=True)
class Scored:
    score: Score
    settlement: Settlement | None
    settlement_error: str | None
    comparisons: tuple[Comparison, ...]
    seconds: float
    penalty: Settlement | None = None  # false-mahjong Settlement when the hand is below the minimum
    comparison_settlements: tuple[Settlement | None, ...] = ()


def score(hand: Hand, profile: Profile, compare_with: Sequence[str] = ()) -> Scored:
    """Score a hand under a profile, settle it, and score (and settle) it under the other profiles for comparison.

    Raises the engine's NotAWinningHandError / HandError (ValueErrors) for hands that cannot be scored."""
    started = time.perf_counter()
    result = score_hand(hand, profile)
    settlement, settlement_error = None, None
    try:
        settlement = settle(result, profile)
    except ValueError as exc:
        settlement_error = engine(exc)
    penalty = None
    if not result.meets_minimum:
        try:
            penalty = false_mahjong(hand.seat, profile, dealer=hand.dealer)
        except ValueError:
            penalty = None
    comparisons, settled = [], []
    for name in compare_with:
        try:
            other = score_hand(hand, name)
            comparisons.append(Comparison(name, other, None))
            settled.append(_settle_or_none(other, name))
        except ValueError as exc:
            comparisons.append(Comparison(name, None, engine(exc)))
            settled.append(None)
    return Scored(
        result,
        settlement,
        settlement_error,
        tuple(comparisons),
        time.perf_counter() - started,
        penalty,
        tuple(settled),
    )


def _settle_or_none(result: Score, profile: str) -> Settlement | None:
    try:
        return settle(result, profile)
    except ValueError:
        return None


def build_report(hand: Hand, profile: Profile) -> Report:
    """The engine's Report (for JSON/Markdown downloads and the shareable text).

    A report that cannot be built disables only the downloads (Unavailable), never the result on the page."""
    try:
        return scoring_report.build_report(hand, profile, compare=True)
    except Exception as exc:  # noqa: BLE001 - downloads are an extra: keep the result on screen whatever happens
        raise Unavailable(_("Report downloads are not available for this hand ({error}).").format(error=exc)) from exc
