"""Stage 2: find every citation in the document's paragraphs (a list of Occurrence).

eyecite finds case citations, short forms, Id. and supra; the recognizer layer
(toa.recognizers) finds what eyecite misses or mistypes: constitutions, statutes without "§",
rules, regulations, legislative materials, secondary sources, agency decisions. eyecite is run
paragraph by paragraph on the normalised text (document.py), and its known weak spots are
mended here: the case name is taken from the brief's italics when there are any (eyecite's
plain-text name start is wrong for "In re", "Ex parte", "ex rel." and names with apostrophes,
and can leak across a sentence), the court/year parenthetical is read from the source text,
and nameless cites that follow a case are parallel cites or subsequent history of that case.
"""
from __future__ import annotations

import bisect
import logging
import re

from eyecite import get_citations
from eyecite import helpers as _eyecite_helpers
from eyecite.models import FullCaseCitation, IdCitation, ShortCaseCitation, SupraCitation

from .keys import CaseKey, DocketKey, VolumeKey
from .meta import CaseMeta, DecisionMeta, IdMeta, ProvisionMeta, ShortCiteMeta, ShortNameMeta, SupraMeta
from .model import Document, Occurrence, Paragraph
from .case_mentions import case_mentions
from .recognizers import codes, non_authority_spans, recognize
from .recognizers.common import in_quotation

logging.getLogger("eyecite").setLevel(logging.ERROR)

# eyecite 2.7.8 reads a court/year parenthetical lazily across later citations on the line
# (issue #321): a year-only "(2015)" picks up the year of the next cite. Restricting the court
# group to text without parentheses (as upstream PR #347 does) keeps it inside its own paren.
_LEAK_FIX = "(?P<court>[^()]*?)"
if _LEAK_FIX not in _eyecite_helpers.POST_FULL_CITATION_REGEX:
    _eyecite_helpers.POST_FULL_CITATION_REGEX = _eyecite_helpers.POST_FULL_CITATION_REGEX.replace(
        "(?P<court>.*?)", _LEAK_FIX)

AGENCY_REPORTERS = {"I. & N. Dec.", "N.L.R.B.", "NLRB", "F.C.C.", "FCC Rcd", "F.C.C.R.", "F.C.C. Rcd.",
                    "F.C.C.2d", "F.T.C.", "S.E.C.", "Op. Att'y Gen.", "Op. O.L.C."}
# A state attorney general's published opinions are no court's: state tables list them with the
# other authorities ("82 Ops.Cal.Atty.Gen. 1 (1999)"), as the recognizers file "Tex. Att'y Gen. Op.".
OTHER_REPORTERS = {"Ops.Cal.Atty.Gen."}

# A decision on Westlaw or Lexis whose parenthetical names an agency, not a court: "(Cal. P.U.C.
# May 16, 2019)", "(N.L.R.B. Mar. 3, 2020)", "(B.I.A. 2018)", "(F.E.R.C. 2021)", "(T.T.A.B. 2019)".
_AGENCY_COURT = re.compile(r"\((?:[A-Z][a-z]*\.\s?)*(?:P\.\s?U\.\s?C\.|N\.\s?L\.\s?R\.\s?B\.|B\.\s?I\.\s?A\.|"
                           r"F\.\s?E\.\s?R\.\s?C\.|F\.\s?C\.\s?C\.|S\.\s?E\.\s?C\.|E\.\s?E\.\s?O\.\s?C\.|"
                           r"M\.\s?S\.\s?P\.\s?B\.|T\.\s?T\.\s?A\.\s?B\.|P\.\s?T\.\s?A\.\s?B\.|F\.\s?T\.\s?C\.|"
                           r"Bd\.|Comm['’]n|Dep['’]t|Agency|Off\.)")

_SIGNAL = re.compile(
    r"^(?:(?:[Ss]ee|[Cc]f\.|[Bb]ut|[Cc]ompare|[Cc]ontra|[Aa]ccord|also|generally|[Ee]\.g\.|and|with|quoting|"
    r"citing|in(?! re\b)|In(?! re\b| the Matter\b| Matter\b| the Interest\b| Interest\b)|under|following|"
    r"overruling|(?:overruled|abrogated|disapproved(?: of)?|superseded|questioned|criticized|limited|"
    r"distinguished)(?: in (?:relevant )?part)?(?: by (?:statute|rule|regulation|constitutional amendment))?"
    r"(?: on (?:other|another) grounds?)?"
    r"(?: by| in| as (?:stated|recognized) in)?|as (?:stated|recognized) in)[\s,]+)+")
_NAME_PREFIX = re.compile(r"(?:\b(?:In [Rr]e|Ex [Pp]arte|In the Matter of|Matter of|Estate of|Petition of|Application of)|"
                          r"\b[A-Z][\w.'’&-]*(?:\s+[A-Z][\w.'’&-]*)*\s+ex rel\.)\s*$")
# The number as district courts write it: "No. 20-1234", "C.A. No. 12711-VCS", "Civil Action No. 20-1234",
# "Case No. 8:20-cv-1234-T-33", "No. CV 20-1234-GW"; a Bloomberg Law cite may follow ("2021 BL 123456").
_DOCKET_NO = (r"(?:(?:C\.\s?A\.|Civ\.\s?A\.|Civil\sAction|Case|Cause|Adv\.\s?Pro(?:c\.)?|Adversary\sProceeding|"
              r"Misc\.|Crim\.|Criminal\sAction|MDL)\s)?Nos?(?:\.\s*|\s(?=\d))")  # "No 3:14-cv-01234": its period left out
# between a name and its cite: a California year, a docket number, a reporter not yet paged
# ("--- F.Supp.3d ----, 2018 WL 1876116")
_GAP_BEFORE_CITE = re.compile(r"^[\s,]*(?:\((?:[^()]{0,60}?[\s,])?\d{4}(?:,\s*No\.\s*[\w\-:.]+)?\)\s*)?(?:-{2,}\s*[A-Z][\w.\s]{0,12}?\s*-{2,}[\s,]*)?(?:" + _DOCKET_NO + r"(?:[A-Z]{1,3}\s)?[\w\-:.]+(?:(?:,|\s+&|\s+and)\s*[\w\-:.]+)*[\s,]*)?$")
_PIN = re.compile(r"^(?:,\s*nn?\.\s*\d+|,\s*(?:at\s+)?\*?\d+(?:-\*?\d+)?(?![\d])(?!\s+[A-Z])(?:\s*(?:&|and)\s*nn?\.\s*\d+|\s*nn?\.\s*\d+(?:-\d+)?)?)+")
# The court/date parenthetical: one with a year, or a court alone ("(2d Cir.)" when the year
# follows a later subsequent-history cite). Explanatory parentheticals start in lower case.
_YEAR_PAREN = re.compile(r"^\s*(?:\((?:[^()]*?\b(?:1[6-9]\d\d|20\d\d)(?:,[^()]{1,30})?|[A-Z0-9][^()]{0,40}?\b[A-Z][A-Za-z]*\.)\)"
                         # New York's official style brackets it: "150 A.D.3d 1002 [2d Dept 2017]"
                         r"|\[[^\[\]]{0,40}?\b(?:1[6-9]\d\d|20\d\d)\])")
# What kind of opinion it is, after the court/year parenthetical: part of the entry
# ("(Tex. Crim. App. 2012) (op. on reh'g)", "(mem. op., not designated for publication)").
_OPINION_PAREN = re.compile(r"^\s*\((?:op\.\s+on\s+reh(?:'|’)g|on\s+reh(?:'|’)g|en\s+banc|per\s+curiam|"
                            r"orig\.\s+proceeding|plurality\s+op\.|mem\.\s+op\.\s+on\s+reh(?:'|’)g|"
                            r"mem\.\s+op\.?(?:,\s*not\s+designated\s+for\s+publication)?|"
                            r"not\s+designated\s+for\s+publication)\)")
