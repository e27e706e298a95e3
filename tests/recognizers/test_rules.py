import pytest

from recognized import full, keys, written_forms
from toa.keys import CfrKey, FederalRegisterKey, GuidelinesKey, RuleKey, UsCodeKey
from toa.meta import ProvisionMeta
from toa.recognizers.rules import cfr_section, rule_of


def test_federal_rules_abbreviated(run):
    assert keys(run("Fed. R. Civ. P. 12(b)(6)")) == [RuleKey("Fed. R. Civ. P.", "12(b)(6)")]
    assert keys(run("Fed. R. Crim. P. 11(c)(1)(C)")) == [RuleKey("Fed. R. Crim. P.", "11(c)(1)(C)")]
    assert keys(run("Fed. R. App. P. 4(a)(1)(B)")) == [RuleKey("Fed. R. App. P.", "4(a)(1)(B)")]
    assert keys(run("Fed. R. Evid. 702")) == [RuleKey("Fed. R. Evid.", "702")]
    assert keys(run("Fed. R. Bankr. P. 9019")) == [RuleKey("Fed. R. Bankr. P.", "9019")]


def test_rule_meta_and_display(run):
    (o,) = full(run("See Fed. R. Civ. P. 23(b)(3)."))
    assert o.display == "Fed. R. Civ. P. 23(b)(3)"
    assert o.meta.rule_set == "Fed. R. Civ. P." and o.meta.rule == "23"
    assert o.category == "rules_regulations"


def test_long_forms_map_to_the_same_key(run):
    a = keys(run("Federal Rule of Criminal Procedure 29(c)"))
    b = keys(run("Rule 29(c) of the Federal Rules of Criminal Procedure"))
    c = keys(run("Fed. R. Crim. P. 29(c)"))
    d = keys(run("Criminal Rule 29(c)"))
    assert a == b == c == d == [RuleKey("Fed. R. Crim. P.", "29(c)")]
    assert keys(run("Federal Rule of Evidence 801(d)(2)")) == [RuleKey("Fed. R. Evid.", "801(d)(2)")]


def test_supreme_court_rules(run):
    assert keys(run("Supreme Court Rule 10(a)")) == [RuleKey("Sup. Ct. R.", "10(a)")]
    assert keys(run("Sup. Ct. R. 33.1(g)")) == [RuleKey("Sup. Ct. R.", "33.1(g)")]
    assert keys(run("this Court's Rule 15.2")) == [RuleKey("Sup. Ct. R.", "15.2")]


def test_rule_range_expands(run):
    occs = full(run("Fed. R. Evid. 801-803"))
    assert [o.key.rule for o in occs] == ["801", "802", "803"]
    assert len({(o.start, o.end) for o in occs}) == 1


def test_short_rule_reference(run):
    occs = run("Rule 56(c) does not require it.")
    assert [(o.kind, o.key, o.meta) for o in occs] == [("reference", None, ProvisionMeta(rule="56(c)"))]


def test_short_rule_range_and_list(run):
    occs = run("Rules 404-406 and Rule 12(b)(1) and 41")
    assert [o.meta.rule for o in occs] == ["404", "405", "406", "12(b)(1)", "41"]
    assert {o.kind for o in occs} == {"reference"}


def test_sec_rule_is_not_a_procedural_rule(run):
    assert run("Rule 10b-5 prohibits fraud.") == []


def test_rule_list_stops_at_next_citation(run):
    occs = full(run("Fed. R. Civ. P. 65, 28 U.S.C. 2283"))
    assert [o.key for o in occs] == [RuleKey("Fed. R. Civ. P.", "65"), UsCodeKey("28", "2283")]


def test_rules_sort_order(run):
    order = [
        "Fed. R. App. P. 28",
        "Fed. R. Bankr. P. 1",
        "Fed. R. Civ. P. 2",
        "Fed. R. Civ. P. 10",
        "Fed. R. Crim. P. 1",
        "Fed. R. Evid. 1",
        "Sup. Ct. R. 1",
        "Tex. R. Civ. P. 91a",
        "5 C.F.R. 1.1",
        "40 C.F.R. 2.1",
        "U.S.S.G. § 1B1.1",
        "1 Fed. Reg. 1",
    ]
    sks = [full(run(t))[0].sort_key for t in order]
    assert sks == sorted(sks)


