"""``sikwu app``: start the Streamlit page, say where a phone should open it (address + QR code), stop it cleanly.

Runs ``python -m streamlit run app/page.py`` in a child process (rather than inside this one) so Streamlit owns its
own event loop and the CLI stays importable without Streamlit. SIGTERM, SIGINT or SIGHUP to ``sikwu app`` is passed
on to that child and waited for, and on Linux the child also gets SIGTERM if ``sikwu app`` dies any other way: no
orphaned server keeps the port. ``--json`` prints where the page will be, one JSON line, before the server starts, so
scripts and tests can wait for that URL. ``--https`` serves over TLS (the live camera needs a secure page).
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from sikwu.app import address as phone
from sikwu.app import tls as tls_files

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


def streamlit_command(
    port: int, address: str | None, headless: bool = True, tls: tls_files.TlsFiles | None = None
) -> list[str]:
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
        "--client.showSidebarNavigation",  # the pages link to each other in their own words (both languages)
        "false",
        "--server.maxUploadSize",
        "40",
    ]
    if address:
        cmd += ["--server.address", address]
    if tls is not None:
        cmd += ["--server.sslCertFile", str(tls.cert), "--server.sslKeyFile", str(tls.key)]
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
    """Block until Streamlit's health endpoint answers (raises TimeoutError, or RuntimeError if it exited).

    Over HTTPS the self-made certificate is not verified here: this only asks whether the server is up."""
    import ssl
    import urllib.request

    context = ssl._create_unverified_context() if url.startswith("https:") else None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            out = proc.stdout.read().decode(errors="replace") if proc.stdout else ""
            raise RuntimeError(f"streamlit exited with {proc.returncode}:\n{out}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2, context=context) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"the page at {url} did not answer within {timeout:.0f} s")


def stop_server(proc: subprocess.Popen, timeout: float = 10.0) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout)


def _die_with_parent() -> None:
    """Linux: the server gets SIGTERM when ``sikwu app`` dies, even by SIGKILL (prctl PR_SET_PDEATHSIG)."""
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)
    except (OSError, AttributeError):  # not Linux/glibc: the signal forwarding below still covers TERM/INT/HUP
        pass


def serve(
    cmd: list[str], env: dict[str, str] | None = None, grace: float = 10.0, started: Callable[[], None] | None = None
) -> int:
    """Run the server until it exits; a stop signal to this process is passed on and the server waited for, at most
    ``grace`` seconds: a server still running then (Streamlit can hang in its shutdown) is killed, so stopping
    ``sikwu app`` never hangs."""
    # no other thread runs yet: preexec_fn is safe here (``started`` may start one, after the fork)
    proc = subprocess.Popen(cmd, env=env, preexec_fn=_die_with_parent if sys.platform == "linux" else None)
    if started is not None:
        started()
    stop_asked: list[float] = []

    def forward(signum: int, _frame: object) -> None:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM if signum == signal.SIGHUP else signum)
            stop_asked.append(time.monotonic())

    previous = {sig: signal.signal(sig, forward) for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)}
    try:
        while True:
            try:
                return proc.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                if stop_asked and time.monotonic() - stop_asked[0] > grace:
                    proc.kill()
            except KeyboardInterrupt:  # a second Ctrl+C while stopping
                continue
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(grace)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _port(args: argparse.Namespace) -> int | None:
    """The port to serve on, or None after printing why it cannot be used."""
    port = args.port
    if port is not None and not 0 <= port <= 65535:
        print(f"sikwu app: --port {port} is not a TCP port; use 1-65535, or 0 for any free port.", file=sys.stderr)
        return None
    if port == 0:
        port = free_port()
    port = port or DEFAULT_PORT
    if not port_is_free(port, args.address):
        print(
            f"sikwu app: port {port} is already in use (another sikwu or Streamlit?); "
            "choose another with --port N, or --port 0 for any free port.",
            file=sys.stderr,
        )
        return None
    return port


def _tls(args: argparse.Namespace) -> tuple[tls_files.TlsFiles | None, str | None]:
    """(certificate files, None) for --https, or (None, why not) when they cannot be used: plain HTTP is served."""
    if not (args.https or args.cert or args.key):
        return None, None
    if bool(args.cert) != bool(args.key):
        return None, "--cert and --key go together (the certificate and its private key)"
    try:
        if args.cert:
            return tls_files.given(args.cert, args.key), None
        names = ["localhost", "127.0.0.1", socket.gethostname()]
        lan = phone.lan_address()
        return tls_files.self_signed(names + ([lan] if lan else []) + ([args.address] if args.address else [])), None
    except tls_files.CertificateError as exc:
        return None, str(exc)


def _announce(args: argparse.Namespace, url: str, port: int, phone_url: str | None, tls_problem: str | None) -> None:
    if args.json:
        info = {"url": url, "port": port, "page": str(PAGE), "phone_url": phone_url, "https": url.startswith("https")}
        if tls_problem:
            info["https_error"] = tls_problem
        print(json.dumps(info), flush=True)
        return
    if tls_problem:
        print(f"sikwu app: HTTPS is not available: {tls_problem}. Serving plain HTTP instead.", file=sys.stderr)
    print(f"sikwu page at {url} (Ctrl+C to stop)", flush=True)
    if phone_url:
        print(f"On a phone on the same Wi-Fi, open {phone_url} or scan:\n{phone.qr_text(phone_url)}", flush=True)
        if phone_url.startswith("http:"):
            print("(The photo picker opens the phone's camera over http; the live Camera tab needs --https.)")


def _open_browser_when_ready(url: str) -> None:
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


def _handler(args: argparse.Namespace) -> int:
    port = _port(args)
    if port is None:
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
    tls, tls_problem = _tls(args)
    scheme = "https" if tls else "http"
    host = args.address if args.address not in (None, "0.0.0.0") else "localhost"
    url = f"{scheme}://{host}:{port}"
    phone_url = phone.phone_url(scheme, port, args.address)
    _announce(args, url, port, phone_url, tls_problem)
    env = dict(os.environ)
    if phone_url:
        env[phone.PHONE_URL_ENV] = phone_url
    started = (lambda: _open_browser_when_ready(url)) if args.browser else None
    return serve(streamlit_command(port, args.address, tls=tls), env=env, started=started)


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "app",
        help="start the Streamlit page (photo -> tiles -> faan and payments)",
        description="Start the sikwu Streamlit page. Open the printed URL (or scan the QR code) on a phone or laptop.",
    )
    p.add_argument("--port", type=int, default=None, help=f"TCP port (default {DEFAULT_PORT}; 0 = any free port)")
    p.add_argument(
        "--address",
        default=None,
        help="address to listen on (default: Streamlit's, all interfaces, so phones on the same network can reach it)",
    )
    p.add_argument("--browser", action="store_true", help="also open a browser window on this machine")
    p.add_argument("--json", action="store_true", help="print the URL and port as one JSON line, then serve")
    p.add_argument(
        "--https",
        action="store_true",
        help="serve over HTTPS (phones give the live camera only to secure pages); a self-signed certificate is made "
        "on first use in the user's config dir unless --cert/--key are given",
    )
    p.add_argument("--cert", help="PEM certificate for --https (e.g. made with mkcert)")
    p.add_argument("--key", help="PEM private key of --cert")
    p.set_defaults(handler=_handler)
