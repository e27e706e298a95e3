"""Linking: short forms, Id., supra and bare references tied to the authority they cite."""

import copy

from texts import doc_of, linked, links_of, occurrences_of

from toa.authorities import link
from toa.meta import ProvisionMeta
from toa.model import Document, Paragraph


def test_short_id_and_supra_join_their_case():
    t = links_of(
        "Reed v. Town of Gilbert, 576 U.S. 155, 163 (2015).", "Reed, 576 U.S. at 170. Id. at 171. Reed, supra, at 172."
    )
    assert linked(t) == {"Reed v. Town of Gilbert, 576 U.S. 155 (2015)": ["full", "short", "id", "supra"]}
    assert t.unlinked == []


def test_short_cite_picks_the_case_whose_first_page_precedes_the_pin():
    t = links_of("Smith v. Jones, 500 U.S. 100 (1991); Doe v. Roe, 500 U.S. 200 (1991).", "Doe, 500 U.S. at 210.")
    assert linked(t)["Doe v. Roe, 500 U.S. 200 (1991)"] == ["full", "short"]


def test_id_after_a_record_cite_is_not_the_case():
    t = links_of("Smith v. Jones, 500 U.S. 100 (1991). See J.A. 12. Id. at 13.")
    assert linked(t) == {"Smith v. Jones, 500 U.S. 100 (1991)": ["full"]}


def test_unlinked_short_form_is_reported():
    t = links_of("Jones, 501 U.S. at 5.")
    assert [o.text for o in t.unlinked] == ["Jones, 501 U.S. at 5"]


def test_short_cite_before_the_full_cite_joins_the_case_cited_later():
    t = links_of(
        "The other side relies on Marlow, 85 Cal.App.4th at 938.",
        "Compare In re Marlow W., 85 Cal.App.4th 937, 940 (2000).",
    )
    assert linked(t) == {"In re Marlow W., 85 Cal.App.4th 937 (2000)": ["short", "full"]}
    assert t.unlinked == []


def test_short_cite_before_a_full_cite_of_another_name_stays_unlinked():
    t = links_of("Smith, 85 F.3d at 10.", "Jones v. Roe, 85 F.3d 5 (5th Cir. 1996).")
    assert [o.text for o in t.unlinked] == ["Smith, 85 F.3d at 10"]


def test_short_cite_with_a_typo_joins_the_one_case_it_can_be_and_is_flagged():
    t = links_of(
        "Ex parte Quarles, 448 S.W.3d 29, 40 (Tex. Crim. App. 2014); Nunn v. State, 573 S.W.3d 869 "
        "(Tex. App.—Houston [1st Dist.] 2019, pet. ref’d).",
        "Quarles, 448 S.W.3d at 28. The same is true here. 573 S.W. at 880.",
    )
    assert linked(t) == {
        "Ex parte Quarles, 448 S.W.3d 29 (Tex. Crim. App. 2014)": ["full", "short"],
        "Nunn v. State, 573 S.W.3d 869 (Tex. App.—Houston [1st Dist.] 2019, pet. ref’d)": ["full", "short"],
    }
    shorts = [k for c in t.cited for k in c.links if k.kind == "short"]
    assert all("short_cite_mismatch" in k.flags for k in shorts)


def test_short_cite_with_a_pin_before_every_first_page_and_no_name_stays_unlinked():
    t = links_of("Nunn v. State, 573 S.W.3d 869 (Tex. App. 2019).", "573 S.W.3d at 12.")
    assert [o.text for o in t.unlinked] == ["573 S.W.3d at 12"]


def test_two_cases_on_one_reporter_page_are_two_entries():
    t = links_of("Ford v. United States, 569 U.S. 1031 (2013); Acosta-Ruiz v. United States, 569 U.S. 1031 (2013).")
    assert sorted(linked(t)) == [
        "Acosta-Ruiz v. United States, 569 U.S. 1031 (2013)",
        "Ford v. United States, 569 U.S. 1031 (2013)",
    ]


def test_short_form_missing_at_is_read_as_a_pin():
    t = links_of("Willson v. Commissioner, 805 F.3d 316 (D.C. Cir. 2015).", "Willson, 805 F.3d 318, 320.")
    assert linked(t) == {"Willson v. Commissioner, 805 F.3d 316 (D.C. Cir. 2015)": ["full", "short"]}


def test_id_skips_prose_mentions_and_parenthetical_authorities():
    t = links_of(
        "See 42 U.S.C. 1983.",
        "Smith v. Jones, 500 U.S. 100 (1991). Section 1983 requires more; id. at 105.",
        "Doe v. Roe, 501 U.S. 200, 205 (1991) (quoting 42 U.S.C. 1983). Id. at 206.",
    )
    found = linked(t)
    assert found["Smith v. Jones, 500 U.S. 100 (1991)"] == ["full", "id"]
    assert found["Doe v. Roe, 501 U.S. 200 (1991)"] == ["full", "id"]


def test_id_skips_a_case_quoted_cited_or_overruling_in_a_clause_without_parentheses():
    t = links_of(
        "Rights of litigants are implemented upon request. Gray v. State, 149 S.W.3d 135, 144 (Tex. Crim. "
        "App. 2004), quoting Moss v. State, 851 S.W.2d 275, 279 (Tex. Crim. App. 1993), overruled on other "
        "grounds by Cole v. State, 947 S.W.2d 262 (Tex. Crim. App. 1997). They do not vanish. Id., citing "
        "Moss, 851 S.W.2d at 280. Nor are they forfeited. Id.",
    )
    assert linked(t) == {
        "Gray v. State, 149 S.W.3d 135 (Tex. Crim. App. 2004)": ["full", "id", "id"],
        "Moss v. State, 851 S.W.2d 275 (Tex. Crim. App. 1993)": ["full", "short"],
        "Cole v. State, 947 S.W.2d 262 (Tex. Crim. App. 1997)": ["full"],
    }


def test_bare_section_takes_the_code_of_that_section_or_of_its_sentence():
    t = links_of(
        "26 U.S.C. 6330(c) governs. The court cited 28 U.S.C. 2201(a). Section 6330(d) then applies.",
        "See 42 U.S.C. 1983; § 1988 too. Section 7428 of the Internal Revenue Code differs.",
    )
    found = linked(t)
    assert "26 U.S.C. 6330(d)" in found  # same section number cited before, whatever came between
    assert "42 U.S.C. 1988" in found  # same sentence as a 42 U.S.C. cite
    assert not any("7428" in text for text in found)  # names a code never cited: left unlinked
    assert [o.text for o in t.unlinked] == ["Section 7428"]


def test_sections_quoted_from_a_court_are_not_citations():
    t = links_of("See 42 U.S.C. 1988. Fees are not available “under § 1988.” Id. at 759.")
    assert linked(t) == {"42 U.S.C. 1988": ["full"]}


