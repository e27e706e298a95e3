"""Case verification: one verdict from the checks of each dimension (existence, name, year,
court, parallel citations, pinpoint, quotation, history), against the fake CourtListener over
loopback HTTP; offline checks, throttles and faults."""

from __future__ import annotations

from itertools import pairwise
from urllib.parse import parse_qs, urlsplit

import pytest

from builders import case, occ, short, table
from fakes.services import FAULT_TIMEOUT
from toa.verify import verify
from toa.verify.records import MATCH, MISMATCH, NEEDS_ATTENTION, NOT_VERIFIED, UNCHECKED, VERIFIED

REED = case(
    "Reed v. Town of Gilbert, 576 U.S. 155 (2015)",
    "Reed v. Town of Gilbert",
    576,
    "U.S.",
    155,
    2015,
    pin="163",
    court="scotus",
)
ZERAN = case(
    "Zeran v. Am. Online, Inc., 129 F.3d 327 (4th Cir. 1997)",
    "Zeran v. Am. Online, Inc.",
    129,
    "F.3d",
    327,
    1997,
    court="ca4",
    pin="330",
)
IMAGINARY = case("Smith v. Imaginary, 999 U.S. 9999 (2099)", "Smith v. Imaginary", 999, "U.S.", 9999, 2099)
WRONG_NAME = case("Miller v. Hartwell, 556 U.S. 662 (2009)", "Miller v. Hartwell", 556, "U.S.", 662, 2009)
WRONG_PAGE = case(
    "Celotex Corp. v. Catrett, 477 U.S. 320 (1986)", "Celotex Corp. v. Catrett", 477, "U.S.", 320, 1986, pin="318"
)
SHARED_PAGE = case("Moore v. Oregon, 488 U.S. 984 (1988)", "Moore v. Oregon", 488, "U.S.", 984, 1988)


def cl_requests(services, path="citation-lookup"):
    return [r for r in services.recorder.requests if path in r.target]


def query(seen) -> dict:
    return {k: v[0] for k, v in parse_qs(urlsplit(seen.target).query).items()}


def checks(record, dimension, status=None):
    every = record.all_checks()
    return [c for c in every if c.dimension == dimension and (status is None or c.status == status)]


def test_planted_problems_and_clean_cases(services):
    result = verify(table(REED, ZERAN, IMAGINARY, WRONG_NAME, WRONG_PAGE, SHARED_PAGE), services.settings())
    reed, zeran = result[REED.key], result[ZERAN.key]
    assert (reed.verdict, reed.flags) == (VERIFIED, []) and (zeran.verdict, zeran.flags) == (VERIFIED, [])
    assert reed.evidence_url.endswith("/opinion/2812209/reed-v-town-of-gilbert/")
    # every dimension that applies was checked: existence, name, year, court, and the pin inside the opinion
    assert {c.dimension for c in reed.all_checks()} == {"existence", "name", "year", "court", "pinpoint"}
    # only the opinion of the Court was needed (a concurrence follows it)
    assert checks(reed, "pinpoint")[0].detail == "page 163 is within the opinion (155-172 of the pages read)"
    assert checks(zeran, "court")[0].detail == "decided by the 4th Cir."

    fake = result[IMAGINARY.key]
    assert fake.verdict == NEEDS_ATTENTION and fake.flags == ["future_year", "not_found"]
    assert checks(fake, "existence")[0].detail == (
        "CourtListener has no case at 999 U.S. 9999, and a search for “Smith v. Imaginary” (2099) found no such "
        "decision: it may be mistyped or invented"
    )

    named = result[WRONG_NAME.key]
    assert named.verdict == NEEDS_ATTENTION and named.flags == ["name_mismatch"]
    assert named.reason == "the case at 556 U.S. 662 is Ashcroft v. Iqbal, not Miller v. Hartwell"

    paged = result[WRONG_PAGE.key]
    assert paged.verdict == NEEDS_ATTENTION and paged.flags == ["first_page_mismatch"]
    assert paged.details["cluster_first_page"] == 317
    assert checks(paged, "pinpoint", MATCH)  # 318 is inside a case that begins at 317

    multi = result[SHARED_PAGE.key]  # two cases on the page: the brief's name says which
    assert multi.verdict == VERIFIED and multi.evidence_url.endswith("/opinion/9001/case/")

    # one lookup, canonical strings only, joined by "; "
    sent = cl_requests(services)
    assert len(sent) == 1
    assert sent[0].body.decode() == (
        "text=576+U.S.+155%3B+129+F.3d+327%3B+999+U.S.+9999%3B+556+U.S.+662%3B+477+U.S.+320%3B+488+U.S.+984"
    )
    # the court of the one case not in a Supreme Court reporter, by one search on cluster ids
    (courts,) = [r for r in cl_requests(services, "/search/") if "cluster_id" in r.target]
    assert query(courts)["q"] == "cluster_id:(740491)"


