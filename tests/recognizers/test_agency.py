from recognized import full, keys
from toa.keys import AgencyDecisionKey, IrsGuidanceKey, PtabKey


def test_bia_decision(run):
    (o,) = full(run("See Matter of Doe, 28 I. & N. Dec. 10, 14 (BIA 2020)."))
    assert o.key == AgencyDecisionKey("I. & N. Dec.", "28", "10")
    assert o.display == "Matter of Doe, 28 I. & N. Dec. 10 (BIA 2020)"
    assert o.category == "administrative"
    assert o.sort_key[0] == "doe"


def test_nlrb_and_fcc(run):
    assert keys(run("Widget Co., 370 NLRB No. 88 (2021)")) == [AgencyDecisionKey("N.L.R.B.", "370", "No. 88")]
    (o,) = full(run("In re Rural Call Completion, 33 FCC Rcd 5349 (2018)"))
    assert o.key == AgencyDecisionKey("FCC Rcd", "33", "5349")
    assert o.display.startswith("In re Rural Call Completion")


def test_ptab(run):
    (o,) = full(run("Alpha Inc. v. Beta LLC, IPR2019-01234, Paper 12, at 5 (P.T.A.B. Jan. 2, 2020)"))
    assert o.key == PtabKey("IPR2019-01234")
    assert o.text.startswith("Alpha Inc. v. Beta LLC")
    assert "at 5" not in o.display


def test_olc_opinion(run):
    assert keys(run("Authority to Act, 41 Op. O.L.C. 1, 5 (2017)")) == [AgencyDecisionKey("Op. O.L.C.", "41", "1")]


def test_irs_guidance_is_other(run):
    (o,) = full(run("Rev. Proc. 2013-34, 2013-43 I.R.B. 397"))
    assert o.key == IrsGuidanceKey("Rev. Proc.", "2013-34")
    assert o.category == "other"
    assert keys(run("IRS Notice 2014-7")) == keys(run("Notice 2014-7"))


def test_board_decision_with_a_slip_opinion_pin_keeps_its_year(run):
    [o] = [o for o in run("Stericycle, Inc., 372 NLRB No. 113, slip op. at 3 (2023).") if o.kind == "full"]
    assert o.display == "Stericycle, Inc., 372 NLRB No. 113 (2023)"


def test_immigration_decisions_written_without_periods(run):
    a, b = full(
        run("Matter of Castillo-Perez, 27 I&N Dec. 664 (A.G. 2019); Matter of Z-Z-O-, 26 I. & N. Dec. 586 (BIA 2015).")
    )
    assert a.key == AgencyDecisionKey("I. & N. Dec.", "27", "664")
    assert a.display == "Matter of Castillo-Perez, 27 I&N Dec. 664 (A.G. 2019)"
    assert a.sort_key < b.sort_key


def test_sec_releases_as_decisions_and_as_guidance(run, emph):
    text = (
        "In re Kamerling, Exchange Act Release No. 93456, at 4 (Oct. 29, 2021); Securities Act Release No. 9689, "
        "2014 WL 7145625, at *3 (Dec. 15, 2014); Disclosure of Order Execution Information, Exchange Act Release "
        "No. 43590, 65 Fed. Reg. 75,414 (Dec. 1, 2000)."
    )
    occs = full(run(text, emph(text, "In re Kamerling")))
    assert [(o.display, o.category) for o in occs] == [
        ("In re Kamerling, Exchange Act Release No. 93456 (Oct. 29, 2021)", "administrative"),
        ("Securities Act Release No. 9689, 2014 WL 7145625 (Dec. 15, 2014)", "other"),
        (
            "Disclosure of Order Execution Information, Exchange Act Release No. 43590, 65 "
            "Fed. Reg. 75,414 (Dec. 1, 2000)",
            "rules_regulations",
        ),
    ]


def test_a_board_decision_named_with_abbreviations_in_roman(run):
    [o] = full(run("The Board disagreed. Cemex Constr. Materials Pac., LLC, 372 NLRB No. 130 (2023)."))
    assert o.display == "Cemex Constr. Materials Pac., LLC, 372 NLRB No. 130 (2023)"