def test_federal_register_short_cites_join_their_notice():
    t = links_of(
        "Final Rule, 88 Fed. Reg. 9336 (Feb. 13, 2023); 88 Fed. Reg. 12,000 (Mar. 1, 2023).",
        "See 88 Fed. Reg. at 9340; 88 Fed. Reg. at 12,004.",
    )
    assert linked(t) == {
        "Final Rule, 88 Fed. Reg. 9336 (Feb. 13, 2023)": ["full", "short"],
        "88 Fed. Reg. 12,000 (Mar. 1, 2023)": ["full", "short"],
    }


def test_a_bare_section_of_an_act_cited_by_section_is_that_act():
    t = links_of(
        "Department of Transportation Act, Pub. L. No. 89-670, § 4(f), 80 Stat. 934.", "Section 4(f) then applies."
    )
    [auth] = t.cited
    assert [k.kind for k in auth.links] == ["full", "reference"]


def test_us_and_united_states_by_docket_number_are_one_authority():
    t = links_of(
        "U.S. v. Sun, No. 1:20-cr-5 (D. Md. Feb. 1, 2021).",
        "See also United States v. Sun, No. 1:20-cr-5 (D. Md. Feb. 1, 2021).",
    )
    assert linked(t) == {"U.S. v. Sun, No. 1:20-cr-5 (D. Md. Feb. 1, 2021)": ["full", "full"]}


def test_two_state_cases_at_one_reporter_page_are_both_kept():
    t = links_of(
        "Watt v. State, 204 S.W.3d 404, 414 (Tex. Crim. App. 2006); Mays v. State, 204 S.W.3d 404 "
        "(Tex. App.—Waco 2006, no pet.)."
    )
    assert sorted(linked(t)) == [
        "Mays v. State, 204 S.W.3d 404 (Tex. App.—Waco 2006, no pet.)",
        "Watt v. State, 204 S.W.3d 404 (Tex. Crim. App. 2006)",
    ]


def test_bare_section_refers_back_to_the_state_code_named_last():
    t = links_of(
        "The motion was timely. (Code Civ. Proc., § 657.)",
        "The court lost power to rule on it. The limits of section 660, subdivision (c) are jurisdictional.",
    )
    assert linked(t) == {"Code Civ. Proc., § 657": ["full"], "Code Civ. Proc., § 660(c)": ["reference"]}


def test_bare_section_after_a_federal_statute_stays_unlinked():
    t = links_of("See 42 U.S.C. 1983.", "The court lost power to rule. Section 660 is jurisdictional.")
    assert list(linked(t)) == ["42 U.S.C. 1983"]
    assert [o.text for o in t.unlinked] == ["Section 660"]


def test_texas_article_short_forms():
    t = links_of(
        "See Tex. Code Crim. Proc. art. 38.37.",
        "Under article 38.37 the State may offer it. The trial court erred in applying 38.37 § 2.",
    )
    assert linked(t) == {
        "Tex. Code Crim. Proc. art. 38.37": ["full", "reference"],
        "Tex. Code Crim. Proc. art. 38.37, § 2": ["reference"],
    }


def test_bare_section_after_a_state_code_in_a_brief_citing_the_us_code_stays_unlinked():
    t = links_of("See 18 U.S.C. 924(c); Or. Rev. Stat. § 161.085(3) (1983).", "§ 301(a) (1983).")
    assert "Or. Rev. Stat. § 301(a)" not in linked(t)
    assert [o.text for o in t.unlinked] == ["§ 301(a)"]


def test_id_with_a_texas_article_or_its_section():
    t = links_of("See Tex. Code Crim. Proc. art. 38.37. Id. art. 38.38. Id. § 2.")
    assert linked(t) == {
        "Tex. Code Crim. Proc. art. 38.37": ["full"],
        "Tex. Code Crim. Proc. art. 38.38": ["id"],
        "Tex. Code Crim. Proc. art. 38.38, § 2": ["id"],
    }


def test_id_with_a_subdivision_is_that_subdivision_of_the_section_before():
    t = links_of(
        "A report is protected. (Veh. Code, § 2800, subd. (b)(2).) A stop is presumed lawful. (Id., subd. (c)(1).)"
    )
    assert linked(t) == {"Veh. Code, § 2800, subd. (b)(2)": ["full"], "Veh. Code, § 2800, subd. (c)(1)": ["id"]}
    # after a case, "Id., subd." points nowhere
    t = links_of("(Reid v. Google, Inc. (2010) 50 Cal.4th 512, 532.) (Id., subd. (c).)")
    assert len(t.unlinked) == 1


def test_a_bare_rule_before_the_full_cite_of_its_rule_set_joins_it():
    t = links_of("The court erred under Rule 403.", "Counsel objected under Tex. R. Evid. 403.")
    assert linked(t) == {"Tex. R. Evid. 403": ["reference", "full"]} and t.unlinked == []
    # two sets of rules with a rule of that number: a bare "Rule 12" is not guessed
    t = links_of("See Rule 12.", "Tex. R. Civ. P. 12; Tex. R. Evid. 12.")
    assert len(t.unlinked) == 1
    # no full cite of any rule of that number: nothing is invented
    t = links_of("See Rule 702.", "Tex. R. Evid. 403.")
    assert "Tex. R. Evid. 702" not in linked(t) and len(t.unlinked) == 1


def test_a_bare_section_before_the_full_cite_of_its_code_joins_that_section():
    t = links_of("Section 31.03 is broad.", "He was charged under Section 31.03 of the Texas Penal Code.")
    assert linked(t) == {"Texas Penal Code § 31.03": ["reference", "full"]} and t.unlinked == []
    # a subsection the brief never cites, or a section two codes have, is not guessed
    t = links_of("Section 31.03(e) is broad.", "See Section 31.03 of the Texas Penal Code.")
    assert list(linked(t)) == ["Texas Penal Code § 31.03"] and len(t.unlinked) == 1
    t = links_of("Section 2 applies.", "Tex. Penal Code § 2; Tex. Fam. Code § 2.")
    assert len(t.unlinked) == 1


def test_a_provision_cited_with_a_list_of_subdivisions_is_one_entry_as_cited():
    t = links_of(
        "The appeal was timely. (Cal. Rules of Court, rule 8.104(a)(1), (f).)",
        "A notice filed late is void. (Cal. Rules of Court, rule 8.104(a)(1), (f).)",
        "That is so under rule 8.104(f) as well.",
    )
    assert linked(t) == {"Cal. Rules of Court, rule 8.104(a)(1), (f)": ["full", "full", "reference"]}
    # a bare mention of one subdivision of the list, or an Id. of another, after the cite
    t = links_of(
        "See Code Civ. Proc., § 437c, subds. (a), (c). Under section 437c(c) the court rules.",
        "The statute also sets a deadline. (Id., subd. (b).)",
    )
    assert linked(t) == {
        "Code Civ. Proc., § 437c, subds. (a), (c)": ["full", "reference"],
        "Code Civ. Proc., § 437c, subd. (b)": ["id"],
    }
    # one subdivision cited alone is its own entry, as the brief cites it
    t = links_of("(Health & Saf. Code, § 1250, subds. (c), (k).)", "(Health & Saf. Code, § 1250, subd. (k).)")
    assert sorted(linked(t)) == ["Health & Saf. Code, § 1250, subd. (k)", "Health & Saf. Code, § 1250, subds. (c), (k)"]


