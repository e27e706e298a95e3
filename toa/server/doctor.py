"""`toa addin doctor`: every link between Word and toa serve, one line each.

The certificate (present, the key's, naming localhost, not expired or expiring), whether a store
that Word's web view uses trusts it, the port (free, or toa serve answering there over HTTPS),
the manifest (a Word task pane whose addresses are all on that port), and the pane itself loaded
over HTTPS from https://localhost:PORT with exactly that certificate; on Windows also the loopback
exemption Microsoft documents for its web viewer. A check fails ("FAIL") when Word would not show
the pane; "warn" is for what may still work. A manifest file that cannot be read (ManifestError)
is bad input, not a finding: it is refused before any check runs.
"""

from __future__ import annotations

import json
import os
import socket
import ssl
import stat
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from urllib.parse import urlparse

from . import certs, trust

OK, WARN, FAIL = "ok", "warn", "FAIL"
APP_NS = "{http://schemas.microsoft.com/office/appforoffice/1.1}"
XSI_TYPE = "{http://www.w3.org/2001/XMLSchema-instance}type"
MANIFEST_MAX = 1_000_000  # bytes; a manifest is a few KB (toa addin manifest writes 5)


class ManifestError(Exception):
    """The manifest file given cannot be checked; the message is one line for the user."""


@dataclass
class Check:
    name: str
    status: str
    text: str

    def line(self) -> str:
        return f"{self.status:<4}  {self.name}: {self.text}"


def run(
    port: int,
    cert: str | None = None,
    key: str | None = None,
    manifest: str | None = None,
    where: list[trust.Store] | None = None,
    now: datetime | None = None,
) -> list[Check]:
    """The checks, in the order Word meets them. `cert`/`key` as toa serve is given them (None: the
    one toa serve would use); `manifest`: the file sideloaded (None: toa addin manifest's for
    `port`); `where`: the certificate stores to ask (None: this platform's). ManifestError when
    the manifest file cannot be read, before any check."""
    from .serve import ServeError, certificate

    text = read_manifest(manifest) if manifest else None
    now = now or datetime.now(UTC)
    checks: list[Check] = []
    found = None
    try:
        found = certs.read(*certificate(cert, key))
    except (ServeError, certs.CertError) as exc:
        checks.append(Check("certificate", FAIL, str(exc)))
    if found is not None:
        checks.append(_certificate(found, now))
        checks.append(_trust(trust.check(found, trust.stores() if where is None else where)))
    port_check, answering = _port(port)
    checks.append(port_check)
    urls = _manifest(port, manifest, text, checks)
    checks.append(_pane(port, found, answering, urls))
    if sys.platform == "win32":
        checks.append(_loopback())
    return checks


def _certificate(cert: certs.Certificate, now: datetime) -> Check:
    problem = certs.expiry_problem(cert, now)
    if problem and problem[0] != "soon":
        return Check("certificate", FAIL, problem[1])
    if not cert.names_localhost:
        return Check(
            "certificate",
            FAIL,
            f"{cert.path} does not name localhost, where Word loads the pane from: run `{certs.SETUP}`",
        )
    if problem:
        return Check("certificate", WARN, problem[1])
    names = ", ".join(cert.dns_names + cert.ip_addresses)
    return Check(
        "certificate",
        OK,
        f"{cert.path} ({names}), valid until {cert.not_after:%Y-%m-%d} ({round(cert.days_left(now))} days)",
    )


def _trust(results: list[trust.Trust]) -> Check:
    if not results:
        return Check("trusted", WARN, "no certificate store to ask on this platform")
    yes = [r.store for r in results if r.trusted]
    no = [
        f"not by {r.store} ({r.detail})" if r.trusted is False else f"unknown for {r.store} ({r.detail})"
        for r in results
        if not r.trusted
    ]
    if yes:
        return Check("trusted", OK, "by " + ", ".join(yes) + ("; " + "; ".join(no) if no else ""))
    return Check("trusted", FAIL, "; ".join(no) + f": run `{certs.SETUP}`")


def _health(port: int, context: ssl.SSLContext | None) -> dict | None:
    """GET /api/v1/health on 127.0.0.1:port (TLS when given a context): the JSON, or None."""
    import httpx

    scheme = "https" if context is not None else "http"
    try:
        r = httpx.get(f"{scheme}://127.0.0.1:{port}/api/v1/health", verify=context or False, timeout=5)
        return r.json() if r.status_code == 200 else None
    except (httpx.HTTPError, json.JSONDecodeError, ValueError):
        return None


def _port(port: int) -> tuple[Check, bool]:
    """The port's check, and whether toa serve answers there over HTTPS."""
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    except OSError:
        return Check("port", OK, f"{port} is free; toa serve is not running"), False
    unverified = ssl.create_default_context()
    unverified.check_hostname, unverified.verify_mode = False, ssl.CERT_NONE  # who answers, not whether to trust it
    health = _health(port, unverified)
    if health and "version" in health:
        return Check("port", OK, f"toa serve {health['version']} answers on {port}"), True
    health = _health(port, None)
    if health and "version" in health:
        return Check(
            "port",
            FAIL,
            f"toa serve answers on {port} over plain HTTP (--no-https); Word needs HTTPS: "
            "restart it without --no-https",
        ), False
    return Check(
        "port",
        FAIL,
        f"another program listens on {port}: stop it, or use another port "
        "(toa serve --port N, toa addin manifest --port N)",
    ), False


