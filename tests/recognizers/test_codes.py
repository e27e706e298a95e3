"""State codes as state courts write them (toa.recognizers.codes), on invented text."""

import pytest
from recognized import full, keys

from toa.keys import StateCodeKey
from toa.recognizers.codes import (
    DeclaredCode,
    declared_codes,
    declared_provision,
    names_a_code,
    provision_in,
    resolve_jurisdictions,
)


def test_california_style_manual_forms_are_one_code(run):
    a = keys(run("The motion was timely. (Code Civ. Proc., § 437c, subd. (c).)"))
    b = keys(run("Under Code of Civil Procedure, section 437c, subdivision (c), the court rules."))
    c = keys(run("See CODE CIV. PROC. § 437c, subd. (c)."))
    assert a == b == c == [StateCodeKey("", "code civ proc", "", "437c(c)")]


def test_a_range_of_subdivisions_is_one_provision_as_cited(run):
    # the range was cut to its first member, and a list after it was lost
    (o,) = full(run("(Fam. Code, § 3044, subds. (b)-(d).)"))
    assert o.display == "Fam. Code, § 3044, subds. (b)-(d)"
    (o,) = full(run("(Gov. Code, § 11135, subds. (a)(1)-(3), (f).)"))
    assert o.display == "Gov. Code, § 11135, subds. (a)(1)-(3), (f)"
    assert o.meta.subsection.startswith("(a)(1)")


def test_a_subdivision_list_is_one_provision_as_cited(run):
    (o,) = full(run("(Health & Saf. Code, § 1250, subds. (c), (k).)"))
    assert o.key.section == "1250(c), (k)"
    assert o.display == "Health & Saf. Code, § 1250, subds. (c), (k)"
    assert o.text == "Health & Saf. Code, § 1250, subds. (c), (k)"
    assert (o.meta.subsection, o.meta.subsections) == ("(c)", ["(c)", "(k)"])
    (o,) = full(run("(Gov. Code, § 12940, subd. (h) (1), (7).)"))
    assert o.display == "Gov. Code, § 12940, subd. (h)(1), (7)"
    assert o.meta.subsections == ["(h)(1)", "(h)(7)"]
    (o,) = full(run("See Code Civ. Proc., § 437c, subds. (a), (c) (West 2024)."))
    assert o.display == "Code Civ. Proc., § 437c, subds. (a), (c) (West 2024)"


def test_written_out_code_with_unparenthesised_subdivision(run):
    (o,) = full(run("a conviction under Welfare and Institutions Code section 300, subdivision 2 requires"))
    assert o.key == StateCodeKey("", "welf inst code", "", "300(2)")
    assert o.display == "Welfare and Institutions Code section 300, subdivision (2)"


def test_texas_articles_sections_and_capitals(run):
    assert keys(run("TEX. CODE CRIM. PROC. ART. 1.13(a).")) == [StateCodeKey("Tex.", "code crim proc", "", "1.13(a)")]
    (o,) = full(run("See Tex. Code Crim. Proc. art. 38.37, § 2 (evidence)."))
    assert o.key == StateCodeKey("Tex.", "code crim proc", "", "38.37, § 2")
    assert o.display == "Tex. Code Crim. Proc. art. 38.37, § 2"
    assert keys(run("TEX PEN. CODE §21.02(c)(2)")) == keys(run("Texas Penal Code § 21.02(c)(2)"))
    assert keys(run("Texas Penal Code Sec. 19.02 applies")) == [StateCodeKey("Tex.", "penal code", "", "19.02")]


def test_section_written_before_the_code(run):
    (o,) = full(run("in violation of Article 4.05 of the Texas Code of Criminal Procedure. Next"))
    assert o.text == "Article 4.05 of the Texas Code of Criminal Procedure"
    assert o.display == "Texas Code of Criminal Procedure art. 4.05"
    (o,) = full(run("admitted under Section 3 of Article 38.37 of the Texas Code of Criminal Procedure."))
    assert o.key == StateCodeKey("Tex.", "code crim proc", "", "38.37, § 3")
    (o,) = full(run("the offense in Section 22.02(a)(2) of the Texas Penal Code. It"))
    assert o.key == StateCodeKey("Tex.", "penal code", "", "22.02(a)(2)")


