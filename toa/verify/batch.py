"""check(Batch, shown) -> BatchResult: many briefs checked in one run (`toa check DIR... --jsonl OUT`).

A process pool sized to the cores checks the briefs; each worker opens the case index once, and
keeps it and one LibreOffice (when it can be kept running) for every brief it is given. A brief
that cannot be read is an outcome with its error, and the run goes on. Nothing is written beside
the briefs: each authority's report entry (with the text its Word comment would have) goes to
the JSON lines instead.
"""

from __future__ import annotations

import multiprocessing
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
    jobs = max(1, min(batch.jobs, total))
    if jobs == 1:  # no pool: this process checks them all, with one index and one LibreOffice
        kept = _Kept.open(batch)
        try:
            for brief in batch.briefs:
                outcome = _check_brief(brief, batch, kept)
                by_brief[outcome.brief] = outcome
                tell(outcome, len(by_brief), total)
        finally:
            kept.close()
    else:
        with multiprocessing.get_context("spawn").Pool(jobs, initializer=_start_worker, initargs=(batch,)) as pool:
            for outcome in pool.imap_unordered(_worker_check, batch.briefs):
                by_brief[outcome.brief] = outcome
                tell(outcome, len(by_brief), total)
    return BatchResult(tuple(by_brief[str(b)] for b in batch.briefs))


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


# A pool's worker is a process of its own: what it keeps between briefs (the batch, its index and
# its LibreOffice) can be handed to it only by its initializer, so it lives here, in that process.
# When the worker ends, its LibreOffice's watchdog (render._LAUNCHER) stops LibreOffice too.
_worker: dict[str, Any] = {}


def _start_worker(batch: Batch) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle: it ends the pool
    _worker.update(batch=batch, kept=_Kept.open(batch))


def _worker_check(brief: Path) -> BriefOutcome:
    return _check_brief(brief, _worker["batch"], _worker["kept"])


def default_jobs() -> int:
    return os.cpu_count() or 1
