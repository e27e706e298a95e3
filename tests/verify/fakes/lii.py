"""Fake Cornell LII: U.S.C., C.F.R., rules and Constitution pages in LII's markup, plus
chrome-only pages (200 with site chrome, no body) and a maintenance switch."""

from __future__ import annotations

import html
import time
import zlib
from dataclasses import dataclass, field

from collections.abc import Iterator

from flask import Flask, Response

from . import data
from .server import slow

CHROME_TOP = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">\
<title>{title} | LII / Legal Information Institute</title></head>
<body><header id="site-header"><nav><a href="/">LII</a> <a href="/uscode/text">U.S. Code</a> <a href="/cfr/text">CFR</a>
<form action="/search/site"><input name="q"></form></nav></header>
<ol class="breadcrumb"><li><a href="/">Home</a></li><li>{crumb}</li></ol><main>"""
CHROME_BOTTOM = """</main><div id="prevnext"><a href="#">prev</a> | <a href="#">next</a></div>
<aside>U.S. Code Toolbox Law about... Articles from Wex</aside>
<footer>Please help us improve our site! About LII Contact us Advertise here Help Terms of use Privacy</footer>\
</body></html>"""


@dataclass
class LIIState:
    chrome_only: set = field(default_factory=set)  # paths served as chrome-only pages
    # path -> "timeout" | "500" | "truncated" | "wrong" | "huge" | "gzip-bomb" | "trickle"
    faults: dict = field(default_factory=dict)
    maintenance: bool = False

    def reset(self):
        self.chrome_only.clear(), self.faults.clear()
        self.maintenance = False


def _page(title: str, crumb: str, body: str) -> str:
    return CHROME_TOP.format(title=html.escape(title), crumb=html.escape(crumb)) + body + CHROME_BOTTOM


def _usc_units(units, prefix=()) -> str:
    out = []
    classes = ["subsection", "paragraph", "subparagraph", "clause"]
    for label, heading, text, children in units:
        if label is None:
            out.append(f'<div class="content">{html.escape(text)}</div>')
            continue
        name = "_".join(prefix + (label,))
        cls = classes[min(len(prefix), 3)]
        inner = f'<a name="{name}"></a><span class="num" value="{label}">({label})</span> '
        if heading:
            inner += f'<span class="heading bold">{html.escape(heading)}</span> '
        if text:
            body = html.escape(text).replace("[1]", '<a class="footnoteRef" href="#fn002">[1]</a>')
            inner += f'<span class="chapeau">{body}</span>' if children else f'<div class="content">{body}</div>'
        inner += _usc_units(children, prefix + (label,))
        out.append(f'<div class="{cls} indent{len(prefix)}">{inner}</div>')
    return "".join(out)


def usc_page(title: str, section: str, spec: dict | None) -> str:
    h1 = f"{title} U.S. Code \u00a7 {section} - {spec['heading'] if spec else ''}"
    if spec is None:  # chrome-only: title bar but an empty body
        return _page(
            h1,
            f"Title {title}",
            f'<h1 class="title" id="page_title">{html.escape(h1)}</h1>'
            '<div id="tab_default_1"><text><div class="text"><div class="section"></div></div></text></div>',
        )
    dates = ", ".join(f'<span class="date" date="{iso}">{shown}</span>' for iso, shown in spec["credit"])
    status = f' status="{spec["status"]}"' if spec.get("status") else ""  # repealed, transferred, ...
    body = (
        f'<h1 class="title" id="page_title">{html.escape(h1)}</h1><div id="tab_default_1"><text><div class="text">'
        f'<div class="section"{status}>{_usc_units(spec["units"])}'
        f'<div class="sourceCredit">(Enacted and amended {dates}.)</div></div></div></text></div>'
        '<div id="tab_default_2"><notes><div class="note" topic="amendments">Amendments ...</div></notes></div>'
    )
    return _page(h1, f"Title {title}", body)


def cfr_page(title: str, section: str, spec: dict | None) -> str:
    h1 = f"{title} CFR \u00a7 {section} - {spec['heading'] if spec else ''}"
    if spec is None:
        return _page(
            h1, f"Title {title}", f'<h1 id="page_title" class="title">{html.escape(h1)}</h1><div class="section"></div>'
        )
    paras = []
    for p in spec["paras"]:
        label = p[1 : p.index(")")]
        level = 2 if label.isdigit() else 1
        paras.append(
            f'<p class="psection-{level}"><span class="enumxml" id="{label}">'
            f"{html.escape(p[: p.index(')') + 1])}</span>{html.escape(p[p.index(')') + 1 :])}</p>"
        )
    paras.append(f"<p>{html.escape(spec['source'])}</p>")
    return _page(
        h1,
        f"Title {title}",
        f'<h1 id="page_title" class="title">{html.escape(h1)}</h1><div class="section">{"".join(paras)}</div>',
    )


def rule_page(slug: str, rule: str, spec: dict | None) -> str:
    h1 = f"Rule {rule}. {spec['heading'] if spec else ''}"
    if spec is None:
        return _page(h1, slug, f'<h1 id="page-title">{html.escape(h1)}</h1><article></article>')
    paras = "".join(f'<p class="statutory-body">{html.escape(p)}</p>' for p in spec["paras"])
    notes = "<h2>Notes of Advisory Committee on Rules\u20141937</h2><p>(a) This rule is applicable to all actions.</p>"
    return _page(
        h1,
        slug,
        f'<h1 id="page-title">{html.escape(h1)}</h1>'
        f"<article>{paras}<p>{html.escape(spec['credit'])}</p>{notes}</article>",
    )


HOSTILE_BYTES = 2**30  # what a huge page or a gzip bomb would be, read whole: 1 GB


def _huge() -> Iterator[bytes]:
    """A page that goes on for 1 GB, sent as fast as the client reads it."""
    yield CHROME_TOP.format(title="Huge", crumb="").encode()
    line = b"<p>" + b"x" * 1020 + b"</p>"
    for _ in range(HOSTILE_BYTES // len(line)):
        yield line


def _gzip_bomb() -> Iterator[bytes]:
    """1 GB of zeros, gzipped (about 1 MB on the wire), compressed as it is sent."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    zeros = b"\0" * 2**20
    for _ in range(HOSTILE_BYTES // len(zeros)):
        yield packer.compress(zeros)
    yield packer.flush()


def _trickle() -> Iterator[bytes]:
    """The start of a page, then one byte a second for ten minutes: never silent for long."""
    yield CHROME_TOP.format(title="Slow", crumb="").encode()
    for _ in range(600):
        time.sleep(1)
        yield b" "


HOSTILE = {
    "huge": lambda: Response(_huge(), mimetype="text/html"),
    "gzip-bomb": lambda: Response(_gzip_bomb(), mimetype="text/html", headers={"Content-Encoding": "gzip"}),
    "trickle": lambda: Response(_trickle(), mimetype="text/html"),
}


def make_app(state: LIIState) -> Flask:
    app = Flask("fake_lii")

    def serve(path: str, build):
        if state.maintenance:
            return Response("<html><body><h1>Site maintenance</h1></body></html>", status=503)
        fault = state.faults.get(path)
        if fault in HOSTILE:
            return HOSTILE[fault]()
        if fault == "timeout":
            slow(0.6)
        elif fault == "500":
            return Response("<html><body>Internal Server Error</body></html>", status=500)
        page = build(path in state.chrome_only)
        if page is None:
            return Response(_page("Page not found", "", "<h1>Page not found</h1>"), status=404)
        if fault == "truncated":
            return Response(page[: len(page) // 2], mimetype="text/html")
        return Response(page, mimetype="text/html")

    def serve_spec(path: str, page, specs: dict, key: tuple):
        """`page(*key, spec)` from the fake data: chrome-only on request, None (404) when absent."""
        return serve(
            path, lambda chrome: page(*key, None) if chrome else (page(*key, specs[key]) if key in specs else None)
        )

    @app.get("/uscode/text/<title>/<section>")
    def usc(title, section):
        return serve_spec(f"/uscode/text/{title}/{section}", usc_page, data.USC, (title, section))

    @app.get("/cfr/text/<title>/<section>")
    def cfr(title, section):
        return serve_spec(f"/cfr/text/{title}/{section}", cfr_page, data.CFR, (title, section))

    @app.get("/rules/<slug>/rule_<rule>")
    def rules(slug, rule):
        return serve_spec(f"/rules/{slug}/rule_{rule}", rule_page, data.RULES, (slug, rule))

    @app.get("/constitution/<name>")
    def constitution(name):
        paras = data.AMENDMENT_XIV if name == "amendmentxiv" else None
        return serve(
            f"/constitution/{name}",
            lambda chrome: (
                None
                if paras is None
                else _page(
                    "14th Amendment",
                    "Constitution",
                    "<h1>14th Amendment</h1><article>"
                    + "".join(f"<p>{html.escape(p)}</p>" for p in paras)
                    + "</article>",
                )
            ),
        )

    return app
