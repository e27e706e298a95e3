"""Running the app: cheroot (a production WSGI server on Windows, macOS and Linux) with TLS,
bound to 127.0.0.1 only, with a LibreOffice kept warm for page rendering."""
from __future__ import annotations

import os
import signal
import threading
from datetime import datetime, timezone

from .. import render
from . import ADDIN_DIR, certs, trust

HOST = "127.0.0.1"
DEV_CERTS = certs.DEV_CERTS
MANIFEST = ADDIN_DIR / "manifest.xml"
MANIFEST_PORT = 3000


class ServeError(Exception):
    """The server cannot start; the message is one line for the user."""


def certificate(cert: str | None, key: str | None) -> tuple[str, str]:
    """The TLS certificate and key: the given ones, else toa addin setup's, else
    office-addin-dev-certs' (~/.office-addin-dev-certs) when present."""
    if bool(cert) != bool(key):
        raise ServeError("give both --cert and --key")
    if cert:
        for path in (cert, key):
            if not os.path.isfile(path):
                raise ServeError(f"cannot read {path}")
        return cert, key
    for folder in (certs.directory(), DEV_CERTS):
        crt, k = folder / certs.CERT_FILE, folder / certs.KEY_FILE
        if crt.is_file() and k.is_file():
            return str(crt), str(k)
    raise ServeError(f"no certificate: run `{certs.SETUP}` (makes one for localhost and has this computer trust "
                     "it), or pass --cert FILE --key FILE")


def check_certificate(pair: tuple[str, str], given: bool, say=print, now: datetime | None = None) -> None:
    """Refuses what Word would refuse (an expired certificate, or one not yet valid) and a key
    that is not the certificate's; says when the certificate expires within certs.WARN_DAYS days,
    does not name localhost, or is trusted by no store of this computer."""
    try:
        cert = certs.read(*pair)
    except certs.CertError as exc:
        raise ServeError(str(exc)) from None
    fix = f"run `{certs.SETUP}` to make a new one" + (" and start toa serve without --cert/--key" if given else "")
    problem = certs.expiry_problem(cert, now or datetime.now(timezone.utc), fix)
    if problem and problem[0] != "soon":
        raise ServeError(problem[1])
    warnings = [problem[1]] if problem else []
    if not cert.names_localhost:
        warnings.append(f"the certificate {cert.path} does not name localhost, where Word loads the pane from")
    untrusted = trust.untrusted_warning(cert, trust.check(cert, trust.stores()))
    warnings += [untrusted] if untrusted else []
    for w in warnings:
        say(f"toa: warning: {w}", flush=True)


def serve(port: int, cert: str | None = None, key: str | None = None, https: bool = True,
          warm: bool = True, say=print) -> int:
    from cheroot import wsgi

    from . import create_app

    if not 0 < port < 65536:
        raise ServeError(f"bad port {port}")
    pair = certificate(cert, key) if https else None
    if pair:
        check_certificate(pair, given=bool(cert), say=say)
    office = render.Office() if warm else None
    if office is not None and not office.available:
        say("toa: LibreOffice will start for each rendering (install python3-uno and unoserver to keep it warm)")
        office = None
    app = create_app({"TOA_PORT": port, "TOA_SCHEME": "https" if https else "http", "TOA_OFFICE": office})
    server = wsgi.Server((HOST, port), app, numthreads=8, request_queue_size=16, timeout=60, shutdown_timeout=2)
    if pair:
        from cheroot.ssl.builtin import BuiltinSSLAdapter

        server.ssl_adapter = BuiltinSSLAdapter(*pair)
    if office is not None:  # the first rendering should not pay for LibreOffice's start
        threading.Thread(target=_warm_up, args=(office,), daemon=True).start()

    def stop(_signum, _frame):
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, stop)
    scheme = "https" if https else "http"
    try:
        server.prepare()
    except OSError as exc:
        raise ServeError(f"cannot listen on {HOST}:{port} ({exc.strerror or exc})") from None
    say(f"toa: serving the add-in at {scheme}://localhost:{port}/taskpane.html (API {scheme}://{HOST}:{port}/api/v1); "
        "Ctrl+C stops", flush=True)
    try:
        server.serve()
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        if office is not None:  # first: LibreOffice must not outlive the server
            office.close()
        server.stop()
        app.extensions["toa_pool"].shutdown(wait=False, cancel_futures=True)
    return 0


def _warm_up(office: render.Office) -> None:
    try:
        office.to_pdf(_EMPTY_DOCX())
    except render.RenderError:
        pass  # the first request will try again, or render cold


def _EMPTY_DOCX() -> bytes:
    import io

    import docx

    buf = io.BytesIO()
    docx.Document().save(buf)
    return buf.getvalue()


def manifest(port: int) -> str:
    """addin/manifest.xml with its URLs on `port`."""
    text = MANIFEST.read_text(encoding="utf-8")
    return text.replace(f"https://localhost:{MANIFEST_PORT}/", f"https://localhost:{port}/")
