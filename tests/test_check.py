"""`toa check`, `toa build --verify` and `toa cache clear`, end to end through toa.cli.main,
against the local fakes of CourtListener, LII and the official sources (tests/verify/fakes)
over loopback HTTP; among them the reproductions of issue 17."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import tempfile
import zipfile
from datetime import date, timedelta
from pathlib import Path

import docx
import pytest

from docxbuild import DocBuilder, Footnote, convert_to_pdf, pdf_pages_text
from fakes import data
from fakes.bulk import cases_of, with_neighbours, write_generation
from fakes.data import S6851_NOW, S6851_THEN, TOKEN
from test_write import comment_ranges, part_root, ta_sites, w
from toa.cli import main

HERE = Path(__file__).parent
SAMPLE = HERE.parent / "samples" / "planted-problems.docx"
BENCHMARK = HERE.parent / "samples" / "verification-benchmark.docx"
SAMPLE_BULK = HERE.parent / "samples" / "courtlistener-bulk"
BENCHMARK_KEY = json.loads((HERE.parent / "samples" / "verification-benchmark.key.json").read_text())

IMAGINARY = "Smith v. Imaginary, 999 U.S. 9999 (2099)"
WRONG_NAME = "Miller v. Hartwell, 556 U.S. 662, 678 (2009)"  # the citation is Ashcroft v. Iqbal's
WRONG_PAGE = "Celotex Corp. v. Catrett, 477 U.S. 320, 322 (1986)"  # Celotex begins at 317
BAD_PIN = "47 U.S.C. § 230(c)(4)"  # § 230(c) has paragraphs (1) and (2) only
CLEAN = [
    "Reed v. Town of Gilbert, 576 U.S. 155, 163 (2015)",
    "Anderson v. Liberty Lobby, Inc., 477 U.S. 242, 248 (1986)",
    "Zeran v. Am. Online, Inc., 129 F.3d 327, 330 (4th Cir. 1997)",
    "47 U.S.C. § 230(c)(1)",
    "42 U.S.C. § 1983",
    "Fed. R. Civ. P. 56(a)",
    "U.S. Const. amend. XIV, § 1",
]


@pytest.fixture
def env(fakes, monkeypatch, tmp_path):
    """Settings.from_env points at the fakes, with a token and a private cache directory. The
    account's quota is a large one (config.toml's requests_per_minute, and the fake's), so that a
    check never waits a real minute on the fake's clock, which the CLI's real clock never moves."""
    return use_fakes(fakes, monkeypatch, tmp_path)


def use_fakes(fakes, monkeypatch, tmp_path):
    fakes.reset()
    fakes.cl_state.user_limits = ((1000, 60),)
    (tmp_path / "config" / "toa").mkdir(parents=True)
    (tmp_path / "config" / "toa" / "config.toml").write_text("[courtlistener]\nrequests_per_minute = 1000\n")
    for var, url in fakes.urls().items():
        monkeypatch.setenv(var, url)
    monkeypatch.setenv("COURTLISTENER_API_TOKEN", TOKEN)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # no case index but a test's own
    monkeypatch.delenv("TOA_VERIFY_NO_CACHE", raising=False)
    return fakes


def make_brief(path: Path) -> Path:
    b = DocBuilder()
    b.heading("ARGUMENT")
    b.paragraph(
        "Summary judgment is proper. ",
        ("Celotex Corp. v. Catrett", "i"),
        ", 477 U.S. 320, 322 (1986); ",
        ("Anderson v. Liberty Lobby, Inc.", "i"),
        ", 477 U.S. 242, 248 (1986).",
    )
    b.paragraph(
        "Content-based rules get strict scrutiny. ",
        ("Reed v. Town of Gilbert", "i"),
        ", 576 U.S. 155, 163 (2015). Plaintiff relies on ",
        ("Smith v. Imaginary", "i"),
        ", 999 U.S. 9999 (2099), and on ",
        ("Miller v. Hartwell", "i"),
        ", 556 U.S. 662, 678 (2009).",
        Footnote(
            "See ",
            ("Zeran v. Am. Online, Inc.", "i"),
            ", 129 F.3d 327, 330 (4th Cir. 1997); ",
            ("Miller", "i"),
            ", 556 U.S. at 679.",
        ),
    )
    b.paragraph(
        "Immunity attaches under 47 U.S.C. § 230(c)(1), and also under 47 U.S.C. § 230(c)(4). "
        "See also 42 U.S.C. § 1983; Fed. R. Civ. P. 56(a); U.S. Const. amend. XIV, § 1."
    )
    return b.save(path)


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def authorities(report: dict) -> dict[str, dict]:
    return {a["text"]: a for c in report["categories"] for a in c["authorities"]}


def checked(capsys, brief: Path, tmp_path: Path, name: str, *flags) -> dict[str, dict]:
    """The authorities of `toa check` run on `brief` (estimated pages), by their text."""
    code, _out, err = run(
        capsys, "check", brief, "--json", tmp_path / f"{name}.json", "--pages", "estimate", "-o",
        tmp_path / f"{name}.docx", *flags,
    )  # fmt: skip
    assert code == 0, err
    return authorities(json.loads((tmp_path / f"{name}.json").read_text()))


def comments(path: Path) -> dict[str, tuple[str, str]]:
    """range text (or "mark" for a note's reference mark) -> (author, comment text)."""
    texts = {str(c.comment_id): c for c in docx.Document(str(path)).comments}
    ranges = comment_ranges(path)
    assert set(ranges) == set(texts)
    out = {}
    for cid, r in ranges.items():
        key = r["text"] or f"mark:{texts[cid].text[:40]}"
        out[key] = (texts[cid].author, texts[cid].initials, texts[cid].text)
    return out


# --------------------------------------------------------------------------- toa check


def test_check_comments_every_planted_problem(env, tmp_path, capsys):
    brief = make_brief(tmp_path / "brief.docx")
    before = sha(brief)
    code, out, err = run(capsys, "check", brief, "--json", tmp_path / "report.json", "--pages", "estimate")
    assert code == 0, err
    checked = tmp_path / "brief.checked.docx"
    assert f"Wrote {checked}" in out
    assert sha(brief) == before  # the input is untouched

    got = comments(checked)
    body = {k: v for k, v in got.items() if not k.startswith("mark:")}
    assert sorted(body) == sorted(["ARGUMENT", IMAGINARY, WRONG_NAME, WRONG_PAGE, BAD_PIN])
    assert all(author == initials == "toa" for author, initials, _ in got.values())
    assert body[IMAGINARY][2].startswith(
        "TOA check: needs attention - the year 2099 is in the future; CourtListener has no case at 999 U.S. 9999"
    )
    assert "is Ashcroft v. Iqbal, not Miller v. Hartwell" in body[WRONG_NAME][2]
    assert "/opinion/145875/" in body[WRONG_NAME][2]
    assert "Celotex Corp. v. Catrett begins at 477 U.S. 317" in body[WRONG_PAGE][2]
    assert body[BAD_PIN][2].startswith(
        "TOA check: needs attention - 47 U.S.C. § 230(c)(4): the cited subdivision does not exist"
    )
    assert f"{env.lii.url}/uscode/text/47/230" in body[BAD_PIN][2]
    # the summary, on the first paragraph of the body
    assert body["ARGUMENT"][2] == (
        "TOA check summary: 11 authorities: 7 verified, 4 need attention (commented where cited), 0 not verified."
    )
    # the short form of Miller in footnote 1: on the reference mark, saying where it is
    (mark,) = [v for k, v in got.items() if k.startswith("mark:")]
    assert mark[2].startswith(
        "In footnote 1 (Miller, 556 U.S. at 679): TOA check: needs attention - the case at "
        "556 U.S. 662 is Ashcroft v. Iqbal"
    )
    for clean in CLEAN:  # clean citations get no comment
        assert not any(clean in k for k in got), clean
    assert len(got) == 6

    # the terminal table: one line per flagged authority, totals, requests
    lines = out.splitlines()
    assert lines[0].split() == ["Verdict", "Flags", "Authority"]
    rows = [" ".join(line.split()) for line in lines[1:5]]
    assert "NEEDS_ATTENTION future_year, not_found Smith v. Imaginary, 999 U.S. 9999 (2099)" in rows
    assert "NEEDS_ATTENTION name_mismatch Miller v. Hartwell, 556 U.S. 662 (2009)" in rows
    assert f"NEEDS_ATTENTION subsection_not_found {BAD_PIN}" in rows
    assert "Checked 11 authorities: 7 verified, 4 need attention, 0 not verified" in out
    # a lookup, the court of Zeran, a search for Smith v. Imaginary, the opinions the pinpoints need,
    # and the three sources of the provisions
    assert "Requests: 11 of a budget of 200" in out

    report = json.loads((tmp_path / "report.json").read_text())
    assert report["output"] == str(checked)
    entries = authorities(report)
    assert all("verification" in a for a in entries.values())
    assert entries["Smith v. Imaginary, 999 U.S. 9999 (2099)"]["verification"]["verdict"] == "NEEDS_ATTENTION"
    assert entries["Miller v. Hartwell, 556 U.S. 662 (2009)"]["verification"]["flags"] == ["name_mismatch"]
    reed = entries["Reed v. Town of Gilbert, 576 U.S. 155 (2015)"]["verification"]
    assert reed["comment"] is None and reed["verdict"] == "VERIFIED"
    assert [(c["verdict"], c["pin"]) for c in reed["citations"]] == [("VERIFIED", "163")]
    assert entries[BAD_PIN]["verification"]["units"][0]["pinpoint"] == "not_found"
    summary = report["verification"]
    assert summary["summary"] == {"VERIFIED": 7, "NEEDS_ATTENTION": 4, "NOT_VERIFIED": 0, "flagged": 4}
    assert (summary["commented"], summary["comments"], summary["requests_made"]) == (4, 6, 11)
    assert summary["not_verified"] == [] and summary["summary_text"] == body["ARGUMENT"][2]
    assert summary["offline"] is False and summary["budget_exhausted"] is False


def test_checked_brief_opens_in_libreoffice(env, tmp_path, capsys):
    if not (shutil.which("soffice") or shutil.which("libreoffice")):
        pytest.skip("LibreOffice (soffice) is not installed")
    brief = make_brief(tmp_path / "brief.docx")
    code, _, err = run(capsys, "check", brief, "--pages", "estimate")
    assert code == 0, err
    pdf = convert_to_pdf(tmp_path / "brief.checked.docx", tmp_path / "pdf")
    text = " ".join(" ".join(pdf_pages_text(pdf)).split())
    assert "Smith v. Imaginary, 999 U.S. 9999 (2099)" in text and "47 U.S.C. § 230(c)(4)" in text


def test_services_down_every_authority_not_verified_and_output_written(env, tmp_path, capsys, monkeypatch):
    dead = _dead_url()
    for var in (
        "TOA_COURTLISTENER_URL",
        "TOA_LII_URL",
        "TOA_USCODE_URL",
        "TOA_GOVINFO_URL",
        "TOA_ECFR_URL",
        "TOA_FEDREG_URL",
    ):
        monkeypatch.setenv(var, dead)
    brief = make_brief(tmp_path / "brief.docx")
    before = sha(brief)
    code, out, err = run(capsys, "check", brief, "--json", tmp_path / "r.json", "--pages", "estimate")
    assert code == 0, err
    assert (tmp_path / "brief.checked.docx").exists() and sha(brief) == before
    entries = authorities(json.loads((tmp_path / "r.json").read_text()))
    for text in ("Reed v. Town of Gilbert, 576 U.S. 155 (2015)", "42 U.S.C. § 1983", BAD_PIN):
        record = entries[text]["verification"]
        assert record["verdict"] == "NOT_VERIFIED" and record["reason"], text
    assert (
        entries["Reed v. Town of Gilbert, 576 U.S. 155 (2015)"]["verification"]["reason"]
        == "CourtListener unreachable: connection failed"
    )
    got = comments(tmp_path / "brief.checked.docx")
    # CourtListener down is said once, in the summary, not on every case; a case keeps its offline findings
    assert not any(k.startswith("Reed v. Town of Gilbert") for k in got)
    assert next(v for k, v in got.items() if k.startswith("Smith v. Imaginary"))[2].startswith(
        "TOA check: needs attention - the year 2099 is in the future"
    )
    summary = got["ARGUMENT"][2]
    assert "Not verified: CourtListener unreachable: connection failed (Anderson v. Liberty Lobby" in summary
    assert (
        "| LII: connection failed; OLRC: connection failed; GovInfo: connection failed (42 U.S.C. § 1983; " in summary
    )
    assert re.search(r"^Not verified: CourtListener unreachable: connection failed: Anderson", out, re.M)
    report = json.loads((tmp_path / "r.json").read_text())
    groups = {g["reason"]: g["authorities"] for g in report["verification"]["not_verified"]}
    assert "Reed v. Town of Gilbert, 576 U.S. 155 (2015)" in groups["CourtListener unreachable: connection failed"]
    assert "42 U.S.C. § 1983" in groups["LII: connection failed; OLRC: connection failed; GovInfo: connection failed"]
    assert env.recorder.requests == []
    # the Constitution is checked offline; Smith v. Imaginary's year is in the future
    assert report["verification"]["summary"]["flagged"] == 1 and re.search(
        r"^Checked 11 authorities: 1 verified, "
        r"1 need attention, 9 not verified$",
        out,
        re.M,
    )


def test_offline_sends_nothing_and_keeps_the_offline_checks(env, tmp_path, capsys):
    brief = make_brief(tmp_path / "brief.docx")
    code, out, err = run(capsys, "check", brief, "--offline", "--json", tmp_path / "r.json", "--pages", "estimate")
    assert code == 0, err
    assert env.recorder.requests == []
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["verification"]["offline"] is True and report["verification"]["requests_made"] == 0
    imaginary = authorities(report)["Smith v. Imaginary, 999 U.S. 9999 (2099)"]["verification"]
    assert "future_year" in imaginary["flags"]
    got = comments(tmp_path / "brief.checked.docx")
    assert got[IMAGINARY][2].startswith("TOA check: needs attention - the year 2099 is in the future")
    assert "(offline: cache and offline checks only)" in out
    assert "Not verified: offline mode (cache only) (" in got["ARGUMENT"][2]
    # one reason, said once for cases and provisions alike, in words (no internal names of sources)
    assert out.count("Not verified: offline mode (cache only)") == 1 and "fetch_" not in out + json.dumps(report)
    lines = out.splitlines()
    (offline,) = [line for line in lines if line.startswith("Not verified: offline mode")]
    assert "U.S.C." in offline and "v." in offline
    # how to fix it, on the line after the reason (the terminal, the comment and the JSON say it alike)
    (group,) = [g for g in report["verification"]["not_verified"] if g["reason"] == "offline mode (cache only)"]
    assert group["fix"].startswith("check without --offline")
    assert lines[lines.index(offline) + 1] == f"To fix: {group['fix']}"
    assert f"to fix: {group['fix']}" in got["ARGUMENT"][2]


def test_keep_cache_is_used_then_cleared(env, tmp_path, capsys):
    brief = make_brief(tmp_path / "brief.docx")
    assert run(capsys, "check", brief, "--keep-cache", "--pages", "estimate")[0] == 0
    sent = len(env.recorder.requests)
    assert sent > 0
    code, out, _ = run(capsys, "check", brief, "--keep-cache", "-o", tmp_path / "again.docx", "--pages", "estimate")
    assert code == 0 and len(env.recorder.requests) == sent  # every answer came from the cache
    assert "Requests: 0 of a budget of 200" in out
    assert sorted(comments(tmp_path / "again.docx")) == sorted(comments(tmp_path / "brief.checked.docx"))

    code, out, _ = run(capsys, "cache", "clear")
    cache_file = tmp_path / "cache" / "toa" / "verify.sqlite3"
    assert code == 0 and out.startswith("Removed ") and str(cache_file) in out
    assert int(out.split()[1]) >= 5
    assert run(capsys, "cache", "clear")[1].startswith("Removed 0 cached answers")


@pytest.mark.parametrize("flag", [[], ["--no-cache"]])
def test_by_default_the_cache_is_the_runs_own_and_gone(env, tmp_path, capsys, flag):
    brief = make_brief(tmp_path / "brief.docx")
    assert run(capsys, "check", brief, *flag, "--pages", "estimate")[0] == 0
    sent = len(env.recorder.requests)
    assert not (tmp_path / "cache").exists()  # nothing written anywhere
    assert run(capsys, "check", brief, *flag, "-o", tmp_path / "again.docx", "--pages", "estimate")[0] == 0
    assert len(env.recorder.requests) == 2 * sent  # and nothing kept: asked again
    assert run(capsys, "cache", "clear")[1].startswith("Removed 0 cached answers")


def test_as_of_must_be_a_date(env, tmp_path, capsys):
    brief = make_brief(tmp_path / "brief.docx")
    code, out, err = run(capsys, "check", brief, "--as-of", "yesterday")
    assert code == 2 and err == "toa: error: --as-of yesterday: not a date (YYYY-MM-DD)\n" and out == ""
    for other_form in ("19970101", "1997-W01-1", "1997-01-01T00:00"):  # ISO, but not the documented form
        assert run(capsys, "check", brief, "--as-of", other_form)[:2] == (2, "")
    # a day to come: its law is not known, and every provision would pass as in force on it
    tomorrow = (date.today() + timedelta(days=1)).isoformat()
    for future in ("9999-12-31", tomorrow):
        code, out, err = run(capsys, "check", brief, "--as-of", future)
        assert code == 2 and out == "" and err.startswith(f"toa: error: --as-of {future}: after today (")
    assert not list(tmp_path.glob("*.toa.docx"))
    code, out, err = run(
        capsys, "check", brief, "--as-of", "1997-01-01", "--json", tmp_path / "r.json", "--pages", "estimate"
    )
    assert code == 0, err
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["verification"]["as_of"] == "1997-01-01"
    # 47 U.S.C. § 230 was amended in 1998: its text of 1997 is the one of the Code's 1996 edition
    s230 = authorities(report)["47 U.S.C. § 230(c)(1)"]["verification"]
    (unit,) = s230["units"]
    assert s230["verdict"] == "VERIFIED" and unit["version"] == "confirmed-for-date"
    assert "U.S. Code, 1996 main edition (OLRC)" in unit["coverage"]


def test_as_of_reads_a_statute_from_the_code_edition_of_that_date(env, tmp_path, capsys):
    """47 U.S.C. § 227(b)(1)(A) was amended on Jan. 3, 2020 (in the fakes): quoted as it read in
    2018, the quotation matches the 2017 edition of the U.S. Code (version confirmed for the
    date); against today's text it needs attention; with both editions out of reach, the version
    of that date is not verified, and says why."""
    b = DocBuilder()
    b.heading("ARGUMENT")
    b.paragraph(
        "No one may call “using any automatic telephone dialing system without the prior express consent of "
        "the called party.” 47 U.S.C. § 227(b)(1)(A)."
    )
    brief = b.save(tmp_path / "brief.docx")

    def check(name, *flags):
        return checked(capsys, brief, tmp_path, name, *flags)["47 U.S.C. § 227(b)(1)(A)"]

    then = check("then", "--as-of", "2018-06-01")["verification"]
    (unit,) = then["units"]
    assert then["verdict"] == "VERIFIED" and (unit["version"], unit["quotation"]) == ("confirmed-for-date", "matched")
    assert unit["source_url"].endswith("/view.xhtml?req=(title:47%20section:227%20edition:2017)")
    now = check("now")["verification"]
    assert now["verdict"] == "NEEDS_ATTENTION" and now["flags"] == ["quotation_mismatch"]
    env.official_state.olrc_maintenance = True
    env.official_state.govinfo_faults["/link/uscode"] = "No Results Found"
    down = check("down", "--as-of", "2018-06-01")["verification"]
    assert down["verdict"] == "NOT_VERIFIED"
    assert "version for 2018-06-01 not verified (amended after 2018-06-01" in down["reason"]
    assert "the 2017 edition (GovInfo) does not have the section" in down["reason"]
    assert "quotation not verified (no text of the subdivision for 2018-06-01)" in down["reason"]


@pytest.mark.parametrize(
    ("section", "quoted", "verdict", "why"),
    [
        # effective June 17, 2020: the text of the date is the one before, printed by the 2018 edition
        ("6851", S6851_NOW, "NEEDS_ATTENTION", "a quotation does not appear in its text"),
        ("6851", S6851_THEN, "VERIFIED", "edition:2018)"),
        # effective Jan. 1, 2020: the amended text is that of the date
        ("6852", S6851_NOW, "VERIFIED", "edition=prelim"),
        ("6852", S6851_THEN, "NEEDS_ATTENTION", "a quotation does not appear in its text"),
        # effective when the Secretary certifies a registry: no date can be told
        ("6853", S6851_NOW, "NOT_VERIFIED", "version for 2020-03-01 not verified (Pub. L. 116-94 amendment: "
         "effective date depends on \u201cshall take effect on the date on which the Secretary certifies that the "
         "registry of lenders is operational\u201d)"),
    ],
)  # fmt: skip
def test_as_of_an_amendment_counts_from_its_effective_date(env, tmp_path, capsys, section, quoted, verdict, why):
    """15 U.S.C. §§ 6851-6853 (in the fakes) were amended by Pub. L. 116-94, enacted Dec. 20, 2019,
    each with another effective-date note in the official Code. As of Mar. 1, 2020 the amendment is in
    force only when its note puts its effective date on or before that day; where the note ties it to
    an event, the version is not verified and the reason quotes the note."""
    b = DocBuilder()
    b.heading("ARGUMENT")
    b.paragraph(f"A lender must give \u201c{quoted}.\u201d 15 U.S.C. \u00a7 {section}(a).")
    brief = b.save(tmp_path / "brief.docx")
    code, _out, err = run(
        capsys, "check", brief, "--json", tmp_path / "r.json", "--pages", "estimate", "-o", tmp_path / "out.docx",
        "--as-of", "2020-03-01",
    )  # fmt: skip
    assert code == 0, err
    found = authorities(json.loads((tmp_path / "r.json").read_text()))[f"15 U.S.C. \u00a7 {section}(a)"]
    (unit,) = found["verification"]["units"]
    assert found["verification"]["verdict"] == verdict
    assert why in (found["verification"]["reason"] or "") + unit["source_url"]


def test_as_of_a_note_with_an_exception_dates_the_amendment_by_its_clauses(env, tmp_path, capsys):
    """15 U.S.C. § 6854 (in the fakes) was amended by Pub. L. 116-94, enacted Dec. 20, 2019, whose note
    puts it in force on enactment "except that the amendment made by subsection (b) shall take effect
    180 days after such date": in force by June 17, 2020 whatever the exception covers, so the text of
    a date years later is verified; on a day between the two it is not verified, and says why."""
    b = DocBuilder()
    b.heading("ARGUMENT")
    b.paragraph(f"A lender must give \u201c{S6851_NOW}.\u201d 15 U.S.C. \u00a7 6854(a).")
    brief = b.save(tmp_path / "brief.docx")

    def check(name, as_of):
        return checked(capsys, brief, tmp_path, name, "--as-of", as_of)["15 U.S.C. \u00a7 6854(a)"]["verification"]

    years_later = check("later", "2023-06-01")
    assert years_later["verdict"] == "VERIFIED" and years_later["units"][0]["version"] == "confirmed-for-date"
    between = check("between", "2020-03-01")
    assert between["verdict"] == "NOT_VERIFIED"
    assert (
        "version for 2020-03-01 not verified (Pub. L. 116-94 amendment: takes effect between 2019-12-20 and "
        "2020-06-17, depending on \u201c"
    ) in between["reason"]


def test_as_of_with_enactment_dates_only_a_recent_amendment_is_not_verified(env, tmp_path, capsys):
    """OLRC down: LII gives the section and the enactment dates of its amendments, not when they took
    effect. An amendment enacted within the year before the date may not be in force on it: the
    version is not verified (never green on the amended text); a year later it is."""
    b = DocBuilder()
    b.heading("ARGUMENT")
    b.paragraph(f"A lender must give \u201c{S6851_NOW}.\u201d 15 U.S.C. \u00a7 6851(a).")
    brief = b.save(tmp_path / "brief.docx")
    env.official_state.olrc_maintenance = True

    def check(name, as_of):
        return checked(capsys, brief, tmp_path, name, "--as-of", as_of)["15 U.S.C. \u00a7 6851(a)"]

    soon = check("soon", "2020-03-01")["verification"]
    assert soon["verdict"] == "NOT_VERIFIED" and soon["units"][0]["version"] == "unresolved"
    assert (
        "version for 2020-03-01 not verified (amended on 2019-12-20, within the year before 2020-03-01, and LII "
        "gives only enactment dates: effective date not read)"
    ) in soon["reason"]
    later = check("later", "2021-03-01")["verification"]
    assert later["verdict"] == "VERIFIED" and later["units"][0]["version"] == "confirmed-for-date"


# 15 U.S.C. § 1681s-2(a)(1) was amended on Mar. 15 and Sept. 1, 2021 (in the fakes): its text of June
# 2021 is in neither annual edition, only in OLRC's release points (117-12not9, of May 10, 2021).
FCRA = "15 U.S.C. § 1681s-2(a)(1)"
FCRA_MARCH = "knows or has reasonable cause to believe that the information is inaccurate."
FCRA_SEPTEMBER = "knows or has reasonable cause to believe that the information is inaccurate or incomplete."


def fcra_check(tmp_path, capsys, name, pinpoint="(a)(1)", quoted=FCRA_MARCH, *flags):
    b = DocBuilder()
    b.heading("ARGUMENT")
    b.paragraph(f"No one may furnish information if the person “{quoted}” 15 U.S.C. § 1681s-2{pinpoint}.")
    brief = b.save(tmp_path / f"{name}-brief.docx")
    code, out, err = run(
        capsys, "check", brief, "--json", tmp_path / f"{name}.json", "--pages", "estimate", "-o",
        tmp_path / f"{name}.docx", *flags,
    )  # fmt: skip
    assert code == 0, err
    report = json.loads((tmp_path / f"{name}.json").read_text())
    return authorities(report)[f"15 U.S.C. § 1681s-2{pinpoint}"]["verification"]


def test_as_of_between_two_editions_reads_the_release_point_of_that_date(env, tmp_path, capsys, monkeypatch):
    """As of June 1, 2021 the 2020 edition predates the amendment of March, the 2021 edition holds
    September's: the release point of May 10, 2021 holds that date's text, and the pinpoint,
    version and quotation are checked against it (once: one download of the title, into a folder
    of the run's own that is gone when it ends)."""
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    then = fcra_check(tmp_path, capsys, "then", "(a)(1)", FCRA_MARCH, "--as-of", "2021-06-01")
    (unit,) = then["units"]
    assert then["verdict"] == "VERIFIED", then["reason"]
    assert (unit["version"], unit["pinpoint"], unit["quotation"]) == ("confirmed-for-date", "confirmed", "matched")
    assert unit["source_url"].endswith("/download/releasepoints/us/pl/117/12not9/xml_usc15@117-12not9.zip")
    assert "U.S. Code at release point 117-12not9 of 2021-05-10 (OLRC)" in unit["coverage"]
    zips = [r.target for r in env.recorder.requests if r.target.endswith(".zip")]
    assert zips == ["/download/releasepoints/us/pl/117/12not9/xml_usc15@117-12not9.zip"]
    assert not list((tmp_path / "tmp").iterdir())
    # September's words were not the law in June ...
    later = fcra_check(tmp_path, capsys, "later", "(a)(1)", FCRA_SEPTEMBER, "--as-of", "2021-06-01")
    assert later["verdict"] == "NEEDS_ATTENTION" and later["flags"] == ["quotation_mismatch"]
    # ... nor was paragraph (3), added in September, nor its words
    added = fcra_check(tmp_path, capsys, "added", "(a)(3)", "the person may not furnish", "--as-of", "2021-06-01")
    assert added["verdict"] == "NEEDS_ATTENTION" and added["flags"] == ["subsection_not_found", "quotation_mismatch"]
    assert "§ 1681s-2(a) has (1) and (2); the brief cites (a)(3)" in added["reason"]
    # and today both are
    assert fcra_check(tmp_path, capsys, "now", "(a)(3)", "the person may not furnish")["verdict"] == "VERIFIED"


@pytest.mark.parametrize(
    ("fault", "reason"),
    [
        ("list-down", "OLRC's release points: the list of release points: HTTP 503"),
        ("truncated", "OLRC's release points: the zip is damaged or truncated"),
        ("missing", "OLRC's release points: OLRC answered with an error page, not the title's zip"),
        (
            "bomb-around",  # a zip bomb: 10M empty elements
            "OLRC's release points: the title's XML holds over 250,000 elements in one section or between two",
        ),
    ],
)
def test_a_release_point_out_of_reach_leaves_the_version_not_verified(env, tmp_path, capsys, fault, reason):
    """The list of release points down, a zip cut off, a path OLRC answers with its XML error
    page: the version of that date is not verified, and the reason says why (never a guess from
    another date's text)."""
    env.official_state.release_fault = fault
    down = fcra_check(tmp_path, capsys, fault, "(a)(1)", FCRA_MARCH, "--as-of", "2021-06-01")
    assert down["verdict"] == "NOT_VERIFIED" and down["flags"] == []
    assert "version for 2021-06-01 not verified (amended after 2021-06-01" in down["reason"]
    assert "the 2021 edition (OLRC) holds the amendment of 2021-09-01" in down["reason"]
    assert reason in down["reason"]
    assert "quotation not verified (no text of the subdivision for 2021-06-01)" in down["reason"]


def test_a_release_point_offline_is_not_verified_unless_kept(env, tmp_path, capsys):
    """Offline, a release point is not asked for: the version is not verified, unless a kept
    cache holds that date's answer."""
    kept = ["--keep-cache", "--as-of", "2021-06-01"]
    # kept: the current text and the editions, not the release point (the list was down: errors are not kept)
    env.official_state.release_fault = "list-down"
    assert fcra_check(tmp_path, capsys, "down", "(a)(1)", FCRA_MARCH, *kept)["verdict"] == "NOT_VERIFIED"
    env.reset()
    offline = fcra_check(tmp_path, capsys, "offline", "(a)(1)", FCRA_MARCH, "--offline", *kept)
    assert offline["verdict"] == "NOT_VERIFIED" and not env.recorder.requests
    assert "version for 2021-06-01 not verified" in offline["reason"]
    assert "OLRC's release points: offline mode (cache only)" in offline["reason"]
    assert fcra_check(tmp_path, capsys, "online", "(a)(1)", FCRA_MARCH, *kept)["verdict"] == "VERIFIED"
    sent = len(env.recorder.requests)
    assert fcra_check(tmp_path, capsys, "again", "(a)(1)", FCRA_MARCH, "--offline", *kept)["verdict"] == "VERIFIED"
    assert len(env.recorder.requests) == sent


def test_bad_input_one_line_exit_2_nothing_written(env, tmp_path, capsys):
    bad = tmp_path / "notes.docx"
    bad.write_bytes(b"this is not a zip file")
    code, out, err = run(capsys, "check", bad)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("toa: error: ") and "not a .docx" in err
    assert bad.read_bytes() == b"this is not a zip file"
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_file()) == ["notes.docx"]


