from recognized import full, keys
from toa.keys import ConstitutionKey, UsCodeKey


def test_formal_article_section_clause(run):
    (o,) = full(run("See U.S. Const. art. I, § 8, cl. 3."))
    assert o.key == ConstitutionKey("US", "art", "I", "8", "3")
    assert o.display == "U.S. Const. art. I, § 8, cl. 3"
    assert o.category == "constitutional"
    assert o.flags == []


def test_amendment_with_section(run):
    assert keys(run("U.S. Const. amend. XV, § 1")) == [ConstitutionKey("US", "amend", "XV", "1")]


def test_plural_amendments_expand(run):
    occs = full(run("U.S. Const. amends. V, VI"))
    assert [o.key for o in occs] == [ConstitutionKey("US", "amend", "V"), ConstitutionKey("US", "amend", "VI")]
    assert occs[1].display == "U.S. Const. amend. VI"


def test_const_without_jurisdiction_is_federal(run):
    (o,) = full(run("Const. Art. II, § 3"))
    assert o.key == ConstitutionKey("US", "art", "II", "3")
    assert o.display == "U.S. Const. Art. II, § 3"


def test_state_constitution_sorts_after_federal(run):
    (st,) = full(run("Cal. Const. art. I, § 7(a)"))
    assert st.key.article() == ("Cal.", "art", "I")
    (fed,) = full(run("U.S. Const. amend. XXVI"))
    assert fed.sort_key < st.sort_key


def test_articles_sort_before_amendments_and_numerically(run):
    art7 = full(run("U.S. Const. art. VII"))[0].sort_key
    am1 = full(run("U.S. Const. amend. I"))[0].sort_key
    am4 = full(run("U.S. Const. amend. IV"))[0].sort_key
    am10 = full(run("U.S. Const. amend. X"))[0].sort_key
    assert art7 < am1 < am4 < am10


def test_clause_name_parenthetical_is_part_of_cite(run):
    (o,) = full(run("U.S. Const. Art. I, § 8, Cl. 1 (Spending Clause)."))
    assert o.text.endswith("(Spending Clause)")
    assert o.key == ConstitutionKey("US", "art", "I", "8", "1")


def test_informal_amendment_and_article(run):
    occs = full(run("The Sixth Amendment right applies, and Article III limits the courts."))
    assert [o.key for o in occs] == [ConstitutionKey("US", "amend", "VI"), ConstitutionKey("US", "art", "III")]
    assert all("informal_reference" in o.flags for o in occs)
    assert occs[0].display == "U.S. Const. amend. VI"


def test_compound_ordinal_and_plural(run):
    occs = full(run("the Twenty-First Amendment and the First and Fourteenth Amendments"))
    assert [o.key.number for o in occs] == ["XXI", "I", "XIV"]


def test_section_of_amendment(run):
    (o,) = full(run("Section 2 of the Fifteenth Amendment"))
    assert o.key == ConstitutionKey("US", "amend", "XV", "2")


def test_named_clauses_resolve(run):
    occs = full(run("the Commerce Clause, the Confrontation Clause and the Equal Protection Clause"))
    assert [o.key for o in occs] == [
        ConstitutionKey("US", "art", "I", "8", "3"),
        ConstitutionKey("US", "amend", "VI"),
        ConstitutionKey("US", "amend", "XIV", "1"),
    ]


def test_vague_references_are_not_authorities(run):
    assert full(run("The due process and equal protection guarantees apply; the Due Process Clause too.")) == []


def test_article_of_a_treaty_is_not_the_constitution(run):
    assert full(run("Article III of the Hague Convention")) == []
    assert full(run("Article III of the Constitution")) != []


def test_lowercase_amendment_is_not_informal(run):
    assert full(run("the first amendment to the complaint")) == []


def test_id_const_short_form(run):
    occs = run("Tex. Const. art. I, § 19; id. art. I, § 13.")
    assert occs[1].kind == "id"
    assert occs[1].key == ConstitutionKey("Tex.", "art", "I", "13")


def test_string_cite_continues_with_bare_sections(run):
    t = "U.S. Const. Art. I, § 8, Cl. 3 (commerce); § 9, Cl. 5 (exports); § 10, Cl. 2 (imposts)."
    occs = run(t)
    assert [o.key for o in occs] == [
        ConstitutionKey("US", "art", "I", "8", "3"),
        ConstitutionKey("US", "art", "I", "9", "5"),
        ConstitutionKey("US", "art", "I", "10", "2"),
    ]
    assert all(o.kind == "full" for o in occs)
    assert occs[1].text == "§ 9, Cl. 5"
    assert occs[1].display == "U.S. Const. art. I, § 9, cl. 5"


def test_string_cite_continues_with_parts(run):
    occs = full(run("See U.S. Const. amend. IV; amend. XIV, § 1; § 5."))
    assert [o.key for o in occs] == [
        ConstitutionKey("US", "amend", "IV"),
        ConstitutionKey("US", "amend", "XIV", "1"),
        ConstitutionKey("US", "amend", "XIV", "5"),
    ]
    assert occs[1].text == "amend. XIV, § 1"


def test_bare_section_of_something_else_does_not_continue(run):
    occs = run("U.S. Const. art. III, § 2; § 1331 of the Judicial Code.")
    assert [o.kind for o in occs] == ["full", "reference"]
    occs = run("U.S. Const. art. III, § 2; 28 U.S.C. § 1331.")
    assert [type(o.key) for o in occs] == [ConstitutionKey, UsCodeKey]