def test_edition_parenthetical_and_code_of_regulations(run):
    (o,) = full(run("Tex. Penal Code Ann. § 22.01(a)(1) (West 2019)"))
    assert o.key == StateCodeKey("Tex.", "penal code", "", "22.01(a)(1)", "West 2019")
    (o,) = full(run("(Cal. Code Regs., tit. 22, § 72527, subd. (a)(11).)"))
    assert o.category == "rules_regulations"
    assert o.key == StateCodeKey("Cal.", "code regs", "22", "72527(a)(11)")
    assert keys(run("22 Cal. Code Regs. § 72527(a)(11)")) == [o.key]
    assert keys(run("California Code of Regulations, title 22, section 72527, subdivision (a)(11)")) == [o.key]


def test_prose_and_bare_code_are_not_cited(run):
    assert keys(run("the Code § 5 governs, or Penal Code provisions in general")) == []
    # a lower-case "or"/"me" before a code is not Oregon or Maine
    assert keys(run("the Civil Code or Penal Code § 12 applies"))[0].jurisdiction == ""


def test_code_sorts_by_code_then_section_naturally(run):
    occs = full(run("Pen. Code, § 1001.36; Civ. Code, § 43.3; Pen. Code, § 187; Code Civ. Proc., § 12."))
    ordered = sorted(occs, key=lambda o: o.sort_key)
    assert [o.display for o in ordered] == [
        "Civ. Code, § 43.3",
        "Code Civ. Proc., § 12",
        "Pen. Code, § 187",
        "Pen. Code, § 1001.36",
    ]


def test_code_without_state_is_the_code_of_that_name_cited_with_its_state(run):
    occs = run("Tex. Penal Code § 22.01; Penal Code § 22.01; Tex. R. Evid. 404(b).")
    resolve_jurisdictions(occs)
    assert [o.key for o in full(occs)][:2] == [StateCodeKey("Tex.", "penal code", "", "22.01")] * 2
    other = run("Pen. Code, § 187; Code Civ. Proc., § 437c; compare Tex. Code Crim. Proc. art. 38.37.")
    resolve_jurisdictions(other)
    assert [o.key.jurisdiction for o in full(other)] == [
        "",
        "",
        "Tex.",
    ]  # another state's code names no California code
    two = run("Tex. Penal Code § 22.01; Cal. Penal Code § 5; Penal Code § 7.")
    resolve_jurisdictions(two)
    assert full(two)[-1].key.jurisdiction == ""  # two states' penal codes: nothing is assumed


def test_official_short_forms_share_the_bluebook_keys(run):
    assert keys(run("42 Pa.C.S. § 5524(2)")) == keys(run("42 Pa. Cons. Stat. § 5524(2)"))
    assert keys(run("O.C.G.A. § 9-11-12(b)(6)")) == keys(run("Ga. Code Ann. § 9-11-12(b)(6)"))
    assert keys(run("MCL 600.5805(2)")) == keys(run("Mich. Comp. Laws § 600.5805(2)"))
    assert keys(run("735 ILCS 5/2-615")) == keys(run("735 Ill. Comp. Stat. 5/2-615"))
    assert keys(run("Tex. Health & Safety Code Ann. § 481.115")) == keys(run("Texas Health and Safety Code § 481.115"))


def test_codes_in_capitals_are_written_as_the_bluebook_writes_them(run):
    (o,) = full(run("TEX. CODE CRIM. PROC. ART. 42.03, § 1(a)."))
    assert o.display == "Tex. Code Crim. Proc. art. 42.03, § 1(a)"
    (o,) = full(run("Claims Under Penal Code Section 647, Subdivision (a) Fail"))
    assert o.key == StateCodeKey("", "penal code", "", "647(a)")


def test_one_code_sorts_the_same_however_it_was_written(run):
    a = full(run("Section 22.02(a)(1) of the Texas Penal Code"))[0]
    b = full(run("Tex. Penal Code § 21.02"))[0]
    assert b.sort_key < a.sort_key


def test_administrative_codes_are_regulations(run):
    (o,) = full(run("See 37 Tex. Admin. Code § 380.8751(e)."))
    assert o.category == "rules_regulations"
    assert keys(run("Tex. Admin. Code tit. 37, § 380.8751(e)")) == [o.key]


