"""The JSON API through Flask's test client: every endpoint, good input (.docx and Flat OPC)
and every kind of bad request. Pages come from LibreOffice where the test says so."""

from __future__ import annotations

import importlib.util
import io
import logging
import os
import signal
import tempfile
import threading
import time
import zipfile
from pathlib import Path
from urllib.parse import urlencode

import pytest
from lxml import etree

import wordstub
from docxbuild import DocBuilder
from fakes.data import TOKEN
from test_hostile import _alive
from toa import flatopc, pipeline
from toa.report import build_report
from toa.server import create_app

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
APPELLATE = SAMPLES / "appellate-brief.docx"
PLANTED = SAMPLES / "planted-problems.docx"
BASE = "https://127.0.0.1:3000"


def post(client, path, data, **kw):
    return client.post(f"/api/v1/{path}", data=data, base_url=BASE, **kw)


def norm(text: str) -> str:
    return " ".join(text.replace("\u2013", "-").replace("\u2014", "-").split())


def entries(report: dict) -> dict[str, str]:
    return {a["text"]: a["page_text"] for c in report["categories"] for a in c["authorities"]}


def test_health_says_what_is_there_and_never_the_token(client, monkeypatch):
    monkeypatch.setenv("COURTLISTENER_API_TOKEN", "secret-token-value-0123456789")
    r = client.get("/api/v1/health", base_url=BASE)
    assert r.status_code == 200
    body = r.get_json()
    assert body["courtlistener_token"] is True and body["libreoffice"] is True
    assert body["version"]
    assert "frap" in [s["name"] for s in body["styles"]] and all(s["description"] for s in body["styles"])
    assert body["pages"][0] == "auto" and "estimate" in body["pages"]
    assert "secret-token-value" not in r.get_data(as_text=True)
    monkeypatch.delenv("COURTLISTENER_API_TOKEN")
    monkeypatch.setenv("XDG_CONFIG_HOME", "/nonexistent")
    assert client.get("/api/v1/health", base_url=BASE).get_json()["courtlistener_token"] is False


def test_analyze_docx_equals_toa_build_report_and_every_locator_finds_its_citation(client):
    r = post(
        client,
        "analyze",
        {"file": (io.BytesIO(APPELLATE.read_bytes()), "appellate-brief.docx")},
        content_type="multipart/form-data",
    )
    assert r.status_code == 200, r.get_json()
    report = r.get_json()
    analysed = pipeline.analyse(str(APPELLATE))
    expected = build_report(analysed).to_dict()
    assert entries(report) == entries(expected)
    # each entry's italic spans (case names), for the pane to draw them
    italics = {
        a["text"]: [a["text"][s:e] for s, e in a["emphasis"]] for c in report["categories"] for a in c["authorities"]
    }
    assert italics["Garcetti v. Ceballos, 547 U.S. 410 (2006)"] == ["Garcetti v. Ceballos"]
    assert italics == {
        a.text: [a.text[s:e] for s, e in a.emphasis] for c in analysed.table.categories for a in c.authorities
    }
    assert report["pagination"] == expected["pagination"] and report["pagination"]["method"] == "render"
    assert report["source"] == "appellate-brief.docx" and report["input"] == "docx"
    assert entries(report)["Garcetti v. Ceballos, 547 U.S. 410 (2006)"] == "4, 6, 7, 8"
    word = wordstub.stories(APPELLATE)
    occurrences = [o for c in report["categories"] for a in c["authorities"] for o in a["occurrences"]]
    assert any(o["story"] == "footnote" for o in occurrences)
    for o in occurrences + report["unlinked"]:
        assert len(o["locator"]["search"]) <= 255
        assert norm(wordstub.resolve(word, o["locator"])) == norm(o["text"]), o


def test_analyze_flat_opc_keeps_footnotes_styles_and_sections(client):
    xml = wordstub.flat_opc(APPELLATE).encode()
    r = post(client, "analyze", xml, content_type="application/xml")
    assert r.status_code == 200, r.get_json()
    report = r.get_json()
    docx_report = build_report(pipeline.analyse(str(APPELLATE))).to_dict()
    assert entries(report) == entries(docx_report)  # footnote cites, italics (styles) and roman/arabic sections kept
    assert report["input"] == "flat-opc"
    assert report["pagination"]["exact"] is False and "Body.getOoxml" in report["pagination"]["note"]


def test_check_of_flat_opc_says_so_as_analyze_does():
    """The check's report keeps what the analysis's says of the upload: its form, and that pages
    laid out from the body package Word on the web gives are approximate."""
    from toa.verify import Settings

    app = create_app({"TOA_VERIFY_SETTINGS": lambda: Settings(network=False)})
    r = app.test_client().post(
        "/api/v1/check", data=wordstub.flat_opc(PLANTED).encode(), content_type="application/xml", base_url=BASE
    )
    app.extensions["toa_jobs"].shutdown()
    assert r.status_code == 200, r.get_json()
    report = r.get_json()
    assert report["source"] == "document.docx" and report["input"] == "flat-opc"
    assert report["pagination"]["method"] == "render" and report["pagination"]["exact"] is False
    assert "Body.getOoxml" in report["pagination"]["note"]
    assert report["verification"]["offline"] is True and "comments" not in report["verification"]


