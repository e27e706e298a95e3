"""Statutes, regulations, rules, Constitution, Federal Register: tiers, pinpoints, quotes, faults."""

from __future__ import annotations

from datetime import date

import pytest

from builders import cfr, const, fed_reg, provision, rule, table, usc
from fakes.services import FAULT_TIMEOUT
from toa.verify import verify
from toa.verify.records import NEEDS_ATTENTION, NOT_VERIFIED, VERIFIED

Q_C1 = (
    "No provider or user of an interactive computer service shall be treated as the publisher or speaker of any "
    "information provided by another information content provider."
)


def run(services, *auths, **settings):
    return verify(table(*auths), services.settings(**settings))


def hosts(services, needle):
    return [r.target for r in services.recorder.requests if needle in r.target]


def test_clean_usc_pinpoint_and_quote(services):
    a = provision(
        "47 U.S.C. § 230(c)(1)",
        "statutes",
        [
            usc(
                "47",
                "230",
                "(c)(1)",
                "\u201c[n]o provider or user "
                "of an interactive computer service shall be treated as the publisher . . . of any "
                "information\u201d",
            )
        ],
    )
    rec = run(services, a)[a.key]
    unit = rec.units[0]
    assert (rec.verdict, rec.flags) == (VERIFIED, [])
    assert [(c.dimension, c.status) for c in unit.checks] == [
        ("existence", "match"),
        ("pinpoint", "match"),
        ("version", "match"),
        ("quotation", "match"),
    ]
    assert (unit.existence, unit.version, unit.quotation, unit.pinpoint) == (
        "confirmed",
        "confirmed-for-date",
        "matched",
        "confirmed",
    )
    assert unit.evidence_paths[0].endswith("/uscode/text/47/230#c_1") and unit.coverage == "LII U.S. Code (current)"


def test_nonexistent_subsection_is_never_green(services):
    a = provision("47 U.S.C. § 230(c)(4)", "statutes", [usc("47", "230", "(c)(4)")])
    rec = run(services, a)[a.key]
    assert rec.verdict == NEEDS_ATTENTION and rec.flags == ["subsection_not_found"]
    assert rec.units[0].pinpoint == "not_found" and rec.units[0].verdict == NEEDS_ATTENTION
    assert rec.reason == (
        "47 U.S.C. § 230(c)(4): the cited subdivision does not exist (§ 230(c) has (1) and (2); the brief cites (c)(4))"
    )


@pytest.mark.parametrize(
    ("where", "source"), [("lii-chrome-only", "OLRC"), ("lii-down", "OLRC"), ("lii-and-olrc-down", "GovInfo")]
)
def test_a_fabricated_subsection_from_the_official_code_is_never_green(services, where, source):
    """§ 230(c)(4) when LII fails and the official U.S. Code answers (OLRC's, or GovInfo's when
    OLRC is down too): its paragraphs are read for their structure, which has no (c)(4)."""
    if where == "lii-chrome-only":
        services.lii_state.chrome_only.add("/uscode/text/47/230")
    else:
        services.lii_state.faults["/uscode/text/47/230"] = "500"
    services.official_state.olrc_maintenance = where == "lii-and-olrc-down"
    a = provision("47 U.S.C. § 230(c)(4)", "statutes", [usc("47", "230", "(c)(4)")])
    rec = run(services, a)[a.key]
    assert rec.verdict == NEEDS_ATTENTION and rec.flags == ["subsection_not_found"]
    assert rec.reason == (
        "47 U.S.C. § 230(c)(4): the cited subdivision does not exist (§ 230(c) has (1) and (2); the brief cites (c)(4))"
    )
    assert (
        rec.units[0]
        .coverage.split("; ")[-1]
        .startswith({"OLRC": "current U.S. Code (OLRC", "GovInfo": "U.S. Code, most recent edition (GovInfo)"}[source])
    )


def test_an_unreadable_structure_from_govinfo_is_pinpoint_not_verified(services):
    """LII and OLRC down, GovInfo answers with a section whose enumerators stand inside a sentence:
    the cited (b) is neither confirmed nor called invented."""
    services.lii_state.faults["/uscode/text/15/78j"] = "500"
    services.official_state.olrc_maintenance = True
    a = provision("15 U.S.C. § 78j(b)", "statutes", [usc("15", "78j", "(b)")])
    rec = run(services, a)[a.key]
    assert rec.verdict == NOT_VERIFIED and rec.units[0].pinpoint == "unverified"
    assert rec.reason == (
        "15 U.S.C. § 78j(b): pinpoint not verified (GovInfo shows no structure of the section to find (b) in)"
    )


