"""State administrative codes cited by their own names and numbering (Bluebook table T1), which
the code reader (codes.py, anchored on "Code … §") does not see:

    Or. Admin. R. 839-020-0050(2)(a)            Fla. Admin. Code Ann. r. 64B8-9.003
    Ga. Comp. R. & Regs. 560-12-1-.01           N.Y. Comp. Codes R. & Regs. tit. 12, § 23.3
    12 NYCRR 23-1.7(d)                          N.J. Admin. Code § 10:69-1.1   N.J.A.C. 10:69-1.1
    Mich. Admin. Code r. 408.10013              Minn. R. 4717.7000            940 CMR 3.16
    Ohio Admin. Code 4123-5-18                  WAC 296-126-092               12 VAC 5-371-10
    Ariz. Admin. Code § R9-10-101               Idaho Admin. Code r. 16.03.09.010   16 TAC § 3.8
    10 Colo. Code Regs. § 2505-10

Their section numbers hold hyphens, colons and lettered parts: one number, never a range.
Key: StateCodeKey(state, code words, title, section) as codes.py keys a code of regulations;
category rules_regulations, sorted after the C.F.R. with the other state regulations.
"""

from __future__ import annotations

import re

from ..keys import StateCodeKey
from ..meta import ProvisionMeta
from .common import Claim, Emphasis, SUBSECS, code_key, state_name, claim_one
from .rules import rule_sort

# (pattern of the name as written, its printed form, state, whether a title number comes first)
_CODES = (
    (r"Or\.\s?Admin\.\s?R\.", "Or. Admin. R.", "Or.", False),
    (r"Fla\.\s?Admin\.\s?Code(?:\sAnn\.)?(?:,?\sr\.)?", "Fla. Admin. Code r.", "Fla.", False),
    (r"Ga\.\s?Comp\.\s?R\.\s?&\s?Regs\.(?:\sr\.)?", "Ga. Comp. R. & Regs.", "Ga.", False),
    (r"Ala\.\s?Admin\.\s?Code(?:\sr\.)?", "Ala. Admin. Code r.", "Ala.", False),
    (r"Mich\.\s?Admin\.\s?Code(?:\sr\.)?", "Mich. Admin. Code r.", "Mich.", False),
    (r"Ohio\s(?:Admin\.|Adm\.)\s?Code(?:\sAnn\.)?", "Ohio Admin. Code", "Ohio", False),  # "Ohio Adm.Code", Ohio's own
    (r"Ariz\.\s?Admin\.\s?Code(?:\s§)?", "Ariz. Admin. Code §", "Ariz.", False),
    (r"Idaho\sAdmin\.\s?Code(?:\sr\.)?", "Idaho Admin. Code r.", "Idaho", False),
    (r"Colo\.\s?Code\sRegs\.", "Colo. Code Regs.", "Colo.", True),
    (r"TAC", "Tex. Admin. Code", "Tex.", True),
    (r"Minn\.\s?R\.", "Minn. R.", "Minn.", False),
    (r"N\.\s?J\.\s?Admin\.\s?Code(?:\s§)?|N\.J\.A\.C\.", "N.J. Admin. Code §", "N.J.", False),
    (r"N\.\s?Y\.\s?Comp\.\s?Codes\sR\.\s?&\s?Regs\.", "N.Y. Comp. Codes R. & Regs.", "N.Y.", False),
    (r"N\.\s?Y\.\s?C\.\s?R\.\s?R\.|NYCRR", "N.Y. Comp. Codes R. & Regs.", "N.Y.", True),
    (r"Wash\.\s?Admin\.\s?Code(?:\s§)?|WAC", "Wash. Admin. Code §", "Wash.", False),
    (r"C\.\s?M\.\s?R\.|CMR", "Mass. Code Regs.", "Mass.", True),
    (r"VAC|Va\.\s?Admin\.\s?Code", "Va. Admin. Code", "Va.", True),
)
# A regulation's number: "839-020-0050", "64B8-9.003", "560-12-1-.01", "10:69-1.1", "R9-10-101".
_NUMBER = r"R?\d+[A-Z]?\d*(?:[-.:]\.?\d+[A-Za-z]?\d*)*"
_CITE = re.compile(
    r"(?<![\w.])(?:(?P<pre_title>\d{1,3})\s)?(?P<name>" + "|".join(f"(?:{p})" for p, *_ in _CODES) + r")"
    r"(?:,?\s(?:tit\.|title)\s(?P<title>\d{1,3}),?)?\s?(?:§|[Rr]\.|[Rr]ule)?\s?(?P<sec>" + _NUMBER + r")"
    r"(?P<sub>" + SUBSECS + r")(?![\w-])"
)
_NAMES = [(re.compile(p + r"$"), printed, state, title_first) for p, printed, state, title_first in _CODES]


def find(text: str, emphasis: Emphasis | None = None) -> list[Claim]:
    claims: list[Claim] = []
    for m in _CITE.finditer(text):
        printed, state, title_first = next((pr, st, tf) for pat, pr, st, tf in _NAMES if pat.match(m.group("name")))
        title = m.group("title") or m.group("pre_title") or ""
        if title_first and not m.group("pre_title") and not m.group("title"):
            continue  # "CMR 3.16" without its title is not a cite
        if m.group("pre_title") and not title_first:
            continue  # "12 Or. Admin. R. …" is no form of these codes
        sec, sub = m.group("sec"), m.group("sub")
        # the key words codes.py gives the same code ("N.J.A.C." = "N.J. Admin. Code" -> "admin code")
        words = code_key(re.sub(r"\s(?:r\.|§)$", "", printed[len(state) :]))
        if title_first:
            display = f"{title} {printed} {'§ ' if printed.endswith(('Regs.', 'Code')) else ''}{sec}{sub}"
        elif m.group("title"):
            display = f"{printed} tit. {title}, § {sec}{sub}"
        else:
            display = f"{printed} {sec}{sub}"
        key = StateCodeKey(state, words, title, sec + sub)
        # the state where the sort reads it: a court's home state lists its own regulations first
        meta = ProvisionMeta(code=printed, title=title, section=sec, jurisdiction=state)
        claims.append(
            claim_one(
                text,
                m.start(),
                m.end(),
                category="rules_regulations",
                key=key,
                display=display,
                sort_key=rule_sort(2, state_name(state), f"{words} {title}".strip(), sec + sub),
                meta=meta,
            )
        )
    return claims