def test_a_bare_section_whose_code_is_named_just_after_it_is_in_that_code():
    before = "The facility is licensed. (Health & Saf. Code, § 1250.)"
    # the code named after it, in the same paragraph or the next, not the code named last before it
    t = links_of(before, "Section 664.5 requires notice of entry. It says who gives it. (Code Civ. Proc., § 664.5.)")
    assert linked(t) == {"Health & Saf. Code, § 1250": ["full"], "Code Civ. Proc., § 664.5": ["reference", "full"]}
    t = links_of(before, "Section 664.5 requires notice of entry.", "(Code Civ. Proc., § 664.5, subd. (a).)")
    assert sorted(linked(t)) == [
        "Code Civ. Proc., § 664.5",
        "Code Civ. Proc., § 664.5, subd. (a)",
        "Health & Saf. Code, § 1250",
    ]
    # cited two paragraphs on, or by two codes just after, the code named last still takes it
    t = links_of(before, "Section 664.5 requires notice of entry.", "Nothing else.", "(Code Civ. Proc., § 664.5.)")
    assert linked(t)["Health & Saf. Code, § 664.5"] == ["reference"]
    t = links_of(before, "Section 664.5 applies. (Code Civ. Proc., § 664.5; Gov. Code, § 664.5.)")
    assert linked(t)["Health & Saf. Code, § 664.5"] == ["reference"]


def test_id_with_a_page_after_a_federal_register_notice_is_that_notice():
    t = links_of(
        "Boeing Co. v. Ames, 500 U.S. 100 (1991); Protecting Americans from Harmful Robocalls, 84 Fed. Reg. "
        "10,000, 10,004 (Mar. 1, 2019); id. at 10,005; id. at 12."
    )
    assert linked(t)["Protecting Americans from Harmful Robocalls, 84 Fed. Reg. 10,000 (Mar. 1, 2019)"] == [
        "full",
        "id",
    ]
    assert linked(t)["Boeing Co. v. Ames, 500 U.S. 100 (1991)"] == ["full"]


def test_short_cites_of_agency_decisions_join_them():
    t = links_of(
        "Matter of Acosta, 19 I&N Dec. 211, 233 (BIA 1985); Matter of Ruiz, 19 I&N Dec. 300 (BIA 1986).",
        "Acosta, 19 I&N Dec. at 234; Ruiz, 19 I. & N. Dec. at 305; 19 I&N Dec. at 100.",
    )
    assert linked(t)["Matter of Acosta, 19 I&N Dec. 211 (BIA 1985)"] == ["full", "short"]
    assert linked(t)["Matter of Ruiz, 19 I&N Dec. 300 (BIA 1986)"] == ["full", "short"]
    assert [o.text for o in t.unlinked] == ["19 I&N Dec. at 100"]


def test_a_bare_rule_after_its_committee_note_is_the_rule():
    t = links_of("Fed. R. Civ. P. 26(b)(1) advisory committee's note to 2015 amendment. Rule 26(b)(1) governs.")
    assert linked(t) == {
        "Fed. R. Civ. P. 26(b)(1) advisory committee's note to 2015 amendment": ["full"],
        "Fed. R. Civ. P. 26(b)(1)": ["reference"],
    }


def test_id_with_a_section_after_a_treatise_is_a_pin_in_the_book():
    t = links_of("A treatise agrees. 1 Dan B. Dobbs et al., The Law of Torts § 124 (2d ed. 2011); id. § 125.")
    assert linked(t) == {"1 Dan B. Dobbs et al., The Law of Torts (2d ed. 2011)": ["full", "id"]}
    assert t.unlinked == []


def test_congressional_record_short_cites_fold_into_the_page_cited_before():
    t = links_of(
        "137 Cong. Rec. 35,302 (1991) (statement of Sen. Roe); 167 Cong. Rec. S1234 (daily ed. Feb. 2, 2021); "
        "167 Cong. Rec. H1000 (daily ed. Feb. 2, 2021).",
        "Later. 137 Cong. Rec. at 35,303. 167 Cong. Rec. at S1236. 167 Cong. Rec. at H1001. 167 Cong. Rec. at S1000.",
    )
    assert linked(t) == {
        "137 Cong. Rec. 35,302 (1991)": ["full", "short"],
        "167 Cong. Rec. S1234 (daily ed. Feb. 2, 2021)": ["full", "short"],
        "167 Cong. Rec. H1000 (daily ed. Feb. 2, 2021)": ["full", "short"],
    }
    # a pin before every page of its part of the Record cited points at none of them
    assert [o.text for o in t.unlinked] == ["167 Cong. Rec. at S1000"]


def test_supra_naming_an_organisation_by_an_abbreviated_word():
    text = (
        "Pew Research Ctr., Americans and Privacy 10 (Nov. 15, 2019), https://www.pew.example/privacy/. "
        "Pew Research Ctr., supra, at 12."
    )
    title = (text.index("Americans"), text.index(" 10 ("))
    doc = Document(
        path="x.docx", paragraphs=[Paragraph(index=0, story="body", text=text, emphasis=[title])], sections=[]
    )
    t = link.link(doc, occurrences_of(doc))
    [(text, kinds)] = linked(t).items()
    assert text.startswith("Pew Research Ctr., Americans and Privacy") and kinds == ["full", "supra"]


def test_supra_naming_an_organisation_by_a_word_cut_short():
    text = (
        "See 4Kids Foundation, How Do They Know It Is a Child? 10 (2021). Later, 4Kids Found., supra, at 6, "
        "and Kids Fund, supra, at 2."
    )
    title = (text.index("How Do"), text.index(" 10 ("))
    doc = Document(
        path="x.docx", paragraphs=[Paragraph(index=0, story="body", text=text, emphasis=[title])], sections=[]
    )
    t = link.link(doc, occurrences_of(doc))
    assert linked(t) == {"4Kids Foundation, How Do They Know It Is a Child? (2021)": ["full", "supra"]}
    assert [o.text for o in t.unlinked] == ["Fund, supra, at 2"]  # a whole word is not cut short


def test_restatement_short_forms_fold_into_the_section_cited_before():
    t = links_of(
        "Restatement (Second) of Torts § 402A (1965); Restatement (Third) of Agency § 7.03 (2006).",
        "Later. Restatement § 402A cmt. c; Restatement (Second) § 402A cmt. d. Restatement (Second) of Torts, "
        "supra, § 402A. Restatement (Third) § 7.03. Restatement § 999.",
    )
    assert linked(t) == {
        "Restatement (Second) of Torts § 402A (1965)": ["full", "short", "short", "short"],
        "Restatement (Third) of Agency § 7.03 (2006)": ["full", "short"],
    }
    assert [o.text for o in t.unlinked] == ["Restatement § 999"]


