from recognized import full, keys
from toa.keys import ArticleKey, EuActKey, FederalistKey, ModelCodeKey, RestatementKey, WebKey, WorkKey


def test_restatement(run):
    (o,) = full(run("Restatement (Third) of Agency § 7.03 cmt. b (2006)"))
    assert o.key == RestatementKey("third", "agency", "7.03")
    assert o.display == "Restatement (Third) of Agency § 7.03 (2006)"
    assert o.category == "other"


def test_model_penal_code_and_ucc(run):
    assert keys(run("Model Penal Code § 2.02(2)(c) (Am. L. Inst. 1985)")) == [
        ModelCodeKey("model penal code", "2.02(2)(c)")
    ]
    assert keys(run("U.C.C. § 2-314 (2002)")) == [ModelCodeKey("ucc", "2-314")]


def test_dictionary_without_emphasis_drops_pin(run):
    (o,) = full(run("See Webster's New Collegiate Dictionary 842 (9th ed. 1983)."))
    assert o.display == "Webster's New Collegiate Dictionary (9th ed. 1983)"
    assert o.text == "Webster's New Collegiate Dictionary 842 (9th ed. 1983)"
    a = keys(run("Black's Law Dictionary 10 (11th ed. 2019)"))
    b = keys(run("Black's Law Dictionary 1560 (11th ed. 2019)"))
    c = keys(run("Black's Law Dictionary 1560 (10th ed. 2014)"))
    assert a == b and a != c


def test_treatise_without_emphasis(run):
    (o,) = full(run("1 Charles Alan Wright, Federal Practice and Procedure § 42 (4th ed. 2020)"))
    assert o.display == "1 Charles Alan Wright, Federal Practice and Procedure (4th ed. 2020)"
    assert o.key.volume == "1"
    assert o.sort_key[0] == "wright"


def test_book_from_emphasis_with_authors(run, emph):
    t = "See Jane Q. Doe & Richard Roe, The Law of Maritime Liens 311-312 (2d ed. 2015)."
    (o,) = full(run(t, emph(t, "The Law of Maritime Liens")))
    assert o.display == "Jane Q. Doe & Richard Roe, The Law of Maritime Liens (2d ed. 2015)"
    assert o.sort_key[0] == "doe"
    assert o.sort_key[1] == "law of maritime liens"


def test_law_review_article(run, emph):
    t = "Mary Major, Rethinking Venue, 99 Colum. L. Rev. 1001, 1010-1012 (1999)."
    (o,) = full(run(t, emph(t, "Rethinking Venue")))
    assert o.display == "Mary Major, Rethinking Venue, 99 Colum. L. Rev. 1001 (1999)"
    assert o.key == ArticleKey("99", "colum l rev", "1001")
    assert o.sort_key[0] == "major"


def test_law_review_without_emphasis(run):
    (o,) = full(run("See Mary Major, Rethinking Venue, 99 Colum. L. Rev. 1001, 1010 (1999)."))
    assert o.text.startswith("Mary Major")
    assert o.meta.title == "Rethinking Venue"


def test_case_reporter_is_not_a_journal(run):
    assert full(run("Doe v. Roe, 100 L. Ed. 1 (1956)")) == []


def test_newspaper_article(run, emph):
    t = "Pat Lee, City Council Approves Budget, Chi. Trib., Mar. 3, 2021, at 4."
    (o,) = full(run(t, emph(t, "City Council Approves Budget")))
    assert o.display == "Pat Lee, City Council Approves Budget, Chi. Trib., Mar. 3, 2021"
    assert o.sort_key[0] == "lee"


def test_web_report_with_organisation_and_url(run, emph):
    t = (
        "Gov't Accountability Off., GAO-21-1, Border Screening Programs (Oct. 2020), "
        "https://www.gao.gov/products/gao-21-1."
    )
    (o,) = full(run(t, emph(t, "Border Screening Programs")))
    assert o.display.startswith("Gov't Accountability Off., GAO-21-1, Border Screening Programs (Oct. 2020)")
    assert o.display.endswith("https://www.gao.gov/products/gao-21-1")


def test_italic_case_name_is_not_a_book(run, emph):
    t = "Smith v. Jones, 500 U.S. 1 (1991)."
    assert full(run(t, emph(t, "Smith v. Jones"))) == []


def test_italic_signal_is_not_a_title(run, emph):
    t = "See id. (2019)"
    assert full(run(t, emph(t, "See"))) == []


def test_other_sort_by_last_name_or_title(run, emph):
    t1 = "Black's Law Dictionary (11th ed. 2019)"
    t2 = "2 Ann Clark, Treatise on Trusts § 3 (3d ed. 2001)"
    t3 = "The Concise Lexicon of Law (1990)"
    s = [full(run(t))[0].sort_key for t in (t1, t2, t3)]
    assert s[0] < s[1] < s[2]


def _refs(occs):
    return [o for o in occs if o.kind == "reference"]


def test_treatise_section_and_page_pin_before_edition(run, emph):
    t = "See 3 Harriet B. Coleman, A Treatise on the Law of Bailments § 412, at 518 (2d ed. 1871)."
    for e in ([], emph(t, "A Treatise on the Law of Bailments")):
        occs = run(t, e)
        (o,) = occs  # the "§ 412" is the book's pin, not a statute reference
        assert o.display == "3 Harriet B. Coleman, A Treatise on the Law of Bailments (2d ed. 1871)"
        assert o.key == WorkKey("harriet b coleman", "treatise on the law of bailments", "3", "2d ed 1871")


def test_treatise_decimal_section_and_chapter_pins(run, emph):
    t = "Omar Reyes, Remedies in Admiralty § 7.4(c), at 221 (5th ed. 2016)."
    (o,) = run(t, emph(t, "Remedies in Admiralty"))
    assert o.display == "Omar Reyes, Remedies in Admiralty (5th ed. 2016)"
    t = "Omar Reyes, Remedies in Admiralty ch. 9, at 40 (5th ed. 2016)."
    (o,) = run(t, emph(t, "Remedies in Admiralty"))
    assert o.display == "Omar Reyes, Remedies in Admiralty (5th ed. 2016)"
    assert o.text.endswith("(5th ed. 2016)")


