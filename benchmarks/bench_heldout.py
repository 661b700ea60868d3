"""Generalisation apart from memory, written to docs/benchmarks.md by the benchmark itself.

Why a benchmark and not only ``sikwu evaluate --heldout``: the held-out figures (other tile sets, calibration,
unknowns, teaching a set) are the ones a player with their own tiles lives by, so they belong beside the other
measured figures with the date, machine and command, and README's headline table is generated from them. The
figures come from the same functions ``sikwu evaluate --heldout`` and ``benchmarks.bench_teach`` print
(``datasets.evaluate_heldout``, ``bench_teach.run``); nothing is tuned here.

Usage: ``python -m benchmarks.bench_heldout [--json] [--write-docs]`` (needs ../shared).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from typing import Any

from benchmarks.report import command_line, markdown_table, write_section


def measure() -> dict[str, Any]:
    """Held-out figures of the shipped classifier as recognition runs it, then the teaching figures."""
    from sikwu.datasets import evaluate_heldout
    from sikwu.vision.calibration import Calibration
    from sikwu.vision.classifier import TileClassifier
    from sikwu.vision.set_classifier import SetClassifier

    from benchmarks import bench_teach

    clf = SetClassifier(TileClassifier(None, threads=2), calibration=Calibration())
    out: dict[str, Any] = {"heldout": evaluate_heldout.heldout_figures(clf)}
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["SIKWU_DATA_DIR"] = tmp  # the benchmark's taught sets never mix with the user's
        out["teach"] = bench_teach.run()
    return out


def _pct(r: dict[str, Any]) -> str:
    return f"{r['accuracy']:.2%} ({r['n'] - r['errors']}/{r['n']})" if r.get("n") else "no items"


def headline(out: dict[str, Any]) -> dict[str, str]:
    """README's rows: what a player with another tile set gets, before and after teaching sikwu their set."""
    held = out["heldout"]["held_out"]
    groups = [v for k, v in held.items() if k != "hk-photos/IMG_27xx"]
    n, errors = sum(g["n"] for g in groups), sum(g["errors"] for g in groups)
    cal = out["heldout"]["calibration"]
    photos = out["teach"]["img27_photos"]
    return {
        "held-out tile sets, tiles named right (crops): IMG_27xx / tile-crops groups": (
            f"{_pct(held['hk-photos/IMG_27xx'])} / " + (f"{(n - errors) / n:.2%} ({n - errors}/{n})" if n else "n/a")
        ),
        "IMG_27xx whole photos end to end, before / after teaching 2 corrected hands": (
            f"{photos['shipped']['end_to_end']:.2%} / {photos['taught']['end_to_end']:.2%}"
        ),
        "confidence calibration error (ECE), held-out report part": f"{cal['ece_calibrated']:.2%}",
    }


def body(out: dict[str, Any]) -> str:
    from sikwu.datasets import evaluate_heldout

    from benchmarks import bench_teach

    rows = [[name, _pct(r)] for name, r in out["heldout"]["in_distribution"].items()]
    rows += [[f"{name} (held out)", _pct(r)] for name, r in out["heldout"]["held_out"].items()]
    return "\n".join(
        [
            markdown_table(["set (classifier on ground-truth crops)", "named right"], rows),
            "",
            "```",
            evaluate_heldout.text(out["heldout"]),
            "",
            "== teaching a tile set (benchmarks.bench_teach)",
            bench_teach.text(out["teach"]),
            "```",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--json", action="store_true", help="print every figure as JSON")
    p.add_argument("--write-docs", action="store_true", help="replace this benchmark's section of docs/benchmarks.md")
    args = p.parse_args(argv)
    from sikwu.datasets.paths import shared_dir

    if not (shared_dir() / "datasets").is_dir():
        print("error: the held-out split needs ../shared (or SIKWU_SHARED)", file=sys.stderr)
        return 2
    out = measure()
    print(json.dumps(out, indent=2) if args.json else body(out))
    if args.write_docs:
        write_section(
            "bench_heldout",
            "Held-out tile sets: generalisation, calibration, unknowns, teaching",
            command_line("benchmarks.bench_heldout", ["--write-docs"]),
            body(out),
            figures=headline(out),
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
