import pytest

from toa import styles
from toa.model import CATEGORY_KEYS


@pytest.mark.parametrize("name", ["default", "scotus", "sg", "frap"])
def test_builtin_styles_cover_every_category_once(name):
    s = styles.load(name)
    members = [m for h in s.headings for m in h.members]
    assert sorted(members) == sorted(CATEGORY_KEYS)


def test_sg_folds_categories_under_three_headings():
    s = styles.load("sg")
    assert [h.heading for h in s.headings] == ["Cases", "Constitution, statutes, regulations, and rules",
                                               "Miscellaneous"]
    assert [h.number for h in s.headings] == [1, 7, 9]
    assert s.passim == 0


def test_style_from_a_file_and_bad_files(tmp_path):
    good = tmp_path / "firm.toml"
    good.write_text('passim = 6\n[[headings]]\nheading = "All"\nmembers = ' + str(list(CATEGORY_KEYS)).replace("'", '"'))
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
    cover = ["No. 24-1", "In the Supreme Court of the United States", "Elizabeth B. Prelogar",
             "Solicitor General", "Counsel of Record"]
    assert styles.detect(cover) == "sg"
