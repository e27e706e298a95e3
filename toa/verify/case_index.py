"""The local case index: CourtListener's citations, clusters, dockets and courts of one bulk
generation in one SQLite file, so that cases are looked up with no network, no token and no
rate limit.

Only what verification reads is kept, as compactly as SQLite stores it, for the real tables are
large (some 18 million citations and 10 million clusters): a citation is (reporter, volume, page
-> cluster), the reporter a small number (the `reporter` table names it) and the page a number
where it is one; a cluster has its names, the day it was filed (a day number), whether that day
is approximate, its precedential status (a small code, `STATUSES`) and its court (a small number,
the `court` table names it), read from its docket while building, so that no docket is kept. A
build writes `<index>.building` (and `<index>.scratch`, the dockets and the citations on their
way in) beside the index and renames it into place once complete, so a failed or interrupted
build leaves the previous index in use; a lock file beside the index keeps two builds apart, and
the next build removes the temporary files an interrupted one left.
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
from .courtlistener import STATUSES, Answer
from .names import matches_any
from .settings import Settings, index_path

__all__ = ["CaseIndex", "CaseIndexError", "Coverage", "IndexStatus", "build", "describe", "index_path", "remove"]

SCHEMA_VERSION = 2  # 2: reporters, courts and statuses as small numbers, days as numbers, no docket table
DENSE_VOLUME = 20  # cases of a volume the index must hold to bound a case's pages by the next one
STALE_DAYS = 183  # a snapshot older than six months misses a season of decisions: say so
_BATCH = 20_000
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")

# The page is typeless: a number where the page is one (fewer bytes, and the next case's first
# page is the next number), else the text ("___", "12a"). SQLite orders every number before any
# text, so `page < ''` keeps the numbers only.
_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;
CREATE TABLE court (
    code INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, short_name TEXT, full_name TEXT, citation_string TEXT,
    jurisdiction TEXT
);
CREATE TABLE reporter (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE cluster (
    id INTEGER PRIMARY KEY, case_name TEXT, case_name_short TEXT, case_name_full TEXT, date_filed INTEGER,
    date_approximate INTEGER, precedential_status INTEGER, court INTEGER
);
CREATE TABLE citation (
    reporter INTEGER NOT NULL, volume INTEGER NOT NULL, page NOT NULL, cluster_id INTEGER NOT NULL,
    PRIMARY KEY (reporter, volume, page, cluster_id)
) WITHOUT ROWID;
"""
# What a build holds only while it runs: each docket's court, for its clusters; the citations in
# the order they are read, with their lines (to name a duplicate's), sorted into `citation` at the end.
_SCRATCH = """
CREATE TABLE scratch.docket (id INTEGER PRIMARY KEY, court INTEGER);
CREATE TABLE scratch.citation (line INTEGER, reporter INTEGER, volume INTEGER, page, cluster_id INTEGER);
"""
_TABLES = ("citation", "cluster", "docket", "court")  # the rows `toa index status` counts
_KEPT = ("citation", "cluster", "court")


def page_key(page: str) -> int | str:
    """How the index holds a page: "155" as 155; "___", "12a" or "0155" as written."""
    return int(page) if page.isdigit() and page == str(int(page)) else page


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
    scratch = target.with_name(target.name + ".scratch")
    started = time.monotonic()
    with _lock(target):
        for left in (building, scratch):
            left.unlink(missing_ok=True)  # an interrupted build's, which held the lock before us
        try:
            db = sqlite3.connect(building)
            try:
                dockets = _fill(db, scratch, generation, coverage, progress)
                _write_meta(db, generation, coverage, dockets, time.monotonic() - started)
                db.commit()
            finally:
                db.close()
                scratch.unlink(missing_ok=True)
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


_COURT_OF_DOCKET = "SELECT court FROM scratch.docket WHERE id = ?"


