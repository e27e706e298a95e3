from recognized import full, keys, written_forms
from toa.keys import (
    ActKey,
    ActSectionKey,
    PublicLawKey,
    RevisedStatutesKey,
    StateBillKey,
    StateCodeKey,
    StatutesAtLargeKey,
    UsCodeKey,
)
from toa.meta import ProvisionMeta
from toa.recognizers.statutes import reads_state_code, state_code_section, state_form_section, us_code_section


def test_usc_without_section_sign(run):
    occs = run("The statute, 21 U.S.C. 841(b)(1)(A), sets the floor.")
    (o,) = full(occs)
    assert o.key == UsCodeKey("21", "841(b)(1)(A)")
    assert o.display == "21 U.S.C. 841(b)(1)(A)"
    assert o.text == "21 U.S.C. 841(b)(1)(A)"
    assert o.category == "statutes"
    assert o.meta == ProvisionMeta(code="U.S.C.", title="21", section="841", subsection="(b)(1)(A)")


def test_section_sign_and_plain_give_same_key(run):
    a = keys(run("See 18 U.S.C. § 1343."))
    b = keys(run("See 18 U.S.C. 1343."))
    assert a == b == [UsCodeKey("18", "1343")]


def test_usc_list_gives_one_occurrence_per_section(run):
    t = "See 42 U.S.C. 1981, 1985(3); 29 U.S.C. 152."
    occs = full(run(t))
    assert [o.key for o in occs] == [UsCodeKey("42", "1981"), UsCodeKey("42", "1985(3)"), UsCodeKey("29", "152")]
    assert occs[1].display == "42 U.S.C. 1985(3)"
    assert occs[1].text == "1985(3)"


def test_bare_subsection_continues_previous_section(run):
    occs = full(run("See 26 U.S.C. 7502(a)(1) and (c)(2), which govern timely mailing."))
    assert [o.key.section for o in occs] == ["7502(a)(1)", "7502(c)(2)"]
    occs = full(run("Compare 26 U.S.C. 7502(c)(1) and (2)."))
    assert [o.key.section for o in occs] == ["7502(c)(1)", "7502(c)(2)"]


def test_range_and_et_seq_and_edition(run):
    occs = full(run("Sections 18 U.S.C. §§ 2510-2522; 52 U.S.C. 20501 et seq.; 8 U.S.C. 1252(b) (2018)."))
    assert UsCodeKey("18", "2510-2522") in [o.key for o in occs]
    assert UsCodeKey("52", "20501 et seq.") in [o.key for o in occs]
    ed = [o for o in occs if (o.key.title, o.key.section) == ("8", "1252(b)")][0]
    assert ed.key == UsCodeKey("8", "1252(b)", "2018")
    assert ed.display == "8 U.S.C. 1252(b) (2018)"
    assert ed.text.endswith("(2018)")


def test_supplement_parenthetical_and_hyphenated_section(run):
    occs = full(run("42 U.S.C. 1395w-4(b) (Supp. III 2021)"))
    assert occs[0].key == UsCodeKey("42", "1395w-4(b)", "Supp. III 2021")


def test_typeset_spaces_in_subsections_are_squeezed(run):
    assert keys(run("18 U.S.C. 2113( f )")) == [UsCodeKey("18", "2113(f)")]


def test_popular_name_before_cite_extends_span(run):
    t = "Under the Fair Labor Standards Act of 1938, 29 U.S.C. 207(a), employers must pay."
    (o,) = full(run(t))
    assert o.text == "Fair Labor Standards Act of 1938, 29 U.S.C. 207(a)"
    assert o.display == "Fair Labor Standards Act of 1938, 29 U.S.C. 207(a)"
    assert o.key == UsCodeKey("29", "207(a)")
    assert o.anchor_end == o.end


def test_usca_and_title_of_prose(run):
    assert keys(run("15 U.S.C.A. § 1125(a)")) == [UsCodeKey("15", "1125(a)")]
    assert keys(run("section 1226(c) of title 8, United States Code")) == [UsCodeKey("8", "1226(c)")]


def test_next_cite_is_not_a_list_member(run):
    occs = full(run("18 U.S.C. 371, 28 U.S.C. 2255(f)"))
    assert [o.key for o in occs] == [UsCodeKey("18", "371"), UsCodeKey("28", "2255(f)")]


def test_public_law_chain_is_one_authority(run):
    t = "Sentencing Reform Act, Pub. L. No. 98-473, § 212(a)(2), 98 Stat. 1987, 1989."
    (o,) = full(run(t))
    assert o.key == PublicLawKey("98-473", "212(a)(2)")
    assert o.display == "Sentencing Reform Act, Pub. L. No. 98-473, § 212(a)(2), 98 Stat. 1987"
    assert o.text.endswith("1987, 1989")


def test_session_law_with_codification_parenthetical(run):
    t = "Securities Exchange Act of 1934, ch. 404, § 10(b), 48 Stat. 891 (15 U.S.C. 78j(b))."
    occs = full(run(t))
    assert occs[0].key == ActKey("1934", "404", "10(b)")
    assert occs[0].display.endswith("48 Stat. 891 (15 U.S.C. 78j(b))")
    assert occs[1].key == UsCodeKey("15", "78j(b)")
    assert "parallel_cite" in occs[1].flags


