#!/usr/bin/env python
"""Live smoke test of toa.verify against the real services.

Runs only when COURTLISTENER_API_TOKEN is set and the network answers; otherwise prints
"skipped: ..." and exits 0. Uses short timeouts and a tiny request budget so it never hangs
and costs at most a handful of requests. Sends citation components only, like every run.
"""

from __future__ import annotations

import json
import os
import socket
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from toa.keys import CaseKey, UsCodeKey  # noqa: E402
from toa.meta import CaseMeta, ProvisionMeta  # noqa: E402
from toa.model import CATEGORY_NUMBERS, Authority, Category, Occurrence, Table  # noqa: E402
from toa.verify import NEEDS_ATTENTION, VERIFIED, Settings, comment_text, verify  # noqa: E402

HOSTS = ("www.courtlistener.com", "www.law.cornell.edu")


def reachable(host: str, timeout: float = 3.0) -> bool:
    try:
        with socket.create_connection((host, 443), timeout=timeout):
            return True
    except OSError:
        return False


def authority(key, category, text, meta) -> Authority:
    occ = Occurrence(paragraph=0, start=0, end=len(text), kind="full", story="body", text=text, meta=meta)
    return Authority(key=key, category=category, text=text, sort_key=(text,), occurrences=[occ])


REED, FAKE, S230 = CaseKey("576", "U.S.", "155"), CaseKey("999", "U.S.", "9999"), UsCodeKey("47", "230(c)(1)")


def sample_table() -> Table:
    cases = [
        authority(
            REED,
            "cases",
            "Reed v. Town of Gilbert, 576 U.S. 155 (2015)",
            CaseMeta("576", "U.S.", "155", year="2015", court="scotus", case_name="Reed v. Town of Gilbert"),
        ),
        authority(
            FAKE,
            "cases",
            "Smith v. Imaginary, 999 U.S. 9999 (2099)",
            CaseMeta("999", "U.S.", "9999", year="2099", court="scotus", case_name="Smith v. Imaginary"),
        ),
    ]
    statutes = [
        authority(
            S230,
            "statutes",
            "47 U.S.C. § 230(c)(1)",
            ProvisionMeta(code="U.S.C.", title="47", section="230", subsection="(c)(1)"),
        )
    ]
    return Table(
        categories=[
            Category("cases", "Cases", CATEGORY_NUMBERS["cases"], cases),
            Category("statutes", "Statutes", CATEGORY_NUMBERS["statutes"], statutes),
        ]
    )


def main() -> int:
    if not os.environ.get("COURTLISTENER_API_TOKEN"):
        print("skipped: COURTLISTENER_API_TOKEN is not set")
        return 0
    down = [h for h in HOSTS if not reachable(h)]
    if down:
        print(f"skipped: network unreachable ({', '.join(down)})")
        return 0
    settings = Settings.from_env(max_requests=10, connect_timeout=3.0, read_timeout=20.0, retries=1, max_wait=30.0)
    result = verify(sample_table(), settings, progress=lambda stage, done, total: print(f"  {stage}: {done}/{total}"))
    print(json.dumps(result.summary(), indent=1))
    print(json.dumps(result.not_verified(), indent=1))
    for record in result.records.values():
        print(f"{record.text}: {record.verdict} {record.flags} {comment_text(record) or ''}")
    expected = {REED: VERIFIED, FAKE: NEEDS_ATTENTION, S230: VERIFIED}
    bad = {k: result[k].verdict for k, v in expected.items() if result[k].verdict != v}
    if bad:
        print(f"unexpected verdicts: {bad}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