# "(per curiam)", "(en banc) (quoting X, 1 U.S. 1 (1800))": parentheticals between a case and its history
_LEADING_PARENS = re.compile(r"^(?:\s*\((?:[^()]|\([^()]*\))*\))+")
_CROSS_REFERENCE = re.compile(r"^(?:pp?\.\s*)?(?:\d+(?:-\d+)?|nn?\.\s*\d+)$")
_HISTORY = re.compile(  # one phrase or several ("aff'd in part, rev'd in part,")
    r"^,?\s*(?:(?:aff'd|aff’d|rev'd|rev’d|vacated|modified|cert\.\s+denied|cert\.\s+granted|cert\.\s+dismissed|"
    r"petition for cert\.\s+(?:filed|pending)|reh'g denied|reh’g denied|appeal dismissed|overruled|abrogated|"
    r"enforced|enf'd|enf’d|on\s+reh(?:'|’|ea)r?(?:'|’)?g|on\s+remand|reh(?:'|’)g\s+(?:en\s+banc\s+)?(?:granted|denied)|"
    r"(?:report\s+and\s+recommendation|R\.\s?&\s?R\.)\s+adopted|(?:opinion|judgment)\s+(?:vacated|withdrawn|amended|superseded))"
    r"[^,;()]{0,60}?(?:,\s*|\s+)(?:on other grounds,\s*)?)+"
    r"(?:Nos?\.\s*[\w:.-]+(?:,\s*[\w:.-]+)*?,\s*)?$", re.I)  # "aff'd, No. 22-15000, 2023 WL 555123"

_HISTORY_NAME = re.compile(
    r"(?:aff'd|aff’d|rev'd|rev’d|vacated|modified|enforced|enf'd|enf’d|cert\.\s+denied|cert\.\s+granted|"
    r"cert\.\s+dismissed|petition for cert\.\s+(?:filed|pending)|reh(?:'|’)g\s+(?:en\s+banc\s+)?(?:denied|granted)|"
    r"appeal\s+dismissed|(?:report\s+and\s+recommendation|R\.\s?&\s?R\.)\s+adopted)(?:[^,;()]{0,40}?\bsub nom\.)?[\s,]*")

_SUB_NOM = re.compile(r"^,?\s*(?:aff'd|aff’d|rev'd|rev’d|vacated|modified|cert\.\s+denied)[^,;()]{0,40}?"
                      r"\bsub nom\.\s*$")

_DOT_LEADER = re.compile(r"\s?(?:\([^()]{0,20}\)\s?)?(?:(?:\.\s?){4,}|…{2,})")
# "(citing X)" reports what another court cited; "(quoting X)", "(relying on X)" invoke X itself.
_CITING = re.compile(r"^(citing|cited in|cited with approval in)\b", re.I)
# California style puts it in the citation sentence: "(Reid, supra, 50 Cal.4th at p. 534, citing X.)"
_CITING_CLAUSE = re.compile(r",\s*(?:citing|cited in|cited with approval in)\s+$")


# A build holds some 10 KB per citation (README "Limits"): a brief cites a few hundred to a few
# thousand times, and 180,000 citations took 1.65 GB and three minutes.
MAX_CITATIONS = 20_000


class TooManyCitations(Exception):
    """More citations than a build holds; the message is one line for the user."""


def extract(doc: Document) -> list[Occurrence]:
    """All occurrences, in reading order, of the paragraphs that are scanned."""
    scanned = [p for p in doc.paragraphs if not p.skipped and p.text.strip()]
    found, count = {}, 0
    for p in scanned:
        found[p.index] = extract_paragraph(p)
        count += len(found[p.index])
        if count > MAX_CITATIONS:
            raise TooManyCitations(f"more than {MAX_CITATIONS:,} citations; at most that many are accepted")
    for head, tail in continued_paragraphs(scanned):
        _join_across(head, tail, found)
    out = [o for p in scanned for o in found[p.index]]
    out.extend(defined_short_forms(scanned, out))
    out.extend(case_mentions(scanned, out))
    out.extend(docket_short_forms(scanned, out))
    codes.resolve_jurisdictions(out)
    return out


# A sentence cut by a line or page break: the first part ends without closing punctuation, the
# rest starts in lower case, with a digit, or with a name's tail ("Ex parte" | "Kibler, 664 …",
# California's "People v." | "Morris (1991) 53 Cal.3d 152").
_OPEN_END = re.compile(r"(?:[\w,’'&-]|\b(?:v|vs|ex|rel|[A-Z][a-z]{0,4})\.|[A-Z]\.)\s*$")
_CONTINUES = re.compile(r"^\s*(?:[a-z0-9]|[A-Z][\w.'’&-]*,\s+\d|[A-Z][\w.'’&-]*(?:\s[A-Z][\w.'’&-]*){0,3}\s\(\d{4}\)\s\d|(?:[A-Z][A-Za-z]*\.\s?)+(?:\d[a-z]{1,2}\s)?\s*\d)")


_NOTE_START = re.compile(r"^\s*\d{1,3}/\s")  # "5/ Defendant filed …": a note typed as a paragraph


def continued_paragraphs(paragraphs: list[Paragraph]) -> list[tuple[Paragraph, Paragraph]]:
    """(head, tail) pairs of one sentence split over two paragraphs: the next paragraph, or the
    first one on the next page when notes typed at the foot of the page come between (briefs
    converted from PDF)."""
    pairs, continued = [], set()
    by_index = {p.index: p for p in paragraphs}
    for tail in paragraphs:  # a typed note carried over to the next page (document.py found it)
        if tail.continues in by_index:
            pairs.append((by_index[tail.continues], tail))
            continued.add(tail.continues)
    headers = _running_headers(paragraphs)
    for i, tail in enumerate(paragraphs):
        if i == 0 or tail.story != "body" or tail.typed_note or _NOTE_START.match(tail.text) or tail.index in headers:
            continue
        # a capitalised word goes on a sentence only after a long paragraph that stops mid-word
        # ("… Or. R. Coos" | "Curry Rule 3.011(2)(a)"), never after a heading
        capital = not _CONTINUES.match(tail.text)
        if capital and not _CAPITAL_START.match(tail.text):
            continue
        new_page = any(b.offset == 0 for b in tail.breaks)
        link = _LINK_FIRST.match(tail.text)  # a reference's link on a line of its own goes on its note, after "."
        for head in reversed(paragraphs[max(0, i - 8):i]):
            if head.index in headers:
                new_page = True  # a running header ("Case: 17-56544 … Page 27 of 60") turns the page
                continue
            if head.index not in continued and head.story == tail.story and (_OPEN_END.search(head.text) or link) \
                    and (not head.typed_note or link) and not (head.style or "").lower().startswith(("heading", "title")) \
                    and not (capital and (len(head.text) < 200 or not _MID_SENTENCE_END.search(head.text))):
                pairs.append((head, tail))
                continued.add(head.index)
                break
            if not new_page or head.story != tail.story:
                break
    return pairs


_CAPITAL_START = re.compile(r"^\s*[A-Z][a-z]+\b")
_LINK_FIRST = re.compile(r"\s*(?:https?://|www\.|doi:)")
_MID_SENTENCE_END = re.compile(r"[a-z]\s*$")


def _running_headers(paragraphs: list[Paragraph]) -> set[int]:
    """Paragraphs printed at the top or foot of every page of a brief converted from PDF (the same
    short words, page numbers aside, three times or more)."""
    seen: dict[str, list[int]] = {}
    for p in paragraphs:
        if p.story == "body" and len(p.text) < 150:
            seen.setdefault(re.sub(r"\d+", "#", p.text.strip()), []).append(p.index)
    return {i for text, found in seen.items() if len(found) >= 3 and "#" in text for i in found}


def _join_across(head: Paragraph, tail: Paragraph, found: dict[int, list[Occurrence]]) -> None:
    """A citation that starts in `head` and ends in `tail` is read in the joined text and kept
    with `head`, where it begins (its page, its TA field); `tail` loses its fragment."""
    cut = len(head.text) + 1
    shifted = [(a + cut, b + cut) for a, b in tail.emphasis]
    joined = Paragraph(index=head.index, story=head.story, text=head.text + " " + tail.text,
                       emphasis=head.emphasis + shifted,
                       printed=(head.printed or head.text) + " " + (tail.printed or tail.text))
    whole = extract_paragraph(joined)
    across = [o for o in whole if o.kind == "full" and o.start < len(head.text) and o.end > cut]
    seen_whole = {o.start - cut for o in whole if o.kind == "reference"}
    for o in across:
        covered = o.end - cut
        # a bare "(b)" the tail shows alone is the rest of the cite ("§ 301(a) and (b)") when the
        # joined reading does not find it
        found[tail.index] = [t for t in found[tail.index] if t.start >= covered
                             and (t.kind != "reference" or t.start in seen_whole)]
        found[head.index] = [h for h in found[head.index] if h.end <= o.start or h.start >= len(head.text)]
        o.end = o.anchor_end = len(head.text)
        o.text = joined.text[o.start:covered + cut]
        found[head.index].append(o)
    found[head.index].sort(key=lambda o: (o.start, o.end))


