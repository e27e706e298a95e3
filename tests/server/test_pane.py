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
