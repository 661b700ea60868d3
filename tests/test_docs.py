"""The docs stay short, current and linked (issue 18: README at most ~150 lines; no time-of-day stamps, machine load
or session history in README, docs or the model card -- history lives in git and CHANGELOG.md)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
#: Every page a reader is sent to; CHANGELOG.md is the one place dated history belongs, so it is not here.
DOCS = sorted(
    [README, ROOT / "README.zh-HK.md", ROOT / "models" / "MODEL_CARD.md", *(ROOT / "docs").glob("*.md")],
    key=lambda p: p.as_posix(),
)
CLOCK_TIME = re.compile(r"\b\d{2}:\d{2}\b")
#: Phrases that only appear when a page narrates its own history instead of saying how things are.
HISTORY_WORDS = re.compile(
    r"load average|earlier runs?\b|\b(?:this|that|earlier|previous|last|same) session\b|session history", re.IGNORECASE
)
FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.MULTILINE | re.DOTALL)
INLINE_CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"(?<!\\)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|<img[^>]*\bsrc=\"([^\"]+)\"")


def prose(text: str) -> str:
    """The text outside fenced code blocks (commands and their real output may print anything)."""
    return FENCE.sub("", text)


def _existing(pages: list[Path]) -> list[Path]:
    return [p for p in pages if p.exists()]


def test_readme_is_at_most_150_lines() -> None:
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= 150, f"README.md has {lines} lines; move detail into docs/ and link it"


@pytest.mark.parametrize("page", _existing(DOCS), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_time_of_day_outside_code_blocks(page: Path) -> None:
    found = [m.group(0) for m in CLOCK_TIME.finditer(prose(page.read_text(encoding="utf-8")))]
    assert not found, f"{page.name}: clock times {found[:5]}; give dates or durations, history lives in git"


@pytest.mark.parametrize("page", _existing(DOCS), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_machine_load_or_session_history(page: Path) -> None:
    text = INLINE_CODE.sub("", prose(page.read_text(encoding="utf-8")))
    found = [m.group(0) for m in HISTORY_WORDS.finditer(text)]
    assert not found, f"{page.name}: {found[:5]}; say how things are now (history goes to CHANGELOG.md)"


def relative_links(page: Path) -> list[str]:
    """Link targets that point into the repository (web links and in-page anchors are not files)."""
    targets = []
    for m in LINK.finditer(prose(page.read_text(encoding="utf-8"))):
        target = m.group(1) or m.group(2)
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE) or target.startswith("#"):
            continue
        targets.append(target)
    return targets


@pytest.mark.parametrize("page", _existing(DOCS), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves_to_a_file(page: Path) -> None:
    broken = []
    for target in relative_links(page):
        path = unquote(target.split("#", 1)[0])
        if not (page.parent / path).exists():
            broken.append(target)
    assert not broken, f"{page.relative_to(ROOT)}: links to missing files {broken}"


def test_the_checks_see_through_code_blocks_only() -> None:
    """A clock time in prose is caught, one inside a fenced block (real command output) is not."""
    text = "Measured at 14:05.\n\n```\n$ date\n14:05\n```\n"
    assert CLOCK_TIME.findall(prose(text)) == ["14:05"]


def test_the_link_finder_reads_markdown_links_and_images(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text('[a](docs/a.md#x) [web](https://example.org) [top](#top) <img src="docs/b.png" width="3">\n')
    assert relative_links(page) == ["docs/a.md#x", "docs/b.png"]


def _readme_blocks(language: str) -> list[str]:
    """The README's fenced blocks tagged ``language`` ("" = untagged), read fence by fence in order."""
    blocks, current, tag = [], None, ""
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith("```") and current is None:
            current, tag = [], line[3:].strip()
        elif line.startswith("```"):
            if tag == language:
                blocks.append("\n".join(current) + "\n")
            current = None
        elif current is not None:
            current.append(line)
    return blocks


def test_the_readme_house_rule_file_loads_and_changes_what_it_says(tmp_path: Path) -> None:
    """The README's house rule is a real profile: it extends Sparrow's Nest with a 4-faan minimum."""
    from sikwu.scoring import load_profile

    (block,) = _readme_blocks("toml")
    path = tmp_path / "our-table.toml"
    path.write_text(block, encoding="utf-8")
    profile = load_profile(str(path))
    assert profile.name == "our-table"
    assert profile.minimum_faan == 4


def test_the_readme_score_example_is_the_command_s_real_output(capsys: pytest.CaptureFixture[str]) -> None:
    """Every output line the README shows for its `sikwu score` example is printed by that command today."""
    import shlex

    from sikwu.scoring.__main__ import main

    (session,) = [b for b in _readme_blocks("") if "$ sikwu score" in b]
    command = next(line for line in session.splitlines() if line.startswith("$ sikwu score"))
    shown = session.split(command, 1)[1].split("\n$ ", 1)[0].splitlines()
    assert main(shlex.split(command.removeprefix("$ sikwu "))) == 0
    printed = capsys.readouterr().out.splitlines()
    missing = [line for line in shown if line.strip() and line != "..." and line not in printed]
    assert not missing, f"README shows lines the command no longer prints: {missing}"


def test_readme_headline_figures_are_the_ones_the_benchmarks_stored() -> None:
    """Nobody hand-edits a figure (guide, rules of work): README's table is generated from docs/benchmarks.md."""
    from benchmarks.report import FIGURES_START, figures_block

    text = README.read_text(encoding="utf-8")
    assert FIGURES_START in text, "README.md lost its <!-- figures:start --> block"
    block = text[text.index(FIGURES_START) :].split("<!-- figures:end -->", 1)[0] + "<!-- figures:end -->"
    assert block == figures_block(), (
        "README's figures differ from docs/benchmarks.md: re-run a benchmark's --write-docs"
    )
