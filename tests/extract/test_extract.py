"""Stage 2: case citations found with eyecite and mended with the brief's italics."""

from toa.extract import extract, extract_paragraph
from toa.extract.cases import case_sort_key
from toa.keys import CaseKey, ConstitutionKey, DocketKey
from toa.model import Document, Paragraph


def para(*parts):
    """A paragraph from ("text", italic?) parts."""
    text, emphasis = "", []
    for part in parts:
        s, italic = (part, False) if isinstance(part, str) else part
        if italic:
            emphasis.append((len(text), len(text) + len(s)))
        text += s
    return Paragraph(index=0, story="body", text=text, emphasis=emphasis)


def full(occs):
    return [o for o in occs if o.kind == "full"]


def test_name_from_italics_with_roman_v_and_signal():
    p = para(
        ("See", True), " ", ("Willson", True), " v. ", ("Commissioner", True), ", 805 F.3d 316, 321 (D.C. Cir. 2015)."
    )
    [o] = full(extract_paragraph(p))
    assert o.display == "Willson v. Commissioner, 805 F.3d 316 (D.C. Cir. 2015)"
    assert o.key == CaseKey("805", "F.3d", "316")
    assert p.text[o.start : o.start + 7] == "Willson"


def test_in_re_and_ex_rel_names_in_plain_text():
    [a, b] = full(
        extract_paragraph(
            para(
                "In re Bilski, 545 F.3d 943 (Fed. Cir. 2008); Smyth ex rel. Smyth v. Rivero, "
                "282 F.3d 268 (4th Cir. 2002)."
            )
        )
    )
    assert a.display == "In re Bilski, 545 F.3d 943 (Fed. Cir. 2008)"
    assert b.display == "Smyth ex rel. Smyth v. Rivero, 282 F.3d 268 (4th Cir. 2002)"


def test_parallel_cites_and_subsequent_history_stay_with_their_case():
    occs = full(
        extract_paragraph(
            para(
                ("Roe", True),
                " v. ",
                ("Wade", True),
                ", 410 U.S. 113, 115, 93 S. Ct. 705 (1973); ",
                ("Oklahoma", True),
                " v. ",
                ("United States", True),
                ", 62 F.4th 221, 229 (6th Cir. 2023), cert. denied, 144 S. Ct. 2679 (2024).",
            )
        )
    )
    assert [o.display for o in occs] == [
        "Roe v. Wade, 410 U.S. 113, 93 S. Ct. 705 (1973)",
        "Oklahoma v. United States, 62 F.4th 221 (6th Cir. 2023), cert. denied, 144 S. Ct. 2679 (2024)",
    ]
    assert occs[0].meta.parallel == [CaseKey("93", "S. Ct.", "705")]
    assert occs[1].meta.history == [CaseKey("144", "S. Ct.", "2679")]


def test_named_case_after_history_phrase_is_its_own_case():
    occs = full(
        extract_paragraph(
            para(
                "United States v. Williams, 445 F.3d 1302 (11th Cir. 2006), abrogated on other "
                "grounds by United States v. Lewis, 492 F.3d 1219 (11th Cir. 2007) (en banc)."
            )
        )
    )
    assert [o.key.volume for o in occs] == ["445", "492"]


def test_citing_parenthetical_is_flagged_and_quoting_is_not():
    occs = full(
        extract_paragraph(
            para(
                "Smith v. Jones, 1 F.4th 1, 5 (1st Cir. 2021) (citing Doe v. Roe, 2 F.4th 2 "
                "(2d Cir. 2021)) (quoting Poe v. Ullman, 367 U.S. 497 (1961))."
            )
        )
    )
    flags = {o.key.volume: o.flags for o in occs}
    assert "citing_parenthetical" in flags["2"]
    assert "citing_parenthetical" not in flags["367"]


def test_short_id_and_supra_forms():
    occs = extract_paragraph(para("Reed, 576 U.S. at 170; id. at 171; Borden, supra, at 12."))
    assert [(o.kind, o.text) for o in occs] == [
        ("short", "Reed, 576 U.S. at 170"),
        ("id", "id. at 171"),
        ("supra", "Borden, supra, at 12"),
    ]
    assert occs[0].meta.volume == "576" and occs[0].meta.pin == "170"


def test_a_short_cite_whose_reporter_lost_its_period_or_space_is_read_as_typed():
    """ "317 U.S at 278" and "304 U.S.at 464" are short cites of U.S., their text as the brief
    types it; "12 May at 5" names no reporter and is none."""
    text = "Adams, 317 U.S at 278; Johnson, 304 U.S.at 464; id. at 465. It met on 12 May at 5 pm."
    occs = extract_paragraph(para(text))
    assert [(o.kind, o.text, text[o.start : o.end]) for o in occs] == [
        ("short", "Adams, 317 U.S at 278", "Adams, 317 U.S at 278"),
        ("short", "Johnson, 304 U.S.at 464", "Johnson, 304 U.S.at 464"),
        ("id", "id. at 465", "id. at 465"),
    ]
    assert [(o.meta.volume, o.meta.reporter, o.meta.pin) for o in occs[:2]] == [
        ("317", "U.S.", "278"),
        ("304", "U.S.", "464"),
    ]


def test_a_case_named_before_and_is_no_part_of_the_next_cases_name():
    """ "*Alpha-Beta* and *Gamma v. Delta Corp.* (2009) …": the italic part before a roman "and" is
    another case (cited before), not a party of Gamma's; parts without their own "v." still join."""
    occs = extract_paragraph(
        para(
            "The two cases, ",
            ("Alpha-Beta", True),
            " and ",
            ("Gamma v. Delta Corp.", True),
            " (2009) 173 Cal.App.4th 986, and ",
            ("Smith", True),
            " and ",
            ("Wesson", True),
            " v. ",
            ("Jones", True),
            ", 1 F.3d 2 (1st Cir. 1993).",
        )
    )
    assert [o.meta.case_name for o in full(occs)] == ["Gamma v. Delta Corp.", "Smith and Wesson v. Jones"]


def test_unknown_reporter_with_italic_name():
    [o] = full(
        extract_paragraph(
            para("See ", ("Regina", True), " v. ", ("Marriott", True), ", (1838) 173 Eng. Rep. 559 (conviction).")
        )
    )
    assert o.display == "Regina v. Marriott, (1838) 173 Eng. Rep. 559"
    assert "unknown_reporter" in o.flags


def test_plain_case_name_with_abbreviated_words_is_read_whole():
    occs = full(
        extract_paragraph(
            para(
                "See Matsushita Elec. Indus. Co. v. Zenith Radio Corp., 475 U.S. 574 (1986); "
                "Nat’l Fed’n of Indep. Bus. v. Sebelius, 567 U.S. 519 (2012)."
            )
        )
    )
    assert [o.display for o in occs] == [
        "Matsushita Elec. Indus. Co. v. Zenith Radio Corp., 475 U.S. 574 (1986)",
        "Nat’l Fed’n of Indep. Bus. v. Sebelius, 567 U.S. 519 (2012)",
    ]


def test_a_westlaw_decision_of_an_agency_is_an_administrative_decision():
    occs = full(
        extract_paragraph(
            para(
                "In re Pacific Gas & Elec. Co., D.19-05-020, 2019 WL 2424513 (Cal. P.U.C. May 16, "
                "2019); Smith v. Dep’t of Labor, 2019 WL 444444, at *2 (D.D.C. Jan. 4, 2019)."
            )
        )
    )
    assert [o.category for o in occs] == ["administrative", "cases"]


def test_mistyped_reporter_series_is_listed_for_review():
    [good, typo] = full(
        extract_paragraph(
            para(
                "(citing Doe v. State, 550 S.W.2d 54, 59 (Tex. Crim. App. 1977) and "
                "Poe v. State, 493 S.W.29 206 (Tex. Crim. App. 1979) (polygraph))."
            )
        )
    )
    assert typo.display == "Poe v. State, 493 S.W.29 206 (Tex. Crim. App. 1979)"
    assert "unknown_reporter" in typo.flags and "unknown_reporter" not in good.flags


