"""Build Table / Authority / Occurrence objects the way the engine will hand them over."""
from __future__ import annotations

from toa.keys import CaseKey, CfrKey, ConstitutionKey, FederalRegisterKey, RuleKey, UsCodeKey
from toa.model import CATEGORY_NUMBERS, Authority, Category, Occurrence, Table

HEADINGS = {"cases": "Cases", "statutes": "Statutes", "rules_regulations": "Rules and Regulations",
            "constitutional": "Constitutional Provisions", "administrative": "Administrative Materials",
            "legislative": "Legislative Materials", "other": "Other Authorities"}


def occ(kind="full", meta=None, text="", paragraph=0, start=0, category=None) -> Occurrence:
    return Occurrence(paragraph=paragraph, start=start, end=start + len(text), kind=kind, story="body",
                      text=text, category=category, meta=dict(meta or {}))


def case(text, name, volume, reporter, page, year, pin=None, court=None, shorts=(), paragraph=0) -> Authority:
    meta = {"volume": str(volume), "reporter": reporter, "page": str(page), "year": year, "court": court,
            "case_name": name, "pin_cite": pin}
    occs = [occ("full", meta, text, paragraph, 0, "cases")]
    for i, short in enumerate(shorts):
        occs.append(occ("short", short, f"{volume} {reporter} at {short.get('pin_cite')}", paragraph + i + 1, 0))
    return Authority(key=CaseKey(str(volume), reporter, str(page)), category="cases", text=text,
                     sort_key=(name,), occurrences=occs)


def provision(text, category, metas, key=None) -> Authority:
    occs = [occ(m.pop("_kind", "full"), m, text, m.pop("_paragraph", i), 0, category) for i, m in enumerate(metas)]
    return Authority(key=key or _key(metas[0]), category=category, text=text, sort_key=(text,), occurrences=occs)


def _key(meta):
    """The key the recognizers give the provision cited."""
    sub = meta.get("subsection") or ""
    if meta.get("code") == "U.S.C.":
        return UsCodeKey(meta["title"], meta["section"] + sub)
    if meta.get("code") == "C.F.R.":
        return CfrKey(meta["title"], meta["section"] + sub)
    if meta.get("code") == "Fed. Reg.":
        return FederalRegisterKey(meta["volume"], meta["page"])
    if meta.get("rule_set"):
        return RuleKey(meta["rule_set"], meta["rule"] + sub)
    part = "amend" if meta.get("amendment") else "art"
    return ConstitutionKey(meta["jurisdiction"], part, meta.get(part + "ment" if part == "amend" else "article"),
                           meta.get("section") or "")


def table(*authorities, unlinked=()) -> Table:
    cats = {}
    for a in authorities:
        cats.setdefault(a.category, []).append(a)
    return Table(categories=[Category(k, HEADINGS[k], CATEGORY_NUMBERS[k], cats[k]) for k in HEADINGS if k in cats],
                 unlinked=list(unlinked))


def usc(title, section, sub=None, quotation=None, **extra):
    return {"code": "U.S.C.", "title": title, "section": section, "subsection": sub, "quotation": quotation, **extra}


def cfr(title, section, sub=None, quotation=None):
    return {"code": "C.F.R.", "title": title, "section": section, "subsection": sub, "quotation": quotation}
