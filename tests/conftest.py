import logging
import sys
from pathlib import Path

import pytest

# tests/docxbuild.py is a test utility, imported as a plain module; tests/verify/fakes holds the
# fakes of the web services that verification calls.
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent / "verify"))

from fakes.services import Services  # noqa: E402


@pytest.fixture(scope="module")
def fakes():
    """The fake CourtListener, LII and official sources on loopback, for one module's tests."""
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    services = Services()
    yield services
    services.stop()
