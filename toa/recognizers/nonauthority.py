"""Text that looks like a citation but is not an authority: record and appendix cites, other
briefs, and patents (evidence, not authority).  These spans yield no occurrence and block any
recognizer (ours or eyecite's, via `non_authority_spans`) from claiming text inside them.
"""

from __future__ import annotations

import re
from functools import lru_cache

from . import prefilter
from .common import Emphasis, RANK_NON_AUTHORITY, Claim

# A record/brief pin: "12", "3a", "5a-6a", "12, 14", "12-13 n.4", "at 45".
_PIN = r"(?:at\s)?\d+[a-z]?(?![a-z])(?:\s?(?:-|,\s|&\s)\s?\d+[a-z]?(?![a-z]))*(?:\sn\.\s?\d+)?"

# Designations that can stand alone ("J.A. 12").
_RECORD = prefilter.compile(
    r"(?<![\w.])(?:J\.\s?A\.|Pet\.\s?App\.|Cert\.\s?App\.|Resp\.\s?App\.|Br\.\s?App\.|Gov't\s?App\.|"
    r"C\.\s?A\.\s?App\.|Supp\.\s?App\.|S\.\s?A\.|App'x|Appx\.?|Add\.|C\.\s?A\.\s?(?:Doc|Dkt)\.(?:\sNo\.)?|"
    r"D\.\s?Ct\.\s?(?:Doc|Dkt)\.(?:\sNo\.)?|ECF\s(?:No\.|Doc\.)|Dkt\.(?:\sNo\.)?|Doc\.(?:\sNo\.)?|"
    r"(?<!All\s)S?ER|EOR|SER|Tr\.|Sent\.\s?Tr\.|Hr'g\s?Tr\.|PSR\s?¶{1,2}|PSR)\s?" + _PIN
)
# Short designations that collide with abbreviations inside real citations ("Sup. Ct. R. 14",
# "Cal. App. 4th", "H.R. Doc."): only when not glued to a preceding abbreviation.
_SHORT = prefilter.compile(
    r"(?<![\w.])(?P<d>R\.|App\.|Pet\.|Opp\.|Reply|Cert\.\sReply)\s(?:at\s)?\d+[a-z]?(?![a-z]|\.\d)"
    r"(?:\s?(?:-|,\s)\s?\d+[a-z]?(?![a-z]))*"
)
# Briefs: "Pet. Br. 12", "Gov't Br. 5", "Resp. Br.", "Br. in Opp. 3", "Reply Br. 4", "Blue Br. 7".
_BRIEF = prefilter.compile(
    r"(?<![\w.])(?:(?:[A-Z][\w'’]*\.?|U\.S\.)\s){0,3}Br\.(?:\sin\sOpp\.|\sof\s[A-Z][\w'’.]*(?:\s[A-Z][\w'’.]*){0,3})?"
    r"(?:\s?(?:" + _PIN + r"))?"
)
# A brief filed in another case, named by the case ("Br. of EPIC as Amicus Curiae, Doe v. Roe, 598 U.S. 1
# (2023)", "Brief for the United States as Amici Curiae at 12, Doe v. Roe, No. 22-1"): the case names
# where the brief was filed and is not cited; the span runs to the parenthetical that ends the cite.
_BRIEF_IN_CASE = prefilter.compile(
    r"(?<![\w.])(?:Br\.|Brief)\s(?:of|for)\s[^;()]{1,120}?\sas\sAmic(?:us|i)\sCuriae\b[^;]*?\)(?=;|\.(?:\s|$)|$)"
)
# Trial-court records: exhibits and the parties' own papers ("Ex. A at 2", "Pl.'s Orig. Pet. ¶¶ 9-14",
# "Compl. ¶ 12", "Smith Decl. ¶ 3").
_PARAS = r"(?:\s?(?:¶¶?\s?|at\s)?\d+[a-z]?(?:\s?(?:-|,\s|&\s)\s?\d+[a-z]?)*)?"
_EXHIBIT = prefilter.compile(r"(?<![\w.])(?:Ex|Exh|Exs)\.\s[A-Z0-9][\w-]*(?![\w.])" + _PARAS)
# "Pet." alone is also the Peters reporter ("10 Pet. 449"): only with a party before it.
_PAPER = prefilter.compile(
    r"(?<![\w.])(?:(?:Pl|Pls|Def|Defs)\.?['’]s?\s(?:[A-Z][\w.'’]*\s){0,4}?(?:Pet|Compl|Answer|Mot|Resp|Decl|Aff)"
    r"|(?:[A-Z][\w'’]*\s)?(?:Compl|Decl|Aff))\.?(?=\s?(?:¶|at\s\d|\d))" + _PARAS
)
# State appellate records and briefs: Texas's reporter's and clerk's records ("2 RR 13", "4 R.R. 112",
# "CR 45", "Supp. CR 3", "RR vol. 3, p. 12"), California's transcripts, appendices and briefs ("1 CT 45",
# "2RT 301", "3 AA 612", "AOB 12", "RB 5", "ARB 3", "Typed opn. 5").
_STATE_RECORD = prefilter.compile(
    # (a state named before "CR" names its civil rules: "Ky. CR 12.02", data/state_rule_sets.toml)
    r"(?<![\w.])(?<!Ky\.\s)(?:\d{1,2}\s?)?(?:Supp\.\s)?(?:RR|R\.\s?R\.|S?CR|C\.\s?R\.|SRR|CT|RT|C\.\s?T\.|R\.\s?T\.|AA|RA|JA|"
    r"AOB|RB|ARB|OBM|ABM|RBM|RJN|(?:Typed\s)?[Oo]pn\.)\s?(?:vol\.\s?\d+,\s)?(?:at\s)?(?:pp?\.\s)?"
    + _PIN.replace("(?:at\\s)?", "")
    # "CR 12(b)(6)" (Washington's civil rules) is a rule: a record page has no subdivision
    + r"(?![\d(]|\s\([a-z0-9]{1,3}\))"
)
_PATENT = prefilter.compile(
    r"(?<![\w.])(?:U\.\s?S\.\s)?Pat(?:ent|\.)(?:\sApplication|\sAppl\.|\sApp\.)?\s(?:Pub\.\s)?No\.\s?[\d,/]+"
    r"|[‘'’]\d{3}\spatent\b"
)

