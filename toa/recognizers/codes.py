"""Named state codes in the forms state courts write them: abbreviated or written out, with or
without the state, in capitals or small capitals, cited by section or (Texas) by article, with the
California Style Manual's subdivisions:

    Code Civ. Proc., § 437c, subd. (c)          Code of Civil Procedure, section 437c, subdivision (c)
    Health & Saf. Code, § 1250, subds. (c), (k)  Health and Safety Code section 1422, subdivision (a)
    Tex. Code Crim. Proc. art. 38.37, § 2        TEX. PEN. CODE § 22.21
    Tex. Penal Code Ann. § 22.01(a)(1) (West 2019)
    Article 1.13 of the Texas Code of Criminal Procedure / Section 2 of Article 38.37 of the ...
    Cal. Code Regs., tit. 22, § 72001            California Code of Regulations, title 22, section 72001

A name is found from the word "Code" outwards over the words codes are named with (CODE_WORDS),
so prose around it ("under the Penal Code") never joins it.  Its key words are the same for every
spelling of one code ("Code Civ. Proc." = "Code of Civil Procedure" = "CODE CIV. PROC."), which is
also what statutes.py keys its "<State> <Code> § N" forms by, so both readings of a cite agree.

Key:  StateCodeKey(jurisdiction, code words, title number, section[, edition]); jurisdiction is ""
      when the brief names no state (California briefs never do): extract gives such a code the
      state of the code of that name the brief also cites with its state (resolve_jurisdictions).
      A Texas article with a section is section "38.37, § 2".
A code of regulations ("Code Regs.", "Admin. Code") is a regulation (category rules_regulations).
Sort: statutes as statutes.statute_sort (state 1, state name, code words + title, section, sub);
      regulations as rules.rule_sort after the C.F.R. (group 2, state name, code words + title, section).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Literal

from ..keys import StateCodeKey
from ..meta import ProvisionMeta
from ..model import CategoryKey, Occurrence
from . import prefilter
from .common import (
    Emphasis,
    CODE_CONNECTORS,
    CODE_WORDS,
    EDITION_PAREN,
    SUBSECS,
    Claim,
    claim,
    clean,
    code_key,
    code_token,
    is_regulation_code,
    occ,
    squeeze_subsections,
    state_abbr,
    state_name,
)
from .rules import rule_sort, subsection_list
from .statutes import STATE_ITEM, StatuteItem, parse_items, state_mark, statute_sort, subdivisions

# A word of a name as written ("Health", "&", "Saf.", "Gov't", "PROF'L", "Code", "CODE").
_WORD = prefilter.compile(r"[A-Za-z][A-Za-z'’]*\.?|&")
_ANCHOR = prefilter.compile(r"\b(?:Code|CODE)\b\.?")
_MARK = r"(?P<mark>§§?|[Ss]ections?|SECTIONS?|[Ss]ecs?\.|SECS?\.|[Aa]rticles?|ARTICLES?|[Aa]rts?\.?|ARTS?\.?)"
_AFTER_NAME = prefilter.compile(
    r"\]?"  # a code's name set in brackets in a quotation ("citing [Gov. Code] § 12926")
    r"(?P<edition>\s?" + EDITION_PAREN + r")?"
    r"(?:,?\s(?P<tit>(?:tit(?:le)?\.?|TIT(?:LE)?\.?)\s?\d+[A-Z]?),?)?"
    # "Code Civ. Proc., former § 340": a section since repealed
    r"(?P<comma>,)?\s?(?P<former>former\s)?" + _MARK + r"\s?(?=\d)"
)
# "Article 1.13 of the Texas Code ...", "Section 2 of Article 38.37 of the ...", "Section 22.01(a)(1) of the ..."
_BEFORE_NAME = prefilter.compile(
    r"(?:(?:Section|section|§)\s(?P<sec2>\d+[A-Za-z]?)(?P<sub2>" + SUBSECS + r")\sof\s)?"
    r"(?P<mark>Sections?|sections?|§§?|Articles?|articles?|Art\.|art\.)\s(?P<sec>\d+[A-Za-z]?(?:[.:-]\d+[A-Za-z]*)*)"
    r"(?P<sub>" + SUBSECS + r")"
    # "Article 37.07, Section 3(a)(1) of the ..."
    r"(?:,\s(?:Section|section|Sec\.|sec\.|§)\s(?P<sec3>\d+[A-Za-z]?)(?P<sub3>" + SUBSECS + r"))?"
    r"\sof\s(?:the\s)?$"
)
_ART_SECTION_ITEM = prefilter.compile(r"(?P<sec>\d+[A-Za-z]?(?:-[A-Za-z])?)(?P<sub>" + SUBSECS + r")")
_ART_SECTIONS = prefilter.compile(
    r",?\s?§§\s?(?P<list>"
    + _ART_SECTION_ITEM.pattern.replace("?P<sec>", "?:").replace("?P<sub>", "?:")
    + r"(?:(?:,\s|,?\s(?:and|&)\s)"
    + _ART_SECTION_ITEM.pattern.replace("?P<sec>", "?:").replace("?P<sub>", "?:")
    + r")+)"
)
# "§ 481.112(a), (d)": more subsections of the section cited (letters, or numbers of one to three digits, never a year)
_SUB_LIST = prefilter.compile(r"(?:(?:,\s?(?:and\s|or\s)?|\s(?:and|or)\s)(?:\((?:[A-Za-z]{1,4}|\d{1,3})\))+)+(?![\w(])")
_ART_SECTION = prefilter.compile(r",?\s?§\s?(?P<sec>\d+[A-Za-z]?(?:-[A-Za-z])?)(?P<sub>" + SUBSECS + r")")  # "§ 2-a"
_EDITION = prefilter.compile(r"\s?(" + EDITION_PAREN + ")")
_SUBD_SHOWN = prefilter.compile(r",\s(subds?\.|subdivisions?)\s")


def _state(written: str) -> str | None:
    return state_abbr(written) or state_abbr(written.title())


_RIGHT_WORD = prefilter.compile(r"\s(" + _WORD.pattern + ")")
_LEFT_WORD = prefilter.compile(r"(?:^|(?<=[\s(\[;,\"“]))(" + _WORD.pattern + r")\s$")
_STATE_TAIL = prefilter.compile(r"(?:^|(?<=[\s(\[;,\"“]))((?:[A-Za-z][A-Za-z.]*\s){1,2})$")
# Full words keep no period: "... of the Texas Penal Code." ends a sentence, "Crim. Proc." does not.
_FULL_WORDS = {w for w in CODE_WORDS if len(w) > 4 and w not in ("regs", "stats", "agric")} | {"code", "codes", "laws"}


def _state_before(text: str, start: int) -> tuple[int, str | None]:
    """A state named right before a code's name ("Tex.", "TEX", "Texas", "California"): (its start, abbreviation)."""
    st = _STATE_TAIL.search(text[max(0, start - 20) : start])
    if not st:
        return start, None
    tail = st.group(1)
    for i in range(len(tail)):
        if i and tail[i - 1] != " ":
            continue
        cand = tail[i:].strip()
        # "TEX", "Tex.", "Texas"; never a lower-case "or"/"me" read as Oregon or Maine
        if not cand[:1].isupper() or not (
            cand.endswith(".")
            or cand.isupper()
            and len(cand) > 2
            or state_abbr(cand)
            and " " not in cand
            and len(cand) > 4
            or " " in cand
            and state_abbr(cand.title())
        ):
            continue
        abbr = _state(cand)
        if abbr:
            return max(0, start - 20) + st.start(1) + i, abbr
    return start, None


