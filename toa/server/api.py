"""The JSON API under /api/v1: health, analyze, check, toa.

analyze answers the report of `toa build --json`; every occurrence (linked, unlinked,
excluded) also gets a `locator` (toa.locate) that the pane gives to Body.search. check adds the
verification records of `toa check --json`. toa adds what the pane inserts: the table block as
Flat OPC for insertOoxml and, per occurrence, the TA field code (see README: "Inserting the table
from the pane").
"""
from __future__ import annotations

import copy

from flask import Blueprint, current_app, jsonify

from .. import __version__, flatopc, render, write
from ..locate import Locator
from ..oxml import make, qn
from ..write.fields import ta_code, ta_runs, ta_sites
from . import jobs
from .guard import ApiError

bp = Blueprint("api", __name__)
VERIFY_SHARE = 0.75  # of a request's time limit, the part a check may spend asking the sources

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"
STYLES = "application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"
RELS = "application/vnd.openxmlformats-package.relationships+xml"
OFFICE_DOCUMENT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"
STYLES_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles"


def _settings():
    factory = current_app.config["TOA_VERIFY_SETTINGS"]
    if factory is not None:
        return factory()
    import time

    from ..verify import Settings

    # The server keeps its answers between checks (README: toa serve); its checks end in time
    # to answer within the request's time limit, what is left over being "not verified".
    limit = float(current_app.config["TOA_TIME_LIMIT"])
    return Settings.from_env(keep_cache=True, deadline=time.time() + limit * VERIFY_SHARE)


@bp.get("/health")
def health():
    office = current_app.config["TOA_OFFICE"]
    return jsonify({"version": __version__, "libreoffice": render.find_soffice() is not None,
                    "warm_libreoffice": bool(office is not None and office.available),
                    "courtlistener_token": bool(_settings().token)})


@bp.post("/analyze")
def analyze():
    return jsonify(jobs.run(analysis, jobs.read_upload()))


@bp.post("/check")
def check():
    return jsonify(jobs.run(checked, jobs.read_upload(), _settings()))


@bp.post("/toa")
def toa():
    return jsonify(jobs.run(table_and_fields, jobs.read_upload()))


# What each endpoint makes of the analysis, in the job's process (see jobs.Work).
def analysis(result, _settings) -> dict:
    return with_locators(result)


def checked(result, settings) -> dict:
    from ..pipeline import verify_analysis

    verify_analysis(result, settings)
    return with_locators(result)


def table_and_fields(result, _settings) -> dict:
    return {"report": with_locators(result), **insertion(result)}


def with_locators(result) -> dict:
    """The report, each occurrence with its locator (report order is table order)."""
    report = result.report
    locate = Locator(result.document)
    cats = [c for c in result.table.categories if c.authorities]
    for cat, rcat in zip(cats, report["categories"]):
        for auth, rauth in zip(cat.authorities, rcat["authorities"]):
            for occ, rocc in zip(auth.occurrences, rauth["occurrences"]):
                rocc["locator"] = locate.occurrence(occ)
    for key, occs in (("unlinked", result.table.unlinked), ("excluded", result.table.excluded)):
        for occ, rocc in zip(occs, report[key]):
            rocc["locator"] = locate.occurrence(occ)
    return report


def insertion(result) -> dict:
    """The table block (Flat OPC for insertOoxml), where it goes, and the TA field of every
    citation (its code; its switches for insertField; a Flat OPC paragraph for insertOoxml)."""
    doc = result.document
    locate = Locator(doc)
    fields = []
    for occ, auth, short, number, with_long in ta_sites(doc, result.table):
        code = ta_code(auth, short, number, with_long)
        fields.append({"authority": auth.text, "locator": locate.occurrence(occ), "code": code, "switches": code[len("TA"):].strip(),
                       "ooxml": _package([_paragraph(ta_runs(auth, short, number, with_long))], None)})
    mode, removed = write.target(doc)
    index_of = {p.element: p.index for p in doc.paragraphs if p.story in ("body", "table")}
    stale = [index_of[p] for el in removed for p in ([el] if el.tag == qn("w:p") else el.iter(qn("w:p")))
             if p in index_of and doc.paragraphs[index_of[p]].text.strip()]
    replace = None
    if stale:
        replace = {"first": locate.paragraph(stale[0]), "last": locate.paragraph(stale[-1])}
    before = write.snapshot(doc)
    placement = write.write_toa(doc, result.table, result.style)
    try:  # the pane does what toa build does: the same guarantee for the brief's words
        write.check_text(before, doc, placement.replaced, placement.added)
        _only_stale_between(doc, stale)
    except write.TextLostError as exc:
        raise ApiError(500, "would_lose_text", str(exc)) from None
    styles = doc.package.styles.element
    return {"table": {"mode": mode, "replace": replace, "ooxml": _package(placement.paragraphs, styles)},
            "fields": fields}


def _only_stale_between(doc, stale: list[int]) -> None:
    """The pane replaces everything from the first stale paragraph to the last: no paragraph of
    the brief may lie between them."""
    if not stale:
        return
    kept = set(stale)
    for p in doc.paragraphs[stale[0]:stale[-1] + 1]:
        if p.story in ("body", "table") and p.text.strip() and p.index not in kept:
            raise write.TextLostError(f"toa would have lost the brief's paragraph \"{' '.join(p.text.split())[:70]}\" "
                                      "inside the old table's range; nothing was inserted")


def _paragraph(runs):
    p = make("w:p")
    for r in runs:
        p.append(r)
    return p


def _package(blocks, styles) -> str:
    """A Flat OPC document whose body is `blocks` (copies), with the styles they use."""
    from lxml import etree

    document = etree.Element(f"{{{W_NS}}}document", nsmap={"w": W_NS})
    body = etree.SubElement(document, f"{{{W_NS}}}body")
    for b in blocks:
        body.append(copy.deepcopy(b))
    parts = [("/_rels/.rels", RELS, _rels([("rId1", OFFICE_DOCUMENT, "word/document.xml")])),
             ("/word/document.xml", MAIN, etree.tostring(document))]
    if styles is not None:
        parts.insert(1, ("/word/_rels/document.xml.rels", RELS, _rels([("rId1", STYLES_REL, "styles.xml")])))
        parts.append(("/word/styles.xml", STYLES, etree.tostring(styles)))
    return flatopc.from_parts(parts)


def _rels(items) -> bytes:
    from lxml import etree

    ns = flatopc.REL_NS
    root = etree.Element(f"{{{ns}}}Relationships", nsmap={None: ns})
    for rid, rtype, target in items:
        etree.SubElement(root, f"{{{ns}}}Relationship", Id=rid, Type=rtype, Target=target)
    return etree.tostring(root)
