"""Effective dates of U.S. Code amendments from the notes the official Code prints (invented notes)."""

from __future__ import annotations

import pytest

from toa.verify.effective import Effect, credit_laws, dating, effects, when

CREDIT = (
    "(Pub. L. 101\u2013336, title I, \u00a7102, July 26, 1990, 104 Stat. 328; Pub. L. 110\u2013325, \u00a75(b), "
    "Sept. 25, 2008, 122 Stat. 3556; Pub. L. 116\u201394, div. O, title X, \u00a71001, Dec. 20, 2019, 133 Stat. 3198.)"
)
ENACTED = "2019-12-20"


def test_the_laws_of_a_source_credit_and_their_enactment_dates():
    assert credit_laws(CREDIT) == {"101-336": "1990-07-26", "110-325": "2008-09-25", "116-94": "2019-12-20"}
    assert credit_laws("(R.S. \u00a71979; June 25, 1948, ch. 646, 62 Stat. 869.)") == {}


@pytest.mark.parametrize(
    ("note", "earliest", "latest"),
    [
        ("Amendment by Pub. L. 116\u201394 effective on the date that is 180 days after Dec. 20, 2019.",
         "2020-06-17", "2020-06-17"),
        ("Amendment by Pub. L. 116\u201394 effective Jan. 1, 2021.", "2021-01-01", "2021-01-01"),
        ("Amendment by Pub. L. 116\u201394 effective on the date of enactment.", ENACTED, ENACTED),
        ("Amendment by Pub. L. 116\u201394 effective ninety days after Dec. 20, 2019.", "2020-03-19", "2020-03-19"),
        ("Amendment by Pub. L. 116\u201394 effective on the 90th day after Dec. 20, 2019.", "2020-03-19", "2020-03-19"),
        ('Pub. L. 116\u201394, div. O, \u00a71002, Dec. 20, 2019, 133 Stat. 3199, provided that: "The amendments '
         'made by this section [amending this section] shall take effect 6 months after the date of enactment of '
         'this Act."', "2020-06-20", "2020-06-20"),
        ("Amendment by Pub. L. 116\u201394 applicable to contributions made after Mar. 31, 2020.",
         "2020-04-01", "2020-04-01"),
        ('Pub. L. 116\u201394, \u00a71003, Dec. 20, 2019, provided that: "The amendments made by this section '
         '[amending this section] shall apply to months beginning after December 31, 2020."',
         "2021-01-01", "2021-01-01"),
        ('Pub. L. 116\u201394, \u00a71003, Dec. 20, 2019, provided that: "This section shall take effect on the date '
         'of the enactment of this Act [Dec. 20, 2019]."', ENACTED, ENACTED),
        # taxable years begin on different days for different taxpayers: a window of one year
        ("Amendment by Pub. L. 116\u201394 applicable to taxable years beginning after Dec. 31, 2019, see section "
         "1001(c) of Pub. L. 116\u201394, set out as a note under section 1 of this title.",
         "2020-01-01", "2021-01-06"),
        # an amendment "as if included" in an earlier law: its text was not the law's before it was enacted
        ("Amendment by Pub. L. 116\u201394 effective as if included in the enactment of Pub. L. 110\u2013325.",
         ENACTED, ENACTED),
        # a rule and its exceptions: the span of all of them
        ('Pub. L. 116\u201394, \u00a71002, Dec. 20, 2019, provided that: "Except as otherwise provided, the '
         'amendments made by this section shall apply to taxable years beginning after December 31, 2019."',
         "2020-01-01", "2021-01-06"),
        ('Pub. L. 116\u201394, \u00a71002, Dec. 20, 2019, provided that: "The amendments made by this section '
         'shall take effect on the date of the enactment of this Act, except that the amendment made by subsection '
         '(b) shall take effect 180 days after such date."', ENACTED, "2020-06-17"),
        ('Pub. L. 116\u201394, \u00a71002, Dec. 20, 2019, provided that: "The amendments made by this section '
         'shall apply to taxable years beginning after the date of the enactment of this Act, except that the '
         'amendment made by subsection (c) shall apply to contributions made after June 30, 2020."',
         "2019-12-21", "2020-12-26"),
        # the first day of a period every one shares
        ("Amendment by Pub. L. 116\u201394 effective on the first day of the first calendar quarter beginning "
         "after Dec. 20, 2019.", "2020-01-01", "2020-01-01"),
        ("Amendment by Pub. L. 116\u201394 effective on the first day of the first month beginning on or after "
         "Mar. 1, 2020.", "2020-03-01", "2020-03-01"),
        ("Amendment by Pub. L. 116\u201394 applicable to months beginning after Dec. 20, 2019.",
         "2020-01-01", "2020-01-01"),
        ('Pub. L. 116\u201394, \u00a71002, Dec. 20, 2019, provided that: "This section shall take effect on the '
         'first day of the first calendar year beginning after the date that is 180 days after the date of '
         'enactment."', "2021-01-01", "2021-01-01"),
        # one day of two
        ('Pub. L. 116\u201394, \u00a71002, Dec. 20, 2019, provided that: "This section shall take effect on the '
         'later of (1) January 1, 2020, or (2) the date that is 180 days after the date of enactment of this '
         'Act."', "2020-06-17", "2020-06-17"),
        ('Pub. L. 116\u201394, \u00a71002, Dec. 20, 2019, provided that: "This section shall take effect on the '
         'earlier of (1) January 1, 2020, or (2) the date that is 180 days after the date of enactment of this '
         'Act."', "2020-01-01", "2020-01-01"),
        # an event no date fixes, with an outer bound: any day from enactment to the bound
        ('Pub. L. 116\u201394, \u00a71002, Dec. 20, 2019, provided that: "This section shall take effect on the '
         'date on which the Secretary publishes final regulations, but in no event later than January 1, 2021."',
         ENACTED, "2021-01-01"),
        ('Pub. L. 116\u201394, \u00a71002, Dec. 20, 2019, provided that: "This section shall take effect on such '
         'date as the Secretary determines, but not later than 2 years after the date of enactment."',
         ENACTED, "2021-12-20"),
        ('Pub. L. 116\u201394, \u00a71002, Dec. 20, 2019, provided that: "Subsection (a) shall take effect 1 year '
         'after the date on which the Secretary prescribes regulations, but not later than 3 years after the date '
         'of enactment; subsection (b) shall take effect on January 1, 2024."', ENACTED, "2024-01-01"),
        # part now, part later: the span of both
        ('Pub. L. 116\u201394, div. O, \u00a71002, Dec. 20, 2019, provided that: "Subsection (a) shall take effect '
         'on the date of enactment; subsection (b) shall take effect on January 1, 2021."', ENACTED, "2021-01-01"),
    ],
)  # fmt: skip
def test_an_effective_date_that_can_be_computed(note, earliest, latest):
    (effect,) = effects(CREDIT, [("Effective Date of 2019 Amendment", note)])
    assert (effect.law, effect.enacted, effect.earliest, effect.latest) == ("116-94", ENACTED, earliest, latest)


