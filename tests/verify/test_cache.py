"""The kept cache's file: a file at its path that toa did not make is left as it is (issue 28)."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from toa.verify import CacheError, Settings, clear_cache
from toa.verify.cache import Cache

OWN = "CREATE TABLE answers (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires REAL NOT NULL)"
# Files at the cache path that toa did not make: what made them, and why each is not toa's
FOREIGN = {
    "another schema": (
        ["CREATE TABLE answers (key TEXT PRIMARY KEY, value TEXT)", "INSERT INTO answers VALUES ('k', 'v')"],
        "another schema",
    ),
    "another program's": (
        ["CREATE TABLE notes (body TEXT)", "INSERT INTO notes VALUES ('a client matter')"],
        "another schema",
    ),
    "a view": ([OWN, "CREATE VIEW recent AS SELECT key FROM answers"], "a view in it"),
    "a trigger": (
        [OWN, "CREATE TRIGGER keep BEFORE INSERT ON answers BEGIN SELECT RAISE(ABORT, 'read only'); END"],
        "a trigger in it",
    ),
    "text expiry": ([OWN, "INSERT INTO answers VALUES ('k', '{}', 'next week')"], "expiry times that are not numbers"),
    "blob answers": ([OWN, "INSERT INTO answers VALUES ('k', x'00ff', 2000.0)"], "answers that are not text"),
}


def foreign(path: Path, kind: str) -> str:
    """A file of `kind` at `path`; returns its digest."""
    db = sqlite3.connect(path)
    for statement in FOREIGN[kind][0]:
        db.execute(statement)
    db.commit()
    db.close()
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("kind", sorted(FOREIGN))
def test_a_file_toa_did_not_make_is_left_as_it_is_and_the_cache_kept_beside_it(tmp_path, kind):
    """Another schema, a view or a trigger in it, expiry times in TEXT: the cache ended in a
    traceback, or altered the file (a table added, rows written). The file is treated as absent:
    toa keeps its cache in a file of its own beside it, says so in one line, and the next run
    finds its answers there; the file is never altered, nor deleted by `toa cache clear`."""
    path = tmp_path / "verify.sqlite3"
    digest = foreign(path, kind)
    now = [1000.0]
    cache = Cache(path, lambda: now[0])
    aside = tmp_path / "verify-toa.sqlite3"
    assert cache.problem == (
        f"the verification cache {path} is not toa's ({FOREIGN[kind][1]}): left as it is, answers kept in {aside}"
    )
    assert cache.get("k") is None
    cache.put("k", {"found": True}, ttl=10)
    cache.close()
    again = Cache(path, lambda: now[0])
    assert again.get("k") == {"found": True} and again.problem == cache.problem
    again.close()
    assert clear_cache(Settings(cache_path=path)) == 1
    assert Cache(path, lambda: now[0]).get("k") is None
    assert hashlib.sha256(path.read_bytes()).hexdigest() == digest


def test_when_the_file_beside_is_not_toa_s_either_the_run_keeps_its_own(tmp_path):
    path, aside = tmp_path / "verify.sqlite3", tmp_path / "verify-toa.sqlite3"
    digests = foreign(path, "a view"), foreign(aside, "a trigger")
    cache = Cache(path, lambda: 0.0)
    assert cache.problem == (
        f"the verification cache {path} is not toa's (a view in it), nor is {aside} (a trigger in it): "
        "both left as they are, ran without them"
    )
    cache.put("k", [1], ttl=10)
    assert cache.get("k") == [1]  # the run's own, in memory
    cache.close()
    with pytest.raises(CacheError, match=r"cannot be cleared: it is not toa's cache \(a view in it\); left as it is$"):
        clear_cache(Settings(cache_path=path))
    assert (hashlib.sha256(path.read_bytes()).hexdigest(), hashlib.sha256(aside.read_bytes()).hexdigest()) == digests


def test_toa_s_own_cache_and_an_empty_file_are_used(tmp_path):
    """A cache toa made, and an empty file (toa's, cut off before its table was written), are
    toa's: no line, no file beside."""
    path = tmp_path / "verify.sqlite3"
    cache = Cache(path, lambda: 0.0)
    cache.put("k", [1], ttl=10)
    cache.close()
    empty = tmp_path / "empty.sqlite3"
    empty.touch()
    for kept in (Cache(path, lambda: 0.0), Cache(empty, lambda: 0.0)):
        assert kept.problem is None
        kept.close()
    assert Cache(path, lambda: 0.0).get("k") == [1]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.sqlite3", "verify.sqlite3"]


def test_a_file_that_is_not_a_database_is_left_as_it_is(tmp_path):
    path = tmp_path / "verify.sqlite3"
    path.write_bytes(b"a client's notes, " * 100)
    cache = Cache(path, lambda: 0.0)
    assert cache.problem == (
        f"the verification cache {path} is not toa's (not an SQLite database): left as it is, "
        f"answers kept in {tmp_path / 'verify-toa.sqlite3'}"
    )
    cache.put("k", [1], ttl=10)
    assert cache.get("k") == [1]
    cache.close()
    assert path.read_bytes() == b"a client's notes, " * 100


def test_a_kept_file_another_check_holds_is_waited_for_then_passed_by(tmp_path):
    path = tmp_path / "verify.sqlite3"
    cache = Cache(path, lambda: 0.0, busy_seconds=0.05)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another check writing, for longer than this one waits
    try:
        cache.put("k", {"found": True}, 60)  # not kept, and no error: the check goes on
        assert cache.get("k") is None
        assert cache.problem == (
            f"the verification cache {path} was busy with another check for over its wait: "
            "some answers were asked again or not kept"
        )
        holder.execute("ROLLBACK")
        cache.put("k", {"found": True}, 60)
        assert cache.get("k") == {"found": True}
    finally:
        cache.close()
        holder.close()
