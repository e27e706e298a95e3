"""The local case index: CourtListener's citations, clusters, dockets and courts of one bulk
generation in one SQLite file, so that cases are looked up with no network, no token and no
rate limit.

Only what verification reads is kept: citation (reporter, volume, page -> cluster, with its type),
cluster (its names, date filed and whether that date is approximate, docket, precedential
status), docket -> court, and the courts. A build writes `<index>.building` beside the index and
renames it into place once complete, so a failed or interrupted build leaves the previous index
in use; a lock file beside the index keeps two builds apart, and the next build removes a
temporary file an interrupted one left.
"""

from __future__ import annotations

import os
import re
import sqlite3
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from .. import __version__
from .bulk import BulkError, Generation, newest_generation, rows
from .cases import CaseWork
from .courtlistener import Answer
from .names import matches_any
from .settings import Settings, index_path

__all__ = ["CaseIndex", "CaseIndexError", "Coverage", "IndexStatus", "build", "describe", "index_path", "remove"]

SCHEMA_VERSION = 1
DENSE_VOLUME = 20  # cases of a volume the index must hold to bound a case's pages by the next one
STALE_DAYS = 183  # a snapshot older than six months misses a season of decisions: say so
_BATCH = 20_000
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;
CREATE TABLE court (
    id TEXT PRIMARY KEY, short_name TEXT, full_name TEXT, citation_string TEXT, jurisdiction TEXT
) WITHOUT ROWID;
CREATE TABLE docket (id INTEGER PRIMARY KEY, court_id TEXT);
CREATE TABLE cluster (
    id INTEGER PRIMARY KEY, case_name TEXT, case_name_short TEXT, case_name_full TEXT, date_filed TEXT,
    date_approximate INTEGER, docket_id INTEGER, precedential_status TEXT
);
CREATE TABLE citation (
    reporter TEXT NOT NULL, volume INTEGER NOT NULL, page TEXT NOT NULL, cluster_id INTEGER NOT NULL, type INTEGER,
    PRIMARY KEY (reporter, volume, page, cluster_id)
) WITHOUT ROWID;
"""
_TABLES = ("citation", "cluster", "docket", "court")


class CaseIndexError(Exception):
    """The index cannot be built, read or removed; the message is one line for the user."""


@dataclass(frozen=True)
class Coverage:
    """What a smaller index keeps: the cases of some courts, from some year (all when empty)."""

    courts: tuple[str, ...] = ()
    since: int | None = None

    def describe(self) -> str:
        courts = f"courts {', '.join(self.courts)}" if self.courts else "every court"
        return f"{courts}, {f'from {self.since}' if self.since else 'every year'}"

    def complete(self) -> bool:
        return not self.courts and self.since is None


@dataclass
class IndexStatus:
    path: Path
    snapshot: str  # the bulk generation's date, YYYY-MM-DD
    built_at: str
    build_seconds: float
    toa_version: str
    coverage: Coverage
    counts: dict[str, int] = field(default_factory=dict)
    size: int = 0

    def age_days(self, today: date) -> int:
        return (today - date.fromisoformat(self.snapshot)).days

    def source(self) -> str:
        """How a verdict names where it comes from."""
        return f"CourtListener bulk snapshot of {self.snapshot}"


# -- building -------------------------------------------------------------------------------------
Progress = Callable[[str, int], None]  # (table, rows read so far)


def build(folder: Path, target: Path, coverage: Coverage = Coverage(), progress: Progress | None = None) -> IndexStatus:
    """Build the index of the newest bulk generation in `folder` at `target`, atomically."""
    progress = progress or (lambda table, n: None)
    try:
        generation = newest_generation(folder)
    except BulkError as exc:
        raise CaseIndexError(str(exc)) from None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CaseIndexError(f"{target.parent}: the index's folder cannot be made ({exc.strerror})") from None
    building = target.with_name(target.name + ".building")
    started = time.monotonic()
    with _lock(target):
        building.unlink(missing_ok=True)  # an interrupted build's, which held the lock before us
        try:
            db = sqlite3.connect(building)
            try:
                _fill(db, generation, coverage, progress)
                _write_meta(db, generation, coverage, time.monotonic() - started)
                db.commit()
            finally:
                db.close()
            os.replace(building, target)
        except BulkError as exc:
            building.unlink(missing_ok=True)
            raise CaseIndexError(str(exc)) from None
        except (sqlite3.Error, OSError) as exc:
            building.unlink(missing_ok=True)
            raise CaseIndexError(f"{target}: the index could not be written ({exc})") from None
        except BaseException:
            building.unlink(missing_ok=True)
            raise
    index = CaseIndex.open(target)
    assert index is not None  # just written
    try:
        return index.status()
    finally:
        index.close()


class _lock:
    """An exclusive lock on `<index>.lock`, released by the system if the build dies."""

    def __init__(self, target: Path):
        self.path = target.with_name(target.name + ".lock")

    def __enter__(self):
        try:
            self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as exc:
            raise CaseIndexError(f"{self.path}: cannot be written ({exc.strerror})") from None
        try:
            _try_lock(self.fd)
        except OSError:
            os.close(self.fd)
            raise CaseIndexError(f"another toa index build is running ({self.path})") from None
        return self

    def __exit__(self, *exc):
        os.close(self.fd)  # closing releases the lock; the file stays, empty, for the next build


def _try_lock(fd: int) -> None:
    if sys.platform == "win32":
        import msvcrt

        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _fill(db: sqlite3.Connection, generation: Generation, coverage: Coverage, progress: Progress) -> None:
    db.executescript("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -200000;" + _SCHEMA)
    files = generation.files
    if "courts" in files:
        _load(
            db,
            files["courts"],
            ("id", "short_name", "full_name", "citation_string", "jurisdiction"),
            "INSERT INTO court VALUES (?, ?, ?, ?, ?)",
            lambda v: v,
            progress,
            "courts",
        )
    if "dockets" in files:
        wanted = set(coverage.courts)
        _load(
            db,
            files["dockets"],
            ("id", "court_id"),
            "INSERT INTO docket VALUES (?, ?)",
            lambda v: (_int(v[0], "id"), v[1]) if not wanted or v[1] in wanted else None,
            progress,
            "dockets",
        )
    since = coverage.since
    _load(
        db,
        files["opinion-clusters"],
        (
            "id",
            "case_name",
            "case_name_short",
            "case_name_full",
            "date_filed",
            "date_filed_is_approximate",
            "docket_id",
            "precedential_status",
        ),
        "INSERT INTO cluster VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        lambda v: _cluster(v, since),
        progress,
        "clusters",
    )
    if coverage.courts:
        db.execute("DELETE FROM cluster WHERE docket_id NOT IN (SELECT id FROM docket)")
    _load(
        db,
        files["citations"],
        ("volume", "reporter", "page", "cluster_id", "type"),
        "INSERT INTO citation VALUES (?, ?, ?, ?, ?)",
        _citation,
        progress,
        "citations",
    )
    # a citation of a cluster the index does not hold (outside its coverage) names no case
    db.execute("DELETE FROM citation WHERE cluster_id NOT IN (SELECT id FROM cluster)")
    if coverage.courts:
        db.execute("DELETE FROM docket WHERE id NOT IN (SELECT docket_id FROM cluster)")
    progress("the parallel citations' index", 0)
    db.execute("CREATE INDEX citation_of_cluster ON citation (cluster_id)")  # a case's parallel cites


class _Rejected(ValueError):
    """A value a row cannot hold (the message names the column and the value)."""


def _int(value: str | None, column: str) -> int:
    try:
        return int(value or "")
    except ValueError:
        raise _Rejected(f"{column} {value!r} is not a number") from None


def _cluster(v: list[str | None], since: int | None) -> tuple | None:
    cid, name, short, full, filed, approximate, docket, status = v
    if filed is not None and not _DATE.fullmatch(filed[:10]):
        raise _Rejected(f"date_filed {filed!r} is not a date")
    if since is not None and (filed is None or int(filed[:4]) < since):
        return None
    full = full if full and full != name else None  # the full name only where it says more
    flag = 1 if (approximate or "").lower() in ("t", "true", "1") else 0
    return (_int(cid, "id"), name, short, full, filed[:10] if filed else None, flag, _int(docket, "docket_id"), status)


def _citation(v: list[str | None]) -> tuple | None:
    volume, reporter, page, cluster, kind = v
    if not reporter or not page:
        raise _Rejected("a citation without its reporter or page")
    return (reporter, _int(volume, "volume"), page, _int(cluster, "cluster_id"), int(kind) if kind else None)


def _load(
    db: sqlite3.Connection,
    path: Path,
    columns: tuple[str, ...],
    sql: str,
    convert: Callable[[list[str | None]], tuple | list | None],
    progress: Progress,
    table: str,
) -> None:
    batch: list[tuple[int, tuple | list]] = []
    count = 0
    for line, values in rows(path, columns):
        try:
            row = convert(values)
        except _Rejected as exc:
            raise BulkError(f"{path.name}, line {line}: {exc}") from None
        if row is None:
            continue
        batch.append((line, row))
        if len(batch) >= _BATCH:
            count += _insert(db, sql, batch, path)
            progress(table, count)
            batch = []
    count += _insert(db, sql, batch, path)
    progress(table, count)


def _insert(db: sqlite3.Connection, sql: str, batch: list[tuple[int, tuple | list]], path: Path) -> int:
    try:
        with db:
            db.executemany(sql, (row for _, row in batch))
    except sqlite3.IntegrityError:
        for line, row in batch:  # which row: the batch was rolled back, so insert one by one
            try:
                db.execute(sql, row)
            except sqlite3.IntegrityError:
                raise BulkError(f"{path.name}, line {line}: a second row with the key {row[0]!r}") from None
        db.commit()
    return len(batch)


def _write_meta(db: sqlite3.Connection, generation: Generation, coverage: Coverage, seconds: float) -> None:
    values = {
        "schema_version": str(SCHEMA_VERSION),
        "toa_version": __version__,
        "snapshot": generation.date,
        "built_at": datetime.now().isoformat(timespec="seconds"),
        "build_seconds": f"{seconds:.1f}",
        "courts": ",".join(coverage.courts),
        "since": str(coverage.since or ""),
    }
    for table in _TABLES:
        values[f"rows_{table}"] = str(db.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
    db.executemany("INSERT INTO meta VALUES (?, ?)", values.items())


# -- reading --------------------------------------------------------------------------------------
class CaseIndex:
    """An index opened read-only. `clusters_at` answers a citation as CourtListener's lookup does:
    every cluster at that reporter, volume and page (one page can start several)."""

    def __init__(self, path: Path, db: sqlite3.Connection, meta: dict[str, str]):
        self.path, self.db, self.meta = path, db, meta

    @classmethod
    def open(cls, path: Path) -> CaseIndex | None:
        """The index at `path`, or None when there is none; CaseIndexError when the file is not
        an index this version of toa reads."""
        if not path.is_file():
            return None
        try:
            db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False)
            meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.Error:
            raise CaseIndexError(f"{path}: not a toa case index (run toa index build)") from None
        if meta.get("schema_version") != str(SCHEMA_VERSION):
            db.close()
            raise CaseIndexError(
                f"{path}: a case index of another toa version (schema {meta.get('schema_version', '?')}, "
                f"toa {meta.get('toa_version', '?')}): build it again with toa index build"
            )
        return cls(path, db, meta)

    def close(self) -> None:
        self.db.close()

    def coverage(self) -> Coverage:
        courts = tuple(c for c in self.meta.get("courts", "").split(",") if c)
        since = self.meta.get("since")
        return Coverage(courts, int(since) if since else None)

    def status(self) -> IndexStatus:
        return IndexStatus(
            path=self.path,
            snapshot=self.meta["snapshot"],
            built_at=self.meta["built_at"],
            build_seconds=float(self.meta["build_seconds"]),
            toa_version=self.meta["toa_version"],
            coverage=self.coverage(),
            counts={t: int(self.meta[f"rows_{t}"]) for t in _TABLES},
            size=self.path.stat().st_size,
        )

    def clusters_at(self, reporter: str, volume: int, page: str) -> list[dict]:
        """The clusters a citation names, each with the fields of CourtListener's lookup answer
        that the checks read (and its court, which the API leaves on the docket)."""
        found = self.db.execute(
            "SELECT c.id, c.case_name, c.case_name_short, c.case_name_full, c.date_filed, c.date_approximate, "
            "c.docket_id, c.precedential_status, d.court_id FROM citation t JOIN cluster c ON c.id = t.cluster_id "
            "LEFT JOIN docket d ON d.id = c.docket_id WHERE t.reporter = ? AND t.volume = ? AND t.page = ? "
            "ORDER BY c.id",
            (reporter, volume, page),
        ).fetchall()
        return [_as_cluster(row, self.citations_of(row[0])) for row in found]

    def citations_of(self, cluster_id: int) -> list[dict]:
        cites = self.db.execute(
            "SELECT volume, reporter, page, type FROM citation WHERE cluster_id = ? ORDER BY reporter, volume",
            (cluster_id,),
        )
        return [{"volume": v, "reporter": r, "page": p, "type": t} for v, r, p, t in cites]

    def next_first_page(self, reporter: str, volume: int, page: int) -> int | None:
        """The first page of the next case in the volume: the end of a case that starts at `page`."""
        row = self.db.execute(
            "SELECT min(CAST(page AS INTEGER)) FROM citation WHERE reporter = ? AND volume = ? "
            "AND page GLOB '[0-9]*' AND page NOT GLOB '*[^0-9]*' AND CAST(page AS INTEGER) > ?",
            (reporter, volume, page),
        ).fetchone()
        return row[0]

    def named_in_volume(self, reporter: str, volume: int, name: str) -> list[dict]:
        """The volume's cases that go by `name` (both parties), as CourtListener's search shows a
        hit: a citation to a page where no case begins may be a mistyped page of one of them."""
        rows = self.db.execute(
            "SELECT c.id, c.case_name, c.case_name_full, c.date_filed, d.court_id FROM citation t "
            "JOIN cluster c ON c.id = t.cluster_id LEFT JOIN docket d ON d.id = c.docket_id "
            "WHERE t.reporter = ? AND t.volume = ?",
            (reporter, volume),
        ).fetchall()
        return [
            {
                "cluster_id": cid,
                "caseName": case_name,
                "caseNameFull": full or "",
                "dateFiled": filed,
                "court_id": court,
                "citation": [f"{c['volume']} {c['reporter']} {c['page']}" for c in self.citations_of(cid)],
            }
            for cid, case_name, full, filed, court in rows
            if matches_any(name, case_name, full)
        ]

    def containing(self, reporter: str, volume: int, page: str, name: str) -> list[dict]:
        """The case of `name` whose pages hold `page` (it begins before it and the next case of a
        densely held volume does not begin before it either), as [its cluster]; else []."""
        if not page.isdigit():
            return []
        row = self.db.execute(
            "SELECT max(CAST(page AS INTEGER)) FROM citation WHERE reporter = ? AND volume = ? "
            "AND page NOT GLOB '*[^0-9]*' AND CAST(page AS INTEGER) < ?",
            (reporter, volume, int(page)),
        ).fetchone()
        begins = row[0]
        if begins is None:
            return []
        bound = self.bound(reporter, volume, str(begins))
        if bound is None or bound < int(page):
            return []
        return [
            c
            for c in self.clusters_at(reporter, volume, str(begins))
            if matches_any(name, c["case_name"], c["case_name_full"])
        ]

    def last_first_page(self, reporter: str, volume: int) -> int | None:
        """The first page of the volume's last case the index holds, in a volume it holds densely."""
        held, last = self.db.execute(
            "SELECT count(*), max(CASE WHEN page NOT GLOB '*[^0-9]*' THEN CAST(page AS INTEGER) END) "
            "FROM citation WHERE reporter = ? AND volume = ?",
            (reporter, volume),
        ).fetchone()
        return last if held >= DENSE_VOLUME else None

    def bound(self, reporter: str, volume: int, page: str) -> int | None:
        """Where a case starting at `page` ends at the latest: the next case's first page, in a
        volume the index holds densely (DENSE_VOLUME cases or more: a reporter CourtListener
        covers, not a volume of which it has a few cases); None when it cannot say."""
        if not page.isdigit():
            return None
        held = self.db.execute(
            "SELECT count(*) FROM citation WHERE reporter = ? AND volume = ?", (reporter, volume)
        ).fetchone()[0]
        return self.next_first_page(reporter, volume, int(page)) if held >= DENSE_VOLUME else None


