"""``sikwu app``: starts the page and tells scripts where it is."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from sikwu.app.launch import stop_server, wait_ready

from sikwu.cli import main


def test_app_subcommand_is_registered_with_json_and_port():
    with pytest.raises(SystemExit) as exc:
        main(["app", "--help"])
    assert exc.value.code == 0


def test_a_bad_port_is_a_clear_error_with_exit_code_2(capsys):
    assert main(["app", "--port", "70000"]) == 2
    err = capsys.readouterr().err
    assert "70000" in err and "1-65535" in err


def test_sikwu_app_json_prints_the_url_then_serves_the_page():
    proc = subprocess.Popen(
        [sys.executable, "-m", "sikwu.cli", "app", "--port", "0", "--json", "--address", "127.0.0.1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        info = json.loads(proc.stdout.readline())
        assert info["url"] == f"http://127.0.0.1:{info['port']}"
        wait_ready(info["url"], timeout=60)
    finally:
        stop_server(proc)
    assert proc.returncode is not None


def test_a_port_in_use_is_a_clear_error_with_exit_code_2(capsys):
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as busy:
        busy.bind(("", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["app", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert "already in use" in err and "--port 0" in err
