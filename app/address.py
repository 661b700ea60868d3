"""The address a phone at the table should open, and its QR code (segno) for the terminal and the page.

A phone on the same Wi-Fi reaches the page by this computer's LAN address. The address is the one the operating
system would use to reach another network (a UDP socket is "connected" to a private address: nothing is sent).
"""

from __future__ import annotations

import io
import socket

import segno

#: Environment variable through which ``sikwu app`` tells the page its phone address (the page shows the QR code).
PHONE_URL_ENV = "SIKWU_PHONE_URL"


def lan_address() -> str | None:
    """This computer's address on the local network, or None when it has none (offline, loopback only)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.254.254.254", 1))
            address = str(s.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def phone_url(scheme: str, port: int, listen_address: str | None) -> str | None:
    """Where a phone should go; None when the page listens on loopback only (phones cannot reach it)."""
    if listen_address in ("127.0.0.1", "localhost", "::1"):
        return None
    host = listen_address if listen_address not in (None, "", "0.0.0.0", "::") else lan_address()
    return f"{scheme}://{host}:{port}" if host else None


def qr_text(url: str) -> str:
    """The QR code as terminal text (two modules per character row, so it stays square and small)."""
    buf = io.StringIO()
    segno.make(url, error="m").terminal(out=buf, compact=True, border=2)
    return buf.getvalue()


def qr_png(url: str, scale: int = 6) -> bytes:
    buf = io.BytesIO()
    segno.make(url, error="m").save(buf, kind="png", scale=scale, border=2)
    return buf.getvalue()
