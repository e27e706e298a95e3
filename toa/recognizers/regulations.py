"""State administrative codes cited by their own names and numbering (Bluebook table T1), which
the code reader (codes.py, anchored on "Code … §") does not see:

    Or. Admin. R. 839-020-0050(2)(a)            Fla. Admin. Code Ann. r. 64B8-9.003
    Ga. Comp. R. & Regs. 560-12-1-.01           N.Y. Comp. Codes R. & Regs. tit. 12, § 23.3
    12 NYCRR 23-1.7(d)                          N.J. Admin. Code § 10:69-1.1   N.J.A.C. 10:69-1.1
    Mich. Admin. Code r. 408.10013              Minn. R. 4717.7000            940 CMR 3.16
    Ohio Admin. Code 4123-5-18                  WAC 296-126-092               12 VAC 5-371-10
    Ariz. Admin. Code § R9-10-101               Idaho Admin. Code r. 16.03.09.010   16 TAC § 3.8
    10 Colo. Code Regs. § 2505-10               401 KAR 100:010    COMAR 26.08.02.03
    15A NCAC 02B .0211                          Wis. Admin. Code § NR 102.04   06-096 Me. Code R. § 1

Their section numbers hold hyphens, colons and lettered parts: one number, never a range.
Key: StateCodeKey(state, code words, title, section) as codes.py keys a code of regulations;
category rules_regulations, sorted after the C.F.R. with the other state regulations.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..keys import StateCodeKey
from ..meta import ProvisionMeta
from . import prefilter
from .common import Claim, Emphasis, SUBSECS, code_key, state_name, claim_one
from .rules import rule_sort
from .tables import form_pattern, load


@dataclass(frozen=True, slots=True)
class AdministrativeCode:
    """One entry of data/administrative_codes.toml: a code's printed name, its state, whether a title
    number comes before the name, and the pattern of the ways a brief writes the name."""

    printed: str
    state: str
    title_first: bool
    pattern: str


_CODES = tuple(
    AdministrativeCode(
        entry["printed"],
        entry["state"],
        entry.get("title_first", False),
        "|".join(form_pattern(f) for f in entry["forms"]),
    )
    for entry in load("administrative_codes", "code")
)
# A regulation's number: "839-020-0050", "64B8-9.003", "560-12-1-.01", "10:69-1.1", "R9-10-101",
# "22a-426-1"; North Carolina's rules after a space ("02B .0211"); the agency's letters before it
# ("NR 102.04", "Env-Wq 1703.01").
_NUMBER = r"(?:(?:[A-Z]{2,4}|[A-Z][a-z]{1,3}-[A-Z][a-z]{1,3})\s)?R?\d+[A-Za-z]?\d*(?:(?:[-:]|\s?\.)\.?\d+[A-Za-z]?\d*)*"
# The title before the name: "12 NYCRR", "15A NCAC", and the agency and chapter numbers Maine,
# Vermont and Wyoming print there ("06-096 Me. Code R.", "020.0002.1 Wyo. Code R.").
_PRE_TITLE = r"\d{1,3}[A-Z]?(?:[-.]\d{1,4}){0,2}"
_NAME_ALT = "|".join(f"(?:{c.pattern})" for c in _CODES)
_CITE = prefilter.compile(
    r"(?<![\w.-])(?:(?P<pre_title>" + _PRE_TITLE + r")\s)?(?P<name>" + _NAME_ALT + r")"
    r"(?:,?\s(?:tit\.|title)\s(?P<title>\d{1,3}),?)?\s?(?:§|[Rr]\.|[Rr]ule)?\s?(?P<sec>" + _NUMBER + r")"
    r"(?P<sub>" + SUBSECS + r")(?![\w-])"
)
_NAMES = [(prefilter.compile(f"(?:{c.pattern})$"), c) for c in _CODES]


def find(text: str, emphasis: Emphasis | None = None) -> list[Claim]:
    claims: list[Claim] = []
    for m in _CITE.finditer(text):
        code = next(c for pat, c in _NAMES if pat.match(m.group("name")))
        printed, state, title_first = code.printed, code.state, code.title_first
        title = m.group("title") or m.group("pre_title") or ""
        if title_first and not m.group("pre_title") and not m.group("title"):
            continue  # "CMR 3.16" without its title is not a cite
        if m.group("pre_title") and not title_first:
            continue  # "12 Or. Admin. R. …" is no form of these codes
        sec, sub = re.sub(r"\s(?=\.)", "", m.group("sec")), m.group("sub")  # "02B .0211"
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
