"""Time and peak memory of `toa build` on a brief (default: the largest development brief, or the
largest sample brief without ../shared).

    python bench/build_time.py [BRIEF.docx] [--repeat N]

Runs the build in a fresh process per method (render and estimate) and prints wall time,
peak resident memory of toa itself and of its children (LibreOffice), with compiled bytecode as an
installed toa has it (a first run, not counted, compiles it). Targets on a 2-core
machine: under 10 s with rendered pages, under 2 s without. Also prints what the check of the
brief's words costs (the text of every paragraph read before the write and compared before the
save): it should be a small fraction of the build; and the analysis with rendered pages when
LibreOffice is already running, as under `toa serve` (target 2 s).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

EVAL_CASES = Path(__file__).resolve().parents[2] / "shared" / "eval" / "cases"
SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def largest_brief() -> Path:
    """The largest development brief; in a checkout without ../shared, the largest sample brief
    (not a built one, "*.toa.docx"), so that the bench runs wherever the project does."""
    briefs = sorted(EVAL_CASES.glob("*/brief.docx"), key=lambda p: p.stat().st_size)
    briefs = briefs or sorted(
        (p for p in SAMPLES.glob("*.docx") if not p.name.endswith(".toa.docx")), key=lambda p: p.stat().st_size
    )
    if not briefs:
        sys.exit(f"no brief given, and none at {EVAL_CASES} or {SAMPLES}")
    return briefs[-1]


def installed_env(bytecode: Path) -> dict[str, str]:
    """The environment with toa's compiled bytecode kept in `bytecode`, as an installed toa has it
    (pip compiles it at install), even where PYTHONDONTWRITEBYTECODE is set: compiling the sources
    anew would add a third of a second to every process."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(bytecode)
    return env


def run_once(brief: Path, method: str, env: dict[str, str]) -> tuple[float, float, float]:
    code = (
        "import resource, sys; from toa.cli import main; rc = main(sys.argv[1:]); "
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, "
        "resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr); sys.exit(rc)"
    )
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp, "out.docx")
        start = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, "-c", code, "build", str(brief), "-o", str(out), "--pages", method],
            capture_output=True,
            text=True,
            env=env,
        )
        elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"toa build failed: {proc.stderr.strip()}")
    self_kb, child_kb = (float(x) for x in proc.stderr.strip().splitlines()[-1].split())
    return elapsed, self_kb / 1024, child_kb / 1024


def text_check_time(brief: Path, repeat: int) -> float:
    """Seconds of write.snapshot + write.check_text on one build of `brief` (median of `repeat`)."""
    from toa import pipeline, write

    times = []
    for _ in range(repeat):
        result = pipeline.analyse(str(brief), pages="estimate")
        start = time.perf_counter()
        before = write.snapshot(result.document)
        taken = time.perf_counter() - start
        write.mark_citations(result.document, result.table)
        placement = write.write_toa(result.document, result.table, result.style)
        start = time.perf_counter()
        write.check_text(before, result.document, placement.replaced, placement.added)
        times.append(taken + time.perf_counter() - start)
    return statistics.median(times)


def warm_render_time(brief: Path, repeat: int) -> tuple[float, float] | None:
    """Seconds of the analysis with rendered pages when LibreOffice is already running, as under
    `toa serve` (a render.Office kept warm): the median of `repeat` after one run that starts it,
    and that first run's. None without LibreOffice."""
    from toa import pipeline, render

    office = render.Office()
    if not office.available:
        return None
    try:
        times = []
        for _ in range(repeat + 1):
            start = time.perf_counter()
            result = pipeline.analyse(str(brief), pages="render", office=office)
            times.append(time.perf_counter() - start)
            if result.pagemap.method != "render":  # a fallback to the estimate is not a warm render
                raise SystemExit(f"the warm run did not render: {result.pagemap.note}")
    finally:
        office.close()
    return statistics.median(times[1:]), times[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("brief", nargs="?", type=Path)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    brief = args.brief or largest_brief()
    print(f"brief: {brief} ({brief.stat().st_size / 1024:.0f} KiB)")
    medians = {}
    with tempfile.TemporaryDirectory() as bytecode:
        env = installed_env(Path(bytecode))
        run_once(brief, "estimate", env)  # fills the bytecode folder; not counted
        for method in ("render", "estimate"):
            runs = [run_once(brief, method, env) for _ in range(args.repeat)]
            times = [r[0] for r in runs]
            medians[method] = statistics.median(times)
            print(
                f"{method:<9} median {medians[method]:6.2f} s  (min {min(times):.2f}, max {max(times):.2f})"
                f"  peak RSS toa {max(r[1] for r in runs):6.1f} MiB, LibreOffice {max(r[2] for r in runs):6.1f} MiB"
            )
        warm = warm_render_time(brief, args.repeat)
        if warm is not None:
            print(
                f"render with LibreOffice running (as under toa serve): median {warm[0]:.2f} s of the analysis; "
                f"{warm[1]:.2f} s for the run that started it (target 2 s warm)"
            )
        check = text_check_time(brief, args.repeat)
        print(
            f"text check {check * 1000:6.0f} ms  ({100 * check / medians['estimate']:.1f}% of an estimate build, "
            f"{100 * check / medians['render']:.1f}% of a rendered one)"
        )


if __name__ == "__main__":
    main()