def test_treatise_short_forms_are_not_statutes(run):
    occs = run("Coleman § 415, at 522; see Coleman, supra, § 416.")
    assert _refs(occs) == []
    (o,) = [o for o in occs if o.kind == "supra"]
    assert o.text == "Coleman § 415, at 522"
    assert o.meta.antecedent == "Coleman"


def test_short_name_of_work_cited_in_paragraph_is_not_a_statute(run):
    t = "See 2 Omar Reyes, Remedies in Admiralty § 7.4 (5th ed. 2016); REYES § 7.5; see § 502."
    assert [o.meta.section for o in _refs(run(t))] == ["502"]


def test_article_in_non_law_journal_needs_italic_title(run, emph):
    t = (
        "Lena Ortiz & Sam Wu, Sleep Debt and Judgment, 7 Annals of Behavioral Science 118, 121 (2020), "
        "https://example.org/sleep.pdf."
    )
    (o,) = run(t, emph(t, "Sleep Debt and Judgment"))
    assert o.key == ArticleKey("7", "annals of behavioral science", "118")
    # the first page is kept, the pin page and the URL are dropped
    assert o.display == "Lena Ortiz & Sam Wu, Sleep Debt and Judgment, 7 Annals of Behavioral Science 118 (2020)"
    assert o.sort_key[0] == "ortiz"
    assert run(t) == []  # without the italic title the journal name alone is not enough
    t = "Lena Ortiz, Sleep, 7 Annals of Behavioral Science 118 (9th Cir. 2020)."
    assert run(t, emph(t, "Sleep")) == []  # a court in the parenthetical: not an article


def test_article_title_ending_in_quotation(run, emph):
    t = "Lena Ortiz, Rest—By “Choice” or by “Chance,” 7 Annals of Behavioral Science 118 (2020)."
    (o,) = run(t, emph(t, "Rest—By “Choice” or by “Chance,”"))
    assert o.key == ArticleKey("7", "annals of behavioral science", "118")
    assert o.display == 'Lena Ortiz, Rest-By "Choice" or by "Chance," 7 Annals of Behavioral Science 118 (2020)'


def test_reference_entry_with_site_and_date(run, emph):
    t = "Dana Fox & Lee Park, Hemlock, Encyclopedia Britannica (Mar. 2, 2023), https://www.example.com/plant/hemlock."
    (o,) = run(t, emph(t, "Hemlock"))
    assert o.category == "other"
    assert o.display == (
        "Dana Fox & Lee Park, Hemlock, Encyclopedia Britannica (Mar. 2, 2023), https://www.example.com/plant/hemlock"
    )
    assert o.key == WorkKey("dana fox lee park", "hemlock", "", "encyclopedia britannica mar 2 2023")
    t = "Coastal Water Council, Testing Private Wells (Apr. 26, 2023), https://example.org/wells."
    (o,) = run(t, emph(t, "Testing Private Wells"))
    assert o.display == "Coastal Water Council, Testing Private Wells (Apr. 26, 2023), https://example.org/wells"


def test_italic_prose_before_a_year_parenthetical_is_not_a_site(run, emph):
    t = "The holding in Marlowe, Congress later codified (2019)."
    assert run(t, emph(t, "Marlowe")) == []


def test_reporter_names_are_built_once():
    from toa.recognizers import secondary

    assert secondary._reporter_names() is secondary._reporter_names()
    assert "F. Supp." in secondary._reporter_names()


def test_statute_word_in_a_book_title_does_not_hide_references(run):
    t = "See Ada Stone, The Sherman Act at Fifty 12 (1940); Sherman Act § 2."
    assert [o.meta.section for o in _refs(run(t))] == ["2"]


def test_a_variant_spelling_of_a_case_reporter_is_not_a_journal():
    from toa.recognizers import recognize

    text = "Bondali v. Yum! Brands, Inc., 620 Fed. Appx. 483 (6th Cir. 2015)."
    assert [o for o in recognize(text, []) if o.category == "other"] == []


def test_treatise_with_a_lettered_volume_and_an_edition_without_a_year():
    from toa.recognizers import recognize

    text = "See 10A Charles Alan Wright & Arthur R. Miller, Federal Practice and Procedure § 2727 (4th ed.)."
    title = (text.index("Federal"), text.index(" § 2727"))
    [o] = recognize(text, [title])
    assert o.display == "10A Charles Alan Wright & Arthur R. Miller, Federal Practice and Procedure (4th ed.)"
    assert o.category == "other"


def test_edition_parenthetical_with_a_supplement_and_no_year():
    from toa.recognizers import recognize

    text = "See Securities Fraud Treatise § 5:281(7), at 1170 (2d ed., 2024-1 ed. issued in June)."
    title = (text.index("Securities"), text.index(" § 5:281"))
    [o] = recognize(text, [title])
    assert o.display == "Securities Fraud Treatise (2d ed., 2024-1 ed. issued in June)"


def test_author_after_a_lower_case_signal_in_mid_sentence():
    from toa.recognizers import recognize

    text = "On its history, see Jane Q. Roe et al., A Study of Tort Reform, 36 Tex. Tech L. Rev. 1 (2005)."
    title = (text.index("A Study"), text.index(", 36"))
    [o] = recognize(text, [title])
    assert o.display == "Jane Q. Roe et al., A Study of Tort Reform, 36 Tex. Tech L. Rev. 1 (2005)"


def test_web_pages_and_news_articles_with_their_url(run):

    (o,) = full(
        run(
            "(R. 9; see also Ann Writer, “Council Votes to Close the Old Bridge Downtown,” The Daily Ledger, "
            "(Feb. 2, 2019), https://ledger.example/2019/02/bridge.html.) Then"
        )
    )
    assert o.category == "other"
    assert o.display.startswith("Ann Writer, “Council Votes")  # the brief's own quotation marks
    assert o.display.endswith("https://ledger.example/2019/02/bridge.html")
    (o,) = full(
        run("See, e.g., State Agency, Renewing a Permit (last visited Mar. 1, 2024, https://agency.example/permits).")
    )
    assert o.display == "State Agency, Renewing a Permit (last visited Mar. 1, 2024, https://agency.example/permits)"
    assert o.key == WebKey("https://agency.example/permits")


def test_a_bare_link_is_not_an_entry(run):
    assert run("Details are at https://example.org/page for anyone.") == []


def test_a_url_that_is_a_citation_sentence_by_itself(run):
    (o,) = full(run("They meant to shock the middle class. https://dictionary.example/word/shock. The officers knew"))
    assert o.display == "https://dictionary.example/word/shock"
    assert o.sort_key[0] == "dictionaryexamplewordshock"


