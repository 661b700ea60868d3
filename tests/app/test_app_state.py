"""The page's draft hand: every correction a player can make, as pure functions (no Streamlit)."""

from __future__ import annotations

import pytest
from sikwu.app.draft import Draft, DraftError
from sikwu.app.table import TableContext
from sikwu.scoring import format_tiles as compact

HAND = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split()


def found(ids, low=()):
    return [{"tile": t, "confidence": 0.9, "top3": ((t, 0.9),), "low_confidence": i in low} for i, t in enumerate(ids)]


def test_typed_tiles_mark_the_last_tile_as_winning():
    d = Draft.from_tiles(HAND)
    assert d.winning().tile == "5z"
    assert d.problems() == []


def test_replacing_a_photo_tile_keeps_its_number_and_shows_it_changed():
    d = Draft.from_found(found(HAND))
    d2 = d.replace_tile(3, "4m")
    t = d2.tile(3)
    assert (t.tile, t.number, t.found_as, t.changed) == ("4m", 3, "3m", True)
    assert not d.tile(3).changed


def test_replacing_back_with_the_photo_guess_clears_changed():
    d = Draft.from_found(found(HAND)).replace_tile(3, "4m").replace_tile(3, "3m")
    assert not d.tile(3).changed


def test_adding_and_deleting_tiles():
    d = Draft.from_tiles(HAND[:-1]).add_tile("5z")
    assert [t.tile for t in d.tiles] == HAND
    assert d.winning().tile == "5z"  # the added tile is the last one, so it becomes the winning tile
    d = d.delete_tile(d.winning_uid)
    assert len(d.tiles) == 13
    assert d.winning() is not None


def test_a_photo_tile_marked_not_a_tile_is_removed_and_its_photo_number_kept():
    d = Draft.from_found([{"tile": t} for t in HAND + ["8p"]])
    d = d.mark_not_a_tile(15)
    assert [t.tile for t in d.tiles] == HAND and d.not_tiles == (15,)


def test_a_tile_added_by_hand_cannot_be_marked_not_a_tile():
    d = Draft.from_found([{"tile": t} for t in HAND[:-1]]).add_tile("5z")
    with pytest.raises(DraftError, match="delete a tile you added"):
        d.mark_not_a_tile(14)


def test_flowers_go_to_the_bonus_group_and_cannot_win():
    d = Draft.from_tiles(HAND + ["1f"])
    assert [t.tile for t in d.bonus_tiles()] == ["1f"]
    assert "1f" not in [t.tile for t in d.concealed_tiles()]
    with pytest.raises(DraftError, match="bonus"):
        d.set_winning(15)


def test_declaring_a_pung_moves_tiles_out_of_the_concealed_part():
    d = Draft.from_tiles(HAND).declare_meld([10, 11, 12], "pung")
    assert len(d.melds) == 1 and d.melds[0].kind == "pung"
    assert len(d.concealed_tiles()) == 11


@pytest.mark.parametrize(
    ("uids", "kind", "message"),
    [
        ([1, 2, 4], "chow", "not a chow"),
        ([10, 11, 13], "pung", "not a pung"),
        ([10, 11], "pung", "3 identical"),
        ([1, 2, 3], "kong", "4 identical"),
    ],
)
def test_a_meld_that_does_not_fit_is_refused_with_a_reason(uids, kind, message):
    with pytest.raises(DraftError, match=message):
        Draft.from_tiles(HAND).declare_meld(uids, kind)


def test_concealed_kong_is_a_concealed_meld():
    d = Draft.from_tiles(["1z"] * 4 + HAND[:9] + ["5z", "5z"]).declare_meld([1, 2, 3, 4], "kong", "concealed")
    assert d.melds[0].concealed and d.melds[0].kong_kind == "concealed"


def test_replacing_a_tile_so_its_meld_no_longer_fits_releases_the_meld():
    d = Draft.from_tiles(HAND).declare_meld([10, 11, 12], "pung").replace_tile(10, "2z")
    assert d.melds == ()


def test_a_face_down_tile_must_be_named_before_scoring():
    d = Draft.from_found(found(HAND[:-1] + ["back"]))
    assert any("Face-down" in p for p in d.problems())
    assert d.winning().tile == "5z"  # the face-down tile is never picked as the winning tile


def test_winning_tile_must_be_concealed():
    d = Draft.from_tiles(HAND).declare_meld([10, 11, 12], "pung")
    with pytest.raises(DraftError, match="meld"):
        d.set_winning(10)


def test_discarder_is_never_the_winner():
    assert TableContext(seat=2, discarder=2).effective_discarder() == 1
    assert TableContext(seat=1, discarder=1).effective_discarder() == 4
    assert TableContext(self_drawn=True).effective_discarder() is None


def test_compact_groups_runs_of_one_suit():
    assert compact(["1m", "2m", "3m", "5z", "5z"]) == "123m 55z"


def grouped(ids_by_group):
    out = []
    for g, ids in enumerate(ids_by_group):
        out += [{"tile": t, "group": g} for t in ids]
    return out


def test_a_group_set_apart_in_the_photo_is_suggested_as_an_exposed_pung():
    d = Draft.from_found(grouped([HAND[:11], ["1z", "1z", "1z"]]))
    (s,) = d.suggested_melds()
    assert (s.kind, s.uids) == ("pung", (12, 13, 14))
    assert d.apply_suggestion(s).melds[0].kind == "pung"


def test_two_backs_between_equal_faces_are_suggested_as_a_concealed_kong():
    d = Draft.from_found(grouped([HAND[:12], ["7z", "back", "back", "7z"]]))
    (s,) = d.suggested_melds()
    assert (s.kind, s.kong_kind, s.face) == ("kong", "concealed", "7z")
    after = d.apply_suggestion(s)
    assert after.melds[0].concealed and [after.tile(u).tile for u in after.melds[0].uids] == ["7z"] * 4
    assert after.problems() == []


def test_the_main_row_and_non_melds_are_not_suggested():
    d = Draft.from_found(grouped([HAND[:11], ["1z", "5z", "9s"]]))
    assert d.suggested_melds() == []


def test_who_fed_a_meld_reaches_the_hand_for_liability():
    d = Draft.from_tiles(HAND).declare_meld([10, 11, 12], "pung", fed_by=3)
    hand = d.to_hand(TableContext(seat=1))
    assert hand.melds[0].fed_by == 3
