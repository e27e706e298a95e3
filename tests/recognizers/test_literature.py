"""Scientific and professional literature: references in the styles of the sciences, and the
statements and reports of professional bodies. All texts are invented."""

from recognized import full

from toa.keys import WorkKey


def displays(occs):
    return [o.display for o in full(occs)]


def test_ama_vancouver_references_in_a_note(run):
    t = (
        "14 Marlow K, Ostrander PJ, van den Berg RJJM, Nuñez-Ortiz A. Screen habits in middle childhood: a cohort "
        "study. Child Dev Rep. 2021;44(3):e201-e219. doi:10.1000/cdr.4471; Hale T, Quist B, et al. Sleep and tablets. "
        "J Pediatr Sleep. 2019 Mar 4;12(1):55-61."
    )
    assert displays(run(t)) == [
        "Marlow K, Ostrander PJ, van den Berg RJJM, Nuñez-Ortiz A. Screen habits in middle childhood: a cohort study. "
        "Child Dev Rep. 2021;44(3):e201-e219. doi:10.1000/cdr.4471",
        "Hale T, Quist B, et al. Sleep and tablets. J Pediatr Sleep. 2019 Mar 4;12(1):55-61",
    ]
    (o, _) = full(run(t))
    assert o.category == "other" and o.sort_key[0] == "marlow"


def test_ama_forms_with_spaces_an_electronic_locator_or_a_date_alone(run):
    assert displays(run("Ferris AL, Gomez DT. Snacks on screens. J. Health Behav. 2016; 21(4): 310-318 [PubMed].")) == [
        "Ferris AL, Gomez DT. Snacks on screens. J. Health Behav. 2016; 21(4): 310-318 [PubMed]"
    ]
    assert displays(run("Oduya B, Lind K. Feeds and mood: a typology. Media Research. 2020 Nov 2:00931234567.")) == [
        "Oduya B, Lind K. Feeds and mood: a typology. Media Research. 2020 Nov 2:00931234567"
    ]
    assert displays(run("Sala Ruiz P, Mora Gil MD. Feeds and appetite: a review. Cyberpsych Rev. 2022 May 9.")) == [
        "Sala Ruiz P, Mora Gil MD. Feeds and appetite: a review. Cyberpsych Rev. 2022 May 9"
    ]


def test_apa_references_with_doi_and_without_issue(run):
    t = (
        "See Lindqvist, A. M., Oyelaran, T., & Brandt, K. (2018). What the eye rewards: attention and feeds. "
        "Journal of Media Psychology, 14(2), 201-219. https://doi.org/10.1000/jmp.2018.02; Ames, R. (2020). "
        "Commentary: Screens at school. The Journal of Child Studies, 61, 336-348."
    )
    assert displays(run(t)) == [
        "Lindqvist, A. M., Oyelaran, T., & Brandt, K. (2018). What the eye rewards: attention and feeds. "
        "Journal of Media Psychology, 14(2), 201-219. https://doi.org/10.1000/jmp.2018.02",
        "Ames, R. (2020). Commentary: Screens at school. The Journal of Child Studies, 61, 336-348",
    ]


def test_mla_references_end_with_volume_year_and_pages(run):
    t = (
        "11 Quill, Marta R., and Dana P. Oyelowo. A view of executive control. Child development 77.2 (2011): "
        "1201-1220.; Vance, Irma, et al. Rewards and snacking in children. Appetite 104 (2017): 19-26."
    )
    assert displays(run(t)) == [
        "Quill, Marta R., and Dana P. Oyelowo. A view of executive control. Child development 77.2 (2011): 1201-1220",
        "Vance, Irma, et al. Rewards and snacking in children. Appetite 104 (2017): 19-26",
    ]
    assert [o.sort_key[0] for o in full(run(t))] == ["quill", "vance"]


def test_acm_and_author_date_references(run):
    assert displays(
        run(
            "Rhea Castillo and Omar Petit. 2019. Widgets at work. In Proc. CHI Conf. on Hum. Factors "
            "in Comput. Sys. 1-12. https://doi.org/10.1145/123.456"
        )
    ) == [
        "Rhea Castillo and Omar Petit. 2019. Widgets at work. In Proc. CHI Conf. on Hum. Factors in Comput. Sys. 1-12. "
        "https://doi.org/10.1145/123.456"
    ]
    assert displays(run("24 Okafor et al (2022) Pocket Companion survey: https://survey.example/pocket-companion")) == [
        "Okafor et al (2022) Pocket Companion survey: https://survey.example/pocket-companion"
    ]