def test_committee_report_short_forms_fold_into_their_report():
    t = links_of(
        "H.R. Rep. No. 99-849, at 5 (1986); S. Rep. No. 104-98, at 3 (1995).",
        "Later. H.R. Rep. No. 849, at 12. S. Rep. at 4. H.R. Rep., supra, at 7. H.R. Rep. No. 77, at 3.",
    )
    assert linked(t) == {
        "H.R. Rep. No. 99-849 (1986)": ["full", "short", "short"],
        "S. Rep. No. 104-98 (1995)": ["full", "short"],
    }
    assert [o.text for o in t.unlinked] == ["H.R. Rep. No. 77, at 3"]


def test_a_bare_article_never_joins_a_code_cited_by_section():
    t = links_of(
        "Possession is a felony. Tex. Health & Safety Code § 481.115(d).",
        "Under article 38.23(a), the evidence is inadmissible.",
    )
    assert list(linked(t)) == ["Tex. Health & Safety Code § 481.115(d)"]
    assert [o.text for o in t.unlinked] == ["article 38.23(a)"]


def test_bare_references_are_in_the_code_the_brief_declares():
    t = links_of(
        "Unless otherwise indicated, all further statutory references are to the Labor Code.",
        "Summary judgment was granted. (Code Civ. Proc., § 437c, subd. (c).)",
        "Section 1102.5, subdivision (b) bars retaliation. Under section 1102.6, the burden shifts.",
        "Costs follow. (Code Civ. Proc., § 1032, subd. (b); see section 1033.5.)",
    )
    assert linked(t) == {
        "Code Civ. Proc., § 437c, subd. (c)": ["full"],
        "Code Civ. Proc., § 1032, subd. (b)": ["full"],
        "Code Civ. Proc., § 1033.5": ["reference"],  # the sentence names its code
        "Labor Code section 1102.5, subdivision (b)": ["reference"],
        "Labor Code section 1102.6": ["reference"],
    }


def test_a_declaration_covers_only_what_follows_it():
    t = links_of(
        "Under section 1102.5 the burden shifts.",
        "All further section references are to the Labor Code. See section 1102.6.",
    )
    assert list(linked(t)) == ["Labor Code section 1102.6"]
    assert [o.text for o in t.unlinked] == ["section 1102.5"]


def test_a_state_section_cited_with_and_without_its_edition_is_one_entry():
    t = links_of(
        "Tex. Penal Code Ann. § 22.02(a)(2) (West 2019).",
        "See Tex. Penal Code § 22.02(a)(2).",
        "Tex. Fam. Code § 161.001(b).",
        "Tex. Fam. Code Ann. § 161.001(b) (West 2014).",
    )
    assert linked(t) == {
        "Tex. Penal Code Ann. § 22.02(a)(2) (West 2019)": ["full", "full"],
        "Tex. Fam. Code § 161.001(b)": ["full", "full"],
    }


def test_a_bare_subdivision_is_of_the_section_cited_just_before():
    t = links_of(
        "The court must find the facts true. (Pen. Code, § 1170, subd. (b)(2); People v. Lynch (2024) "
        "16 Cal.5th 730, 742.)",
        "Under subdivision (b)(6), the court must impose the lower term.",
    )
    assert linked(t)["Pen. Code, § 1170, subd. (b)(6)"] == ["reference"]


def test_a_bare_subdivision_far_from_any_section_stays_unlinked():
    t = links_of(
        "(Pen. Code, § 1170, subd. (b)(2).)",
        "The jury deliberated.",
        "It returned a verdict.",
        "The court recessed.",
        "Under subdivision (b)(6), the court must impose the lower term.",
    )
    assert list(linked(t)) == ["Pen. Code, § 1170, subd. (b)(2)"]
    assert [o.text for o in t.unlinked] == ["subdivision (b)(6)"]


def test_a_bare_section_numbered_unlike_the_code_named_last_is_not_guessed_into_it():
    t = links_of(
        "Florida caps the waiver. Fla. Stat. § 768.28(5).", "In Illinois, a section 2-615 motion attacks the complaint."
    )
    assert list(linked(t)) == ["Fla. Stat. § 768.28(5)"]
    assert [o.text for o in t.unlinked] == ["section 2-615"]


def test_id_with_a_texas_article_and_its_lettered_section():
    t = links_of("The State may offer it. Tex. Code Crim. Proc. Ann. art. 38.37, § 2; see id. art. 38.37, § 2-a.")
    assert linked(t) == {
        "Tex. Code Crim. Proc. Ann. art. 38.37, § 2": ["full"],
        "Tex. Code Crim. Proc. Ann. art. 38.37, § 2-a": ["id"],
    }


def test_a_bare_section_with_a_list_of_subdivisions_is_one_entry_as_cited():
    t = links_of(
        "The People alleged a firearm enhancement. (Pen. Code, § 12022.53, subd. (b).)",
        "The jury found true the allegations. (§ 12022.53, subds. (b), (c), (d).) Under section 12022.53, "
        "subdivision (c), the term is 20 years.",
    )
    assert linked(t) == {
        "Pen. Code, § 12022.53, subd. (b)": ["full"],
        "Pen. Code, § 12022.53, subds. (b), (c), (d)": ["reference", "reference"],
    }


def test_a_bare_rule_is_in_the_one_set_of_federal_rules_cited_that_has_it():
    t = links_of(
        "To survive a motion under Rule 12(b)(6), a complaint must plead facts.",
        "See Fed. R. Civ. P. 9(b); Fed. R. Evid. 201(b). Rule 201(b) allows notice.",
    )
    assert linked(t) == {
        "Fed. R. Civ. P. 9(b)": ["full"],
        "Fed. R. Civ. P. 12(b)(6)": ["reference"],
        "Fed. R. Evid. 201(b)": ["full", "reference"],
    }
    # two sets with a rule 12, a set never cited, or a state's rules cited too: not guessed
    for cites in (
        "See Fed. R. Civ. P. 9(b); Fed. R. App. P. 4(a).",
        "No rules are cited.",
        "See Fed. R. Civ. P. 9(b); Tex. R. Evid. 403.",
    ):
        t = links_of("Under Rule 12(b)(6), it fails.", cites)
        assert [o.text for o in t.unlinked] == ["Rule 12(b)(6)"]


def test_a_california_short_form_by_name_joins_its_case():
    t = links_of(
        "The statute applies. (Baral v. Schnitt (2016) 1 Cal.5th 376, 384 (Baral).)",
        "The burden then shifts. (Baral, at p. 396.) (Doe, at p. 5.)",
    )
    assert linked(t) == {"Baral v. Schnitt (2016) 1 Cal.5th 376": ["full", "supra"]}
    assert [o.text for o in t.unlinked] == ["Doe, at p. 5"]


