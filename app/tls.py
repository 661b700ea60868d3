"""HTTPS for ``sikwu app --https``: browsers give the live camera only to secure pages, and a phone reaches the page by
the computer's LAN address, which is not ``localhost``.

Without ``--cert/--key`` a self-signed certificate is made on first use and kept in the user's config dir
(platformdirs), valid for this computer's names and addresses; it is made again when those change or it expires.
A certificate that cannot be written or read is a :class:`CertificateError` saying what to do; ``sikwu app`` then
still serves plain HTTP.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import socket
from dataclasses import dataclass
from pathlib import Path

import platformdirs
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

VALID_DAYS = 825  # the longest validity Apple's platforms accept for a TLS server certificate


class CertificateError(OSError):
    """The certificate or key cannot be made, written or read: the message names the file and the fix."""


@dataclass(frozen=True)
class TlsFiles:
    cert: Path
    key: Path
    made: bool = False  # made (or renewed) by this run


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir("sikwu", appauthor=False)) / "tls"


def given(cert: str, key: str) -> TlsFiles:
    """Files the player made (e.g. with mkcert): checked to exist and to parse, so a typo fails before serving."""
    cert_path, key_path = Path(cert).expanduser(), Path(key).expanduser()
    for path, what in ((cert_path, "certificate"), (key_path, "key")):
        if not path.is_file():
            raise CertificateError(f"The {what} file {path} does not exist; check the path given to --{what[:4]}.")
    try:
        x509.load_pem_x509_certificate(cert_path.read_bytes())
        serialization.load_pem_private_key(key_path.read_bytes(), password=None)
    except (ValueError, TypeError, OSError) as exc:
        raise CertificateError(
            f"{cert_path} / {key_path} are not a PEM certificate and an unencrypted PEM key ({exc})."
        ) from exc
    return TlsFiles(cert_path, key_path)


def self_signed(names: list[str], directory: Path | None = None) -> TlsFiles:
    """The self-made certificate for ``names`` (host names and IP addresses), made when missing, stale or expired."""
    directory = directory or config_dir()
    cert_path, key_path = directory / "cert.pem", directory / "key.pem"
    try:
        if _still_good(cert_path, key_path, names):
            return TlsFiles(cert_path, key_path)
        directory.mkdir(parents=True, exist_ok=True)
        key = ec.generate_private_key(ec.SECP256R1())
        key_path.write_bytes(
            key.private_bytes(
                serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
            )
        )
        key_path.chmod(0o600)
        cert_path.write_bytes(_certificate(key, names).public_bytes(serialization.Encoding.PEM))
    except OSError as exc:
        raise CertificateError(
            f"Cannot write the HTTPS certificate in {directory} ({exc}). Give one with --cert/--key, or make the "
            "directory writable."
        ) from exc
    return TlsFiles(cert_path, key_path, made=True)


def _certificate(key: ec.EllipticCurvePrivateKey, names: list[str]) -> x509.Certificate:
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "sikwu on " + socket.gethostname())])
    now = dt.datetime.now(dt.UTC)
    return (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=VALID_DAYS))
        .add_extension(x509.SubjectAlternativeName([_general_name(n) for n in names]), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .sign(key, hashes.SHA256())
    )


def _general_name(name: str) -> x509.GeneralName:
    try:
        return x509.IPAddress(ipaddress.ip_address(name))
    except ValueError:
        return x509.DNSName(name)


def _still_good(cert_path: Path, key_path: Path, names: list[str]) -> bool:
    if not (cert_path.is_file() and key_path.is_file()):
        return False
    try:
        cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
        sans = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except (ValueError, x509.ExtensionNotFound):
        return False
    covered = {str(v) for v in sans.get_values_for_type(x509.DNSName)}
    covered |= {str(v) for v in sans.get_values_for_type(x509.IPAddress)}
    fresh = cert.not_valid_after_utc > dt.datetime.now(dt.UTC) + dt.timedelta(days=7)
    return fresh and set(names) <= covered