def test_cfr_forms(run):
    assert keys(run("29 C.F.R. § 541.100(a)(2)")) == [CfrKey("29", "541.100(a)(2)")]
    assert keys(run("17 C.F.R. 240.10b-5")) == [CfrKey("17", "240.10b-5")]
    assert keys(run("26 C.F.R. 1.1001-1(a)")) == [CfrKey("26", "1.1001-1(a)")]
    assert keys(run("40 C.F.R. pt. 60")) == [CfrKey("40", "pt. 60")]
    (o,) = full(run("12 C.F.R. 1026.43(e)"))
    assert o.display == "12 C.F.R. 1026.43(e)" and o.category == "rules_regulations"
    assert o.meta.title == "12" and o.meta.section == "1026.43"


def test_cfr_list(run):
    assert [k.section for k in keys(run("34 C.F.R. §§ 106.30, 106.45(b)"))] == ["106.30", "106.45(b)"]


def test_treasury_regulation(run):
    assert keys(run("Treas. Reg. § 1.501(c)(3)-1(d)")) != []
    assert keys(run("Treas. Reg. § 301.7502-1"))[0] == CfrKey("26", "301.7502-1")


def test_federal_register_drops_pin(run):
    (o,) = full(run("88 Fed. Reg. 12,345, 12,350 (Mar. 1, 2023)"))
    assert o.key == FederalRegisterKey("88", "12345")
    assert o.display == "88 Fed. Reg. 12,345 (Mar. 1, 2023)"
    assert o.text.endswith("2023)")


def test_guidelines_forms(run):
    assert keys(run("U.S.S.G. § 2B1.1(b)(1)")) == [GuidelinesKey("2B1.1(b)(1)")]
    assert keys(run("Sentencing Guidelines § 3E1.1")) == [GuidelinesKey("3E1.1")]
    (o,) = full(run("United States Sentencing Guidelines § 2K2.1(a)(4)"))
    assert o.display == "United States Sentencing Guidelines § 2K2.1(a)(4)"
    (bare,) = full(run("under § 2D1.1(c)"))
    assert bare.key == GuidelinesKey("2D1.1(c)")


def test_supplemental_rules_are_lettered():
    from toa.recognizers import recognize

    text = "See Supp. R. G(5)(a); Supplemental Rule G(4). A claim that fails Rule G(5)(b) may be struck."
    found = [(o.kind, o.key) for o in recognize(text, [])]
    assert found == [
        ("full", RuleKey("Supp. R.", "G(5)(a)")),
        ("full", RuleKey("Supp. R.", "G(4)")),
        ("reference", None),
    ]


def test_a_federal_register_notice_keeps_its_title():
    from toa.recognizers import recognize

    text = "See Commercial Driver's License Drug and Alcohol Clearinghouse, 81 Fed. Reg. 87,686 (Dec. 5, 2016)."
    [o] = recognize(text, [])
    assert o.display == (
        "Commercial Driver's License Drug and Alcohol Clearinghouse, 81 Fed. Reg. 87,686 (Dec. 5, 2016)"
    )
    assert text[o.start :].startswith("Commercial") and o.key == FederalRegisterKey("81", "87686")
    [plain] = recognize("The agency explained its reasons, 88 Fed. Reg. 9336 (Feb. 13, 2023).", [])
    assert plain.display == "88 Fed. Reg. 9336 (Feb. 13, 2023)"


