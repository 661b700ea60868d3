"""Thin adapters from the page to ``sikwu.vision.teach``: teach a table's own tile set, read photos as that set.

Split from :mod:`sikwu.app.services` by job (that module reads photos and scores hands; this one teaches), with the
same contract: the single place that knows vision's teaching calls, turning their errors into sentences a player can
act on. Taught sets are stored where ``vision.teach`` keeps them (the user data dir, one file per table's set), so a
set taught on the page is the set ``sikwu recognize --set NAME`` uses and the other way round.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
from sikwu.app.i18n import _
from sikwu.app.services import PhotoError, Unavailable, _sentence
from sikwu.scoring.tiles import TILE_IDS

if TYPE_CHECKING:
    from sikwu.vision.set_classifier import SetClassifier


class TeachRefused(ValueError):
    """The photo or tiles cannot teach the set: the message says what is missing; ``missing`` lists the faces."""

    def __init__(self, message: str, missing: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.missing = tuple(missing)


@dataclass(frozen=True)
class Taught:
    """What one teaching step did: the faces taught now, and what the set knows and still lacks after it."""

    set_name: str
    taught: tuple[str, ...]  # faces given an example now, in tile order
    tiles: int  # tiles added now
    known: int  # faces of the 42 the set knows after this step
    missing: tuple[str, ...]  # faces the set still has no example of
    unassigned: int = 0  # tiles found in the photo that got no face
    by_elimination: tuple[str, ...] = ()  # faces given to tiles no face was likely for: the player should check them
    out_of_place: tuple[str, ...] = ()  # laid out in order: places whose tile surely reads as another face
    unsure: tuple[str, ...] = ()  # named by the classifier with less than the check-this probability
    #: the tiles for the players to check: (the set's tile number, or None for a tile not taught; its name or the
    #: classifier's guess; its BGR crop)
    to_check: tuple[tuple[int | None, str, np.ndarray], ...] = field(default=(), compare=False, repr=False)
    renamed: int | None = None  # the players checked the unsure names: how many they renamed
    table_crops: int = 0  # crops of the photo's table learned as no tile (``vision.teach_table``)


def check_set_name(name: str) -> str:
    """The name, stripped; TeachRefused in the page's words when the store would refuse it."""
    from sikwu.vision.tile_sets import TileSetError, check_name

    name = (name or "").strip()
    try:
        return check_name(name)
    except TileSetError:
        raise TeachRefused(
            _("Name the set with 1 to 64 letters, digits, spaces, dots, dashes or underscores, e.g. the table's name.")
        ) from None


def set_exists(set_name: str) -> bool:
    """A set of this name has been taught (a chosen name with nothing taught yet is read as the shipped model)."""
    try:
        from sikwu.vision.tile_sets import set_path

        return set_path(set_name).is_file()
    except (ImportError, ValueError):  # no vision here, or a name the store refuses
        return False


def tile_sets() -> list[str]:
    """The sets taught on this computer (empty when none, or when the store cannot be read)."""
    try:
        from sikwu.vision.tile_sets import list_sets

        return list_sets()
    except (ImportError, OSError):
        return []


def _unavailable(exc: Exception) -> Unavailable:
    return Unavailable(
        _("Teaching needs photo recognition, which cannot run here ({error}). Photos are read as usual.").format(
            error=exc
        )
    )


@functools.lru_cache(maxsize=1)
def _teacher() -> SetClassifier:
    """The shipped classifier with its calibration, shared: teaching never adapts it (it embeds and names crops)."""
    from sikwu.vision.classifier import default_classifier
    from sikwu.vision.set_classifier import SetClassifier

    return SetClassifier(default_classifier())


def _vision() -> tuple[Any, SetClassifier]:
    try:
        from sikwu.vision import teach

        return teach, _teacher()
    except (ImportError, FileNotFoundError, RuntimeError) as exc:  # no OpenCV/onnxruntime, no or broken model
        raise _unavailable(exc) from exc


def _taught(result: Any) -> Taught:
    faces = tuple(f for f in TILE_IDS if f in result.taught)
    return Taught(
        result.set_name,
        faces,
        sum(result.taught.values()),
        result.faces_in_set,
        tuple(result.missing),
        result.unassigned,
        tuple(result.by_elimination),
        tuple(face for face, _reads in result.out_of_place),
        tuple(result.unsure),
        tuple(result.unsure_tiles),
        table_crops=result.table_crops,
    )


