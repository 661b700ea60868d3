"""``sikwu classify``: JSON contract and clear errors for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from sikwu.cli import main


@pytest.fixture()
def face_png(tmp_path: Path) -> Path:
    from sikwu.artwork import render_face

    path = tmp_path / "nine-dots.png"
    img = cv2.cvtColor(np.asarray(render_face("9p", 96).convert("RGB")), cv2.COLOR_RGB2BGR)
    cv2.imwrite(str(path), img)
    return path


def test_json_lists_top_k_per_file(face_png: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["classify", str(face_png), "--json", "--top", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out[0]["file"] == str(face_png)
    assert [t["id"] for t in out[0]["top"]][:1] == ["9p"] and len(out[0]["top"]) == 2
    assert set(out[0]["top"][0]) == {"id", "probability"}


def test_text_output_names_the_tile(face_png: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["classify", str(face_png)]) == 0
    assert "9p" in capsys.readouterr().out


def test_non_image_file_exits_2_with_a_clear_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "notes.txt"
    bad.write_text("not a picture")
    assert main(["classify", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "not a readable image" in err and "Traceback" not in err


def test_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["classify", str(tmp_path / "gone.png")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_top_must_be_positive(face_png: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["classify", str(face_png), "--top", "0"]) == 2
    assert "--top" in capsys.readouterr().err