def test_case_sort_key_orders_numerals_first_and_ignores_punctuation():
    names = [
        "United States v. Jones",
        "In re Bilski",
        "75 Broken Television Sets",
        "Ex parte Young",
        "$154,362.05 in U.S. Currency",
        "O'Brien v. Smith",
        "Obrien v. Adams",
    ]
    assert sorted(names, key=case_sort_key) == [
        "75 Broken Television Sets",
        "$154,362.05 in U.S. Currency",
        "Ex parte Young",
        "In re Bilski",
        "Obrien v. Adams",
        "O'Brien v. Smith",
        "United States v. Jones",
    ]


def test_history_after_sub_nom_enforced_and_court_only_parenthetical():
    occs = full(
        extract_paragraph(
            para(
                "Video Software Dealers Ass'n v. Schwarzenegger, 556 F.3d 950, 958 (9th Cir. 2009), aff'd sub nom. "
                "Brown v. Entertainment Merchants Ass'n, 564 U.S. 786 (2011); Wright Line, 251 N.L.R.B. 1083 (1980), "
                "enforced, 662 F.2d 899 (1st Cir. 1981); United States v. Scott, 990 F.3d 94 (2d Cir.) (en banc), "
                "cert. denied, 142 S. Ct. 397 (2021)."
            )
        )
    )
    assert [o.meta.history for o in occs] == [
        [CaseKey("564", "U.S.", "786")],
        [CaseKey("662", "F.2d", "899")],
        [CaseKey("142", "S. Ct.", "397")],
    ]
    assert occs[1].category == "administrative"


def test_in_re_keeps_its_prefix_after_a_signal():
    [o] = full(
        extract_paragraph(
            para(
                ("See", True),
                " ",
                ("In re Gilead Sciences Securities Litigation", True),
                ", 536 F.3d 1049, 1055 (9th Cir. 2008).",
            )
        )
    )
    assert o.display == "In re Gilead Sciences Securities Litigation, 536 F.3d 1049 (9th Cir. 2008)"


def test_cross_references_within_the_brief_are_not_citations():
    assert extract_paragraph(para("See pp. 15-16, supra; n.3, supra.")) == []


def test_defined_short_names_become_short_cites_of_their_authority():
    from toa.extract.short_forms import defined_short_forms

    first = para("See 3 ", ("The Oxford English Dictionary", True), " 441 (1978) (OED).")
    later = Paragraph(index=1, story="body", text="See 3 OED 441; 11 OED 471.")
    occs = extract_paragraph(first)
    [book] = full(occs)
    extra = defined_short_forms([first, later], occs)
    assert [(o.kind, o.text) for o in extra] == [("short", "3 OED"), ("full", "11 OED")]
    assert extra[0].key == book.key
    assert extra[1].display.startswith("11 The Oxford English Dictionary")


def test_a_name_defined_in_brackets_and_cited_supra():
    """Bluebook's "[hereinafter Doe Study]"; "Doe Study, supra, at 6" is that work, though
    eyecite reads "Study" as the antecedent."""
    from toa.extract.short_forms import defined_short_forms

    first = para(
        "Jane Doe, ", ("Title of Work", True), " 46 (2019), https://agency.example/r.pdf [hereinafter Doe Study]."
    )
    later = Paragraph(index=1, story="body", text="Doe Study at 5; Doe Study, supra, at 6.")
    occs = extract_paragraph(first) + extract_paragraph(later)
    [work] = full(occs)
    extra = defined_short_forms([first, later], occs)
    shorts = sorted([o for o in occs + extra if o.kind == "short"], key=lambda o: o.start)
    assert [(o.text, o.key) for o in shorts] == [("Doe Study", work.key), ("Doe Study, supra, at 6", work.key)]
    assert not [o for o in occs + extra if o.kind == "supra"]


def test_decisions_cited_by_docket_number_and_pending_cases():
    occs = full(
        extract_paragraph(
            para(
                ("Arkansas", True),
                " v. ",
                ("EPA", True),
                ", No. 23-1320 (8th Cir. Apr. 25, 2023); ",
                ("FDA", True),
                " v. ",
                ("Wages & White Lion", True),
                ", No. 23-1038 (filed Mar. 19, 2024).",
            )
        )
    )
    assert [(o.key, o.display) for o in occs] == [
        (DocketKey("23-1320", "arkansas v. epa"), "Arkansas v. EPA, No. 23-1320 (8th Cir. Apr. 25, 2023)")
    ]


def test_citations_sharing_one_span_are_all_kept():
    keys = [o.key for o in full(extract_paragraph(para("Claims under the Fifth and Fourteenth Amendments failed.")))]
    assert keys == [ConstitutionKey("US", "amend", "V"), ConstitutionKey("US", "amend", "XIV")]


def test_entries_keep_the_brief_s_dashes(tmp_path):
    from docxbuild import DocBuilder

    from toa.document import read
    from toa.extract import extract

    b = DocBuilder()
    b.paragraph(
        ("Hollis", "i"),
        " v. ",
        ("Brazos", "i"),
        ", No. 14-18-00421-CV, 2019 WL 1234567, at *2 (Tex. App.\u2014Houston [14th Dist.] Mar. 14, 2019, no pet.).",
    )
    [o] = extract(read(str(b.save(tmp_path / "d.docx"))))
    assert (
        o.display == "Hollis v. Brazos, No. 14-18-00421-CV, 2019 WL 1234567 (Tex. App.\u2014Houston [14th Dist.] "
        "Mar. 14, 2019, no pet.)"
    )


def displays(*parts):
    return [o.display for o in full(extract_paragraph(para(*parts)))]


def test_california_official_style_with_the_year_first():
    assert displays(
        "(See Alvarez v. Kettering Mills (1988) 41 Cal.3d 210, 214; Orcutt v. Dunne (2009) 175 Cal.App.4th 501, 509.)"
    ) == ["Alvarez v. Kettering Mills (1988) 41 Cal.3d 210", "Orcutt v. Dunne (2009) 175 Cal.App.4th 501"]


def test_a_capitalised_in_before_a_case_name_is_not_part_of_it():
    assert displays("In Pardee v. Lusk (1992) 3 Cal.4th 820, the court held so. In re Tomlin (1979) 23 Cal.3d 40.") == [
        "Pardee v. Lusk (1992) 3 Cal.4th 820",
        "In re Tomlin (1979) 23 Cal.3d 40",
    ]


def test_texas_court_and_petition_history_and_opinion_on_rehearing():
    assert displays(
        "Kerr v. State, 412 S.W.3d 77, 81 (Tex. App.—Waco 2013, pet. ref’d); Bolin v. State, "
        "388 S.W.3d 903, 905 (Tex. Crim. App. 2011) (op. on reh’g) (holding so)."
    ) == [
        "Kerr v. State, 412 S.W.3d 77 (Tex. App.—Waco 2013, pet. ref’d)",
        "Bolin v. State, 388 S.W.3d 903 (Tex. Crim. App. 2011) (op. on reh’g)",
    ]


def test_district_court_decisions_by_docket_number_with_and_without_a_database_cite():
    assert displays(
        "Ames v. Brill, No. 3:20-cv-00417-XYZ, 2021 WL 7654321, at *2 (N.D. Cal. Mar. 3, 2021); "
        "Cole v. Dart, No. 2:19-cv-88, 2020 U.S. Dist. LEXIS 4321, at *5 (E.D. Tex. Jan. 9, 2020); "
        "see also Fox v. Grey, No. 1:22-cv-501 (D. Del. Apr. 4, 2022)."
    ) == [
        "Ames v. Brill, No. 3:20-cv-00417-XYZ, 2021 WL 7654321 (N.D. Cal. Mar. 3, 2021)",
        "Cole v. Dart, No. 2:19-cv-88, 2020 U.S. Dist. LEXIS 4321 (E.D. Tex. Jan. 9, 2020)",
        "Fox v. Grey, No. 1:22-cv-501 (D. Del. Apr. 4, 2022)",
    ]


