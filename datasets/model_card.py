"""The model card's classifier figures, written by ``sikwu evaluate --write-card`` from the run that measured them.

Why: a card whose figures are typed from a terminal goes stale the day the model is retrained, and nobody can tell
a typed figure from a measured one. The evaluation writes its own block of ``models/MODEL_CARD.md`` (between
``MARKERS``) and the JSON it came from (``models/evaluation.json``); the rest of the card is prose.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

from sikwu.datasets.paths import PROJECT_ROOT

CARD = PROJECT_ROOT / "models" / "MODEL_CARD.md"
EVALUATION = PROJECT_ROOT / "models" / "evaluation.json"
MARKERS = ("<!-- sikwu evaluate: classifier figures -->", "<!-- end of sikwu evaluate's classifier figures -->")
#: Evaluation set -> the card's name for it, in the card's order.
ROWS = {
    "hk-photos/valid, reviewed labels": "hk-photos/valid, reviewed labels",
    "hk-photos/valid": "hk-photos/valid, labels as published",
    "tile-crops/held-out": "tile-crops held-out groups (other tile sets, never trained on)",
    "hk-photos/valid negatives": "hk-photos/valid negatives -> `not-a-tile`",
    "own rendered faces": "own rendered faces",
}


def _confusions(result: dict, n: int, say_true: bool = True) -> str:
    return ", ".join(
        (f"`{w['true']}` read as " if say_true else "") + f"`{w['predicted']}` ({w['count']})"
        for w in result.get("worst_confusions", [])[:n]
    )


def classifier_block(out: dict) -> str:
    """The card's classifier table and worst confusions for the output of ``evaluate.evaluate``."""
    sets = out["sets"]
    lines = ["| set | with the second look | first look |", "|---|---|---|"]
    for key, name in ROWS.items():
        if key in sets:
            r = sets[key]
            first = f"{r['first_look_accuracy']:.2%}" if "first_look_accuracy" in r else "-"
            lines.append(f"| {name} | **{r['accuracy']:.2%}** ({r['correct']}/{r['n']}) | {first} |")
    b = out["benchmark"]
    lines.append(
        f"| time per crop, batch {b['batch']} (median of {b['repeats']}) | {b['median_ms_per_crop']:.3f} ms | |"
    )
    notes = []
    if "hk-photos/valid, reviewed labels" in sets:
        notes.append(f"Worst confusions on reviewed valid: {_confusions(sets['hk-photos/valid, reviewed labels'], 4)}.")
    if "hk-photos/valid negatives" in sets:
        notes.append(f"Negatives read as: {_confusions(sets['hk-photos/valid negatives'], 3, say_true=False)}.")
    return "\n".join(lines) + ("\n\n" + "\n".join(textwrap.wrap(" ".join(notes), 120)) if notes else "")


def replace_block(card_text: str, block: str) -> str:
    """``card_text`` with the text between ``MARKERS`` replaced by ``block``."""
    start, end = MARKERS
    i, j = card_text.find(start), card_text.find(end)
    if i < 0 or j < i:
        raise ValueError(f"the model card has no block marked {start} ... {end}: add the two markers where it goes")
    return card_text[: i + len(start)] + "\n" + block + "\n" + card_text[j:]


def write(out: dict, card: Path = CARD, evaluation: Path = EVALUATION) -> None:
    """Write the card's block and the evaluation JSON it came from."""
    card.write_text(replace_block(card.read_text(encoding="utf-8"), classifier_block(out)), encoding="utf-8")
    evaluation.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
