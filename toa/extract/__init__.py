"""Stage 2: find every citation in the document's paragraphs (a list of Occurrence).

eyecite finds case citations, short forms, Id. and supra; the recognizer layer
(toa.recognizers) finds what eyecite misses or mistypes: constitutions, statutes without "§",
rules, regulations, legislative materials, secondary sources, agency decisions. eyecite is run
paragraph by paragraph on the normalised text (document.py), and its known weak spots are
mended here, one module for each:

    eyecite_adapter   eyecite called with its court/year parenthetical kept in its parenthesis
    names             the case name as the brief writes it (its italics first)
    cases             full case cites: court/year parenthetical, parallel cites, subsequent history
    case_finders      the case cites eyecite does not find (unknown reporters, docket numbers, ...)
    short_forms       short cites, Id., supra, and the short names a brief defines
    case_mentions     a case named in the text after its full cite ("Heien does not apply")

A sentence that a page break cut in two (toa.paragraph_joins) is read in the joined text.
"""

from __future__ import annotations

import bisect
import re

from ..keys import StateBillKey
from ..meta import CaseMeta, DecisionMeta, ProvisionMeta
from ..model import Document, Occurrence, Paragraph
from ..paragraph_joins import continued_paragraphs, joined
from ..recognizers import codes, non_authority_spans, recognize, statutes
from ..recognizers.common import in_quotation
from . import eyecite_adapter, short_forms
from .case_finders import docket_cases, neutral_cases, unknown_reporter_cases
from .case_mentions import case_mentions
from .cases import docketed_history, full_case
from .names import inside

_DOT_LEADER = re.compile(r"\s?(?:\([^()]{0,20}\)\s?)?(?:(?:\.\s?){4,}|…{2,})")
# "(citing X)" reports what another court cited; "(quoting X)", "(relying on X)" invoke X itself.
_CITING = re.compile(r"^(citing|cited in|cited with approval in)\b", re.I)
# California style puts it in the citation sentence: "(Reid, supra, 50 Cal.4th at p. 534, citing X.)"
_CITING_CLAUSE = re.compile(r",\s*(?:citing|cited in|cited with approval in)\s+$")
# … and an aside without the parenthesis: "Garcia, 149 S.W.3d at 144, quoting Marin, 851 S.W.2d
# 275, overruled on other grounds by Cain, 947 S.W.2d 262." An Id. after it is Garcia.
_ASIDE_CLAUSE = re.compile(
    r",\s*(?:quoting|(?:overruled|abrogated|disapproved|superseded|limited)\b[^,;()]{0,40}?\b(?:by|in))\s+$"
)


# A build holds some 10 KB per citation (README "Limits"): a brief cites a few hundred to a few
# thousand times, and 180,000 citations took 1.65 GB and three minutes.
MAX_CITATIONS = 20_000


class TooManyCitations(Exception):
    """More citations than a build holds; the message is one line for the user."""


def extract(doc: Document) -> list[Occurrence]:
    """All occurrences, in reading order, of the paragraphs that are scanned."""
    scanned = [p for p in doc.paragraphs if not p.skipped and p.text.strip()]
    found, count = {}, 0
    acts: set[str] = set()  # the short names paragraphs define for acts, cited by them later on
    for p in scanned:
        found[p.index] = extract_paragraph(p, frozenset(a for a in acts if a in p.text))
        acts |= statutes.act_names_defined(p.text)
        count += len(found[p.index])
        if count > MAX_CITATIONS:
            raise TooManyCitations(f"more than {MAX_CITATIONS:,} citations; at most that many are accepted")
    for head, tail in continued_paragraphs(scanned):
        _join_across(head, tail, found)
    out = _without_brief_pages([o for p in scanned for o in found[p.index]], scanned)
    out.extend(short_forms.defined_short_forms(scanned, out))
    out.extend(case_mentions(scanned, out))
    out.extend(short_forms.docket_short_forms(scanned, out))
    codes.resolve_jurisdictions(out)
    return out


