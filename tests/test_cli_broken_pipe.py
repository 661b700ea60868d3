"""``sikwu ... | head``: a reader that stops early ends the command quietly, not with a traceback."""

from __future__ import annotations

import argparse

import pytest

from sikwu import cli


def test_a_reader_closing_the_pipe_early_ends_the_command_with_success(monkeypatch: pytest.MonkeyPatch) -> None:
    def handler(args: argparse.Namespace) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    parser = argparse.ArgumentParser()
    parser.set_defaults(handler=handler)
    silenced: list[int] = []
    monkeypatch.setattr(cli, "build_parser", lambda: parser)
    monkeypatch.setattr(cli.os, "dup2", lambda fd, fd2: silenced.append(fd2))
    monkeypatch.setattr(cli.os, "open", lambda *a: 99)
    monkeypatch.setattr(cli.sys.stdout, "fileno", lambda: 1)
    assert cli.main([]) == 0 and silenced == [1]
