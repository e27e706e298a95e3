"""One HTTP client per run: timeouts, bounded retries, budget, same-host redirects only, a cap on
the size of an answer and a deadline for each request and for the run.

Every network failure becomes a `Reply` with `error` set (a reason string), never an
exception, so callers can say "not verified" and why without try/except around each call.
"""

from __future__ import annotations

import ipaddress
import random
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import httpcore
import httpx

from .settings import Settings
from .throttle import Budget

MAX_REDIRECTS = 3
# How long one wait on a socket may last before the client looks whether the run was stopped:
# a stopped check ends its requests within this, whatever their timeouts.
STOP_POLL = 0.25
STOPPED = "the check was stopped"
RUN_OVER = "the time for this check ran out"


@dataclass
class Reply:
    url: str
    status: int | None = None
    text: str = ""
    headers: dict[str, str] = field(default_factory=dict)
    error: str | None = None  # set when there is no usable HTTP answer
    budget: bool = False  # the error is "request budget reached"

    def json(self) -> Any:
        import json

        return json.loads(self.text)


class Http:
    def __init__(self, settings: Settings, budget: Budget):
        self.settings = settings
        self.budget = budget
        self.sockets = Deadlines()
        transport = httpx.HTTPTransport(
            limits=httpx.Limits(max_connections=max(1, settings.concurrency) + 1), trust_env=False
        )
        # httpx takes no network backend of its own: its connection pool's is replaced, so that
        # every socket operation of a request keeps to that request's deadline.
        transport._pool._network_backend = self.sockets
        self.client = httpx.Client(
            transport=transport,
            timeout=httpx.Timeout(settings.read_timeout, connect=settings.connect_timeout),
            headers={"User-Agent": settings.user_agent},
            follow_redirects=False,  # redirects are followed by hand, same host only
            trust_env=False,  # no proxy/netrc credentials picked up from the environment
        )
        self._rng = random.Random(0)

    def close(self) -> None:
        self.client.close()

    @property
    def stopped(self) -> bool:
        return self.sockets.stopped.is_set()

    def stop(self) -> None:
        """End the run's requests: those under way within STOP_POLL seconds, later ones unsent
        (a signal stops the check while other threads are fetching)."""
        self.sockets.stopped.set()

    def request(self, method: str, url: str, into: tuple[Path, int] | None = None, **kwargs) -> Reply:
        """Send with retries on timeouts and 5xx (exponential backoff with jitter). `into` (a file
        and a size limit): the body is streamed into that file instead of `Reply.text`."""
        attempt = 0
        while True:
            reply = self._follow(method, url, into, **kwargs)
            retryable = reply.error == "timeout" or (reply.status is not None and reply.status >= 500)
            if not retryable or reply.budget or attempt >= self.settings.retries:
                if reply.status is not None and reply.status >= 500 and reply.error is None:
                    reply.error = f"HTTP {reply.status}"
                return reply
            attempt += 1
            delay = self.settings.backoff * (2 ** (attempt - 1))
            self.settings.sleep(delay + self._rng.uniform(0, self.settings.backoff))

    def get(self, url: str, **kwargs) -> Reply:
        return self.request("GET", url, **kwargs)

    def download(self, url: str, path: Path, limit: int) -> Reply:
        """GET a large file (a title of the U.S. Code, tens of MB) into `path`, streamed, never
        whole in memory; a body over `limit` bytes is an error, and the file is left incomplete."""
        return self.request("GET", url, into=(path, limit))

    def _follow(self, method: str, url: str, into: tuple[Path, int] | None, **kwargs) -> Reply:
        """Redirects are followed on the same host only, and never from https to http: the
        token (and the citations) go nowhere but where they were sent. 307/308 repeat the
        request with its body; 301/302/303 become a GET without one, as browsers do."""
        start = urlsplit(url)
        for _ in range(MAX_REDIRECTS + 1):
            reply = self._once(method, url, into, **kwargs)
            if reply.error or reply.status not in (301, 302, 303, 307, 308):
                return reply
            target = urljoin(url, reply.headers.get("location", ""))
            to = urlsplit(target)
            if to.hostname != start.hostname:
                # e.g. a bot wall such as unblock.federalregister.gov: not an answer.
                return Reply(url=url, status=reply.status, error=f"redirect to another host ({to.netloc})")
            if start.scheme == "https" and to.scheme != "https":
                return Reply(url=url, status=reply.status, error="redirect from https to http")
            if reply.status not in (307, 308):
                method, kwargs = "GET", {k: v for k, v in kwargs.items() if k == "headers"}
            url = target
        return Reply(url=url, error="too many redirects")

    def _once(self, method: str, url: str, into: tuple[Path, int] | None, **kwargs) -> Reply:
        if self.sockets.stopped.is_set():
            return Reply(url=url, error=STOPPED)
        left = self._time_left()
        if left is not None and left <= 0:
            return Reply(url=url, error=RUN_OVER)
        if not self.budget.take():
            return Reply(url=url, error=f"request budget of {self.budget.limit} reached", budget=True)
        fetch = self.settings.fetch_timeout if into is None else self.settings.download_timeout
        deadline = time.monotonic() + (fetch if left is None else min(fetch, left))
        try:
            with self.sockets.until(deadline), self.client.stream(method, url, **kwargs) as response:
                if into is not None and response.status_code == 200:
                    body = b""
                    if not _stream_into(response, *into):
                        return Reply(url=url, status=200, error=f"the file is over the size limit ({into[1]:,} bytes)")
                else:
                    read = _read_capped(response, self.settings.max_answer)
                    if read is None:
                        size = f"{self.settings.max_answer / 2**20:g} MB"
                        return Reply(url=url, status=response.status_code, error=f"answer larger than {size}")
                    body = read
        except httpx.HTTPError as exc:
            if self.sockets.stopped.is_set():
                return Reply(url=url, error=STOPPED)
            if time.monotonic() >= deadline:  # no retry: a source this slow is as slow again
                run_cut = left is not None and left < fetch
                return Reply(url=url, error=RUN_OVER if run_cut else f"no complete answer within {fetch:g} s")
            return _failure(url, exc)
        except OSError as exc:  # the download's file cannot be written (a full disk)
            return Reply(url=url, error=f"the download cannot be saved ({exc.strerror or exc})")
        # Decode as UTF-8 explicitly: some hosts mislabel the charset ("§" -> "Â§").
        text = body.decode("utf-8", errors="replace")
        return Reply(
            url=str(response.url),
            status=response.status_code,
            text=text,
            headers={k.lower(): v for k, v in response.headers.items()},
        )

    def _time_left(self) -> float | None:
        """Seconds left before the run's deadline (Settings.deadline, on the settings' clock)."""
        if self.settings.deadline is None:
            return None
        return self.settings.deadline - self.settings.clock()