@pytest.mark.parametrize("name, flag_count", [("Reed v. City of Phoenix", 1), ("Reed v. Town of Gilbert", 0)])
def test_a_name_sharing_one_party_is_not_the_case(services, name, flag_count):
    brief = case(f"{name}, 576 U.S. 155 (2015)", name, 576, "U.S.", 155, 2015)
    record = verify(table(brief), services.settings())[brief.key]
    assert record.flags.count("name_mismatch") == flag_count


@pytest.mark.parametrize(
    "name, volume, page, year",
    [
        ("Iqbal v. Hasty", 556, 662, 2009),  # the court of appeals' caption, at the Supreme Court's cite
        ("Celotex v. Smith", 477, 317, 1986),  # the short name of the case, another party
    ],
)
def test_names_are_compared_party_by_party(services, name, volume, page, year):
    brief = case(f"{name}, {volume} U.S. {page} ({year})", name, volume, "U.S.", page, year)
    record = verify(table(brief), services.settings())[brief.key]
    assert record.verdict == NEEDS_ATTENTION and record.flags == ["name_mismatch"]


def test_bluebook_abbreviations_and_the_full_name_match(services):
    brief = case(
        "Clyde Reed v. Town of Gilbert, Ariz., 576 U.S. 155 (2015)",
        "Clyde Reed v. Town of Gilbert, Ariz.",
        576,
        "U.S.",
        155,
        2015,
    )
    record = verify(table(brief, ZERAN), services.settings())  # "Am." is "America"
    assert record[brief.key].verdict == VERIFIED and record[ZERAN.key].verdict == VERIFIED


def test_a_pinpoint_past_the_end_of_the_opinion(services):
    """ "129 F.3d 327, 9999" does not pass silently."""
    past = case(
        "Zeran v. Am. Online, Inc., 129 F.3d 327, 9999 (4th Cir. 1997)",
        "Zeran v. Am. Online, Inc.",
        129,
        "F.3d",
        327,
        1997,
        court="ca4",
        pin="9999",
    )
    record = verify(table(past), services.settings())[past.key]
    assert record.verdict == NEEDS_ATTENTION and record.flags == ["pinpoint_past_end"]
    assert record.reason.endswith("page 9999 is past the end of the opinion (327-335)")
    assert record.citations[0].verdict == NEEDS_ATTENTION


def test_a_short_cites_pin_is_checked(services):
    """A short cite's page is its pin (eyecite's ShortCiteMeta.pin): before the first page, past
    the end, or in the concurrence, which is fetched only when needed."""
    early = case(
        "Reed v. Town of Gilbert, 576 U.S. 155 (2015)",
        "Reed v. Town of Gilbert",
        576,
        "U.S.",
        155,
        2015,
        shorts=[short("576", "U.S.", "150"), short("576", "U.S.", "999"), short("576", "U.S.", "180")],
    )
    record = verify(table(early), services.settings())[early.key]
    verdicts = [(c.text, c.verdict) for c in record.citations]
    assert verdicts == [
        ("Reed v. Town of Gilbert, 576 U.S. 155 (2015)", VERIFIED),
        ("576 U.S. at 150", NEEDS_ATTENTION),
        ("576 U.S. at 999", NEEDS_ATTENTION),
        ("576 U.S. at 180", VERIFIED),
    ]
    assert record.verdict == NEEDS_ATTENTION and record.flags == ["pincite_before_first_page", "pinpoint_past_end"]
    # the concurrence
    assert [c.detail for c in record.citations[3].checks] == ["page 180 is within the opinion (155-184)"]
    assert len(cl_requests(services, "/opinions/")) == 2