def test_a_section_without_subdivisions_has_no_subsection(services):
    """42 U.S.C. § 1983 on LII: a page without subsection anchors, whose text has no subdivision
    at all: (a)(2) does not exist."""
    a = provision("42 U.S.C. § 1983(a)(2)", "statutes", [usc("42", "1983", "(a)(2)")])
    rec = run(services, a)[a.key]
    assert rec.verdict == NEEDS_ATTENTION and rec.flags == ["subsection_not_found"]
    assert rec.reason == (
        "42 U.S.C. § 1983(a)(2): the cited subdivision does not exist (§ 1983 has no subdivision (a)(2))"
    )


def test_a_structure_that_cannot_be_read_is_pinpoint_not_verified(services):
    """Enumerators only inside sentences: the structure is not read, so the pinpoint is not
    verified (never green, never called invented)."""
    a = provision("15 U.S.C. § 78j(b)", "statutes", [usc("15", "78j", "(b)")])
    rec = run(services, a)[a.key]
    assert rec.verdict == NOT_VERIFIED and rec.units[0].pinpoint == "unverified"
    assert rec.reason == (
        "15 U.S.C. § 78j(b): pinpoint not verified (LII shows no structure of the section to find (b) in)"
    )


def test_quote_mismatch_and_other_subsection(services):
    wrong = provision(
        "47 U.S.C. § 230(c)(2)",
        "statutes",
        [
            usc("47", "230", "(c)(2)", "No provider shall ever be liable for anything it publishes."),
            usc("47", "230", "(c)(2)", Q_C1),
        ],
    )
    rec = run(services, wrong)[wrong.key]
    first, second = rec.units
    assert first.quotation == "mismatch" and first.quotation_similarity < 0.8
    assert second.quotation == "attribution-unverified" and "quotation_in_other_subsection" in second.flags
    assert rec.verdict == NEEDS_ATTENTION and rec.flags == ["quotation_mismatch", "quotation_in_other_subsection"]
    assert len(hosts(services, "/uscode/text/47/230")) == 1  # duplicate units share one fetch
    assert [u.unit_id for u in rec.units] == ["u1", "u2"]


def test_chrome_only_lii_falls_back_to_olrc(services):
    services.lii_state.chrome_only.add("/uscode/text/26/7999")
    a = provision("26 U.S.C. § 7999", "statutes", [usc("26", "7999")])
    rec = run(services, a)[a.key]
    assert rec.verdict == VERIFIED and "uscode" not in rec.units[0].source_url.split("?")[0][-20:]
    assert rec.units[0].coverage.startswith(
        "LII U.S. Code (current); current U.S. Code (OLRC, prelim) through 2026-04-13"
    )


def test_olrc_maintenance_falls_back_to_govinfo(services):
    services.official_state.olrc_maintenance = True
    a = provision("26 U.S.C. § 7999", "statutes", [usc("26", "7999")])
    rec = run(services, a)[a.key]
    assert rec.verdict == VERIFIED and "/link/uscode/26/7999" in rec.units[0].source_url


def test_all_tiers_failing_is_not_verified_never_not_found(services):
    services.official_state.olrc_maintenance = True
    services.official_state.govinfo_faults["/link/uscode"] = "Content File Not Found"
    a = provision("26 U.S.C. § 7999", "statutes", [usc("26", "7999")])
    rec = run(services, a)[a.key]
    assert rec.verdict == NOT_VERIFIED
    assert rec.units[0].unresolved_reason == (
        "LII: LII has no such page (404); OLRC: uscode.house.gov is under "
        "maintenance; GovInfo: GovInfo: Content File Not Found"
    )


def test_invented_section_not_found_in_scope(services):
    a = provision("18 U.S.C. § 9999", "statutes", [usc("18", "9999")])
    rec = run(services, a)[a.key]
    assert rec.verdict == NEEDS_ATTENTION and rec.flags == ["not_found"]
    assert rec.units[0].existence == "not-found-in-verified-scope"
    assert "OLRC" in rec.units[0].coverage and not hosts(services, "/link/uscode")  # OLRC's word is final