def test_check_refuses_to_write_over_the_input(env, tmp_path, capsys):
    brief = make_brief(tmp_path / "brief.docx")
    before = sha(brief)
    code, _, err = run(capsys, "check", brief, "-o", brief)
    assert code == 2 and "refusing to overwrite the input" in err and sha(brief) == before


# --------------------------------------------------------------------------- toa build --verify


def test_build_verify_writes_table_fields_and_comments(env, tmp_path, capsys):
    brief = make_brief(tmp_path / "brief.docx")
    before = sha(brief)
    code, out, err = run(capsys, "build", brief, "--verify", "--json", tmp_path / "r.json", "--pages", "estimate")
    assert code == 0, err
    output = tmp_path / "brief.toa.docx"
    assert sha(brief) == before and "Authorities" in out and "4 need attention" in out
    root = part_root(output)
    instr = " ".join(t.text or "" for t in root.iter(w("instrText")))
    assert "TOA \\c" in instr and len(ta_sites(root)) == 10  # two more sit in the footnote
    got = comments(output)
    assert sorted(k for k in got if not k.startswith("mark:")) == sorted(
        ["ARGUMENT", IMAGINARY, WRONG_NAME, WRONG_PAGE, BAD_PIN]
    )
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["verification"]["comments"] == 6
    assert (
        authorities(report)["Smith v. Imaginary, 999 U.S. 9999 (2099)"]["verification"]["verdict"] == "NEEDS_ATTENTION"
    )


