"""How a benchmark writes its figures into docs/benchmarks.md (issue 18: latest only, each section in place)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from benchmarks.report import HEADER, Machine, command_line, render_section, replace_section, write_section

MACHINE = Machine(cpu="Test CPU 9000", cores=2, os="Debian GNU/Linux 12 (bookworm)", python="3.11.7")
DAY = dt.date(2026, 11, 24)


def _write(path: Path, name: str, body: str, day: dt.date = DAY) -> None:
    write_section(name, f"Title of {name}", f"python -m benchmarks.{name}", body, path=path, machine=MACHINE, date=day)


def test_the_first_write_creates_the_file_with_its_header_and_the_section(tmp_path: Path) -> None:
    doc = tmp_path / "benchmarks.md"
    _write(doc, "bench_a", "| x | 1 |")
    text = doc.read_text()
    assert text.startswith(HEADER)
    assert "## Title of bench_a" in text and "| x | 1 |" in text


def test_a_section_names_its_date_machine_and_exact_command(tmp_path: Path) -> None:
    doc = tmp_path / "benchmarks.md"
    _write(doc, "bench_a", "figures")
    text = doc.read_text()
    assert "- date: 2026-11-24" in text
    assert "- machine: Test CPU 9000, 2 cores, Debian GNU/Linux 12 (bookworm), Python 3.11.7" in text
    assert "- command: `python -m benchmarks.bench_a`" in text


def test_rewriting_a_section_replaces_it_in_place_keeping_only_the_latest_run(tmp_path: Path) -> None:
    doc = tmp_path / "benchmarks.md"
    _write(doc, "bench_a", "old figure 1.00x")
    _write(doc, "bench_b", "other figure")
    _write(doc, "bench_a", "new figure 2.00x", day=DAY + dt.timedelta(days=1))
    text = doc.read_text()
    assert "old figure" not in text and "2026-11-24" in text  # bench_b keeps its own date
    assert text.count("## Title of bench_a") == 1
    assert text.index("new figure") < text.index("other figure"), "bench_a stays where it was"


def test_rewriting_one_section_leaves_every_other_byte_untouched(tmp_path: Path) -> None:
    doc = tmp_path / "benchmarks.md"
    _write(doc, "bench_a", "a1")
    _write(doc, "bench_b", "b1")
    _write(doc, "bench_c", "c1")
    before = doc.read_text()
    _write(doc, "bench_b", "b2 with more\n\nlines")
    after = doc.read_text()
    start, end = "<!-- benchmark:bench_b:start -->", "<!-- benchmark:bench_b:end -->"
    assert before[: before.index(start)] == after[: after.index(start)]
    assert before[before.index(end) :] == after[after.index(end) :]


def test_a_section_name_that_prefixes_another_does_not_touch_it() -> None:
    """bench_recognition and bench_recognition-far2 are different sections."""
    doc = replace_section(HEADER, "bench_recognition-far2", "<!-- benchmark:bench_recognition-far2:start -->\nfar\n")
    doc = doc.replace("far\n", "far\n<!-- benchmark:bench_recognition-far2:end -->")
    section = render_section("bench_recognition", "t", "c", "near", machine=MACHINE, date=DAY)
    out = replace_section(doc, "bench_recognition", section)
    assert "far" in out and "near" in out


def test_a_section_carries_no_time_of_day() -> None:
    section = render_section("bench_a", "t", "python -m benchmarks.bench_a", "body", machine=MACHINE)
    assert not re.search(r"\b\d{2}:\d{2}\b", section)


def test_the_command_is_what_a_reader_types_from_the_repository_root() -> None:
    assert command_line("benchmarks.bench_scoring", ["--hands", "3000", "--write-docs"]) == (
        "python -m benchmarks.bench_scoring --hands 3000 --write-docs"
    )


def test_a_variant_of_the_recognition_benchmark_writes_its_own_section() -> None:
    """A quick or distorted run (--far, --turn, --limit, --no-peer) never overwrites the standard run's figures."""
    from benchmarks.bench_recognition import _section_name, build_parser

    assert _section_name(build_parser().parse_args([]))[0] == "bench_recognition"
    assert _section_name(build_parser().parse_args(["--no-peer", "--far", "2"]))[0] == "bench_recognition-far2-no-peer"
    assert _section_name(build_parser().parse_args(["--every", "4"]))[0] == "bench_recognition-subset"


def test_stored_figures_regenerate_the_readme_table_with_command_and_link(tmp_path: Path) -> None:
    docs, readme = tmp_path / "docs" / "benchmarks.md", tmp_path / "README.md"
    readme.write_text("intro\n<!-- figures:start -->\nold typed row\n<!-- figures:end -->\nend\n", encoding="utf-8")
    write_section(
        "bench_x",
        "Bench X vs peer",
        "python -m benchmarks.bench_x",
        "body",
        path=docs,
        machine=MACHINE,
        figures={"speed vs peer": "1.50x"},
        readme=readme,
    )
    text = readme.read_text(encoding="utf-8")
    assert "old typed row" not in text and text.startswith("intro\n") and text.endswith("end\n")
    assert (
        "| speed vs peer | 1.50x | `python -m benchmarks.bench_x` "
        "| [Bench X vs peer](docs/benchmarks.md#bench-x-vs-peer) |" in text
    )


def test_a_section_without_figures_adds_no_row(tmp_path: Path) -> None:
    from benchmarks.report import figures_block

    docs = tmp_path / "benchmarks.md"
    write_section("bench_y", "Y", "python -m benchmarks.bench_y", "body", path=docs, machine=MACHINE)
    assert figures_block(docs, tmp_path / "README.md").count("\n") == 3  # markers, header and separator only