def test_texas_decisions_by_docket_number_with_their_history_and_weight():
    assert displays(
        "Vale v. State, No. 07-18-00456-CR (Tex. App.—Amarillo May 1, 2020, pet. ref'd) (mem. op., not "
        "designated for publication); Ex parte Quill, No. WR-88,123-02 (Tex. Crim. App. June 2, 2021) "
        "(per curiam); Roe v. State, No. 07-19-00111-CR (Tex. App.—Amarillo 2021, pet. filed)."
    ) == [
        "Vale v. State, No. 07-18-00456-CR (Tex. App.—Amarillo May 1, 2020, pet. ref'd) (mem. op., not "
        "designated for publication)",
        "Ex parte Quill, No. WR-88,123-02 (Tex. Crim. App. June 2, 2021) (per curiam)",
        "Roe v. State, No. 07-19-00111-CR (Tex. App.—Amarillo 2021, pet. filed)",
    ]
    # a case filed and not yet decided stays out
    assert displays("Lane v. United States, No. 23-4410 (5th Cir., filed Aug. 2, 2023).") == []


def test_foreign_cases_cited_by_the_year_in_brackets():
    occs = full(
        extract_paragraph(
            para(
                "See R v. Hollis [2004] 2 All ER 101, 105; Bell v. Marsh [2019] UKSC 12; "
                "Dunn v Stott [1932] AC 562 (HL)."
            )
        )
    )
    assert [o.display for o in occs] == [
        "R v. Hollis [2004] 2 All ER 101",
        "Bell v. Marsh [2019] UKSC 12",
        "Dunn v Stott [1932] AC 562 (HL)",
    ]
    assert all(o.category == "cases" for o in occs)


def test_us_abbreviated_is_the_united_states():
    assert case_sort_key("U.S. v. Ortiz") == case_sort_key("United States v. Ortiz")
    assert case_sort_key("Ortiz v. U.S.") == case_sort_key("Ortiz v. United States")


def test_rehearing_en_banc_is_history_of_its_case():
    [o] = full(
        extract_paragraph(
            para("Lamb v. Ruiz, 500 F.3d 100 (5th Cir. 2007), on reh’g en banc, 569 F.3d 1029 (5th Cir. 2009).")
        )
    )
    assert o.display == "Lamb v. Ruiz, 500 F.3d 100 (5th Cir. 2007), on reh’g en banc, 569 F.3d 1029 (5th Cir. 2009)"
    assert o.meta.history == [CaseKey("569", "F.3d", "1029")]


def test_a_citation_cut_by_a_page_break_is_read_whole_and_kept_where_it_begins():
    from toa.extract import extract
    from toa.model import Document, PageBreak

    ps = [
        Paragraph(index=0, story="body", text="The court agreed with that reading. Ex parte"),
        Paragraph(index=1, story="body", text="1 A note typed at the foot of the page.", typed_note=True),
        Paragraph(
            index=2,
            story="body",
            text="Lyle, 664 S.W.3d 220, 223 (Tex. Crim. App. 2022). Others disagreed.",
            breaks=[PageBreak(0, "explicit")],
        ),
        Paragraph(index=3, story="body", text="Similar results were reached in Bayne v. Sousa (1940) 42 Cal.App.2d"),
        Paragraph(index=4, story="body", text="166, and in District"),
        Paragraph(index=5, story="body", text="of Columbia v. Heller, 554 U.S. 570 (2008). (See Orr v. Pike (1991) 53"),
        Paragraph(index=6, story="body", text="Cal.3d 152, 160.)"),
        Paragraph(index=7, story="body", text="It was followed in Vance v. Ware (1950) 35 Cal.2d"),
        Paragraph(index=8, story="body", text="6/ A note set as lines of text, which goes on"),
        Paragraph(index=9, story="body", text="to its end.)"),
        Paragraph(index=10, story="body", text="363, 370.", breaks=[PageBreak(0, "explicit")]),
    ]
    occs = [o for o in extract(Document(path="x.docx", paragraphs=ps, sections=[])) if o.kind == "full"]
    assert [(o.paragraph, o.display) for o in occs] == [
        (0, "Ex parte Lyle, 664 S.W.3d 220 (Tex. Crim. App. 2022)"),
        (3, "Bayne v. Sousa (1940) 42 Cal.App.2d 166"),
        (4, "District of Columbia v. Heller, 554 U.S. 570 (2008)"),
        (5, "Orr v. Pike (1991) 53 Cal.3d 152"),
        (7, "Vance v. Ware (1950) 35 Cal.2d 363"),
    ]
    assert all(o.end <= len(ps[o.paragraph].text) for o in occs)  # its TA field sits where it begins


def test_a_references_link_set_on_a_line_of_its_own_is_read_with_it():
    # a brief converted from PDF cuts a note where its link begins, after the title's period
    from toa.extract import extract
    from toa.model import Document

    ps = [
        Paragraph(
            index=0,
            story="body",
            text="12 Quill, Marta R., and Dana P. Oyelowo. Media characters and children's learning.",
            typed_note=True,
        ),
        Paragraph(
            index=1,
            story="body",
            text="https://records.example/2017-00224-009; Vance, Irma, et al. Rewards "
            "and snacking in children. Appetite 104 (2017): 19-26.",
        ),
        Paragraph(index=2, story="body", text="13 Tip Line 2022 Report.", typed_note=True),
        Paragraph(index=3, story="body", text="https://tips.example/data"),
    ]
    occs = [o for o in extract(Document(path="x.docx", paragraphs=ps, sections=[])) if o.kind == "full"]
    assert [(o.paragraph, o.display) for o in occs] == [
        (
            0,
            "Quill, Marta R., and Dana P. Oyelowo. Media characters and children's learning. "
            "https://records.example/2017-00224-009",
        ),
        (1, "Vance, Irma, et al. Rewards and snacking in children. Appetite 104 (2017): 19-26"),
        (2, "Tip Line 2022 Report. https://tips.example/data"),
    ]


def test_a_history_phrase_before_a_named_case_is_not_part_of_its_name():
    assert displays(
        "Gore v. State, 149 S.W.3d 135, 144 (Tex. Crim. App. 2004), overruled on other grounds by "
        "Cole v. State, 947 S.W.2d 262 (Tex. Crim. App. 1997); Ex Parte Bell, 448 S.W.3d 29 "
        "(Tex. Crim. App. 2014)."
    ) == [
        "Gore v. State, 149 S.W.3d 135 (Tex. Crim. App. 2004)",
        "Cole v. State, 947 S.W.2d 262 (Tex. Crim. App. 1997)",
        "Ex Parte Bell, 448 S.W.3d 29 (Tex. Crim. App. 2014)",
    ]


def test_a_reporter_not_yet_paged_stays_in_the_entry():
    assert displays(
        ("Kent v. County of Yolo", True), ", --- F.Supp.3d ----, 2018 WL 1876116, *14, n.8 (E.D. Cal. 2018)."
    ) == ["Kent v. County of Yolo, --- F.Supp.3d ----, 2018 WL 1876116 (E.D. Cal. 2018)"]


def test_citing_in_a_california_citation_sentence_is_flagged():
    occs = full(
        extract_paragraph(
            para(
                "(Reid v. Goode (2010) 50 Cal.4th 512, 534, citing Bilt Assocs. v. First "
                "Bank (1990) 218 Cal.App.3d 1410, 1419.)"
            )
        )
    )
    assert [o.flags for o in occs] == [[], ["citing_parenthetical"]]


def test_a_name_with_vs_is_taken_whole_and_a_note_number_or_signal_never_joins_it():
    assert displays("Cf. Ed Friedman vs. Fish, 12 F.3d 4 (1st Cir. 1994).") == [
        "Ed Friedman vs. Fish, 12 F.3d 4 (1st Cir. 1994)"
    ]
    assert displays("144 Lund v. Moss, 500 U.S. 100 (1991).") == ["Lund v. Moss, 500 U.S. 100 (1991)"]
    assert displays("the evidence in question.5 Moss v. Penn Corp. (1987) 191 Cal.App.3d 851, 865.") == [
        "Moss v. Penn Corp. (1987) 191 Cal.App.3d 851"
    ]
    assert displays("See Glick v. Wile Bros. & Elliott, Inc., 521 U.S. 457 (1997).") == [
        "Glick v. Wile Bros. & Elliott, Inc., 521 U.S. 457 (1997)"
    ]