def test_act_of_date_and_sort_by_date(run):
    a = full(run("Act of Apr. 10, 1790, ch. 7, § 1, 1 Stat. 109"))[0]
    b = full(run("Act of Feb. 21, 1793, ch. 11, § 1, 1 Stat. 318"))[0]
    assert a.key == ActKey("1790-04-10", "7", "1")
    assert a.sort_key < b.sort_key


def test_rev_stat(run):
    (o,) = full(run("Rev. Stat. § 1979 (1875)"))
    assert o.key.section == "1979"
    assert o.display == "Rev. Stat. § 1979 (1875)"


def test_bare_stat(run):
    assert keys(run("See 64 Stat. 1100.")) == [StatutesAtLargeKey("64", "1100", "")]


def test_state_codes(run):
    cases = {
        "Cal. Gov't Code § 12940(a)": StateCodeKey("Cal.", "govt code", "", "12940(a)"),
        "Tex. Fam. Code § 153.002": StateCodeKey("Tex.", "fam code", "", "153.002"),
        "Fla. Stat. § 893.13(1)(a) (2019)": StateCodeKey("Fla.", "stat", "", "893.13(1)(a)", "2019"),
        "Ga. Code Ann. § 16-5-1": StateCodeKey("Ga.", "code", "", "16-5-1"),
        "N.J. Stat. Ann. § 2C:11-3": StateCodeKey("N.J.", "stat", "", "2C:11-3"),
        "Me. Rev. Stat. tit. 17-A, § 201": None,
        "Wis. Stat. § 940.01": StateCodeKey("Wis.", "stat", "", "940.01"),
        "Mass. Gen. Laws ch. 265, § 1": StateCodeKey("Mass.", "gen laws", "ch. 265", "1"),
    }
    for t, k in cases.items():
        occs = full(run(t))
        if k is None:
            continue
        assert occs and occs[0].key == k, t
        assert occs[0].category == "statutes"


def test_state_code_ann_is_same_authority(run):
    assert keys(run("Ohio Rev. Code Ann. § 2903.01")) == keys(run("Ohio Rev. Code § 2903.01"))


def test_state_forms_without_section_sign(run):
    assert keys(run("625 Ill. Comp. Stat. 5/11-501(a)")) == [
        StateCodeKey("Ill.", "ill comp stat", "625", "5/11-501(a)")
    ]
    assert keys(run("N.Y. C.P.L.R. 5501(a)")) == [StateCodeKey("N.Y.", "ny cplr", "", "5501(a)")]
    (o,) = full(run("Pa. Cons. Stat. tit. 42, § 5524"))
    assert o.key.section == "5524"


def test_state_sorts_after_federal(run):
    fed = full(run("50 U.S.C. 3801"))[0]
    st = full(run("Ala. Code § 1-1-1"))[0]
    assert fed.sort_key < st.sort_key


def test_usc_sort_is_numeric(run):
    a, b, c = (full(run(t))[0].sort_key for t in ("42 U.S.C. 2", "42 U.S.C. 1983", "42 U.S.C. 1983a"))
    assert a < b < c
    assert full(run("5 U.S.C. 552"))[0].sort_key < a


def test_id_section_short_form(run):
    occs = run("Id. § 1125(c)(2).")
    assert [(o.kind, o.key, o.meta.section, o.meta.subsection) for o in occs] == [("id", None, "1125", "(c)(2)")]
    occs = run("See id. at § 2254(d).")
    assert occs[0].kind == "id" and occs[0].meta.section == "2254"


def test_bare_section_references(run):
    occs = run("Section 1983 supplies the remedy, and § 1988(b)(1) the fee.")
    assert [(o.kind, o.meta.section, o.meta.subsection) for o in occs] == [
        ("reference", "1983", ""),
        ("reference", "1988", "(b)(1)"),
    ]
    assert occs[0].key is None


def test_section_of_named_act_records_act(run):
    (o,) = run("Section 5 of the Voting Rights Act requires preclearance.")
    assert o.kind == "reference" and o.meta.act == "Voting Rights Act"


def test_sections_of_full_cite_are_not_references(run):
    occs = run("29 U.S.C. § 1132(a)(1)(B)")
    assert [o.kind for o in occs] == ["full"]


def _refs(occs):
    return [o for o in occs if o.kind == "reference"]


def test_ordinal_after_section_list_is_not_a_section(run):
    # "§ 4(b), 88th Cong." once yielded a reference "88t"; no member may start an ordinal.
    occs = run("The draft bill, § 4(b), 88th Cong., 2d Sess., was never enacted.")
    assert [o.text for o in _refs(occs)] == ["§ 4(b)"]
    occs = run("See § 12, 3d Sess. and § 7, 101st Cong.")
    assert [o.meta.section for o in _refs(occs)] == ["12", "7"]


