"""Statutes: U.S.C., session laws (Pub. L., Stat., "Act of <date>"), Rev. Stat., state codes,
state session laws, and statute short forms ("Id. § 230(c)", "§ 6330(c)", "Section 1983").

Keys (all category "statutes"; see toa.keys):
    UsCodeKey("18", "924(c)(3)(A)")                section + subsection as cited
    UsCodeKey("52", "20501 et seq.")               et seq. is its own entry
    UsCodeKey("8", "1252(b)", "2018")              edition/supplement parenthetical kept
    PublicLawKey("99-308", "104(a)(2)(F)")         Pub. L. (+ section, "" when none)
    ActKey("1791-03-03", "15", "43")               Act of <date>, ch., § (also year-only from a name)
    StatutesAtLargeKey(vol, page)                  bare Statutes at Large cite
    RevisedStatutesKey("823", edition)             Revised Statutes
    StateCodeKey("Tex.", "penal code", prefix, "6.01(a)", edition)
A section list gives one occurrence per section ("§§ 1983, 1988"); in Rev. Stat. a range of two
consecutive sections ("§§ 823-824") is two sections too, a longer range one range entry.  A
session law's section pin keys a sub-entry of the Act: ActKey("1789", "20", "11, 12") for "§§
11-12", "§§ 11, 12" or "§§ 11 and 12" (instead of the bare Act, which has section "").
Bare "§ N" references are produced only where a statute can be meant (see secondary_pin).
Sort keys are 8-tuples (jurisdiction, group, name, date, title, section, subsection, extra) so
every statute sorts against every other: federal (0) before state (1); federal groups are
named acts (0, alphabetical, "Act of" by date), U.S.C. (1), Rev. Stat. (2), Pub. L. (3), Stat. (4).
"""

from __future__ import annotations

import re
from typing import Any
from collections.abc import Iterator
from dataclasses import dataclass, replace

from ..keys import (
    ActKey,
    ActSectionKey,
    PublicLawKey,
    RevisedStatutesKey,
    StateBillKey,
    StateCodeKey,
    StatutesAtLargeKey,
    UsCodeKey,
)
from ..meta import ProvisionMeta
from ..model import CategoryKey, Kind, Occurrence
from . import prefilter
from .common import (
    SortKey,
    Emphasis,
    DATE,
    EDITION_PAREN,
    RANK_REFERENCE,
    STATE_RE,
    SUBSECS,
    SURNAME,
    Claim,
    alpha_key,
    clean,
    claim,
    claim_one,
    short_occ,
    code_key,
    is_regulation_code,
    is_author_word,
    natkey,
    norm,
    occ,
    parse_date,
    popular_name_before,
    split_section,
    without_defined_term,
    squeeze_subsections,
    state_abbr,
    state_name,
)
from .tables import form_pattern, load

CAT: CategoryKey = "statutes"

# (start, end, section, subsection, et seq.) of one member of a cited list of sections
StatuteItem = tuple[int, int, str, str, bool]

# ---------------------------------------------------------------------------
# section lists shared by U.S.C., state codes and short forms
# ---------------------------------------------------------------------------

# A federal section: "924", "1983a", "2000e-5", "300aa-15", "1961-1968" (a range; see _is_range).
_USC_SECTION = r"\d+[A-Za-z]*(?:-\d+[A-Za-z]*)*"
# A state section: "6.01", "13A-2-1", "14:8", "2C:2-1", "5/2-1001", "9A.04.110".
# "311.021-.023": Texas's range of sections with the shared part left out
# (a letter after a hyphen is part of the number: New York's "§ 50-e", "§ 1104-a")
_STATE_SECTION = r"\d+[A-Za-z]?(?:[.:/-]\d+[A-Za-z]*)*(?:-\.\d+[A-Za-z]*)?(?:-[A-Za-z]{1,2}(?![A-Za-z]))?"

# A member never starts an ordinal ("97th Cong.", "2d Sess.") and never stops inside a word:
# without these guards "§ 1615(a)(1), 97th Cong." read "97t" as a second section.
_NOT_ORDINAL = r"(?!\d+(?:st|nd|rd|th)\b|\d+d\s(?:Cong|Sess|Cir|ed)\b)"
_ITEM_TMPL = _NOT_ORDINAL + r"(?P<sec>{sec})(?![A-Za-z0-9])(?P<sub>{subs})(?P<etseq>,?\set\sseq\.?)?"
_USC_ITEM = prefilter.compile(_ITEM_TMPL.format(sec=_USC_SECTION, subs=SUBSECS))
STATE_ITEM = prefilter.compile(_ITEM_TMPL.format(sec=_STATE_SECTION, subs=SUBSECS))
_SUB_ONLY = prefilter.compile(r"(?P<sub>(?:\(\s?[A-Za-z0-9]{1,6}\s?\))+)")
# What joins list members: "1983, 1988", "6330(c)(3) and (e)(1)", "(a), (d), and (e)", "1331 & 1332".
_JOIN = prefilter.compile(r"(?:,\s(?:and\s|or\s|&\s)?|\s(?:and|or|&)\s)(?=[\d(])")
# A list member must not be the volume/title of the next citation ("924(c), 28 U.S.C. 1331").
_NEXT_CITE = prefilter.compile(r"\s?(?:[A-Z]|\d)")
_EDITION = prefilter.compile(r"\s?(" + EDITION_PAREN + ")")


def _is_range(sec: str) -> bool:
    """'1961-1968' is a range; '2000e-16' and '300aa-15' are hyphenated sections."""
    m = re.fullmatch(r"(\d+)-(\d+)", sec)
    return m is not None and int(m.group(2)) > int(m.group(1))


def _is_state_range(sec: str) -> bool:
    """'509.001-509.051' (both ends in one chapter) is a range; '4-88-1102' is one section."""
    m = re.fullmatch(r"([\w]+)\.\w+-([\w]+)\.\w+", sec)
    return m is not None and m.group(1) == m.group(2)


def state_mark(sec: str) -> str:
    """The section sign of a state section as an entry shows it: two for a range ("§§ 311.021-.023")."""
    return "§§" if "-." in sec or _is_state_range(sec) else "§"


def parse_items(
    text: str, pos: int, item_re: prefilter.Pattern, allow_list: bool = True
) -> tuple[list[StatuteItem], int]:
    """Parse "924(c)(3)(A)", "1983, 1988", "6330(c)(3) and (e)(1)" starting at `pos`.

    Returns ([(start, end, section, subsection, etseq)], end).  A bare subsection continues
    the previous member's section.
    """
    items: list[tuple[int, int, str, str, bool]] = []
    m = item_re.match(text, pos)
    if not m:
        return items, pos
    items.append((m.start(), m.end(), m.group("sec"), squeeze_subsections(m.group("sub")), bool(m.group("etseq"))))
    end = _with_subsection_range(text, items)
    while allow_list:
        j = _JOIN.match(text, end)
        if not j:
            break
        p = j.end()
        if text[p] == "(":
            s = _SUB_ONLY.match(text, p)
            if not s:
                break
            sub = continue_subsection(items[-1][3], squeeze_subsections(s.group("sub")))
            items.append((s.start(), s.end(), items[-1][2], sub, False))
            end = _with_subsection_range(text, items)
            continue
        n = item_re.match(text, p)
        if not n or _NEXT_CITE.match(text, n.end()) and not text.startswith(" (", n.end()):
            break
        if re.fullmatch(r"\d{4}", n.group("sec")) and not n.group("sub") and text[n.end() : n.end() + 1] == ")":
            break
        items.append((n.start(), n.end(), n.group("sec"), squeeze_subsections(n.group("sub")), bool(n.group("etseq"))))
        end = _with_subsection_range(text, items)
    return items, end


_SUB_RANGE = prefilter.compile(r"\s?-\s?(?P<to>(?:\(\s?[A-Za-z0-9]{1,6}\s?\))+)")


def _with_subsection_range(text: str, items: list[StatuteItem]) -> int:
    """ "§ 157(b)(2)(A)-(O)": a range of subsections is one provision, as cited (its meta
    "subsection" is where the range starts, for verification). The last member grows over it;
    returns where the member ends. A range of two neighbours ("§ 31(a)-(b)", "§ 2254(d)(1)-(2)")
    names two subsections, so it becomes two members, each its own entry, as "§§ 31(a), (b)" does."""
    s, e, sec, sub, etseq = items[-1]
    r = _SUB_RANGE.match(text, e) if sub and not etseq else None
    if r:
        to = squeeze_subsections(r.group("to"))
        head, last = sub[: sub.rindex("(")], sub[sub.rindex("(") + 1 : -1]
        if to[1:-1] in _next_designators(last):
            items[-1:] = [(s, e, sec, sub, etseq), (r.start("to"), r.end(), sec, head + to, etseq)]
        else:
            items[-1] = (s, r.end(), sec, f"{sub}-{to}", etseq)
        return r.end()
    return e


_ROMANS = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii")


def _next_designators(tok: str) -> set[str]:
    """What may follow the subsection designator `tok` at its level: "3" -> 4; "a" -> b; "A" -> B;
    "i" -> j or ii (a letter and a roman numeral look alike)."""
    if tok.isdigit():
        return {str(int(tok) + 1)}
    out = {chr(ord(tok) + 1)} if len(tok) == 1 and tok.isalpha() and tok not in "zZ" else set()
    for romans in (_ROMANS, tuple(r.upper() for r in _ROMANS)):
        if tok in romans[:-1]:
            out.add(romans[romans.index(tok) + 1])
    return out


def split_pair_ranges(items: list[StatuteItem]) -> list[StatuteItem]:
    """ "823-824" names two sections, so it becomes two members (each its own entry, as a
    "§§ 823, 824" list does); a longer range ("823-829") stays one range entry."""
    out = []
    for s, e, sec, sub, etseq in items:
        m = re.fullmatch(r"(\d+)-(\d+)", sec)
        if m and not sub and not etseq and int(m.group(2)) == int(m.group(1)) + 1:
            cut = s + len(m.group(1))
            out.append((s, cut, m.group(1), "", False))
            out.append((cut + 1, e, m.group(2), "", False))
        else:
            out.append((s, e, sec, sub, etseq))
    return out


_ROMAN_LOWER = prefilter.compile(r"^(?:i{1,3}|iv|vi{0,3}|ix|xi{0,3})$")


def _level(tok: str, prev_levels: list[str]) -> str:
    """Kind of a subsection designator: digit, lower, upper, roman, ROMAN."""
    if tok.isdigit():
        return "digit"
    if _ROMAN_LOWER.match(tok) and ("roman" in prev_levels or len(tok) > 1 or "upper" in prev_levels):
        return "roman"
    if tok.islower():
        return "lower"
    if re.fullmatch(r"[IVX]+", tok) and len(tok) > 1 and "upper" in prev_levels:
        return "ROMAN"
    return "upper"


