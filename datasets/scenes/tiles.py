"""Tile sprites: a face-up tile, a face-down tile (its back), a blank white dragon, a tile standing on its side.

Why each: a concealed kong shows two backs; many Hong Kong sets leave the white dragon blank, and a blank ivory face
must not be read as a back (or as table); a player's own hand stands on its side facing the camera. A sprite is
BGRA, its alpha the tile's outline (rounded corners), drawn as seen from straight above (``flat``) or from the
front (``standing``); the scene adds the body's visible side and the camera's perspective.

A :class:`SetStyle` holds what one physical set shares: ivory tone, back colour, proportions, corner radius,
thickness; every tile of a scene is drawn in one style, as at a real table.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from sikwu.datasets import back_colours
from sikwu.datasets.scenes.art import Face

#: Back colours: the named colours of real sets, and ``ANY_HUE`` (a continuous range outside the bands around the
#: held-out colours, ``datasets.back_colours``). Training sets draw half their backs from the range.
BACK_COLOURS: dict[str, tuple[int, int, int]] = back_colours.NAMED
#: Back colours kept out of training scenes so concealed-kong counts can be measured on colours never seen.
HELDOUT_BACK_COLOURS = back_colours.HELDOUT_NAMES
TRAIN_BACK_COLOURS = (*back_colours.TRAIN_NAMES, back_colours.ANY_HUE)

#: Scene labels: the 42 tile ids, ``back`` (a face-down tile) and ``blank`` (a blank-faced white dragon, tile 5z).
BACK = "back"
BLANK = "blank"


@dataclass(frozen=True)
class SetStyle:
    ivory: np.ndarray  # BGR float
    back_name: str
    back: np.ndarray  # BGR float
    aspect: float  # width / height of the face
    radius: float  # corner radius / width
    thickness: float  # body thickness / height (ivory layer + back layer)
    back_share: float  # share of the thickness that is the coloured back layer
    blank_white: bool  # this set's white dragon is blank
    emblem: bool  # the backs carry an emblem


def random_style(rng: np.random.Generator, names: tuple[str, ...] = TRAIN_BACK_COLOURS) -> SetStyle:
    """One set's look; its back colour is one of ``names`` (``ANY_HUE``: drawn from the continuous range)."""
    name = back_colours.pick_name(rng, names)
    return SetStyle(
        ivory=np.array([rng.uniform(200, 240), rng.uniform(222, 250), rng.uniform(230, 255)], np.float32),
        back_name=name,
        back=back_colours.draw(name, rng),
        aspect=float(rng.uniform(0.68, 0.8)),
        radius=float(rng.uniform(0.06, 0.16)),
        thickness=float(rng.uniform(0.45, 0.75)),
        back_share=float(rng.uniform(0.35, 0.6)),
        blank_white=bool(rng.random() < 0.5),
        emblem=name == "white" or bool(rng.random() < 0.3),
    )


def rounded_mask(h: int, w: int, r: int) -> np.ndarray:
    m = np.zeros((h, w), np.uint8)
    r = max(1, min(r, h // 2 - 1, w // 2 - 1))
    cv2.rectangle(m, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(m, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(m, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return m


def _bevel(mask: np.ndarray, width: float) -> np.ndarray:
    """1 in the middle of the face, falling to ~0.78 at the rim: the rounded edge catches less light."""
    dist = cv2.distanceTransform((mask > 127).astype(np.uint8), cv2.DIST_L2, 3)
    return 0.78 + 0.22 * np.clip(dist / max(1.0, width), 0, 1)


def _face_surface(face: Face | None, style: SetStyle, h: int, w: int, rng: np.random.Generator) -> np.ndarray:
    """The face's pixels (float BGR, h x w): a photo face fills it; artwork is printed onto the set's ivory."""
    surf = np.empty((h, w, 3), np.float32)
    surf[:] = style.ivory
    if face is None:
        return surf
    if face.photo:
        return cv2.resize(face.image, (w, h), interpolation=cv2.INTER_AREA).astype(np.float32)
    m = rng.uniform(0.07, 0.14)
    fw, fh = max(4, int(w * (1 - 2 * m))), max(4, int(h * (1 - 2 * m * rng.uniform(0.6, 1.0))))
    g = cv2.resize(face.image, (fw, fh), interpolation=cv2.INTER_AREA).astype(np.float32) / 255.0
    x0, y0 = (w - fw) // 2, (h - fh) // 2
    surf[y0 : y0 + fh, x0 : x0 + fw] *= g
    return surf


def _back_surface(style: SetStyle, h: int, w: int, rng: np.random.Generator) -> np.ndarray:
    surf = np.empty((h, w, 3), np.float32)
    surf[:] = style.back
    surf += rng.normal(0, 2.5, (h, w, 1)).astype(np.float32)
    if style.emblem:  # an embossed ring or diamond a shade darker
        col = (style.back * rng.uniform(0.8, 0.92)).tolist()
        t = max(1, w // 25)
        if rng.random() < 0.5:
            cv2.circle(surf, (w // 2, h // 2), int(w * 0.28), col, t, cv2.LINE_AA)
        else:
            pts = np.array([[w // 2, h // 5], [w * 4 // 5, h // 2], [w // 2, h * 4 // 5], [w // 5, h // 2]], np.int32)
            cv2.polylines(surf, [pts], True, col, t, cv2.LINE_AA)
    return surf


def flat_sprite(
    face: Face | None, style: SetStyle, height: int, rng: np.random.Generator, face_down: bool = False
) -> np.ndarray:
    """A tile lying flat, seen from above: BGRA uint8, ``height`` tall. ``face=None`` and not face down: blank."""
    w = max(4, round(height * style.aspect))
    h = max(4, height)
    mask = rounded_mask(h, w, round(style.radius * w))
    surf = _back_surface(style, h, w, rng) if face_down else _face_surface(face, style, h, w, rng)
    surf *= _bevel(mask, h * rng.uniform(0.03, 0.07))[..., None]
    return np.dstack([np.clip(surf, 0, 255).astype(np.uint8), mask])


def standing_sprite(
    face: Face | None, style: SetStyle, height: int, rng: np.random.Generator
) -> tuple[np.ndarray, int]:
    """A tile standing on its side, face towards a camera above it: the face, foreshortened the more the camera
    looks down, under the tile's top edge (the ivory layer in front, the coloured back layer behind). Returns the
    sprite and the rows of top edge above the face (a label boxes the face, as photo labellers do)."""
    w = max(4, round(height * style.aspect))
    look_down = rng.uniform(0.0, 1.0)  # 0: camera level with the faces; 1: looking down on them steeply
    face_h = max(4, round(height * (1.0 - 0.45 * look_down)))
    top = max(2, round(height * style.thickness * (0.12 + 0.45 * look_down)))
    front = _face_surface(face, style, face_h, w, rng)
    front *= _bevel(rounded_mask(face_h, w, round(style.radius * w)), face_h * 0.05)[..., None]
    strip = np.empty((top, w, 3), np.float32)
    split = round(top * style.back_share)
    strip[:split] = style.back * 0.92
    strip[split:] = style.ivory * 1.02
    img = np.vstack([strip, front])
    mask = rounded_mask(img.shape[0], w, round(style.radius * w * 0.7))
    return np.dstack([np.clip(img, 0, 255).astype(np.uint8), mask]), top


def side_colours(style: SetStyle) -> tuple[np.ndarray, np.ndarray]:
    """(ivory layer, back layer) colours of a flat tile's visible side: a little darker than the top (less light)."""
    return style.ivory * 0.8, style.back * 0.8