def test_build_without_verify_sends_nothing(env, tmp_path, capsys):
    brief = make_brief(tmp_path / "brief.docx")
    assert run(capsys, "build", brief, "--json", tmp_path / "r.json", "--pages", "estimate")[0] == 0
    assert env.recorder.requests == []
    report = json.loads((tmp_path / "r.json").read_text())
    assert "verification" not in report
    with zipfile.ZipFile(tmp_path / "brief.toa.docx") as z:
        assert "word/comments.xml" not in z.namelist()


# --------------------------------------------------------------------------- the sample


def test_sample_planted_problems_flags_exactly_the_four(env, tmp_path, capsys):
    brief = tmp_path / SAMPLE.name
    shutil.copy(SAMPLE, brief)
    code, out, err = run(capsys, "check", brief, "--json", tmp_path / "r.json", "--pages", "estimate")
    assert code == 0, err
    assert "Checked 13 authorities: 9 verified, 4 need attention, 0 not verified" in out
    assert "Comments: 7" in out
    report = json.loads((tmp_path / "r.json").read_text())
    flagged = sorted(a["text"] for a in authorities(report).values() if a["verification"]["comment"])
    assert flagged == [
        "47 U.S.C. § 230(c)(4)",
        "Celotex Corp. v. Catrett, 477 U.S. 320 (1986)",
        "Miller v. Hartwell, 556 U.S. 662 (2009)",
        "Smith v. Imaginary, 999 U.S. 9999 (2099)",
    ]
    # the brief's three quotations of provisions were read and found in their text
    quoted = [
        u
        for a in authorities(report).values()
        for u in a["verification"].get("units", [])
        if u["quotation"] != "not-requested"
    ]
    assert [(u["provision"], u["quotation"]) for u in quoted] == [
        ("47 U.S.C. § 230(c)(1)", "matched"),
        ("47 U.S.C. § 230(c)(2)(A)", "matched"),
        ("Fed. R. Civ. P. 56(a)", "matched"),
    ]
    got = comments(tmp_path / "planted-problems.checked.docx")
    assert sorted(k for k in got if not k.startswith("mark:")) == [
        "47 U.S.C. § 230(c)(4)",
        "Celotex Corp. v. Catrett, 477 U.S. 320, 322–23 (1986)",
        "Celotex, 477 U.S. at 323",
        "Miller v. Hartwell, 556 U.S. 662, 678 (2009)",
        "Smith v. Imaginary, 999 U.S. 9999 (2099)",
        "UNITED STATES DISTRICT COURT",
    ]
    marks = [v[2] for k, v in got.items() if k.startswith("mark:")]
    assert len(marks) == 1 and marks[0].startswith("In footnote 1 (Miller, 556 U.S. at 679): ")