def test_flat_opc_of_the_body_only_without_headers_still_reads():
    """Word on the web sends what the body needs: the footer parts may be missing; the
    references to them go, the section properties stay."""
    xml = wordstub.flat_opc(APPELLATE)
    from lxml import etree

    root = etree.fromstring(xml.encode())
    for part in list(root):
        if "footer" in part.get(f"{{{flatopc.PKG_NS}}}name"):
            root.remove(part)
    package = flatopc.to_docx(etree.tostring(root))
    with zipfile.ZipFile(io.BytesIO(package)) as zf:
        names = set(zf.namelist())
        document = zf.read("word/document.xml").decode()
    assert "word/footnotes.xml" in names and "word/styles.xml" in names
    assert "w:sectPr" in document and "w:pgNumType" in document and "footerReference" not in document


def test_flat_opc_past_the_tag_limit_is_refused_before_it_is_parsed(client):
    """Issue 20: two million empty elements need gigabytes once parsed; sent as Flat OPC they are
    refused with a 400 before any parse (README "Limits"). Runs of one paragraph, so that it is
    the tags that pass their limit, not the paragraphs."""
    xml = wordstub.flat_opc(APPELLATE)
    at = xml.index("<w:body>") + len("<w:body>")
    r = post(
        client,
        "analyze?pages=estimate",
        (xml[:at] + "<w:p>" + "<w:r/>" * 2_000_000 + "</w:p>" + xml[at:]).encode(),
        content_type="application/xml",
    )
    assert r.status_code == 400 and r.get_json()["error"] == "bad_document"
    assert "past 2,000,000 XML tags" in r.get_json()["message"]


def test_oversize_is_413_json(client):
    app = create_app({"MAX_CONTENT_LENGTH": 1000})
    r = app.test_client().post("/api/v1/analyze", data=b"x" * 5000, base_url=BASE)
    assert r.status_code == 413
    assert r.get_json()["error"] == "too_large" and "MB" in r.get_json()["message"]


@pytest.mark.parametrize(
    "data, words",
    [
        (b'<pkg:package xmlns:pkg="http://schemas.microsoft.com/office/2006/xmlPackage"><pkg:part', "malformed"),
        (b"<html><body>hello</body></html>", "Flat OPC"),
        (b'<pkg:package xmlns:pkg="http://schemas.microsoft.com/office/2006/xmlPackage"/>', "no Word document part"),
        (b"%PDF-1.7 not a word file", "neither a .docx"),
    ],
)
def test_malformed_documents_are_400_with_a_message(client, data, words):
    r = post(client, "analyze", data, content_type="application/xml")
    assert r.status_code == 400
    body = r.get_json()
    assert body["error"] == "bad_document" and words in body["message"]


def test_a_raw_body_is_the_document_whatever_its_content_type_says(client):
    """curl --data-binary @brief.docx labels the body a form (x-www-form-urlencoded); other
    clients send none. The body is still the document, and a body that is none gets the reason."""
    answers = {}
    for content_type in (None, "application/x-www-form-urlencoded", "text/plain", "application/octet-stream"):
        kw = {"content_type": content_type} if content_type else {}
        r = post(client, "analyze?pages=estimate", APPELLATE.read_bytes(), **kw)
        assert r.status_code == 200, (content_type, r.get_json())
        answers[content_type] = entries(r.get_json())
    assert len({tuple(sorted(a.items())) for a in answers.values()}) == 1 and answers[None]
    r = post(client, "analyze", b"file=brief.docx", content_type="application/x-www-form-urlencoded")
    assert r.status_code == 400 and "neither a .docx file nor Word's Flat OPC XML" in r.get_json()["message"]
    r = post(client, "analyze", b"", content_type="application/x-www-form-urlencoded")
    assert r.status_code == 400 and r.get_json()["error"] == "no_document"


def test_a_zip_that_is_not_a_docx_names_no_path_on_disk(client):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("notes.txt", "hello")
    r = post(client, "analyze", buf.getvalue(), content_type="application/octet-stream")
    assert r.status_code == 400
    message = r.get_json()["message"]
    assert "not a Word document" in message and tempfile.gettempdir() not in message
    assert "document.docx" in message


def test_no_citations_is_422(client, tmp_path):
    b = DocBuilder()
    b.paragraph("A letter with no authority in it at all.")
    b.save(tmp_path / "plain.docx")
    r = post(client, "analyze", (tmp_path / "plain.docx").read_bytes())
    assert r.status_code == 422 and r.get_json()["error"] == "no_citations"


@pytest.mark.parametrize(
    "host", ["evil.example:3000", "127.0.0.1:4000", "attacker.test", "localhost.evil.example:3000"]
)
def test_wrong_host_is_refused_dns_rebinding_fails(client, host):
    r = client.get("/api/v1/health", headers={"Host": host})
    assert r.status_code == 403 and r.get_json()["error"] == "forbidden_host"
    r = client.post("/api/v1/analyze", data=APPELLATE.read_bytes(), headers={"Host": host})
    assert r.status_code == 403


@pytest.mark.parametrize("origin", ["https://evil.example", "null", "http://127.0.0.1:3000", "https://127.0.0.1:3001"])
def test_foreign_origin_is_refused_and_no_cors_header_is_sent(client, origin):
    r = post(client, "analyze", APPELLATE.read_bytes(), headers={"Origin": origin})
    assert r.status_code == 403 and r.get_json()["error"] == "forbidden_origin"
    assert "Access-Control-Allow-Origin" not in r.headers
    ok = client.get("/api/v1/health", base_url=BASE, headers={"Origin": "https://localhost:3000"})
    assert ok.status_code == 200 and "Access-Control-Allow-Origin" not in ok.headers


