"""Case verification: offline checks, CourtListener verdicts and cross-checks, throttles, faults."""
from __future__ import annotations

import pytest

from builders import case, occ, short, table
from toa.verify import verify
from toa.verify.records import FOUND, FOUND_MULTIPLE, NOT_CHECKED, NOT_FOUND, UNKNOWN_REPORTER, UNRESOLVED

REED = case("Reed v. Town of Gilbert, 576 U.S. 155 (2015)", "Reed v. Town of Gilbert", 576, "U.S.", 155, 2015, pin="163")
ZERAN = case("Zeran v. Am. Online, Inc., 129 F.3d 327 (4th Cir. 1997)", "Zeran v. Am. Online, Inc.", 129, "F.3d", 327,
             1997, court="ca4")
IMAGINARY = case("Smith v. Imaginary, 999 U.S. 9999 (2099)", "Smith v. Imaginary", 999, "U.S.", 9999, 2099)
WRONG_NAME = case("Miller v. Hartwell, 556 U.S. 662 (2009)", "Miller v. Hartwell", 556, "U.S.", 662, 2009)
WRONG_PAGE = case("Celotex Corp. v. Catrett, 477 U.S. 320 (1986)", "Celotex Corp. v. Catrett", 477, "U.S.", 320, 1986,
                  pin="318")
SHARED_PAGE = case("Moore v. Oregon, 488 U.S. 984 (1988)", "Moore v. Oregon", 488, "U.S.", 984, 1988)


def cl_requests(services):
    return [r for r in services.recorder.requests if "citation-lookup" in r.target]


def test_planted_problems_and_clean_cases(services):
    result = verify(table(REED, ZERAN, IMAGINARY, WRONG_NAME, WRONG_PAGE, SHARED_PAGE), services.settings())
    reed, zeran = result[REED.key], result[ZERAN.key]
    assert (reed.verdict, reed.flags) == (FOUND, []) and (zeran.verdict, zeran.flags) == (FOUND, [])
    assert reed.evidence_url.endswith("/opinion/2812209/reed-v-town-of-gilbert/")

    fake = result[IMAGINARY.key]
    assert fake.verdict == NOT_FOUND and "future_year" in fake.flags

    named = result[WRONG_NAME.key]
    assert named.verdict == FOUND and named.flags == ["name_mismatch"]
    assert named.details["cluster_case_name"] == "Ashcroft v. Iqbal"

    paged = result[WRONG_PAGE.key]
    assert paged.verdict == FOUND and "first_page_mismatch" in paged.flags
    assert paged.details["cluster_first_page"] == 317
    assert "pincite_before_first_page" not in paged.flags  # 318 is after the real first page

    multi = result[SHARED_PAGE.key]
    assert multi.verdict == FOUND_MULTIPLE and multi.flags == [] and multi.evidence_url.endswith("/opinion/9001/case/")

    # one request, canonical strings only, joined by "; "
    sent = cl_requests(services)
    assert len(sent) == 1
    assert sent[0].body.decode() == (
        "text=576+U.S.+155%3B+129+F.3d+327%3B+999+U.S.+9999%3B+556+U.S.+662%3B+477+U.S.+320%3B+488+U.S.+984")


def test_duplicates_sent_once(services):
    again = case("Reed, 576 U.S. 155", "Reed v. Town of Gilbert", 576, "U. S.", 155, 2015)
    result = verify(table(REED, again), services.settings())
    assert result[again.key].citation == "576 U.S. 155" and result[again.key].verdict == FOUND
    assert services.cl_state.lookups == [["576 U.S. 155"]]


def test_offline_flags_without_token(services):
    old = case("Old v. Reporter, 100 F.3d 1 (1950)", "Old v. Reporter", 100, "F.3d", 1, 1950, court="ca9")
    court = case("State v. Court, 10 Cal. Rptr. 3d 5 (N.Y. 2005)", "State v. Court", 10, "Cal. Rptr. 3d", 5, 2005,
                 court="ny")
    young = case("Circuit v. Time, 100 F.2d 1 (11th Cir. 1950)", "Circuit v. Time", 100, "F.2d", 1, 1950, court="ca11")
    unknown = case("Foo v. Bar, 12 Foo. Rptr. 3 (2001)", "Foo v. Bar", 12, "Foo. Rptr.", 3, 2001)
    pin = case("Reed v. Town of Gilbert, 576 U.S. 155, 150 (2015)", "Reed", 576, "U.S.", 155, 2015, pin="150",
               shorts=[short("577", "U.S.", "170")])
    orphan = occ("short", None, "Jones, 123 F.3d at 45", paragraph=9)
    result = verify(table(old, court, young, unknown, pin, IMAGINARY, unlinked=[orphan]), services.settings(token=None))
    assert result[old.key].flags == ["year_outside_reporter_range"]
    assert result[court.key].flags == ["implausible_court"]
    assert result[young.key].flags == ["implausible_court"]  # the Eleventh Circuit dates from 1981
    assert result[unknown.key].verdict == UNKNOWN_REPORTER and result[unknown.key].flags == ["unknown_reporter"]
    assert result[pin.key].flags == ["pincite_before_first_page", "short_form_mismatch"]
    assert result[IMAGINARY.key].flags == ["future_year"]
    assert all(r.verdict in (NOT_CHECKED, UNKNOWN_REPORTER) for r in result.records.values())
    assert result[old.key].reason == "no CourtListener API token"
    assert [u.text for u in result.unlinked] == ["Jones, 123 F.3d at 45"]
    assert services.recorder.requests == []  # no token, no network
    assert "no CourtListener token" in result.notes[0]