def test_bare_section_after_author_or_supra_is_not_a_statute(run):
    assert _refs(run("As Hartley § 214, at 302 explains, and Hartley, supra, § 215 agrees.")) == []
    assert _refs(run("See Story & Kent § 40; McCormick § 185.")) == []


def test_bare_section_with_page_pin_is_not_a_statute(run):
    assert _refs(run("The rule is old. 2 id.; see also treatise § 44, at 90.")) == []


def test_bare_section_after_italic_title_is_not_a_statute(run, emph):
    t = "See Rowan Ellis, Trusts in Equity § 12 (describing the doctrine)."
    assert _refs(run(t, emph(t, "Trusts in Equity"))) == []
    t = "See § 1983; cf. § 1985."
    assert len(_refs(run(t, emph(t, "See", "cf.")))) == 2  # an italic signal is not a title


def test_bare_section_after_statute_name_is_still_a_reference(run):
    occs = run("Under the Clayton Act § 7 and ERISA § 502(a), and see § 1983.")
    assert [o.meta.section for o in _refs(occs)] == ["7", "1983"]
    assert keys(occs) == [ActSectionKey("ERISA", "502(a)")]  # an act's short name and section: the act's own


def test_rev_stat_pair_range_is_two_sections(run):
    for t in ("Rev. Stat. §§ 721-722 (1878).", "Rev. Stat. §§ 721, 722 (1878)."):
        occs = full(run(t))
        assert [o.key.section for o in occs] == ["721", "722"]
        assert occs[0].display == "Rev. Stat. § 721 (1878)"
    (o,) = full(run("Rev. Stat. §§ 721-729."))
    assert o.key == RevisedStatutesKey("721-729", "")
    assert o.display == "Rev. Stat. §§ 721-729"


def test_session_law_section_set_is_one_sub_entry(run):
    # The section set keys a sub-entry of the Act (not the bare Act); the three ways of
    # writing the same two sections share one key.
    ks = [
        keys(run(t))[0]
        for t in (
            "Process Act of 1792, ch. 36, §§ 2-3, 1 Stat. 275-276.",
            "Process Act of 1792, ch. 36, §§ 2, 3, 1 Stat. 275.",
            "Process Act of 1792, ch. 36, §§ 2 and 3, 1 Stat. 275.",
        )
    ]
    assert ks[0] == ks[1] == ks[2] == ActKey("1792", "36", "2, 3")
    (o,) = full(run("Process Act of 1792, ch. 36, §§ 2, 3, 1 Stat. 275."))
    assert o.display == "Process Act of 1792, ch. 36, §§ 2, 3, 1 Stat. 275"
    assert keys(run("Process Act of 1792, ch. 36, § 2, 1 Stat. 275.")) == [ActKey("1792", "36", "2")]


def test_state_session_law_with_legislature_and_session_laws_cite():
    from toa.recognizers import recognize

    text = "See Act of June 2, 2003, 78th Leg., R.S., ch. 204, § 10.01, 2003 Tex. Gen. Laws 847, 884."
    [o] = recognize(text, [])
    assert o.display == "Act of June 2, 2003, 78th Leg., R.S., ch. 204, § 10.01, 2003 Tex. Gen. Laws 847"
    assert o.key == ActKey("2003-06-02", "204", "10.01")


def test_section_lists_joined_by_ampersand(run):
    assert keys(run("28 U.S.C. §§ 1331 & 1332(d)(2)")) == [UsCodeKey("28", "1331"), UsCodeKey("28", "1332(d)(2)")]


def test_a_range_under_a_double_section_sign_keeps_it(run):
    [o] = full(run("See 15 U.S.C. §§ 77k-77l; 15 U.S.C. §§ 1681-1681x."))[:1]
    assert o.display == "15 U.S.C. §§ 77k-77l"
    assert full(run("42 U.S.C. § 2000e-5(f)(1)"))[0].display == "42 U.S.C. § 2000e-5(f)(1)"


def test_a_statutory_note_is_its_own_entry(run):
    [o] = full(run("See 18 U.S.C. § 1030 note (2018)."))
    assert o.key == UsCodeKey("18", "1030 note", "2018")
    assert o.display == "18 U.S.C. § 1030 note (2018)"
    assert keys(run("8 U.S.C. § 1182 notes that")) == [UsCodeKey("8", "1182")]


def test_internal_revenue_code_by_its_own_name(run):
    occs = full(run("I.R.C. § 162(a); IRC §§ 61, 7491(a); 26 U.S.C. § 162(a)."))
    assert [o.display for o in occs] == ["I.R.C. § 162(a)", "IRC § 61", "IRC § 7491(a)", "26 U.S.C. § 162(a)"]
    assert all(o.category == "statutes" for o in occs)
    assert occs[0].key != occs[3].key  # listed as the brief cites it


def test_usc_written_without_periods(run):
    assert keys(run("Plaintiff sues under 42 USC 1983 and 42 USC § 1985(3).")) == [
        UsCodeKey("42", "1983"),
        UsCodeKey("42", "1985(3)"),
    ]
    assert keys(run("She graduated from USC 2019 and moved.")) == []


