"""The local case index (toa/verify/case_index.py) and `toa index build|status|remove`: built from
bulk files written by the tests, looked up as CourtListener's lookup answers, swapped in whole."""

from __future__ import annotations

import sqlite3
import threading
from datetime import date, timedelta

import pytest

from builders import case, table
from fakes import data
from fakes.bulk import cases_of, with_neighbours, write, write_generation
from test_cases import REED
from toa.cli import main
from toa.verify import verify
from toa.verify.case_index import CaseIndex, CaseIndexError, Coverage, build, describe, index_path

CASES = [
    {
        "id": 2812209,
        "name": "Reed v. Town of Gilbert",
        "full": "Clyde Reed, et al., Petitioners v. Town of Gilbert, Arizona, et al.",
        "date": "2015-06-18",
        "court": "scotus",
        "citations": [(576, "U.S.", "155"), (135, "S. Ct.", "2218"), (192, "L. Ed. 2d", "236")],
    },
    {
        "id": 111,
        "name": "Celotex Corp. v. Catrett",
        "date": "1986-06-25",
        "court": "scotus",
        "citations": [(477, "U.S.", "317")],
    },
    {"id": 112, "name": "Next Case v. After Celotex", "date": "1986-06-25", "court": "scotus",
     "citations": [(477, "U.S.", "328")]},
    # an orders list: two cases start on one page
    {"id": 201, "name": "Doe v. Roe", "date": "2019-01-07", "court": "scotus", "citations": [(586, "U.S.", "1")]},
    {"id": 202, "name": "Poe v. Moe", "date": "2019-01-07", "court": "scotus", "citations": [(586, "U.S.", "1")]},
    {
        "id": 301,
        "name": 'Kennedy v. "Bremerton" School District, \\ Inc.',
        "date": "2017-08-23",
        "approximate": True,
        "court": "ca9",
        "status": "Published",
        "citations": [(869, "F.3d", "813")],
    },
    {"id": 302, "name": "Old v. Ninth", "date": "1985-02-01", "court": "ca9", "citations": [(750, "F.2d", "1")]},
]  # fmt: skip


@pytest.fixture
def bulk(tmp_path):
    folder = tmp_path / "bulk"
    write_generation(folder, "2026-09-30", CASES)
    return folder


def test_a_citation_answers_as_courtlisteners_lookup_does(bulk, tmp_path):
    status = build(bulk, tmp_path / "cases.sqlite3")
    assert status.snapshot == "2026-09-30" and status.coverage == Coverage()
    assert status.counts == {"citation": 9, "cluster": 7, "docket": 7, "court": 2}
    index = CaseIndex.open(tmp_path / "cases.sqlite3")
    (reed,) = index.clusters_at("U.S.", 576, "155")
    assert reed["case_name"] == "Reed v. Town of Gilbert" and reed["case_name_full"].startswith("Clyde Reed")
    assert (reed["date_filed"], reed["court_id"], reed["precedential_status"]) == ("2015-06-18", "scotus", "Published")
    assert [(c["volume"], c["reporter"], c["page"]) for c in reed["citations"]] == [
        (192, "L. Ed. 2d", "236"),
        (135, "S. Ct.", "2218"),
        (576, "U.S.", "155"),
    ]
    assert index.clusters_at("S. Ct.", 135, "2218")[0]["id"] == 2812209  # a parallel cite: the same case
    assert [c["case_name"] for c in index.clusters_at("U.S.", 586, "1")] == ["Doe v. Roe", "Poe v. Moe"]
    assert index.clusters_at("U.S.", 576, "156") == []
    (kennedy,) = index.clusters_at("F.3d", 869, "813")
    assert kennedy["case_name"] == 'Kennedy v. "Bremerton" School District, \\ Inc.'
    assert kennedy["date_filed_is_approximate"] is True and kennedy["case_name_full"] == ""
    assert index.next_first_page("U.S.", 477, 317) == 328  # where Celotex ends at the latest
    assert index.next_first_page("U.S.", 477, 328) is None
    index.close()


