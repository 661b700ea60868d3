"""The Streamlit page, driven headless by ``streamlit.testing.v1.AppTest`` (Streamlit >= 1.50 can upload files there).

Report values are checked against the Sparrow's Nest league rules (../shared/rules/sparrows-nest-hk-league-rules.md,
"Scoring Conditions" and "Scoring"): the test hand 123m 456m 789m 777z 11z won by East on a discard in the East round
is No Flowers 1 + Closed Hand 1 + Dragon Triplet 1 + Half Flush 3 = 6 faan, which the discarder pays alone: 32 points.
Self-drawn it adds Self Draw 1 = 7 faan, paid 24 by each of the three others.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest  # noqa: E402

PAGE = str(Path(__file__).resolve().parents[2] / "app" / "page.py")
HAND = "123m 456m 789m 777z 11z"
MISREAD = "123m 456m 789m 777z 12z"  # the last tile misread as South: not a winning hand until corrected


def _scoring_ready() -> str | None:
    from sikwu.app import services

    try:
        services.parse_tiles("1m")
        services.builtin_profiles()
        services.load_profile(services.default_profile_name())
    except services.Unavailable as exc:
        return f"scoring engine not built yet: {exc}"
    return None


needs_scoring = pytest.mark.skipif(_scoring_ready() is not None, reason=str(_scoring_ready()))


def new_page() -> AppTest:
    return AppTest.from_file(PAGE, default_timeout=60).run()


def type_hand(at: AppTest, text: str) -> AppTest:
    at.segmented_control(key="input_mode").set_value("Type").run()
    at.text_input(key="typed_hand").input(text).run()
    return at.button(key="use_typed").click().run()


def tile_uid(at: AppTest, tile: str) -> int:
    draft = at.session_state["sikwu_draft"]
    return next(t.uid for t in draft.tiles if t.tile == tile)


def faan(at: AppTest) -> int:
    return int(next(m for m in at.metric if m.label.startswith("Total faan")).value)


def payments(at: AppTest) -> dict[str, int]:
    """Seat -> points from the payments table (the table after the patterns table)."""
    for table in at.table:
        df = table.value
        if "Points" in df.columns:
            return {row["Seat"].split()[0]: int(row["Points"]) for _, row in df.iterrows()}
    raise AssertionError("no payments table on the page")


def messages(at: AppTest) -> str:
    return " | ".join(e.value for e in [*at.error, *at.warning, *at.info])


def test_page_starts_with_a_hint_and_no_traceback():
    at = new_page()
    assert not at.exception
    assert "Upload or take a photo" in messages(at)


def test_a_file_that_is_not_a_photo_gets_a_plain_message():
    at = new_page()
    at.file_uploader(key="photo_upload").upload("hand.jpg", b"this is not a jpeg", "image/jpeg").run()
    assert not at.exception
    assert any("not a photo this page can read" in e.value for e in at.error)


def test_a_camera_shot_goes_through_the_same_photo_checks():
    at = new_page()
    at.segmented_control(key="input_mode").set_value("Camera").run()
    at.camera_input(key="photo_camera").upload("camera.jpg", b"\xff\xd8\xff truncated", "image/jpeg").run()
    assert not at.exception
    assert at.error and ("damaged" in at.error[0].value or "not a photo" in at.error[0].value)


def test_the_live_camera_asks_for_a_1080p_picture_not_the_widgets_width():
    """Streamlit otherwise returns a picture as wide as the widget on screen (~390 px on a phone)."""
    at = new_page()
    at.segmented_control(key="input_mode").set_value("Camera").run()
    assert at.camera_input(key="photo_camera").proto.resolution_height == 1080


def test_an_unreadable_new_photo_replaces_the_previous_hand():
    from sikwu.app.draft import Draft

    at = new_page()
    at.session_state["sikwu_draft"] = Draft.from_tiles("1m 2m 3m 4m 5m 6m 7m 8m 9m 7z 7z 7z 1z 1z".split())
    at.run()
    assert at.session_state["sikwu_draft"].tiles
    at.file_uploader(key="photo_upload").upload("hand.jpg", b"not a photo", "image/jpeg").run()
    assert not at.session_state["sikwu_draft"].tiles
    assert not at.metric


def test_a_photo_of_an_empty_table_says_no_tiles_were_found():
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (640, 480), (24, 96, 60)).save(buf, format="JPEG")
    at = new_page()
    at.file_uploader(key="photo_upload").upload("table.jpg", buf.getvalue(), "image/jpeg").run()
    assert not at.exception
    shown = messages(at)
    if "not available" in shown:
        pytest.skip(f"photo recognition not installed here: {shown}")
    assert "no tiles" in shown.lower()


@needs_scoring
def test_typed_hand_is_scored_per_the_rule_document():
    at = type_hand(new_page(), HAND)
    assert not at.exception, at.exception
    assert faan(at) == 6
    assert payments(at) == {"East": 32, "South": -32, "West": 0, "North": 0}


@needs_scoring
def test_a_misread_tile_is_not_a_winning_hand_until_corrected_from_the_palette():
    at = type_hand(new_page(), MISREAD)
    assert "Not a winning hand" in messages(at)
    assert not at.metric
    uid = tile_uid(at, "2z")
    at.button(key=f"tile_{uid}").click().run()
    at.button(key="pal_1z").click().run()
    assert not at.exception, at.exception
    assert faan(at) == 6
    assert at.session_state["sikwu_draft"].tile(uid).tile == "1z"


@needs_scoring
def test_self_drawn_rescores_and_everyone_pays():
    at = type_hand(new_page(), HAND)
    at.segmented_control(key="ctx_win").set_value("self-drawn").run()
    assert faan(at) == 7
    assert payments(at) == {"East": 72, "South": -24, "West": -24, "North": -24}


@needs_scoring
def test_context_is_remembered_when_the_hand_changes():
    at = type_hand(new_page(), HAND)
    at.segmented_control(key="ctx_win").set_value("self-drawn").run()
    at.button(key="add_tile_open").click().run()
    at.button(key="add_1f").click().run()  # East's own flower: Matching Flower replaces No Flowers
    assert at.segmented_control(key="ctx_win").value == "self-drawn"
    assert faan(at) == 7
    assert [t.tile for t in at.session_state["sikwu_draft"].bonus_tiles()] == ["1f"]


@needs_scoring
def test_deleting_a_tile_explains_what_to_do_next():
    at = type_hand(new_page(), HAND)
    at.button(key=f"tile_{tile_uid(at, '5m')}").click().run()
    at.button(key="delete_tile").click().run()
    assert not at.exception
    assert "cannot be scored" in messages(at) and "tile" in messages(at)  # 13 tiles: says a tile is missing
    assert not at.metric


@needs_scoring
def test_bad_notation_names_the_problem():
    at = type_hand(new_page(), "123m 45x")
    assert not at.exception
    assert at.warning and "'45x' at position 5" in at.warning[0].value


@needs_scoring
def test_an_exposed_pung_is_declared_and_closed_hand_is_lost():
    """Sparrow's Nest 'Closed Hand': scored only when no Pung/Seong/Gong was declared."""
    at = type_hand(new_page(), HAND)
    draft = at.session_state["sikwu_draft"]
    reds = [t.uid for t in draft.tiles if t.tile == "7z"]
    at.pills(key="meld_pick").set_value(reds).run()
    at.segmented_control(key="meld_kind").set_value("pung").run()
    at.button(key="declare_meld").click().run()
    assert not at.exception, at.exception
    assert len(at.session_state["sikwu_draft"].melds) == 1
    assert faan(at) == 5


