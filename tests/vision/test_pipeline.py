"""recognize(): the whole photo -> tiles pipeline, its JSON contract and the `sikwu recognize` command.

Pipeline-logic tests use a stand-in classifier that names a crop by nearest project-drawn face (the real ONNX
model is exercised by the real-photo tests below, which skip when the model or ../shared is absent).  They take
their candidates from OpenCV segmentation; the detector path has its own tests in test_recognize_detector.py.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import cv2
import numpy as np
import pytest
from sikwu.scoring.tiles import TILE_IDS
from sikwu.vision.result import Recognition
from vision_scenes import HAND_SCENE_GROUPS, NearestFaceClassifier, hand_scene, ids_by_group

from sikwu import vision
from sikwu.cli import main as sikwu

MODEL = Path(__file__).resolve().parents[2] / "models" / "tile_classifier.onnx"


@pytest.fixture(scope="module")
def fake():
    return NearestFaceClassifier()


@pytest.fixture(scope="module")
def scene():
    return hand_scene("felt")


@pytest.fixture(scope="module")
def scene_rec(scene, fake):
    return vision.recognize(scene[0], classifier=fake, candidates="segmentation")


def test_recognizes_every_tile_of_a_composed_photo(scene, scene_rec):
    _, placed = scene
    rec = scene_rec
    assert Counter(rec.ids) == Counter(p.id for p in placed)


def test_groups_follow_rows_and_gaps_in_reading_order(scene_rec):
    rec = scene_rec
    assert ids_by_group(rec) == HAND_SCENE_GROUPS
    assert [t.row for t in rec.tiles] == [0] * 14 + [1] * 5


def test_json_contract(scene, scene_rec):
    img, _ = scene
    d = json.loads(json.dumps(scene_rec.to_dict()))
    assert d["image_size"] == [img.shape[1], img.shape[0]]
    assert set(d["timings_ms"]) >= {"load", "segment", "classify", "layout_decode", "total"}
    assert d["candidates"] == "segmentation"
    for t in d["tiles"]:
        assert set(t) >= {"id", "confidence", "top3", "box", "quad", "group", "row", "changed", "low_confidence"}
        assert t["id"] in TILE_IDS
        x1, y1, x2, y2 = t["box"]
        assert 0 <= x1 < x2 <= img.shape[1] and 0 <= y1 < y2 <= img.shape[0]
        assert len(t["quad"]) == 4 and all(len(p) == 2 for p in t["quad"])
        assert len(t["top3"]) <= 3 and t["top3"][0][0] == t["id"] or t["changed"]


def test_boxes_are_in_original_pixels_for_a_large_photo(fake):
    img, placed = hand_scene("wood")
    big = cv2.resize(img, (img.shape[1] * 3, img.shape[0] * 3), interpolation=cv2.INTER_LINEAR)
    rec = vision.recognize(big, classifier=fake, candidates="segmentation")
    assert rec.image_size == (big.shape[1], big.shape[0])
    first = min(rec.tiles, key=lambda t: (t.row, t.box[0]))
    assert abs(first.box[0] - placed[0].box[0] * 3) < 30


def test_winning_flag_returns_a_legal_winning_reading(fake):
    img, placed = hand_scene("felt")
    rec = vision.recognize(img, winning=True, classifier=fake, candidates="segmentation")
    # 11 + pung + chow = 17 playing tiles is not 14 + kongs: no legal winning reading, counts still enforced
    assert isinstance(rec, Recognition) and rec.method in ("counts-fallback", "winning")


# ---- CLI ---------------------------------------------------------------------------------------------------------


def test_cli_json_and_annotation(tmp_path, scene, fake, monkeypatch, capsys):
    import sys

    rec_module = sys.modules["sikwu.vision.pipeline"]
    monkeypatch.setattr(rec_module, "_default_classifier", lambda: fake)
    monkeypatch.setattr(rec_module, "DETECTOR_MODEL_PATH", tmp_path / "absent.onnx")  # the stand-in's framing
    img, placed = scene
    photo = tmp_path / "hand.png"
    cv2.imwrite(str(photo), img)
    out = tmp_path / "annotated.png"
    assert sikwu(["recognize", str(photo), "--json", "--annotate", str(out)]) == 0
    d = json.loads(capsys.readouterr().out)
    assert len(d["tiles"]) == len(placed)
    drawn = cv2.imread(str(out))
    assert drawn.shape == img.shape and not np.array_equal(drawn, img)


@pytest.mark.parametrize(
    ("content", "message"),
    [(b"", "empty"), (b"GIF89a not really", "not an image"), ("truncated", "truncated"), ("blank", "no tiles")],
)
def test_cli_bad_input_exits_2_with_a_clear_message(tmp_path, capsys, content, message):
    photo = tmp_path / "photo.jpg"
    if content == "truncated":
        rng = np.random.default_rng(0)
        ok, buf = cv2.imencode(".jpg", rng.integers(0, 255, (300, 300, 3), dtype=np.uint8))
        photo.write_bytes(buf.tobytes()[:4000])
    elif content == "blank":
        cv2.imwrite(str(photo), np.full((480, 640, 3), (60, 140, 45), np.uint8))
    else:
        photo.write_bytes(content)
    assert sikwu(["recognize", str(photo)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


# ---- real photos (../shared), need the shipped model ---------------------------------------------------------------


@pytest.mark.shared
def test_real_photo_row_of_tiles(shared):
    if not MODEL.exists():
        pytest.skip(f"{MODEL} not shipped yet: recognition of real photos needs the classifier")
    from benchmarks.bench_recognition import load_ground_truth, match

    valid = shared / "datasets" / "hk-photos" / "valid"
    photos = sorted((valid / "images").glob("IMG_*.jpg"))[:3]
    found = total = 0
    for photo in photos:
        gts = load_ground_truth(photo, 640, 640)
        rec = vision.recognize(photo)
        pairs = match([t.box for t in rec.tiles], [b for _, b in gts])
        found += sum(1 for i, j in pairs if rec.tiles[i].id == gts[j][0])
        total += len(gts)
    assert found >= 0.5 * total, f"{found}/{total} tiles found and named right"


def test_cli_without_a_loadable_model_exits_2_and_says_so(tmp_path, scene, monkeypatch, capsys):
    import sys

    rec_module = sys.modules["sikwu.vision.pipeline"]

    def missing():
        raise rec_module.ClassifierUnavailableError("tile classifier model not found at models/tile_classifier.onnx")

    monkeypatch.setattr(rec_module, "_default_classifier", missing)
    photo = tmp_path / "hand.png"
    cv2.imwrite(str(photo), scene[0])
    assert sikwu(["recognize", str(photo)]) == 2
    err = capsys.readouterr().err
    assert "model not found" in err and "Traceback" not in err


def test_duplicate_candidates_and_scraps_are_reported_once_or_not_at_all():
    import importlib

    assemble_module = importlib.import_module("sikwu.vision.assemble")

    def quad(x, y, w=60, h=80):
        return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)

    tiles = [(quad(100 * i, 0), [("1m", 0.9)]) for i in range(5)]
    tiles.append((quad(105, 5), [("2m", 0.7)]))  # second candidate over tile 1: the less confident goes
    tiles.append((quad(600, 0, 10, 12), [("5z", 0.8)]))  # a scrap far smaller than any tile
    kept = assemble_module.consistent(tiles)
    assert [p[0][0] for _, p in kept] == ["1m"] * 5
