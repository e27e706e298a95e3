from toa.recognizers import non_authority_spans


def _texts(t):
    return [t[a:b] for a, b in non_authority_spans(t)]


def test_record_cites(run):
    t = "J.A. 45-46; Pet. App. 12a; App. 7a; C.A. App. 301; R. 88; ER 19; Doc. 40; ECF No. 112; Dkt. 9."
    got = _texts(t)
    for want in (
        "J.A. 45-46",
        "Pet. App. 12a",
        "App. 7a",
        "C.A. App. 301",
        "R. 88",
        "ER 19",
        "Doc. 40",
        "ECF No. 112",
        "Dkt. 9",
    ):
        assert any(want in g for g in got), want
    assert run(t) == []


def test_brief_cites():
    t = "Pet. Br. 20; Gov't Br. 14; Resp. Br. 3; Br. in Opp. 9; Reply Br. 2; Opp. 11."
    got = " | ".join(_texts(t))
    for want in ("Pet. Br. 20", "Gov't Br. 14", "Resp. Br. 3", "Br. in Opp. 9", "Reply Br. 2", "Opp. 11"):
        assert want in got, want


def test_patents(run):
    t = "U.S. Patent No. 8,123,456 and the '456 patent"
    assert len(non_authority_spans(t)) == 2
    assert run(t) == []


def test_real_citations_are_not_record_cites():
    t = "Sup. Ct. R. 14.1; 12 Cal. App. 5th 33; H.R. Doc. No. 5, 1st Sess.; 10 Pet. 449; Fed. R. App. P. 28"
    assert non_authority_spans(t) == []


def test_exhibits_and_the_parties_papers_are_record_cites():
    from toa.recognizers import non_authority_spans

    text = "Pl.'s Orig. Pet. ¶¶ 9-14; Ex. A at 2; Def.'s Orig. Answer 1; Compl. ¶ 12; Ex parte Young, 209 U.S. 123"
    assert [text[a:b] for a, b in non_authority_spans(text)] == [
        "Pl.'s Orig. Pet. ¶¶ 9-14",
        "Ex. A at 2",
        "Def.'s Orig. Answer 1",
        "Compl. ¶ 12",
    ]


def test_a_record_cite_after_a_sentence_is_not_glued_to_it():
    from toa.recognizers import non_authority_spans

    text = "He did not forward the report. ER 123. Id."
    assert [text[a:b] for a, b in non_authority_spans(text)] == ["ER 123"]


def test_state_appellate_records_and_briefs_are_not_authorities():
    text = (
        "The officer testified (4 R.R. 112; C.R. 45; Supp. CR 3; 2 RR 13-14; RR vol. 3, p. 12), the jury "
        "convicted (1CT 45; 2 RT 301; 3 AA 612), and the parties agree (AOB 12; RB 5; ARB 3; Typed opn. 5)."
    )
    spans = non_authority_spans(text)
    assert [text[a:b] for a, b in spans] == [
        "4 R.R. 112",
        "C.R. 45",
        "Supp. CR 3",
        "2 RR 13-14",
        "RR vol. 3, p. 12",
        "1CT 45",
        "2 RT 301",
        "3 AA 612",
        "AOB 12",
        "RB 5",
        "ARB 3",
        "Typed opn. 5",
    ]


def test_a_rule_with_subdivisions_is_no_record_page():
    text = "Dismissal under CR 12(b)(6) is reviewed de novo (CR 45), as is CR 56 (c) (2 RR 13)."
    assert [text[a:b] for a, b in non_authority_spans(text)] == ["CR 45", "2 RR 13"]


def test_a_docket_number_ending_in_cr_is_not_a_record_cite():
    text = "Harris v. State, No. 14-17-00321-CR, 2018 WL 4208795, at *3 (Tex. App.—Houston [14th Dist.] 2018)"
    assert non_authority_spans(text) == []


def test_a_senate_treaty_document_is_no_record_cite():
    from toa.recognizers import non_authority_spans

    assert non_authority_spans("S. Treaty Doc. No. 100-20") == []
    assert non_authority_spans("See Doc. No. 7.") != []


def test_a_brief_named_by_the_case_it_was_filed_in():
    t = (
        "Br. of Acme Fund as Amicus Curiae, Doe v. Roe, 598 U.S. 1 (May 18, 2023); Brief for the Ozark Bar as "
        "Amici Curiae Supporting Petitioners at 4, Poe v. Moe (No. 22-100) (9th Cir.) (filed Nov. 3, 2023). "
        "The Court held otherwise in Smith v. Jones, 500 U.S. 100 (1991)."
    )
    got = _texts(t)
    assert "Br. of Acme Fund as Amicus Curiae, Doe v. Roe, 598 U.S. 1 (May 18, 2023)" in got
    assert (
        "Brief for the Ozark Bar as Amici Curiae Supporting Petitioners at 4, Poe v. Moe (No. 22-100) (9th Cir.) "
        "(filed Nov. 3, 2023)"
    ) in got
    assert not [s for s in got if "Smith" in s]  # the case cited after them is cited