def test_an_act_named_for_a_fiscal_year_keeps_its_name(run):
    [o] = full(
        run(
            "See National Defense Authorization Act for Fiscal Year 2010, Pub. L. No. 111-84, div. A, "
            "123 Stat. 2190 (2009)."
        )
    )
    assert o.display.startswith("National Defense Authorization Act for Fiscal Year 2010, Pub. L. No. 111-84")


def test_a_range_of_subsections_is_one_provision_and_a_range_of_two_neighbours_two(run):
    occs = full(run("28 U.S.C. § 2254(d)(1)-(3); 28 U.S.C. §§ 157(b)(2)(A)-(O), 158(a)(1)."))
    assert [o.display for o in occs] == [
        "28 U.S.C. § 2254(d)(1)-(3)",
        "28 U.S.C. § 157(b)(2)(A)-(O)",
        "28 U.S.C. § 158(a)(1)",
    ]
    assert occs[0].meta.subsection == "(d)(1)"
    # "(1)-(2)", "(a)-(b)", "(ii)-(iii)", "(h)-(i)" name two subsections: each its own entry, as a list's
    occs = full(run("28 U.S.C. § 2254(d)(1)-(2); 42 U.S.C. § 1983(a)-(b), (c)(ii)-(iii), (h)-(i), (x)-(z)."))
    assert [o.display for o in occs] == [
        "28 U.S.C. § 2254(d)(1)",
        "28 U.S.C. § 2254(d)(2)",
        "42 U.S.C. § 1983(a)",
        "42 U.S.C. § 1983(b)",
        "42 U.S.C. § 1983(c)(ii)",
        "42 U.S.C. § 1983(c)(iii)",
        "42 U.S.C. § 1983(h)",
        "42 U.S.C. § 1983(i)",
        "42 U.S.C. § 1983(x)-(z)",
    ]


def test_an_act_named_with_a_defined_short_name_before_its_cite(run):
    occs = full(
        run(
            "The Class Action Fairness Act of 2005 (“CAFA”), Pub. L. No. 109-2, 119 Stat. 4, and the Fair "
            "Credit Reporting Act (FCRA), 15 U.S.C. § 1681, apply."
        )
    )
    assert [o.display for o in occs] == [
        "Class Action Fairness Act of 2005, Pub. L. No. 109-2, 119 Stat. 4",
        "Fair Credit Reporting Act, 15 U.S.C. § 1681",
    ]


def test_title_first_prose_and_abbreviated_section_words(run):
    occs = full(
        run("He was charged under Title 18, United States Code, Section 922(g)(1), and 18 U.S.C. Sec. 924(a)(2).")
    )
    assert [(o.key, o.display) for o in occs] == [
        (UsCodeKey("18", "922(g)(1)"), "18 U.S.C. § 922(g)(1)"),
        (UsCodeKey("18", "924(a)(2)"), "18 U.S.C. Sec. 924(a)(2)"),
    ]


def test_california_session_laws(run):
    occs = run("The Legislature adopted the standard. (Stats. 2003, ch. 484, § 2.) See Stats. 2019, ch. 497, §§ 1, 3.")
    assert [(o.kind, o.key, o.display) for o in occs] == [
        ("full", StateCodeKey("Cal.", "stats 2003", "ch. 484", "2"), "Stats. 2003, ch. 484, § 2"),
        ("full", StateCodeKey("Cal.", "stats 2019", "ch. 497", "1, 3"), "Stats. 2019, ch. 497, §§ 1, 3"),
    ]
    (o,) = run("(Stats. 2011, 1st Ex. Sess. 2011, ch. 12, § 3, eff. Jan. 1, 2012.)")
    assert o.display == "Stats. 2011, 1st Ex. Sess. 2011, ch. 12, § 3"
    assert o.category == "statutes"


def test_a_bare_subdivision_in_prose_is_a_reference(run):
    (o,) = run("Under subdivision (b)(6), the court must impose the lower term.")
    assert (o.kind, o.text, o.meta) == (
        "reference",
        "subdivision (b)(6)",
        ProvisionMeta(subsection="(b)(6)", subdivision_only=True),
    )
    assert [o.meta.subsection for o in run("Subdivisions (b) and (c) apply.")] == ["(b)", "(c)"]
    assert [o.text for o in run("(Pen. Code, § 1170, subd. (b)(2).)")] == ["Pen. Code, § 1170, subd. (b)(2)"]
    assert run("The Oakwood subdivision (Lot 4) was sold.") == []


def test_states_own_short_forms_share_the_bluebook_keys(run):
    assert keys(run("under CPLR 3211(a)(7)")) == keys(run("N.Y. C.P.L.R. 3211(a)(7)"))
    assert keys(run("R.C. 2305.10(A) applies")) == keys(run("Ohio Rev. Code Ann. § 2305.10(A)"))
    assert keys(run("G.L. c. 93A, § 9")) == keys(run("Mass. Gen. Laws ch. 93A, § 9"))
    assert keys(run("N.J.S.A. 2A:14-2")) == keys(run("N.J. Stat. Ann. § 2A:14-2"))
    assert keys(run("K.S.A. 60-513")) == keys(run("Kan. Stat. Ann. § 60-513"))
    assert keys(run("OCGA § 9-11-12(b)(6)")) == keys(run("O.C.G.A. § 9-11-12(b)(6)"))


