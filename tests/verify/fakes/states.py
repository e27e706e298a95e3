"""Fake official state code sites: the California Legislature's code display by code and section
(leginfo.legislature.ca.gov, `/faces/codes_displaySection.xhtml?lawCode=&sectionNum=`) and the
Texas Legislature's statutes (statutes.capitol.texas.gov, one page per chapter,
`/Docs/{code}/htm/{code}.{chapter}.htm`, a section per `<a name="22.01">`), in their markup: a
section California's code does not have is the display page without a section; a Texas chapter
the code does not have is a 404."""

from __future__ import annotations

import html

from flask import Flask, Response, request

from . import data

CA_TOP = """<!DOCTYPE html><html><head><title>Law section</title></head><body><div id="header">California
Legislative Information <a href="/faces/home.xhtml">Home</a> <a href="/faces/codes.xhtml">California Law</a></div>
<form id="codeSearch"><input name="lawCode"></form><div id="manylawsections">"""
CA_BOTTOM = """</div><div id="footer">Back to Top  Disclaimer  Privacy Policy  Accessibility</div></body></html>"""
TX_TOP = """<!DOCTYPE html><html><head><title>{code}.{chapter}</title></head><body>"""


def california_page(law: str, section: str) -> str:
    spec = data.CALIFORNIA.get((law, section))
    body = ""
    if spec is not None:
        paras = "".join(f'<p style="margin:0 0 1em 0;display:inline;">{html.escape(p)}</p>' for p in spec["paras"])
        body = (
            f'<div align="left"><h4><b>{html.escape(spec["code"])} - {law}</b></h4></div>'
            f'<h6 style="float:left;"><b>{html.escape(section)}.</b></h6>{paras}'
            f'<p style="font-size:0.9em;"><i>{html.escape(spec["history"])}</i></p>'
        )
    return CA_TOP + f'<div id="codeLawSectionNoHead">{body}</div>' + CA_BOTTOM


def texas_page(code: str, chapter: str) -> str | None:
    sections = [(sec, spec) for (c, sec), spec in data.TEXAS.items() if c == code and sec.split(".")[0] == chapter]
    if not sections:
        return None
    out = [TX_TOP.format(code=code, chapter=chapter), f"<p>{html.escape(data.TEXAS_CODES[code])}</p>"]
    for sec, spec in sections:
        mark = "Art." if code == "CR" else "Sec."
        first, rest = (spec["paras"][0], spec["paras"][1:]) if spec["paras"] else ("", [])
        out.append(
            f'<p class="left"><a name="{sec}"></a>{mark} {sec}.&nbsp;&nbsp;{html.escape(spec["heading"])}.'
            f"&nbsp;&nbsp;{html.escape(first)}</p>"
        )
        out += [f'<p class="left">&nbsp;&nbsp;{html.escape(p)}</p>' for p in rest]
        out += [f'<p class="left">{html.escape(h)}</p>' for h in spec["history"]]
    return "".join(out) + "</body></html>"


def make_app() -> Flask:
    app = Flask("fake_states")

    @app.get("/faces/codes_displaySection.xhtml")
    def california():
        law, section = request.args.get("lawCode", ""), request.args.get("sectionNum", "").rstrip(".")
        return Response(california_page(law, section), mimetype="text/html")

    @app.get("/Docs/<code>/htm/<name>")
    def texas(code, name):
        prefix = f"{code}."
        if not (name.startswith(prefix) and name.endswith(".htm")):
            return Response("<html><body>Not Found</body></html>", status=404)
        page = texas_page(code, name[len(prefix) : -len(".htm")])
        if page is None:
            return Response("<html><body><h2>404 - File or directory not found.</h2></body></html>", status=404)
        return Response(page, mimetype="text/html")

    return app
