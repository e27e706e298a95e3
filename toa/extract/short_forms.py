"""Short forms: eyecite's short cites, Id. and supra; California's short form by a party's name
("(Baral, at p. 396.)"); the short names a brief defines ("(hereinafter OED)" ... "3 OED 441"); and
the short forms of decisions cited by docket number ("Okafor, slip op. at 7").
"""

from __future__ import annotations

import re

from ..keys import DocketKey, VolumeKey
from ..meta import CaseMeta, IdMeta, ShortCiteMeta, ShortNameMeta, SupraMeta
from ..model import Occurrence, Paragraph
from .eyecite_adapter import Citation
from .names import after_openers, inside, skip_opening, strip_signal

_CROSS_REFERENCE = re.compile(r"^(?:pp?\.\s*)?(?:\d+(?:-\d+)?|nn?\.\s*\d+)$")


def from_eyecite(cite: Citation, para: Paragraph) -> Occurrence | None:
    """eyecite's short cite, Id. or supra as an occurrence; None for a full cite, and for "see p.
    15, supra", a pointer within the brief."""
    text = para.text
    if cite.kind == "short":
        return _short_case(cite, text)
    if cite.kind == "id":
        start, end = cite.span
        return Occurrence(
            paragraph=para.index,
            start=start,
            end=end,
            kind="id",
            story=para.story,
            text=text[start:end],
            meta=IdMeta(cite.pin_cite or ""),
        )
    if cite.kind == "supra" and not _CROSS_REFERENCE.match(cite.antecedent):
        start, end = cite.full_span[0], cite.span[1]
        return Occurrence(
            paragraph=para.index,
            start=start,
            end=end,
            kind="supra",
            story=para.story,
            text=text[start:end],
            meta=SupraMeta(cite.antecedent),
        )
    return None


# A short name the brief defines right after a citation: "… (4th ed. 1868) (Bishop)",
# "(hereinafter OED)", "(“MOU”)", Bluebook's "[hereinafter FTC Report]". Cases are left out: their
# short forms are read by eyecite.
_DEFINED_NAME = re.compile(
    r"\s*(?:\((?:hereinafter\s+)?|\[hereinafter\s+)[“\"]?(?P<name>[A-Z][\w.'’&-]*(?:\s[\w.'’&-]+){0,3}?)"
    r"[”\"]?[)\]]"
)


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
    pattern = re.compile(
        r"(?:\b(?P<vol>\d{1,3})\s)?(?<![\w(])(?P<name>"
        + "|".join(re.escape(n) for n in sorted(defined, key=len, reverse=True))
        + r")(?![\w)\]])"
    )
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
            starts_within = [a for a, _b in taken.get(p.index, []) if m.start("name") <= a < m.end("name")]
            supra = supras.get((p.index, starts_within[0])) if starts_within else None
            if supra is not None:
                # "Doe Study, supra, at 6": eyecite reads the last word ("Study") as the antecedent;
                # the name the brief defined says which authority it is
                supra.kind, supra.key, supra.start = "short", base.key, m.start("name")
                supra.text = p.text[supra.start : supra.end]
                supra.meta = ShortNameMeta(m.group("name"))
                continue
            if starts_within or inside(m.start("name"), taken.get(p.index, [])):
                continue
            out.append(_short_name_occurrence(p, m, base))
    return out


# The short form of a decision cited by docket number: "Okafor, slip op. at 7", "Okafor, No. 19-cv-3312,
# slip op. at 7". (One with a database cite, "Okafor, 2020 WL 1234, at *3", is eyecite's.)
_DOCKET_SHORT = re.compile(
    r"(?P<name>[A-Z][\w.'’&-]*(?:\s(?:of\s|the\s|&\s)?[A-Z][\w.'’&-]*){0,4}),\s"
    r"(?:Nos?\.\s[\w:.-]+,\s)?slip\sop\.(?:\sat)?\s\d+(?:-\d+)?"
)


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
            start = strip_signal(p.text, m.start(), m.end("name"))
            name = p.text[start : m.end("name")]
            if inside(m.start(), taken.get(p.index, [])) or inside(m.end() - 1, taken.get(p.index, [])):
                continue
            earlier = [
                d
                for d in dockets
                if (d.paragraph, d.start) < (p.index, start)
                and isinstance(d.meta, CaseMeta)
                and re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", d.meta.case_name)
            ]
            if earlier:
                base = earlier[-1]
                out.append(
                    Occurrence(
                        paragraph=p.index,
                        start=start,
                        end=m.end(),
                        kind="short",
                        story=p.story,
                        text=p.text[start : m.end()],
                        key=base.key,
                        meta=ShortNameMeta(name),
                    )
                )
    return out