def test_eu_instruments_and_treaties(run):
    occs = full(
        run(
            "See Regulation (EU) 2018/302 of the European Parliament and of the Council of 28 February 2018 "
            "on geo-blocking, 2018 O.J. (L 60 I) 1, art. 4; Convention on Road Traffic, Nov. 8, 1968, "
            "1042 U.N.T.S. 17, 20."
        )
    )
    assert [o.category for o in occs] == ["other", "other"]
    assert occs[0].key == EuActKey("regulation", "EU", "2018/302")
    assert occs[0].display.endswith("on geo-blocking, 2018 O.J. (L 60 I) 1")
    assert occs[1].display == "Convention on Road Traffic, Nov. 8, 1968, 1042 U.N.T.S. 17"
    assert full(run("He signed it, 1042 U.N.T.S. 17.")) == []


def test_web_page_in_california_style_with_the_url_in_angle_brackets(run):
    """ "Author, Title (year) <URL> [as of date]": the author is not cut at "Dept." and the URL,
    which locates the page, stays in the entry; the "[as of …]" date does not."""
    t = (
        "The agency asks workers to call. (Cal. Dept. of Fish and Wildlife, Report a Poacher (2023) "
        "<https://wildlife.ca.gov/Enforcement/CalTIP> [as of Jan. 5, 2024].)"
    )
    [o] = full(run(t))
    assert o.category == "other"
    assert o.display == (
        "Cal. Dept. of Fish and Wildlife, Report a Poacher (2023) <https://wildlife.ca.gov/Enforcement/CalTIP>"
    )
    # without the brackets' "[as of …]" or a date, a bracketed link in prose is no entry
    assert full(run("Forms are online at <https://wildlife.ca.gov/Forms> for anyone.")) == []


def test_practice_guide_in_california_style_keeps_its_paragraph(run):
    t = (
        "See Weil & Brown, Cal. Practice Guide: Civil Procedure Before Trial (The Rutter Group 2023) "
        "¶ 10:120. Also Okada et al., Cal. Practice Guide: Landlord-Tenant (The Rutter Group 2022) ¶ 7:45."
    )
    a, b = full(run(t))
    assert (
        a.display == "Weil & Brown, Cal. Practice Guide: Civil Procedure Before Trial (The Rutter Group 2023) ¶ 10:120"
    )
    assert b.display == "Okada et al., Cal. Practice Guide: Landlord-Tenant (The Rutter Group 2022) ¶ 7:45"
    assert {a.category, b.category} == {"other"}
    # a case in California form is never a book
    assert all(o.category == "cases" for o in full(run("(Reid v. Google, Inc. (2010) 50 Cal.4th 512, 532.)")))


def test_web_page_with_the_date_it_was_visited_after_its_url(run, emph):
    """Bluebook puts "(last visited …)" after the URL; the entry keeps it, and the author is
    not cut at an organisation's abbreviation ("Consumer Fin. Prot. Bureau")."""
    t = (
        "The agency says so. Consumer Fin. Prot. Bureau, What Is a Payday Loan?, "
        "https://agency.example/ask/payday-loan (last visited Apr. 3, 2023). Next"
    )
    [o] = full(run(t))
    assert o.display == "Consumer Fin. Prot. Bureau, What Is a Payday Loan?, https://agency.example/ask/payday-loan"
    assert o.text.endswith("(last visited Apr. 3, 2023)")
    assert o.key == WebKey("https://agency.example/ask/payday-loan")
    t = "It is plain. Navigate, Word Dictionary Online, https://words.example/navigate (last visited Mar. 3, 2023)."
    [o] = full(run(t, emph(t, "Navigate")))
    assert o.display == "Navigate, Word Dictionary Online, https://words.example/navigate"
    # a link read in prose, with no date it was read, stays out
    assert full(run("Its page, https://agency.example/ask (a guide), explains.")) == []


def test_report_available_at_a_url_and_a_press_release(run, emph):
    t = "The agency explained. U.S. Food & Drug Admin., Guidance for Industry: Labeling 4 (2018), available at https://fda.example/media/123/download."
    [o] = full(run(t))
    assert o.display == (
        "U.S. Food & Drug Admin., Guidance for Industry: Labeling (2018), "
        "available at https://fda.example/media/123/download"
    )
    t = "Agency, Crime in Texas 2022, at 14 (2023), https://agency.example/crime (last visited Mar. 1, 2025)."
    assert (
        full(run(t, emph(t, "Crime in Texas 2022")))[0].display
        == "Agency, Crime in Texas 2022 (2023), https://agency.example/crime"
    )
    t = "See also Press Release, Dep't of Justice, Department Sues Lender (Mar. 1, 2022), https://doj.example/pr/sues-lender."
    [o] = full(run(t))
    assert (
        o.display
        == "Press Release, Dep't of Justice, Department Sues Lender (Mar. 1, 2022), https://doj.example/pr/sues-lender"
    )
    # an undated report handed over to a URL without a title in quotes or italics stays out
    assert full(run("The agency, available at https://fda.example/media, explains.")) == []


def test_an_author_after_a_sentence_ending_in_a_two_letter_word(run, emph):
    t = "Another blog discussed it. John Doe, The New Rule, Law Blog (Jan. 3, 2020, 8:00 AM), https://blog.example/rule/."
    [o] = full(run(t, emph(t, "The New Rule")))
    assert o.display.startswith("John Doe, The New Rule, Law Blog (Jan. 3, 2020, 8:00 AM)")
    # "et al." and "ed." do not end a sentence
    t = "See Jane Q. Roe et al. Smith, A Study, 36 Tex. Tech L. Rev. 1 (2005)."
    [o] = full(run(t, emph(t, "A Study")))
    assert o.display.startswith("Jane Q. Roe et al. Smith, A Study")


