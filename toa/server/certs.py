"""The TLS certificate of `toa serve`: made, read, and checked for what Word will refuse.

`toa addin setup` makes a certificate authority (CA) with one use: it signs one server
certificate, for localhost and 127.0.0.1, and its private key is then dropped, never written
anywhere. Trusting that CA (toa.server.trust) therefore lets no one sign anything else with it:
a CA whose key sat on disk would let whoever read the key impersonate any web site to this
computer. Renewing makes a new pair and a new CA.

Word loads the pane only over HTTPS with a certificate the computer trusts and that has not
expired; `toa serve` refuses an expired one and warns WARN_DAYS before it expires.
"""

from __future__ import annotations

import ipaddress
import os
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import platformdirs

APP_NAME = "toa"
DAYS = 365  # within the 825 days macOS accepts for a server certificate from a trusted root
WARN_DAYS = 7
CERT_FILE, KEY_FILE, CA_FILE = "localhost.crt", "localhost.key", "ca.crt"
CA_NAME = "toa localhost CA"  # + the day it was made and a serial: the label in the stores
DEV_CERTS = Path.home() / ".office-addin-dev-certs"  # office-addin-dev-certs' pair, used when present
SETUP = "toa addin setup"


class CertError(Exception):
    """A certificate cannot be used; the message is one line for the user."""


def directory() -> Path:
    """Where toa addin setup keeps the pair: a `certs` folder beside toa's config file."""
    return Path(platformdirs.user_config_dir(APP_NAME)) / "certs"


@dataclass
class Certificate:
    """A server certificate as toa serve would present it."""

    path: Path
    key_path: Path
    not_before: datetime
    not_after: datetime
    dns_names: list[str]
    ip_addresses: list[str]
    key_matches: bool | None  # None: the key cannot be read without a passphrase
    ca: Path | None  # the CA that signed it, when toa knows the file (its own; office-addin-dev-certs')
    pem: bool

    def days_left(self, now: datetime) -> float:
        return (self.not_after - now).total_seconds() / 86400

    @property
    def names_localhost(self) -> bool:
        return "localhost" in self.dns_names