def _as_cluster(row: tuple, citations: list[dict]) -> dict:
    cid, name, short, full, filed, approximate, docket, status, court = row
    return {
        "id": cid,
        "case_name": name or "",
        "case_name_short": short or "",
        "case_name_full": full or "",
        "date_filed": filed,
        "date_filed_is_approximate": bool(approximate),
        "docket_id": docket,
        "precedential_status": status,
        "court_id": court,
        "citations": citations,
    }


def remove(path: Path) -> bool:
    """Delete the index at `path` (False when there is none); a file that is not a toa index is
    left alone."""
    index = CaseIndex.open(path)
    if index is None:
        return False
    index.close()
    path.unlink()
    return True


def describe(status: IndexStatus, today: date) -> Iterator[str]:
    """`toa index status`, line by line."""
    size = status.size / 2**20
    minutes, seconds = divmod(round(status.build_seconds), 60)
    took = f"{minutes} min {seconds} s" if minutes else f"{seconds} s"
    yield f"Index: {status.path} ({size:,.1f} MB)"
    yield f"Snapshot: {status.source()} (built {status.built_at.replace('T', ' ')} in {took}, toa {status.toa_version})"
    yield f"Coverage: {status.coverage.describe()}"
    counts = status.counts
    yield (
        f"Rows: {counts['citation']:,} citations, {counts['cluster']:,} clusters, "
        f"{counts['docket']:,} dockets, {counts['court']:,} courts"
    )
    age = status.age_days(today)
    if age > STALE_DAYS:
        yield (
            f"Warning: the snapshot is {age} days old (more than six months): cases decided since are not in it; "
            "build it again from newer bulk files"
        )


