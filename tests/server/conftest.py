import sys
from pathlib import Path

import pytest

from toa.server import create_app

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture
def client():
    """The app under Flask's test client (no server): for requests that need no browser."""
    app = create_app({"TOA_PORT": 3000})
    yield app.test_client()
    app.extensions["toa_jobs"].shutdown()
