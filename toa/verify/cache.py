"""SQLite cache of answers, keyed by the service that gave them and the normalized citation /
source locator (and, for statutory text, the date it is wanted for).

By default the cache is the run's own, in memory, and gone when the run ends (statutes.md §4:
"run-local ... removed on completion unless retention is requested"): one run asks for each
answer once and leaves nothing behind about what a brief cites. With retention requested
(`--keep-cache`, and `toa serve`) it is a private file kept between runs.

Lifetimes are chosen by the caller (found: long, negative: a day); errors are never
stored, so a flaky network cannot turn into a remembered "not found".

Several checks may share the kept file at once (a batch's workers, `toa serve` beside a `toa
check`): SQLite serializes their writes, each waits its turn for a while (BUSY_SECONDS), and a
check that waits longer goes on without that answer (asked again, or not kept) rather than fail;
its notes say so.

A file at the kept cache's path that toa did not make (another program's database, a view or a
trigger in it, values of other types) is never altered nor deleted: toa keeps its cache in a
file of its own beside it.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import sqlite3
import stat
import tempfile
import threading
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

from .settings import Settings

BUSY_SECONDS = 30.0  # how long a check waits for another's write to the kept file
SCHEMA = "CREATE TABLE IF NOT EXISTS answers (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires REAL NOT NULL)"


class Cache:
    """A small key -> JSON store with expiry: in memory for one run (`path` None), or a kept file."""

    def __init__(self, path: Path | None, clock: Callable[[], float], busy_seconds: float = BUSY_SECONDS):
        self.clock, self.path = clock, path
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        self._folder: Path | None = None
        self.problem: str | None = None  # why the kept cache is not at its path, or not kept
        try:
            kept = None
            if path is not None:
                kept, self.problem = kept_file(Path(path))
                self.path = kept
            self._db = _connect(kept, busy_seconds) if kept is not None else _memory()
        except (sqlite3.Error, OSError) as exc:
            # An unusable cache folder or file must not stop verification: the run's own cache instead.
            self._db = _memory()
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.problem = f"the verification cache {path} cannot be used ({reason}): ran without it"

    @classmethod
    def for_settings(cls, settings: Settings) -> Cache:
        return cls(settings.resolved_cache_path() if settings.keep_cache else None, settings.clock)

    def get(self, key: str) -> Any | None:
        if not self._db:
            return None
        try:
            with self._lock:
                row = self._db.execute("SELECT value, expires FROM answers WHERE key = ?", (key,)).fetchone()
        except sqlite3.OperationalError:  # another check held the file too long: asked again instead
            self._busy()
            return None
        if not row or row[1] <= self.clock():
            return None
        try:
            return json.loads(row[0])
        except ValueError:
            return None

    def put(self, key: str, value: Any, ttl: float) -> None:
        if not self._db or ttl <= 0:
            return
        with self._lock:
            try:
                self._db.execute(
                    "INSERT OR REPLACE INTO answers (key, value, expires) VALUES (?, ?, ?)",
                    (key, json.dumps(value), self.clock() + ttl),
                )
                self._db.commit()
            except sqlite3.OperationalError:  # another check held the file too long: not kept
                self._db.rollback()
                self._busy()

    def _busy(self) -> None:
        self.problem = self.problem or (
            f"the verification cache {self.path} was busy with another check for over its wait: "
            "some answers were asked again or not kept"
        )

    def folder(self) -> Path:
        """The run's private folder (mode 0700) for files too large to keep in memory (a title of
        the U.S. Code at a release point); removed with everything in it by close(), kept cache
        or not: what such a file says is kept as an answer, the file itself is not."""
        with self._lock:
            if self._folder is None:
                self._folder = Path(tempfile.mkdtemp(prefix="toa-verify-"))
            return self._folder

    def close(self) -> None:
        if self._db:
            self._db.close()
            self._db = None
        with self._lock:
            if self._folder is not None:
                shutil.rmtree(self._folder, ignore_errors=True)
                self._folder = None


class CacheError(Exception):
    """The cache file cannot be used; the message is one line for the user."""


def aside(path: Path) -> Path:
    """The file toa keeps its cache in when a file it did not make is at `path`."""
    return path.with_name(f"{path.stem}-toa{path.suffix}")


def kept_file(path: Path) -> tuple[Path | None, str | None]:
    """The file that holds the kept answers for the cache path `path`, and the line that says why
    when it is not `path`: `path` when it is toa's cache or there is none yet, else the file
    beside it, or None (the run's own cache) when that one is not toa's either."""
    why = not_toas(path)
    if why is None:
        return path, None
    other = aside(path)
    also = not_toas(other)
    if also is None:
        return other, f"the verification cache {path} is not toa's ({why}): left as it is, answers kept in {other}"
    return None, (
        f"the verification cache {path} is not toa's ({why}), nor is {other} ({also}): "
        "both left as they are, ran without them"
    )


def not_toas(path: Path) -> str | None:
    """Why the file at `path` is not a cache toa made; None when it is, or when there is none (or
    an empty one: toa's, cut off before its table was written). A link or a file that is not a
    regular one is for _connect to refuse. The file is only read, never written."""
    try:
        info = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode) or info.st_size == 0:
        return None
    try:
        db = sqlite3.connect(path.absolute().as_uri() + "?mode=ro", uri=True)
        try:
            return _unlike_toas(db)
        finally:
            db.close()
    except sqlite3.Error:
        return "not an SQLite database"


def _unlike_toas(db: sqlite3.Connection) -> str | None:
    kinds = {kind for (kind,) in db.execute("SELECT type FROM sqlite_master")}
    if "view" in kinds:
        return "a view in it"
    if "trigger" in kinds:
        return "a trigger in it"
    with closing(_memory()) as own:
        if _shape(db) != _shape(own):
            return "another schema"
    if db.execute("SELECT 1 FROM answers WHERE typeof(expires) NOT IN ('real', 'integer') LIMIT 1").fetchone():
        return "expiry times that are not numbers"
    if db.execute("SELECT 1 FROM answers WHERE typeof(value) != 'text' LIMIT 1").fetchone():
        return "answers that are not text"
    return None


def _shape(db: sqlite3.Connection) -> tuple[list, list]:
    """A database's objects and the columns of its table of answers, as SQLite describes them."""
    objects = db.execute("SELECT type, name, tbl_name FROM sqlite_master ORDER BY name").fetchall()
    columns = db.execute("SELECT * FROM pragma_table_info('answers') ORDER BY cid").fetchall()
    return objects, columns


def _memory() -> sqlite3.Connection:
    db = sqlite3.connect(":memory:", check_same_thread=False)
    db.execute(SCHEMA)
    return db


def _connect(path: Path, busy_seconds: float = BUSY_SECONDS) -> sqlite3.Connection:
    """The answers hold what a firm's briefs cite: folder 0700 and file 0600, the user's only.
    The file is opened without following a symbolic link (O_NOFOLLOW), so that the mode given is
    never given to whatever a link points at."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # a FIFO would block SQLite's first read
            raise OSError(errno.EINVAL, "not a regular file")
        if hasattr(os, "fchmod"):
            os.fchmod(fd, 0o600)
    finally:
        os.close(fd)
    db = sqlite3.connect(str(path), timeout=busy_seconds, check_same_thread=False)
    db.execute(SCHEMA)
    db.commit()
    return db


def clear(settings: Settings | None = None) -> int:
    """Delete every kept answer (`toa cache clear`), in toa's cache file and in the one beside a
    file toa did not make; returns how many were removed. A file toa did not make is left as it
    is (an error when no cache of toa's was found to clear)."""
    path = (settings or Settings.from_env()).resolved_cache_path()
    removed, cleared, foreign = 0, False, None
    for candidate in (path, aside(path)):
        if not os.path.lexists(candidate):
            continue
        if candidate.is_symlink() or not candidate.is_file():
            raise CacheError(f"the verification cache {candidate} is not a regular file; left as it is")
        why = not_toas(candidate)
        if why is not None:
            foreign = foreign or f"the verification cache {candidate} cannot be cleared: it is not toa's cache ({why})"
            continue
        removed, cleared = removed + _delete_answers(candidate), True
    if foreign and not cleared:
        raise CacheError(f"{foreign}; left as it is")
    return removed


def _delete_answers(path: Path) -> int:
    try:
        db = sqlite3.connect(str(path))
        try:
            db.execute(SCHEMA)  # an empty file: toa's, without its table yet
            count = db.execute("DELETE FROM answers").rowcount
            db.commit()
            return count
        finally:
            db.close()
    except sqlite3.Error as exc:
        raise CacheError(f"the verification cache {path} cannot be cleared ({exc}); remove it by hand") from None