def test_treatise_volumes_are_kept_when_a_citation_sentence_starts_with_one(run, emph):
    """ "… agree. 5B Charles Alan Wright …": the volume starts the citation sentence and stays in
    the entry, with a letter ("5B", "10A") or after a sentence of prose; bracketed pins
    ("§ 12.34[1][b]", "§ 13.03[A]") are dropped like any pin."""
    t = (
        "The courts agree. 5B Charles Alan Wright & Arthur R. Miller, Federal Practice and "
        "Procedure § 1357 (3d ed. 2004)."
    )
    [o] = full(run(t))
    assert o.display == "5B Charles Alan Wright & Arthur R. Miller, Federal Practice and Procedure (3d ed. 2004)"
    t = (
        "Treatises agree. 2 Moore's Federal Practice § 12.34[1][b] (3d ed. 2019); 2 McCormick "
        "on Evidence § 185 (7th ed. 2013)."
    )
    a, b = full(run(t, emph(t, "Moore's Federal Practice", "McCormick on Evidence")))
    assert (a.display, b.display) == (
        "2 Moore's Federal Practice (3d ed. 2019)",
        "2 McCormick on Evidence (7th ed. 2013)",
    )
    t = "See 4 Melville B. Nimmer & David Nimmer, Nimmer on Copyright § 13.03[A] (2019)."
    [o] = full(run(t, emph(t, "Nimmer on Copyright")))
    assert o.display == "4 Melville B. Nimmer & David Nimmer, Nimmer on Copyright (2019)"


def test_california_style_treatise_keeps_its_volume(run):
    t = (
        "(5 Witkin, Summary of Cal. Law (11th ed. 2017) Torts, § 123; see 6 Witkin, Cal. Procedure "
        "(6th ed. 2021) Pleading, § 9.)"
    )
    a, b = full(run(t))
    assert a.display == "5 Witkin, Summary of Cal. Law (11th ed. 2017) Torts, § 123"
    assert b.display == "6 Witkin, Cal. Procedure (6th ed. 2021) Pleading, § 9"
    assert a.key != b.key


def test_author_of_an_article_in_a_note_whose_text_starts_with_a_space(run, emph):
    t = " See Eugene Writer, Crime-Facilitating Speech, 57 Stan. L. Rev. 1095, 1100 (2005)."
    [o] = full(run(t, emph(t, "Crime-Facilitating Speech")))
    assert o.display == "Eugene Writer, Crime-Facilitating Speech, 57 Stan. L. Rev. 1095 (2005)"


def test_aba_model_rules_however_named_are_one_code(run):
    t = (
        "Model Rules of Prof'l Conduct r. 1.7 cmt. 8 (Am. Bar Ass'n 2020); see Model Rules of Pro. Conduct "
        "R. 1.6(b)(2) (Am. Bar Ass'n 2019); ABA Model Rule 1.7."
    )
    a, b, c = full(run(t))
    assert a.display == "Model Rules of Prof'l Conduct r. 1.7 (Am. Bar Ass'n 2020)"
    assert b.key == ModelCodeKey("model rules of professional conduct", "1.6(b)(2)")
    assert c.display == "ABA Model Rule 1.7" and c.key == a.key
    assert full(run("The firm's Model Rule 3 says so.")) == []


def test_bar_ethics_and_attorney_general_opinions(run):
    t = (
        "ABA Comm. on Ethics & Pro. Resp., Formal Op. 498 (2021); State Bar of Cal. Standing Com. on Prof. "
        "Responsibility & Conduct, Formal Opn. No. 2010-179; Tex. Att'y Gen. Op. No. KP-0123 (2017); "
        "Op. Tex. Att'y Gen. No. GA-0456 (2006)."
    )
    assert [o.display for o in full(run(t))] == [
        "ABA Comm. on Ethics & Pro. Resp., Formal Op. 498 (2021)",
        "State Bar of Cal. Standing Com. on Prof. Responsibility & Conduct, Formal Opn. No. 2010-179",
        "Tex. Att'y Gen. Op. No. KP-0123 (2017)",
        "Op. Tex. Att'y Gen. No. GA-0456 (2006)",
    ]
    assert {o.category for o in full(run(t))} == {"other"}
    # an opinion of a court or a person is not a bar's
    assert full(run("The court, Op. 5, said so. See Smith Op. 12 (2001).")) == []


def test_california_style_articles_restatements_and_dictionaries(run, emph):
    t = (
        "(Smith, The Anti-SLAPP Statute Revisited (2015) 48 Loyola L.A. L.Rev. 1, 12; Note, Tenants and the Law "
        "(2019) 60 Hastings L.J. 200.)"
    )
    a, b = full(run(t, emph(t, "The Anti-SLAPP Statute Revisited")))
    assert a.display == "Smith, The Anti-SLAPP Statute Revisited (2015) 48 Loyola L.A. L.Rev. 1"
    assert b.display == "Note, Tenants and the Law (2019) 60 Hastings L.J. 200"
    assert a.key == ArticleKey("48", "loyola la lrev", "1")
    # a California case in the same shape is no article: its reporter has no law-review word
    assert [o for o in full(run("(Smith, Jones on Trusts (2008) 166 Cal.App.4th 952.)")) if o.category == "other"] == []
    r = full(
        run("(Rest.2d Torts, § 402A, com. c; Rest.3d Agency, § 7.03.) Restatement (Second) of Torts § 402A (1965).")
    )
    assert [o.display for o in r][:2] == ["Rest.2d Torts, § 402A", "Rest.3d Agency, § 7.03"]
    assert r[0].key == r[2].key == RestatementKey("second", "torts", "402A")
    [d] = full(run("(Black's Law Dict. (11th ed. 2019) p. 1492, col. 2.)"))
    assert d.display == "Black's Law Dict. (11th ed. 2019)"


def test_forthcoming_article_without_a_first_page(run, emph):
    t = (
        "It is unsettled. Mary Smith, Arbitration After Epic, 74 Stan. L. Rev. (forthcoming 2023) (manuscript at 12), "
        "https://ssrn.example/abstract=1234567. Also John Roe, Notice, 110 Geo. L.J. ___ (forthcoming 2022)."
    )
    a, b = full(run(t, emph(t, "Arbitration After Epic", "Notice")))
    assert a.display == "Mary Smith, Arbitration After Epic, 74 Stan. L. Rev. (forthcoming 2023)"
    assert b.display == "John Roe, Notice, 110 Geo. L.J. (forthcoming 2022)"
    assert a.key == ArticleKey("74", "stan l rev", "arbitration after epic")
    # a volume and journal with neither page nor "forthcoming" are no cite
    assert full(run("See 74 Stan. L. Rev. (2023).")) == []


