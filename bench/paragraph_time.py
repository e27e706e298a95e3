"""Time of `toa build` on a brief that is one long paragraph of citations.

    python bench/paragraph_time.py [SIZE_KB ...] [--shape text|breaks]

Each size is a fresh .docx holding one paragraph of that many kilobytes, a citation every
40 characters (a case, a statute, a rule, an Id.), built in a fresh process. The time should
grow in proportion to the size. 800 KB hold some 19,000 citations, near the 20,000 a brief may
have (README "Limits").

  text    (default sizes 100 200 400 800) one run, built with --pages estimate (issue 10: it
          grew with its square, 400 KB took 6 s, 1.6 MB 56 s).
  breaks  (default sizes 200 800) every sentence a run that begins with Word's
          w:lastRenderedPageBreak, so each citation is on a page of its own; built with
          --pages word and --pages estimate (issue 20: 64,000 such runs took 310 s with
          --pages word, 163 s with --pages estimate, against 54 s without the breaks).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from docxbuild import DocBuilder, Run  # noqa: E402

SENTENCES = (
    "See Celotex Corp. v. Catrett, 477 U.S. 317, 322 (1986). ",
    "The court held that summary judgment is proper under 42 U.S.C. § 1983 and Fed. R. Civ. P. 56(a). ",
    "Id. at 323. ",
)
UNIT = "".join(SENTENCES)
SHAPES = {"text": ([100, 200, 400, 800], ["estimate"]), "breaks": ([200, 800], ["word", "estimate"])}


def brief(path: Path, kilobytes: int, shape: str) -> int:
    """Write the brief; returns the number of runs in its long paragraph."""
    units = kilobytes * 1000 // len(UNIT)
    b = DocBuilder()
    b.heading("ARGUMENT", level=1)
    if shape == "text":
        b.paragraph(UNIT * units)
        b.save(path)
        return 1
    b.paragraph(*[Run(s, rendered_break=True) for _ in range(units) for s in SENTENCES])
    b.save(path)
    return units * len(SENTENCES)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sizes", nargs="*", type=int)
    parser.add_argument("--shape", choices=SHAPES, default="text")
    args = parser.parse_args()
    sizes, methods = SHAPES[args.shape]
    print(f"{'size':>8}  {'runs':>7}  {'pages':>8}  {'seconds':>8}  {'s per 100 KB':>12}")
    for kb in args.sizes or sizes:
        with tempfile.TemporaryDirectory() as tmp:
            src = Path(tmp, "brief.docx")
            runs = brief(src, kb, args.shape)
            for method in methods:
                start = time.perf_counter()
                proc = subprocess.run(
                    [sys.executable, "-m", "toa.cli", "build", str(src), "--pages", method],
                    capture_output=True,
                    text=True,
                )
                elapsed = time.perf_counter() - start
                if proc.returncode != 0:
                    sys.exit(f"toa build failed at {kb} KB: {proc.stderr.strip()}")
                print(f"{kb:>6}KB  {runs:>7}  {method:>8}  {elapsed:>8.1f}  {elapsed / kb * 100:>12.2f}", flush=True)


if __name__ == "__main__":
    main()
