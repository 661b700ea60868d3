"""Wrong join codes are slowed on the server like wrong PINs (issue 17, item 4: "a brute-force attempt being
slowed"), per device and server-wide, on SQLite and PostgreSQL; and the limits hold across OS processes."""

from __future__ import annotations

import multiprocessing
from datetime import timedelta

import pytest
from ledger_helpers import PLAYERS
from sikwu.ledger import access, service
from sikwu.ledger.access import AccessError, TooManyAttemptsError
from sikwu.ledger.store import Ledger
from sqlalchemy import text

PIN = "4821"
WRONG = "w" * 32


@pytest.fixture
def code(url: str) -> str:
    game = service.new_game(PLAYERS, "sparrows-nest", name="Table 1", url=url, pin=PIN)
    return service.join_code(game.id, PIN, url=url)


@pytest.fixture
def frozen(monkeypatch: pytest.MonkeyPatch):
    """Move the rate limit's clock by hand: ``frozen(seconds)`` sets it that far after the start."""
    t0 = access.clock()

    def at(seconds: float = 0) -> None:
        monkeypatch.setattr(access, "clock", lambda: t0 + timedelta(seconds=seconds))

    at(0)
    return at


def wrong_codes(n: int, client: str, url: str) -> None:
    for i in range(n):
        with pytest.raises(AccessError, match="no game or league has this join code"):
            service.game_by_code(f"{WRONG}{i}", client=client, url=url)


def test_wrong_join_codes_from_one_device_are_slowed_like_wrong_pins(code: str, url: str, frozen):
    wrong_codes(access.FREE_CODE_FAILURES, "phone-a", url)
    with pytest.raises(TooManyAttemptsError, match=r"5 wrong join codes in a row from this device; wait 2 s"):
        service.game_by_code(code, client="phone-a", url=url)  # refused before the code is even looked up
    frozen(3)
    wrong_codes(1, "phone-a", url)
    with pytest.raises(TooManyAttemptsError, match="wait 4 s"):  # each further wrong code doubles the wait
        service.game_by_code(code, client="phone-a", url=url)


def test_the_right_code_in_time_opens_the_game_and_forgives_the_device(code: str, url: str, frozen):
    wrong_codes(access.FREE_CODE_FAILURES, "phone-a", url)
    frozen(2)
    assert service.game_by_code(code, client="phone-a", url=url).name == "Table 1"
    wrong_codes(access.FREE_CODE_FAILURES, "phone-a", url)  # five free mistakes again


def test_one_devices_wrong_codes_do_not_slow_another_device(code: str, url: str, frozen):
    wrong_codes(access.FREE_CODE_FAILURES, "phone-a", url)
    assert service.game_by_code(code, client="phone-b", url=url).name == "Table 1"


def test_a_brute_force_changing_its_device_token_is_slowed_server_wide(code: str, url: str, frozen):
    for i in range(access.GLOBAL_CODE_FAILURES):
        wrong_codes(1, f"token-{i}", url)  # every guess from a new token: the per-device limit never starts
    with pytest.raises(TooManyAttemptsError, match="too many wrong join codes .* on this server .* wait 60 s"):
        service.game_by_code(f"{WRONG}x", client="token-new", url=url)
    frozen(access.GLOBAL_WINDOW_S)
    assert service.game_by_code(code, client="token-new", url=url).name == "Table 1"  # the next window


def test_at_the_server_wide_rate_guessing_a_code_is_pointless():
    per_year = access.GLOBAL_CODE_FAILURES / access.GLOBAL_WINDOW_S * 365 * 24 * 3600
    codes = 10**6  # even with a million games on the server, a guess hits one with odds 2**-172
    assert len(access.new_join_code()) == 32 and 2**192 / codes / per_year > 1e40  # years


def test_a_league_code_is_rate_limited_the_same_way(url: str, frozen):
    from sikwu.ledger import league, league_views

    _, code = league.create_league("Sparrows", "organiser-secret", url=url)
    wrong_codes(access.FREE_CODE_FAILURES, "phone-a", url)
    with pytest.raises(TooManyAttemptsError, match="wait 2 s"):
        league_views.league_by_code(code, client="phone-a", url=url)


def test_devices_are_counted_under_a_hash_never_their_token_or_address(code: str, url: str):
    wrong_codes(1, "192.0.2.7", url)
    with Ledger(url).engine.connect() as conn:
        keys = conn.execute(text("select key from code_attempts")).scalars().all()
    assert "*" in keys and all("192.0.2.7" not in k for k in keys) and access.client_key("192.0.2.7") in keys


def hammer(url: str, mode: str, target: str, processes: int = 3, tries: int = 12) -> list[tuple[str, int, int]]:
    """``processes`` spawned OS processes, each with its own engine, guessing at once (see tests/ledger/hammer.py)."""
    from hammer import guess

    ctx = multiprocessing.get_context("spawn")
    start, out = ctx.Barrier(processes), ctx.Queue()
    frozen = access.clock()
    procs = [ctx.Process(target=guess, args=(url, mode, target, tries, frozen, start, out, f"p{i}"))
             for i in range(processes)]  # fmt: skip
    for p in procs:
        p.start()
    results = [out.get(timeout=120) for _ in procs]
    for p in procs:
        p.join(timeout=30)
        assert p.exitcode == 0
    return results


def test_wrong_pins_from_several_processes_never_get_more_than_the_limit_checked(url: str):
    game = service.new_game(PLAYERS, "sparrows-nest", url=url, pin=PIN)
    results = hammer(url, "pin", game.id)
    assert sum(checked for _, checked, _ in results) == access.FREE_FAILURES  # the rest were refused unchecked
    assert sum(checked + refused for _, checked, refused in results) == 3 * 12


def test_wrong_codes_from_several_processes_never_get_more_than_the_limit_checked(url: str):
    results = hammer(url, "code", "one-device")  # three processes, one device key: the per-device limit holds
    assert sum(checked for _, checked, _ in results) == access.FREE_CODE_FAILURES


def test_wrong_codes_with_ever_new_tokens_from_several_processes_stop_at_the_server_wide_limit(url: str):
    results = hammer(url, "tokens", "", tries=access.GLOBAL_CODE_FAILURES // 2)  # 3 x 30 guesses > 60
    assert sum(checked for _, checked, _ in results) == access.GLOBAL_CODE_FAILURES
