"""Fakes of the official fallbacks: uscode.house.gov (OLRC), GovInfo link service, eCFR
versioner API and the Federal Register API, with their documented failure shapes."""

from __future__ import annotations

import html
import io
import json
import re
import zipfile
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
    # eCFR's JSON answers by endpoint ("titles", "versions"): "empty" (an empty 200 body), "list" (`[]`)
    ecfr_faults: dict = field(default_factory=dict)
    fault: str | None = None  # applies to every host: "timeout" | "500"
    # every source answers its own "not found" to everything (an index lost, a changed address scheme)
    finds_nothing: bool = False
    # OLRC's release points: "list-down" (the list answers 503), "truncated" (every zip is cut off),
    # "missing" (every zip path answers OLRC's XML error page: listed but not downloadable), zip bombs
    # of elements (a zip of a few hundred KB): "bomb-around" (10M empty elements in the title before
    # its sections), "bomb-inside" (2M in each of its sections)
    release_fault: str | None = None

    def reset(self):
        self.olrc_maintenance, self.fault, self.finds_nothing, self.release_fault = False, None, False, None
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
    has them, from its credit's dates and its earlier texts (each in force until a date); None if
    not yet enacted."""
    credit = [c for c in spec["credit"] if through is None or c[0] <= through]
    if not credit:
        return None
    then = next((e for e in spec.get("earlier", []) if through is not None and through < e["until"]), None)
    return (then or spec)["units"], credit


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


# OLRC's prior release points as its list shows them, newest first (id, date, what the entry says
# besides): the current one is commented out, one entry is listed twice, one is dated only in
# words, and ids may say what they leave out ("not") or add ("u1"). A release point's text of a
# title is the text current through its date.
RELEASE_POINTS = [
    ("119-72not60", "01/20/2026", ", except 119-60, affecting titles 38, 42."),
    ("117-81", "12/27/2021", ", affecting titles 10, 15, 50."),
    ("117-40", "09/01/2021", ", affecting title 15."),
    ("117-30", "07/20/2021", ", and including Public Law 117-40 (September 1, 2021), affecting title 15."),
    ("117-12not9", "05/10/2021", " , except 117-9, affecting titles 15, 42."),
    ("117-5", "03/15/2021", ", affecting title 15."),
    ("116-260", "12/27/2020", ", affecting titles 7, 15, 26, 47."),
    ("116-155", "8/8/2020", ", affecting titles 5, 8, 47."),
    ("115-40u1", None, ", with additional updates (effective July 1, 2017), affecting titles 5, 7."),
    ("113-21", "07/18/2013", ", affecting title 47."),
    ("113-21", "07/18/2013", ", affecting title 15."),
]
# A release point that takes in a law after its date (as the real 118-250not159 takes in Public Law
# 119-1): its text is current through that law's date.
INCLUDING = {"117-30": "2021-09-01"}
CURRENT_RELEASE_POINT = ("119-83", "04/13/2026")
XML_ERROR = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<error><code>404</code>'
    "<message>The requested resource was not found on this server.</message></error>"
)
USLM = "http://xml.house.gov/schemas/uslm/1.0"


def release_points_page() -> str:
    def entry(label: str, day: str | None, rest: str) -> str:
        congress, law = label.split("-", 1)
        number = re.sub(r"\D.*", "", law)  # "72not60" is Public Law 72
        when = f" ({day})" if day else ""
        return (
            f'<li class="releasepoint"><a class="releasepoint" href="releasepoints/us/pl/{congress}/{law}/'
            f'usc-rp@{label}.htm">Public Law {congress}-{number}{when}{rest}</a></li>\n'
        )

    current = entry(*CURRENT_RELEASE_POINT, ", affecting titles 7, 42.")
    listed = "".join(entry(*rp) for rp in RELEASE_POINTS)
    return (
        '<?xml version="1.0" encoding="UTF-8" ?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head>'
        "<title>Prior Release Points</title></head><body><h2>Prior Release Points</h2>\n"
        f'<ul class="releasepoints">\n<!-- {current} -->\n{listed}</ul></body></html>'
    )


def _uslm_units(prefix: str, units) -> str:
    out = []
    for label, heading, text, children in units:
        ident = f"{prefix}/{label}"
        level = ("subsection", "paragraph", "subparagraph", "clause")[ident.count("/") - 5]
        body = html.escape(text or "").replace("[1]", '<ref class="footnoteRef" idref="fn1">1</ref>')
        tag = "chapeau" if children else "content"
        out.append(
            f'<{level} identifier="{ident}"><num value="{label}">({label})</num>'
            + (f"<heading> {html.escape(heading)}</heading>" if heading else "")
            + (f"<{tag}> {body}</{tag}>" if text else "")
            + _uslm_units(ident, children)
            + f"</{level}>"
        )
    return "".join(out)


def uslm_section(title: str, section: str, spec: dict, through: str) -> str | None:
    """A section in USLM as a title's XML holds it at a release point, None if not yet enacted:
    identifiers with an en dash for a hyphen, a status on a stub, a source credit, notes."""
    dated = usc_as_of(spec, through)
    if dated is None:
        return None
    units, credit = dated
    number = section.replace("-", "\u2013")
    ident = f"/us/usc/t{title}/s{number}"
    status = f' status="{spec["status"]}"' if spec.get("status") else ""
    if units and units[0][0] is None:  # a section without subdivisions
        body = "".join(f"<content><p>{html.escape(u[2])}</p></content>" for u in units)
    else:
        body = _uslm_units(ident, units)
    return (
        f'<section identifier="{ident}"{status}><num value="{number}">\u00a7 {number}.</num>'
        f"<heading> {html.escape(spec['heading'])}</heading>{body}"
        f"<sourceCredit>{html.escape(credit_line(credit))}</sourceCredit>"
        # notes: an act's own section quoted (a section without an identifier of the Code)
        '<notes type="uscNote"><note topic="shortTitle"><heading>Short Title</heading><p>This section is part '
        'of an act which may be cited as set out below.</p><quotedContent><section><num value="1">\u00a7 1.'
        "</num><content>This Act may be cited as an Act of Congress.</content></section></quotedContent>"
        "</note></notes></section>"
    )


BOMB = 10_000_000, 2_000_000  # empty elements of "bomb-around" in a title, of "bomb-inside" in a section


def title_zip(title: str, label: str, through: str, bomb: str | None = None) -> bytes:
    """`xml_usc{TT}@{label}.zip`: the title's USLM XML (one file, uscTT.xml) at that release point;
    with a `bomb` ("around", "inside") of empty elements, written as they are compressed."""
    sections = [uslm_section(t, s, spec, through) for (t, s), spec in data.USC.items() if t == title]
    head = (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<uscDoc xmlns="{USLM}" xmlns:dc="http://purl.org/dc/elements/1.1/" '
        f'identifier="/us/usc/t{title}"><meta><dc:title>Title {title}</dc:title>'
        f"<docPublicationName>Online@{label}</docPublicationName></meta><main>"
        f'<title identifier="/us/usc/t{title}"><num value="{title}">Title {title}\u2014</num>'
        f'<chapter identifier="/us/usc/t{title}/ch1"><num value="1">CHAPTER 1\u2014</num>'
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        member = zipfile.ZipInfo(f"usc{int(title):02d}.xml", (2021, 1, 1, 0, 0, 0))
        member.compress_type = zipfile.ZIP_DEFLATED
        with archive.open(member, "w") as xml:
            xml.write(head.encode("utf-8"))
            if bomb == "around":
                _empty_elements(xml, BOMB[0])
            for section in filter(None, sections):
                start = section.index(">") + 1
                xml.write(section[:start].encode("utf-8"))
                if bomb == "inside":
                    _empty_elements(xml, BOMB[1])
                xml.write(section[start:].encode("utf-8"))
            xml.write(b"</chapter></title></main></uscDoc>")
    return out.getvalue()


def _empty_elements(out, count: int) -> None:
    chunk = 100_000
    for _ in range(count // chunk):
        out.write(b"<p/>" * chunk)


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

    # -- OLRC release points -------------------------------------------------------------------------
    @app.get("/download/priorreleasepoints.htm")
    def release_points():
        if state.olrc_maintenance:
            return Response(MAINTENANCE, mimetype="text/html")
        if state.release_fault == "list-down":
            return Response("Service Unavailable", status=503)
        return Response(release_points_page(), mimetype="text/html")

    @app.get("/download/releasepoints/us/pl/<congress>/<law>/<name>")
    def release_point_zip(congress, law, name):
        if state.olrc_maintenance:
            return Response(MAINTENANCE, mimetype="text/html")
        label = f"{congress}-{law}"
        dates = {rp[0]: rp[1] for rp in RELEASE_POINTS if rp[1]}
        m = re.fullmatch(rf"xml_usc(\d\d)@{re.escape(label)}\.zip", name)
        if not m or label not in dates or state.release_fault == "missing":
            # a wrong path is answered with an XML error page, not a 404
            return Response(XML_ERROR, mimetype="application/xml")
        month, day, year = dates[label].split("/")
        through = INCLUDING.get(label, f"{year}-{int(month):02d}-{int(day):02d}")
        bomb = state.release_fault[len("bomb-") :] if (state.release_fault or "").startswith("bomb-") else None
        body = title_zip(str(int(m.group(1))), label, through, bomb)
        if state.release_fault == "truncated":
            body = body[: len(body) // 2]
        return Response(body, mimetype="application/zip")

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
        if state.ecfr_faults.get("titles") == "list":
            return Response("[]", mimetype="application/json")
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
        if state.ecfr_faults.get("versions") == "list":
            return Response("[]", mimetype="application/json")
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
