import pytest

from toa import styles
from toa.model import CATEGORY_KEYS


@pytest.mark.parametrize("name", ["default", "scotus", "sg", "frap", "texas", "california"])
def test_builtin_styles_cover_every_category_once(name):
    s = styles.load(name)
    members = [m for h in s.headings for m in h.members]
    assert sorted(members) == sorted(CATEGORY_KEYS)


def test_sg_folds_categories_under_three_headings():
    s = styles.load("sg")
    assert [h.heading for h in s.headings] == [
        "Cases",
        "Constitution, statutes, regulations, and rules",
        "Miscellaneous",
    ]
    assert [h.number for h in s.headings] == [1, 7, 3]
    assert s.passim == 0


@pytest.mark.parametrize("name", ["texas", "frap", "sg"])
def test_a_catch_all_heading_is_keyed_as_other_authorities(name):
    """ "Other Authorities" holding legislative materials too is the "other" category, in the
    report's key and in Word's TA category (3, Word's own "Other Authorities")."""
    last = styles.load(name).headings[-1]
    assert "legislative" in last.members and last.members[0] == "legislative"
    assert (last.key, last.number) == ("other", 3)
    assert styles.load(name).headings[0].key == "cases"


def test_style_from_a_file_and_bad_files(tmp_path):
    good = tmp_path / "firm.toml"
    good.write_text(
        'passim = 6\n[[headings]]\nheading = "All"\nmembers = ' + str(list(CATEGORY_KEYS)).replace("'", '"')
    )
    assert styles.load(str(good)).passim == 6
    bad = tmp_path / "bad.toml"
    bad.write_text('[[headings]]\nheading = "Cases"\nmembers = ["cases"]\n')
    with pytest.raises(styles.StyleError, match="no heading for"):
        styles.load(str(bad))
    with pytest.raises(styles.StyleError, match="unknown style"):
        styles.load("nonesuch")


def test_detects_supreme_court_briefs():
    assert styles.detect(["No. 24-1", "In the Supreme Court of the United States"]) == "scotus"
    assert styles.detect(["IN THE UNITED STATES COURT OF APPEALS FOR THE NINTH CIRCUIT"]) == "default"


def test_detects_briefs_of_the_solicitor_general():
    cover = [
        "No. 24-1",
        "In the Supreme Court of the United States",
        "Elizabeth B. Prelogar",
        "Solicitor General",
        "Counsel of Record",
    ]
    assert styles.detect(cover) == "sg"


def test_texas_index_of_authorities():
    s = styles.load("texas")
    assert s.title == "INDEX OF AUTHORITIES"
    assert [h.heading for h in s.headings] == [
        "Cases",
        "Constitutional Provisions",
        "Statutes",
        "Rules",
        "Other Authorities",
    ]
    assert s.passim == 0 and s.citing_parentheticals


def test_the_state_styles_list_their_own_state_first():
    s = styles.load("california")
    assert [h.heading for h in s.headings][:3] == ["Cases", "Constitutions", "Statutes"]
    assert s.home_jurisdiction == "Cal."
    assert styles.load("texas").home_jurisdiction == "Tex."
    assert styles.load("default").home_jurisdiction == ""


@pytest.mark.parametrize(
    "cover, expected",
    [
        (["No. 05-23-00412-CR", "IN THE COURT OF APPEALS", "FOR THE FIFTH DISTRICT OF TEXAS", "AT DALLAS"], "texas"),
        (["FOURTEENTH COURT OF APPEALS HOUSTON, TEXAS", "No. 14-24-00100-CV"], "texas"),
        (["No. PD-0123-24", "IN THE COURT OF CRIMINAL APPEALS OF TEXAS"], "texas"),
        (["No. 23-0456", "In the Supreme Court of Texas"], "texas"),
        (
            [
                "IN THE UNITED STATES COURT OF APPEALS FOR THE FIFTH CIRCUIT",
                "On appeal from the United States District Court for the Southern District of Texas",
            ],
            "default",
        ),
        (
            ["Civil No. B301234", "IN THE COURT OF APPEAL OF THE STATE OF CALIFORNIA", "SECOND APPELLATE DISTRICT"],
            "california",
        ),
        (["S281234", "IN THE SUPREME COURT OF CALIFORNIA"], "california"),
        (
            [
                "Case No. 17-56000",
                "IN THE UNITED STATES COURT OF APPEALS FOR THE NINTH CIRCUIT",
                "On Appeal From The United States District Court for the Central District of California",
            ],
            "default",
        ),
    ],
)
def test_detects_state_courts_from_the_caption(cover, expected):
    assert styles.detect(cover) == expected


def test_texas_indexes_its_front_matter_statements():
    assert "statement of the case" in styles.load("texas").index_front_matter
    assert styles.load("default").index_front_matter == ()