def test_a_negative_names_only_the_sources_that_answered(services):
    services.lii_state.faults["/uscode/text/18/9999"] = "500"  # LII down: it searched nothing
    a = provision("18 U.S.C. § 9999", "statutes", [usc("18", "9999")])
    rec = run(services, a)[a.key]
    assert rec.reason == "18 U.S.C. § 9999 was not found in current U.S. Code (OLRC, prelim)"
    assert "LII" not in rec.reason


def test_lii_faults_fall_back(services):
    services.lii_state.faults["/uscode/text/47/230"] = "truncated"
    services.lii_state.faults["/uscode/text/42/1983"] = "500"
    a = provision("47 U.S.C. § 230", "statutes", [usc("47", "230", "(c)(1)")])
    b = provision("42 U.S.C. § 1983", "statutes", [usc("42", "1983")])
    result = run(services, a, b)
    assert result[a.key].verdict == VERIFIED and "OLRC" in result[a.key].units[0].coverage
    assert result[a.key].units[0].pinpoint == "confirmed"  # from OLRC's enumerated paragraphs
    assert result[b.key].verdict == VERIFIED
    assert len(hosts(services, "/uscode/text/42/1983")) == 3  # 5xx retried twice


def test_everything_down(services, dead_url):
    a = provision("47 U.S.C. § 230", "statutes", [usc("47", "230")])
    c = provision("29 C.F.R. § 1910.95", "rules_regulations", [cfr("29", "1910.95")])
    result = run(services, a, c, lii_url=dead_url, uscode_url=dead_url, govinfo_url=dead_url, ecfr_url=dead_url)
    assert result[a.key].verdict == NOT_VERIFIED and result[c.key].verdict == NOT_VERIFIED
    assert "connection failed" in result[a.key].reason


def test_a_host_answering_404_to_everything_is_down_not_a_negative(services):
    """Issue 20: behind a proxy or a captive portal, or with a wrong base URL, every source
    answered 404 and 42 U.S.C. § 1983 came out NOT_FOUND ("may be ... invented"). A 404 that is
    not the source's own page says nothing about the section: unresolved, with the reason."""
    from test_cases import REED

    nowhere = services.nowhere.url
    a = provision("42 U.S.C. § 1983", "statutes", [usc("42", "1983")])
    c = provision("29 C.F.R. § 1910.95", "rules_regulations", [cfr("29", "1910.95")])
    result = run(
        services,
        REED,
        a,
        c,
        courtlistener_url=nowhere,
        lii_url=nowhere,
        uscode_url=nowhere,
        govinfo_url=nowhere,
        ecfr_url=nowhere,
    )
    assert {r.verdict for r in result.records.values()} == {NOT_VERIFIED}
    assert "OLRC: HTTP 404 from a page that is not OLRC's" in result[a.key].reason
    assert "GovInfo: HTTP 404" in result[a.key].reason and "eCFR: HTTP 404" in result[c.key].reason


def test_a_source_that_finds_nothing_gives_no_negative(services):
    """A source that answers its own "not found" to everything (a lost index, a changed address
    scheme) is down: it must find a section that exists before its "not found" counts."""
    services.official_state.finds_nothing = True
    a = provision("42 U.S.C. § 1983", "statutes", [usc("42", "1983")])
    c = provision("40 C.F.R. § 9999.1", "rules_regulations", [cfr("40", "9999.1")])
    result = run(services, a, c, lii_url=services.nowhere.url)
    assert result[a.key].verdict == NOT_VERIFIED and result[c.key].verdict == NOT_VERIFIED
    reason = result[a.key].units[0].unresolved_reason
    assert "OLRC: OLRC: document not found, but OLRC does not find 1 U.S.C. § 1 either" in reason
    assert "GovInfo: GovInfo: no results found, but GovInfo does not find 1 U.S.C. § 1 either" in reason
    assert "eCFR does not find 1 C.F.R. § 1.1 either" in result[c.key].reason
    services.official_state.finds_nothing = False  # the same sources, sound again: their negatives count
    invented = provision("18 U.S.C. § 9999", "statutes", [usc("18", "9999")])
    assert run(services, invented, c)[invented.key].flags == ["not_found"]


