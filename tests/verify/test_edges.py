"""Verification at the edges of the real services (issue 10): the cache keyed by the service,
redirects, throttle accounting, reporters CourtListener does not hold, setup failures said
once, an empty `{}` answer, and a private cache. Real HTTP to the fakes on loopback."""
from __future__ import annotations

import os
import stat

from builders import case, provision, table, usc
from toa.verify import comment_text, verify
from toa.verify.records import CONFIRMED, FOUND, NOT_CHECKED, NOT_FOUND, UNRESOLVED

from test_cases import IMAGINARY, REED, cl_requests

SECTION = provision("47 U.S.C. § 230(c)(1)", "statutes", [usc("47", "230", "(c)(1)")])
WRIGHT_LINE = case("Wright Line, 251 N.L.R.B. 1083 (1980)", "Wright Line", 251, "N.L.R.B.", 1083, 1980)
BANKRUPTCY = case("In re Nowhere, 999 B.R. 999 (Bankr. D. Del. 2019)", "In re Nowhere", 999, "B.R.", 999, 2019)


def test_the_cache_belongs_to_the_service_that_answered(services, tmp_path, dead_url):
    cache = tmp_path / "c.sqlite3"
    first = verify(table(REED, SECTION), services.settings(use_cache=True, cache_path=cache))
    assert first[REED.key].verdict == FOUND and first[SECTION.key].verdict == CONFIRMED
    # The same cache, other servers, offline: nothing the test servers said may be shown.
    other = services.settings(use_cache=True, cache_path=cache, network=False, courtlistener_url=dead_url,
                              lii_url=dead_url)
    again = verify(table(REED, SECTION), other)
    assert again[REED.key].verdict == NOT_CHECKED and again[SECTION.key].verdict == NOT_CHECKED
    assert services.lii.url not in (again[SECTION.key].evidence_url or "")
    # ... while the servers that answered still find their answers.
    same = verify(table(REED, SECTION), services.settings(use_cache=True, cache_path=cache, network=False))
    assert same[REED.key].verdict == FOUND and same[SECTION.key].verdict == CONFIRMED


def test_the_cache_is_private_to_the_user(services, tmp_path):
    cache = tmp_path / "toa" / "verify.sqlite3"
    old = os.umask(0o022)
    try:
        verify(table(REED), services.settings(use_cache=True, cache_path=cache))
    finally:
        os.umask(old)
    assert stat.S_IMODE(cache.stat().st_mode) == 0o600
    assert stat.S_IMODE(cache.parent.stat().st_mode) == 0o700


def test_a_307_or_308_repeats_the_post_with_its_body(services):
    for status in (307, 308):
        services.reset()
        services.cl_state.redirect = (status, "/api/rest/v4/citation-lookup-moved/")
        result = verify(table(REED, IMAGINARY), services.settings())
        assert result[REED.key].verdict == FOUND and result[IMAGINARY.key].verdict == NOT_FOUND
        sent = cl_requests(services)
        assert [r.method for r in sent] == ["POST", "POST"]
        assert sent[0].body == sent[1].body and sent[1].body.startswith(b"text=576+U.S.+155")
        assert sent[1].headers["authorization"] == sent[0].headers["authorization"]


def test_the_token_never_follows_a_redirect_to_another_host(services):
    other = services.lii.url.replace("127.0.0.1", "localhost")  # another host name, the same machine
    services.cl_state.redirect = (307, other + "/api/rest/v4/citation-lookup/")
    result = verify(table(REED), services.settings())
    assert result[REED.key].verdict == UNRESOLVED and "redirect to another host" in result[REED.key].reason
    assert len(services.recorder.requests) == 1  # nothing reached the other host


def test_a_token_for_plain_http_off_this_machine_is_warned_about(services):
    local = verify(table(REED), services.settings())
    assert not any("unencrypted" in n for n in local.notes)
    remote = verify(table(REED), services.settings(courtlistener_url="http://192.0.2.1:9", connect_timeout=0.2,
                                                   retries=0))
    warnings = [n for n in remote.notes if "unencrypted" in n]
    assert warnings == ["the CourtListener token goes unencrypted to http://192.0.2.1:9 (plain http): "
                        "use an https URL"]