def test_legal_encyclopedias_each_section_an_entry(run):
    t = (
        "75 Am. Jur. 2d Trial § 123 (2022); 88 C.J.S. Trial § 12; 12 Tex. Jur. 3d Criminal Law § 45 (2019). "
        "(4 Cal.Jur.3d (2023) Appellate Review, § 12, p. 45.)"
    )
    occs = full(run(t))
    assert [o.display for o in occs] == [
        "75 Am. Jur. 2d Trial § 123 (2022)",
        "88 C.J.S. Trial § 12",
        "12 Tex. Jur. 3d Criminal Law § 45 (2019)",
        "4 Cal.Jur.3d (2023) Appellate Review, § 12",
    ]
    assert {o.category for o in occs} == {"other"}
    assert full(run("75 Am. Jur. 2d Trial § 124 (2022)."))[0].key != occs[0].key


def test_alr_annotations_and_the_federalist(run):
    t = (
        "See Annotation, Liability of Landlord for Injuries, 12 A.L.R.5th 123, 130 (1993); Smith v. Jones, 12 A.L.R. "
        "123 (1921). The Federalist No. 78, at 465 (Alexander Hamilton) (Clinton Rossiter ed., 1961); see The "
        "Federalist No. 51 (James Madison)."
    )
    occs = full(run(t))
    assert [o.display for o in occs] == [
        "Annotation, Liability of Landlord for Injuries, 12 A.L.R.5th 123 (1993)",
        "The Federalist No. 78 (Alexander Hamilton) (Clinton Rossiter ed., 1961)",
        "The Federalist No. 51 (James Madison)",
    ]
    assert occs[1].key == FederalistKey("78")


def test_restatement_volume_with_a_subtitle(run):
    [o] = full(run("Restatement (Third) of Torts: Liab. for Physical & Emotional Harm § 7 (Am. L. Inst. 2010)."))
    assert o.display == "Restatement (Third) of Torts: Liab. for Physical & Emotional Harm § 7 (Am. L. Inst. 2010)"


def test_news_article_with_a_quoted_title_and_no_url(run):
    t = "It was reported. Jane Roe, “Regulators Weigh New Rules,” N.Y. Times, Jan. 5, 2022, at A1."
    [o] = full(run(t))
    assert o.display == 'Jane Roe, "Regulators Weigh New Rules," N.Y. Times, Jan. 5, 2022'
    # a quotation in prose followed by a name and a date has no author before it
    assert full(run("He answered “No,” Smith, Jan. 5, 2022.")) == []


def test_official_comments_printed_after_a_california_code_section(run):
    t = (
        "(Cal. Law Revision Com. com., 29B pt. 1 West's Ann. Evid. Code (2015 ed.) foll. § 1200, p. 3; Judicial "
        "Council of Cal., Advisory Com. com., 23 pt. 1 West's Ann. Code Civ. Proc. (2015 ed.) foll. § 425.16, p. 112.)"
    )
    a, b = full(run(t))
    assert a.display == "Cal. Law Revision Com. com., 29B pt. 1 West's Ann. Evid. Code (2015 ed.) foll. § 1200"
    assert b.display.endswith("foll. § 425.16") and b.display.startswith("Judicial Council of Cal., Advisory Com. com.")
    assert {a.category, b.category} == {"other"}


def test_authors_by_an_initial_and_a_surname_as_the_supreme_court_writes_them(run):
    [o] = full(run("See 2 W. LaFave, Substantive Criminal Law § 14.1(a) (3d ed. 2018)."))
    assert o.display == "2 W. LaFave, Substantive Criminal Law (3d ed. 2018)" and o.category == "other"
    [o] = full(run("See 5 C. Wright & A. Miller, Federal Practice and Procedure § 1216 (3d ed. 2004)."))
    assert o.display == "5 C. Wright & A. Miller, Federal Practice and Procedure (3d ed. 2004)"


def test_a_classic_work_by_its_star_pages_without_a_year(run):
    [o] = full(run("See 4 W. Blackstone, Commentaries *151."))
    assert (o.display, o.category) == ("4 W. Blackstone, Commentaries", "other")
    [o] = full(run("See 2 J. Kent, Commentaries on American Law *123-124."))
    assert o.display == "2 J. Kent, Commentaries on American Law"
    # Westlaw's star pages follow "at" after a case's cite: no work
    assert [o.category for o in full(run("Smith v. Jones, No. 1, 2020 WL 1234, at *3."))] == []


def test_an_author_by_two_initials_and_a_surname(run):
    [o] = full(run("See 1 B.E. Witkin & Norman L. Epstein, California Criminal Law § 12 (4th ed. 2012)."))
    assert o.display == "1 B.E. Witkin & Norman L. Epstein, California Criminal Law (4th ed. 2012)"
    [o] = full(run("See B. E. Witkin, California Evidence (5th ed. 2012)."))
    assert o.display.startswith("B. E. Witkin, ")
    assert full(run("See U.S. Gov't, Annual Report Data (2020).")) == []  # "U.S." is no author's initials


def test_a_volume_part_of_the_annotated_code_may_be_lettered(run):
    # West's Annotated Evidence Code is bound in volume 29B, parts 1A, 1B, 2, 3A ...
    [o] = full(run("(Cal. Law Revision Com. com., 29B pt. 1A West's Ann. Evid. Code (2015 ed.) foll. § 1101, p. 225.)"))
    assert o.display == "Cal. Law Revision Com. com., 29B pt. 1A West's Ann. Evid. Code (2015 ed.) foll. § 1101"


def test_reports_news_and_books_without_italics(run):
    t = (
        "Agency reports confirm it. U.S. Gov't Accountability Off., GAO-21-123, Consumer Protection: Actions Needed 15 "
        "(2021). The press reported it. Jane Roe, Regulators Weigh New Rules, N.Y. Times, Jan. 5, 2022, at A1. See "
        "Erwin Chemerinsky, Constitutional Law: Principles and Policies § 5.3 (6th ed. 2019)."
    )
    assert [o.display for o in full(run(t))] == [
        "U.S. Gov't Accountability Off., GAO-21-123, Consumer Protection: Actions Needed (2021)",
        "Jane Roe, Regulators Weigh New Rules, N.Y. Times, Jan. 5, 2022",
        "Erwin Chemerinsky, Constitutional Law: Principles and Policies (6th ed. 2019)",
    ]
    # a docket number after a case name, a person in prose with a newspaper and a date: no entries
    assert [
        o for o in full(run("Doe v. Roe, No. 21-1234, Memorandum Opinion 3 (D.D.C. 2021).")) if o.category == "other"
    ] == []
    assert full(run("Plaintiff John Smith, a reporter at the Daily News, Jan. 5, 2022, said so.")) == []


