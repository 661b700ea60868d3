"""The Game page and the Teach page as players use them, in headless Chromium at a phone's 390x660 and at 1280x800.

Issue 15 item 3 (every control at least 44x44 CSS px, Streamlit's own where CSS reaches them) and item 7 (axe-core
from npm, injected, nothing excluded: no serious or critical violation) hold for the other pages too, and issue 16
item 4 puts the running totals where the table looks: on the phone's first screen. Audited: the Game page empty,
with a PIN game started by typing four names and two hands in it, opened read-only by a game's or a league's join
link, and in 繁體中文; the Teach page before and after a set is taught. Every expander is opened before measuring.
The server, its ledger and its data dir are test_browser_phone.py's fixture (one ``sikwu app`` per module, stopped
and checked gone at the end).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
import sikwu_browser as B
from test_browser_phone import DESKTOP, PHONE, TLS_FLAGS, _recognition_missing, app, axe_js, small_controls  # noqa: F401

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(B.browser_missing() is not None, reason=str(B.browser_missing())),
]

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
PIN = "2468"
#: East wins on South's discard: tests/app/test_page_game.py's hand (Sparrow's Nest, 6 faan, 32 points).
HAND = {"concealed": "1m 2m 3m 4m 5m 6m 7m 8m 9m 7z 7z 7z 1z 1z".split(), "winning_tile": "1z", "seat": 1,
        "discarder": 2}  # fmt: skip


def settle(d, what: str, check) -> None:  # noqa: ANN001
    B.wait_for(d, check, 90, what)
    B.wait_for(d, lambda d: B.idle(d), 30, "page idle")
    d.execute_script("window.scrollTo(0, 0); document.querySelector('[data-testid=\"stMain\"]').scrollTo(0, 0);")
    time.sleep(0.5)


def start_game_in_the_page(d, base: str, axe: Path) -> str:  # noqa: ANN001
    """Four names and a PIN typed and "Start the game" tapped, as the table does; returns the new game's id.
    The empty page (the new-game and join-code forms) is audited on the way."""
    d.get(f"{base}/game")
    settle(d, "the new-game form", lambda d: B.css(d, ".st-key-player_3 input"))
    empty = audit(d, axe, PHONE)
    assert empty["small"] == [] and empty["axe"] == [], empty
    for i, name in enumerate(PLAYERS):
        B.css(d, f".st-key-player_{i} input")[0].send_keys(name)
    B.css(d, ".st-key-game_new_pin input")[0].send_keys(PIN)
    button = next(b for b in B.css(d, '[data-testid="stFormSubmitButton"] button') if "Start" in b.text)
    d.execute_script("arguments[0].click()", button)
    B.wait_for(d, lambda d: "game=" in d.current_url, 60, "the new game in the URL")
    return d.current_url.split("game=")[1].split("&")[0]


def audit(d, axe: Path, size: tuple[int, int]) -> dict:  # noqa: ANN001
    """Smallest control, controls under 44 px, serious/critical axe violations, at ``size``, with every expander
    opened (a closed one's controls cannot be touched, so they are measured open)."""
    B.set_width(d, *size)
    closed = '[data-testid="stExpander"] details:not([open]) > summary'

    clicked = [0.0]

    def all_open(d) -> bool:  # noqa: ANN001
        # a Streamlit rerun can draw an expander again closed after the click: click what is still closed, at most
        # every 2 s (a second click on one still opening would close it)
        if not B.css(d, closed):
            return True
        if time.monotonic() - clicked[0] > 2:
            d.execute_script("document.querySelectorAll(arguments[0]).forEach(s => s.click())", closed)
            clicked[0] = time.monotonic()
        return False

    B.wait_for(d, all_open, 30, "expanders open")
    time.sleep(0.8)
    sizes = [c for c in B.controls(d) if (c["w"], c["h"]) != (1, 1)]
    found = {"controls": len(sizes), "smallest": sizes[0] if sizes else None, "small": small_controls(d)}
    found["axe"] = B.axe_violations(d, axe)
    print(f"{size[0]}x{size[1]}: {found}")
    return found


def totals_in_first_screen(d, height: int) -> bool:  # noqa: ANN001
    return B.in_first_screen(d, ".st-key-game_totals", height)


def test_game_page_with_a_hand_fits_fingers_passes_axe_and_shows_totals_first(app, axe_js):  # noqa: F811
    from sikwu.ledger import service

    with B.chromium(*PHONE, extra_flags=TLS_FLAGS) as d:
        game_id = start_game_in_the_page(d, app["url"], axe_js)
        service.add_win(game_id, HAND, url=app["ledger_url"], pin=PIN)  # another phone at the table adds the hand
        B.open_expander(d, "A hand without a winner")
        B.click_key(d, "record_draw")  # and this phone records a draw game: the page shows both hands
        settle(d, "two hands in the history", lambda d: "Draw" in d.page_source and "6 faan" in d.page_source)
        assert B.css(d, ".st-key-lock_game"), "the phone that started the game may change it"
        assert totals_in_first_screen(d, PHONE[1]), "the running totals are on the phone's first screen"
        phone = audit(d, axe_js, PHONE)
        assert phone["small"] == [] and phone["axe"] == [], phone
        desktop = audit(d, axe_js, DESKTOP)
        assert totals_in_first_screen(d, DESKTOP[1])
        assert desktop["small"] == [] and desktop["axe"] == [], desktop


def test_game_page_in_chinese_says_it_in_chinese(app):  # noqa: F811
    from sikwu.ledger import service

    game = service.new_game(PLAYERS, url=app["ledger_url"])
    service.add_win(game.id, HAND, url=app["ledger_url"])
    with B.chromium(*PHONE, extra_flags=TLS_FLAGS) as d:
        B.set_width(d, *PHONE)
        d.get(f"{app['url']}/game?game={game.id}&lang=zh_Hant_HK")
        settle(d, "the game in Chinese", lambda d: "找數" in d.page_source and B.css(d, '[data-testid="stTable"]'))
        chinese, latin = B.chinese_census(d)
        print(f"Game page in 繁體中文: {chinese} Chinese characters, {latin} Latin letters")
        assert chinese > latin
        assert all(w in d.page_source for w in ("東圈", "出銃", "找數", "食糊王"))
        assert totals_in_first_screen(d, PHONE[1])
        assert "Settlement" not in d.page_source and "faan" not in d.page_source


def test_a_join_link_opens_read_only_fits_fingers_and_passes_axe(app, axe_js):  # noqa: F811
    from sikwu.ledger import service

    game = service.new_game(PLAYERS, url=app["ledger_url"], pin=PIN)
    service.add_win(game.id, HAND, url=app["ledger_url"], pin=PIN)
    code = service.join_code(game.id, PIN, url=app["ledger_url"])
    with B.chromium(*PHONE, extra_flags=TLS_FLAGS) as d:
        B.set_width(d, *PHONE)
        d.get(f"{app['url']}/game?join={code}")
        settle(d, "the game read-only", lambda d: "Read-only" in d.page_source and B.css(d, ".st-key-game_totals"))
        assert totals_in_first_screen(d, PHONE[1])
        phone = audit(d, axe_js, PHONE)
        assert phone["small"] == [] and phone["axe"] == [], phone
        desktop = audit(d, axe_js, DESKTOP)
        assert desktop["small"] == [] and desktop["axe"] == [], desktop


def test_teach_page_fits_fingers_passes_axe_and_speaks_chinese(app, axe_js):  # noqa: F811
    with B.chromium(*PHONE, extra_flags=TLS_FLAGS) as d:
        B.set_width(d, *PHONE)
        d.get(f"{app['url']}/teach")
        settle(d, "the teach page", lambda d: B.css(d, ".st-key-teach_go button") or "Teach sikwu" in d.page_source)
        phone = audit(d, axe_js, PHONE)
        assert phone["small"] == [] and phone["axe"] == [], phone
        desktop = audit(d, axe_js, DESKTOP)
        assert desktop["small"] == [] and desktop["axe"] == [], desktop
        d.get(f"{app['url']}/teach?lang=zh_Hant_HK")
        settle(d, "the teach page in Chinese", lambda d: "教" in d.page_source)
        chinese, latin = B.chinese_census(d)
        print(f"Teach page in 繁體中文: {chinese} Chinese characters, {latin} Latin letters")
        assert chinese > latin


@pytest.mark.skipif(_recognition_missing() is not None, reason=str(_recognition_missing()))
def test_teach_page_after_teaching_a_set_fits_fingers_and_passes_axe(app, axe_js, tmp_path):  # noqa: F811
    """A set laid out in rows (the project's own artwork) is photographed and taught; the outcome is audited."""
    from sikwu.scoring.tiles import TILE_IDS
    from test_page_teach import laid_out

    photo = tmp_path / "set.png"
    photo.write_bytes(laid_out(list(TILE_IDS)))
    with B.chromium(*PHONE, extra_flags=TLS_FLAGS) as d:
        B.set_width(d, *PHONE)
        d.get(f"{app['url']}/teach")
        name = B.wait_for(d, lambda d: (B.css(d, ".st-key-teach_name input") or [None])[0], 60, "the set's name")
        name.send_keys("home table\n")  # Enter: Streamlit takes a text field's value on Enter or on leaving it
        B.wait_for(d, lambda d: B.idle(d), 30, "page idle")
        B.upload(d, "teach_photo", photo)
        time.sleep(0.5)
        B.wait_for(d, lambda d: B.idle(d), 30, "page idle")
        B.click_key(d, "teach_go")
        settle(d, "what was learned", lambda d: "Learned" in d.page_source or B.css(d, '[data-testid="stAlert"]'))
        assert "Learned" in d.page_source, B.css(d, '[data-testid="stAlert"]')[0].text
        phone = audit(d, axe_js, PHONE)
        assert phone["small"] == [] and phone["axe"] == [], phone


def test_a_leagues_join_link_shows_its_tables_read_only_fits_fingers_and_passes_axe(app, axe_js):  # noqa: F811
    from sikwu.ledger import league

    url, password = app["ledger_url"], "organiser-pw"
    league_id, code = league.create_league("Sparrows", password, url=url)
    for name in ("Ann", "Bo", "Cy", "Di", "Eve"):
        league.add_person(league_id, name, password=password, url=url)
    league.new_session(league_id, password=password, url=url)
    league.draw_round(league_id, ["Ann", "Bo", "Cy", "Di", "Eve"], password=password, seed=2, url=url)
    with B.chromium(*PHONE, extra_flags=TLS_FLAGS) as d:
        B.set_width(d, *PHONE)
        d.get(f"{app['url']}/game?join={code}")
        settle(d, "the league read-only", lambda d: "Sitting out round 1" in d.page_source)
        phone = audit(d, axe_js, PHONE)
        assert phone["small"] == [] and phone["axe"] == [], phone
