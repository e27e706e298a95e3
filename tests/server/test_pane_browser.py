"""The real task pane in headless Chromium, served by the real server (`toa serve`, cheroot,
TLS with a trustme certificate), over a stub of Office.js/Word that holds a sample brief and
records every call (office_stub.js). Both paths: Word desktop (the .docx from getFileAsync;
fields through insertField) and Word on the web (the Flat OPC from Body.getOoxml; fields as
OOXML). Check runs against the local fakes of CourtListener, LII and the official sources.

Needs Debian's chromium and chromium-driver (scripts/setup.sh installs them); skipped without."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import re
import shutil
import socket
import ssl
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

import wordstub
from fakes.data import TOKEN
from toa import flatopc

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
APPELLATE = SAMPLES / "appellate-brief.docx"
PLANTED = SAMPLES / "planted-problems.docx"
STUB = Path(__file__).with_name("office_stub.js")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

pytestmark = pytest.mark.skipif(
    not (os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)),
    reason="chromium and chromium-driver are not installed (scripts/setup.sh)",
)

# Entries and pages of samples/README.md's answer key (the engine agrees on these).
EXPECTED = {
    "Garcetti v. Ceballos, 547 U.S. 410 (2006)": "4, 6, 7, 8",
    "Lane v. Franks, 573 U.S. 228 (2014)": "1, 4, 7, 8",
    "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)": "5, 6",
    "Ex parte Young, 209 U.S. 123 (1908)": "11",
    "28 U.S.C. § 1291": "1",
    "S. Rep. No. 102-54 (1991)": "8",
}


@pytest.fixture(scope="module")
def tls():
    """A test CA and the certificate every server here presents (the browser trusts its key only)."""
    import trustme

    ca = trustme.CA()
    return ca, ca.issue_cert("127.0.0.1", "localhost")


@pytest.fixture(scope="module")
def server(tmp_path_factory, fakes, tls):
    """`toa serve` in its own process, with a certificate from a test CA."""
    yield from _serve(tmp_path_factory, fakes, tls, TOKEN)


@pytest.fixture(scope="module")
def tokenless_server(tmp_path_factory, fakes, tls):
    """`toa serve` as a user runs it before setting a CourtListener token (and with no case index)."""
    yield from _serve(tmp_path_factory, fakes, tls, None)


def _serve(tmp_path_factory, fakes, tls, token: str | None, port: int | None = None):
    """`toa serve` on `port` (a free one if None) until the generator is closed."""
    tmp = tmp_path_factory.mktemp("serve")
    ca, cert = tls
    cert.private_key_pem.write_to_path(str(tmp / "key.pem"))
    cert.cert_chain_pems[0].write_to_path(str(tmp / "cert.pem"))
    if port is None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("COURTLISTENER_API_TOKEN", "TOA_INDEX")},
        **fakes.urls(),
        **({"COURTLISTENER_API_TOKEN": token} if token else {}),
        "TOA_VERIFY_NO_CACHE": "1",
        "XDG_CACHE_HOME": str(tmp / "cache"),
        "XDG_CONFIG_HOME": str(tmp / "config"),
        "XDG_DATA_HOME": str(tmp / "data"),
    }
    # a large quota: the server's real clock never moves the fakes' clock, so no wait must be needed
    (tmp / "config" / "toa").mkdir(parents=True)
    (tmp / "config" / "toa" / "config.toml").write_text("[courtlistener]\nrequests_per_minute = 1000\n")
    log = open(tmp / "server.log", "wb")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "toa.cli",
            "serve",
            "--port",
            str(port),
            "--cert",
            str(tmp / "cert.pem"),
            "--key",
            str(tmp / "key.pem"),
        ],
        env=env,
        stdout=log,
        stderr=log,
    )
    context = ssl.create_default_context()
    ca.configure_trust(context)
    import httpx

    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"https://127.0.0.1:{port}/api/v1/health", verify=context, timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail("toa serve did not start: " + (tmp / "server.log").read_text(errors="replace"))
        time.sleep(0.2)
    yield {"port": port, "cert": cert, "context": context}
    proc.terminate()
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


def _spki_hash(cert) -> str:
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization

    c = x509.load_pem_x509_certificate(cert.cert_chain_pems[0].bytes())
    spki = c.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return base64.b64encode(hashlib.sha256(spki).digest()).decode()


@pytest.fixture(scope="module")
def browser(server, tmp_path_factory):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=420,1000",
        f"--user-data-dir={tmp_path_factory.mktemp('chromium')}",
        # trust exactly the test certificate's key, nothing else
        f"--ignore-certificate-errors-spki-list={_spki_hash(server['cert'])}",
    ):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_script_timeout(30)
    yield driver
    driver.quit()


# Every Content-Security-Policy violation of the page, as the browser reports it to the page
# (the securitypolicyviolation event), kept in window.__csp from before the page's first script.
CSP_LISTENER = """
window.__csp = [];
window.addEventListener("securitypolicyviolation", (e) => window.__csp.push({
  directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber, sample: e.sample,
}), true);
"""


class Pane:
    """The pane loaded over a stubbed Word holding `brief` on `platform`, with the requirement sets
    `sets` (default: all the pane uses there); host=None is Office.js outside Word; stub=False
    loads the pane with no Office.js at all (the real one is blocked, as without a network)."""

    def __init__(
        self,
        driver,
        port: int,
        brief: Path,
        platform: str,
        sets: dict | None = None,
        host: str | None = "Word",
        stub: bool = True,
        settings: dict | None = None,
        fields: list[dict] | None = None,
    ):
        self.driver = driver
        desktop = platform != "OfficeOnline"
        self.word = wordstub.stories(brief)
        if sets is None:
            sets = {"WordApi": "1.5", "WordApiDesktop": "1.2"} if desktop else {"WordApi": "1.5"}
        data = {
            "platform": platform,
            "host": host,
            "cursor": 0,
            "sliceSize": 65536,
            "sets": sets,
            "docx": base64.b64encode(brief.read_bytes()).decode() if desktop else None,
            "ooxml": wordstub.flat_opc(brief),
            **self.word,
            "settings": {k: json.dumps(v) for k, v in (settings or {}).items()},
            "fields": fields or [],
        }
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*appsforoffice.microsoft.com*"]})
        script = driver.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument",
            {"source": CSP_LISTENER + (f"window.__WORD = {json.dumps(data)};\n" + STUB.read_text() if stub else "")},
        )
        driver.get(f"https://localhost:{port}/taskpane.html")
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})
        if stub:
            self.wait(lambda: driver.execute_script("return document.getElementById('platform').textContent") != "")
        else:
            self.wait(lambda: "Office.js" in self.message())

    def wait(self, condition, timeout: float = 120):
        from selenium.webdriver.support.ui import WebDriverWait

        WebDriverWait(self.driver, timeout, poll_frequency=0.2).until(lambda _d: condition())

    def click(self, button_id: str, until: str):
        return self.press(self.driver.find_element("id", button_id), until)

    def press(self, button, until: str):
        """Click `button`; once the pane's work is done its message says `until`; the calls it made."""
        before = len(self.calls())
        button.click()
        self.wait(lambda: self.driver.execute_script("return document.getElementById('spinner').hidden"))
        message = self.message()
        assert until in message, message
        return self.calls()[before:]

    def message(self) -> str:
        return self.driver.execute_script("return document.getElementById('message').textContent")

    def busy(self) -> bool:
        return not self.driver.execute_script("return document.getElementById('spinner').hidden")

    def calls(self) -> list[dict]:
        return self.driver.execute_script("return window.__calls")

    def entries(self) -> dict[str, dict]:
        return self.driver.execute_script("""
            const out = {};
            for (const div of document.querySelectorAll('.authority')) {
              out[div.querySelector('.text').textContent] = {
                pages: div.querySelector('.pages').textContent,
                badges: [...div.querySelectorAll('.badge')].map(b => b.textContent),
                visible: div.offsetParent !== null,
                word: div.querySelector('.word-pages').textContent,
                occurrences: [...div.querySelectorAll('.occurrence .cite')].map(c => c.textContent)};
            }
            return out;""")

    def headings(self) -> list[str]:
        return self.driver.execute_script(
            "return [...document.querySelectorAll('.category h2')].map(h => h.textContent)"
        )

    def shown(self, element_id: str) -> bool:
        return self.driver.find_element("id", element_id).is_displayed()

    def texts(self, selector: str) -> list[str]:
        return self.driver.execute_script(
            "return [...document.querySelectorAll(arguments[0])].map(e => e.textContent)", selector
        )

    def buttons(self) -> dict[str, dict]:
        """Each button: whether it is disabled, and its colours as drawn."""
        return self.driver.execute_script("""
            const out = {};
            for (const b of document.querySelectorAll('.actions button')) {
              const st = getComputedStyle(b);
              out[b.id] = {disabled: b.disabled, background: st.backgroundColor, color: st.color};
            }
            return out;""")

    def violations(self) -> list[dict]:
        """The page's Content-Security-Policy violations so far."""
        return self.driver.execute_script("return window.__csp")

    def uncaught(self) -> list[str]:
        """The exceptions the page's scripts let through since the last call."""
        return [e["message"] for e in self.driver.get_log("browser") if "Uncaught" in e["message"]]


def fresh(fakes):
    """The fakes as new, with a quota the server's real clock cannot run out of."""
    fakes.reset()
    fakes.cl_state.user_limits = ((1000, 60),)


def norm(text: str) -> str:
    return " ".join(text.replace("\u2013", "-").replace("\u2014", "-").split())


