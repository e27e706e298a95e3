from recognized import full, keys
from toa.keys import BillKey, CongressionalRecordKey, HearingKey, ReportKey, StateBillKey
from toa.meta import BillAnalysisMeta


def test_old_style_report_normalised_to_congress_number(run):
    (o,) = full(run("H.R. Rep. No. 1023, 95th Cong., 1st Sess. 7-8 (1977)."))
    assert o.key == ReportKey("H.R. Rep.", "95-1023")
    assert o.display == "H.R. Rep. No. 1023, 95th Cong., 1st Sess. (1977)"
    assert o.category == "legislative"
    assert keys(run("H.R. Rep. No. 95-1023, at 3 (1977)")) == [ReportKey("H.R. Rep.", "95-1023")]


def test_senate_report_pin_dropped(run):
    (o,) = full(run("S. Rep. No. 111-176, at 44 (2010)"))
    assert o.display == "S. Rep. No. 111-176 (2010)"
    assert o.text == "S. Rep. No. 111-176, at 44 (2010)"


def test_spaced_house_abbreviation_and_documents(run):
    assert keys(run("H. R. Rep. No. 212, 101st Cong., 2d Sess. 4 (1990)")) == [ReportKey("H.R. Rep.", "101-212")]
    assert keys(run("S. Doc. No. 112-7, at 3 (2012)")) == [ReportKey("S. Doc.", "112-7")]
    assert keys(run("H.R. Conf. Rep. No. 105-599, at 250 (1998)")) == [ReportKey("H.R. Conf. Rep.", "105-599")]


def test_report_without_congress_or_year_is_short(run):
    (o,) = run("H.R. Rep. No. 1023, at 9.")
    assert o.kind == "short" and o.key is None and o.meta.number == "1023"


def test_congressional_record(run):
    (o,) = full(run("155 Cong. Rec. 14,221, 14,225 (2009) (statement of Sen. Doe)"))
    assert o.key == CongressionalRecordKey("155", "14221")
    assert o.display == "155 Cong. Rec. 14,221 (2009)"
    assert keys(run("168 Cong. Rec. S4321 (daily ed. Sept. 8, 2022)")) == [CongressionalRecordKey("168", "S4321")]


def test_bills_with_and_without_name(run):
    assert keys(run("H.R. 1280, 103d Cong. (1993)")) == [BillKey("H.R.", "1280", "103")]
    (o,) = full(run("the Data Privacy Act of 2019, S. 583, 116th Cong., 1st Sess. (2019)"))
    assert o.display == "Data Privacy Act of 2019, S. 583, 116th Cong., 1st Sess. (2019)"
    assert o.key == BillKey("S.", "583", "116")


def test_bill_number_without_congress_is_not_an_authority(run):
    assert full(run("The Senate passed S. 583 last year.")) == []


def test_hearing_title_from_emphasis(run, emph):
    t = (
        "See Port Security Oversight: Hearing Before the Subcomm. on Ports of the House Comm. on "
        "Transportation, 110th Cong., 2d Sess. 15, 19 (2008) (statement of J. Roe)."
    )
    e = emph(t, "Port Security Oversight: Hearing Before the Subcomm. on Ports of the House Comm. on Transportation")
    (o,) = full(run(t, e))
    assert o.text.startswith("Port Security Oversight")
    assert o.display == (
        "Port Security Oversight: Hearing Before the Subcomm. on Ports of the House Comm. "
        "on Transportation, 110th Cong., 2d Sess. (2008)"
    )
    assert o.key == HearingKey("port security oversight", "110")


def test_hearing_without_emphasis_starts_after_signal(run):
    t = "See Drug Courier Profiles: Hearings on S. 99 Before the Senate Comm. on the Judiciary, 98th Cong. 3 (1984)."
    (o,) = full(run(t))
    assert o.text.startswith("Drug Courier Profiles")