def test_state_court_rules_in_their_forms(run):

    assert (
        keys(run("TEX. R. APP. PROC. 38.1(e)"))
        == keys(run("Texas Rule of Appellate Procedure 38.1(e)"))
        == keys(run("Tex. R. App. P. 38.1(e)"))
        == [RuleKey("Tex. R. App. P.", "38.1(e)")]
    )
    assert keys(run("Tex. R. Evid. 404(b)")) == keys(run("Texas Rule of Evidence 404(b)"))
    assert keys(run("TEX. DISC. R. PROF’L COND. 3.09")) == keys(
        run("Texas Disciplinary Rules of Professional Conduct 3.09")
    )
    a = keys(run("(Cal. Rules of Court, rule 8.204(c).)"))
    assert a == keys(run("Pursuant to Rule 8.204(c) of the California Rules of Court, counsel certifies"))
    assert a == [RuleKey("Cal. Rules of Court, rule", "8.204(c)")]


def test_state_supreme_court_and_self_regulatory_rules(run):

    (o,) = full(run("See Ill. S. Ct. R. 23(e)."))
    assert o.key == RuleKey("Ill. S. Ct. R.", "23(e)")
    (o,) = full(run("Members must report under FINRA Rule 4530(a)."))
    assert o.display == "FINRA Rule 4530(a)"
    assert o.category == "rules_regulations"


def test_local_court_rules(run):
    assert keys(run("See Tenn. R. 20 Dist. Rule 1.04; Or. R. Union Wallowa Rule 3.011(2)(a).")) == [
        RuleKey("Tenn. R. 20 Dist. Rule", "1.04"),
        RuleKey("Or. R. Union Wallowa Rule", "3.011(2)(a)"),
    ]


def test_rule_subsections_after_a_space_and_bare_continuations(run):
    # a rule cited with a list of subsections is one provision, written as the brief cites it
    (o,) = full(run("(California Rule of Court 8.104 (a)(1), (f).)"))
    assert o.key == RuleKey("Cal. Rules of Court, rule", "8.104(a)(1), (f)")
    assert o.display == "Cal. Rules of Court, rule 8.104(a)(1), (f)"
    assert (o.meta.subsection, o.meta.subsections) == ("(a)(1)", ["(a)(1)", "(f)"])
    assert keys(run("(Cal. Rules of Court, rule 8.104(a)(1), (f).)")) == [o.key]
    assert keys(run("Fed. R. Civ. P. 12(b)(6), (c)")) == [RuleKey("Fed. R. Civ. P.", "12(b)(6), (c)")]
    assert keys(run("Fed. R. Civ. P. 12(b)(6), 56")) == [
        RuleKey("Fed. R. Civ. P.", "12(b)(6)"),
        RuleKey("Fed. R. Civ. P.", "56"),
    ]
    assert keys(run("Fed. R. Civ. P. 11 (1983)")) == [RuleKey("Fed. R. Civ. P.", "11", "1983")]


def test_district_court_local_rules_with_and_without_the_court(run):
    occs = full(
        run(
            "See N.D. Cal. Civ. L.R. 7-2(b); Civil L.R. 7-3; S.D.N.Y. Local Civ. R. 6.3; D.D.C. LCvR 7(m); "
            "Local Rule 56.1(a); L. Civ. R. 7.1, 7.2; D. Mass. L.R. 7.1(a)(2)."
        )
    )
    assert [o.display for o in occs] == [
        "N.D. Cal. Civ. L.R. 7-2(b)",
        "Civil L.R. 7-3",
        "S.D.N.Y. Local Civ. R. 6.3",
        "D.D.C. LCvR 7(m)",
        "Local Rule 56.1(a)",
        "L. Civ. R. 7.1",
        "L. Civ. R. 7.2",
        "D. Mass. L.R. 7.1(a)(2)",
    ]
    assert all(o.category == "rules_regulations" for o in occs)
    # one rule, however the set is written and whether or not the court is named
    assert keys(run("Civ. L.R. 7-2(b)")) == keys(run("N.D. Cal. Civ. L.R. 7-2(b)")) == keys(run("LCvR 7-2(b)"))
    assert keys(run("Local Civil Rule 56.1")) == keys(run("Local Civ. R. 56.1"))


def test_a_local_civil_rule_is_not_a_federal_rule(run):
    assert [o.display for o in full(run("Local Civil Rule 7.1(a) requires a conference."))] == [
        "Local Civil Rule 7.1(a)"
    ]


