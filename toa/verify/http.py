"""One HTTP client per run: timeouts, bounded retries, budget, same-host redirects only.

Every network failure becomes a `Reply` with `error` set (a reason string), never an
exception, so callers can say "not verified" and why without try/except around each call.
"""

from __future__ import annotations

import ipaddress
import random
from dataclasses import dataclass, field
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import httpx

from .settings import Settings
from .throttle import Budget

MAX_REDIRECTS = 3


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
        self.client = httpx.Client(
            timeout=httpx.Timeout(settings.read_timeout, connect=settings.connect_timeout),
            headers={"User-Agent": settings.user_agent},
            follow_redirects=False,  # redirects are followed by hand, same host only
            limits=httpx.Limits(max_connections=max(1, settings.concurrency) + 1),
            trust_env=False,  # no proxy/netrc credentials picked up from the environment
        )
        self._rng = random.Random(0)

    def close(self) -> None:
        self.client.close()

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
        if not self.budget.take():
            return Reply(url=url, error=f"request budget of {self.budget.limit} reached", budget=True)
        try:
            with self.client.stream(method, url, **kwargs) as response:
                if into is not None and response.status_code == 200:
                    body = b""
                    if not _stream_into(response, *into):
                        return Reply(url=url, status=200, error=f"the file is over the size limit ({into[1]:,} bytes)")
                else:
                    body = response.read()
        except httpx.TimeoutException:
            return Reply(url=url, error="timeout")
        except httpx.ConnectError:
            return Reply(url=url, error="connection failed")
        except httpx.RemoteProtocolError:
            return Reply(url=url, error="truncated or malformed response")
        except httpx.HTTPError as exc:
            return Reply(url=url, error=f"network error ({type(exc).__name__})")
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