def continue_subsection(prev: str, cont: str) -> str:
    """'(c)(2)' + '(3)' -> '(c)(3)'; '(c)(3)' + '(e)(1)' -> '(e)(1)': a bare subsection in a
    list replaces the previous designator of the same kind and everything after it."""
    prev_toks = re.findall(r"\(([^()]*)\)", prev)
    cont_toks = re.findall(r"\(([^()]*)\)", cont)
    if not prev_toks or not cont_toks:
        return cont
    levels: list[str] = []
    for t in prev_toks:
        levels.append(_level(t, levels))
    want = _level(cont_toks[0], levels)
    for i in range(len(levels) - 1, -1, -1):
        if levels[i] == want:
            return "".join(f"({t})" for t in prev_toks[:i]) + cont
    return cont


_SUBD_HEAD = prefilter.compile(r",\s(?P<w>subds?\.|SUBDS?\.|[Ss]ubdivisions?|SUBDIVISIONS?)\s?")
_SUBD_ONE = prefilter.compile(r"(?:\(\s?[A-Za-z0-9]{1,4}\s?\)(?:\s?\(\s?[A-Za-z0-9]{1,4}\s?\))*|\d{1,3}\b(?!\.\d))")
_SUBD_RANGE = prefilter.compile(r"\s?-\s?(?P<to>(?:\(\s?[A-Za-z0-9]{1,4}\s?\))+)")
_SUBD_JOIN = prefilter.compile(r"(?:,\s?(?:and\s|or\s)?|\s(?:and|or)\s)(?=\()")


def subdivisions(text: str, pos: int, base: str = "") -> tuple[list[tuple[int, int, str]], int, str]:
    """The California Style Manual's ", subd. (a)(4)" / ", subds. (c), (k)" / ", subdivision 1"
    after a section: ([(start, end, "(a)(4)"), ...], end, the word as written: "subd.", "subds.",
    "subdivision" or "subdivisions") or ([], pos, "")."""
    head = _SUBD_HEAD.match(text, pos)
    if not head:
        return [], pos, ""
    out: list[tuple[int, int, str]] = []
    end = head.end()
    m = _SUBD_ONE.match(text, end)
    if not m:
        return [], pos, ""
    prev = base
    while m:
        written = re.sub(r"\s", "", m.group(0))
        sub = written if written.startswith("(") else f"({written})"
        sub = continue_subsection(prev, sub) if prev and out else (base + sub if base else sub)
        prev, end = sub, m.end()
        r = _SUBD_RANGE.match(text, end) if written.startswith("(") else None
        if r:  # "subds. (a)–(b)": the range as cited, one member
            sub, end = f"{sub}-{squeeze_subsections(r.group('to'))}", r.end()
        out.append((m.start(), end, sub))
        j = _SUBD_JOIN.match(text, end)
        m = _SUBD_ONE.match(text, j.end()) if j else None
    word = head.group("w").lower()
    plural = "s" if word.rstrip(".").endswith("s") else ""
    return out, end, f"subdivision{plural}" if word.startswith("subdivision") else f"subd{plural}."


def _edition_after(text: str, end: int) -> tuple[str, int]:
    """An edition parenthetical right after a cite: ("Supp. IV 2022", new_end) or ("", end)."""
    m = _EDITION.match(text, end)
    if not m:
        return "", end
    return clean(m.group(1)[1:-1]), m.end()


def statute_sort(
    jur: int,
    group: int,
    name: str = "",
    date: SortKey = (),
    title: str = "",
    section: str = "",
    sub: str = "",
    extra: str = "",
) -> SortKey:
    return (jur, group, name, date, natkey(title), natkey(section), natkey(sub), extra)


# ---------------------------------------------------------------------------
# U.S.C.
# ---------------------------------------------------------------------------

_USC_HEAD = prefilter.compile(
    r"(?<![\w.])(?P<title>\d{1,2})\s(?P<code>U\.\s?S\.\s?C\.?(?:\s?[AS]\.)?|U\.S\.\sCode|USCA?(?=\s?§|\s\d))"
    r"(?:\s(?P<app>[Aa]pp\.))?\s?(?P<mark>§§?|[Ss]ections?|[Ss]ecs?\.)?\s?(?=\d)"
)
# "Section 924(c) of Title 18" / "section 1226(c) of title 8, United States Code"
_USC_PROSE = prefilter.compile(
    r"(?<![\w.])(?P<mark>§|[Ss]ection)\s?(?P<sec>" + _USC_SECTION + r")(?P<sub>" + SUBSECS + r")"
    r"\sof\s[Tt]itle\s(?P<title>\d{1,2})(?:,\sUnited\sStates\sCode|\sof\sthe\sUnited\sStates\sCode)?"
)
# "Title 18, United States Code, Section 922(g)(1)", as indictments and criminal briefs write it
_USC_TITLE_FIRST = prefilter.compile(
    r"(?<![\w.])[Tt]itle\s(?P<title>\d{1,2}),?\s(?:of\sthe\s)?United\sStates\sCode,?\s(?P<mark>§|[Ss]ections?)\s?"
    r"(?P<sec>" + _USC_SECTION + r")(?P<sub>" + SUBSECS + r")"
)


def _usc_occ(
    text: str,
    start: int,
    end: int,
    title: str,
    code: str,
    app: str | None,
    mark: str | None,
    sec: str,
    sub: str,
    etseq: bool,
    edition: str,
    name_start: int | None = None,
    note: bool = False,
    alone: bool = False,
    irc: bool = False,
) -> Occurrence:
    code_w = re.sub(r"\s+", "", code).replace("U.S.Code", "U.S. Code")
    t = f"{title} App." if app else title
    section = f"{sec}{sub}" + (" et seq." if etseq else "") + (" note" if note else "")
    key = UsCodeKey(title=t, section=section, edition=edition, code="irc" if irc else "usc")
    # "§§ 77k-77l" alone under a double mark is a range, though its ends hold letters
    ranged = _is_range(sec) or alone and mark == "§§" and "-" in sec
    if mark:
        mk = (
            "§§"
            if mark.startswith("§") and (ranged or etseq and mark == "§§")
            else ("§" if mark.startswith("§") else re.sub(r"s(\.?)$", r"\1", mark).strip())
        )  # "Secs." -> "Sec."
        mark_w = mk + " "
    else:
        mark_w = ""
    display = (
        f"{title} {code_w} " + (f"{app} " if app else "") + mark_w + section + (f" ({edition})" if edition else "")
    )
    # an I.R.C. section is a section of title 26 of the Code: verified as 26 U.S.C.
    meta = ProvisionMeta(
        code="U.S.C.", title=t, section=sec, subsection=sub.split("-")[0], et_seq=etseq, range=ranged, edition=edition
    )
    name = ""
    s = start
    if name_start is not None:
        name = without_defined_term(clean(text[name_start:start]).rstrip(",( ").strip())
        display = f"{name}, {display}"
        meta.popular_name = name
        s = name_start
    sort = statute_sort(0, 0 if name else 1, alpha_key(name), (), title, sec, sub, f"{etseq}|{edition}")
    return occ(text, s, end, category=CAT, key=key, display=display, sort_key=sort, meta=meta)


def us_code_section(title: str, mark: str, number: str) -> Occurrence | None:
    """Section `number` ("924(c)(3)") of title `title` of the U.S. Code, as find_usc makes "18 U.S.C.
    § 924(c)(3)" (with the section sign when `mark` is "§"): the full citation a short form of it
    stands for. None for a number that is no section, or is two ("924(c), (j)")."""
    if not re.fullmatch(r"\d{1,2}", title):
        return None
    head = f"{title} U.S.C. {mark} " if mark else f"{title} U.S.C. "
    written = head + number
    items, end = parse_items(written, len(head), _USC_ITEM)
    if len(items) != 1:
        return None
    _start, e, sec, sub, etseq = items[0]
    note = _NOTE.match(written, end)
    return _usc_occ(
        written,
        0,
        note.end() if note else e,
        title,
        "U.S.C.",
        None,
        mark or None,
        sec,
        sub,
        etseq,
        "",
        note=bool(note),
        alone=True,
    )


# The Internal Revenue Code cited by its own name: "I.R.C. § 162(a)", "IRC §§ 61, 162".
_IRC_HEAD = prefilter.compile(r"(?<![\w.])(?P<code>I\.\s?R\.\s?C\.|IRC)\s?(?P<mark>§§?)\s?(?=\d)")
# "18 U.S.C. § 1030 note": the statutory note printed after a section, an entry of its own
_NOTE = prefilter.compile(r"\snote\b(?![-\w]|\sthat\b)")


def extend_last(text: str, occs: list[Occurrence], end: int) -> None:
    """The edition's parenthetical after a list belongs to its last member's cite, and the TA field
    goes after it."""
    occs[-1].end = occs[-1].anchor_end = end
    occs[-1].text = text[occs[-1].start : end]


def _irc(text: str, m: re.Match[str]) -> Claim | None:
    """ "I.R.C. § 162(a)", "IRC §§ 61, 162": sections of title 26, entered as the brief names the Code."""
    items, end = parse_items(text, m.end(), _USC_ITEM)
    if not items:
        return None
    edition, end2 = _edition_after(text, end)
    code = clean(m.group("code"))
    occs = []
    for i, (s, e, sec, sub, etseq) in enumerate(items):
        start = m.start() if i == 0 else s
        o = _usc_occ(
            text,
            start,
            e,
            "26",
            "U.S.C.",
            None,
            m.group("mark"),
            sec,
            sub,
            etseq,
            edition,
            alone=len(items) == 1,
            irc=True,
        )
        o.display = code + (o.display or "")[len("26 U.S.C.") :]
        occs.append(o)
    if edition:
        extend_last(text, occs, end2)
    return claim(occs)


def _usc(text: str, m: re.Match[str]) -> Claim | None:
    """ "42 U.S.C. § 1983", "28 U.S.C. §§ 1331, 1343(a)(3) (2018)", "18 U.S.C. § 1030 note", with the
    act's popular name written before it."""
    items, end = parse_items(text, m.end(), _USC_ITEM)
    if not items:
        return None
    note = _NOTE.match(text, end)
    if note:
        end = note.end()
    edition, end2 = _edition_after(text, end)
    name_start = popular_name_before(text, m.start())
    occs = []
    for i, (s, e, sec, sub, etseq) in enumerate(items):
        last = i == len(items) - 1
        occs.append(
            _usc_occ(
                text,
                m.start() if i == 0 else s,
                end if last and note else e,
                m.group("title"),
                m.group("code"),
                m.group("app"),
                m.group("mark"),
                sec,
                sub,
                etseq,
                edition,
                name_start if i == 0 else None,
                note=bool(note) and last,
                alone=len(items) == 1,
            )
        )
    if edition:
        extend_last(text, occs, end2)
    return claim(occs)


