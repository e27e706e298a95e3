"""Running the app: cheroot (a production WSGI server on Windows, macOS and Linux) with TLS,
bound to 127.0.0.1 only, with a LibreOffice kept warm for page rendering."""

from __future__ import annotations

import logging
import os
import signal
import ssl
import threading
import time
from datetime import UTC, datetime

from .. import render
from . import ADDIN_DIR, certs, trust

log = logging.getLogger("toa.server")

HOST = "127.0.0.1"
DEV_CERTS = certs.DEV_CERTS
MANIFEST = ADDIN_DIR / "manifest.xml"
MANIFEST_PORT = 3000
# Connections (README "Limits"): a connection waits for its first bytes without holding a thread,
# and is closed when it says nothing for IDLE_SECONDS; a request's headers and body (and the TLS
# handshake before the first one) must arrive within REQUEST_SECONDS, which on loopback even
# 50 MB does easily. THREADS serve requests at once: a pane's scan, check and insert, their
# retries, and room to spare while a slow client uses its seconds.
THREADS = 32
IDLE_SECONDS = 10
REQUEST_SECONDS = 10


class ServeError(Exception):
    """The server cannot start; the message is one line for the user."""


def certificate(cert: str | None, key: str | None) -> tuple[str, str]:
    """The TLS certificate and key: the given ones, else toa addin setup's, else
    office-addin-dev-certs' (~/.office-addin-dev-certs) when present."""
    if bool(cert) != bool(key):
        raise ServeError("give both --cert and --key")
    if cert and key:
        for path in (cert, key):
            if not os.path.isfile(path):
                raise ServeError(f"cannot read {path}")
        return cert, key
    for folder in (certs.directory(), DEV_CERTS):
        crt, k = folder / certs.CERT_FILE, folder / certs.KEY_FILE
        if crt.is_file() and k.is_file():
            return str(crt), str(k)
    raise ServeError(
        f"no certificate: run `{certs.SETUP}` (makes one for localhost and has this computer trust "
        "it), or pass --cert FILE --key FILE"
    )


def check_certificate(pair: tuple[str, str], given: bool, say=print, now: datetime | None = None) -> None:
    """Refuses what Word would refuse (an expired certificate, or one not yet valid) and a key
    that is not the certificate's; says when the certificate expires within certs.WARN_DAYS days,
    does not name localhost, or is trusted by no store of this computer."""
    try:
        cert = certs.read(*pair)
    except certs.CertError as exc:
        raise ServeError(str(exc)) from None
    fix = f"run `{certs.SETUP}` to make a new one" + (" and start toa serve without --cert/--key" if given else "")
    problem = certs.expiry_problem(cert, now or datetime.now(UTC), fix)
    if problem and problem[0] != "soon":
        raise ServeError(problem[1])
    warnings = [problem[1]] if problem else []
    if not cert.names_localhost:
        warnings.append(f"the certificate {cert.path} does not name localhost, where Word loads the pane from")
    untrusted = trust.untrusted_warning(cert, trust.check(cert, trust.stores()))
    warnings += [untrusted] if untrusted else []
    for w in warnings:
        say(f"toa: warning: {w}", flush=True)


def serve(
    port: int, cert: str | None = None, key: str | None = None, https: bool = True, warm: bool = True, say=print
) -> int:
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
    server = _server(wsgi, app, port)
    if pair:
        server.ssl_adapter = _handshake_later(*pair)
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
    say(
        f"toa: serving the add-in at {scheme}://localhost:{port}/taskpane.html (API {scheme}://{HOST}:{port}/api/v1); "
        "Ctrl+C stops",
        flush=True,
    )
    try:
        server.serve()
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        if office is not None:  # first: LibreOffice must not outlive the server
            office.close()
        app.extensions["toa_jobs"].shutdown()  # then the jobs, which free the threads waiting on them
        server.stop()
    return 0


def _server(wsgi, app, port: int):
    """cheroot's server, except that no client can hold the others up by saying little or
    nothing: cheroot hands a new connection to a worker thread at once (eight silent sockets held
    all its threads) and shakes TLS hands in the one thread that accepts connections (one silent
    socket held everyone up for a minute)."""
    from cheroot.server import HTTPConnection

    class Connection(HTTPConnection):
        def __init__(self, server, sock, makefile):
            self.reader = _ReadDeadline(sock, IDLE_SECONDS)
            super().__init__(
                server, sock, lambda s, mode, size: makefile(self.reader if "r" in mode else s, mode, size)
            )
            self.handshaken = not isinstance(sock, ssl.SSLSocket)

        def communicate(self):
            self.reader.deadline = time.monotonic() + REQUEST_SECONDS
            try:
                if not self.handshaken:
                    self.socket.settimeout(REQUEST_SECONDS)  # for the whole handshake
                    try:
                        self.socket.do_handshake()
                    except (ssl.SSLError, OSError):  # no TLS (plain HTTP), or a client gone or too slow
                        return False
                    self.socket.settimeout(IDLE_SECONDS)
                    self.handshaken = True
                return super().communicate()
            finally:
                self.reader.deadline = None

    class Server(wsgi.Server):
        ConnectionClass = Connection

        def error_log(self, msg="", level=logging.INFO, traceback=False):
            # cheroot reports every client that hangs up or sends garbage with a traceback: one
            # line says it (a flood of tracebacks only fills the terminal, or a pipe nobody reads)
            if level >= logging.WARNING:
                log.log(
                    level,
                    "%s",
                    str(msg).splitlines()[0] if msg else "client error",
                    exc_info=traceback and level >= logging.CRITICAL,
                )

        def process_conn(self, conn):
            if not getattr(conn, "waited", False):  # new: to the selector until it has bytes to read
                conn.waited = True
                self._connections.put(conn)
                return
            super().process_conn(conn)

    return Server(
        (HOST, port), app, numthreads=THREADS, request_queue_size=64, timeout=IDLE_SECONDS, shutdown_timeout=2
    )


class _ReadDeadline:
    """A connection's socket as its request reader sees it: every read ends by the request's
    deadline (a socket timeout alone restarts with each byte a slow client sends)."""

    def __init__(self, sock, idle: float):
        self._sock, self._idle = sock, idle
        self.deadline: float | None = None

    def recv_into(self, *args):
        if self.deadline is None:
            return self._sock.recv_into(*args)
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("timed out")  # cheroot answers 408 and closes
        self._sock.settimeout(min(left, self._idle))
        try:
            return self._sock.recv_into(*args)
        finally:
            self._sock.settimeout(self._idle)

    def __getattr__(self, name):
        return getattr(self._sock, name)


def _handshake_later(cert: str, key: str):
    """cheroot's TLS adapter, with the handshake left to the connection's worker thread."""
    from cheroot.ssl.builtin import BuiltinSSLAdapter

    class Adapter(BuiltinSSLAdapter):
        def wrap(self, sock):
            tls = self.context.wrap_socket(sock, do_handshake_on_connect=False, server_side=True)
            return tls, {"wsgi.url_scheme": "https", "HTTPS": "on"}

    return Adapter(cert, key)


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