def read_manifest(path: str) -> bytes:
    """The bytes of the manifest file `path`: a regular file of at most MANIFEST_MAX bytes, else
    ManifestError. What the name is is asked before it is opened (a FIFO would block the open,
    /dev/zero would be read forever), then again of what was opened, without blocking
    (O_NONBLOCK), in case the name was replaced in between."""
    refused = f"{path} is not a regular file: give the manifest you sideloaded"
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise ManifestError(refused)
        with open(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                raise ManifestError(refused)
            data = fh.read(MANIFEST_MAX + 1)  # one byte more tells a file past the cap
    except OSError as exc:
        raise ManifestError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(data) > MANIFEST_MAX:
        raise ManifestError(f"{path} is larger than {MANIFEST_MAX // 1_000_000} MB: it is not an add-in manifest")
    return data


def _manifest(port: int, path: str | None, text: bytes | None, checks: list[Check]) -> list[str]:
    """Checks the manifest (`text`, read from `path`; None: the one `toa addin manifest --port
    PORT` writes); returns its https addresses."""
    from lxml import etree

    from ..oxml import safe_parser
    from .serve import manifest

    where = path or f"toa addin manifest --port {port}"
    try:
        root = etree.fromstring(manifest(port).encode("utf-8") if text is None else text, safe_parser())
    except etree.XMLSyntaxError as exc:
        checks.append(Check("manifest", FAIL, f"{where} is not XML ({exc})"))
        return []
    hosts = [h.get("Name") for h in root.iter(f"{APP_NS}Host")]
    if root.tag != f"{APP_NS}OfficeApp" or root.get(XSI_TYPE) != "TaskPaneApp" or "Document" not in hosts:
        checks.append(Check("manifest", FAIL, f"{where} is not a task pane add-in for Word"))
        return []
    urls = sorted({v for el in root.iter() for v in [el.get("DefaultValue") or ""] if v.startswith("http")})
    elsewhere = [u for u in urls if not u.startswith(f"https://localhost:{port}/")]
    if elsewhere:
        checks.append(
            Check(
                "manifest",
                FAIL,
                f"{where} points at {elsewhere[0]}, not at toa serve on port {port}: "
                f"write it again with `toa addin manifest --port {port} -o FILE` "
                "and sideload that",
            )
        )
        return []
    sets = {s.get("Name"): s.get("MinVersion") for s in root.iter(f"{APP_NS}Set")}
    need = f", needs WordApi {sets['WordApi']}" if "WordApi" in sets else ""
    checks.append(Check("manifest", OK, f"{where}: a Word task pane at https://localhost:{port}/taskpane.html{need}"))
    return urls


def _pane(port: int, cert: certs.Certificate | None, answering: bool, urls: list[str]) -> Check:
    import httpx

    if not answering:
        return Check(
            "pane",
            FAIL,
            f"not loaded: toa serve does not answer over HTTPS on port {port} (start it: toa serve --port {port})",
        )
    if cert is None:
        return Check("pane", FAIL, "not loaded: there is no certificate to check it against")
    context = (
        ssl.create_default_context(cafile=str(cert.path))
        if cert.pem
        else ssl.create_default_context(cadata=cert.path.read_bytes())
    )
    context.verify_flags |= ssl.VERIFY_X509_PARTIAL_CHAIN  # the certificate itself is the anchor
    pages = [f"https://localhost:{port}/taskpane.html"] + [u for u in urls if urlparse(u).path != "/taskpane.html"]
    try:
        with httpx.Client(verify=context, timeout=10) as client:
            for url in pages:
                r = client.get(url)
                if r.status_code != 200:
                    return Check("pane", FAIL, f"{url} answers {r.status_code}")
                if url.endswith("/taskpane.html") and "taskpane.js" not in r.text:
                    return Check("pane", FAIL, f"{url} is not toa's task pane")
    except httpx.ConnectError as exc:
        if "CERTIFICATE_VERIFY_FAILED" in str(exc) or "certificate verify failed" in str(exc):
            return Check(
                "pane",
                FAIL,
                f"the server on port {port} presents another certificate than {cert.path}: "
                "restart toa serve so that it uses this one",
            )
        return Check("pane", FAIL, f"cannot connect to https://localhost:{port} ({exc})")
    except httpx.HTTPError as exc:
        return Check("pane", FAIL, f"https://localhost:{port} did not answer ({exc})")
    served = f"; the manifest's {len(pages)} addresses answer" if urls else ""
    return Check("pane", OK, f"https://localhost:{port}/taskpane.html loads over HTTPS with {cert.path.name}{served}")


def _loopback() -> Check:
    import subprocess

    try:  # the exempt apps by name (-s shows them; changing them needs an administrator)
        listed = subprocess.run(
            ["CheckNetIsolation", "LoopbackExempt", "-s"], capture_output=True, text=True, timeout=60
        ).stdout.lower()
    except (OSError, subprocess.TimeoutExpired):
        listed = ""
    if trust.WEBVIEW in listed:
        return Check("loopback", OK, "Office's web viewer may reach localhost (loopback exemption set)")
    return Check(
        "loopback",
        WARN,
        'if Word says "We can\'t open this add-in from localhost", run once in a '
        f"command prompt opened as administrator: {trust.LOOPBACK_COMMAND}",
    )
