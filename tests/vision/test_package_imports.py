"""The package's import seams: ``sikwu.vision`` exports recognition by a plain import, and scoring never loads it.

Importing ``sikwu.vision`` loads OpenCV and onnxruntime; a player who only types hands (``sikwu score``,
``python -m sikwu.scoring``) must not pay for that or need it installed (docs/vision.md, "Package"); nor for the
ledger's database stack or Streamlit.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

_CHECK = (
    "import sys\n"
    "{run}\n"
    "heavy = ('sikwu.vision', 'cv2', 'onnxruntime', 'sqlalchemy', 'alembic', 'streamlit')\n"
    "loaded = sorted(m for m in heavy if m in sys.modules)\n"
    "print('LOADED', loaded)\n"
)


def test_recognize_and_recognition_are_the_package_exports() -> None:
    from sikwu.vision.pipeline import Recognition, recognize

    from sikwu import vision

    assert vision.recognize is recognize and vision.Recognition is Recognition


@pytest.mark.parametrize(
    "run",
    [
        "from sikwu.cli import main\n"
        "try:\n    main(['score', '123m456p789s11z', '--json'])\nexcept SystemExit:\n    pass",
        "import runpy\nsys.argv = ['scoring', 'score', '567x']\n"
        "try:\n    runpy.run_module('sikwu.scoring', run_name='__main__')\nexcept SystemExit:\n    pass",
    ],
    ids=["sikwu score", "python -m sikwu.scoring"],
)
def test_scoring_never_imports_the_vision_stack(run: str) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", _CHECK.format(run=run)], capture_output=True, text=True, timeout=120, check=False
    )
    assert "LOADED []" in proc.stdout, proc.stdout + proc.stderr
