"""Whether this computer trusts the certificate of `toa serve`, and making it trust toa's own.

Word shows the pane in its platform's web view, which trusts what its platform's store trusts:

* Windows: the current user's Trusted Root Certification Authorities (`certutil -user -addstore
  Root`; no administrator needed, Windows asks the user to confirm);
* macOS: the user's trust settings (`security add-trusted-cert` into the login keychain; macOS asks
  for the user's password);
* Linux, where Word is Word on the web in a browser: the NSS databases, ~/.pki/nssdb for Chrome and
  Chromium and one per Firefox profile (`certutil`, no root needed); on request also the system
  store (`update-ca-certificates`, as root) for curl, Python and other programs.

Each store is a small class: what it needs to be changed (asked before anything changes), the
command lines it runs (the Linux ones run in the tests; the macOS and Windows ones are checked
against Apple's and Microsoft's documented syntax), how it tells whether it trusts a certificate,
and how it is put back as it was. Nothing is reported as trusted that the store was not asked
about after the change. Setting up is all or nothing: every store trusts the new CA and toa serve
uses the new pair, or every store and the pair are as they were.
"""

from __future__ import annotations

import os
import shlex
import shutil
import ssl
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from . import certs

# Microsoft's fix for "We can't open this add-in from localhost": a loopback exemption for the web
# viewer of Office on Windows, from a command prompt run as administrator (support article
# "We can't open this add-in from localhost" when loading an Office Add-in or using Fiddler).
WEBVIEW = "microsoft.win32webviewhost_cw5n1h2txyewy"
LOOPBACK_COMMAND = f'CheckNetIsolation LoopbackExempt -a -n="{WEBVIEW}"'
NSS_TOOLS = "install NSS's tools (Debian/Ubuntu: sudo apt install libnss3-tools; Fedora: sudo dnf install nss-tools)"
SERVER_AUTH = "1.3.6.1.5.5.7.3.1"


@dataclass
class Trust:
    store: str
    trusted: bool | None  # None: could not be told
    detail: str = ""


def run(argv: list[str], timeout: float = 300) -> tuple[int, str]:
    """Runs a command; (exit status, its last line of output). A missing program is status 127."""
    try:
        done = subprocess.run(
            argv,
            capture_output=True,
            text=True,
            timeout=timeout,
            stdin=None if sys.stdin.isatty() else subprocess.DEVNULL,
        )
    except FileNotFoundError:
        return 127, f"{argv[0]} is not installed"
    except subprocess.TimeoutExpired:
        return 124, f"{argv[0]} did not finish within {timeout:.0f} s"
    text = (done.stderr.strip() or done.stdout.strip()).splitlines()
    return done.returncode, text[-1] if text else ""


def shown(argv: list[str]) -> str:
    """A command line as a person types it on this platform."""
    return subprocess.list2cmdline(argv) if os.name == "nt" else shlex.join(argv)


class SetupError(Exception):
    """toa addin setup changed nothing, or put back what it had changed; one line for the user."""


class Store:
    """A certificate store that a web view showing the pane trusts."""

    name = ""
    tool = ""  # the program that changes it

    def problem(self) -> str | None:
        """Why the store cannot be changed now (None: it can), found without changing it."""
        return None if shutil.which(self.tool) else f"{self.tool} is not installed"

    def trusts(self, cert: certs.Certificate) -> Trust:
        raise NotImplementedError

    def add_commands(self, ca: Path, label: str) -> list[list[str]]:
        raise NotImplementedError

    def remove_commands(self, ca: Path, label: str) -> list[list[str]]:
        raise NotImplementedError

    def add(self, ca: Path, label: str) -> str | None:
        """Adds the CA as trusted; None when every command succeeded, else what failed."""
        for argv in self.add_commands(ca, label):
            status, said = run(argv)
            if status != 0:
                return f"`{shown(argv)}` failed: {said or f'exit status {status}'}"
        return None

    def remove(self, ca: Path, label: str) -> None:
        for argv in self.remove_commands(ca, label):
            run(argv, timeout=60)

    def undo_of_add(self, ca: Path, label: str, keep: Path) -> Callable[[], None]:
        """Asked just before `add`: what puts the store back as it is now, even after an add that
        failed halfway. It may copy what `add` replaces into `keep`, a private folder."""
        return lambda: self.remove(ca, label)