def test_circuit_rules_numbered_with_hyphens(run):
    occs = full(run("9th Cir. R. 36-3(a); Ninth Circuit Rule 28-2.7; 3d Cir. L.A.R. 28.1(b); Circuit Rule 28(a)."))
    assert [o.display for o in occs] == [
        "9th Cir. R. 36-3(a)",
        "9th Cir. R. 28-2.7",
        "3d Cir. L.A.R. 28.1(b)",
        "Circuit Rule 28(a)",
    ]
    assert keys(run("Ninth Circuit Rule 36-3")) == keys(run("9th Cir. R. 36-3"))
    assert keys(run("2d Cir. Rule 32.1")) == keys(run("2d Cir. R. 32.1")) == [RuleKey("2d Cir. R.", "32.1")]
    assert [o.display for o in full(run("See Cir. R. 32-1; cf. 9th Cir. R. 32-1."))] == [
        "Cir. R. 32-1",
        "9th Cir. R. 32-1",
    ]


def test_cfr_section_numbers_with_a_letter_inside(run):
    assert keys(run("17 C.F.R. §§ 240.14a-9, 240.10b5-1(c)")) == [
        CfrKey("17", "240.14a-9"),
        CfrKey("17", "240.10b5-1(c)"),
    ]


def test_english_law_reports_and_years_are_not_a_local_rule(run):
    assert not [o for o in full(run("Rylands v. Fletcher, (1868) L.R. 3 H.L. 330.")) if isinstance(o.key, RuleKey)]
    assert keys(run("The Local Rules, LR 2019 guidance and the Circuit Rules agree.")) == []


def test_federal_rules_written_as_initials(run):
    assert keys(run("FRCP 56(a); F.R.C.P. 26(b)(1); FRE 702; F.R.Crim.P. 29; FRAP 4(a)(1)(A); FRBP 9019.")) == [
        RuleKey("Fed. R. Civ. P.", "56(a)"),
        RuleKey("Fed. R. Civ. P.", "26(b)(1)"),
        RuleKey("Fed. R. Evid.", "702"),
        RuleKey("Fed. R. Crim. P.", "29"),
        RuleKey("Fed. R. App. P.", "4(a)(1)(A)"),
        RuleKey("Fed. R. Bankr. P.", "9019"),
    ]
    assert keys(run("Its FRE 2020 plan changed; FRBP 2004 allows an examination.")) == [
        RuleKey("Fed. R. Bankr. P.", "2004")
    ]


def test_a_codification_parenthetical_belongs_to_its_federal_register_cite(run):
    occs = full(
        run(
            "Proposed Rule, 88 Fed. Reg. 1,000 (proposed Jan. 5, 2023) (to be codified at 12 C.F.R. "
            "pt. 1041); Exec. Order No. 13,892, 84 Fed. Reg. 55,239 (Oct. 9, 2019)."
        )
    )
    assert [o.display for o in occs] == [
        "Proposed Rule, 88 Fed. Reg. 1,000 (proposed Jan. 5, 2023)",
        "Exec. Order No. 13,892, 84 Fed. Reg. 55,239 (Oct. 9, 2019)",
    ]


def test_a_federal_register_title_with_a_parenthesis_is_kept_whole(run):
    [o] = full(run("See Truth in Lending (Regulation Z), 85 Fed. Reg. 86,308 (Dec. 29, 2020)."))
    assert o.display == "Truth in Lending (Regulation Z), 85 Fed. Reg. 86,308 (Dec. 29, 2020)"


def test_federal_rules_typed_without_the_last_period(run):
    assert keys(run("Fed. R. Civ. P 12(b)(6); Fed. R. Civ. Pro. 12(b)(1).")) == [
        RuleKey("Fed. R. Civ. P.", "12(b)(6)"),
        RuleKey("Fed. R. Civ. P.", "12(b)(1)"),
    ]