def test_only_the_opinions_needed_are_fetched(services):
    verify(table(REED), services.settings())
    assert [r.target.split("?")[0] for r in cl_requests(services, "/opinions/")] == ["/api/rest/v4/opinions/28122091/"]


@pytest.mark.parametrize("court, year, flag", [("ca9", 1997, "court_mismatch"), ("ca4", 1999, "year_mismatch")])
def test_court_and_year_against_the_case_found(services, court, year, flag):
    brief = case(
        f"Zeran v. Am. Online, Inc., 129 F.3d 327 ({year})",
        "Zeran v. Am. Online, Inc.",
        129,
        "F.3d",
        327,
        year,
        court=court,
    )
    record = verify(table(brief), services.settings())[brief.key]
    assert record.verdict == NEEDS_ATTENTION and record.flags == [flag]
    if flag == "court_mismatch":
        assert record.reason == "the case was decided by the 4th Cir., not the 9th Cir."


def test_parallel_citations_against_the_cluster(services):
    right = case(
        "Reed v. Town of Gilbert, 576 U.S. 155, 135 S. Ct. 2218 (2015)",
        "Reed v. Town of Gilbert",
        576,
        "U.S.",
        155,
        2015,
        parallel=["135 S. Ct. 2218"],
    )
    wrong = case(
        "Reed v. Town of Gilbert, 576 U.S. 155, 135 S. Ct. 2300 (2015)",
        "Reed v. Town of Gilbert",
        576,
        "U.S.",
        155,
        2015,
        parallel=["135 S. Ct. 2300"],
    )
    result = verify(table(right), services.settings())
    assert result[right.key].verdict == VERIFIED and checks(result[right.key], "parallel", MATCH)
    result = verify(table(wrong), services.settings())
    assert result[wrong.key].flags == ["parallel_mismatch"]
    assert "does not match the case's 135 S. Ct. 2218" in result[wrong.key].reason
    assert b"135+S.+Ct.+2300" in cl_requests(services)[-1].body  # looked up in the same batch


def test_several_clusters_of_one_name_are_one_case(services):
    kelo = case("Kelo v. City of New London, 545 U.S. 469 (2005)", "Kelo v. City of New London", 545, "U.S.", 469, 2005)
    assert verify(table(kelo), services.settings())[kelo.key].verdict == VERIFIED


def test_several_cases_on_a_page_and_none_is_the_brief_s(services):
    other = case("Foster v. Chatman, 488 U.S. 984 (1988)", "Foster v. Chatman", 488, "U.S.", 984, 1988)
    record = verify(table(other), services.settings())[other.key]
    assert record.verdict == NEEDS_ATTENTION and record.flags == ["name_mismatch"]
    assert record.reason == (
        "at 488 U.S. 984 CourtListener has Lane v. Ohio (1988-12-12), Moore v. Oregon "
        "(1988-12-12); none of them is Foster v. Chatman"
    )


def test_a_case_found_by_name_under_another_citation(services):
    wrong = case(
        "Doe v. Internet Brands, Inc., 824 F.3d 900 (9th Cir. 2016)",
        "Doe v. Internet Brands, Inc.",
        824,
        "F.3d",
        900,
        2016,
        court="ca9",
    )
    record = verify(table(wrong), services.settings())[wrong.key]
    assert record.verdict == NEEDS_ATTENTION and record.flags == ["citation_mismatch"]
    assert record.reason == (
        "CourtListener has no case at 824 F.3d 900; it has Doe v. Internet Brands, Inc. "
        "(9th Cir., 2016-05-31) at 824 F.3d 846"
    )
    (search,) = [r for r in cl_requests(services, "/search/") if "case_name" in r.target]
    assert query(search) | {} == {
        "type": "o",
        "case_name": "Doe v. Internet Brands, Inc.",
        "court": "ca9",
        "filed_after": "2015-01-01",
        "filed_before": "2017-12-31",
        **{
            f"stat_{s}": "on"
            for s in ("Published", "Unpublished", "Errata", "Separate", "In-chambers", "Relating-to", "Unknown")
        },
    }


