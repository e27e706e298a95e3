"""Many briefs in one run (toa/verify/batch.py): the briefs a folder holds, a pool of workers
that each keep the case index open, a brief that cannot be read reported and passed, and what
each brief's check says the same as a check of that brief alone."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from fakes import data
from fakes.bulk import cases_of, with_neighbours, write_generation
from toa import pipeline
from toa.document import ReadOptions
from toa.report import build_report
from toa.verify import NEEDS_ATTENTION, NOT_VERIFIED, VERIFIED
from toa.verify.batch import Batch, briefs_in, check
from toa.verify.case_index import build

SAMPLES = Path(__file__).parents[2] / "samples"
PLANTED = SAMPLES / "planted-problems.docx"


def test_a_folder_gives_its_briefs_but_not_toas_own_copies_nor_words_lock_files(tmp_path):
    (tmp_path / "in" / "day 2").mkdir(parents=True)
    for name in ("b.docx", "a.DOCX", "a.toa.docx", "a.checked.docx", "~$b.docx", "notes.txt", "day 2/c.docx"):
        (tmp_path / "in" / name).write_bytes(b"x")
    (tmp_path / "in" / "folder.docx").mkdir()  # a folder of that name is no brief
    alone = tmp_path / "alone.checked.docx"  # named on its own, a file is checked whatever its name
    alone.write_bytes(b"x")
    got = briefs_in([str(tmp_path / "in"), str(alone), str(tmp_path / "in" / "b.docx")])
    assert [p.relative_to(tmp_path).as_posix() for p in got] == [
        "in/a.DOCX",
        "in/b.docx",
        "in/day 2/c.docx",
        "alone.checked.docx",
    ]


def test_a_folder_without_a_brief_is_an_error(tmp_path):
    from toa.errors import BuildError

    with pytest.raises(BuildError, match="no .docx brief in this folder"):
        briefs_in([str(tmp_path)])


@pytest.fixture
def indexed(tmp_path):
    write_generation(tmp_path / "bulk", "2026-09-30", with_neighbours(cases_of(data.CLUSTERS)))
    build(tmp_path / "bulk", tmp_path / "cases.sqlite3")
    return tmp_path / "cases.sqlite3"


def verdicts(entries) -> dict[str, str]:
    return {e.authority.text: e.checked.record.verdict for e in entries}


@pytest.mark.parametrize("jobs", [1, 2])
def test_every_brief_is_checked_as_alone_and_a_broken_one_is_passed(services, indexed, tmp_path, jobs):
    folder = tmp_path / "briefs"
    folder.mkdir()
    for sample in (PLANTED, SAMPLES / "trial-memorandum.docx"):
        shutil.copy(sample, folder / sample.name)
    (folder / "broken.docx").write_bytes(b"not a zip")
    # a worker is a process of its own: the real clock (the fakes' is for this process only)
    settings = services.settings(case_index=indexed, network=False, clock=time.time, sleep=time.sleep)
    batch = Batch(briefs_in([str(folder)]), settings, ReadOptions(), pages="estimate", jobs=jobs)
    heard = []
    result = check(batch, lambda outcome, done, total: heard.append((outcome.brief, done, total)))

    assert services.recorder.requests == []
    assert [o.brief for o in result.outcomes] == [str(b) for b in batch.briefs]
    assert sorted(b for b, _, _ in heard) == sorted(str(b) for b in batch.briefs)
    assert [(d, t) for _, d, t in heard] == [(1, 3), (2, 3), (3, 3)]
    broken, planted, memo = result.outcomes
    assert broken.entries == () and broken.error is not None and "broken.docx" in broken.error
    assert result.failed == 1
    for outcome in (planted, memo):
        alone = pipeline.analyse(outcome.brief, pages="estimate")
        pipeline.verify_analysis(alone, settings)
        assert outcome.error is None
        assert verdicts(outcome.entries) == verdicts(e for h in build_report(alone).headings for e in h.entries)
    # the index answered every case of the planted brief: each verified or flagged
    cases = {e.checked.record.verdict for e in planted.entries if e.checked.record.kind == "case"}
    assert cases == {VERIFIED, NEEDS_ATTENTION}
    assert result.authorities == len(planted.entries) + len(memo.entries)
    for verdict in (VERIFIED, NEEDS_ATTENTION, NOT_VERIFIED):
        assert result.total(verdict) == planted.count(verdict) + memo.count(verdict)


def test_the_json_lines_are_each_authoritys_report_entry_with_the_brief(services, tmp_path):
    settings = services.settings(network=False, clock=time.time, sleep=time.sleep)
    result = check(Batch((PLANTED, tmp_path / "missing.docx"), settings, ReadOptions(), pages="estimate"))
    planted, missing = result.outcomes
    alone = pipeline.analyse(str(PLANTED), pages="estimate")
    pipeline.verify_analysis(alone, settings)
    report = build_report(alone).to_dict()
    assert list(planted.lines()) == [
        {"brief": str(PLANTED), **a} for c in report["categories"] for a in c["authorities"]
    ]
    assert list(missing.lines()) == [{"brief": str(tmp_path / "missing.docx"), "error": missing.error}]
    assert str(tmp_path / "missing.docx") in (missing.error or "")


def test_a_worker_that_dies_ends_its_briefs_check_and_the_batch_goes_on(services, tmp_path):
    """Both workers are killed (SIGKILL: as the out-of-memory killer does) when the first brief
    ends: the brief one of them was checking, if any, ends with that error, the others are
    checked by workers started in their place, and no worker outlives the batch."""
    import multiprocessing
    import os
    import signal

    briefs = []
    for n in range(4):
        briefs.append(shutil.copy(PLANTED, tmp_path / f"{n}.docx"))
    settings = services.settings(network=False, clock=time.time, sleep=time.sleep)
    batch = Batch(tuple(briefs), settings, ReadOptions(), pages="estimate", jobs=2)
    killed = []

    def kill_the_workers(outcome, done, total):
        if done == 1:
            for worker in multiprocessing.active_children():
                if worker.name == "toa-batch-worker":
                    os.kill(worker.pid, signal.SIGKILL)
                    worker.join()
                    killed.append(worker.pid)

    result = check(batch, kill_the_workers)
    assert len(killed) == 2
    assert not [w for w in multiprocessing.active_children() if w.name == "toa-batch-worker"]
    stopped = [o for o in result.outcomes if o.error is not None]
    assert len(stopped) <= 1  # none when the other worker's answer was already on its way
    assert all(o.error == "the process checking it was killed by SIGKILL" for o in stopped)
    checked = [o for o in result.outcomes if o.error is None]
    assert len(checked) == 4 - len(stopped) >= 3
    assert len({tuple(verdicts(o.entries).items()) for o in checked}) == 1 and checked[0].entries


def test_workers_share_a_kept_cache_and_the_next_batch_asks_nothing_again(services, tmp_path, monkeypatch):
    """--keep-cache with several workers: each worker's checks read and write the one kept file
    (SQLite takes their writes in turn), every brief is checked, and a second batch finds every
    answer there."""
    import sqlite3

    briefs = tuple(shutil.copy(PLANTED, tmp_path / f"{n}.docx") for n in range(4))
    cache = tmp_path / "cache" / "verify.sqlite3"
    # an account with room for the run (a worker sleeps in real time for its throttle)
    monkeypatch.setattr(services.cl_state, "user_limits", ((10_000, 60),))
    monkeypatch.setattr(services.cl_state, "citation_limit", 10_000)
    settings = services.settings(
        keep_cache=True, cache_path=cache, clock=time.time, sleep=time.sleep, cl_requests_per_minute=10_000
    )
    first = check(Batch(briefs, settings, ReadOptions(), pages="estimate", jobs=2))
    assert [o.error for o in first.outcomes] == [None] * 4
    assert len({tuple(verdicts(o.entries).items()) for o in first.outcomes}) == 1
    with sqlite3.connect(cache) as db:
        kept = db.execute("SELECT count(*) FROM answers").fetchone()[0]
    assert kept > 0
    asked = len(services.recorder.requests)
    services.recorder.requests.clear()
    again = check(Batch(briefs, settings, ReadOptions(), pages="estimate", jobs=2))
    assert [verdicts(o.entries) for o in again.outcomes] == [verdicts(o.entries) for o in first.outcomes]
    assert (
        asked > 0
        and [r.target for r in services.recorder.requests if "courtlistener" in r.target or "/api/" in r.target] == []
    )
