"""Entries: what the table lists, under which heading, in which order, in whose words."""

from pathlib import Path

import pytest
from texts import entries_of, table_of

from toa import styles


@pytest.mark.parametrize("style", ["default", "frap", "scotus", "sg", "texas", "california"])
def test_cases_cited_only_in_citing_parentheticals_are_listed_and_flagged(style):
    text = "Smith v. Jones, 1 F.4th 1, 5 (1st Cir. 2021) (citing Doe v. Roe, 2 F.4th 2 (2d Cir. 2021))."
    flags = {a.text: a.flags for c in table_of(text, style=style).categories for a in c.authorities}
    assert "citing_parenthetical" in flags["Doe v. Roe, 2 F.4th 2 (2d Cir. 2021)"]
    assert "citing_parenthetical" not in flags["Smith v. Jones, 1 F.4th 1 (1st Cir. 2021)"]


def test_a_case_cited_also_outside_citing_is_not_flagged():
    t = table_of(
        "Smith v. Jones, 1 F.4th 1, 5 (1st Cir. 2021) (citing Doe v. Roe, 2 F.4th 2 (2d Cir. 2021)).",
        "See Doe v. Roe, 2 F.4th 2, 4 (2d Cir. 2021).",
    )
    doe = next(a for c in t.categories for a in c.authorities if a.text.startswith("Doe"))
    assert doe.flags == [] and len(doe.occurrences) == 2


def test_a_firm_style_can_leave_out_cases_cited_only_in_citing(tmp_path):
    firm = tmp_path / "firm.toml"
    firm.write_text(
        (Path(styles.BUILTIN_DIR) / "frap.toml")
        .read_text()
        .replace("citing_parentheticals = true", "citing_parentheticals = false")
    )
    text = "Smith v. Jones, 1 F.4th 1, 5 (1st Cir. 2021) (citing Doe v. Roe, 2 F.4th 2 (2d Cir. 2021))."
    t = table_of(text, style=str(firm))
    assert list(entries_of(t)) == ["Smith v. Jones, 1 F.4th 1 (1st Cir. 2021)"]
    assert [o.flags for o in t.excluded] == [["citing_parenthetical"]]


def test_bare_reporter_cite_is_not_an_entry():
    t = table_of("The opinion of the court of appeals is reported at 97 F.4th 81.")
    assert entries_of(t) == {}
    assert [o.text for o in t.unlinked] == ["97 F.4th 81"]


def test_cases_sorted_alphabetically_under_their_heading():
    t = table_of(
        "United States v. Jones, 565 U.S. 400 (2012); In re Gault, 387 U.S. 1 (1967); "
        "Ex parte Young, 209 U.S. 123 (1908); Abbott v. Perez, 585 U.S. 579 (2018)."
    )
    cases = t.categories[0]
    assert cases.heading == "Cases" and cases.number == 1
    assert [a.text.split(",")[0] for a in cases.authorities] == [
        "Abbott v. Perez",
        "Ex parte Young",
        "In re Gault",
        "United States v. Jones",
    ]


def test_the_sg_style_prints_title_26_under_the_internal_revenue_code():
    t = table_of("26 U.S.C. 6330(c); Tax Anti-Injunction Act, 26 U.S.C. 7421(a); 28 U.S.C. 2201(a).", style="sg")
    texts = [a.text for c in t.categories for a in c.authorities]
    assert "Internal Revenue Code (26 U.S.C.) § 6330(c)" in texts
    assert "Tax Anti-Injunction Act, 26 U.S.C. 7421(a)" in texts  # named by the brief: kept
    assert "28 U.S.C. 2201(a)" in texts


def test_home_jurisdiction_lists_the_courts_own_state_first(tmp_path):
    text = (
        "See 42 U.S.C. 1983; Pen. Code, § 187; Civ. Code, § 43.3; Code Civ. Proc., § 437c; "
        "U.S. Const. amend. IV; Cal. Const., art. I, § 13."
    )

    def order(style):
        t = table_of(text, style=style)
        return {c.key: [a.text for a in c.authorities] for c in t.categories if c.authorities}

    assert order("default")["statutes"] == [
        "42 U.S.C. 1983",
        "Civ. Code, § 43.3",
        "Code Civ. Proc., § 437c",
        "Pen. Code, § 187",
    ]
    assert order("default")["constitutional"] == ["U.S. Const. amend. IV", "Cal. Const., art. I, § 13"]
    own = tmp_path / "cal.toml"
    own.write_text('home_jurisdiction = "Cal."\n' + (styles.BUILTIN_DIR / "default.toml").read_text())
    assert order(str(own))["statutes"] == [
        "Civ. Code, § 43.3",
        "Code Civ. Proc., § 437c",
        "Pen. Code, § 187",
        "42 U.S.C. 1983",
    ]
    assert order(str(own))["constitutional"] == ["Cal. Const., art. I, § 13", "U.S. Const. amend. IV"]


