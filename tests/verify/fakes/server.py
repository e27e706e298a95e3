"""Run a WSGI app on an ephemeral 127.0.0.1 port in a thread, recording every request."""

from __future__ import annotations

import io
import threading
import time
from dataclasses import dataclass, field

from werkzeug.serving import make_server

EPOCH = 1788264000.0  # 2026-09-01T12:00:00Z


class FakeClock:
    """Shared by client and fakes: a client "sleep" moves the servers' time too."""

    def __init__(self, start: float = EPOCH):
        self.now = start
        self.slept: list[float] = []
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            return self.now

    def sleep(self, seconds: float) -> None:
        with self._lock:
            self.slept.append(seconds)
            self.now += max(0.0, seconds)


@dataclass
class Seen:
    method: str
    target: str  # path + query string, i.e. the request line
    headers: dict[str, str]
    body: bytes


@dataclass
class Recorder:
    requests: list[Seen] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def wrap(self, app):
        def middleware(environ, start_response):
            length = int(environ.get("CONTENT_LENGTH") or 0)
            body = environ["wsgi.input"].read(length) if length else b""
            environ["wsgi.input"] = io.BytesIO(body)
            target = (
                environ.get("RAW_URI")
                or environ.get("REQUEST_URI")
                or (
                    environ.get("PATH_INFO", "")
                    + ("?" + environ["QUERY_STRING"] if environ.get("QUERY_STRING") else "")
                )
            )
            headers = {k[5:].replace("_", "-").lower(): v for k, v in environ.items() if k.startswith("HTTP_")}
            if environ.get("CONTENT_TYPE"):
                headers["content-type"] = environ["CONTENT_TYPE"]
            with self.lock:
                self.requests.append(Seen(environ["REQUEST_METHOD"], target, headers, body))
            return app(environ, start_response)

        return middleware


class Served:
    def __init__(self, app, recorder: Recorder):
        self.recorder = recorder
        self.server = make_server("127.0.0.1", 0, recorder.wrap(app), threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.thread.join(timeout=5)


def slow(seconds: float) -> None:
    """A real, short sleep used only to provoke client read timeouts."""
    time.sleep(seconds)