# A short name the brief defines right after a citation: "… (4th ed. 1868) (Bishop)",
# "(hereinafter OED)", "(“MOU”)", Bluebook's "[hereinafter FTC Report]". Cases are left out: their short forms are read by eyecite.
_DEFINED_NAME = re.compile(r"\s*(?:\((?:hereinafter\s+)?|\[hereinafter\s+)[“\"]?(?P<name>[A-Z][\w.'’&-]*(?:\s[\w.'’&-]+){0,3}?)"
                           r"[”\"]?[)\]]")


def defined_short_forms(paragraphs: list[Paragraph], occurrences: list[Occurrence]) -> list[Occurrence]:
    """Later mentions of a defined short name ("Bishop § 682", "3 OED 441") as short cites of
    the authority that defined it. A volume before the name ("11 OED") names another volume."""
    by_para = {p.index: p for p in paragraphs}
    defined: dict[str, Occurrence] = {}
    for o in occurrences:
        if o.kind != "full" or o.category in ("cases", "administrative", None):
            continue
        m = _DEFINED_NAME.match(by_para[o.paragraph].text, o.end)
        if m and not re.fullmatch(r"\d{4}|[A-Z][a-z]+\.? \d{4}|[IVX]+", m.group("name")):
            defined.setdefault(m.group("name"), o)
    if not defined:
        return []
    pattern = re.compile(r"(?:\b(?P<vol>\d{1,3})\s)?(?<![\w(])(?P<name>" + "|".join(
        re.escape(n) for n in sorted(defined, key=len, reverse=True)) + r")(?![\w)\]])")
    taken: dict[int, list[tuple[int, int]]] = {}
    supras: dict[tuple[int, int], Occurrence] = {}
    for o in occurrences:
        taken.setdefault(o.paragraph, []).append((o.start, o.end))
        if o.kind == "supra":
            supras[(o.paragraph, o.start)] = o
    out = []
    for p in paragraphs:
        for m in pattern.finditer(p.text):
            base = defined[m.group("name")]
            if (p.index, m.start()) <= (base.paragraph, base.end):
                continue
            inside = [a for a, _b in taken.get(p.index, []) if m.start("name") <= a < m.end("name")]
            supra = supras.get((p.index, inside[0])) if inside else None
            if supra is not None:
                # "Doe Study, supra, at 6": eyecite reads the last word ("Study") as the antecedent;
                # the name the brief defined says which authority it is
                supra.kind, supra.key, supra.start = "short", base.key, m.start("name")
                supra.text = p.text[supra.start:supra.end]
                supra.meta = ShortNameMeta(m.group("name"))
                continue
            if inside or _inside(m.start("name"), taken.get(p.index, [])):
                continue
            out.append(_short_name_occurrence(p, m, base))
    return out


# The short form of a decision cited by docket number: "Okafor, slip op. at 7", "Okafor, No. 19-cv-3312,
# slip op. at 7". (One with a database cite, "Okafor, 2020 WL 1234, at *3", is eyecite's.)
_DOCKET_SHORT = re.compile(r"(?P<name>[A-Z][\w.'’&-]*(?:\s(?:of\s|the\s|&\s)?[A-Z][\w.'’&-]*){0,4}),\s"
                           r"(?:Nos?\.\s[\w:.-]+,\s)?slip\sop\.(?:\sat)?\s\d+(?:-\d+)?")