def test_a_rejected_batch_is_not_counted(services):
    """250 citations; the server says "wait 30 s" (429 with wait_until): after 30 s the batch goes."""
    cases = [case(f"Party{i} v. Other, {100 + i} U.S. {200 + i} (1990)", f"Party{i} v. Other", 100 + i, "U.S.",
                  200 + i, 1990) for i in range(250)]
    now = services.clock()
    services.cl_state.cite_window.append((now + 30.0, 60))  # the window is full for 30 more seconds
    result = verify(table(*cases), services.settings())
    assert {r.verdict for r in result.records.values()} == {NOT_FOUND}
    assert services.clock.slept == [30.0]
    assert len(cl_requests(services)) == 2


def test_reporters_courtlistener_does_not_hold_are_not_sent(services):
    result = verify(table(REED, WRIGHT_LINE), services.settings())
    wright = result[WRIGHT_LINE.key]
    assert wright.verdict == NOT_CHECKED and "does not hold N.L.R.B." in wright.reason
    assert comment_text(wright) is None  # never "may be invented"
    assert all(b"N.L.R.B" not in r.body for r in cl_requests(services))
    assert any("N.L.R.B., which CourtListener does not hold" in n for n in result.notes)


def test_a_404_in_a_reporter_courtlistener_holds_in_part_is_not_called_invented(services):
    result = verify(table(BANKRUPTCY, IMAGINARY), services.settings())
    text = comment_text(result[BANKRUPTCY.key])
    assert result[BANKRUPTCY.key].verdict == NOT_FOUND
    assert "999 B.R. 999 is not in CourtListener's database" in text and "Verify this citation by hand" in text
    assert "invented" not in text
    assert "may be mistyped or invented" in comment_text(result[IMAGINARY.key])  # a U.S. Reports 404 still is


def test_a_refused_token_is_one_note_not_a_comment_on_every_case(services):
    result = verify(table(REED, IMAGINARY), services.settings(token="f" * 40))
    assert {result[k].verdict for k in (REED.key, IMAGINARY.key)} == {UNRESOLVED}
    assert comment_text(result[REED.key]) is None
    assert comment_text(result[IMAGINARY.key]).startswith("TOA check (offline checks only): the year is in the future")
    assert result.notes == ["CourtListener refused the API token (HTTP 401): 2 cases were checked offline only"]
    assert len(cl_requests(services)) == 1


def test_an_outage_is_one_note_and_one_request(services):
    services.cl_state.fault = "500"
    cases = [REED, IMAGINARY] + [case(f"P{i} v. Q, {300 + i} U.S. 1 (1950)", f"P{i} v. Q", 300 + i, "U.S.", 1, 1950)
                                 for i in range(3)]
    result = verify(table(*cases), services.settings(cl_batch_size=2))
    assert [n for n in result.notes if "CourtListener" in n] == [
        "CourtListener unreachable: HTTP 500: 5 cases were checked offline only"]
    assert len(cl_requests(services)) == 3  # one batch and its two retries, not every batch
    assert [k for k, r in result.records.items() if comment_text(r)] == [IMAGINARY.key]


def test_an_empty_dict_is_no_citation_found(services):
    services.cl_state.finds_nothing = True
    result = verify(table(REED), services.settings())
    assert result[REED.key].verdict == UNRESOLVED
    assert result[REED.key].reason == "CourtListener did not recognise this citation"


def test_an_attorney_generals_opinion_in_a_reporter_is_not_checked_as_a_case(services):
    """"82 Ops.Cal.Atty.Gen. 1" is filed with the other authorities: no court decided it, and its
    series' first edition has no start year in reporters_db (which once ended the check)."""
    opinion = case("82 Ops.Cal.Atty.Gen. 1 (1999)", "", 82, "Ops.Cal.Atty.Gen.", 1, 1999)
    opinion.category = "other"
    for o in opinion.occurrences:
        o.category = "other"
    result = verify(table(opinion), services.settings(network=False))
    assert cl_requests(services) == []
    record = result.records[opinion.key]
    assert (type(record).__name__, record.verdict) == ("ProvisionRecord", NOT_CHECKED)


def test_a_reporter_edition_without_a_start_year_is_no_crash():
    from toa.verify.cases_offline import standardize
    std = standardize("82", "Ops.Cal.Atty.Gen.", "1")
    assert std is not None and std.reporter == "Ops.Cal.Atty.Gen."