def test_a_footnote_number_never_joins_a_code_named_by_its_subject(run):
    (o,) = full(run("144 Texas Penal Code § 71.01 defines a combination."))
    assert o.text == "Texas Penal Code § 71.01"
    assert o.key == StateCodeKey("Tex.", "penal code", "", "71.01")
    assert keys(run("42 Pa. Cons. Stat. § 5524")) == [StateCodeKey("Pa.", "cons stat", "42", "5524")]


def test_article_and_section_written_before_the_code(run):
    (o,) = full(run("Sentencing is governed by Article 37.07, Section 3(a)(1) of the Code of Criminal Procedure."))
    assert o.key == StateCodeKey("", "code crim proc", "", "37.07, § 3(a)(1)")
    assert o.display == "Code of Criminal Procedure art. 37.07, § 3(a)(1)"


def test_a_declared_code_for_bare_references():
    assert declared_codes("Unless otherwise indicated, all further statutory references are to the Labor Code.") == [
        DeclaredCode(82, "any", "Labor Code", "lab code", None)
    ]
    assert [
        (d.name, d.scope)
        for d in declared_codes("Undesignated section references, unless noted, are to the Code of Civil Procedure.")
    ] == [("Code of Civil Procedure", "any")]
    assert [
        (d.name, d.scope, d.jurisdiction)
        for d in declared_codes("All references to \u201carticle\u201d are to the Texas Code of Criminal Procedure.")
    ] == [("Texas Code of Criminal Procedure", "article", "Tex.")]
    assert [(d.name, d.scope) for d in declared_codes("All further section references are to the Family Code.")] == [
        ("Family Code", "section")
    ]
    assert [d.name for d in declared_codes("All statutory references are to the PENAL CODE.")] == ["Penal Code"]
    assert declared_codes("All record references are to the clerk's record.") == []
    assert declared_codes("Citations are to the Code, as the court below held.") == []


@pytest.mark.parametrize(
    "declaration, form, section, sub, subs, written",
    [
        (
            "All further statutory references are to the Labor Code.",
            "word",
            "1102.5",
            "(b)",
            [],
            "Labor Code section 1102.5, subdivision (b)",
        ),
        (
            "All further statutory references are to the Labor Code.",
            "word",
            "1250",
            "(c)",
            ["(c)", "(k)"],
            "Labor Code section 1250, subdivisions (c), (k)",
        ),
        ("All further statutory references are to the Labor Code.", "word", "98.6", "", [], "Labor Code section 98.6"),
        (
            "Undesignated section references are to the Code of Civil Procedure.",
            "sign",
            "437c",
            "(c)",
            [],
            "Code of Civil Procedure § 437c(c)",
        ),
        (
            "Undesignated section references are to the Code of Civil Procedure.",
            "sign",
            "1250",
            "(c)",
            ["(c)", "(k)"],
            "Code of Civil Procedure § 1250(c), (k)",
        ),
        (
            "All references to \u201carticle\u201d are to the Texas Code of Criminal Procedure.",
            "article",
            "38.23",
            "(a)",
            [],
            "Texas Code of Criminal Procedure art. 38.23(a)",
        ),
        ("All statutory references are to the PENAL CODE.", "sign", "187", "", [], "Penal Code § 187"),
    ],
)
def test_a_declared_code_makes_the_citation_its_recognizers_read(run, declaration, form, section, sub, subs, written):
    [code] = declared_codes(declaration)
    made = declared_provision(code, section, sub, subs, form)
    [read] = full(run(written))
    assert (made.text, made.key, made.display, made.sort_key, made.category, made.meta) == (
        written,
        read.key,
        read.display,
        read.sort_key,
        read.category,
        read.meta,
    )


def test_a_list_of_an_articles_sections_is_one_provision_each(run):
    occs = full(run("TEX. CODE CRIM. PROC. art. 38.22, §§ 2, 3 governs."))
    assert [(o.key, o.display) for o in occs] == [
        (StateCodeKey("Tex.", "code crim proc", "", "38.22, § 2"), "Tex. Code Crim. Proc. art. 38.22, § 2"),
        (StateCodeKey("Tex.", "code crim proc", "", "38.22, § 3"), "Tex. Code Crim. Proc. art. 38.22, § 3"),
    ]