def test_article_with_its_clause_is_one_occurrence(run):
    for t in (
        "Article II's Appointments Clause governs.",
        "the Appointments Clause of Article II governs.",
        "Art. I’s Origination Clause",
    ):
        (o,) = run(t)
        assert (o.key.jurisdiction, o.key.part) == ("US", "art")
        assert o.key.number and o.key.section and o.key.clause
        assert "informal_reference" in o.flags
    (o,) = run("the Appointments Clause of Article II of the Constitution")
    assert o.text == "the Appointments Clause of Article II of the Constitution"[4:]
    # a mismatched article stays its own occurrence; a bare article still maps to the article
    assert [o.key for o in run("Article I's Appointments Clause")] == [
        ConstitutionKey("US", "art", "I"),
        ConstitutionKey("US", "art", "II", "2", "2"),
    ]
    assert keys(run("Article II vests the executive power.")) == [ConstitutionKey("US", "art", "II")]


def test_constitutions_in_capitals_get_the_bluebook_form(run):

    occs = full(
        run("citing U.S. CONST. AMD. VI (“speedy”), TEX. CONST. ART. I, § 15 (“jury”); TEX. CONST. art. 1 § 14")
    )
    assert [o.display for o in occs] == [
        "U.S. Const. amend. VI",
        "Tex. Const. art. I, § 15",
        "Tex. Const. art. I, § 14",
    ]
    assert occs[0].key == ConstitutionKey("US", "amend", "VI")


def test_constitutions_written_out(run):

    assert keys(run("Texas Constitution, Article I, Section 15")) == [ConstitutionKey("Tex.", "art", "I", "15")]
    assert keys(run("United States Constitution, Amendment VI")) == keys(run("U.S. Const. amend. 6"))


def test_a_mention_set_before_its_own_citation_is_not_a_second_entry(run):
    occs = run(
        "Because the Fourteenth Amendment, U.S. Const. amend. XIV, § 1, guarantees it, and the Commerce "
        "Clause (U.S. Const. art. I, § 8, cl. 3) reaches it, the First Amendment does too."
    )
    assert [(o.display, o.flags) for o in occs] == [
        ("U.S. Const. amend. XIV, § 1", []),
        ("U.S. Const. art. I, § 8, cl. 3", []),
        ("U.S. Const. amend. I", ["informal_reference"]),
    ]


def test_lists_of_sections_and_clauses_give_one_entry_each(run):
    occs = full(
        run(
            "U.S. Const. amend. XIV, §§ 1, 5; U.S. Const. art. I, § 8, cls. 3 and 18; U.S. Const. amend. XIV, "
            "§ 1, 5 U.S.C. § 552."
        )
    )
    assert [o.display for o in occs] == [
        "U.S. Const. amend. XIV, § 1",
        "U.S. Const. amend. XIV, § 5",
        "U.S. Const. art. I, § 8, cl. 3",
        "U.S. Const. art. I, § 8, cl. 18",
        "U.S. Const. amend. XIV, § 1",
        "5 U.S.C. § 552",
    ]


def test_the_california_style_manual_numbers_amendments(run):
    occs = run("(See U.S. Const., 14th Amend.; Cal. Const., art. I, § 7.)")
    assert [(o.key, o.display) for o in occs] == [
        (ConstitutionKey("US", "amend", "XIV"), "U.S. Const., 14th Amend."),
        (ConstitutionKey("Cal.", "art", "I", "7"), "Cal. Const., art. I, § 7"),
    ]
    occs = run("(U.S. Const., 5th & 14th Amends.)")
    assert [(o.key, o.display) for o in occs] == [
        (ConstitutionKey("US", "amend", "V"), "U.S. Const., 5th Amend."),
        (ConstitutionKey("US", "amend", "XIV"), "U.S. Const., 14th Amend."),
    ]


def test_a_state_named_after_the_provision(run):
    (o,) = run("The right is guaranteed. Art. I, § 9, Fla. Const.")
    assert (o.key, o.display, o.flags) == (ConstitutionKey("Fla.", "art", "I", "9"), "Art. I, § 9, Fla. Const.", [])
    (o,) = run("Article I, Section 9 of the Texas Constitution protects the same right.")
    assert (o.key, o.display) == (ConstitutionKey("Tex.", "art", "I", "9"), "Tex. Const. art. I, § 9")
    (o,) = run("Article III of the Constitution")
    assert o.key == ConstitutionKey("US", "art", "III")


def test_a_list_of_sections_is_one_provision_each(run):
    occs = run("(U.S. Const., 5th & 14th Amends.; Cal. Const., art. I, §§ 7, 15.)")
    assert [(o.key, o.display) for o in occs][2:] == [
        (ConstitutionKey("Cal.", "art", "I", "7"), "Cal. Const., art. I, § 7"),
        (ConstitutionKey("Cal.", "art", "I", "15"), "Cal. Const., art. I, § 15"),
    ]
    occs = run("Tex. Const. art. I, §§ 10 and 19; art. V, § 5.")
    assert [o.display for o in occs] == [
        "Tex. Const. art. I, § 10",
        "Tex. Const. art. I, § 19",
        "Tex. Const. art. V, § 5",
    ]


def test_a_state_constitution_named_by_its_year(run):
    # Illinois and Michigan cite their constitutions with the year of their adoption
    [dated] = full(run("See Ill. Const. 1970, art. I, § 2."))
    [plain] = full(run("See Ill. Const. art. I, § 2."))
    assert dated.display == "Ill. Const. 1970, art. I, § 2"
    assert dated.key == plain.key  # one provision
    assert [o.display for o in full(run("See Tex. Const. of 1876, art. I, § 10."))] == [
        "Tex. Const. of 1876, art. I, § 10"
    ]