@pytest.mark.parametrize("platform", ["PC", "OfficeOnline"])
def test_scan_go_to_and_insert_table(browser, server, platform, tmp_path):
    pane = Pane(browser, server["port"], APPELLATE, platform)
    calls = pane.click("scan", "Found")
    if platform == "PC":
        assert [c["op"] for c in calls][:1] == ["getFileAsync"] and {"op": "closeAsync"} in calls
    else:
        # the body's package, then its paragraphs' text (kept to follow the author's edits)
        assert [c["op"] for c in calls] == ["getOoxml", "loadParagraphs"]
    entries = pane.entries()
    for text, pages in EXPECTED.items():
        assert entries[text]["pages"] == pages, text
    assert "Monroe v. Pape" not in " ".join(entries)
    # an entry the engine flagged for review says so: Pembaur is cited only inside "(citing …)"
    assert entries["Pembaur v. City of Cincinnati, 475 U.S. 469 (1986)"]["badges"] == ["cited only inside “(citing …)”"]
    assert all(not e["badges"] for t, e in entries.items() if t.startswith("Garcetti"))
    assert pane.headings()[0].startswith("Cases (25 authorities")  # the key's 25 cases, Pembaur (citing) included
    if platform == "PC":
        browser.save_screenshot(str(tmp_path / "pane.png"))
        if os.environ.get("TOA_PANE_SCREENSHOT"):
            shutil.copy(tmp_path / "pane.png", os.environ["TOA_PANE_SCREENSHOT"])

    # Go to: the stub's search selects exactly the citation clicked, in the body and in a note
    for name in ("Garcetti v. Ceballos, 547 U.S. 410 (2006)", "Ex parte Young, 209 U.S. 123 (1908)"):
        button = browser.execute_script(
            "return [...document.querySelectorAll('.authority')]"
            ".find(d => d.querySelector('.text').textContent === arguments[0])"
            ".querySelector('.occurrence')",
            name,
        )
        browser.execute_script("arguments[0].closest('details').open = true", button)
        cite = button.find_element("css selector", ".cite").text
        before = len(pane.calls())
        button.click()
        pane.wait(lambda: any(c["op"] == "select" for c in pane.calls()[before:]))  # noqa: B023 (waited for here)
        selected = [c for c in pane.calls()[before:] if c["op"] == "select"]
        assert [norm(c["text"]) for c in selected] == [norm(cite)]
        assert all(len(c["text"]) <= 255 for c in pane.calls()[before:] if c["op"] == "search")

    # Insert table: TA fields at the citations, the table in place of the stale one
    calls = pane.click("insert", "Table inserted in place of the old table")
    import httpx

    served = httpx.post(
        f"https://127.0.0.1:{server['port']}/api/v1/toa",
        content=APPELLATE.read_bytes(),
        verify=server["context"],
        timeout=120,
    ).json()
    codes = sorted(f["code"] for f in served["fields"])
    table = [c for c in calls if c["op"] == "insertOoxml" and c["location"] == "Replace"]
    assert len(table) == 1 and table[0]["at"].startswith("Page(s)") and "Fed. R. Civ. P. 56" in table[0]["at"]
    assert "TOA \\h" in table[0]["ooxml"] or "TOA \\c" in table[0]["ooxml"]
    # on every platform the pane inserts the TA field the engine writes, not Word's insertField
    fields = [c for c in calls if c["op"] == "insertOoxml" and c["location"] == "Start"]
    assert len(fields) == len(codes) and not any(c["op"] == "insertField" for c in calls)
    assert sorted(norm(c["at"]) for c in fields) == sorted(
        norm(wordstub.resolve(pane.word, f["locator"])) for f in served["fields"]
    )
    assert all("w:vanish" in c["ooxml"] and "TA " in c["ooxml"] for c in fields)
    # the case name in the \\l text is italic, so Word's own table keeps it italic after an update
    assert "Garcetti v. Ceballos" in _italic_long_text([c["ooxml"] for c in fields])
    if platform == "PC":
        garcetti = [
            o["text"]
            for c in served["report"]["categories"]
            for a in c["authorities"]
            for o in a["occurrences"]
            if a["text"].startswith("Garcetti")
        ]
        assert {norm(t) for t in garcetti} <= {norm(c["at"]) for c in fields}
        updated = [c for c in calls if c["op"] == "updateResult"]
        assert len(updated) == len(served["report"]["categories"]) and "Word updated" in pane.message()
        assert pane.entries()["Garcetti v. Ceballos, 547 U.S. 410 (2006)"]["word"].startswith("Word's layout: page")
    else:
        assert not any(c["op"] == "updateResult" for c in calls)
        limits = browser.find_element("id", "limits-list").text
        assert "read-only" in limits and "Body.getOoxml" in limits
    if platform == "PC":  # a Word with every set the pane uses: nothing to say under "On this platform"
        assert not pane.shown("limits")


@pytest.mark.parametrize("platform", ["PC", "OfficeOnline"])
def test_the_pane_runs_under_its_content_security_policy_with_no_violation(browser, server, fakes, platform):
    """The page is served under its strict policy (header and meta), which the browser enforces
    (an inline script and an inline style put in the page are refused and reported), and a whole
    session (scan, go to, check, comments, preview, insert table, an edit and its undo) violates
    none of it."""
    fresh(fakes)
    pane = Pane(browser, server["port"], PLANTED, platform)
    policy = browser.execute_script(
        "return fetch('/taskpane.html').then(r => r.headers.get('Content-Security-Policy'))"
    )
    assert "script-src 'self' https://appsforoffice.microsoft.com" in policy and "unsafe" not in policy
    assert browser.execute_script(
        "return document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]').content"
    ).startswith("default-src 'none'")
    # the policy is in force, and what it refuses is seen: an inline script, an inline event
    # handler and an inline style attribute put in the page do nothing (eval is left untried here:
    # the driver's own scripts are exempt from the page's policy)
    refused = browser.execute_script("""
        const s = document.createElement('script');
        s.textContent = 'window.__inlineRan = true;';
        document.head.appendChild(s);
        const d = document.createElement('div');
        d.setAttribute('style', 'color: rgb(1, 2, 3)');
        d.setAttribute('onclick', 'window.__handlerRan = true;');
        document.body.appendChild(d);
        d.click();
        const out = {ran: Boolean(window.__inlineRan), handled: Boolean(window.__handlerRan),
                     styled: getComputedStyle(d).color === 'rgb(1, 2, 3)'};
        d.remove(); s.remove();
        return out;""")
    assert refused == {"ran": False, "handled": False, "styled": False}
    pane.wait(
        lambda: {"script-src-elem", "script-src-attr", "style-src-attr"} <= {v["directive"] for v in pane.violations()}
    )
    browser.execute_script("window.__csp.length = 0")
    browser.get_log("browser")  # the console's account of those refusals, read and dropped

    pane.click("scan", "Found")
    occurrence = browser.execute_script("return document.querySelector('.authority .occurrence')")
    browser.execute_script("arguments[0].closest('details').open = true", occurrence)
    before = len(pane.calls())
    occurrence.click()
    pane.wait(lambda: any(c["op"] == "select" for c in pane.calls()[before:]))
    pane.click("check", "need attention")
    pane.click("comments", "comments added at citations")
    pane.click("preview", "Preview of the table")
    pane.click("insert", "Table inserted")
    if platform == "PC":  # the edits of the table go through its TA fields, on Word desktop
        div = browser.execute_script("return document.querySelector('.authority')")
        browser.execute_script(
            "arguments[0].querySelector('details.edit').open = true;"
            "arguments[0].querySelector('.edit-text').value = arguments[0].querySelector('.text').textContent + ' (x)';",
            div,
        )
        pane.press(div.find_element("css selector", ".edit-save"), "made in")
        pane.click("undo", "Undone: edit")
    assert pane.violations() == []
    console = [e["message"] for e in browser.get_log("browser")]
    assert not [m for m in console if "Content Security Policy" in m or "Content-Security-Policy" in m], console
    assert not [m for m in console if "Uncaught" in m], console


@pytest.mark.parametrize("platform", ["PC", "OfficeOnline"])
def test_check_badges_filter_and_comments(browser, server, fakes, platform):
    fresh(fakes)
    pane = Pane(browser, server["port"], PLANTED, platform)
    pane.click("scan", "Found")
    pane.click("check", "4 need attention")
    entries = pane.entries()
    assert entries["Smith v. Imaginary, 999 U.S. 9999 (2099)"]["badges"] == [
        "NEEDS ATTENTION",
        "future year",
        "not found",
    ]
    assert entries["Miller v. Hartwell, 556 U.S. 662 (2009)"]["badges"] == ["NEEDS ATTENTION", "name mismatch"]
    assert entries["47 U.S.C. § 230(c)(4)"]["badges"] == ["NEEDS ATTENTION", "subsection not found"]
    celotex = next(v for k, v in entries.items() if k.startswith("Celotex"))
    assert celotex["badges"] == ["NEEDS ATTENTION", "first page mismatch"]
    assert entries["Reed v. Town of Gilbert, 576 U.S. 155 (2015)"]["badges"] == ["VERIFIED"]
    browser.find_element("id", "filter").click()
    visible = [k for k, v in pane.entries().items() if v["visible"]]
    assert len(visible) == 4 and "Reed v. Town of Gilbert, 576 U.S. 155 (2015)" not in visible

    reasons = browser.execute_script(
        "const o = {}; for (const d of document.querySelectorAll('.authority')) { const r = d.querySelector('.reason');"
        " if (r) o[d.querySelector('.text').textContent] = r.textContent; } return o;"
    )
    calls = pane.click("comments", "comments added at citations and the check's summary at the start")
    added = [c for c in calls if c["op"] == "insertComment"]
    assert len(added) == 7
    # the count is of the authorities' comments, every one placed: no "-1 citations were not found"
    assert pane.message().startswith(f"{len(added) - 1} comments added at citations")
    assert "not found" not in pane.message() and not re.search(r"-\d", pane.message())
    summary = added[-1]  # the check's summary, on the first paragraph with text, as toa check puts it
    assert summary["text"] == "UNITED STATES DISTRICT COURT"
    assert summary["content"] == (
        "TOA check summary: 13 authorities: 9 verified, 4 need attention (commented where cited), 0 not verified."
    )
    assert pane.texts("#summary-line") == ["Checked 13 authorities: 9 verified, 4 need attention, 0 not verified."]
    assert {c["content"] for c in added[:-1]} == {
        reasons[k]
        for k in reasons
        if k
        in {
            "Smith v. Imaginary, 999 U.S. 9999 (2099)",
            "Miller v. Hartwell, 556 U.S. 662 (2009)",
            "47 U.S.C. § 230(c)(4)",
        }
        or k.startswith("Celotex")
    }
    at = {norm(c["text"]) for c in added}
    assert {"Smith v. Imaginary, 999 U.S. 9999 (2099)", "Miller, 556 U.S. at 679", "47 U.S.C. § 230(c)(4)"} <= at
    assert all(c["content"].startswith("TOA check: needs attention - ") for c in added[:-1])
    # again: the pane's earlier comments are replaced, not doubled
    calls = pane.click("comments", "replacing 7 earlier ones")
    assert len([c for c in calls if c["op"] == "deleteComment"]) == 7
    assert len([c for c in calls if c["op"] == "insertComment"]) == 7


def test_unlinked_short_forms_no_citations_and_server_down(browser, server, tmp_path):
    from docxbuild import DocBuilder

    b = DocBuilder()
    b.paragraph("ARGUMENT")
    b.paragraph(
        "The rule is settled. ",
        ("Harlow", "i"),
        ", 457 U.S. at 818. See also ",
        ("Celotex Corp. v. Catrett", "i"),
        ", 477 U.S. 317, 322 (1986). The panel agreed. See 97 F.4th 81, 85 (2d Cir. 2024).",
    )
    b.save(tmp_path / "orphan.docx")
    pane = Pane(browser, server["port"], tmp_path / "orphan.docx", "PC")
    pane.click("scan", "1 short form points at nothing; 1 citation names no authority.")
    assert pane.shown("unlinked") and pane.shown("nameless")
    # a full citation without a case name is no short form: it has a list of its own
    assert pane.texts("#unlinked-list .cite") == ["Harlow, 457 U.S. at 818"]
    assert pane.texts("#nameless-list .cite") == ["97 F.4th 81, 85 (2d Cir. 2024)"]
    button = browser.find_element("css selector", "#unlinked-list .occurrence")
    before = len(pane.calls())
    button.click()
    pane.wait(lambda: any(c["op"] == "select" for c in pane.calls()[before:]))
    assert [c["text"] for c in pane.calls()[before:] if c["op"] == "select"] == ["Harlow, 457 U.S. at 818"]

    b = DocBuilder()
    b.paragraph("A letter about the weather, with no authority in it.")
    b.save(tmp_path / "plain.docx")
    pane = Pane(browser, server["port"], tmp_path / "plain.docx", "PC")
    pane.click("scan", "No citations were found")
    assert "error" in browser.find_element("id", "status").get_attribute("class")

    browser.execute_script("window.fetch = () => Promise.reject(new TypeError('Failed to fetch'));")
    pane.click("scan", "The toa server is not running")


