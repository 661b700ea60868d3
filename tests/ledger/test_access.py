"""Who may see and change what (issue 17, item 4): join codes, hashed PINs, a rate limit kept in the database."""

from __future__ import annotations

from datetime import timedelta

import pytest
from ledger_helpers import HALF_FLUSH, PLAYERS, hand
from sikwu.ledger import access, service
from sikwu.ledger.access import AccessError, TooManyAttemptsError
from sikwu.ledger.store import Ledger
from sqlalchemy import text

PIN = "4821"


@pytest.fixture
def locked(url: str):
    return service.new_game(PLAYERS, "sparrows-nest", name="Table 1", url=url, pin=PIN)


def test_a_join_code_is_long_and_random(locked, url: str):
    code = service.join_code(locked.id, PIN, url=url)
    assert len(code) >= 32 and code != service.join_code(service.new_game(PLAYERS, url=url, pin=PIN).id, PIN, url=url)


def test_the_join_code_opens_the_game_read_only(locked, url: str):
    code = service.join_code(locked.id, PIN, url=url)
    assert service.game_by_code(code, url=url).id == locked.id
    with pytest.raises(AccessError, match="protected: give its PIN"):
        service.add_win(locked.id, hand(HALF_FLUSH), winner="Bob", discarder="Ann", url=url)
    assert Ledger(url).game(locked.id).hands == ()


def test_a_device_never_sees_a_game_whose_code_it_was_not_given(locked, url: str):
    other = service.new_game(PLAYERS, url=url, pin="9999")
    mine = service.game_by_code(service.join_code(locked.id, PIN, url=url), url=url)
    assert mine.id == locked.id != other.id
    for wrong in ("", "x" * 32, service.join_code(locked.id, PIN, url=url)[:-1]):
        with pytest.raises(AccessError, match="no game or league has this join code"):
            service.game_by_code(wrong, url=url)


def test_the_pin_lets_a_device_add_edit_and_undo(locked, url: str):
    g = service.add_win(locked.id, hand(HALF_FLUSH), winner="Bob", discarder="Ann", url=url, pin=PIN)
    g = service.undo_hand(locked.id, 1, g.hands[0].version, url=url, pin=PIN)
    assert g.state.hands == 0 and g.hands[0].status == "undone"


def test_a_wrong_pin_changes_nothing(locked, url: str):
    with pytest.raises(AccessError, match="wrong PIN or password; nothing was changed|wrong PIN or password for"):
        service.add_draw(locked.id, url=url, pin="0000")
    assert Ledger(url).game(locked.id).hands == ()


def test_the_pin_is_stored_only_as_a_scrypt_hash(locked, url: str):
    with Ledger(url).engine.connect() as conn:
        stored = conn.execute(text("select secret_hash from access")).scalar()
    assert stored.startswith("scrypt$") and PIN not in stored and access.secret_matches(PIN, stored)


def test_the_products_scrypt_cost_is_memory_hard(monkeypatch):
    monkeypatch.undo()  # the tests run with a cheaper cost (conftest)
    assert access.SCRYPT["n"] >= 2**14 and access.hash_secret(PIN).startswith("scrypt$16384$8$1$")


def test_a_pin_too_short_to_protect_anything_is_refused(url: str):
    with pytest.raises(AccessError, match="at least 4 characters"):
        service.new_game(PLAYERS, url=url, pin="12")


def test_a_brute_force_attempt_is_slowed_down_across_processes(locked, url: str, monkeypatch):
    t0 = access.clock()
    monkeypatch.setattr(access, "clock", lambda: t0)
    devices = [Ledger(url), Ledger(url)]  # two pools, as two page processes: the counter is in the database
    for i in range(access.FREE_FAILURES):
        with pytest.raises(AccessError, match="wrong PIN"):
            devices[i % 2].authorize("game", locked.id, f"{1000 + i}")
    with pytest.raises(TooManyAttemptsError, match=r"5 wrong PINs or passwords in a row .* wait 2 s"):
        devices[1].authorize("game", locked.id, PIN)  # refused before the PIN is even checked
    monkeypatch.setattr(access, "clock", lambda: t0 + timedelta(seconds=3))
    with pytest.raises(AccessError, match="wrong PIN"):
        devices[0].authorize("game", locked.id, "1111")
    with pytest.raises(TooManyAttemptsError, match="wait 4 s"):  # each further failure doubles the wait
        devices[0].authorize("game", locked.id, PIN)
    monkeypatch.setattr(access, "clock", lambda: t0 + timedelta(seconds=8))
    devices[1].authorize("game", locked.id, PIN)  # the right PIN, in time: accepted, and the counter is reset
    devices[1].authorize("game", locked.id, PIN)


def test_a_join_link_and_its_qr_code(locked, url: str):
    link = access.join_link("https://club.example/sikwu/", service.join_code(locked.id, PIN, url=url))
    assert link.startswith("https://club.example/sikwu/game?join=")  # the Game page (app/pages/game.py)
    assert access.qr_svg(link).startswith("<svg") and access.qr_png(link)[:4] == b"\x89PNG"


def test_an_unprotected_game_stays_open_to_the_local_device(game, url: str):
    assert service.add_draw(game.id, url=url).state.hands == 1


def test_a_game_says_whether_it_needs_a_pin(locked, game, url: str):
    assert Ledger(url).is_protected("game", locked.id) and not Ledger(url).is_protected("game", game.id)


def test_a_pin_held_for_this_run_lets_writes_that_name_none_through(locked, url: str):
    """The page holds the PINs its browser session unlocked (access.hold) for the writes of one run."""
    import contextvars

    def run() -> int:
        access.hold({f"game:{locked.id}": PIN})
        return service.add_draw(locked.id, url=url).state.hands

    assert contextvars.copy_context().run(run) == 1


def test_a_held_pin_never_reaches_another_thread(locked, url: str):
    import contextvars
    import threading

    errors: list[Exception] = []

    def other_session() -> None:
        try:
            service.add_draw(locked.id, url=url)
        except AccessError as exc:
            errors.append(exc)

    def run() -> None:
        access.hold({f"game:{locked.id}": PIN})
        t = threading.Thread(target=other_session)
        t.start()
        t.join()

    contextvars.copy_context().run(run)
    assert len(errors) == 1 and "protected: give its PIN" in str(errors[0])