def test_florida_names_its_statutes_after_the_section(run):
    (o,) = run("The cap applies. § 768.28(5), Fla. Stat. (2022).")
    assert (o.key, o.display) == (
        StateCodeKey("Fla.", "stat", "", "768.28(5)", "2022"),
        "§ 768.28(5), Fla. Stat. (2022)",
    )
    assert keys(run("See Fla. Stat. § 768.28(5) (2022).")) == [o.key]
    (o,) = run("under section 95.11(3)(a), Florida Statutes, the action")
    assert (o.key, o.display) == (StateCodeKey("Fla.", "stat", "", "95.11(3)(a)"), "§ 95.11(3)(a), Fla. Stat.")


def test_a_subdivision_of_a_bare_section_written_first(run):
    (o,) = run("Under subdivision (b) of section 1170, the court must.")
    assert (o.kind, o.text, o.meta.section, o.meta.subsection) == (
        "reference",
        "subdivision (b) of section 1170",
        "1170",
        "(b)",
    )


def test_a_section_made_from_its_title_and_number_is_the_code_cited_in_full(run):
    """What a short form of the U.S. Code or a state's code statutes.py reads stands for: made from
    the title or the code and the number, the same citation as the code cited in full."""

    def same(made, cited):
        return (made.display, made.key, made.sort_key, made.meta) == (
            cited.display,
            cited.key,
            cited.sort_key,
            cited.meta,
        )

    [cited] = full(run("18 U.S.C. § 1961-1968"))  # a range: "§§" in the entry, one key
    assert same(us_code_section("18", "§", "1961-1968"), cited) and cited.display == "18 U.S.C. §§ 1961-1968"
    [cited] = full(run("18 U.S.C. 1030 note"))
    assert same(us_code_section("18", "", "1030 note"), cited)
    assert us_code_section("18", "§", "924(c), (j)") is None  # two citations
    assert us_code_section("50 App.", "§", "5") is None
    for code, title, number in (("N.Y. Penal Law", "", "125.25(1)"), ("18 Pa. Cons. Stat. Ann.", "18", "301")):
        [cited] = full(run(f"{code} § {number}"))
        key = cited.key
        assert same(state_code_section(code, key.jurisdiction, key.code, title, number), cited)
    assert reads_state_code("Va. Code Ann.") and reads_state_code("18 Pa. Cons. Stat. Ann.")
    assert not reads_state_code("Code Civ. Proc.") and not reads_state_code("N.Y. C.P.L.R.")


def test_a_section_made_from_a_code_in_its_states_own_form_is_the_code_cited_in_full(run):
    """ "42 Pa.C.S. § 5525", "N.Y. C.P.L.R. 3212", "735 ILCS 5/2-619": made from the code, its title
    number and the number, with the section sign where the brief writes one, the same citation as
    the code cited in full."""

    def same(made, cited):
        return (made.display, made.key, made.sort_key, made.meta) == (
            cited.display,
            cited.key,
            cited.sort_key,
            cited.meta,
        )

    for code, title, mark, number in (
        ("Pa.C.S.", "42", "§", "5525"),
        ("N.Y. C.P.L.R.", "", "", "3212(a)"),
        ("ILCS", "735", "", "5/2-619"),
        ("MCL", "", "", "600.5807"),
        ("RCW", "", "", "4.16.100"),
        ("O.C.G.A.", "", "§", "9-11-56"),
    ):
        written = " ".join(part for part in (title, code, mark, number) if part)
        [cited] = full(run(written))
        assert same(state_form_section(code, title, mark, number), cited), written
    assert state_form_section("ILCS", "735", "", "5") is None  # no section of the Illinois form
    assert state_form_section("Code Civ. Proc.", "", "§", "437c") is None  # no state's own form


def test_a_state_bill_by_its_session_and_the_sections_it_enacts(run):
    occs = full(
        run(
            "S.B. 77, 66th Leg., Reg. Sess. (Utah 2024), §§ 13-70-101(1), (3)(a), and Assem. Bill 2210, "
            "2021-2022 Reg. Sess. (Cal. 2022)."
        )
    )
    assert [o.display for o in occs] == [
        "S.B. 77, 66th Leg., Reg. Sess. (Utah 2024) § 13-70-101(1)",
        "S.B. 77, 66th Leg., Reg. Sess. (Utah 2024) § 13-70-101(3)(a)",
        "Assem. Bill 2210, 2021-2022 Reg. Sess. (Cal. 2022)",
    ]
    assert [o.category for o in occs] == ["statutes", "statutes", "legislative"]
    assert occs[0].key == StateBillKey("Utah", "S.B.", "77", "66th Leg., Reg. Sess.", section="13-70-101(1)")
    assert occs[2].key == StateBillKey("Cal.", "A.B.", "2210", "2021-2022 Reg. Sess.")
    # by its number alone, a section is a short form of the bill cited before
    (o,) = run("S.B. 77 § 13-70-101(4).")
    assert (o.kind, o.meta.act, o.meta.section, o.meta.subsection) == ("short", "S.B. 77", "13-70-101", "(4)")


