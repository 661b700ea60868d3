"""Fit the classifier's calibration on one held-out part and report how honest it is on the other.

Why two parts: a temperature or threshold chosen on the items it is then measured on reports its own fit. The fit
part (``datasets.split.calibration_part``: odd-numbered IMG_27xx photos and the ``ivory-black`` tile-crops group)
gives the temperature (least negative log-likelihood), the unknown threshold (the confidence below which
``vision.calibration.UNKNOWN_TARGET`` of its real tiles fall) and the distance from every known face beyond which as
many lie (``vision.familiarity``; ``--write`` refits the faces' centroids on the training crops first). The report
part (even-numbered IMG_27xx photos, the other held-out groups) gives the expected calibration error before and
after, how many real errors fall under the "check this" threshold, and how often real tiles are called unknown; the
negative set (``datasets.negatives``) how often things that are no tile are.

Usage: ``python -m sikwu.datasets.calibrate [--write] [--json]`` (``--write`` updates ``models/calibration.json``
and ``models/face_centroids.npz``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
from sikwu.datasets import heldout, negatives
from sikwu.vision import calibration as cal_mod
from sikwu.vision.assign import LOW_CONFIDENCE as CHECK_BELOW  # recognition asks the player to check below this
from sikwu.vision.classifier import distances
from sikwu.vision.labels import BACK, NOT_A_TILE
from sikwu.vision.naming import TOP_K


def _targets(clf, crops: list[heldout.Crop]) -> np.ndarray:
    index = {c: i for i, c in enumerate(clf.labels)}
    return np.array([index[c.tile] for c in crops], np.int64)


def held_out_parts(clf) -> tuple[list[heldout.Crop], list[heldout.Crop]]:
    """(fit, report) held-out crops; tile-crops only where the model never trained on them."""
    crops = heldout.hk_photo_crops(held_out=True) + heldout.tile_crops_held_out(unseen_by=clf.base.metadata)
    return heldout.by_part(crops, "fit"), heldout.by_part(crops, "report")


def fit(clf, fit_crops: list[heldout.Crop]) -> cal_mod.Calibration:
    """Temperature and unknown threshold, both on what recognition reports (top readings, second look included)."""
    readings = clf.predict([c.image for c in fit_crops], k=TOP_K)
    temperature = cal_mod.fit_temperature_to_readings(readings, [c.tile for c in fit_crops])
    _, conf, _ = _verdicts(clf, [c.image for c in fit_crops], cal_mod.Calibration(temperature=temperature))
    sources = sorted({c.source for c in fit_crops})
    dist = distances(readings)
    return cal_mod.Calibration(
        temperature=round(temperature, 4),
        unknown_below=round(cal_mod.unknown_threshold(conf), 4),
        # the distance beyond which UNKNOWN_TARGET of the fit part's real tiles lie (vision.familiarity)
        foreign_beyond=None if dist is None else round(-cal_mod.unknown_threshold(-dist), 4),
        model_sha256=clf.model_sha256,
        fitted_on=f"{len(fit_crops)} held-out crops ({', '.join(sources)}; fit part of datasets.split)",
    )


def _verdicts(clf, images: list[np.ndarray], cal: cal_mod.Calibration) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(best label index, calibrated confidence, unknown verdict) per crop, as recognition reports them: the
    classifier's raw top readings (second look included) calibrated by ``cal`` (``Calibration.recalibrate``)."""
    index = {c: i for i, c in enumerate(clf.labels)}
    raw = clf.predict(images, k=TOP_K)
    readings = [cal.recalibrate(top) for top in raw]
    conf = np.array([r[0][1] for r in readings])
    unknown = conf < cal.unknown_below if cal.unknown_below is not None else np.zeros(len(conf), bool)
    unknown = unknown | cal.is_foreign(distances(raw), len(conf))
    return np.array([index[r[0][0]] for r in readings]), conf, unknown


def report_part(clf, crops: list[heldout.Crop], cal: cal_mod.Calibration) -> dict[str, object]:
    targets = _targets(clf, crops)
    images = [c.image for c in crops]
    pred0, conf0, _ = _verdicts(clf, images, cal_mod.Calibration())
    pred, conf, unknown = _verdicts(clf, images, cal)
    wrong = pred != targets
    rejected = np.isin(np.array(clf.labels)[pred], [NOT_A_TILE])
    return {
        "n": len(crops),
        "sources": sorted({c.source for c in crops}),
        "accuracy": round(float(1 - wrong.mean()), 4),
        "ece_uncalibrated": round(cal_mod.expected_calibration_error(conf0, pred0 == targets), 4),
        "ece_calibrated": round(cal_mod.expected_calibration_error(conf, ~wrong), 4),
        "errors": int(wrong.sum()),
        # recognition asks the player to check a tile whose own probability is under LOW_CONFIDENCE, or an unknown one
        "errors_under_check_threshold": int((wrong & ((conf0 < CHECK_BELOW) | unknown)).sum()),
        "errors_unknown": int((wrong & unknown).sum()),
        "check_threshold": CHECK_BELOW,
        "real_tiles_called_unknown": int(unknown.sum()),
        "real_tiles_called_not_a_tile": int(rejected.sum()),
    }