def test_a_smaller_index_for_some_courts_and_years(bulk, tmp_path):
    status = build(bulk, tmp_path / "ninth.sqlite3", Coverage(("ca9",), 1990))
    assert status.counts == {"citation": 1, "cluster": 1, "docket": 2, "court": 2}  # the dockets of ca9, read
    assert status.coverage.describe() == "courts ca9, from 1990"
    index = CaseIndex.open(tmp_path / "ninth.sqlite3")
    assert index.coverage() == Coverage(("ca9",), 1990)
    assert len(index.clusters_at("F.3d", 869, "813")) == 1 and index.clusters_at("U.S.", 576, "155") == []
    index.close()


def test_a_failed_build_leaves_the_previous_index_and_no_temporary_file(bulk, tmp_path):
    target = tmp_path / "cases.sqlite3"
    build(bulk, target)
    before = target.read_bytes()
    newer = tmp_path / "newer"
    write_generation(newer, "2026-12-31", CASES + [{**CASES[1], "citations": [(1, "U.S.", "1")]}])  # id 111 twice
    with pytest.raises(CaseIndexError) as caught:
        build(newer, target)
    assert str(caught.value) == "dockets-2026-12-31.csv.bz2, line 9: a second row with the key 1111"
    assert target.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == [
        "bulk",
        "cases.sqlite3",
        "cases.sqlite3.lock",
        "newer",
    ]
    bad_date = tmp_path / "bad-date"
    write_generation(bad_date, "2026-12-31", [{**CASES[0], "date": "June 2015"}])
    with pytest.raises(CaseIndexError, match=r"line 2: date_filed 'June 2015' is not a date"):
        build(bad_date, target)
    assert target.read_bytes() == before


def test_an_interrupted_builds_file_is_removed_by_the_next(bulk, tmp_path):
    target = tmp_path / "cases.sqlite3"
    (tmp_path / "cases.sqlite3.building").write_bytes(b"half an index")
    build(bulk, target)
    assert not (tmp_path / "cases.sqlite3.building").exists()


def test_two_builds_at_once_one_is_refused(bulk, tmp_path):
    target = tmp_path / "cases.sqlite3"
    started, release = threading.Event(), threading.Event()

    def slow(table, count):
        started.set()
        release.wait(10)

    first = threading.Thread(target=build, args=(bulk, target, Coverage(), slow))
    first.start()
    try:
        assert started.wait(10)
        with pytest.raises(CaseIndexError, match="another toa index build is running"):
            build(bulk, target)
    finally:
        release.set()
        first.join()
    assert CaseIndex.open(target) is not None


def test_an_index_of_another_schema_or_no_index_at_all(tmp_path, capsys):
    other = tmp_path / "other.sqlite3"
    db = sqlite3.connect(other)
    db.executescript(  # as the first toa with an index wrote it (text reporters, a docket table)
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT); INSERT INTO meta VALUES ('schema_version', '1'); "
        "INSERT INTO meta VALUES ('toa_version', '0.1.0'); CREATE TABLE docket (id INTEGER PRIMARY KEY, court_id TEXT)"
    )
    db.close()
    with pytest.raises(CaseIndexError, match=r"another layout \(schema 1, built by toa 0.1.0; this toa reads schema"):
        CaseIndex.open(other)
    code, out, err = run(capsys, "index", "status", "--index", other)
    assert code != 0 and out == "" and len(err.strip().splitlines()) == 1
    assert "rebuild it with toa index build" in err and "Traceback" not in err
    notes = tmp_path / "notes.sqlite3"
    notes.write_bytes(b"my own notes, not a database")
    with pytest.raises(CaseIndexError, match="not a toa case index"):
        CaseIndex.open(notes)
    assert CaseIndex.open(tmp_path / "none.sqlite3") is None