def docket_short_forms(paragraphs: list[Paragraph], occurrences: list[Occurrence]) -> list[Occurrence]:
    """Short forms of the decisions cited by docket number: the name (or its first words) of
    such a decision cited before, then its slip opinion's page."""
    dockets = [o for o in occurrences if o.kind == "full" and isinstance(o.key, DocketKey)]
    if not dockets:
        return []
    taken: dict[int, list[tuple[int, int]]] = {}
    for o in occurrences:
        taken.setdefault(o.paragraph, []).append((o.start, o.end))
    out = []
    for p in paragraphs:
        for m in _DOCKET_SHORT.finditer(p.text):
            start = _strip_signal(p.text, m.start(), m.end("name"))
            name = p.text[start:m.end("name")]
            if _inside(m.start(), taken.get(p.index, [])) or _inside(m.end() - 1, taken.get(p.index, [])):
                continue
            earlier = [d for d in dockets if (d.paragraph, d.start) < (p.index, start)
                       and isinstance(d.meta, CaseMeta)
                       and re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", d.meta.case_name)]
            if earlier:
                base = earlier[-1]
                out.append(Occurrence(paragraph=p.index, start=start, end=m.end(), kind="short", story=p.story,
                                      text=p.text[start:m.end()], key=base.key, meta=ShortNameMeta(name)))
    return out


def _short_name_occurrence(p: Paragraph, m: re.Match, base: Occurrence) -> Occurrence:
    occ = Occurrence(paragraph=p.index, start=m.start(), end=m.end(), kind="short", story=p.story,
                     text=p.text[m.start():m.end()], key=base.key, meta=ShortNameMeta(m.group("name")))
    volume = m.group("vol")
    base_volume = re.match(r"(\d+)\s", base.display or "")
    if volume and base_volume and volume != base_volume.group(1):
        # "11 OED 471" after "3 The Oxford English Dictionary 441 (1978) (OED)": volume 11
        occ.kind, occ.category = "full", base.category
        assert base.key is not None
        occ.key = VolumeKey(base.key, volume)
        occ.display = volume + base.display[base_volume.end() - 1:]
        occ.sort_key = base.sort_key
    return occ


# eyecite rescans the rest of a paragraph once per citation (extract_pincited_reference_citations)
# and so do some checks here: time grows with the square of a paragraph's length. A long
# paragraph is read in windows that end at a sentence end, as if it were several paragraphs.
WINDOW = 20_000
_SENTENCE_END = re.compile(r"(?:(?<=[a-z]{3}[.!?])|(?<=\)\.))\s+(?=[A-Z“\"(])")


def extract_paragraph(para: Paragraph) -> list[Occurrence]:
    if len(para.text) <= WINDOW:
        return _extract_window(para)
    out: list[Occurrence] = []
    for a, b in _windows(para.text):
        for occ in _extract_window(_window(para, a, b)):
            occ.start, occ.end = occ.start + a, occ.end + a
            occ.anchor_end = occ.anchor_end + a if occ.anchor_end is not None else None
            if isinstance(occ.meta, DecisionMeta) and occ.meta.cite_end is not None:
                occ.meta.cite_end += a
            if isinstance(occ.meta, CaseMeta) and occ.meta.name_end is not None:
                occ.meta.name_end += a
            out.append(occ)
    return out


def _windows(text: str) -> list[tuple[int, int]]:
    """Spans of at most WINDOW characters, cut at the last sentence end in each window's second
    half (else at a space), so that no citation is cut in two."""
    spans, a = [], 0
    while len(text) - a > WINDOW:
        cut = None
        for m in _SENTENCE_END.finditer(text, a + WINDOW // 2, a + WINDOW):
            cut = m.end()
        if cut is None:
            space = text.rfind(" ", a + WINDOW // 2, a + WINDOW)
            cut = space + 1 if space > 0 else a + WINDOW
        spans.append((a, cut))
        a = cut
    spans.append((a, len(text)))
    return spans


_CLOSING_CITE = re.compile(r"\((?:[^()]|\([^()]*\))*\)\.?[\s\u201d\"]*$")


def _window(para: Paragraph, a: int, b: int) -> Paragraph:
    """The part [a, b) of a paragraph, as a paragraph of its own (offsets from a)."""
    return Paragraph(index=para.index, story=para.story, text=para.text[a:b], printed=para.printed[a:b],
                     emphasis=[(max(s, a) - a, min(e, b) - a) for s, e in para.emphasis if s < b and e > a],
                     section=para.section, anchor=para.anchor, note_id=para.note_id, style=para.style,
                     block_quote=para.block_quote)


def _extract_window(para: Paragraph) -> list[Occurrence]:
    text = para.text
    excluded = non_authority_spans(text)
    found = [o for o in recognize(text, para.emphasis) if not _inside(o.start, excluded)]
    for o in found:
        if o.display:
            o.display = _quotes_as_written(o.display, text[o.start:o.end])
    taken = [(o.start, o.end) for o in found]
    cases: list[Occurrence] = []
    # in text order: eyecite can return a California cite's bracketed parallel before the cite itself
    for cite in sorted(get_citations(_ids_unglued(text)), key=lambda c: c.span()[0]):
        occ = None
        start = cite.span()[0]
        if _inside(start, excluded) or _inside(start, taken):
            continue
        if isinstance(cite, FullCaseCitation):
            occ = _full_case(cite, para, cases + [o for o in found if o.category == "administrative"])
        elif isinstance(cite, ShortCaseCitation):
            occ = _short_case(cite, text)
        elif isinstance(cite, IdCitation):
            occ = Occurrence(paragraph=para.index, start=start, end=cite.span()[1], kind="id", story=para.story,
                             text=text[start:cite.span()[1]], meta=IdMeta(cite.metadata.pin_cite or ""))
        elif isinstance(cite, SupraCitation):
            if _CROSS_REFERENCE.match(cite.metadata.antecedent_guess or ""):
                continue  # "see p. 15, supra": a pointer within the brief, not a citation
            s = cite.full_span()[0]
            occ = Occurrence(paragraph=para.index, start=s, end=cite.span()[1], kind="supra", story=para.story,
                             text=text[s:cite.span()[1]], meta=SupraMeta(cite.metadata.antecedent_guess or ""))
        if occ is not None:
            cases.append(occ)
    # California's "(Aguilar, supra, 25 Cal.4th at p. 850)" is one short cite, which eyecite also
    # reads as a supra: the supra inside a short cite's words goes.
    shorts = [(o.start, o.end) for o in cases if o.kind == "short"]
    cases = [o for o in cases if not (o.kind == "supra" and any(a <= o.start and o.end <= b for a, b in shorts))]
    cases.extend(_unknown_reporter_cases(para, [(o.start, o.end) for o in found + cases] + excluded))
    cases.extend(_docket_cases(para, [(o.start, o.end) for o in found + cases] + excluded))
    cases.extend(_neutral_cases(para, [(o.start, o.end) for o in found + cases] + excluded))
    cases.extend(_named_pins(para, [(o.start, o.end) for o in found + cases] + excluded))
    # "In re Application … Pursuant to 18 U.S.C. § 2703(d), 707 F.3d 283": a statute in a case's name
    # is part of the name, not a citation of the statute
    names = sorted((o.start, o.meta.name_end) for o in cases
                   if o.kind == "full" and isinstance(o.meta, CaseMeta) and o.meta.name_end is not None
                   and o.meta.name_end > o.start)
    if names:
        starts = [a for a, _b in names]
        found = [o for o in found if not _in_name(o, names, starts)]
    records = [Occurrence(paragraph=para.index, start=a, end=b, kind="record", story=para.story, text=text[a:b])
               for a, b in excluded]
    out = []
    # a block quotation's own citation, in the parenthesis that closes it: "... trial. (§ 1170, subd. (b)(2).)"
    closing = _CLOSING_CITE.search(text) if para.block_quote else None
    for occ in found + cases + records:
        quoted = para.block_quote and not (closing and occ.start >= closing.start())
        inverted = isinstance(occ.meta, ProvisionMeta) and occ.meta.inverted
        if (occ.kind == "reference" or "informal_reference" in occ.flags or inverted) and (
                in_quotation(text, occ.start) or quoted):
            # "… under § 1988." or "under Article 103.008 of the Code of Criminal Procedure" quoted
            # from a court, "pursuant to Section 1170.1" in a statute's text set off as a block
            # quotation: the quoted words, not the brief's citation
            continue
        if _DOT_LEADER.match(text, occ.end):
            continue  # "Pen. Code § 43.3 ........ 47": a line of an index or table, not a citation
        occ.paragraph = para.index
        occ.story = para.story
        if occ.anchor_end is None:
            occ.anchor_end = occ.end
        opener = _open_parenthetical(text, occ.start)
        if (opener and _CITING.match(opener)) or _CITING_CLAUSE.search(text, max(0, occ.start - 40), occ.start):
            # "(citing X)" describes another court's reasoning: X gets no page, but a later
            # short form may still point at it.
            occ.flags.append("citing_parenthetical")
        elif opener and opener[:1].islower():
            occ.in_parenthetical = True  # "(quoting X)": an Id. after it is not X
        if occ.display and occ.category in ("cases", "administrative", "legislative", "other") and para.printed:
            occ.display = _as_printed(occ.display, para, occ)
        if occ.display:
            occ.display_emphasis = display_emphasis(para, occ)
        out.append(occ)
    out.sort(key=lambda o: (o.start, o.end))
    return _drop_overlaps(out)


# eyecite reads no "Id." glued to the bracket before it, nor an "Ibid." to the one after (the
# California Style Manual's "(Id. at p. 161.)" and "(Ibid.)"), nor an Id.'s pin with an en dash.
_GLUED_BEFORE_ID = re.compile(r"[(\[](?=(?:[Ii]d|[Ii]bid)\.)")
_GLUED_AFTER_IBID = re.compile(r"(?<=[Ii]bid\.)[)\]]")
_ID_PIN_DASH = re.compile(r"(?<=[Ii]d\.\sat\s)((?:pp?\.\s)?\d+)[–—](?=\d)")


def _ids_unglued(text: str) -> str:
    """The paragraph as eyecite is given it: those brackets read as spaces, the dash as a hyphen
    (offsets unchanged)."""
    text = _GLUED_AFTER_IBID.sub(" ", _GLUED_BEFORE_ID.sub(" ", text))
    return _ID_PIN_DASH.sub(r"\1-", text)


def _in_name(occ: Occurrence, names: list[tuple[int, int]], starts: list[int]) -> bool:
    """Whether `occ` lies inside one of the case names (sorted spans that do not overlap)."""
    i = bisect.bisect_right(starts, occ.start) - 1
    return i >= 0 and occ.end <= names[i][1]


def _as_printed(display: str, para: Paragraph, occ: Occurrence) -> str:
    """The entry text with the brief's dashes ("Tex. App.—Houston", "(2007–2008 Reg. Sess.)"): the
    display is the cited text less pins, so its characters are found in order in the citation's span."""
    out, i = [], occ.start
    for ch in display:
        while i < occ.end and para.text[i] != ch:
            i += 1
        if i < occ.end:
            out.append(para.printed[i])
            i += 1
        else:
            out.append(ch)
    return "".join(out)


def _quotes_as_written(display: str, source: str) -> str:
    """The recognizers straighten quotes to compare; the entry keeps the brief's curly ones."""
    if "’" in source:
        display = display.replace("'", "’")
    if "“" in source or "”" in source:
        display = re.sub(r'(^|[\s(\[])"', "\\1“", display).replace('"', "”")
    return display


def display_emphasis(para: Paragraph, occ: Occurrence) -> list[tuple[int, int]]:
    """The brief's italics carried into the entry text: each italic stretch of the citation,
    found in order in the display (which drops pins but keeps the words as written)."""
    out, cursor = [], 0
    for a, b in para.emphasis:
        a, b = max(a, occ.start), min(b, occ.end)
        piece = para.text[a:b].strip(" ,;")
        if b <= a or not piece:
            continue
        at = occ.display.find(piece, cursor)
        if at >= 0:
            out.append((at, at + len(piece)))
            cursor = at + len(piece)
    return out


def _inside(pos: int, spans) -> bool:
    return any(a <= pos < b for a, b in spans)


def _drop_overlaps(occs: list[Occurrence]) -> list[Occurrence]:
    """A citation inside another one's words (the U.S.C. codification in an act's parenthetical)
    belongs to it; citations that share one span ("Fifth and Fourteenth Amendments",
    "Fed. R. Evid. 413-415") are all kept. `occs` is sorted by position."""
    # "*Estate of Duke* (2015) 61 Cal.4th 871": an italic title with a year is not a work of its own
    # when it is the name of a case cited in California's way
    cases = [(o.start, o.end) for o in occs if o.kind == "full" and o.category == "cases"]
    occs = [o for o in occs if not (o.category == "other" and o.kind == "full"
                                    and any(a <= o.start and o.end <= b for a, b in cases))]
    out: list[Occurrence] = []
    for o in occs:
        prev = out[-1] if out else None
        nested = (prev is not None and o.kind == prev.kind == "full" and prev.start <= o.start and o.end <= prev.end
                  and (o.start, o.end) != (prev.start, prev.end) and "cases" not in (o.category, prev.category))
        if not nested:
            out.append(o)
    return out


def _open_parenthetical(text: str, pos: int) -> str:
    """The start of the parenthetical that is open at `pos` ("quoting Reed, ..."), or ""."""
    depth = 0
    for i in range(pos - 1, max(-1, pos - 600), -1):
        ch = text[i]
        if ch == ")":
            depth += 1
        elif ch == "(":
            if depth == 0:
                return text[i + 1:i + 40]
            depth -= 1
    return ""


def _full_case(cite: FullCaseCitation, para: Paragraph, earlier: list[Occurrence]) -> Occurrence | None:
    text = para.text
    c_start, c_end = cite.span()
    reporter = _reporter(cite)
    key = CaseKey(cite.groups.get("volume", ""), reporter, (cite.groups.get("page") or "").replace(",", ""))
    prev = max((o for o in earlier if o.kind == "full" and o.start < c_start), key=lambda o: o.start, default=None)
    reported = prev.meta if prev is not None and isinstance(prev.meta, DecisionMeta) else None
    # A cite that follows a case's cite with nothing but a pin between is a parallel cite.
    if prev is not None and reported is not None and reported.cite_end is not None and reported.cite_end <= c_start \
            and _is_parallel_gap(text, reported.cite_end, c_start):
        reported.parallel.append(key)
        _extend(prev, reported, text, c_end)
        return None
    name_start, name_end = _case_name(cite, para)
    name_start, history = _after_history(text, prev, name_start, name_end, c_start)
    if history:
        assert prev is not None and reported is not None  # history follows a decision's cite
        reported.history.append(key)
        _extend(prev, reported, text, c_end, history=True)
        return None
    end = _end_of_cite(text, c_end)
    year = cite.metadata.year
    agency = reporter in AGENCY_REPORTERS or (reporter in ("WL", "LEXIS") and _AGENCY_COURT.search(text, c_end, end))
    occ = Occurrence(paragraph=para.index, start=name_start, end=end, kind="full", story=para.story,
                     text=text[name_start:end], category="administrative" if agency
                     else "other" if reporter in OTHER_REPORTERS else "cases", key=key)
    name = text[name_start:name_end].strip(" ,")
    meta = occ.meta = CaseMeta(volume=key.volume, reporter=reporter, page=key.page, year=year,
                               court=cite.metadata.court, case_name=name, pin_cite=cite.metadata.pin_cite,
                               cite_end=c_end, name_end=name_end)
    occ.display = _case_display(text, name_start, c_start, end)
    if not name:
        named = _named_before(para, c_start, earlier)
        if named:  # "In *Sanford v. Halvorsen Grp.*, the court agreed. 2019 WL 4455667, at *2 (C.D. Cal. 2019)."
            name = meta.case_name = named
            occ.display = f"{named}, {occ.display}"
    occ.sort_key = case_sort_key(name or occ.display)
    occ.anchor_end = end
    if not name:
        occ.flags.append("missing_case_name")
    return occ


def _named_before(para: Paragraph, c_start: int, earlier: list[Occurrence]) -> str:
    """The case a nameless cite stands for when the brief named it in italics in the words just
    before ("In *Sanford v. Halvorsen Grp.*, the court agreed. 2019 WL 4455667"): the last italic
    case name in the 300 characters before the cite that no citation before it has taken."""
    # a paragraph typed without italics: the names written as case names ("In Bradshaw v. State, the
    # court held … . See 466 S.W.3d 876")
    spans = para.emphasis or [(m.start("name"), m.end("name"))
                              for m in _PLAIN_CASE_NAME.finditer(para.text, max(0, c_start - 300), c_start)]
    for a, b in reversed(spans):
        if b > c_start:
            continue
        if b < c_start - 300 or any(a <= o.end and o.start < c_start for o in earlier) \
                or _HISTORY_NAME.search(para.text, max(b, c_start - 80), c_start):
            return ""  # too far, a citation lies between (or the name is a citation's own), or it is history
        name = para.text[a:b].strip(" ,")
        if re.search(r"\sv\.\s|^(?:In re|Ex parte)\s", name):
            return name
    return ""


_NAME_PART = r"[A-Z][\w.'’&-]*(?:\s(?:of|the|and|&|[A-Z][\w.'’&-]*)){0,5}"
_PLAIN_CASE_NAME = re.compile(rf"(?<![\w.])(?:In\s(?!re\b))?(?P<name>(?:In re|Ex parte)\s{_NAME_PART}|{_NAME_PART}\sv\.\s"
                              rf"{_NAME_PART})(?=,|\s[a-z])")


# An italic case name, then a cite in a reporter eyecite does not know, e.g. English reports
# "Regina v. Marriott, (1838) 173 Eng. Rep. 559" or "Rex v. Friend, (1802) 10 Cox C.C. 547",
# or a known one mistyped ("493 S.W.29 206" for S.W.2d): listed, and flagged for review.
_UNKNOWN_CITE = re.compile(r",\s*(?P<year>\(\d{4}\)\s*)?(?P<volume>\d{1,4})\s+(?P<reporter>[A-Z][A-Za-z.&'’]*"
                           r"(?:\s[A-Z][A-Za-z.&'’]*){0,3}(?:(?<=\.)\d{1,2}[a-z]{0,2})?)\s+(?P<page>\d{1,5})\b")


def _unknown_reporter_cases(para: Paragraph, taken: list[tuple[int, int]]) -> list[Occurrence]:
    text = para.text
    out = []
    for start, b, name, m in _italic_names_before(para, _UNKNOWN_CITE, "volume", taken):
        if " v. " not in name:
            continue
        end = _end_of_cite(text, m.end())
        key = CaseKey(m.group("volume"), m.group("reporter"), m.group("page"))
        occ = Occurrence(paragraph=para.index, start=start, end=end, kind="full", story=para.story,
                         text=text[start:end], category="cases", key=key,
                         display=_case_display(text, start, m.start("volume"), end),
                         sort_key=case_sort_key(name), flags=["unknown_reporter"])
        occ.meta = CaseMeta(volume=key.volume, reporter=key.reporter, page=key.page, case_name=name,
                            cite_end=m.end(), name_end=b)
        out.append(occ)
    return out


# A case cited by the year in brackets, as English and Commonwealth reports and neutral
# citations are: "R v. Smith [2004] 2 All ER 101", "Doe v. Roe [2019] UKSC 12".
_NEUTRAL_CITE = re.compile(r"\s*,?\s*\[(?P<year>1[5-9]\d\d|20\d\d)\]\s+(?:(?P<volume>\d{1,3})\s+)?"
                           r"(?P<reporter>[A-Z][A-Za-z.]*(?:\s(?!\d)[A-Z][A-Za-z.]*){0,2})\s+(?P<page>\d{1,5})(?![\d/])")


_FOREIGN_COURT = re.compile(r"\s*\((?:[A-Z]{2,5}|[A-Z][a-z]+\.?(?:\s[A-Z][a-z]*\.?){0,2})\)")


def _neutral_cases(para: Paragraph, taken: list[tuple[int, int]]) -> list[Occurrence]:
    text = para.text
    out = []
    for start, b, name, m in _italic_names_before(para, _NEUTRAL_CITE, "year", taken):
        if not re.search(r"\sv\.?\s", name):
            continue
        end = _end_of_cite(text, m.end())
        court = _FOREIGN_COURT.match(text, end)  # "(HL)", "(PC)"
        end = court.end() if court else end
        key = CaseKey(m.group("year") + (" " + m.group("volume") if m.group("volume") else ""),
                      m.group("reporter"), m.group("page"))
        occ = Occurrence(paragraph=para.index, start=start, end=end, kind="full", story=para.story,
                         text=text[start:end], category="cases", key=key,
                         display=_case_display(text, start, m.start("year"), end), sort_key=case_sort_key(name))
        occ.meta = CaseMeta(volume=key.volume, reporter=key.reporter, page=key.page, year=m.group("year"),
                            case_name=name, cite_end=m.end(), name_end=b)
        out.append(occ)
    return out


# The California Style Manual's short form by name alone, for a case cited just before:
# "(Baral, at p. 396.)", "(See People v. Lynch, at pp. 768-769; Lawson, at p. 712.)"
_NAMED_PIN = re.compile(
    r"(?:(?<=\()|(?<=;\s)|(?<=\[))(?:(?:[Ss]ee(?:\salso)?|[Aa]ccord,?|[Cc]f\.)\s)?"
    r"(?P<name>(?:[A-Z][\w.'’&-]*\s(?:v\.|of)\s)?[A-Z][\w.'’&-]*(?:\s[A-Z][\w.'’&-]*){0,2}),\sat\s"
    r"(?P<pin>pp?\.\s\d+(?:-\d+)?(?:,\sfn\.\s\d+)?)")
_GOVERNMENT_PARTY = {"People", "State", "United States", "Commonwealth", "City", "County"}


def _named_pins(para: Paragraph, taken: list[tuple[int, int]]) -> list[Occurrence]:
    """California's "(Baral, at p. 396.)": a short form naming its case by one party, linked as a
    supra is (by that word)."""
    text, out = para.text, []
    for m in _NAMED_PIN.finditer(text):
        start = m.start("name")
        if _inside(start, taken):
            continue
        name = m.group("name")
        parts = re.match(r"(?P<a>.+?)\s(?P<w>v\.|of)\s(?P<b>.+)$", name)
        if parts and (parts.group("w") == "of" or parts.group("a") in _GOVERNMENT_PARTY):
            word = parts.group("b").split()[-1]  # "People v. Lynch", "Estate of Duke": the other party
        else:
            word = name.split()[0]
        out.append(Occurrence(paragraph=para.index, start=start, end=m.end(), kind="supra", story=para.story,
                              text=text[start:m.end()], meta=SupraMeta(word, "at " + m.group("pin"))))
    return out


def _after_history(text: str, prev: Occurrence | None, name_start: int, name_end: int,
                   c_start: int) -> tuple[int, bool]:
    """Whether a cite is subsequent history of the case before it, and where its own name starts.

    History is a nameless cite after a history phrase ("aff'd, 100 F.4th 1"), or a named one
    after "sub nom." ("aff'd sub nom. Brown v. Entm't Merchs. Ass'n, 564 U.S. 786"); a phrase
    read as part of the name is cut off it. A named case after "abrogated by" is a case of its own.
    """
    phrase = _HISTORY_NAME.match(text, name_start, name_end)
    if phrase:
        name_start = phrase.end() if "sub nom" in phrase.group(0) else name_end
    if prev is None or prev.end > (phrase.start() if phrase else name_start):
        return name_start, False
    if phrase:
        return name_start, not _LEADING_PARENS.sub("", text[prev.end:phrase.start()]).strip(" ,")
    gap = _LEADING_PARENS.sub("", text[prev.end:name_start if name_end > name_start else c_start])
    if name_end > name_start:
        return name_start, bool(_SUB_NOM.match(gap))
    return name_start, bool(_HISTORY.match(gap))


# An italic case name cited by docket number alone (an order, a slip opinion, a pending case):
# "Arkansas v. EPA, No. 23-1320 (8th Cir. Apr. 25, 2023)", "…, No. 22-451, slip op. 5 (U.S. 2024)".
_DOCKET_CITE = re.compile(r",\s*(?P<no>" + _DOCKET_NO + r"(?P<docket>(?:[A-Z]{1,3}\s)?\d[\w:-]*"
                          r"(?:(?:,\s*|\s*&\s*)\d[\w:-]*)*))"
                          r"(?P<bl>,\s*\d{4}\sBL\s\d+)?"
                          r"(?:,\s*(?:slip\s+op\.|[\w\s.]*?Order)(?:\s+at)?(?:\s+\d+(?:-\d+)?)?)?"
                          r"(?:,\s*(?:at\s)?\*\d+(?:-\*?\d+)?)?"
                          r"(?:\s*\((?P<court>[^()]*?\b(?:1[89]\d\d|20\d\d))\)|(?=[.;](?:\s|$)))")
# A federal district court's docket number ("4:22-cv-01111-XYZ", "21-md-02987"): a case cited by it
# alone, without court and date, as amicus briefs cite the cases of their members
_DISTRICT_DOCKET = re.compile(r"(?:\d:)?\d{2}-[a-z]{2,3}-\d{3,6}(?:-[A-Z]{2,4})*")
# A Bloomberg Law cite without a number: "Ames v. Bo, 2021 BL 123456, at *3 (S.D.N.Y. Jan. 4, 2021)".
_BL_CITE = re.compile(r",\s*(?P<bl>(?P<year>\d{4})\sBL\s(?P<num>\d+))(?:,\s*(?:at\s)?\*\d+(?:-\*?\d+)?)?"
                      r"\s*\((?P<court>[^()]*?\b(?:1[89]\d\d|20\d\d))\)")


def _docket_cases(para: Paragraph, taken: list[tuple[int, int]]) -> list[Occurrence]:
    text = para.text
    out = []
    for start, b, name, m in _italic_names_before(para, _DOCKET_CITE, "no", taken):
        if " v. " not in name and not _NAME_PREFIX.search(name + " ") and not name.startswith(("In re", "Ex parte")):
            continue
        docket = re.sub(r"\s+", "", m.group("docket"))
        if m.group("court") is None and not _DISTRICT_DOCKET.fullmatch(docket):
            continue
        if re.search(r"\b(filed|argued|pending|petition|docketed)\b", m.group("court") or "", re.I):
            continue  # a case not yet decided ("No. 23-1038 (filed Mar. 19, 2024)") is no authority
        court = " (" + re.sub(r"\s+", " ", m.group("court")) + ")" if m.group("court") else ""
        bl = re.sub(r"^[,\s]+", ", ", m.group("bl") or "")
        number = re.sub(r"\s+", " ", m.group("no").strip())
        occ = Occurrence(paragraph=para.index, start=start, end=m.end(), kind="full", story=para.story,
                         text=text[start:m.end()], category="cases", key=DocketKey(docket, same_party_name(name).lower()),
                         display=f"{name}, {number}{bl}{court}", sort_key=case_sort_key(name))
        occ.meta = CaseMeta(case_name=name, name_end=b)
        out.append(occ)
    taken = taken + [(o.start, o.end) for o in out]
    for start, b, name, m in _italic_names_before(para, _BL_CITE, "bl", taken):
        if " v. " not in name and not _NAME_PREFIX.search(name + " ") and not name.startswith(("In re", "Ex parte")):
            continue
        court = re.sub(r"\s+", " ", m.group("court"))
        occ = Occurrence(paragraph=para.index, start=start, end=m.end(), kind="full", story=para.story,
                         text=text[start:m.end()], category="cases", key=CaseKey(m.group("year"), "BL", m.group("num")),
                         display=f"{name}, {m.group('bl')} ({court})", sort_key=case_sort_key(name))
        occ.meta = CaseMeta(case_name=name, volume=m.group("year"), reporter="BL", page=m.group("num"), name_end=b)
        out.append(occ)
    return out


def _reporter(cite) -> str:
    try:
        return cite.corrected_reporter()
    except Exception:  # eyecite raises on reporters without an edition guess
        return cite.groups.get("reporter", "")


def _is_parallel_gap(text: str, a: int, b: int) -> bool:
    gap = text[a:b]
    # California brackets a case's parallel cites: "(1966) 384 U.S. 436, 444 [86 S.Ct. 1602, 16 L.Ed.2d 694]"
    return bool(re.fullmatch(r"(?:,\s*(?:at\s+)?\*?\d+(?:[-–]\d+)?(?:\s*n\.\s*\d+)?)*\s*(?:,\s*|\[)", gap))


def _extend(occ: Occurrence, meta: DecisionMeta, text: str, cite_end: int, history: bool = False) -> None:
    """Grow a case occurrence over a parallel cite or subsequent history that follows it."""
    end = _end_of_cite(text, cite_end)
    if history:
        occ.display = occ.display + text[occ.end:end] if occ.display else text[occ.start:end]
        occ.display = _strip_pins(occ.display)
    else:
        if text[occ.start:end].count("[") > text[occ.start:end].count("]") and text.startswith("]", end):
            end += 1  # the bracket that closes California's parallel cites
        assert meta.cite_end is not None  # a parallel cite follows the end of the cite before
        occ.display = _case_display(text, occ.start, meta.cite_end, end)
    occ.end = max(occ.end, end)
    occ.anchor_end = occ.end
    occ.text = text[occ.start:occ.end]
    meta.cite_end = cite_end


def _end_of_cite(text: str, c_end: int) -> int:
    """End of the citation proper: after pin cites and the court/year parenthetical."""
    i = c_end
    m = _PIN.match(text[i:])
    if m:
        i += m.end()
    m = _YEAR_PAREN.match(text[i:])
    if m:
        i += m.end()
        m = _OPINION_PAREN.match(text[i:])
        if m:
            i += m.end()
    return i


def _strip_pins(s: str) -> str:
    return re.sub(r"(\d+\s+[A-Z][\w.' ]*?\s+\d+)(?:,\s*(?:at\s+)?\*?\d+(?:-\*?\d+)?(?![\d])(?!\s+[A-Z])(?:\s*nn?\.\s*\d+)?)+", r"\1", s)


def _case_display(text: str, start: int, c_start: int, end: int) -> str:
    """Entry text: the name as written, the cite(s) without pin pages, the court/year paren."""
    s = text[start:end]
    s = re.sub(r",\s*(?:at\s+)?\*\d+(?:-\*?\d+)?(?:,?\s*nn?\.\s*\d+)?", "", s)  # star pins of WL/LEXIS cites
    s = _strip_pins(s)
    return re.sub(r"\s+", " ", s).strip(" ,;")


def _case_name(cite: FullCaseCitation, para: Paragraph) -> tuple[int, int]:
    """(start, end) of the case name before a full cite; (c, c) when the cite has none."""
    text = para.text
    c_start = cite.span()[0]
    # Italics first: the emphasized stretch that ends just before the cite.
    for i in range(len(para.emphasis) - 1, -1, -1):
        a, b = para.emphasis[i]
        if b > c_start:
            continue
        close = b
        if text.startswith(")", b) and text[a - 1:a] == "(" and i and re.fullmatch(r"\s?\(", text[para.emphasis[i - 1][1]:a]):
            # "*People v. Superior Court* (*Romero*) (1996) 13 Cal.4th 497": the real party is part of the name
            close, a = b + 1, para.emphasis[i - 1][0]
        if not _GAP_BEFORE_CITE.match(text[close:c_start]):
            break
        start = _with_prefix(text, _italic_name_start(para, a, b))
        if close > start:
            return start, close
    # Plain text: eyecite's start, mended for the forms it gets wrong.
    f_start = cite.full_span()[0]
    if f_start >= c_start:
        return c_start, c_start
    paren = f_start if text[f_start] == "(" else f_start - 1 if text[f_start - 1:f_start] == "(" else None
    if paren is not None:
        named = _name_before_parenthesis(text, paren, c_start)
        if named is not None:
            return named
    seg = text[f_start:c_start]
    cut = max(seg.rfind("). "), seg.rfind("; "))
    if cut >= 0:  # the name leaked back over an earlier citation
        f_start += cut + 2
    f_start = _skip_opening(text, f_start, c_start)  # "(People v. Morris (1991) 53 Cal.3d 152.)"
    f_start = _skip_opening(text, _strip_signal(text, f_start, c_start), c_start)
    f_start = _with_prefix(text, f_start)
    if text.count(")", f_start, c_start) > text.count("(", f_start, c_start):
        # "Comm. v. Ragsdale (In re Stone), 588 B.R. 800": the name goes on before its parenthesis
        opening = text.rfind("(", 0, f_start)
        if opening > 0 and _plain_name_start(text, opening) < opening:
            f_start = _plain_name_start(text, opening)
    if re.search(r"\b(?:v|vs)\.\s*$", text[max(0, f_start - 6):f_start]) or re.match(r"(?:v|vs)\.\s", text[f_start:]) \
            or _NAME_JOINT.search(text, max(0, f_start - 12), f_start):
        # eyecite began after "vs." ("Ed Friedman vs. Fish"), at "v." ("Doe 1 v. Roe", "Smith et al. v. Jones"),
        # or after a word it does not take for a name's ("eBay Inc.", "In re: Google", "Corp. d/b/a XYZ")
        f_start = _plain_name_start(text, f_start)
    f_start = _before_abbreviations(text, f_start, c_start)
    f_start = _strip_signal(text, f_start, c_start)  # "Cf. United States ex rel. X": the signal is no part of it
    end = c_start
    m = re.search(r"[\s,]*(?:" + _DOCKET_NO + r"(?:[A-Z]{1,3}\s)?[\w\-:.]+(?:,\s*[\w\-:.]+)*[\s,]*)?$", text[f_start:c_start])
    if m:
        end = f_start + m.start()
    return f_start, end


# Words that case names abbreviate (the Bluebook's tables 6 and 10): a period after one of them is
# not a sentence end, so eyecite's plain-text name, which stops there, goes on before it.
_NAME_ABBREVIATIONS = frozenset("""
    Acad Admin Admr Adver Agric Am Ams Ass Assocs Atl Auth Auto Ave Bankr Bd Bhd Bros Bldg Bus Cap Cas Cent Chem Cmty
    Cnty Co Coal Coll Comm Commc Commr Comp Condo Cong Consol Constr Cont Coop Corp Corr Ctr Def Del Dep Dev Dir
    Disc Dist Distrib Div Econ Educ Elec Emps Enf Eng Ent Enters Envtl Equal Equip Exch Exec Fam Fed Fin Fla Found Gen
    Grp Guar Hldgs Hosp Hous Ill Inc Indem Indep Indus Info Ins Inst Int Inv Invs Lab Liab Litig Loc Ltd Mach Mag
    Maint Mar Mass Med Merch Metro Mfg Mfrs Mgmt Mich Mkt Mktg Mortg Mun Mut Nat Ne Nw Org Pac Pharm Pharms Pol Prob
    Prod Prods Prof Prop Prot Pty Pub Rd Rec Ref Reg Regs Rehab Rels Rep Res Resol Ret Rev Rsch Rsrv Sav Sch Sci Sec
    Serv Servs Soc Sol Spec Sq St Sta Stat Sur Sys Tech Tel Temp Tex Twp Transp Tr Tpk Unif Univ Util Vill Wash
    Ala Ariz Ark Cal Colo Conn Ga Haw Ind Kan Ky La Md Minn Miss Mo Mont Neb Nev Okla Pa Tenn Vt Va Wis Wyo
    """.split())
# Capitalised words that open a sentence or clause before a name ("Under Metro. Life Ins. Co. v. …")
_SENTENCE_OPENERS = frozenset("""The This That These Those Under As When Because While Although Like Unlike Following
    After Before Here There Thus Indeed Moreover Accordingly Similarly Likewise And Or Both With Applying Citing Quoting
    Per By From To Where If Since Only Even Yet So Then Also""".split())
_ABBREVIATED_WORD = re.compile(r"(?:[A-Z][a-z]*(?:['’][a-z]+)?|(?:[A-Z]\.){1,3}[A-Z]?)\.,?$")


def _before_abbreviations(text: str, start: int, c_start: int) -> int:
    """Where a plain-text case name begins when eyecite stopped after an abbreviation it read as a
    sentence end ("Metro. Life Ins. Co. v. Glenn", "Cnty. of Sacramento v. Lewis"): back over
    capitalised words, abbreviations and "of", "for", "&", never over a word that ends a sentence
    ("the Act."), a lower-case word, or a signal; a number only inside the name ("Loc. 338 Ret. Fund")."""
    if " v. " not in text[start:c_start] and not text.startswith(("In re", "Ex parte"), start):
        return start
    new = start
    for w in reversed(list(re.finditer(r"\S+", text[max(0, start - 120):start]))):
        token = w.group(0)
        if token in ("of", "for", "&", "and", "the", "de", "ex", "rel."):
            ok = True
        elif token.endswith(".") or token.endswith(".,"):
            word = token.rstrip(".,")
            ok = bool(_ABBREVIATED_WORD.match(token)) and (
                re.sub(r"['’].*", "", word) in _NAME_ABBREVIATIONS or "'" in word or "’" in word
                or re.fullmatch(r"(?:[A-Z]\.?){1,4}", word) is not None)
        else:
            ok = bool(re.fullmatch(r"[A-Z][\w'’&-]*,?|\d+", token)) and not _SIGNAL.match(token + " ") \
                and token.rstrip(",") not in _SENTENCE_OPENERS
        if not ok:
            break
        new = max(0, start - 120) + w.start()
    while new < start and re.match(r"(?:of|for|&|and|the|de|\d+)\s", text[new:start]):
        new = text.index(" ", new) + 1  # nor with a connector or a number (a note's reference: "144 Lund v. Moss")
    return new


def _italic_names_before(para: Paragraph, pattern: re.Pattern, group: str, taken: list[tuple[int, int]]):
    """(name start, name end, name, match) for each case name that `pattern` follows, outside
    the spans other citations already took: the brief's italics, else (a brief typed without
    italics) the run of name words before the match."""
    seen = set()
    for a, b in para.emphasis:
        m = pattern.match(para.text, b)
        if m and not _inside(m.start(group), taken) and not _inside(a, taken):
            start = _italic_name_start(para, a, b)
            seen.add(m.start())
            yield start, b, para.text[start:b].strip(" ,"), m
    for m in pattern.finditer(para.text):
        if m.start() in seen or _inside(m.start(group), taken) or any(a < m.start() <= b for a, b in para.emphasis):
            continue
        start = _plain_name_start(para.text, m.start())
        if start < m.start() and not _inside(start, taken):
            yield start, m.start(), para.text[start:m.start()].strip(" ,"), m


# A word of a case name written in roman: capitalised, or one of the small words names hold.
_NAME_WORD = re.compile(r"(?:[A-Z$\d][\w.'’&$,-]*|[a-z]+[A-Z][\w.'’&-]*,?|v\.?|vs\.|ex|rel\.|of|the|and|for|de|del|la|"
                        r"in|re:?|on|behalf|&|d/b/a|f/k/a|a/k/a|n/k/a|et|al\.,?)$")
# A name's word that eyecite does not take as one, just before where its name begins
_NAME_JOINT = re.compile(r"(?:\b[a-z]+[A-Z][\w'’&.-]*|\bre:|\b(?:d/b/a|f/k/a|a/k/a|n/k/a))\s+$")


# Where eyecite begins a California cite inside the parenthesis after its name: the court and year
# ("United States v. Smith (9th Cir. 2020) 961 F.3d 1203") or the real party ("People v. Superior
# Court (Romero) (1996) 13 Cal.4th 497").
_COURT_YEAR_REST = re.compile(r"[^()]{0,60}?\b\d{4}(?:,\s*No\.\s*[\w\-:.]+)?\)\s*$")
_REAL_PARTY_REST = re.compile(r"[A-Z][^()]{0,40}\)(?=\s*\(\d{4}\)\s*$)")


def _name_before_parenthesis(text: str, paren: int, c_start: int) -> tuple[int, int] | None:
    """(start, end) of a roman case name before the parenthesis at `paren`, or None."""
    if _COURT_YEAR_REST.match(text, paren + 1, c_start):
        end = len(text[:paren].rstrip())
    elif m := _REAL_PARTY_REST.match(text, paren + 1, c_start):
        end = m.end()
    else:
        return None
    start = _plain_name_start(text, len(text[:paren].rstrip()))
    return (start, end) if start < paren and re.search(r"\s(?:v|vs)\.\s|^(?:In\sre|Ex\sparte|Estate|Conservatorship|"
                                                       r"Guardianship|Marriage|Adoption)\b", text[start:paren]) else None


def _plain_name_start(text: str, end: int) -> int:
    """Where a case name typed in roman that ends at `end` starts: back over name words to the
    first word that cannot be part of one, then past a signal ("See") or "In"."""
    words = list(re.finditer(r"\S+", text[max(0, end - 200):end]))
    start = end
    for w in reversed(words):
        token = w.group(0).rstrip(",")
        if token.endswith((";", ")", ":")) and token != "re:" or token.startswith(("(", "[")) or not _NAME_WORD.match(token):
            if token.startswith(("(", "[")) and _NAME_WORD.match(token.lstrip("([")):
                start = max(0, end - 200) + w.start() + 1
            break
        start = max(0, end - 200) + w.start()
    start = _strip_signal(text, start, end)
    while start < end and not text[start].isupper() and text[start] not in "$0123456789" \
            and not re.match(r"[a-z]+[A-Z]", text[start:end]):
        nxt = text.find(" ", start, end)  # a leading lower-case word ("in", "the") is not the name
        start = end if nxt < 0 else nxt + 1
    return start


def _italic_name_start(para: Paragraph, a: int, b: int) -> int:
    """Where the case name whose italics run from `a` to `b` starts: earlier italic parts are
    joined across a roman "v.", "ex rel.", "&" ("*Willson* v. *Commissioner*"), and a leading
    signal ("*See*") or space is left out."""
    text, start = para.text, a
    for a2, b2 in reversed([e for e in para.emphasis if e[1] <= a]):
        if re.fullmatch(r"\s*(v\.|vs\.|ex rel\.|&|and|of|for|on behalf of)?\s*", text[b2:start]):
            start = a2
        else:
            break
    start = _strip_signal(text, start, b)
    while start < b and text[start].isspace():
        start += 1
    return start


def _skip_opening(text: str, start: int, end: int) -> int:
    """Past the brackets and spaces that open a citation sentence: "(People v. …", "[See …"."""
    while start < end and text[start] in "([ \t":
        start += 1
    return start


def _strip_signal(text: str, start: int, end: int) -> int:
    m = _SIGNAL.match(text[start:end])
    return start + m.end() if m and start + m.end() < end else start


def _with_prefix(text: str, start: int) -> int:
    m = _NAME_PREFIX.search(text[max(0, start - 80):start])
    if m:
        return max(0, start - 80) + m.start() + (len(m.group(0)) - len(m.group(0).lstrip()))
    return start


# A sentence or clause end inside a short cite's span: after ")", a digit or a lower-case word ("held."),
# never after an abbreviation in a name ("Mfrs.", "Corp.", "v.").
_SHORT_NAME_LEAK = re.compile(r"(?:\)|\d|\b[a-z]{3,})[.;]\s+(?=[A-Z])|;\s+")


def _short_case(cite: ShortCaseCitation, text: str) -> Occurrence:
    s, e = cite.full_span()
    ends = list(_SHORT_NAME_LEAK.finditer(text, s, cite.span()[0]))
    if ends:  # the name leaked back over the sentence before ("(Brown II). Brown I, 347 U.S. at 495")
        s = ends[-1].end()
    s = _strip_signal(text, _skip_opening(text, s, e), e)
    return Occurrence(paragraph=-1, start=s, end=cite.span()[1], kind="short", story="", text=text[s:cite.span()[1]],
                      meta=ShortCiteMeta(cite.groups.get("volume", ""), _reporter(cite), cite.groups.get("page", ""),
                                         cite.metadata.antecedent_guess or ""))


_ARTICLES = re.compile(r"^(the|a|an)\s+", re.I)
_US_PARTY = re.compile(r"\bU\.\s?S\.(?=\s+v\.\s)|(?<=\sv\.\s)U\.\s?S\.(?=$|[\s,])")


def same_party_name(name: str) -> str:
    """"U.S. v. Jones" is "United States v. Jones": one authority, filed under "United States"."""
    return _US_PARTY.sub("United States", name)


def case_sort_key(name: str) -> tuple:
    """Alphabetical by the name as written ("In re X" under I, "United States v. X" under U).

    Case and punctuation are ignored; a name that starts with a numeral sorts before letters,
    numerals compared by value ("$154,362.05 in U.S. Currency" before "75 Broken Sets").
    """
    s = same_party_name(name).replace("’", "").replace("'", "").lower()
    parts = []
    for number, word in re.findall(r"(\d[\d,]*(?:\.\d+)?)|([^\W\d_]+|\d+)", s):
        parts.append((0, float(number.replace(",", "")), "") if number else (1, 0.0, word))
    return tuple(parts)
