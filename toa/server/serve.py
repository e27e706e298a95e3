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
# Connections (README "Limits"): a connection holds no thread until its request's head (and,
# first, the TLS handshake) has all arrived, and is closed when that has not happened IDLE_SECONDS
# after it opened or had its last answer; a head is at most HEAD_BYTES (the pane's excluded
# entries go in its address: up to 192 KiB, taskpane.js EXCLUDED_BYTES). A request's body must
# arrive within REQUEST_SECONDS, which on loopback even 50 MB does easily. THREADS serve
# requests at once: a pane's scan, check and insert, their retries, and room to spare while a
# slow client sends its body.
THREADS = 32
IDLE_SECONDS = 10
REQUEST_SECONDS = 10
HEAD_BYTES = 256 * 1024
# Reads of one client's head in a turn of the thread that accepts: a client sending its head in
# thousands of one-byte TLS records must not keep the others (a /health) waiting for them all.
READS_PER_TURN = 64


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
    nothing: cheroot hands a connection to a worker thread as soon as it has a byte to read (eight
    silent sockets, or 33 clients sending a header byte a second, held all its threads) and
    shakes TLS hands in the one thread that accepts connections (one silent socket held everyone
    up for a minute). Here the thread that accepts does the handshake and gathers the request's
    head without ever blocking, and a worker gets the connection once the head is all there."""
    from cheroot.server import HTTPConnection

    class Connection(HTTPConnection):
        def __init__(self, server, sock, makefile):
            self.reader = _ReadDeadline(sock, IDLE_SECONDS)
            super().__init__(
                server, sock, lambda s, mode, size: makefile(self.reader if "r" in mode else s, mode, size)
            )
            self.handshaken = not isinstance(sock, ssl.SSLSocket)

        def head_arrived(self) -> bool:
            """Reads what the client has sent so far, without waiting: the TLS handshake, then
            the request's head. True when a worker has something to do: the head is complete (or
            longer than HEAD_BYTES, which cheroot refuses), or the client has hung up. Raises
            OSError (ssl.SSLError) for a handshake that fails: no TLS (plain HTTP), or garbage."""
            if self.rfile.has_data():  # the next request, sent along with the last one
                return True
            self.socket.settimeout(0)
            try:
                if not self.handshaken:
                    self.socket.do_handshake()
                    self.handshaken = True
                return self.reader.read_head()
            except (ssl.SSLWantReadError, ssl.SSLWantWriteError, BlockingIOError):
                return False
            finally:
                self.socket.settimeout(IDLE_SECONDS)

        def communicate(self):
            self.reader.deadline = time.monotonic() + REQUEST_SECONDS  # for the body
            try:
                return super().communicate()
            finally:
                self.reader.deadline = None

    class Server(wsgi.Server):
        ConnectionClass = Connection
        max_request_header_size = HEAD_BYTES  # cheroot answers 413 past it (what head_arrived gathers)

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
            try:
                arrived = conn.head_arrived()
            except OSError:  # a failed handshake, or a client gone
                conn.close()
                return
            if arrived:
                super().process_conn(conn)
                return
            # To the selector until more arrives. Its clock is not restarted by what trickles
            # in: the selector closes it IDLE_SECONDS after it opened or had its last answer.
            waiting_since = getattr(conn, "last_used", None)
            self._connections.put(conn)
            if waiting_since is not None:
                conn.last_used = waiting_since

    return Server(
        (HOST, port), app, numthreads=THREADS, request_queue_size=64, timeout=IDLE_SECONDS, shutdown_timeout=2
    )


class _ReadDeadline:
    """A connection's socket as its request reader sees it: first the request's head, gathered
    before a worker took the connection, then the socket, every read ending by the request's
    deadline (a socket timeout alone restarts with each byte a slow client sends)."""

    def __init__(self, sock, idle: float):
        self._sock, self._idle = sock, idle
        self.deadline: float | None = None
        self._head = bytearray()  # what came before a worker took the connection, not yet read
        self._searched = 0  # where in the head the search for its end goes on

    def read_head(self) -> bool:
        """Adds what the (non-blocking) socket holds to the head; True once a head is there
        (up to its empty line), is longer than HEAD_BYTES, or the client hung up. Raises what the
        socket raises when nothing more is there yet."""
        for _ in range(READS_PER_TURN):
            if self._head.find(b"\n\r\n", self._searched) != -1 or self._head.find(b"\n\n", self._searched) != -1:
                return True
            # the next search starts where an empty line may begin in bytes yet to come: a head
            # sent a byte at a time then costs no more than one sent at once
            self._searched = max(0, len(self._head) - 2)
            if len(self._head) > HEAD_BYTES:
                return True
            data = self._sock.recv(HEAD_BYTES + 1 - len(self._head))
            if not data:
                return True
            self._head += data
        # The others' turn: what this client has sent meanwhile waits in the socket, where the
        # selector sees it (TLS reads whole records, so none waits decrypted in the socket's
        # object: `pending` says so, then it is read at once).
        return self.read_head() if getattr(self._sock, "pending", lambda: 0)() else False

    def recv_into(self, buffer, nbytes: int = 0, flags: int = 0) -> int:
        if self._head:  # (a request sent with the last one may still be here: read_head sees it)
            n = min(len(self._head), nbytes or len(buffer))
            buffer[:n] = self._head[:n]
            del self._head[:n]
            self._searched = max(0, self._searched - n)
            return n
        if self.deadline is None:
            return self._sock.recv_into(buffer, nbytes, flags)
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("timed out")  # cheroot answers 408 and closes
        self._sock.settimeout(min(left, self._idle))
        try:
            return self._sock.recv_into(buffer, nbytes, flags)
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