def _usc_in_words(text: str) -> Iterator[Claim]:
    """ "Title 18, United States Code, Section 922(g)(1)" and "section 924(c) of Title 18"."""
    for m in _USC_TITLE_FIRST.finditer(text) if "United States Code" in text else ():
        sub = squeeze_subsections(m.group("sub"))
        o = _usc_occ(text, m.start(), m.end(), m.group("title"), "U.S.C.", None, "§", m.group("sec"), sub, False, "")
        yield claim([o])
    for m in _USC_PROSE.finditer(text):
        sub = squeeze_subsections(m.group("sub"))
        o = _usc_occ(text, m.start(), m.end(), m.group("title"), "U.S.C.", None, "§", m.group("sec"), sub, False, "")
        o.display = f"{m.group('title')} U.S.C. § {m.group('sec')}{sub}"
        yield claim([o])


def find_usc(text: str, _emphasis: Emphasis | None = None) -> list[Claim]:
    found = [_irc(text, m) for m in _IRC_HEAD.finditer(text)] + [_usc(text, m) for m in _USC_HEAD.finditer(text)]
    return [c for c in found if c is not None] + list(_usc_in_words(text))


# ---------------------------------------------------------------------------
# session laws: Pub. L., Stat., Act of <date>, chapters
# ---------------------------------------------------------------------------

_PUBL = prefilter.compile(r"Pub(?:lic)?\.?\s?L(?:aw)?\.?\s?(?:No\.\s?)?(?P<publ>\d{1,3}-\d{1,4})")
_ACT_OF = prefilter.compile(rf"\bAct\sof\s(?P<date>{DATE})")
_CHAPTER_ANCHOR = prefilter.compile(r",\s(?=ch\.\s?\d)")
# A page: "1987", "5,231" (thousands commas only in groups of three, so "1987, 1989" is a pin)
_PAGE = r"(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)"
_STAT = prefilter.compile(
    r"(?<![\w.])(?P<vol>\d{1,3})\sStat\.\s(?P<page>" + _PAGE + r")(?:\s?-\s?(?P<page2>" + _PAGE + "))?"
)
_COMPONENT = prefilter.compile(
    r"(?P<divtit>(?:(?:[Dd]iv|[Tt]it|[Ss]ubtit|[Pp]t|[Ss]ubpt)\.\s?[A-Z0-9][A-Za-z0-9-]*\.?\s?){1,4})"
    r"|(?P<ch>ch\.\s?(?P<chno>\d+[A-Za-z]?))"
    r"|(?P<sec>§§?\s?(?P<secno>\d+[A-Za-z]*(?:\.\d+)?" + SUBSECS + r"(?:\s?-\s?\d+[A-Za-z]*)?"
    # "§§ 11, 12" / "§§ 3 and 4": the section set is one sub-entry; a member is never the
    # volume of the Stat. cite that follows ("§§ 11, 12, 1 Stat. 78")
    r"(?:(?:,\s(?:and\s)?|\sand\s)\d+[A-Za-z]*" + SUBSECS + r"(?![A-Za-z\d]|\s?[A-Za-z]))*))"
    r"|(?P<stat>(?P<vol>\d{1,3})\sStat\.\s(?P<page>" + _PAGE + r"(?:\s?-\s?" + _PAGE + r")?))"
    # a state's session: "78th Leg., R.S." / "87th Leg., 2d C.S."; its session laws end the chain
    # like a Stat. cite: "2003 Tex. Gen. Laws 847", "1999 Cal. Stat. 1234"
    r"|(?P<leg>\d+(?:st|nd|rd|th|d)\sLeg\.(?:,\s(?:R\.S\.|\d+(?:st|nd|rd|th|d)\sC\.S\.))?)"
    # the bill the chapter enacted, in the Texas form: "ch. 1352 (S.B. 346)"
    r"|(?P<bill>\((?:H|S)\.\s?(?:J\.\s?R\.|B\.)\s\d+\))"
    r"|(?P<sesslaw>(?:1[89]|20)\d\d\s(?:[A-Z][a-z]*\.\s?){1,2}(?:Gen\.\s|Sess\.\s|Pub\.\s)?(?:Laws|Stat\.|Acts)"
    r"\s(?:ch\.\s)?" + _PAGE + r")"
)
_STAT_PIN = prefilter.compile(r",\s" + _PAGE + r"(?:\s?-\s?" + _PAGE + r")?(?!\s?(?:[A-Za-z§]|\d))")
_CODIFIED = prefilter.compile(
    r"\s?\((?:(?:codified|classified)\s(?:as\samended\s)?(?:at\s)?(?:in\s)?)?"
    r"(?=\d{1,2}\sU\.\s?S\.\s?C)(?:[^()]|\([^()]{0,8}\)){0,160}\)"
)


_SEP = prefilter.compile(r",?\s")


def _parse_chain(text: str, pos: int, first_glued: bool = False) -> tuple[list[tuple[str, re.Match[str]]], int]:
    """Consume ", ch. 15, § 43, 1 Stat. 209" style components after an anchor.

    Returns (parts, end): parts is a list of (kind, match); a Stat. cite ends the chain.
    `first_glued` lets the first component start right at `pos` (the anchor is the Stat. cite).
    """
    parts: list[tuple[str, re.Match[str]]] = []
    end = pos
    while True:
        if first_glued and not parts:
            p = pos
        else:
            sep = _SEP.match(text, end)
            if not sep:
                break
            p = sep.end()
        m = _COMPONENT.match(text, p)
        if not m:
            break
        kind = next(k for k in ("divtit", "ch", "sec", "stat", "leg", "sesslaw", "bill") if m.group(k))
        parts.append((kind, m))
        end = m.end()
        while kind == "divtit" and text[end - 1] == " ":
            end -= 1
        if kind in ("stat", "sesslaw"):
            break
    return parts, end


def _section_set(written: str) -> str:
    """Key form of a session law's section pin: "11-12", "11, 12" and "11 and 12" all name the
    same two sections ("11, 12"); a longer range stays a range ("1-15")."""
    members = [x for x in re.split(r",\s(?:and\s)?|\sand\s", clean(written)) if x]
    members = [re.sub(r"\s?-\s?", "-", x) for x in members]
    items = split_pair_ranges([(0, 0, x, "", False) for x in members])
    return ", ".join(sec for _s, _e, sec, _sub, _es in items)


def _session_occ(
    text: str,
    span_start: int,
    name: str,
    anchor_text: str,
    anchor_kind: str,
    anchor_val: str,
    parts: list[tuple[str, re.Match[str]]],
    end: int,
) -> Occurrence | None:
    section = next((_section_set(m.group("secno")) for k, m in parts if k == "sec"), "")
    chapter = next((m.group("chno") for k, m in parts if k == "ch"), "")
    stat = next((m for k, m in parts if k == "stat"), None)
    bits = ([name] if name else []) + ([clean(anchor_text)] if anchor_text else [])
    for k, m in parts:
        if k == "bill" and bits:  # "ch. 1352 (S.B. 346)": the bill goes with its chapter
            bits[-1] += " " + m.group(0)
        else:
            bits.append(clean(m.group(0)).rstrip(", "))
    display = ", ".join(b for b in bits if b)
    volume, page = (stat.group("vol"), re.split(r"\s?-", stat.group("page"))[0]) if stat is not None else ("", "")
    date: SortKey = ()
    key: PublicLawKey | ActKey | StatutesAtLargeKey
    if anchor_kind == "publ":
        key = PublicLawKey(anchor_val, section)
    elif anchor_kind == "act":
        date = parse_date(anchor_val)
        key = ActKey(f"{date[0]:04d}-{date[1]:02d}-{date[2]:02d}" if date else anchor_val, chapter, section)
    else:
        year = re.search(r"\b(1[789]\d\d|20\d\d)\b", name)
        if chapter and year:
            date = (int(year.group(1)),)
            key = ActKey(year.group(1), chapter, section)
        elif stat is not None:
            key = StatutesAtLargeKey(volume, page.replace(",", ""), section)
        else:
            return None
    if name or anchor_kind == "act":
        sort = statute_sort(0, 0, alpha_key(name or display), date, "", chapter, section)
    elif anchor_kind == "publ":
        sort = statute_sort(0, 3, "", (), anchor_val, section)
    else:
        sort = statute_sort(0, 4, "", (), volume, page.replace(",", ""), section)
    return occ(
        text,
        span_start,
        end,
        category=CAT,
        key=key,
        display=display,
        sort_key=sort,
        meta=ProvisionMeta(code="session_law", section=section, popular_name=name),
    )


def _session_anchors(text: str) -> list[tuple[int, int, str, str]]:
    """Where a session-law citation can start, in order: (start, end, kind, value) of a public law
    number ("Pub. L. No. 111-148"), an act by date ("Act of June 25, 1948"), a chapter after a popular
    name, or a Statutes at Large cite."""
    anchors = [(m.start(), m.end(), "publ", m.group("publ")) for m in _PUBL.finditer(text)]
    anchors += [(m.start(), m.end(), "act", m.group("date")) for m in _ACT_OF.finditer(text)]
    # "Judiciary Act of 1789, ch. 20, ..." : a chapter counts only after a popular name
    anchors += [
        (m.start(), m.start(), "name", "")
        for m in _CHAPTER_ANCHOR.finditer(text)
        if popular_name_before(text, m.end()) is not None
    ]
    anchors += [(m.start(), m.start(), "stat", "") for m in _STAT.finditer(text)]
    return sorted(anchors)


def _codified(text: str, o: Occurrence, end: int) -> tuple[list[Occurrence], int]:
    """The session law `o` with the U.S. Code sections it is codified at ("(codified at 42 U.S.C.
    § 18001)", parallel cites of it), and where the citation ends."""
    occs = [o]
    cod = _CODIFIED.match(text, end)
    if cod:
        o.display = f"{o.display} {clean(cod.group(0))}"
        for c in find_usc(text[: cod.end()]):
            if c.start >= cod.start():
                for io in c.occs:
                    io.flags.append("parallel_cite")
                    occs.append(io)
        end = cod.end()
    o.end = o.anchor_end = end
    o.text = text[o.start : end]
    return occs, end