# An abbreviation is short and capitalised ("Cal.", "Sup. Ct.", "H.R."); a sentence that ends
# in a lower-case word ("… said so. ER 118") does not glue to what follows.
_ABBREV_BEFORE = prefilter.compile(
    r"(?:^|[\s(])(?:[A-Z][A-Za-z]{0,5}\.|(?:[A-Z]\.)+|S\.\sTreaty)\s?$"
)  # "S. Treaty Doc. No. 100-20"
# designations allowed right after another abbreviation ("Pet. App.", "C.A. App.")
_OK_BEFORE = prefilter.compile(
    r"(?:Pet|Resp|Supp|Br|Cert|C\.\s?A|Gov't|Reply)\.\s?$|"
    r"(?:^|[\s(;])(?:see|See|also|cf\.|Cf\.|e\.g\.|E\.g\.)\s$"
)


def _glued_to_abbreviation(text: str, pos: int) -> bool:
    """True when the designation continues another abbreviation ("Sup. Ct. R. 14",
    "Cal. App. 4th", "H.R. Doc.") rather than starting a record cite."""
    before = text[max(0, pos - 12) : pos]
    return bool(_ABBREV_BEFORE.search(before)) and not _OK_BEFORE.search(before)


def find(text: str, _emphasis: Emphasis | None = None) -> list[Claim]:
    spans = non_authority_spans(text)
    return [Claim(s, e, RANK_NON_AUTHORITY, ()) for s, e in spans]


def non_authority_spans(text: str) -> list[tuple[int, int]]:
    """Spans of record cites, brief cites and patents in `text` (sorted, may touch)."""
    return list(_spans(text))


# The extract stage asks for a paragraph's spans twice (its own exclusions, and this family's claims
# inside recognize): the second time they are remembered.
@lru_cache(maxsize=64)
def _spans(text: str) -> tuple[tuple[int, int], ...]:
    spans = []
    for rx in (_RECORD, _BRIEF, _BRIEF_IN_CASE, _PATENT, _EXHIBIT, _PAPER, _STATE_RECORD):
        for m in rx.finditer(text):
            if rx is _RECORD and _glued_to_abbreviation(text, m.start()):
                continue  # "H.R. Doc. No. 5", "S. Doc. 12" are legislative documents
            if rx is _BRIEF and not re.search(r"\d|Br\.\s?in\sOpp", m.group(0)) and m.group(0).strip() == "Br.":
                continue
            spans.append((m.start(), m.end()))
    for m in _SHORT.finditer(text):
        before = text[max(0, m.start() - 12) : m.start()]
        if _glued_to_abbreviation(text, m.start()):
            continue
        if re.search(r"\d\s$", before):  # "12 Pet. 657" is a reporter (Peters)
            continue
        if before.endswith("Code ") and m.group("d") == "R.":  # "Mich. Admin. Code R. 408.1": the code's rule
            continue
        spans.append((m.start(), m.end()))
    return tuple(sorted(spans))
