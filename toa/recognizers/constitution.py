"""Constitutional provisions: formal cites ("U.S. Const. art. III, § 2, cl. 1", "Tex. Const.
art. I, § 8", "U.S. Const. amends. I, XIV", "Const. Art. I, § 9, Cl. 7") and informal references
resolved to a provision ("the First Amendment", "Article III", "the Appointments Clause").
A string cite continues without repeating "Const." ("U.S. Const. art. I, § 7, cl. 1 (origination);
§ 8, cl. 1" -> art. I § 7 cl. 1 and art. I § 8 cl. 1; "U.S. Const. amend. I; amend. XIV"), and a
clause named with its article ("Article II's Appointments Clause") is one occurrence.

Key:  ConstitutionKey(jurisdiction, part, number, section, clause)
      jurisdiction "US" or the state's Bluebook abbreviation ("Tex."); part "art" | "amend" | "pmbl";
      number is the roman numeral ("III"), section/clause strings ("2", "1").
Sort: (jurisdiction rank, state name, part rank (pmbl 0, art 1, amend 2), number, section, clause)
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..keys import ConstitutionKey, ConstitutionPart
from ..meta import ConstitutionMeta
from ..model import CategoryKey, Flag, Kind, Occurrence
from ..numbering import int_to_roman
from . import prefilter
from .common import (
    Emphasis,
    ORDINAL_RE,
    RANK_REFERENCE,
    STATE_CAPS_RE,
    STATE_RE,
    Claim,
    claim,
    clean,
    natkey,
    number_token,
    occ,
    ordinal_to_int,
    state_abbr,
    state_name,
)

CAT: CategoryKey = "constitutional"

_NUM = r"(?:[IVXLC]+|\d+)\b(?!\.\d)"  # "art. 38.37" is a code's article, not a constitution's
_PART = (
    r"(?P<part>[Aa]rt(?:icle)?s?\.?|ART(?:ICLE)?S?\.?|[Aa]mend(?:ment)?s?\.?|AMEND(?:MENT)?S?\.?|[Aa]md\.|AMD\.|"
    r"pmbl\.|PMBL\.|[Pp]reamble)"
)
# "art. III, § 2, cl. 1" ; "amend. XIV, § 1" ; "amends. I, XIV" ; "Art. I § 7, Cl. 1"
# a list of sections or clauses ("§§ 1, 5", "cls. 3, 18") never takes the title of a next cite ("§ 1, 5 U.S.C.")
_MORE = r"(?:(?:,\s|,?\sand\s)\d+[A-Za-z]?(?!\w|\.\w|\s[A-Z]))*"
_REST = (
    rf"\s?(?P<nums>{_NUM}(?:(?:,\s|\sand\s|,\sand\s)[IVXLC]+\b(?!\s[a-z]))*)"
    r"(?:,?\s(?:§§?|[Ss]ec(?:tions?|s?\.)|SEC(?:TIONS?|S?\.))\s?(?P<sec>\d+[A-Za-z]?" + _MORE + "))?"
    r"(?:,?\s(?:[Cc]l(?:auses?|s?\.)|CL(?:AUSES?|S?\.))\s?(?P<cl>\d+" + _MORE + "))?"
)


def _members(s: str) -> list[str]:
    """ "1, 5" / "3 and 18" -> ["1", "5"] / ["3", "18"]; "" -> [""]."""
    return re.split(r",\s(?:and\s)?|\sand\s", s) if s else [""]


_FORMAL = prefilter.compile(
    rf"(?<![\w.])(?P<juris>U\.\s?S\.\s|United\sStates\s|UNITED\sSTATES\s|(?P<state>{STATE_RE}|{STATE_CAPS_RE})\s)?"
    # Illinois and Michigan name their constitution by its year: "Ill. Const. 1970, art. I, § 2"
    rf"(?P<const>Const(?:itution|\.)|CONST(?:ITUTION|\.))(?:\s(?:of\s)?(?P<year>1[789]\d\d|20\d\d))?,?\s{_PART}(?:{_REST})?"
)
# "Id. amend. XIV" / "id. art. I, § 8": a short form to the last constitution cited.
_ID = prefilter.compile(rf"(?<![\w.])[Ii]d\.,?\s{_PART}{_REST}")
_ORDINAL_AMEND = prefilter.compile(
    rf"(?<![\w-])(?:(?P<sec>Section|§)\s(?P<secno>\d+)\sof\s(?:the\s)?)?"
    rf"(?P<ord>{ORDINAL_RE})\s(?P<amend>Amendment)\b",
    re.I,
)
# "the Fifth and Fourteenth Amendments"
_ORDINAL_AMENDS = prefilter.compile(
    rf"(?<![\w-])(?P<ords>(?:{ORDINAL_RE})(?:(?:,\s|,?\sand\s)(?:{ORDINAL_RE}))+)"
    r"\sAmendments\b",
    re.I,
)
# "(Appropriations Clause)" after a formal cite belongs to it
_CLAUSE_PAREN = prefilter.compile(r"\s?\((?:the\s)?[A-Z][\w-]*(?:\s(?:[A-Z][\w-]*|and|or|of))*\sClause\)")
# Article III / Art. I, § 8, Cl. 3 standing alone (roman I-VII only: the U.S. Constitution's articles)
_ARTICLE = prefilter.compile(
    r"(?<![\w.])(?P<w>Article|Art\.)\s(?P<num>VII|VI|V|IV|III|II|I)\b(?!\s?\()"
    r"(?:,?\s(?:§|[Ss]ec(?:tion|\.))\s?(?P<sec>\d+))?(?:,?\s[Cc]l(?:ause|\.)\s?(?P<cl>\d+))?"
)
_NOT_US_ARTICLE = prefilter.compile(
    r"\s(?:of|to|in)\s(?:the\s)?(?!(?:United\sStates\s|U\.S\.\s|federal\s|Federal\s)?Constitution)"
    r"(?:[A-Z]|this|that)"
)

# Clauses that name exactly one provision.  Clauses that name several (Due Process, Ex Post
# Facto, Vesting, Emoluments, Bill of Attainder) are deliberately absent.
CLAUSES: dict[str, tuple[ConstitutionPart, int, str, str]] = {
    "Appointments": ("art", 2, "2", "2"),
    "Recess Appointments": ("art", 2, "2", "3"),
    "Appropriations": ("art", 1, "9", "7"),
    "Commerce": ("art", 1, "8", "3"),
    "Spending": ("art", 1, "8", "1"),
    "Taxing": ("art", 1, "8", "1"),
    "Necessary and Proper": ("art", 1, "8", "18"),
    "Supremacy": ("art", 6, "", "2"),
    "Take Care": ("art", 2, "3", ""),
    "Speech or Debate": ("art", 1, "6", "1"),
    "Contracts": ("art", 1, "10", "1"),
    "Contract": ("art", 1, "10", "1"),
    "Compact": ("art", 1, "10", "3"),
    "Suspension": ("art", 1, "9", "2"),
    "Export": ("art", 1, "9", "5"),
    "Origination": ("art", 1, "7", "1"),
    "Presentment": ("art", 1, "7", "2"),
    "Elections": ("art", 1, "4", "1"),
    "Electors": ("art", 2, "1", "2"),
    "Treaty": ("art", 2, "2", "2"),
    "Full Faith and Credit": ("art", 4, "1", ""),
    "Privileges and Immunities": ("art", 4, "2", "1"),
    "Extradition": ("art", 4, "2", "2"),
    "Property": ("art", 4, "3", "2"),
    "Guarantee": ("art", 4, "4", ""),
    "Establishment": ("amend", 1, "", ""),
    "Free Exercise": ("amend", 1, "", ""),
    "Free Speech": ("amend", 1, "", ""),
    "Petition": ("amend", 1, "", ""),
    "Confrontation": ("amend", 6, "", ""),
    "Double Jeopardy": ("amend", 5, "", ""),
    "Self-Incrimination": ("amend", 5, "", ""),
    "Takings": ("amend", 5, "", ""),
    "Just Compensation": ("amend", 5, "", ""),
    "Grand Jury": ("amend", 5, "", ""),
    "Excessive Fines": ("amend", 8, "", ""),
    "Excessive Bail": ("amend", 8, "", ""),
    "Cruel and Unusual Punishments": ("amend", 8, "", ""),
    "Cruel and Unusual Punishment": ("amend", 8, "", ""),
    "Equal Protection": ("amend", 14, "1", ""),
    "Citizenship": ("amend", 14, "1", ""),
    "Privileges or Immunities": ("amend", 14, "1", ""),
}
_CLAUSE = prefilter.compile(
    r"(?<![\w-])(?P<name>"
    + "|".join(re.escape(k).replace(r"\ ", r"\s") for k in sorted(CLAUSES, key=len, reverse=True))
    + r")\sClause\b"
)
# A state's own clause ("the Texas Constitution's Takings Clause") is not the federal one.
_STATE_CONTEXT = prefilter.compile(rf"(?:{STATE_RE}|State)(?:'s|’s)?\s(?:Constitution|Const\.)(?:'s|’s)?\s$")

# A string cite that goes on after a formal cite without repeating "Const.": "U.S. Const.
# art. I, § 7, cl. 1 (origination); § 8, cl. 1; § 9, cl. 4" or "U.S. Const. amend. I; amend.
# XIV".  The gap is a ";" or an explanatory parenthetical; a bare section continues the
# article cited last, an abbreviated part ("amend. XIV") starts a new provision.
_CONT_GAP = r"(?:\s?\((?:[^()]|\([^()]*\))*\))?(?:;\s|,\s(?=\S)|\s(?=§))"
_CONT_SECTION = prefilter.compile(
    _CONT_GAP + r"(?<=[;)]\s)(?P<head>§|[Ss]ec\.)\s?(?P<sec>\d{1,2})\b"
    r"(?:,?\s[Cc]l(?:ause|\.)\s?(?P<cl>\d+))?(?![\w(-]|\s(?:of|to|in)\s)"
)
_CONT_PART = prefilter.compile(_CONT_GAP + r"(?<=;\s)(?P<part>[Aa]rts?\.|[Aa]mends?\.)" + _REST)
# "Article II's Appointments Clause" / "the Appointments Clause of Article II": the article
# is part of the clause reference, not a second authority.
_ART_WORD = r"(?:Article|Art\.)\s(?P<num>VII|VI|V|IV|III|II|I)\b"
_ART_POSSESSIVE = prefilter.compile(_ART_WORD + r"(?:'s|’s)\s(?:[A-Z][\w-]*\s){0,4}$")
_OF_ARTICLE = prefilter.compile(r"\sof\s" + _ART_WORD + r"(?:\sof\sthe\s(?:U\.S\.\s|United\sStates\s)?Constitution)?")

# The California Style Manual's form: "U.S. Const., 14th Amend.", "U.S. Const., 5th & 14th Amends."
_NUMBERED_AMEND = prefilter.compile(
    r"(?<![\w.])(?P<juris>U\.\s?S\.|United\sStates)\s(?:Const\.|Constitution),\s"
    r"(?P<ords>\d{1,2}(?:st|nd|rd|th)(?:(?:,\s|,?\s(?:and|&)\s)\d{1,2}(?:st|nd|rd|th))*)\s(?P<amend>Amends?\.|Amendments?)"
    r"(?:,?\s§\s?(?P<sec>\d+))?"
)
# The state after the provision: "art. I, § 9, Fla. Const." (Florida's form), "Article I, section 24,
# Florida Constitution", "Article I, Section 9 of the Texas Constitution"
_STATE_AFTER = prefilter.compile(
    rf"(?<![\w.])(?P<part>[Aa]rt\.|[Aa]rticle|ART\.)\s(?P<num>[IVXLC]+|\d+)\b(?!\.\d)"
    rf"(?:,?\s(?:§|[Ss]ection)\s?(?P<sec>\d+)(?:\([\w]{{1,4}}\))*)?,?\s(?:of\s(?:the\s)?)?(?P<state>{STATE_RE})\s(?:Const\.|Constitution\b)"
)

PART_RANK = {"pmbl": 0, "art": 1, "amend": 2}


def _part(word: str) -> ConstitutionPart:
    w = word.lower()
    if w.startswith("art"):
        return "art"
    if w.startswith("am"):  # "amend.", "Amendment", "AMD."
        return "amend"
    return "pmbl"


def _provision(
    text: str,
    start: int,
    end: int,
    juris: str,
    part: ConstitutionPart,
    num: int | None,
    sec: str = "",
    cl: str = "",
    *,
    kind: Kind = "full",
    display: str | None = None,
    flags: list[Flag] | None = None,
) -> Occurrence:
    roman = int_to_roman(num) if num else ""
    key = ConstitutionKey(juris, part, roman, sec, cl)
    if display is None:
        display = _canonical(juris, part, roman, sec, cl)
    jrank = (0, "") if juris == "US" else (1, state_name(juris))
    sort = jrank + (PART_RANK[part], num or 0, natkey(sec), natkey(cl))
    return occ(
        text,
        start,
        end,
        category=CAT,
        key=key,
        display=display,
        sort_key=sort,
        kind=kind,
        flags=flags,
        meta=ConstitutionMeta(juris, part, roman, sec, cl),
    )


def _canonical(juris: str, part: ConstitutionPart, roman: str, sec: str, cl: str) -> str:
    j = "U.S." if juris == "US" else juris
    s = {"art": f"art. {roman}", "amend": f"amend. {roman}", "pmbl": "pmbl."}[part]
    if sec:
        s += f", § {sec}"
    if cl:
        s += f", cl. {cl}"
    return f"{j} Const. {s}"


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _nums(s: str) -> list[int]:
    return [n for n in (number_token(t) for t in re.split(r",\s(?:and\s)?|\sand\s", s)) if n]


def _clause_article(text: str, m: re.Match[str], part: ConstitutionPart, n: int) -> tuple[int, int]:
    """Span of a clause reference, widened over its own article ("Article II's Appointments
    Clause", "the Appointments Clause of Article II") so the article is not a second entry."""
    start, end = m.start(), m.end()
    if part != "art":
        return start, end
    before = _ART_POSSESSIVE.search(text[max(0, start - 80) : start])
    if before and number_token(before.group("num")) == n:
        start = max(0, start - 80) + before.start()
    after = _OF_ARTICLE.match(text, end)
    if after and number_token(after.group("num")) == n:
        end = after.end()
    return start, end


def _continuations(
    text: str, end: int, juris: str, part: ConstitutionPart, nums: list[int]
) -> tuple[list[Occurrence], int]:
    """Provisions a string cite lists after a formal cite ending at `end` (see _CONT_GAP),
    and where the last of them ends."""
    out: list[Occurrence] = []
    while True:
        m = _CONT_SECTION.match(text, end)
        if m and part in ("art", "amend") and len(nums) == 1 and not (part == "amend" and m.group("cl")):
            out.append(
                _provision(text, m.start("head"), m.end(), juris, part, nums[0], m.group("sec"), m.group("cl") or "")
            )
        else:
            m = _CONT_PART.match(text, end)
            if not m:
                break
            part = _part(m.group("part"))
            nums = _nums(m.group("nums") or "")
            if not nums:
                break
            sec, cl = (
                (_members(m.group("sec") or "")[0], _members(m.group("cl") or "")[0]) if len(nums) == 1 else ("", "")
            )
            out.extend(_provision(text, m.start("part"), m.end(), juris, part, n, sec, cl) for n in nums)
        end = m.end()
        cp = _CLAUSE_PAREN.match(text, end)
        if cp:
            end = cp.end()
    return out, end


def _jurisdiction(m: re.Match[str]) -> tuple[str, bool]:
    """The constitution a formal cite names, and whether "U.S." was left out ("Const. art. III")."""
    if m.group("state"):
        state = m.group("state")
        return state_abbr(state) or state_abbr(state.title()) or clean(state), False
    return "US", not m.group("juris")


def _formal(text: str, m: re.Match[str]) -> Claim | None:
    """ "U.S. Const. art. III, § 2, cl. 1", "Tex. Const. art. I, §§ 13, 19", "amends. I, XIV", with
    the provisions a string cite lists after it."""
    part = _part(m.group("part"))
    juris, assumed = _jurisdiction(m)
    nums = _nums(m.group("nums") or "") if m.group("nums") else []
    if part != "pmbl" and not nums:
        return None
    secs, cls = _members(m.group("sec") or ""), _members(m.group("cl") or "")
    end = m.end()
    cp = _CLAUSE_PAREN.match(text, end)
    if cp:
        end = cp.end()
    written = clean(text[m.start() : end])
    conts, claim_end = _continuations(text, end, juris, part, nums)
    if len(secs) > 1 and len(nums) == 1:  # "Cal. Const., art. I, §§ 7, 15": one entry per section
        comma = "Const.," in written  # the California Style Manual's "Cal. Const., art. I, § 7"
        occs = [
            _provision(
                text,
                m.start(),
                end,
                juris,
                part,
                nums[0],
                sc,
                display=_canonical(juris, part, int_to_roman(nums[0]), sc, "").replace(
                    "Const. ", "Const., " if comma else "Const. "
                ),
            )
            for sc in secs
        ]
        return claim(occs + conts, end=claim_end)
    # small capitals typed as capitals ("TEX. CONST. ART. I, § 15") or "amd.": the Bluebook form
    bluebook = m.group("const").isupper() or m.group("part").lower().startswith("amd")
    shown = ("U.S. " + written) if assumed else written
    occs = _formal_members(text, m.start(), end, juris, part, nums, secs[0], cls, shown if not bluebook else None)
    return claim(occs + conts, end=claim_end)


def _formal_members(
    text: str,
    start: int,
    end: int,
    juris: str,
    part: ConstitutionPart,
    nums: list[int],
    sec: str,
    cls: list[str],
    shown: str | None,
) -> list[Occurrence]:
    """The provisions of one formal cite: one entry per article or amendment it lists ("U.S. Const.
    amends. I, XIV") and per clause of one section ("art. I, § 8, cls. 3, 18"). `shown` is the entry
    as written, None for the Bluebook form."""
    cl = cls[0]
    occs: list[Occurrence] = []
    for n in nums or [0]:
        if len(nums) > 1:
            display = _canonical(juris, part, int_to_roman(n), "", "")
        elif shown is None:
            display = _canonical(juris, part, int_to_roman(n), sec, cl)
        else:
            display = shown
        if len(nums) <= 1 and len(cls) > 1:
            occs.extend(_provision(text, start, end, juris, part, n, sec, c_) for c_ in cls)
            continue
        single = len(nums) <= 1
        occs.append(
            _provision(text, start, end, juris, part, n, sec if single else "", cl if single else "", display=display)
        )
    return occs


def _numbered_amendments(text: str) -> Iterator[Claim]:
    """ "U.S. Const., 14th Amend.": amendments by their numbers."""
    for m in _NUMBERED_AMEND.finditer(text):
        nums = [int(n) for n in re.findall(r"\d+", m.group("ords"))]
        sec = m.group("sec") or "" if len(nums) == 1 else ""
        yield claim(
            [
                _provision(
                    text,
                    m.start(),
                    m.end(),
                    "US",
                    "amend",
                    n,
                    sec,
                    display=clean(m.group(0)) if len(nums) == 1 else f"U.S. Const., {_ordinal(n)} Amend.",
                )
                for n in nums
            ]
        )


def _state_articles(text: str) -> Iterator[Claim]:
    """ "Article I, section 19 of the Texas Constitution": a state's article named before the state."""
    for m in _STATE_AFTER.finditer(text):
        state = state_abbr(m.group("state"))
        article = number_token(m.group("num"))
        if state and article:
            # written in prose ("... of the Texas Constitution"), the entry is the Bluebook's
            shown = None if re.search(r"\sof\s", m.group(0)) else clean(m.group(0))
            sec = m.group("sec") or ""
            yield claim([_provision(text, m.start(), m.end(), state, "art", article, sec, display=shown)])


def _ids(text: str, juris: str) -> Iterator[Claim]:
    """ "Id. art. I, § 9": a provision of the constitution cited last in the paragraph (`juris`)."""
    for m in _ID.finditer(text):
        part = _part(m.group("part"))
        sec, cl = _members(m.group("sec") or "")[0], _members(m.group("cl") or "")[0]
        occs = [
            _provision(text, m.start(), m.end(), juris, part, n, sec, cl, kind="id") for n in _nums(m.group("nums"))
        ]
        if occs:
            yield claim(occs)


def _informal(text: str) -> Iterator[Claim]:
    """Provisions named in prose: "the Fourteenth Amendment", "the First and Fifth Amendments",
    "Article III", "the Appointments Clause"; references, outranked by any formal cite."""
    flags: list[Flag] = ["informal_reference"]
    for m in _ORDINAL_AMEND.finditer(text):
        amendment = ordinal_to_int(m.group("ord"))
        if amendment and m.group("ord")[0].isupper() and m.group("amend")[0].isupper():
            sec = m.group("secno") or ""
            o = _provision(text, m.start(), m.end(), "US", "amend", amendment, sec, flags=flags)
            yield claim([o], RANK_REFERENCE)
    for m in _ORDINAL_AMENDS.finditer(text):
        if not m.group("ords")[0].isupper():
            continue
        ords = re.split(r",\s(?:and\s)?|,?\sand\s", m.group("ords"))
        occs = [
            _provision(text, m.start(), m.end(), "US", "amend", ordinal_to_int(o), flags=flags)
            for o in ords
            if ordinal_to_int(o)
        ]
        if occs:
            yield claim(occs, RANK_REFERENCE)
    for m in _ARTICLE.finditer(text):
        if _NOT_US_ARTICLE.match(text, m.end()):
            continue  # "Article III of the Treaty"
        article = number_token(m.group("num"))
        sec, cl = m.group("sec") or "", m.group("cl") or ""
        yield claim([_provision(text, m.start(), m.end(), "US", "art", article, sec, cl, flags=flags)], RANK_REFERENCE)
    for m in _CLAUSE.finditer(text):
        if _STATE_CONTEXT.search(text[max(0, m.start() - 40) : m.start()]):
            continue
        part, n, sec, cl = CLAUSES[re.sub(r"\s+", " ", m.group("name"))]
        start, end = _clause_article(text, m, part, n)
        yield claim([_provision(text, start, end, "US", part, n, sec, cl, flags=flags)], RANK_REFERENCE)


def find(text: str, _emphasis: Emphasis | None = None) -> list[Claim]:
    formal = list(_FORMAL.finditer(text))
    claims = [c for c in (_formal(text, m) for m in formal) if c is not None]
    claims += _numbered_amendments(text)
    claims += _state_articles(text)
    # an Id. is of the constitution of the paragraph's last formal cite
    claims += _ids(text, _jurisdiction(formal[-1])[0] if formal else "US")
    claims += _informal(text)
    return _without_appositives(text, claims)


def _without_appositives(text: str, claims: list[Claim]) -> list[Claim]:
    """ "The Fourteenth Amendment, U.S. Const. amend. XIV, § 1, …": a mention set right before the
    citation of that provision is the citation's own name, not a second (informal) entry."""
    formal = [o for c in claims for o in c.occs if o.kind == "full" and "informal_reference" not in o.flags]
    out = []
    for c in claims:
        after = [o for o in formal if re.fullmatch(r",?\s\(?", text[c.end : o.start])]
        if c.occs and all(
            "informal_reference" in o.flags and any(_article(f) == _article(o) for f in after) for o in c.occs
        ):
            continue
        out.append(c)
    return out


def _article(o: Occurrence) -> tuple[str, str, str] | None:
    return o.key.article() if isinstance(o.key, ConstitutionKey) else None