def test_timeouts_end_not_verified(services):
    services.lii_state.faults["/rules/frcp/rule_56"] = "timeout"
    a = provision("Fed. R. Civ. P. 56", "rules_regulations", [rule("Fed. R. Civ. P.", "56")])
    rec = run(services, a, read_timeout=FAULT_TIMEOUT)[a.key]
    assert rec.verdict == NOT_VERIFIED and "timeout" in rec.reason


def test_a_repealed_or_transferred_section_needs_attention_with_where_it_went(services):
    """LII marks a section no longer law with a status; the note says where a transferred one went."""
    repealed = provision("15 U.S.C. § 79a", "statutes", [usc("15", "79a")])
    moved = provision("42 U.S.C. § 1973", "statutes", [usc("42", "1973")])
    result = run(services, repealed, moved)
    assert (result[repealed.key].verdict, result[repealed.key].flags) == (NEEDS_ATTENTION, ["repealed"])
    assert result[repealed.key].reason == "15 U.S.C. § 79a is repealed"
    assert (result[moved.key].verdict, result[moved.key].flags) == (NEEDS_ATTENTION, ["transferred"])
    assert result[moved.key].reason == "42 U.S.C. § 1973 was transferred (now section 10301 of Title 52)"


def test_the_official_code_says_a_section_was_transferred_too(services):
    """LII down: OLRC's heading ("§1973. Transferred") and its note say the same."""
    services.lii_state.faults["/uscode/text/42/1973"] = "500"
    moved = provision("42 U.S.C. § 1973", "statutes", [usc("42", "1973")])
    rec = run(services, moved)[moved.key]
    assert (rec.verdict, rec.flags) == (NEEDS_ATTENTION, ["transferred"]) and "OLRC" in rec.units[0].coverage
    assert rec.reason == "42 U.S.C. § 1973 was transferred (now section 10301 of Title 52)"


def test_cfr_lii_then_ecfr(services):
    ok = provision(
        "29 C.F.R. § 1910.95(b)(1)",
        "rules_regulations",
        [cfr("29", "1910.95", "(b)(1)", "feasible administrative or engineering controls shall be utilized")],
    )
    bad_pin = provision("29 C.F.R. § 1910.95(d)", "rules_regulations", [cfr("29", "1910.95", "(d)")])
    missing = provision("40 C.F.R. § 9999.1", "rules_regulations", [cfr("40", "9999.1")])
    # "(c) Hearing conservation program. (1) The employer ...": (c)(1) follows its parent's heading
    headed = provision("29 C.F.R. § 1910.95(c)(1)", "rules_regulations", [cfr("29", "1910.95", "(c)(1)")])
    result = run(services, ok, bad_pin, missing, headed)
    unit = result[ok.key].units[0]
    assert (unit.pinpoint, unit.quotation, unit.version) == ("confirmed", "matched", "confirmed-for-date")
    assert result[headed.key].verdict == VERIFIED and result[headed.key].units[0].pinpoint == "confirmed"
    assert result[bad_pin.key].flags == ["subsection_not_found"] and result[bad_pin.key].verdict == NEEDS_ATTENTION
    assert result[missing.key].flags == ["not_found"]
    assert "eCFR as of 2026-08-27" in result[missing.key].units[0].coverage
    services.lii_state.chrome_only.add("/cfr/text/29/1910.95")
    again = run(services, ok, bad_pin, headed)
    assert again[ok.key].verdict == VERIFIED and again[headed.key].verdict == VERIFIED
    assert "/api/versioner/v1/full/2026-08-27/title-29.xml" in again[ok.key].units[0].source_url
    # from eCFR too, a fabricated paragraph is never green
    assert again[bad_pin.key].verdict == NEEDS_ATTENTION and again[bad_pin.key].flags == ["subsection_not_found"]
    assert "eCFR" in again[bad_pin.key].units[0].coverage