def test_citation_throttle_wait_until_is_honoured(services):
    services.cl_state.cite_window.append((services.clock() + 30, 60))  # window full for 30 more s
    result = verify(table(REED), services.settings())
    assert result[REED.key].verdict == FOUND
    assert services.clock.slept == [30.0]
    assert len(cl_requests(services)) == 2


def test_user_throttle_retry_after_is_honoured(services):
    services.cl_state.user_history.extend([services.clock() - 10] * 5)
    result = verify(table(REED), services.settings())
    assert result[REED.key].verdict == FOUND and services.clock.slept == [51.0]


def test_wait_longer_than_max_wait_is_not_checked(services):
    services.cl_state.user_history.extend([services.clock()] * 125)  # daily quota used up
    result = verify(table(REED), services.settings())
    assert result[REED.key].verdict == NOT_CHECKED and "rate limit" in result[REED.key].reason
    assert services.clock.slept == []


def test_more_than_250_citations_split_and_paced(services):
    many = [case(f"C{i} v. D, {i} F.3d {i} (2000)", f"C{i} v. D", i, "F.3d", i, 2000) for i in range(1, 301)]
    services.cl_state.user_limits = ((100, 60),)
    try:
        result = verify(table(*many), services.settings(max_wait=600))
    finally:
        services.cl_state.user_limits = ((5, 60), (50, 3600), (125, 86400))
    assert [len(x) for x in services.cl_state.lookups] == [250, 50]
    assert services.clock.slept == [250.0]  # 250 cites at 60/min hold the window for 250 s
    assert {r.verdict for r in result.records.values()} == {NOT_FOUND}


def test_per_item_429_is_resent(services, monkeypatch):
    monkeypatch.setattr("fakes.courtlistener.MAX_CITATIONS", 1)
    other = case("Obergefell", "Iqbal", 556, "U.S.", 662, 2009)
    result = verify(table(REED, other), services.settings(max_wait=600))
    assert result[other.key].verdict == FOUND and len(services.cl_state.lookups) == 2
    assert services.cl_state.lookups[1] == ["556 U.S. 662"]


def test_budget_reached_is_reported(services):
    result = verify(table(REED), services.settings(max_requests=0))
    assert result[REED.key].verdict == NOT_CHECKED and result.budget_exhausted
    assert "request budget of 0 reached" in result[REED.key].reason


def test_bad_token_is_unresolved(services):
    result = verify(table(REED), services.settings(token="f" * 40))
    assert result[REED.key].verdict == UNRESOLVED and "401" in result[REED.key].reason


@pytest.mark.parametrize("fault, reason, attempts", [
    ("timeout", "timeout", 3),
    ("500", "HTTP 500", 3),
    ("malformed", "malformed response", 1),
    ("truncated", "truncated", 1),
])
def test_network_faults_end_unresolved(services, fault, reason, attempts):
    services.cl_state.fault = fault
    result = verify(table(REED, IMAGINARY), services.settings())
    for key in (REED.key, IMAGINARY.key):
        assert result[key].verdict == UNRESOLVED and reason in result[key].reason
    assert "future_year" in result[IMAGINARY.key].flags  # offline checks survive
    assert len(cl_requests(services)) == attempts


def test_transient_5xx_is_retried(services):
    services.cl_state.fault, services.cl_state.fault_times = "502", 1
    result = verify(table(REED), services.settings())
    assert result[REED.key].verdict == FOUND and len(cl_requests(services)) == 2
    assert len(services.clock.slept) == 1 and services.clock.slept[0] < 0.05


def test_connection_refused(services, dead_url):
    result = verify(table(REED), services.settings(courtlistener_url=dead_url))
    assert result[REED.key].verdict == UNRESOLVED and "connection failed" in result[REED.key].reason


def test_cache_found_then_no_request(services, tmp_path):
    settings = services.settings(use_cache=True, cache_path=tmp_path / "c.sqlite3")
    verify(table(REED, IMAGINARY), settings)
    services.cl_state.fault = "500"  # would fail if asked again
    again = verify(table(REED, IMAGINARY), settings)
    assert again[REED.key].verdict == FOUND and again[REED.key].details["cached"]
    assert again[IMAGINARY.key].verdict == NOT_FOUND  # negative cached for a day
    services.clock.now += 2 * 86400
    later = verify(table(REED, IMAGINARY), settings)
    assert later[REED.key].verdict == FOUND and later[IMAGINARY.key].verdict == UNRESOLVED


def test_errors_are_not_cached(services, tmp_path):
    settings = services.settings(use_cache=True, cache_path=tmp_path / "c.sqlite3")
    services.cl_state.fault = "malformed"
    assert verify(table(REED), settings)[REED.key].verdict == UNRESOLVED
    services.cl_state.fault = None
    assert verify(table(REED), settings)[REED.key].verdict == FOUND