def test_a_line_of_an_index_is_not_a_citation():
    p = para("Pen. Code § 43.3 (c)..........................47 Civ. Code § 12 .......... 48")
    assert full(extract_paragraph(p)) == []
    p = para("Smith v. Jones, 500 U.S. 1 (1990)………… 3")
    assert full(extract_paragraph(p)) == []


def test_a_california_supra_with_a_reporter_pin_is_one_short_cite():
    p = para(("(", False), ("Aguilar", True), (", supra, 25 Cal.4th at p. 850.)", False))
    occs = [o for o in extract_paragraph(p) if o.kind != "record"]
    assert [(o.kind, p.text[o.start : o.end]) for o in occs] == [("short", "Aguilar, supra, 25 Cal.4th at p. 850")]


def test_a_citation_cut_where_a_typed_note_turns_the_page_is_read_whole(tmp_path):
    from test_document import note_carried_over

    from toa.extract import extract

    doc = note_carried_over(tmp_path)
    cites = [(o.paragraph, o.display) for o in extract(doc) if o.kind != "record"]
    assert (3, "18 Pa. Cons. Stat. Ann. § 301(a)") in cites
    # the "(b)" of "§ 301(a) and (b)" is the rest of that cite, not a provision of its own
    assert [c for c in cites if c[0] == 5] == [(5, "R.I. Gen. Laws § 11-1-1")]


def test_italic_history_phrases_of_every_kind_stay_with_their_case():
    occs = full(
        extract_paragraph(
            para(
                ("Sonner v. Premier Nutrition Corp.", True),
                ", 971 F.3d 834 (9th Cir. 2020), ",
                ("reh’g denied", True),
                ", 2020 WL 6693180 (9th Cir. Nov. 13, 2020); ",
                ("Wright v. Cloud Nine Lending, Inc.", True),
                ", No. 2:23-cv-101, 2024 WL 112233 (W.D. Wash. Jan. 10, 2024), ",
                ("report and recommendation adopted", True),
                ", 2024 WL 445566 (W.D. Wash. Feb. 6, 2024); ",
                ("Ruiz v. Tan", True),
                ", 12 F.4th 50 (2d Cir. 2021), ",
                ("reh’g en banc denied", True),
                ", 20 F.4th 1 (2d Cir. 2022).",
            )
        )
    )
    assert [o.display for o in occs] == [
        "Sonner v. Premier Nutrition Corp., 971 F.3d 834 (9th Cir. 2020), reh’g denied, 2020 WL 6693180 "
        "(9th Cir. Nov. 13, 2020)",
        "Wright v. Cloud Nine Lending, Inc., No. 2:23-cv-101, 2024 WL 112233 (W.D. Wash. Jan. 10, 2024), "
        "report and recommendation adopted, 2024 WL 445566 (W.D. Wash. Feb. 6, 2024)",
        "Ruiz v. Tan, 12 F.4th 50 (2d Cir. 2021), reh’g en banc denied, 20 F.4th 1 (2d Cir. 2022)",
    ]


def test_rehearing_granted_and_opinion_vacated_is_history():
    assert displays(
        "Kemp v. Lusk, 9 F.4th 3 (8th Cir. 2021), reh’g en banc granted, opinion vacated, 12 F.4th 9 (8th Cir. 2021)."
    ) == ["Kemp v. Lusk, 9 F.4th 3 (8th Cir. 2021), reh’g en banc granted, opinion vacated, 12 F.4th 9 (8th Cir. 2021)"]


def test_history_phrases_in_roman_stay_with_their_case():
    assert displays(
        "Ames v. Brill, No. 3:20-cv-417, 2021 WL 7654321 (N.D. Cal. Mar. 3, 2021), report and "
        "recommendation adopted, 2021 WL 7654999 (N.D. Cal. Apr. 1, 2021); Kemp v. Lusk, 9 F.4th 3 "
        "(8th Cir. 2021), reh'g en banc denied, 10 F.4th 7 (8th Cir. 2021)."
    ) == [
        "Ames v. Brill, No. 3:20-cv-417, 2021 WL 7654321 (N.D. Cal. Mar. 3, 2021), report and recommendation "
        "adopted, 2021 WL 7654999 (N.D. Cal. Apr. 1, 2021)",
        "Kemp v. Lusk, 9 F.4th 3 (8th Cir. 2021), reh'g en banc denied, 10 F.4th 7 (8th Cir. 2021)",
    ]


def test_several_history_phrases_before_one_cite():
    assert displays(
        "In re Kemper Ins. Cos., 819 F.3d 76, 80 (5th Cir. 2016), aff'd in part, rev'd in part, 137 S. Ct. 1 (2017)."
    ) == ["In re Kemper Ins. Cos., 819 F.3d 76 (5th Cir. 2016), aff'd in part, rev'd in part, 137 S. Ct. 1 (2017)"]


def test_superseded_as_stated_in_names_a_case_of_its_own():
    assert displays(
        ("Firestone Tire & Rubber Co. v. Bruch", True),
        ", 489 U.S. 101 (1989), ",
        ("superseded by statute on other grounds as stated in", True),
        " ",
        ("Hall v. Sullivan", True),
        ", 12 F.4th 88 (2d Cir. 2021); Ray v. Ames, 1 F.4th 2 (1st Cir. 2021), abrogated as recognized "
        "in Lowe v. Pratt, 3 F.4th 4 (1st Cir. 2022).",
    ) == [
        "Firestone Tire & Rubber Co. v. Bruch, 489 U.S. 101 (1989)",
        "Hall v. Sullivan, 12 F.4th 88 (2d Cir. 2021)",
        "Ray v. Ames, 1 F.4th 2 (1st Cir. 2021)",
        "Lowe v. Pratt, 3 F.4th 4 (1st Cir. 2022)",
    ]
    assert (
        displays(
            ("AMF Inc. v. Sleekcraft Boats", True),
            ", 599 F.2d 341 (9th Cir. 1979), ",
            ("abrogated in part on other grounds by", True),
            " ",
            ("Mattel, Inc. v. MGA Entm’t, Inc.", True),
            ", 353 F.3d 792 (9th Cir. 2003).",
        )[1]
        == "Mattel, Inc. v. MGA Entm’t, Inc., 353 F.3d 792 (9th Cir. 2003)"
    )


def test_short_forms_of_a_decision_cited_by_docket_number():
    from toa.extract import extract
    from toa.model import Document

    ps = [
        Paragraph(
            index=0,
            story="body",
            text="The court in Okafor v. Lumen Data Sys., No. 5:19-cv-03312-EJD, slip "
            "op. at 6 (N.D. Cal. Oct. 2, 2020), rejected it.",
        ),
        Paragraph(
            index=1,
            story="body",
            text="See Okafor, slip op. at 7; Lumen Data Sys., No. 5:19-cv-03312-EJD, "
            "slip op. at 9. Cf. Pratt, slip op. at 3.",
        ),
    ]
    occs = extract(Document(path="x.docx", paragraphs=ps, sections=[]))
    shorts = [(o.text, o.key) for o in occs if o.kind == "short"]
    key = DocketKey("5:19-cv-03312-EJD", "okafor v. lumen data sys.")
    assert shorts == [("Okafor, slip op. at 7", key), ("Lumen Data Sys., No. 5:19-cv-03312-EJD, slip op. at 9", key)]


def test_a_statute_named_in_a_case_name_is_not_cited():
    occs = [
        o
        for o in extract_paragraph(
            para(
                ("In re Application of the U.S. for an Order Pursuant to 18 U.S.C. § 2703(d)", True),
                ", 707 F.3d 283, 287 (4th Cir. 2013); 18 U.S.C. § 2703(c).",
            )
        )
        if o.kind == "full"
    ]
    assert [o.display for o in occs] == [
        "In re Application of the U.S. for an Order Pursuant to 18 U.S.C. § 2703(d), 707 F.3d 283 (4th Cir. 2013)",
        "18 U.S.C. § 2703(c)",
    ]


