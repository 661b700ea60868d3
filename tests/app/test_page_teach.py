"""The teach page (app/pages/teach.py) and the scoring page's tile-set parts, driven by AppTest (issue 14, item 3
"Your set": one photo of the set laid out teaches it; photos are then read as that set; corrected tiles can be added,
opt-in; a teaching photo that does not show a usable set says what is missing).

Photos are drawn here from the project's own tile artwork (a set laid out in rows, a hand in a row), so these run
without ../shared; the one test on a real photo skips when ../shared is absent. Taught sets go to a temporary data dir.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("streamlit")
pytest.importorskip("cv2")
from PIL import Image  # noqa: E402
from sikwu.scoring.tiles import TILE_IDS  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PAGE = str(ROOT / "app" / "page.py")
HAND = "1m 2m 3m 4m 5m 6m 7m 8m 9m 7z 7z 7z 1z 1z".split()  # tests/app/test_page_apptest.py's hand
HK_PHOTOS = ROOT.parent / "shared" / "datasets" / "hk-photos" / "valid" / "images"


def laid_out(ids: list[str], cols: int = 7, gap: int = 18) -> bytes:
    """A PNG of the tiles face up in rows on a green cloth, drawn with the project's own artwork."""
    from sikwu.artwork import render_face

    faces = [render_face(t, 72).convert("RGB") for t in ids]
    w, h = faces[0].size
    rows = -(-len(faces) // cols)
    img = Image.new("RGB", (cols * (w + gap) + gap, rows * (h + gap) + gap), (40, 110, 60))
    for i, face in enumerate(faces):
        r, c = divmod(i, cols)
        img.paste(face, (gap + c * (w + gap), gap + r * (h + gap)))
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("SIKWU_DATA_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture(scope="module")
def whole_set() -> bytes:
    return laid_out(list(TILE_IDS))


def teach_page(**params: str) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    return at.switch_page("pages/teach.py").run()


def teach(at: AppTest, name: str, photo: bytes | None, afresh: bool = False, in_order: bool = False) -> AppTest:
    at.text_input(key="teach_name").input(name)
    if photo is not None:
        at.file_uploader(key="teach_photo").upload("set.png", photo, "image/png")
    if afresh:
        at.checkbox(key="teach_afresh").check()
    if in_order:
        at.checkbox(key="teach_in_order").check()
    return at.button(key="teach_go").click().run()


def taught_here(name: str) -> list[str]:
    from sikwu.vision.teach import load_set

    return load_set(name).tile_labels


def messages(at: AppTest) -> str:
    return " | ".join(e.value for e in [*at.error, *at.warning, *at.info, *at.success])


def test_the_teach_page_explains_how_to_lay_out_the_set():
    at = teach_page()
    assert not at.exception
    text = " ".join(m.value for m in at.markdown)
    assert "One tile of each face" in text and "42 tiles" in text and "At least 27 faces" in text
    assert "Add the tiles I correct to my set" in text  # the other way in: corrected hands


def test_the_teach_page_draws_the_order_to_lay_a_set_out_in_row_by_row():
    from sikwu.app.components.teach_view import ORDER_ROWS
    from sikwu.vision.teach import LAID_OUT_ORDER

    assert sum(ORDER_ROWS, ()) == LAID_OUT_ORDER  # the rows drawn are the order teaching reads
    at = teach_page()
    assert not at.exception
    assert any(e.label == "The order, row by row" for e in at.expander)


def test_a_photo_of_the_set_laid_out_teaches_every_face_and_becomes_the_set_in_use(whole_set, data_dir):
    at = teach(teach_page(), "home", whole_set)
    assert not at.exception and not at.error
    assert "The set 'home' now knows 42 of the 42 faces" in at.success[0].value
    assert sorted(taught_here("home")) == sorted(TILE_IDS)
    assert not any("lay the set out in order" in i.value for i in at.info)  # every tile was named
    assert (data_dir / "tile_sets" / "home.npz").is_file()
    assert at.session_state["sikwu_tile_set"] == "home"
    assert at.selectbox(key="tile_set").value == "home"


def test_a_set_laid_out_in_order_is_learned_tile_by_place(whole_set, data_dir):
    at = teach(teach_page(), "home", whole_set, in_order=True)
    assert not at.exception and not at.error
    assert "The set 'home' now knows 42 of the 42 faces" in at.success[0].value
    assert taught_here("home") == list(TILE_IDS)  # stored in the order laid out: each tile named by its place


def test_in_order_tiles_that_look_like_other_faces_are_shown_for_the_players_to_check(data_dir):
    ids = list(TILE_IDS)
    ids[0], ids[8] = ids[8], ids[0]  # 1m and 9m laid in each other's place
    at = teach(teach_page(), "home", laid_out(ids), in_order=True)
    assert not at.exception and not at.error
    assert any("look like other faces" in w.value for w in at.warning)
    assert at.session_state["sikwu_taught"].out_of_place == ("1m", "9m")


def test_a_photo_whose_tiles_were_not_all_named_suggests_laying_the_set_out_in_order(data_dir):
    from sikwu.artwork import render_face

    photo = Image.open(io.BytesIO(laid_out(list(TILE_IDS))))
    w, h = render_face("1m", 72).size
    gap, index = 18, TILE_IDS.index("9s")  # laid_out's spacing; this tile's face is painted over
    r, c = divmod(index, 7)
    photo.paste(
        (128, 128, 128), (gap + c * (w + gap), gap + r * (h + gap), gap + c * (w + gap) + w, gap + r * (h + gap) + h)
    )
    buf = io.BytesIO()
    photo.save(buf, format="PNG")
    at = teach(teach_page(), "home", buf.getvalue())
    assert not at.exception and not at.error
    assert any("lay the set out in order" in i.value for i in at.info)


def test_a_set_laid_out_in_order_with_a_tile_short_says_how_many_and_the_order(data_dir):
    at = teach(teach_page(), "home", laid_out(list(TILE_IDS[:41])), in_order=True)
    assert not at.exception
    assert "shows 41 tiles, but your set laid out in order has 42" in at.error[0].value
    assert "east south west north" in at.error[0].value
    assert not (data_dir / "tile_sets").exists()


def test_a_set_laid_out_in_order_whose_names_slipped_says_where_and_to_lay_it_out_again(data_dir):
    ids = [t for t in TILE_IDS if t != "3m"] + ["1m"]  # 3m missing, an extra tile at the end: 42 tiles
    at = teach(teach_page(), "home", laid_out(ids), in_order=True)
    assert not at.exception
    assert "From 3 Characters" in at.error[0].value and "1 place(s) after its own" in at.error[0].value
    assert not (data_dir / "tile_sets").exists()


def test_a_partial_set_is_taught_and_the_faces_still_missing_are_named(data_dir):
    at = teach(teach_page(), "home", laid_out(list(TILE_IDS[:30])))
    assert not at.exception and not at.error
    assert "now knows 30 of the 42 faces" in at.success[0].value
    assert "Not learned yet: 12 faces" in at.info[0].value


def test_a_photo_of_a_few_tiles_says_how_many_faces_it_shows_and_teaches_nothing(data_dir):
    at = teach(teach_page(), "home", laid_out(["1m", "2m", "3m", "4m", "5m"], cols=5))
    assert not at.exception
    assert "shows 5 of the 42 faces" in at.error[0].value and "at least 27" in at.error[0].value
    assert any("Not found in the photo" in m.value for m in at.markdown)
    assert not (data_dir / "tile_sets").exists() and at.session_state["sikwu_taught"].missing[0] == "6m"


def test_a_photo_without_tiles_says_none_were_found():
    blank = io.BytesIO()
    Image.new("RGB", (320, 240), (40, 110, 60)).save(blank, format="PNG")
    at = teach(teach_page(), "home", blank.getvalue())
    assert not at.exception
    assert "No tiles were found in this photo" in at.error[0].value


def test_a_file_that_is_not_a_photo_gets_a_plain_message():
    at = teach(teach_page(), "home", b"not a photo at all")
    assert not at.exception
    assert "not a photo this page can read" in at.error[0].value


def test_teaching_without_a_photo_asks_for_one():
    at = teach(teach_page(), "home", None)
    assert not at.exception and "photo of your set laid out first" in at.warning[0].value


def test_a_set_name_the_store_cannot_use_says_what_to_use(whole_set, data_dir):
    at = teach(teach_page(), "../../etc", whole_set)
    assert not at.exception
    assert "Name the set with 1 to 64 letters" in messages(at)
    assert not (data_dir / "tile_sets").exists()


def test_start_afresh_forgets_what_the_set_learned_before(whole_set):
    at = teach(teach_page(), "home", whole_set)
    at = teach(at, "home", whole_set)
    assert len(taught_here("home")) == 84  # a second photo adds examples
    at = teach(at, "home", whole_set, afresh=True)
    assert len(taught_here("home")) == 42


def test_choosing_no_set_reads_photos_with_the_shipped_model(whole_set):
    at = teach(teach_page(), "home", whole_set)
    at.selectbox(key="tile_set").select("").run()
    assert not at.exception and at.session_state["sikwu_tile_set"] == ""


def test_the_scoring_page_reads_a_photo_as_the_set_in_the_url(whole_set):
    from sikwu.app import teach_services

    teach_services.teach_photo(np.asarray(Image.open(io.BytesIO(whole_set)).convert("RGB")), "home")
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.query_params["tiles"] = "home"
    at.run()
    at.file_uploader(key="photo_upload").upload("hand.png", laid_out(HAND, cols=14, gap=6), "image/png").run()
    assert not at.exception
    found = at.session_state["sikwu_photo"].found
    assert found.tile_set == "home" and [t["tile"] for t in found.tiles] == HAND
    assert any("read as your tile set 'home'" in link.label for link in at.get("page_link"))


def test_a_set_name_in_the_url_the_store_cannot_use_is_ignored():
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.query_params["tiles"] = "../nobody"
    at.run()
    assert not at.exception and at.session_state["sikwu_tile_set"] == ""
    assert "tiles" not in at.query_params


def test_corrected_tiles_are_added_to_the_set_once_the_hand_scores_when_opted_in(whole_set):
    at = teach(teach_page(), "home", whole_set).switch_page("page.py").run()
    at.file_uploader(key="photo_upload").upload("hand.png", laid_out(HAND, cols=14, gap=6), "image/png").run()
    four = next(t.uid for t in at.session_state["sikwu_draft"].tiles if t.tile == "4m")
    at.button(key=f"tile_{four}").click().run()
    at.button(key="pal_7m").click().run()  # 123m 567m 789m 777z 11z: still a winning hand
    assert len(taught_here("home")) == 42  # nothing added before the opt-in
    at.checkbox(key="learn_corrections").check().run()
    assert not at.exception
    assert len(taught_here("home")) == 43 and taught_here("home")[-1] == "7m"
    assert any("1 tile(s) of this photo added" in c.value for c in at.caption)
    at.run()
    assert len(taught_here("home")) == 43  # added once, not on every rerun


def test_a_box_marked_not_a_tile_teaches_the_sets_table_once_the_hand_scores_when_opted_in(whole_set):
    from sikwu.vision.teach import load_set
    from sikwu.vision.teach_views import VIEWS

    at = teach(teach_page(), "home", whole_set).switch_page("page.py").run()
    at.file_uploader(key="photo_upload").upload("hand.png", laid_out([*HAND, "9p"], cols=15, gap=6), "image/png").run()
    at.checkbox(key="learn_corrections").check().run()
    table_before = len(load_set("home").table)
    extra = next(t.uid for t in at.session_state["sikwu_draft"].tiles if t.tile == "9p")
    at.button(key=f"tile_{extra}").click().run()
    at.button(key="not_a_tile").click().run()  # the 14 tiles left are the winning hand
    assert not at.exception
    assert len(load_set("home").table) == table_before + VIEWS  # the box as a taught tile is kept
    assert len(taught_here("home")) == 42  # no tile was taught
    assert any("1 box(es) of this photo learned as not a tile" in c.value for c in at.caption)


def test_corrections_stay_out_of_the_set_without_the_opt_in(whole_set):
    at = teach(teach_page(), "home", whole_set).switch_page("page.py").run()
    at.file_uploader(key="photo_upload").upload("hand.png", laid_out(HAND, cols=14, gap=6), "image/png").run()
    four = next(t.uid for t in at.session_state["sikwu_draft"].tiles if t.tile == "4m")
    at.button(key=f"tile_{four}").click().run()
    at.button(key="pal_7m").click().run()
    assert not at.exception and at.checkbox(key="learn_corrections").value is False
    assert len(taught_here("home")) == 42


def test_a_set_started_empty_is_filled_by_the_tiles_a_player_corrects(data_dir):
    at = teach_page()
    at.text_input(key="teach_name").input("club")
    at = at.button(key="teach_empty").click().run()
    assert not at.exception and "has learned nothing yet" in at.info[0].value
    at = at.switch_page("page.py").run()
    at.file_uploader(key="photo_upload").upload("hand.png", laid_out(HAND, cols=14, gap=6), "image/png").run()
    assert at.session_state["sikwu_photo"].found.set_problem is None  # nothing to read it as yet: no warning
    four = next(t.uid for t in at.session_state["sikwu_draft"].tiles if t.tile == "4m")
    at.button(key=f"tile_{four}").click().run()
    at.button(key="pal_7m").click().run()
    at.checkbox(key="learn_corrections").check().run()
    assert not at.exception and taught_here("club") == ["7m"]


def test_a_stored_set_that_cannot_be_read_is_named_and_the_photo_read_without_it(whole_set, data_dir):
    at = teach(teach_page(), "home", whole_set)
    (data_dir / "tile_sets" / "home.npz").write_bytes(b"not a tile set")
    at = at.switch_page("page.py").run()
    at.file_uploader(key="photo_upload").upload("hand.png", laid_out(HAND, cols=14, gap=6), "image/png").run()
    assert not at.exception
    assert [t.tile for t in at.session_state["sikwu_draft"].tiles] == HAND
    assert any("Your tile set 'home' cannot be used" in w.value and "read without it" in w.value for w in at.warning)


@pytest.mark.skipif(not HK_PHOTOS.is_dir(), reason="../shared/datasets/hk-photos is absent (a real photo is needed)")
def test_a_real_photo_is_read_as_the_chosen_set(whole_set):
    photo = sorted(HK_PHOTOS.glob("*.jpg"))[0].read_bytes()
    at = teach(teach_page(), "home", whole_set).switch_page("page.py").run()
    at.file_uploader(key="photo_upload").upload("hand.jpg", photo, "image/jpeg").run()
    assert not at.exception
    found = at.session_state["sikwu_photo"].found
    assert found is not None and found.tile_set == "home" and found.tiles


def test_the_teach_page_speaks_hong_kong_cantonese_on_the_chinese_page(whole_set):
    at = teach(teach_page(lang="zh_Hant_HK"), "屋企", whole_set)
    assert not at.exception and not at.error
    assert at.get("subheader")[0].value == "教 sikwu 認你副牌"
    assert "「屋企」呢副牌而家識 42 款入面嘅 42 款" in at.success[0].value


def set_with_a_grey_card() -> bytes:
    """The whole set laid out, a grey card where the 9s lies: it is named 9s only by elimination (unsure)."""
    from sikwu.artwork import render_face

    faces = [render_face(t, 72).convert("RGB") for t in TILE_IDS]
    grey = Image.new("RGB", faces[0].size, (128, 128, 128))
    buf = io.BytesIO()
    w, h = faces[0].size
    img = Image.new("RGB", (7 * (w + 18) + 18, 6 * (h + 18) + 18), (40, 110, 60))
    for i, face in enumerate(faces):
        r, c = divmod(i, 7)
        img.paste(grey if TILE_IDS[i] == "9s" else face, (18 + c * (w + 18), 18 + r * (h + 18)))
    img.save(buf, format="PNG")
    return buf.getvalue()


def test_the_players_put_an_unsure_name_right_and_the_set_is_renamed(data_dir):
    at = teach(teach_page(), "home", set_with_a_grey_card())
    assert not at.exception
    (picker,) = [s for s in at.selectbox if str(s.key).startswith("teach_check_")]
    assert picker.value == "9s"
    at = picker.set_value("1m").run()
    at = at.button(key="teach_check_save").click().run()
    assert not at.exception
    assert "Names checked: 1 tile(s) renamed or added" in messages(at)
    assert "9s" not in taught_here("home") and taught_here("home").count("1m") == 2
    assert not [s for s in at.selectbox if str(s.key).startswith("teach_check_")]  # checked: the list is gone


def test_a_new_teaching_photo_shows_its_own_names_to_check_not_a_choice_left_unsaved(data_dir):
    photo = set_with_a_grey_card()
    at = teach(teach_page(), "home", photo)
    (picker,) = [s for s in at.selectbox if str(s.key).startswith("teach_check_")]
    at = picker.set_value("1m").run()  # chosen, never saved
    at = at.button(key="teach_go").click().run()  # the same photo taught again
    assert not at.exception
    (picker,) = [s for s in at.selectbox if str(s.key).startswith("teach_check_")]
    assert picker.value == "9s"
