"""HTTPS certificates and the phone address: made once, reused, renewed when the names change; clear errors."""

from __future__ import annotations

import pytest
from cryptography import x509
from sikwu.app import address, tls


def sans(path):
    cert = x509.load_pem_x509_certificate(path.read_bytes())
    ext = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    return {str(v) for v in ext.get_values_for_type(x509.DNSName)} | {
        str(v) for v in ext.get_values_for_type(x509.IPAddress)
    }


def test_a_self_signed_certificate_is_made_once_for_the_names_a_phone_uses(tmp_path):
    first = tls.self_signed(["localhost", "127.0.0.1", "192.168.1.20"], tmp_path)
    assert first.made and sans(first.cert) == {"localhost", "127.0.0.1", "192.168.1.20"}
    assert oct(first.key.stat().st_mode)[-3:] == "600", "the private key is readable by its owner only"
    again = tls.self_signed(["localhost", "192.168.1.20"], tmp_path)
    assert not again.made, "a certificate that still covers the names is reused"
    moved = tls.self_signed(["localhost", "10.0.0.7"], tmp_path)
    assert moved.made and "10.0.0.7" in sans(moved.cert), "a new LAN address gets a new certificate"


def test_given_files_that_do_not_exist_or_do_not_parse_are_refused(tmp_path):
    with pytest.raises(tls.CertificateError, match="does not exist"):
        tls.given(str(tmp_path / "no.pem"), str(tmp_path / "no-key.pem"))
    (tmp_path / "c.pem").write_text("not a certificate")
    (tmp_path / "k.pem").write_text("not a key")
    with pytest.raises(tls.CertificateError, match="not a PEM certificate"):
        tls.given(str(tmp_path / "c.pem"), str(tmp_path / "k.pem"))


def test_given_files_made_elsewhere_are_used(tmp_path):
    made = tls.self_signed(["sikwu.test"], tmp_path / "elsewhere")
    assert tls.given(str(made.cert), str(made.key)).cert == made.cert


def test_a_page_listening_on_loopback_has_no_phone_address():
    assert address.phone_url("http", 8501, "127.0.0.1") is None
    assert address.phone_url("https", 8443, "192.168.1.20") == "https://192.168.1.20:8443"


def test_the_qr_code_is_a_png_and_terminal_text():
    assert address.qr_png("http://192.168.1.20:8501").startswith(b"\x89PNG")
    text = address.qr_text("http://192.168.1.20:8501")
    assert len(text.splitlines()) > 10 and "█" in text