def _dead_url() -> str:
    import socket

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    return f"http://127.0.0.1:{port}"


def test_subsequent_history_is_checked_too(env, tmp_path, capsys):
    b = DocBuilder()
    b.heading("ARGUMENT")
    b.paragraph(
        "See ",
        ("Zeran v. Am. Online, Inc.", "i"),
        ", 129 F.3d 327 (4th Cir. 1997), cert. denied, 524 U.S. 9999 (1998); ",
        ("Reed v. Town of Gilbert", "i"),
        ", 576 U.S. 155 (2015).",
    )
    brief = b.save(tmp_path / "brief.docx")
    code, out, err = run(capsys, "check", brief, "--json", tmp_path / "r.json", "--pages", "estimate")
    assert code == 0, err
    sent = [r.body.decode() for r in env.recorder.requests if "citation-lookup" in r.target]
    assert len(sent) == 1 and "524+U.S.+9999" in sent[0]
    zeran = next(
        a for t, a in authorities(json.loads((tmp_path / "r.json").read_text())).items() if t.startswith("Zeran")
    )["verification"]
    assert zeran["verdict"] == "NEEDS_ATTENTION" and zeran["flags"] == ["history_not_found"]
    got = next(v for k, v in comments(tmp_path / "brief.checked.docx").items() if k.startswith("Zeran"))
    assert "CourtListener has no case at the subsequent-history cite 524 U.S. 9999" in got[2]


def test_an_agency_decision_is_not_sent_nor_called_invented(env, tmp_path, capsys):
    b = DocBuilder()
    b.heading("ARGUMENT")
    b.paragraph(
        "The test is burden shifting. ",
        ("Wright Line", "i"),
        ", 251 N.L.R.B. 1083, 1089 (1980); ",
        ("Reed v. Town of Gilbert", "i"),
        ", 576 U.S. 155 (2015).",
    )
    brief = b.save(tmp_path / "brief.docx")
    code, out, err = run(capsys, "check", brief, "--json", tmp_path / "r.json", "--pages", "estimate")
    assert code == 0, err
    assert not any(b"N.L.R.B" in r.body for r in env.recorder.requests)
    got = comments(tmp_path / "brief.checked.docx")
    assert not any("Wright Line" in k for k in got)  # no comment of its own, and in the summary
    assert "Not verified: CourtListener does not hold N.L.R.B." in got["ARGUMENT"][2]
    assert (
        "Not verified: CourtListener does not hold N.L.R.B. (Decisions and Orders of the National Labor Relations "
        "Board): verify by hand: Wright Line, 251 N.L.R.B. 1083 (1980)" in out
    )


