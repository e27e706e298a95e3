"""The HTTP client of `toa check` against hostile sources over loopback (tests/verify/fakes/lii.py's
faults, and a raw socket for headers): an answer of 1 GB, a gzip bomb, a source that trickles one
byte a second; each ends as not verified with its reason, in bounded memory and time."""

from __future__ import annotations

import socket
import threading
import time
import tracemalloc

import pytest

from builders import provision, rule, table
from toa.verify import verify
from toa.verify.http import Http
from toa.verify.records import NOT_VERIFIED
from toa.verify.throttle import Budget

RULE_56 = "/rules/frcp/rule_56"
RULE_12 = "/rules/frcp/rule_12"
# Generous bounds for what a trickle would hold for ten minutes: the test says "ends", not "is fast".
ENDS_WITHIN = 30.0


def frcp(number: str):
    return provision(f"Fed. R. Civ. P. {number}", "rules_regulations", [rule("Fed. R. Civ. P.", number)])


@pytest.mark.parametrize("fault", ["huge", "gzip-bomb"])
def test_an_answer_past_the_cap_is_not_verified_and_not_read_whole(services, fault):
    """1 GB of page, or of zeros gzipped to 1 MB: read whole, that is 1 GB in memory and more."""
    services.lii_state.faults[RULE_56] = fault
    a = frcp("56")
    tracemalloc.start()
    try:
        record = verify(table(a), services.settings()).records[a.key]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert record.verdict == NOT_VERIFIED
    assert "answer larger than 16 MB" in record.reason
    assert peak < 64 * 2**20, f"{peak / 2**20:.0f} MiB"


def test_a_smaller_cap_is_kept_too(services):
    services.lii_state.faults[RULE_56] = "huge"
    a = frcp("56")
    record = verify(table(a), services.settings(max_answer=2**20)).records[a.key]
    assert record.verdict == NOT_VERIFIED and "answer larger than 1 MB" in record.reason


def test_a_source_that_trickles_its_body_is_cut_at_the_fetch_deadline(services):
    """One byte a second: the read timeout never fires, the whole request's deadline does (and a
    source that slow is not asked again)."""
    services.lii_state.faults[RULE_56] = "trickle"
    a = frcp("56")
    start = time.monotonic()
    record = verify(table(a), services.settings(fetch_timeout=2.0)).records[a.key]
    assert time.monotonic() - start < ENDS_WITHIN
    assert record.verdict == NOT_VERIFIED and "no complete answer within 2 s" in record.reason
    assert [r.target for r in services.recorder.requests] == [RULE_56]


@pytest.fixture
def trickling_headers():
    """A server that sends its status line and headers one byte a second (never silent for a second)."""
    server = socket.create_server(("127.0.0.1", 0))
    done = threading.Event()

    def serve():
        conn, _ = server.accept()
        with conn:
            conn.recv(65536)
            for byte in b"HTTP/1.1 200 OK\r\nX-Padding: " + b"x" * 600:
                if done.wait(1):
                    return
                conn.sendall(bytes([byte]))

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.getsockname()[1]}/"
    done.set()
    server.close()
    thread.join(5)


def test_a_source_that_trickles_its_headers_is_cut_at_the_fetch_deadline(services, trickling_headers):
    http = Http(services.settings(fetch_timeout=2.0), Budget(10))
    start = time.monotonic()
    try:
        reply = http.get(trickling_headers)
    finally:
        http.close()
    assert time.monotonic() - start < ENDS_WITHIN
    assert reply.error == "no complete answer within 2 s" and reply.status is None


def test_the_runs_deadline_cuts_what_is_under_way_and_nothing_starts_after_it(services):
    """Two trickling sources, one at a time, a run of 2 s on the real clock: the first is cut
    when the run's time is over, the second is never asked."""
    services.lii_state.faults[RULE_56] = services.lii_state.faults[RULE_12] = "trickle"
    twelve, fifty_six = frcp("12"), frcp("56")
    settings = services.settings(clock=time.time, sleep=time.sleep, concurrency=1, run_timeout=2.0)
    start = time.monotonic()
    records = verify(table(twelve, fifty_six), settings).records
    assert time.monotonic() - start < ENDS_WITHIN
    for a in (twelve, fifty_six):
        assert records[a.key].verdict == NOT_VERIFIED
        assert "the time for this check ran out" in records[a.key].reason
    assert len(services.recorder.requests) == 1