# A page range after "AB" ("(AB 17-18, citing …)"): the brief names the answering brief so, and
# then its "(AB 16.)" is a page of that brief, not Assembly Bill 16. A bill is never cited as a range.
_ANSWERING_BRIEF_PAGES = re.compile(r"(?<![\w.])AB\s\d{1,3}\s?[-–]\s?(?P<last>\d{1,3})(?![\w-])")
_BARE_AB = re.compile(r"AB\s(?:No\.\s?)?(?P<num>\d+)")


def _without_brief_pages(occs: list[Occurrence], paragraphs: list[Paragraph]) -> list[Occurrence]:
    """The occurrences less the bills "AB 16" that are pages of the answering brief: the brief
    cites that brief's pages as ranges somewhere, and the number is within the pages it cites
    ("AB 1545" in the same brief is the bill)."""
    pages = [
        int(m.group("last")) for p in paragraphs if "AB " in p.text for m in _ANSWERING_BRIEF_PAGES.finditer(p.text)
    ]
    if not pages:
        return occs
    return [
        o
        for o in occs
        if not (
            isinstance(o.key, StateBillKey)
            and (m := _BARE_AB.fullmatch(o.text)) is not None
            and int(m.group("num")) <= max(pages)
        )
    ]


def _join_across(head: Paragraph, tail: Paragraph, found: dict[int, list[Occurrence]]) -> None:
    """A citation that starts in `head` and ends in `tail` is read in the joined text and kept
    with `head`, where it begins (its page, its TA field); `tail` loses its fragment."""
    cut = len(head.text) + 1
    both = joined(head, tail)
    whole = extract_paragraph(both)
    across = [o for o in whole if o.kind == "full" and o.start < len(head.text) and o.end > cut]
    seen_whole = {o.start - cut for o in whole if o.kind == "reference"}
    for o in across:
        covered = o.end - cut
        # a bare "(b)" the tail shows alone is the rest of the cite ("§ 301(a) and (b)") when the
        # joined reading does not find it
        found[tail.index] = [
            t for t in found[tail.index] if t.start >= covered and (t.kind != "reference" or t.start in seen_whole)
        ]
        found[head.index] = [h for h in found[head.index] if h.end <= o.start or h.start >= len(head.text)]
        o.end = o.anchor_end = len(head.text)
        o.text = both.text[o.start : covered + cut]
        found[head.index].append(o)
    found[head.index].sort(key=lambda o: (o.start, o.end))


# Some checks here rescan the rest of a paragraph once per citation (as eyecite's search for
# reference citations did, which the adapter leaves out): time grows with the square of a
# paragraph's length. A long
# paragraph is read in windows that end at a sentence end, as if it were several paragraphs.
# A sentence end is guessed ("Crim. Proc." reads as one), so each window reads on OVERLAP
# characters past its end, more than any one citation takes: a citation that starts in a window is
# read whole there, and what the next window finds inside it (its second half) is dropped.
WINDOW = 20_000
OVERLAP = 2_000
_SENTENCE_END = re.compile(r"(?:(?<=[a-z]{3}[.!?])|(?<=\)\.))\s+(?=[A-Z“\"(])")


def extract_paragraph(para: Paragraph, defined_acts: frozenset[str] = frozenset()) -> list[Occurrence]:
    """The paragraph's citations; `defined_acts`: the short names earlier paragraphs defined for acts."""
    if len(para.text) <= WINDOW:
        return _extract_window(para, defined_acts)
    out: list[Occurrence] = []
    kept: list[Occurrence] = []
    for a, b in _windows(para.text):
        crossing = [o for o in kept if o.end > a]  # read whole by the window before
        window = _window(para, a, min(b + OVERLAP, len(para.text)))
        read = [_shifted(occ, a) for occ in _extract_window(window, defined_acts)]
        kept = [o for o in read if o.start < b and not any(c.start <= o.start < c.end for c in crossing)]
        out.extend(kept)
    return out


