"""Time the page as a player feels it, in real headless Chromium against ``streamlit run`` on this machine.

Measures, from the browser's side (the file is handed to the upload field / the button is clicked, until the total
faan is on screen):
  * photo upload -> report shown (a photo composed from the project's own tile faces, and a real photo from
    ../shared/datasets/hk-photos when present);
  * typed hand -> report shown;
  * one tile correction -> re-scored report shown.

Run from the repository root:  python -m benchmarks.bench_app [--repeat 3] [--json] [--write-docs]
Needs Debian chromium + chromium-driver and selenium (the dev extra). Prints median and min seconds per step;
``--write-docs`` replaces this benchmark's section of docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

from benchmarks.report import ROOT, command_line, markdown_table, write_section


def _browser_helper() -> ModuleType:
    """The browser tests' driver helper (tests/app/sikwu_browser.py), loaded from its file.

    Why a path import: the helper is test code (it needs selenium, a dev-only dependency, so it cannot live in the
    installed product), and the timings must drive the page exactly as the browser tests do.  Loading it by path
    keeps sys.path untouched.
    """
    path = ROOT / "tests" / "app" / "sikwu_browser.py"
    spec = importlib.util.spec_from_file_location("sikwu_browser", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load the browser helper from {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


B = _browser_helper()

HAND_TILES = "1m 2m 3m 4m 5m 6m 7m 8m 9m 7z 7z 7z 1z 1z".split()
MISREAD = "123m 456m 789m 777z 12z"


def composed_photo(path: Path) -> Path:
    from PIL import Image
    from sikwu.artwork import render_face

    faces = [render_face(t, 120) for t in HAND_TILES]
    felt = Image.new("RGB", (sum(f.width + 6 for f in faces) + 160, 320), (24, 96, 60))
    x = 80
    for f in faces:
        felt.paste(f, (x, 100))
        x += f.width + 6
    buf = io.BytesIO()
    felt.save(buf, format="JPEG", quality=92)
    path.write_bytes(buf.getvalue())
    return path


def shared_photo() -> Path | None:
    from sikwu.datasets.paths import shared_path

    photos = sorted(shared_path("datasets", "hk-photos", "valid", "images").glob("*.jpg"))
    return photos[0] if photos else None


#: A warning that annotates a result ("☆ Winning tile proposed ...", app/flow.py ``Result.winning_proposed``): it can
#: appear before the total faan, so it is not what the page ended on.
RESULT_NOTE = "☆"


def outcome(d) -> str | None:  # noqa: ANN001
    """What the page ended on after an input: the faan, or the message it shows instead."""
    value = B.metric_value(d, "Total faan")
    if value:
        return f"{value} faan"
    for sel in ('[data-testid="stAlertContentWarning"]', '[data-testid="stAlertContentError"]'):
        alerts = [a for a in B.css(d, sel) if not a.text.strip().startswith(RESULT_NOTE)]
        if alerts and B.idle(d):
            return alerts[-1].text.strip()[:80]
    return None


#: Inside the page: time from the upload until the total faan, an error or a warning (not a ☆ note) appears, no Selenium
#: polling in the measurement.
OBSERVER_JS = """
window.__sikwuDone = null;
new MutationObserver(() => {
  const ended = document.querySelector('[data-testid="stMetricValue"], [data-testid="stAlertContentError"]') ||
    [...document.querySelectorAll('[data-testid="stAlertContentWarning"]')].some(
      (a) => !a.textContent.trim().startsWith("\u2606"));
  if (window.__sikwuDone === null && ended) {
    window.__sikwuDone = performance.now();
  }
}).observe(document.body, {childList: true, subtree: true});
window.__sikwuStart = performance.now();
"""


def time_upload(url: str, photo: Path) -> tuple[float, float, str]:
    """(seconds seen by Selenium, seconds measured inside the page, what the page ended on)."""
    with B.chromium(B.PHONE_WIDTH) as d:
        d.get(url)
        field = B.wait_for(d, lambda d: (B.css(d, ".st-key-photo_upload input[type=file]") or [None])[0], 60, "upload")
        d.execute_script(OBSERVER_JS)
        t0 = time.perf_counter()
        field.send_keys(str(photo))
        result = B.wait_for(d, outcome, 180, "report after upload")
        wall = time.perf_counter() - t0
        in_page = d.execute_script("return (window.__sikwuDone - window.__sikwuStart) / 1000")
        return wall, float(in_page), result


def time_typed_and_correction(url: str) -> tuple[float, float, str]:
    from selenium.webdriver.common.keys import Keys

    with B.chromium(B.PHONE_WIDTH) as d:
        d.get(url)
        B.click_text(d, "input_mode", "Type")
        box = B.wait_for(d, lambda d: (B.css(d, ".st-key-typed_hand input") or [None])[0], 30, "notation box")
        box.send_keys(MISREAD + Keys.ENTER)
        time.sleep(0.5)
        t0 = time.perf_counter()
        B.click_key(d, "use_typed")
        B.wait_for(d, lambda d: "Not a winning hand" in d.page_source, 60, "typed hand shown")
        typed = time.perf_counter() - t0
        B.click_key(d, "tile_14")
        B.wait_for(d, lambda d: B.css(d, ".st-key-pal_1z button"), 30, "palette")
        t1 = time.perf_counter()
        B.click_key(d, "pal_1z")
        value = B.wait_for(d, lambda d: B.metric_value(d, "Total faan"), 60, "re-scored report")
        return typed, time.perf_counter() - t1, f"{value} faan"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--write-docs", action="store_true", help="replace this benchmark's section of docs/benchmarks.md")
    args = ap.parse_args(argv)
    missing = B.browser_missing()
    if missing:
        print(f"bench_app: {missing}", file=sys.stderr)
        return 2
    results: dict[str, dict[str, object]] = {}

    def record(name: str, seconds: list[float], note: str) -> None:
        results[name] = {
            "median_s": round(statistics.median(seconds), 3),
            "min_s": round(min(seconds), 3),
            "runs": len(seconds),
            "ended_on": note,
        }

    with tempfile.TemporaryDirectory() as tmp, B.page_server() as url:
        photos = {"composed photo (14 drawn tiles)": composed_photo(Path(tmp) / "composed.jpg")}
        real = shared_photo()
        if real is not None:
            photos[f"real photo ({real.name[:24]}...)"] = real
        # one warm-up so the first-import cost (OpenCV, onnxruntime, model load) is reported separately
        warm, _, warm_note = time_upload(url, photos["composed photo (14 drawn tiles)"])
        results["first upload after server start"] = {"seconds": round(warm, 3), "ended_on": warm_note}
        for name, photo in photos.items():
            runs, inside, note = [], [], ""
            for _ in range(args.repeat):
                wall, in_page, note = time_upload(url, photo)
                runs.append(wall)
                inside.append(in_page)
            record(f"upload -> report: {name}", runs, note)
            record(f"upload -> report (in-page timer): {name}", inside, note)
        typed_runs, fix_runs, note = [], [], ""
        for _ in range(args.repeat):
            typed, fix, note = time_typed_and_correction(url)
            typed_runs.append(typed)
            fix_runs.append(fix)
        record("typed hand -> shown", typed_runs, "not a winning hand (as typed)")
        record("tile correction -> re-scored report", fix_runs, note)
    if args.json:
        print(json.dumps(results, indent=2, ensure_ascii=False))
    else:
        for name, r in results.items():
            figures = ", ".join(f"{k}={v}" for k, v in r.items())
            print(f"{name}: {figures}")
    if args.write_docs:
        rows = [
            [
                name,
                str(r.get("median_s", r.get("seconds", ""))),
                str(r.get("min_s", "")),
                str(r.get("runs", 1)),
                str(r["ended_on"]),
            ]
            for name, r in results.items()
        ]
        body = (
            "Headless Chromium at 390 px against `streamlit run` on the same machine; seconds from handing the file "
            "to the upload field (or the click) until the total faan or the page's message is on screen. The "
            "in-page timer is a MutationObserver inside Chromium, without Selenium's polling. No peer.\n\n"
            + markdown_table(["step", "median s", "min s", "runs", "page ended on"], rows)
        )
        path = write_section("bench_app", "The page in a browser", command_line("benchmarks.bench_app", argv), body)
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