def test_the_index_path_comes_from_the_flag_then_the_environment(tmp_path):
    assert index_path(tmp_path / "a.sqlite3", {"TOA_INDEX": "/elsewhere"}) == tmp_path / "a.sqlite3"
    assert str(index_path(None, {"TOA_INDEX": "/elsewhere/i.sqlite3"})) == "/elsewhere/i.sqlite3"
    assert index_path(None, {}).name == "cases.sqlite3"


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_toa_index_build_status_remove(bulk, tmp_path, capsys, monkeypatch):
    target = tmp_path / "data" / "cases.sqlite3"
    monkeypatch.setenv("TOA_INDEX", str(target))
    assert run(capsys, "index", "status") == (
        1,
        f"No case index at {target}: build one with toa index download, or toa index build --from DIR\n",
        "",
    )
    code, out, err = run(capsys, "index", "build", "--from", bulk)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith(f"Index: {target} (") and lines[2] == "Coverage: every court, every year"
    assert lines[1].startswith("Snapshot: CourtListener bulk snapshot of 2026-09-30 (built ")
    assert lines[3] == "Rows: 9 citations, 7 clusters, 7 dockets, 2 courts"
    code, out, _ = run(capsys, "index", "status")
    assert code == 0 and out.splitlines()[3] == lines[3]
    assert run(capsys, "index", "remove") == (0, f"Removed the case index {target}\n", "")
    assert not target.exists()
    assert run(capsys, "index", "remove") == (0, f"No case index at {target}\n", "")


@pytest.mark.parametrize(("days", "warned"), [(30, False), (200, True)])
def test_toa_index_status_warns_of_a_snapshot_older_than_six_months(tmp_path, capsys, days, warned):
    day = date.today() - timedelta(days=days)
    write_generation(tmp_path / "bulk", day.isoformat(), CASES)
    target = tmp_path / "cases.sqlite3"
    assert run(capsys, "index", "build", "--from", tmp_path / "bulk", "--index", target)[0] == 0
    code, out, err = run(capsys, "index", "status", "--index", target)
    assert (code, err) == (0, "") and f"CourtListener bulk snapshot of {day.isoformat()}" in out
    warning = [line for line in out.splitlines() if line.startswith("Warning: ")]
    assert warning == (
        [
            f"Warning: the snapshot is {days} days old (more than six months): cases decided since are not in "
            "it; build it again from newer bulk files"
        ]
        if warned
        else []
    )


def test_the_snapshot_is_old_from_its_184th_day(bulk, tmp_path):
    build(bulk, tmp_path / "cases.sqlite3")
    index = CaseIndex.open(tmp_path / "cases.sqlite3")
    assert index is not None
    try:
        status = index.status()
    finally:
        index.close()

    def warned(day: date) -> bool:
        return any(line.startswith("Warning: ") for line in describe(status, day))

    snapshot = date(2026, 9, 30)
    assert not warned(snapshot + timedelta(days=183)) and warned(snapshot + timedelta(days=184))


def test_toa_index_bad_input_is_one_line(bulk, tmp_path, capsys):
    mine = tmp_path / "mine.sqlite3"
    mine.write_bytes(b"a file toa did not make")
    code, out, err = run(capsys, "index", "remove", "--index", mine)
    assert (code, out) == (
        2,
        "",
    ) and err == f"toa: error: {mine}: not a toa case index (run toa index build); it was left as it is\n"
    assert mine.read_bytes() == b"a file toa did not make"
    code, _, err = run(capsys, "index", "build", "--from", tmp_path / "nothing", "--index", tmp_path / "i.sqlite3")
    assert code == 2 and err == f"toa: error: {tmp_path / 'nothing'}: not a folder\n"
    write(
        bulk, "citations", "2027-03-31", [{"id": 1, "volume": "12a", "reporter": "U.S.", "page": "1", "cluster_id": 1}]
    )
    write(bulk, "opinion-clusters", "2027-03-31", [])
    code, _, err = run(capsys, "index", "build", "--from", bulk, "--index", tmp_path / "i.sqlite3")
    assert code == 2 and err == "toa: error: citations-2027-03-31.csv.bz2, line 2: volume '12a' is not a number\n"
    assert not (tmp_path / "i.sqlite3").exists() and not (tmp_path / "i.sqlite3.building").exists()
    assert run(capsys, "index", "build", "--from", bulk, "--since", "20", "--index", tmp_path / "i.sqlite3") == (
        2,
        "",
        "toa: error: --since 20: not a year\n",
    )


# -- answering a check ----------------------------------------------------------------------------
REED_PAST = case(
    "Reed v. Town of Gilbert, 576 U.S. 155, 190 (2015)",
    "Reed v. Town of Gilbert",
    576,
    "U.S.",
    155,
    2015,
    pin="190",
    court="scotus",
)  # past the next case of the volume (185)
ZERAN = case(
    "Zeran v. Am. Online, Inc., 129 F.3d 327 (4th Cir. 1997)",
    "Zeran v. Am. Online, Inc.",
    129,
    "F.3d",
    327,
    1997,
    court="ca4",
)
RECENT = case("Brand v. New, 600 U.S. 1 (2026)", "Brand v. New", 600, "U.S.", 1, 2026)