def test_a_short_form_starts_at_its_own_name():
    occs = extract_paragraph(
        para(
            "Brown v. Bd. of Educ., 349 U.S. 294 (1955) (Brown II). Brown I, 347 U.S. at 495; "
            "In re Rigel Pharms., Inc. Sec. Litig., 697 F.3d 869 (9th Cir. 2012). Rigel, 697 F.3d "
            "at 876."
        )
    )
    assert [o.text for o in occs if o.kind == "short"] == ["Brown I, 347 U.S. at 495", "Rigel, 697 F.3d at 876"]
    occs = extract_paragraph(
        para("Nat’l Ass’n of Mfrs. v. Dep’t of Def., 583 U.S. 109 (2018). Nat’l Ass’n of Mfrs., 583 U.S. at 111.")
    )
    assert [o.text for o in occs if o.kind == "short"] == ["Nat’l Ass’n of Mfrs., 583 U.S. at 111"]


def test_a_bankruptcy_case_name_with_its_in_re_parenthetical_in_roman():
    assert displays(
        "See Tanner v. Hoang (In re Hoang), 603 B.R. 1, 5 (B.A.P. 9th Cir. 2019); Official Comm. of "
        "Unsecured Creditors v. Ragsdale (In re Stone), 588 B.R. 800 (Bankr. N.D. Ga. 2018)."
    ) == [
        "Tanner v. Hoang (In re Hoang), 603 B.R. 1 (B.A.P. 9th Cir. 2019)",
        "Official Comm. of Unsecured Creditors v. Ragsdale (In re Stone), 588 B.R. 800 (Bankr. N.D. Ga. 2018)",
    ]


def test_names_in_roman_with_words_eyecite_does_not_take_for_a_name():
    assert displays(
        "See eBay Inc. v. MercExchange, L.L.C., 547 U.S. 388, 391 (2006); In re: Kemp Cookie Litig., "
        "806 F.3d 125 (3d Cir. 2015); Smith v. ABC Corp. d/b/a XYZ Stores, 1 F.4th 1 (1st Cir. 2021); "
        "Doe 1 v. Roe, 2 F.4th 2 (2d Cir. 2021); Smith et al. v. Jones, 5 F.4th 5 (5th Cir. 2021)."
    ) == [
        "eBay Inc. v. MercExchange, L.L.C., 547 U.S. 388 (2006)",
        "In re: Kemp Cookie Litig., 806 F.3d 125 (3d Cir. 2015)",
        "Smith v. ABC Corp. d/b/a XYZ Stores, 1 F.4th 1 (1st Cir. 2021)",
        "Doe 1 v. Roe, 2 F.4th 2 (2d Cir. 2021)",
        "Smith et al. v. Jones, 5 F.4th 5 (5th Cir. 2021)",
    ]
    assert displays("As the court said in eBay, it applies. Lee v. Park, 4 F.4th 4 (4th Cir. 2021).") == [
        "Lee v. Park, 4 F.4th 4 (4th Cir. 2021)"
    ]


def test_a_nameless_cite_after_the_case_is_named_in_italics_is_that_case():
    assert displays(
        "In ",
        ("Sanford v. Halvorsen Grp.", True),
        ", the court agreed. 2019 WL 4455667, at *2 (C.D. Cal. Sept. 17, 2019).",
    ) == ["Sanford v. Halvorsen Grp., 2019 WL 4455667 (C.D. Cal. Sept. 17, 2019)"]
    # a name that is another citation's, or a cite that is history, is not borrowed
    assert displays(("Ames v. Bo", True), ", 1 F.4th 1 (1st Cir. 2021). The rule differs. 500 U.S. 100 (1991).") == [
        "Ames v. Bo, 1 F.4th 1 (1st Cir. 2021)",
        "500 U.S. 100 (1991)",
    ]
    assert displays(("Ames v. Bo", True), ", 1 F.4th 1 (1st Cir. 2021), aff'd, 500 U.S. 100 (1991).") == [
        "Ames v. Bo, 1 F.4th 1 (1st Cir. 2021), aff'd, 500 U.S. 100 (1991)"
    ]


def test_history_cited_by_docket_number_and_database():
    assert displays(
        "Doe v. Roe, 2022 WL 1234567, at *2 (N.D. Cal. Mar. 1, 2022), aff'd, No. 22-15000, 2023 WL "
        "555123 (9th Cir. Feb. 1, 2023)."
    ) == [
        "Doe v. Roe, 2022 WL 1234567 (N.D. Cal. Mar. 1, 2022), aff'd, No. 22-15000, "
        "2023 WL 555123 (9th Cir. Feb. 1, 2023)"
    ]
    # the affirmance of a decision cited by docket number borrows no name
    assert displays(
        ("Doe v. Roe", True), ", No. 3:21-cv-1 (N.D. Cal. Mar. 1, 2022), aff'd, 60 F.4th 1 (9th Cir. 2023)."
    ) == ["Doe v. Roe, No. 3:21-cv-1 (N.D. Cal. Mar. 1, 2022)", "60 F.4th 1 (9th Cir. 2023)"]


def test_a_state_attorney_generals_opinion_is_an_other_authority():
    [o] = full(extract_paragraph(para("The Attorney General agreed. (82 Ops.Cal.Atty.Gen. 1, 4 (1999).)")))
    assert (o.category, o.display) == ("other", "82 Ops.Cal.Atty.Gen. 1 (1999)")
    [o] = full(extract_paragraph(para("See 45 Op. Att'y Gen. 1 (1990).")))
    assert o.category == "administrative"


def test_california_id_and_ibid_inside_their_parentheses():
    occs = extract_paragraph(
        para(
            "The duty is settled. (People v. Ortega (1998) 19 Cal.4th 686, 693.) ",
            "It extends to the second count. (Id. at p. 694, fn. 2.) Nothing more is needed. ",
            "(Ibid.) [Id. at pp. 695\u2013696.]",
        )
    )
    assert [(o.kind, o.text, o.meta.pin if o.kind == "id" else None) for o in occs] == [
        ("full", "People v. Ortega (1998) 19 Cal.4th 686, 693", None),
        ("id", "Id. at p. 694, fn. 2", "at p. 694, fn. 2"),
        ("id", "Ibid.", ""),
        ("id", "Id. at pp. 695\u2013696", "at pp. 695-696"),
    ]


def test_california_bracketed_parallel_cites_stay_with_their_case():
    occs = extract_paragraph(
        para(
            "The error was prejudicial. (Chapman v. California (1967) 386 U.S. 18, 24 ",
            "[87 S.Ct. 824, 17 L.Ed.2d 705]; see Fahy v. Connecticut (1963) 375 U.S. 85 ",
            "[84 S.Ct. 229].)",
        )
    )
    assert [(o.text, o.display) for o in full(occs)] == [
        (
            "Chapman v. California (1967) 386 U.S. 18, 24 [87 S.Ct. 824, 17 L.Ed.2d 705]",
            "Chapman v. California (1967) 386 U.S. 18 [87 S.Ct. 824, 17 L.Ed.2d 705]",
        ),
        (
            "Fahy v. Connecticut (1963) 375 U.S. 85 [84 S.Ct. 229]",
            "Fahy v. Connecticut (1963) 375 U.S. 85 [84 S.Ct. 229]",
        ),
    ]
    assert full(occs)[0].meta.parallel == [CaseKey("87", "S. Ct.", "824"), CaseKey("17", "L. Ed. 2d", "705")]


def test_california_court_and_year_between_the_name_and_the_cite():
    occs = extract_paragraph(
        para(
            "The Ninth Circuit agrees. (United States v. Smith (9th Cir. 2020) 961 F.3d 1203, ",
            "1207; Doe v. Roe (C.D.Cal., Mar. 3, 2021, No. 2:20-cv-01234) 2021 WL 812345.) ",
            "So does ",
            ("Roe v. Poe", True),
            " (N.D.Cal. 2019) 400 F.Supp.3d 1, 5.",
        )
    )
    assert [o.display for o in full(occs)] == [
        "United States v. Smith (9th Cir. 2020) 961 F.3d 1203",
        "Doe v. Roe (C.D.Cal., Mar. 3, 2021, No. 2:20-cv-01234) 2021 WL 812345",
        "Roe v. Poe (N.D.Cal. 2019) 400 F.Supp.3d 1",
    ]


def test_california_real_party_in_interest_is_part_of_the_name():
    plain = extract_paragraph(para("(People v. Superior Court (Romero) (1996) 13 Cal.4th 497, 530.)"))
    italic = extract_paragraph(
        para("(", ("People v. Superior Court", True), " (", ("Romero", True), ") (1996) 13 Cal.4th 497, 530.)")
    )
    assert (
        [o.display for o in full(plain)]
        == [o.display for o in full(italic)]
        == ["People v. Superior Court (Romero) (1996) 13 Cal.4th 497"]
    )