def _name_span(text: str, anchor: re.Match[str]) -> tuple[int, int, str | None] | None:
    """(start, end, state) of the code name around one "Code": words of CODE_WORDS to the left
    ("Health & Saf."), "of" + words or words to the right ("of Civil Procedure", "Crim. Proc."),
    "Ann.", and a state before it ("Tex.", "TEXAS", "California")."""
    end, pos, words = anchor.end(), anchor.end(), []
    while True:
        m = _RIGHT_WORD.match(text, pos)
        if not m or code_token(m.group(1)) not in CODE_WORDS or code_token(m.group(1)) == "code":
            break
        words.append(m)
        pos = m.end()
    while words and code_token(words[-1].group(1)) in CODE_CONNECTORS:
        words.pop()
    if words:
        end = words[-1].end()
    if text[end - 1] == "." and code_token(text[max(0, end - 12) : end].split()[-1]) in _FULL_WORDS:
        end -= 1
    cursor = anchor.start()
    while True:
        m = _LEFT_WORD.search(text[max(0, cursor - 25) : cursor])
        if not m:
            break
        tok = code_token(m.group(1))
        if tok not in CODE_WORDS or tok in ("code", "of", "the"):
            break
        cursor = max(0, cursor - 25) + m.start(1)
    while True:  # "and"/"&" cannot start a name
        m = re.match(r"(?:&|and)\s", text[cursor : anchor.start()])
        if not m:
            break
        cursor += m.end()
    if not [t for t in code_key(text[cursor:end]).split() if t != "code"]:
        return None  # "the Code § 5": no code is named
    start, state = _state_before(text, cursor)
    return start, end, state


