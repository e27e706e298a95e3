"""Helpers for recognizer tests."""

import pytest

from toa.recognizers import recognize


def _run(text, emphasis=None):
    return recognize(text, emphasis or [])


def _emph(text, *phrases):
    """Emphasis spans for the given phrases (first occurrence each)."""
    spans = []
    for p in phrases:
        i = text.index(p)
        spans.append((i, i + len(p)))
    return spans


@pytest.fixture
def run():
    return _run


@pytest.fixture
def emph():
    return _emph