# ---- photos -------------------------------------------------------------------------------------------------------


def _recognition_ready() -> str | None:
    try:
        from sikwu import vision
    except ImportError as exc:
        return f"vision not importable: {exc}"
    if not hasattr(vision, "recognize"):
        return "sikwu.vision.recognize not built yet"
    try:
        from sikwu.vision.classifier import default_classifier

        default_classifier()
    except Exception as exc:  # ModelError, ImportError: the classifier model has not landed
        return f"tile classifier not available: {exc}"
    return None


needs_vision = pytest.mark.skipif(_recognition_ready() is not None, reason=str(_recognition_ready()))


def composed_photo(tiles: list[str]) -> bytes:
    """A photo-like JPEG of the hand laid in a row on green felt, drawn with the project's own faces."""
    from PIL import Image
    from sikwu.artwork import render_face

    h = 120
    faces = [render_face(t, h) for t in tiles]
    gap = 6
    width = sum(f.width for f in faces) + gap * (len(faces) - 1) + 160
    felt = Image.new("RGB", (width, h + 200), (24, 96, 60))
    x = 80
    for f in faces:
        felt.paste(f, (x, 100))
        x += f.width + gap
    buf = io.BytesIO()
    felt.save(buf, format="JPEG", quality=92)
    return buf.getvalue()