def _category(words: str) -> CategoryKey:
    return "rules_regulations" if is_regulation_code(words) else "statutes"


def _make(
    text: str,
    start: int,
    end: int,
    *,
    state: str | None,
    name_w: str,
    words: str,
    title: str,
    sec: str,
    sub: str,
    edition: str,
    mark_w: str,
    comma: bool,
    art_sec: str = "",
    subd_word: str = "",
    anchor_end: int | None = None,
    former: bool = False,
) -> Occurrence:
    """One cited provision; `sub` may list subdivisions of the section ("(c), (k)"): the section
    cited with that list is one provision, its entry written as the brief cites it."""
    section = f"{sec}{sub}" if not art_sec else f"{sec}, § {art_sec}{sub}"
    # a repealed section is not the section of that number today: keyed, shown and checked apart
    before = "former " if former else ""
    section = before + section
    subs = subsection_list(sub)
    # "Cal. Code Regs., tit. 22" and "22 Cal. Code Regs." name one title
    title_key = re.sub(r"^(?:tit(?:le)?\.?|TIT(?:LE)?\.?)\s?", "", title) if title else ""
    cat = _category(words)
    key = StateCodeKey(state or "", words, title_key, section, edition)
    shown_sub = sub
    if subd_word and sub and not art_sec:
        shown_sub = f", {subd_word} {sub}"
    head = name_w + (f", {title}," if title else "")
    sep = "," if comma and not title else ""
    if art_sec:
        cited = f"{before}{mark_w} {sec}, § {art_sec}{sub}"
    else:
        cited = f"{before}{mark_w} {sec}{shown_sub}"
    display = f"{head}{sep} {cited}" + (f" ({edition})" if edition else "")
    meta = ProvisionMeta(
        code=name_w,
        jurisdiction=state or "",
        section=before + (sec if not art_sec else f"{sec}, § {art_sec}"),
        subsection=subs[0] if subs else "",
        subsections=subs if len(subs) > 1 else [],
        state_implied=not state,  # "Pen. Code, § 187": the brief names no state
        title=title_key,
        mark=mark_w if mark_w.lower().startswith("art") else "",
        edition=edition,
    )
    if cat == "statutes":
        sort = statute_sort(
            1,
            0,
            state_name(state) if state else "",
            (),
            f"{words} {title_key}".strip(),
            sec,
            (art_sec + sub) if art_sec else sub,
            edition,
        )
    else:
        sort = rule_sort(2, state_name(state) if state else "", f"{words} {title_key}".strip(), sec + sub)
    return occ(
        text, start, end, category=cat, key=key, display=display, sort_key=sort, meta=meta, anchor_end=anchor_end
    )


def _from_capitals(name: str) -> str:
    """ "TEX. CODE CRIM. PROC." -> "Tex. Code Crim. Proc."; initialisms ("N.Y.") and "&" stay."""
    out = []
    for w in name.split():
        if re.fullmatch(r"(?:[A-Z]\.){2,}|&", w):
            out.append(w)
        elif w.lower() in ("of", "and", "the"):
            out.append(w.lower())
        else:
            out.append(w[0] + w[1:].lower())
    return " ".join(out)


def _mark_as_shown(mark: str) -> str:
    """The section sign as written, "art." for an article, "section"/"Section"/"sec." for a word."""
    m = mark.lower().rstrip(".")
    if m.startswith("art"):
        return "art."
    if m.startswith("sec"):
        w = "section" if m.startswith("section") else "sec."
        return w.capitalize() if mark[0].isupper() and not mark.isupper() else w
    return mark