def teach_photo(rgb: np.ndarray, set_name: str, replace: bool = False, in_order: bool = False) -> Taught:
    """Teach ``set_name`` from one upright RGB photo of the set laid out (``in_order``: in the canonical order, each
    tile named by its place); TeachRefused says what is missing."""
    name = check_set_name(set_name)
    teach, clf = _vision()
    from sikwu.vision.io import ImageInputError, NoTilesFoundError
    from sikwu.vision.tile_sets import TileSetError

    try:
        bgr = np.ascontiguousarray(rgb[:, :, ::-1])
        return _taught(teach.teach_from_photo(bgr, name, clf, replace, in_order=in_order))
    except teach.TeachError as exc:
        if exc.counted[1]:
            raise TeachRefused(
                _(
                    "This photo shows {found} tiles, but your set laid out in order has {expected}. Lay out every "
                    "face in rows, in order - characters, dots and bamboo 1 to 9, the winds east south west north, "
                    "the dragons white green red, flowers 1 to 4, seasons 1 to 4 - with small gaps between the "
                    "tiles, and photograph from straight above."
                ).format(found=exc.counted[0], expected=exc.counted[1])
            ) from exc
        if exc.slip is not None:
            raise TeachRefused(_slipped(exc.slip.first, exc.slip.last, exc.slip.shift)) from exc
        if exc.missing:
            raise TeachRefused(
                _(
                    "This photo shows {n} of the 42 faces: too few to teach the set (at least {least}). Lay out one "
                    "tile of each face face up in rows with small gaps, and photograph them from straight above."
                ).format(n=len(exc.found), least=teach.MIN_FACES),
                exc.missing,
            ) from exc
        raise TeachRefused(_no_tiles()) from exc
    except NoTilesFoundError as exc:
        raise TeachRefused(_no_tiles()) from exc
    except TileSetError as exc:
        raise TeachRefused(_stored_set_broken(exc)) from exc
    except ImageInputError as exc:
        raise PhotoError(_sentence(str(exc))) from exc
    except (FileNotFoundError, RuntimeError) as exc:
        raise _unavailable(exc) from exc


def rename_tiles(set_name: str, names: dict[int, str]) -> None:
    """Put right the names of tiles the players checked (the set's tile number -> tile id)."""
    teach, _clf = _vision()
    from sikwu.vision.tile_sets import TileSetError

    try:
        teach.rename_tiles(check_set_name(set_name), names)
    except teach.TeachError as exc:
        raise TeachRefused(_sentence(str(exc))) from exc
    except TileSetError as exc:
        raise TeachRefused(_stored_set_broken(exc)) from exc


def teach_tiles(
    set_name: str, crops: Sequence[np.ndarray], faces: Sequence[str], not_tiles: Sequence[np.ndarray] = ()
) -> Taught:
    """Add tiles a player named (BGR crops as recognition frames them) to ``set_name``, creating it when new;
    ``not_tiles``: crops of boxes the players said hold no tile, kept as the set's table examples."""
    name = check_set_name(set_name)
    teach, clf = _vision()
    from sikwu.vision.tile_sets import TileSetError

    try:
        return _taught(teach.add_examples(name, list(crops), list(faces), clf, not_tiles=list(not_tiles)))
    except teach.TeachError as exc:
        raise TeachRefused(_sentence(str(exc))) from exc
    except TileSetError as exc:
        raise TeachRefused(_stored_set_broken(exc)) from exc
    except (FileNotFoundError, RuntimeError) as exc:
        raise _unavailable(exc) from exc


def tile_crops(rgb: np.ndarray, quads: Sequence[np.ndarray]) -> list[np.ndarray]:
    """Each quad of an RGB photo as recognition frames a tile for the classifier (upright, a little margin, BGR)."""
    from sikwu.vision.teach import tile_crops as crops

    return crops(np.ascontiguousarray(rgb[:, :, ::-1]), quads)


def reading_classifier(set_name: str) -> SetClassifier:
    """The shipped classifier adapted to the taught set, for ``vision.recognize``; TeachRefused when unusable."""
    from sikwu.vision.set_classifier import for_recognition
    from sikwu.vision.teach import load_set
    from sikwu.vision.tile_sets import TileSetError

    try:
        return for_recognition(load_set(set_name))
    except TileSetError as exc:
        raise TeachRefused(
            _("Your tile set '{name}' cannot be used ({error}); teach it again on the teach page.").format(
                name=set_name, error=exc
            )
        ) from exc


def _slipped(first: str, last: str, shift: int) -> str:
    """A layout read off by a tile, in the page's words: which tiles, and what to do."""
    from sikwu.app.tile_names import tile_name

    text = (
        _(
            "From {first} to {last}, each tile looks like the face {n} place(s) before its own: a tile is missing "
            "there, or something else was taken for one, so the names would slip. Lay the set out again in order "
            "with small gaps between the tiles, and photograph from straight above."
        )
        if shift < 0
        else _(
            "From {first} to {last}, each tile looks like the face {n} place(s) after its own: a tile is missing "
            "there, or something else was taken for one, so the names would slip. Lay the set out again in order "
            "with small gaps between the tiles, and photograph from straight above."
        )
    )
    return text.format(first=tile_name(first), last=tile_name(last), n=abs(shift))


def _no_tiles() -> str:
    return _(
        "No tiles were found in this photo. Lay the tiles face up on a plain table in good light, fill the frame "
        "and photograph from straight above."
    )


def _stored_set_broken(exc: Exception) -> str:
    return _("The stored set cannot be used ({error}). Teach it again with 'Start this set afresh' ticked.").format(
        error=exc
    )


def set_summary(set_name: str) -> tuple[int, int] | None:
    """(faces, tiles) the stored set holds, or None when it cannot be read."""
    try:
        from sikwu.vision.teach import load_set

        tile_set = load_set(set_name)
    except (ImportError, ValueError):  # TileSetError is a ValueError
        return None
    return len(tile_set.faces), tile_set.tiles
