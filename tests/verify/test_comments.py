"""The comment texts: what a lawyer reads on a citation, and the summary at the start."""

from builders import provision, table, usc
from test_cases import IMAGINARY, REED, WRONG_NAME, WRONG_PAGE
from toa.verify import comment_text, summary_text, verify
from toa.verify.settings import config_path


def test_comment_lines(services):
    bad_pin = provision("47 U.S.C. § 230(c)(4)", "statutes", [usc("47", "230", "(c)(4)")])
    good = provision("47 U.S.C. § 230(c)(1)", "statutes", [usc("47", "230", "(c)(1)")])
    result = verify(table(REED, IMAGINARY, WRONG_NAME, WRONG_PAGE, bad_pin, good), services.settings())
    texts = {k: comment_text(r) for k, r in result.records.items()}
    assert texts[REED.key] is None and texts[good.key] is None  # verified: nothing to say
    assert all("\n" not in t for t in texts.values() if t)
    assert texts[IMAGINARY.key].startswith(
        "TOA check: needs attention - the year 2099 is in the future; CourtListener "
        "has no case at 999 U.S. 9999, and a search for “Smith v. Imaginary” (2099) "
        "found no such decision: it may be mistyped or invented ("
    )
    assert texts[IMAGINARY.key].endswith("/c/U.S./999/9999/). Confirm the case exists and the citation is right.")
    assert "is Ashcroft v. Iqbal, not Miller v. Hartwell" in texts[WRONG_NAME.key]
    assert "/opinion/145875/" in texts[WRONG_NAME.key]
    assert "Celotex Corp. v. Catrett begins at 477 U.S. 317" in texts[WRONG_PAGE.key]
    assert texts[bad_pin.key] == (
        f"TOA check: needs attention - 47 U.S.C. § 230(c)(4): the cited subdivision does not "
        f"exist (§ 230(c) has (1) and (2); the brief cites (c)(4)) "
        f"({services.lii.url}/uscode/text/47/230). Check the provision's text and "
        "the pinpoint."
    )
    assert summary_text(result) == (
        "TOA check summary: 6 authorities: 2 verified, 4 need attention (commented where cited), 0 not verified."
    )


def test_not_verified_for_the_run_is_said_once_in_the_summary(services, dead_url):
    # A service down is said once (the summary), not on every case: comments carry findings only.
    result = verify(table(REED, IMAGINARY), services.settings(courtlistener_url=dead_url))
    assert comment_text(result[REED.key]) is None
    assert comment_text(result[IMAGINARY.key]).startswith("TOA check: needs attention - the year 2099 is in the future")
    assert summary_text(result) == (
        "TOA check summary: 2 authorities: 0 verified, 1 need attention (commented where "
        "cited), 1 not verified. Not verified: CourtListener unreachable: connection "
        f"failed ({REED.text})."
    )
    offline = verify(table(REED, IMAGINARY), services.settings(token=None))
    assert comment_text(offline[REED.key]) is None
    assert "Not verified: no CourtListener API token (Reed v. Town of Gilbert, 576 U.S. 155 (2015)), to fix: " in (
        summary_text(offline)
    )


def test_what_was_not_verified_for_want_of_a_token_or_the_network_says_how_to_fix_it(services, dead_url):
    no_token = verify(table(REED), services.settings(token=None)).not_verified()
    config = str(config_path())
    assert [g["fix"] for g in no_token] == [
        "set a CourtListener token: COURTLISTENER_API_TOKEN, or api_token under [courtlistener] in "
        f"{config}; or build the offline case index: toa index download (or toa index build --from DIR)"
    ]
    assert summary_text(verify(table(REED), services.settings(token=None))).endswith(f"to fix: {no_token[0]['fix']}.")
    offline = verify(table(REED), services.settings(network=False)).not_verified()
    assert [g["fix"] for g in offline] == [
        "check without --offline (cases: build the offline case index: toa index download "
        "(or toa index build --from DIR))"
    ]
    # a service down is nothing the user sets: no fix is offered
    down = verify(table(REED), services.settings(courtlistener_url=dead_url)).not_verified()
    assert [g["fix"] for g in down] == [None]


def test_not_verified_for_a_reason_of_its_own_is_commented(services):
    loose = provision("15 U.S.C. § 78j(b)", "statutes", [usc("15", "78j", "(b)")])
    text = comment_text(verify(table(loose), services.settings())[loose.key])
    assert text == (
        "TOA check: not verified - 15 U.S.C. § 78j(b): pinpoint not verified (LII shows no structure "
        f"of the section to find (b) in) ({services.lii.url}/uscode/text/15/78j). "
        "Verify this provision by hand."
    )
