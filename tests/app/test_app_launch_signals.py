"""``sikwu app`` as a supervisor or a terminal stops it: SIGTERM or SIGINT to ``sikwu app`` alone stops the Streamlit
server it started (nothing keeps serving, orphaned), and ``--https`` serves over TLS with a certificate it made."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sikwu.app.launch import stop_server, wait_ready


def children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().split(")")[-1].split()[0] == "Z")


def start_app(*extra: str, env: dict[str, str] | None = None) -> tuple[subprocess.Popen, dict]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "sikwu.cli", "app", "--port", "0", "--json", "--address", "127.0.0.1", *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # the test's own process group: the signal goes to sikwu app alone (os.kill)
        env=env,
    )
    return proc, json.loads(proc.stdout.readline())


def wait_gone(pids: list[int], timeout: float = 20.0) -> list[int]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and any(alive(p) for p in pids):
        time.sleep(0.2)
    return [p for p in pids if alive(p)]


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc to find the server process")
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_stop_signal_to_sikwu_app_stops_the_streamlit_server(stop, tmp_path):
    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path))
    extra = ("--https",) if stop == signal.SIGTERM else ()  # one server each: the TERM run also checks HTTPS
    proc, info = start_app(*extra, env=env)
    try:
        wait_ready(info["url"], timeout=90, proc=proc)
        servers = children(proc.pid)
        assert servers, "sikwu app runs the page in a child process"
        if stop == signal.SIGTERM:
            assert info["url"].startswith("https://") and info["https"]
            assert (tmp_path / "sikwu" / "tls" / "cert.pem").is_file(), "the certificate is kept in the config dir"
        os.kill(proc.pid, stop)
        proc.wait(timeout=30)
        assert wait_gone(servers) == [], "the Streamlit server outlived sikwu app"
    finally:
        stop_server(proc)


def test_a_certificate_that_cannot_be_written_still_offers_plain_http(tmp_path, monkeypatch):
    from sikwu.app import launch

    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the config dir should be")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(blocker))
    tls, problem = launch._tls(launch.argparse.Namespace(https=True, cert=None, key=None, address=None))
    assert tls is None and "Cannot write the HTTPS certificate" in problem and "--cert/--key" in problem


def test_cert_without_key_is_explained():
    from sikwu.app import launch

    tls, problem = launch._tls(launch.argparse.Namespace(https=True, cert="c.pem", key=None, address=None))
    assert tls is None and "--cert and --key go together" in problem


@pytest.mark.skipif(sys.platform != "linux", reason="signals to a child process as on the machines that serve")
def test_a_server_that_ignores_the_stop_signal_is_killed_after_the_grace_time(tmp_path):
    """Streamlit can hang in its shutdown; ``sikwu app`` then kills it rather than hang itself."""
    stubborn = "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(120)"
    runner = tmp_path / "run.py"
    runner.write_text(
        "import os, signal, sys, threading\n"
        "from sikwu.app.launch import serve\n"
        "t = threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGTERM))\n"
        f"print(serve([sys.executable, '-c', {stubborn!r}], grace=2.0, started=t.start))\n"
    )
    started = time.monotonic()
    done = subprocess.run([sys.executable, str(runner)], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == str(-signal.SIGKILL), done.stderr  # serve returns the killed server's status
    assert time.monotonic() - started < 30