def test_an_italic_case_name_with_its_year_is_not_also_a_work():
    occs = extract_paragraph(
        para(
            "See ",
            ("Estate of Duke", True),
            " (2015) 61 Cal.4th 871, 880; ",
            ("Conservatorship of O.B.", True),
            " (2020) 9 Cal.5th 989.",
        )
    )
    assert [(o.category, o.display) for o in occs] == [
        ("cases", "Estate of Duke (2015) 61 Cal.4th 871"),
        ("cases", "Conservatorship of O.B. (2020) 9 Cal.5th 989"),
    ]


def test_bare_sections_inside_a_block_quotation_are_the_statutes_words():
    quote = para(
        "(2) The court may impose the upper term only as provided in Section 1170.1 and subdivision (c). ",
        "(§ 1170, subd. (b)(2).)",
    )
    quote.block_quote = True
    assert [o.text for o in extract_paragraph(quote)] == ["§ 1170, subd. (b)(2)"]
    quote.block_quote = False
    assert [o.text for o in extract_paragraph(quote)] == ["Section 1170.1", "subdivision (c)", "§ 1170, subd. (b)(2)"]


def test_texas_opinion_parentheticals_stay_in_the_entry():
    occs = extract_paragraph(
        para(
            "Lee v. State, 206 S.W.3d 620, 623 (Tex. Crim. App. 2006) (plurality op.); In re "
            "Weeks, 392 S.W.3d 623, 627 (Tex. Crim. App. 2013) (orig. proceeding) (holding so)."
        )
    )
    assert [o.display for o in full(occs)] == [
        "Lee v. State, 206 S.W.3d 620 (Tex. Crim. App. 2006) (plurality op.)",
        "In re Weeks, 392 S.W.3d 623 (Tex. Crim. App. 2013) (orig. proceeding)",
    ]
    # the Bluebook's "(plurality opinion)" describes the opinion, as "(holding ...)" would: not in the entry
    occs = extract_paragraph(para("City of Mesa v. Doe, 485 U.S. 112, 127 (1988) (plurality opinion)."))
    assert [o.display for o in full(occs)] == ["City of Mesa v. Doe, 485 U.S. 112 (1988)"]


def test_a_california_case_name_split_over_two_paragraphs_is_one_name():
    from toa.extract import extract
    from toa.model import Document

    paras = [
        Paragraph(index=0, story="body", text="The rule remains good law under People v."),
        Paragraph(index=1, story="body", text="Morris (1991) 53 Cal.3d 152, 160."),
    ]
    occs = extract(Document(path="x.docx", paragraphs=paras, sections=[]))
    assert [o.display for o in full(occs)] == ["People v. Morris (1991) 53 Cal.3d 152"]


def test_a_rule_cut_by_a_running_page_header_is_read_whole():
    from toa.extract import extract
    from toa.model import Document, PageBreak

    header = "Case: 17-56544, 07/25/2018, ID: 10956659, DktEntry: 36, Page {} of 60"
    lead = "Courts have issued rules on what may be worn in a courtroom, and they are strict about it. " * 3
    paras = [
        Paragraph(index=0, story="body", text=header.format(26)),
        Paragraph(index=1, story="body", text=lead + "Tenn. R. 20 Dist. Rule 1.04; Or. R. Coos"),
        Paragraph(index=2, story="body", text=header.format(27), breaks=[PageBreak(0, "explicit")]),
        Paragraph(
            index=3,
            story="body",
            text="Curry Rule 3.011(2)(a) (Juvenile Court). Given the widespread "
            "use of such clothing, the contention fails.",
        ),
        Paragraph(index=4, story="body", text=header.format(28), breaks=[PageBreak(0, "explicit")]),
        Paragraph(index=5, story="body", text="ARGUMENT"),
        Paragraph(index=6, story="body", text="Smith v. Jones, 1 F.4th 1 (1st Cir. 2021)."),
    ]
    occs = extract(Document(path="x.docx", paragraphs=paras, sections=[]))
    assert [(o.paragraph, o.display) for o in full(occs)] == [
        (1, "Tenn. R. 20 Dist. Rule 1.04"),
        (1, "Or. R. Coos Curry Rule 3.011(2)(a)"),
        (6, "Smith v. Jones, 1 F.4th 1 (1st Cir. 2021)"),
    ]


def test_a_provision_written_out_inside_a_quotation_is_the_courts_words():
    occs = extract_paragraph(
        para(
            "Costs may not be challenged “in a proceeding under Article 103.008 of the Texas Code "
            "of Criminal Procedure.” Cardenas v. State, 423 S.W.3d 396, 399 (Tex. Crim. App. "
            "2014); see Article 102.0186 of the Texas Code of Criminal Procedure."
        )
    )
    assert [o.display for o in full(occs)] == [
        "Cardenas v. State, 423 S.W.3d 396 (Tex. Crim. App. 2014)",
        "Texas Code of Criminal Procedure art. 102.0186",
    ]


def test_a_quoted_courts_own_citation_sentence_is_a_citation_of_its_provision():
    """ "… possible.’ (§ 1422, subd. (a).)”" inside a quoted court: the court's citation, kept;
    "under § 1988" in the quoted words stays the court's words."""
    text = (
        "The Act (Health & Saf. Code, § 1417 et seq.) governs. “It aims ‘at care.’ (§ 1422, subd. (a).) "
        "A claim under § 1988 is for fees.” (Kizer v. County of San Mateo (1991) 53 Cal.3d 139, 143.)"
    )
    assert [(o.kind, o.text) for o in extract_paragraph(para(text)) if o.category != "cases"] == [
        ("full", "Health & Saf. Code, § 1417 et seq."),
        ("reference", "§ 1422, subd. (a)"),
    ]


def test_a_nameless_cite_after_a_case_named_in_roman_is_that_case():
    occs = full(
        extract_paragraph(
            para(
                "In Quill v. State, the court of appeals held that the trial court did not err. "
                "See 466 S.W.3d 876, 877 (Tex. App.—Texarkana 2015, pet. ref’d)."
            )
        )
    )
    assert [o.display for o in occs] == ["Quill v. State, 466 S.W.3d 876 (Tex. App.—Texarkana 2015, pet. ref’d)"]
    occs = full(extract_paragraph(para("The court agreed. See 466 S.W.3d 876, 877 (Tex. App. 2015).")))
    assert "missing_case_name" in occs[0].flags


def test_new_york_brackets_its_court_and_year():
    occs = extract_paragraph(
        para("Smith v. Jones, 150 A.D.3d 1002, 1004 [2d Dept 2017]; Matter of Roe, 35 NY3d 12 [2020].")
    )
    assert [o.display for o in full(occs)] == [
        "Smith v. Jones, 150 A.D.3d 1002 [2d Dept 2017]",
        "Matter of Roe, 35 NY3d 12 [2020]",
    ]


def test_california_short_form_by_name_alone():
    occs = extract_paragraph(
        para(
            "(See People v. Lynch, at pp. 768-769; Estate of Duke, at p. 880; Baral, at p. 396.) ",
            "The court said, at p. 5, that it agreed.",
        )
    )
    assert [(o.kind, o.text, o.meta.antecedent) for o in occs] == [
        ("supra", "People v. Lynch, at pp. 768-769", "Lynch"),
        ("supra", "Estate of Duke, at p. 880", "Duke"),
        ("supra", "Baral, at p. 396", "Baral"),
    ]


