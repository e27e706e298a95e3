"""Verification at the edges of the real services (issue 10): the cache keyed by the service and
the date, run-local unless kept, and private; redirects, throttle accounting, reporters
CourtListener does not hold, setup failures said once, an empty `{}` answer. Real HTTP to the
fakes on loopback."""

from __future__ import annotations

import os
import stat
from datetime import date

from builders import case, provision, table, usc
from toa.verify import comment_text, verify
from toa.verify.records import NEEDS_ATTENTION, NOT_VERIFIED, VERIFIED

from test_cases import IMAGINARY, REED, cl_requests

SECTION = provision("47 U.S.C. § 230(c)(1)", "statutes", [usc("47", "230", "(c)(1)")])
WRIGHT_LINE = case("Wright Line, 251 N.L.R.B. 1083 (1980)", "Wright Line", 251, "N.L.R.B.", 1083, 1980)
BANKRUPTCY = case("In re Nowhere, 999 B.R. 999 (Bankr. D. Del. 2019)", "In re Nowhere", 999, "B.R.", 999, 2019)


def test_the_cache_belongs_to_the_service_that_answered(services, tmp_path, dead_url):
    cache = tmp_path / "c.sqlite3"
    first = verify(table(REED, SECTION), services.settings(keep_cache=True, cache_path=cache))
    assert first[REED.key].verdict == VERIFIED and first[SECTION.key].verdict == VERIFIED
    # The same cache, other servers, offline: nothing the test servers said may be shown.
    other = services.settings(
        keep_cache=True, cache_path=cache, network=False, courtlistener_url=dead_url, lii_url=dead_url
    )
    again = verify(table(REED, SECTION), other)
    assert again[REED.key].verdict == NOT_VERIFIED and again[SECTION.key].verdict == NOT_VERIFIED
    assert services.lii.url not in (again[SECTION.key].evidence_url or "")
    # ... while the servers that answered still find their answers.
    same = verify(table(REED, SECTION), services.settings(keep_cache=True, cache_path=cache, network=False))
    assert same[REED.key].verdict == VERIFIED and same[SECTION.key].verdict == VERIFIED


def test_the_cache_is_keyed_by_the_date_the_text_is_wanted_for(services, tmp_path):
    cache = tmp_path / "c.sqlite3"
    verify(table(SECTION), services.settings(keep_cache=True, cache_path=cache))
    again = verify(
        table(SECTION), services.settings(keep_cache=True, cache_path=cache, network=False, as_of=date(2020, 1, 1))
    )
    assert again[SECTION.key].verdict == NOT_VERIFIED and "offline" in again[SECTION.key].reason
    today = verify(table(SECTION), services.settings(keep_cache=True, cache_path=cache, network=False))
    assert today[SECTION.key].verdict == VERIFIED