def test_insert_table_at_the_start_of_a_brief_without_a_heading_keeps_the_badges_of_the_check(browser, server, fakes):
    fresh(fakes)
    pane = Pane(browser, server["port"], PLANTED, "PC")
    pane.click("scan", "Found")
    pane.click("check", "4 need attention")
    calls = pane.click("insert", "Table inserted at the start of the brief")
    table = [c for c in calls if c["op"] == "insertOoxml" and "TOA \\" in c["ooxml"]]  # not the TA fields
    assert len(table) == 1 and (table[0]["at"], table[0]["location"]) == ("<body Start>", "Start")
    assert "NEEDS ATTENTION" in pane.entries()["Smith v. Imaginary, 999 U.S. 9999 (2099)"]["badges"]
    assert not browser.find_element("id", "comments").get_attribute("disabled")
    assert pane.shown("not-verified")  # the check's summary stays too


@pytest.mark.parametrize("platform", ["PC", "OfficeOnline"])
def test_a_heading_with_no_table_under_it_gets_the_table_under_it(browser, server, platform, tmp_path):
    """The brief has its TABLE OF AUTHORITIES heading and nothing under it yet: the table goes
    right after the heading (as toa build puts it), not at the cursor."""
    from docxbuild import DocBuilder

    b = DocBuilder()
    b.paragraph("In the Court of Appeals", align="center")
    b.heading("TABLE OF AUTHORITIES")
    b.blank()
    b.page_break()
    b.heading("ARGUMENT")
    b.paragraph("See ", ("Celotex Corp. v. Catrett", "i"), ", 477 U.S. 317, 322 (1986).")
    b.save(tmp_path / "empty-heading.docx")
    pane = Pane(browser, server["port"], tmp_path / "empty-heading.docx", platform)
    pane.click("scan", "Found 1 authority")
    calls = pane.click("insert", "Table inserted under its heading")
    table = [c for c in calls if c["op"] == "insertOoxml" and "TOA \\" in c["ooxml"]]
    assert [(c["at"], c["location"]) for c in table] == [("TABLE OF AUTHORITIES", "After")]
    assert "Celotex Corp. v. Catrett" in table[0]["ooxml"]


def test_what_was_not_verified_is_listed_with_why(browser, server, fakes, tmp_path):
    from docxbuild import DocBuilder

    fresh(fakes)
    b = DocBuilder()
    b.paragraph("ARGUMENT")
    b.paragraph(
        "See ",
        ("Doe v. Roe", "i"),
        ", No. 13-cv-2, 2017 U.S. Dist. LEXIS 12345, at *3 (D. Mass. Jan. 5, 2017); ",
        ("Specialty Healthcare", "i"),
        ", 357 N.L.R.B. 934, 940 (2011).",
    )
    b.save(tmp_path / "notes.docx")
    pane = Pane(browser, server["port"], tmp_path / "notes.docx", "PC")
    pane.click("scan", "Found")
    assert not pane.shown("not-verified")
    pane.click("check", "0 need attention, 2 not verified.")
    reasons = pane.texts("#not-verified-list .reason")
    assert pane.shown("not-verified") and len(reasons) == 2 and "LEXIS" not in pane.message()
    assert {("U.S. Dist. LEXIS" in n, "N.L.R.B." in n) for n in reasons} == {(True, False), (False, True)}
    assert all(n[0] == n[0].upper() and n.endswith(".") for n in reasons)  # sentences
    assert {e["badges"][0] for e in pane.entries().values()} == {"NOT VERIFIED"}
    assert pane.texts("#summary-line") == ["Checked 2 authorities: 0 verified, 0 need attention, 2 not verified."]
    pane.click("scan", "Found")
    assert not pane.shown("not-verified")  # a new scan clears the last check's summary


def test_a_word_with_only_wordapi_1_3_does_what_it_can_and_names_what_is_missing(browser, server, fakes):
    """The stub has WordApi 1.3 only: every later member throws there, as in such a Word."""
    fresh(fakes)
    pane = Pane(browser, server["port"], PLANTED, "PC", sets={"WordApi": "1.3"})
    limits = browser.find_element("id", "limits-list").text
    assert pane.shown("limits")
    assert "Add comments needs WordApi 1.4" in limits and "WordApiDesktop 1.2" in limits
    assert "insert or update fields (WordApi 1.5)" in limits and "footnotes and endnotes needs WordApi 1.5" in limits
    pane.click("scan", "Found")

    def occurrence(cite: str):
        button = browser.execute_script(
            "return [...document.querySelectorAll('.occurrence')]"
            ".find(b => b.querySelector('.cite').textContent === arguments[0])",
            cite,
        )
        browser.execute_script("arguments[0].closest('details').open = true", button)
        return button

    before = len(pane.calls())
    occurrence("Zeran, 129 F.3d at 331").click()  # in a footnote
    pane.wait(lambda: "in a note" in pane.message())
    assert "WordApi 1.5" in pane.message() and pane.calls()[before:] == []
    before = len(pane.calls())
    occurrence("Smith v. Imaginary, 999 U.S. 9999 (2099)").click()  # in the body: WordApi 1.1 and 1.3
    pane.wait(lambda: any(c["op"] == "select" for c in pane.calls()[before:]))

    pane.click("check", "4 need attention")
    assert browser.find_element("id", "comments").get_attribute("disabled")  # comments need WordApi 1.4
    calls = pane.click("insert", "Table inserted at the start of the brief")
    ops = {c["op"] for c in calls}
    assert not ops & {"insertField", "updateResult", "deleteField", "insertComment"}
    fields = [c for c in calls if c["op"] == "insertOoxml" and c["location"] == "Start" and c["at"] != "<body Start>"]
    assert fields and all("TA " in c["ooxml"] for c in fields)
    assert "citations in notes have no TA field: reaching footnotes and endnotes needs WordApi 1.5" in pane.message()
    assert pane.uncaught() == []


def test_a_word_older_than_wordapi_1_3_is_told_the_pane_needs_it(browser, server):
    pane = Pane(browser, server["port"], PLANTED, "PC", sets={"WordApi": "1.1"})
    pane.wait(lambda: "lacks WordApi 1.3" in pane.message())
    assert all(b["disabled"] for b in pane.buttons().values())
    limits = browser.find_element("id", "limits-list").text
    assert "needs WordApi 1.3" in limits and "toa build" in limits


def test_outside_word_no_button_looks_usable_and_nothing_fails(browser, server):
    pane = Pane(browser, server["port"], APPELLATE, "PC")
    enabled_scan = pane.buttons()["scan"]
    assert not enabled_scan["disabled"]

    # Office.js loaded outside Word: onReady says host null, and there is no Word namespace
    pane = Pane(browser, server["port"], APPELLATE, "PC", host=None)
    pane.wait(lambda: "Open this pane from Word" in pane.message())
    assert browser.find_element("id", "platform").text == "Not running inside Word"
    buttons = pane.buttons()
    assert all(b["disabled"] for b in buttons.values())
    # the disabled Scan is drawn as the other disabled buttons are, not as the enabled Scan
    assert (buttons["scan"]["background"], buttons["scan"]["color"]) == (
        buttons["check"]["background"],
        buttons["check"]["color"],
    )
    assert buttons["scan"]["background"] != enabled_scan["background"]
    browser.find_element("id", "scan").click()
    assert "not defined" not in pane.message() and pane.calls() == []
    assert pane.shown("limits") and "no host" in browser.find_element("id", "limits-list").text

    # no Office.js at all (no network): said once, no empty "On this platform" heading
    pane = Pane(browser, server["port"], APPELLATE, "PC", stub=False)
    assert "Office.js did not load" in pane.message()
    buttons = pane.buttons()
    assert all(b["disabled"] for b in buttons.values()) and buttons["scan"]["background"] != enabled_scan["background"]
    assert not pane.shown("limits")
    assert pane.uncaught() == []


def test_never_a_green_badge_beside_a_mismatch(browser, server, fakes, tmp_path):
    """Issue 17: "Miller v. Hartwell" (the citation of Ashcroft v. Iqbal) showed a green FOUND next to
    "name mismatch", § 230(c)(4) a green CONFIRMED next to "subsection not found". Every kind of
    mismatch, in headless Chromium against the fakes: no green badge beside any of them."""
    from docxbuild import DocBuilder

    fresh(fakes)
    b = DocBuilder()
    b.paragraph("MEMORANDUM")
    b.paragraph(
        "Pleading standards are settled. ",
        ("Miller v. Hartwell", "i"),
        ", 556 U.S. 662, 678 (2009); ",
        ("Reed v. City of Phoenix", "i"),
        ", 576 U.S. 155, 999 (2015); ",
        ("Zeran v. Am. Online, Inc.", "i"),
        ", 129 F.3d 327, 330 (9th Cir. 1999). See ",
        ("Anderson v. Liberty Lobby, Inc.", "i"),
        ", 477 U.S. 242, 248 (1986); ",
        ("Riley v. California", "i"),
        ", 573 U.S. 373 (2014).",
    )
    b.paragraph(
        "Immunity attaches under 47 U.S.C. § 230(c)(4) and 42 U.S.C. § 1983(a)(2). Congress said that "
        "“no provider of any service shall ever be liable for what its users say.” 47 U.S.C. § 230(c)(1)."
    )
    b.save(tmp_path / "mixed.docx")
    pane = Pane(browser, server["port"], tmp_path / "mixed.docx", "PC")
    pane.click("scan", "Found")
    pane.click("check", "need attention")
    drawn = browser.execute_script("""
        return [...document.querySelectorAll('.authority')].map(d => ({
          text: d.querySelector('.text').textContent,
          classes: [...d.querySelectorAll('.badges:not(.review) .badge')].map(b => b.className),
          green: [...d.querySelectorAll('.badge')].some(b => getComputedStyle(b).color === 'rgb(16, 124, 16)')}));""")
    mismatched = [d for d in drawn if any("warn" in c for c in d["classes"][1:])]
    assert len(mismatched) == 6  # Miller, Reed of Phoenix, Zeran (court, year), §§ 230(c)(4), 1983(a)(2), 230(c)(1)
    assert all(not d["green"] and d["classes"][0] == "badge bad" for d in mismatched)
    by_text = {d["text"]: d for d in drawn}
    assert by_text["Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986)"]["green"]  # green exists: the verified one
    assert by_text["Riley v. California, 573 U.S. 373 (2014)"]["classes"] == ["badge warn"]  # not verified: no green
    assert not by_text["Riley v. California, 573 U.S. 373 (2014)"]["green"]
    assert pane.shown("not-verified") and any("Riley v. California" in t for t in pane.texts("#not-verified-list li"))


def _entry_div(browser, text: str):
    return browser.execute_script(
        "return [...document.querySelectorAll('.authority')].find(d => d.querySelector('.text').textContent === arguments[0])",
        text,
    )


def _open_editor(browser, div, field: str | None = None, value: str | None = None) -> None:
    """Open an entry's editor and, when `field` is given, fill that field (a CSS class) with `value`."""
    browser.execute_script(
        "arguments[0].querySelector('details.edit').open = true;"
        "if (arguments[1]) arguments[0].querySelector('.' + arguments[1]).value = arguments[2];",
        div,
        field,
        value,
    )


def _ta_fields(browser) -> list[dict]:
    return [f for f in browser.execute_script("return window.__fields()") if f["code"].lstrip().startswith("TA ")]


def _switch(code: str, name: str) -> str | None:
    import re

    m = re.search(rf'\\{name}\s*("(?:[^"\\]|\\.)*"|\S+)', code)
    if not m:
        return None
    v = m.group(1)
    return re.sub(r"\\(.)", r"\1", v[1:-1]) if v.startswith('"') else v


