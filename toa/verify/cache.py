"""SQLite cache of answers, keyed by the service that gave them and the normalized citation /
source locator (and, for statutory text, the date it is wanted for).

By default the cache is the run's own, in memory, and gone when the run ends (statutes.md §4:
"run-local ... removed on completion unless retention is requested"): one run asks for each
answer once and leaves nothing behind about what a brief cites. With retention requested
(`--keep-cache`, and `toa serve`) it is a private file kept between runs.

Lifetimes are chosen by the caller (found: long, negative: a day); errors are never
stored, so a flaky network cannot turn into a remembered "not found".
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
from pathlib import Path
from typing import Any

from .settings import Settings

SCHEMA = "CREATE TABLE IF NOT EXISTS answers (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires REAL NOT NULL)"


class Cache:
    """A small key -> JSON store with expiry: in memory for one run (`path` None), or a kept file."""

    def __init__(self, path: Path | None, clock: Callable[[], float]):
        self.clock = clock
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        self._folder: Path | None = None
        self.problem: str | None = None  # why the kept cache could not be used
        try:
            self._db = _connect(Path(path)) if path is not None else _memory()
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
        with self._lock:
            row = self._db.execute("SELECT value, expires FROM answers WHERE key = ?", (key,)).fetchone()
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
            self._db.execute(
                "INSERT OR REPLACE INTO answers (key, value, expires) VALUES (?, ?, ?)",
                (key, json.dumps(value), self.clock() + ttl),
            )
            self._db.commit()

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


def _memory() -> sqlite3.Connection:
    db = sqlite3.connect(":memory:", check_same_thread=False)
    db.execute(SCHEMA)
    return db


def _connect(path: Path) -> sqlite3.Connection:
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
    db = sqlite3.connect(str(path), check_same_thread=False)
    db.execute(SCHEMA)
    db.commit()
    return db


def clear(settings: Settings | None = None) -> int:
    """Delete every cached answer (`toa cache clear`); returns how many were removed."""
    path = (settings or Settings.from_env()).resolved_cache_path()
    if not os.path.lexists(path):
        return 0
    if path.is_symlink() or not path.is_file():
        raise CacheError(f"the verification cache {path} is not a regular file; left as it is")
    try:
        db = sqlite3.connect(str(path))
        try:
            db.execute(SCHEMA)
            count = db.execute("DELETE FROM answers").rowcount
            db.commit()
            return count
        finally:
            db.close()
    except sqlite3.Error as exc:
        raise CacheError(
            f"the verification cache {path} cannot be cleared ({exc}); "
            "it is not toa's cache, or damaged: remove it by hand"
        ) from None