def test_a_bills_sections_to_be_codified_are_the_bills(run):
    # the code sections in "(to be codified at …)" are where the bill's sections will go: the bill is
    # cited, so they are its sections, as a later "Id. § 72.014(b)" after it is
    occs = full(
        run(
            "H.B. 4, 89th Leg., Reg. Sess. (Tex. 2025) (to be codified at Tex. Agric. Code §§ 72.001-72.012, "
            "72.014(a)). It also bars sales."
        )
    )
    assert [o.display for o in occs] == [
        "H.B. 4, 89th Leg., Reg. Sess. (Tex. 2025) §§ 72.001-72.012",
        "H.B. 4, 89th Leg., Reg. Sess. (Tex. 2025) § 72.014(a)",
    ]
    assert [o.category for o in occs] == ["statutes", "statutes"]
    assert occs[1].key == StateBillKey("Tex.", "H.B.", "4", "89th Leg., Reg. Sess.", section="72.014(a)")
    # a bill's parenthetical of another kind leaves the bill an entry of its own
    (o,) = full(run("S.B. 12, 89th Leg., Reg. Sess. (Tex. 2025) (enrolled version)."))
    assert (o.display, o.category) == ("S.B. 12, 89th Leg., Reg. Sess. (Tex. 2025)", "legislative")


def test_a_section_of_an_act_by_its_short_name_and_own_numbering(run):
    occs = full(
        run("Relief under the Foo Bar Act (“FOOBA”), FOOBA § 412(b)(2), is equitable; see FOOBA §§ 412(a)(1)(B), (c).")
    )
    assert [o.display for o in occs] == ["FOOBA § 412(b)(2)", "FOOBA § 412(a)(1)(B)", "FOOBA § 412(c)"]
    assert occs[0].key == ActSectionKey("FOOBA", "412(b)(2)")
    assert occs[0].category == "statutes" and occs[0].text == "FOOBA § 412(b)(2)"
    # with the Code section the brief gives just after it: one entry, that section of the Code
    o, code = full(run("He is removable under INA § 212(a)(9)(C), 8 U.S.C. § 1182(a)(9)(C), as held."))
    assert o.key == code.key == UsCodeKey("8", "1182(a)(9)(C)")
    assert o.display == "INA § 212(a)(9)(C), 8 U.S.C. § 1182(a)(9)(C)"
    assert o.text == "INA § 212(a)(9)(C)"
    assert (o.meta.act, o.meta.act_section) == ("INA", "212(a)(9)(C)")


def test_a_state_acts_sections_by_its_short_name_keep_their_decimals(run):
    # "WPA § 1799.120" was cut to "WPA § 1799", and "section 1799.125 of the WPA" was not read
    occs = full(
        run(
            "The Widget Privacy Act (“WPA”) governs. Under WPA § 1799.120, sales are barred; see section "
            "1799.125(b) of the WPA and WPA §§ 1799.130, 1799.135(a)."
        )
    )
    assert [o.display for o in occs] == [
        "WPA § 1799.120",
        "WPA § 1799.125(b)",
        "WPA § 1799.130",
        "WPA § 1799.135(a)",
    ]


def test_a_code_name_or_treatise_before_a_section_is_no_act(run):
    occs = full(
        run(
            "TEX. GOV'T CODE § 311.011 governs; nor IRC § 61; see WRIGHT & MILLER § 1357; QUILLEN § 9.2; "
            "section 12 of the FOO."
        )
    )
    assert [o.display for o in occs if isinstance(o.key, ActSectionKey)] == []


def test_an_acts_section_written_out_or_of_the_act_or_of_its_title(run):
    occs = full(
        run(
            "Plaintiffs sue under section 502(a)(3) of ERISA, INA section 240A(b)(1) and Section 8(a) of the "
            "NLRA. Title IX § 901(a) also applies."
        )
    )
    assert [o.key for o in occs] == [
        ActSectionKey("ERISA", "502(a)(3)"),
        ActSectionKey("INA", "240A(b)(1)"),
        ActSectionKey("NLRA", "8(a)"),
        ActSectionKey("Title IX", "901(a)"),
    ]
    assert [o.display for o in occs] == ["ERISA § 502(a)(3)", "INA § 240A(b)(1)", "NLRA § 8(a)", "Title IX § 901(a)"]


def test_a_texas_session_law_by_year_legislature_and_chapter(run):
    occs = full(
        run(
            "See Acts 2017, 85th Leg., ch. 912 (S.B. 77), §§ 4, 12(3), eff. Sept. 1, 2017; "
            "Acts 2005, 79th Leg., R.S., ch. 33, § 2.01, 2005 Tex. Gen. Laws 60."
        )
    )
    assert [o.display for o in occs] == [
        "Acts 2017, 85th Leg., ch. 912 (S.B. 77), §§ 4, 12(3)",
        "Acts 2005, 79th Leg., R.S., ch. 33, § 2.01",
    ]
    assert occs[0].key == StateCodeKey("Tex.", "acts 2017 85th leg", "ch. 912", "4, 12(3)")
    assert occs[1].key.section == "2.01" and occs[0].category == "statutes"