def test_without_keep_cache_nothing_is_kept(services, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    verify(table(REED, SECTION), services.settings())
    assert not (tmp_path / "cache").exists()
    sent = len(services.recorder.requests)
    verify(table(REED, SECTION), services.settings())
    assert len(services.recorder.requests) == 2 * sent  # asked again: nothing was kept


def test_one_run_asks_for_each_answer_once(services):
    """The run's own cache: two citations of one provision, one case cited twice over."""
    twice = provision("47 U.S.C. § 230(c)(1)", "statutes", [usc("47", "230", "(c)(1)"), usc("47", "230", "(c)(2)")])
    verify(table(twice), services.settings())
    assert len([r for r in services.recorder.requests if "/uscode/text/47/230" in r.target]) == 1


def test_the_cache_is_private_to_the_user(services, tmp_path):
    cache = tmp_path / "toa" / "verify.sqlite3"
    old = os.umask(0o022)
    try:
        verify(table(REED), services.settings(keep_cache=True, cache_path=cache))
    finally:
        os.umask(old)
    assert stat.S_IMODE(cache.stat().st_mode) == 0o600
    assert stat.S_IMODE(cache.parent.stat().st_mode) == 0o700


def test_a_307_or_308_repeats_the_post_with_its_body(services):
    for status in (307, 308):
        services.reset()
        services.cl_state.redirect = (status, "/api/rest/v4/citation-lookup-moved/")
        result = verify(table(REED, IMAGINARY), services.settings())
        assert result[REED.key].verdict == VERIFIED and "not_found" in result[IMAGINARY.key].flags
        sent = cl_requests(services)
        assert [r.method for r in sent] == ["POST", "POST"]
        assert sent[0].body == sent[1].body and sent[1].body.startswith(b"text=576+U.S.+155")
        assert sent[1].headers["authorization"] == sent[0].headers["authorization"]


def test_the_token_never_follows_a_redirect_to_another_host(services):
    other = services.lii.url.replace("127.0.0.1", "localhost")  # another host name, the same machine
    services.cl_state.redirect = (307, other + "/api/rest/v4/citation-lookup/")
    result = verify(table(REED), services.settings())
    assert result[REED.key].verdict == NOT_VERIFIED and "redirect to another host" in result[REED.key].reason
    assert len(services.recorder.requests) == 1  # nothing reached the other host


def test_a_token_for_plain_http_off_this_machine_is_warned_about(services):
    local = verify(table(REED), services.settings())
    assert not any("unencrypted" in n for n in local.notes)
    remote = verify(
        table(REED), services.settings(courtlistener_url="http://192.0.2.1:9", connect_timeout=0.2, retries=0)
    )
    warnings = [n for n in remote.notes if "unencrypted" in n]
    assert warnings == ["the CourtListener token goes unencrypted to http://192.0.2.1:9 (plain http): use an https URL"]


def test_a_rejected_batch_is_not_counted(services):
    """250 citations; the server says "wait 30 s" (429 with wait_until): after 30 s the batch goes."""
    cases = [case(f"{100 + i} U.S. {200 + i} (1990)", "", 100 + i, "U.S.", 200 + i, 1990) for i in range(250)]
    now = services.clock()
    services.cl_state.cite_window.append((now + 30.0, 60))  # the window is full for 30 more seconds
    # no read timeout: a batch of 250 is never resent because a loaded machine answered it late
    result = verify(table(*cases), services.settings(read_timeout=None))
    assert {r.flags[0] for r in result.records.values()} == {"not_found"}
    assert services.clock.slept == [30.0]
    assert len(cl_requests(services)) == 2


def test_reporters_courtlistener_does_not_hold_are_not_sent(services):
    result = verify(table(REED, WRIGHT_LINE), services.settings())
    wright = result[WRIGHT_LINE.key]
    assert wright.verdict == NOT_VERIFIED and "does not hold N.L.R.B." in wright.reason
    assert comment_text(wright) is None  # never "may be invented": the summary says it
    assert all(b"N.L.R.B" not in r.body for r in cl_requests(services))
    assert [g["authorities"] for g in result.not_verified() if "does not hold N.L.R.B." in g["reason"]] == [
        [WRIGHT_LINE.text]
    ]


def test_a_404_in_a_reporter_courtlistener_holds_in_part_is_not_called_invented(services):
    result = verify(table(BANKRUPTCY, IMAGINARY), services.settings())
    text = comment_text(result[BANKRUPTCY.key])
    assert result[BANKRUPTCY.key].verdict == NOT_VERIFIED
    assert text.startswith(
        "TOA check: not verified - 999 B.R. 999 is not in CourtListener's database, which holds "
        "only part of B.R., and a search for “In re Nowhere” (2019) found no such decision"
    )
    assert "invented" not in text
    assert "may be mistyped or invented" in comment_text(result[IMAGINARY.key])  # a U.S. Reports 404 still is


def test_a_refused_token_is_one_summary_line_not_a_comment_on_every_case(services):
    result = verify(table(REED, IMAGINARY), services.settings(token="f" * 40))
    assert result[REED.key].verdict == NOT_VERIFIED and result[IMAGINARY.key].verdict == NEEDS_ATTENTION
    assert comment_text(result[REED.key]) is None
    assert comment_text(result[IMAGINARY.key]).startswith("TOA check: needs attention - the year 2099 is in the future")
    refused = "CourtListener refused the API token (HTTP 401)"
    assert [g for g in result.not_verified() if g["reason"] == refused] == [
        {"reason": refused, "authorities": [REED.text], "fix": None}
    ]
    assert len(services.recorder.requests) == 1  # and nothing more is asked of CourtListener


def test_an_outage_is_one_summary_line_and_one_request(services):
    services.cl_state.fault = "500"
    cases = [REED, IMAGINARY] + [
        case(f"P{i} v. Q, {300 + i} U.S. 1 (1950)", f"P{i} v. Q", 300 + i, "U.S.", 1, 1950) for i in range(3)
    ]
    result = verify(table(*cases), services.settings(cl_batch_size=2))
    down = "CourtListener unreachable: HTTP 500"
    assert [len(g["authorities"]) for g in result.not_verified() if g["reason"] == down] == [4]
    assert len(services.recorder.requests) == 3  # one batch and its two retries, not every batch, no search
    assert [k for k, r in result.records.items() if comment_text(r)] == [IMAGINARY.key]


def test_an_empty_dict_is_no_citation_found(services):
    services.cl_state.finds_nothing = True
    result = verify(table(REED), services.settings())
    assert result[REED.key].verdict == NOT_VERIFIED
    assert result[REED.key].reason == "CourtListener did not recognise this citation"


def test_an_attorney_generals_opinion_in_a_reporter_is_not_checked_as_a_case(services):
    """ "82 Ops.Cal.Atty.Gen. 1" is filed with the other authorities: no court decided it, and its
    series' first edition has no start year in reporters_db (which once ended the check)."""
    opinion = case("82 Ops.Cal.Atty.Gen. 1 (1999)", "", 82, "Ops.Cal.Atty.Gen.", 1, 1999)
    opinion.category = "other"
    for o in opinion.occurrences:
        o.category = "other"
    result = verify(table(opinion), services.settings(network=False))
    assert cl_requests(services) == []
    record = result.records[opinion.key]
    assert (type(record).__name__, record.verdict) == ("ProvisionRecord", NOT_VERIFIED)
    assert record.reason == (
        "toa checks cases, federal provisions and the California and Texas codes, not this kind of authority"
    )


def test_a_reporter_edition_without_a_start_year_is_no_crash():
    from toa.verify.cases_offline import standardize

    std = standardize("82", "Ops.Cal.Atty.Gen.", "1")
    assert std is not None and std.reporter == "Ops.Cal.Atty.Gen."