def parse_courts(text: str | None) -> tuple[str, ...]:
    return tuple(sorted({c.strip().lower() for c in (text or "").split(",") if c.strip()}))


# -- answering a check --------------------------------------------------------------------------
def open_for(settings: Settings) -> tuple[CaseIndex | None, str | None]:
    """The settings' index, or None and why it cannot be read (a note of the run, not a crash)."""
    if settings.case_index is None:
        return None, None
    try:
        return CaseIndex.open(settings.case_index), None
    except CaseIndexError as exc:
        return None, f"the case index was not used: {exc}"


def answers(index: CaseIndex, works: list[CaseWork], settings: Settings) -> dict[str, Answer]:
    """The lookup answer of every citation the index can answer, by its canonical text. A citation
    the index does not hold is left for CourtListener's API when it can be asked (a case filed
    after the snapshot, a court outside a smaller index); when it cannot, the index answers: no
    case there as of its snapshot (a full index), or not checked (one it does not cover)."""
    status = index.status()
    source = status.source()
    ask_api = settings.network and bool(settings.token)
    snapshot_year, this_year = int(status.snapshot[:4]), settings.today().year
    coverage = status.coverage
    found: dict[str, Answer] = {}
    for work in works:
        for std in ([work.std] if work.std else []) + work.parallel + work.history:
            if std.coverage == "none" or std.citation in found or not std.volume.isdigit():
                continue
            clusters = index.clusters_at(std.reporter, int(std.volume), std.page)
            name = work.record.case_name if std is work.std else None
            if not clusters and name:  # a page inside a case of that name, as the API matches by star pages
                clusters = index.containing(std.reporter, int(std.volume), std.page, name)
            if clusters:
                found[std.citation] = Answer(
                    status=200,
                    clusters=clusters,
                    normalized=[std.citation],
                    source=source,
                    next_case_page=index.bound(std.reporter, int(std.volume), std.page),
                )
            elif ask_api:
                continue
            elif work.record.year and snapshot_year <= work.record.year <= this_year:
                found[std.citation] = Answer(
                    not_checked=f"a case of {work.record.year} may be newer than the case index ({source})",
                    source=source,
                )
            elif not coverage.complete():
                found[std.citation] = Answer(
                    not_checked=f"outside the case index ({coverage.describe()}; {source})", source=source
                )
            else:
                volume = int(std.volume)
                found[std.citation] = Answer(
                    status=404,
                    source=source,
                    near=index.named_in_volume(std.reporter, volume, name) if name else [],
                    last_case_page=index.last_first_page(std.reporter, volume),
                )
    return found
