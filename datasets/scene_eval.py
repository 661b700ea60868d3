"""Recall by scene kind and face-down counts on synthetic scenes of held-out art (the scene generator's side).

Why a contract and not the generator here: scenes are built by ``sikwu.datasets.scenes`` (rows, scattered, piles,
standing, concealed kongs); this module only measures recognition on them. It needs from that package a function
``heldout_scenes(per_kind: int, seed: int)`` yielding scenes with ``image`` (BGR uint8), ``kind`` (str) and
``tiles``: items with ``tile`` (a tile id, or ``"back"`` for a face-down tile) and ``box`` (x0, y0, x1, y1 pixels),
drawn only from held-out art. Until it exists, the figures say they are not available.
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np

IOU_MATCH = 0.5


def _iou(a, b) -> float:
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def match(truth: list, found: list) -> list[int | None]:
    """For each true tile, the index of the found tile matched to it (greedy by IoU >= IOU_MATCH) or None."""
    pairs = sorted(((_iou(t.box, f.box), i, j) for i, t in enumerate(truth) for j, f in enumerate(found)), reverse=True)
    out: list[int | None] = [None] * len(truth)
    used: set[int] = set()
    for iou, i, j in pairs:
        if iou < IOU_MATCH:
            break
        if out[i] is None and j not in used:
            out[i], used = j, used | {j}
    return out


def scene_figures(per_kind: int, seed: int = 1) -> dict[str, object]:
    """Per kind: recall (found and named right / face-up tiles); face-down: share of scenes counted exactly."""
    if per_kind <= 0:
        return {"available": False, "why": "not asked for (--scenes N)"}
    from sikwu.datasets.scenes import heldout_scenes
    from sikwu.vision.io import NoTilesFoundError
    from sikwu.vision.pipeline import recognize

    right: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    down_exact: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for scene in heldout_scenes(per_kind, seed):
        try:
            tiles = recognize(scene.image).tiles
        except NoTilesFoundError:  # recognition found nothing: every tile of the scene is missed, not a crash
            tiles = []
        boxes = [type("B", (), {"box": t.box}) for t in tiles]
        up = [t for t in scene.tiles if t.tile != "back"]
        for t, j in zip(up, match(up, boxes), strict=True):
            right[scene.kind][1] += 1
            right[scene.kind][0] += int(j is not None and tiles[j].id == t.tile)
        n_down = sum(t.tile == "back" for t in scene.tiles)
        if n_down:
            down_exact[scene.kind][1] += 1
            down_exact[scene.kind][0] += int(sum(t.id == "back" for t in tiles) == n_down)
    return {
        "available": True,
        "recall": {k: round(v[0] / v[1], 4) for k, v in right.items() if v[1]},
        "face_down_counted_exactly": {k: round(v[0] / v[1], 4) for k, v in down_exact.items() if v[1]},
        "scenes_per_kind": per_kind,
        "mean_recall": round(float(np.mean([v[0] / v[1] for v in right.values() if v[1]])), 4) if right else None,
    }


def text(out: dict) -> list[str]:
    if not out.get("available"):
        return [f"== scene kinds of held-out art: not measured ({out['why']})"]
    lines = [f"== scene kinds of held-out art ({out['scenes_per_kind']} scenes per kind)"]
    lines += [f"  {k}: recall {v:.2%}" for k, v in out["recall"].items()]
    lines += [
        f"  {k}: face-down counted exactly in {v:.2%} of scenes" for k, v in out["face_down_counted_exactly"].items()
    ]
    return lines