def _italic_long_text(packages: list[str]) -> str:
    """The italic instruction text inside the \\l switch of the TA fields in `packages` (Flat OPC
    packages the pane inserted), read with lxml: runs holding w:i, after \\l " and before its close."""
    from lxml import etree

    w = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
    italic = []
    for ooxml in packages:
        inside = False
        for run in etree.fromstring(ooxml.encode()).iter(f"{w}r"):
            text = "".join(t.text or "" for t in run.iter(f"{w}instrText"))
            if not inside and '\\l "' in text:
                inside = True
            elif inside and run.find(f"{w}rPr/{w}i") is not None:
                italic.append(text)
            elif inside and "\\s " in text:
                inside = False
    return " ".join(italic)


def _instruction(ooxml: str) -> tuple[str, str]:
    """The instruction of the one field in `ooxml` (a Flat OPC package) as toa reads it, and its
    italic characters."""
    from lxml import etree

    from toa.oxml.fields import instructions

    [p] = etree.fromstring(ooxml.encode()).iter("{http://schemas.openxmlformats.org/wordprocessingml/2006/main}p")
    [(_end, chars)] = instructions(p, {}, 0)
    return "".join(c for c, _ in chars), "".join(c for c, italic in chars if italic)


def test_edit_move_and_exclude_an_entry_through_its_ta_fields_and_undo_each(browser, server):
    """After Insert table every entry has its TA fields; the pane's edits change those fields (so
    Word's Update Field gives the same table), update the TOA fields, and Undo takes each back."""
    pane = Pane(browser, server["port"], APPELLATE, "PC")
    pane.click("scan", "Found")
    pane.click("insert", "Table inserted in place of the old table")
    before = _ta_fields(browser)
    garcetti = "Garcetti v. Ceballos, 547 U.S. 410 (2006)"
    edited = 'Garcetti v. Ceballos, 547 U.S. 410 (2006) ("public employee" speech)'

    # edit the entry's text: the \l of its first TA field, nothing else
    div = _entry_div(browser, garcetti)
    _open_editor(browser, div, "edit-text", edited)
    calls = pane.press(
        div.find_element("css selector", ".edit-save"), "Edit made in 1 TA field, the case name still in italics"
    )
    after = _ta_fields(browser)
    assert [_switch(f["code"], "l") for f in after].count(edited) == 1
    assert garcetti not in [_switch(f["code"], "l") for f in after]
    gone = Counter(f["code"] for f in before) - Counter(f["code"] for f in after)
    new = Counter(f["code"] for f in after) - Counter(f["code"] for f in before)
    assert len(gone) == len(new) == 1 and _switch(next(iter(gone)), "s") == _switch(next(iter(new)), "s")
    # the \l text keeps the case name in italic runs, read as toa reads a TA field's instruction
    [put] = [c for c in calls if c["op"] == "insertOoxml"]
    assert norm(put["at"]).startswith("Garcetti v. Ceballos, 547 U.S. 410")
    assert _instruction(put["ooxml"]) == (next(iter(new)), "Garcetti v. Ceballos")
    assert edited in pane.entries() and garcetti not in pane.entries()
    assert (
        browser.execute_script("return arguments[0].querySelector('.text i').textContent", _entry_div(browser, edited))
        == "Garcetti v. Ceballos"
    )
    assert any(c["op"] == "updateResult" and c["code"].lstrip().startswith("TOA") for c in pane.calls())
    assert browser.find_element("id", "undo").text == "Undo edit"
    calls = pane.click("undo", "Undone: edit")
    assert sorted(f["code"] for f in _ta_fields(browser)) == sorted(f["code"] for f in before)
    assert _instruction([c for c in calls if c["op"] == "insertOoxml"][0]["ooxml"])[1] == "Garcetti v. Ceballos"
    assert garcetti in pane.entries() and edited not in pane.entries()
    # a text without the case name: the field's code is written, plain
    plain = "The Garcetti rule, 547 U.S. 410 (2006)"
    div = _entry_div(browser, garcetti)
    _open_editor(browser, div, "edit-text", plain)
    calls = pane.press(div.find_element("css selector", ".edit-save"), "Edit made in 1 TA field;")
    assert [_switch(c["to"], "l") for c in calls if c["op"] == "setFieldCode"] == [plain]
    assert not [c for c in calls if c["op"] == "insertOoxml"]
    pane.click("undo", "Undone: edit")
    assert sorted(f["code"] for f in _ta_fields(browser)) == sorted(f["code"] for f in before)
    italic = "return arguments[0].querySelector('.text i').textContent"  # the list's italics back too
    assert browser.execute_script(italic, _entry_div(browser, garcetti)) == "Garcetti v. Ceballos"

    # move an entry under another heading: the \c of all its TA fields
    lane = "Lane v. Franks, 573 U.S. 228 (2014)"
    lane_short = next(_switch(f["code"], "s") for f in before if _switch(f["code"], "l") == lane)
    div = _entry_div(browser, lane)
    target = browser.execute_script(
        "arguments[0].querySelector('details.edit').open = true; const s = arguments[0].querySelector('.edit-heading');"
        "const o = [...s.options].find(o => o.textContent.startsWith('Statutes')); s.value = o.value; return o.value;",
        div,
    )
    pane.press(div.find_element("css selector", ".edit-move"), "Move made in")
    lanes = [f for f in _ta_fields(browser) if _switch(f["code"], "s") == lane_short]
    assert len(lanes) >= 2 and all(_switch(f["code"], "c") == target for f in lanes)
    statutes = browser.execute_script(
        "const h = [...document.querySelectorAll('.category')].find(s => s.querySelector('h2').textContent.startsWith('Statutes'));"
        "return [...h.querySelectorAll('.authority .text')].map(t => t.textContent)"
    )
    assert lane in statutes
    pane.click("undo", "Undone: move")
    assert [f["code"] for f in _ta_fields(browser)] == [f["code"] for f in before]

    # merge Lane into Garcetti: Lane's fields take Garcetti's \s and \c and lose their \l
    garcetti_long = next(f["code"] for f in before if _switch(f["code"], "l") == garcetti)
    n_garcetti = len(pane.entries()[garcetti]["occurrences"])
    n_lane = len(pane.entries()[lane]["occurrences"])
    div = _entry_div(browser, lane)
    _open_editor(browser, div, "edit-merge-into", garcetti)
    pane.press(div.find_element("css selector", ".edit-merge"), "Merge made in")
    after = _ta_fields(browser)
    assert not [f for f in after if _switch(f["code"], "s") == lane_short]
    assert not [f for f in after if _switch(f["code"], "l") == lane]
    assert len([f for f in after if _switch(f["code"], "s") == _switch(garcetti_long, "s")]) == len(
        [f for f in before if _switch(f["code"], "s") in (_switch(garcetti_long, "s"), lane_short)]
    )
    assert lane not in pane.entries() and len(pane.entries()[garcetti]["occurrences"]) == n_garcetti + n_lane
    pane.click("undo", "Undone: merge")
    assert [f["code"] for f in _ta_fields(browser)] == [f["code"] for f in before]
    assert (
        len(pane.entries()[lane]["occurrences"]) == n_lane
        and len(pane.entries()[garcetti]["occurrences"]) == n_garcetti
    )

    # exclude: its TA fields removed, remembered in the document's settings, left out by the server
    celotex = "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)"
    short = next(_switch(f["code"], "s") for f in before if _switch(f["code"], "l") == celotex)
    # the undo puts the fields back by insertField, without the spaces round the engine's instruction
    mine = sorted(f["code"].strip() for f in before if _switch(f["code"], "s") == short)
    div = _entry_div(browser, celotex)
    _open_editor(browser, div)
    pane.press(div.find_element("css selector", ".edit-exclude"), "Excluded from the table")
    assert not [f for f in _ta_fields(browser) if _switch(f["code"], "s") == short]
    assert len(_ta_fields(browser)) == len(before) - len(mine)
    saved = [c for c in pane.calls() if c["op"] == "saveSettings"][-1]["settings"]
    assert json.loads(saved["toa.excluded"]) == [celotex]
    pane.click("scan", "Found")
    assert celotex not in pane.entries()  # the server was told
    pane.click("undo", "Undone: exclude")
    assert sorted(f["code"].strip() for f in _ta_fields(browser) if _switch(f["code"], "s") == short) == mine
    assert "toa.excluded" not in [c for c in pane.calls() if c["op"] == "saveSettings"][-1]["settings"]
    pane.click("scan", "Found")
    assert celotex in pane.entries()
    assert pane.uncaught() == []


def test_undo_after_a_scan_restores_the_entry_it_took_and_an_undo_whose_entry_is_gone_does_nothing(browser, server):
    """Undo is keyed to the authority, not to a place in a list a Scan rebuilt: an exclude undone
    after a Scan puts the entry back in the new list at once, with its citations; an edit whose
    entry the author's typing took out of the list (the list follows edits) says so and changes
    nothing in Word."""
    pane = Pane(browser, server["port"], APPELLATE, "PC")
    pane.click("scan", "Found")
    pane.click("insert", "Table inserted in place of the old table")
    celotex = "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)"
    cited = pane.entries()[celotex]["occurrences"]
    order = pane.texts(".authority .text")
    div = _entry_div(browser, celotex)
    _open_editor(browser, div)
    pane.press(div.find_element("css selector", ".edit-exclude"), "Excluded from the table")
    pane.click("scan", "Found")
    assert celotex not in pane.entries()
    pane.click("undo", "Undone: exclude")
    assert pane.entries()[celotex]["occurrences"] == cited  # in the list now, without another Scan
    assert pane.texts(".authority .text") == order

    # an edit, then the author deletes the entry's only citation: the list follows, the entry goes
    statute = "28 U.S.C. § 1291"
    edited = "28 U.S.C. § 1291 (jurisdiction)"
    div = _entry_div(browser, statute)
    _open_editor(browser, div, "edit-text", edited)
    pane.press(div.find_element("css selector", ".edit-save"), "Edit made in 1 TA field")
    fields = _ta_fields(browser)
    at = next(i for i, t in enumerate(pane.word["body"]) if "jurisdiction under 28 U.S.C. § 1291." in t)
    browser.execute_script(
        "const d = window.__WORD; const t = d.body[arguments[0]].replace(' This Court has jurisdiction under 28 U.S.C. § 1291.', '');"
        "window.__edit(arguments[0], 1, [t], [d.italic[arguments[0]]]);",
        at,
    )
    pane.wait(lambda: "The list follows your edit" in pane.message())
    assert edited not in pane.entries() and statute not in pane.entries()
    before = len(pane.calls())
    browser.find_element("id", "undo").click()
    pane.wait(lambda: "Nothing undone" in pane.message())
    assert pane.message() == f"Nothing undone: “{edited}” is no longer in the list (the brief changed since the edit)."
    assert "error" in browser.find_element("id", "status").get_attribute("class")
    assert not [
        c for c in pane.calls()[before:] if c["op"] in ("setFieldCode", "insertOoxml", "deleteField", "insertField")
    ]
    assert _ta_fields(browser) == fields
    assert statute not in pane.entries() and edited not in pane.entries()
    assert pane.uncaught() == []


class Keyboard:
    """The pane driven by keys alone (Selenium's key events to whatever has the focus)."""

    def __init__(self, pane: Pane):
        self.pane = pane
        self.driver = pane.driver

    def send(self, *keys):
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(self.driver).send_keys(*keys).perform()

    def focused(self) -> dict:
        return self.driver.execute_script("""
            const e = document.activeElement, div = e.closest('.authority');
            return {id: e.id, tag: e.tagName, cls: e.className, text: e.textContent,
                    entry: div ? div.querySelector('.text').textContent : null};""")

    def tab_to(self, test, back: bool = False, most: int = 80) -> dict:
        """Tab (Shift+Tab) until the focused element passes `test`."""
        from selenium.webdriver.common.keys import Keys

        for _ in range(most):
            self.send(*((Keys.SHIFT, Keys.TAB) if back else (Keys.TAB,)))
            if back:
                self.send(Keys.NULL)  # releases Shift
            now = self.focused()
            if test(now):
                return now
        raise AssertionError(f"never reached by Tab: last focused {now}")

    def enter(self, until: str):
        from selenium.webdriver.common.keys import Keys

        self.send(Keys.ENTER)
        self.pane.wait(lambda: not self.pane.busy() and until in self.pane.message())
        focused = self.focused()
        assert focused["tag"] != "BODY", self.pane.message()  # focus never falls to the page body
        return focused