def test_a_county_or_city_code_with_its_chapters(run):
    occs = full(
        run(
            "See Marsh County Code, ch. 12, subch. 12C, § 4-B; cf. Elmford City Code § 31-2-7(a) and "
            "Elmford Municipal Code section 8.04."
        )
    )
    assert [o.display for o in occs] == [
        "Marsh County Code, ch. 12, subch. 12C, § 4-B",
        "Elmford City Code § 31-2-7(a)",
        "Elmford Municipal Code section 8.04",
    ]
    assert occs[0].key == StateCodeKey("", "marsh county code", "ch 12 subch 12c", "4-B")
    assert {o.category for o in occs} == {"statutes"}


def test_a_citys_administrative_code_is_its_law_and_a_states_holds_regulations(run):
    occs = full(run("See Elm. C. Admin. Code § 8-107(1)(a); E.F. Admin. Code § 12B.1; 16 Tex. Admin. Code § 3.4."))
    assert [(o.display, o.category) for o in occs] == [
        ("Elm. C. Admin. Code § 8-107(1)(a)", "statutes"),
        ("E.F. Admin. Code § 12B.1", "statutes"),
        ("16 Tex. Admin. Code § 3.4", "rules_regulations"),
    ]


def test_a_city_code_section_with_its_subdivision_as_california_writes_it(run):
    (o,) = full(run("Elmford Municipal Code section 41.18, subdivision (d), bars it."))
    assert o.display == "Elmford Municipal Code section 41.18, subdivision (d)"
    assert o.key == StateCodeKey("", "elmford mun code", "", "41.18(d)")


def test_a_county_code_with_a_hyphenated_name(run):
    (o,) = full(run("See Miami-Dade County Code § 11A-26 (2020)."))
    assert o.display == "Miami-Dade County Code § 11A-26"
    assert o.category == "statutes"


def test_a_citys_code_is_one_code_however_the_brief_spells_it(run):
    t = (
        "See the Administrative Code of the City of New York § 14-151(b); N.Y.C. Admin. Code § 14-151(b); "
        "New York City Administrative Code § 14-151(b); cf. Municipal Code of the City of Los Angeles § 41.18 "
        "and L.A. Mun. Code § 41.18."
    )
    occs = full(run(t))
    assert [o.display for o in occs] == [
        "Administrative Code of the City of New York § 14-151(b)",
        "N.Y.C. Admin. Code § 14-151(b)",
        "New York City Administrative Code § 14-151(b)",
        "Municipal Code of the City of Los Angeles § 41.18",
        "L.A. Mun. Code § 41.18",
    ]
    assert {o.category for o in occs} == {"statutes"}
    assert len({o.key for o in occs[:3]}) == 1 and len({o.key for o in occs[3:]}) == 1
    assert occs[0].key != occs[3].key
    # a city's code is not its state's ("New York City …" is no "N.Y." code) and files under the city
    assert occs[2].meta.jurisdiction is None and occs[0].sort_key == occs[1].sort_key


def test_each_member_of_a_list_of_city_code_sections_names_the_code_once_with_one_mark(run):
    occs = full(
        run(
            "Bias is barred. Elmford City Administrative Code §§ 8-107(1)(a), 8-107(7); "
            "Marsh County Code, ch. 12, §§ 4-B, 5."
        )
    )
    assert [o.display for o in occs] == [
        "Elmford City Administrative Code § 8-107(1)(a)",
        "Elmford City Administrative Code § 8-107(7)",
        "Marsh County Code, ch. 12, § 4-B",
        "Marsh County Code, ch. 12, § 5",
    ]


def test_every_form_of_every_state_code_form_in_the_table_is_read(run):
    from toa.recognizers.tables import load

    for entry in load("state_code_forms", "code"):
        marks = ([] if entry.get("mark_required") else [""]) + (
            ["§ "] if {"§", "§§"} & set(entry.get("marks", [])) else []
        )
        marks += ["Rule "] if "rule" in entry.get("marks", []) else []
        marks += ["art. ", "ART. "] if "art" in entry.get("marks", []) else []
        entry_keys = set()
        for written in (w for f in entry["forms"] for w in written_forms(f)):
            for mark in marks:
                cite = ("12 " if entry.get("title_first") else "") + f"{written} {mark}{entry['example']}(a)"
                found = full(run(f"See {cite}."))
                assert [(o.key.jurisdiction, o.key.section) for o in found] == [
                    (entry["state"], entry["example"] + "(a)")
                ], cite
                entry_keys.add(found[0].key)
        # however it is written, an entry names one code
        assert len(entry_keys) == 1, entry
        if "words" in entry:
            assert entry_keys.pop().code == entry["words"], entry