def test_cross_site_fetch_metadata_is_refused(client):
    r = client.get("/api/v1/health", base_url=BASE, headers={"Sec-Fetch-Site": "cross-site"})
    assert r.status_code == 403


def test_wrong_method_and_unknown_path_are_json(client):
    r = client.get("/api/v1/analyze", base_url=BASE)
    assert r.status_code == 405 and r.get_json()["error"] == "method_not_allowed"
    r = client.get("/api/v1/nothing", base_url=BASE)
    assert r.status_code == 404 and r.is_json
    r = client.get("/../../etc/passwd", base_url=BASE)
    assert r.status_code == 404 and r.is_json


def test_options_name_no_path_on_disk(client, tmp_path):
    style = tmp_path / "mine.toml"
    style.write_text("")
    r = post(client, "analyze?style=" + str(style), APPELLATE.read_bytes())
    assert r.status_code == 400 and r.get_json()["error"] == "bad_option"
    r = post(client, "analyze?pages=telepathy", APPELLATE.read_bytes())
    assert r.status_code == 400


def _while_posting(client, path: str, data: bytes, watch) -> tuple:
    """POST in a thread and call `watch()` until the answer comes: (the answer, what watch saw)."""
    answer, seen = [], []
    poster = threading.Thread(target=lambda: answer.append(post(client, path, data)))
    poster.start()
    while poster.is_alive():
        seen.append(watch())
        time.sleep(0.005)
    poster.join()
    return answer[0], seen


def _folders(tmp_path) -> list:
    """(folder mode, {file: mode}) of each job folder now in `tmp_path`."""
    out = []
    for folder in tmp_path.glob("toa-serve-*"):
        try:
            out.append(
                (oct(folder.stat().st_mode & 0o777), {f.name: oct(f.stat().st_mode & 0o777) for f in folder.iterdir()})
            )
        except FileNotFoundError:  # removed while looking
            pass
    return out


def test_the_document_lives_only_in_a_private_folder_that_is_removed(client, tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    r, seen = _while_posting(client, "analyze?pages=estimate", APPELLATE.read_bytes(), lambda: _folders(tmp_path))
    assert r.status_code == 200
    assert ("0o700", {"document.docx": "0o600"}) in [f for snapshot in seen for f in snapshot]
    assert list(tmp_path.iterdir()) == []


def test_time_limit_stops_the_work_and_removes_its_folder_before_answering(tmp_path, monkeypatch):
    """Issue 20: past the limit the request answered 503 but the work ran on for minutes, with
    the document's folder. The job's process is gone, and its folder, when the 503 comes."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    app = create_app({"TOA_TIME_LIMIT": 1.0})
    jobs = app.extensions.get("toa_jobs")
    big = tmp_path.parent / "long.docx"
    _long_brief(big)
    r, seen = _while_posting(
        app.test_client(), "analyze?pages=estimate", big.read_bytes(), lambda: jobs.running_pids() if jobs else []
    )
    assert r.status_code == 503 and r.get_json()["error"] == "timeout"
    # nothing left but multiprocessing's own folder (pymp-*: made in the new tempdir when this
    # test is the first to start a process; it holds no document)
    assert [p.name for p in tmp_path.iterdir() if not p.name.startswith("pymp-")] == []
    pids = {pid for snapshot in seen for pid in snapshot}
    assert pids and not any(_alive(pid) for pid in pids) and not jobs.running_pids()


def test_libreoffice_a_job_started_is_stopped_with_it(tmp_path, monkeypatch):
    """A job stopped at its limit while its own LibreOffice lays the brief out: that
    LibreOffice (here one that would hang for ten minutes) is gone when the 503 comes."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    marks = tmp_path / "pids"
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "soffice").write_text(
        f"#!/bin/sh\necho $$ >> {marks}\nsleep 600 &\necho $! >> {marks}\nexec sleep 600\n"
    )
    (bin_dir / "soffice").chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    app = create_app({"TOA_TIME_LIMIT": 8.0, "TOA_OFFICE": None})
    try:
        r = post(app.test_client(), "analyze?pages=render", APPELLATE.read_bytes())
        assert r.status_code == 503
        pids = [int(p) for p in marks.read_text().split()]
        assert pids and not any(_alive(p) for p in pids)
        assert list((tmp_path / "tmp").iterdir()) == []
    finally:
        for pid in [int(p) for p in marks.read_text().split()] if marks.exists() else []:
            if _alive(pid):
                os.kill(pid, 9)


