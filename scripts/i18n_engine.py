"""Add the engine's messages (scoring and the recogniser) to the page's catalogue template.

Run by ``scripts/i18n.sh`` between ``pybabel extract`` (which finds the page's own ``_()`` strings) and
``pybabel update``: each engine message becomes an entry whose context is its stable key and whose id is its English
template, so the page looks it up by key (``app/engine_text.py``) and a translator sees the English beside it.

Usage: ``python scripts/i18n_engine.py app/locale/sikwu.pot``
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po
from sikwu.app.engine_text import engine_templates


def add_engine_messages(pot: Path) -> int:
    with pot.open("rb") as f:
        catalogue = read_po(f)
    templates = engine_templates()
    for key, template in sorted(templates.items()):
        flags = ["python-brace-format"] if "{" in template else []
        catalogue.add(template, context=key, auto_comments=["engine message; placeholders as in scoring.messages"],
                      flags=flags)  # fmt: skip
    with pot.open("wb") as f:
        write_po(f, catalogue, sort_output=True, omit_header=False, no_location=True)
    return len(templates)


if __name__ == "__main__":
    added = add_engine_messages(Path(sys.argv[1]))
    print(f"{added} engine messages added to {sys.argv[1]}")