def find(text: str, _emphasis: Emphasis | None = None) -> list[Claim]:
    claims = []
    for anchor in _ANCHOR.finditer(text):
        span = _name_span(text, anchor)
        if span is None:
            continue
        n_start, n_end, state = span
        name_w, words = _name_read(text, n_start, n_end)
        after = _AFTER_NAME.match(text, n_end)
        if after:
            c = _after_form(text, n_start, after, state=state, name_w=name_w, words=words)
            if c:
                claims.append(c)
                continue
        before = _BEFORE_NAME.search(text[max(0, n_start - 80) : n_start])
        if before:
            b0 = max(0, n_start - 80)
            mark_w = _mark_as_shown(before.group("mark"))
            sec, sub = before.group("sec"), squeeze_subsections(before.group("sub"))
            art_sec = before.group("sec2") or before.group("sec3") or ""
            if art_sec:
                sub = squeeze_subsections(before.group("sub2") or before.group("sub3") or "")
            if not mark_w.startswith("art"):
                mark_w = "§"
                art_sec = ""
            edition, end = _edition_after(text, n_end)
            o = _make(
                text,
                b0 + before.start(),
                end,
                state=state,
                name_w=name_w,
                words=words,
                title="",
                sec=sec,
                sub=sub,
                edition=edition,
                mark_w=mark_w,
                comma=False,
                art_sec=art_sec,
            )
            assert isinstance(o.meta, ProvisionMeta)
            o.meta.inverted = True  # written "Article 38.37 of the Code ...": the entry is reworded
            claims.append(claim([o]))
    return claims


def names_a_code(name: str) -> bool:
    """Whether find reads all of `name` as a code's name ("Tex. Penal Code", "Code Civ. Proc."; not
    "N.Y. Penal Law", "Va. Code Ann." or "Ohio Rev. Code Ann.", which are statutes.py's)."""
    named = _name_at_end(name)
    return named is not None and named[0] == 0


def provision_in(name: str, after: str) -> Occurrence | None:
    """The provision that `after` cites in the code `name` ("Code Civ. Proc." and ", § 437c, subd.
    (c)"), read as find reads a code's name and what follows it: the full citation a short form of
    it stands for. None when no code is named, or `after` cites no one provision."""
    named = _name_at_end(name)
    after_name = _AFTER_NAME.match(name + after, len(name)) if named is not None else None
    if named is None or after_name is None:
        return None
    start, state, name_w, words = named
    found = _after_form(name + after, start, after_name, state=state, name_w=name_w, words=words)
    return found.occs[0] if found is not None and len(found.occs) == 1 else None


def _name_at_end(text: str) -> tuple[int, str | None, str, str] | None:
    """(start, state, name as written, key words) of the code's name find reads that ends where
    `text` does."""
    for anchor in reversed(list(_ANCHOR.finditer(text))):
        span = _name_span(text, anchor)
        if span is not None and span[1] == len(text):
            start, end, state = span
            return start, state, *_name_read(text, start, end)
    return None


def _name_read(text: str, start: int, end: int) -> tuple[str, str]:
    """(name as the entry writes it, key words) of the code named from `start` to `end`."""
    name_w = clean(text[start:end]).rstrip(",")
    if name_w.isupper():  # small capitals typed as capitals: the entry is written "Tex. Penal Code"
        name_w = _from_capitals(name_w)
    return name_w, code_key(text[_name_start(text, start, end) : end])


def _name_start(text: str, start: int, end: int) -> int:
    """Where the code's own words start, after the state."""
    for m in re.finditer(r"\s", text[start:end]):
        if _state_before(text, start + m.end())[0] == start:
            return start + m.end()
    return start


def _edition_after(text: str, end: int) -> tuple[str, int]:
    m = _EDITION.match(text, end)
    return (clean(m.group(1)[1:-1]), m.end()) if m else ("", end)


# One provision of a cited section: (start, end, subsection(s), subdivision word, article's section)
_Member = tuple[int, int, str, str, str]


def _last_members(
    text: str, start: int, e: int, sub: str, *, is_art: bool, plural: bool, end: int
) -> tuple[list[_Member], int]:
    """The provisions the last section of a cite names, with what may follow it, and where the cite
    ends: the sections of an article ("art. 38.22, §§ 2, 3"), a list of subdivisions ("§ 1250, subds.
    (c), (k)") or of subsections ("§ 481.112(a), (d)"), each cited as one provision."""
    if is_art:
        many = _ART_SECTIONS.match(text, e)
        if many:  # "art. 38.22, §§ 2, 3": one provision per section of the article
            secs = list(_ART_SECTION_ITEM.finditer(text, many.start("list"), many.end()))
            return [
                (start if k == 0 else x.start(), x.end(), squeeze_subsections(x.group("sub")), "", x.group("sec"))
                for k, x in enumerate(secs)
            ], many.end()
        a = _ART_SECTION.match(text, e)
        if a:
            return [(start, a.end(), squeeze_subsections(a.group("sub")) or sub, "", a.group("sec"))], a.end()
    subs, s_end, word = subdivisions(text, e, sub)
    if subs:  # "§ 1250, subds. (c), (k)": one provision with its list of subdivisions
        written = [re.sub(r"\s", "", text[ss:se]) for ss, se, _su in subs]
        listed = ", ".join([subs[0][2]] + [w if w.startswith("(") else f"({w})" for w in written[1:]])
        return [(start, s_end, listed, word, "")], s_end
    more = _SUB_LIST.match(text, e) if sub and not plural else None
    if more:  # "§ 481.112(a), (d)": one provision as cited, with its list of subsections
        listed = ", ".join(
            [sub] + [re.sub(r"\s", "", x) for x in re.findall(r"(?:\([A-Za-z0-9]{1,4}\))+", more.group())]
        )
        return [(start, more.end(), listed, "", "")], more.end()
    return [(start, e, sub, "", "")], end


