"""Batch screening: briefs a second of `toa check DIR --jsonl OUT --offline` on copies of the
samples' briefs, with a case index built from the test fakes' cases, for each --jobs given
(how it scales with the cores).

    python bench/batch_check.py                          # 100 briefs, --jobs 1 and 2, estimated pages
    python bench/batch_check.py --briefs 300 --jobs 1 2 4 --pages render

The briefs are the samples (samples/*.docx but toa's own outputs) copied in turn until there
are --briefs of them. Each run is a fresh `toa` process: the figures include its start, the
pool's workers' start and, with --pages render, each worker's LibreOffice start. The CPU time
of each run (its processes') and the load average before it are printed too: on a machine shared
with other work, briefs a second alone say little about scaling.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "verify"))

from fakes import data  # noqa: E402
from fakes.bulk import cases_of, with_neighbours, write_generation  # noqa: E402
from toa.verify.batch import briefs_in  # noqa: E402
from toa.verify.case_index import build  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--briefs", type=int, default=100)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--pages", default="estimate", choices=("estimate", "render", "auto", "word"))
    args = parser.parse_args()
    samples = briefs_in([str(ROOT / "samples")])
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "briefs"
        folder.mkdir()
        for n in range(args.briefs):
            sample = samples[n % len(samples)]
            shutil.copy(sample, folder / f"{n:04d}-{sample.name}")
        write_generation(Path(tmp) / "bulk", "2026-09-30", with_neighbours(cases_of(data.CLUSTERS)))
        build(Path(tmp) / "bulk", Path(tmp) / "cases.sqlite3")
        env = {
            **os.environ,
            "TOA_INDEX": str(Path(tmp) / "cases.sqlite3"),
            "XDG_CACHE_HOME": str(Path(tmp) / "cache"),
            "XDG_CONFIG_HOME": str(Path(tmp) / "config"),
        }
        toa = [sys.executable, "-c", "from toa.cli import main; raise SystemExit(main())"]
        print(f"{args.briefs} briefs ({len(samples)} samples in turn), --offline, --pages {args.pages}, "
              f"{os.cpu_count()} cores")  # fmt: skip
        first = None
        for jobs in args.jobs:
            out = Path(tmp) / f"out-{jobs}.jsonl"
            load = os.getloadavg()[0]
            cpu_before = _children_cpu()
            started = time.monotonic()
            done = subprocess.run(
                [*toa, "check", str(folder), "--jsonl", str(out), "--offline", "--pages", args.pages,
                 "--jobs", str(jobs)],
                env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
            )  # fmt: skip
            seconds = time.monotonic() - started
            cpu = _children_cpu() - cpu_before
            if done.returncode not in (0, 1):
                raise SystemExit(f"--jobs {jobs}: toa check ended with status {done.returncode}")
            rate = args.briefs / seconds
            first = first or rate
            lines = sum(1 for _ in out.open())
            print(f"--jobs {jobs}: {seconds:.1f} s, {rate:.2f} briefs a second ({rate / first:.2f}x --jobs "
                  f"{args.jobs[0]}), {lines:,} JSON lines; CPU {cpu:.1f} s ({cpu / args.briefs:.2f} s a brief), "
                  f"load before {load:.1f}")  # fmt: skip


def _children_cpu() -> float:
    """User and system seconds of the children waited for (toa, and the pool workers it waits for)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


if __name__ == "__main__":
    main()
