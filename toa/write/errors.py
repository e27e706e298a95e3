"""The one error of the write stage."""

from __future__ import annotations


class WriteError(Exception):
    """The table cannot be written (bad template, output path); the message is shown to the user."""