def test_an_acm_article_with_its_length_and_link_is_one_entry(run):
    t = (
        "Mara Lind and Theo Quist. 2021. Streaks that bind. Proc. ACM Hum.-Comput. Interact. 5, CSCW1, "
        "Article 88 (April 2021), 19 pages. https://doi.org/10.1145/0000001. The feeds grew."
    )
    assert displays(run(t)) == [
        "Mara Lind and Theo Quist. 2021. Streaks that bind. Proc. ACM Hum.-Comput. Interact. 5, CSCW1, "
        "Article 88 (April 2021), 19 pages. https://doi.org/10.1145/0000001"
    ]


def test_references_by_a_group_author(run):
    t = (
        "12 Elm Academy of Pediatric Dentistry. Sugar and Screens. Pediatr Dent. 2018;40(5):e101-e109; "
        "National Academies of Oral Health and Medicine. (2022). Teeth and teens. Elm Press. "
        "https://doi.example/10.1/ab12"
    )
    occs = full(run(t))
    assert [o.display for o in occs] == [
        "Elm Academy of Pediatric Dentistry. Sugar and Screens. Pediatr Dent. 2018;40(5):e101-e109",
        "National Academies of Oral Health and Medicine. (2022). Teeth and teens. Elm Press. https://doi.example/10.1/ab12",
    ]
    assert occs[0].sort_key[0] == "elm academy of pediatric dentistry"
    # an organization's report whose title reads like names is still the organization's
    t = "Centers for Oral Health. Tooth Decay Survey Data Summary & Trends Report. 2023. https://coh.example.gov/s.pdf"
    assert displays(run(t)) == [t.rstrip(".")]
    # APA's full date, an office by its initials, AMA's book with its place and publisher
    t = "Elm Research Center. (2022, August 10). Teens and feeds 2022. https://www.elm.example.org/teens-2022"
    assert displays(run(t)) == [t]
    t = "U.S. Inspector General. (2023). Feeds and youth: An advisory. https://www.ig.example.gov/a.pdf"
    assert displays(run(t)) == [t]
    t = "Elm Health Organization. Guidelines on Play for Children. Geneva: Elm Health Organization; 2019."
    assert displays(run(t)) == [t.rstrip(".")]
    assert displays(run("The Board met. Nothing Happened. (2019). Then it adjourned.")) == []
    # a sentence about a body is no reference
    assert displays(run("The Board of Education. It met. Pediatr Dent. 2016;138(5).")) == []


def test_first_author_et_al_and_a_journal_block_in_any_style(run):
    t = (
        "see also Lena Brauer et al., Feed use and mood: a moderated model, Behav. Rep. 12, 301 (2021), "
        "https://doi.org/10.1000/br.301 (explaining that teens compare themselves)."
    )
    assert displays(run(t)) == [
        "Lena Brauer et al., Feed use and mood: a moderated model, Behav. Rep. 12, 301 (2021), "
        "https://doi.org/10.1000/br.301"
    ]
    assert displays(
        run("28 Jana Holt, Digital Ads and Teens, Pediatric Rep. (2021) 147 (2): e2021001, Digital Ads")
    ) == ["Jana Holt, Digital Ads and Teens, Pediatric Rep. (2021) 147 (2): e2021001"]


def test_one_reference_however_often_it_is_given_in_full(run):
    a = full(run("Hale T, Quist B. Sleep and tablets. J Pediatr Sleep. 2019;12(1):55-61."))
    b = full(run("See Hale T, Quist B. Sleep and tablets. J Pediatr Sleep. 2019;12(1):55-61"))
    assert [o.key for o in a] == [o.key for o in b] and isinstance(a[0].key, WorkKey)


def test_prose_case_names_and_bluebook_articles_are_not_references(run):
    # a sentence that opens like an inverted name, and a case in California's form
    assert (
        displays(
            run(
                "However, American Continental Ins. Co. involved a failure to raise defenses. (Id. at p. 12.) "
                "Other words follow (Lee v. Park (2005) 37 Cal.4th 108, 118.)"
            )
        )
        == []
    )
    assert [o.category for o in full(run("(Villa v. Moreno (1995) 35 Cal.App.4th 733, 749.)"))] == []
    # the Bluebook's author and title are read by the law-review recognizer, as before
    (o,) = full(run("See Mary Major, Rethinking Venue, 99 Colum. L. Rev. 1001-1050 (1999)."))
    assert o.display == "Mary Major, Rethinking Venue, 99 Colum. L. Rev. 1001-1050 (1999)"
    # two capitalised words before a period are no author list without a journal's block after them
    assert displays(run("Part A, Section B. The parties agreed in 2019. Nothing else.")) == []