def test_the_whole_workflow_by_keyboard_alone(browser, server, fakes):
    """Scan (and Escape cancelling it), the list's one tab stop per entry with arrows, Home and
    End, Go to, Check, Insert table, an editor opened and closed with Escape, Exclude and Undo:
    keys only, no click; after each action the focus is on the next sensible control."""
    from selenium.webdriver.common.keys import Keys

    fresh(fakes)
    pane = Pane(browser, server["port"], APPELLATE, "PC")
    keys = Keyboard(pane)
    keys.tab_to(lambda f: f["id"] == "scan")
    keys.send(Keys.ENTER, Keys.ESCAPE)  # Escape cancels the running scan
    pane.wait(lambda: not pane.busy())
    assert pane.message() == "Scan cancelled; nothing changed." and not pane.entries()
    assert keys.focused()["id"] == "scan"
    first = keys.enter("Found")
    order = pane.texts(".authority .text")  # the list's order (a dict from the page has its keys sorted)
    assert first["entry"] == order[0]  # after a scan: the list's first entry

    # one tab stop per entry: Tab goes from an entry to the next; arrows, Home and End within the list
    assert keys.tab_to(lambda f: True)["entry"] == order[1]
    assert keys.tab_to(lambda f: True)["entry"] == order[2]
    keys.send(Keys.HOME)
    assert keys.focused()["entry"] == order[0]
    keys.send(Keys.ARROW_DOWN)
    assert keys.focused()["entry"] == order[1]
    keys.send(Keys.END)
    assert keys.focused()["entry"] == order[-1]
    keys.send(Keys.ARROW_UP)
    assert keys.focused()["entry"] == order[-2]
    keys.send(Keys.HOME)

    # Go to: Right to the entry's Next, Enter selects its first citation in the document
    for _ in range(6):
        if "step-next" in keys.focused()["cls"]:
            break
        keys.send(Keys.ARROW_RIGHT)
    assert "step-next" in keys.focused()["cls"] and keys.focused()["entry"] == order[0]
    before = len(pane.calls())
    keys.send(Keys.ENTER)
    pane.wait(lambda: any(c["op"] == "select" for c in pane.calls()[before:]))
    first_cite = browser.execute_script(
        "return document.activeElement.closest('.authority').querySelector('.occurrence .cite').textContent"
    )
    assert norm([c["text"] for c in pane.calls()[before:] if c["op"] == "select"][0]).startswith(norm(first_cite)[:20])
    assert "step-next" in keys.focused()["cls"]

    keys.tab_to(lambda f: f["id"] == "check", back=True)
    assert keys.enter("Checked")["entry"] == order[0]
    keys.tab_to(lambda f: f["id"] == "insert", back=True)
    assert keys.enter("Table inserted")["id"] == "insert"

    # an entry's editor: opened with Enter on Edit entry, closed with Escape, then Exclude
    celotex = "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)"
    keys.tab_to(lambda f: f["entry"] is not None)
    for _ in range(len(order)):
        if keys.focused()["entry"] == celotex:
            break
        keys.send(Keys.ARROW_DOWN)
    for _ in range(8):
        if keys.focused()["text"] == "Edit entry":
            break
        keys.send(Keys.ARROW_RIGHT)
    assert keys.focused() == {**keys.focused(), "entry": celotex, "text": "Edit entry"}
    keys.send(Keys.ENTER)
    editor = "return document.activeElement.closest('details.edit').open"
    assert browser.execute_script(editor)
    keys.send(Keys.ESCAPE)
    assert not browser.execute_script(editor) and keys.focused()["text"] == "Edit entry"
    keys.send(Keys.ENTER)
    keys.tab_to(lambda f: "edit-exclude" in f["cls"])
    after_celotex = order[order.index(celotex) + 1]
    assert keys.enter("Excluded from the table")["entry"] == after_celotex  # the entry that took its place
    assert celotex not in pane.entries()

    keys.tab_to(lambda f: f["id"] == "undo", back=True)
    assert keys.enter("Undone: exclude")["entry"] == celotex  # the entry the undo put back
    assert pane.uncaught() == []


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"  # npm ci (scripts/setup.sh): only the test loads it
# axe-core's rules on names and labels: every control says what it is and what it acts on
NAME_RULES = [
    "button-name",
    "input-button-name",
    "link-name",
    "summary-name",
    "label",
    "select-name",
    "aria-command-name",
    "aria-input-field-name",
    "aria-toggle-field-name",
    "aria-progressbar-name",
    "aria-tooltip-name",
    "aria-dialog-name",
    "aria-hidden-focus",
    "image-alt",
    "document-title",
]


def test_every_control_has_a_name_that_says_what_it_acts_on(browser, server, fakes):
    """axe-core's name and label rules over the pane with everything on show (the list, checked,
    with its editors, the excluded list, the forms); then the accessibility tree as Chromium
    gives it to a screen reader: every control has a name, and Previous and Next name their entry."""
    if not AXE.exists():
        pytest.skip("axe-core is not installed (npm ci, scripts/setup.sh)")
    fresh(fakes)
    pane = Pane(browser, server["port"], APPELLATE, "PC")
    pane.click("scan", "Found")
    pane.click("check", "Checked")
    pane.click("insert", "Table inserted")
    div = _entry_div(browser, "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)")
    _open_editor(browser, div)
    pane.press(div.find_element("css selector", ".edit-exclude"), "Excluded from the table")
    browser.execute_script("document.querySelectorAll('details').forEach(d => d.open = true)")
    browser.execute_script(AXE.read_text(encoding="utf-8"))
    found = browser.execute_async_script(
        """const done = arguments[arguments.length - 1];
        const known = new Set(axe.getRules().map(r => r.ruleId));
        axe.run(document, {runOnly: {type: 'rule', values: arguments[0].filter(r => known.has(r))}})
          .then(r => done({ran: r.passes.length + r.violations.length + r.inapplicable.length,
                           violations: r.violations.map(v => [v.id, v.nodes.map(n => n.html).slice(0, 3)])}),
                e => done({error: String(e)}));""",
        NAME_RULES,
    )
    assert "error" not in found and found["ran"] >= 10, found
    assert found["violations"] == []

    tree = browser.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    controls = [
        n
        for n in tree
        if not n.get("ignored")
        and n.get("role", {}).get("value")
        in ("button", "textbox", "combobox", "checkbox", "link", "DisclosureTriangle")
    ]
    assert len(controls) > 100
    assert [n for n in controls if not n.get("name", {}).get("value", "").strip()] == []
    names = [n["name"]["value"] for n in controls]
    cases = browser.execute_script(
        "return [...document.querySelectorAll('.authority')].map(d => (d.querySelector('.text i') || d.querySelector('.text')).textContent)"
    )
    assert sorted(x for x in names if x.startswith("Previous")) == sorted(f"Previous occurrence of {c}" for c in cases)
    assert sorted(x for x in names if x.startswith("Next")) == sorted(f"Next occurrence of {c}" for c in cases)
    assert "Previous occurrence of Garcetti v. Ceballos" in names
    assert "Text of the entry Garcetti v. Ceballos" in names and "Exclude Garcetti v. Ceballos from the table" in names
    assert "Restore Celotex Corp. v. Catrett, 477 U.S. 317 (1986)" in names
    spinner = browser.find_element("id", "spinner")
    assert spinner.get_attribute("role") == "status" and spinner.get_attribute("aria-label")


def test_with_the_server_down_the_pane_loads_says_how_to_start_it_and_carries_on_once_it_runs(
    browser, tmp_path_factory, fakes, tls
):
    """The pane opened once keeps its own files (its service worker): with toa serve stopped the
    page still loads, names the command to start it (copyable, no raw backticks), tries again by
    itself, and scans once the server is back on the same port."""
    first = _serve(tmp_path_factory, fakes, tls, TOKEN)
    port = next(first)["port"]
    pane = Pane(browser, port, APPELLATE, "PC")
    kept = browser.execute_async_script(
        """const done = arguments[arguments.length - 1];
        navigator.serviceWorker.ready.then(() => caches.open('toa-pane')).then(c => c.keys())
          .then(keys => done(keys.map(k => new URL(k.url).pathname)), e => done(String(e)));"""
    )
    assert isinstance(kept, list) and {"/taskpane.html", "/taskpane.js", "/word.js", "/state.js"} <= set(kept), kept
    assert not pane.shown("offline")
    next(first, None)  # the server stops

    pane = Pane(browser, port, APPELLATE, "PC")  # the page, from the add-in's own files
    pane.wait(lambda: pane.shown("offline"))
    assert "not running" in pane.message() and "`" not in pane.message()
    assert "`" not in browser.find_element("id", "offline").text
    assert browser.find_element("id", "serve-command").text == "toa serve"
    assert browser.find_element("id", "scan").get_attribute("disabled")
    pane.click("copy-serve", "toa serve")  # copied, or selected for Ctrl+C where the clipboard is shut
    copied = browser.execute_script("return window.getSelection().toString()")
    assert "Copied: toa serve" in pane.message() or copied == "toa serve"

    again = _serve(tmp_path_factory, fakes, tls, TOKEN, port=port)
    next(again)
    try:
        pane.wait(lambda: not pane.shown("offline"), timeout=60)  # it tried again by itself
        assert "toa is running" in pane.message()
        pane.click("scan", "Found")
        assert (
            pane.entries()["Lane v. Franks, 573 U.S. 228 (2014)"]["pages"]
            == EXPECTED["Lane v. Franks, 573 U.S. 228 (2014)"]
        )
        assert pane.uncaught() == []
    finally:
        next(again, None)