# --------------------------------------------------------------------------- issue 17's reproductions


def test_the_four_reproductions_each_need_attention_with_their_reason(env, tmp_path, capsys):
    """A misquoted 47 U.S.C. § 230(c)(1), a misquoted Rule 56(a), "42 U.S.C. § 1983(a)(2)" (no such
    subsection) and "Reed v. City of Phoenix, 576 U.S. 155, 999 (2015)" once got no comment and "No
    authority was flagged"."""
    b = DocBuilder()
    b.heading("ARGUMENT")
    b.paragraph(
        "Congress provided that “no provider of any service shall ever be liable for what its users "
        "say.” 47 U.S.C. § 230(c)(1)."
    )
    b.paragraph(
        "Summary judgment is proper whenever “the record shows no dispute at all and the law favors the "
        "movant.” Fed. R. Civ. P. 56(a)."
    )
    b.paragraph("A plaintiff may sue under 42 U.S.C. § 1983(a)(2) for the deprivation of federal rights.")
    b.paragraph(
        "Speech rules are content based when they target a message. ",
        ("Reed v. City of Phoenix", "i"),
        ", 576 U.S. 155, 999 (2015).",
    )
    brief = b.save(tmp_path / "brief.docx")
    code, out, err = run(capsys, "check", brief, "--json", tmp_path / "r.json", "--pages", "estimate")
    assert code == 0, err
    entries = {t: a["verification"] for t, a in authorities(json.loads((tmp_path / "r.json").read_text())).items()}
    assert {t: (v["verdict"], v["flags"]) for t, v in entries.items()} == {
        "47 U.S.C. § 230(c)(1)": ("NEEDS_ATTENTION", ["quotation_mismatch"]),
        "Fed. R. Civ. P. 56(a)": ("NEEDS_ATTENTION", ["quotation_mismatch"]),
        "42 U.S.C. § 1983(a)(2)": ("NEEDS_ATTENTION", ["subsection_not_found"]),
        "Reed v. City of Phoenix, 576 U.S. 155 (2015)": ("NEEDS_ATTENTION", ["name_mismatch", "pinpoint_past_end"]),
    }
    reasons = {t: v["reason"] for t, v in entries.items()}
    assert reasons["47 U.S.C. § 230(c)(1)"].startswith("47 U.S.C. § 230(c)(1): a quotation does not appear in its text")
    assert reasons["42 U.S.C. § 1983(a)(2)"] == (
        "42 U.S.C. § 1983(a)(2): the cited subdivision does not exist (§ 1983 has no subdivision (a)(2))"
    )
    assert reasons["Reed v. City of Phoenix, 576 U.S. 155 (2015)"] == (
        "the case at 576 U.S. 155 is Reed v. Town of Gilbert, not Reed v. City of Phoenix; Reed v. City of Phoenix, "
        "576 U.S. 155, 999 (2015): page 999 is past the end of the opinion (155-184)"
    )
    got = comments(tmp_path / "brief.checked.docx")
    assert len(got) == 5 and got["ARGUMENT"][2].startswith(
        "TOA check summary: 4 authorities: 0 verified, 4 need attention"
    )
    assert all(v[2].startswith("TOA check: needs attention - ") for k, v in got.items() if k != "ARGUMENT")
    assert "No authority needs attention" not in out and "Checked 4 authorities: 0 verified, 4 need attention" in out
    # the quoted words were compared here; what went out were citation components
    assert not any(b"liable for what" in r.body or "liable" in r.target for r in env.recorder.requests)


def test_quotations_of_cases_are_read_here_and_matched_in_the_opinion(env, tmp_path, capsys):
    """The words before a citation are its quotation; one in the explanatory parenthetical of the
    citation before belongs to that one. Matched in the opinion's text, on the page cited."""
    b = DocBuilder()
    b.heading("ARGUMENT")
    b.paragraph(
        "The Court put it plainly: “[g]overnment regulation of speech is content based if a law applies to "
        "particular speech because of the topic discussed . . . .” ",
        ("Reed v. Town of Gilbert", "i"),
        ", 576 U.S. 155, 163 (2015) (stating that “a law is content based if it singles out speech by topic”); see ",
        ("Zeran v. Am. Online, Inc.", "i"),
        ", 129 F.3d 327, 330 (4th Cir. 1997).",
    )
    b.paragraph(
        "Disputes matter when the facts “might affect the outcome of the suit under the governing law.” ",
        ("Anderson v. Liberty Lobby, Inc.", "i"),
        ", 477 U.S. 242, 250 (1986). And a party must make “a "
        "showing sufficient to establish every fact it ever alleged.” ",
        ("Celotex Corp. v. Catrett", "i"),
        ", 477 U.S. 317, 322 (1986).",
    )
    brief = b.save(tmp_path / "brief.docx")
    code, out, err = run(capsys, "check", brief, "--json", tmp_path / "r.json", "--pages", "estimate")
    assert code == 0, err
    entries = {
        t.split(",")[0]: a["verification"]
        for t, a in authorities(json.loads((tmp_path / "r.json").read_text())).items()
    }
    quoted = {
        name: [
            (c["status"], c["detail"]) for cit in v["citations"] for c in cit["checks"] if c["dimension"] == "quotation"
        ]
        for name, v in entries.items()
    }
    assert quoted["Reed v. Town of Gilbert"] == [("match", "the quotation is on page 163")]
    assert quoted["Zeran v. Am. Online"] == []  # the parenthetical's words are Reed's
    assert quoted["Anderson v. Liberty Lobby"] == [
        (
            "mismatch",
            "Anderson v. Liberty Lobby, Inc., 477 U.S. 242, 250 "
            "(1986): the quotation “might affect the outcome of the suit under "
            "the governing ...” is on page 248, not at 250",
        )
    ]
    ((status, detail),) = quoted["Celotex Corp. v. Catrett"]
    assert (
        status == "mismatch"
        and "the closest passage reads “" in detail
        and "a showing sufficient to establish" in detail
    )
    assert {n: v["verdict"] for n, v in entries.items()} == {
        "Reed v. Town of Gilbert": "VERIFIED",
        "Zeran v. Am. Online": "VERIFIED",
        "Anderson v. Liberty Lobby": "NEEDS_ATTENTION",
        "Celotex Corp. v. Catrett": "NEEDS_ATTENTION",
    }
    assert not any(b"content based" in r.body or "content" in r.target for r in env.recorder.requests)


@pytest.mark.parametrize(
    ("parenthetical", "status"),
    [
        (" (internal quotation marks and citations omitted)", "match"),
        (" (cleaned up)", "match"),
        (" (citations omitted)", "mismatch"),  # the quotation marks left out are not said
        ("", "mismatch"),  # the citations left out are not said
    ],
)
def test_a_quotation_that_says_it_left_out_citations_and_quotation_marks(env, tmp_path, capsys, parenthetical, status):
    """The opinion's passage cites two cases and quotes a phrase; the brief's quotation runs on
    without them, which legal quotation allows when the parenthetical after the citation says so."""
    b = DocBuilder()
    b.heading("ARGUMENT")
    b.paragraph(
        "“A party opposing a properly supported motion need not produce evidence in a form that would be "
        "admissible at trial. It must, however, go beyond the pleadings and designate specific facts showing "
        "that there is a genuine issue for trial.” ",
        ("Celotex Corp. v. Catrett", "i"),
        f", 477 U.S. 317, 324 (1986){parenthetical}.",
    )
    brief = b.save(tmp_path / "brief.docx")
    code, _out, err = run(capsys, "check", brief, "--json", tmp_path / "r.json", "--pages", "estimate")
    assert code == 0, err
    (entry,) = authorities(json.loads((tmp_path / "r.json").read_text())).values()
    checks = [c for cit in entry["verification"]["citations"] for c in cit["checks"] if c["dimension"] == "quotation"]
    assert [c["status"] for c in checks] == [status]
    if status == "match":
        assert checks[0]["detail"] == "the quotation is on page 324"
        assert entry["verification"]["verdict"] == "VERIFIED"
    else:
        assert entry["verification"]["verdict"] == "NEEDS_ATTENTION"


# --------------------------------------------------------------------------- the benchmark's kinds


@pytest.fixture(scope="module")
def benchmark_check(fakes, tmp_path_factory):
    """`toa check --as-of` of samples/verification-benchmark.docx, once for every kind of its key
    (bench/verify_accuracy.py prints the same check's recall and false alarms)."""
    import contextlib
    import io

    tmp = tmp_path_factory.mktemp("benchmark")
    out = io.StringIO()
    with pytest.MonkeyPatch.context() as mp:
        use_fakes(fakes, mp, tmp)
        with contextlib.redirect_stdout(out):
            code = main(
                [
                    "check",
                    str(BENCHMARK),
                    "-o",
                    str(tmp / "checked.docx"),
                    "--json",
                    str(tmp / "r.json"),
                    "--pages",
                    "estimate",
                    "--as-of",
                    BENCHMARK_KEY["as_of"],
                ]
            )
    assert code == 0
    return json.loads((tmp / "r.json").read_text()), out.getvalue(), comments(tmp / "checked.docx")