def test_rules_and_constitution(services):
    fifty_six = provision(
        "Fed. R. Civ. P. 56(a)",
        "rules_regulations",
        [rule("Fed. R. Civ. P.", "56", "(a)", "no genuine dispute as to any material fact")],
    )
    bad_rule = provision("Fed. R. Civ. P. 56(k)", "rules_regulations", [rule("Fed. R. Civ. P.", "56", "(k)")])
    local = provision("N.D. Cal. L.R. 7-2", "rules_regulations", [rule("N.D. Cal. L.R.", "7-2")])
    amend = provision(
        "U.S. Const. amend. XIV, § 1",
        "constitutional",
        [const("amend", "XIV", "1", "nor deny to any person within its jurisdiction the equal protection of the laws")],
    )
    no_such = provision("U.S. Const. amend. XXVIII", "constitutional", [const("amend", "XXVIII")])
    bad_section = provision("U.S. Const. art. III, § 7", "constitutional", [const("art", "III", "7")])
    result = run(services, fifty_six, bad_rule, local, amend, no_such, bad_section)
    assert result[fifty_six.key].verdict == VERIFIED and result[fifty_six.key].units[0].quotation == "matched"
    assert result[bad_rule.key].flags == ["subsection_not_found"]
    assert result[local.key].verdict == NOT_VERIFIED
    assert result[local.key].reason == "no source for this rule set"
    assert result[amend.key].verdict == VERIFIED and result[amend.key].units[0].quotation == "matched"
    assert result[no_such.key].flags == ["not_found"]
    assert "subsection_not_found" in result[bad_section.key].flags
    assert len(hosts(services, "/constitution/")) == 1  # only the quotation needed text


def test_four_digit_rules(services):
    """Fed. R. Evid. 1001-1103 and the Bankruptcy Rules (7056) have four digits: they are asked for, and a
    subdivision that does not exist is still caught."""
    evidence = provision("Fed. R. Evid. 1001(a)", "rules_regulations", [rule("Fed. R. Evid.", "1001", "(a)")])
    bankruptcy = provision("Fed. R. Bankr. P. 7056", "rules_regulations", [rule("Fed. R. Bankr. P.", "7056")])
    bad_sub = provision("Fed. R. Evid. 1001(z)", "rules_regulations", [rule("Fed. R. Evid.", "1001", "(z)")])
    missing = provision("Fed. R. Bankr. P. 9999", "rules_regulations", [rule("Fed. R. Bankr. P.", "9999")])
    result = run(services, evidence, bankruptcy, bad_sub, missing)
    assert result[evidence.key].verdict == VERIFIED
    assert result[bankruptcy.key].verdict == VERIFIED
    assert result[bad_sub.key].flags == ["subsection_not_found"]
    assert result[missing.key].verdict == NOT_VERIFIED  # one source for rules: a 404 there is not proof


def test_federal_register(services):
    fr = provision("85 Fed. Reg. 12345 (Mar. 4, 2020)", "administrative", [fed_reg("85", "12345", "2020-03-04")])
    wrong = provision("85 Fed. Reg. 12345 (Mar. 5, 2020)", "administrative", [fed_reg("85", "12345", "2020-03-05")])
    bisect = provision("86 Fed. Reg. 5000", "administrative", [fed_reg("86", "5000")])
    services.official_state.govinfo_faults["/link/fr/86"] = "Content File Not Found"
    result = run(services, fr, bisect)
    assert result[fr.key].verdict == VERIFIED and result[fr.key].units[0].version == "confirmed-for-date"
    assert result[bisect.key].verdict == VERIFIED
    assert result[bisect.key].units[0].source_url == "https://www.federalregister.gov/d/2021-00049"
    assert len(hosts(services, "/api/v1/documents.json")) <= 10
    # the same notice cited with another date (one key, so a run of its own)
    assert run(services, wrong)[wrong.key].flags == ["wrong_date"]
    gap = provision("86 Fed. Reg. 1075", "administrative", [fed_reg("86", "1075")])
    assert run(services, gap)[gap.key].flags == ["not_found"]