def _failure(url: str, exc: httpx.HTTPError) -> Reply:
    """The reason a request failed, as a Reply."""
    if isinstance(exc, httpx.TimeoutException):
        return Reply(url=url, error="timeout")
    if isinstance(exc, httpx.ConnectError):
        return Reply(url=url, error="connection failed")
    if isinstance(exc, httpx.RemoteProtocolError):
        return Reply(url=url, error="truncated or malformed response")
    return Reply(url=url, error=f"network error ({type(exc).__name__})")


def _read_capped(response: httpx.Response, limit: int) -> bytes | None:
    """The body, decompressed, or None as soon as it passes `limit` bytes (nothing more is read:
    a huge page or a gzip bomb costs at most the limit and one decompressed chunk)."""
    body = bytearray()
    for chunk in response.iter_bytes():
        body += chunk
        if len(body) > limit:
            return None
    return bytes(body)


def _stream_into(response: httpx.Response, path: Path, limit: int) -> bool:
    """Write the body into `path` chunk by chunk; False (and stop) past `limit` bytes."""
    size = 0
    with open(path, "wb") as out:
        for chunk in response.iter_bytes():
            size += len(chunk)
            if size > limit:
                return False
            out.write(chunk)
    return True


class Deadlines(httpcore.NetworkBackend):
    """httpcore's sockets, each operation bounded by the deadline of the request its thread is
    sending (`until`): a read timeout restarts with every byte, so a source that trickles one byte
    a second would hold a request for ever. Reads wait in slices of STOP_POLL seconds, to end as
    soon as the run is `stopped`."""

    def __init__(self) -> None:
        self.stopped = threading.Event()
        self._sync = httpcore.SyncBackend()
        self._request = threading.local()  # .deadline: time.monotonic() of this thread's request

    @contextmanager
    def until(self, deadline: float) -> Iterator[None]:
        self._request.deadline = deadline
        try:
            yield
        finally:
            self._request.deadline = None

    def bound(self, timeout: float | None, late: type[Exception]) -> float | None:
        """`timeout` cut to what is left of this thread's request; `late` raised when nothing is."""
        if self.stopped.is_set():
            raise late(STOPPED)
        deadline = getattr(self._request, "deadline", None)
        if deadline is None:
            return timeout
        left = deadline - time.monotonic()
        if left <= 0:
            raise late("past the request's deadline")
        return left if timeout is None else min(timeout, left)

    def connect_tcp(self, host, port, timeout=None, local_address=None, socket_options=None):
        bounded = self.bound(timeout, httpcore.ConnectTimeout)
        return _BoundStream(self._sync.connect_tcp(host, port, bounded, local_address, socket_options), self)

    def connect_unix_socket(self, path, timeout=None, socket_options=None):  # pragma: no cover - no UDS
        return _BoundStream(self._sync.connect_unix_socket(path, self.bound(timeout, httpcore.ConnectTimeout)), self)

    def sleep(self, seconds: float) -> None:
        self._sync.sleep(seconds)