def test_a_job_that_dies_is_a_500_json_and_leaves_nothing(client, tmp_path, monkeypatch):
    """A job's process killed from outside (the OOM killer, a crash): 500 with a JSON message,
    no traceback, and the folder is removed."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    jobs = client.application.extensions["toa_jobs"]
    killed = []

    def kill_the_job():
        for pid in jobs.running_pids():
            if not killed:
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)

    big = tmp_path.parent / "long.docx"
    _long_brief(big)
    r, _ = _while_posting(client, "analyze?pages=estimate", big.read_bytes(), kill_the_job)
    assert killed and r.status_code == 500
    body = r.get_json()
    assert body["error"] == "internal" and "Traceback" not in r.get_data(as_text=True)
    assert list(tmp_path.iterdir()) == []


def _long_brief(path: Path) -> None:
    """A brief of one long paragraph of citations: its analysis takes a good many seconds."""
    unit = (
        "See Celotex Corp. v. Catrett, 477 U.S. 317, 322 (1986). The court held that summary judgment is "
        "proper under 42 U.S.C. § 1983 and Fed. R. Civ. P. 56(a). Id. at 323. "
    )
    b = DocBuilder()
    b.heading("ARGUMENT", level=1)
    b.paragraph(unit * 6000)
    b.save(path)


def test_toa_gives_the_table_block_and_the_ta_field_codes_of_toa_build(client, tmp_path):
    r = post(client, "toa", APPELLATE.read_bytes())
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    table = body["table"]
    assert table["mode"] == "existing"
    word = wordstub.stories(APPELLATE)
    assert wordstub.resolve(word, table["replace"]["first"]) == "Page(s)"
    assert wordstub.resolve(word, table["replace"]["last"]).startswith("Fed. R. Civ. P. 56")
    # the block: a package Word can insert, with one TOA field per category and the cached entries
    package = flatopc.to_docx(table["ooxml"].encode())
    with zipfile.ZipFile(io.BytesIO(package)) as zf:
        block = zf.read("word/document.xml").decode()
        assert "word/styles.xml" in zf.namelist()
    assert block.count("TOA \\h") + block.count("TOA \\c") >= 5
    assert "Garcetti v. Ceballos" in block
    # the TA field codes: those toa build writes
    out = tmp_path / "built.docx"
    pipeline.build(str(APPELLATE), output=str(out))
    from test_write import part_root, ta_sites

    roots = [part_root(out, "word/document.xml"), part_root(out, "word/footnotes.xml")]
    built = sorted(" ".join(f["instr"].split()) for root in roots for f in ta_sites(root))
    served = sorted(" ".join(f["code"].split()) for f in body["fields"])
    assert served == built
    for f in body["fields"]:
        assert f["code"] == "TA " + f["switches"]
        assert norm(wordstub.resolve(word, f["locator"]) or "") != ""
        assert "TA " in f["ooxml"] and "w:vanish" in f["ooxml"]


def test_toa_under_a_heading_that_ends_the_front_matter_replaces_nothing(client, tmp_path):
    """The body's caption after a table heading that carries the section break is the brief's:
    the pane is told to replace nothing (the table goes under the heading)."""
    b = DocBuilder(fmt="lowerRoman", start=1)
    b.heading("TABLE OF AUTHORITIES")
    b.section_break(fmt="decimal", start=1)
    b.paragraph("In the Supreme Court of the United States", align="center")
    b.paragraph("24-101", align="center")
    b.paragraph("See Celotex Corp. v. Catrett, 477 U.S. 317 (1986).")
    path = b.save(tmp_path / "sg.docx")
    r = post(client, "toa", path.read_bytes())
    assert r.status_code == 200, r.get_json()
    table = r.get_json()["table"]
    assert table["mode"] == "existing" and table["replace"] is None
    assert table["at"]["where"] == "after"
    assert wordstub.resolve(wordstub.stories(path), table["at"]["paragraph"]) == "TABLE OF AUTHORITIES"


def _table_block_texts(ooxml: str) -> list[str]:
    package = flatopc.to_docx(ooxml.encode())
    with zipfile.ZipFile(io.BytesIO(package)) as zf:
        root = etree.fromstring(zf.read("word/document.xml"))
    ns = {"w": "http://schemas.openxmlformats.org/wordprocessingml/2006/main"}
    return [wordstub._para_text(p) for p in root.iterfind(".//w:body/w:p", ns)]


@pytest.mark.parametrize("front", ["heading", "toc", "none"])
def test_toa_that_replaces_nothing_says_where_the_table_goes_as_toa_build_puts_it(client, tmp_path, front):
    """A heading with no table under it, a table of contents, or neither: the API says where
    the table goes (the paragraph it follows, or the body's start) and the pane's block is the
    one toa build puts there (in the body's start case, with the page break after it)."""
    b = DocBuilder()
    b.paragraph("In the Court of Appeals", align="center")
    if front == "heading":
        b.heading("TABLE OF AUTHORITIES")
        b.blank()
    elif front == "toc":
        b.heading("TABLE OF CONTENTS")
        b.paragraph(b.field_result('TOC \\o "1-3"', "ARGUMENT\t1"))
    b.page_break()
    b.heading("ARGUMENT")
    b.paragraph("See ", ("Celotex Corp. v. Catrett", "i"), ", 477 U.S. 317, 322 (1986); 42 U.S.C. § 1983.")
    path = b.save(tmp_path / f"{front}.docx")
    r = post(client, "toa", path.read_bytes())
    assert r.status_code == 200, r.get_json()
    table = r.get_json()["table"]
    assert table["replace"] is None
    word = wordstub.stories(path)
    built = tmp_path / "built.docx"
    pipeline.build(str(path), output=str(built), pages="estimate")
    # the lines' texts, without their pages (laid out here from an estimate)
    after_build = [t.split("\t")[0] for t in wordstub.stories(built)["body"] if t.strip()]
    block = [t.split("\t")[0] for t in _table_block_texts(table["ooxml"]) if t.strip()]
    if front == "none":
        assert table["mode"] == "start" and table["at"] == {"where": "start", "paragraph": None}
        assert after_build[: len(block)] == block  # the table opens the body, as toa build writes it
        assert 'w:type="page"' in table["ooxml"]
        return
    assert table["at"]["where"] == "after"
    anchor = wordstub.resolve(word, table["at"]["paragraph"])
    assert norm(anchor) == {"heading": "TABLE OF AUTHORITIES", "toc": "ARGUMENT 1"}[front]
    # in toa build's output the table's entries follow that paragraph
    i = next(i for i, t in enumerate(after_build) if norm(t) == norm(anchor.split("\t")[0]))
    assert "Celotex" in " ".join(after_build[i + 1 : i + 1 + len(block)])


def test_toa_refuses_an_insertion_that_would_lose_a_paragraph(monkeypatch, tmp_path):
    """The insert path checks the brief's words as toa build does: a write that lost a paragraph
    (forced here, in the function the job runs) is an error, and the pane gets no table."""
    from toa import write
    from toa.server import service
    from toa.server.guard import ApiError
    from toa.server.jobs import Job

    result = pipeline.analyse(str(APPELLATE), pages="estimate")
    real = write.write_toa

    def losing(doc, *args, **kw):
        placement = real(doc, *args, **kw)
        victim = next(p for p in doc.paragraphs if p.text.strip() == "ARGUMENT").element
        victim.getparent().remove(victim)
        return placement

    monkeypatch.setattr(write, "write_toa", losing)
    with pytest.raises(ApiError) as err:
        service.table_and_fields(
            result,
            Job(
                name="appellate-brief.docx",
                format="docx",
                style="auto",
                pages="estimate",
                folder=str(tmp_path),
                path=str(APPELLATE),
            ),
            None,
        )
    assert (err.value.status, err.value.code) == (500, "would_lose_text")
    assert '"ARGUMENT"' in err.value.message


def _load_fakes():
    spec = importlib.util.spec_from_file_location("_verify_fakes_api", ROOT / "tests" / "verify" / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def fakes():
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    services = _load_fakes().Services()
    yield services
    services.stop()


def test_check_gives_the_verification_records_of_toa_check_and_sends_only_citation_parts(fakes):
    fakes.reset()
    fakes.cl_state.user_limits = ((1000, 60),)  # the job's real clock never moves the fakes' clock
    # the settings go to the job's process: the real clock there, not the fakes' shared one
    app = create_app(
        {"TOA_VERIFY_SETTINGS": lambda: fakes.settings(clock=time.time, sleep=time.sleep, cl_requests_per_minute=1000)}
    )
    r = app.test_client().post("/api/v1/check?pages=estimate", data=PLANTED.read_bytes(), base_url=BASE)
    assert r.status_code == 200, r.get_json()
    report = r.get_json()
    records = {a["text"]: a["verification"] for c in report["categories"] for a in c["authorities"]}
    flagged = {t: (v["verdict"], v["flags"]) for t, v in records.items() if v["comment"]}
    assert len(flagged) == 4 and {v for v, _f in flagged.values()} == {"NEEDS_ATTENTION"}
    assert "not_found" in flagged["Smith v. Imaginary, 999 U.S. 9999 (2099)"][1]
    assert "name_mismatch" in flagged["Miller v. Hartwell, 556 U.S. 662 (2009)"][1]
    assert any("subsection_not_found" in f for _v, f in flagged.values())
    assert report["verification"]["summary"]["NEEDS_ATTENTION"] == 4
    assert report["verification"]["summary_text"].startswith("TOA check summary: 13 authorities: 9 verified")
    # a name goes out only as the search for a case CourtListener has no case at
    sent = b" ".join(
        req.body + req.target.encode() for req in fakes.recorder.requests if "case_name=" not in req.target
    )
    assert b"Hartwell" not in sent and b"Imaginary" not in sent and b"Okafor" not in sent
    app.extensions["toa_jobs"].shutdown()


def test_check_as_of_a_date(fakes):
    """?as_of= is toa check --as-of: 47 U.S.C. § 230 was amended in 1998, so its text of 1997 is the
    one of the U.S. Code's 1996 edition; a bad or future date is a 400 with a message, never a check against
    today."""
    fakes.reset()
    fakes.cl_state.user_limits = ((1000, 60),)
    app = create_app(
        {"TOA_VERIFY_SETTINGS": lambda: fakes.settings(clock=time.time, sleep=time.sleep, cl_requests_per_minute=1000)}
    )
    try:
        bad = app.test_client().post("/api/v1/check?as_of=June", data=PLANTED.read_bytes(), base_url=BASE)
        future = app.test_client().post("/api/v1/check?as_of=9999-12-31", data=PLANTED.read_bytes(), base_url=BASE)
        r = app.test_client().post(
            "/api/v1/check?pages=estimate&as_of=1997-01-01", data=PLANTED.read_bytes(), base_url=BASE
        )
    finally:
        app.extensions["toa_jobs"].shutdown()
    assert bad.status_code == 400 and bad.get_json() == {
        "error": "bad_option",
        "message": "as_of 'June': not a date (YYYY-MM-DD).",
    }
    # a day to come: its law is not known, and every provision would pass as in force on it
    assert future.status_code == 400 and future.get_json()["message"].startswith("as_of '9999-12-31': after today (")
    assert r.status_code == 200, r.get_json()
    report = r.get_json()
    assert report["verification"]["as_of"] == "1997-01-01"
    s230 = next(a for c in report["categories"] for a in c["authorities"] if a["text"] == "47 U.S.C. § 230(c)(1)")
    (unit,) = s230["verification"]["units"]
    assert unit["version"] == "confirmed-for-date" and "U.S. Code, 1996 main edition (OLRC)" in unit["coverage"]


def test_the_servers_checks_keep_their_answers_between_requests(fakes, monkeypatch, tmp_path):
    """toa serve keeps the verification cache (README): a second check of the brief asks nothing."""
    fakes.reset()
    fakes.cl_state.user_limits = ((1000, 60),)
    (tmp_path / "config" / "toa").mkdir(parents=True)
    (tmp_path / "config" / "toa" / "config.toml").write_text("[courtlistener]\nrequests_per_minute = 1000\n")
    env = {
        "COURTLISTENER_API_TOKEN": TOKEN,
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        **fakes.urls(),
    }
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    monkeypatch.delenv("TOA_VERIFY_NO_CACHE", raising=False)
    app = create_app()
    try:
        first = app.test_client().post("/api/v1/check?pages=estimate", data=PLANTED.read_bytes(), base_url=BASE)
        asked = len(fakes.recorder.requests)
        second = app.test_client().post("/api/v1/check?pages=estimate", data=PLANTED.read_bytes(), base_url=BASE)
    finally:
        app.extensions["toa_jobs"].shutdown()
    assert first.status_code == second.status_code == 200 and asked > 0
    assert len(fakes.recorder.requests) == asked and second.get_json()["verification"]["requests_made"] == 0
    assert second.get_json()["verification"]["summary"] == first.get_json()["verification"]["summary"]
    assert (tmp_path / "cache" / "toa" / "verify.sqlite3").is_file()


def test_an_excluded_entry_gets_no_entry_and_no_ta_field(client):
    """The pane's Exclude, remembered in the document's settings, comes with every request."""
    garcetti = "Garcetti v. Ceballos, 547 U.S. 410 (2006)"
    whole = post(client, "toa?pages=estimate", APPELLATE.read_bytes()).get_json()
    assert garcetti in entries(whole["report"]) and any(f["authority"] == garcetti for f in whole["fields"])
    r = post(
        client,
        "toa?pages=estimate&" + urlencode({"exclude": [garcetti, "No Such Entry"]}, doseq=True),
        APPELLATE.read_bytes(),
    )
    body = r.get_json()
    assert garcetti not in entries(body["report"]) and garcetti not in body["table"]["ooxml"]
    assert not any(f["authority"] == garcetti for f in body["fields"])
    assert len(body["fields"]) == len(whole["fields"]) - sum(1 for f in whole["fields"] if f["authority"] == garcetti)
    scanned = post(
        client, "analyze?pages=estimate&" + urlencode({"exclude": garcetti}), APPELLATE.read_bytes()
    ).get_json()
    assert garcetti not in entries(scanned)


def test_a_citation_marked_in_the_pane_is_listed_with_its_page_and_a_locator(client, tmp_path):
    """The pane's Mark citation puts a TA field (\\l, \\s, \\c) at a citation toa missed; the next
    Scan lists it under that heading, on the field's page, with a locator of the text after it,
    and toa gives its TA field back for Insert table."""
    from docxbuild import Field

    b = DocBuilder()
    b.heading("ARGUMENT")
    b.paragraph(
        "See ",
        ("Celotex Corp. v. Catrett", "i"),
        ", 477 U.S. 317, 322 (1986). The ",
        Field('TA \\l "Marlowe City Charter art. IV" \\s "City Charter" \\c 3'),
        "Marlowe City Charter art. IV, names the City Manager.",
    )
    brief = b.save(tmp_path / "marked.docx")
    report = post(client, "analyze?pages=estimate", brief.read_bytes()).get_json()
    cats = {c["number"]: c for c in report["categories"]}
    marked = next(a for a in cats[3]["authorities"] if a["text"] == "Marlowe City Charter art. IV")
    [celotex] = cats[1]["authorities"]  # in the same paragraph: the same page (after the table toa puts first)
    assert marked["page_text"] == celotex["page_text"] != "" and len(marked["occurrences"]) == 1
    assert marked["occurrences"][0]["locator"]["search"].startswith("Marlowe City Charter art. IV")
    fields = post(client, "toa?pages=estimate", brief.read_bytes()).get_json()["fields"]
    mine = [f["code"] for f in fields if f["authority"] == "Marlowe City Charter art. IV"]
    assert len(mine) == 1 and '\\s "City Charter"' in mine[0] and mine[0].endswith("\\c 3")


def test_passim_threshold_and_footnotes_as_the_style_allows(client, tmp_path):
    """?passim=N changes the style's threshold (0: none) where the style allows passim; a style
    that forbids it keeps every page. ?footnotes=0 leaves the notes' citations out."""
    b = DocBuilder()
    b.heading("ARGUMENT")
    b.paragraph(
        "See ",
        ("Celotex Corp. v. Catrett", "i"),
        ", 477 U.S. 317, 322 (1986); ",
        ("Lane v. Franks", "i"),
        ", 573 U.S. 228 (2014).",
    )
    for page in range(3):
        b.page_break()
        b.paragraph(f"Point {page}. ", ("Celotex", "i"), ", 477 U.S. at 323.")
    brief = b.save(tmp_path / "pages.docx").read_bytes()

    def report(query, data=brief):
        r = post(client, f"analyze?pages=estimate&{query}", data)
        assert r.status_code == 200, r.get_json()
        return r.get_json()

    def listed(rep):
        return {a["text"]: a for c in rep["categories"] for a in c["authorities"]}

    celotex = "Celotex Corp. v. Catrett, 477 U.S. 317 (1986)"
    default = listed(report("style=default"))
    assert len(default[celotex]["pages"]) == 4 and not default[celotex]["passim"]  # the default style's threshold is 5
    three = listed(report("style=default&passim=3"))
    assert three[celotex]["page_text"] == "passim" and not three["Lane v. Franks, 573 U.S. 228 (2014)"]["passim"]
    assert not [a for a in listed(report("style=default&passim=0")).values() if a["passim"]]
    assert not [a for a in listed(report("style=scotus&passim=2")).values() if a["passim"]]  # Rule 34.2: no passim

    default = listed(report("style=default", APPELLATE.read_bytes()))
    notes = [o for a in default.values() for o in a["occurrences"] if o["story"] == "footnote"]
    assert notes
    without = report("style=default&footnotes=0", APPELLATE.read_bytes())
    kept = [o for a in listed(without).values() for o in a["occurrences"]]
    assert not [o for o in kept + without["unlinked"] if o["story"] == "footnote"]
    assert len(kept) == sum(len(a["occurrences"]) for a in default.values()) - len(notes)
    for query in ("passim=1", "passim=abc", "passim=100", "passim=-5", "footnotes=2", "footnotes=yes"):
        r = post(client, f"analyze?{query}", APPELLATE.read_bytes())
        assert r.status_code == 400 and r.get_json()["error"] == "bad_option", query


def test_check_with_progress_streams_a_line_per_step_then_the_report_and_a_cancel_stops_the_job(fakes, tmp_path):
    import json

    fakes.reset()
    fakes.cl_state.user_limits = ((1000, 60),)  # the pace of a paid token: the check's waits are not what is tested
    app = create_app(
        {"TOA_VERIFY_SETTINGS": lambda: fakes.settings(clock=time.time, sleep=time.sleep, cl_requests_per_minute=1000)}
    )
    client = app.test_client()
    r = client.post("/api/v1/check?pages=estimate&progress=1", data=PLANTED.read_bytes(), base_url=BASE)
    assert r.status_code == 200 and r.mimetype == "application/x-ndjson"
    lines = [json.loads(line) for line in r.get_data(as_text=True).splitlines()]
    steps = [line["progress"] for line in lines[:-1]]
    assert steps and all(set(line) == {"progress"} for line in lines[:-1])
    assert all(0 <= s["done"] <= s["total"] for s in steps)
    courtlistener = [s for s in steps if s["stage"] == "courtlistener"]
    assert courtlistener and courtlistener[-1]["done"] == courtlistener[-1]["total"]
    fakes.reset()
    fakes.cl_state.user_limits = ((1000, 60),)
    plain = client.post("/api/v1/check?pages=estimate", data=PLANTED.read_bytes(), base_url=BASE).get_json()

    def verdicts(report):
        return {
            a["text"]: (a["page_text"], a["verification"]["verdict"])
            for c in report["categories"]
            for a in c["authorities"]
        }

    assert "answer" in lines[-1], lines[-1]
    assert verdicts(lines[-1]["answer"]) == verdicts(plain) and len(verdicts(plain)) > 5

    # the client goes away after the first line: the job is stopped and its folder removed
    fakes.reset()
    fakes.cl_state.user_limits = ((1000, 60),)
    r = client.post("/api/v1/check?pages=estimate&progress=1", data=PLANTED.read_bytes(), base_url=BASE, buffered=False)
    first = next(iter(r.response))
    assert b"progress" in first
    r.close()
    jobs = app.extensions["toa_jobs"]
    deadline = time.monotonic() + 30
    while jobs.running and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not jobs.running
    app.extensions["toa_jobs"].shutdown()
    # a bad request is still a plain JSON error
    r = client.post("/api/v1/check?progress=1", data=b"not a document", base_url=BASE)
    assert r.status_code == 400 and r.get_json()["error"] == "bad_document"


def test_rescan_analyses_only_the_paragraphs_sent_through_the_same_stages(client):
    """A re-scan of a changed part: the paragraphs sent are analysed as analyze analyses a
    document (their citations, an Id. resolved by its neighbour, the options), nothing else."""
    paragraphs = [
        "The rule is settled. Pickering v. Board of Education, 391 U.S. 563, 568 (1968).",
        "The balance favours the speaker.\tId. at 570. See also 42 U.S.C. § 1983.",
        "Nothing is cited here.",
    ]
    r = client.post("/api/v1/rescan", json={"paragraphs": paragraphs}, base_url=BASE)
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert body["received"] == {"paragraphs": 3, "characters": sum(map(len, paragraphs)), "ooxml": 0}
    report = body["report"]
    found = {a["text"]: [o["kind"] for o in a["occurrences"]] for c in report["categories"] for a in c["authorities"]}
    assert found == {
        "Pickering v. Board of Education, 391 U.S. 563 (1968)": ["full", "id"],
        "42 U.S.C. § 1983": ["full"],
    }
    assert report["pagination"]["method"] == "estimate" and report["unlinked"] == []
    pickering = report["categories"][0]["authorities"][0]
    assert pickering["occurrences"][1]["locator"]["search"].startswith("Id. at 570")
    # the request's options as analyze takes them
    left_out = client.post(
        "/api/v1/rescan?" + urlencode({"exclude": "42 U.S.C. § 1983"}), json={"paragraphs": paragraphs}, base_url=BASE
    )
    assert "42 U.S.C. § 1983" not in entries(left_out.get_json()["report"])


def test_rescan_reads_the_package_sent_after_the_lines_as_analyze_reads_a_document(client):
    """The pane's re-scan: lines of full citations, then Word's package of the changed paragraphs.
    The package's italics mark where a case name starts, as in a whole document; the lines come
    first (an Id. in the package follows the last of them)."""
    lines = ["Pickering v. Board of Education, 391 U.S. 563 (1968)"]

    def rescan(tmp: Path, name) -> dict:
        b = DocBuilder()
        b.paragraph("Id. at 570.")
        b.paragraph("The reasoning of ", name, ", 500 U.S. 1 (1991), controls here.")
        b.save(tmp)
        r = client.post("/api/v1/rescan", json={"paragraphs": lines, "ooxml": wordstub.flat_opc(tmp)}, base_url=BASE)
        assert r.status_code == 200, r.get_json()
        return r.get_json()

    with tempfile.TemporaryDirectory() as tmp:
        italic = rescan(Path(tmp, "italic.docx"), ("Smith v. Jones", "i"))
        roman = rescan(Path(tmp, "roman.docx"), "Smith v. Jones")
    found = {
        a["text"]: [o["kind"] for o in a["occurrences"]]
        for c in italic["report"]["categories"]
        for a in c["authorities"]
    }
    assert found == {
        "Pickering v. Board of Education, 391 U.S. 563 (1968)": ["full", "id"],
        "Smith v. Jones, 500 U.S. 1 (1991)": ["full"],
    }
    assert italic["received"]["paragraphs"] == 1 and italic["received"]["ooxml"] > 0
    assert "of Smith v. Jones, 500 U.S. 1 (1991)" in entries(roman["report"])


@pytest.mark.parametrize(
    "body",
    [
        {"paragraphs": []},
        {"paragraphs": "text"},
        {"paragraphs": [1]},
        {"text": ["a"]},
        {"paragraphs": ["a"] * 201},
        {"paragraphs": ["a"], "ooxml": 3},
        {"paragraphs": ["a"], "ooxml": "<w:p/>"},
    ],
)
def test_a_bad_rescan_is_a_400_with_a_message(client, body):
    r = client.post("/api/v1/rescan", json=body, base_url=BASE)
    assert r.status_code == 400 and r.get_json()["message"]


@pytest.mark.parametrize(
    "text",
    [
        '{"paragraphs": [' + "[" * 100_000 + "]" * 100_000 + "]}",  # nested past Python's recursion
        '{"paragraphs": ["See Roe v. Wade, 410 U.S. 113 (1973). \\ud800"]}',  # a lone surrogate
        '{"paragraphs": ["See Roe v. Wade, 410 U.S. 113 (1973).\\udc00 and more"]}',
        '{"paragraphs": ["See Roe v. Wade, 410 U.S. 113 (1973). \\ufffe"]}',  # not a character
        '{"paragraphs": ["See Roe v. Wade, 410 U.S. 113 (1973). \ufffe"]}',  # the same, unescaped
        '{"paragraphs": ["a"], "ooxml": "<pkg:package>\\ud800</pkg:package>"}',
        '{"paragraphs": ["a"], "ooxml": "<pkg:package>\\uffff</pkg:package>"}',
        '{"paragraphs": ["a"' + ', "b"' * 10 + "",  # cut short
    ],
    ids=["nested", "surrogate", "low-surrogate", "fffe", "fffe-raw", "ooxml-surrogate", "ooxml-ffff", "cut-short"],
)
def test_a_rescan_of_json_that_no_document_can_hold_is_a_400_with_a_message(client, text):
    """Issue 28: deeply nested JSON (RecursionError), a lone surrogate (which no UTF-8 holds) and
    U+FFFE or U+FFFF (which no XML holds) were 500s."""
    r = client.post(
        "/api/v1/rescan", data=text.encode("utf-8", "surrogatepass"), base_url=BASE, content_type="application/json"
    )
    assert r.status_code == 400, r.get_json()
    assert r.get_json()["error"] in ("bad_json", "bad_text", "no_document") and r.get_json()["message"]
    assert "\n" not in r.get_json()["message"]


@pytest.mark.parametrize("data", [b'{"paragraphs": ["\xed\xa0\x80"]}', b'{"paragraphs": ["\xff"]}'])
def test_a_rescan_whose_body_is_not_utf8_is_a_400_with_a_message(client, data):
    r = client.post("/api/v1/rescan", data=data, base_url=BASE, content_type="application/json")
    assert r.status_code == 400 and r.get_json()["message"]
