"""The JSON a run adds to the report, pinned with syrupy (review changes to the .ambr file)."""

from __future__ import annotations

import json

from builders import provision, table, usc

from test_cases import IMAGINARY, REED, SHARED_PAGE, WRONG_NAME, WRONG_PAGE, ZERAN
from toa.verify import comment_text, verify


def test_verification_json(services, snapshot):
    bad_pin = provision("47 U.S.C. § 230(c)(4)", "statutes", [usc("47", "230", "(c)(4)")])
    made_up = provision("18 U.S.C. § 9999", "statutes", [usc("18", "9999")])
    result = verify(
        table(REED, ZERAN, IMAGINARY, WRONG_NAME, WRONG_PAGE, SHARED_PAGE, bad_pin, made_up), services.settings()
    )
    text = json.dumps(result.to_dict(), indent=1, sort_keys=True)
    for name, served in (("CL", services.cl), ("LII", services.lii), ("OFFICIAL", services.official)):
        text = text.replace(served.url, f"http://{name}")
    assert json.loads(text) == snapshot
    comments = {str(tuple(k.as_json())): comment_text(r) for k, r in result.records.items()}
    for name, served in (("CL", services.cl), ("LII", services.lii), ("OFFICIAL", services.official)):
        comments = {k: v.replace(served.url, f"http://{name}") if v else v for k, v in comments.items()}
    assert comments == snapshot