def find_session_laws(text: str, _emphasis: Emphasis | None = None) -> list[Claim]:
    claims = []
    covered = -1
    for a_start, a_end, kind, val in _session_anchors(text):
        if a_start < covered:
            continue
        parts, end = _parse_chain(text, a_end, first_glued=kind == "stat")
        if kind in ("name", "stat") and not any(k == "stat" for k, _m in parts):
            continue
        name_start = popular_name_before(text, m_end_for_name(text, a_start, kind))
        name = without_defined_term(clean(text[name_start:a_start]).rstrip(",( ")) if name_start is not None else ""
        anchor_text = text[a_start:a_end] if kind in ("publ", "act") else ""
        anchor_end = end
        pin = _STAT_PIN.match(text, end) if parts and parts[-1][0] == "stat" else None
        if pin:
            end = pin.end()
        span_start = name_start if name_start is not None else (a_start + 2 if kind == "name" else a_start)
        o = _session_occ(text, span_start, name, anchor_text, kind, val, parts, anchor_end)
        if o is None:
            continue
        occs, end = _codified(text, o, end)
        claims.append(claim(occs, start=o.start, end=end))
        covered = end
    return claims


def m_end_for_name(text: str, a_start: int, kind: str) -> int:
    """Where a popular name would end: before the ", ch." of a chapter anchor, else at the anchor."""
    return a_start + 2 if kind == "name" else a_start


# ---------------------------------------------------------------------------
# Revised Statutes
# ---------------------------------------------------------------------------

_REV_STAT = prefilter.compile(
    r"(?<![\w.])Rev\.\sStat\.\s?(?P<ed>\((?:\d+(?:st|d|nd|rd|th)\sed\.\s)?\d{4}\)\s?)?(?P<mark>§§?)\s?"
)


def find_rev_stat(text: str, _emphasis: Emphasis | None = None) -> list[Claim]:
    claims = []
    for m in _REV_STAT.finditer(text):
        items, end = parse_items(text, m.end(), _USC_ITEM)
        if not items:
            continue
        items = split_pair_ranges(items)
        edition = clean(m.group("ed") or "").strip("() ")
        edition2, end2 = _edition_after(text, end)
        edition = edition or edition2
        occs = []
        for i, (s, e, sec, sub, _etseq) in enumerate(items):
            ed_w = f"({edition}) " if m.group("ed") else ""
            mark = "§§" if _is_range(sec) else "§"
            display = f"Rev. Stat. {ed_w}{mark} {sec}{sub}" + (
                f" ({edition})" if edition2 and not m.group("ed") else ""
            )
            o = occ(
                text,
                m.start() if i == 0 else s,
                e,
                category=CAT,
                key=RevisedStatutesKey(f"{sec}{sub}", edition),
                display=display,
                sort_key=statute_sort(0, 2, "", (), "", sec, sub, edition),
                meta=ProvisionMeta(code="Rev. Stat.", section=sec, subsection=sub, edition=edition),
            )
            occs.append(o)
        if edition2:
            occs[-1].end = occs[-1].anchor_end = end2
            occs[-1].text = text[occs[-1].start : end2]
        claims.append(claim(occs))
    return claims


# ---------------------------------------------------------------------------
# state codes
# ---------------------------------------------------------------------------

_CODE_WORD = prefilter.compile(r"\b(?:Code|Codes|Stat|Stats|Statutes|Laws?|C\.\s?P\.\s?L\.\s?R|Gen|Rev|Cons|Comp)\b")
_STATE_CODE = prefilter.compile(
    rf"(?<![\w.])(?:(?P<pre>\d{{1,3}})\s)?(?P<state>{STATE_RE})\s"
    # Maryland's codes are named by subject after a comma: "Md. Code Ann., Cts. & Jud. Proc. § 5-101"
    r"(?P<name>(?:Code(?:\sAnn\.)?,\s)?(?:(?:(?:[A-Z][A-Za-z'’]*\.){2,}|[A-Z][A-Za-z'’]*\.?|&|of)\s){1,8}?)"
    r"(?P<paren>\((?:[A-Z][A-Za-z.]*\s)?(?:Supp\.\s)?\d{4}\)\s?)?"
    r"(?:(?P<tit>tit\.\s?\d+[A-Z]?),?\s)?(?:(?P<ch>ch\.\s?\d+[A-Z]?),?\s)?(?:(?P<tit2>tit\.\s?[IVX]+),?\s)?"
    r"(?P<mark>§§?)\s?(?=\d)"
)
# What may stand between a state form's name and its number (data/state_code_forms.toml, "marks")
_FORM_MARKS = {"§": r"§\s?", "§§": r"§§?\s?", "rule": r"R(?:ule)?\.?\s", "art": r"(?:art|ART)\.\s?"}


# A subsection after a space, as New York's official style writes it ("§ 240 (1)"; never a year)
_SPACED_SUBSECS = r"(?:\s?\((?![12]\d{3}\))\s?[A-Za-z0-9]{1,6}\s?\))*"


@dataclass(frozen=True)
class _StateForm:
    """One entry of data/state_code_forms.toml: its pattern, its state, the code's key words when
    its name does not give them, and the pattern of a further section of a list ("§§ 240, 241")."""

    pattern: prefilter.Pattern
    state: str
    words: str | None
    item: prefilter.Pattern


def _state_form(entry: dict[str, Any]) -> _StateForm:
    marks = entry.get("marks", [])
    subs = _SPACED_SUBSECS if entry.get("spaced_subsections") else SUBSECS
    mark = "(?:" + "|".join(_FORM_MARKS[k] for k in marks) + ")" + ("" if entry.get("mark_required") else "?")
    number = "(?P<sec>" + entry["section"] + ")(?P<sub>" + subs + ")"
    return _StateForm(
        prefilter.compile(
            r"(?<![\w.])"
            + (r"(?P<pre>\d{1,3})\s" if entry.get("title_first") else "")
            + "(?P<name>"
            + "|".join(form_pattern(f) for f in entry["forms"])
            + r")\s"
            + (mark if marks else "")
            + number
        ),
        entry["state"],
        entry.get("words"),
        prefilter.compile(number + r"(?![\w.-])"),
    )


# Codes cited in their states' own forms, each read whole
_STATE_FORMS = tuple(_state_form(entry) for entry in load("state_code_forms", "code"))
# Massachusetts' "G.L. c. 93A, § 9" = "Mass. Gen. Laws ch. 93A, § 9"
_MASS_GL = prefilter.compile(
    r"(?<![\w.])(?P<name>(?:M\.\s?)?G\.\s?L\.)\s(?:c|ch)\.\s?(?P<ch>\d+[A-Z]?),\s§\s?"
    r"(?P<sec>\d+[A-Z]?(?:\.\d+)?)(?P<sub>" + SUBSECS + ")"
)
# Florida's own form, the code after the section: "§ 768.28(5), Fla. Stat. (2022)", "section 768.28,
# Florida Statutes" = "Fla. Stat. § 768.28(5) (2022)"
_FLA_AFTER = prefilter.compile(
    r"(?<![\w.§])(?:§|[Ss]ection)\s?(?P<sec>\d+\.\d+[a-z]?)(?P<sub>" + SUBSECS + r"),\s"
    r"(?P<name>Fla\.\sStat\.|Florida\sStatutes)(?:\s\((?P<ed>\d{4})\))?"
)
_STATE_SESSION = prefilter.compile(
    rf"(?<![\w.])(?P<year>\d{{4}})\s(?P<state>{STATE_RE})\s(?P<kind>Acts|Laws|Sess\.\sLaws|Sess\.\sLaw\sServ\.|Stat\.)"
    r"\s(?:ch\.|c\.|No\.|Act)\s?(?P<ch>\d+)(?:,\s?(?P<mark>§§?)\s?(?P<sec>\d+[\w.:-]*" + SUBSECS + "))?"
)

_STATS_SEC = r"\d+[A-Za-z]?(?:\.\d+)?" + SUBSECS
# California's session laws as the California Style Manual writes them: "Stats. 2003, ch. 484, § 2",
# "Stats. 2011, 1st Ex. Sess. 2011, ch. 12, § 3", "(Stats. 1987, ch. 1431, § 1, p. 5279)"
_CAL_STATS = prefilter.compile(
    r"(?<![\w.])(?:Cal\.\s)?Stats\.\s(?P<year>\d{4})(?P<sess>,\s\d(?:st|nd|rd|th)\sEx\.\sSess\.(?:\s\d{4}(?:-\d{2,4})?)?)?"
    r",\sch\.\s?(?P<ch>\d+)(?:,\s?(?:§\s?(?P<sec>"
    + _STATS_SEC
    + r")|§§\s?(?P<secs>"
    + _STATS_SEC
    + r"(?:(?:,\s|,?\sand\s)"
    + _STATS_SEC
    + ")+)))?"
)

# A Texas session law as the codes' history notes and Texas briefs cite it, by year, Legislature and
# chapter, with the bill it enacted and the sections cited: "Acts 2019, 86th Leg., ch. 467 (H.B. 4170),
# §§ 3, 21(2)", "Acts 2003, 78th Leg., R.S., ch. 204, § 10.01". One entry, the sections as cited; a
# list stops before a session-laws cite that may follow ("…, § 3, 2019 Tex. Gen. Laws 1234").
_ACTS_SEC = _STATS_SEC + r"(?!\s[A-Z])"
_LEGISLATURE_ACTS = prefilter.compile(
    r"(?<![\w.])Acts\s(?P<year>\d{4}),\s(?P<leg>\d+(?:st|nd|rd|th)\sLeg\.)(?:,\s(?:R\.S\.|\d(?:st|nd|rd|th)\sC\.S\.))?"
    r",\sch\.\s?(?P<ch>\d+)(?:\s\([HS]\.\s?[BJR]\.\s(?:No\.\s)?\d+\))?"
    r"(?:,\s?(?:§\s?(?P<sec>"
    + _ACTS_SEC
    + r")|§§\s?(?P<secs>"
    + _ACTS_SEC
    + r"(?:(?:,\s|,?\sand\s)"
    + _ACTS_SEC
    + ")+)))?"
)

# The words of codes cited with a title number before them ("42 Pa. Cons. Stat.", "625 Ill. Comp.
# Stat.", "22 Cal. Code Regs.", "16 Tex. Admin. Code", "21 Okla. Stat."); "Penal Code" is not one.
_TITLED_CODE_WORDS = {"cons", "stat", "comp", "laws", "code", "regs", "admin", "rev", "gen", "ill", "ny", "cplr"}


def _code_norm(name: str) -> str:
    """Key words of a code's name, the same for every spelling (see common.code_key)."""
    return code_key(name)