def test_a_section_of_a_book_with_its_edition_is_no_code_section(run):
    # a treatise named for a state's law looks like "N.Y. General Business Law § 349"; its
    # edition parenthetical says it is a book
    book = "See 1 Bernard E. Witkin & Norman L. Epstein, California Criminal Law § 12 (4th ed. 2012)."
    assert [o.category for o in full(run(book))] == ["other"]
    assert [o.category for o in full(run("See N.Y. General Business Law § 349 (McKinney 2012)."))] == ["statutes"]


def test_a_code_named_by_subject_after_a_comma_as_maryland_names_its_codes(run):
    annotated = full(run("See Md. Code Ann., Cts. & Jud. Proc. § 5-101 (West 2020)."))
    plain = full(run("See Md. Code, Cts. & Jud. Proc. § 5-101."))
    assert [o.display for o in annotated] == ["Md. Code Ann., Cts. & Jud. Proc. § 5-101 (West 2020)"]
    assert [(o.key.jurisdiction, o.key.code, o.key.section) for o in annotated + plain] == [
        ("Md.", "code cts jud proc", "5-101")
    ] * 2
    # the comma belongs to the name only right after the state: a list of codes is two
    assert [o.display for o in full(run("See Tex. Penal Code, Tex. Fam. Code § 1."))] == ["Tex. Fam. Code § 1"]


def test_a_range_of_state_sections_shows_two_section_signs(run):
    assert [o.display for o in full(run("See Cal. Civ. Code §§ 1798.100-1798.199."))] == [
        "Cal. Civ. Code §§ 1798.100-1798.199"
    ]
    assert [o.display for o in full(run("See Tex. Gov't Code §§ 311.021-.023."))] == ["Tex. Gov't Code §§ 311.021-.023"]
    assert [o.display for o in full(run("See Ark. Code Ann. § 4-88-1102."))] == ["Ark. Code Ann. § 4-88-1102"]


def test_a_state_s_own_form_and_the_bluebook_s_name_one_code(run):
    pairs = [
        ("A.R.S. § 12-821.01", "Ariz. Rev. Stat. Ann. § 12-821.01"),
        ("ORS 12.110", "Or. Rev. Stat. § 12.110"),
        ("NRS 41.0305", "Nev. Rev. Stat. § 41.0305"),
        ("La. R.S. 9:2800", "La. Rev. Stat. Ann. § 9:2800"),
        ("La. C.C. art. 2315", "La. Civ. Code Ann. art. 2315"),
    ]
    for own, bluebook in pairs:
        assert [o.key for o in full(run(f"See {own}."))] == [o.key for o in full(run(f"See {bluebook}."))], own
    # the Congressional Research Service's reports are no Colorado statute
    assert full(run("See CRS Report R45678 (2019).")) == []


def test_new_york_laws_by_their_official_names_are_the_bluebooks_codes(run):
    # the names New York's Official Reports style gives its consolidated laws, a subsection after a space
    pairs = [
        ("Labor Law § 240 (1)", "N.Y. Lab. Law § 240(1)"),
        ("Penal Law § 125.25 (1)", "N.Y. Penal Law § 125.25(1)"),
        ("Vehicle and Traffic Law § 1192 (3)", "N.Y. Veh. & Traf. Law § 1192(3)"),
        ("General Municipal Law § 50-e (1) (a)", "N.Y. Gen. Mun. Law § 50-e(1)(a)"),
        ("Workers' Compensation Law § 11", "N.Y. Workers' Comp. Law § 11"),
        ("CPL 440.10 (1) (h)", "N.Y. Crim. Proc. Law § 440.10(1)(h)"),
        ("EPTL 5-1.1-A", "N.Y. Est. Powers & Trusts Law § 5-1.1-A"),
        ("CPLR 3211 (a) (7)", "N.Y. C.P.L.R. 3211(a)(7)"),
    ]
    for official, bluebook in pairs:
        got = full(run(f"See {official}; see also {bluebook}."))
        assert len(got) == 2 and got[0].key == got[1].key, official
        assert got[0].display == official.replace(" (", "("), official
    # a list after two section signs is each of its sections, named by the law
    listed = full(run("He sued under Labor Law §§ 200, 240 (1) and 241 (6) and won."))
    assert [o.display for o in listed] == ["Labor Law § 200", "Labor Law § 240(1)", "Labor Law § 241(6)"]
    # a name alone is prose, and a year in parentheses is no subsection
    assert full(run("The Labor Law 2019 amendments changed that.")) == []
    dated = full(run("See Penal Law § 125.25 (2019)."))
    assert [(o.key.section, o.key.edition) for o in dated] == [("125.25", "2019")]


def test_a_numbered_subdivision_is_part_of_the_section_as_minnesota_cites_it(run):
    cited = full(run("See Minn. Stat. § 541.05, subd. 1(5) (2020); Minn. Stat. § 541.05, subd. 2."))
    assert [o.display for o in cited] == ["Minn. Stat. § 541.05, subd. 1(5) (2020)", "Minn. Stat. § 541.05, subd. 2"]
    assert cited[0].key.section != cited[1].key.section
    # California's lettered subdivisions are the California Style Manual's, as before
    california = full(run("See Cal. Civ. Code § 1714, subd. (a)."))
    assert [o.display for o in california] == ["Cal. Civ. Code § 1714, subd. (a)"]