def test_a_statement_cited_after_a_sentence_of_prose_starts_at_its_body(run):
    t = (
        "The Society warned parents. American Society of Sleep Medicine Position Statement, Mar. 3, 2021, "
        "Tablets at Bedtime. Id."
    )
    assert displays(run(t)) == [
        "American Society of Sleep Medicine Position Statement, Mar. 3, 2021, Tablets at Bedtime"
    ]
    # a sentence the statement can start with (a body's abbreviated name) is its own, one of prose is not
    t = "Teens sleep less. Am. Soc. Sleep Med. Position Statement, Mar. 3, 2021, Tablets (hereinafter “Statement”)."
    assert displays(run(t)) == ["Am. Soc. Sleep Med. Position Statement, Mar. 3, 2021, Tablets"]
    # prose that names a body and a date is no statement
    assert displays(run("The Society met in Boston. It voted on March 3, 2021, to adopt a rule.")) == []


def test_a_press_release_cited_without_its_link(run):
    t = (
        "Regulators agree. Press Release, Fed. Trade Comm'n, Agency Sues Maker of Kids' App (May 1, 2023); "
        "see Press Release, Off. of the Governor, Governor Signs Bill, Ends Fees (2021)."
    )
    a, b = full(run(t))
    assert a.display == "Press Release, Fed. Trade Comm'n, Agency Sues Maker of Kids' App (May 1, 2023)"
    assert b.display == "Press Release, Off. of the Governor, Governor Signs Bill, Ends Fees (2021)"
    assert a.category == "other" and a.sort_key[0].startswith("press release")
    assert displays(run("The press release, issued Monday, said so (May 1, 2023).")) == []


def test_letters_to_officials_and_agencies(run):
    t = (
        "See Letter from Jane Roe, Chair, Fed. Trade Comm'n, to Sen. Richard Doe (Jan. 3, 2022); Comment "
        "Letter from Elm Academy of Pediatrics to Dep't of Educ. (Mar. 2021), https://www.regs.example.gov/c/1."
    )
    a, b = full(run(t))
    assert a.display == "Letter from Jane Roe, Chair, Fed. Trade Comm'n, to Sen. Richard Doe (Jan. 3, 2022)"
    assert a.sort_key[0].startswith("letter from jane roe")
    assert b.display == (
        "Comment Letter from Elm Academy of Pediatrics to Dep't of Educ. (Mar. 2021), https://www.regs.example.gov/c/1"
    )
    assert displays(run("He wrote a letter from jail to his mother (2019). The Letter from Home aired (2019).")) == []


def test_statements_and_reports_of_professional_bodies(run):
    t = "36 American Academy of Orthodontics Policy Statement, July 1, 2020, Braces and Teens"
    assert displays(run(t)) == ["American Academy of Orthodontics Policy Statement, July 1, 2020, Braces and Teens"]
    t = (
        "28 Quill M. Title here. J Things. 2011; 41(2): 178-188; Council on Screens and Media, "
        "Screens and Young Minds, "
        "American Academy of Orthodontics Clinical Report, Nov. 1, 2016; Vance et al., Snacks, "
        "Obes Rev. 2014; 22(7): 1723."
    )
    assert displays(run(t))[1] == (
        "Council on Screens and Media, Screens and Young Minds, American Academy of "
        "Orthodontics Clinical Report, Nov. 1, 2016"
    )
    assert displays(
        run("7 Legislative Research Service, Gadgets and the Limits of Regulation Online, Nov. 1, 2023.")
    ) == ["Legislative Research Service, Gadgets and the Limits of Regulation Online, Nov. 1, 2023"]
    assert displays(
        run("48 Trade Regulation Commission, ‘Commission Orders Maker of Gadgets to Pay $5 Million’ (March 2023)")
    ) == ["Trade Regulation Commission, ‘Commission Orders Maker of Gadgets to Pay $5 Million’ (March 2023)"]
    # an organisation in a sentence of prose is no report
    assert displays(run("The Department of Labor, in a letter, Jan. 5, 2020, explained the rule.")) == []


def test_a_report_whose_title_names_a_case_and_an_amendment_is_one_work(run):
    """After the body's name, a case's name and "First Amendment" are words of the title: one entry
    under Other Authorities, no case and no constitutional provision."""
    occs = run("7 Legislative Research Service, Acme v. Bonta and First Amendment Limits on Gadgets, Nov. 1, 2023.")
    assert [(o.category, o.display) for o in full(occs)] == [
        ("other", "Legislative Research Service, Acme v. Bonta and First Amendment Limits on Gadgets, Nov. 1, 2023")
    ]
    assert run("7 Acme v. Bonta Research Service, Limits on Gadgets, Nov. 1, 2023.") == []