def test_legislative_sort_is_alphabetical(run):
    a = full(run("H.R. Rep. No. 99-1, at 1 (1985)"))[0].sort_key
    b = full(run("S. Rep. No. 99-1, at 1 (1985)"))[0].sort_key
    assert a < b


def test_bill_with_section_pin(run):
    t = "See Clean Harbors Act of 1979, S. 2214, § 302(b)(2), 96th Cong., 1st Sess. (1979)."
    occs = run(t)
    (o,) = occs  # no statute reference for the pin, nothing read out of "96th"
    assert o.key == BillKey("S.", "2214", "96")
    assert o.display == "Clean Harbors Act of 1979, S. 2214, 96th Cong., 1st Sess. (1979)"
    assert o.text.endswith("(1979)")
    (o,) = run("H.R. 5120, § 3, 102d Cong. (1992)")
    assert o.key == BillKey("H.R.", "5120", "102")
    assert o.display == "H.R. 5120, 102d Cong. (1992)"
    assert o.meta.section == "3"


def test_state_bills_with_the_document_about_them():
    from toa.recognizers import recognize

    [o] = recognize("See House Comm. on Civil Practices, Bill Analysis, Tex. H.B. 4, 78th Leg., R.S. (2003).", [])
    assert o.display == "House Comm. on Civil Practices, Bill Analysis, Tex. H.B. 4, 78th Leg., R.S. (2003)"
    assert o.category == "legislative"
    assert o.key == StateBillKey("Tex.", "H.B.", "4", "78th Leg., R.S.", "house comm on civil practices bill analysis")
    # another document about the same bill, and the bill itself, are entries of their own
    t = (
        "House Comm. on Judiciary & Civil Jurisprudence, Bill Analysis, Tex. H.B. 2, 87th Leg., R.S. (2021); House "
        "Research Org., Bill Analysis, Tex. H.B. 2, 87th Leg., R.S. (2021); Tex. H.B. 2, 87th Leg., R.S. (2021)."
    )
    a, b, c = recognize(t, [])
    assert a.display.startswith("House Comm. on Judiciary & Civil Jurisprudence, Bill Analysis, Tex. H.B. 2")
    assert len({a.key, b.key, c.key}) == 3 and c.key == StateBillKey("Tex.", "H.B.", "2", "87th Leg., R.S.")
    [bare] = recognize("It passed. Cal. A.B. 5, 2019-2020 Reg. Sess. (2019).", [])
    assert bare.display == "Cal. A.B. 5, 2019-2020 Reg. Sess. (2019)"


def test_california_bills_and_committee_analyses(run):

    occs = full(
        run(
            "Assembly Bill 321, a bill introduced in 2001, and Assem. Com. on Judiciary, Analysis of "
            "Assem. Bill No. 321 (2001-2002 Reg. Sess.), as amended May 2, 2001."
        )
    )
    assert [o.category for o in occs] == ["legislative", "legislative"]
    assert occs[0].display == "Assembly Bill 321"
    # the version analysed identifies the document: each version of a bill has its own analysis
    assert occs[1].display == (
        "Assem. Com. on Judiciary, Analysis of Assem. Bill No. 321 (2001-2002 Reg. Sess.), as amended May 2, 2001"
    )
    [a, b] = full(
        run(
            "(Sen. Com. on Health, Analysis of Sen. Bill No. 90 (2009-2010 Reg. Sess.) as amended Apr. 1, "
            "2009, p. 3; Sen. Com. on Health, Analysis of Sen. Bill No. 90 (2009-2010 Reg. Sess.) as "
            "introduced Feb. 2, 2009, p. 2.)"
        )
    )
    assert (
        a.display == "Sen. Com. on Health, Analysis of Sen. Bill No. 90 (2009-2010 Reg. Sess.) as amended Apr. 1, 2009"
    )
    assert b.display.endswith("as introduced Feb. 2, 2009") and a.key != b.key


