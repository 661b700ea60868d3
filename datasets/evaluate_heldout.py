"""Generalisation apart from memory: the held-out split's figures, printed beside (never mixed with) in-distribution.

Why separate: ``hk-photos/valid`` photos of the sets training knows measure memory; the held-out split
(``datasets.split``) measures what a player with another set gets. Printed: in-distribution accuracy, held-out
accuracy per held-out set (IMG_27xx photos, each tile-crops group; groups also on only the crops the model never
trained on), the photo-exact share of IMG_27xx crops, calibration on the report part (``models/calibration.json``
as shipped, not refitted), unknown rates, and recall by scene kind plus face-down counts on synthetic scenes of
held-out art (``datasets.scene_eval``, when the scene generator provides them).
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np
from sikwu.datasets import calibrate, heldout, scene_eval, split
from sikwu.vision.calibration import for_model


def _accuracy(clf, crops: list[heldout.Crop]) -> dict[str, object]:
    if not crops:
        return {"n": 0, "accuracy": None}
    pred = [p[0][0] for p in clf.predict([c.image for c in crops], k=1)]
    ok = [p == c.tile for p, c in zip(pred, crops, strict=True)]
    photos: dict[str, bool] = defaultdict(lambda: True)
    for c, right in zip(crops, ok, strict=True):
        photos[c.origin] &= right
    return {
        "n": len(crops),
        "accuracy": round(float(np.mean(ok)), 4),
        "errors": int(len(ok) - sum(ok)),
        "photos": len(photos),
        "photos_all_right": int(sum(photos.values())),
    }


def heldout_figures(clf, with_negatives: bool = True, scenes_per_kind: int = 0) -> dict[str, object]:
    """All held-out figures for a ``SetClassifier`` giving raw probabilities (as recognition runs it); the
    calibration shipped for its model applies to what is reported."""
    cal = for_model(clf.base.model_path)
    meta = clf.base.metadata
    img27 = heldout.hk_photo_crops(held_out=True)
    groups_all = heldout.tile_crops_held_out()
    unseen = {c.origin for c in heldout.tile_crops_held_out(unseen_by=meta)}
    held: dict[str, object] = {"hk-photos/IMG_27xx": _accuracy(clf, img27)}
    for source in sorted({c.source for c in groups_all}):
        crops = [c for c in groups_all if c.source == source]
        figures = _accuracy(clf, crops)
        figures["never_trained_on"] = _accuracy(clf, [c for c in crops if c.origin in unseen])
        held[source] = figures
    _, report_crops = calibrate.held_out_parts(clf)
    out: dict[str, object] = {
        "model_trained_on_this_split": split.model_trained_on_split(meta),
        "in_distribution": {"hk-photos/valid without IMG_27xx": _accuracy(clf, heldout.hk_photo_crops(False))},
        "held_out": held,
        "calibration": {
            "fitted_on": cal.fitted_on,
            "temperature": cal.temperature,
            **calibrate.report_part(clf, report_crops, cal),
        },  # fmt: skip
        "scenes": scene_eval.scene_figures(scenes_per_kind),
    }
    if with_negatives:
        out["negatives"] = calibrate.negatives_report(clf, cal)
    return out


def _line(name: str, r: dict) -> str:
    if not r["n"]:
        return f"  {name}: no items"
    line = f"  {name}: {r['accuracy']:.2%} ({r['n'] - r['errors']}/{r['n']})"
    if r["photos"] < r["n"]:  # photos of several tiles: how many came out entirely right
        line += f", {r['photos_all_right']}/{r['photos']} photos all right"
    return line


def text(out: dict) -> str:
    lines = ["== in-distribution (sets training knows)"]
    lines += [_line(k, v) for k, v in out["in_distribution"].items()]
    lines.append("== held out (never trained on: datasets.split)")
    if not out["model_trained_on_this_split"]:
        lines.append("  this model predates the split: it trained on 3/4 of the tile-crops groups below, so their")
        lines.append("  honest figure is the 'never trained on' one")
    for name, r in out["held_out"].items():
        lines.append(_line(name, r))
        if "never_trained_on" in r:
            lines.append("  " + _line("never trained on", r["never_trained_on"]))
    c = out["calibration"]
    lines += [
        f"== calibration (T = {c['temperature']}, {c['fitted_on']})",
        f"  report part, {c['n']} crops: ECE {c['ece_uncalibrated']:.2%} uncalibrated -> {c['ece_calibrated']:.2%}",
        f"  {c['errors_under_check_threshold']} of {c['errors']} errors flagged for the player to check "
        f"(own probability under {c['check_threshold']}, or unknown)",
        f"  real tiles called unknown {c['real_tiles_called_unknown']}/{c['n']}",
    ]
    for source, v in out.get("negatives", {}).items():
        if source != "notes":
            caught = v["unknown"] + v["not_a_tile"]
            lines.append(
                f"  negatives {source}: {caught}/{v['n']} not reported as a known tile ({caught / v['n']:.1%})"
            )
    lines += scene_eval.text(out["scenes"])
    return "\n".join(lines)
