"""Time of `toa build --pages estimate` on a brief that is one long paragraph of citations.

    python bench/paragraph_time.py [SIZE_KB ...]      # default: 100 200 400 800 1600

Each size is a fresh .docx holding one paragraph of that many kilobytes, a citation every
130 characters (a case, a statute, a rule, an Id.), built in a fresh process. The time should
grow in proportion to the size (issue 10: it grew with its square, 400 KB took 6 s, 1.6 MB 56 s).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from docxbuild import DocBuilder  # noqa: E402

UNIT = ("See Celotex Corp. v. Catrett, 477 U.S. 317, 322 (1986). The court held that summary judgment is proper "
        "under 42 U.S.C. § 1983 and Fed. R. Civ. P. 56(a). Id. at 323. ")


def brief(path: Path, kilobytes: int) -> None:
    b = DocBuilder()
    b.heading("ARGUMENT", level=1)
    b.paragraph(UNIT * (kilobytes * 1000 // len(UNIT)))
    b.save(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[100, 200, 400, 800, 1600])
    args = parser.parse_args()
    print(f"{'size':>8}  {'seconds':>8}  {'s per 100 KB':>12}")
    for kb in args.sizes:
        with tempfile.TemporaryDirectory() as tmp:
            src = Path(tmp, "brief.docx")
            brief(src, kb)
            start = time.perf_counter()
            proc = subprocess.run([sys.executable, "-m", "toa.cli", "build", str(src), "--pages", "estimate"],
                                  capture_output=True, text=True)
            elapsed = time.perf_counter() - start
        if proc.returncode != 0:
            sys.exit(f"toa build failed at {kb} KB: {proc.stderr.strip()}")
        print(f"{kb:>6}KB  {elapsed:>8.1f}  {elapsed / kb * 100:>12.2f}", flush=True)


if __name__ == "__main__":
    main()