def test_courtlisteners_documented_gaps_are_not_verified_not_invented(services):
    riley = case("Riley v. California, 573 U.S. 373 (2014)", "Riley v. California", 573, "U.S.", 373, 2014)
    unknown = case("Nobody v. Nothing, 574 U.S. 999 (2014)", "Nobody v. Nothing", 574, "U.S.", 999, 2014)
    ghost = case("Ghost v. Phantom, 100 F.3d 1 (9th Cir. 1996)", "Ghost v. Phantom", 100, "F.3d", 1, 1996, court="ca9")
    result = verify(table(riley, unknown, ghost), services.settings())
    assert {result[k].verdict for k in (riley.key, unknown.key, ghost.key)} == {NOT_VERIFIED}
    assert result[riley.key].reason == (
        "CourtListener has no case at 573 U.S. 373, but has Riley v. California "
        "(SCOTUS, 2014-06-25) without a U.S. citation: check the citation by hand"
    )
    assert "#4290, #6889" in result[unknown.key].reason and "found no such decision" in result[unknown.key].reason
    assert "#339" in result[ghost.key].reason
    assert not any("invented" in result[k].reason for k in (riley.key, unknown.key, ghost.key))


def test_a_westlaw_citation_is_not_an_unknown_reporter_and_is_not_sent(services):
    rivas = case("Rivas v. State, 2021 WL 1093217 (Tex. App. 2021)", "Rivas v. State", 2021, "WL", 1093217, 2021)
    result = verify(table(rivas, REED), services.settings())
    record = result[rivas.key]
    assert record.verdict == NOT_VERIFIED and record.flags == []
    assert record.reason == "CourtListener does not hold WL (West Law Citation): verify by hand"
    assert all(b"WL" not in r.body for r in cl_requests(services))
    assert {"reason": record.reason, "authorities": [rivas.text], "fix": None} in result.to_dict()["not_verified"]


def test_subsequent_history_is_judged_never_sent_and_ignored(services):
    zeran = case(
        "Zeran v. Am. Online, Inc., 129 F.3d 327 (4th Cir. 1997), cert. denied, 524 U.S. 937 (1998)",
        "Zeran v. Am. Online, Inc.",
        129,
        "F.3d",
        327,
        1997,
        court="ca4",
        history=["524 U.S. 937", "999 B.R. 1", "1998 WL 123456"],
    )
    record = verify(table(zeran), services.settings())[zeran.key]
    history = [(c.status, c.detail) for c in checks(record, "history")]
    assert history == [
        (MISMATCH, "CourtListener has no case at the subsequent-history cite 524 U.S. 937"),
        (UNCHECKED, "subsequent history 999 B.R. 1 is not on CourtListener (CourtListener holds only part of B.R.)"),
        (UNCHECKED, "subsequent history 1998 WL 123456: CourtListener does not hold WL"),
    ]
    assert record.verdict == NEEDS_ATTENTION and record.flags == ["history_not_found"]
    assert b"999+B.R.+1" in cl_requests(services)[0].body and b"WL" not in cl_requests(services)[0].body