def test_wrong_date_and_unresolved_version(services):
    later = provision("47 U.S.C. § 230 (2030)", "statutes", [usc("47", "230", edition="2030")])
    before = provision("47 U.S.C. § 230", "statutes", [usc("47", "230")])
    result = verify(table(later), services.settings())
    assert result[later.key].flags == ["wrong_date"]
    # § 230 was amended in 1998: neither edition of the Code answers, so its text of 1997 is not known
    services.official_state.olrc_maintenance = True
    services.official_state.govinfo_faults["/link/uscode"] = "Content File Not Found"
    early = verify(table(before), services.settings(as_of=date(1997, 1, 1)))[before.key]
    assert early.units[0].version == "unresolved" and "amended after 1997-01-01" in early.units[0].unresolved_reason
    assert early.verdict == NOT_VERIFIED and "version for 1997-01-01 not verified" in early.reason
    assert "the 1996 edition: OLRC: uscode.house.gov is under maintenance; GovInfo: GovInfo: Content File" in (
        early.reason
    )
    # enacted in 1996: cited as of 1995, the date is wrong
    services.reset()
    assert verify(table(before), services.settings(as_of=date(1995, 6, 1)))[before.key].flags == ["wrong_date"]


S227_THEN = "without the prior express consent of the called party"
S227_NOW = "without the prior express written consent of the called party"


def s227(quoted: str):
    return provision("47 U.S.C. § 227(b)(1)(A)", "statutes", [usc("47", "227", "(b)(1)(A)", f"\u201c{quoted}\u201d")])


@pytest.mark.parametrize(
    ("as_of", "editions"),
    [
        (date(2018, 6, 1), [2017]),  # the edition of the year before the date
        (date(2015, 12, 1), [2014, 2015]),  # the amendment of Nov. 2, 2015 is not in the 2014 edition
        (date(2020, 1, 1), [2019, 2018]),  # the 2019 edition holds the amendment of Jan. 3, 2020
    ],
)
def test_a_statute_as_of_a_date_is_read_from_the_code_edition_of_that_date(services, as_of, editions):
    """47 U.S.C. § 227(b)(1)(A) was amended on Jan. 3, 2020 (in the fakes): as of a date before, the
    main edition of the U.S. Code that holds that date's text is fetched (OLRC's), and the pinpoint,
    version and quotation are checked against it."""
    rec = run(services, s227(S227_THEN), as_of=as_of)[s227(S227_THEN).key]
    unit = rec.units[0]
    assert rec.verdict == VERIFIED
    assert (unit.version, unit.pinpoint, unit.quotation) == ("confirmed-for-date", "confirmed", "matched")
    assert unit.source_url.endswith(f"edition:{editions[-1]})")
    assert f"U.S. Code, {editions[-1]} main edition (OLRC)" in unit.coverage
    assert [int(t[-5:-1]) for t in hosts(services, "edition:")] == editions
    rec = run(services, s227(S227_NOW), as_of=as_of)[s227(S227_NOW).key]
    assert rec.verdict == NEEDS_ATTENTION and rec.flags == ["quotation_mismatch"]


def test_a_statute_not_amended_since_the_date_is_read_from_today_s_text(services):
    rec = run(services, s227(S227_NOW), as_of=date(2020, 3, 1))[s227(S227_NOW).key]
    assert rec.verdict == VERIFIED and rec.units[0].version == "confirmed-for-date"
    rec = run(services, s227(S227_THEN))[s227(S227_THEN).key]
    assert rec.flags == ["quotation_mismatch"]
    assert not hosts(services, "edition:")


def test_govinfo_annual_edition_when_olrc_is_down(services):
    """OLRC under maintenance: GovInfo's annual edition (USCODE, by year) gives the date's text."""
    services.official_state.olrc_maintenance = True
    then = s227(S227_THEN)
    rec = run(services, then, as_of=date(2018, 6, 1))[then.key]
    unit = rec.units[0]
    assert rec.verdict == VERIFIED and (unit.version, unit.quotation) == ("confirmed-for-date", "matched")
    assert unit.source_url.endswith("/link/uscode/47/227?year=2017&type=usc&link-type=html")
    assert "U.S. Code, 2017 edition (GovInfo)" in unit.coverage
    # an edition that does not print the subdivision: the pinpoint of that date needs attention
    services.official_state.olrc_maintenance = False
    wrong = provision("47 U.S.C. § 227(b)(1)(C)", "statutes", [usc("47", "227", "(b)(1)(C)")])
    rec = run(services, wrong, as_of=date(2018, 6, 1))[wrong.key]
    assert rec.verdict == NEEDS_ATTENTION and rec.flags == ["subsection_not_found"]