class NssStore(Store):
    """An NSS certificate database (Chrome and Chromium on Linux: ~/.pki/nssdb; Firefox: its profile)."""

    FILES = ("cert9.db", "key4.db", "pkcs11.txt")  # what `certutil -N` creates

    def __init__(self, db: Path, name: str):
        self.db, self.name = db, name

    def _d(self) -> list[str]:
        return ["-d", f"sql:{self.db}"]

    def trusts(self, cert: certs.Certificate) -> Trust:
        if not (self.db / "cert9.db").is_file():
            return Trust(self.name, False, "it has no certificate database yet")
        argv = ["vfychain", *self._d(), "-u", "1", *(["-a"] if cert.pem else []), str(cert.path)]
        status, said = run(argv, timeout=60)
        if status == 0:
            return Trust(self.name, True)
        if status == 127:
            return Trust(self.name, None, f"vfychain is not installed: {NSS_TOOLS}")
        return Trust(self.name, False, "its issuer is not trusted there")

    def add_commands(self, ca: Path, label: str) -> list[list[str]]:
        create = [] if (self.db / "cert9.db").is_file() else [["certutil", *self._d(), "-N", "--empty-password"]]
        return create + [["certutil", *self._d(), "-A", "-t", "C,,", "-n", label, "-i", str(ca)]]

    def remove_commands(self, ca: Path, label: str) -> list[list[str]]:
        return [["certutil", *self._d(), "-D", "-n", label]]

    def problem(self) -> str | None:
        """The tools are there, and the database is one certutil reads and this user may write
        (or there is none yet, and it can be created)."""
        for tool in ("certutil", "vfychain"):
            if shutil.which(tool) is None:
                return f"{tool} is not installed: {NSS_TOOLS}"
        if not (self.db / "cert9.db").is_file():
            there = next(d for d in (self.db, *self.db.parents) if d.exists())
            return None if os.access(there, os.W_OK | os.X_OK) else f"cannot create {self.db}: permission denied"
        for path in (self.db, *(self.db / f for f in self.FILES if (self.db / f).exists())):
            if not os.access(path, os.R_OK | os.W_OK):
                return f"cannot write {path}: permission denied"
        status, said = run(["certutil", *self._d(), "-L"], timeout=60)
        if status != 0:
            return f"{self.db} is not a certificate database certutil can read ({said or f'exit status {status}'})"
        return None

    def add(self, ca: Path, label: str) -> str | None:
        try:
            self.db.mkdir(parents=True, exist_ok=True, mode=0o700)
        except OSError as exc:
            return f"cannot create {self.db}: {exc.strerror}"
        return super().add(ca, label)

    def undo_of_add(self, ca: Path, label: str, keep: Path) -> Callable[[], None]:
        if (self.db / "cert9.db").is_file():
            return super().undo_of_add(ca, label, keep)
        # No database yet: add creates it (and its folders), so putting back is removing them.
        files = [self.db / f for f in self.FILES if not (self.db / f).exists()]
        folders = [d for d in (self.db, *self.db.parents) if not d.exists()]  # deepest first

        def undo() -> None:
            for f in files:
                f.unlink(missing_ok=True)
            for d in folders:
                try:
                    d.rmdir()
                except OSError:  # it holds what someone else put there since
                    break

        return undo


class SystemStore(Store):
    """The system's CA bundle on Linux (Debian: /usr/local/share/ca-certificates and
    update-ca-certificates; Fedora: /etc/pki/ca-trust/source/anchors and update-ca-trust)."""

    FILE = "toa-localhost-ca.crt"

    def __init__(self, anchors: Path, update: list[str], bundle: Path, elevate: list[str] | None):
        self.anchors, self.update, self.bundle, self.elevate = anchors, update, bundle, elevate
        self.name = f"the system's certificates ({bundle})"
        self.tool = update[0]

    def trusts(self, cert: certs.Certificate) -> Trust:
        from cryptography import x509

        try:
            anchors = x509.load_pem_x509_certificates(self.bundle.read_bytes())
        except (OSError, ValueError) as exc:
            return Trust(self.name, None, f"cannot read it ({exc})")
        ok = issued_by_any(cert, anchors)
        return Trust(self.name, ok, "" if ok else "its issuer is not in the bundle")

    def add_commands(self, ca: Path, label: str) -> list[list[str]]:
        prefix = self.elevate or []
        return [[*prefix, "install", "-m", "644", str(ca), str(self.anchors / self.FILE)], [*prefix, *self.update]]

    def remove_commands(self, ca: Path, label: str) -> list[list[str]]:
        return []  # the next CA takes the same file name

    def problem(self) -> str | None:
        """Root (or sudo) may write the anchors' folder, and the update tool is there. Through
        sudo this is where its password is asked, before anything changes."""
        if self.elevate is None:
            return "this needs root, and there is no sudo: run toa addin setup --system as root"
        missing = super().problem()
        if missing:
            return missing
        status, said = run([*self.elevate, "test", "-w", str(self.anchors)], timeout=120)
        if status != 0:
            return said or f"{self.anchors} is not a folder root may write"
        return None

    def undo_of_add(self, ca: Path, label: str, keep: Path) -> Callable[[], None]:
        # add replaces the anchor a previous setup left (the same file name): keep a copy of it
        target, prefix = self.anchors / self.FILE, self.elevate or []
        if target.is_file():
            shutil.copyfile(target, keep / self.FILE)
            put_back = [[*prefix, "install", "-m", "644", str(keep / self.FILE), str(target)]]
        else:
            put_back = [[*prefix, "rm", "-f", str(target)]]

        def undo() -> None:
            for argv in [*put_back, [*prefix, *self.update]]:
                run(argv)

        return undo