@pytest.mark.parametrize("kind", sorted({e["kind"] for e in BENCHMARK_KEY["entries"]}))
def test_each_kind_of_planted_problem_is_reported_and_each_control_is_verified(benchmark_check, kind):
    report, out, got = benchmark_check
    entries = {t: a["verification"] for t, a in authorities(report).items()}
    for item in (e for e in BENCHMARK_KEY["entries"] if e["kind"] == kind):
        v = entries[item["authority"]]
        if not item["planted"]:
            assert (v["verdict"], v["flags"], v["comment"]) == ("VERIFIED", [], None), item["authority"]
            continue
        expect = item["expect"]
        assert v["verdict"] == expect["verdict"], (item["authority"], v["reason"])
        assert "flag" not in expect or expect["flag"] in v["flags"]
        assert expect.get("reason", "") in v["reason"]
        if v["verdict"] == "NEEDS_ATTENTION":  # commented where it is cited (a note's on its mark), with its reason
            name = item["authority"].split(",")[0]
            commented = [
                text
                for k, (_a, _i, text) in got.items()
                if k.startswith(name) or k.startswith("mark:") and f"({name}" in text
            ]
            assert commented and all("TOA check: needs attention - " in t for t in commented)
            assert any(v["reason"].split(": ")[-1][:40] in t for t in commented)
        else:  # said once, in the summary at the start
            assert expect["reason"] in got["UNITED STATES DISTRICT COURT"][2]
    counts = report["verification"]["summary"]
    assert f"Checked {counts['VERIFIED'] + counts['NEEDS_ATTENTION'] + counts['NOT_VERIFIED']} authorities" in out


# --------------------------------------------------------------------------- state codes


def test_california_and_texas_codes_against_their_official_sites(env, tmp_path, capsys):
    """California's code display (by code and section) and the Texas statutes site (by chapter):
    a section found with its subdivision and quotation is verified; a subdivision or section the
    code does not have needs attention; other states are not verified, and the summary says why."""
    b = DocBuilder()
    b.heading("ARGUMENT")
    b.paragraph(
        "The motion shall be granted if “there is no triable issue as to any material fact.” Code Civ. Proc., "
        "§ 437c, subd. (c). An order granting it is appealable. Code Civ. Proc., § 437c, subd. (m)(1). "
        "Retaliation is barred. Lab. Code, § 1102.5, subd. (f). See also Civ. Code, § 99999; "
        "Cal. Civ. Proc. Code § 437c(m)(1) (the Bluebook's name of the code)."
    )
    b.paragraph(
        "An assault is committed when one “intentionally, knowingly, or recklessly causes bodily injury to "
        "another.” Tex. Penal Code § 22.01(a)(1). See Tex. Penal Code § 22.02(a)(2); Tex. Penal Code "
        "§ 22.01(c); Tex. Penal Code § 22.99; N.Y. Penal Law § 120.00; Fla. Stat. § 776.012 (2024)."
    )
    brief = b.save(tmp_path / "brief.docx")
    code, out, err = run(capsys, "check", brief, "--json", tmp_path / "r.json", "--pages", "estimate")
    assert code == 0, err
    report = json.loads((tmp_path / "r.json").read_text())
    got = {t: (a["verification"]["verdict"], a["verification"]["flags"]) for t, a in authorities(report).items()}
    assert got == {
        "Code Civ. Proc., § 437c, subd. (c)": ("VERIFIED", []),
        "Code Civ. Proc., § 437c, subd. (m)(1)": ("VERIFIED", []),
        "Lab. Code, § 1102.5, subd. (f)": ("NEEDS_ATTENTION", ["subsection_not_found"]),
        "Civ. Code, § 99999": ("NEEDS_ATTENTION", ["not_found"]),
        "Cal. Civ. Proc. Code § 437c(m)(1)": ("VERIFIED", []),
        "Tex. Penal Code § 22.01(a)(1)": ("VERIFIED", []),
        "Tex. Penal Code § 22.02(a)(2)": ("VERIFIED", []),
        "Tex. Penal Code § 22.01(c)": ("NEEDS_ATTENTION", ["subsection_not_found"]),
        "Tex. Penal Code § 22.99": ("NEEDS_ATTENTION", ["not_found"]),
        "N.Y. Penal Law § 120.00": ("NOT_VERIFIED", []),
        "Fla. Stat. § 776.012 (2024)": ("NOT_VERIFIED", []),
    }
    entries = authorities(report)
    quoted = [
        u["quotation"]
        for t in ("Code Civ. Proc., § 437c, subd. (c)", "Tex. Penal Code § 22.01(a)(1)")
        for u in entries[t]["verification"]["units"]
    ]
    assert quoted == ["matched", "matched"]
    assert entries["Lab. Code, § 1102.5, subd. (f)"]["verification"]["reason"] == (
        "Lab. Code § 1102.5(f): the cited subdivision does not exist (§ 1102.5 has (a) and (b); the brief cites (f))"
    )
    assert "Not verified: no official source wired for New York law: N.Y. Penal Law § 120.00" in out
    assert "Not verified: no official source wired for Florida law" in out
    summary = comments(tmp_path / "brief.checked.docx")["ARGUMENT"][2]
    assert "no official source wired for New York law" in summary
    # what went to the two sites: codes and section numbers, never the brief's words
    state = {r.target for r in env.recorder.requests if r.target.startswith(("/faces/", "/Docs/", "/resources/"))}
    assert state == {
        "/faces/codes_displaySection.xhtml?lawCode=CCP&sectionNum=437c.",
        "/faces/codes_displaySection.xhtml?lawCode=LAB&sectionNum=1102.5.",
        "/faces/codes_displaySection.xhtml?lawCode=CIV&sectionNum=99999.",
        "/faces/codes_displaySection.xhtml?lawCode=CIV&sectionNum=1.",  # a section it must have, before its "no"
        "/resources/PE/htm/PE.22.htm",  # the Legislature's file server: its statutes site is not asked
        "/resources/PE/htm/PE.1.htm",
    }


def test_a_texas_article_s_sections_and_repealed_state_sections(env, tmp_path, capsys):
    """A section inside a Texas article ("art. 38.37, § 2(b)") is looked up in the article, then
    the section within it; a repealed section needs attention, in Texas (its heading says
    REPEALED) and in California (its history line says so, or that it repealed itself by its own
    terms before the date; "repealed and added" is a new section)."""
    b = DocBuilder()
    b.heading("ARGUMENT")
    b.paragraph(
        "Such evidence is admissible. Tex. Code Crim. Proc. art. 38.37, § 2. It may be admitted “for any bearing "
        "the evidence has on relevant matters.” Tex. Code Crim. Proc. art. 38.37, § 2(b). But see Tex. Code Crim. "
        "Proc. art. 38.37, § 2(c); Tex. Code Crim. Proc. art. 38.37, § 5; Tex. Penal Code § 22.03."
    )
    b.paragraph("Employers must post notices. Lab. Code, § 1102.8; Lab. Code, § 1102.6; Lab. Code, § 1102.9.")
    brief = b.save(tmp_path / "brief.docx")

    def check(name, *flags):
        return {
            t: (a["verification"]["verdict"], a["verification"]["flags"], a["verification"]["reason"])
            for t, a in checked(capsys, brief, tmp_path, name, *flags).items()
        }

    got = check("now")
    assert {t: v[:2] for t, v in got.items()} == {
        "Tex. Code Crim. Proc. art. 38.37, § 2": ("VERIFIED", []),
        "Tex. Code Crim. Proc. art. 38.37, § 2(b)": ("VERIFIED", []),
        "Tex. Code Crim. Proc. art. 38.37, § 2(c)": ("NEEDS_ATTENTION", ["subsection_not_found"]),
        "Tex. Code Crim. Proc. art. 38.37, § 5": ("NEEDS_ATTENTION", ["subsection_not_found"]),
        "Tex. Penal Code § 22.03": ("NEEDS_ATTENTION", ["repealed"]),
        "Lab. Code, § 1102.8": ("NEEDS_ATTENTION", ["repealed"]),
        "Lab. Code, § 1102.6": ("NEEDS_ATTENTION", ["repealed"]),
        "Lab. Code, § 1102.9": ("VERIFIED", []),
    }
    assert got["Tex. Code Crim. Proc. art. 38.37, § 2(c)"][2] == (
        "Tex. Code Crim. Proc. art. 38.37, § 2(c): the cited subdivision does not exist "
        "(art. 38.37, § 2 has (a) and (b); the brief cites § 2(c))"
    )
    assert got["Tex. Code Crim. Proc. art. 38.37, § 5"][2] == (
        "Tex. Code Crim. Proc. art. 38.37, § 5: the cited subdivision does not exist "
        "(art. 38.37 has § 1, § 2 and § 2-a; the brief cites § 5)"
    )
    assert got["Tex. Penal Code § 22.03"][2] == "Tex. Penal Code § 22.03 is repealed"
    # the article is fetched once, by its chapter, for all its sections
    assert sum("/CR/htm/CR.38.htm" in r.target for r in env.recorder.requests) == 1
    # before its own repeal date, § 1102.8 was in force
    then = check("then", "--as-of", "2023-06-01")
    assert then["Lab. Code, § 1102.8"][:2] == ("VERIFIED", [])
    assert then["Lab. Code, § 1102.6"][:2] == ("NEEDS_ATTENTION", ["repealed"])
    # before its repeal took effect (Jan. 1, 2021), § 1102.6 was not repealed
    assert "repealed" not in check("before", "--as-of", "2020-06-01")["Lab. Code, § 1102.6"][1]