def test_budget_exhausted_is_not_verified(services):
    a = provision("47 U.S.C. § 230", "statutes", [usc("47", "230")])
    result = run(services, a, max_requests=0)
    assert result[a.key].verdict == NOT_VERIFIED and result.budget_exhausted
    assert result.notes == ["request budget of 0 reached: the authorities left were not verified"]


def test_source_cache(services, tmp_path):
    a = provision("47 U.S.C. § 230", "statutes", [usc("47", "230")])
    settings = dict(keep_cache=True, cache_path=tmp_path / "c.sqlite3")
    run(services, a, **settings)
    services.lii_state.maintenance = True
    assert run(services, a, **settings)[a.key].verdict == VERIFIED
    assert len(hosts(services, "/uscode/text/47/230")) == 1


def test_progress_callback(services):
    from test_cases import REED

    seen = []
    a = provision("47 U.S.C. § 230", "statutes", [usc("47", "230")])
    verify(table(REED, a), services.settings(), progress=lambda stage, done, total: seen.append((stage, done, total)))
    assert seen == [("offline", 2, 2), ("courtlistener", 1, 1), ("provisions", 1, 1)]


FCRA_JUNE = "knows or has reasonable cause to believe that the information is inaccurate."


def fcra():
    return provision(
        "15 U.S.C. § 1681s-2(a)(1)", "statutes", [usc("15", "1681s-2", "(a)(1)", f"\u201c{FCRA_JUNE}\u201d")]
    )


@pytest.mark.parametrize(
    ("limits", "reason"),
    [
        ({"release_point_max_zip": 1000}, "the file is over the size limit (1,000 bytes)"),
        ({"release_point_max_xml": 2000}, "the title's XML is over the size limit (2,000 bytes)"),
    ],
)
def test_a_title_over_its_size_limit_is_not_read(services, limits, reason):
    """A title's zip larger than its limit is not downloaded to its end, and one that unpacks to
    more than its limit (a zip bomb) is not unpacked: not verified, with the reason."""
    rec = run(services, fcra(), as_of=date(2021, 6, 1), **limits)[fcra().key]
    assert rec.verdict == NOT_VERIFIED and f"OLRC's release points: {reason}" in rec.reason
    rec = run(services, fcra(), as_of=date(2021, 6, 1))[fcra().key]
    assert rec.verdict == VERIFIED


def test_release_points_under_maintenance(services):
    """uscode.house.gov's maintenance notice (a 200) covers its downloads too: neither the editions
    nor the release points answer, and the version of that date is not verified."""
    services.official_state.olrc_maintenance = True
    rec = run(services, fcra(), as_of=date(2021, 6, 1))[fcra().key]
    assert rec.verdict == NOT_VERIFIED
    assert "OLRC's release points: the list of release points: uscode.house.gov is under maintenance" in rec.reason
    assert not hosts(services, ".zip")


@pytest.mark.parametrize("endpoint", ["titles", "versions"])
def test_ecfr_answering_an_empty_list_is_unresolved_not_a_traceback(services, endpoint):
    """Issue 28: eCFR's titles or versions answering `[]` (JSON, but not the object its API
    documents) ended in a traceback. It is an answer that says nothing: the section is
    unresolved with eCFR's reason, never "not found", and a found text stays found."""
    services.official_state.ecfr_faults[endpoint] = "list"
    services.lii_state.chrome_only.update({"/cfr/text/29/1910.95", "/cfr/text/40/9999.1"})
    real = provision("29 C.F.R. § 1910.95", "rules_regulations", [cfr("29", "1910.95")])
    invented = provision("40 C.F.R. § 9999.1", "rules_regulations", [cfr("40", "9999.1")])
    result = run(services, real, invented)
    assert result[invented.key].verdict == NOT_VERIFIED and result[invented.key].flags != ["not_found"]
    assert "eCFR: eCFR answered without its list of" in result[invented.key].units[0].unresolved_reason
    if endpoint == "titles":
        assert result[real.key].verdict == NOT_VERIFIED
    else:  # the text was read; only its dates of amendment are missing
        assert "/api/versioner/v1/full/" in result[real.key].units[0].source_url