def correct_to(at: AppTest, truth: list[str]) -> list[str]:
    """Make the page's tiles equal ``truth`` the way a player would: replace misread tiles, delete extra ones, add
    missed ones (aligning the photo's reading order with the truth). Returns the actions taken."""
    import difflib

    found = [(t.uid, t.tile) for t in at.session_state["sikwu_draft"].tiles]
    actions = []
    ops = difflib.SequenceMatcher(None, [t for _, t in found], truth, autojunk=False).get_opcodes()
    for tag, i1, i2, j1, j2 in ops:
        if tag == "equal":
            continue
        pairs = min(i2 - i1, j2 - j1)
        for k in range(pairs):
            at.button(key=f"tile_{found[i1 + k][0]}").click().run()
            at.button(key=f"pal_{truth[j1 + k]}").click().run()
            actions.append(f"replace #{found[i1 + k][0]} {found[i1 + k][1]} -> {truth[j1 + k]}")
        for uid, tile in found[i1 + pairs : i2]:
            at.button(key=f"tile_{uid}").click().run()
            at.button(key="delete_tile").click().run()
            actions.append(f"delete #{uid} {tile}")
        for tile in truth[j1 + pairs : j2]:
            at.button(key="add_tile_open").click().run()
            at.button(key=f"add_{tile}").click().run()
            at.button(key="add_done").click().run()
            actions.append(f"add {tile}")
    return actions


@needs_scoring
@needs_vision
def test_composed_photo_upload_is_numbered_corrected_and_scored():
    """A clean photo of 14 tiles drawn by sikwu.artwork: the found tiles are numbered in reading order; whatever the
    recogniser got wrong is fixed with the page's own tools (replace, delete, add), after which the Sparrow's Nest
    values hold (6 faan, South pays 32)."""
    truth = "1m 2m 3m 4m 5m 6m 7m 8m 9m 7z 7z 7z 1z 1z".split()
    at = new_page()
    at.file_uploader(key="photo_upload").upload("hand.jpg", composed_photo(truth), "image/jpeg").run()
    assert not at.exception, at.exception
    draft = at.session_state["sikwu_draft"]
    assert draft.source == "photo"
    assert [t.number for t in draft.tiles] == list(range(1, len(draft.tiles) + 1))
    assert at.image, "the numbered photo is shown"
    correct_to(at, truth)
    assert sorted(t.tile for t in at.session_state["sikwu_draft"].tiles) == sorted(truth)
    assert faan(at) == 6
    assert payments(at) == {"East": 32, "South": -32, "West": 0, "North": 0}


@needs_scoring
@needs_vision
def test_shared_photo_upload_is_recognised_and_can_be_corrected(shared):
    photos = sorted((shared / "datasets" / "hk-photos" / "valid" / "images").glob("*.jpg"))
    if not photos:
        pytest.skip("no photos in hk-photos/valid/images")
    at = new_page()
    at.file_uploader(key="photo_upload").upload(photos[0].name, photos[0].read_bytes(), "image/jpeg").run()
    assert not at.exception, at.exception
    draft = at.session_state["sikwu_draft"]
    assert draft.source == "photo" and draft.tiles, messages(at)
    first = draft.tiles[0]
    new = "5z" if first.tile != "5z" else "6z"
    at.button(key=f"tile_{first.uid}").click().run()
    at.button(key=f"pal_{new}").click().run()
    corrected = at.session_state["sikwu_draft"].tile(first.uid)
    assert corrected.tile == new and corrected.changed


HOUSE_RULES = b"""[meta]
name = "our-table"
description = "Sparrow's Nest with an 8-faan minimum"
extends = "sparrows-nest"

[rules]
minimum_faan = 8
"""


@needs_scoring
def test_uploaded_house_rules_raise_the_minimum():
    at = type_hand(new_page(), HAND)
    at.file_uploader(key="ctx_house_rules").upload("our-table.toml", HOUSE_RULES, "application/toml").run()
    assert not at.exception, at.exception
    assert faan(at) == 6
    assert any("below this table's 8-faan minimum" in e.value for e in at.error)


@needs_scoring
def test_a_broken_house_rules_file_names_the_problem():
    at = type_hand(new_page(), HAND)
    bad = HOUSE_RULES.replace(b"minimum_faan = 8", b"minimum_fan = 8")
    at.file_uploader(key="ctx_house_rules").upload("our-table.toml", bad, "application/toml").run()
    assert not at.exception
    assert any("house-rules file cannot be used" in e.value and "minimum_fan" in e.value for e in at.error)


@needs_scoring
def test_report_compares_profiles_and_offers_downloads():
    at = type_hand(new_page(), HAND)
    compare = next(t.value for t in at.table if "Profile" in t.value.columns)
    assert "sparrows-nest" not in set(compare["Profile"])  # the chosen profile is the main report
    assert {"new-style", "old-style-v1"} <= set(compare["Profile"])
    assert [d.label for d in at.download_button] == ["Download JSON", "Download Markdown"]
    assert "wins 6 faan" in at.code[0].value and "South -32" in at.code[0].value


