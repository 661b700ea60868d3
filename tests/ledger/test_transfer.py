"""Export and import: the JSON gives back the identical game; CSV has one row per hand; bad files are refused."""

from __future__ import annotations

import json

import pytest
from ledger_helpers import HALF_FLUSH, hand
from sikwu.ledger import service, transfer
from sikwu.ledger.errors import ImportFormatError
from sikwu.ledger.store import Ledger


def _night(game, url):
    g = service.add_win(game.id, hand(HALF_FLUSH), winner="Bob", discarder="Ann", url=url,
                        thumbnail=("image/jpeg", b"\xff\xd8 photo"), device="phone-a")  # fmt: skip
    g = service.add_draw(g.id, url=url, device="phone-b")
    g = service.edit_hand(g.id, 1, 1, {"kind": "false_mahjong", "offenders": [3]}, url=url)
    return service.undo_hand(g.id, url=url)


def _without_stamp(doc):
    return {k: v for k, v in doc.items() if k != "exported_at"}


def test_import_of_an_export_gives_back_the_identical_game(game, url, tmp_path):
    g = _night(game, url)
    first = transfer.export_game(service.open_ledger(url), g.id)
    other = Ledger(str(tmp_path / "other.sqlite"))
    transfer.import_game(other, json.dumps(first))
    assert _without_stamp(transfer.export_game(other, g.id)) == _without_stamp(first)
    assert other.game(g.id) == service.open_ledger(url).game(g.id)


def test_thumbnails_can_be_left_out_of_the_export(game, url, tmp_path):
    g = _night(game, url)
    doc = transfer.export_game(service.open_ledger(url), g.id, with_thumbnails=False)
    assert doc["thumbnails_included"] is False and all(h["thumbnail"] is None for h in doc["hands"])
    other = Ledger(str(tmp_path / "other.sqlite"))
    transfer.import_game(other, json.dumps(doc))
    assert not any(h.has_thumbnail for h in other.game(g.id).hands)


def test_a_file_that_is_not_a_sikwu_game_is_refused(url):
    with pytest.raises(ImportFormatError, match="not a sikwu game export"):
        transfer.import_game(service.open_ledger(url), json.dumps({"hello": 1}))
    with pytest.raises(ImportFormatError, match="not JSON"):
        transfer.import_game(service.open_ledger(url), b"\x89PNG...")


def test_an_export_from_a_newer_version_is_refused(game, url):
    doc = transfer.export_game(service.open_ledger(url), game.id)
    doc["format_version"] = transfer.FORMAT_VERSION + 1
    with pytest.raises(ImportFormatError, match="newer than this sikwu reads"):
        transfer.import_game(service.open_ledger(url), json.dumps(doc))


def test_importing_a_game_that_is_already_there_is_refused(game, url):
    doc = transfer.export_game(service.open_ledger(url), game.id)
    with pytest.raises(ImportFormatError, match="already in this ledger"):
        transfer.import_game(service.open_ledger(url), json.dumps(doc))


def test_a_damaged_export_is_refused_before_anything_is_written(game, url, tmp_path):
    doc = transfer.export_game(service.open_ledger(url), game.id)
    doc["game"]["state"]["totals"] = [5, 0, 0, 0]
    other = Ledger(str(tmp_path / "other.sqlite"))
    with pytest.raises(ImportFormatError, match="do not sum to zero"):
        transfer.import_game(other, json.dumps(doc))
    assert other.games() == []


def test_csv_export_has_one_row_per_active_hand(game, url):
    g = service.add_win(game.id, hand(HALF_FLUSH), winner="Bob", discarder="Ann", url=url)
    g = service.add_draw(g.id, url=url)
    lines = transfer.export_csv(service.open_ledger(url), g.id).strip().splitlines()
    assert len(lines) == 3 and lines[0].startswith("hand,round_wind,dealer,kind")
    assert lines[2].split(",")[3] == "draw"
