"""Write a benchmark's latest figures into its own section of docs/benchmarks.md.

Why: figures in the docs must be the ones a benchmark printed, on a named machine, with the command that reproduces
them -- never typed in by hand, never a pile of old runs.  Each benchmark owns one section, fenced by HTML comment
markers; writing replaces that section in place (or appends it when new) and leaves every other section untouched.
Only the date is recorded (no time of day, no machine load): the history of runs lives in git.
"""

from __future__ import annotations

import datetime as _dt
import os
import platform
import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS_PATH = ROOT / "docs" / "benchmarks.md"

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
) -> str:
    """One section, markers included: title, date, machine, command, then the benchmark's own markdown."""
    start, end = _markers(name)
    machine = machine or this_machine()
    date = date or _dt.datetime.now(_dt.UTC).date()
    return (
        f"{start}\n## {title}\n\n"
        f"- date: {date.isoformat()}\n"
        f"- machine: {machine.describe()}\n"
        f"- command: `{command}`\n\n"
        f"{body.strip()}\n{end}"
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
) -> Path:
    """Replace (or add) this benchmark's section of ``path``; every other section is left exactly as it was."""
    document = path.read_text(encoding="utf-8") if path.exists() else HEADER
    section = render_section(name, title, command, body, machine=machine, date=date)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(replace_section(document, name, section), encoding="utf-8")
    return path


def markdown_table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)