def test_home_jurisdiction_lists_the_courts_own_state_regulations_first(tmp_path):
    # a state's administrative code cited by its own numbering (recognizers/regulations.py)
    text = "See 29 C.F.R. § 1910.95; Or. Admin. R. 839-020-0050; Fla. Admin. Code Ann. r. 64B8-9.003."

    def regulations(style):
        return [
            a.text
            for c in table_of(text, style=style).categories
            if c.key == "rules_regulations"
            for a in c.authorities
        ]

    assert regulations("default") == [
        "29 C.F.R. § 1910.95",
        "Fla. Admin. Code r. 64B8-9.003",
        "Or. Admin. R. 839-020-0050",
    ]
    own = tmp_path / "or.toml"
    own.write_text('home_jurisdiction = "Or."\n' + (styles.BUILTIN_DIR / "default.toml").read_text())
    assert regulations(str(own)) == [
        "Or. Admin. R. 839-020-0050",
        "29 C.F.R. § 1910.95",
        "Fla. Admin. Code r. 64B8-9.003",
    ]


def test_an_entry_reads_as_the_brief_abbreviates_it():
    # one authority written out and abbreviated: the abbreviated form
    t = table_of(
        "This violated the Texas Constitution, Article I, Section 19.", "See Tex. Const. art. I, § 19.", style="texas"
    )
    assert list(entries_of(t)) == ["Tex. Const. art. I, § 19"]
    # a provision named only as "Article N of the Code ...": in the abbreviation the brief gives that code
    t = table_of(
        "The fee rests on Article 102.011 of the Texas Code of Criminal Procedure.",
        "See Tex. Code Crim. Proc. art. 42.01, § 1.",
        style="texas",
    )
    assert sorted(entries_of(t)) == ["Tex. Code Crim. Proc. art. 102.011", "Tex. Code Crim. Proc. art. 42.01, § 1"]
    # a code written out in order and cited no other way keeps its words
    t = table_of("Under Labor Code section 98.6 she may sue. (Lab. Code, § 98.7.)", style="california")
    assert sorted(entries_of(t)) == ["Lab. Code, § 98.7", "Labor Code section 98.6"]


def test_a_declared_code_reads_as_the_brief_abbreviates_it():
    t = table_of(
        "Appellant was convicted. Tex. Penal Code § 22.02(a)(2); Tex. Code Crim. Proc. art. 38.37.",
        "All references to \u201carticle\u201d are to the Texas Code of Criminal Procedure.",
        "Under article 38.23(a), evidence obtained in violation of law is excluded. See section 22.02.",
    )
    assert entries_of(t) == {
        "Tex. Penal Code § 22.02(a)(2)": ["full"],
        "Tex. Penal Code § 22.02": ["reference"],
        "Tex. Code Crim. Proc. art. 38.37": ["full"],
        "Tex. Code Crim. Proc. art. 38.23(a)": ["reference"],
    }


def test_a_provision_cited_only_by_a_bare_reference_reads_as_the_brief_abbreviates_its_code():
    t = table_of(
        "Was the evidence admissible under Article 38.37 of the Texas Code of Criminal Procedure?",
        "It was. Tex. Code Crim. Proc. Ann. art. 38.37, § 2(b).",
        "Section 2 of Article 38.37 reaches further. See article 38.37, § 1.",
    )
    assert "Tex. Code Crim. Proc. Ann. art. 38.37, § 2" in entries_of(t)
    assert not [e for e in entries_of(t) if "Code of Criminal Procedure" in e]


def test_an_entry_in_the_briefs_words_is_flagged_ambiguous_code():
    table = table_of(
        "Ozark's act, Cal. Civ. Code § 1798.77.31(a), differs from Dakota's, Tex. Bus. & Com. Code § 609.053(a).",
        "Dakota also requires verification under § 609.057(a).",
    )
    [entry] = [a for c in table.categories for a in c.authorities if a.text == "§ 609.057(a)"]
    assert entry.flags == ["ambiguous_code"]


def test_a_citys_code_written_out_and_abbreviated_is_one_entry_in_the_abbreviated_form():
    t = table_of(
        "The ordinance applies. See the Administrative Code of the City of New York § 14-151(b).",
        "Accord N.Y.C. Admin. Code § 14-151(b); New York City Administrative Code § 14-151(b).",
    )
    assert entries_of(t) == {"N.Y.C. Admin. Code § 14-151(b)": ["full", "full", "full"]}
    (heading,) = [c.heading for c in t.categories if c.authorities]
    assert heading == "Statutes"