def test_a_note_number_typed_before_a_signal_is_no_volume(run, emph):
    t = "144 See Jane Doe, Title Here, 95 Notre Dame L. Rev. 1101 (2020)."
    assert [o.display for o in full(run(t, emph(t, "Title Here")))] == [
        "Jane Doe, Title Here, 95 Notre Dame L. Rev. 1101 (2020)"
    ]
    t = "8 See Jane Doe, Title Here (2020)."
    assert [o.display for o in full(run(t, emph(t, "Title Here")))] == ["Jane Doe, Title Here (2020)"]
    assert [o.display for o in full(run(t))] == ["Jane Doe, Title Here (2020)"]
    # mid-paragraph, a signal before the author is dropped too
    t = "It is so. See also Jane Doe, Title Here (2020)."
    assert [o.display for o in full(run(t, emph(t, "Title Here")))] == ["Jane Doe, Title Here (2020)"]


def test_treatise_by_two_surnames_and_the_manual_for_complex_litigation(run):
    t = (
        "See 5C Wright & Miller, Federal Practice & Procedure § 1363 (3d ed. 2004); Fed. Jud. Ctr., Manual for "
        "Complex Litigation (Fourth) § 21.61 (2004); Manual for Complex Litigation, Fourth § 21.62 (2004)."
    )
    a, b, c = full(run(t))
    assert a.display == "5C Wright & Miller, Federal Practice & Procedure (3d ed. 2004)"
    assert b.display == "Fed. Jud. Ctr., Manual for Complex Litigation (Fourth) (2004)" and b.key == c.key
    assert full(run("The Manual for Complex Litigation says so.")) == []


def test_california_web_report_with_a_page_pin_before_its_url(run):
    t = (
        "(Cal. Dept. of Justice, Crime in California (2022) p. 12 <https://oag.example/crime.pdf> "
        "[as of Mar. 1, 2024].)"
    )
    [o] = full(run(t))
    assert o.display == "Cal. Dept. of Justice, Crime in California (2022) <https://oag.example/crime.pdf>"


def test_a_dictionary_cited_by_its_link_alone_is_named(run):
    occs = run("She meant to shock the middle class. https://www.merriam-webster.com/dictionary/%C3%A9pater. It fails.")
    assert [o.display for o in occs] == [
        "Merriam-Webster.com Dictionary, https://www.merriam-webster.com/dictionary/%C3%A9pater"
    ]
    assert [o.display for o in run("See https://www.example.com/report.")] == ["https://www.example.com/report"]


def test_a_treaty_article_is_a_pin_and_a_treaty_document_no_record_cite(run):
    t = (
        "Convention Against Torture and Other Cruel, Inhuman or Degrading Treatment or Punishment art. 3, Dec. 10, "
        "1984, S. Treaty Doc. No. 100-20, 1465 U.N.T.S. 85; Vienna Convention on the Law of Treaties art. 31, May 23, "
        "1969, 1155 U.N.T.S. 331."
    )
    a, b = full(run(t))
    assert a.display == (
        "Convention Against Torture and Other Cruel, Inhuman or Degrading Treatment or Punishment, "
        "Dec. 10, 1984, S. Treaty Doc. No. 100-20, 1465 U.N.T.S. 85"
    )
    assert b.display == "Vienna Convention on the Law of Treaties, May 23, 1969, 1155 U.N.T.S. 331"


def test_web_sources_typed_without_italics(run):
    """A brief converted from PDF loses its italics: "Author, Title (date), URL" is still a web
    source when an author or publisher and a title-case title come before the date."""
    t = (
        "News coverage followed. Sarah Kim, Lenders Face Scrutiny, Reuters (June 4, 2021, 11:02 AM), "
        "https://news.example/lenders/. Agency reports confirm it. Fed. Trade Comm'n, Data Brokers: A Call for "
        "Transparency 46 (May 2014), https://ftc.example/data-brokers.pdf."
    )
    assert [o.display for o in full(run(t))] == [
        "Sarah Kim, Lenders Face Scrutiny, Reuters (June 4, 2021, 11:02 AM), https://news.example/lenders/",
        "Fed. Trade Comm'n, Data Brokers: A Call for Transparency (May 2014), https://ftc.example/data-brokers.pdf",
    ]
    assert full(run("The meeting was held (Jan. 5, 2022), https://example.com/minutes was posted.")) == []
    assert full(run("After the hearing, Smith, the owner, posted (Jan. 5, 2022), https://example.com/post.")) == []


def test_treatises_known_by_their_authors_name_without_italics(run, emph):
    t = (
        "2 McCormick on Evidence § 185 (Kenneth S. Broun ed., 7th ed. 2013); 1 Newberg on Class Actions § 3:12 "
        "(5th ed. 2011); 2 Moore's Federal Practice § 12.34[1][b] (3d ed. 2019); W. Page Keeton et al., Prosser and "
        "Keeton on the Law of Torts § 30, at 164 (5th ed. 1984)."
    )
    occs = full(run(t))
    assert [o.display for o in occs] == [
        "2 McCormick on Evidence (Kenneth S. Broun ed., 7th ed. 2013)",
        "1 Newberg on Class Actions (5th ed. 2011)",
        "2 Moore's Federal Practice (3d ed. 2019)",
        "W. Page Keeton et al., Prosser and Keeton on the Law of Torts (5th ed. 1984)",
    ]
    # the same work in italics is the same authority
    i = "2 McCormick on Evidence § 186 (Kenneth S. Broun ed., 7th ed. 2013)."
    assert full(run(i, emph(i, "McCormick on Evidence")))[0].key == occs[0].key
    # a name, "on" and a word with a year alone is no treatise
    assert full(run("Smith on Appeal (2019) was filed. Based on Review (2020).")) == []


def test_an_eu_regulation_keeps_its_official_journal_cite_after_an_article_pin(run):
    t = (
        "Regulation (EU) 2016/679 of the European Parliament and of the Council of 27 April 2016, art. 17, "
        "2016 O.J. (L 119) 1."
    )
    [o] = full(run(t))
    assert o.display == (
        "Regulation (EU) 2016/679 of the European Parliament and of the Council of 27 April 2016, 2016 O.J. (L 119) 1"
    )