def test_a_subdivision_completed_from_a_written_out_code_is_written_out():
    t = links_of(
        "Code of Civil Procedure section 425.16 applies.",
        "Under section 425.16, subdivision (e)(4), the conduct is protected.",
        "Texas Penal Code Section 22.01 defines assault. Section 22.01(a)(1) covers bodily injury.",
    )
    assert "Code of Civil Procedure section 425.16, subdivision (e)(4)" in linked(t)
    assert "Texas Penal Code section 22.01(a)(1)" in linked(t)


def test_a_short_form_stands_for_its_section_written_as_the_brief_writes_the_code():
    """ "§ 72002(a)" after a code cited by title, "§ 302" after a title number before the code, "§ 110.05"
    after a code of another name: each is the full citation of that section in that code, written as
    the brief writes it ("Cal. Code Regs., tit. 22," with its commas)."""
    t = links_of(
        "See Cal. Code Regs., tit. 22, § 72001; see also § 72002(a).",
        "Under 18 Pa. Cons. Stat. Ann. § 301, and § 302, the act is voluntary.",
        "See N.Y. Penal Law § 110.00; see also § 110.05.",
    )
    assert linked(t) == {
        "Cal. Code Regs., tit. 22, § 72001": ["full"],
        "Cal. Code Regs., tit. 22, § 72002(a)": ["reference"],
        "18 Pa. Cons. Stat. Ann. § 301": ["full"],
        "18 Pa. Cons. Stat. Ann. § 302": ["reference"],
        "N.Y. Penal Law § 110.00": ["full"],
        "N.Y. Penal Law § 110.05": ["reference"],
    }


def test_a_short_form_after_a_code_in_its_states_own_form_is_written_in_that_form():
    """ "§ 3212" after "N.Y. C.P.L.R. 3211(a)(7)" is CPLR 3212, written without the section sign as
    the brief writes the code; "§ 5525" after "42 Pa.C.S. § 5524" keeps it."""
    t = links_of(
        "See N.Y. C.P.L.R. 3211(a)(7); see also § 3212.",
        "Under 42 Pa.C.S. § 5524, and § 5525, it is late.",
        "See RCW 4.16.080; see also § 4.16.100.",
    )
    assert linked(t) == {
        "N.Y. C.P.L.R. 3211(a)(7)": ["full"],
        "N.Y. C.P.L.R. 3212": ["reference"],
        "42 Pa.C.S. § 5524": ["full"],
        "42 Pa.C.S. § 5525": ["reference"],
        "RCW 4.16.080": ["full"],
        "RCW 4.16.100": ["reference"],
    }


def test_a_committee_analysis_cited_supra_folds_into_its_full_cite():
    t = links_of(
        "(Assem. Com. on Judiciary, Analysis of Assem. Bill No. 157 (1997-1998 Reg. Sess.) as amended "
        "Apr. 14, 1997, p. 3.)",
        "The committee said it again. (Assem. Com. on Judiciary, Analysis of Assem. Bill No. 157, supra, at p. 4.)",
    )
    [a] = [c for c in t.cited if c.category == "legislative"]
    assert a.name.endswith("as amended Apr. 14, 1997")
    assert [k.citation.paragraph for k in a.links] == [0, 1]
    assert not t.unlinked


def test_id_in_the_text_skips_a_footnote_and_a_note_starts_from_its_sentence(tmp_path):
    from docxbuild import DocBuilder, Footnote

    from toa import pipeline

    b = DocBuilder()
    b.paragraph(
        "Smith v. Jones, 500 U.S. 100 (1991).", Footnote("See Doe v. Roe, 501 U.S. 200 (1991)."), " Id. at 105."
    )
    b.paragraph("Text.", Footnote("Id. at 110."))
    result = pipeline.analyse(str(b.save(tmp_path / "n.docx")), pages="estimate")
    found = {a.text: [(o.kind, o.story) for o in a.occurrences] for c in result.table.categories for a in c.authorities}
    # the body's Id. skips the footnote's Doe; the second note's Id. takes the last cite before its mark
    assert found["Smith v. Jones, 500 U.S. 100 (1991)"] == [("full", "body"), ("id", "body"), ("id", "footnote")]
    assert found["Doe v. Roe, 501 U.S. 200 (1991)"] == [("full", "footnote")]


def test_linking_changes_no_citation():
    """Links say what each citation is read as and cites; the citations extract found stay as they were."""
    doc = doc_of(
        "All further statutory references are to the Labor Code. Willson v. Commissioner, 805 F.3d 316 "
        "(D.C. Cir. 2015); Ex parte Quarles, 448 S.W.3d 29, 40 (Tex. Crim. App. 2014).",
        "Quarles, 448 S.W.3d at 28.",
        "Willson, 805 F.3d 318, 320. Under section 1102.5, subdivision (b), the burden shifts. (Pen. Code, "
        "§ 1170, subd. (b)(2).) Under subdivision (b)(6), the court must act.",
    )
    occurrences = occurrences_of(doc)
    before = copy.deepcopy(occurrences)
    links = link.link(doc, occurrences)
    assert occurrences == before
    read = {k.citation.text: k for c in links.cited for k in c.links}
    misread = read["Willson, 805 F.3d 318, 320"]  # a short form missing "at": extract read a full cite
    assert (misread.citation.kind, misread.kind) == ("full", "short")
    assert misread.as_linked().kind == "short" and misread.as_linked().key == misread.key != misread.citation.key
    assert read["Quarles, 448 S.W.3d at 28"].flags == ("short_cite_mismatch",)
    assert read["Quarles, 448 S.W.3d at 28"].as_linked().flags == ["short_cite_mismatch"]
    # a bare section stands for the full citation of it in the code the brief declared
    declared = read["section 1102.5, subdivision (b)"]
    assert (
        declared.citation.completes is None
        and declared.completes.display == "Labor Code section 1102.5, subdivision (b)"
    )
    subdivision = read["subdivision (b)(6)"]
    assert subdivision.completes.display == "Pen. Code, § 1170, subd. (b)(6)"
    assert subdivision.citation.meta == ProvisionMeta(subsection="(b)(6)", subdivision_only=True)


def test_a_link_cited_alone_joins_the_work_whose_title_its_address_spells():
    text = (
        "Parents can act. Safe Kids Council, How to Set Parental Controls on Every Device 4 (2022). "
        "See https://www.safekids.example/guides/how-to-set-parental-controls-on-every-device. "
        "Others publish help too. https://www.other.example/news/weather-report-for-tuesday-morning."
    )
    title = (text.index("How to"), text.index(" 4 (2022)"))
    doc = Document(
        path="x.docx", paragraphs=[Paragraph(index=0, story="body", text=text, emphasis=[title])], sections=[]
    )
    t = link.link(doc, occurrences_of(doc))
    found = linked(t)
    [work] = [k for k in found if k.startswith("Safe Kids Council")]
    assert found[work] == ["full", "short"]
    # a link whose words name no work cited before is an entry of its own
    assert any("weather-report" in k and kinds == ["full"] for k, kinds in found.items())