@pytest.fixture
def indexed(tmp_path):
    """An index of the fake CourtListener's cases, in full volumes, and one of its 4th Circuit cases only."""
    write_generation(tmp_path / "bulk", "2026-09-30", with_neighbours(cases_of(data.CLUSTERS)))
    build(tmp_path / "bulk", tmp_path / "all.sqlite3")
    build(tmp_path / "bulk", tmp_path / "ca4.sqlite3", Coverage(("ca4",)))
    return tmp_path


def test_pinpoints_are_bounded_by_the_next_case_and_nothing_is_sent(services, indexed):
    settings = services.settings(case_index=indexed / "all.sqlite3", network=False)
    result = verify(table(REED, ZERAN), settings)
    past = verify(table(REED_PAST), settings)[REED_PAST.key]
    assert services.recorder.requests == []
    reed, zeran = result[REED.key], result[ZERAN.key]
    assert (reed.verdict, zeran.verdict) == ("VERIFIED", "VERIFIED")
    assert [c.detail for c in reed.all_checks() if c.dimension == "pinpoint"] == [
        "page 163 is before the next case in the volume (155-185)"
    ]
    assert past.flags == ["pinpoint_past_end"] and "page 190 is past the next case in the volume" in past.reason
    assert {c.dimension for c in zeran.all_checks()} == {"existence", "name", "year", "court"}
    assert reed.details["source"] == "CourtListener bulk snapshot of 2026-09-30"


def test_what_the_index_cannot_answer_is_not_checked_offline_and_asked_online(services, indexed):
    offline = verify(table(REED, RECENT), services.settings(case_index=indexed / "ca4.sqlite3", network=False))
    assert offline[REED.key].verdict == "NOT_VERIFIED"
    assert offline[REED.key].reason == (
        "outside the case index (courts ca4, every year; CourtListener bulk snapshot of 2026-09-30)"
    )
    assert offline[RECENT.key].reason.startswith("a case of 2026 may be newer than the case index")
    # the run had an index: going online is the fix, building one is not
    assert offline.fixes["offline mode (cache only)"] == "check without --offline"
    online = verify(table(REED, ZERAN), services.settings(case_index=indexed / "ca4.sqlite3"))
    assert online[REED.key].verdict == "VERIFIED" and online[REED.key].details["source"] == "CourtListener API"
    assert online[ZERAN.key].details["source"] == "CourtListener bulk snapshot of 2026-09-30"
    lookups = [r for r in services.recorder.requests if "citation-lookup" in r.target]
    assert len(lookups) == 1  # Reed only: Zeran was answered here


def test_an_unreadable_index_is_a_note_and_the_api_answers(services, tmp_path):
    broken = tmp_path / "broken.sqlite3"
    broken.write_bytes(b"not an index")
    result = verify(table(REED), services.settings(case_index=broken))
    assert result[REED.key].verdict == "VERIFIED" and result[REED.key].details["source"] == "CourtListener API"
    assert result.notes == [f"the case index was not used: {broken}: not a toa case index (run toa index build)"]


def test_the_index_judges_precedential_status_as_the_api_does(services, tmp_path):
    from test_cases import UNPUBLISHED, ortega

    write_generation(tmp_path / "bulk", "2026-09-30", cases_of([UNPUBLISHED]))
    build(tmp_path / "bulk", tmp_path / "cases.sqlite3")
    settings = services.settings(case_index=tmp_path / "cases.sqlite3", network=False)
    plain = ortega("Ortega v. Blackwell, 912 F.3d 100 (9th Cir. 2019)")
    found = verify(table(plain), settings)[plain.key]
    assert found.verdict == "NEEDS_ATTENTION" and found.flags == ["not_precedential"]
    assert found.details["source"] == "CourtListener bulk snapshot of 2026-09-30"
    said = ortega("Ortega v. Blackwell, 912 F.3d 100 (9th Cir. 2019) (table)")
    assert verify(table(said), settings)[said.key].verdict == "VERIFIED"
    assert services.recorder.requests == []