def test_acquisition_regulations_by_their_own_names(run):
    occs = full(run("See FAR 52.249-2; FAR § 33.211(a); DFARS 252.204-7012(b); 48 C.F.R. § 52.233-1."))
    assert [o.display for o in occs] == [
        "FAR 52.249-2",
        "FAR § 33.211(a)",
        "DFARS 252.204-7012(b)",
        "48 C.F.R. § 52.233-1",
    ]
    assert occs[0].meta.title == "48" and occs[0].category == "rules_regulations"
    assert keys(run("The FAR 2019 revision")) == []


def test_an_advisory_committee_note_is_its_own_entry(run):
    occs = full(
        run(
            "See Fed. R. Civ. P. 26(b)(1) advisory committee’s note to 2015 amendment; Fed. R. Evid. 702 "
            "advisory committee's note (2000); Fed. R. Civ. P. 26(b)(1)."
        )
    )
    # (the recognizers read straightened quotes; the entry gets the brief's back in extract)
    assert [o.display for o in occs] == [
        "Fed. R. Civ. P. 26(b)(1) advisory committee's note to 2015 amendment",
        "Fed. R. Evid. 702 advisory committee's note (2000)",
        "Fed. R. Civ. P. 26(b)(1)",
    ]
    assert occs[0].key != occs[2].key
    assert occs[0].category == "rules_regulations"


def test_an_executive_order_compiled_in_title_3_is_one_entry_with_its_reprint(run):
    occs = full(
        run(
            "See Exec. Order No. 12,866, 3 C.F.R. 638 (1994), reprinted in 5 U.S.C. § 601 note; "
            "Exec. Order No. 14,110, 88 Fed. Reg. 75,191 (Nov. 1, 2023); 3 C.F.R. § 100.1."
        )
    )
    assert [o.display for o in occs] == [
        "Exec. Order No. 12,866, 3 C.F.R. 638 (1994), reprinted in 5 U.S.C. § 601 note",
        "Exec. Order No. 14,110, 88 Fed. Reg. 75,191 (Nov. 1, 2023)",
        "3 C.F.R. § 100.1",
    ]
    assert occs[0].category == "rules_regulations"
    assert occs[0].meta.code != "C.F.R."  # not verified as a section of 3 C.F.R.


def test_california_rules_of_court_in_lower_case_and_in_lists(run):
    (o,) = run("The brief complies with rule 8.204(c)(1) of the California Rules of Court.")
    assert (o.kind, o.key, o.display) == (
        "full",
        RuleKey("Cal. Rules of Court, rule", "8.204(c)(1)"),
        "Cal. Rules of Court, rule 8.204(c)(1)",
    )
    occs = run("(See also Cal. Rules of Court, rules 8.360(b), 8.520(b).)")
    assert [o.display for o in occs] == ["Cal. Rules of Court, rule 8.360(b)", "Cal. Rules of Court, rule 8.520(b)"]
    (o,) = run("Under rule 8.1115(a), it is not citable.")
    assert (o.kind, o.meta) == ("reference", ProvisionMeta(rule="8.1115(a)"))
    assert run("The rule 12 motion was denied.") == []


def test_abbreviated_rules_of_professional_conduct(run):
    assert [o.key for o in run("Tex. Disciplinary Rules Prof\u2019l Conduct R. 3.09(a)(1)")] == [
        o.key for o in run("Texas Disciplinary Rules of Professional Conduct 3.09(a)(1)")
    ]
    assert (
        [o.key for o in run("(Cal. Rules Prof. Conduct, rule 3.3.)")]
        == [o.key for o in run("California Rules of Professional Conduct, rule 3.3")]
        == [RuleKey("Cal. R. Prof'l Conduct", "3.3")]
    )


def test_states_own_names_for_their_court_rules(run):
    text = "MCR 2.116(C)(8); Pa.R.A.P. 1925(b); Pa.R.Crim.P. 600(A); RAP 13.4(b)(1); Civ.R. 12(B)(6); Evid.R. 404(B)."
    assert [(o.key, o.meta.jurisdiction) for o in run(text)] == [
        (RuleKey("MCR", "2.116(C)(8)"), "Mich."),
        (RuleKey("Pa.R.A.P.", "1925(b)"), "Pa."),
        (RuleKey("Pa.R.Crim.P.", "600(A)"), "Pa."),
        (RuleKey("RAP", "13.4(b)(1)"), "Wash."),
        (RuleKey("Civ.R.", "12(B)(6)"), "Ohio"),
        (RuleKey("Evid.R.", "404(B)"), "Ohio"),
    ]
    assert [o.key for o in run("See Fed. R. Civ. P. 12(b)(6).")] == [RuleKey("Fed. R. Civ. P.", "12(b)(6)")]


