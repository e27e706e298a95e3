"""Fakes of the official fallbacks: uscode.house.gov (OLRC), GovInfo link service, eCFR
versioner API and the Federal Register API, with their documented failure shapes."""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field

from flask import Flask, Response, request

from . import data
from .server import slow

FACES = '<script src="/javax.faces.resource/jsf.js.xhtml?ln=javax.faces"></script>'
MAINTENANCE = (
    '<html><head><link rel="canonical" href="https://www.house.gov/"><title>Under Maintenance</title></head>'
    "<body><h1>Under Maintenance</h1><p>This site is temporarily unavailable.</p></body></html>"
)

# Sections only the official sources know (LII chrome-only or 404 for them in tests).
OLRC_EXTRA = {
    ("26", "7999"): "Every person who willfully fails to keep any record required under this title "
    "shall be guilty of a misdemeanor and subject to a fine."
}


@dataclass
class OfficialState:
    olrc_maintenance: bool = False
    govinfo_faults: dict = field(default_factory=dict)  # path prefix -> "No Results Found" | "Content File Not Found"
    ecfr_faults: dict = field(default_factory=dict)
    fault: str | None = None  # applies to every host: "timeout" | "500"
    # every source answers its own "not found" to everything (an index lost, a changed address scheme)
    finds_nothing: bool = False

    def reset(self):
        self.olrc_maintenance, self.fault, self.finds_nothing = False, None, False
        self.govinfo_faults.clear(), self.ecfr_faults.clear()


def _usc_paras(units, out=None):
    out = [] if out is None else out
    for label, heading, text, children in units:
        head = f"({label}) " if label else ""
        out.append(head + (f"{heading}.\u2014 " if heading else "") + (text or "").replace("[1]", ""))
        _usc_paras(children, out)
    return out


# The current text is through this release point; the main edition of year Y is through early
# January of Y + 1 ("2024 Main Ed. (1/6/2025)"). Editions are published from 1994.
PRELIM_THROUGH = "20260413_119-83"
FIRST_EDITION, LAST_EDITION = 1994, 2025


def edition_through(year: int) -> str:
    return f"{year + 1}-01-06"


def usc_as_of(spec: dict, through: str | None) -> tuple[list, list] | None:
    """A section's units and source credit as the text current through `through` (None: today)
    has them, from its credit's dates and its earlier text; None if not yet enacted."""
    credit = [c for c in spec["credit"] if through is None or c[0] <= through]
    if not credit:
        return None
    earlier = spec.get("earlier")
    units = earlier["units"] if earlier and through is not None and through < earlier["until"] else spec["units"]
    return units, credit


def credit_line(credit: list) -> str:
    return "(Enacted and amended " + "; ".join(shown for _, shown in credit) + ".)"


def olrc_markup(text: str) -> str:
    """Text as OLRC's pages print it: dashes as entities, a public law in a pLaw element."""
    escaped = html.escape(text).replace("\u2013", "&ndash;")
    return re.sub(
        r"Pub\. L\. (\d+)&ndash;(\d+)",
        r'<pLaw congress="\1" isPrivate="false" number="\2">Pub. L. \1&ndash;\2</pLaw>',
        escaped,
    )


def effective_notes(spec: dict, credit: list) -> str:
    """The notes field with the effective-date notes of the amendments a text holds, as OLRC prints
    them: an effectivedate-amendment-note field of note heads and note bodies."""
    notes = [spec.get("effective", {}).get(day) for day, _ in credit]
    if not any(notes):
        return ""
    body = "".join(
        f'<h4 class="note-head">{html.escape(head)}</h4><p class="note-body">{olrc_markup(text)}</p>'
        for head, text in filter(None, notes)
    )
    return (
        '<!-- field-start:notes --><h4 class="note-head"><strong>Statutory Notes and Related Subsidiaries</strong>'
        '</h4><a name="effectivedate-amendment-note"></a><!-- field-start:effectivedate-amendment-note -->'
        f"{body}<!-- field-end:effectivedate-amendment-note --><!-- field-end:notes -->"
    )