def test_at_350_px_long_entries_wrap_pages_stay_in_view_case_names_are_italic_and_next_steps_through(
    browser, server, tmp_path
):
    from docxbuild import DocBuilder

    b = DocBuilder()
    b.heading("ARGUMENT")
    b.paragraph(
        "See ",
        ("Celotex Corp. v. Catrett", "i"),
        ", 477 U.S. 317, 322 (1986). The agency said so. U.S. Dep't of "
        "Labor, Wage & Hour Div., Fact Sheet No. 17A: Exemption for Executive, Administrative, Professional, "
        "Computer & Outside Sales Employees (2019), https://www.dol.gov/agencies/whd/fact-sheets/17a-overtime-"
        "exemption-executive-administrative-professional-computer-outside-sales-employees-under-the-flsa.",
    )
    b.paragraph("Summary judgment was proper. ", ("Celotex", "i"), ", 477 U.S. at 323.")
    b.save(tmp_path / "narrow.docx")
    pane = Pane(browser, server["port"], tmp_path / "narrow.docx", "PC")
    try:
        browser.set_window_size(350, 1000)
        width = browser.execute_script("return window.innerWidth")
        assert 320 <= width <= 350
        pane.click("scan", "Found 2 authorities")
        browser.execute_script("for (const d of document.querySelectorAll('details')) d.open = true")
        shot = tmp_path / "pane-350.png"
        browser.save_screenshot(str(shot))
        assert int.from_bytes(shot.read_bytes()[16:20], "big") == width  # the PNG's width (IHDR)
        # nothing wider than the pane; every entry's pages inside it, on the entry's first line
        overflow = browser.execute_script("""
            const w = window.innerWidth, out = [];
            if (document.documentElement.scrollWidth > w) out.push('page ' + document.documentElement.scrollWidth);
            for (const e of document.querySelectorAll('body *')) {
              const r = e.getBoundingClientRect();
              if (r.width && r.right > w + 0.5) out.push(e.tagName + '.' + e.className + ' ' + r.right);
            }
            for (const d of document.querySelectorAll('.authority')) {
              const p = d.querySelector('.pages').getBoundingClientRect(), t = d.querySelector('.text').getBoundingClientRect();
              if (p.right > w || p.width === 0 || p.top > t.top + 1) out.push('pages of ' + d.querySelector('.text').textContent.slice(0, 30));
            }
            return out;""")
        assert overflow == []
        assert pane.texts(".authority .text i") == ["Celotex Corp. v. Catrett"]
        # Next / Previous: the entry's citations one after the other, in the document
        div = _entry_div(browser, "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)")
        selected = []
        for cls in ("step-next", "step-next", "step-next", "step-prev"):
            before = len(pane.calls())
            div.find_element("css selector", f".{cls}").click()
            pane.wait(lambda before=before: any(c["op"] == "select" for c in pane.calls()[before:]))
            selected += [norm(c["text"]) for c in pane.calls()[before:] if c["op"] == "select"]
        assert selected == [
            "Celotex Corp. v. Catrett, 477 U.S. 317, 322 (1986)",
            "Celotex, 477 U.S. at 323",
            "Celotex Corp. v. Catrett, 477 U.S. 317, 322 (1986)",
            "Celotex, 477 U.S. at 323",
        ]
        assert div.find_element("css selector", ".step-where").text == "Citation 2 of 2"
    finally:
        browser.set_window_size(420, 1000)


def test_court_style_and_page_source_are_chosen_in_the_pane_remembered_in_the_document_and_previewed(browser, server):
    pane = Pane(browser, server["port"], APPELLATE, "PC")
    pane.wait(lambda: len(browser.find_elements("css selector", "#style option")) > 1)
    assert browser.find_element("id", "style").get_attribute("value") == "auto"
    pane.click("scan", "Found")
    assert pane.headings()[0].startswith("Cases (25 authorities")
    browser.execute_script(
        "const s = document.getElementById('style'); s.value = 'sg'; s.dispatchEvent(new Event('change'));"
        "const p = document.getElementById('pages'); p.value = 'estimate'; p.dispatchEvent(new Event('change'));"
    )
    pane.wait(lambda: "Page source set for this document: estimate" in pane.message())
    saved = [c for c in pane.calls() if c["op"] == "saveSettings"][-1]["settings"]
    assert json.loads(saved["toa.style"]) == "sg" and json.loads(saved["toa.pages"]) == "estimate"
    pane.click("scan", "Found")
    # the Solicitor General's headings, pages from the estimate
    assert [h.split(" (")[0] for h in pane.headings()][1] == "Constitution, statutes, regulations, and rules"
    assert browser.find_element("id", "pages-note").text.startswith("Pages: estimate")
    calls = pane.click("preview", "Preview of the table (sg)")
    assert not [c for c in calls if c["op"] not in ("getFileAsync", "closeAsync")]  # nothing written
    lines = browser.execute_script(
        "return [...document.querySelectorAll('#preview-table .preview-line')].map(l => [l.querySelector('.text').textContent,"
        " l.querySelector('.pages').textContent])"
    )
    assert (
        dict(lines)["Garcetti v. Ceballos, 547 U.S. 410 (2006)"]
        == pane.entries()["Garcetti v. Ceballos, 547 U.S. 410 (2006)"]["pages"]
    )
    assert browser.execute_script("return document.querySelector('#preview-table h3').textContent") == "Cases"
    # the same document opened again: its settings choose the style
    pane = Pane(browser, server["port"], APPELLATE, "PC", settings={"toa.style": "frap"})
    pane.wait(lambda: len(browser.find_elements("css selector", "#style option")) > 1)
    assert browser.find_element("id", "style").get_attribute("value") == "frap"
    assert pane.uncaught() == []


def test_check_counts_what_it_has_checked_and_cancel_stops_it(browser, server, fakes):
    fakes.reset()
    pane = Pane(browser, server["port"], PLANTED, "PC")
    pane.click("scan", "Found")
    record = """window.__messages = []; window.__observer && window.__observer.disconnect();
        window.__observer = new MutationObserver(() => {
          const m = document.getElementById('message').textContent; window.__messages.push(m);
          if (arguments[0] && / checked \\d+ of \\d+/.test(m)) document.getElementById('cancel').click();
        });
        window.__observer.observe(document.getElementById('message'), {childList: true, characterData: true, subtree: true});"""
    browser.execute_script(record, False)
    assert not pane.shown("cancel")
    pane.click("check", "4 need attention")
    counts = [m for m in browser.execute_script("return window.__messages") if " checked " in m]
    assert counts and all(re.search(r"checked (\d+) of (\d+)…$", m) for m in counts)
    pairs = [tuple(map(int, re.search(r"checked (\d+) of (\d+)", m).groups())) for m in counts]
    assert pairs[-1][0] == pairs[-1][1] > 0  # the last stage's count reaches its total
    assert all(d <= t for d, t in pairs)
    assert not pane.shown("cancel")

    fakes.reset()
    browser.execute_script(record, True)  # Cancel as soon as the first count shows
    pane.click("check", "Check cancelled; nothing changed.")
    assert not pane.shown("cancel") and not browser.find_element("id", "check").get_attribute("disabled")
    assert pane.uncaught() == []


def test_mark_a_citation_toa_missed_from_the_selection_and_undo_it(browser, server):
    """Mark citation: the selection's text fills the entry text and short form; the pane puts a TA
    field (\\l, \\s, \\c) at the selection's start, updates the table, lists the entry under the
    chosen heading; Undo deletes the field. (That toa lists such a field's entry on the next Scan:
    tests/authorities/test_marks.py and test_server_api.py.)"""
    pane = Pane(browser, server["port"], APPELLATE, "PC")
    pane.click("scan", "Found")
    pane.click("insert", "Table inserted")
    before = _ta_fields(browser)
    assert pane.shown("mark")
    p = next(i for i, t in enumerate(pane.word["body"]) if t.startswith("Finally, the complaint alleged"))
    start = pane.word["body"][p].index("the City Manager")
    browser.execute_script(
        "window.__WORD.selection = arguments[0]; document.getElementById('mark').open = true",
        [p, start, start + len("the City Manager")],
    )
    pane.click("mark-from-selection", "taken from the selection")
    assert browser.find_element("id", "mark-text").get_attribute("value") == "the City Manager"
    assert browser.find_element("id", "mark-short").get_attribute("value") == "the City Manager"
    browser.execute_script(
        "document.getElementById('mark-text').value = 'Marlowe City Charter art. IV, § 2';"
        "document.getElementById('mark-short').value = 'City Charter';"
        "const s = document.getElementById('mark-heading');"
        "s.value = [...s.options].find(o => o.textContent.startsWith('Other')).value;"
    )
    other = browser.find_element("id", "mark-heading").get_attribute("value")
    calls = pane.click("mark-insert", "Marked: a TA field")
    inserted = [c for c in calls if c["op"] == "insertField"]
    assert len(inserted) == 1 and inserted[0]["at"] == "the City Manager" and inserted[0]["location"] == "Start"
    added = [f for f in _ta_fields(browser) if f not in before]
    assert len(added) == 1
    assert (_switch(added[0]["code"], "l"), _switch(added[0]["code"], "s"), _switch(added[0]["code"], "c")) == (
        "Marlowe City Charter art. IV, § 2",
        "City Charter",
        other,
    )
    assert any(c["op"] == "updateResult" and c["code"].lstrip().startswith("TOA") for c in calls)
    heading = next(h for h in pane.headings() if h.startswith("Other"))
    others = browser.execute_script(
        "const h = [...document.querySelectorAll('.category')].find(s => s.querySelector('h2').textContent.startsWith('Other'));"
        "return [...h.querySelectorAll('.authority .text')].map(t => t.textContent)"
    )
    assert "Marlowe City Charter art. IV, § 2" in others, heading
    # the same entry text again is refused: the table has it
    pane.click("mark-insert", "The table has that entry already")
    assert len(_ta_fields(browser)) == len(before) + 1
    pane.click("undo", "Undone: mark")
    assert [f["code"] for f in _ta_fields(browser)] == [f["code"] for f in before]
    assert "Marlowe City Charter art. IV, § 2" not in pane.entries()
    # nothing selected: the pane says what to do
    browser.execute_script("window.__WORD.selection = null")
    pane.click("mark-from-selection", "Select the citation in the document first.")
    assert pane.uncaught() == []


def test_split_an_entry_that_is_two_authorities_and_undo_it(browser, server):
    """Split: the ticked citations' TA fields take a new \\s, the first of them the new \\l; the pane
    lists two entries; Undo gives every field its code back. (toa reads such fields as two
    entries: tests/authorities/test_marks.py.)"""
    pane = Pane(browser, server["port"], APPELLATE, "PC")
    pane.click("scan", "Found")
    pane.click("insert", "Table inserted")
    before = _ta_fields(browser)
    garcetti = "Garcetti v. Ceballos, 547 U.S. 410 (2006)"
    dissent = "Garcetti v. Ceballos, 547 U.S. 410 (2006) (Souter, J., dissenting)"
    short = next(_switch(f["code"], "s") for f in before if _switch(f["code"], "l") == garcetti)
    mine = [f for f in before if _switch(f["code"], "s") == short]
    n = len(pane.entries()[garcetti]["occurrences"])
    assert len(mine) >= 3
    div = _entry_div(browser, garcetti)
    ticked = browser.execute_script(
        "arguments[0].querySelector('details.edit').open = true; const ticks = arguments[0].querySelectorAll('.split-cite input');"
        "ticks[ticks.length - 1].checked = true; arguments[0].querySelector('.split-text').value = arguments[1];"
        "return ticks.length",
        div,
        dissent,
    )
    assert ticked == len(mine)
    pane.press(div.find_element("css selector", ".edit-split-go"), "Split made in 1 TA field")
    after = _ta_fields(browser)
    moved = [f for f in after if _switch(f["code"], "s") not in (None, short) and f not in before]
    assert len(moved) == 1 and _switch(moved[0]["code"], "l") == dissent and moved[0]["at"] == mine[-1]["at"]
    assert len([f for f in after if _switch(f["code"], "s") == short]) == len(mine) - 1
    assert [_switch(f["code"], "l") for f in after].count(garcetti) == 1
    entries = pane.entries()
    assert len(entries[garcetti]["occurrences"]) == n - 1 and len(entries[dissent]["occurrences"]) == 1
    pane.click("undo", "Undone: split")
    assert [f["code"] for f in _ta_fields(browser)] == [f["code"] for f in before]
    assert dissent not in pane.entries() and len(pane.entries()[garcetti]["occurrences"]) == n
    # every citation ticked: refused, nothing changed
    div = _entry_div(browser, garcetti)
    browser.execute_script(
        "arguments[0].querySelector('details.edit').open = true;"
        "for (const t of arguments[0].querySelectorAll('.split-cite input')) t.checked = true;"
        "arguments[0].querySelector('.split-text').value = arguments[1];",
        div,
        dissent,
    )
    pane.press(div.find_element("css selector", ".edit-split-go"), "Leave at least one citation")
    assert [f["code"] for f in _ta_fields(browser)] == [f["code"] for f in before]
    assert pane.uncaught() == []


