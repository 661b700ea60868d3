"""Drive the real page in headless Chromium (Selenium): shared by the browser tests and benchmarks/bench_app.py.

Streamlit puts a ``st-key-<key>`` class on every keyed widget, so the page's own widget keys are the selectors; no
selector depends on generated class names.
"""

from __future__ import annotations

import base64
import os
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

CHROMIUM = Path(os.environ.get("SIKWU_CHROMIUM", "/usr/bin/chromium"))
CHROMEDRIVER = Path(os.environ.get("SIKWU_CHROMEDRIVER", "/usr/bin/chromedriver"))
PHONE_WIDTH = 390
DESKTOP_WIDTH = 1280


def browser_missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if not CHROMIUM.exists() or not CHROMEDRIVER.exists():
        return (
            f"{CHROMIUM} or {CHROMEDRIVER} not found: install Debian's chromium and chromium-driver "
            "(apt-get install -y chromium chromium-driver; .ci/run does this)"
        )
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[dev]')"
    return None


def assert_gone(proc) -> None:  # noqa: ANN001
    """Every process of a server's session (the server and anything it started) has exited."""
    import signal

    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            os.killpg(proc.pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGKILL)
    raise AssertionError(f"processes of the server started as {proc.pid} were still running after it was stopped")


@contextmanager
def page_server() -> Iterator[str]:
    """The page served headless on a free localhost port; yields its URL, stops the server afterwards and checks that
    nothing of it is left running."""
    from sikwu.app.launch import free_port, start_server, stop_server, wait_ready

    port = free_port()
    proc = start_server(port)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_ready(url, timeout=90, proc=proc)
        yield url
    finally:
        stop_server(proc)
        assert_gone(proc)


@contextmanager
def sikwu_app(*args: str, env: dict[str, str] | None = None) -> Iterator[dict]:
    """``sikwu app --json ARGS`` as a player starts it; yields its JSON line, stops it with SIGTERM (to ``sikwu app``
    only, as a supervisor would) and checks that the Streamlit server went with it."""
    import json
    import signal
    import subprocess
    import sys

    from sikwu.app.launch import wait_ready

    cmd = [sys.executable, "-m", "sikwu.cli", "app", "--port", "0", "--json", "--address", "127.0.0.1", *args]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    try:
        info = json.loads(proc.stdout.readline())
        wait_ready(info["url"], timeout=90, proc=proc)
        yield info
    finally:
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGTERM)
            proc.wait(30)
        assert_gone(proc)


@contextmanager
def chromium(width: int = PHONE_WIDTH, height: int = 900, extra_flags: tuple[str, ...] = ()) -> Iterator[object]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = str(CHROMIUM)
    profile = tempfile.mkdtemp(prefix="sikwu-chromium-")
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
        f"--window-size={width},{height}",
        *extra_flags,
    ):
        opts.add_argument(flag)
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=opts)
    try:
        set_width(driver, width, height)
        yield driver
    finally:
        driver.quit()