_MORE_SECTIONS = prefilter.compile(r",\s(?:and\s)?(?=\d)")


def _sections_after(text: str, end: int) -> tuple[list[StatuteItem], int]:
    """The sections a list names after one of its members' subdivisions (", 189"), and where they
    end; none when the number is the next citation's title ("…, 28 U.S.C.")."""
    j = _MORE_SECTIONS.match(text, end)
    if not j:
        return [], end
    more, more_end = parse_items(text, j.end(), STATE_ITEM, allow_list=True)
    if not more or re.match(r"\s?(?:[A-Z]|\d)", text[more[0][1] : more[0][1] + 2]) and len(more) == 1:
        return [], end
    return more, more_end


def _after_form(
    text: str, n_start: int, after: re.Match[str], *, state: str | None, name_w: str, words: str
) -> Claim | None:
    mark = after.group("mark")
    former = bool(after.group("former"))
    is_art = mark.lower().startswith("art")
    plural = mark in ("§§",) or mark.lower().rstrip(".").endswith("s") and not mark.lower().startswith("sec.")
    items, end = parse_items(text, after.end(), STATE_ITEM, allow_list=plural)
    if not items:
        return None
    edition = clean(after.group("edition") or "").strip("() ")
    title = clean(after.group("tit") or "")
    mark_w = _mark_as_shown(mark)
    if plural:
        mark_w = {"§§": "§"}.get(mark_w, mark_w.rstrip("s") if not mark_w.endswith(".") else mark_w)
    occs = []
    for i, (s, e, sec, sub, etseq) in enumerate(items):
        start = n_start if i == 0 else s
        members: list[_Member] = [(start, e, sub, "", "")]
        if i == len(items) - 1:
            members, end = _last_members(text, start, e, sub, is_art=is_art, plural=plural, end=end)
            if plural and members[-1][3]:
                # "§§ 187, subd. (a), 189": the list goes on after a section's subdivision
                more, end_more = _sections_after(text, end)
                items.extend(more)
                end = end_more if more else end
        for m_start, m_end, m_sub, word, art_sec in members:
            o = _make(
                text,
                m_start,
                m_end,
                state=state,
                name_w=name_w,
                words=words,
                title=title,
                sec=sec + (" et seq." if etseq else ""),
                sub=m_sub,
                edition=edition,
                mark_w=state_mark(sec) if mark_w == "§" else mark_w,  # a range: "§§ 311.021-.023"
                comma=bool(after.group("comma")),
                art_sec=art_sec,
                subd_word=word,
                former=former,
            )
            occs.append(o)
    edition2, end2 = _edition_after(text, end)
    if edition2 and not edition:
        last = occs[-1]
        last_key, last_meta = last.key, last.meta
        assert isinstance(last_key, StateCodeKey) and isinstance(last_meta, ProvisionMeta)
        fixed = _make(
            text,
            last.start,
            end2,
            state=state,
            name_w=name_w,
            words=words,
            title=title,
            sec=last_meta.section.removeprefix("former ").split(",")[0],
            sub=last_meta.subsection if ", §" in last_meta.section else last_key.section[len(last_meta.section) :],
            edition=edition2,
            mark_w=mark_w,
            comma=bool(after.group("comma")),
            art_sec=last_meta.section.split("§ ")[1] if ", §" in last_meta.section else "",
            subd_word=subd.group(1) if (subd := _SUBD_SHOWN.search(last.display or "")) else "",
            former=former,
        )
        occs[-1] = fixed
    return claim(occs)


