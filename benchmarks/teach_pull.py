"""The fit-part check of ``vision.set_head.PULL`` on held-out art: how strongly a taught set should pull recognition.

Why a separate fit part: the pull is chosen on scenes the taught-set figures never report (seed ``FIT_SEED``, not the
report seed of ``bench_scenes_taught``), so the reported figures do not select their own setting. Per held-out art
set, taught from the same teaching crops as ``bench_scenes_taught`` (``teach.add_examples``, ids known), then at
each pull: tile crops of the set's fit-part scenes named right (ground-truth boxes, classifier with its second look),
the wrong readings the player is asked to check (``assign.LOW_CONFIDENCE`` or unknown, calibrated as reported),
tile backs of those scenes read as backs, and the negative set (``datasets.negatives``) named as a known tile.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

#: Scenes of the fit part (the report part is ``bench_scenes_taught``'s ``--seed``, 1000 by default).
FIT_SEED = 5000
PULLS = (0.01, 0.03, 0.1, 0.3, 1.0)


def scene_crops(bank, backs: tuple[str, ...], per_kind: int, kinds: Sequence[str]) -> list[tuple[str, np.ndarray]]:  # noqa: ANN001
    """(expected id, crop) of every tile of fit-part scenes, cut at its ground-truth box with recognition's margin."""
    import cv2
    from sikwu.datasets.scenes.generate import iter_scenes
    from sikwu.vision.naming import CROP_PAD

    from benchmarks.bench_scenes import expected_id

    out = []
    for _, s in iter_scenes(tuple(kinds), per_kind, FIT_SEED, bank, 1600, backs, progress=False):
        img = cv2.imdecode(np.frombuffer(s.jpeg, np.uint8), cv2.IMREAD_COLOR)
        for t in s.tiles:
            x0, y0, x1, y1 = t.box
            w, h = x1 - x0, y1 - y0
            if min(w, h) < 8:
                continue
            px, py = CROP_PAD * w, CROP_PAD * h
            crop = img[max(0, int(y0 - py)) : int(y1 + py) + 1, max(0, int(x0 - px)) : int(x1 + px) + 1]
            if crop.size:
                out.append((expected_id(t.label), crop.copy()))
    return out


def _figures(clf, crops: list[tuple[str, np.ndarray]], negatives: list[np.ndarray]) -> tuple[int, ...]:  # noqa: ANN001
    """(faces right, faces, faces wrong, of them flagged for the player to check, backs right, backs, negatives
    named a tile)."""
    from sikwu.vision.assign import LOW_CONFIDENCE
    from sikwu.vision.labels import BACK, NOT_A_TILE

    faces = [(t, c) for t, c in crops if t != BACK]
    backs = [c for t, c in crops if t == BACK]
    readings = clf.read([c for _, c in faces])
    wrong = [r for r, (t, _) in zip(readings, faces, strict=True) if r.label != t]
    flagged = sum(r.unknown or r.confidence < LOW_CONFIDENCE for r in wrong)
    backs_right = sum(r.label == BACK for r in clf.read(backs))
    named = sum(not r.unknown and r.label not in (BACK, NOT_A_TILE) for r in clf.read(negatives))
    return len(faces) - len(wrong), len(faces), len(wrong), flagged, backs_right, len(backs), named


def sweep(sets: dict[str, tuple[list[np.ndarray], list[str], object]], backs: tuple[str, ...], per_kind: int,
          kinds: Sequence[str]) -> dict[str, list[int]]:  # fmt: skip
    """Per pull ("untaught" first): [faces right, faces, faces wrong, of them flagged, backs right, backs, negatives
    named a tile, negatives], summed over the sets ``{source: (teaching crops, their ids, face bank)}``."""
    from sikwu.datasets import negatives as neg_mod
    from sikwu.vision.set_classifier import SetClassifier
    from sikwu.vision.teach import add_examples, load_set

    by_kind, _ = neg_mod.negative_set()
    negatives = [c for crops in by_kind.values() for c in crops]
    clf = SetClassifier()
    totals: dict[str, list[int]] = {}
    for teach, ids, bank in sets.values():
        crops = scene_crops(bank, backs, per_kind, kinds)
        add_examples("fit-part", teach, ids, clf, replace=True)
        tile_set = load_set("fit-part")
        for pull in ("untaught", *PULLS):
            clf.use_set(None if pull == "untaught" else tile_set, 0.0 if pull == "untaught" else float(pull))
            got = _figures(clf, crops, negatives)
            row = totals.setdefault(str(pull), [0] * 8)
            for i, v in enumerate((*got, len(negatives))):
                row[i] += v
        clf.use_set(None)
    return totals


def _share(a: int, b: int) -> str:
    from benchmarks.bench_scenes import _pct

    return _pct(a, b).strip()


def table(totals: dict[str, list[int]], per_kind: int) -> list[str]:
    lines = [
        f"Fit part of held-out art (scenes of seed {FIT_SEED}, {per_kind} per kind, ground-truth crops; every set "
        "taught from its teaching crops): the check of vision.set_head.PULL.",
        "",
        "| pull | faces right | errors flagged to check | backs read as backs | negatives named a tile |",
        "| --- | --- | --- | --- | --- |",
    ]
    for pull, (r, n, w, fl, br, bn, neg, nn) in totals.items():
        cells = [_share(r, n), _share(fl, w), _share(br, bn), _share(neg, nn)]
        lines.append(f"| {pull} | " + " | ".join(cells) + " |")
    return lines


def naming_doubt(sets: dict[str, tuple[list[np.ndarray], list[str], object]]) -> list[str]:
    """Per set, its teaching crops named by the classifier one-to-one (``teach.assign_faces``, as teaching from a
    photo in any order names them): names wrong, names unsure (below ``assign.LOW_CONFIDENCE``, which the players are
    told to check) and wrong names among the unsure."""
    from sikwu.vision.assign import LOW_CONFIDENCE
    from sikwu.vision.set_classifier import SetClassifier
    from sikwu.vision.teach import assign_faces

    clf = SetClassifier()
    lines = [
        "",
        "Teaching crops named by the classifier one-to-one (teaching from a photo in any order):",
        "",
        "| set | names wrong | names unsure (told to check) | wrong names among the unsure |",
        "| --- | --- | --- | --- |",
    ]
    for source, (teach, ids, _bank) in sets.items():
        probs = clf.probabilities(teach)
        names = assign_faces(probs, list(clf.labels))
        cols = {f: list(clf.labels).index(f) for f in names if f is not None}
        unsure = {i for i, f in enumerate(names) if f is None or probs[i, cols[f]] < LOW_CONFIDENCE}
        wrong = {i for i, (f, t) in enumerate(zip(names, ids, strict=True)) if f != t}
        caught = _share(len(wrong & unsure), len(wrong))
        lines.append(f"| {source} | {len(wrong)}/{len(ids)} | {len(unsure)} | {caught} |")
    return lines
