"""Time and peak memory of `toa audit` on a typed table one of whose lines holds many tabs.

    python bench/audit_time.py [TABS ...] [--fill TEXT]

Each size is a fresh .docx whose table has a line of that many tabs (each followed by --fill,
default nothing: "." makes a line of dotted tabs), audited in a fresh process with --pages
estimate. The time should grow in proportion to the tabs (issue 28: it grew with their square,
8,000 tabs took 8 s). Peak memory is the child's maximum resident set.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from docxbuild import DocBuilder  # noqa: E402


def brief(path: Path, tabs: int, fill: str) -> None:
    b = DocBuilder(fmt="lowerRoman", start=1)
    b.heading("TABLE OF AUTHORITIES", level=1)
    b.paragraph("Cases:")
    b.leader_line("Celotex Corp. v. Catrett, 477 U.S. 317 (1986)", page="1")
    b.paragraph("Monroe v. Pape, 365 U.S. 167 (1961)" + ("\t" + fill) * tabs + "x")
    b.section_break(fmt="decimal", start=1)
    b.heading("ARGUMENT", level=1)
    b.paragraph("See Celotex Corp. v. Catrett, 477 U.S. 317, 322 (1986).")
    b.save(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tabs", nargs="*", type=int)
    parser.add_argument("--fill", default="")
    args = parser.parse_args()
    print(f"{'tabs':>8}  {'seconds':>8}  {'peak MB':>8}")
    for tabs in args.tabs or [12500, 50000, 200000]:
        with tempfile.TemporaryDirectory() as tmp:
            src = Path(tmp, "brief.docx")
            brief(src, tabs, args.fill)
            start = time.perf_counter()
            proc = subprocess.run(
                [sys.executable, "-m", "toa.cli", "audit", str(src), "--pages", "estimate"],
                capture_output=True,
                text=True,
            )
            elapsed = time.perf_counter() - start
            if proc.returncode != 0:
                sys.exit(f"toa audit failed at {tabs} tabs: {proc.stderr.strip()}")
            peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # the largest child's so far
            print(f"{tabs:>8}  {elapsed:>8.1f}  {peak:>8.0f}", flush=True)


if __name__ == "__main__":
    main()
