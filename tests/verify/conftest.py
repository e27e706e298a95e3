"""Fixtures: the fakes run once per session on ephemeral ports; their state is reset per test."""
from __future__ import annotations

import socket
import sys
from datetime import date
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from fakes import courtlistener, data, lii, official  # noqa: E402
from fakes.server import FakeClock, Recorder, Served  # noqa: E402

from toa.verify import Settings  # noqa: E402

TOKEN = data.TOKEN


class Services:
    def __init__(self):
        self.recorder = Recorder()
        self.clock = FakeClock()
        self.cl_state = courtlistener.CLState(clusters=data.CLUSTERS, clock=self.clock, token=TOKEN)
        self.lii_state = lii.LIIState()
        self.official_state = official.OfficialState()
        self.cl = Served(courtlistener.make_app(self.cl_state), self.recorder)
        self.lii = Served(lii.make_app(self.lii_state), self.recorder)
        self.official = Served(official.make_app(self.official_state), self.recorder)

    def reset(self):
        self.recorder.requests.clear()
        self.clock.now, self.clock.slept = FakeClock().now, []
        self.cl_state.reset(), self.lii_state.reset(), self.official_state.reset()

    def settings(self, **overrides) -> Settings:
        values = dict(
            courtlistener_url=self.cl.url, lii_url=self.lii.url, uscode_url=self.official.url,
            govinfo_url=self.official.url, ecfr_url=self.official.url, fedreg_url=self.official.url,
            token=TOKEN, use_cache=False, clock=self.clock, sleep=self.clock.sleep,
            connect_timeout=0.5, read_timeout=0.25, backoff=0.01, as_of=date(2026, 9, 1),
        )
        values.update(overrides)
        return Settings(**values)

    def stop(self):
        for s in (self.cl, self.lii, self.official):
            s.stop()


@pytest.fixture(scope="session")
def _services():
    services = Services()
    yield services
    services.stop()


@pytest.fixture
def services(_services):
    _services.reset()
    return _services


@pytest.fixture
def dead_url():
    """A 127.0.0.1 URL where nothing listens: connection refused."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    return f"http://127.0.0.1:{port}"
