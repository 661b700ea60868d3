"""What the page does when teaching a tile set (app/teach_flow.py), on a plain-dict session: which tiles count as the
player's corrections, when they are added, and how the URL's set and the session's choice agree (issue 14, item 3).
No model runs here; the page itself is driven in tests/app/test_page_teach.py."""

from __future__ import annotations

from pathlib import Path
from unittest.mock import Mock

import numpy as np
import pytest
from sikwu.app import flow, teach_flow
from sikwu.app.draft import Draft
from sikwu.app.services import FoundTiles
from sikwu.app.session import PhotoState, Session

READ = ["1m", "2m", "3m", "5z"]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("SIKWU_DATA_DIR", str(tmp_path))
    (tmp_path / "tile_sets").mkdir()
    (tmp_path / "tile_sets" / "home.npz").write_bytes(b"")  # listed as taught; never loaded here
    return tmp_path


def photo_session(scale: float = 1.0) -> Session:
    corners = [[[x, 0], [x + 8, 0], [x + 8, 12], [x, 12]] for x in range(0, 40, 10)]
    quads = tuple(np.array(c, np.float32) for c in corners)
    found = FoundTiles(tuple({"tile": t} for t in READ), (None,) * 4, quads, 0.1)
    session = Session({})
    session.photo = PhotoState("abc", "hand.jpg", np.zeros((20, 50, 3), np.uint8), scale, found)
    session.new_hand(Draft.from_found(found.tiles))
    return session


def test_a_tile_given_another_face_than_the_photo_is_a_correction() -> None:
    session = photo_session()
    session.correct(session.draft.replace_tile(4, "6z"))
    (only,) = teach_flow.corrections(session, session.draft)
    assert only.face == "6z" and only.key == ("abc", 4, "6z")


def test_tiles_added_by_hand_and_tiles_left_as_read_are_not_corrections() -> None:
    session = photo_session()
    session.correct(session.draft.add_tile("9p"))
    assert teach_flow.corrections(session, session.draft) == []


def test_a_correction_is_framed_in_the_displayed_photos_pixels() -> None:
    session = photo_session(scale=0.5)
    session.correct(session.draft.replace_tile(2, "7m"))
    (only,) = teach_flow.corrections(session, session.draft)
    assert only.quad[1].tolist() == [9.0, 0.0]  # (18, 0) in the photo, halved for the copy the page keeps


def test_a_tile_already_added_is_not_offered_again() -> None:
    session = photo_session()
    session.correct(session.draft.replace_tile(4, "6z"))
    session.mark_learned(frozenset({("abc", 4, "6z")}))
    assert teach_flow.corrections(session, session.draft) == []


def test_a_box_marked_not_a_tile_is_a_table_correction_added_once() -> None:
    session = photo_session()
    session.correct(session.draft.mark_not_a_tile(3))
    (only,) = teach_flow.corrections(session, session.draft)
    assert only.face == "not-a-tile" and only.key == ("abc", 3, "not-a-tile")
    assert only.quad[0].tolist() == [20.0, 0.0]  # the third box of the photo
    session.mark_learned(frozenset({only.key}))
    assert teach_flow.corrections(session, session.draft) == []


def test_boxes_marked_not_a_tile_reach_the_set_as_its_table_beside_the_corrected_tiles(monkeypatch) -> None:
    calls = []

    def teach_tiles(name, crops, faces, not_tiles=()):  # noqa: ANN001, ANN202
        calls.append((faces, not_tiles))

    monkeypatch.setattr(teach_flow.teach_services, "teach_tiles", teach_tiles)
    session = photo_session()
    session.tile_set, session.learn = "home", True
    session.correct(session.draft.replace_tile(4, "6z").mark_not_a_tile(3))
    assert teach_flow.learn_corrections(session, Mock(spec=flow.Result)) is None  # a hand that scores
    ((faces, not_tiles),) = calls
    assert faces == ["6z"] and len(not_tiles) == 1
    assert teach_flow.learned_from_photo(session) == (1, 1)