def system_store() -> SystemStore | None:
    """This Linux's system store, or None when it has neither Debian's nor Fedora's tool."""
    if os.geteuid() == 0:
        elevate: list[str] | None = []
    elif shutil.which("sudo"):
        elevate = ["sudo"] if sys.stdin.isatty() else ["sudo", "-n"]  # -n: fail, never wait for a password
    else:
        elevate = None
    if shutil.which("update-ca-certificates"):
        return SystemStore(
            Path("/usr/local/share/ca-certificates"),
            ["update-ca-certificates"],
            Path("/etc/ssl/certs/ca-certificates.crt"),
            elevate,
        )
    if shutil.which("update-ca-trust"):
        return SystemStore(
            Path("/etc/pki/ca-trust/source/anchors"),
            ["update-ca-trust", "extract"],
            Path("/etc/pki/tls/certs/ca-bundle.crt"),
            elevate,
        )
    return None


class KeychainStore(Store):
    """macOS: the user's trust settings, the CA kept in the login keychain."""

    name = "the macOS login keychain"
    tool = "security"

    def __init__(self, home: Path):
        self.keychain = home / "Library" / "Keychains" / "login.keychain-db"

    def trusts(self, cert: certs.Certificate) -> Trust:
        status, said = run(
            ["security", "verify-cert", "-c", str(cert.path), "-p", "ssl", "-n", "localhost", "-L"], timeout=60
        )
        if status == 127:
            return Trust(self.name, None, said)
        return Trust(self.name, status == 0, "" if status == 0 else said)

    def add_commands(self, ca: Path, label: str) -> list[list[str]]:
        return [["security", "add-trusted-cert", "-r", "trustRoot", "-k", str(self.keychain), str(ca)]]

    def remove_commands(self, ca: Path, label: str) -> list[list[str]]:
        return [
            ["security", "remove-trusted-cert", str(ca)],
            ["security", "delete-certificate", "-Z", certs.sha1(ca), str(self.keychain)],
        ]


def _windows_roots() -> list[tuple[bytes, str, set[str] | bool]]:
    if sys.platform == "win32":  # (ssl has enum_certificates on Windows only)
        return ssl.enum_certificates("ROOT")
    raise OSError("the Windows certificate store is on Windows only")


class WindowsStore(Store):
    """Windows: Trusted Root Certification Authorities of the current user (and what Windows
    merges into it: the machine's roots)."""

    name = "Windows' Trusted Root Certification Authorities"
    tool = "certutil"

    def __init__(self, roots=_windows_roots):
        self.roots = roots

    def trusts(self, cert: certs.Certificate) -> Trust:
        from cryptography import x509

        anchors = []
        for der, encoding, usage in self.roots():
            if encoding == "x509_asn" and (usage is True or SERVER_AUTH in usage):
                try:
                    anchors.append(x509.load_der_x509_certificate(der))
                except ValueError:
                    continue
        ok = issued_by_any(cert, anchors)
        return Trust(self.name, ok, "" if ok else "its issuer is not among them")

    def add_commands(self, ca: Path, label: str) -> list[list[str]]:
        return [["certutil", "-user", "-addstore", "Root", str(ca)]]

    def remove_commands(self, ca: Path, label: str) -> list[list[str]]:
        return [["certutil", "-user", "-delstore", "Root", certs.sha1(ca)]]