def with_jurisdiction(o: Occurrence, abbr: str) -> None:
    """Give a code cited without its state ("Penal Code § 187") the state the brief's other
    codes name: key, sort key and meta as if the state had been written."""
    assert isinstance(o.key, StateCodeKey) and isinstance(o.meta, ProvisionMeta) and o.sort_key is not None
    o.key = replace(o.key, jurisdiction=abbr)
    o.sort_key = o.sort_key[:2] + (state_name(abbr),) + o.sort_key[3:]
    o.meta.jurisdiction = abbr


def resolve_jurisdictions(occurrences: list[Occurrence]) -> None:
    """A code cited without its state ("Penal Code § 22.01") is the code of that name the brief
    also cites with its state ("Tex. Penal Code § 22.01"), when exactly one state's code has that
    name; otherwise it stays without a state (a court style's home_jurisdiction then claims it)."""
    named: dict[str, set[str]] = {}
    for o in occurrences:
        if o.kind == "full" and isinstance(o.key, StateCodeKey) and o.key.jurisdiction:
            named.setdefault(o.key.code, set()).add(o.key.jurisdiction)
    for o in occurrences:
        if (
            o.kind == "full"
            and isinstance(o.key, StateCodeKey)
            and not o.key.jurisdiction
            and len(named.get(o.key.code, ())) == 1
        ):
            with_jurisdiction(o, next(iter(named[o.key.code])))


# "Unless otherwise indicated, all further statutory references are to the Labor Code."
# "Undesignated section references are to the Code of Civil Procedure."
# "All references to "article" are to the Texas Code of Criminal Procedure."
_DECLARED = prefilter.compile(
    r"\b(?:(?P<what>[Ss]tatutory|[Ss]ection|[Cc]ode|[Uu]ndesignated|[Uu]nspecified|[Uu]nlabeled|[Aa]rticle)"
    r"\s(?:(?:statutory|section|article)\s)?(?:references|citations|cites)"
    r"|[Rr]eferences\sto\s[\"“”'‘’]?(?P<word>[Ss]ections?|[Aa]rticles?|§§?)[\"“”'‘’]?)"
    r"(?:,?\s[\w'’]+,?){0,6}?\s(?:are|will\sbe|shall\sbe)\s(?:made\s)?to\s(?:the\s)?"
)


@dataclass(frozen=True)
class DeclaredCode:
    """A code the brief declares its bare section or article references to be in."""

    end: int  # where the declaration ends
    scope: Literal["article", "section", "any"]  # the references it covers
    name: str  # as an entry writes it: "Labor Code", "Code of Civil Procedure", "Tex. Code Crim. Proc."
    code: str  # its key words ("lab code")
    jurisdiction: str | None  # the state named with it


def declared_codes(text: str) -> list[DeclaredCode]:
    """The codes a paragraph declares the brief's bare references to be in."""
    out = []
    for m in _DECLARED.finditer(text):
        anchor = _ANCHOR.search(text, m.end(), m.end() + 60)
        span = _name_span(text, anchor) if anchor else None
        if span is None or span[0] != m.end():
            continue  # "... are to the record", "... are to this brief's appendix"
        said = (m.group("word") or m.group("what")).lower()
        scope: Literal["article", "section", "any"] = (
            "article" if said.startswith("art") else "section" if said[0] in "s§" and said != "statutory" else "any"
        )
        start, end, state = span
        name = clean(text[start:end]).rstrip(",")
        out.append(
            DeclaredCode(
                end,
                scope,
                _from_capitals(name) if name.isupper() else name,
                code_key(text[_name_start(text, start, end) : end]),
                state,
            )
        )
    return out


def declared_provision(
    code: DeclaredCode, section: str, subsection: str, subsections: list[str], form: Literal["article", "word", "sign"]
) -> Occurrence:
    """A bare reference ("section 1102.5, subdivision (b)", "art. 38.23", "§ 1250(c), (k)") as the
    full citation of its section in the declared code, written as the brief writes its references
    ("Labor Code section 1102.5, subdivision (b)")."""
    listed = ", ".join(subsections)
    if form == "article":
        mark, sub, word = "art.", subsection, ""
    elif form == "word":
        mark, sub, word = (
            "section",
            listed or subsection,
            "subdivisions" if listed else "subdivision" if subsection else "",
        )
    else:
        mark, sub, word = "§", listed or subsection, ""
    written = f"{code.name} {mark} {section}" + (f", {word} {sub}" if word else sub)
    return _make(
        written,
        0,
        len(written),
        state=code.jurisdiction,
        name_w=code.name,
        words=code.code,
        title="",
        sec=section,
        sub=sub,
        edition="",
        mark_w=mark,
        comma=False,
        subd_word=word,
    )