def test_web_references_typed_without_italics_or_quotes(run):
    """A note that is a reference by its shape alone: a title in title case and its link, a
    sentence-case title with its publisher and date, an organisation and its page's title."""
    assert [
        o.display
        for o in full(
            run("15 The Family Census: Media Use by Tweens and Teens. (2021). https://census.example/report.pdf.")
        )
    ] == ["The Family Census: Media Use by Tweens and Teens. (2021). https://census.example/report.pdf"]
    t = (
        "43 Agencies Issue Joint Warning about a global fraud wave, FBX (2023), https://fbx.example/press. "
        "See also https://news.example/teens"
    )
    assert [o.display for o in full(run(t))] == [
        "Agencies Issue Joint Warning about a global fraud wave, FBX (2023), https://fbx.example/press",
        "https://news.example/teens",
    ]
    t = (
        "41 Gizmo, Online Challenges, https://gizmo.example/safety/challenges/.; Chatter adds prizes to its "
        "rival, The Daily Wire, Oct. 6, 2021, https://wire.example/2021/10/6/chatter."
    )
    assert [o.display for o in full(run(t))] == [
        "Gizmo, Online Challenges, https://gizmo.example/safety/challenges/",
        "Chatter adds prizes to its rival, The Daily Wire, Oct. 6, 2021, https://wire.example/2021/10/6/chatter",
    ]
    t = "Chatter adds ‘challenges’ to its app, The Daily Wire, Oct. 6, 2021, https://wire.example/chatter."
    assert [o.display for o in full(run(t))] == [t[:-1]]  # an opening quotation mark stays one
    t = "22 National Institute of Rest, How Sleep Works. Updated June 15, 2022. https://rest.example/sleep"
    assert [o.display for o in full(run(t))] == [
        "National Institute of Rest, How Sleep Works. Updated June 15, 2022. https://rest.example/sleep"
    ]
    # prose before a link is not a title
    assert full(run("The court agreed. See the agency's page, https://example.org/page.")) == []


def test_a_link_alone_in_a_note_and_a_notes_number_before_a_web_source(run):
    assert [o.display for o in full(run("9 https://design-code.example/"))] == ["https://design-code.example/"]
    (o,) = full(
        run(
            "16 Office of the Chief Nurse, Advisory on Screens, U.S. PUBLIC HEALTH SERVICE (May 23, 2023), "
            "https://health.example/advisory.pdf."
        )
    )
    assert o.display.startswith("Office of the Chief Nurse, Advisory on Screens, U.S. PUBLIC HEALTH SERVICE")
    t = "8 See Jo Gram, Survey Ctr., What the Data Says (Apr. 26, 2023) https://survey.example/x"
    (o,) = full(run(t))
    assert o.display == "Jo Gram, Survey Ctr., What the Data Says (Apr. 26, 2023) https://survey.example/x"


def test_a_note_number_glued_to_the_citation_before_is_no_volume(run, emph):
    t = (
        "See Eve Finch et al., How Apps Guess Ages, Applog (June 2, 2022);12 Sara Pike, Apps Scan Videos, "
        "TechDaily (Mar. 3, 2023).13 Then"
    )
    occs = full(run(t, emph(t, "How Apps Guess Ages", "Apps Scan Videos")))
    assert [o.display for o in occs] == [
        "Eve Finch et al., How Apps Guess Ages, Applog (June 2, 2022)",
        "Sara Pike, Apps Scan Videos, TechDaily (Mar. 3, 2023)",
    ]


def test_a_note_typed_after_the_sentence_before_it_starts_after_its_number(run):
    # a note converted from PDF runs on from the text above it: its number is no part of the
    # author ("12 Jo Gram"), and glued to the period it is no part of the sentence before
    for t in (
        "Teens scroll at night. 12 Jo Gram, Screens and Sleep, 5 J. Teen Stud. 10 (2020).",
        "Teens scroll at night.12 Jo Gram, Screens and Sleep, 5 J. Teen Stud. 10 (2020).",
    ):
        (o,) = full(run(t))
        assert o.display == "Jo Gram, Screens and Sleep, 5 J. Teen Stud. 10 (2020)", t
    (o,) = full(run("Teens scroll at night. 7 Survey Ctr., Teens and Screens (Dec. 1, 2023), https://survey.example/t"))
    assert o.display == "Survey Ctr., Teens and Screens (Dec. 1, 2023), https://survey.example/t"
    # a treatise's volume after a sentence stays its volume
    (o,) = full(run("The search was unlawful. 2 Wayne R. LaFave, Search and Seizure § 3.1 (6th ed. 2020)."))
    assert o.display.startswith("2 Wayne R. LaFave, Search and Seizure")


def test_a_link_broken_at_a_line_end_goes_on_over_its_encoded_rest(run):
    (o,) = full(
        run(
            "42 Tip Line 2022 Report. https://tips.example/data#:~:text=In%202022%2C%20NCME C's%20Tip"
            "%20received,of%20reports now"
        )
    )
    assert (
        o.display == "Tip Line 2022 Report. "
        "https://tips.example/data#:~:text=In%202022%2C%20NCME C's%20Tip%20received,of%20reports"
    )


def test_a_link_broken_after_a_hyphen_or_a_query_mark_is_joined_into_one_link(run):
    t = (
        "Pool Gate Rules, CITY WATER BOARD, https://water.example/safety/pool-gate-\nrules "
        "(last visited Jan. 4, 2024); see also Report, Dep't of Parks (Jan. 2, 2020), https://parks.example/r?id=\n44."
    )
    a, b = full(run(t))
    assert a.display == "Pool Gate Rules, CITY WATER BOARD, https://water.example/safety/pool-gate-rules"
    assert a.key == full(run("Pool Gate Rules, CITY WATER BOARD, https://water.example/safety/pool-gate-rules."))[0].key
    assert t[a.start : a.end].endswith("(last visited Jan. 4, 2024)")
    assert b.display == "Report, Dep't of Parks (Jan. 2, 2020), https://parks.example/r?id=44"
    # a link that ends before a sentence's next word stays whole and alone
    (c,) = full(run("Pool Rules, CITY WATER BOARD (Jan. 2, 2020), https://water.example/pool. Gates matter."))
    assert c.display.endswith("https://water.example/pool")


