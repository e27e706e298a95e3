#!/usr/bin/env python
"""Live smoke test of toa.verify against the real services.

Two parts, each run only when it can be: cases and a U.S. Code section when COURTLISTENER_API_TOKEN
is set and CourtListener and LII answer; a Texas Penal Code section when the Texas Legislature's
file server or its statutes site answers (no token needed), after asking each of the two addresses
for the chapter and printing what it answered (the statutes site, rebuilt as a JavaScript
application, may answer with the application's page). A part that cannot run prints "skipped: ..."
and the script exits 0. Uses short timeouts and a tiny request budget so it never hangs and costs
at most a handful of requests. Sends citation components only, like every run. The base URLs come
from the environment like every run's (TOA_TEXAS_FILES_URL, ...), so it can be pointed elsewhere.
"""

from __future__ import annotations

import json
import socket
import sys
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from toa.keys import CaseKey, StateCodeKey, UsCodeKey  # noqa: E402
from toa.meta import CaseMeta, ProvisionMeta  # noqa: E402
from toa.model import CATEGORY_NUMBERS, Authority, Category, Occurrence, Table  # noqa: E402
from toa.verify import NEEDS_ATTENTION, VERIFIED, Settings, comment_text, verify  # noqa: E402
from toa.verify.http import Http  # noqa: E402
from toa.verify.records import ProvisionRecord  # noqa: E402
from toa.verify.states import fetch_texas, fetch_texas_files  # noqa: E402
from toa.verify.throttle import Budget  # noqa: E402


def reachable(url: str, timeout: float = 3.0) -> bool:
    """Whether the host of a base URL accepts a connection."""
    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        with socket.create_connection((parts.hostname or "", port), timeout=timeout):
            return True
    except OSError:
        return False


def authority(key, category, text, meta) -> Authority:
    occ = Occurrence(paragraph=0, start=0, end=len(text), kind="full", story="body", text=text, meta=meta)
    return Authority(key=key, category=category, text=text, sort_key=(text,), occurrences=[occ])


REED, FAKE, S230 = CaseKey("576", "U.S.", "155"), CaseKey("999", "U.S.", "9999"), UsCodeKey("47", "230(c)(1)")
ASSAULT = StateCodeKey("Tex.", "penal code", "", "22.01(a)(1)")


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


def texas_table() -> Table:
    statutes = [
        authority(
            ASSAULT,
            "statutes",
            "Tex. Penal Code § 22.01(a)(1)",
            ProvisionMeta(code="Penal Code", jurisdiction="Tex.", section="22.01", subsection="(a)(1)"),
        )
    ]
    return Table(categories=[Category("statutes", "Statutes", CATEGORY_NUMBERS["statutes"], statutes)])


def run(table: Table, settings: Settings, expected: dict) -> dict:
    """Verify `table`, print what came back; the authorities whose verdict is not the expected one."""
    result = verify(table, settings, progress=lambda stage, done, total: print(f"  {stage}: {done}/{total}"))
    print(json.dumps(result.summary(), indent=1))
    print(json.dumps(result.not_verified(), indent=1))
    for record in result.records.values():
        print(f"{record.text}: {record.verdict} {record.flags} {comment_text(record) or ''}")
        if isinstance(record, ProvisionRecord):
            print("".join(f"  source: {unit.source_url}\n" for unit in record.units), end="")
    return {k: result[k].verdict for k, v in expected.items() if result[k].verdict != v}


def main() -> int:
    settings = Settings.from_env(max_requests=10, connect_timeout=3.0, read_timeout=20.0, retries=1, max_wait=30.0)
    bad: dict = {}
    federal = (settings.courtlistener_url, settings.lii_url)
    if not settings.token:
        print("skipped: cases and U.S. Code: COURTLISTENER_API_TOKEN is not set")
    elif down := [u for u in federal if not reachable(u)]:
        print(f"skipped: cases and U.S. Code: network unreachable ({', '.join(down)})")
    else:
        bad.update(run(sample_table(), settings, {REED: VERIFIED, FAKE: NEEDS_ATTENTION, S230: VERIFIED}))
    texas = (settings.texas_files_url, settings.texas_url)
    if not any(reachable(u) for u in texas):
        print(f"skipped: Texas: network unreachable ({', '.join(texas)})")
    else:
        http = Http(settings, Budget(4))
        for fetch in (fetch_texas_files, fetch_texas):
            ev = fetch(http, settings, "PE", "22.01")
            print(f"{ev.tier}: {ev.state} {ev.url or ''} {ev.reason or ''}".rstrip())
        bad.update(run(texas_table(), settings, {ASSAULT: VERIFIED}))
    if bad:
        print(f"unexpected verdicts: {bad}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