def _fill(db: sqlite3.Connection, scratch: Path, generation: Generation, coverage: Coverage, progress: Progress) -> int:
    """Fill the index; the number of dockets whose courts it took."""
    db.executescript("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -200000;" + _SCHEMA)
    db.execute("ATTACH DATABASE ? AS scratch", (str(scratch),))
    db.executescript("PRAGMA scratch.journal_mode = OFF; PRAGMA scratch.synchronous = OFF;" + _SCRATCH)
    files, codes = generation.files, _Codes(db)
    if "courts" in files:
        _load(
            db,
            files["courts"],
            ("id", "short_name", "full_name", "citation_string", "jurisdiction"),
            "INSERT INTO court (id, short_name, full_name, citation_string, jurisdiction) VALUES (?, ?, ?, ?, ?)",
            lambda v: v,
            progress,
            "courts",
        )
    codes.courts.update(db.execute("SELECT id, code FROM court"))
    if "dockets" in files:
        wanted = set(coverage.courts)
        _load(
            db,
            files["dockets"],
            ("id", "court_id"),
            "INSERT INTO scratch.docket VALUES (?, ?)",
            lambda v: (_int(v[0], "id"), codes.court(v[1])) if not wanted or v[1] in wanted else None,
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
            "precedential_status",
            "docket_id",
        ),
        # the docket's court, which is not kept; a smaller index for some courts keeps only the
        # clusters of the dockets it kept
        "INSERT INTO cluster SELECT ?, ?, ?, ?, ?, ?, ?, "
        + ("court FROM scratch.docket WHERE id = ?" if coverage.courts else f"({_COURT_OF_DOCKET})"),
        lambda v: _cluster(v, since),
        progress,
        "clusters",
    )
    _load(
        db,
        files["citations"],
        ("volume", "reporter", "page", "cluster_id"),
        "INSERT INTO scratch.citation VALUES (?, ?, ?, ?, ?)",
        lambda v: _citation(v, codes),
        progress,
        "citations",
        numbered=True,
    )
    db.executemany("INSERT INTO reporter VALUES (?, ?)", ((code, name) for name, code in codes.reporters.items()))
    progress("the citations, in order", 0)
    _sort_citations(db, files["citations"])
    progress("the parallel citations' index", 0)
    db.execute("CREATE INDEX citation_of_cluster ON citation (cluster_id)")  # a case's parallel cites
    dockets = db.execute("SELECT count(*) FROM scratch.docket").fetchone()[0]  # read for their courts
    db.commit()
    db.execute("DETACH DATABASE scratch")
    return dockets


class _Codes:
    """The small numbers that stand for courts and reporters, given as they are first met."""

    def __init__(self, db: sqlite3.Connection):
        self.db, self.courts, self.reporters = db, dict[str, int](), dict[str, int]()

    def court(self, court_id: str | None) -> int | None:
        if court_id is None:
            return None
        code = self.courts.get(court_id)
        if code is None:  # a court the courts file does not list: known by its id alone
            cursor = self.db.execute("INSERT INTO court (id) VALUES (?)", (court_id,))
            code = self.courts[court_id] = int(cursor.lastrowid or 0)
        return code

    def reporter(self, name: str) -> int:
        return self.reporters.setdefault(name, len(self.reporters) + 1)


def _sort_citations(db: sqlite3.Connection, path: Path) -> None:
    """The citations read, in the order of their key (a B-tree filled in order has full pages),
    of the clusters the index holds (a smaller index's, or any: a cluster missing from the file
    names no case)."""
    try:
        with db:
            db.execute(
                "INSERT INTO citation SELECT reporter, volume, page, cluster_id FROM scratch.citation "
                "WHERE cluster_id IN (SELECT id FROM cluster) ORDER BY reporter, volume, page, cluster_id"
            )
    except sqlite3.IntegrityError:
        line, cluster = db.execute(
            "SELECT max(line), cluster_id FROM scratch.citation GROUP BY reporter, volume, page, cluster_id "
            "HAVING count(*) > 1 ORDER BY 1 LIMIT 1"
        ).fetchone()
        raise BulkError(f"{path.name}, line {line}: a second citation of cluster {cluster} at that page") from None


class _Rejected(ValueError):
    """A value a row cannot hold (the message names the column and the value)."""


def _int(value: str | None, column: str) -> int:
    try:
        return int(value or "")
    except ValueError:
        raise _Rejected(f"{column} {value!r} is not a number") from None


_STATUS = {status: code for code, status in enumerate(STATUSES)}


