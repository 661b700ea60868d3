"""``sikwu train --debian-art``: the Debian tile sets become training art only when asked, the run says so wherever
the data are identified (data version, ``training.json``, the models' metadata), and held-out evaluation stops
counting those sets as held out for such a model (issue 14; docs/synthetic-scenes.md, "Train on the Debian sets").
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from sikwu.datasets import train, train_all, train_stages
from sikwu.datasets.scenes import art, debian, kde_sheets


def _fetch_fixture(cache: Path) -> Path:
    """A stand-in for the fetched cache: one KDE sheet (its bytes are all the fingerprint reads)."""
    path = kde_sheets.sheet_path(cache / "debian-tilesets", "traditional")
    path.parent.mkdir(parents=True)
    path.write_bytes(gzip.compress(b'<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'))
    return path


def _fetch_extra(cache: Path) -> Path:
    """A stand-in for a fetched training-only sheet (xmahjongg's dorothys): bytes are all the fingerprint reads."""
    path = cache / "debian-tilesets" / debian.EXTRA_SHEETS["dorothys"][0]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"GIF89a stand-in")
    return path


def test_debian_art_is_off_by_default() -> None:
    assert train_all.parse_args([]).debian_art is None and train_all.parse_args(["--debian-art"]).debian_art == "all"
    assert train_all.parse_args(["--debian-art", "extra"]).debian_art == "extra"


def test_debian_art_extra_draws_only_the_training_only_sets(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SIKWU_CACHE", str(tmp_path))
    _fetch_fixture(tmp_path)
    _fetch_extra(tmp_path)
    assert list(train_all.debian_fingerprints("extra")) == ["debian:dorothys"]
    assert sorted(train_all.debian_fingerprints("all")) == ["debian:dorothys", "debian:kde-traditional"]


def test_training_only_sets_are_never_held_out_art(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SIKWU_CACHE", str(tmp_path))
    _fetch_fixture(tmp_path)
    _fetch_extra(tmp_path)
    names = tmp_path / "heldout.txt"
    names.write_text("a.jpg\n")
    held, _ = art.heldout_filter(names, model_metadata={})
    assert held.sets == frozenset({art.CROPS, "debian:kde-traditional"})
    assert debian.extra_set_names() == ["debian:dorothys"] and "debian:dorothys" in art.known_sources()


def test_debian_art_without_fetched_sets_is_refused_with_what_to_run(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("SIKWU_CACHE", str(tmp_path))
    monkeypatch.setattr(train, "training_error", lambda threads, steps: None)
    assert train_all.main(["--debian-art", "--out", str(tmp_path / "models")]) == 2
    err = capsys.readouterr().err
    assert "--debian-art" in err and "python -m sikwu.datasets.scenes.debian" in err
    assert not (tmp_path / "models").exists()


def test_debian_sets_enter_the_data_version_by_content(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SIKWU_CACHE", str(tmp_path))
    sheet = _fetch_fixture(tmp_path)
    prints = train_all.debian_fingerprints()
    assert list(prints) == ["debian:kde-traditional"]
    base = train_all.data_version([], "gen")
    assert train_all.data_version([], "gen", {}) == base  # a default run keeps its data version
    assert train_all.data_version([], "gen", prints) != base
    sheet.write_bytes(sheet.read_bytes() + b" ")
    assert train_all.data_version([], "gen", train_all.debian_fingerprints()) != train_all.data_version(
        [], "gen", prints
    )


def test_models_carry_the_debian_sets_only_when_used() -> None:
    assert art.DEBIAN_ART_KEY not in train_stages.model_extra([])
    extra = train_stages.model_extra(["debian:kde-classic", "debian:real"])
    assert extra[art.DEBIAN_ART_KEY] == "debian:kde-classic,debian:real"


def test_training_record_names_the_debian_sets_and_hands_them_to_every_model(tmp_path: Path, monkeypatch) -> None:
    pytest.importorskip("torch", reason="sikwu train records its torch version (the train extra)")
    from sikwu.datasets import repeatable

    monkeypatch.setenv("SIKWU_CACHE", str(tmp_path))
    _fetch_fixture(tmp_path)
    seen: dict[str, object] = {}
    monkeypatch.setattr(repeatable, "make_repeatable", lambda seed, threads, numerics=None: None)
    monkeypatch.setattr(art, "training_excluded_crops", lambda: (frozenset(), "test list"))
    monkeypatch.setattr(train_all, "training_files", lambda: [])
    monkeypatch.setattr(train_all, "scene_folder", lambda *a: seen.setdefault("scenes", (tmp_path, [])))
    monkeypatch.setattr(train_stages, "train_general", lambda args, scenes, sets: seen.setdefault("detector", sets))
    monkeypatch.setattr(train_stages, "train_main", lambda args, sets: seen.setdefault("main", sets))
    monkeypatch.setattr(
        train_stages, "train_classifier", lambda args, scenes, sets, generator: seen.setdefault("classifier", sets)
    )
    record = train_all.train_all(train_all.parse_args(["--debian-art", "--out", str(tmp_path / "models")]))
    written = json.loads((tmp_path / "models" / train_all.RECORD_NAME).read_text())
    assert list(written["debian_art"]) == ["debian:kde-traditional"] == list(record["debian_art"])
    assert seen["detector"] == seen["main"] == seen["classifier"] == ["debian:kde-traditional"]


def test_heldout_art_leaves_out_the_debian_sets_the_model_trained_on(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SIKWU_CACHE", str(tmp_path))
    _fetch_fixture(tmp_path)
    names = tmp_path / "heldout.txt"
    names.write_text("a.jpg\n")
    plain, _ = art.heldout_filter(names, model_metadata={})
    trained, origin = art.heldout_filter(names, model_metadata={art.DEBIAN_ART_KEY: "debian:kde-traditional"})
    assert plain.sets is not None and "debian:kde-traditional" in plain.sets
    assert trained.sets == frozenset({art.CROPS}) and "debian:kde-traditional" in origin
    assert debian.fetched_set_names() == ["debian:kde-traditional"]


def test_held_out_art_also_leaves_out_the_sets_a_shipped_detector_trained_on(monkeypatch, tmp_path) -> None:
    # the classifier never saw debian:smooth, but the general detector did: its scenes would measure memory
    from sikwu.datasets.scenes.heldout import with_detectors_art
    from sikwu.vision import detector

    from sikwu import models

    general = tmp_path / "tile_detector_general.onnx"
    general.write_bytes(b"stand-in")
    monkeypatch.setattr(models, "GENERAL_DETECTOR_PATH", general)
    monkeypatch.setattr(detector, "DEFAULT_MODEL_PATH", tmp_path / "absent.onnx")

    class Trained:
        def __init__(self, path) -> None:
            self.path = path

        def training_info(self) -> dict[str, object]:
            return {art.DEBIAN_ART_KEY: "debian:smooth"}

    monkeypatch.setattr(detector, "TileDetector", Trained)
    meta = with_detectors_art({art.DEBIAN_ART_KEY: "debian:real", "seed": "0"})
    assert art.trained_debian_sets(meta) == {"debian:real", "debian:smooth"}
    assert meta["seed"] == "0"