def _state_occ(
    text: str,
    start: int,
    end: int,
    abbr: str,
    code_w: str,
    code_norm: str,
    prefix: str,
    sec: str,
    sub: str,
    edition: str,
    mark: str = "§",
    pre_display: str | None = None,
) -> Occurrence:
    section = f"{sec}{sub}"
    key = StateCodeKey(abbr, code_norm, prefix, section, edition)
    display = (
        pre_display if pre_display is not None else f"{code_w} {mark} {section}" + (f" ({edition})" if edition else "")
    )
    meta = ProvisionMeta(
        code=clean(code_w), jurisdiction=abbr, section=sec, subsection=sub.split("-")[0], title=prefix, edition=edition
    )
    # "16 Tex. Admin. Code § 1.1": a regulation, sorted as the rules stage does; so is the Pennsylvania
    # Code ("25 Pa. Code § 93.7"), the state's regulations, whose statutes are "Pa. Cons. Stat."
    if is_regulation_code(code_norm) or (abbr == "Pa." and code_norm == "code" and prefix):
        sort = (2, 7, state_name(abbr), natkey(f"{code_norm} {prefix}".strip()), natkey(sec + sub), edition)
        return occ(text, start, end, category="rules_regulations", key=key, display=display, sort_key=sort, meta=meta)
    sort = statute_sort(1, 0, state_name(abbr), (), f"{code_norm} {prefix}".strip(), sec, sub, edition)
    return occ(text, start, end, category=CAT, key=key, display=display, sort_key=sort, meta=meta)


def reads_state_code(code: str) -> bool:
    """Whether find_state_codes reads all of `code` as a state's code named before its "§" ("N.Y.
    Penal Law", "Va. Code Ann.", "18 Pa. Cons. Stat. Ann.")."""
    m = _STATE_CODE.match(f"{code} § 1")
    return m is not None and m.start("mark") == len(code) + 1 and _state_of_code(m) is not None


_LOCAL_GOVERNMENT_FIRST = prefilter.compile(r"\s*(?:City|County|Town|Village|Borough|Parish)\b")


def _state_of_code(m: re.Match[str]) -> str | None:
    """The state whose code a match of _STATE_CODE names; None when its words name no code ("Tex.
    R. Civ. P." is a rule, other words are prose)."""
    name = m.group("name")
    if not _CODE_WORD.search(name) or re.search(r"\bR\.", name):
        return None
    if _LOCAL_GOVERNMENT_FIRST.match(name):  # "New York City Administrative Code": the city's, not the state's
        return None
    return state_abbr(m.group("state"))


def _form_occ(text: str, m: re.Match[str], abbr: str, code_norm: str | None) -> Occurrence:
    """The section a match of one of _STATE_FORMS cites, written as the brief writes it."""
    sub = squeeze_subsections("".join(m.group("sub").split()))
    edition, end = _edition_after(text, m.end())
    pre = m.groupdict().get("pre") or ""
    code_w = clean(text[m.start() : m.start("sec")])
    display = f"{code_w} {m.group('sec')}{sub}" + (f" ({edition})" if edition else "")
    return _state_occ(
        text,
        m.start(),
        end,
        abbr,
        m.group("name"),
        code_norm or _code_norm(m.group("name")),
        pre,
        m.group("sec"),
        sub,
        edition,
        pre_display=display,
    )


def _form_list(text: str, m: re.Match[str], form: _StateForm) -> list[Occurrence]:
    """The sections a match of a state's own form cites: one, or after "§§" each of a list
    ("Labor Law §§ 200, 240 (1) and 241 (6)"), every one named by the code."""
    if "§§" not in text[m.end("name") : m.start("sec")]:
        return [_form_occ(text, m, form.state, form.words)]
    code_w = clean(text[m.start() : m.end("name")])
    code_norm = form.words or _code_norm(m.group("name"))
    pre = m.groupdict().get("pre") or ""
    occs: list[Occurrence] = []
    item: re.Match[str] | None = form.item.match(text, m.start("sec"))
    while item is not None:
        sec, sub = item.group("sec"), squeeze_subsections("".join(item.group("sub").split()))
        start = m.start() if not occs else item.start()
        display = f"{code_w} § {sec}{sub}"
        occs.append(
            _state_occ(text, start, item.end(), form.state, code_w, code_norm, pre, sec, sub, "", pre_display=display)
        )
        join = _JOIN.match(text, item.end())
        item = form.item.match(text, join.end()) if join else None
    return occs


def state_form_section(code: str, title: str, mark: str, number: str) -> Occurrence | None:
    """Section `number` of a code cited in its state's own form ("42 Pa.C.S. § 5524", "N.Y.
    C.P.L.R. 3211", "MCL 600.5805"), with its title number `title` before it and the section sign
    when `mark` is "§", as find_state_codes makes it: the full citation a short form of it stands
    for. None when no such form names the code, or the number is no one section."""
    written = " ".join(part for part in (title, code, mark, number) if part)
    for form in _STATE_FORMS:
        m = form.pattern.match(written)
        if m and m.end() == len(written):
            return _form_occ(written, m, form.state, form.words)
    return None


def state_code_section(code: str, jurisdiction: str, words: str, title: str, number: str) -> Occurrence | None:
    """Section `number` of a state's code written "<code> § <number>" ("N.Y. Penal Law § 110.00",
    "18 Pa. Cons. Stat. Ann. § 301"), as find_state_codes makes it from the code's parts (its key
    words, its title number): the full citation a short form of it stands for. None for a number
    that is no section."""
    head = f"{code} § "
    written = head + number
    items, _end = parse_items(written, len(head), STATE_ITEM, allow_list=False)
    if not items:
        return None
    _start, e, sec, sub, _etseq = items[0]
    return _state_occ(written, 0, e, jurisdiction, code, words, title, sec, sub, "", pre_display=f"{head}{sec}{sub}")


# Minnesota's numbered subdivisions of a section ("§ 541.05, subd. 1(5)"; California's are lettered,
# "subd. (a)", and read by the California Style Manual's forms)
_NUMBERED_SUBDIVISION = prefilter.compile(r",\ssubd\.\s(?P<subd>\d+[a-z]?(?:\(\w{1,4}\))*)(?![\w-]|\.\d)")
# A book's edition ("4th ed. 2012", "3d ed."): a code's section is never cited by one
_BOOK_EDITION = prefilter.compile(r"\d+(?:st|nd|rd|th|d)\sed\.")


def _state_code(text: str, m: re.Match[str]) -> Claim | None:
    """ "Tex. Penal Code § 71.01", "Okla. Stat. tit. 21, § 701.7", "21 Okla. Stat. §§ 701.7, 701.8"."""
    name = m.group("name").strip()
    abbr = _state_of_code(m)
    if abbr is None:
        return None
    items, end = parse_items(text, m.end(), STATE_ITEM, allow_list=m.group("mark") == "§§")
    if not items:
        return None
    subd = _NUMBERED_SUBDIVISION.match(text, end) if len(items) == 1 else None
    if subd:  # "Minn. Stat. § 541.05, subd. 1(5)": a numbered subdivision is part of the provision
        s0, _e0, sec0, sub0, etseq0 = items[0]
        items, end = [(s0, subd.end(), sec0, f"{sub0}, subd. {subd.group('subd')}", etseq0)], subd.end()
    edition2, end2 = _edition_after(text, end)
    if _BOOK_EDITION.match(edition2):
        return None  # "Witkin & Epstein, California Criminal Law § 12 (4th ed. 2012)": a treatise's section
    paren = clean(m.group("paren") or "").strip("() ")
    edition = edition2 or paren
    # a title is keyed by its number: "Okla. Stat. tit. 21" and "21 Okla. Stat." name one title
    tit = re.sub(r"^tit\.\s?", "", m.group("tit") or "")
    pre, start = m.group("pre"), m.start()
    if pre and set(_code_norm(name).split()) - _TITLED_CODE_WORDS:
        # "144 Texas Penal Code § 71.01": a code named by its subject has no title number before
        # it, so the number is a footnote's (or a list's), not part of the cite
        pre, start = None, m.start("state")
    prefix = " ".join(clean(x) for x in (pre, tit, m.group("ch"), m.group("tit2")) if x)
    code_w = clean(text[start : m.start("mark")]).rstrip(", ")
    # a comma before the section sign after a title or chapter, where the brief writes one
    titled = m.group("tit") or m.group("ch")
    comma = bool(titled) and "," in text[m.start("tit") if m.group("tit") else m.start("ch") : m.start("mark")]
    shown_edition = f" ({edition2})" if edition2 else ""
    occs = [
        _state_occ(
            text,
            start if i == 0 else s,
            e,
            abbr,
            code_w,
            _code_norm(name),
            prefix,
            sec,
            sub,
            edition,
            pre_display=f"{code_w}{',' if comma else ''} {state_mark(sec)} {sec}{sub}{shown_edition}",
        )
        for i, (s, e, sec, sub, _etseq) in enumerate(items)
    ]
    if edition2:
        extend_last(text, occs, end2)
    return claim(occs)


def _session_law(
    text: str, m: re.Match[str], abbr: str, code_w: str, code_norm: str, section: tuple[str, str]
) -> Claim:
    """A session law's chapter (the match's "ch") with its section (base, subsections), its entry
    the citation as the brief writes it."""
    base, sub = section
    chapter = f"ch. {m.group('ch')}"
    o = _state_occ(
        text, m.start(), m.end(), abbr, code_w, code_norm, chapter, base, sub, "", pre_display=clean(m.group(0))
    )
    return claim([o])


def _sections(m: re.Match[str]) -> tuple[str, str]:
    """The section of a session law ("§ 3(b)"), or its sections kept as written ("§§ 3-5")."""
    return split_section(m.group("sec") or "") if not m.group("secs") else (clean(m.group("secs")), "")


def _state_laws_in_other_forms(text: str) -> Iterator[Claim]:
    """The forms of particular states: a code written out ("Texas Penal Code section 71.01"), the
    General Laws of Massachusetts, "§ 775.082, Fla. Stat.", and session laws ("2019 Tex. Gen. Laws ch. 5",
    "Acts 2003, 78th Leg., ch. 204", "Stats. 2012, ch. 806")."""
    for form in _STATE_FORMS:
        for m in form.pattern.finditer(text):
            yield claim(_form_list(text, m, form))
    for m in _MASS_GL.finditer(text):
        sub = squeeze_subsections(m.group("sub"))
        chapter = f"ch. {m.group('ch')}"
        o = _state_occ(
            text,
            m.start(),
            m.end(),
            "Mass.",
            m.group("name"),
            "gen laws",
            chapter,
            m.group("sec"),
            sub,
            "",
            pre_display=clean(m.group(0)),
        )
        yield claim([o])
    for m in _FLA_AFTER.finditer(text):
        sub = squeeze_subsections(m.group("sub"))
        edition = m.group("ed") or ""
        display = f"§ {m.group('sec')}{sub}, Fla. Stat." + (f" ({edition})" if edition else "")
        o = _state_occ(
            text,
            m.start(),
            m.end(),
            "Fla.",
            m.group("name"),
            "stat",
            "",
            m.group("sec"),
            sub,
            edition,
            pre_display=display,
        )
        yield claim([o])
    for m in _STATE_SESSION.finditer(text):
        state = state_abbr(m.group("state"))
        if state is not None:
            code_norm = f"{norm(m.group('kind'))} {m.group('year')}"
            yield _session_law(text, m, state, m.group("kind"), code_norm, split_section(m.group("sec") or ""))
    for m in _LEGISLATURE_ACTS.finditer(text) if "Leg." in text else ():
        code_norm = f"acts {m.group('year')} {norm(m.group('leg'))}"
        yield _session_law(text, m, "Tex.", "Acts", code_norm, _sections(m))
    for m in _CAL_STATS.finditer(text):
        code_norm = f"stats {m.group('year')} {norm(m.group('sess') or '').strip(', ')}".strip()
        yield _session_law(text, m, "Cal.", "Stats.", code_norm, _sections(m))