def test_an_articles_link_is_part_of_its_citation_not_of_its_entry(run):
    t = "47 Ana Ruiz et al., Understanding Cyberbullies, 7(1) J. Child & Family Counseling 42-55 (2021), https://doi.example/10.1080/2372.2020.1835420."
    (o,) = full(run(t))
    assert o.display == "Ana Ruiz et al., Understanding Cyberbullies, 7(1) J. Child & Family Counseling 42-55 (2021)"
    assert t[o.start : o.end].endswith("(2021), https://doi.example/10.1080/2372.2020.1835420")


def test_articles_with_an_issue_a_page_range_and_authors_with_particles(run, emph):
    (o,) = full(run("47 Ana Ruiz et al., Understanding Cyberbullies, 7(1) J. Child & Family Counseling 42-55 (2021),"))
    assert o.display == "Ana Ruiz et al., Understanding Cyberbullies, 7(1) J. Child & Family Counseling 42-55 (2021)"
    t = (
        "See Ivo Roth, Jan J. Van Dam & Saskia van der Berg, Out-Group Anger Drives Clicks, "
        "118 Proc. Nat. Acad. Sci. 1 (2021)."
    )
    (o,) = full(run(t, emph(t, "Out-Group Anger Drives Clicks")))
    assert o.display.startswith("Ivo Roth, Jan J. Van Dam & Saskia van der Berg, Out-Group Anger")
    t = "See 4Kids Foundation, How Do They Know It Is a Child? 10 (2021)."
    (o,) = full(run(t, emph(t, "How Do They Know It Is a Child?")))
    assert o.display == "4Kids Foundation, How Do They Know It Is a Child? (2021)"


def test_web_page_with_its_publisher_in_small_capitals_and_the_date_read(run):
    (o,) = full(
        run(
            "See Recall Reporting Rules, U.S. CONSUMER GOODS SAFETY COMMISSION, https://goods.example/"
            "business/recall (last visited Jan. 3, 2024)."
        )
    )
    assert o.display == (
        "Recall Reporting Rules, U.S. CONSUMER GOODS SAFETY COMMISSION, https://goods.example/business/recall"
    )


def test_a_web_reference_with_the_date_it_was_accessed_before_its_link_sorts_by_its_author(run):
    for t in (
        "Harbor Data Institute (2022). Rural Broadband Trends. Accessed Feb. 2, 2024. https://hdi.example/rural.",
        "See Harbor Data Institute, Rural Broadband Trends (2022). Retrieved March 5, 2024, from "
        "https://hdi.example/rural.",
    ):
        (o,) = full(run(t))
        assert o.display.startswith("Harbor Data Institute")
        assert o.display.endswith("https://hdi.example/rural")
        assert o.sort_key[0].startswith("harbor data institute")


def test_a_citation_after_a_label_in_prose_and_a_colon_starts_after_the_colon(run):
    t = "Another survey agrees: Ada Quill, Night Shifts and Sleep, 14 J. Occup. Health 210 (2019)."
    (o,) = full(run(t))
    assert o.display.startswith("Ada Quill, Night Shifts and Sleep")
    # a title's own colon stays in it
    t = "See Quill Institute, Night Shifts: A Field Guide, Harbor Press (2021), https://quill.example/guide."
    (o,) = full(run(t))
    assert "Night Shifts: A Field Guide" in o.display


def test_an_agency_author_that_opens_with_an_abbreviation_stays_whole(run):
    for t, author in (
        ("See Fed. Mine Safety Comm'n, Dust Rules: A Review for Operators (2016).", "Fed. Mine Safety Comm'n"),
        ("Cal. Harbor Revision Comm'n, Report on Moorings 4 (1990).", "Cal. Harbor Revision Comm'n"),
    ):
        (o,) = full(run(t))
        assert o.text.startswith(author) and o.display.startswith(author + ", ")
    # a sentence that ends before a person's name does not join it
    (o,) = full(run("The court disagreed. Jane Doe, Title of the Work 12 (2020)."))
    assert o.display == "Jane Doe, Title of the Work (2020)"


def test_a_one_word_label_and_a_colon_before_a_citation_is_not_part_of_it(run, emph):
    t = "Source: Ada Quill, Night Shifts and Sleep, 14 J. Occup. Health 210 (2019)."
    (o,) = full(run(t))
    assert o.text.startswith("Ada Quill, ") and o.display.startswith("Ada Quill, Night Shifts and Sleep")
    t = "Text: Quill, Night Shifts in Practice 12 (2020)."
    (o,) = full(run(t, emph(t, "Night Shifts in Practice")))
    assert o.display == "Quill, Night Shifts in Practice (2020)"
    t = "See: Harbor Data Inst., Rural Broadband (2022)."
    (o,) = full(run(t, emph(t, "Rural Broadband")))
    assert o.display == "Harbor Data Inst., Rural Broadband (2022)"
    # a title with a one-word head keeps it, with or without italics
    (o,) = full(run("Sleepwalking: A Short History, 14 J. Occup. Health 210 (2019)."))
    assert o.display.startswith("Sleepwalking: A Short History, ")
    t = "Sleepwalking: A Short History 12 (2020)."
    (o,) = full(run(t, emph(t, "Sleepwalking: A Short History")))
    assert o.display == "Sleepwalking: A Short History (2020)"


def test_a_model_rule_numbered_right_after_the_name_of_the_rules(run):
    [o] = full(run("See ABA Model Rule of Professional Conduct 1.7."))
    assert o.display == "ABA Model Rule of Professional Conduct R. 1.7" and o.category == "other"
    # a count after the name is prose: the rules are numbered "1.7", "8.4(c)"
    assert full(run("It cites the Model Rules of Professional Conduct 12 times.")) == []


def test_a_year_that_ends_a_web_title_is_no_pin(run):
    t = "See Pew Research Ctr., Teens, Social Media and Technology 2023 (Dec. 11, 2023), https://www.pewresearch.org/t/."
    [o] = full(run(t))
    assert o.display.startswith("Pew Research Ctr., Teens, Social Media and Technology 2023 (Dec. 11, 2023)")
    # a page before the date is the pin, and goes
    [o] = full(
        run("See U.S. Surgeon General, Social Media and Youth Mental Health 4 (2023), https://www.hhs.gov/x.pdf.")
    )
    assert o.display.startswith("U.S. Surgeon General, Social Media and Youth Mental Health (2023)")