def read(cert_path: str | os.PathLike, key_path: str | os.PathLike) -> Certificate:
    """The certificate and key files toa serve is given; CertError when they are unusable."""
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization

    cert_path, key_path = Path(cert_path), Path(key_path)
    try:
        data = cert_path.read_bytes()
        key_data = key_path.read_bytes()
    except OSError as exc:
        raise CertError(f"cannot read {exc.filename}: {exc.strerror}") from None
    pem = b"-----BEGIN" in data
    spki = (serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    try:
        cert = x509.load_pem_x509_certificates(data)[0] if pem else x509.load_der_x509_certificate(data)
    except ValueError:
        raise CertError(f"{cert_path} is not a certificate (PEM or DER)") from None
    try:
        key = (
            serialization.load_pem_private_key(key_data, None)
            if b"-----BEGIN" in key_data
            else serialization.load_der_private_key(key_data, None)
        )
        key_matches = key.public_key().public_bytes(*spki) == cert.public_key().public_bytes(*spki)
    except TypeError:  # encrypted: the server will ask for its passphrase
        key_matches = None
    except ValueError:
        raise CertError(f"{key_path} is not a private key (PEM or DER)") from None
    if key_matches is False:
        raise CertError(f"{key_path} is not the key of {cert_path}: give the key that belongs to the certificate")
    try:
        san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
        dns, ips = san.get_values_for_type(x509.DNSName), [str(i) for i in san.get_values_for_type(x509.IPAddress)]
    except x509.ExtensionNotFound:
        dns, ips = [], []
    ca = cert_path.with_name(CA_FILE)
    return Certificate(
        cert_path,
        key_path,
        cert.not_valid_before_utc,
        cert.not_valid_after_utc,
        dns,
        ips,
        key_matches,
        ca if ca.is_file() and ca != cert_path else None,
        pem,
    )


def expiry_problem(
    cert: Certificate, now: datetime, fix: str = f"run `{SETUP}` to make a new one"
) -> tuple[str, str] | None:
    """("expired" | "not_yet" | "soon", what to tell the user, ending with `fix`), or None while
    the certificate has more than WARN_DAYS days left."""
    day = f"{cert.not_after:%Y-%m-%d}"
    if now >= cert.not_after:
        return "expired", f"the certificate {cert.path} expired on {day}, and Word refuses it: {fix}"
    if now < cert.not_before:
        return "not_yet", (
            f"the certificate {cert.path} is valid only from {cert.not_before:%Y-%m-%d %H:%M} UTC "
            "(is this computer's clock right?)"
        )
    days = cert.days_left(now)
    if days <= WARN_DAYS:
        return "soon", f"the certificate {cert.path} expires on {day}, in {_days(days)}: {fix}"
    return None


def _days(days: float) -> str:
    whole = int(days)
    if whole < 1:
        return "less than a day"
    return f"{whole} day" + ("" if whole == 1 else "s")


@dataclass
class Made:
    cert: bytes  # PEM of the server certificate
    key: bytes  # PEM (PKCS #8) of its private key
    ca: bytes  # PEM of the CA that signed it
    ca_label: str  # the CA's common name: its label in the certificate stores
    not_after: datetime


def make(days: int = DAYS, now: datetime | None = None) -> Made:
    """A new CA and the server certificate it signs (localhost, 127.0.0.1 and ::1), valid `days`
    days from `now`. The CA's private key exists only inside this function."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    now = now or datetime.now(UTC)
    start, end = now - timedelta(hours=1), now + timedelta(days=days)
    ca_key, key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
    serial = x509.random_serial_number()
    label = f"{CA_NAME} {now:%Y-%m-%d} {serial:x}"[: len(CA_NAME) + 20]
    ca_name = x509.Name(
        [
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "toa (this computer only)"),
            x509.NameAttribute(NameOID.COMMON_NAME, label),
        ]
    )
    ca_ski = x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key())
    ca = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(serial)
        .not_valid_before(start)
        .not_valid_after(end + timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=False,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(ca_ski, critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    leaf = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")]))
        .issuer_name(ca_name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(start)
        .not_valid_after(end)
        .add_extension(
            x509.SubjectAlternativeName(
                [
                    x509.DNSName("localhost"),
                    x509.IPAddress(ipaddress.ip_address("127.0.0.1")),
                    x509.IPAddress(ipaddress.ip_address("::1")),
                ]
            ),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=False,
                crl_sign=False,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_subject_key_identifier(ca_ski), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    pem = serialization.Encoding.PEM
    return Made(
        leaf.public_bytes(pem),
        key.private_bytes(pem, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()),
        ca.public_bytes(pem),
        label,
        end,
    )


def save(made: Made, folder: Path) -> None:
    """Writes the pair and the CA into `folder` (mode 700; the key 600). All three are written
    to temporary files first and only then renamed over the previous ones, so that a write that
    fails (a full disk) leaves the previous pair whole, never a key of one pair with the
    certificate of another."""
    folder.mkdir(parents=True, exist_ok=True)
    if os.name == "posix":
        os.chmod(folder, 0o700)
    written: list[tuple[str, str]] = []
    try:
        for name, data, mode in ((KEY_FILE, made.key, 0o600), (CA_FILE, made.ca, 0o644), (CERT_FILE, made.cert, 0o644)):
            fd, tmp = tempfile.mkstemp(prefix=f".{name}-", dir=folder)
            written.append((tmp, name))
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.chmod(tmp, mode)
        for tmp, name in written:
            os.replace(tmp, folder / name)
    except BaseException:
        for tmp, _ in written:
            Path(tmp).unlink(missing_ok=True)
        raise


def ca_label(ca_path: Path) -> str | None:
    """The common name of a CA file (its label in the stores), or None when unreadable."""
    from cryptography import x509
    from cryptography.x509.oid import NameOID

    try:
        ca = x509.load_pem_x509_certificates(ca_path.read_bytes())[0]
        name = ca.subject.get_attributes_for_oid(NameOID.COMMON_NAME)[0].value
        return name if isinstance(name, str) else None  # (a common name is text; bytes: an attribute of another kind)
    except (OSError, ValueError, IndexError):
        return None


def sha1(pem_path: Path) -> str:
    """The SHA-1 thumbprint of a certificate file, in hex: how Windows and macOS name it."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes

    return x509.load_pem_x509_certificates(pem_path.read_bytes())[0].fingerprint(hashes.SHA1()).hex()