def test_add_a_heading_move_an_entry_under_it_and_undo_both(browser, server):
    """Add a heading: a heading line and a TOA field for a category number toa does not use,
    after the table's last TOA field; Move lists it; Undo takes the move, then the heading, back.
    (toa reads such a heading and its entries: tests/authorities/test_marks.py.)"""
    pane = Pane(browser, server["port"], APPELLATE, "PC")
    pane.click("scan", "Found")
    assert not pane.shown("add-heading")  # no table yet: nothing to add a heading to
    pane.click("insert", "Table inserted")
    browser.execute_script(
        "document.getElementById('add-heading').open = true;"
        "document.getElementById('heading-name').value = 'Supreme Court Cases'"
    )
    fields = browser.execute_script("return window.__fields()")
    toas = [f["code"] for f in fields if f["code"].lstrip().startswith("TOA")]
    calls = pane.click("heading-add", 'Heading "Supreme Court Cases" added to the table (TA category 10)')
    inserted = [c for c in calls if c["op"] == "insertOoxml"]
    assert len(inserted) == 1 and inserted[0]["location"] == "After"
    assert ">Supreme Court Cases</w:t>" in inserted[0]["ooxml"]
    new = [
        f["code"] for f in browser.execute_script("return window.__fields()") if f["code"].lstrip().startswith("TOA")
    ]
    assert (
        new[:-1] == toas
        and re.search(r'\\c "10"', new[-1])
        and new[-1].replace('"10"', "") == toas[-1].replace(re.search(r'\\c "(\d+)"', toas[-1]).group(0), "\\c ")
    )
    assert any(c["op"] == "updateResult" and '"10"' in c["code"] for c in calls)
    assert pane.headings()[-1].startswith("Supreme Court Cases (0 authorities")
    pane.click("heading-add", "The table has that heading already")

    lane = "Lane v. Franks, 573 U.S. 228 (2014)"
    before = _ta_fields(browser)
    short = next(_switch(f["code"], "s") for f in before if _switch(f["code"], "l") == lane)
    div = _entry_div(browser, lane)
    browser.execute_script(
        "arguments[0].querySelector('details.edit').open = true;"
        "arguments[0].querySelector('.edit-heading').value = '10'",
        div,
    )
    pane.press(div.find_element("css selector", ".edit-move"), "Move made in")
    assert all(_switch(f["code"], "c") == "10" for f in _ta_fields(browser) if _switch(f["code"], "s") == short)
    assert pane.headings()[-1].startswith("Supreme Court Cases (1 authority")
    pane.click("undo", "Undone: move")
    calls = pane.click("undo", "Undone: add heading")
    assert [c for c in calls if c["op"] == "deleteRange"][0]["ooxml"] == inserted[0]["ooxml"]
    assert [
        f["code"] for f in browser.execute_script("return window.__fields()") if f["code"].lstrip().startswith("TOA")
    ] == toas
    assert not [h for h in pane.headings() if h.startswith("Supreme Court Cases")]
    assert pane.uncaught() == []


def test_passim_and_footnotes_are_chosen_in_the_pane_as_the_style_allows_and_remembered(browser, server):
    pane = Pane(browser, server["port"], APPELLATE, "PC")
    pane.wait(lambda: len(browser.find_elements("css selector", "#passim option")) > 2)
    browser.execute_script(
        "const s = document.getElementById('style'); s.value = 'default'; s.dispatchEvent(new Event('change'));"
    )
    pane.wait(lambda: "Court style set" in pane.message())
    assert not browser.find_element("id", "passim").get_attribute("disabled")
    pane.click("scan", "Found")
    garcetti = "Garcetti v. Ceballos, 547 U.S. 410 (2006)"
    assert pane.entries()[garcetti]["pages"] == EXPECTED[garcetti]
    assert any("footnote" in w for w in pane.texts(".occurrence .where"))
    browser.execute_script(
        "const p = document.getElementById('passim'); p.value = '3'; p.dispatchEvent(new Event('change'));"
    )
    pane.wait(lambda: "Passim set for this document: 3 or more pages" in pane.message())
    browser.execute_script(
        "const f = document.getElementById('footnotes'); f.checked = false; f.dispatchEvent(new Event('change'));"
    )
    pane.wait(lambda: "Citations in footnotes left out" in pane.message())
    saved = [c for c in pane.calls() if c["op"] == "saveSettings"][-1]["settings"]
    assert json.loads(saved["toa.passim"]) == 3 and json.loads(saved["toa.footnotes"]) is False
    pane.click("scan", "Found")
    assert pane.entries()[garcetti]["pages"] == "passim"
    assert not any("footnote" in w for w in pane.texts(".occurrence .where"))
    # a style that forbids passim offers none
    browser.execute_script(
        "const s = document.getElementById('style'); s.value = 'scotus'; s.dispatchEvent(new Event('change'));"
    )
    assert browser.find_element("id", "passim").get_attribute("disabled")
    assert "allows no passim" in browser.find_element("id", "passim").get_attribute("title")
    # the same document opened again: its settings choose them
    pane = Pane(browser, server["port"], APPELLATE, "PC", settings={"toa.passim": 3, "toa.footnotes": False})
    pane.wait(lambda: len(browser.find_elements("css selector", "#passim option")) > 2)
    assert browser.find_element("id", "passim").get_attribute("value") == "3"
    assert not browser.find_element("id", "footnotes").is_selected()
    assert pane.uncaught() == []


RECORD_RESCANS = """
window.__rescans = [];
const send = window.fetch;
window.fetch = async (url, init) => {
  const response = await send(url, init);
  if (String(url).includes('/rescan')) {
    window.__rescans.push({body: JSON.parse(init.body), answer: await response.clone().json()});
  }
  return response;
};"""


def _package_text(ooxml: str) -> dict:
    """The body paragraphs of a Flat OPC package and their italic spans, as the Word stub reads a .docx."""
    return wordstub.stories(io.BytesIO(flatopc.to_docx(ooxml.encode())))


def test_the_list_follows_edits_in_the_document_by_re_scanning_only_the_changed_part(browser, server):
    """The author types in Word: a paragraph with a new citation (and its Id.) added, a citation
    deleted. The list follows without a Scan; the server is sent only the changed paragraphs and
    their neighbours; every citation, moved or new, is still found by Go to."""
    pane = Pane(browser, server["port"], APPELLATE, "PC")
    pane.click("scan", "Found")
    browser.execute_script(RECORD_RESCANS)
    body = pane.word["body"]
    total = sum(len(t) for t in body)
    before = pane.entries()
    at = next(i for i, t in enumerate(body) if t.startswith("That reasoning controls."))
    added = "Retaliation for such speech is forbidden. Rankin v. McPherson, 483 U.S. 378, 384 (1987); id. at 388."
    browser.execute_script("window.__edit(arguments[0], 0, [arguments[1]])", at + 1, added)
    pane.wait(lambda: "The list follows your edit" in pane.message())
    rankin = "Rankin v. McPherson, 483 U.S. 378 (1987)"
    entries = pane.entries()
    assert [o.split(",")[0] for o in entries[rankin]["occurrences"]] == ["Rankin v. McPherson", "id. at 388"]
    assert {k: len(v["occurrences"]) for k, v in entries.items() if k != rankin} == {
        k: len(v["occurrences"]) for k, v in before.items()
    }
    [sent] = browser.execute_script("return window.__rescans")
    # the server got the changed paragraph and its neighbours (Word's package of them), after the
    # full citations cited before them (for short forms), a line each: a small part of the brief
    paragraphs = sent["body"]["paragraphs"]
    part = _package_text(sent["body"]["ooxml"])
    assert part["body"] == [body[at], added, body[at + 1]]
    listed = {o for e in before.values() for o in e["occurrences"]}
    assert paragraphs and all(p in listed for p in paragraphs)
    assert sent["answer"]["received"] == {
        "paragraphs": len(paragraphs),
        "characters": sum(map(len, paragraphs)),
        "ooxml": len(sent["body"]["ooxml"]),
    }
    assert sent["answer"]["received"]["characters"] + sum(map(len, part["body"])) < total / 4
    # Go to: the new citations, and a citation after the new paragraph (its paragraph moved down)
    div = _entry_div(browser, rankin)
    browser.execute_script("arguments[0].querySelector('details').open = true", div)
    for button, cite in zip(
        div.find_elements("css selector", ".occurrence"), ["Rankin v. McPherson", "id. at 388"], strict=True
    ):
        calls = pane.press(button, "Selected in the document")
        assert [c["text"] for c in calls if c["op"] == "select"][0].startswith(cite)
    starr = "Starr v. Baca, 652 F.3d 1202 (9th Cir. 2011)"
    [cite] = entries[starr]["occurrences"]
    div = _entry_div(browser, starr)
    browser.execute_script("arguments[0].querySelector('details').open = true", div)
    calls = pane.press(div.find_element("css selector", ".occurrence"), "Selected in the document")
    assert [norm(c["text"]) for c in calls if c["op"] == "select"] == [norm(cite)]

    # delete a citation: the entry it alone made goes; the paragraph's other citations stay
    where = next(i for i, t in enumerate(body) if cite in t) + 1  # (the added paragraph is before it)
    text = browser.execute_script("return window.__WORD.body[arguments[0]]", where)
    browser.execute_script("window.__edit(arguments[0], 1, [arguments[1]])", where, text.replace(cite, "the record"))
    pane.wait(lambda: len(browser.execute_script("return window.__rescans")) == 2 and not pane.busy())
    assert "(4 citations there now, 5 before)" in pane.message()
    entries = pane.entries()
    assert starr not in entries and rankin in entries
    assert set(entries) == set(before) - {starr} | {rankin}
    assert pane.texts("#unlinked-list .cite") == [] and pane.texts("#nameless-list .cite") == []
    christie = next(k for k in entries if k.startswith("Christie v. Iopa"))
    assert len(entries[christie]["occurrences"]) == len(before[christie]["occurrences"])
    sent = browser.execute_script("return window.__rescans")[1]
    assert _package_text(sent["body"]["ooxml"])["body"] == [
        body[where - 2],
        text.replace(cite, "the record"),
        body[where],
    ]
    assert sent["answer"]["received"]["paragraphs"] == len(sent["body"]["paragraphs"])
    assert cite not in json.dumps(sent["body"])
    # the citations of the changed paragraph are still found
    div = _entry_div(browser, christie)
    browser.execute_script("arguments[0].querySelector('details').open = true", div)
    for button, o in zip(
        div.find_elements("css selector", ".occurrence"), entries[christie]["occurrences"], strict=True
    ):
        calls = pane.press(button, "Selected in the document")
        assert [norm(c["text"]) for c in calls if c["op"] == "select"] == [norm(o)]
    assert pane.uncaught() == []


