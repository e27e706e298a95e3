"""Fixtures: the fakes run once per session on ephemeral ports; their state is reset per test."""

from __future__ import annotations

import socket
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from fakes.services import Services  # noqa: E402


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