def test_a_texas_section_printed_with_several_texts(env, tmp_path, capsys):
    """A Texas number enacted twice is printed with two texts, each under its note ("Text of
    section as added by Acts 2019, ..."): a quotation from the second text is in the section, a
    subdivision only the second has exists (the record says in which text), one neither has does
    not; a number repealed in one text and standing in the other is not repealed."""
    b = DocBuilder()
    b.heading("ARGUMENT")
    b.paragraph(
        "Moving a county's weather station is a crime. Tex. Penal Code § 22.15. The person must "
        "“knowingly move[] or damage[] a weather station owned by a county.” Tex. Penal Code § 22.15(a). Its "
        "destruction is “a Class A misdemeanor.” Tex. Penal Code § 22.15(c). But see Tex. Penal Code § 22.15(d); "
        "Tex. Penal Code § 22.16(a); Tex. Penal Code § 22.16."
    )
    brief = b.save(tmp_path / "brief.docx")
    got = {
        t: (v["verdict"], v["flags"], [c["detail"] for u in v["units"] for c in u["checks"]])
        for t, a in checked(capsys, brief, tmp_path, "versions").items()
        for v in [a["verification"]]
    }
    assert {t: v[:2] for t, v in got.items()} == {
        "Tex. Penal Code § 22.15": ("VERIFIED", []),
        "Tex. Penal Code § 22.15(a)": ("VERIFIED", []),
        "Tex. Penal Code § 22.15(c)": ("VERIFIED", []),
        "Tex. Penal Code § 22.15(d)": ("NEEDS_ATTENTION", ["subsection_not_found"]),
        "Tex. Penal Code § 22.16(a)": ("VERIFIED", []),
        "Tex. Penal Code § 22.16": ("VERIFIED", []),
    }
    second = "(in the text of section as added by Acts 2019, 86th Leg., R.S., Ch. 1202 (H.B. 902), Sec. 1)"
    assert f"Tex. Penal Code § 22.15(c): (c) exists {second}" in got["Tex. Penal Code § 22.15(c)"][2]
    assert f"Tex. Penal Code § 22.15(c): the quotation is in its text {second}" in got["Tex. Penal Code § 22.15(c)"][2]
    # both texts have (a): the quotation picks the second, and says so
    assert f"Tex. Penal Code § 22.15(a): the quotation is in its text {second}" in got["Tex. Penal Code § 22.15(a)"][2]
    # § 22.16 as added by one act is repealed, as added by the other it stands
    assert (
        "Tex. Penal Code § 22.16(a): (a) exists (in the text of section as added by Acts 2017, 85th Leg., R.S., "
        "Ch. 700 (H.B. 701), Sec. 1)"
    ) in got["Tex. Penal Code § 22.16(a)"][2]


TEXAS_CITES = ("Tex. Penal Code § 22.01(a)(1)", "Tex. Penal Code § 22.01(c)", "Tex. Penal Code § 22.99")


def check_texas(capsys, tmp_path, name):
    """`toa check` of a brief quoting Tex. Penal Code § 22.01(a)(1) and citing a subdivision and a
    section the code does not have: each one's verdict, flags, reason and source."""
    b = DocBuilder()
    b.heading("ARGUMENT")
    b.paragraph(
        "An assault is committed when one “intentionally, knowingly, or recklessly causes bodily injury to "
        "another.” Tex. Penal Code § 22.01(a)(1). See Tex. Penal Code § 22.01(c); Tex. Penal Code § 22.99."
    )
    brief = b.save(tmp_path / f"{name}.docx")
    return {
        t: (v["verdict"], v["flags"], v["reason"], [u["source_url"] for u in v["units"]])
        for t, a in checked(capsys, brief, tmp_path, f"{name}.out").items()
        for v in [a["verification"]]
    }


def test_texas_statutes_from_the_file_server_when_the_site_answers_with_its_application(env, tmp_path, capsys):
    """The statutes site, rebuilt as a JavaScript application, answers its old chapter addresses
    with the application's page: the chapter is read from the Legislature's file server, with the
    same verdicts; the site is not asked."""
    got = check_texas(capsys, tmp_path, "shell")
    assert {t: v[:2] for t, v in got.items()} == {
        "Tex. Penal Code § 22.01(a)(1)": ("VERIFIED", []),
        "Tex. Penal Code § 22.01(c)": ("NEEDS_ATTENTION", ["subsection_not_found"]),
        "Tex. Penal Code § 22.99": ("NEEDS_ATTENTION", ["not_found"]),
    }
    assert got["Tex. Penal Code § 22.01(c)"][2] == (
        "Tex. Penal Code § 22.01(c): the cited subdivision does not exist "
        "(§ 22.01 has (a) and (b); the brief cites (c))"
    )
    assert got["Tex. Penal Code § 22.01(a)(1)"][3] == [f"{env.states.url}/resources/PE/htm/PE.22.htm#22.01"]
    assert not [r for r in env.recorder.requests if r.target.startswith("/Docs/")]


def test_a_texas_chapter_with_a_letter_is_found_whatever_the_case_of_its_file_name(env, tmp_path, capsys):
    """The file server tells "PE.20A.htm" from "PE.20a.htm" and holds the lower-case name: the
    chapter is found, not called missing because one spelling of its name is not there."""
    b = DocBuilder()
    b.heading("ARGUMENT")
    b.paragraph(
        "It is an offense to “knowingly traffic[] another person.” Tex. Penal Code § 20A.02(a). "
        "See Tex. Penal Code § 20A.02(c)."
    )
    brief = b.save(tmp_path / "brief.docx")
    got = {t: a["verification"] for t, a in checked(capsys, brief, tmp_path, "letters").items()}
    assert got["Tex. Penal Code § 20A.02(a)"]["verdict"] == "VERIFIED"
    assert got["Tex. Penal Code § 20A.02(a)"]["units"][0]["source_url"] == (
        f"{env.states.url}/resources/PE/htm/PE.20a.htm#20A.02"
    )
    assert got["Tex. Penal Code § 20A.02(c)"]["flags"] == ["subsection_not_found"]


@pytest.mark.parametrize("files", ["503", "wrong address"])
def test_texas_statutes_from_the_site_when_the_file_server_fails(env, monkeypatch, tmp_path, capsys, files):
    """The file server down (503), or at an address that answers 404 to everything (its "no" is
    not believed: it does not find Penal Code § 1.01 either): the statutes site, serving its
    chapter pages as before its rebuild, gives the same verdicts."""
    env.states_state.texas_site = "files"
    if files == "503":
        env.states_state.texas_files_status = 503
    else:
        monkeypatch.setenv("TOA_TEXAS_FILES_URL", env.nowhere.url)
    got = check_texas(capsys, tmp_path, "site")
    assert {t: v[:2] for t, v in got.items()} == {
        "Tex. Penal Code § 22.01(a)(1)": ("VERIFIED", []),
        "Tex. Penal Code § 22.01(c)": ("NEEDS_ATTENTION", ["subsection_not_found"]),
        "Tex. Penal Code § 22.99": ("NEEDS_ATTENTION", ["not_found"]),
    }
    assert got["Tex. Penal Code § 22.01(a)(1)"][3] == [f"{env.states.url}/Docs/PE/htm/PE.22.htm#22.01"]


@pytest.mark.parametrize(
    ("files", "site", "reason"),
    [
        (
            "503",
            "shell",
            "Texas Legislature's file server: HTTP 503; "
            "Texas Legislature: a JavaScript application page, not the chapter's text",
        ),
        (
            "wrong address",
            "shell",
            "Texas Legislature's file server: no such chapter in the code, but Texas Legislature's file server does "
            "not find Penal Code § 1.01 either (no such chapter in the code): it is down or at a wrong address, and "
            "its negative is not believed; Texas Legislature: a JavaScript application page, not the chapter's text",
        ),
        (
            "unreachable",
            "unreachable",
            "Texas Legislature's file server: connection failed; Texas Legislature: connection failed",
        ),
    ],
)
def test_texas_statutes_not_verified_when_neither_address_gives_the_chapter(
    env, monkeypatch, tmp_path, capsys, files, site, reason
):
    """The file server failing (down, or at an address that answers 404 to everything) and the site
    answering with its application, or both unreachable: nothing is verified and nothing is called
    invented (not even § 22.99), and the reason says what each address answered."""
    dead = _dead_url()
    if files == "503":
        env.states_state.texas_files_status = 503
    else:
        monkeypatch.setenv("TOA_TEXAS_FILES_URL", env.nowhere.url if files == "wrong address" else dead)
    if site == "unreachable":
        monkeypatch.setenv("TOA_TEXAS_URL", dead)
    got = check_texas(capsys, tmp_path, files)
    assert {t: v[:2] for t, v in got.items()} == {t: ("NOT_VERIFIED", []) for t in TEXAS_CITES}
    for t in TEXAS_CITES:
        assert got[t][2] == reason


def test_as_of_reads_a_regulation_as_it_stood_that_day(env, tmp_path, capsys):
    """47 C.F.R. § 64.1200(a)(1) was amended in 2025 (in the fakes): quoted as it read in 2024,
    the quotation matches eCFR's text of the --as-of date (version confirmed for that date), and
    needs attention against today's text."""
    b = DocBuilder()
    b.heading("ARGUMENT")
    b.paragraph(
        "No one may call “using an automatic telephone dialing system without the prior express consent of "
        "the called party.” 47 C.F.R. § 64.1200(a)(1)."
    )
    brief = b.save(tmp_path / "brief.docx")
    code, _out, err = run(
        capsys,
        "check",
        brief,
        "--json",
        tmp_path / "then.json",
        "--pages",
        "estimate",
        "--as-of",
        "2024-06-03",
        "-o",
        tmp_path / "then.docx",
    )
    assert code == 0, err
    then = authorities(json.loads((tmp_path / "then.json").read_text()))["47 C.F.R. § 64.1200(a)(1)"]["verification"]
    (unit,) = then["units"]
    assert then["verdict"] == "VERIFIED" and (unit["version"], unit["quotation"]) == ("confirmed-for-date", "matched")
    assert "/api/versioner/v1/full/2024-06-03/title-47.xml" in unit["source_url"]
    code, _out, err = run(
        capsys, "check", brief, "--json", tmp_path / "now.json", "--pages", "estimate", "-o", tmp_path / "now.docx"
    )
    assert code == 0, err
    now = authorities(json.loads((tmp_path / "now.json").read_text()))["47 C.F.R. § 64.1200(a)(1)"]["verification"]
    assert now["verdict"] == "NEEDS_ATTENTION" and now["flags"] == ["quotation_mismatch"]


