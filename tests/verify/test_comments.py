from builders import provision, table, usc
from toa.verify import comment_text, verify

from test_cases import IMAGINARY, REED, WRONG_NAME, WRONG_PAGE


def test_comment_lines(services):
    bad_pin = provision("47 U.S.C. § 230(c)(4)", "statutes", [usc("47", "230", "(c)(4)")])
    good = provision("47 U.S.C. § 230(c)(1)", "statutes", [usc("47", "230", "(c)(1)")])
    result = verify(table(REED, IMAGINARY, WRONG_NAME, WRONG_PAGE, bad_pin, good), services.settings())
    texts = {k: comment_text(r) for k, r in result.records.items()}
    assert texts[REED.key] is None and texts[good.key] is None
    assert all("\n" not in t for t in texts.values() if t)
    assert texts[IMAGINARY.key].startswith("TOA check: NOT FOUND - CourtListener has no case at 999 U.S. 9999; "
                                           "also the year is in the future (")
    assert "/c/U.S./999/9999/" in texts[IMAGINARY.key]
    assert "(Ashcroft v. Iqbal)" in texts[WRONG_NAME.key] and "/opinion/145875/" in texts[WRONG_NAME.key]
    assert "begins at page 317" in texts[WRONG_PAGE.key]
    assert texts[bad_pin.key] == (f"TOA check: the provision exists, but the cited subsection does not exist in the "
                                  f"current text (§ 230(c) has (1) and (2); the brief cites (c)(4)) "
                                  f"({services.lii.url}/uscode/text/47/230). Check the pinpoint and quotation.")


def test_unresolved_and_not_checked_comments(services, dead_url):
    # A service down is said once (a note), not on every case: comments carry findings only.
    result = verify(table(REED, IMAGINARY), services.settings(courtlistener_url=dead_url))
    assert comment_text(result[REED.key]) is None
    assert comment_text(result[IMAGINARY.key]).startswith("TOA check (offline checks only): the year is in the future")
    assert "CourtListener unreachable: connection failed: 2 cases were checked offline only" in result.notes
    offline = verify(table(REED, IMAGINARY), services.settings(token=None))
    assert comment_text(offline[REED.key]) is None
    assert comment_text(offline[IMAGINARY.key]).startswith("TOA check (offline checks only): the year is in the future")