@needs_scoring
def test_correcting_a_typed_tile_marks_it_changed():
    at = type_hand(new_page(), MISREAD)
    uid = tile_uid(at, "2z")
    at.button(key=f"tile_{uid}").click().run()
    at.button(key="pal_1z").click().run()
    assert "✎" in at.button(key=f"tile_{uid}").label


@needs_scoring
def test_big_three_dragons_liability_splits_the_payment():
    """Sparrow's Nest "Liability Payments: Big Three Dragons": whoever fed the third dragon pung is liable; won on
    another player's discard, the liable player and the discarder split the payment evenly. 555z 666z 777z exposed,
    123m 99m: Big Three Dragons 8 + No Flowers 1 + Half Flush 3 = 12, capped at 10 faan = 128 points on a discard."""
    at = type_hand(new_page(), "555z 666z 777z 123m 99m")
    for tile, fed in (("5z", None), ("6z", None), ("7z", 3)):
        draft = at.session_state["sikwu_draft"]
        at.pills(key="meld_pick").set_value([t.uid for t in draft.tiles if t.tile == tile]).run()
        if fed:
            at.segmented_control(key="meld_fed_by").set_value(fed).run()
        at.button(key="declare_meld").click().run()
    assert [m.fed_by for m in at.session_state["sikwu_draft"].melds] == [None, None, 3]
    assert faan(at) == 10
    assert payments(at) == {"East": 128, "South": -64, "West": -64, "North": 0}


@needs_scoring
def test_table_settings_survive_switching_between_discard_and_self_drawn():
    at = type_hand(new_page(), HAND)
    at.segmented_control(key="ctx_discarder").set_value(4).run()
    at.selectbox(key="ctx_profile").set_value("old-style-v1").run()
    at.segmented_control(key="ctx_win").set_value("self-drawn").run()
    at.segmented_control(key="ctx_win").set_value("discard").run()
    ctx = at.session_state["sikwu_context"]
    assert (ctx.discarder, ctx.profile, ctx.self_drawn) == (4, "old-style-v1", False)
    assert payments(at)["North"] < payments(at)["South"] < 0  # old style: the discarder pays more than the others


@needs_scoring
def test_a_hand_below_the_minimum_says_so_and_shows_the_false_mahjong_penalty():
    """Sparrow's Nest: 3 faan minimum; "Penalty for a false mahjong is a reverse limit hand self draw payment"
    (10 faan self-drawn = 64 x 3): the false winner pays 64 to each other seat."""
    # South's flower (no No Flowers, no Matching Flower for East), an exposed pung (no Closed Hand), mixed suits: 0 faan
    at = type_hand(new_page(), "123m 456p 789s 555p 22s 2f")
    draft = at.session_state["sikwu_draft"]
    at.pills(key="meld_pick").set_value([t.uid for t in draft.tiles if t.tile == "5p"][-3:]).run()
    at.button(key="declare_meld").click().run()
    assert faan(at) == 0
    assert "below this table's 3-faan minimum" in messages(at)
    assert payments(at) == {"East": 0, "South": 0, "West": 0, "North": 0}
    penalty = [t.value for t in at.table if list(t.value.columns) == ["Seat", "Points"]]
    assert penalty, "the false mahjong penalty table is shown"
    rows = {r["Seat"].split()[0]: int(r["Points"]) for _, r in penalty[0].iterrows()}
    assert rows == {"East": -192, "South": 64, "West": 64, "North": 64}


@needs_scoring
def test_robbing_a_kong_marked_self_drawn_is_explained_in_page_terms():
    at = type_hand(new_page(), HAND)
    at.pills(key="ctx_events").set_value(["robbing_kong"]).run()
    at.segmented_control(key="ctx_win").set_value("self-drawn").run()
    assert not at.exception
    assert at.error and "self_drawn" not in at.error[0].value and "Won by" in at.error[0].value


@needs_scoring
def test_a_meld_set_apart_in_the_photo_is_declared_with_one_tap():
    """The tiles' photo groups (vision's layout) put 7z 7z 7z apart from the row: one tap declares it exposed, and
    Closed Hand (Sparrow's Nest: no Pung/Seong/Gong declared) goes: 6 -> 5 faan."""
    from sikwu.app.draft import Draft

    row, apart = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1z 1z".split(), ["7z", "7z", "7z"]
    found = [{"tile": t, "group": 0} for t in row] + [{"tile": t, "group": 1} for t in apart]
    at = new_page()
    at.session_state["sikwu_draft"] = Draft.from_found(found)
    at.run()
    assert faan(at) == 6
    at.button(key="suggest_0").click().run()
    assert [m.kind for m in at.session_state["sikwu_draft"].melds] == ["pung"]
    assert faan(at) == 5
