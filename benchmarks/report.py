"""Write a benchmark's latest figures into its own section of docs/benchmarks.md.

Why: figures in the docs must be the ones a benchmark printed, on a named machine, with the command that reproduces
them -- never typed in by hand, never a pile of old runs.  Each benchmark owns one section, fenced by HTML comment
markers; writing replaces that section in place (or appends it when new) and leaves every other section untouched.
Only the date is recorded (no time of day, no machine load): the history of runs lives in git.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import platform
import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS_PATH = ROOT / "docs" / "benchmarks.md"
README_PATH = ROOT / "README.md"
FIGURES_START, FIGURES_END = "<!-- figures:start -->", "<!-- figures:end -->"
#: A section's headline figures, machine-readable: one JSON object (figure -> value) in an HTML comment.
FIGURES_COMMENT = re.compile(r"^<!-- figures: (\{.*\}) -->$", re.MULTILINE)
SECTION = re.compile(r"<!-- benchmark:([^:]+):start -->\n(.*?)<!-- benchmark:\1:end -->", re.DOTALL)

HEADER = """# Benchmarks

Written by the benchmarks themselves (`--write-docs`): each section holds the latest run only, with its date, the
machine it ran on and the exact command. Nobody edits a figure here by hand; re-run the command to refresh it. The
development machine is shared, so latency figures vary from run to run; ratios against a peer are measured in the
same process and vary less. Earlier figures are in git history.
"""


@dataclass(frozen=True)
class Machine:
    """What a figure was measured on: enough to judge whether two runs are comparable."""

    cpu: str
    cores: int
    os: str
    python: str

    def describe(self) -> str:
        return f"{self.cpu}, {self.cores} cores, {self.os}, Python {self.python}"


def cpu_model() -> str:
    """The CPU model name from /proc/cpuinfo (Linux), else what the platform module knows."""
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.lower().startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown CPU"


def os_name() -> str:
    """The distribution's pretty name when there is one (Debian GNU/Linux 13 ...), else the platform string."""
    try:
        for line in Path("/etc/os-release").read_text(encoding="utf-8").splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return platform.platform(terse=True)


def this_machine() -> Machine:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 0)
    return Machine(cpu=cpu_model(), cores=cores, os=os_name(), python=platform.python_version())


def command_line(module: str, argv: list[str] | None = None) -> str:
    """The command as a reader would type it from the repository root."""
    args = sys.argv[1:] if argv is None else argv
    return " ".join(["python", "-m", module, *(shlex.quote(a) for a in args)])


def _markers(name: str) -> tuple[str, str]:
    return f"<!-- benchmark:{name}:start -->", f"<!-- benchmark:{name}:end -->"


def render_section(
    name: str,
    title: str,
    command: str,
    body: str,
    *,
    machine: Machine | None = None,
    date: _dt.date | None = None,
    figures: dict[str, str] | None = None,
) -> str:
    """One section, markers included: title, date, machine, command, then the benchmark's own markdown; headline
    ``figures`` (figure -> value) ride along as a JSON comment so README's table is generated from them."""
    start, end = _markers(name)
    machine = machine or this_machine()
    date = date or _dt.datetime.now(_dt.UTC).date()
    stored = f"<!-- figures: {json.dumps(figures, ensure_ascii=False)} -->\n" if figures else ""
    return (
        f"{start}\n## {title}\n\n"
        f"- date: {date.isoformat()}\n"
        f"- machine: {machine.describe()}\n"
        f"- command: `{command}`\n\n"
        f"{stored}{body.strip()}\n{end}"
    )


def replace_section(document: str, name: str, section: str) -> str:
    """``document`` with section ``name`` replaced by ``section`` (appended at the end when it is not there yet)."""
    start, end = _markers(name)
    pattern = re.compile(re.escape(start) + r".*?" + re.escape(end), re.DOTALL)
    if pattern.search(document):
        return pattern.sub(lambda _: section, document, count=1)
    return document.rstrip("\n") + "\n\n" + section + "\n"


def write_section(
    name: str,
    title: str,
    command: str,
    body: str,
    *,
    path: Path = DOCS_PATH,
    machine: Machine | None = None,
    date: _dt.date | None = None,
    figures: dict[str, str] | None = None,
    readme: Path | None = None,
) -> Path:
    """Replace (or add) this benchmark's section of ``path``; every other section is left exactly as it was.

    Writing the project's own docs/benchmarks.md also regenerates README's headline table (``readme``, default
    README.md then), so a headline figure is only ever the one a benchmark printed."""
    document = path.read_text(encoding="utf-8") if path.exists() else HEADER
    section = render_section(name, title, command, body, machine=machine, date=date, figures=figures)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(replace_section(document, name, section), encoding="utf-8")
    if readme is None and path.resolve() == DOCS_PATH.resolve():
        readme = README_PATH
    if readme is not None and readme.exists():
        readme.write_text(replace_figures_block(readme.read_text(encoding="utf-8"), path, readme), encoding="utf-8")
    return path


@dataclass(frozen=True)
class Figure:
    """One headline figure as a benchmark stored it, with where it came from."""

    figure: str
    value: str
    command: str
    title: str


def anchor(title: str) -> str:
    """GitHub's anchor for a markdown heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")


def stored_figures(document: str) -> list[Figure]:
    """Every section's stored headline figures, in the order the sections appear."""
    found = []
    for section in SECTION.finditer(document):
        body = section.group(2)
        stored = FIGURES_COMMENT.search(body)
        title = re.search(r"^## (.+)$", body, re.MULTILINE)
        command = re.search(r"^- command: `(.+)`$", body, re.MULTILINE)
        if not (stored and title and command):
            continue
        for figure, value in json.loads(stored.group(1)).items():
            found.append(Figure(figure, value, command.group(1), title.group(1)))
    return found


def figures_block(docs: Path = DOCS_PATH, link_from: Path = README_PATH) -> str:
    """README's headline table, markers included: one row per stored figure, linked to its benchmark's section."""
    docs_link = os.path.relpath(docs, link_from.parent).replace(os.sep, "/")
    rows = [
        [f.figure, f.value, f"`{f.command}`", f"[{f.title}]({docs_link}#{anchor(f.title)})"]
        for f in stored_figures(docs.read_text(encoding="utf-8"))
    ]
    table = markdown_table(["what", "measured", "command", "details"], rows)
    return f"{FIGURES_START}\n{table}\n{FIGURES_END}"


def replace_figures_block(readme_text: str, docs: Path = DOCS_PATH, link_from: Path = README_PATH) -> str:
    """``readme_text`` with its figures block regenerated (unchanged when it has no block)."""
    pattern = re.compile(re.escape(FIGURES_START) + r".*?" + re.escape(FIGURES_END), re.DOTALL)
    block = figures_block(docs, link_from)
    return pattern.sub(lambda _: block, readme_text, count=1)


def markdown_table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)