def test_offline_checks_without_token(services):
    old = case("Old v. Reporter, 100 F.3d 1 (1950)", "Old v. Reporter", 100, "F.3d", 1, 1950, court="ca9")
    court = case(
        "State v. Court, 10 Cal. Rptr. 3d 5 (N.Y. 2005)", "State v. Court", 10, "Cal. Rptr. 3d", 5, 2005, court="ny"
    )
    young = case("Circuit v. Time, 100 F.2d 1 (11th Cir. 1950)", "Circuit v. Time", 100, "F.2d", 1, 1950, court="ca11")
    unknown = case("Foo v. Bar, 12 Foo. Rptr. 3 (2001)", "Foo v. Bar", 12, "Foo. Rptr.", 3, 2001)
    pin = case(
        "Anderson v. Liberty Lobby, Inc., 477 U.S. 242, 240 (1986)",
        "Anderson",
        477,
        "U.S.",
        242,
        1986,
        pin="240",
        shorts=[short("478", "U.S.", "250")],
    )
    orphan = occ("short", None, "Jones, 123 F.3d at 45", paragraph=9)
    result = verify(
        table(old, court, young, unknown, pin, IMAGINARY, REED, unlinked=[orphan]), services.settings(token=None)
    )
    assert result[old.key].flags == ["year_outside_reporter_range"]
    assert result[court.key].flags == ["implausible_court"]
    assert result[young.key].flags == ["implausible_court"]  # the Eleventh Circuit dates from 1981
    assert result[unknown.key].flags == ["unknown_reporter"]
    assert result[pin.key].flags == ["pincite_before_first_page", "short_form_mismatch"]
    assert result[IMAGINARY.key].flags == ["future_year"]
    assert all(r.verdict == NEEDS_ATTENTION for k, r in result.records.items() if k != REED.key)
    clean = result[REED.key]  # nothing wrong offline, and nothing verified either
    assert clean.verdict == NOT_VERIFIED and clean.reason == "no CourtListener API token"
    assert all(c.summary_only for c in clean.all_checks())  # said once, in the summary
    assert [u.text for u in result.unlinked] == ["Jones, 123 F.3d at 45"]
    assert services.recorder.requests == []  # no token, no network


def test_citation_throttle_wait_until_is_honoured(services):
    services.cl_state.cite_window.append((services.clock() + 30, 60))  # window full for 30 more s
    result = verify(table(REED), services.settings())
    assert result[REED.key].verdict == VERIFIED
    assert services.clock.slept == [30.0]
    assert len(cl_requests(services)) == 2


def test_user_throttle_retry_after_is_honoured(services):
    services.cl_state.user_history.extend([services.clock() - 10] * 5)
    result = verify(table(REED), services.settings())
    assert result[REED.key].verdict == VERIFIED and services.clock.slept == [51.0]


def test_the_pace_of_five_requests_a_minute_is_kept_for_every_endpoint(services):
    """Lookups, searches and opinions share CourtListener's quota: the sixth request waits."""
    pins = [
        case(
            f"Reed v. Town of Gilbert, 576 U.S. 155, {p} (2015)",
            "Reed v. Town of Gilbert",
            576,
            "U.S.",
            155,
            2015,
            pin=str(p),
        )
        for p in (163,)
    ]
    others = [case(f"P{i} v. Q, {300 + i} U.S. 1 (1950)", f"P{i} v. Q", 300 + i, "U.S.", 1, 1950) for i in range(5)]
    verify(table(*pins, *others), services.settings())
    times = [t for t in services.cl_state.user_history]
    assert len(times) == 7  # a lookup, five name searches, one opinion
    assert all(b - a >= 0 for a, b in pairwise(times)) and times[5] - times[0] >= 60
    assert all(s > 0 for s in services.clock.slept)  # waited on its own side: the server never refused


def test_wait_longer_than_max_wait_is_not_verified(services):
    services.cl_state.user_history.extend([services.clock()] * 125)  # daily quota used up
    result = verify(table(REED), services.settings())
    assert result[REED.key].verdict == NOT_VERIFIED and "rate limit" in result[REED.key].reason
    assert services.clock.slept == []


def test_no_request_starts_after_the_deadline(services):
    result = verify(table(REED), services.settings(deadline=services.clock() - 1))
    assert result[REED.key].verdict == NOT_VERIFIED and "the time for this check ran out" in result[REED.key].reason
    assert services.recorder.requests == [] or all(
        "citation-lookup" not in r.target for r in services.recorder.requests
    )