@pytest.mark.parametrize(
    ("note", "gist"),
    [
        ('Pub. L. 116\u201394, div. O, \u00a71002, Dec. 20, 2019, provided that: "The amendments made by this '
         'section [amending this section] shall take effect on the date on which the Secretary publishes final '
         'regulations."', "shall take effect on the date on which the Secretary publishes final regulations"),
        ('Pub. L. 116\u201394, \u00a71002, Dec. 20, 2019, provided that: "This section shall take effect on '
         'January 1, 2021, unless the President notifies the Congress that the registry is not operational."',
         "This section shall take effect on January 1, 2021, unless the President notifies the Congress that the "
         "registry is not operational"),
        # a deadline for the regulations is not a bound of the effective date
        ('Pub. L. 116\u201394, \u00a71002, Dec. 20, 2019, provided that: "This section shall take effect on the '
         'date on which final regulations take effect. The Secretary shall issue such regulations, not later than '
         '1 year after the date of enactment."',
         "This section shall take effect on the date on which final regulations take effect. The Secretary shall "
         "issue such regulations, not later \u2026"),
        # "such date" after a reckoned day: which day it means is not told
        ('Pub. L. 116\u201394, \u00a71002, Dec. 20, 2019, provided that: "This section shall take effect 180 days '
         'after the date of enactment and shall apply to loans made after such date."',
         "This section shall take effect 180 days after the date of enactment and shall apply to loans made after "
         "such date"),
        # an exception reckoned in a way these rules do not read leaves the whole note unread
        ('Pub. L. 116\u201394, \u00a71002, Dec. 20, 2019, provided that: "This section shall take effect on the '
         'date of enactment, except that subsection (b) shall take effect on the first day of the month following '
         'the date of enactment."',
         "This section shall take effect on the date of enactment, except that subsection (b) shall take effect on "
         "the first day of the month \u2026"),
        ("Amendment by Pub. L. 116\u201394 applicable to plan years that begin after Dec. 31, 2019.",
         "applicable to plan years that begin after Dec. 31, 2019"),
        ("Amendment by Pub. L. 116\u201394 effective Feb. 30, 2020.", "effective Feb. 30, 2020"),
        # a date in words the rules do not read
        ("Amendment by Pub. L. 116\u201394 applicable to claims pending before Jan. 1, 2020.",
         "applicable to claims pending before Jan. 1, 2020"),
        ("Amendment by Pub. L. 116\u201394 applicable as provided in section 1001(c) of Pub. L. 116\u201394.",
         "applicable as provided in section 1001(c) of Pub. L. 116\u201394"),
    ],
)  # fmt: skip
def test_an_effective_date_that_cannot_be_computed_keeps_the_gist_of_its_note(note, gist):
    (effect,) = effects(CREDIT, [("Effective Date of 2019 Amendment", note)])
    assert (effect.earliest, effect.latest, effect.gist) == (ENACTED, None, gist)
    assert dating(["2019-12-20"], [effect], "2024-01-01").unsure == [
        f"Pub. L. 116-94 amendment: effective date depends on \u201c{gist}\u201d"
    ]


