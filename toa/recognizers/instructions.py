"""Pattern jury instructions cited by number, as California briefs cite them:

    CACI No. 2430          CALCRIM Nos. 220, 222          CALJIC No. 8.80.1          BAJI No. 3.00

One entry per instruction, under Other Authorities (California tables list them there, filed by
the set's name and then the instruction's number in natural order).

Key:  ("instruction", set, number)
Sort: (set, number)
"""
from __future__ import annotations

import re

from .common import Claim, claim, natkey, occ

CAT = "other"

_NUMBER = r"\d+(?:\.\d+)*[A-Z]?"
_INSTRUCTIONS = re.compile(
    r"(?<![\w.])(?P<set>CACI|CALCRIM|CALJIC|BAJI)\s(?P<mark>Nos?\.)\s?(?P<first>" + _NUMBER + r")"
    r"(?P<more>(?:(?:,\s|,?\s(?:and|&)\s)" + _NUMBER + r"(?!\w|\.\d))*)")


def find(text: str, _emphasis=None) -> list[Claim]:
    claims = []
    for m in _INSTRUCTIONS.finditer(text):
        items = [(m.start(), m.end("first"), m.group("first"))]
        if m.group("mark") == "Nos.":  # a list only after "Nos.": "No. 520, 1 CT 23" cites the record next
            items += [(m.start("more") + n.start(), m.start("more") + n.end(), n.group())
                      for n in re.finditer(_NUMBER, m.group("more"))]
        name = m.group("set")
        occs = [occ(text, s, e, category=CAT, key=("instruction", name, number), display=f"{name} No. {number}",
                    sort_key=(name.lower(), natkey(number)), meta={"instruction_set": name, "number": number})
                for s, e, number in items]
        claims.append(claim(occs))
    return claims