def test_docket_numbers_as_district_courts_write_them_and_bloomberg_law_cites():
    assert displays(
        "In re Tesla S’holder Litig., C.A. No. 12711-VCS (Del. Ch. Feb. 4, 2020); Ames v. Bo, Civil Action "
        "No. 20-1234 (E.D. Pa. Jan. 4, 2021); Cole v. Dart, No. CV 20-1234-GW (C.D. Cal. Jan. 4, 2021); "
        "Fox v. Grey, 2021 BL 123456, at *3 (S.D.N.Y. Jan. 4, 2021)."
    ) == [
        "In re Tesla S’holder Litig., C.A. No. 12711-VCS (Del. Ch. Feb. 4, 2020)",
        "Ames v. Bo, Civil Action No. 20-1234 (E.D. Pa. Jan. 4, 2021)",
        "Cole v. Dart, No. CV 20-1234-GW (C.D. Cal. Jan. 4, 2021)",
        "Fox v. Grey, 2021 BL 123456 (S.D.N.Y. Jan. 4, 2021)",
    ]
    [o] = full(extract_paragraph(para(("Ames v. Bo", True), ", Case No. 8:20-cv-1, 2021 WL 99 (M.D. Fla. 2021).")))
    assert o.meta.case_name == "Ames v. Bo"


def test_plain_names_go_on_before_the_abbreviations_eyecite_stops_at():
    assert displays(
        "See Metro. Life Ins. Co. v. Glenn, 554 U.S. 105, 115 (2008); Firestone Tire & Rubber Co. v. Bruch, "
        "489 U.S. 101 (1989). The Court in Cnty. of Sacramento v. Lewis, 523 U.S. 833 (1998), agreed. "
        "Under Ass’n for Molecular Pathology v. Myriad Genetics, Inc., 569 U.S. 576 (2013), and Cf. United "
        "States ex rel. Campie v. Gilead Scis., Inc., 862 F.3d 890 (9th Cir. 2017), it fails."
    ) == [
        "Metro. Life Ins. Co. v. Glenn, 554 U.S. 105 (2008)",
        "Firestone Tire & Rubber Co. v. Bruch, 489 U.S. 101 (1989)",
        "Cnty. of Sacramento v. Lewis, 523 U.S. 833 (1998)",
        "Ass’n for Molecular Pathology v. Myriad Genetics, Inc., 569 U.S. 576 (2013)",
        "United States ex rel. Campie v. Gilead Scis., Inc., 862 F.3d 890 (9th Cir. 2017)",
    ]
    assert displays(
        "See Pa. State Police v. Suders, 542 U.S. 129 (2004); In Gen. Elec. Co. v. Joiner, 522 U.S. 136 "
        "(1997), it held so."
    ) == ["Pa. State Police v. Suders, 542 U.S. 129 (2004)", "Gen. Elec. Co. v. Joiner, 522 U.S. 136 (1997)"]
    # a sentence that ends in a word no name abbreviates stays out of the name
    assert displays("Plaintiffs sued under the Act. Metro. Life Ins. Co. v. Glenn, 554 U.S. 105 (2008).") == [
        "Metro. Life Ins. Co. v. Glenn, 554 U.S. 105 (2008)"
    ]


def test_a_case_that_only_names_where_a_cited_brief_was_filed_is_not_listed():
    p = para(
        "Br. of Acme Fund as Amicus Curiae, ",
        ("Doe v. Roe", True),
        ", 598 U.S. 1 (May 18, 2023); see ",
        ("Smith v. Jones", True),
        ", 500 U.S. 100 (1991).",
    )
    assert [o.display for o in full(extract_paragraph(p))] == ["Smith v. Jones, 500 U.S. 100 (1991)"]


def test_cases_by_docket_number_as_amicus_briefs_type_them():
    occs = full(
        extract_paragraph(
            para(
                ("United States", True),
                " v. ",
                ("Zeta Apps, Inc.", True),
                ", No 3:14-cv-04321-RS (N.D. Cal. Mar. 4, 2014); ",
                ("In re Online Toy Consumer Prot. Litig.", True),
                ", MDL No. 21-md-03311-ABC (N.D. Cal Jan. 5, 2022); ",
                ("State of Maine et al.", True),
                " v. ",
                ("Sample Corp. et al.", True),
                ", No. 4:22-cv-09911-XYZ; ",
                ("Roe", True),
                " v. ",
                ("Doe", True),
                ", No. 22-1.",
            )
        )
    )
    assert [(o.key.number, o.display) for o in occs] == [
        ("3:14-cv-04321-RS", "United States v. Zeta Apps, Inc., No 3:14-cv-04321-RS (N.D. Cal. Mar. 4, 2014)"),
        ("21-md-03311-ABC", "In re Online Toy Consumer Prot. Litig., MDL No. 21-md-03311-ABC (N.D. Cal Jan. 5, 2022)"),
        ("4:22-cv-09911-XYZ", "State of Maine et al. v. Sample Corp. et al., No. 4:22-cv-09911-XYZ"),
    ]
    # a bare appellate number without court or date ("No. 22-1") is no citation of a decision


def test_a_notes_number_run_into_a_docket_citation_is_no_part_of_the_case_name():
    """A brief converted from PDF runs a note's number into the sentence before it: "… so. 17 See
    Complaint, …" names the case "Complaint, State v. Widget Co.", as the note without its number
    would; a number before no signal stays ("3 Bros. Corp. v. Doe")."""
    occs = full(
        extract_paragraph(
            para(
                "The rule is so. 17 See Complaint, State v. Widget Co., No. 2:23-cv-1 (D. Ariz. 2023). "
                "See also 3 Bros. Corp. v. Doe, No. 1:21-cv-77 (D. Ariz. 2021)."
            )
        )
    )
    assert [o.display for o in occs] == [
        "Complaint, State v. Widget Co., No. 2:23-cv-1 (D. Ariz. 2023)",
        "3 Bros. Corp. v. Doe, No. 1:21-cv-77 (D. Ariz. 2021)",
    ]


def test_a_case_by_district_docket_number_with_its_court_in_words_and_its_link_is_a_case():
    """ "Complaint in: *State of Maine et. al v. Sample Corp. et. al.*, Case No. 4:22-cv-09911, Northern
    District of California at p. 25 (…) https://…": the case, not a web page titled by its name."""
    occs = full(
        extract_paragraph(
            para(
                "17 ",
                ("See", True),
                " Complaint in: ",
                ("State of Maine et. al v. Sample Corp. et. al.", True),
                ", Case No. 4:22-cv-09911, Northern District of California at p. 25 (Complaint by 12 Attorneys "
                "General against Sample) https://ag.example.gov/files/press-docs/Sample%20complaint.pdf",
            )
        )
    )
    assert [(o.category, o.display) for o in occs] == [
        ("cases", "State of Maine et. al v. Sample Corp. et. al., Case No. 4:22-cv-09911")
    ]


def test_citations_in_the_cells_of_a_table_in_the_body_and_in_their_notes(tmp_path):
    from docxbuild import DocBuilder, Footnote

    from toa.document import read
    from toa.extract import extract

    b = DocBuilder()
    b.paragraph("The agencies require reports, as the table shows.")
    b.table(
        [
            ["Agency", "Rule", "Note"],
            ["EPA", "40 C.F.R. § 98.3(c)", "annual"],
            ["OSHA", ["29 C.F.R. § 1904.7(b)(1)", Footnote("See 29 C.F.R. § 1904.29.")], "within seven days"],
        ]
    )
    b.paragraph("Thus reporting is routine.")
    found = extract(read(str(b.save(tmp_path / "t.docx"))))
    assert sorted(o.display for o in found) == [
        "29 C.F.R. § 1904.29",
        "29 C.F.R. § 1904.7(b)(1)",
        "40 C.F.R. § 98.3(c)",
    ]


