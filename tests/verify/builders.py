"""Build Table / Authority / Occurrence objects the way the engine will hand them over."""

from __future__ import annotations

from dataclasses import dataclass

from toa.keys import CaseKey, CfrKey, ConstitutionKey, FederalRegisterKey, RuleKey, UsCodeKey
from toa.meta import CaseMeta, ConstitutionMeta, Meta, ProvisionMeta, SeriesMeta, ShortCiteMeta
from toa.model import CATEGORY_NUMBERS, Authority, Category, Occurrence, Table

HEADINGS = {
    "cases": "Cases",
    "statutes": "Statutes",
    "rules_regulations": "Rules and Regulations",
    "constitutional": "Constitutional Provisions",
    "administrative": "Administrative Materials",
    "legislative": "Legislative Materials",
    "other": "Other Authorities",
}


def occ(kind="full", meta=None, text="", paragraph=0, start=0, category=None, quotation=None) -> Occurrence:
    return Occurrence(
        paragraph=paragraph,
        start=start,
        end=start + len(text),
        kind=kind,
        story="body",
        text=text,
        category=category,
        meta=meta,
        quotation=quotation,
    )


def case(
    text,
    name,
    volume,
    reporter,
    page,
    year,
    pin=None,
    court=None,
    shorts=(),
    paragraph=0,
    parallel=(),
    history=(),
    quotation=None,
) -> Authority:
    """A case as extract hands it over; `parallel` and `history` are "volume reporter page" strings,
    `shorts` ShortCiteMeta (see short())."""
    meta = CaseMeta(
        volume=str(volume),
        reporter=reporter,
        page=str(page),
        year=str(year),
        court=court,
        case_name=name,
        pin_cite=pin,
        parallel=[_case_key(c) for c in parallel],
        history=[_case_key(c) for c in history],
    )
    occs = [occ("full", meta, text, paragraph, 0, "cases", quotation)]
    for i, short in enumerate(shorts):
        occs.append(occ("short", short, f"{volume} {reporter} at {short.pin}", paragraph + i + 1, 0))
    return Authority(
        key=CaseKey(str(volume), reporter, str(page)), category="cases", text=text, sort_key=(name,), occurrences=occs
    )


def _case_key(cite: str) -> CaseKey:
    volume, *reporter, page = cite.split(" ")
    return CaseKey(volume, " ".join(reporter), page)


def short(volume, reporter, pin) -> ShortCiteMeta:
    return ShortCiteMeta(volume, reporter, pin, antecedent="")


@dataclass
class Cite:
    """One citation of a provision in a test brief: what the recognizer read, and a quotation."""

    meta: Meta
    quotation: str | None = None
    kind: str = "full"
    paragraph: int | None = None


def provision(text, category, cites, key=None) -> Authority:
    occs = [
        occ(c.kind, c.meta, text, i if c.paragraph is None else c.paragraph, 0, category, c.quotation)
        for i, c in enumerate(cites)
    ]
    return Authority(key=key or _key(cites[0].meta), category=category, text=text, sort_key=(text,), occurrences=occs)


def _key(meta):
    """The key the recognizers give the provision cited."""
    if isinstance(meta, SeriesMeta):
        return FederalRegisterKey(meta.volume, meta.page)
    if isinstance(meta, ConstitutionMeta):
        return ConstitutionKey(meta.jurisdiction, meta.part, meta.number, meta.section)
    if meta.rule_set:
        return RuleKey(meta.rule_set, meta.rule + meta.subsection)
    return (UsCodeKey if meta.code == "U.S.C." else CfrKey)(meta.title, meta.section + meta.subsection)


def table(*authorities, unlinked=()) -> Table:
    cats = {}
    for a in authorities:
        cats.setdefault(a.category, []).append(a)
    return Table(
        categories=[Category(k, HEADINGS[k], CATEGORY_NUMBERS[k], cats[k]) for k in HEADINGS if k in cats],
        unlinked=list(unlinked),
    )


def usc(title, section, sub="", quotation=None, edition=""):
    return Cite(ProvisionMeta(code="U.S.C.", title=title, section=section, subsection=sub, edition=edition), quotation)


def cfr(title, section, sub="", quotation=None):
    return Cite(ProvisionMeta(code="C.F.R.", title=title, section=section, subsection=sub), quotation)


def rule(rule_set, number, sub="", quotation=None):
    return Cite(ProvisionMeta(rule_set=rule_set, rule=number, subsection=sub, jurisdiction="US"), quotation)


def const(part, number, section="", quotation=None, jurisdiction="US"):
    return Cite(ConstitutionMeta(jurisdiction, part, number, section), quotation)


def fed_reg(volume, page, date=""):
    return Cite(SeriesMeta("Fed. Reg.", volume, page=page, date=date))
