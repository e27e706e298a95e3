"""The case index at scale: build time, peak memory and size on disk of `toa index build` from a
synthetic generation of CourtListener's bulk files (tests/verify/fakes/bulk.py: the same headers,
quotings and awkward names as the real ones), and warm lookups per second.

    python bench/case_index.py                 # 200,000 cases (about 360,000 citations)
    python bench/case_index.py --cases 2000000

The real data has some 10 million clusters and 18 million citations: the figures scale with the
rows (the bench prints them per million citations to make that explicit).
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "verify"))

from fakes.bulk import synthetic, write_generation  # noqa: E402
from toa.verify.case_index import CaseIndex  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=200_000)
    parser.add_argument("--lookups", type=int, default=100_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder, target = Path(tmp) / "bulk", Path(tmp) / "cases.sqlite3"
        started = time.monotonic()
        write_generation(folder, "2026-09-30", lambda: synthetic(args.cases))
        packed = sum(p.stat().st_size for p in folder.iterdir())
        took = time.monotonic() - started
        print(f"synthetic bulk files: {args.cases:,} cases, {packed / 2**20:,.1f} MB bz2 ({took:.0f} s)")
        started = time.monotonic()
        build = [sys.executable, "-c", "from toa.cli import main; raise SystemExit(main())"]
        subprocess.run([*build, "index", "build", "--from", str(folder), "--index", str(target)], check=True,
                       stdout=subprocess.DEVNULL)  # fmt: skip
        seconds = time.monotonic() - started
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        index = CaseIndex.open(target)
        assert index is not None
        status = index.status()
        citations = status.counts["citation"]
        per_million = 1_000_000 / citations
        print(
            f"build: {seconds:.1f} s, peak {peak:.0f} MiB; index {status.size / 2**20:,.1f} MB for {citations:,} "
            f"citations and {status.counts['cluster']:,} clusters "
            f"({seconds * per_million:.0f} s and {status.size / 2**20 * per_million:.0f} MB per million citations)"
        )
        rng = random.Random(1)
        cites = index.db.execute("SELECT reporter, volume, page FROM citation").fetchall()
        asked = [rng.choice(cites) for _ in range(args.lookups)]
        for reporter, volume, page in asked[:1000]:  # warm
            index.clusters_at(reporter, volume, page)
        started = time.perf_counter()
        for reporter, volume, page in asked:
            index.clusters_at(reporter, volume, page)
        rate = len(asked) / (time.perf_counter() - started)
        print(f"lookups: {rate:,.0f} citations a second, warm (each with its case's names, court and parallel cites)")
        index.close()


if __name__ == "__main__":
    main()
