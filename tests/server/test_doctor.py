"""`toa addin setup`, `toa serve` and `toa addin doctor` as a new user on Linux runs them, each in
a home folder of the test's own (its NSS database, toa's config folder): README's steps end with
every check "ok" and Chromium showing the pane with no certificate exception; an untrusted, an
expired, an expiring and a wrong certificate, a busy port, a plain-HTTP server and a manifest
for another port each fail their check and say what to do."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest
import trustme

from toa.server import certs, doctor, serve, trust

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
needs_nss = pytest.mark.skipif(
    not (shutil.which("certutil") and shutil.which("vfychain")),
    reason="NSS tools are not installed (libnss3-tools; scripts/setup.sh)",
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh user: an empty home folder and config folder, for this process and its children."""
    env = {
        "HOME": str(tmp_path / "home"),
        "XDG_CONFIG_HOME": str(tmp_path / "home" / ".config"),
        "XDG_CACHE_HOME": str(tmp_path / "home" / ".cache"),
    }
    for name, value in env.items():
        Path(value).mkdir(parents=True, exist_ok=True)
        monkeypatch.setenv(name, value)
    return Path(env["HOME"])


def toa(*args: str, stdin=subprocess.DEVNULL) -> subprocess.CompletedProcess:
    """The command line with no terminal (unless `stdin` is one), as a script runs it."""
    return subprocess.run(
        [sys.executable, "-m", "toa.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=os.environ.copy(),
        stdin=stdin,
    )


def in_a_terminal(answer: str, *args: str) -> subprocess.CompletedProcess:
    """The command line with a terminal as its standard input, where the user types `answer`."""
    import pty

    leader, follower = pty.openpty()
    try:
        os.write(leader, answer.encode() + b"\n")
        return toa(*args, stdin=follower)
    finally:
        os.close(follower)
        os.close(leader)


def one_line_error(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("toa: error: "), result.stderr
    return lines[0]


def state(home: Path) -> dict[str, bytes]:
    """Every file of the user's home and config folders (the pair, the NSS databases)."""
    return {str(p.relative_to(home)): p.read_bytes() for p in sorted(home.rglob("*")) if p.is_file()}


@contextmanager
def serving(port: int, *args: str):
    """`toa serve --port PORT ARGS` until the block ends; yields what it printed at start."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "toa.cli", "serve", "--port", str(port), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=os.environ.copy(),
    )
    lines: list[str] = []
    threading.Thread(target=lambda: lines.extend(proc.stdout), daemon=True).start()
    scheme = "http" if "--no-https" in args else "https"
    deadline = time.monotonic() + 60
    while True:
        try:
            httpx.get(f"{scheme}://127.0.0.1:{port}/api/v1/health", verify=False, timeout=2)
            break
        except httpx.HTTPError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail("toa serve did not start: " + "".join(lines))
            time.sleep(0.2)
    try:
        yield lines
    finally:
        proc.terminate()
        proc.wait(30)


def chromium_shows_the_pane(home: Path, port: int, tmp_path: Path) -> bool:
    """Headless Chromium as this user (HOME: its NSS database), no certificate exception, no
    network but this computer: whether https://localhost:PORT/taskpane.html loads and runs."""
    out = subprocess.run(
        [
            CHROMIUM,
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            f"--user-data-dir={tmp_path / 'chromium'}",
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost",
            "--dump-dom",
            f"https://localhost:{port}/taskpane.html",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "HOME": str(home)},
    ).stdout
    return "<title>Table of Authorities</title>" in out and "Office.js did not load" in out


def lines_of(result: subprocess.CompletedProcess) -> dict[str, str]:
    return {line.split(":", 1)[0][6:]: line for line in result.stdout.splitlines()}


def untrusted_pair(tmp_path: Path) -> tuple[str, str]:
    ca = trustme.CA()
    leaf = ca.issue_cert("localhost", "127.0.0.1")
    leaf.cert_chain_pems[0].write_to_path(str(tmp_path / "other.crt"))
    leaf.private_key_pem.write_to_path(str(tmp_path / "other.key"))
    return str(tmp_path / "other.crt"), str(tmp_path / "other.key")


@needs_nss
def test_readme_steps_on_a_fresh_linux_end_all_green_and_chromium_trusts_the_pane(home, tmp_path):
    port = free_port()
    done = toa("addin", "setup", "--yes")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ok    trusted by Chrome and Chromium (~/.pki/nssdb)" in done.stdout
    assert toa("addin", "manifest", "--port", str(port), "-o", str(tmp_path / "toa-manifest.xml")).returncode == 0
    with serving(port) as said:
        assert not any("warning" in line for line in said)
        checked = toa("addin", "doctor", "--port", str(port), "--manifest", str(tmp_path / "toa-manifest.xml"))
        assert checked.returncode == 0, checked.stdout
        assert list(lines_of(checked)) == ["certificate", "trusted", "port", "manifest", "pane"]
        assert all(line.startswith("ok    ") for line in checked.stdout.splitlines())
        if os.path.exists(CHROMIUM):
            assert chromium_shows_the_pane(home, port, tmp_path)


@needs_nss
def test_setup_without_a_terminal_or_yes_refuses_and_changes_nothing(home):
    said = one_line_error(toa("addin", "setup"))
    assert "--yes" in said and "Chrome and Chromium (~/.pki/nssdb)" in said, said
    assert state(home) == {}


@needs_nss
def test_setup_asks_in_a_terminal_naming_every_store_and_a_no_changes_nothing(home):
    firefox = home / ".mozilla" / "firefox" / "abcd.default-release"
    firefox.mkdir(parents=True)
    subprocess.run(["certutil", "-d", f"sql:{firefox}", "-N", "--empty-password"], check=True)
    before = state(home)
    asked = in_a_terminal("n", "addin", "setup")
    said = one_line_error(asked)
    assert "nothing was changed" in said
    for store in ["Chrome and Chromium (~/.pki/nssdb)", "Firefox (profile abcd.default-release)"]:
        assert store in asked.stdout, asked.stdout
    assert state(home) == before
    done = in_a_terminal("y", "addin", "setup")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ok    trusted by Firefox (profile abcd.default-release)" in done.stdout


@needs_nss
def test_setup_with_a_corrupt_nss_database_exits_2_and_keeps_the_served_certificate(home):
    assert toa("addin", "setup", "--yes").returncode == 0
    (home / ".pki" / "nssdb" / "cert9.db").write_bytes(b"garbage" * 1000)
    before = state(home)
    said = one_line_error(toa("addin", "setup", "--yes"))
    assert "Chrome and Chromium (~/.pki/nssdb)" in said and "nothing was changed" in said, said
    assert state(home) == before


@needs_nss
def test_an_untrusted_certificate_is_said_at_start_and_by_the_doctor(home, tmp_path):
    port = free_port()
    cert, key = untrusted_pair(tmp_path)
    with serving(port, "--cert", cert, "--key", key) as said:
        deadline = time.monotonic() + 10
        while not any("warning" in line for line in said) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert any("does not trust the certificate" in line and "toa addin setup" in line for line in said), said
        checked = toa("addin", "doctor", "--port", str(port), "--cert", cert, "--key", key)
        assert checked.returncode == 1
        found = lines_of(checked)
        assert found["trusted"].startswith("FAIL") and "run `toa addin setup`" in found["trusted"]
        assert found["pane"].startswith("ok")  # it loads: with this certificate, only trust is missing
        if os.path.exists(CHROMIUM):
            assert not chromium_shows_the_pane(home, port, tmp_path)


def test_an_expired_certificate_stops_toa_serve_with_what_to_do(home, tmp_path):
    certs.save(certs.make(days=1, now=datetime.now(UTC) - timedelta(days=3)), certs.directory())
    started = toa("serve", "--port", str(free_port()))
    assert started.returncode == 2 and started.stderr.count("\n") == 1
    assert "expired on" in started.stderr and "run `toa addin setup` to make a new one" in started.stderr
    checked = toa("addin", "doctor", "--port", str(free_port()))
    assert checked.returncode == 1 and lines_of(checked)["certificate"].startswith("FAIL")
    assert "toa addin setup" in lines_of(checked)["certificate"]
    # the same expired pair given with --cert/--key: the advice says to drop them
    shutil.copyfile(certs.directory() / certs.CERT_FILE, tmp_path / "old.crt")
    shutil.copyfile(certs.directory() / certs.KEY_FILE, tmp_path / "old.key")
    started = toa(
        "serve", "--port", str(free_port()), "--cert", str(tmp_path / "old.crt"), "--key", str(tmp_path / "old.key")
    )
    assert started.returncode == 2 and "without --cert/--key" in started.stderr


def test_a_certificate_expiring_within_a_week_starts_with_a_warning(home, tmp_path):
    certs.save(certs.make(days=3), tmp_path / "soon")
    said: list[str] = []
    pair = (str(tmp_path / "soon" / certs.CERT_FILE), str(tmp_path / "soon" / certs.KEY_FILE))
    serve.check_certificate(pair, given=True, say=lambda text, **_kw: said.append(text))
    assert any("expires on" in s and "in 2 days" in s and "toa addin setup" in s for s in said), said
    checks = doctor.run(free_port(), *pair, where=trust.stores("linux", home))
    assert checks[0].status == doctor.WARN and "in 2 days" in checks[0].text


def test_without_any_certificate_the_doctor_says_how_to_get_one(home):
    checks = {c.name: c for c in doctor.run(free_port(), where=[])}
    assert checks["certificate"].status == doctor.FAIL and "toa addin setup" in checks["certificate"].text
    assert checks["pane"].status == doctor.FAIL and "does not answer over HTTPS" in checks["pane"].text


def test_a_busy_port_a_plain_http_server_and_another_certificate_each_fail(home, tmp_path):
    cert, key = untrusted_pair(tmp_path)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        checks = {c.name: c for c in doctor.run(port, cert, key, where=[])}
    assert checks["port"].status == doctor.FAIL and "another program listens" in checks["port"].text

    port = free_port()
    with serving(port, "--no-https"):
        checks = {c.name: c for c in doctor.run(port, cert, key, where=[])}
    assert checks["port"].status == doctor.FAIL and "plain HTTP" in checks["port"].text

    certs.save(certs.make(), tmp_path / "mine")
    port = free_port()
    with serving(port, "--cert", cert, "--key", key):
        checks = {
            c.name: c
            for c in doctor.run(
                port, str(tmp_path / "mine" / certs.CERT_FILE), str(tmp_path / "mine" / certs.KEY_FILE), where=[]
            )
        }
        assert checks["port"].status == doctor.OK
        assert checks["pane"].status == doctor.FAIL and "presents another certificate" in checks["pane"].text
        checks = {c.name: c for c in doctor.run(port, cert, key, where=[])}
        assert checks["pane"].status == doctor.OK


def test_a_manifest_of_the_largest_size_is_read_and_one_byte_more_is_refused(tmp_path):
    """The cap is on what is read: a manifest padded to MANIFEST_MAX bytes is checked as any
    other, one byte more is refused (and read no further than that byte)."""
    text = serve.manifest(3000).encode("utf-8")
    padded = text + b" " * (doctor.MANIFEST_MAX - len(text))
    (tmp_path / "largest.xml").write_bytes(padded)
    (tmp_path / "past.xml").write_bytes(padded + b" ")
    assert doctor.read_manifest(str(tmp_path / "largest.xml")) == padded
    checks = {c.name: c for c in doctor.run(3000, *untrusted_pair(tmp_path), str(tmp_path / "largest.xml"), where=[])}
    assert checks["manifest"].status == doctor.OK
    with pytest.raises(doctor.ManifestError, match="larger than 1 MB"):
        doctor.read_manifest(str(tmp_path / "past.xml"))


def test_a_manifest_for_another_port_or_no_manifest_fails_with_the_fix(home, tmp_path):
    cert, key = untrusted_pair(tmp_path)
    (tmp_path / "m3000.xml").write_text(serve.manifest(3000))
    (tmp_path / "other.xml").write_text("<html/>")
    port = free_port()
    checks = {c.name: c for c in doctor.run(port, cert, key, str(tmp_path / "m3000.xml"), where=[])}
    assert checks["manifest"].status == doctor.FAIL
    assert (
        "https://localhost:3000/" in checks["manifest"].text
        and f"toa addin manifest --port {port}" in checks["manifest"].text
    )
    checks = {c.name: c for c in doctor.run(port, cert, key, str(tmp_path / "other.xml"), where=[])}
    assert checks["manifest"].status == doctor.FAIL and "not a task pane add-in for Word" in checks["manifest"].text
    with pytest.raises(doctor.ManifestError, match="cannot read .*missing.xml: No such file"):
        doctor.run(port, cert, key, str(tmp_path / "missing.xml"), where=[])
    checks = {c.name: c for c in doctor.run(port, cert, key, where=[])}
    assert checks["manifest"].status == doctor.OK and "WordApi 1.3" in checks["manifest"].text