def test_a_link_alone_in_a_note_joins_the_work_by_its_words_run_together_or_by_its_date():
    """A PDF's line break lost the hyphen between two words ("eatingdisorder"), a stem differs
    ("trigger" for "Triggered"); a news link dated in its path needs the work's date and one word."""
    t = links_of(
        "See Ann Lee, “Reading Triggered My Eating Disorder Again,” Slate, Oct. 14, 2021.4 Others agree.",
        "4 https://slate.example/technology/2021/10/reading-eatingdisorder-trigger-story.html.",
        "See Bo Kim et al., “Video Ads May Have Tracked Children, Study Says,” N.Y. Times, Aug. 17, 2023.14 More.",
        "14 https://www.nytimes.example/2023/08/17/technology/video-googlechildren-privacy.html.",
        "15 https://www.nytimes.example/2023/08/18/technology/video-googlechildren-privacy.html.",
    )
    found = linked(t)
    assert found["Ann Lee, “Reading Triggered My Eating Disorder Again,” Slate, Oct. 14, 2021"] == ["full", "short"]
    assert found["Bo Kim et al., “Video Ads May Have Tracked Children, Study Says,” N.Y. Times, Aug. 17, 2023"] == [
        "full",
        "short",
    ]
    # another day's link shares a word but not the date: an entry of its own
    assert found["https://www.nytimes.example/2023/08/18/technology/video-googlechildren-privacy.html"] == ["full"]


def test_a_link_to_a_bills_text_joins_the_bill_named_in_its_file_name():
    t = links_of(
        "The history is ambiguous. Assembly Bill 97, a bill introduced in 1995, mentioned section 314. "
        "ftp://www.leginfo.example.gov/pub/95-96/bill/asm/ab_0051-0100/ab_97_bill_950223_introduced.pdf. "
        "Assembly Bill 15 came later. The later text differs. https://leginfo.example.gov/bill/ab_150_bill.pdf."
    )
    found = linked(t)
    assert found["Assembly Bill 97"] == ["full", "short"]
    assert found["Assembly Bill 15"] == ["full"]  # "ab_150" is another bill's number
    assert found["https://leginfo.example.gov/bill/ab_150_bill.pdf"] == ["full"]


def test_sections_of_a_state_bill_cited_by_its_session_and_then_by_its_number():
    t = links_of(
        "The Ozark act bars it. S.B. 401, 93rd Gen. Assemb., Reg. Sess. (Ark. 2021), § 4-99-1203(c)(1), "
        "and id. § 4-99-1203(a).",
        "Later. S.B. 401 § 4-99-1203(c)(1). The Dakota bill, H.B. 77, 68th Leg., Reg. Sess. (N.D. 2023), "
        "goes further. H.B. 77 § 12(a); id. § 12(b). S.B. 999 § 1(a).",
    )
    assert linked(t) == {
        "S.B. 401, 93rd Gen. Assemb., Reg. Sess. (Ark. 2021) § 4-99-1203(c)(1)": ["full", "short"],
        "S.B. 401, 93rd Gen. Assemb., Reg. Sess. (Ark. 2021) § 4-99-1203(a)": ["id"],
        "H.B. 77, 68th Leg., Reg. Sess. (N.D. 2023)": ["full"],
        "H.B. 77, 68th Leg., Reg. Sess. (N.D. 2023) § 12(a)": ["short"],
        "H.B. 77, 68th Leg., Reg. Sess. (N.D. 2023) § 12(b)": ["id"],
    }
    assert [o.text for o in t.unlinked] == ["S.B. 999 § 1(a)"]  # no bill of that number cited


def test_a_bare_section_of_one_of_two_states_codes_keeps_the_briefs_words():
    t = links_of(
        "Ozark's act, Cal. Civ. Code § 1798.77.31(a), differs from Dakota's, Tex. Bus. & Com. Code § 609.053(a).",
        "Dakota also requires verification under § 609.057(a).",
    )
    assert linked(t) == {
        "Cal. Civ. Code § 1798.77.31(a)": ["full"],
        "Tex. Bus. & Com. Code § 609.053(a)": ["full"],
        "§ 609.057(a)": ["reference"],
    }
    [own] = [c for c in t.cited if c.name == "§ 609.057(a)"]
    assert "ambiguous_code" in own.founding.flags and own.category == "statutes"
    # with one state's code cited, the section is in it
    t = links_of("Dakota's law, Tex. Bus. & Com. Code § 609.053(a), is strict.", "It requires more under § 609.057(a).")
    assert "Tex. Bus. & Com. Code § 609.057(a)" in linked(t)


def test_id_with_a_section_of_a_code_cited_before_is_the_codes_after_a_report():
    code = "The law limits it. Cal. Civ. Code § 1798.77.31(b)(3). "
    for pin, linked_to in (("§ 1798.77.31(b)(6)", "Cal. Civ. Code § 1798.77.31(b)(6)"), ("§ 12", "Jane Roe")):
        text = code + f"Others agree. Jane Roe, A Proposed Compromise, Privacy Blog (Feb. 22, 2023). Id. {pin}."
        title = (text.index("A Proposed"), text.index(", Privacy Blog"))
        doc = Document(
            path="x.docx", paragraphs=[Paragraph(index=0, story="body", text=text, emphasis=[title])], sections=[]
        )
        found = linked(link.link(doc, occurrences_of(doc)))
        # "Id. § 12": a pin in the work, which has no section of the code
        assert [kinds for name, kinds in found.items() if name.startswith(linked_to)][-1][-1] == "id"


def test_an_act_section_cited_with_its_code_section_and_then_alone_is_one_entry():
    t = links_of(
        "He is removable under INA § 212(a)(9)(C), 8 U.S.C. § 1182(a)(9)(C).",
        "The Board read INA § 212(a)(9)(C) broadly. The Foo Bar Act (FOOBA), FOOBA § 412(b)(2), differs; id. § 413.",
    )
    assert linked(t) == {
        "INA § 212(a)(9)(C), 8 U.S.C. § 1182(a)(9)(C)": ["full", "full", "full"],
        "FOOBA § 412(b)(2)": ["full"],
        "FOOBA § 413": ["id"],
    }


def test_an_assembly_bill_by_its_number_after_its_session_cite_is_that_bill():
    t = links_of("Assem. Bill 55, 2021-2022 Reg. Sess. (Cal. 2022), was enacted.", "AB 55 failed later. AB 56 did not.")
    assert linked(t) == {"Assem. Bill 55, 2021-2022 Reg. Sess. (Cal. 2022)": ["full", "full"], "AB 56": ["full"]}