def test_the_source_in_a_quoting_parenthetical_is_checked_for_the_quotation_too(env, tmp_path, capsys):
    """'X, 477 U.S. at 248 (quoting Y, 477 U.S. 317, 322)': the quotation is X's and Y's; Y is
    checked for it on the page cited."""
    b = DocBuilder()
    b.heading("ARGUMENT")
    b.paragraph(
        "Judgment is due “against a party who fails to make a showing sufficient to establish the existence "
        "of an element essential to that party's case.” ",
        ("Ashcroft v. Iqbal", "i"),
        ", 556 U.S. 662, 678 (2009) (alteration in original) (quoting ",
        ("Celotex Corp. v. Catrett", "i"),
        ", 477 U.S. 317, 322 (1986)).",
    )
    brief = b.save(tmp_path / "brief.docx")
    code, _out, err = run(capsys, "check", brief, "--json", tmp_path / "r.json", "--pages", "estimate")
    assert code == 0, err
    report = json.loads((tmp_path / "r.json").read_text())
    entries = {t.split(",")[0]: a["verification"] for t, a in authorities(report).items()}
    quoted = {
        name: [c["status"] for cit in v["citations"] for c in cit["checks"] if c["dimension"] == "quotation"]
        for name, v in entries.items()
    }
    assert quoted == {"Celotex Corp. v. Catrett": ["match"], "Ashcroft v. Iqbal": ["mismatch"]}


def test_a_case_index_judges_every_case_as_the_api_does_and_sends_nothing(env, tmp_path, capsys, monkeypatch):
    """`toa index build` from bulk files of the cases the fake CourtListener holds, then `toa check
    --offline`: every case gets the verdict and flags the API gives it (the planted ones flagged:
    a wrong page, a wrong name, a year to come), no request is made, and each says its source.
    The bulk files are the sample's (samples/courtlistener-bulk, uncompressed, for a user to try the
    index with): the fakes' cases, in full volumes, as fakes.bulk writes them."""
    api = checked(capsys, SAMPLE, tmp_path, "api")
    monkeypatch.setenv("TOA_INDEX", str(tmp_path / "cases.sqlite3"))
    assert run(capsys, "index", "build", "--from", SAMPLE_BULK)[0] == 0
    env.recorder.requests.clear()
    local = checked(capsys, SAMPLE, tmp_path, "local", "--offline")
    assert env.recorder.requests == []

    def cases(report):
        return {t: (a["verification"]["verdict"], a["verification"]["flags"]) for t, a in report.items()
                if a["verification"]["kind"] == "case"}  # fmt: skip

    assert cases(local) == cases(api)
    assert {v[0] for v in cases(local).values()} == {"VERIFIED", "NEEDS_ATTENTION"}
    sources = {
        a["verification"]["details"].get("source") for a in local.values() if a["verification"]["kind"] == "case"
    }
    assert sources == {"CourtListener bulk snapshot of 2026-09-30"}
    celotex = local["Celotex Corp. v. Catrett, 477 U.S. 320 (1986)"]["verification"]["reason"]
    assert celotex == "477 U.S. 320 is not the first page of a case: Celotex Corp. v. Catrett begins at 477 U.S. 317"
    said = [text for _author, _initials, text in comments(tmp_path / "local.docx").values()]
    assert (
        "TOA check: needs attention (per the CourtListener bulk snapshot of 2026-09-30) - 477 U.S. 320 is"
        in " ".join(said)
    )


# --------------------------------------------------------------------------- many briefs: --jsonl


def test_a_folder_of_briefs_checked_into_json_lines(env, tmp_path, capsys, monkeypatch):
    """`toa check DIR --jsonl OUT`: a progress line per brief, a line per authority, the summary;
    a brief that cannot be read is one line and one error record, and the run goes on; nothing
    is written beside the briefs."""
    write_generation(tmp_path / "bulk", "2026-09-30", with_neighbours(cases_of(data.CLUSTERS)))
    monkeypatch.setenv("TOA_INDEX", str(tmp_path / "cases.sqlite3"))
    assert run(capsys, "index", "build", "--from", tmp_path / "bulk")[0] == 0
    folder = tmp_path / "briefs"
    (folder / "later").mkdir(parents=True)
    shutil.copy(SAMPLE, folder / SAMPLE.name)
    make_brief(folder / "later" / "brief.docx")
    shutil.copy(SAMPLE, folder / "planted-problems.checked.docx")  # toa's own copy: left out
    before = {p: sha(p) for p in folder.rglob("*") if p.is_file()}
    out_path = tmp_path / "out.jsonl"
    code, out, err = run(capsys, "check", folder, "--jsonl", out_path, "--offline", "--pages", "estimate")
    assert code == 1, err  # something was flagged
    assert env.recorder.requests == []
    assert {p: sha(p) for p in folder.rglob("*") if p.is_file()} == before
    progress = err.splitlines()
    assert len(progress) == 2 and all(
        re.match(r"toa: \[[12]/2\] .*: \d+ authorities, \d+ flagged", p) for p in progress
    )
    lines = [json.loads(line) for line in out_path.read_text().splitlines()]
    by_brief = {b: [x for x in lines if x["brief"] == b] for b in {x["brief"] for x in lines}}
    assert sorted(by_brief) == [str(folder / "later" / "brief.docx"), str(folder / SAMPLE.name)]
    # each brief's lines are its --json report's authorities
    single = checked(capsys, SAMPLE, tmp_path, "single", "--offline")
    assert {x["text"]: x["verification"]["verdict"] for x in by_brief[str(folder / SAMPLE.name)]} == {
        t: a["verification"]["verdict"] for t, a in single.items()
    }
    verdicts = [x["verification"]["verdict"] for x in lines]
    assert out.splitlines()[:6] == [
        "Briefs                2",
        "Failed to open        0",
        f"Authorities     {len(lines):>7}",
        f"Verified        {verdicts.count('VERIFIED'):>7}",
        f"Flagged         {verdicts.count('NEEDS_ATTENTION'):>7}",
        f"Not checked     {verdicts.count('NOT_VERIFIED'):>7}",
    ]
    assert out.splitlines()[-1] == f"Wrote {out_path}"

    (folder / "broken.docx").write_bytes(b"not a zip")
    code, out, err = run(
        capsys, "check", folder, "--jsonl", out_path, "--offline", "--pages", "estimate", "--jobs", "2"
    )
    assert code == 2  # a brief could not be checked, as `toa check` on it alone says
    failed = [line for line in err.splitlines() if "broken.docx" in line]
    assert len(failed) == 1 and ": error: " in failed[0] and "Failed to open        1" in out
    records = [json.loads(line) for line in out_path.read_text().splitlines()]
    assert [r for r in records if "error" in r] == [
        {"brief": str(folder / "broken.docx"), "error": failed[0].split(": error: ", 1)[1]}
    ]
    assert len(records) == len(lines) + 1


def test_a_batch_with_nothing_flagged_exits_0(env, tmp_path, capsys):
    b = DocBuilder()
    b.paragraph("Summary judgment is proper. ", ("Anderson v. Liberty Lobby, Inc.", "i"), ", 477 U.S. 242, 248 (1986).")
    brief = b.save(tmp_path / "clean.docx")
    code, out, err = run(capsys, "check", brief, "--jsonl", tmp_path / "out.jsonl", "--pages", "estimate")
    assert code == 0, err
    assert "Verified              1" in out and "Flagged               0" in out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["A", "B"], "checking several briefs (or a folder) needs --jsonl OUT"),
        (["DIR"], "checking several briefs (or a folder) needs --jsonl OUT"),
        (["A", "--jobs", "2"], "--jobs is for checking several briefs, with --jsonl OUT"),
        (["A", "--jsonl", "OUT", "-o", "x.docx"], "-o and --json are for one brief"),
        (["A", "--jsonl", "OUT", "--jobs", "0"], "--jobs 0: at least 1"),
        (["EMPTY", "--jsonl", "OUT"], "EMPTY: no .docx brief in this folder"),
        (["A", "--jsonl", "A"], "refusing to write the JSON lines over the brief"),
    ],
)
def test_batch_bad_options_are_one_line(env, tmp_path, capsys, argv, said):
    (tmp_path / "DIR").mkdir()
    (tmp_path / "EMPTY").mkdir()
    for name in ("A", "B"):
        shutil.copy(SAMPLE, tmp_path / name)
    before = sha(tmp_path / "A")
    code, out, err = run(capsys, "check", *[str(tmp_path / a) if a.isupper() else a for a in argv])
    assert (code, out) == (2, "") and err.count("\n") == 1 and said.replace("EMPTY", str(tmp_path / "EMPTY")) in err
    assert sha(tmp_path / "A") == before and not (tmp_path / "OUT").exists()