def test_a_federal_register_title_with_the_agencys_heading_before_a_semicolon(run):
    [o] = full(run("See Medicaid Program; Ensuring Access to Medicaid Services, 89 Fed. Reg. 40,542 (May 10, 2024)."))
    assert o.display == "Medicaid Program; Ensuring Access to Medicaid Services, 89 Fed. Reg. 40,542 (May 10, 2024)"
    occs = full(run("5 U.S.C. § 553; Ensuring Access to Medicaid Services, 89 Fed. Reg. 40,542 (May 10, 2024)."))
    assert occs[1].display == "Ensuring Access to Medicaid Services, 89 Fed. Reg. 40,542 (May 10, 2024)"


def test_a_range_of_subdivisions_is_one_rule(run):
    [o] = full(run("Fed. R. Civ. P. 65(b)(1)(A)-(B)."))
    assert (o.display, o.meta.subsection) == ("Fed. R. Civ. P. 65(b)(1)(A)-(B)", "(b)(1)(A)")
    assert [o.key.rule for o in full(run("Fed. R. Evid. 801-803"))] == ["801", "802", "803"]


def test_a_rule_or_regulation_made_from_its_set_and_number_is_the_set_cited_in_full(run):
    """What a short form of a rule or a C.F.R. section stands for: made from the set (or title) and
    the number, the same citation as the rule or section cited in full."""

    def same(made, cited):
        return (made.display, made.key, made.sort_key, made.meta) == (
            cited.display,
            cited.key,
            cited.sort_key,
            cited.meta,
        )

    for written, set_name, number in (
        ("Fed. R. Civ. P. 56(a)", "Fed. R. Civ. P.", "56(a)"),
        ("Tex. R. Evid. 404(b)", "Tex. R. Evid.", "404(b)"),
        ("Cal. Rules of Court, rule 8.104(a)(1), (f)", "Cal. Rules of Court, rule", "8.104(a)(1), (f)"),
        ("9th Cir. R. 36-3(a)", "9th Cir. R.", "36-3(a)"),
        ("N.D. Cal. Civ. L.R. 7-2(b)", "N.D. Cal. Civ. L.R.", "7-2(b)"),
        ("Supp. R. G(5)", "Supp. R.", "G(5)"),
    ):
        [cited] = full(run(written))
        made = rule_of(set_name, cited.key.rule_set, number, cited.sort_key[0], cited.meta.jurisdiction)
        assert same(made, cited), written
    assert rule_of("Fed. R. Evid.", "Fed. R. Evid.", "413-415", 0, "US") is None  # three rules
    [cited] = full(run("29 C.F.R. § 1910.95(b)(1)"))
    assert same(cfr_section("29", "§", "1910.95(b)(1)"), cited)
    [cited] = full(run("47 C.F.R. 54.709(a)(3)"))
    assert same(cfr_section("47", "", "54.709(a)(3)"), cited)


def test_a_california_superior_courts_local_rule(run):
    occs = full(run("See Super. Ct. Marin County, rule 2.14(b); Super. Ct. S.F. County, Local Rules, rule 8.3."))
    assert [(o.display, o.category) for o in occs] == [
        ("Super. Ct. Marin County, rule 2.14(b)", "rules_regulations"),
        ("Super. Ct. S.F. County, Local Rules, rule 8.3", "rules_regulations"),
    ]
    assert occs[0].key.rule_set == "superior court marin county local" and occs[0].key.rule == "2.14(b)"


