"""How many lines of Python a call runs in given modules (a test utility).

A measure of work that does not depend on the machine's speed or load: a test compares it at
two input sizes to show that work grows in proportion to the input (timed tests would be flaky
on a shared machine; bench/ prints the times)."""

from __future__ import annotations

import sys
from collections.abc import Callable


def lines_run(call: Callable[[], object], *modules) -> int:
    """Run `call`; the number of line events it caused in the source files of `modules`."""
    files = {m.__file__ for m in modules}
    count = 0

    def counting(frame, event, arg):
        nonlocal count
        if event == "line":
            count += 1
        return counting

    def tracer(frame, event, arg):
        return counting if frame.f_code.co_filename in files else None

    previous = sys.gettrace()
    sys.settrace(tracer)
    try:
        call()
    finally:
        sys.settrace(previous)
    return count
