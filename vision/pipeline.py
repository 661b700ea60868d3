"""Photo -> recognised tiles, in four stages under one stopwatch, the way a detector's predictor separates
pre-process, inference and post-process:

1. load (``vision.io``): read the photo upright and scale it to working size;
2. propose (``vision.propose``): tile quads from the learned detector after the photo's framing is put right, or
   from OpenCV segmentation (``vision.segment``) when the detector model is absent or finds nothing;
3. name (``vision.naming``, ``vision.split_choice``): the classifier names each quad and decides which candidates
   are tiles (for segmentation blobs it also chooses how each blob splits into tiles);
4. assemble (``vision.assemble``): drop duplicates, lay the tiles out in rows and groups, assign ids under the
   tile-set counts (``vision.assign``) and map them back to the photo.

Each stage is its own module so it can be measured and tested alone; this module only wires them.  The timings'
keys name what ran: ``load``, ``detect`` or ``segment`` (propose), ``classify`` (name), ``layout_decode``
(assemble) and ``total``.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Literal, NamedTuple

import numpy as np
from sikwu.vision.assemble import assemble, consistent
from sikwu.vision.back_size import without_undersized_backs
from sikwu.vision.calibration import Calibration, for_model
from sikwu.vision.detector import DEFAULT_MODEL_PATH, BoxSource, DetectorModelError, TileDetector
from sikwu.vision.hidden_backs import hidden_backs
from sikwu.vision.hue_look import hue_look
from sikwu.vision.io import ImageInput, LoadedImage, NoTilesFoundError, load_image
from sikwu.vision.kong_backs import kong_completions
from sikwu.vision.naming import (
    SOURCE_OVERLAP,
    Classifier,
    Named,
    filled_backs,
    filled_faces,
    is_tile,
    lone_faces,
    name_quads,
    partner_look,
    row_continuations,
    second_framing_look,
    segmentation_extras,
)
from sikwu.vision.note_texts import note
from sikwu.vision.propose import detector_proposals, uncovered_blobs
from sikwu.vision.quads import overlap
from sikwu.vision.result import Recognition, RecognizedTile
from sikwu.vision.segment import segment
from sikwu.vision.split_choice import name_blobs
from sikwu.vision.stopwatch import Stopwatch

__all__ = [
    "CandidateSource", "ClassifierUnavailableError", "LaidOut", "Recognition", "RecognizedTile", "recognize",
    "tile_quads",
]  # fmt: skip

#: The detector model; None means ``vision.detector.DEFAULT_MODEL_PATH`` (tests point it elsewhere).
DETECTOR_MODEL_PATH: Path | None = None
#: Whether the general detector (``models/tile_detector_general.onnx``, when present) fills in tiles the detector
#: found nothing at (``vision.fill_in``); a benchmark measuring one detector alone turns it off.
FILL_IN = True
#: Which candidate sources ``candidates="auto"`` uses when the detector model is present.
AUTO_SOURCES: tuple[str, ...] = ("detector",)

CandidateSource = Literal["auto", "detector", "segmentation", "union"]


class ClassifierUnavailableError(FileNotFoundError):
    """The shipped tile classifier cannot be loaded (missing or broken model file)."""


def _default_classifier() -> Classifier:
    from sikwu.vision.classifier import ModelError, default_classifier

    try:
        return default_classifier()
    except ModelError as exc:
        raise ClassifierUnavailableError(str(exc)) from exc


def _calibration(clf: Classifier) -> Calibration | None:
    """The calibration fitted for the shipped network the classifier runs (``models/calibration.json``), or None for
    any other classifier. A set-adapted classifier must give raw probabilities (identity calibration) here."""
    from sikwu.vision.classifier import TileClassifier
    from sikwu.vision.set_classifier import SetClassifier

    if isinstance(clf, SetClassifier):
        return for_model(clf.base.model_path) if clf.calibration.temperature == 1.0 else None
    return for_model(clf.model_path) if isinstance(clf, TileClassifier) else None


@functools.lru_cache(maxsize=2)
def _load_detector(path: Path | None) -> BoxSource:
    return TileDetector(path)


def _default_detector() -> tuple[BoxSource | None, str | None]:
    """The shipped detector, or None and a note saying why recognition falls back to OpenCV segmentation."""
    path = DETECTOR_MODEL_PATH if DETECTOR_MODEL_PATH is not None else DEFAULT_MODEL_PATH
    if not Path(path).is_file():
        return None, note("vision.detector_missing", path=str(path))
    try:
        return _load_detector(Path(path)), None
    except DetectorModelError as exc:
        return None, note("vision.detector_broken", error=str(exc))


def _general_detector() -> tuple[BoxSource | None, str | None]:
    """The general detector that fills in, or None (turned off, or not shipped: recognition works without it) and
    a note when its file is there but cannot be used."""
    from sikwu.models import GENERAL_DETECTOR_PATH

    if not FILL_IN or not GENERAL_DETECTOR_PATH.is_file():
        return None, None
    try:
        return _load_detector(GENERAL_DETECTOR_PATH), None
    except DetectorModelError as exc:
        return None, note("vision.general_detector_broken", error=str(exc))


def _sources(candidates: CandidateSource, detector: BoxSource | None) -> tuple[str, ...]:
    if detector is None or candidates == "segmentation":
        return ("segmentation",)
    if candidates == "auto":
        return AUTO_SOURCES
    return ("detector",) if candidates == "detector" else ("detector", "segmentation")


def _from_detector(
    loaded: LoadedImage,
    detectors: tuple[BoxSource, BoxSource | None],
    clf: Classifier,
    union: bool,
    watch: Stopwatch,
    notes: list[str],
) -> tuple[LoadedImage, list[Named] | None, list[Named]]:
    """Propose with the detector (and the one that fills in, if any) and name its quads (plus, in union mode,
    segmented tiles it missed); None when the detectors found no tile. Last: the face-down tiles only one detector
    saw (or saw faintly), which count only where they complete a concealed kong (``kong_backs.kong_completions``)."""
    with watch.stage("detect"):
        proposals = detector_proposals(loaded, *detectors)
    notes.extend(proposals.notes)
    if not proposals.quads and not proposals.filled and not proposals.lone:
        notes.append(note("vision.detector_found_nothing"))
        return proposals.image, None, []
    pixels = proposals.image.pixels
    n_sure, n_faint, n_lone = len(proposals.quads), len(proposals.faint), len(proposals.lone)
    with watch.stage("classify"):
        named = name_quads(pixels, proposals.quads + proposals.lone + proposals.faint + proposals.filled, clf)
        named = hue_look(pixels, named, clf)
        found = second_framing_look(named[:n_sure], proposals.framings, pixels, clf)
        found = partner_look(found, proposals.partners, pixels, clf)
        lone = named[n_sure : n_sure + n_lone]
        found += lone_faces(lone, [q for q, p in found if is_tile(p)])
        faint = named[n_sure + n_lone : n_sure + n_lone + n_faint]
        if faint:
            found += row_continuations(faint, [q for q, p in found if is_tile(p)])
        filled = named[n_sure + n_lone + n_faint :]
        found += filled_faces(filled)
        backs = filled_backs(lone) + filled_backs(filled) + filled_backs(faint)
    if union:
        # tiles the detector missed: segment, leave the blobs its accepted boxes cover, keep split tiles no accepted
        # box covers (a box the classifier rejects is no evidence about the blob under it)
        taken = [q for q, p in found if is_tile(p)]
        with watch.stage("segment"):
            seg = uncovered_blobs(segment(pixels), taken)
        with watch.stage("classify"):
            found += segmentation_extras(name_blobs(pixels, seg, clf), taken)
    return proposals.image, found, backs


def _from_segmentation(loaded: LoadedImage, clf: Classifier, watch: Stopwatch) -> list[Named]:
    with watch.stage("segment"):
        seg = segment(loaded.pixels)
    if not seg.blobs:
        raise NoTilesFoundError(note("vision.no_tiles"))
    with watch.stage("classify"):
        return name_blobs(loaded.pixels, seg, clf)


class LaidOut(NamedTuple):
    """A photo of tiles laid out apart (a set to teach): where the tiles are, and what else the detectors boxed."""

    #: The framed working image; the quads are in its pixels.
    image: LoadedImage
    #: Where the detector is sure a tile lies.
    quads: list[np.ndarray]
    #: The detectors' other boxes (the general detector's own, faint ones, a first-detector box across two tiles):
    #: on a photo whose every tile was found, what the detectors take for a tile on this table
    #: (``vision.teach_table.table_spares``).
    spare: list[np.ndarray]


def tile_quads(image: ImageInput | LoadedImage) -> LaidOut:
    """Where the detector is sure a tile lies, unnamed: on a photo whose every tile box is a tile (a set laid out on a
    plain table to teach it), no box is left to the classifier's veto, which an unseen set's faces can fail. Quads
    are in the pixels of the returned (framed) working image; the general detector's own extra boxes are left out
    (on a cloth it also boxes the gaps between spaced tiles), and so are the first detector's boxes the general one
    did not confirm where they overlap a confirmed tile (``naming.SOURCE_OVERLAP``): tiles laid out apart do not
    overlap, so such a box lies across two tiles (on a striped cloth, a dozen in one photo). Both are kept as
    ``spare``. A photo already loaded is not read again. Raises ``NoTilesFoundError`` without a detector."""
    loaded = load_image(image)
    detector, why = _default_detector()
    if detector is None:
        raise NoTilesFoundError(why or note("vision.detector_found_nothing"))
    proposals = detector_proposals(loaded, detector, _general_detector()[0])
    sure = proposals.quads
    lone = [q for q in proposals.lone if all(overlap(q, t) <= SOURCE_OVERLAP for t in sure)]
    across = [q for q in proposals.lone if any(overlap(q, t) > SOURCE_OVERLAP for t in sure)]
    return LaidOut(proposals.image, sure + lone, proposals.filled + proposals.faint + across)


def recognize(
    image: ImageInput | LoadedImage,
    *,
    winning: bool = False,
    classifier: Classifier | None = None,
    detector: BoxSource | None = None,
    candidates: CandidateSource = "auto",
) -> Recognition:
    """Find and name every tile in a photo.

    ``image`` is a path, encoded bytes, a PIL image, a NumPy array (OpenCV BGR order; convert an RGB array with
    ``arr[:, :, ::-1]`` or pass ``PIL.Image.fromarray(rgb)``) or a photo already loaded (``io.load_image``).
    ``winning=True`` prefers the most probable reading that is a legal winning hand.  ``candidates`` chooses where
    tile candidates come from: ``"auto"`` (the detector when its model is present, else OpenCV segmentation),
    ``"detector"``, ``"segmentation"`` or ``"union"`` (detector boxes plus segmented tiles no box covers);
    ``detector`` replaces the shipped detector.  Raises ``vision.io.ImageInputError`` subclasses for unusable input,
    ``NoTilesFoundError`` when nothing tile-like is found and ``ClassifierUnavailableError`` when the classifier
    model cannot be loaded.
    """
    watch = Stopwatch()
    notes: list[str] = []
    with watch.stage("load"):
        loaded = load_image(image)
    second: BoxSource | None = None
    if candidates != "segmentation" and detector is None:
        detector, why = _default_detector()
        second, why_not_second = _general_detector() if detector is not None else (None, None)
        notes.extend(n for n in (why, why_not_second) if n)
    sources = _sources(candidates, detector)
    clf = classifier if classifier is not None else _default_classifier()
    found: list[Named] | None = None
    backs: list[Named] = []
    if detector is not None and "detector" in sources:
        loaded, found, backs = _from_detector(loaded, (detector, second), clf, "segmentation" in sources, watch, notes)
    used = sources if found is not None else ("segmentation",)
    if found is None:
        found = _from_segmentation(loaded, clf, watch)
    with watch.stage("layout_decode"):
        chosen = without_undersized_backs(consistent([(q, p) for q, p in found if is_tile(p)]))
        if chosen and backs:
            chosen = consistent(chosen + kong_completions(chosen, backs))
        if chosen and "detector" in used:  # backs no detector boxed, where kongs' shown faces put them
            chosen = consistent(chosen + hidden_backs(chosen, loaded.pixels, clf))
        chosen = without_undersized_backs(chosen)
        if not chosen:
            raise NoTilesFoundError(note("vision.no_tiles_among_candidates"))
        result = assemble(chosen, loaded, winning=winning, calibration=_calibration(clf))
    return Recognition(
        tiles=result.tiles,
        image_size=loaded.original_size,
        timings_ms=watch.laps(),
        method=result.assignment.method,
        notes=tuple(notes) + result.assignment.notes,
        candidates="+".join(used),
    )
