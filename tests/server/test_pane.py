"""The task pane's files as the server gives them (toa/server/pane.py): the page and every ES
module it loads, followed import by import, each with a JavaScript MIME type (a browser runs no
module served as anything else), and the service worker that keeps a copy of them; nothing else
in addin/ by name."""

from __future__ import annotations

import re
from pathlib import Path


ROOT = Path(__file__).resolve().parents[2]
BASE = "https://127.0.0.1:3000"


def test_the_page_and_every_module_it_imports_are_served_as_javascript(client):
    page = client.get("/taskpane.html", base_url=BASE)
    assert page.status_code == 200
    todo = re.findall(r'<script type="module" src="([^"]+)"', page.get_data(as_text=True))
    assert todo == ["taskpane.js"]
    seen = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        r = client.get(f"/{name}", base_url=BASE)
        assert r.status_code == 200, name
        assert r.mimetype == "text/javascript", (name, r.mimetype)
        imports = re.findall(r'^import [^;]*? from "([^"]+)";', r.get_data(as_text=True), re.M)
        todo += [m.removeprefix("./") for m in imports]
    # every module of addin/ is loaded by the page (and sw.js registered by it): none is shipped unused
    assert seen | {"sw.js"} == {p.name for p in (ROOT / "addin").glob("*.js")}
    worker = client.get("/sw.js", base_url=BASE)
    assert worker.status_code == 200 and worker.mimetype == "text/javascript"
    assert 'register("/sw.js")' in client.get("/taskpane.js", base_url=BASE).get_data(as_text=True)
    # the service worker keeps a copy of exactly the page's own files: what loads with the server down
    kept = re.search(r"const FILES = \[(.*?)\];", worker.get_data(as_text=True), re.S).group(1)
    assert set(re.findall(r'"([^"]+)"', kept)) == seen | {"taskpane.html", "taskpane.css"}


def test_no_other_file_is_served(client):
    for name in ("eslint.config.js", "package.json", "pane.py", "..%2Fpyproject.toml"):
        assert client.get(f"/{name}", base_url=BASE).status_code == 404, name


def parse_csp(value: str) -> dict[str, list[str]]:
    """A Content-Security-Policy as {directive: [sources]} (directive names are case-insensitive)."""
    out: dict[str, list[str]] = {}
    for part in value.split(";"):
        words = part.split()
        if words:
            name = words[0].lower()
            assert name not in out, f"{name} twice"
            out[name] = words[1:]
    return out


OFFICE_JS = "https://appsforoffice.microsoft.com"
UNSAFE = {
    *("'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "'wasm-unsafe-eval'", "'strict-dynamic'"),
    *("*", "data:", "blob:", "http:", "https:", "filesystem:"),
}


def assert_strict(policy: dict[str, list[str]]) -> None:
    """Only the pane's own files and Office.js run; nothing inline, evaluated, plugged in or re-based."""
    assert policy["default-src"] == ["'none'"]
    assert set(policy["script-src"]) == {"'self'", OFFICE_JS}
    assert policy["style-src"] == ["'self'"]
    assert policy["connect-src"] == ["'self'"]  # the API on the server's own origin, nothing else
    assert policy["object-src"] == ["'none'"]
    assert policy["base-uri"] == ["'none'"]
    assert policy["form-action"] == ["'none'"]
    for name, sources in policy.items():
        assert not UNSAFE & set(sources), (name, sources)
        # no inline exceptions either
        assert not any(s.startswith(("'nonce-", "'sha")) for s in sources), (name, sources)
        for s in sources:
            assert s.startswith("'") or s.startswith("https://"), (name, s)  # keywords, or hosts over TLS only
    # no directive that would let inline code back in under another name
    assert not {"script-src-attr", "script-src-elem", "style-src-attr", "style-src-elem"} & set(policy)


def test_the_pane_is_served_under_a_strict_content_security_policy(client):
    for name in ("taskpane.html", "sw.js", "taskpane.js", "word.js", "taskpane.css", "manifest.xml"):
        r = client.get(f"/{name}", base_url=BASE)
        assert r.status_code == 200, name
        policy = parse_csp(r.headers["Content-Security-Policy"])
        assert_strict(policy)
        # framed only by this origin and Office's own hosts (Word on the web frames the pane)
        ancestors = policy["frame-ancestors"]
        assert "'self'" in ancestors and "https://*.officeapps.live.com" in ancestors
        assert all(a == "'self'" or a.startswith("https://") for a in ancestors) and "*" not in ancestors
        assert r.headers["X-Content-Type-Options"] == "nosniff"
        assert r.headers["Referrer-Policy"] == "no-referrer"
    # an address that is not one of the pane's files answers under the same policy
    missing = client.get("/nothing.js", base_url=BASE)
    assert missing.status_code == 404 and "Content-Security-Policy" in missing.headers
    # every answer of the server says nosniff and no-referrer, the API's too
    health = client.get("/api/v1/health", base_url=BASE)
    assert health.headers["X-Content-Type-Options"] == "nosniff"
    assert health.headers["Referrer-Policy"] == "no-referrer"


def test_the_page_carries_the_same_policy_and_has_nothing_inline(client):
    from html.parser import HTMLParser

    class Page(HTMLParser):
        def __init__(self):
            super().__init__()
            self.meta: list[str] = []
            self.scripts: list[dict] = []
            self.inline: list[str] = []
            self.tags_before_meta: list[str] = []
            self.open: str | None = None

        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            if tag == "meta" and (a.get("http-equiv") or "").lower() == "content-security-policy":
                self.meta.append(a["content"])
            elif not self.meta and tag in ("script", "link", "style"):
                self.tags_before_meta.append(tag)
            if tag == "script":
                self.scripts.append(a)
            if tag == "style":
                self.inline.append("<style>")
            for name, _value in attrs:
                if name == "style" or name.startswith("on"):
                    self.inline.append(f"{tag} {name}")
                if name in ("href", "src") and (_value or "").lower().startswith("javascript:"):
                    self.inline.append(f"{tag} {name}=javascript:")
            self.open = tag

        def handle_data(self, data):
            if self.open == "script" and data.strip():
                self.inline.append("inline <script>")

        def handle_endtag(self, tag):
            self.open = None

    page = Page()
    r = client.get("/taskpane.html", base_url=BASE)
    page.feed(r.get_data(as_text=True))
    assert len(page.meta) == 1 and not page.tags_before_meta  # in force before anything loads
    header = parse_csp(r.headers["Content-Security-Policy"])
    meta = parse_csp(page.meta[0])
    # the same policy, less frame-ancestors (a <meta> element cannot set it)
    assert meta == {k: v for k, v in header.items() if k != "frame-ancestors"}
    assert_strict(meta)
    assert page.inline == []
    assert [s.get("src") for s in page.scripts] == [f"{OFFICE_JS}/lib/1/hosted/office.js", "taskpane.js"]
    # the modules make no inline code or style either: no HTML strings, no style attributes, no eval
    forbidden = re.compile(
        r"\.innerHTML\b|\.outerHTML\b|insertAdjacentHTML|document\.write|setAttribute\(\s*[\"'](style|on\w+)[\"']"
        r"|\beval\(|new Function\b|set(Timeout|Interval)\(\s*[\"'`]"
    )
    for js in sorted((ROOT / "addin").glob("*.js")):
        hits = forbidden.findall(js.read_text())
        assert not hits, (js.name, hits)