def test_a_section_with_a_list_of_subsections_is_one_provision_as_cited(run):
    (o,) = full(run("TEX. HEALTH & SAFETY CODE § 481.112(a), (d)."))
    assert (o.key.section, o.display) == ("481.112(a), (d)", "Tex. Health & Safety Code § 481.112(a), (d)")
    assert o.meta.subsections == ["(a)", "(d)"]
    (o,) = full(run("Tex. Penal Code § 22.01(a), (2019)"))
    assert o.key.section == "22.01(a)"


def test_a_texas_range_of_sections_is_one_entry(run):
    occs = full(run("TEX. GOV'T CODE ANN. §§ 311.011, 311.021-.023."))
    assert [(o.key.section, o.display) for o in occs] == [
        ("311.011", "Tex. Gov't Code Ann. § 311.011"),
        ("311.021-.023", "Tex. Gov't Code Ann. §§ 311.021-.023"),
    ]


def same_citation(made, cited):
    return (made.display, made.key, made.sort_key, made.meta, made.category) == (
        cited.display,
        cited.key,
        cited.sort_key,
        cited.meta,
        cited.category,
    )


def test_a_provision_made_from_a_code_and_its_number_is_the_code_cited_in_full(run):
    """What a short form stands for is made from the code's name and what follows it, the name
    not read again: the same citation as the code cited so in the brief."""
    for name, after in (
        ("Code Civ. Proc.", ", § 437c, subd. (c)"),
        ("Health & Saf. Code", ", § 1250, subds. (c), (k)"),
        ("Tex. Code Crim. Proc.", " art. 38.37, § 2"),
        ("Labor Code", " section 1102.5, subdivision (b)"),
        ("Cal. Code Regs.", ", tit. 22, § 72001"),
    ):
        [cited] = full(run(name + after))
        assert same_citation(provision_in(name, after), cited), name + after
    assert provision_in("Code Civ. Proc.", ", §§ 437c, 437d") is None  # two sections: no one citation
    assert provision_in("N.Y. Penal Law", " § 110.00") is None  # statutes.py reads that code


def test_which_names_this_module_reads_as_a_code():
    assert names_a_code("Tex. Penal Code") and names_a_code("Code of Civil Procedure")
    assert not names_a_code("N.Y. Penal Law") and not names_a_code("Ohio Rev. Code Ann.")


def test_a_code_named_in_brackets_inside_a_quotation(run):
    (o,) = full(run("(Doe v. Roe (2001) 1 Cal.App.4th 1, 5, citing [Welf. & Inst. Code] § 4512, subd. (a).)"))
    assert o.display == "Welf. & Inst. Code § 4512, subd. (a)"
    assert o.key == StateCodeKey("", "welf inst code", "", "4512(a)")


def test_a_citys_administrative_code_written_out_is_a_statute_a_states_a_regulation(run):
    t = (
        "See New York City Administrative Code § 8-107(4); N.Y.C. Admin. Code § 8-502; "
        "Texas Administrative Code § 3.12; Cal. Code Regs., tit. 8, § 3203."
    )
    cats = {o.text: o.category for o in full(run(t))}
    assert cats == {
        "New York City Administrative Code § 8-107(4)": "statutes",
        "N.Y.C. Admin. Code § 8-502": "statutes",
        "Texas Administrative Code § 3.12": "rules_regulations",
        "Cal. Code Regs., tit. 8, § 3203": "rules_regulations",
    }


def test_a_list_of_sections_goes_on_after_a_member_s_subdivision(run):
    found = full(run("(Welf. & Inst. Code, §§ 300, subd. (b), 361.5, subd. (b)(10), 366.26.)"))
    assert [o.display for o in found] == [
        "Welf. & Inst. Code, § 300, subd. (b)",
        "Welf. & Inst. Code, § 361.5, subd. (b)(10)",
        "Welf. & Inst. Code, § 366.26",
    ]
    # the number of the next citation is not one of the list's
    found = full(run("(Pen. Code, §§ 187, subd. (a), 28 U.S.C. § 1331.)"))
    assert [o.display for o in found] == ["Pen. Code, § 187, subd. (a)", "28 U.S.C. § 1331"]


def test_a_former_section_is_an_entry_of_its_own(run):
    [former] = full(run("(Code Civ. Proc., former § 340, subd. (3).)"))
    [current] = full(run("(Code Civ. Proc., § 340.)"))
    assert former.display == "Code Civ. Proc., former § 340, subd. (3)"
    assert former.key != current.key and former.key.section.startswith("former 340")
