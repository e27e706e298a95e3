"""Detection recall and false alarms of `toa check`, per kind of problem, on the planted-problems
brief samples/verification-benchmark.docx and its answer key (verification-benchmark.key.json),
against the fakes of CourtListener, LII and the official sources (tests/verify/fakes) on loopback.

    .venv/bin/python bench/verify_accuracy.py [--json OUT]

A planted problem is detected when its entry gets the key's verdict and flag (or, for one that
cannot be checked, the key's verdict and the reason's words); a clean control is a false alarm
when it is anything but VERIFIED. Exit 1 when recall is below 1.0 or a control is a false alarm."""

from __future__ import annotations

import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "verification-benchmark.docx"
KEY = ROOT / "samples" / "verification-benchmark.key.json"
sys.path.insert(0, str(ROOT / "tests" / "verify"))

from fakes.data import TOKEN  # noqa: E402
from fakes.services import Services  # noqa: E402


def check(services: Services, workdir: Path, as_of: str) -> dict:
    """`toa check` of the sample as a user runs it, with the sources pointed at the fakes."""
    (workdir / "config" / "toa").mkdir(parents=True)
    (workdir / "config" / "toa" / "config.toml").write_text("[courtlistener]\nrequests_per_minute = 1000\n")
    env = dict(
        os.environ,
        COURTLISTENER_API_TOKEN=TOKEN,
        XDG_CACHE_HOME=str(workdir / "cache"),
        XDG_CONFIG_HOME=str(workdir / "config"),
        **services.urls(),
    )
    report = workdir / "report.json"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "toa.cli",
            "check",
            str(SAMPLE),
            "-o",
            str(workdir / "out.docx"),
            "--json",
            str(report),
            "--pages",
            "estimate",
            "--as-of",
            as_of,
        ],
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        sys.exit(f"toa check failed ({done.returncode}): {done.stderr.strip()}")
    return json.loads(report.read_text())


def detected(expect: dict, verification: dict) -> bool:
    if verification["verdict"] != expect["verdict"]:
        return False
    if "flag" in expect and expect["flag"] not in verification["flags"]:
        return False
    return expect.get("reason", "") in (verification.get("reason") or "")


def score(key: dict, report: dict) -> tuple[dict, list[str]]:
    """Per kind: planted, detected, controls, false alarms; and a line per miss or false alarm."""
    entries = {a["text"]: a["verification"] for c in report["categories"] for a in c["authorities"]}
    kinds: dict[str, dict] = {}
    misses = []
    for item in key["entries"]:
        got = entries.get(item["authority"])
        row = kinds.setdefault(item["kind"], {"planted": 0, "detected": 0, "controls": 0, "false_alarms": 0})
        if got is None:
            misses.append(f"{item['authority']}: no such entry in the report")
            row["planted" if item["planted"] else "controls"] += 1
            continue
        if item["planted"]:
            row["planted"] += 1
            if detected(item["expect"], got):
                row["detected"] += 1
            else:
                misses.append(
                    f"missed {item['kind']}: {item['authority']}: {got['verdict']} {got['flags']} {got.get('reason')}"
                )
        else:
            row["controls"] += 1
            if got["verdict"] != "VERIFIED":
                row["false_alarms"] += 1
                misses.append(
                    f"false alarm ({item['kind']}): {item['authority']}: {got['verdict']} {got['flags']} "
                    f"{got.get('reason')}"
                )
    return kinds, misses


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", help="also write the figures as JSON to this file")
    args = parser.parse_args()
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    key = json.loads(KEY.read_text())
    services = Services()
    services.cl_state.user_limits = ((1000, 60),)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            report = check(services, Path(tmp), key["as_of"])
    finally:
        services.stop()
    kinds, misses = score(key, report)
    width = max(len(k) for k in kinds)
    print(f"{'Kind':<{width}}  Planted  Detected  Recall  Controls  False alarms")
    for kind, r in sorted(kinds.items()):
        recall = f"{r['detected'] / r['planted']:.2f}" if r["planted"] else "-"
        print(
            f"{kind:<{width}}  {r['planted']:>7}  {r['detected']:>8}  {recall:>6}  {r['controls']:>8}  "
            f"{r['false_alarms']:>12}"
        )
    planted = sum(r["planted"] for r in kinds.values())
    found = sum(r["detected"] for r in kinds.values())
    alarms = sum(r["false_alarms"] for r in kinds.values())
    controls = sum(r["controls"] for r in kinds.values())
    print(f"{'Total':<{width}}  {planted:>7}  {found:>8}  {found / planted:>6.2f}  {controls:>8}  {alarms:>12}")
    for line in misses:
        print(line)
    if args.json:
        Path(args.json).write_text(json.dumps({"kinds": kinds, "misses": misses}, indent=2) + "\n")
    return 0 if found == planted and alarms == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