def test_a_long_paragraph_cut_into_windows_keeps_a_citation_whose_abbreviations_read_as_a_sentence_end():
    """A paragraph longer than a window is read in windows cut at a sentence end; "Crim. Proc." reads
    as one, and a citation cut there is still found whole, once."""
    from toa.extract import WINDOW

    cite = "Tex. Code Crim. Proc. Ann. art. 38.37 (West 2020)"
    filler = "The trial court so held. " * (WINDOW // 25)
    head = filler[: WINDOW - 40]
    text = head + "See " + cite + ". " + filler
    occs = [o for o in extract_paragraph(Paragraph(index=0, story="body", text=text)) if o.category == "statutes"]
    cut = text.index("Crim. Proc.") + len("Crim.")
    assert any(o.start < cut < o.end for o in occs), [o.text for o in occs]
    assert len(occs) == 1, [o.text for o in occs]
    assert occs[0].text.startswith("Tex. Code Crim. Proc. Ann. art. 38.37")


def test_an_act_by_the_short_name_an_earlier_paragraph_defined_for_it():
    texts = [
        "Skipped.",
        "The plaintiff sued under the Foo Bar Act of 1990, 42 U.S.C. § 12101 et seq. (“FOOBA”).",
        "Smith (SM) agrees.",
        "FOOBA § 412(b) bars it; see section 414(a) of FOOBA. SM § 3 is a treatise's.",
        "QUUX § 7 comes first.",
        "The Quux Act (QUUX) is named after it.",
    ]
    paragraphs = [
        Paragraph(index=i, story="body", text=t, skipped="cover" if i == 0 else None) for i, t in enumerate(texts)
    ]
    occs = extract(Document(path="x.docx", paragraphs=paragraphs, sections=[]))
    assert [(o.paragraph, o.display) for o in occs if o.kind == "full"] == [
        (1, "Foo Bar Act of 1990, 42 U.S.C. § 12101 et seq."),
        (3, "FOOBA § 412(b)"),
        (3, "FOOBA § 414(a)"),
    ]


def test_an_articles_link_on_the_next_line_goes_with_the_article():
    """ "…, 7(1) J. Child & Family Counseling 42-55 (2021)," | "https://…": the link the line break
    put in a paragraph of its own is the article's, not an entry of its own."""
    from toa.extract import extract
    from toa.model import Document

    ps = [
        Paragraph(
            index=0,
            story="body",
            text="47 Ana Ruiz et al., Understanding Cyberbullies, 7(1) J. Child & Family Counseling 42-55 (2021),",
        ),
        Paragraph(
            index=1,
            story="body",
            text="https://www.journals.example/doi/abs/10.1080/2372.2020.18?journalCo de=u cac20.",
        ),
    ]
    found = extract(Document(path="x.docx", paragraphs=ps, sections=[]))
    assert [(o.paragraph, o.display) for o in found if o.kind == "full"] == [
        (0, "Ana Ruiz et al., Understanding Cyberbullies, 7(1) J. Child & Family Counseling 42-55 (2021)")
    ]


def test_a_california_short_cite_with_a_page_range_after_at_pp():
    occs = extract_paragraph(
        para(
            "(Prill v. Air Lines, Inc., supra, 53 Cal.App.4th at p. 952; Jansen v. Fargo Bank, supra, 85 "
            "Cal.App.4th at pp. 264-265; see Id. at pp. 266-267.)"
        )
    )
    assert [(o.kind, o.text) for o in occs] == [
        ("short", "Prill v. Air Lines, Inc., supra, 53 Cal.App.4th at p. 952"),
        ("short", "Jansen v. Fargo Bank, supra, 85 Cal.App.4th at pp. 264-265"),
        ("id", "Id. at pp. 266-267"),
    ]


def test_ab_with_a_page_range_names_the_answering_brief_whose_pages_are_no_bills():
    from toa.extract import extract
    from toa.model import Document

    texts = [
        "Defendants rely on the same case. (AB 17-18, citing Smith v. Jones, 500 U.S. 100 (1991).)",
        "They concede the point. (AB 16.) The Legislature acted in AB 1545.",
    ]
    ps = [Paragraph(index=i, story="body", text=t) for i, t in enumerate(texts)]
    found = extract(Document(path="x.docx", paragraphs=ps, sections=[]))
    assert [o.text for o in found if o.kind == "full"] == ["Smith v. Jones, 500 U.S. 100 (1991)", "AB 1545"]
    # without a range, "AB 16" is read as Assembly Bill 16
    alone = [Paragraph(index=0, story="body", text="The Legislature acted. (AB 16.)")]
    assert [o.text for o in extract(Document(path="x.docx", paragraphs=alone, sections=[]))] == ["AB 16"]


def test_a_california_unpublished_opinion_by_date_and_docket_is_one_case_as_printed():
    p = para(
        ("People", True),
        " v. ",
        ("Garza", True),
        " (Feb. 9, 2021, F079912) [nonpub. opn.]; ",
        ("Estate of Ochoa", True),
        " (Oct. 2, 2019, H045512) [opn. ordered nonpub.].",
    )
    a, b = full(extract_paragraph(p))
    assert a.display == "People v. Garza (Feb. 9, 2021, F079912) [nonpub. opn.]"
    assert a.key == DocketKey("F079912", "people v. garza")
    assert b.display == "Estate of Ochoa (Oct. 2, 2019, H045512) [opn. ordered nonpub.]"
    # typed in roman, and a date without a docket number or a status is no such cite
    [c] = full(
        extract_paragraph(para("The court agreed. In re Marriage of Tsai (Jan. 5, 2018, A150001) [unpub. opn.]."))
    )
    assert c.display == "In re Marriage of Tsai (Jan. 5, 2018, A150001) [unpub. opn.]"
    assert full(extract_paragraph(para("People v. Garza (Feb. 9, 2021) was argued."))) == []


def test_docketed_history_is_part_of_the_cases_entry_as_cited():
    p = para(
        ("Vance", True),
        " v. ",
        ("Orbit LLC", True),
        ", No. 3:21-cv-00417-JD (N.D. Cal. Mar. 2, 2022), appeal docketed, No. 22-15501 (9th Cir. Apr. 1, 2022); ",
        ("Hale", True),
        " v. ",
        ("Ruiz", True),
        ", 41 F.4th 88 (2d Cir. 2023), petition for cert. filed, No. 23-77 (U.S. July 3, 2023).",
    )
    a, b = full(extract_paragraph(p))
    assert a.display == (
        "Vance v. Orbit LLC, No. 3:21-cv-00417-JD (N.D. Cal. Mar. 2, 2022), appeal docketed, No. 22-15501 "
        "(9th Cir. Apr. 1, 2022)"
    )
    assert (
        b.display == "Hale v. Ruiz, 41 F.4th 88 (2d Cir. 2023), petition for cert. filed, No. 23-77 (U.S. July 3, 2023)"
    )
    assert p.text[a.start : a.end].endswith("Apr. 1, 2022)")


def test_a_one_word_label_before_a_case_name_is_not_part_of_it():
    assert displays(
        "Text: Oxley v. Dunmore, 512 U.S. 44 (1994). Compare: Pell v. Tarn, 600 F.3d 9 (2d Cir. 2010). "
        "In re: Quarry Holdings Inc., 301 B.R. 77 (Bankr. D. Del. 2003)."
    ) == [
        "Oxley v. Dunmore, 512 U.S. 44 (1994)",
        "Pell v. Tarn, 600 F.3d 9 (2d Cir. 2010)",
        "In re: Quarry Holdings Inc., 301 B.R. 77 (Bankr. D. Del. 2003)",
    ]


def test_a_word_that_opens_the_sentence_before_a_roman_case_name_is_not_part_of_it():
    p = para(
        "Also Oxley v. Dunmore, 512 U.S. 44 (1994) held so. And Pell v. Tarn, 600 F.3d 9 (2d Cir. 2010), agreed. "
        "Then Oxley, 512 U.S. at 47, settled it. The Harbor Bar v. Quill, 88 So. 3d 5 (Fla. 2012)."
    )
    occs = extract_paragraph(p)
    assert [o.display for o in full(occs)] == [
        "Oxley v. Dunmore, 512 U.S. 44 (1994)",
        "Pell v. Tarn, 600 F.3d 9 (2d Cir. 2010)",
        "The Harbor Bar v. Quill, 88 So. 3d 5 (Fla. 2012)",
    ]
    assert [o.text for o in occs if o.kind == "short"] == ["Oxley, 512 U.S. at 47"]


def test_a_neutral_cite_with_its_paragraph_pin_and_its_parallel_is_one_case():
    [o] = full(extract_paragraph(para("See State v. Smith, 2019-Ohio-1234, ¶ 15, 123 N.E.3d 456.")))
    assert o.display == "State v. Smith, 2019-Ohio-1234, 123 N.E.3d 456"
    [o] = full(extract_paragraph(para("See Smith v. Jones, 2015 MT 12, ¶¶ 10-11, 378 Mont. 1, 340 P.3d 1.")))
    assert o.display == "Smith v. Jones, 2015 MT 12, 378 Mont. 1, 340 P.3d 1"