def test_a_county_trial_courts_local_rule_written_out_is_the_same_set(run):
    occs = full(
        run(
            "Marin County Superior Court Local Rule 2.14(b); Local Rules of the District Courts of "
            "Pecan County, rule 4.2; Pecan County District Court Local Rules 4.2."
        )
    )
    assert [o.display for o in occs] == [
        "Marin County Superior Court Local Rule 2.14(b)",
        "Local Rules of the District Courts of Pecan County, rule 4.2",
        "Pecan County District Court Local Rules 4.2",
    ]
    assert occs[0].key == full(run("Super. Ct. Marin County, rule 2.14(b)."))[0].key
    assert occs[1].key == occs[2].key


def test_a_county_courts_local_rule_by_the_courts_name_or_abbreviated(run):
    # the county before the court's name, and the court and "Loc. R." abbreviated: before, the first
    # was not read and the second lost its county ("Loc. R. 3.4")
    occs = full(
        run(
            "See Local Rules of the Pecan County Civil District Courts, Rule 3.4; Pecan County Dist. Ct. "
            "Loc. R. 3.4(b); Elm County Super. Ct. Loc. R. 7."
        )
    )
    assert [o.display for o in occs] == [
        "Local Rules of the Pecan County Civil District Courts, Rule 3.4",
        "Pecan County Dist. Ct. Loc. R. 3.4(b)",
        "Elm County Super. Ct. Loc. R. 7",
    ]
    assert occs[1].key.rule_set == "district court pecan county local"
    assert occs[2].key.rule_set == full(run("Super. Ct. Elm County, rule 7."))[0].key.rule_set


def test_a_county_courts_local_rule_as_the_bluebook_abbreviates_it_or_by_the_county_alone(run):
    # "Loc. R." alone in a sentence was not looked for (only "Local" or "Super." were), so it lost its
    # county; a criminal or civil court's abbreviation, "Cir. Ct. R." and the county alone were not read
    occs = full(
        run(
            "See Elm Cnty. Crim. Dist. Ct. Loc. R. 3.4; Oak County Civ. Dist. Ct. Loc. R. 2; Ash Cnty. Cir. "
            "Ct. R. 13.3; Elm County Local Rule 3.4; Pine County Local Rules of the Civil District Courts, Rule 1.10."
        )
    )
    assert [o.display for o in occs] == [
        "Elm Cnty. Crim. Dist. Ct. Loc. R. 3.4",
        "Oak County Civ. Dist. Ct. Loc. R. 2",
        "Ash Cnty. Cir. Ct. R. 13.3",
        "Elm County Local Rule 3.4",
        "Pine County Local Rules of the Civil District Courts, Rule 1.10",
    ]
    assert occs[0].key.rule_set == "criminal district court elm county local"
    assert (
        occs[1].key.rule_set
        == full(run("Local Rules of the Oak County Civil District Courts, Rule 2."))[0].key.rule_set
    )
    assert (
        occs[2].key.rule_set == full(run("Local Rules of the Circuit Court of Ash County, Rule 13.3."))[0].key.rule_set
    )
    # a signal is not part of the county's name
    [o] = full(run("See Elm County Superior Court Local Rule 360."))
    assert o.display == "Elm County Superior Court Local Rule 360"


def test_every_form_of_every_state_rule_set_in_the_table_is_read(run):
    from toa.recognizers.tables import load

    for entry in load("state_rule_sets", "rules"):
        number = {"colon": "4:46-2(c)", "hyphen": "2-322(b)"}.get(entry.get("numbering", ""), "12(b)(6)")
        for written in (w for f in entry["forms"] for w in written_forms(f)):
            found = full(run(f"See {written} {number}."))
            assert [(o.key.rule_set, o.key.rule, o.meta.jurisdiction) for o in found] == [
                (entry["printed"], number, entry["state"])
            ], written