def find_state_codes(text: str, _emphasis: Emphasis | None = None) -> list[Claim]:
    codes = [c for c in (_state_code(text, m) for m in _STATE_CODE.finditer(text)) if c is not None]
    return codes + list(_state_laws_in_other_forms(text))


# ---------------------------------------------------------------------------
# short forms: Id. § 230(c)(1); § 6330(c)(2)(B); Section 6330
# ---------------------------------------------------------------------------

_ID_SECTION = prefilter.compile(r"(?<![\w.])[Ii]d\.,?\s(?:at\s)?(?P<mark>§§?|[Aa]rt\.(?=\s?\d+\.\d))\s?(?=\d)")
_BARE_SECTION = prefilter.compile(r"(?<![\w.§])(?P<mark>§§?|Sections?|sections?|Secs?\.)\s?(?=\d)")
# A code's article ("article 38.37", "Art. 1.13(a)"): numbered with a point, never a
# constitution's article ("Article I", "Article 1, Section 15").
_BARE_ARTICLE = prefilter.compile(r"(?<![\w.])(?P<mark>[Aa]rticles?|ARTICLES?|[Aa]rts?\.|ARTS?\.)\s?(?=\d+\.\d)")
_USSG_SHAPE = prefilter.compile(r"\d[A-Z]\d\.\d")
_OF_ACT = prefilter.compile(
    r"\sof\s(?:the\s)?(?P<act>(?:[A-Z][\w'’.-]*\s(?:(?:of|and|for|the|on|to|in|&)\s)*){0,8}?"
    r"(?:Act|Code)(?:\sof\s\d{4})?)"
)
_NOT_STATUTE_AFTER = prefilter.compile(
    r"\s(?:of\s(?:this|the)\s(?:brief|opinion|petition|Restatement)|above|below|supra|infra)"
)


# A bare "§ N" is a statute only where a statute can be meant.  It is a pin of a book or
# article when it follows the work's italic title ("Author, *Title* § 689"), a "supra"
# ("Author, supra, § 682"), or an author's surname ("Author § 682", "Wright & Miller § 1357"),
# or when a page pin follows it ("§ 682, at 371": statutes are not cited by page).
_SUPRA_BEFORE = prefilter.compile(r"\bsupra,?\s$")
_WORD_BEFORE = prefilter.compile(r"(?<![\w.'’-])(?P<word>" + SURNAME + r")\s$")
_PAGE_PIN_AFTER = prefilter.compile(r",\sat\s\d")
_SIGNAL_ONLY = prefilter.compile(
    r"(?:(?:see|also|cf|compare|but|accord|contra|e\.g|generally|with|and|id|ibid)[.,]?\s*)+$", re.I
)


def _after_title(text: str, pos: int, emphasis: Emphasis | None) -> bool:
    """True when an italic title ends right before `pos` (spaces/commas between).  An
    italic signal ("*See* § 1983") is not a title; a span running on past `pos` (a wholly
    italic paragraph) says nothing."""
    gap_start = len(text[:pos].rstrip(" ,"))
    for a, b in emphasis or ():
        if a < gap_start <= b <= pos and not _SIGNAL_ONLY.match(text[a:b].strip()):
            return True
    return False


def secondary_pin(text: str, start: int, end: int, emphasis: Emphasis | None = None) -> bool:
    """True when the bare section at [start, end) is the pin of a secondary source."""
    head = text[max(0, start - 40) : start]
    if _SUPRA_BEFORE.search(head) or _PAGE_PIN_AFTER.match(text, end):
        return True
    w = _WORD_BEFORE.search(head)
    if w and is_author_word(w.group("word")):
        return True
    return _after_title(text, start, emphasis)


def _short_occs(text: str, m: re.Match[str], kind: Kind, emphasis: Emphasis | None = None) -> list[Occurrence] | None:
    items, end = parse_items(text, m.end(), STATE_ITEM)
    if not items or _USSG_SHAPE.match(text, m.end()):
        return None
    if _NOT_STATUTE_AFTER.match(text, end):
        return None
    if kind == "reference" and m.group("mark").startswith("§") and secondary_pin(text, m.start(), end, emphasis):
        return None
    act = _OF_ACT.match(text, end)
    occs = []
    word = not m.group("mark").startswith("§")
    article = m.group("mark").lower().startswith("art")
    s0, e0, sec0, sub0, etseq0 = items[-1]
    subs, _end, _word = subdivisions(text, e0, sub0)
    listed = {}
    if subs:  # "section 314, subdivision (1)"; "§ 1250, subds. (c), (k)": one provision as cited, as a full cite is
        items[-1:] = [(s0, subs[-1][1], sec0, subs[0][2], etseq0)]
        if len(subs) > 1:
            listed = {len(items) - 1: [sub for _a, _b, sub in subs]}
    art_sec = _ARTICLE_SECTION.match(text, items[-1][1]) if article and len(items) == 1 and kind == "id" else None
    if art_sec:  # "Id. art. 38.37, § 2-a": a section of that article
        s0, _e, sec0, sub0, etseq0 = items[0]
        items = [(s0, art_sec.end(), f"{sec0}{sub0}, § {art_sec.group('sec')}", art_sec.group("sub"), etseq0)]
    for i, (s, e, sec, sub, etseq) in enumerate(items):
        meta = ProvisionMeta(
            section=sec,
            # a range of subsections as cited ("(B)(i)-(viii)"): the full citation it completes is that range
            subsection=sub,
            subsections=listed.get(i, []),
            et_seq=etseq,
            act=clean(act.group("act")) if act else "",
            mark="art." if article else "",
        )
        o = occ(
            text,
            m.start() if i == 0 else s,
            e,
            category=None,
            key=None,
            display=None,
            sort_key=None,
            kind=kind,
            meta=meta,
            flags=["informal_reference"] if word and kind == "reference" else None,
        )
        occs.append(o)
    return occs


_ARTICLE_SECTION = prefilter.compile(r",?\s§\s?(?P<sec>\d+[A-Za-z]?(?:-[A-Za-z])?)(?P<sub>" + SUBSECS + r")")

# "(Id., subd. (d)(1).)": another subdivision of the section cited just before (California Style Manual)
_ID_SUBDIVISION = prefilter.compile(r"(?<![\w.])[Ii]d\.(?=,\s(?:subds?\.|subdivisions?)\s?[(\d])")


# "Under subdivision (b)(6), the court ...": a subdivision of the section cited just before
_BARE_SUBDIVISION = prefilter.compile(r"(?<![\w.])(?:[Ss]ubdivisions?|[Ss]ubds?\.)\s?(?=\()")
_OF_AFTER = prefilter.compile(r",?\sof\s")
_OF_SECTION = prefilter.compile(r",?\sof\s(?:[Ss]ection|§)\s?(?P<sec>\d+[A-Za-z]?(?:\.\d+[A-Za-z]?)*)(?![\w(.]\w)")


def _bare_subdivisions(text: str, m: re.Match[str]) -> list[Occurrence]:
    if text[: m.start()].rstrip().endswith(","):
        return []  # ", subd. (b)" of a cite: part of it
    out: list[Occurrence] = []
    pos = m.end()
    while (one := _SUBD_ONE.match(text, pos)) and one.group().startswith("("):
        out.append(
            occ(
                text,
                m.start() if not out else one.start(),
                one.end(),
                category=None,
                key=None,
                display=None,
                sort_key=None,
                kind="reference",
                flags=["informal_reference"],
                meta=ProvisionMeta(subsection=re.sub(r"\s", "", one.group()), subdivision_only=True),
            )
        )
        j = _SUBD_JOIN.match(text, one.end())
        if not j:
            break
        pos = j.end()
    if out and _OF_AFTER.match(text, out[-1].end):
        of = _OF_SECTION.match(text, out[-1].end)
        if not of or len(out) > 1 or _OF_ACT.match(text, of.end()):
            return []  # "subdivision (b) of section 1170 of the Code of Civil Procedure": read by the code's form
        # "subdivision (b) of section 1170": that subdivision of that section
        o = out[0]
        assert isinstance(o.meta, ProvisionMeta)
        return [
            occ(
                text,
                o.start,
                of.end(),
                category=None,
                key=None,
                display=None,
                sort_key=None,
                kind="reference",
                flags=["informal_reference"],
                meta=ProvisionMeta(section=of.group("sec"), subsection=o.meta.subsection),
            )
        ]
    return out


def find_short_forms(text: str, emphasis: Emphasis | None = None) -> list[Claim]:
    claims = []
    for m in _BARE_SUBDIVISION.finditer(text):
        occs = _bare_subdivisions(text, m)
        if occs:
            claims.append(claim(occs, RANK_REFERENCE))
    for m in _ID_SUBDIVISION.finditer(text):
        subs, _end, _word = subdivisions(text, m.end())
        occs = [
            occ(
                text,
                m.start() if k == 0 else a,
                b,
                category=None,
                key=None,
                display=None,
                sort_key=None,
                kind="id",
                meta=ProvisionMeta(subsection=sub, subdivision_only=True),
            )
            for k, (a, b, sub) in enumerate(subs)
        ]
        if occs:
            claims.append(claim(occs, RANK_REFERENCE))
    for m in _ID_SECTION.finditer(text):
        shorts = _short_occs(text, m, "id")
        if shorts:
            claims.append(claim(shorts, RANK_REFERENCE))
    for m in list(_BARE_SECTION.finditer(text)) + list(_BARE_ARTICLE.finditer(text)):
        shorts = _short_occs(text, m, "reference", emphasis)
        if shorts:
            claims.append(claim(shorts, RANK_REFERENCE))
    return claims