def test_a_bill_named_in_a_title_or_in_prose_is_not_an_entry(run):
    occs = full(run("See Jane Roe, House Bill 9 and the Courts: A History, 40 Tex. Tech L. Rev. 1 (2008)."))
    assert [o.category for o in occs] == ["other"]
    assert full(run("Senate Bill 346 changed the fee in 2019.")) == []


def test_state_legislative_hearing(run):
    (o,) = full(
        run(
            "Hearing on H.B. 12 Before the H. Comm. on Public Health, 85th Leg., R.S. (Tex. 2017) "
            "(statement of Rep. Roe)."
        )
    )
    assert o.category == "legislative"
    assert o.display == "Hearing on H.B. 12 Before the H. Comm. on Public Health, 85th Leg., R.S. (Tex. 2017)"


def test_hearing_dated_by_its_year_alone(run):
    (o,) = full(run("See Hearing on Data Brokers Before the S. Comm. on Commerce (2021) (statement of A. Roe)."))
    assert o.display == "Hearing on Data Brokers Before the S. Comm. on Commerce (2021)"
    assert full(run("Before the hearing on the motion (2019) the court ruled.")) == []


def test_state_hearing_dated_by_its_day(run):
    (o,) = full(
        run(
            "Hearing on S.B. 77 Before the Senate Comm. on State Affairs, 87th Leg., R.S. (Mar. 9, 2021) "
            "(statement of Sen. Doe)."
        )
    )
    assert o.category == "legislative"
    assert o.display == "Hearing on S.B. 77 Before the Senate Comm. on State Affairs, 87th Leg., R.S. (Mar. 9, 2021)"


def test_california_floor_analyses_digests_and_enrolled_bill_reports(run):
    t = (
        "(Sen. Rules Com., Off. of Sen. Floor Analyses, 3d reading analysis of Sen. Bill No. 1818 (2003-2004 Reg. "
        "Sess.) as amended May 3, 2004, p. 2; Legis. Counsel's Dig., Assem. Bill No. 5 (2019-2020 Reg. Sess.); "
        "see Dept. of Finance, Enrolled Bill Rep. on Assem. Bill No. 7 (1975-1976 Reg. Sess.) Sept. 2, 1976.)"
    )
    assert [o.display for o in full(run(t))] == [
        "Sen. Rules Com., Off. of Sen. Floor Analyses, 3d reading analysis of Sen. Bill No. "
        "1818 (2003-2004 Reg. Sess.) "
        "as amended May 3, 2004",
        "Legis. Counsel's Dig., Assem. Bill No. 5 (2019-2020 Reg. Sess.)",
        "Dept. of Finance, Enrolled Bill Rep. on Assem. Bill No. 7 (1975-1976 Reg. Sess.)",
    ]
    assert {o.category for o in full(run(t))} == {"legislative"}
    # prose about a bill is not a document about it
    assert [type(o.key) for o in full(run("The author of Assem. Bill No. 157 (1997-1998 Reg. Sess.) said so."))] == [
        StateBillKey
    ]


def test_a_committee_analysis_cited_supra_is_a_short_cite(run):
    [o] = run("(Assem. Com. on Judiciary, Analysis of Assem. Bill No. 157, supra, at p. 4.)")
    assert o.kind == "short" and o.meta == BillAnalysisMeta("assem com on judiciary", "analysis of", "157")


def test_an_italic_signal_before_a_hearing_title_is_no_part_of_it(run):
    t = (
        "It died. See Oversight of the Trade Agency: Hearing Before the Subcomm. on Consumer Prot. of the S. Comm. "
        "on Commerce, 116th Cong. 23 (2019) (statement of Jane Roe)."
    )
    see, title = t.index("See"), (t.index("Oversight"), t.index(", 116th"))
    [o] = full(run(t, [(see, see + 3), title]))
    assert o.display.startswith("Oversight of the Trade Agency: Hearing Before")
    assert o.display.endswith("116th Cong. (2019)")