def test_nothing_is_added_without_the_opt_in_or_before_the_hand_scores(monkeypatch) -> None:
    calls = []
    monkeypatch.setattr(teach_flow.teach_services, "teach_tiles", lambda *a: calls.append(a))
    session = photo_session()
    session.tile_set = "home"
    session.correct(session.draft.replace_tile(4, "6z"))
    assert teach_flow.learn_corrections(session, flow.NeedsFix(("x",))) is None  # opt-in off
    session.learn = True
    assert teach_flow.learn_corrections(session, flow.Refused("warning", "not a winning hand")) is None
    assert calls == [] and session.learned == frozenset()


def test_the_urls_set_is_taken_once_then_the_sessions_choice_is_written_back() -> None:
    session, params = Session({}), {"tiles": "home"}
    teach_flow.sync_url(session, params)
    assert session.tile_set == "home" and params == {"tiles": "home"}
    teach_flow.choose_set(session, None)
    teach_flow.sync_url(session, params)
    assert session.tile_set is None and params == {}


def test_a_name_the_store_refuses_cannot_be_chosen() -> None:
    session = Session({})
    teach_flow.choose_set(session, "../nobody")
    assert session.tile_set is None and session.tile_set_chosen()


def test_a_new_name_is_chosen_before_it_has_learned_anything() -> None:
    session = Session({})
    outcome = teach_flow.start_empty(session, "club")
    assert session.tile_set == "club" and outcome.level == "info"


def test_faces_named_by_elimination_reach_the_page_for_the_player_to_check(tmp_path: Path) -> None:
    from sikwu.app.teach_services import _taught
    from sikwu.vision.teach import TeachResult

    result = TeachResult("home", tmp_path / "home.npz", {"9s": 1, "1m": 1}, [], faces_in_set=42, by_elimination=["9s"])
    assert _taught(result).by_elimination == ("9s",)


def test_how_much_of_the_table_was_learned_reaches_the_page(tmp_path: Path) -> None:
    from sikwu.app.teach_services import _taught
    from sikwu.vision.teach import TeachResult

    result = TeachResult("home", tmp_path / "home.npz", {"1m": 1}, [], faces_in_set=42, table_crops=12)
    assert _taught(result).table_crops == 12


def test_unsure_names_reach_the_page_for_the_player_to_check(tmp_path: Path) -> None:
    from sikwu.app.teach_services import _taught
    from sikwu.vision.teach import TeachResult

    result = TeachResult("home", tmp_path / "home.npz", {"9s": 1, "1m": 1}, [], faces_in_set=42, unsure=["1m"])
    assert _taught(result).unsure == ("1m",)


def test_checking_unsure_names_of_a_set_that_is_gone_says_so_and_keeps_the_list(tmp_path: Path, monkeypatch) -> None:
    from sikwu.app.teach_services import Taught

    monkeypatch.setenv("SIKWU_DATA_DIR", str(tmp_path))
    session = Session({})
    crop = np.zeros((8, 6, 3), np.uint8)
    session.taught = Taught("gone", ("9s",), 1, 1, (), to_check=((0, "9s", crop),))
    problem = teach_flow.put_names_right(session, {0: "1m"})
    assert problem is not None and "gone" in problem
    assert teach_flow.last_outcome(session).to_check  # nothing was lost: the players can try again


def test_checked_names_left_as_they_were_rename_nothing(tmp_path: Path, monkeypatch) -> None:
    from sikwu.app.teach_services import Taught

    monkeypatch.setenv("SIKWU_DATA_DIR", str(tmp_path))
    session = Session({})
    session.taught = Taught("gone", ("9s",), 1, 1, (), to_check=((0, "9s", np.zeros((8, 6, 3), np.uint8)),))
    assert teach_flow.put_names_right(session, {0: "9s"}) is None
    assert teach_flow.last_outcome(session).renamed == 0 and not teach_flow.last_outcome(session).to_check
