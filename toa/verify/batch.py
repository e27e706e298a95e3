"""check(Batch, shown) -> BatchResult: many briefs checked in one run (`toa check DIR... --jsonl OUT`).

Worker processes (as many as the cores by default) check the briefs; each opens the case index
once, and keeps it and one LibreOffice (when it can be kept running) for every brief it is given. A brief
that cannot be read is an outcome with its error, and the run goes on. Nothing is written beside
the briefs: each authority's report entry (with the text its Word comment would have) goes to
the JSON lines instead.
"""

from __future__ import annotations

import multiprocessing
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
import os
import signal
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..document import ReadOptions
from ..errors import BuildError
from . import case_index
from .records import NEEDS_ATTENTION, NOT_VERIFIED, VERIFIED
from .settings import Settings

if TYPE_CHECKING:
    from ..render import Office
    from ..report import Entry

# What toa itself writes beside a brief (toa build's and toa check's copies): not briefs to check.
OWN_OUTPUTS = (".toa.docx", ".checked.docx")


@dataclass(frozen=True)
class Batch:
    briefs: tuple[Path, ...]
    settings: Settings
    options: ReadOptions
    style: str | None = None
    pages: str = "auto"
    template: str | None = None
    passim: int | None = None
    jobs: int = 1


@dataclass(frozen=True)
class BriefOutcome:
    """One brief's check: its report's entries (report.Entry, each with its check) and the
    check's notes, or why the brief could not be checked."""

    brief: str
    entries: tuple[Entry, ...] = ()
    notes: tuple[str, ...] = ()
    error: str | None = None
    seconds: float = 0.0

    def count(self, verdict: str) -> int:
        return sum(1 for e in self.entries if e.checked is not None and e.checked.record.verdict == verdict)

    def lines(self) -> Iterator[dict[str, Any]]:
        """The JSON lines of this brief: one per authority (its entry as the --json report has
        it, with the brief's path), or one error record."""
        if self.error is not None:
            yield {"brief": self.brief, "error": self.error}
        for entry in self.entries:
            yield {"brief": self.brief, **entry.to_dict(None)}


@dataclass(frozen=True)
class BatchResult:
    outcomes: tuple[BriefOutcome, ...]  # in the order the briefs were given

    @property
    def failed(self) -> int:
        return sum(1 for o in self.outcomes if o.error is not None)

    @property
    def authorities(self) -> int:
        return sum(len(o.entries) for o in self.outcomes)

    def total(self, verdict: str) -> int:
        return sum(o.count(verdict) for o in self.outcomes)

    def notes(self) -> list[str]:
        """The checks' notes, each once (an index that could not be read is every brief's note)."""
        return list(dict.fromkeys(n for o in self.outcomes for n in o.notes))

    def summary(self) -> str:
        """The table printed at the end of a batch."""
        rows = [
            ("Briefs", len(self.outcomes)),
            ("Failed to open", self.failed),
            ("Authorities", self.authorities),
            ("Verified", self.total(VERIFIED)),
            ("Flagged", self.total(NEEDS_ATTENTION)),
            ("Not checked", self.total(NOT_VERIFIED)),
        ]
        width = max(len(name) for name, _ in rows)
        return "\n".join([f"{name:<{width}}  {n:>7,}" for name, n in rows] + [f"Note: {n}" for n in self.notes()])


def briefs_in(paths: Iterable[str]) -> tuple[Path, ...]:
    """The briefs named: every .docx under a folder (recursively, in name order, leaving out
    toa's own copies and Word's lock files), and each file as named (a file that is no brief is
    an outcome with its error, not a stop)."""
    found: list[Path] = []
    for name in paths:
        path = Path(name)
        if not path.is_dir():
            found.append(path)
            continue
        inside = sorted(
            p
            for p in path.rglob("*")
            if p.suffix.lower() == ".docx"
            and p.is_file()
            and not p.name.lower().endswith(OWN_OUTPUTS)
            and not p.name.startswith("~$")
        )
        if not inside:
            raise BuildError(f"{name}: no .docx brief in this folder")
        found += inside
    return tuple(dict.fromkeys(found))  # a brief named twice is checked once


Shown = Callable[[BriefOutcome, int, int], None]  # (outcome, done, total), as each brief ends


def check(batch: Batch, shown: Shown | None = None) -> BatchResult:
    """Check every brief of the batch; `shown` hears of each as it ends (in the order they end)."""
    tell = shown or (lambda *_a: None)
    by_brief: dict[str, BriefOutcome] = {}
    total = len(batch.briefs)

    def ended(outcome: BriefOutcome) -> None:
        by_brief[outcome.brief] = outcome
        tell(outcome, len(by_brief), total)

    jobs = max(1, min(batch.jobs, total))
    if jobs == 1:  # no worker: this process checks them all, with one index and one LibreOffice
        kept = _Kept.open(batch)
        try:
            for brief in batch.briefs:
                ended(_check_brief(brief, batch, kept))
        finally:
            kept.close()
    else:
        _in_workers(batch, jobs, ended)
    return BatchResult(tuple(by_brief[str(b)] for b in batch.briefs))