def test_an_assembly_bill_by_its_number_before_its_session_cite_is_that_bill_named_by_it():
    t = links_of("AB 55 was proposed.", "Assem. Bill 55, 2021-2022 Reg. Sess. (Cal. 2022), was enacted. AB 56 did not.")
    assert linked(t) == {"Assem. Bill 55, 2021-2022 Reg. Sess. (Cal. 2022)": ["full", "full"], "AB 56": ["full"]}
    # two bills of that number in full: which one "AB 55" before them is cannot be known
    t = links_of(
        "AB 55 was proposed.",
        "Assem. Bill 55, 2021-2022 Reg. Sess. (Cal. 2022); Assem. Bill 55, 2023-2024 Reg. Sess. (Cal. 2024).",
    )
    assert sorted(linked(t)) == [
        "AB 55",
        "Assem. Bill 55, 2021-2022 Reg. Sess. (Cal. 2022)",
        "Assem. Bill 55, 2023-2024 Reg. Sess. (Cal. 2024)",
    ]


def test_an_act_codified_from_a_section_on_is_cited_by_the_last_part_of_its_numbers():
    t = links_of(
        "The Ozark Kids Code Act, Cal. Civ. Code § 1798.77.28 et seq. (the Act), requires it.",
        "Act § 31(b)(7). See §§ 33(a). Cf. § 9.",
    )
    assert set(linked(t)) == {
        "Cal. Civ. Code § 1798.77.28",
        "Cal. Civ. Code § 1798.77.31(b)(7)",
        "Cal. Civ. Code § 1798.77.33(a)",
        "Cal. Civ. Code § 9",
    }
    # a code cited at one section, not as an act's first: its sections are its own
    t = links_of("Cal. Civ. Code § 1798.77.28 requires it.", "See § 31(a).")
    assert "Cal. Civ. Code § 31(a)" in linked(t)


def test_a_section_of_the_act_a_brief_names_the_act_is_that_acts_own_section():
    # a federal act's sections are numbered apart from the Code's: "Section 15(b) of the Act" is the
    # act's § 15(b), not 15 U.S.C. § 15(b) (it was left out)
    t = links_of(
        "This case arises under the Widget Safety Act, 15 U.S.C. § 2051 et seq. (the “Act”).",
        "Section 15(b) of the Act requires a report. Under Act § 16, the agency may inspect.",
    )
    assert linked(t) == {
        "Widget Safety Act, 15 U.S.C. § 2051 et seq.": ["full"],
        "Widget Safety Act § 15(b)": ["reference"],
        "Widget Safety Act § 16": ["reference"],
    }
    # a session law with its year between it and the definition
    t = links_of("Widget Safety Act, Pub. L. No. 92-573, 86 Stat. 1207 (1972) (the “Act”).", "See § 15(b) of the Act.")
    assert "Widget Safety Act § 15(b)" in linked(t)
    # the act named "the Act" last; and a Code section defined so names no act of its own numbering
    t = links_of(
        "The Widget Safety Act, 15 U.S.C. § 2051 et seq. (the “Act”), governs; "
        "the Gadget Act, 15 U.S.C. § 3001, does not.",
        "Section 15(b) of the Act requires a report.",
    )
    assert "Widget Safety Act § 15(b)" in linked(t)
    t = links_of("See 15 U.S.C. § 2051 et seq. (the “Act”).", "Section 15(b) of the Act requires a report.")
    assert set(linked(t)) == {"15 U.S.C. § 2051 et seq."}


def test_a_rule_of_a_set_named_without_its_state_is_of_the_one_such_set_the_brief_cites():
    # "Rule 9.4 of the Rules of Appellate Procedure" in a Texas brief was not read
    t = links_of("See Tex. R. App. P. 38.1(a).", "Rule 9.4 of the Rules of Appellate Procedure limits length.")
    assert set(linked(t)) == {"Tex. R. App. P. 38.1(a)", "Tex. R. App. P. 9.4"}
    t = links_of("See Fed. R. Civ. P. 56.", "A motion under Rule 12(b)(6) of the Rules of Civil Procedure fails.")
    assert "Fed. R. Civ. P. 12(b)(6)" in linked(t)
    # two sets of appellate rules, or none cited: which is meant cannot be known
    t = links_of("See Tex. R. App. P. 38.1(a); Fed. R. App. P. 32.", "Rule 9.4 of the Rules of Appellate Procedure.")
    assert set(linked(t)) == {"Tex. R. App. P. 38.1(a)", "Fed. R. App. P. 32"}
    t = links_of("See Tex. R. App. P. 38.1(a).", "Rule 403 of the Rules of Evidence.")
    assert set(linked(t)) == {"Tex. R. App. P. 38.1(a)"}


def test_a_range_of_two_subsections_in_a_short_form_is_each_of_them_in_the_act():
    t = links_of(
        "The Ozark Kids Code Act, Cal. Civ. Code § 1798.77.28 et seq. (the Act), requires it.",
        "Act §§ 31(a)-(b). See id. §§ 1798.77.31(c)(3)-(4); Act §§ 32, 33(e). Cf. § 9.",
    )
    assert linked(t) == {
        "Cal. Civ. Code § 1798.77.28": ["full"],
        "Cal. Civ. Code § 1798.77.31(a)": ["reference"],
        "Cal. Civ. Code § 1798.77.31(b)": ["reference"],
        "Cal. Civ. Code § 1798.77.31(c)(3)": ["id"],
        "Cal. Civ. Code § 1798.77.31(c)(4)": ["id"],
        "Cal. Civ. Code § 1798.77.32": ["reference"],
        "Cal. Civ. Code § 1798.77.33(e)": ["reference"],
        "Cal. Civ. Code § 9": ["reference"],
    }
    t = links_of("Tex. Bus. & Com. Code § 609.053(a) applies.", "Id. §§ 609.057(a)-(b).")
    assert set(linked(t)) == {f"Tex. Bus. & Com. Code § {s}" for s in ("609.053(a)", "609.057(a)", "609.057(b)")}


def test_an_act_section_with_its_code_section_before_or_after_it_in_any_form_is_one_entry():
    t = links_of(
        "He is removable under Section 212(a)(6) of the INA, 8 U.S.C. § 1182(a)(6).",
        "Removal under 8 U.S.C. § 1227(a)(3) (INA § 237(a)(3)) followed. INA § 237(a)(3) again; INA § 212(a)(6) too.",
    )
    assert linked(t) == {
        "INA § 212(a)(6), 8 U.S.C. § 1182(a)(6)": ["full", "full", "full"],
        "8 U.S.C. § 1227(a)(3) (INA § 237(a)(3))": ["full", "full", "full"],
    }


def test_an_act_section_cited_alone_before_it_is_given_with_its_code_section_is_that_entry():
    t = links_of(
        "The Board read INA § 212(a)(6) broadly.", "He is inadmissible under INA § 212(a)(6), 8 U.S.C. § 1182(a)(6)."
    )
    assert linked(t) == {"INA § 212(a)(6), 8 U.S.C. § 1182(a)(6)": ["full", "full", "full"]}