def test_more_than_250_citations_split_and_paced(services):
    many = [case(f"{i} F.3d {i} (2000)", "", i, "F.3d", i, 2000) for i in range(1, 301)]
    services.cl_state.user_limits = ((100, 60),)
    # No read timeout: the fake answers a batch of 250 however long a loaded machine takes, so a
    # batch is never resent because of the machine's load ([250, 250, 50]).
    result = verify(table(*many), services.settings(max_wait=600, read_timeout=None))
    assert [len(x) for x in services.cl_state.lookups] == [250, 50]
    assert services.clock.slept == [250.0]  # 250 cites at 60/min hold the window for 250 s
    assert {checks(r, "existence")[0].detail.split(" (")[0] for r in result.records.values()} == {
        f"CourtListener has no case at {i} F.3d {i}" for i in range(1, 301)
    }


def test_per_item_429_is_resent(services, monkeypatch):
    monkeypatch.setattr("fakes.courtlistener.MAX_CITATIONS", 1)
    other = case("Ashcroft v. Iqbal", "Ashcroft v. Iqbal", 556, "U.S.", 662, 2009)
    result = verify(table(REED, other), services.settings(max_wait=600))
    assert result[other.key].verdict == VERIFIED and len(services.cl_state.lookups) == 2
    assert services.cl_state.lookups[1] == ["556 U.S. 662"]


def test_budget_reached_is_reported(services):
    result = verify(table(REED), services.settings(max_requests=0))
    assert result[REED.key].verdict == NOT_VERIFIED and result.budget_exhausted
    assert "request budget of 0 reached" in result[REED.key].reason


def test_bad_token_is_not_verified(services):
    result = verify(table(REED), services.settings(token="f" * 40))
    assert result[REED.key].verdict == NOT_VERIFIED and "401" in result[REED.key].reason


@pytest.mark.parametrize(
    "fault, reason, attempts",
    [
        ("timeout", "timeout", 3),
        ("500", "HTTP 500", 3),
        ("malformed", "malformed response", 1),
        ("truncated", "truncated", 1),
    ],
)
def test_network_faults_end_not_verified(services, fault, reason, attempts):
    services.cl_state.fault = fault
    result = verify(table(REED, IMAGINARY), services.settings(read_timeout=FAULT_TIMEOUT))
    assert result[REED.key].verdict == NOT_VERIFIED and reason in result[REED.key].reason
    imaginary = result[IMAGINARY.key]  # offline checks survive
    assert imaginary.verdict == NEEDS_ATTENTION and imaginary.flags == ["future_year"]
    assert reason in checks(imaginary, "existence", UNCHECKED)[0].detail
    assert len(cl_requests(services)) == attempts


def test_transient_5xx_is_retried(services):
    services.cl_state.fault, services.cl_state.fault_times = "502", 1
    result = verify(table(REED), services.settings())
    assert result[REED.key].verdict == VERIFIED and len(cl_requests(services)) == 2
    assert len(services.clock.slept) == 1 and services.clock.slept[0] < 0.05


def test_connection_refused(services, dead_url):
    result = verify(table(REED), services.settings(courtlistener_url=dead_url))
    assert result[REED.key].verdict == NOT_VERIFIED and "connection failed" in result[REED.key].reason


def test_kept_cache_answers_then_no_request(services, tmp_path):
    settings = services.settings(keep_cache=True, cache_path=tmp_path / "c.sqlite3")
    verify(table(REED, IMAGINARY), settings)
    services.cl_state.fault = "500"  # would fail if asked again
    before = len(services.recorder.requests)
    again = verify(table(REED, IMAGINARY), settings)
    assert again[REED.key].verdict == VERIFIED and again[REED.key].details["cached"]
    assert again[IMAGINARY.key].flags == ["future_year", "not_found"]  # lookup and search cached for a day
    assert len(services.recorder.requests) == before
    services.clock.now += 2 * 86400
    later = verify(table(REED, IMAGINARY), settings)
    assert later[REED.key].verdict == VERIFIED  # a found case and its opinion are kept 30 days
    assert later[IMAGINARY.key].flags == ["future_year"]
    assert "HTTP 500" in checks(later[IMAGINARY.key], "existence", UNCHECKED)[0].detail