def test_a_re_scanned_case_name_ends_where_its_italics_say(browser, server):
    """A paragraph typed with a case name in italics after roman words: the re-scan sends Word's
    package of the paragraphs, italics and all, and the server reads it as analyze reads a
    document, so the entry is the case name the italics mark. The same package without its
    italics makes the roman words before it part of the name."""
    pane = Pane(browser, server["port"], APPELLATE, "PC")
    pane.click("scan", "Found")
    browser.execute_script(RECORD_RESCANS)
    body = pane.word["body"]
    at = next(i for i, t in enumerate(body) if t.startswith("That reasoning controls."))
    added = "The reasoning of Smith v. Jones, 500 U.S. 1 (1991), controls here."
    name = [added.index("Smith"), added.index(",")]
    browser.execute_script("window.__edit(arguments[0], 0, [arguments[1]], [[arguments[2]]])", at + 1, added, name)
    pane.wait(lambda: "The list follows your edit" in pane.message())
    [sent] = browser.execute_script("return window.__rescans")
    # what the server received: the changed paragraph and its neighbours, the case name in italics
    part = _package_text(sent["body"]["ooxml"])
    assert part["body"] == [body[at], added, body[at + 1]]
    assert [added[a:b] for a, b in part["italic"][1]] == ["Smith v. Jones"]
    assert sent["answer"]["received"]["ooxml"] == len(sent["body"]["ooxml"])
    # what it made of it: the entry the italics mark, drawn in italics
    smith = "Smith v. Jones, 500 U.S. 1 (1991)"
    entries = pane.entries()
    assert [o.split(",")[0] for o in entries[smith]["occurrences"]] == ["Smith v. Jones"]
    assert not [e for e in entries if "Smith v. Jones" in e and e != smith]
    italic = "return arguments[0].querySelector('.text i').textContent"
    assert browser.execute_script(italic, _entry_div(browser, smith)) == "Smith v. Jones"
    # the control: the same request with the italics taken out of the package
    roman = browser.execute_async_script(
        """const [body, done] = arguments;
        body.ooxml = body.ooxml.replaceAll('<w:rPr><w:i/></w:rPr>', '');
        fetch('/api/v1/rescan', {method: 'POST', headers: {'Content-Type': 'application/json'},
                                 body: JSON.stringify(body)}).then((r) => r.json()).then(done);""",
        sent["body"],
    )
    assert "of Smith v. Jones, 500 U.S. 1 (1991)" in [
        a["text"] for c in roman["report"]["categories"] for a in c["authorities"]
    ]
    assert pane.uncaught() == []


def test_an_excluded_entry_is_restored_in_a_later_session_with_its_ta_fields_and_undo_excludes_it_again(
    browser, server
):
    """Exclude, then close the pane: the brief opened again (its settings and fields as saved)
    lists the entry under "Excluded from the table"; Restore puts back the same TA fields the
    entry had and the list shows it; Undo removes them and excludes it again."""
    pane = Pane(browser, server["port"], APPELLATE, "PC")
    pane.click("scan", "Found")
    pane.click("insert", "Table inserted")
    celotex = "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)"
    short = next(_switch(f["code"], "s") for f in _ta_fields(browser) if _switch(f["code"], "l") == celotex)
    mine = sorted(f["code"] for f in _ta_fields(browser) if _switch(f["code"], "s") == short)
    div = _entry_div(browser, celotex)
    _open_editor(browser, div)
    pane.press(div.find_element("css selector", ".edit-exclude"), "Excluded from the table")
    assert pane.texts("#excluded-list .text") == [celotex]
    saved = {
        k: json.loads(v) for k, v in [c for c in pane.calls() if c["op"] == "saveSettings"][-1]["settings"].items()
    }
    kept = browser.execute_script("return window.__fields()")

    pane = Pane(browser, server["port"], APPELLATE, "PC", settings=saved, fields=kept)
    assert pane.shown("excluded") and pane.texts("#excluded-list .text") == [celotex]
    pane.click("scan", "Found")
    assert celotex not in pane.entries()
    assert not [f for f in _ta_fields(browser) if _switch(f["code"], "s") == short]
    restore = browser.find_element("css selector", "#excluded-list button")
    calls = pane.press(restore, f"Restored: {celotex}; {len(mine)} TA fields put back at its citations")
    assert sorted(f["code"] for f in _ta_fields(browser) if _switch(f["code"], "s") == short) == mine
    assert "toa.excluded" not in [c for c in calls if c["op"] == "saveSettings"][-1]["settings"]
    assert any(c["op"] == "updateResult" and c["code"].lstrip().startswith("TOA") for c in calls)
    assert celotex in pane.entries() and not pane.shown("excluded")
    pane.click("undo", "Undone: restore")
    assert not [f for f in _ta_fields(browser) if _switch(f["code"], "s") == short]
    assert json.loads([c for c in pane.calls() if c["op"] == "saveSettings"][-1]["settings"]["toa.excluded"]) == [
        celotex
    ]
    assert celotex not in pane.entries() and pane.texts("#excluded-list .text") == [celotex]
    assert pane.uncaught() == []


@pytest.mark.parametrize("setting", [5, {}, True, "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)"])
def test_a_document_setting_of_excluded_entries_that_is_not_a_list_is_ignored_and_said(browser, server, setting):
    """Issue 28: a toa.excluded setting that is not a list (another program's, or a damaged
    document's) was iterated as one: a TypeError at the pane's start and at every Scan."""
    pane = Pane(browser, server["port"], APPELLATE, "PC", settings={"toa.excluded": setting, "toa.pages": "estimate"})
    assert pane.shown("excluded") and pane.texts("#excluded-list .text") == []
    assert "not a list of entry texts" in pane.texts("#excluded-ignored")[0]
    pane.click("scan", "Found")
    assert "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)" in pane.entries()
    assert pane.uncaught() == []


def test_a_setting_of_twenty_thousand_excluded_entries_is_capped_and_what_was_ignored_is_said(browser, server):
    """Issue 28: 20,000 excluded entries went in every request's address, which no server takes,
    and the pane said "server not running". The pane sends the first 1,000 entry texts (strings
    of 1 to 500 characters), says what it left out, and excludes nothing more past 1,000."""
    celotex = "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)"
    others = [f"Nobody v. Nothing {i}, 1 U.S. {i} (1900) § {i}" for i in range(20_000)]
    setting = [celotex, 5, {}, "", "x" * 501, None, *others]
    pane = Pane(browser, server["port"], APPELLATE, "PC", settings={"toa.excluded": setting, "toa.pages": "estimate"})
    listed = pane.texts("#excluded-list .text")
    assert listed == [celotex, *others[:999]]
    note = pane.texts("#excluded-ignored")[0]
    assert "5 are not entry texts" in note and "19,001 are past the most a request carries (1,000 entries" in note, note
    pane.click("scan", "Found")
    entries = pane.entries()
    assert celotex not in entries and "Garcetti v. Ceballos, 547 U.S. 410 (2006)" in entries  # the server was told
    pane.click("insert", "Table inserted")
    garcetti = _entry_div(browser, "Garcetti v. Ceballos, 547 U.S. 410 (2006)")
    browser.execute_script("arguments[0].querySelector('details.edit').open = true", garcetti)
    pane.press(garcetti.find_element("css selector", ".edit-exclude"), "already leaves out 1,000 entries")
    assert "Garcetti v. Ceballos, 547 U.S. 410 (2006)" in pane.entries()
    assert pane.uncaught() == []


VERDICT_BADGES = ("VERIFIED", "NEEDS ATTENTION", "NOT VERIFIED")


def test_the_check_counts_the_three_verdicts_and_says_how_to_fix_what_was_not_checked(browser, tokenless_server, fakes):
    """No token (issue 30 item 3): the summary is not "0 need attention" while most are NOT
    VERIFIED; it counts the three verdicts as the badges show them, says once why the rest was not
    checked and, in one line, how to fix it."""
    fresh(fakes)
    pane = Pane(browser, tokenless_server["port"], PLANTED, "PC")
    pane.click("scan", "Found")
    pane.click("check", "not verified")
    verdicts = Counter(next(b for b in e["badges"] if b in VERDICT_BADGES) for e in pane.entries().values())
    assert verdicts["NOT VERIFIED"] and verdicts["NEEDS ATTENTION"]
    line = (
        f"Checked {sum(verdicts.values())} authorities: {verdicts['VERIFIED']} verified, "
        f"{verdicts['NEEDS ATTENTION']} need attention, {verdicts['NOT VERIFIED']} not verified."
    )
    assert pane.message().startswith(line) and pane.texts("#summary-line") == [line]
    assert "To check the rest: set a CourtListener token: COURTLISTENER_API_TOKEN, or api_token" in pane.message()
    # each reason once (no second copy of it all in the summary line), with its fix under it
    section = browser.find_element("id", "not-verified").text
    assert section.lower().count("no courtlistener api token") == 1
    token = [f for f in pane.texts("#not-verified-list .fix") if "CourtListener token" in f]
    assert len(token) == 1 and token[0].startswith("To fix: Set a CourtListener token: ")
    assert "config.toml" in token[0] and "toa index download" in token[0]
    assert pane.uncaught() == []


def test_edit_entry_and_add_a_heading_are_offered_once_a_table_exists(browser, server):
    pane = Pane(browser, server["port"], APPELLATE, "PC")
    pane.click("scan", "Found")
    assert pane.entries() and not browser.find_elements("css selector", "details.edit")
    assert not pane.shown("add-heading")
    pane.click("insert", "Table inserted")
    assert len(browser.find_elements("css selector", "details.edit")) == len(pane.entries())
    assert pane.shown("add-heading")
    # a later Scan of the brief with its table still offers them
    pane.click("scan", "Found")
    assert len(browser.find_elements("css selector", "details.edit")) == len(pane.entries())


def test_insert_table_never_promises_an_undo_the_pane_does_not_offer(browser, server):
    pane = Pane(browser, server["port"], APPELLATE, "PC")
    pane.click("scan", "Found")
    pane.click("insert", "Table inserted")
    undo = browser.find_element("id", "undo")
    assert undo.get_attribute("disabled") and "Undo takes the insertion back" not in pane.message()
    assert "Word's own Undo (Ctrl+Z in the document) takes the table back" in pane.message()
    assert "The pane's Undo" not in pane.message()
    # with a change of the pane's on its Undo, the message says what that Undo takes back: not the table
    div = _entry_div(browser, "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)")
    _open_editor(browser, div)
    pane.press(div.find_element("css selector", ".edit-exclude"), "Excluded from the table")
    pane.click("insert", "Table inserted")
    assert not undo.get_attribute("disabled") and undo.text == "Undo exclude"
    assert "The pane's Undo takes back your last exclude, not the table." in pane.message()


def _preview(browser) -> dict[str, list[str]]:
    return browser.execute_script("""
        const out = {}; let heading = null;
        for (const e of document.querySelectorAll('#preview-table > *')) {
          if (e.tagName === 'H3') { heading = e.textContent; out[heading] = []; }
          else out[heading].push(e.querySelector('.text').textContent);
        }
        return out;""")


def test_the_preview_follows_every_change_of_the_table(browser, server):
    pane = Pane(browser, server["port"], APPELLATE, "PC")
    pane.wait(lambda: len(browser.find_elements("css selector", "#style option")) > 1)
    pane.click("scan", "Found")
    pane.click("insert", "Table inserted")
    pane.click("preview", "Preview of the table")
    celotex = "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)"
    assert celotex in _preview(browser)["Cases"]
    div = _entry_div(browser, celotex)
    _open_editor(browser, div)
    pane.press(div.find_element("css selector", ".edit-exclude"), "Excluded from the table")
    shown = _preview(browser)
    assert celotex not in shown["Cases"] and shown["Cases"]
    pane.click("undo", "Undone: exclude")
    assert celotex in _preview(browser)["Cases"]
    # a court style chosen: the preview takes the style's headings at once
    before = list(_preview(browser))
    browser.execute_script(
        "const s = document.getElementById('style'); s.value = 'sg'; s.dispatchEvent(new Event('change'));"
    )
    pane.wait(lambda: "Court style set for this document: sg" in pane.message() and not pane.busy())
    after = list(_preview(browser))
    assert after != before and "Constitution, statutes, regulations, and rules" in after
    assert pane.uncaught() == []
