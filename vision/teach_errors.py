"""Why teaching refuses a photo or examples, in words the player can act on (``vision.teach``)."""

from __future__ import annotations

from collections.abc import Sequence

from sikwu.vision.layout_slip import Slip

#: Why a photo teaches nothing when no tile is found in it.
NO_TILES = "no tiles were found in the photo; lay the tiles face-up on a plain table, in good light"


class TeachError(ValueError):
    """The photo or examples cannot teach a usable set; the message says what is missing and what to do.

    ``found`` and ``missing`` (faces) are set when a photo showed too few faces, ``counted`` when a set laid out in
    order showed the wrong number of tiles, ``slip`` when its names slipped, so the page can say it in its own words
    and draw the missing faces."""

    def __init__(
        self,
        message: str,
        found: Sequence[str] = (),
        missing: Sequence[str] = (),
        counted: tuple[int, int] = (0, 0),
        slip: Slip | None = None,
    ) -> None:
        super().__init__(message)
        self.found, self.missing = tuple(found), tuple(missing)
        #: (tiles found, tiles the set laid out in order has) when an in-order layout had the wrong count
        self.counted = counted
        self.slip = slip  #: where an in-order layout's names slipped (``vision.layout_slip``)


def slip_text(slip: Slip) -> str:
    side = "before" if slip.shift < 0 else "after"
    return (
        f"from {slip.first} to {slip.last} each tile reads as the face {abs(slip.shift)} place(s) {side} its own: a "
        "tile is missing or an extra one was found there, so the names would slip; lay the set out again in order "
        "with a gap between tiles, and photograph from above"
    )


def check_count(tiles: int, faces: Sequence[str]) -> None:
    """Refuse a layout whose tiles and places do not pair one to one: the names would slip."""
    if tiles != len(faces):
        raise TeachError(
            f"found {tiles} tiles, but a set laid out in order has {len(faces)} (one of each face); "
            "lay out every face in rows, in order: characters 1-9, dots 1-9, bamboo 1-9, east south west north, "
            "white green red, flowers 1-4, seasons 1-4, with a gap between tiles, and photograph from above",
            counted=(tiles, len(faces)),
        )
