"""``sikwu app``: start the Streamlit page.

Runs ``python -m streamlit run app/page.py`` in a child process (rather than inside this one) so Streamlit owns its
own signal handling and the CLI stays importable without Streamlit. ``--json`` prints where the page will be, one
JSON line, before the server starts, so scripts and tests can wait for that URL.
"""

from __future__ import annotations

import argparse
import json
import socket
import subprocess
import sys
from pathlib import Path

PAGE = Path(__file__).resolve().parent / "page.py"
DEFAULT_PORT = 8501


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def port_is_free(port: int, address: str | None = None) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind((address if address not in (None, "localhost") else "", port))
        except OSError:
            return False
    return True


def streamlit_command(port: int, address: str | None, headless: bool = True) -> list[str]:
    cmd = [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        str(PAGE),
        "--server.port",
        str(port),
        "--server.headless",
        "true" if headless else "false",
        "--browser.gatherUsageStats",
        "false",
        "--server.fileWatcherType",
        "none",
        "--client.toolbarMode",
        "minimal",
        "--server.maxUploadSize",
        "40",
    ]
    if address:
        cmd += ["--server.address", address]
    return cmd


def start_server(port: int, address: str = "127.0.0.1", env: dict[str, str] | None = None) -> subprocess.Popen:
    """Start the page headless in the background (tests and benchmarks); stop it with ``stop_server``."""
    return subprocess.Popen(
        streamlit_command(port, address),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        start_new_session=True,
    )


def wait_ready(url: str, timeout: float = 60.0, proc: subprocess.Popen | None = None) -> None:
    """Block until Streamlit's health endpoint answers (raises TimeoutError, or RuntimeError if it exited)."""
    import time
    import urllib.request

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            out = proc.stdout.read().decode(errors="replace") if proc.stdout else ""
            raise RuntimeError(f"streamlit exited with {proc.returncode}:\n{out}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"the page at {url} did not answer within {timeout:.0f} s")


def stop_server(proc: subprocess.Popen, timeout: float = 10.0) -> None:
    import os
    import signal

    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout)


def _handler(args: argparse.Namespace) -> int:
    port = args.port
    if port is not None and not 0 <= port <= 65535:
        print(f"sikwu app: --port {port} is not a TCP port; use 1-65535, or 0 for any free port.", file=sys.stderr)
        return 2
    if port == 0:
        port = free_port()
    port = port or DEFAULT_PORT
    if not port_is_free(port, args.address):
        print(
            f"sikwu app: port {port} is already in use (another sikwu or Streamlit?); "
            "choose another with --port N, or --port 0 for any free port.",
            file=sys.stderr,
        )
        return 2
    try:
        import streamlit  # noqa: F401
    except ImportError:
        print(
            "sikwu app: Streamlit is not installed in this environment; "
            "run 'pip install -e .' (or bash scripts/app.sh).",
            file=sys.stderr,
        )
        return 2
    host = args.address if args.address not in (None, "0.0.0.0") else "localhost"
    url = f"http://{host}:{port}"
    if args.json:
        print(json.dumps({"url": url, "port": port, "page": str(PAGE)}), flush=True)
    else:
        print(f"sikwu page at {url} (Ctrl+C to stop)", flush=True)
    if args.browser:
        # Streamlit stays headless (a non-headless first run asks for an e-mail on the terminal); we open the page.
        import threading
        import webbrowser

        def open_when_ready() -> None:
            try:
                wait_ready(url, timeout=60)
                webbrowser.open(url)
            except (TimeoutError, RuntimeError):
                pass

        threading.Thread(target=open_when_ready, daemon=True).start()
    try:
        return subprocess.call(streamlit_command(port, args.address))
    except KeyboardInterrupt:
        return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "app",
        help="start the Streamlit page (photo -> tiles -> faan and payments)",
        description="Start the sikwu Streamlit page. Open the printed URL on a phone or laptop.",
    )
    p.add_argument("--port", type=int, default=None, help=f"TCP port (default {DEFAULT_PORT}; 0 = any free port)")
    p.add_argument(
        "--address",
        default=None,
        help="address to listen on (default: Streamlit's, all interfaces, so phones on the same network can reach it)",
    )
    p.add_argument("--browser", action="store_true", help="also open a browser window on this machine")
    p.add_argument("--json", action="store_true", help="print the URL and port as one JSON line, then serve")
    p.set_defaults(handler=_handler)