def _shifted(occ: Occurrence, a: int) -> Occurrence:
    """An occurrence read in a window that starts at a, with the paragraph's offsets."""
    occ.start, occ.end = occ.start + a, occ.end + a
    occ.anchor_end = occ.anchor_end + a if occ.anchor_end is not None else None
    if isinstance(occ.meta, DecisionMeta) and occ.meta.cite_end is not None:
        occ.meta.cite_end += a
    if isinstance(occ.meta, CaseMeta) and occ.meta.name_end is not None:
        occ.meta.name_end += a
    return occ


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


# A quoted court's own citation sentence, "… the highest level of care possible.’ (§ 1422, subd.
# (a).)”": its provision is cited, not words about it; the typed tables list its page.
_CITATION_SENTENCE_OPEN = re.compile(r"\(\s*$")
_CITATION_SENTENCE_CLOSE = re.compile(r"\.?\)")
_CLOSING_CITE = re.compile(r"\((?:[^()]|\([^()]*\))*\)\.?[\s\u201d\"]*$")


def _window(para: Paragraph, a: int, b: int) -> Paragraph:
    """The part [a, b) of a paragraph, as a paragraph of its own (offsets from a)."""
    return Paragraph(
        index=para.index,
        story=para.story,
        text=para.text[a:b],
        printed=para.printed[a:b],
        emphasis=[(max(s, a) - a, min(e, b) - a) for s, e in para.emphasis if s < b and e > a],
        section=para.section,
        anchor=para.anchor,
        note_id=para.note_id,
        style=para.style,
        block_quote=para.block_quote,
    )


def _extract_window(para: Paragraph, defined_acts: frozenset[str] = frozenset()) -> list[Occurrence]:
    text = para.text
    excluded = non_authority_spans(text)
    found = [o for o in recognize(text, para.emphasis, defined_acts) if not inside(o.start, excluded)]
    for o in found:
        if o.display:
            o.display = _quotes_as_written(o.display, text[o.start : o.end])
    taken = [(o.start, o.end) for o in found]
    cases: list[Occurrence] = []
    for cite in eyecite_adapter.citations(text):
        start = cite.span[0]
        if inside(start, excluded) or inside(start, taken):
            continue
        if cite.kind == "full":
            occ = full_case(cite, para, cases + [o for o in found if o.category == "administrative"])
        else:
            occ = short_forms.from_eyecite(cite, para)
        if occ is not None:
            cases.append(occ)
    # California's "(Aguilar, supra, 25 Cal.4th at p. 850)" is one short cite, which eyecite also
    # reads as a supra: the supra inside a short cite's words goes.
    shorts = [(o.start, o.end) for o in cases if o.kind == "short"]
    cases = [o for o in cases if not (o.kind == "supra" and any(a <= o.start and o.end <= b for a, b in shorts))]
    cases.extend(unknown_reporter_cases(para, [(o.start, o.end) for o in found + cases] + excluded))
    cases.extend(docket_cases(para, [(o.start, o.end) for o in found + cases] + excluded))
    cases.extend(neutral_cases(para, [(o.start, o.end) for o in found + cases] + excluded))
    docketed_history(text, cases, [(o.start, o.end) for o in found + cases] + excluded)
    cases.extend(short_forms.named_pins(para, [(o.start, o.end) for o in found + cases] + excluded))
    # "In re Application … Pursuant to 18 U.S.C. § 2703(d), 707 F.3d 283": a statute in a case's name
    # is part of the name, not a citation of the statute
    names = sorted(
        (o.start, o.meta.name_end)
        for o in cases
        if o.kind == "full"
        and isinstance(o.meta, CaseMeta)
        and o.meta.name_end is not None
        and o.meta.name_end > o.start
    )
    if names:
        starts = [a for a, _b in names]
        found = [o for o in found if not _in_name(o, names, starts)]
    records = [
        Occurrence(paragraph=para.index, start=a, end=b, kind="record", story=para.story, text=text[a:b])
        for a, b in excluded
    ]
    out = []
    # a block quotation's own citation, in the parenthesis that closes it: "... trial. (§ 1170, subd. (b)(2).)"
    closing = _CLOSING_CITE.search(text) if para.block_quote else None
    for occ in found + cases + records:
        if _quoted_words(text, occ, para.block_quote and not (closing and occ.start >= closing.start())):
            continue
        if _DOT_LEADER.match(text, occ.end):
            continue  # "Pen. Code § 43.3 ........ 47": a line of an index or table, not a citation
        occ.paragraph = para.index
        occ.story = para.story
        if occ.anchor_end is None:
            occ.anchor_end = occ.end
        _mark_parenthetical(text, occ)
        if occ.display and occ.category in ("cases", "administrative", "legislative", "other") and para.printed:
            occ.display = _as_printed(occ.display, para, occ)
        if occ.display:
            occ.display_emphasis = display_emphasis(para, occ)
        out.append(occ)
    out.sort(key=lambda o: (o.start, o.end))
    return _drop_overlaps(out)