def _in_workers(batch: Batch, jobs: int, ended: Callable[[BriefOutcome], None]) -> None:
    """`jobs` worker processes, each given the next brief as it ends one. A worker that dies (a
    crash, the kernel's out-of-memory killer) ends its brief's check with that error and another
    takes its place; an interrupt stops them all."""
    context = multiprocessing.get_context("spawn")  # no fork of a process that may hold threads
    waiting = list(reversed(batch.briefs))
    busy: dict[Connection, tuple[BaseProcess, Path]] = {}

    def give(conn: Connection, worker: BaseProcess) -> None:
        brief = waiting.pop() if waiting else None
        try:
            conn.send(brief)  # None: nothing left, the worker closes what it kept and ends
        except OSError:  # the worker died between two briefs: another takes its place
            if brief is not None:
                waiting.append(brief)
                brief = None
                start()
        if brief is None:
            conn.close()
            worker.join()
        else:
            busy[conn] = (worker, brief)

    def start() -> None:
        conn, theirs = context.Pipe()
        worker = context.Process(target=_work, args=(batch, theirs), name="toa-batch-worker")
        worker.start()
        theirs.close()  # the worker's end is the worker's alone: its death is this end's EOF
        give(conn, worker)

    try:
        for _ in range(jobs):
            start()
        while busy:
            for conn in wait(list(busy)):
                assert isinstance(conn, Connection)
                worker, brief = busy.pop(conn)
                try:
                    outcome = conn.recv()
                except EOFError:
                    conn.close()
                    worker.join()
                    ended(BriefOutcome(str(brief), error=_died(worker.exitcode)))
                    if waiting:
                        start()
                    continue
                ended(outcome)
                give(conn, worker)
    finally:  # after an interrupt or a failure here: no worker outlives the batch
        for conn, (worker, _brief) in busy.items():
            worker.terminate()
            worker.join()
            conn.close()


def _died(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        return f"the process checking it was killed by {signal.Signals(-exitcode).name}"
    return f"the process checking it ended with status {exitcode}"


def _work(batch: Batch, conn: Connection) -> None:
    """A worker: it keeps the index and a LibreOffice open and checks each brief it is sent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle: it ends the workers
    kept = _Kept.open(batch)
    try:
        while (brief := conn.recv()) is not None:
            conn.send(_check_brief(brief, batch, kept))
    except (EOFError, BrokenPipeError):  # the batch has ended without this worker's answer
        pass
    finally:
        kept.close()


@dataclass
class _Kept:
    """What a worker keeps open from one brief to the next: the case index (None when there is
    none or it cannot be read: then each brief's check tries it and its notes say why it was not
    used) and a LibreOffice kept running (None: one is started per rendering, as toa check does)."""

    index: case_index.CaseIndex | None = None
    office: Office | None = None

    @classmethod
    def open(cls, batch: Batch) -> _Kept:
        office = None
        if batch.pages in ("auto", "render"):
            from ..render import Office

            office = Office()
            office = office if office.available else None
        return cls(case_index.open_for(batch.settings)[0], office)

    def close(self) -> None:
        if self.office is not None:
            self.office.close()
        if self.index is not None:
            self.index.close()


def _check_brief(brief: Path, batch: Batch, kept: _Kept) -> BriefOutcome:
    from .. import pipeline
    from ..report import build_report

    started = time.perf_counter()
    try:
        result = pipeline.analyse(
            str(brief), batch.style, batch.pages, batch.template, batch.options, office=kept.office, passim=batch.passim
        )
        pipeline.verify_analysis(result, batch.settings, index=kept.index)
    except BuildError as exc:
        return BriefOutcome(str(brief), error=str(exc), seconds=time.perf_counter() - started)
    except Exception as exc:  # a bug of ours on one brief: said as toa says it, and the batch goes on
        error = f"unexpected failure ({type(exc).__name__}: {exc})"
        return BriefOutcome(str(brief), error=error, seconds=time.perf_counter() - started)
    report = build_report(result)
    notes = tuple(result.verification.notes) if result.verification is not None else ()
    entries = tuple(e for h in report.headings for e in h.entries)
    return BriefOutcome(str(brief), entries, notes, seconds=time.perf_counter() - started)


def default_jobs() -> int:
    return os.cpu_count() or 1