def olrc_page(
    title: str,
    section: str,
    paras: list[str],
    heading: str = "Heading",
    credit: str = "",
    through=PRELIM_THROUGH,
    notes: str = "",
) -> str:
    body = "".join(f'<p class="statutory-body">{html.escape(p)}</p>' for p in paras)
    return (
        f"<html><head>{FACES}<title>{title} USC {section}</title></head><body>"
        f"<!-- documentid:{title}_{section} usckey:{title}0000{section} currentthrough:{through} -->"
        f'<!-- field-start:head --><h3 class="section-head">\u00a7{section}. {html.escape(heading)}</h3>'
        "<!-- field-end:head -->"
        f"<!-- field-start:statute -->{body}<!-- field-end:statute -->"
        f'<!-- field-start:sourcecredit --><p class="source-credit">{olrc_markup(credit)}</p>'
        f"<!-- field-end:sourcecredit -->{notes}</body></html>"
    )


def usc_section(title: str, section: str, year: int | None) -> tuple[list[str], str, str, str] | None:
    """Paragraphs, heading, source credit and effective-date notes of a section in the edition of
    `year` (None: current)."""
    through = edition_through(year) if year is not None else None
    if (title, section) in data.USC:
        spec = data.USC[(title, section)]
        dated = usc_as_of(spec, through)
        if dated is None:
            return None
        return _usc_paras(dated[0]), spec["heading"], credit_line(dated[1]), effective_notes(spec, dated[1])
    if (title, section) in OLRC_EXTRA:
        return [OLRC_EXTRA[(title, section)]], "Heading", "(Aug. 16, 1954.)", ""
    return None