def set_width(driver, width: int, height: int = 900) -> None:  # noqa: ANN001
    """Make the viewport exactly ``width`` CSS px (a phone is 390), whatever the window chrome takes."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )


def full_screenshot(driver, path: Path) -> Path:  # noqa: ANN001
    """The whole page, not just the viewport (Streamlit scrolls inside its own container)."""
    height = driver.execute_script(
        "const m = document.querySelector('[data-testid=\"stMain\"]') || document.body;"
        "return Math.max(m.scrollHeight, document.body.scrollHeight);"
    )
    width = driver.execute_script("return window.innerWidth")
    set_width(driver, width, int(height) + 40)
    time.sleep(0.8)
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(base64.b64decode(shot["data"]))
    set_width(driver, width, 900)
    return path


def wait_for(driver, predicate, timeout: float = 60.0, what: str = "condition"):  # noqa: ANN001
    """Poll ``predicate(driver)`` until truthy (returns its value) - Streamlit reruns replace elements freely."""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException

    deadline = time.monotonic() + timeout
    last_error: Exception | None = None
    while time.monotonic() < deadline:
        try:
            value = predicate(driver)
            if value:
                return value
        except (StaleElementReferenceException, WebDriverException) as exc:
            last_error = exc
        time.sleep(0.2)
    raise TimeoutError(f"timed out after {timeout:.0f} s waiting for {what} ({last_error})")


def css(driver, selector: str):  # noqa: ANN001
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, selector)


def idle(driver) -> bool:  # noqa: ANN001
    """True when Streamlit is not running the script (no 'running' status widget)."""
    return not css(driver, '[data-testid="stStatusWidget"] [data-testid="stStatusWidgetRunningIcon"]') and not css(
        driver, '[data-testid="stApp"][data-test-script-state="running"]'
    )


def upload(driver, key: str, path, timeout: float = 60.0) -> None:  # noqa: ANN001
    """Give the file uploader ``key`` the file at ``path`` and wait until its chip shows it uploaded. A rerun that
    replaces the uploader just as the file is sent leaves the file on the old, detached input, so the file is sent
    again to the current input when no chip has appeared after a while."""
    chip = f'.st-key-{key} [data-testid="stFileChip"]'
    spinner = f"{chip} [data-testid=stFileChipIconSpinner]"
    deadline = time.monotonic() + timeout
    while True:
        field = wait_for(driver, lambda d: css(d, f".st-key-{key} input[type=file]"), timeout, f"the {key} upload")
        field[0].send_keys(str(path))
        wait = min(20.0, max(deadline - time.monotonic(), 1.0))
        try:
            wait_for(driver, lambda d: css(d, chip) and not css(d, spinner), wait, f"{key} uploaded")
            return
        except TimeoutError:
            if time.monotonic() >= deadline:
                raise


def click_key(driver, key: str, timeout: float = 30.0) -> None:  # noqa: ANN001
    button = wait_for(driver, lambda d: (css(d, f".st-key-{key} button") or [None])[0], timeout, f"button {key}")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].click();", button)


def click_text(driver, container_key: str, text: str, timeout: float = 30.0) -> None:  # noqa: ANN001
    """Click the button whose label is ``text`` inside a keyed widget (segmented control / pills)."""

    def find(d):  # noqa: ANN001
        for b in css(d, f".st-key-{container_key} button"):
            if b.text.strip() == text:
                return b
        return None

    button = wait_for(driver, find, timeout, f"'{text}' in {container_key}")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].click();", button)


def metric_value(driver, label_start: str) -> str | None:  # noqa: ANN001
    for m in css(driver, '[data-testid="stMetric"]'):
        label = css_in(m, '[data-testid="stMetricLabel"]')
        value = css_in(m, '[data-testid="stMetricValue"]')
        if label and value and label[0].text.strip().startswith(label_start):
            return value[0].text.strip()
    return None


def css_in(element, selector: str):  # noqa: ANN001
    from selenium.webdriver.common.by import By

    return element.find_elements(By.CSS_SELECTOR, selector)


def table_rows(driver, index: int) -> list[list[str]]:  # noqa: ANN001
    tables = css(driver, '[data-testid="stTable"] table')
    if len(tables) <= index:
        return []
    rows = []
    for tr in css_in(tables[index], "tr"):
        cells = [c.text.strip() for c in css_in(tr, "th, td")]
        rows.append(cells)
    return rows


def open_expander(driver, title_start: str, timeout: float = 30.0) -> None:  # noqa: ANN001
    """Open the expander whose title contains ``title_start`` (no-op when already open)."""

    def find(d):  # noqa: ANN001
        for e in css(d, '[data-testid="stExpander"] details'):
            summary = css_in(e, "summary")
            # textContent, not .text: Selenium's .text is empty for what it judges hidden (e.g. behind a closing dialog)
            if summary and title_start in (summary[0].get_attribute("textContent") or ""):
                return e, summary[0]
        return None

    details, summary = wait_for(driver, find, timeout, f"expander '{title_start}'")
    if details.get_attribute("open") is None:
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].click();", summary)


def tiles_on_page(driver) -> list[tuple[int, str]]:  # noqa: ANN001
    """(uid, tile id) of every tile button, by uid (labels look like '★⚠#3 3m')."""
    import re

    out = []
    for el in css(driver, '[class*="st-key-tile_"]'):
        m = re.search(r"st-key-tile_(\d+)", el.get_attribute("class") or "")
        buttons = css_in(el, "button")
        label = (buttons[0].get_attribute("textContent") or "").split() if buttons else []
        if m and label:
            out.append((int(m.group(1)), label[-1]))
    return sorted(set(out))


def correct_to(driver, truth: list[str]) -> list[str]:  # noqa: ANN001
    """Tap the page until its tiles equal ``truth``: replace misread tiles, delete extras, add missed ones."""
    import difflib

    found = tiles_on_page(driver)
    actions = []
    ops = difflib.SequenceMatcher(None, [t for _, t in found], truth, autojunk=False).get_opcodes()
    for tag, i1, i2, j1, j2 in ops:
        if tag == "equal":
            continue
        pairs = min(i2 - i1, j2 - j1)
        for k in range(pairs):
            uid, want = found[i1 + k][0], truth[j1 + k]
            click_key(driver, f"tile_{uid}")
            click_key(driver, f"pal_{want}")
            wait_for(driver, lambda d, u=uid, w=want: (u, w) in tiles_on_page(d), 30, f"#{uid} -> {want}")
            actions.append(f"replace #{uid} {found[i1 + k][1]} -> {want}")
        for uid, tile in found[i1 + pairs : i2]:
            click_key(driver, f"tile_{uid}")
            click_key(driver, "delete_tile")
            wait_for(driver, lambda d, u=uid: u not in dict(tiles_on_page(d)), 30, f"#{uid} deleted")
            actions.append(f"delete #{uid} {tile}")
        for tile in truth[j1 + pairs : j2]:
            before = len(tiles_on_page(driver))
            click_key(driver, "add_tile_open")
            click_key(driver, f"add_{tile}")
            wait_for(driver, lambda d, n=before: len(tiles_on_page(d)) == n + 1, 30, f"{tile} added")
            click_key(driver, "add_done")
            wait_for(driver, lambda d: not css(d, '[role="dialog"]'), 30, "dialog closed")
            actions.append(f"add {tile}")
    return actions


MEASURE_JS = Path(__file__).with_name("measure_controls.js")


def controls(driver) -> list[dict]:  # noqa: ANN001
    """Every visible control with its size in CSS px, smallest first (see measure_controls.js)."""
    return driver.execute_script(MEASURE_JS.read_text())


def in_first_screen(driver, selector: str, height: int) -> bool:  # noqa: ANN001
    """True when an element matching ``selector`` lies wholly inside the first ``height`` px of the page unscrolled."""
    return bool(
        driver.execute_script(
            "for (const el of document.querySelectorAll(arguments[0])) {"
            "  const r = el.getBoundingClientRect();"
            "  if (r.height > 0 && r.top >= 0 && r.bottom <= arguments[1]) return true; }"
            "return false;",
            selector,
            height,
        )
    )


def text_census(driver) -> tuple[int, int]:  # noqa: ANN001
    """(Chinese characters, Latin letters) in the page's visible text (icon ligatures such as "keyboard_arrow_right"
    are glyphs, not words, and are left out)."""
    text = driver.execute_script(
        "const main = document.querySelector('[data-testid=\"stMain\"]').cloneNode(true);"
        'main.querySelectorAll(\'[data-testid="stIconMaterial"], [data-testid*="Icon"]\').forEach(e => e.remove());'
        "document.body.appendChild(main); const t = main.innerText; main.remove(); return t;"
    )
    chinese = sum(1 for c in text if "\u3400" <= c <= "\u9fff")
    latin = sum(1 for c in text if c.isascii() and c.isalpha())
    return chinese, latin


def chinese_census(driver, timeout: float = 30.0) -> tuple[int, int]:  # noqa: ANN001
    """:func:`text_census` once the page reads mostly Chinese, or as it is after ``timeout`` s: a Streamlit rerun
    replaces the page's blocks one by one, so one block in Chinese does not mean the rest has followed yet."""
    deadline = time.monotonic() + timeout
    census = text_census(driver)
    while census[0] <= census[1] and time.monotonic() < deadline:
        time.sleep(0.5)
        census = text_census(driver)
    return census


def axe_violations(driver, axe_js: Path) -> list[dict]:  # noqa: ANN001
    """Serious and critical axe-core violations on the page as it is (nothing excluded)."""
    driver.execute_script(axe_js.read_text())
    driver.set_script_timeout(60)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations.map(v => "
        "({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(n => "
        "n.target.join(' ') + ' :: ' + (n.failureSummary || '').replace(/\\s+/g, ' ').slice(0, 200))}))))"
        ".catch(e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));"
    )
    return [v for v in result if v["impact"] in ("serious", "critical")]
