"""The certificate toa addin setup makes, as toa serve reads it: what it names, how long it
lasts, that the key written is the server's and no other, and what is said when it expires."""

from __future__ import annotations

import os
import stat
from datetime import UTC, datetime, timedelta

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import serialization

from toa.server import certs

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def saved(tmp_path):
    made = certs.make(now=NOW)
    certs.save(made, tmp_path / "certs")
    return made, tmp_path / "certs"


def test_a_server_certificate_for_localhost_signed_by_a_ca_of_its_own(saved):
    made, folder = saved
    cert = certs.read(folder / certs.CERT_FILE, folder / certs.KEY_FILE)
    assert cert.dns_names == ["localhost"] and cert.ip_addresses == ["127.0.0.1", "::1"]
    assert cert.key_matches is True and cert.ca == folder / certs.CA_FILE and cert.pem
    assert cert.not_after == NOW + timedelta(days=certs.DAYS) and cert.not_before < NOW
    leaf = x509.load_pem_x509_certificate(made.cert)
    ca = x509.load_pem_x509_certificate(made.ca)
    leaf.verify_directly_issued_by(ca)
    assert ca.extensions.get_extension_for_class(x509.BasicConstraints).value.ca is True
    assert leaf.extensions.get_extension_for_class(x509.BasicConstraints).value.ca is False
    assert made.ca_label.startswith(certs.CA_NAME) and made.ca_label in ca.subject.rfc4514_string()


def test_the_only_private_key_written_is_the_servers_and_only_its_owner_reads_it(saved):
    made, folder = saved
    keys = [p for p in folder.iterdir() if b"PRIVATE KEY" in p.read_bytes()]
    assert [p.name for p in keys] == [certs.KEY_FILE]
    key = serialization.load_pem_private_key(keys[0].read_bytes(), None)
    spki = (serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    assert key.public_key().public_bytes(*spki) == x509.load_pem_x509_certificate(made.cert).public_key().public_bytes(
        *spki
    )
    if os.name == "posix":
        assert stat.S_IMODE(keys[0].stat().st_mode) == 0o600 and stat.S_IMODE(folder.stat().st_mode) == 0o700


def test_every_pair_is_new(tmp_path):
    a, b = certs.make(now=NOW), certs.make(now=NOW)
    assert a.ca != b.ca and a.key != b.key and a.ca_label != b.ca_label


def test_expiry_says_what_to_do(tmp_path, saved):
    _made, folder = saved
    cert = certs.read(folder / certs.CERT_FILE, folder / certs.KEY_FILE)
    assert certs.expiry_problem(cert, NOW) is None
    assert certs.expiry_problem(cert, NOW + timedelta(days=certs.DAYS - certs.WARN_DAYS - 1)) is None
    kind, text = certs.expiry_problem(cert, NOW + timedelta(days=certs.DAYS - 3))
    assert kind == "soon" and "in 3 days" in text and "toa addin setup" in text and f"{cert.not_after:%Y-%m-%d}" in text
    kind, text = certs.expiry_problem(cert, NOW + timedelta(days=certs.DAYS, seconds=1))
    assert kind == "expired" and "expired on" in text and "Word refuses it" in text and "toa addin setup" in text
    kind, text = certs.expiry_problem(cert, NOW - timedelta(days=1))
    assert kind == "not_yet" and "clock" in text


def test_unusable_files_are_one_line_errors(tmp_path, saved):
    _made, folder = saved
    other = tmp_path / "other"
    certs.save(certs.make(now=NOW), other)
    with pytest.raises(certs.CertError, match="is not the key of"):
        certs.read(folder / certs.CERT_FILE, other / certs.KEY_FILE)
    with pytest.raises(certs.CertError, match="is not a certificate"):
        certs.read(folder / certs.KEY_FILE, folder / certs.KEY_FILE)
    with pytest.raises(certs.CertError, match="is not a private key"):
        certs.read(folder / certs.CERT_FILE, folder / certs.CA_FILE)
    with pytest.raises(certs.CertError, match="cannot read"):
        certs.read(tmp_path / "missing.crt", folder / certs.KEY_FILE)


def test_a_key_under_a_passphrase_cannot_be_matched_but_is_not_refused(tmp_path, saved):
    made, folder = saved
    key = serialization.load_pem_private_key(made.key, None)
    locked = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.BestAvailableEncryption(b"secret")
    )
    (tmp_path / "locked.key").write_bytes(locked)
    assert certs.read(folder / certs.CERT_FILE, tmp_path / "locked.key").key_matches is None


def test_a_save_that_fails_leaves_the_previous_pair_whole(saved):
    """RLIMIT_FSIZE fails every write past the CA's size (EFBIG, as a full disk fails): the key
    and CA fit, the certificate does not. The folder keeps the previous three files and no
    temporary file, never a new key beside the previous certificate."""
    import subprocess
    import sys

    _, folder = saved
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    code = (
        "import resource, signal, sys; from pathlib import Path; from toa.server import certs; "
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN); made = certs.make(); "
        "assert len(made.cert) > len(made.ca) > len(made.key); "
        "resource.setrlimit(resource.RLIMIT_FSIZE, (len(made.ca), len(made.ca))); "
        "certs.save(made, Path(sys.argv[1]))"
    )
    proc = subprocess.run([sys.executable, "-c", code, str(folder)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1 and "File too large" in proc.stderr, proc.stderr
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