def test_rules_numbered_by_part_and_colon_and_states_sets_by_initials(run):
    assert [(o.key.rule_set, o.key.rule) for o in full(run("See Va. Sup. Ct. R. 5:17(c); N.J. Ct. R. 2:10-2."))] == [
        ("Va. S. Ct. R.", "5:17(c)"),
        ("N.J. Ct. R.", "2:10-2"),
    ]
    # a number is never a word of a set's name: "Mich. Ct. R. 2.116" is Michigan's rule 2.116, and
    # "Ill. R. 23" no set "R. 2"
    assert [(o.key.rule_set, o.key.rule) for o in full(run("See Mich. Ct. R. 2.116(C)(10)."))] == [
        ("MCR", "2.116(C)(10)")
    ]
    assert [o.key.rule_set for o in full(run("See Ill. R. 23."))] != ["Ill. R. 2"]
    # Kentucky's rules with the state's name; "CR 45" alone stays a clerk's record page
    assert [o.display for o in full(run("See Ky. CR 12.02; RCr 11.42; KRE 404(b)."))] == [
        "Ky. CR 12.02",
        "RCr 11.42",
        "KRE 404(b)",
    ]
    assert full(run("The court so found. CR 45.")) == []


def test_a_rule_of_a_set_named_without_its_state_is_a_reference_of_that_kind(run):
    occs = [o for o in run("Rule 9.4 of the Rules of Appellate Procedure and rule 403 of the Rules of Evidence.")]
    assert [(o.kind, o.meta.rule, o.meta.set_kind) for o in occs] == [
        ("reference", "9.4", "app"),
        ("reference", "403", "evid"),
    ]
    # without the set's kind a lower-case "rule 12" stays prose
    assert run("the rule 12 motion was denied.") == []


def _federal_forms() -> list[tuple[str, str]]:
    """(printed name, a citation of rule 12(b)) in every form data/federal_rule_sets.toml gives a
    set of the Federal Rules."""
    from toa.recognizers.rules import FEDERAL_SETS

    forms = []
    for entry in (e for e in FEDERAL_SETS if "abbreviation" in e):
        abbreviation, long = entry["abbreviation"], entry["long"]
        written = [
            f"Fed. R. {abbreviation}. 12(b)",
            f"Fed. R. {abbreviation}. P. 12(b)",
            f"Fed. R. {abbreviation}. Proc. 12(b)",
        ]
        written += [f"{w} 12(b)" for form in entry["initials"] for w in written_forms(form)]
        written += [f"Federal Rule of {long} 12(b)", f"{long.split()[0]} Rule 12(b)"]
        written += [f"Rule 12(b) of the Federal Rules of {long}"]
        forms += [(entry["printed"], w) for w in written]
    return forms


@pytest.mark.parametrize(("printed", "written"), _federal_forms())
def test_every_form_of_every_federal_rule_set_in_the_table_is_read(run, printed, written):
    assert keys(run(f"See {written}.")) == [RuleKey(printed, "12(b)")]


def test_a_year_after_initials_is_a_rule_only_of_a_set_with_four_digit_rules(run):
    assert keys(run("The FRE 2020 plan.")) == []
    assert keys(run("See FRBP 2004.")) == [RuleKey("Fed. R. Bankr. P.", "2004")]


def test_a_cfr_range_within_one_part_is_one_entry_as_cited(run):
    assert [o.display for o in full(run("See 40 C.F.R. §§ 1501.1-1501.4 (2023)."))] == [
        "40 C.F.R. §§ 1501.1-1501.4 (2023)"
    ]
    # a hyphen and a number that end a section's own number stay part of it
    assert [o.display for o in full(run("See 17 C.F.R. § 240.10b-5."))] == ["17 C.F.R. § 240.10b-5"]
    assert [o.display for o in full(run("See 26 C.F.R. § 1.501(c)(3)-1(d)."))] == ["26 C.F.R. § 1.501(c)(3)-1(d)"]


def test_a_state_rule_set_numbered_with_hyphens(run):
    assert keys(run("See Md. Rules 2-322(b), 2-501.")) == [
        RuleKey("Md. Rule", "2-322(b)"),
        RuleKey("Md. Rule", "2-501"),
    ]
    # Indiana's own name for its trial rules is the Bluebook's set
    assert keys(run("See Ind. Trial Rule 12(B)(6).")) == keys(run("See Ind. R. Trial P. 12(B)(6)."))