def test_errors_are_not_cached(services, tmp_path):
    settings = services.settings(keep_cache=True, cache_path=tmp_path / "c.sqlite3")
    services.cl_state.fault = "malformed"
    assert verify(table(REED), settings)[REED.key].verdict == NOT_VERIFIED
    services.cl_state.fault = None
    assert verify(table(REED), settings)[REED.key].verdict == VERIFIED


# -- precedential status -------------------------------------------------------------------------
UNPUBLISHED = {
    "id": 7001,
    "case_name": "Ortega v. Blackwell",
    "date_filed": "2019-03-04",
    "court_id": "ca9",
    "precedential_status": "Unpublished",
    "citations": [{"volume": "912", "reporter": "F.3d", "page": "100", "type": 1}],
}


def ortega(text: str, paragraph: int = 0):
    return case(text, "Ortega v. Blackwell", 912, "F.3d", 100, 2019, court="ca9", paragraph=paragraph)


def test_an_unpublished_opinion_cited_as_precedent_needs_attention(services, monkeypatch):
    monkeypatch.setattr(services.cl_state, "clusters", [*services.cl_state.clusters, UNPUBLISHED])
    plain = ortega("Ortega v. Blackwell, 912 F.3d 100 (9th Cir. 2019)")
    said = ortega("Ortega v. Blackwell, 912 F.3d 100 (9th Cir. 2019) (mem. op., not designated for publication)")
    found = verify(table(plain), services.settings())[plain.key]
    assert found.verdict == NEEDS_ATTENTION and found.flags == ["not_precedential"]
    assert "lists Ortega v. Blackwell as an unpublished (non-precedential) opinion" in found.reason
    assert found.details["precedential_status"] == "Unpublished"
    marked = verify(table(said), services.settings())[said.key]
    assert marked.verdict == VERIFIED
    assert [c.status for c in marked.checks if c.dimension == "precedential"] == [MATCH]


def test_a_published_opinion_adds_no_precedential_check(services):
    found = verify(table(REED), services.settings())[REED.key]
    assert found.verdict == VERIFIED and not [c for c in found.all_checks() if c.dimension == "precedential"]


def test_the_brief_says_unpublished_after_the_cite_or_by_its_reporter():
    from toa.model import Document, Paragraph
    from toa.verify.cases_offline import marked_unpublished

    text = "See Ortega v. Blackwell, 912 F.3d 100 (9th Cir. 2019) (unpublished) (holding so)."
    start = text.index("Ortega")
    cited = ortega(text[start : text.index(" (unpublished)")])
    cited.occurrences[0].start, cited.occurrences[0].end = start, text.index(" (unpublished)")
    document = Document("brief.docx", [Paragraph(0, "body", text)], [])
    assert marked_unpublished(cited, document) and not marked_unpublished(cited, None)
    later = Document(
        "brief.docx", [Paragraph(0, "body", text.replace(" (unpublished) (holding so)", ". (unpublished)"))], []
    )
    assert not marked_unpublished(cited, later)  # a parenthetical of another sentence says nothing of it
    appendix = case("Doe v. Roe, 700 F. App'x 12 (9th Cir. 2017)", "Doe v. Roe", 700, "F. App'x", 12, 2017)
    assert marked_unpublished(appendix, None)
    assert not marked_unpublished(ortega("Ortega v. Blackwell, 912 F.3d 100 (9th Cir. 2019) (en banc)"), None)
    assert marked_unpublished(ortega("Ortega v. Blackwell, 912 F.3d 100 (9th Cir. 2019, unpublished)"), None)
    explained = text.replace("(unpublished) (holding so)", "(holding that an unpublished table of fees binds)")
    document = Document("brief.docx", [Paragraph(0, "body", explained)], [])
    assert not marked_unpublished(cited, document)  # words of an explanation, not a mark
