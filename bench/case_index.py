"""The case index at scale: build time, peak memory and size on disk of `toa index build` from a
synthetic generation of CourtListener's bulk files (tests/verify/fakes/bulk.py: the same headers,
quotings and awkward names as the real ones), and warm lookups per second.

    python bench/case_index.py                 # 200,000 cases (about 360,000 citations)
    python bench/case_index.py --cases 2000000

The real data has some 10 million clusters and 18 million citations: the figures scale with the
rows, so the bench prints the size of each table and index (SQLite's dbstat) and projects each
to that scale (a table by its own rows: citations by citations, the rest by clusters). Last, the
time of `toa check --offline` of the 48-authority sample with that index against the same check
without one (issue 29's bound: 1.5x), in alternate whole processes.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "verify"))

from build_time import installed_env  # noqa: E402
from fakes.bulk import synthetic, write_generation  # noqa: E402
from toa.verify.case_index import CaseIndex  # noqa: E402

SAMPLE = ROOT / "samples" / "appellate-brief.docx"  # 48 authorities, 25 of them cases
FULL_CITATIONS, FULL_CLUSTERS = 18_000_000, 10_000_000  # CourtListener's, 2025-26
BOUND_MB, CITATIONS_BOUND_MB = 1500, 600  # issue 29's bounds on disk at full scale


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=200_000)
    parser.add_argument("--lookups", type=int, default=100_000)
    parser.add_argument("--checks", type=int, default=5, help="paired runs of the sample's check")
    parser.add_argument("--bulk", type=Path, help="keep the synthetic bulk files here, and reuse them on the next run")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder, target = args.bulk or Path(tmp) / "bulk", Path(tmp) / "cases.sqlite3"
        if args.bulk:
            folder = folder / f"{args.cases}"
        started = time.monotonic()
        if not (folder / "citations-2026-09-30.csv.bz2").is_file():  # written last
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
        sizes(target, citations, status.counts["cluster"])
        rng = random.Random(1)
        cites = index.db.execute(
            "SELECT r.name, t.volume, t.page FROM citation t JOIN reporter r ON r.id = t.reporter"
        ).fetchall()
        asked = [rng.choice(cites) for _ in range(args.lookups)]
        for reporter, volume, page in asked[:1000]:  # warm
            index.clusters_at(reporter, volume, str(page))
        started = time.perf_counter()
        for reporter, volume, page in asked:
            index.clusters_at(reporter, volume, str(page))
        rate = len(asked) / (time.perf_counter() - started)
        print(f"lookups: {rate:,.0f} citations a second, warm (each with its case's names, court and parallel cites)")
        index.close()
        with_index, without = check_times(target, Path(tmp), args.checks)
        print(
            f"toa check --offline of {SAMPLE.name}: {with_index:.2f} s with the index, {without:.2f} s without one "
            f"({with_index / without:.2f}x; bound 1.5x), medians of {args.checks} wall-clock runs"
        )


def check_times(index: Path, tmp: Path, runs: int) -> tuple[float, float]:
    """Median seconds of `toa check SAMPLE --offline` with the index and without one (TOA_INDEX
    naming no file), alternated so that a change in the machine's speed falls on both."""
    check = [sys.executable, "-m", "toa", "check", str(SAMPLE), "--offline", "--pages", "estimate",
             "-o", str(tmp / "checked.docx")]  # fmt: skip
    # toa's bytecode compiled as installed, else both sides pay a third of a second and the ratio shrinks
    env = {**installed_env(tmp / "bytecode"), "PYTHONPATH": str(ROOT)}
    times: dict[Path, list[float]] = {index: [], tmp / "no-index.sqlite3": []}
    subprocess.run(check, env=env, check=True, stdout=subprocess.DEVNULL)  # compiles it; not counted
    for _ in range(runs):
        for path, taken in times.items():
            started = time.monotonic()
            subprocess.run(check, env={**env, "TOA_INDEX": str(path)}, check=True, stdout=subprocess.DEVNULL)
            taken.append(time.monotonic() - started)
    return statistics.median(times[index]), statistics.median(times[tmp / "no-index.sqlite3"])


def sizes(path: Path, citations: int, clusters: int) -> None:
    """Each table's and index's pages on disk, and what they come to at full scale: the citations
    and their indexes grow with the citations, the clusters with the clusters."""
    db = sqlite3.connect(path)
    found = db.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC").fetchall()
    db.close()
    grown = (("citation", FULL_CITATIONS, citations), ("cluster", FULL_CLUSTERS, max(clusters, 1)))
    total = projected_total = projected_citations = 0.0
    print(f"{'table or index':<28}{'MB':>10}{'at full scale':>16}")
    for name, size in found:
        # the courts and reporters are a few thousand rows at any scale
        scale = next((full / held for table, full, held in grown if name.startswith(table)), 1.0)
        mb, projected = size / 2**20, size / 2**20 * scale
        total, projected_total = total + mb, projected_total + projected
        if name.startswith("citation"):
            projected_citations += projected
        print(f"{name:<28}{mb:>10,.1f}{projected:>16,.0f}")
    print(f"{'all':<28}{total:>10,.1f}{projected_total:>16,.0f}")
    print(
        f"projected at {FULL_CITATIONS:,} citations and {FULL_CLUSTERS:,} clusters: {projected_total:,.0f} MB "
        f"(bound {BOUND_MB:,}), of which citations {projected_citations:,.0f} MB (bound {CITATIONS_BOUND_MB})"
    )


if __name__ == "__main__":
    main()
