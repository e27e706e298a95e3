"""Start-up and build time of `toa`, beside plain eyecite on the same brief (default: the
largest development brief).

    python bench/startup_time.py [BRIEF.docx] [--repeat N]

Every figure is a whole process, from its start to its exit (median of N, min and max of the
wall time; and the median CPU time, user + system, which a busy machine disturbs less):
the interpreter alone, `toa --version`, `toa --help`, `toa build --pages estimate`, and plain
eyecite: the brief read with python-docx and one eyecite.get_citations pass over the text of
each paragraph, as ../shared/eval/baseline_eyecite.py does (without its resolving and writing).
Targets: --version and --help at most 0.2 s.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from build_time import largest_brief

# One get_citations pass over the text of every body paragraph; prints the seconds of the pass.
PLAIN_EYECITE = """
import sys, time
from docx import Document
from eyecite import get_citations
W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
texts = []
for p in Document(sys.argv[1]).element.body.iter(W + "p"):
    parts = []
    for el in p.iter():
        if el.tag == W + "t" and el.text:
            parts.append(el.text)
        elif el.tag == W + "tab":
            parts.append("\\t")
        elif el.tag == W + "br" and el.get(W + "type") != "page":
            parts.append("\\n")
    if "".join(parts).strip():
        texts.append("".join(parts))
start = time.perf_counter()
found = sum(len(get_citations(t)) for t in texts)
print(time.perf_counter() - start, found)
"""


def timed(command: list[str], repeat: int) -> tuple[list[tuple[float, float]], str]:
    """(wall, CPU) seconds of each of `repeat` runs (after one that is not counted), and the
    last run's output."""
    runs, out = [], ""
    for i in range(repeat + 1):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        proc = subprocess.run(command, capture_output=True, text=True)
        elapsed = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if proc.returncode != 0:
            sys.exit(f"{' '.join(command[:4])} ... failed: {proc.stderr.strip()}")
        if i:
            runs.append((elapsed, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime))
        out = proc.stdout
    return runs, out


def line(name: str, runs: list[tuple[float, float]], extra: str = "") -> tuple[float, float]:
    """Prints the runs' median wall time (min, max) and median CPU time; returns the two medians."""
    walls = [w for w, _cpu in runs]
    median = statistics.median(walls)
    cpu = statistics.median(c for _w, c in runs)
    print(f"{name:<28} {median:6.3f} s  (min {min(walls):.3f}, max {max(walls):.3f}; CPU {cpu:.3f} s){extra}")
    return median, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("brief", nargs="?", type=Path)
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    brief = args.brief or largest_brief()
    toa = [sys.executable, "-m", "toa.cli"]
    print(f"brief: {brief} ({brief.stat().st_size / 1024:.0f} KiB); whole processes, median of {args.repeat}")
    line("python (the interpreter)", timed([sys.executable, "-c", "pass"], args.repeat)[0])
    line("toa --version", timed(toa + ["--version"], args.repeat)[0])
    line("toa --help", timed(toa + ["--help"], args.repeat)[0])
    with tempfile.TemporaryDirectory() as tmp:
        build = line(
            "toa build --pages estimate",
            timed(toa + ["build", str(brief), "-o", str(Path(tmp, "out.docx")), "--pages", "estimate"], args.repeat)[0],
        )
    runs, out = timed([sys.executable, "-c", PLAIN_EYECITE, str(brief)], args.repeat)
    seconds, found = out.split()
    plain = line("plain eyecite", runs, f"  get_citations {float(seconds):.3f} s of it, {found} citations")
    print(f"toa build / plain eyecite    {build[0] / plain[0]:6.1f}x  (CPU {build[1] / plain[1]:.1f}x)")


if __name__ == "__main__":
    main()
