"""Teaching sikwu a tile set (vision/teach.py, vision/tile_sets.py, vision/set_classifier.py) on a tiny set.

The tiny set is the project's own drawn faces, so these tests need no shared material. They judge the tiles a test
makes doubtful (a grey card, a swapped pair): the shipped classifier need not read every other drawn face surely (it
reads the drawn season 1 as season 3 at the doubt threshold).
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from sikwu.scoring.tiles import TILE_IDS
from sikwu.vision import set_head, teach_views, tile_sets
from sikwu.vision.familiarity import Centroids
from sikwu.vision.set_classifier import SetClassifier
from sikwu.vision.teach import (
    LAID_OUT_ORDER,
    TeachError,
    add_examples,
    assign_faces,
    load_set,
    rename_tiles,
    teach_from_crops,
    teach_from_photo,
    teach_in_order,
)
from sikwu.vision.teach_layout import in_reading_order, places
from sikwu.vision.tile_sets import TileSetError


def _faces(ids, height: int = 72) -> list[np.ndarray]:
    from sikwu.artwork import render_face

    return [cv2.cvtColor(np.asarray(render_face(t, height).convert("RGB")), cv2.COLOR_RGB2BGR) for t in ids]


@pytest.fixture(scope="module")
def clf() -> SetClassifier:
    return SetClassifier()


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("SIKWU_DATA_DIR", str(tmp_path))
    return tmp_path


def test_teaching_a_laid_out_set_stores_every_face_under_its_name(clf: SetClassifier, data_dir: Path) -> None:
    result = teach_from_crops("home", _faces(TILE_IDS), clf)
    assert result.faces_in_set == 42 and result.missing == []
    assert result.path == data_dir / "tile_sets" / "home.npz"
    assert load_set("home").faces == sorted(TILE_IDS)
    assert tile_sets.list_sets() == ["home"]


def test_a_tile_named_by_elimination_is_noted_for_the_player_to_check(clf: SetClassifier) -> None:
    crops = _faces(TILE_IDS)
    crops[TILE_IDS.index("9s")] = np.full_like(crops[0], 128)  # a grey card: the classifier sees no 9s in it
    result = teach_from_crops("home", crops, clf)
    assert result.faces_in_set == 42
    assert "9s" in result.by_elimination and result.to_dict()["named_by_elimination"] == result.by_elimination
    assert any(n.startswith("named by elimination") and "9s" in n for n in result.notes)


def test_names_given_below_the_check_threshold_are_reported_unsure(clf: SetClassifier) -> None:
    crops = _faces(TILE_IDS)
    crops[TILE_IDS.index("9s")] = np.full_like(crops[0], 128)
    result = teach_from_crops("home", crops, clf)
    assert "9s" in result.unsure and result.to_dict()["unsure_names"] == result.unsure
    assert any(n.startswith("unsure names") and "9s" in n for n in result.notes)


def test_an_unsure_name_comes_with_its_tile_number_in_the_set_and_its_crop(clf: SetClassifier) -> None:
    add_examples("home", _faces(["1m", "2m"]), ["1m", "2m"], clf)
    crops = _faces(TILE_IDS)
    crops[TILE_IDS.index("9s")] = np.full_like(crops[0], 128)
    result = teach_from_crops("home", crops, clf)
    ((tile, name, crop),) = [u for u in result.unsure_tiles if u[1] == "9s"]
    assert result.first_tile == 2 and tile == 2 + TILE_IDS.index("9s") and crop.mean() == 128
    assert load_set("home").tile_labels[tile] == "9s"


def test_a_tile_given_no_face_is_offered_to_check_with_the_classifiers_guess_and_no_set_number(
    clf: SetClassifier,
) -> None:
    crops = _faces(TILE_IDS[:-2]) + [np.full_like(_faces(["1m"])[0], 128)]  # 40 faces and a grey card: no whole set
    result = teach_from_crops("home", crops, clf)
    assert result.unassigned == 1
    (tile, guess, crop) = result.unsure_tiles[-1]
    assert tile is None and guess in TILE_IDS and crop.mean() == 128


def test_a_name_the_players_put_right_renames_that_tile_only(clf: SetClassifier) -> None:
    add_examples("home", _faces(["1m", "2m", "3m"]), ["1m", "2m", "2m"], clf)
    result = rename_tiles("home", {2: "3m"})
    assert load_set("home").tile_labels == ["1m", "2m", "3m"] and result.faces_in_set == 3


def test_renaming_a_tile_the_set_does_not_have_says_so(clf: SetClassifier) -> None:
    add_examples("home", _faces(["1m"]), ["1m"], clf)
    with pytest.raises(TileSetError, match="there is no tile 5"):
        rename_tiles("home", {5: "2m"})


def test_a_photo_of_a_few_tiles_says_which_faces_are_missing(clf: SetClassifier) -> None:
    with pytest.raises(TeachError, match=r"shows 3 of the 42 faces.*missing: .*9m.*8f"):
        teach_from_crops("home", _faces(["1m", "2m", "3m"]), clf)


def test_names_are_assigned_one_to_one_the_surer_tile_keeping_a_face_both_resemble() -> None:
    labels = ["1m", "2m", "back"]
    probs = np.array([[0.6, 0.4, 0.0], [0.7, 0.3, 0.0]])  # both look most like 1m: 0.7 x 0.4 > 0.6 x 0.3
    assert assign_faces(probs, labels, faces=["1m", "2m"]) == ["2m", "1m"]


def test_an_unlikely_pairing_is_left_unassigned() -> None:
    assert assign_faces(np.array([[0.05, 0.0, 0.95]]), ["1m", "2m", "back"], faces=["1m", "2m"]) == [None]


def test_a_photo_of_the_whole_set_names_its_last_tile_by_elimination() -> None:
    """One tile per face: the tile the classifier cannot name is the face no other tile took."""
    labels = ["1m", "2m", "back"]
    probs = np.array([[0.98, 0.001, 0.019], [0.6, 0.02, 0.38]])  # the second looks like 1m or a back, not 2m
    assert assign_faces(probs, labels, faces=["1m", "2m"]) == ["1m", "2m"]


def test_faces_are_paired_as_a_whole_not_surest_first() -> None:
    """Pairing the surest first gives B 1m and C 2m, leaving A only 3m and 4m, which it is not: no face for A.
    The likeliest pairing as a whole gives every tile a face."""
    labels = ["1m", "2m", "3m", "4m"]
    probs = np.array(
        [
            [0.80, 0.15, 0.00, 0.05],  # A
            [0.85, 0.00, 0.10, 0.05],  # B
            [0.00, 0.50, 0.40, 0.10],  # C
        ]
    )
    assert assign_faces(probs, labels, faces=labels) == ["2m", "1m", "3m"]


def test_corrected_tiles_are_added_to_an_existing_set(clf: SetClassifier) -> None:
    add_examples("home", _faces(["1m", "2m"]), ["1m", "2m"], clf)
    add_examples("home", _faces(["3m"]), ["3m"], clf)
    assert load_set("home").faces == ["1m", "2m", "3m"]
    assert load_set("home").tiles == 3


def test_boxes_marked_not_a_tile_alone_are_kept_as_the_sets_table(clf: SetClassifier) -> None:
    add_examples("home", _faces(["1m", "2m"]), ["1m", "2m"], clf)
    result = add_examples("home", [], [], clf, not_tiles=[np.full((72, 54, 3), 90, np.uint8)])
    tile_set = load_set("home")
    assert result.table_crops == 1 and tile_set.tile_labels == ["1m", "2m"]
    assert len(tile_set.table) > 0


def test_a_box_marked_not_a_tile_weighs_as_much_as_a_taught_tile(clf: SetClassifier) -> None:
    add_examples("home", _faces(["1m", "2m"]), ["1m", "2m"], clf)
    add_examples("home", [], [], clf, not_tiles=[np.full((72, 54, 3), 90, np.uint8)])
    tile_set = load_set("home")
    assert len(tile_set.table) == tile_set.views == teach_views.VIEWS


def test_a_teaching_photos_table_crop_is_kept_with_its_half_turn(clf: SetClassifier) -> None:
    add_examples("home", _faces(["1m", "2m"]), ["1m", "2m"], clf, table=[np.full((72, 54, 3), 90, np.uint8)])
    assert len(load_set("home").table) == 2


def test_adding_nothing_at_all_is_refused(clf: SetClassifier) -> None:
    with pytest.raises(TeachError, match="no tiles to teach"):
        add_examples("home", [], [], clf)


def test_adding_examples_with_a_non_tile_id_is_refused(clf: SetClassifier) -> None:
    with pytest.raises(TeachError, match="not tile ids: 10m"):
        add_examples("home", _faces(["1m"]), ["10m"], clf)


def test_an_unusable_set_name_is_refused(clf: SetClassifier) -> None:
    with pytest.raises(tile_sets.TileSetError, match="not usable"):
        add_examples("../etc", _faces(["1m"]), ["1m"], clf)


def test_a_set_never_taught_is_a_clear_error() -> None:
    with pytest.raises(tile_sets.TileSetError, match="no tile set named 'club'"):
        load_set("club")


def test_a_set_taught_with_another_model_is_refused(clf: SetClassifier) -> None:
    other = tile_sets.TileSet("old", "f" * 64, ["1m"], np.ones((1, 192), np.float32))
    with pytest.raises(tile_sets.TileSetError, match="another classifier model"):
        clf.use_set(other)


def test_teaching_raises_the_taught_faces_own_probability(clf: SetClassifier) -> None:
    crops = _faces(TILE_IDS, height=48)
    teach_from_crops("home", _faces(TILE_IDS, height=96), clf)
    index = [clf.labels.index(t) for t in TILE_IDS]
    before = clf.probabilities(crops)[np.arange(42), index].mean()
    clf.use_set(load_set("home"))
    after = clf.probabilities(crops)[np.arange(42), index].mean()
    clf.use_set(None)
    assert after > before


def test_a_single_taught_face_changes_nothing() -> None:
    w, b = np.eye(3, 4), np.zeros(3)
    w2, b2 = set_head.fitted_head(w, b, ["1m", "2m", "3m"], ["1m"], np.array([[0, 0, 0, 1.0]]))
    assert np.allclose(w2, w) and np.allclose(b2, b)


def test_the_refit_tells_taught_faces_apart_and_leaves_untaught_faces_alone() -> None:
    w, b = np.eye(3, 4), np.zeros(3)
    one, two = [0, 0, 0.6, 0.8], [0, 0, -0.6, 0.8]  # the set's 1m and 2m look alike to the trained rows
    w2, b2 = set_head.fitted_head(w, b, ["1m", "2m", "3m"], ["1m", "2m"], 3 * np.array([one, two]))
    logits = 3 * np.array([one, two]) @ w2.T + b2
    assert logits[0, 0] > logits[0, 1] and logits[1, 1] > logits[1, 0]
    assert np.allclose(w2[2], w[2]) and b2[2] == b[2]


def test_a_taught_face_wins_over_an_untaught_face_its_tiles_looked_like() -> None:
    w, b = np.eye(3, 4), np.zeros(3)
    set_1m, set_2m = [0.5, 0, 0.6, 0], [0, 1, 0, 0.5]  # this set's 1m reads as 3m (untaught) before teaching
    assert int(np.argmax(np.array(set_1m) @ w.T + b)) == 2
    w2, b2 = set_head.fitted_head(w, b, ["1m", "2m", "3m"], ["1m", "2m"], np.array([set_1m, set_2m]))
    assert int(np.argmax(np.array(set_1m) @ w2.T + b2)) == 0


def _unit(v: list[float]) -> np.ndarray:
    return np.array(v) / np.linalg.norm(v)


def test_an_untaught_face_keeps_its_tiles_from_a_taught_look_alike_given_the_face_centroids() -> None:
    trained = np.array([_unit([1, 0, 0, 0]), _unit([0, 1, 0, 0]), _unit([0.9, 0, 0.45, 0])])  # 3m looks like 1m
    labels = ["1m", "2m", "3m"]
    w, b = 3 * trained, np.zeros(3)
    the_set = np.array([_unit(list(f + [0, 0, 0, 1])) for f in trained])  # every face of the set shifted alike
    centroids = Centroids(tuple(labels), trained, "model")
    set_head._fitted.clear()
    w_alone, b_alone = set_head.fitted_head(w, b, labels, ["1m", "2m"], the_set[:2])
    w_guess, b_guess = set_head.fitted_head(w, b, labels, ["1m", "2m"], the_set[:2], centroids=centroids)
    assert int(np.argmax(the_set[2] @ w_alone.T + b_alone)) == 0  # the taught 1m's lead takes the untaught 3m
    assert int(np.argmax(the_set[2] @ w_guess.T + b_guess)) == 2


def test_the_tile_back_is_imprinted_with_the_set_so_a_taught_blank_white_dragon_does_not_take_its_backs() -> None:
    trained = np.array([_unit([1, 0, 0, 0]), _unit([0, 1, 0, 0]), _unit([0, 0.9, 0.45, 0])])  # 1m, blank 5z, back
    labels = ["1m", "5z", "back"]
    w, b = 3 * trained, np.zeros(3)
    the_set = np.array([_unit(list(f + [0, 0, 0, 1])) for f in trained])
    centroids = Centroids(tuple(labels), trained, "model")
    set_head._fitted.clear()
    w_alone, b_alone = set_head.fitted_head(w, b, labels, ["1m", "5z"], the_set[:2])
    w_guess, b_guess = set_head.fitted_head(w, b, labels, ["1m", "5z"], the_set[:2], centroids=centroids)
    assert int(np.argmax(the_set[2] @ w_alone.T + b_alone)) == 1  # the taught blank's lead takes the back
    assert int(np.argmax(the_set[2] @ w_guess.T + b_guess)) == 2


def test_flowers_and_seasons_are_never_guessed_from_a_sets_other_faces() -> None:
    """Each set paints its own flowers and seasons: an untaught one keeps its trained row."""
    rng = np.random.default_rng(3)
    labels = ["1m", "2m", "1f", "5f"]
    w, b, x = rng.normal(size=(4, 6)), np.zeros(4), rng.normal(size=(6, 6))
    centroids = Centroids(tuple(labels), rng.normal(size=(4, 6)), "m")
    set_head._fitted.clear()
    w2, _ = set_head.fitted_head(w, b, labels, ["1m", "2m"] * 3, x, centroids=centroids)
    assert np.array_equal(w2[2:], w[2:])


def test_the_refit_is_the_same_every_time() -> None:
    rng = np.random.default_rng(1)
    w, b, x = rng.normal(size=(4, 6)), rng.normal(size=4), rng.normal(size=(12, 6))
    labels = ["1m", "2m", "3m"] * 4
    set_head._fitted.clear()
    first = set_head.fitted_head(w, b, ["1m", "2m", "3m", "4m"], labels, x)
    set_head._fitted.clear()
    assert all(
        np.array_equal(a, c)
        for a, c in zip(first, set_head.fitted_head(w, b, ["1m", "2m", "3m", "4m"], labels, x), strict=True)
    )


def test_each_taught_tile_is_stored_as_its_views_and_counted_once(clf: SetClassifier) -> None:
    result = add_examples("views", _faces(["1m", "2m"]), ["1m", "2m"], clf)
    stored = load_set("views")
    assert stored.tiles == 2 and len(stored.labels) == 2 * teach_views.VIEWS and result.taught == {"1m": 1, "2m": 1}


def test_teaching_a_set_stored_by_an_older_sikwu_again_replaces_it(clf: SetClassifier) -> None:
    old = tile_sets.set_path("club")
    old.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(old, embeddings=np.ones((1, 192), np.float32), labels=np.array(["9s"]),
                        meta='{"name": "club", "model_sha256": "", "version": 1}')  # fmt: skip
    add_examples("club", _faces(["1m"]), ["1m"], clf)
    assert load_set("club").tile_labels == ["1m"]


def test_a_set_stored_by_an_older_sikwu_is_refused_with_what_to_do(tmp_path) -> None:  # noqa: ANN001
    path = tmp_path / "old.npz"
    np.savez_compressed(path, embeddings=np.ones((1, 4), np.float32), labels=np.array(["1m"]),
                        meta='{"name": "old", "model_sha256": "", "version": 1}')  # fmt: skip
    with pytest.raises(tile_sets.TileSetError, match="older sikwu; teach it again"):
        tile_sets.TileSet.load("old", path)


def test_readings_carry_top_three_alternatives_and_an_unknown_verdict(clf: SetClassifier) -> None:
    (r,) = clf.read(_faces(["5p"]))
    d = r.to_dict()
    assert d["id"] == "5p" and len(d["alternatives"]) == 3 and d["unknown"] is False
    assert d["alternatives"][0] == {"id": "5p", "p": d["confidence"]}
    assert sum(a["p"] for a in d["alternatives"]) <= 1.0001
    assert json.dumps(d)


def test_cli_teach_without_a_photo_exits_2_with_a_message(capsys) -> None:
    from sikwu.cli import main

    assert main(["teach", "--set", "home"]) == 2
    assert "give a photo and a set name" in capsys.readouterr().err


def test_cli_teach_of_an_unreadable_file_exits_2(tmp_path: Path, capsys) -> None:
    from sikwu.cli import main

    bad = tmp_path / "x.jpg"
    bad.write_bytes(b"not a photo")
    assert main(["teach", str(bad), "--set", "home", "--json"]) == 2
    assert "error" in capsys.readouterr().err


def test_cli_renames_taught_tiles_by_their_numbers(clf: SetClassifier, capsys) -> None:
    from sikwu.cli import main

    add_examples("home", _faces(["1m", "2m"]), ["1m", "1m"], clf)
    assert main(["teach", "--set", "home", "--rename", "1=2m", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["faces_in_set"] == 2
    assert load_set("home").tile_labels == ["1m", "2m"]


def test_cli_rename_that_is_not_tile_equals_id_exits_2_saying_the_form(clf: SetClassifier, capsys) -> None:
    from sikwu.cli import main

    add_examples("home", _faces(["1m"]), ["1m"], clf)
    assert main(["teach", "--set", "home", "--rename", "2m"]) == 2
    assert "TILE=ID, such as 12=3m" in capsys.readouterr().err


def test_cli_lists_taught_sets_as_json(clf: SetClassifier, capsys) -> None:
    from sikwu.cli import main

    add_examples("home", _faces(["1m"]), ["1m"], clf)
    assert main(["teach", "--list", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["sets"] == ["home"]


def _grid(crops: list[np.ndarray], cols: int = 9, tile_h: int = 96) -> np.ndarray:
    """Tiles laid out in rows on a green cloth, a gap between them, as a player lays out a set to photograph it."""
    w, gap = int(tile_h * 0.75), tile_h // 4
    rows = (len(crops) + cols - 1) // cols
    img = np.full((rows * (tile_h + gap) + gap, cols * (w + gap) + gap, 3), (60, 110, 40), np.uint8)
    for i, c in enumerate(crops):
        y, x = gap + (i // cols) * (tile_h + gap), gap + (i % cols) * (w + gap)
        img[y : y + tile_h, x : x + w] = cv2.resize(c, (w, tile_h), interpolation=cv2.INTER_AREA)
    return img


def test_a_set_laid_out_in_order_names_each_tile_by_its_place_not_by_the_classifier(clf: SetClassifier) -> None:
    crops = _faces(TILE_IDS)
    crops[TILE_IDS.index("9s")] = np.full_like(crops[0], 128)  # a face the classifier cannot read
    result = teach_in_order("home", crops, clf)
    assert result.faces_in_set == 42
    tile_set = load_set("home")
    assert tile_set.tile_labels == list(LAID_OUT_ORDER) and LAID_OUT_ORDER == TILE_IDS


def test_in_order_a_tile_the_classifier_surely_reads_as_another_face_is_noted(clf: SetClassifier) -> None:
    crops = _faces(TILE_IDS)
    i, j = TILE_IDS.index("1m"), TILE_IDS.index("9m")
    crops[i], crops[j] = crops[j], crops[i]  # two tiles laid in each other's place
    result = teach_in_order("home", crops, clf)
    assert any(n.startswith("check the layout at: 1m (reads as 9m), 9m (reads as 1m)") for n in result.notes)
    swapped = [{"place": "1m", "reads": "9m"}, {"place": "9m", "reads": "1m"}]
    assert result.to_dict()["out_of_place"][:2] == swapped


def test_in_order_names_that_slipped_by_a_tile_are_refused_and_nothing_is_stored(clf: SetClassifier) -> None:
    """3m is missing and an extra tile ends the rows: the count matches, but from 3m on each tile is its next face."""
    ids = [t for t in TILE_IDS if t != "3m"] + ["1m"]
    with pytest.raises(TeachError, match=r"from 3m to .* the face 1 place\(s\) after its own") as refused:
        teach_in_order("home", _faces(ids), clf)
    assert refused.value.slip is not None and (refused.value.slip.first, refused.value.slip.shift) == ("3m", 1)
    with pytest.raises(TileSetError):
        load_set("home")


def test_in_order_a_layout_missing_a_tile_is_refused_with_the_order_to_lay_out(clf: SetClassifier) -> None:
    with pytest.raises(TeachError, match=r"found 41 tiles.*has 42.*characters 1-9, dots 1-9"):
        teach_in_order("home", _faces(TILE_IDS[:41]), clf)
    with pytest.raises(TileSetError):
        load_set("home")  # nothing was stored


def test_thirty_four_tiles_in_order_teach_a_set_without_flowers_and_seasons(clf: SetClassifier) -> None:
    result = teach_in_order("no-bonus", _faces(TILE_IDS[:34]), clf)
    assert result.faces_in_set == 34 and result.missing == list(TILE_IDS[34:])


def test_tiles_are_read_row_by_row_each_left_to_right() -> None:
    def box(x: float, y: float) -> np.ndarray:
        return np.array([[x, y], [x + 30, y], [x + 30, y + 40], [x, y + 40]], np.float32)

    quads = [box(100, 60), box(0, 60), box(50, 0), box(0, 0)]  # second row first, shuffled
    order = in_reading_order(["c", "b", "d", "a"], quads)  # type: ignore[list-item]
    assert order == ["a", "d", "b", "c"]


def test_a_photo_of_the_set_laid_out_in_order_teaches_every_face(clf: SetClassifier) -> None:
    photo = _grid(_faces(TILE_IDS, height=120))
    try:
        result = teach_from_photo(photo, "home", clf, in_order=True)
    except TeachError as exc:
        pytest.fail(f"the shipped detector did not find the 42 drawn tiles of the grid: {exc}")
    assert result.faces_in_set == 42 and load_set("home").tile_labels == list(TILE_IDS)


def test_cli_teaches_a_set_laid_out_in_order_as_json(tmp_path: Path, capsys) -> None:
    from sikwu.cli import main

    photo = tmp_path / "set.png"
    cv2.imwrite(str(photo), _grid(_faces(TILE_IDS, height=120)))
    assert main(["teach", str(photo), "--set", "home", "--in-order", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["faces_in_set"] == 42 and out["missing"] == []


def test_cli_in_order_with_a_tile_short_says_how_to_lay_out_the_set(tmp_path: Path, capsys) -> None:
    from sikwu.cli import main

    photo = tmp_path / "set.png"
    cv2.imwrite(str(photo), _grid(_faces(TILE_IDS[:40], height=120)))
    assert main(["teach", str(photo), "--set", "home", "--in-order"]) == 2
    assert "found 40 tiles, but a set laid out in order has 42" in capsys.readouterr().err


def test_cli_in_order_with_names_that_slipped_says_where_and_stores_nothing(tmp_path: Path, capsys) -> None:
    from sikwu.cli import main

    photo = tmp_path / "set.png"
    cv2.imwrite(str(photo), _grid(_faces([t for t in TILE_IDS if t != "3m"] + ["1m"], height=120)))
    assert main(["teach", str(photo), "--set", "home", "--in-order"]) == 2
    assert "from 3m to" in capsys.readouterr().err
    with pytest.raises(TileSetError):
        load_set("home")


def _grid_with_holes(ids: list[str], holes: set[int], cols: int = 9, tile_h: int = 120) -> np.ndarray:
    """The set in order in rows of ``cols``, the places in ``holes`` left empty (a tile the detector missed)."""
    crops = _faces(ids, height=tile_h)
    blank = np.full_like(crops[0], 0)
    img = _grid([blank if i in holes else c for i, c in enumerate(crops)], cols=cols, tile_h=tile_h)
    cloth = img[2, 2].copy()
    img[(img == 0).all(axis=2)] = cloth  # an empty place shows the cloth
    return img


def test_a_tile_missing_inside_a_row_is_skipped_by_its_gap_and_the_rest_keep_their_names(clf: SetClassifier) -> None:
    photo = _grid_with_holes(list(TILE_IDS), holes={TILE_IDS.index("5p")})
    result = teach_from_photo(photo, "home", clf, in_order=True)
    assert result.missing == ["5p"] and result.faces_in_set == 41
    assert any("no tile was found at the place of 5p" in n for n in result.notes)
    assert load_set("home").tile_labels == [t for t in TILE_IDS if t != "5p"]


def test_a_tile_missing_at_the_start_of_a_row_is_skipped_by_the_rows_edge(clf: SetClassifier) -> None:
    photo = _grid_with_holes(list(TILE_IDS), holes={TILE_IDS.index("1p")})  # 1p begins the second row
    result = teach_from_photo(photo, "home", clf, in_order=True)
    assert result.missing == ["1p"] and load_set("home").tile_labels == [t for t in TILE_IDS if t != "1p"]


def test_places_are_the_reading_order_when_no_tile_is_missing() -> None:
    def box(x: float, y: float) -> np.ndarray:
        return np.array([[x, y], [x + 30, y], [x + 30, y + 40], [x, y + 40]], np.float32)

    quads = [box(x, y) for y in (0, 60) for x in (0, 40, 80)]
    assert places(quads, 6) == [0, 1, 2, 3, 4, 5]
    assert places(quads[:1] + quads[2:], 6) == [0, None, 1, 2, 3, 4]  # the second tile's place is a gap
