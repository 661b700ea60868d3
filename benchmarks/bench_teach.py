"""Teaching sikwu a tile set: held-out accuracy before and after, measured on items teaching never saw.

Printed figures (classifier on exact tile crops at all four quarter turns, with its second look, as recognition
runs it; "before" is the shipped classifier, "after" the same with the taught set,
``vision.set_head``):

- IMG_27xx (hk-photos/valid, the held-out real set): taught from the crops of a couple of its photos (corrected
  hands: ``teach.add_examples`` with their reviewed ids) from the calibration fit part (odd photo numbers), tested on
  every photo of the report part (even numbers).
- tile-crops ``red-corner-numerals``: two near-identical sets; one "photo" of one set's faces laid out in a grid
  (crops pasted on a table, taught through ``teach.teach_from_photo``, so detection and one-to-one naming are part
  of it) teaches, the other set's crops are tested; both ways. Again with the photo laid out in order, each tile
  named by its place (``teach_from_photo(in_order=True)`` with the faces the set has).
- tile-crops ``cream-black`` <-> ``ivory-black``: look-alike sets, one crop per face each, so a set cannot be
  tested on its own teaching crops; taught with one, tested on the other (teaching with a look-alike set's photo).
- The fit-part check of ``vision.set_head.PULL``: taught from 2 odd photos, tested on the other odd photos, for a few
  pulls.

The shipped classifier saw three quarters of the tile-crops photos in training (``datasets.split``), so tile-crops
"before" figures are also given on the crops it never saw. Usage: ``python -m benchmarks.bench_teach [--json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

import numpy as np
from sikwu.datasets import heldout, split, tile_crops

#: Set A of red-corner-numerals (with the corner-numeral bamboo), set B is the rest of the group.
RED_CORNER_A = tuple(range(297, 339))
TEACH_PHOTOS = 2


def accuracy(clf, crops: list, truth: list[str]) -> tuple[float, int]:
    """Top-1 accuracy over every crop at each of the four quarter turns (tiles lie any way round on a table)."""
    if not crops:
        return float("nan"), 0
    n = len(truth)
    crops = [np.ascontiguousarray(np.rot90(c, t)) for t in range(4) for c in crops]
    truth = list(truth) * 4
    pred = [p[0][0] for p in clf.predict(crops, k=1)]
    return float(np.mean([p == t for p, t in zip(pred, truth, strict=True)])), n


#: Space between the tiles of ``grid_photo`` and around them, in pixels.
GRID_GAP = 24


def grid_tile_width(tile_h: int) -> int:
    """The width of a tile of ``grid_photo`` (a tile's proportions, 3:4)."""
    return int(tile_h * 0.75)


def grid_photo(
    crops: list[np.ndarray], seed: int = 0, cols: int = 9, tile_h: int = 150, table: tuple[int, str] | None = None
) -> np.ndarray:
    """Crops laid out in rows on a green table cloth (or on the table ``datasets.scenes.tables`` draws from
    ``table``'s seed and kind), as a player lays out a set to photograph it."""
    import cv2

    rng = np.random.default_rng(seed)
    w = grid_tile_width(tile_h)
    rows = (len(crops) + cols - 1) // cols
    gap = GRID_GAP
    H, W = rows * (tile_h + gap) + 2 * gap, cols * (w + gap) + 2 * gap
    if table is not None:
        from sikwu.datasets.scenes.tables import table as table_top

        img = table_top(np.random.default_rng(table[0]), H, W, table[1])[0]
    else:
        img = np.zeros((H, W, 3), np.uint8)
        img[:] = (70, 120, 40)
        img = np.clip(img + rng.normal(0, 6, img.shape), 0, 255).astype(np.uint8)
    for i, c in enumerate(crops):
        y, x = gap + (i // cols) * (tile_h + gap), gap + (i % cols) * (w + gap)
        img[y : y + tile_h, x : x + w] = cv2.resize(c, (w, tile_h), interpolation=cv2.INTER_AREA)
    return img


def _images(items: list[tile_crops.Item]) -> tuple[list[np.ndarray], list[str]]:
    import cv2

    return [cv2.imread(str(it.image), cv2.IMREAD_COLOR) for it in items], [it.tile for it in items]


def _before_after(clf, tile_set, crops, truth) -> dict[str, object]:
    clf.use_set(None)
    before, n = accuracy(clf, crops, truth)
    clf.use_set(tile_set)
    after, _ = accuracy(clf, crops, truth)
    clf.use_set(None)
    return {"n": n, "before": round(before, 4), "after": round(after, 4)}


def img27(clf, photos_taught: int | None = TEACH_PHOTOS) -> dict[str, object]:
    """Crops of the report part, before and after teaching from the corrected hands of fit-part photos (the first
    ``photos_taught`` of them; None: all)."""
    from sikwu.vision.teach import add_examples, load_set

    crops = heldout.hk_photo_crops(held_out=True)
    photos = sorted({c.origin for c in crops if c.part == "fit"})[:photos_taught]
    teach = [c for c in crops if c.origin in photos]
    test = [c for c in crops if c.part == "report"]
    add_examples("bench-img27", [c.image for c in teach], [c.tile for c in teach], clf, replace=True)
    out = _before_after(clf, load_set("bench-img27"), [c.image for c in test], [c.tile for c in test])
    out.update(taught_from=photos, taught_tiles=len(teach), test_photos=len({c.origin for c in test}))
    return out


def _photo_figures(photos: list[Path], classifier) -> dict[str, object]:
    """End to end on whole photos: tiles matched to reviewed ground truth (IoU >= 0.5) with the right id, scored as
    ``bench_recognition`` scores them (a tile found in a region the review leaves unscored still counts when it
    matches a labelled tile; only the others there are not scored)."""
    import cv2
    from sikwu.vision.pipeline import recognize

    from benchmarks.bench_recognition import Tally, load_ground_truth, load_ignored

    tally = Tally()
    for photo in photos:
        h, w = cv2.imread(str(photo)).shape[:2]
        found = [(t.id, tuple(t.box)) for t in recognize(photo, classifier=classifier).tiles]
        tally.add(found, load_ground_truth(photo, w, h, reviewed=True), ignore=load_ignored(photo))
    return {"tiles": tally.gt, "end_to_end": round(tally.correct / max(1, tally.gt), 4), "photos": len(photos),
            "photo_exact": tally.exact}  # fmt: skip


def _teach_hand(clf, photo: Path, set_name: str) -> None:
    """The player corrects the recognised hand: the tiles found, with the reviewed ids of the ground truth."""
    import cv2
    from sikwu.datasets import hk_photos, scene_eval
    from sikwu.vision.pipeline import recognize
    from sikwu.vision.teach import add_examples, photo_crops

    h, w = cv2.imread(str(photo)).shape[:2]
    truth = hk_photos.read_boxes(photo, w, h, reviewed=True, with_added=True)
    found = recognize(photo, classifier=clf.base).tiles
    crops = photo_crops(photo, clf)  # the same tiles, in the same order, cropped as recognition crops them
    pairs = scene_eval.match([type("B", (), {"box": t.box}) for t in found],
                             [type("B", (), {"box": (b.x0, b.y0, b.x1, b.y1)}) for b in truth])  # fmt: skip
    keep = [(crops[i], truth[j].tile) for i, j in enumerate(pairs) if j is not None]
    add_examples(set_name, [c for c, _ in keep], [t for _, t in keep], clf)


def img27_photos(clf) -> dict[str, object]:
    """Whole IMG_27xx photos of the report part, before and after teaching from corrected hands of the fit part
    (two of them, then all of them)."""
    from sikwu.datasets import hk_photos
    from sikwu.vision.teach import load_set

    paths = [p for p in hk_photos.images("valid") if split.is_held_out_photo(p.name)]
    test = [p for p in paths if split.calibration_part(p.name) == "report"]
    teach = [p for p in paths if split.calibration_part(p.name) == "fit"]
    clf.use_set(None)
    out: dict[str, object] = {"shipped": _photo_figures(test, clf.base)}
    for photo in teach[:TEACH_PHOTOS]:
        _teach_hand(clf, photo, "bench-img27-hands")
    clf.use_set(load_set("bench-img27-hands"))
    out["taught"] = _photo_figures(test, clf)
    out["taught_from"] = [p.name.split("_JPG")[0] for p in teach[:TEACH_PHOTOS]]
    clf.use_set(None)
    for photo in teach[TEACH_PHOTOS:]:
        _teach_hand(clf, photo, "bench-img27-hands")
    clf.use_set(load_set("bench-img27-hands"))
    out["taught_all_fit"] = _photo_figures(test, clf)
    out["taught_all_fit_photos"] = len(teach)
    clf.use_set(None)
    return out


def red_corner(clf) -> list[dict[str, object]]:
    from sikwu.vision.teach import load_set, teach_from_photo

    group = [it for it in split.held_out_tile_crops() if split.group_of(it) == "red-corner-numerals"]
    a = [it for it in group if int(it.image.stem) in RED_CORNER_A]
    b = [it for it in group if int(it.image.stem) not in RED_CORNER_A]
    unseen = {it.image.name for it in split.unseen_by(clf.base.metadata, group)}
    out = []
    for name, teach, test in (("A->B", a, b), ("B->A", b, a)):
        import cv2

        photo = Path(tempfile.mkdtemp()) / "grid.png"
        cv2.imwrite(str(photo), grid_photo(_images(teach)[0]))
        result = teach_from_photo(photo, f"bench-red-{name[0]}", clf, replace=True)
        imgs, truth = _images(test)
        row = {"case": f"red-corner-numerals {name}", **_before_after(clf, load_set(result.set_name), imgs, truth)}
        keep = [i for i, it in enumerate(test) if it.image.name in unseen]
        never = _before_after(clf, load_set(result.set_name), [imgs[i] for i in keep], [truth[i] for i in keep])
        row.update(faces_found=result.faces_in_set, unseen_by_model=never)
        row["in_order"] = _in_order(clf, teach, f"bench-red-{name[0]}-order", imgs, truth)
        out.append(row)
    return out


def _in_order(clf, teach: list[tile_crops.Item], set_name: str, imgs: list, truth: list[str]) -> dict[str, object]:
    """The same set taught from one photo of it laid out in order (each tile named by its place), tested alike."""
    import cv2
    from sikwu.scoring.tiles import TILE_IDS
    from sikwu.vision.teach import TeachError, load_set, teach_from_photo

    ordered = sorted(teach, key=lambda it: TILE_IDS.index(it.tile))
    photo = Path(tempfile.mkdtemp()) / "grid.png"
    cv2.imwrite(str(photo), grid_photo(_images(ordered)[0]))
    try:
        result = teach_from_photo(photo, set_name, clf, True, True, [it.tile for it in ordered])
    except TeachError as exc:
        return {"error": str(exc)}
    return {"faces_taught": result.faces_in_set, **_before_after(clf, load_set(result.set_name), imgs, truth)}


def look_alikes(clf) -> list[dict[str, object]]:
    from sikwu.vision.teach import load_set, teach_from_crops

    held = split.held_out_tile_crops()
    groups = {g: [it for it in held if split.group_of(it) == g] for g in ("cream-black", "ivory-black")}
    out = []
    for teach_g, test_g in (("cream-black", "ivory-black"), ("ivory-black", "cream-black")):
        result = teach_from_crops(f"bench-{teach_g}", _images(groups[teach_g])[0], clf, replace=True)
        imgs, truth = _images(groups[test_g])
        out.append({"case": f"{teach_g} -> {test_g}", **_before_after(clf, load_set(result.set_name), imgs, truth)})
    return out


def pull_check(clf) -> dict[str, float]:
    """The fit part only: teach on 2 odd IMG_27xx photos, test on the other odd photos, for several pulls."""
    from sikwu.vision.teach import add_examples, load_set

    crops = heldout.by_part(heldout.hk_photo_crops(held_out=True), "fit")
    photos = sorted({c.origin for c in crops})[:TEACH_PHOTOS]
    teach = [c for c in crops if c.origin in photos]
    test = [c for c in crops if c.origin not in photos]
    add_examples("bench-pull", [c.image for c in teach], [c.tile for c in teach], clf, replace=True)
    tile_set = load_set("bench-pull")
    out = {"untaught": round(accuracy(clf, [c.image for c in test], [c.tile for c in test])[0], 4)}
    for pull in (0.01, 0.03, 0.1, 0.3, 1.0):
        clf.use_set(tile_set, pull)
        out[str(pull)] = round(accuracy(clf, [c.image for c in test], [c.tile for c in test])[0], 4)
    clf.use_set(None)
    return out


def run() -> dict[str, object]:
    from sikwu.vision.set_classifier import for_recognition

    clf = for_recognition(None)  # raw probabilities, as recognition runs it
    return {
        "img27": img27(clf),
        "img27_all_fit_photos": img27(clf, None),
        "img27_photos": img27_photos(clf),
        "red_corner": red_corner(clf),
        "look_alikes": look_alikes(clf),
        "pull_check_fit_part": pull_check(clf),
    }


def text(out: dict) -> str:
    lines = [
        f"IMG_27xx (held-out real set): taught from {r['taught_tiles']} tiles of {len(r['taught_from'])} photos, "
        f"tested on {r['n']} tiles x 4 turns of {r['test_photos']} other photos: {r['before']:.2%} -> {r['after']:.2%}"
        for r in (out["img27"], out["img27_all_fit_photos"])
    ]
    ph = out["img27_photos"]
    for key in ("shipped", "taught", "taught_all_fit"):
        f = ph[key]
        lines.append(
            f"IMG_27xx whole photos ({f['photos']} photos of the report part, {f['tiles']} tiles), {key}: end to end "
            f"{f['end_to_end']:.2%}, photo-exact {f['photo_exact']}/{f['photos']}"
        )
    lines.append(f"  (taught: corrected hands of {', '.join(ph['taught_from'])}; taught_all_fit: of all "
                 f"{ph['taught_all_fit_photos']} fit-part photos)")  # fmt: skip
    for row in out["red_corner"]:
        u, o = row["unseen_by_model"], row["in_order"]
        lines.append(
            f"{row['case']} (one grid photo, {row['faces_found']} faces taught): {row['before']:.2%} -> "
            f"{row['after']:.2%} on {row['n']} crops x 4 turns; on the {u['n']} the model never trained on: "
            f"{u['before']:.2%} -> {u['after']:.2%}"
        )
        lines.append(
            f"  laid out in order ({o['faces_taught']} faces taught by place): {o['before']:.2%} -> {o['after']:.2%}"
            if "error" not in o
            else f"  laid out in order: not taught ({o['error'][:120]})"
        )
    for row in out["look_alikes"]:
        lines.append(f"{row['case']} (taught with a look-alike set): {row['before']:.2%} -> {row['after']:.2%} "
                     f"on {row['n']} crops x 4 turns")  # fmt: skip
    sweep = ", ".join(f"{k}: {v:.2%}" for k, v in out["pull_check_fit_part"].items())
    lines.append(f"fit-part check of vision.set_head.PULL (accuracy by pull): {sweep}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["SIKWU_DATA_DIR"] = tmp  # benchmark sets never mix with the user's taught sets
        out = run()
    print(json.dumps(out, indent=2) if args.json else text(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
