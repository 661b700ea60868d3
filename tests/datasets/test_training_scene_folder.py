"""``sikwu train``'s scene folder (``datasets.train_all.scene_folder``): drawn once per seed, count and generator
into the cache, and never mixed from two runs (issue 14, "One command makes the shipped models")."""

from __future__ import annotations

from sikwu.datasets import train_all


def test_a_run_that_finishes_drawing_scenes_second_keeps_the_first_runs_folder(tmp_path, monkeypatch) -> None:
    """Two ``sikwu train`` runs side by side (detector and classifier) draw the same scenes: each into a folder of
    its own, and the first to finish publishes; the other's draw is thrown away, not mixed into it."""
    from sikwu.datasets import detector_data
    from sikwu.datasets.scenes import generate

    monkeypatch.setattr(detector_data, "CACHE_DIR", tmp_path)

    def write(folder, scenes, info) -> None:  # the other run publishes while this one draws
        other = tmp_path / "scenes-train-s0-n1-1600-gen"
        other.mkdir()
        (other / "scenes.jsonl").write_text("theirs\n")
        (other / "skipped.json").write_text("[]")
        folder.mkdir()
        (folder / "scenes.jsonl").write_text("ours\n")

    monkeypatch.setattr(generate, "write", write)
    monkeypatch.setattr(train_all, "SCENE_LONG_SIDE", 1600)
    out, _ = train_all.scene_folder(0, 1, "gen")
    assert (out / "scenes.jsonl").read_text() == "theirs\n"
    assert [p.name for p in tmp_path.iterdir()] == [out.name]


def test_a_run_alone_publishes_its_scenes_and_reuses_them(tmp_path, monkeypatch) -> None:
    from sikwu.datasets import detector_data
    from sikwu.datasets.scenes import generate

    monkeypatch.setattr(detector_data, "CACHE_DIR", tmp_path)
    drawn: list[str] = []

    def write(folder, scenes, info) -> None:
        drawn.append(folder.name)
        folder.mkdir()
        (folder / "scenes.jsonl").write_text("ours\n")

    monkeypatch.setattr(generate, "write", write)
    out, skipped = train_all.scene_folder(0, 1, "gen")
    again, _ = train_all.scene_folder(0, 1, "gen")
    assert again == out and (out / "scenes.jsonl").read_text() == "ours\n" and skipped == []
    assert len(drawn) == 1 and [p.name for p in tmp_path.iterdir()] == [out.name]