def _cluster(v: list[str | None], since: int | None) -> tuple | None:
    cid, name, short, full, filed, approximate, status, docket = v
    day = None
    if filed is not None:
        try:
            day = date.fromisoformat(filed[:10]).toordinal() if _DATE.fullmatch(filed[:10]) else None
        except ValueError:
            pass
        if day is None:
            raise _Rejected(f"date_filed {filed!r} is not a date")
    if since is not None and (filed is None or int(filed[:4]) < since):
        return None
    full = full if full and full != name else None  # the full name only where it says more
    flag = 1 if (approximate or "").lower() in ("t", "true", "1") else 0
    code = _STATUS.get(status or "Unknown", _STATUS["Unknown"])
    docket_id = _int(docket, "docket_id")
    return (_int(cid, "id"), name, short, full, day, flag, code, docket_id)


def _citation(v: list[str | None], codes: _Codes) -> tuple | None:
    volume, reporter, page, cluster = v
    if not reporter or not page:
        raise _Rejected("a citation without its reporter or page")
    return (codes.reporter(reporter), _int(volume, "volume"), page_key(page), _int(cluster, "cluster_id"))


def _load(
    db: sqlite3.Connection,
    path: Path,
    columns: tuple[str, ...],
    sql: str,
    convert: Callable[[list[str | None]], tuple | list | None],
    progress: Progress,
    table: str,
    numbered: bool = False,
) -> None:
    """The rows of `path` into the database by `sql`, each converted (None: not kept); `numbered`
    rows begin with their line in the file."""
    batch: list[tuple[int, tuple | list]] = []
    count = 0
    for line, values in rows(path, columns):
        try:
            row = convert(values)
        except _Rejected as exc:
            raise BulkError(f"{path.name}, line {line}: {exc}") from None
        if row is None:
            continue
        batch.append((line, (line, *row) if numbered else row))
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