def test_an_id_after_a_note_typed_in_the_texts_print_is_the_texts_authority(tmp_path):
    """A note typed as a paragraph of the text's size (a brief converted from PDF), known by its
    superscript mark: the text's Id. goes on from the text's last authority, not the note's."""
    from docxbuild import DocBuilder

    from toa.document import read

    b = DocBuilder()
    b.paragraph("The Court so held in Smith v. Jones, 500 U.S. 100, 104 (1991).", ("17", "^"), " Others agree.")
    b.paragraph("Other courts have since followed that reading of the statute, with one of them noting")
    b.paragraph("17 See Doe v. Roe, 501 U.S. 200 (1991).")
    b.paragraph("Id. at 105. The rule is settled.")
    doc = read(str(b.save(tmp_path / "n.docx")))
    t = link.link(doc, occurrences_of(doc))
    assert linked(t) == {
        "Smith v. Jones, 500 U.S. 100 (1991)": ["full", "id"],
        "Doe v. Roe, 501 U.S. 200 (1991)": ["full"],
    }


def test_a_statement_named_hereinafter_is_one_authority_with_its_supra():
    t = links_of(
        "Teens sleep less. Am. Soc. Sleep Med. Position Statement, Mar. 3, 2021, Tablets "
        "(hereinafter “Sleep Statement”).",
        "The Society repeats it. Sleep Statement, supra, at 4. Id. at 5.",
    )
    assert linked(t) == {"Am. Soc. Sleep Med. Position Statement, Mar. 3, 2021, Tablets": ["full", "supra", "id"]}


def test_a_senate_bill_by_its_number_alone_is_the_bill_written_out():
    for first, then in (
        ("Senate Bill No. 612 (2023-2024 Reg. Sess.) passed.", "SB 612 took effect."),
        ("SB 612 took effect.", "Senate Bill No. 612 (2023-2024 Reg. Sess.) passed."),
    ):
        assert linked(links_of(first, then)) == {"Senate Bill No. 612 (2023-2024 Reg. Sess.)": ["full", "full"]}


def test_a_california_unpublished_opinion_and_its_supra_are_one_case():
    t = links_of(
        "The court agreed. People v. Garza (Feb. 9, 2021, F079912) [nonpub. opn.].",
        "As Garza, supra, F079912, explains, the rule holds.",
    )
    assert linked(t) == {"People v. Garza (Feb. 9, 2021, F079912) [nonpub. opn.]": ["full", "supra"]}


def test_a_work_cited_with_its_link_and_without_is_one_authority():
    link_first = (
        "Press Release, Dep't of Energy, Grid Upgrade Announced (May 4, 2022), https://energy.example/pr/grid-upgrade.",
        "See Press Release, Dep't of Energy, Grid Upgrade Announced (May 4, 2022).",
    )
    for texts in (link_first, link_first[::-1]):
        [(name, kinds)] = linked(links_of(*texts)).items()
        assert name.startswith("Press Release, Dep't of Energy, Grid Upgrade Announced (May 4, 2022)")
        assert kinds == ["full", "short"]
    # another release of the same body is another authority
    other = "See Press Release, Dep't of Energy, Grid Upgrade Delayed (May 9, 2022)."
    assert len(linked(links_of(link_first[0], other))) == 2


def test_a_short_form_of_a_long_range_of_subsections_is_the_range_and_one_of_its_subsections_is_that_subsection():
    t = links_of(
        "Cal. Civ. Code § 1798.77.31(a)(1)-(b)(2) requires it. Id. § 1798.77.31(a)(3) says when.",
        "See Cal. Civ. Code § 1798.77.30; id. §§ 1798.77.31(a)(1)-(b)(2). Id. § 1798.77.31(a)(1).",
        "Cal. Civ. Code § 1798.77.29. Id. § 1798.77.32(c)(2)(B)(i)-(viii).",
    )
    assert linked(t) == {
        "Cal. Civ. Code § 1798.77.31(a)(1)-(b)(2)": ["full", "id"],
        "Cal. Civ. Code § 1798.77.31(a)(3)": ["id"],
        "Cal. Civ. Code § 1798.77.30": ["full"],
        "Cal. Civ. Code § 1798.77.31(a)(1)": ["id"],
        "Cal. Civ. Code § 1798.77.29": ["full"],
        "Cal. Civ. Code § 1798.77.32(c)(2)(B)(i)-(viii)": ["id"],
    }


def test_a_bill_cited_before_the_session_law_it_became_is_that_law():
    # "S.B. 40" before "…, ch. 512 (S.B. 40), …": the session law names the bill it enacted, so the
    # bill is that law, under its heading and in its words (it was an entry "S.B. 40" of its own,
    # and the session law lost what followed the parenthesis)
    t = links_of(
        "The legislature passed S.B. 40 in 2021.",
        "See Act of May 3, 2021, 87th Leg., R.S., ch. 512 (S.B. 40), § 3, 2021 Tex. Gen. Laws 1100.",
    )
    assert linked(t) == {
        "Act of May 3, 2021, 87th Leg., R.S., ch. 512 (S.B. 40), § 3, 2021 Tex. Gen. Laws 1100": ["full", "full"],
    }
    assert [c.category for c in t.cited if c.name.startswith("Act of")] == ["statutes"]
    # two session laws naming the same bill number: the bare number is neither
    t = links_of(
        "S.B. 40 passed.",
        "Act of May 3, 2021, 87th Leg., R.S., ch. 512 (S.B. 40), § 3, 2021 Tex. Gen. Laws 1100; Act of May 9, 2023, "
        "88th Leg., R.S., ch. 12 (S.B. 40), § 1, 2023 Tex. Gen. Laws 40.",
    )
    assert linked(t)["S.B. 40"] == ["full"]


def test_a_bare_rule_in_a_sentence_citing_several_sets_is_of_the_set_that_can_hold_it():
    # it was read in the set cited last: "Tex. R. App. P. 404(b)", "Fed. R. Civ. P. 703"
    t = links_of("Under Tex. R. Evid. 403 and Tex. R. App. P. 44.2(b), and Rule 404(b), the error is harmless.")
    assert sorted(linked(t)) == ["Tex. R. App. P. 44.2(b)", "Tex. R. Evid. 403", "Tex. R. Evid. 404(b)"]
    t = links_of("Fed. R. Evid. 702 and Fed. R. Civ. P. 26(a)(2) apply, and Rule 703 too.")
    assert sorted(linked(t)) == ["Fed. R. Civ. P. 26(a)(2)", "Fed. R. Evid. 702", "Fed. R. Evid. 703"]
    # the set cited last, when it can hold the rule; none in a sentence of its own
    t = links_of("Tex. R. Evid. 403 and Tex. R. App. P. 44.2(b) apply; see Rule 44.3.")
    assert "Tex. R. App. P. 44.3" in linked(t)
    t = links_of("Tex. R. Evid. 403 applies. See Tex. R. App. P. 44.2(b). Rule 404(b) error is harmless.")
    assert sorted(linked(t)) == ["Tex. R. App. P. 44.2(b)", "Tex. R. Evid. 403"]