def negatives_report(clf, cal: cal_mod.Calibration) -> dict[str, object]:
    sets, notes = negatives.negative_set()
    out: dict[str, object] = {"notes": notes}
    for source, images in sets.items():
        pred, _, unknown = _verdicts(clf, images, cal)
        named = np.array(clf.labels)[pred]
        not_tile = named == NOT_A_TILE
        out[source] = {
            "n": len(images),
            "unknown": int((unknown & ~not_tile).sum()),
            "not_a_tile": int(not_tile.sum()),
            "named_a_tile": int((~unknown & ~not_tile & (named != BACK)).sum()),
            "named_back": int((~unknown & (named == BACK)).sum()),
        }
    return out


def run_calibration(write: bool = False, model: Path | None = None, seed: int = 0) -> dict[str, object]:
    """Fit and report; with ``write``, save the centroids (over the training crops of ``seed``) and the
    calibration beside ``model`` (default: the shipped classifier, so ``models/``), as ``sikwu train`` does for the
    classifier it makes."""
    from sikwu.vision.classifier import TileClassifier
    from sikwu.vision.set_classifier import SetClassifier

    base = TileClassifier(model, threads=2) if model is not None else None
    clf = SetClassifier(base, calibration=cal_mod.Calibration())
    folder = clf.base.model_path.parent
    if write:  # the centroids first: the calibration fits its distance threshold on them
        from sikwu.datasets import centroids
        from sikwu.vision import familiarity

        clf.centroids = centroids.fit(clf, seed)
        familiarity.save(clf.centroids, folder / familiarity.CENTROIDS_PATH.name)
    fit_crops, report_crops = held_out_parts(clf)
    cal = fit(clf, fit_crops)
    out: dict[str, object] = {"calibration": cal.__dict__, "fit_n": len(fit_crops)}
    out["report"] = report_part(clf, report_crops, cal)
    out["negatives"] = negatives_report(clf, cal)
    if write:
        cal_mod.save(cal, folder / cal_mod.CALIBRATION_PATH.name)
        out["written"] = str(folder / cal_mod.CALIBRATION_PATH.name)
    return out


def text(out: dict) -> str:
    c, r, neg = out["calibration"], out["report"], out["negatives"]
    lines = [
        f"fit part: {c['fitted_on']}",
        f"  temperature {c['temperature']}, unknown below {c['unknown_below']} "
        f"(the confidence under which {cal_mod.UNKNOWN_TARGET:.0%} of the fit part's real tiles fall), or beyond "
        f"{c['foreign_beyond']} from every known face (the distance beyond which {cal_mod.UNKNOWN_TARGET:.0%} lie)",
        f"report part: {r['n']} held-out crops ({', '.join(r['sources'])}), accuracy {r['accuracy']:.2%}",
        f"  ECE {r['ece_uncalibrated']:.2%} uncalibrated -> {r['ece_calibrated']:.2%} calibrated (target <= 3%)",
        f"  {r['errors_under_check_threshold']} of {r['errors']} errors flagged for the player to check "
        f"(own probability under {r['check_threshold']}, or unknown); {r['errors_unknown']} called unknown",
        f"  real tiles called unknown: {r['real_tiles_called_unknown']} of {r['n']} "
        f"({r['real_tiles_called_unknown'] / max(1, r['n']):.2%}); "
        f"called not-a-tile: {r['real_tiles_called_not_a_tile']}",
        "negatives (not reported as a known tile = unknown or not-a-tile):",
    ]
    for source, v in neg.items():
        if source == "notes":
            continue
        caught = v["unknown"] + v["not_a_tile"]
        lines.append(
            f"  {source}: {caught}/{v['n']} ({caught / max(1, v['n']):.1%}) - unknown {v['unknown']}, "
            f"not-a-tile {v['not_a_tile']}, named a tile {v['named_a_tile']}, back {v['named_back']}"
        )
    lines += [f"  note: {n}" for n in neg["notes"]]
    if "written" in out:
        lines.append(f"written: {out['written']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m sikwu.datasets.calibrate", description=__doc__.splitlines()[0])
    p.add_argument("--write", action="store_true", help="save the fitted calibration to models/calibration.json")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = p.parse_args(argv)
    out = run_calibration(args.write)
    print(json.dumps(out, indent=2) if args.json else text(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
