"""Time and peak memory of `toa check` when a source is hostile: LII answers Rule 56 with a page of
1 GB, a gzip bomb (1 GB of zeros in about 1 MB), or one byte a second (tests/verify/fakes/lii.py's
faults, on loopback); and how long the check takes to end after SIGTERM during the trickle.

    python bench/hostile_sources.py

Each check runs in a fresh process (`python -m toa.cli check`, pages estimated): seconds, peak
resident memory (wait4's rusage), and why Rule 56 was not verified.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "verify"))

from docxbuild import DocBuilder  # noqa: E402
from fakes.services import Services  # noqa: E402

RULE_56 = "/rules/frcp/rule_56"
# (LII's fault for Rule 56, seconds after which the check gets SIGTERM)
RUNS = (("none", None), ("huge", None), ("gzip-bomb", None), ("trickle", None), ("trickle", 5.0))


def check(services: Services, work: Path, stop_after: float | None = None) -> tuple[float, int, str]:
    """Seconds (from the start, or from SIGTERM when `stop_after` is given), peak MiB, the outcome."""
    env = dict(os.environ, XDG_CACHE_HOME=str(work / "cache"), **services.urls())
    report = work / "report.json"
    report.unlink(missing_ok=True)
    args = [sys.executable, "-m", "toa.cli", "check", "brief.docx", "--pages", "estimate", "--json", str(report)]
    proc = subprocess.Popen(args, cwd=work, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    start = time.monotonic()
    if stop_after is not None:
        time.sleep(stop_after)
        proc.send_signal(signal.SIGTERM)
        start = time.monotonic()
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.monotonic() - start
    assert proc.stderr is not None
    err = proc.stderr.read().strip()
    if report.exists():
        entries = [a for c in json.loads(report.read_text())["categories"] for a in c["authorities"]]
        outcome = "; ".join(f"{a['verification']['verdict']}: {a['verification'].get('reason')}" for a in entries)
    else:
        outcome = f"exit {os.waitstatus_to_exitcode(status)}: {err}"
    return seconds, usage.ru_maxrss // 1024, outcome


def main() -> None:
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    services = Services()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            b = DocBuilder()
            b.heading("ARGUMENT", level=1)
            b.paragraph("Summary judgment follows. Fed. R. Civ. P. 56(a).")
            b.save(work / "brief.docx")
            for fault, stop_after in RUNS:
                services.reset()
                if fault != "none":
                    services.lii_state.faults[RULE_56] = fault
                seconds, peak, outcome = check(services, work, stop_after)
                what = f"{fault} + SIGTERM after {stop_after:g} s" if stop_after else fault
                since = "after the signal" if stop_after else "in all"
                print(f"{what:26} {seconds:6.1f} s {since}, peak {peak:4} MiB  {outcome}")
    finally:
        services.stop()


if __name__ == "__main__":
    main()