def _write_meta(
    db: sqlite3.Connection, generation: Generation, coverage: Coverage, dockets: int, seconds: float
) -> None:
    values = {
        "schema_version": str(SCHEMA_VERSION),
        "toa_version": __version__,
        "snapshot": generation.date,
        "built_at": datetime.now().isoformat(timespec="seconds"),
        "build_seconds": f"{seconds:.1f}",
        "courts": ",".join(coverage.courts),
        "since": str(coverage.since or ""),
    }
    for table in _KEPT:
        values[f"rows_{table}"] = str(db.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
    values["rows_docket"] = str(dockets)  # read for their courts, not kept
    db.executemany("INSERT INTO meta VALUES (?, ?)", values.items())


# -- reading --------------------------------------------------------------------------------------
class CaseIndex:
    """An index opened read-only. `clusters_at` answers a citation as CourtListener's lookup does:
    every cluster at that reporter, volume and page (one page can start several)."""

    def __init__(self, path: Path, db: sqlite3.Connection, meta: dict[str, str]):
        self.path, self.db, self.meta = path, db, meta
        self.reporters: dict[str, int] = dict(db.execute("SELECT name, id FROM reporter"))
        self.reporter_names = {code: name for name, code in self.reporters.items()}

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
                f"{path}: a case index of another layout (schema {meta.get('schema_version', '?')}, built by "
                f"toa {meta.get('toa_version', '?')}; this toa reads schema {SCHEMA_VERSION}): "
                "rebuild it with toa index build (or toa index download)"
            )
        try:
            return cls(path, db, meta)
        except sqlite3.Error:
            db.close()
            raise CaseIndexError(f"{path}: not a toa case index (run toa index build)") from None

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
        code = self.reporters.get(reporter)
        if code is None:
            return []
        found = self.db.execute(
            "SELECT c.id, c.case_name, c.case_name_short, c.case_name_full, c.date_filed, c.date_approximate, "
            "c.precedential_status, k.id FROM citation t JOIN cluster c ON c.id = t.cluster_id "
            "LEFT JOIN court k ON k.code = c.court WHERE t.reporter = ? AND t.volume = ? AND t.page = ? "
            "ORDER BY c.id",
            (code, volume, page_key(page)),
        ).fetchall()
        return [_as_cluster(row, self.citations_of(row[0])) for row in found]

    def citations_of(self, cluster_id: int) -> list[dict]:
        cites = [
            {"volume": volume, "reporter": self.reporter_names[code], "page": str(page)}
            for code, volume, page in self.db.execute(
                "SELECT reporter, volume, page FROM citation WHERE cluster_id = ?", (cluster_id,)
            )
        ]
        return sorted(cites, key=lambda c: (c["reporter"], c["volume"]))

    def _volume(self, reporter: str, volume: int) -> tuple[int, int] | None:
        code = self.reporters.get(reporter)
        return None if code is None else (code, volume)

    def next_first_page(self, reporter: str, volume: int, page: int) -> int | None:
        """The first page of the next case in the volume: the end of a case that starts at `page`."""
        where = self._volume(reporter, volume)
        if where is None:
            return None
        row = self.db.execute(
            "SELECT min(page) FROM citation WHERE reporter = ? AND volume = ? AND page > ? AND page < ''",
            (*where, page),
        ).fetchone()
        return row[0]

    def named_in_volume(self, reporter: str, volume: int, name: str) -> list[dict]:
        """The volume's cases that go by `name` (both parties), as CourtListener's search shows a
        hit: a citation to a page where no case begins may be a mistyped page of one of them."""
        where = self._volume(reporter, volume)
        rows = (
            self.db.execute(
                "SELECT c.id, c.case_name, c.case_name_full, c.date_filed, k.id FROM citation t "
                "JOIN cluster c ON c.id = t.cluster_id LEFT JOIN court k ON k.code = c.court "
                "WHERE t.reporter = ? AND t.volume = ?",
                where,
            ).fetchall()
            if where
            else []
        )
        return [
            {
                "cluster_id": cid,
                "caseName": case_name,
                "caseNameFull": full or "",
                "dateFiled": _day(filed),
                "court_id": court,
                "citation": [f"{c['volume']} {c['reporter']} {c['page']}" for c in self.citations_of(cid)],
            }
            for cid, case_name, full, filed, court in rows
            if matches_any(name, case_name, full)
        ]

    def containing(self, reporter: str, volume: int, page: str, name: str) -> list[dict]:
        """The case of `name` whose pages hold `page` (it begins before it and the next case of a
        densely held volume does not begin before it either), as [its cluster]; else []."""
        where = self._volume(reporter, volume)
        if not page.isdigit() or where is None:
            return []
        row = self.db.execute(
            "SELECT max(page) FROM citation WHERE reporter = ? AND volume = ? AND page < ?", (*where, int(page))
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

    def _held(self, where: tuple[int, int]) -> int:
        return self.db.execute("SELECT count(*) FROM citation WHERE reporter = ? AND volume = ?", where).fetchone()[0]

    def last_first_page(self, reporter: str, volume: int) -> int | None:
        """The first page of the volume's last case the index holds, in a volume it holds densely."""
        where = self._volume(reporter, volume)
        if where is None or self._held(where) < DENSE_VOLUME:
            return None
        return self.db.execute(
            "SELECT max(page) FROM citation WHERE reporter = ? AND volume = ? AND page < ''", where
        ).fetchone()[0]

    def bound(self, reporter: str, volume: int, page: str) -> int | None:
        """Where a case starting at `page` ends at the latest: the next case's first page, in a
        volume the index holds densely (DENSE_VOLUME cases or more: a reporter CourtListener
        covers, not a volume of which it has a few cases); None when it cannot say."""
        where = self._volume(reporter, volume)
        if not page.isdigit() or where is None or self._held(where) < DENSE_VOLUME:
            return None
        return self.next_first_page(reporter, volume, int(page))


def _day(number: int | None) -> str | None:
    """A day number of the index as CourtListener writes the day: "2015-06-18"."""
    return date.fromordinal(number).isoformat() if number is not None else None


def _as_cluster(row: tuple, citations: list[dict]) -> dict:
    cid, name, short, full, filed, approximate, status, court = row
    return {
        "id": cid,
        "case_name": name or "",
        "case_name_short": short or "",
        "case_name_full": full or "",
        "date_filed": _day(filed),
        "date_filed_is_approximate": bool(approximate),
        "precedential_status": STATUSES[status] if status is not None else None,
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