# A section of an act cited by the act's short name and its own numbering, as immigration, benefits
# and labor briefs cite them ("INA § 101(a)(43)(F)", "ERISA §§ 502(a)(1)(B), (a)(3)"): an entry in the
# brief's words; with the U.S. Code section the brief gives just after it ("INA § 101(a)(43)(F),
# 8 U.S.C. § 1101(a)(43)(F)"), one entry, that section of the Code. A capitalised word before "§" is
# as often a treatise's short name in capitals ("LAFAVE § 9.2", "WRIGHT & MILLER § 1357"), so the name
# is one of the acts federal briefs cite this way, or one the paragraph defines ("the Foo Act (“FA”)").
_ACT_ACRONYM = prefilter.compile(
    r"(?<![\w.'’&-])(?P<act>[A-Z][A-Z&]{1,7}|Title\s[IVXL]+)\s(?P<mark>§§?|[Ss]ections?)"
    r"\s?(?=\d)"
)
# "section 502(a)(3) of ERISA", "Section 212(a)(9)(C) of the INA": the same section
_SECTION_OF_ACRONYM = prefilter.compile(
    r"(?<![\w.])(?:[Ss]ection|§)\s?(?P<sec>"
    + _USC_SECTION
    + r"(?:\.\d+[A-Za-z]*)*)(?P<sub>"
    + SUBSECS
    + r")\sof\s(?:the\s)?(?P<act>[A-Z][A-Z&]{1,7})(?![\w'’-]|\.\w)"
)
_ACTS_BY_SHORT_NAME = frozenset(
    {
        "INA",
        "ERISA",
        "FLSA",
        "NLRA",
        "LMRA",
        "ADA",
        "ADEA",
        "FMLA",
        "OSHA",
        "CERCLA",
        "RCRA",
        "FIFRA",
        "FDCA",
        "FFDCA",
        "CWA",
        "CAA",
        "ESA",
        "NEPA",
        "NHPA",
        "TSCA",
        "SDWA",
        "FPA",
        "NGA",
        "FCA",
        "TCPA",
        "FDCPA",
        "FCRA",
        "TILA",
        "RESPA",
        "ECOA",
        "HIPAA",
        "FERPA",
        "COPPA",
        "AEDPA",
        "IDEA",
        "FTCA",
        "FOIA",
        "DMCA",
        "ECPA",
        "CFAA",
        "RICO",
        "VRA",
        "NVRA",
        "HAVA",
        "UCMJ",
        "FISA",
        "IEEPA",
        "RFRA",
        "RLUIPA",
        "PLRA",
        "CSA",
        "SOX",
        "PSLRA",
        "SLUSA",
        "CAFA",
        "FAA",
        "LHWCA",
        "FELA",
        "FECA",
        "FEHBA",
        "USERRA",
        "WARN",
        "MSPA",
        "FSIA",
        "ATS",
        "TVPA",
        "EMTALA",
        "PREP",
        "ACA",
        "PPACA",
        "MMA",
        "SSA",
        "HEA",
        "NFA",
        "GCA",
        "FHA",
        "IRCA",
        "IIRIRA",
        "HSA",
        "APA",
        "FACA",
        "NFIA",
        "FARA",
        "CRA",
    }
)
_DEFINED_AS = r"\(\s?(?:the\s)?[“\"]?{}[”\"]?\s?\)"
_PARALLEL_USC = prefilter.compile(r",\s(?P<title>\d{1,2})\sU\.\s?S\.\s?C\.(?:A\.)?\s?(?P<mark>§?)\s?(?=\d)")
# "8 U.S.C. § 1101(a)(43)(F) (INA § 101(a)(43)(F))": the act's section given after the Code's
_USC_BEFORE = prefilter.compile(
    r"(?<![\w.])(?P<title>\d{1,2})\sU\.\s?S\.\s?C\.(?:A\.)?\s?(?P<mark>§?)\s?"
    r"(?P<num>\d[\w()-]*)\s\($"
)


def act_section(act: str, number: str) -> Occurrence | None:
    """Section `number` ("502(a)(3)") of the act whose short name is `act` ("ERISA"), as
    find_act_sections makes "ERISA § 502(a)(3)": the full citation a short form of it stands for."""
    written = f"{act} § {number}"
    items, end = parse_items(written, len(act) + 3, _USC_ITEM, allow_list=False)
    if len(items) != 1 or end != len(written):
        return None
    _s, e, sec, sub, _etseq = items[0]
    return _act_section_occ(written, 0, e, act, sec, sub)


def _act_section_occ(text: str, start: int, end: int, act: str, sec: str, sub: str) -> Occurrence:
    return occ(
        text,
        start,
        end,
        category=CAT,
        key=ActSectionKey(act, sec + sub),
        display=f"{act} § {sec}{sub}",
        sort_key=statute_sort(0, 5, act, (), "", sec, sub),
        meta=ProvisionMeta(code=act, section=sec, subsection=sub.split("-")[0], act=act),
    )


def _is_act_name(act: str, text: str, defined: frozenset[str] = frozenset()) -> bool:
    """Whether `act` is the short name of an act: one federal briefs cite by it, one `text` defines,
    or one an earlier paragraph defined (`defined`)."""
    return act in _ACTS_BY_SHORT_NAME or act in defined or bool(re.search(_DEFINED_AS.format(re.escape(act)), text))


# "the Americans with Disabilities Act (ADA)", "the Foo Act of 1990, 42 U.S.C. § 12101 et seq.
# (“FA”)", "the Fair Employment and Housing Act (Gov. Code, § 12900 et seq.) (FEHA)": a short name
# defined for an act, which the brief may cite by it paragraphs later ("FEHA § 12940(m)")
_ACT_DEFINED = prefilter.compile(
    r"\bAct\b(?:[^().;]|\.(?=[A-Za-z]|\s?[a-z\d§(])|\([^()]{0,80}\)){0,100}?"
    r"\(\s?(?:the\s)?[“\"]?(?P<act>[A-Z][A-Z&]{1,7})[”\"]?\s?\)"
)


def act_names_defined(text: str) -> set[str]:
    """The short names `text` defines for acts ("(ADA)" after "the Americans with Disabilities Act")."""
    return {m.group("act") for m in _ACT_DEFINED.finditer(text)} if "Act" in text else set()


def find_act_sections(
    text: str, _emphasis: Emphasis | None = None, defined: frozenset[str] = frozenset()
) -> list[Claim]:
    """An act's sections cited by its short name; `defined`: the short names earlier paragraphs
    defined for acts."""
    claims = []
    for m in _SECTION_OF_ACRONYM.finditer(text) if " of " in text else ():
        act = m.group("act")
        if _is_act_name(act, text, defined):
            claims.append(
                _act_claim(
                    text,
                    m.start(),
                    [(m.start(), m.end(), m.group("sec"), squeeze_subsections(m.group("sub")), False)],
                    m.end(),
                    act,
                )
            )
    for m in _ACT_ACRONYM.finditer(text):
        act = clean(m.group("act"))
        if not (act.startswith("Title ") or _is_act_name(act, text, defined)):
            continue
        many = m.group("mark") in ("§§", "sections", "Sections")
        items, end = parse_items(text, m.end(), _USC_ITEM, allow_list=many)
        if re.match(r"\.\d", text[end : end + 2]):  # "CCPA § 1798.120": a state act's sections hold dots
            items, end = parse_items(text, m.end(), STATE_ITEM, allow_list=many)
        if not items or _NOT_STATUTE_AFTER.match(text, end):
            continue
        claims.append(_act_claim(text, m.start(), items, end, act))
    return claims


def _act_claim(text: str, start: int, items: list[tuple[int, int, str, str, bool]], end: int, act: str) -> Claim:
    """The sections `items` of the act `act` cited at text[start:end]; one section with the U.S. Code
    section the brief gives with it, just after or just before it, is that section of the Code."""
    usc = _PARALLEL_USC.match(text, end) if len(items) == 1 else None
    before = None
    if usc:
        code_items = parse_items(text, usc.end(), _USC_ITEM, allow_list=False)[0]
        title, mark, number = usc.group("title"), usc.group("mark"), "".join(code_items[0][2:4]) if code_items else ""
    else:
        before = _USC_BEFORE.search(text, max(0, start - 40), start) if len(items) == 1 else None
        title, mark, number = before.group("title", "mark", "num") if before else ("", "", "")
    parallel = us_code_section(title, mark, number) if number else None
    if parallel is not None:  # "INA § 101(a)(43)(F), 8 U.S.C. § 1101(a)(43)(F)": that section of the Code
        _s, e, sec, sub, _etseq = items[0]
        assert isinstance(parallel.meta, ProvisionMeta)
        # in the order the brief gives them
        both = f"{parallel.display} ({act} § {sec}{sub})" if before else f"{act} § {sec}{sub}, {parallel.display}"
        return claim_one(
            text,
            start,
            e,
            category=CAT,
            key=parallel.key,
            display=both,
            sort_key=parallel.sort_key,
            meta=replace(parallel.meta, act=act, act_section=sec + sub),
        )
    return claim(
        [
            _act_section_occ(text, start if i == 0 else s, e, act, sec, sub)
            for i, (s, e, sec, sub, _etseq) in enumerate(items)
        ]
    )


# A county's or city's code, with the chapters and parts it is cited by: "Travis County Code, ch. 64,
# subch. 64B, § 2-A", "Austin City Code § 25-2-1", "L.A. Mun. Code § 12.22", "Los Angeles Municipal
# Code section 41.18", and a city's administrative code ("N.Y.C. Admin. Code § 8-107", "S.F. Admin.
# Code § 12B.1"; a state's, "Tex. Admin. Code", holds regulations). Its sections may end in a letter
# after a hyphen ("§ 2-A").
_LOCAL_CODE = prefilter.compile(
    r"(?<![\w.])(?P<name>(?:(?!(?:See|Cf|Also|But|Compare|Accord|Under|In|The|And|Or|Contra)\b)[A-Z][\w.'’]*(?:-[A-Z][\w.'’]*)?\s){1,3}"
    r"(?:(?:County|City|Town|Village|Parish|Borough)\sCode"
    r"(?:\sof\sOrdinances)?|Mun(?:icipal|\.)\sCode|(?P<admin>Admin(?:istrative|\.)\sCode))"
    # the code written out before the city it belongs to: "Administrative Code of the City of New York"
    r"|(?:Administrative|Municipal)\sCode\sof\sthe\s(?:City|County|Town|Village)\sof\s[A-Z][\w.'’]*(?:\s[A-Z][\w.'’]*){0,2})"
    r"(?P<parts>(?:,\s(?:ch|chs|subch|art|tit|pt|div)\.\s\d+[A-Za-z]?(?:[.-]\d+[A-Za-z]?)*)*)"
    r",?\s(?P<mark>§§?|[Ss]ections?)\s?(?=\d)"
)
_LOCAL_CODE_ITEM = prefilter.compile(
    _ITEM_TMPL.format(sec=r"\d+[A-Za-z]?(?:[.:-](?:\d+[A-Za-z]*|[A-Z]\b))*", subs=SUBSECS)
)


