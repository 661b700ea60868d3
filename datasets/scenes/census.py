"""How many boxes of each sort (face, face-down ``back``, ``blank`` white dragon) the scenes hold, by scene kind.

Why: the detector learns face-down tiles only from the boxes it is shown, and the failure analysis on held-out
scenes found it giving no box to about half the backs of concealed kongs and walls. Counting the sorts per kind
says whether backs are a fair share of its synthetic boxes; ``sikwu train`` writes the count of its scene folder
into ``training.json`` (``scene_boxes``), and ``python -m sikwu.datasets.scenes.census FOLDER`` prints it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from pathlib import Path

from sikwu.datasets.scenes.tiles import BACK, BLANK

SORTS = ("face", BACK, BLANK)


def _sort(label: str) -> str:
    return label if label in (BACK, BLANK) else "face"


def count(tiles: Iterable[tuple[str, str]]) -> dict[str, dict[str, int]]:
    """(scene kind, label) pairs -> kind -> sort -> boxes, with an ``all`` row summing the kinds."""
    out: dict[str, dict[str, int]] = {}
    for kind, label in tiles:
        out.setdefault(kind, dict.fromkeys(SORTS, 0))[_sort(label)] += 1
    out["all"] = {s: sum(sorts[s] for sorts in out.values()) for s in SORTS}
    return out


def folder_census(folder: Path) -> dict[str, dict[str, int]]:
    """The count of a scene folder written by ``datasets.scenes`` (its ``scenes.jsonl``); empty without one."""
    manifest = folder / "scenes.jsonl"
    if not manifest.is_file():
        return {}
    lines = manifest.read_text().splitlines()[1:]
    records = [json.loads(line) for line in lines if line.strip()]
    return count((r["kind"], t["label"]) for r in records for t in r["tiles"])


def back_share(counts: dict[str, dict[str, int]], row: str = "all") -> float:
    """Share of a row's boxes that are face-down tiles."""
    sorts = counts.get(row, {})
    return sorts.get(BACK, 0) / max(1, sum(sorts.values()))


def table(counts: dict[str, dict[str, int]]) -> str:
    lines = [f"{'kind':10} {'face':>7} {'back':>7} {'blank':>7} {'back share':>11}"]
    for row, sorts in counts.items():
        lines.append(f"{row:10} {sorts['face']:7d} {sorts[BACK]:7d} {sorts[BLANK]:7d} {back_share(counts, row):11.1%}")
    return "\n".join(lines)


if __name__ == "__main__":
    if len(sys.argv) != 2 or not (Path(sys.argv[1]) / "scenes.jsonl").is_file():
        sys.exit("usage: python -m sikwu.datasets.scenes.census FOLDER (made by python -m sikwu.datasets.scenes)")
    print(table(folder_census(Path(sys.argv[1]))))