def _quoted_words(text: str, occ: Occurrence, in_block_quote: bool) -> bool:
    """Whether a reference is words quoted from a court or a statute, not the brief's citation:
    "… under § 1988." or "under Article 103.008 of the Code of Criminal Procedure" quoted from a
    court, "pursuant to Section 1170.1" in a statute's text set off as a block quotation."""
    inverted = isinstance(occ.meta, ProvisionMeta) and occ.meta.inverted
    return bool(
        (occ.kind == "reference" or "informal_reference" in occ.flags or inverted)
        and (in_quotation(text, occ.start) or in_block_quote)
        and not (_CITATION_SENTENCE_OPEN.search(text, 0, occ.start) and _CITATION_SENTENCE_CLOSE.match(text, occ.end))
    )


def _mark_parenthetical(text: str, occ: Occurrence) -> None:
    """Flag a citation inside "(citing X)", which describes another court's reasoning (X gets no
    page, but a later short form may still point at it), or inside "(quoting X)", ", quoting X"
    (an Id. after it is not X)."""
    opener = _open_parenthetical(text, occ.start)
    if (opener and _CITING.match(opener)) or _CITING_CLAUSE.search(text, max(0, occ.start - 40), occ.start):
        occ.flags.append("citing_parenthetical")
    elif opener and opener[:1].islower() or _ASIDE_CLAUSE.search(text, max(0, occ.start - 60), occ.start):
        occ.in_parenthetical = True


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
    out: list[tuple[int, int]] = []
    cursor, display = 0, occ.display or ""
    for a, b in para.emphasis:
        a, b = max(a, occ.start), min(b, occ.end)
        piece = para.text[a:b].strip(" ,;")
        if b <= a or not piece:
            continue
        at = display.find(piece, cursor)
        if at >= 0:
            out.append((at, at + len(piece)))
            cursor = at + len(piece)
    return out


def _drop_overlaps(occs: list[Occurrence]) -> list[Occurrence]:
    """A citation inside another one's words (the U.S.C. codification in an act's parenthetical)
    belongs to it; citations that share one span ("Fifth and Fourteenth Amendments",
    "Fed. R. Evid. 413-415") are all kept. `occs` is sorted by position."""
    # "*Estate of Duke* (2015) 61 Cal.4th 871": an italic title with a year is not a work of its own
    # when it is the name of a case cited in California's way
    cases = [(o.start, o.end) for o in occs if o.kind == "full" and o.category == "cases"]
    occs = [
        o
        for o in occs
        if not (o.category == "other" and o.kind == "full" and any(a <= o.start and o.end <= b for a, b in cases))
    ]
    out: list[Occurrence] = []
    for o in occs:
        prev = out[-1] if out else None
        nested = (
            prev is not None
            and o.kind == prev.kind == "full"
            and prev.start <= o.start
            and o.end <= prev.end
            and (o.start, o.end) != (prev.start, prev.end)
            and "cases" not in (o.category, prev.category)
        )
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
                return text[i + 1 : i + 40]
            depth -= 1
    return ""
