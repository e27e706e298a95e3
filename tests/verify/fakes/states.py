"""Fake official state code sites: the California Legislature's code display by code and section
(leginfo.legislature.ca.gov, `/faces/codes_displaySection.xhtml?lawCode=&sectionNum=`) and the
Texas Legislature's statutes, one file per chapter, in their markup: a section California's code
does not have is the display page without a section; a Texas chapter the code does not have is a 404.

Texas has two addresses. The statute file server (tcss.legis.texas.gov,
`/resources/{code}/htm/{code}.{chapter}.htm`) serves the chapter files; the statutes site
(statutes.capitol.texas.gov, `/Docs/{code}/htm/{code}.{chapter}.htm`), rebuilt as a JavaScript
application, answers every address with the application's page, 200 and no statute text, as
public ingesters of the statutes report (`StatesState.texas_site = "shell"`, the default); before
the rebuild it served the same files itself (`"files"`). A chapter file is lines of paragraphs in
a `<pre>`: a section opens with a paragraph holding only its anchor and one named by an internal
number, then the paragraph "Sec. 22.01.  ASSAULT.  (a) ..." whose section number is a bold link
back to the statutes site. A number with several texts (enacted twice) is printed once for each,
each under its anchor, then its note ("Text of section as added by Acts 2019, ...") and notes
naming the others ("For text of section as added by ..., see other Sec. 22.15.")."""

from __future__ import annotations

import html
from dataclasses import dataclass

from flask import Flask, Response, request

from . import data

CA_TOP = """<!DOCTYPE html><html><head><title>Law section</title></head><body><div id="header">California
Legislative Information <a href="/faces/home.xhtml">Home</a> <a href="/faces/codes.xhtml">California Law</a></div>
<form id="codeSearch"><input name="lawCode"></form><div id="manylawsections">"""
CA_BOTTOM = """</div><div id="footer">Back to Top  Disclaimer  Privacy Policy  Accessibility</div></body></html>"""
TX_TOP = """<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><title>{code}.{chapter}
</title></head><body><pre xml:space="preserve">"""
TX_BOTTOM = "</pre></body></html>"
# The statutes site's single page application: a root element its scripts fill, and the scripts
# (a large bundle inline, as the site's page is some 250 KB).
TX_SHELL = (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Texas Constitution and Statutes</title>'
    '<base href="/"><meta name="viewport" content="width=device-width, initial-scale=1">'
    '<link rel="stylesheet" href="styles.css"></head><body><app-root></app-root>'
    "<noscript>Please enable JavaScript to continue using this application.</noscript>"
    '<script src="runtime.js" type="module"></script><script src="polyfills.js" type="module"></script>'
    '<script>window.__config = {{"FileServerPath": "/resources"}};{bundle}</script>'
    '<script src="main.js" type="module"></script></body></html>'
)
SHELL_BUNDLE = "var statuteTree=[" + ",".join(f'{{"value":"{n}.{n}","name":"CHAPTER {n}"}}' for n in range(4000)) + "];"
TX_CENTER = '<p class="center" style="font-weight:bold;">{}</p>\n'


@dataclass
class StatesState:
    texas_site: str = "shell"  # what the statutes site's /Docs/ addresses answer: "shell" or "files"
    texas_files_status: int | None = None  # the file server's answer to everything, when not its files

    def reset(self) -> None:
        self.texas_site, self.texas_files_status = "shell", None


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
    out = [TX_TOP.format(code=code, chapter=chapter), TX_CENTER.format(html.escape(data.TEXAS_CODES[code]))]
    out.append(TX_CENTER.format(f"CHAPTER {chapter}."))
    # a number printed with several texts: each under its anchor, its note and notes naming the others
    texts = [(sec, text, spec.get("versions", [])) for sec, spec in sections for text in spec.get("versions", [spec])]
    for n, (sec, spec, versions) in enumerate(texts):
        mark = "Art." if code == "CR" else "Sec."
        first, rest = (spec["paras"][0], spec["paras"][1:]) if spec["paras"] else ("", [])
        out.append(f'<p class="left"><a name="{sec}"></a><a name="{61950 + n}.{53300 + n}"></a></p>\n')
        if "note" in spec:
            out.append(f'<p class="center">{html.escape(spec["note"])}</p>\n')
            out += [
                f'<p class="center">For text of section as added by {html.escape(other["note"].split(" by ", 1)[1])}'
                f", see other Sec. {sec}.</p>\n"
                for other in versions
                if other is not spec
            ]
        out.append(
            '<p style="text-indent:7ex;" class="left"><a target="_blank"\n'
            f' href="https://statutes.capitol.texas.gov/Docs/{code}/htm/{code}.{chapter}.htm#{sec}"\n'
            f' style="color:inherit;font-weight:bold;">{mark} {sec}.&nbsp;&nbsp;{html.escape(spec["heading"])}.</a>'
            f"&nbsp;&nbsp;{html.escape(first)}</p>\n"
        )
        out += [f'<p style="text-indent:10ex;" class="left">{html.escape(p)}</p>\n' for p in rest]
        out += [f'<p class="left">{html.escape(h)}</p>\n' for h in spec["history"]]
    return "".join(out) + TX_BOTTOM


def texas_file(code: str, name: str, lower_letters: bool = False) -> Response:
    """A chapter's file; `lower_letters`: a chapter with a letter is there only in lower case
    ("PE.20a.htm"), as a file server that tells cases apart holds the bulk files' lower-case names."""
    prefix = f"{code}."
    page = None
    if name.startswith(prefix) and name.endswith(".htm"):
        chapter = name[len(prefix) : -len(".htm")]
        if not lower_letters or chapter == chapter.lower():
            page = texas_page(code, chapter.upper())
    if page is None:
        return Response("<html><body><h2>404 - File or directory not found.</h2></body></html>", status=404)
    return Response(page, mimetype="text/html")


def make_app(state: StatesState) -> Flask:
    app = Flask("fake_states")

    @app.get("/faces/codes_displaySection.xhtml")
    def california():
        law, section = request.args.get("lawCode", ""), request.args.get("sectionNum", "").rstrip(".")
        return Response(california_page(law, section), mimetype="text/html")

    @app.get("/resources/<code>/htm/<name>")
    def texas_files(code, name):
        if state.texas_files_status is not None:
            return Response("<html><body>Service Unavailable</body></html>", status=state.texas_files_status)
        return texas_file(code, name, lower_letters=True)

    @app.get("/Docs/<code>/htm/<name>")
    def texas_site(code, name):
        if state.texas_site == "shell":
            return Response(TX_SHELL.format(bundle=SHELL_BUNDLE), mimetype="text/html")
        return texas_file(code, name)

    return app