# Cities' names as their codes abbreviate them: "N.Y.C. Admin. Code" is New York City's.
_CITY_ABBREVIATIONS = {
    "N.Y.C.": "New York City",
    "L.A.": "Los Angeles",
    "S.F.": "San Francisco",
    "Phila.": "Philadelphia",
    "Chi.": "Chicago",
    "Balt.": "Baltimore",
}
_CODE_OF_CITY = prefilter.compile(r"(?P<code>\w+\sCode)\sof\sthe\s(?P<gov>\w+)\sof\s(?P<city>.+)")


def _local_code_key(name: str) -> str:
    """The words that name a local code whichever way it is spelled: "N.Y.C. Admin. Code", "New York
    City Administrative Code" and "Administrative Code of the City of New York" are one code."""
    m = _CODE_OF_CITY.fullmatch(name)
    if m:  # "Administrative Code of the City of New York" -> "New York City Administrative Code"
        name = f"{m['city']} {m['gov']} {m['code']}"
    words = code_key(" ".join(_CITY_ABBREVIATIONS.get(w, w) for w in name.split())).split()
    return " ".join("mun" if w == "municipal" else w for w in words if w != "city")


_SINGLE_MARK = {"§§": "§", "sections": "section", "Sections": "Section"}


def find_local_codes(text: str, _emphasis: Emphasis | None = None) -> list[Claim]:
    claims = []
    for m in _LOCAL_CODE.finditer(text) if "Code" in text else ():
        if m["admin"] and re.fullmatch(rf"(?:{STATE_RE})\s", m["name"]):
            continue
        items, _end = parse_items(
            text, m.end(), _LOCAL_CODE_ITEM, allow_list=m.group("mark") in ("§§", "sections", "Sections")
        )
        name, parts = clean(m.group("name")), clean(m.group("parts")).lstrip(", ")
        code = _local_code_key(name)
        shown = ""
        if len(items) == 1:  # "Los Angeles Municipal Code section 41.18, subdivision (d)": as written
            s, e, sec, sub, etseq = items[0]
            subs, end, _word = subdivisions(text, e, sub)
            if len(subs) == 1:
                items, shown = [(s, end, sec, subs[0][2], etseq)], clean(text[m.start() : end])
        # every member of a list is printed with the code as the brief names it and one section
        # mark: "… Code §§ 8-107(1)(a), 8-107(7)" lists "… Code § 8-107(1)(a)" and "… Code § 8-107(7)"
        head = clean(text[m.start() : m.start("mark")]) + " " + _SINGLE_MARK.get(m["mark"], m["mark"])
        occs = []
        for i, (s, e, sec, sub, _etseq) in enumerate(items):
            display = shown or f"{head} {sec}{sub}"
            occs.append(
                occ(
                    text,
                    m.start() if i == 0 else s,
                    e,
                    category=CAT,
                    key=StateCodeKey("", code, alpha_key(parts), sec + sub),
                    display=display,
                    sort_key=statute_sort(1, 6, code, (), parts, sec, sub),
                    meta=ProvisionMeta(code=name, title=parts, section=sec, subsection=sub.split("-")[0]),
                )
            )
        if occs:
            claims.append(claim(occs))
    return claims


# A state bill by its session, with the state and year in its parenthetical ("S.B. 396, 94th Gen.
# Assemb., Reg. Sess. (Ark. 2023)", "H.B. 18, 88th Leg., Reg. Sess. (Tex. 2023)", "Assem. Bill 1545,
# 2019-2020 Reg. Sess. (Cal. 2020)"), and the sections it enacts cited by it ("…, § 4-88-1102(c)(1)"),
# as amicus briefs cite laws not yet codified; "S.B. 396 § 4-88-1102(a)" once it has been cited.
_BILL_NAME = (
    r"(?P<type>H\.\s?B\.|S\.\s?B\.|A\.\s?B\.|H\.\s?F\.|S\.\s?F\.|Assem\.\sBill|Sen\.\sBill)"
    r"\s(?:No\.\s?)?(?P<num>\d+)"
)
_ORDINAL = r"\d+(?:st|d|nd|rd|th)"
_SESSION_BILL = prefilter.compile(
    r"(?<![\w.])"
    + _BILL_NAME
    + r",\s(?P<leg>"
    + _ORDINAL
    + r"\s(?:Leg\.|Gen\.\sAssemb\.)(?:,\s(?:R\.S\.|Reg\.\sSess\.|"
    + _ORDINAL
    + r"\s(?:C\.S\.|Spec\.\sSess\.|Extra(?:ordinary)?\.?\sSess\.)))?|\d{4}(?:-\d{4})?\s(?:Reg\.\s)?Sess\.)"
    r"(?P<paren>\s\((?P<state>" + STATE_RE + r")\s\d{4}\))(?:,?\s(?P<mark>§§?)\s?(?=\d))?"
)
# "H.B. 18, … (Tex. 2023) (to be codified at Tex. Bus. & Com. Code §§ 509.001-509.051, 509.053(a))":
# the sections are the bill's, numbered as the code will number them; the bill is the authority.
_TO_BE_CODIFIED = prefilter.compile(r"\s\(to\sbe\scodified\sat\s[^()§]{3,80}?,?\s(?P<mark>§§?)\s?(?=\d)")
_BILL_SECTION_SHORT = prefilter.compile(r"(?<![\w.])" + _BILL_NAME + r",?\s(?P<mark>§§?)\s?(?=\d)")


def _bill_type(written: str) -> str:
    return {"assem.bill": "A.B.", "sen.bill": "S.B."}.get(
        re.sub(r"\s", "", written).lower(), re.sub(r"\s", "", written)
    )


def find_state_bills(text: str, _emphasis: Emphasis | None = None) -> list[Claim]:
    """A state bill cited by its session: the bill (legislative), or each section of it cited
    ("statutes"), written "S.B. 396, 94th Gen. Assemb., Reg. Sess. (Ark. 2023) § 4-88-1102(c)(1)";
    and "S.B. 396 § 4-88-1102(a)", a short form linking reads against the bill cited before."""
    claims = []
    for m in _SESSION_BILL.finditer(text) if "Sess" in text or "Leg." in text or "Assemb" in text else ():
        abbr = state_abbr(m.group("state")) or clean(m.group("state"))
        btype, leg = _bill_type(m.group("type")), clean(m.group("leg"))
        bill = clean(text[m.start() : m.end("paren")])
        codified = None if m.group("mark") else _TO_BE_CODIFIED.match(text, m.end())
        if codified:
            items, end = parse_items(text, codified.end(), STATE_ITEM, allow_list=codified.group("mark") == "§§")
            if items and text.startswith(")", end):
                occs = [
                    _bill_section(text, m.start() if i == 0 else s, e, m, sec, sub)
                    for i, (s, e, sec, sub, _etseq) in enumerate(items)
                ]
                claims.append(claim(occs))
                continue
        if not m.group("mark"):
            display = bill
            claims.append(
                claim_one(
                    text,
                    m.start(),
                    m.end(),
                    category="legislative",
                    key=StateBillKey(abbr, btype, m.group("num"), leg),
                    display=display,
                    sort_key=(natkey(alpha_key(display)),),
                    meta=ProvisionMeta(code="state_bill", act=bill, jurisdiction=abbr),
                )
            )
            continue
        items, _end = parse_items(text, m.end(), STATE_ITEM, allow_list=m.group("mark") == "§§")
        occs = [
            _bill_section(text, m.start() if i == 0 else s, e, m, sec, sub)
            for i, (s, e, sec, sub, _etseq) in enumerate(items)
        ]
        if occs:
            claims.append(claim(occs))
    for m in _BILL_SECTION_SHORT.finditer(text) if "§" in text else ():
        items, _end = parse_items(text, m.end(), STATE_ITEM, allow_list=m.group("mark") == "§§")
        bill = f"{_bill_type(m.group('type'))} {m.group('num')}"
        occs = [
            short_occ(
                text,
                m.start() if i == 0 else s,
                e,
                ProvisionMeta(code="state_bill", act=bill, section=sec, subsection=sub),
            )
            for i, (s, e, sec, sub, _etseq) in enumerate(items)
        ]
        if occs:
            claims.append(claim(occs, RANK_REFERENCE))
    return claims


def _bill_section(text: str, start: int, end: int, bill_m: re.Match[str], sec: str, sub: str) -> Occurrence:
    """Section `sec``sub` of the bill `bill_m` matched (_SESSION_BILL), cited at text[start:end]."""
    abbr = state_abbr(bill_m.group("state")) or clean(bill_m.group("state"))
    bill = clean(bill_m.string[bill_m.start() : bill_m.end("paren")])
    return occ(
        text,
        start,
        end,
        category=CAT,
        key=StateBillKey(
            abbr, _bill_type(bill_m.group("type")), bill_m.group("num"), clean(bill_m.group("leg")), section=sec + sub
        ),
        display=f"{bill} {'§§' if _is_state_range(sec) else '§'} {sec}{sub}",
        sort_key=statute_sort(1, 5, state_name(abbr), (), alpha_key(bill), sec, sub),
        meta=ProvisionMeta(code="state_bill", act=bill, section=sec, subsection=sub, jurisdiction=abbr),
    )


def state_bill_section(bill: str, number: str) -> Occurrence | None:
    """What "id. § 4-88-1102(a)" stands for after a section of "S.B. 396, 94th Gen. Assemb., Reg.
    Sess. (Ark. 2023)": that section of the bill, made as find_state_bills makes it. None when
    `number` is not one section."""
    bill_m = _SESSION_BILL.fullmatch(bill)
    if bill_m is None:
        return None
    written = f"{bill} § {number}"
    items, end = parse_items(written, len(bill) + 3, STATE_ITEM, allow_list=False)
    if len(items) != 1 or end != len(written):
        return None
    _s, e, sec, sub, _etseq = items[0]
    return _bill_section(written, 0, e, bill_m, sec, sub)


FINDERS = (
    find_usc,
    find_session_laws,
    find_rev_stat,
    find_state_codes,
    find_short_forms,
    find_state_bills,
    find_act_sections,
    find_local_codes,
)


def find(text: str, emphasis: Emphasis | None = None) -> list[Claim]:
    out = []
    for f in FINDERS:
        out.extend(f(text, emphasis))
    return out
