"""Start-up and build time of `toa`, beside plain eyecite on the same brief (default: the
largest development brief, or the largest sample brief without ../shared).

    python bench/startup_time.py [BRIEF.docx] [--repeat N]

Every figure is a whole process, from its start to its exit (median of N, min and max of the
wall time; and the median CPU time, user + system, which a busy machine disturbs less):
the interpreter alone, `toa --version`, `toa --help`, `toa build --pages estimate`, and plain
eyecite: the brief read with python-docx and one eyecite.get_citations pass over the text of
each paragraph, as ../shared/eval/baseline_eyecite.py does (without its resolving and writing).
The build and plain eyecite are run in turn, one of each per round, so that both see the same
load; the ratio printed is the median over the rounds of each round's build CPU / eyecite CPU.
Every process may write and read compiled bytecode (in a folder of its own for the run, filled by
the round that is not counted), as an installed toa has it, even where PYTHONDONTWRITEBYTECODE is
set: compiling toa's sources anew costs a third of a second in every process. toa keeps its
compiled regular expressions in the user's cache (toa/programs.py), here a folder of the run's,
filled by that round too; the build is also timed cold, with none kept (TOA_NO_REGEX_CACHE), as
a first run after an install or upgrade is.
Targets: --version and --help at most 0.2 s; the build at most 1.5x plain eyecite's CPU.
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

from build_time import installed_env, largest_brief

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


def run(command: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """Wall and CPU seconds of one whole process, and its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(command, capture_output=True, text=True, env=env)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit(f"{' '.join(command[:4])} ... failed: {proc.stderr.strip()}")
    return elapsed, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, proc.stdout


def timed(
    commands: list[list[str]], repeat: int, env: dict[str, str]
) -> tuple[list[list[tuple[float, float]]], list[str]]:
    """(wall, CPU) seconds of each command's `repeat` runs (after one round that is not counted),
    the commands run in turn in every round; and each command's last output."""
    runs: list[list[tuple[float, float]]] = [[] for _ in commands]
    outs = [""] * len(commands)
    for i in range(repeat + 1):
        for k, command in enumerate(commands):
            wall, cpu, outs[k] = run(command, env)
            if i:
                runs[k].append((wall, cpu))
    return runs, outs


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
    with tempfile.TemporaryDirectory() as tmp:
        env = installed_env(Path(tmp, "bytecode"))
        env["XDG_CACHE_HOME"] = str(Path(tmp, "cache"))
        line("python (the interpreter)", timed([[sys.executable, "-c", "pass"]], args.repeat, env)[0][0])
        line("toa --version", timed([toa + ["--version"]], args.repeat, env)[0][0])
        line("toa --help", timed([toa + ["--help"]], args.repeat, env)[0][0])
        build_command = toa + ["build", str(brief), "-o", str(Path(tmp, "out.docx")), "--pages", "estimate"]
        cold_command = ["env", "TOA_NO_REGEX_CACHE=1", *build_command]
        (build_runs, plain_runs, cold_runs), (_, plain_out, _) = timed(
            [build_command, [sys.executable, "-c", PLAIN_EYECITE, str(brief)], cold_command], args.repeat, env
        )
    line("toa build --pages estimate", build_runs)
    line("  cold (no regex kept)", cold_runs)
    seconds, found = plain_out.split()
    line("plain eyecite", plain_runs, f"  get_citations {float(seconds):.3f} s of it, {found} citations")
    wall = statistics.median(b[0] / p[0] for b, p in zip(build_runs, plain_runs, strict=True))
    cpu = statistics.median(b[1] / p[1] for b, p in zip(build_runs, plain_runs, strict=True))
    print(f"toa build / plain eyecite    {wall:6.2f}x  (CPU {cpu:.2f}x, target 1.5x; median of the rounds' ratios)")
    cold = statistics.median(b[1] / p[1] for b, p in zip(cold_runs, plain_runs, strict=True))
    print(f"  cold / plain eyecite                (CPU {cold:.2f}x)")


if __name__ == "__main__":
    main()