def make_app(state: OfficialState) -> Flask:
    app = Flask("fake_official")

    @app.before_request
    def faults():
        if state.fault == "timeout":
            slow(0.6)
        elif state.fault == "500":
            return Response("Service Unavailable", status=503)
        return None

    # -- OLRC -----------------------------------------------------------------------------------
    @app.get("/view.xhtml")
    def olrc():
        if state.olrc_maintenance:
            return Response(MAINTENANCE, mimetype="text/html")
        req = request.args.get("req", "")
        # the current text by granule id, or a main edition: "(title:26 section:246 edition:2018)"
        m = re.match(r"granuleid:USC-prelim-title(\w+)-section([\w.\-\u2013]+)$", req) or re.match(
            r"\(title:(\w+) section:([\w.\-\u2013]+) edition:(\d{4})\)$", req
        )
        year = int(m.group(3)) if m and m.lastindex == 3 else None
        found = None
        if m and not state.finds_nothing and (year is None or FIRST_EDITION <= year <= LAST_EDITION):
            found = usc_section(m.group(1), m.group(2), year)
        if found is None:
            return Response(
                f"<html><head>{FACES}</head><body><h1>Document not found</h1></body></html>", mimetype="text/html"
            )
        paras, heading, credit, notes = found
        through = PRELIM_THROUGH if year is None else edition_through(year).replace("-", "")
        page = olrc_page(m.group(1), m.group(2), paras, heading, credit, through, notes)
        # Served with a misleading charset on purpose: the client must decode UTF-8 itself.
        return Response(page.encode("utf-8"), content_type="text/html; charset=ISO-8859-1")

    # -- GovInfo link service --------------------------------------------------------------------------
    def govinfo_fault(path: str):
        if state.finds_nothing:
            return Response("<html><body><h1>No Results Found</h1></body></html>", mimetype="text/html")
        for prefix, marker in state.govinfo_faults.items():
            if path.startswith(prefix):
                return Response(f"<html><body><h1>{marker}</h1></body></html>", mimetype="text/html")
        return None

    @app.get("/link/uscode/<title>/<section>")
    def govinfo_usc(title, section):
        hit = govinfo_fault(request.path)
        if hit:
            return hit
        year = request.args.get("year", "mostrecent")
        if year != "mostrecent" and not year.isdigit():
            return Response("<html><body><h1>Validation Failed</h1></body></html>", mimetype="text/html")
        # the annual editions of the USCODE collection, 1994 on; mostrecent: the latest edition
        edition = LAST_EDITION if year == "mostrecent" else int(year)
        found = usc_section(title, section, edition) if FIRST_EDITION <= edition <= LAST_EDITION else None
        if found is None:
            return Response("<html><body><h1>No Results Found</h1></body></html>", mimetype="text/html")
        paras, heading, credit, _notes = found  # GovInfo's page: read without its notes
        body = "".join(f'<p class="statutory-body">{html.escape(p)}</p>' for p in paras)
        return Response(
            f'<html><body><h3 class="section-head">\u00a7{section}. {html.escape(heading)}</h3>{body}'
            f'<p class="source-credit">{html.escape(credit)}</p></body></html>',
            mimetype="text/html",
        )

    @app.get("/link/fr/<volume>/<page>")
    def govinfo_fr(volume, page):
        hit = govinfo_fault(request.path)
        if hit:
            return hit
        if (volume, page) == ("85", "12345"):
            return Response(
                '<html><head><meta name="publication_date" content="2020-03-04"></head><body>'
                "<pre>[Federal Register Volume 85, Number 43 (Wednesday, March 4, 2020)]\n"
                "[Rules and Regulations]\n[Pages 12345-12350]\n\n[[Page 12345]]\n"
                "Final rule text.</pre></body></html>",
                mimetype="text/html",
            )
        return Response("<html><body><h1>No Results Found</h1></body></html>", mimetype="text/html")

    # -- eCFR versioner ------------------------------------------------------------------------
    @app.get("/api/versioner/v1/titles.json")
    def titles():
        if state.ecfr_faults.get("titles") == "empty":
            return Response("", status=200)
        return Response(
            json.dumps(
                {
                    "titles": [
                        {
                            "number": n,
                            "name": f"Title {n}",
                            "latest_amended_on": "2026-08-20",
                            "latest_issue_date": "2026-08-27",
                            "up_to_date_as_of": "2026-08-27",
                            "reserved": False,
                        }
                        for n in (1, 26, 29, 40, 47)
                    ]
                }
            ),
            mimetype="application/json",
        )

    @app.get("/api/versioner/v1/full/<date>/title-<title>.xml")
    def full(date, title):
        section = request.args.get("section", "")
        spec = data.CFR.get((title, section))
        if spec is None or state.finds_nothing:
            return Response(
                json.dumps({"error": "No matching content found."}), status=404, mimetype="application/json"
            )
        earlier = spec.get("earlier")
        text = earlier["paras"] if earlier and date < earlier["until"] else spec["paras"]  # the text of that date
        paras = "".join(f"<P>{html.escape(p)}</P>" for p in text)
        return Response(
            f'<?xml version="1.0"?><DIV5 N="{section.split(".")[0]}" TYPE="PART">'
            f'<DIV8 N="{section}" TYPE="SECTION"><HEAD>\u00a7 {section} {spec["heading"]}</HEAD>{paras}'
            f"<CITA>{html.escape(spec['source'])}</CITA></DIV8></DIV5>",
            mimetype="application/xml",
        )

    @app.get("/api/versioner/v1/versions/title-<title>.json")
    def versions(title):
        if not any(k.startswith("issue_date") for k in request.args):
            return Response(json.dumps({"error": "issue_date is required"}), status=400)
        section = request.args.get("section", "")
        rows = []
        if (title, section) in data.CFR and not state.finds_nothing:
            rows = [
                {
                    "date": "2017-01-03",
                    "amendment_date": day,
                    "issue_date": day,
                    "identifier": section,
                    "name": section,
                    "part": section.split(".")[0],
                    "substantive": True,
                    "removed": False,
                    "subpart": None,
                    "title": title,
                    "type": "section",
                }
                for day in data.CFR[(title, section)].get("versions", ["1996-03-07"])
            ]
        return Response(json.dumps({"content_versions": rows, "meta": {"title": title}}), mimetype="application/json")

    # -- Federal Register API ----------------------------------------------------------------------------
    @app.get("/api/v1/documents.json")
    def documents():
        if any("term" in k or "citation" in k for k in request.args):
            return Response(json.dumps({"errors": {"conditions": "is not a valid field"}}), status=400)
        gte = request.args.get("conditions[publication_date][gte]", "0000")
        lte = request.args.get("conditions[publication_date][lte]", "9999")
        rows = [
            dict(d, html_url=f"https://www.federalregister.gov/d/{d['document_number']}")
            for d in data.FR_DOCS
            if gte <= d["publication_date"] <= lte
        ]
        return Response(json.dumps({"count": len(rows), "results": rows}), mimetype="application/json")

    return app