class _BoundStream(httpcore.NetworkStream):
    def __init__(self, stream: httpcore.NetworkStream, sockets: Deadlines):
        self._stream, self._sockets = stream, sockets

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        start = time.monotonic()
        while True:
            silent = None if timeout is None else timeout - (time.monotonic() - start)
            if silent is not None and silent <= 0:
                raise httpcore.ReadTimeout("timed out")
            bounded = self._sockets.bound(silent, httpcore.ReadTimeout)
            try:
                return self._stream.read(max_bytes, STOP_POLL if bounded is None else min(bounded, STOP_POLL))
            except httpcore.ReadTimeout:  # nothing arrived in this slice, and nothing was consumed
                continue

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._stream.write(buffer, self._sockets.bound(timeout, httpcore.WriteTimeout))

    def close(self) -> None:
        self._stream.close()

    def start_tls(self, ssl_context, server_hostname=None, timeout=None) -> httpcore.NetworkStream:
        bounded = self._sockets.bound(timeout, httpcore.ConnectTimeout)
        return _BoundStream(self._stream.start_tls(ssl_context, server_hostname, bounded), self._sockets)

    def get_extra_info(self, info: str):
        return self._stream.get_extra_info(info)


def exposes_token(url: str) -> bool:
    """A token sent to this URL crosses a network unencrypted: plain http to a host that is not
    this machine."""
    parts = urlsplit(url)
    if parts.scheme != "http":
        return False
    host = parts.hostname or ""
    if host == "localhost":
        return False
    try:
        return not ipaddress.ip_address(host).is_loopback
    except ValueError:
        return True


def retry_after_seconds(value: str | None, now: float) -> float | None:
    """Retry-After as seconds: either delta-seconds or an HTTP date."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        return max(0.0, parsedate_to_datetime(value).timestamp() - now)
    except (TypeError, ValueError):
        return None