@pytest.mark.parametrize(
    "said",
    [
        # one of the days is an event's
        "This section shall take effect on the later of January 1, 2020, or the date on which the collective "
        "bargaining agreement terminates.",
        # a bound for one clause, none for the other
        "Subsection (a) shall take effect on the date the Secretary certifies the registry, but in no event later "
        "than January 1, 2021; subsection (b) shall take effect on the date the Secretary determines.",
        # an exception that hangs on an event, though the rule has a date
        "This section shall apply to plan years beginning after December 31, 2019, except that a plan may elect "
        "to apply it earlier.",
        # reckonings these rules do not do
        "This section shall take effect upon the expiration of the 90-day period beginning on the date of enactment.",
        "This section shall take effect on the later of February 30, 2020, or the date of enactment.",
    ],
)
def test_a_clause_on_an_event_or_in_words_not_read_leaves_the_effective_date_unknown(said):
    note = f'Pub. L. 116\u201394, \u00a71002, Dec. 20, 2019, provided that: "{said}"'
    assert when(note, ENACTED)[:2] == (ENACTED, None)


def test_notes_about_other_laws_and_notes_that_name_none():
    notes = [
        # a law the credit does not name amended another section
        ("Effective Date of 2019 Amendment", "Amendment by Pub. L. 116\u201392 effective Jan. 1, 2022."),
        # no law named: the amendments of the heading's year
        ("Effective Date of 2008 Amendment", "Amendment effective Jan. 1, 2009."),
    ]
    assert effects(CREDIT, notes) == [Effect("", "2008-09-25", "2009-01-01", "2009-01-01", "effective Jan. 1, 2009")]
    assert effects(CREDIT, []) == []


def test_a_law_with_two_notes_spans_both():
    head = "Effective Date of 2019 Amendment"
    notes = [
        (head, "Amendment by section 1001(a) of Pub. L. 116\u201394 effective Jan. 1, 2020."),
        (head, "Amendment by section 1001(b) of Pub. L. 116\u201394 effective Jan. 1, 2021."),
    ]
    (effect,) = effects(CREDIT, notes)
    assert (effect.earliest, effect.latest, effect.gist) == ("2020-01-01", "2021-01-01", "effective Jan. 1, 2021")
    notes.append((head, "Amendment by Pub. L. 116\u201394 effective when certified."))
    assert effects(CREDIT, notes)[0].latest is None


def test_which_amendments_are_in_force_on_a_date():
    amended = ["1990-07-26", "2008-09-25", "2019-12-20"]
    later = Effect("116-94", ENACTED, "2020-06-17", "2020-06-17", "effective 180 days after Dec. 20, 2019")
    # without notes an amendment is in force from its enactment
    assert dating(amended, [], "2020-03-01").in_force == amended
    assert dating(amended, [], "2019-01-01").later == ["2019-12-20"]
    # enacted before the date, effective after it: after the date
    on = dating(amended, [later], "2020-03-01")
    assert (on.in_force, on.later, on.unsure) == (amended[:2], ["2019-12-20"], [])
    assert dating(amended, [later], "2020-06-17").in_force == amended
    window = Effect("116-94", ENACTED, "2020-01-01", "2021-01-06", "applicable to taxable years beginning after ...")
    assert dating(amended, [window], "2020-03-01").unsure == [
        "Pub. L. 116-94 amendment: takes effect between 2020-01-01 and 2021-01-06, depending on "
        "\u201capplicable to taxable years beginning after ...\u201d"
    ]
    assert dating(amended, [window], "2021-02-01").in_force == amended
    assert dating(amended, [window], "2019-12-31").later == ["2019-12-20"]


def test_an_old_amendment_with_an_exception_is_in_force_years_later():
    note = (
        'Pub. L. 116\u201394, \u00a71002, Dec. 20, 2019, provided that: "This section shall take effect on the date '
        'of enactment, except that subsection (b) shall take effect 180 days after such date."'
    )
    (effect,) = effects(CREDIT, [("Effective Date of 2019 Amendment", note)])
    on = dating(["2008-09-25", ENACTED], [effect], "2024-01-01")
    assert (on.in_force, on.later, on.unsure) == (["2008-09-25", ENACTED], [], [])
    assert dating([ENACTED], [effect], "2020-03-01").unsure == [
        "Pub. L. 116-94 amendment: takes effect between 2019-12-20 and 2020-06-17, depending on \u201cThis section "
        "shall take effect on the date of enactment, except that subsection (b) shall take effect 180 days after "
        "such date\u201d"
    ]


def test_the_note_s_own_date_of_enactment_is_not_an_effective_date():
    note = (
        'Pub. L. 116\u201394, div. O, \u00a71002, Dec. 20, 2019, 133 Stat. 3199, provided that: "This section shall '
        'take effect on January 1, 2021."'
    )
    assert when(note, ENACTED)[:2] == ("2021-01-01", "2021-01-01")