def test_california_ballot_materials(run):
    t = (
        "(Voter Information Guide, Gen. Elec. (Nov. 8, 2016) text of Prop. 64, § 3, p. 178; Ballot Pamp., Gen. Elec. "
        "(Nov. 4, 2008) argument in favor of Prop. 9, p. 62; Ballot Pamp., Primary Elec. (June 8, 1982) p. 33.)"
    )
    occs = full(run(t))
    assert [o.display for o in occs] == [
        "Voter Information Guide, Gen. Elec. (Nov. 8, 2016) text of Prop. 64, § 3",
        "Ballot Pamp., Gen. Elec. (Nov. 4, 2008) argument in favor of Prop. 9",
        "Ballot Pamp., Primary Elec. (June 8, 1982)",
    ]
    assert {o.category for o in occs} == {"legislative"}
    assert full(run("The voter information guide for the general election (2016) said little.")) == []


def test_state_legislative_journals(run):
    t = "H.J. of Tex., 80th Leg., R.S. 1234 (2007); S.J. of Tex., 86th Leg., R.S. 55-56 (2019)."
    a, b = full(run(t))
    assert (a.display, b.display) == (
        "H.J. of Tex., 80th Leg., R.S. 1234 (2007)",
        "S.J. of Tex., 86th Leg., R.S. 55 (2019)",
    )
    assert {a.category, b.category} == {"legislative"}


def test_committee_prints_and_a_record_page_range(run):
    [o] = full(
        run("See Staff of S. Comm. on the Judiciary, 95th Cong., Report on the Bankruptcy Code 12 (Comm. Print 1978).")
    )
    assert (
        o.display == "Staff of S. Comm. on the Judiciary, 95th Cong., Report on the Bankruptcy Code (Comm. Print 1978)"
    )
    assert o.category == "legislative"
    [o] = full(run("155 Cong. Rec. S1234-35 (daily ed. Feb. 3, 2009) (statement of Sen. Roe)."))
    assert o.display == "155 Cong. Rec. S1234 (daily ed. Feb. 3, 2009)"


def test_an_assembly_bill_by_its_number_alone(run):
    occs = full(run("The Legislature passed AB 4321 in 2021; A.B. No. 87 followed."))
    assert [(o.display, o.category) for o in occs] == [("AB 4321", "legislative"), ("A.B. No. 87", "legislative")]
    assert occs[0].key == StateBillKey("", "A.B.", "4321", "")
    occs = full(run("SB 512 passed; S.B. No. 7 failed."))
    assert [(o.display, o.key) for o in occs] == [
        ("SB 512", StateBillKey("", "S.B.", "512", "")),
        ("S.B. No. 7", StateBillKey("", "S.B.", "7", "")),
    ]
    # the bill written out is the same bill
    assert keys(run("Senate Bill No. 512 (2023-2024 Reg. Sess.) passed.")) == [StateBillKey("", "S.B.", "512", "")]
    # a grade, a section of a bill cited before and a bill cited by its session are not bare bills
    occs = run("He earned an AB 1.5 rating. A.B. 12 § 3 applies.")
    assert [o.key for o in occs if o.kind == "full"] == []
    assert keys(run("Assem. Bill 55, 2021-2022 Reg. Sess. (Cal. 2022).")) == [
        StateBillKey("Cal.", "A.B.", "55", "2021-2022 Reg. Sess.")
    ]


def test_a_california_initiative_by_the_election_that_adopted_it(run):
    short = full(run("(Prop. 57, as approved by voters, Gen. Elec. (Nov. 8, 2016).)"))
    long = full(run("Proposition 57, approved by the voters at the Gen. Elec. (Nov. 8, 2016), changed it."))
    assert [o.display for o in short] == ["Prop. 57, as approved by voters, Gen. Elec. (Nov. 8, 2016)"]
    assert [o.category for o in short + long] == ["legislative"] * 2
    assert short[0].key == long[0].key  # one initiative, however it is written
    assert full(run("(Prop. 47, as approved by voters, Gen. Elec. (Nov. 4, 2014).)"))[0].key != short[0].key
    assert full(run("Proposition 57 changed the law.")) == []  # named alone: prose
