"""Warm `toa serve`: time of POST /api/v1/analyze with rendered and with estimated pages, and
four analyses at once (default brief: the largest development brief).

    python bench/serve_time.py [BRIEF.docx] [--repeat N]

Starts `toa serve --no-https` on a free port (TLS adds nothing measurable to these times),
warms it with one analysis (LibreOffice starts once), then times the requests. Targets: render
under 2 s and estimate under 1 s on the largest brief; all four concurrent analyses succeed.
On Linux it also prints the CPU time the server and its LibreOffice spent per request, and the
load average: on a shared machine the wall time is the CPU time stretched by the other work.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx

from build_time import largest_brief  # bench/ is this script's folder, first on sys.path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(root: int) -> float:
    """User + system CPU time of a process and all its descendants, those that have ended too
    (each analysis runs in a process of its own) (Linux /proc; 0 elsewhere)."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    stats = {}
    for d in Path("/proc").glob("[0-9]*"):
        try:
            fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        stats[int(d.name)] = (int(fields[1]), sum(int(f) for f in fields[11:15]) / tick)  # utime stime cutime cstime
    total, todo = 0.0, [root]
    while todo:
        pid = todo.pop()
        total += stats.get(pid, (0, 0.0))[1]
        todo += [child for child, (parent, _cpu) in stats.items() if parent == pid]
    return total


def analyze(url: str, data: bytes, pages: str) -> tuple[float, dict]:
    start = time.perf_counter()
    r = httpx.post(f"{url}/api/v1/analyze?pages={pages}", content=data, timeout=600)
    elapsed = time.perf_counter() - start
    if r.status_code != 200:
        sys.exit(f"analyze failed: {r.status_code} {r.text[:200]}")
    return elapsed, r.json()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("brief", nargs="?", type=Path)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    brief = args.brief or largest_brief()
    data = brief.read_bytes()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen(
        [sys.executable, "-m", "toa.cli", "serve", "--port", str(port), "--no-https"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                health = httpx.get(f"{url}/api/v1/health", timeout=2).json()
                break
            except httpx.HTTPError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    sys.exit("toa serve did not start")
                time.sleep(0.2)
        print(f"brief: {brief.name} ({len(data) // 1024} KB); warm LibreOffice: {health['warm_libreoffice']}")
        first, report = analyze(url, data, "render")
        auths = sum(len(c["authorities"]) for c in report["categories"])
        print(f"first analyze (render, LibreOffice starting): {first:.2f} s; {auths} authorities")
        for pages, target in (("render", 2.0), ("estimate", 1.0)):
            times, cpu = [], []
            for _ in range(args.repeat):
                before = cpu_seconds(proc.pid)
                times.append(analyze(url, data, pages)[0])
                cpu.append(cpu_seconds(proc.pid) - before)
            method = analyze(url, data, pages)[1]["pagination"]["method"]
            print(
                f"warm analyze, pages={pages} ({method}): median {statistics.median(times):.2f} s, "
                f"min {min(times):.2f} s, max {max(times):.2f} s over {len(times)} "
                f"(target < {target:.0f} s: {'met' if statistics.median(times) < target else 'NOT met'}); "
                f"CPU {statistics.median(cpu):.2f} s per request"
            )
        start = time.perf_counter()
        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            results = list(pool.map(lambda _i: analyze(url, data, "render"), range(4)))
        wall = time.perf_counter() - start
        same = all(r[1]["categories"] == results[0][1]["categories"] for r in results)
        print(
            f"4 concurrent analyses (render): all succeeded, identical: {same}; wall {wall:.2f} s, "
            f"each {', '.join(f'{r[0]:.2f}' for r in results)} s"
        )
        if hasattr(os, "getloadavg"):
            print(f"load average during the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    finally:
        proc.terminate()
        proc.wait(30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