def issued_by_any(cert: certs.Certificate, anchors) -> bool:
    """Whether the top of the certificate file's chain is one of `anchors` or signed by one."""
    from cryptography import x509
    from cryptography.exceptions import InvalidSignature

    data = cert.path.read_bytes()
    chain = x509.load_pem_x509_certificates(data) if cert.pem else [x509.load_der_x509_certificate(data)]
    top = chain[-1]
    for anchor in anchors:
        if anchor == top:
            return True
        if anchor.subject == top.issuer:
            try:
                top.verify_directly_issued_by(anchor)
                return True
            except (ValueError, TypeError, InvalidSignature):
                continue
    return False


def stores(platform: str = sys.platform, home: Path | None = None) -> list[Store]:
    """The stores the pane's web view trusts on this platform."""
    home = home or Path.home()
    if platform == "win32":
        return [WindowsStore()]
    if platform == "darwin":
        return [KeychainStore(home)]
    found: list[Store] = [NssStore(home / ".pki" / "nssdb", "Chrome and Chromium (~/.pki/nssdb)")]
    for base in (home / ".mozilla" / "firefox", home / "snap" / "firefox" / "common" / ".mozilla" / "firefox"):
        for db in sorted(base.glob("*/cert9.db")) if base.is_dir() else []:
            found.append(NssStore(db.parent, f"Firefox (profile {db.parent.name})"))
    return found


def check(cert: certs.Certificate, where: list[Store]) -> list[Trust]:
    return [s.trusts(cert) for s in where]


def untrusted_warning(cert: certs.Certificate, results: list[Trust]) -> str | None:
    """What toa serve says at start when no store trusts the certificate (None when one does)."""
    if any(r.trusted for r in results):
        return None
    if results and all(r.trusted is None for r in results):
        return f"cannot tell whether this computer trusts {cert.path}: {results[0].detail}"
    why = "; ".join(f"{r.store}: {r.detail}" for r in results if r.detail)
    return (
        f"this computer does not trust the certificate {cert.path} ({why}), so Word will refuse the pane. "
        f"Run `{certs.SETUP}` to make and trust toa's own"
    )


@dataclass
class Setup:
    """What toa addin setup did."""

    cert: Path  # the certificate toa serve now uses
    results: list[Trust]  # each store asked after the change: every one trusts it
    not_after: datetime


def setup(folder: Path, where: list[Store], days: int = certs.DAYS, now: datetime | None = None) -> Setup:
    """Makes a new pair and trusts its CA in every store of `where`, all or nothing: first each
    store is asked whether it can be changed (SetupError, and nothing changes, when one cannot);
    then the CA is added to each store and the store asked again; if one fails, the stores are
    put back as they were and toa serve's pair is left alone (SetupError). Only when every
    store trusts the new certificate does the new pair replace the one in `folder`, and the
    previous toa CA leave the stores."""
    problems = [f"{s.name}: {p}" for s in where if (p := s.problem())]
    if problems:
        raise SetupError("; ".join(problems) + "; nothing was changed")
    now = now or datetime.now(UTC)
    made = certs.make(days, now)
    with tempfile.TemporaryDirectory(prefix="toa-setup-") as tmp:
        staged = Path(tmp) / "new"
        certs.save(made, staged)
        new = certs.read(staged / certs.CERT_FILE, staged / certs.KEY_FILE)
        old_ca = Path(tmp) / "old-ca.crt"
        old_label = certs.ca_label(folder / certs.CA_FILE) if (folder / certs.CA_FILE).is_file() else None
        if old_label:
            shutil.copyfile(folder / certs.CA_FILE, old_ca)
        undo: list[Callable[[], None]] = []
        try:
            results = [_trust_in(store, staged / certs.CA_FILE, made.ca_label, new, Path(tmp), undo) for store in where]
            certs.save(made, folder)
        except BaseException as exc:  # Ctrl-C too: no store is left trusting a CA toa serve does not use
            for put_back in reversed(undo):
                put_back()
            if isinstance(exc, SetupError):
                raise SetupError(f"{exc}; every store was put back as it was, and toa serve keeps its pair") from None
            raise
        if old_label and old_label != made.ca_label:
            for store in where:
                store.remove(old_ca, old_label)
    return Setup(folder / certs.CERT_FILE, results, made.not_after)


def _trust_in(
    store: Store, ca: Path, label: str, new: certs.Certificate, keep: Path, undo: list[Callable[[], None]]
) -> Trust:
    """Adds the CA to the store (its undo appended to `undo` first) and asks the store again;
    SetupError when it failed or the store still does not trust `new`."""
    undo.append(store.undo_of_add(ca, label, keep))
    failed = store.add(ca, label)
    result = Trust(store.name, False, failed) if failed else store.trusts(new)
    if not result.trusted:
        raise SetupError(f"{store.name}: {result.detail or 'it does not trust the new certificate'}")
    return result