def _short_name_occurrence(p: Paragraph, m: re.Match, base: Occurrence) -> Occurrence:
    occ = Occurrence(
        paragraph=p.index,
        start=m.start(),
        end=m.end(),
        kind="short",
        story=p.story,
        text=p.text[m.start() : m.end()],
        key=base.key,
        meta=ShortNameMeta(m.group("name")),
    )
    volume = m.group("vol")
    base_volume = re.match(r"(\d+)\s", base.display or "")
    if volume and base_volume and volume != base_volume.group(1):
        # "11 OED 471" after "3 The Oxford English Dictionary 441 (1978) (OED)": volume 11
        occ.kind, occ.category = "full", base.category
        assert base.key is not None and base.display is not None
        occ.key = VolumeKey(base.key, volume)
        occ.display = volume + base.display[base_volume.end() - 1 :]
        occ.sort_key = base.sort_key
    return occ


# The California Style Manual's short form by name alone, for a case cited just before:
# "(Baral, at p. 396.)", "(See People v. Lynch, at pp. 768-769; Lawson, at p. 712.)"
_NAMED_PIN = re.compile(
    r"(?:(?<=\()|(?<=;\s)|(?<=\[))(?:(?:[Ss]ee(?:\salso)?|[Aa]ccord,?|[Cc]f\.)\s)?"
    r"(?P<name>(?:[A-Z][\w.'’&-]*\s(?:v\.|of)\s)?[A-Z][\w.'’&-]*(?:\s[A-Z][\w.'’&-]*){0,2}),\sat\s"
    r"(?P<pin>pp?\.\s\d+(?:-\d+)?(?:,\sfn\.\s\d+)?)"
)
_GOVERNMENT_PARTY = {"People", "State", "United States", "Commonwealth", "City", "County"}


def named_pins(para: Paragraph, taken: list[tuple[int, int]]) -> list[Occurrence]:
    """California's "(Baral, at p. 396.)": a short form naming its case by one party, linked as a
    supra is (by that word)."""
    text, out = para.text, []
    for m in _NAMED_PIN.finditer(text):
        start = m.start("name")
        if inside(start, taken):
            continue
        name = m.group("name")
        parts = re.match(r"(?P<a>.+?)\s(?P<w>v\.|of)\s(?P<b>.+)$", name)
        if parts and (parts.group("w") == "of" or parts.group("a") in _GOVERNMENT_PARTY):
            word = parts.group("b").split()[-1]  # "People v. Lynch", "Estate of Duke": the other party
        else:
            word = name.split()[0]
        out.append(
            Occurrence(
                paragraph=para.index,
                start=start,
                end=m.end(),
                kind="supra",
                story=para.story,
                text=text[start : m.end()],
                meta=SupraMeta(word, "at " + m.group("pin")),
            )
        )
    return out


# A sentence or clause end inside a short cite's span: after ")", a digit or a lower-case word ("held."),
# never after an abbreviation in a name ("Mfrs.", "Corp.", "v.").
_SHORT_NAME_LEAK = re.compile(r"(?:\)|\d|\b[a-z]{3,})[.;]\s+(?=[A-Z])|;\s+")


def _short_case(cite: Citation, text: str) -> Occurrence:
    s, e = cite.full_span
    ends = list(_SHORT_NAME_LEAK.finditer(text, s, cite.span[0]))
    if ends:  # the name leaked back over the sentence before ("(Brown II). Brown I, 347 U.S. at 495")
        s = ends[-1].end()
    s = after_openers(text, strip_signal(text, skip_opening(text, s, e), e), e)
    return Occurrence(
        paragraph=-1,
        start=s,
        end=cite.span[1],
        kind="short",
        story="",
        text=text[s : cite.span[1]],
        meta=ShortCiteMeta(cite.volume, cite.reporter, cite.page, cite.antecedent),
    )
