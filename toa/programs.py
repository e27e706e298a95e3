"""Compiled regular expressions kept between runs, as Python keeps its compiled modules.

Python's `re` parses and compiles a pattern in Python code. The patterns one build needs (some
hundred of the recognizers' and as many of eyecite's, whose reporter lists make them long) took a
tenth of a second to compile in every process, a tenth of a build. What re's compiler makes is a
program, a list of integers that re's engine checks before it runs one; it is kept in a file of
the user's cache, by the pattern's source and flags, with what the prefilter reads off the
pattern's parse, and a later run builds the pattern from it without parsing anything.

The file is read once in a process, at the first pattern asked for, and written by `save()` at the
end of a command (atomically, merged with what other processes wrote meanwhile). Its name holds
what the programs depend on (the Python that compiled them, re's program format, this version of
toa and of the modules that compile), so that no program is read by another. A file missing,
unreadable or damaged, a program the engine refuses, a cache folder that cannot be written: each
is the same as no file, every pattern compiled as re compiles it. The file starts with the SHA-256
of the rest, so that one changed since toa wrote it is read as no file too. What the file holds is trusted
as Python trusts the compiled modules it finds in __pycache__: toa alone writes it.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import re
import stat
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import _sre  # type: ignore[import-not-found]  # builds a pattern from a program, as re does

from . import __version__

# flags, the program, the number of groups, the group index and its inverse: _sre.compile's arguments
Program = tuple[int, list[int], int, dict[str, int], list[str | None]]

# More than this many patterns kept: the file is begun again with this run's.
_MOST_KEPT = 5000


def program_of(tree: Any, flags: int, code: list[int]) -> Program:
    """The program of a parse (re's parser's) compiled to `code` with `flags`, as _sre.compile takes it."""
    indexgroup: list[str | None] = [None] * tree.state.groups
    for name, index in tree.state.groupdict.items():
        indexgroup[index] = name
    return int(flags), [int(c) for c in code], tree.state.groups - 1, dict(tree.state.groupdict), indexgroup


def pattern_of(source: str, program: Program) -> re.Pattern[str] | None:
    """The pattern a program makes, or None when it is not a program the engine runs."""
    try:
        flags, code, groups, groupindex, indexgroup = program
        compiled: re.Pattern[str] = _sre.compile(source, flags, code, groups, groupindex, tuple(indexgroup))
    except (TypeError, ValueError, RuntimeError, OverflowError):
        return None
    return compiled


class KeptPrograms:
    """The programs (and prefilter words) of the patterns of earlier runs, kept in `path` (None:
    nothing kept), and those this run made."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._kept: dict[str, dict[str, Any]] | None = None
        self._made: dict[str, dict[str, Any]] = {}

    def get(self, kind: str, source: str, flags: int, part: str) -> Any:
        """What was kept of a pattern (`part`: "program" or "words"), or None."""
        if self._kept is None:
            self._kept = _read(self.path)
        entry = self._made.get(_key(kind, source, flags)) or self._kept.get(_key(kind, source, flags))
        return entry.get(part) if isinstance(entry, dict) else None

    def put(self, kind: str, source: str, flags: int, part: str, value: Any) -> None:
        self._made.setdefault(_key(kind, source, flags), {})[part] = value

    def pattern(self, kind: str, source: str, flags: int, make: Callable[[], Program]) -> re.Pattern[str]:
        """The pattern of `source` from its kept program, or from the program `make` compiles (kept
        for the next run)."""
        kept = self.get(kind, source, flags, "program")
        compiled = pattern_of(source, kept) if kept else None
        if compiled is None:
            program = make()
            self.put(kind, source, flags, "program", program)
            compiled = pattern_of(source, program) or re.compile(source, flags)
        return compiled

    def compile(self, source: str, flags: int = 0) -> re.Pattern[str]:
        """`source` as re.compile compiles it, from its kept program when there is one."""
        return self.pattern("re", source, flags, lambda: _re_program(source, flags))

    def save(self) -> None:
        """Writes what this run made beside what the file holds; a folder that cannot be written
        is left as it is (the next run compiles again)."""
        if not self._made or self.path is None:
            return
        merged = _read(self.path)
        if len(merged) + len(self._made) > _MOST_KEPT:
            merged = {}
        for key, entry in self._made.items():
            merged.setdefault(key, {}).update(entry)
        try:
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".regex-", suffix=".tmp")
            try:
                body = marshal.dumps(merged)  # read back in a millisecond (JSON: ten); the digest vouches for it
                with os.fdopen(fd, "wb") as out:
                    out.write(hashlib.sha256(body).hexdigest().encode() + b"\n" + body)
                os.replace(tmp, self.path)
            finally:
                if os.path.exists(tmp):
                    os.unlink(tmp)
            for old in self.path.parent.glob("regex-*.marshal"):  # of another Python or toa
                if old != self.path:
                    old.unlink(missing_ok=True)
        except OSError:
            return
        self._kept, self._made = merged, {}


def _re_program(source: str, flags: int) -> Program:
    from re import _compiler, _parser  # type: ignore[attr-defined]

    tree = _parser.parse(source, flags)
    return program_of(tree, tree.state.flags | flags, _compiler._code(tree, flags))


def _key(kind: str, source: str, flags: int) -> str:
    return f"{kind} {int(flags)} {source}"


def _read(path: Path | None) -> dict[str, dict[str, Any]]:
    """The file's patterns; nothing from a link (not followed), a FIFO (never waited on) or any
    other file that is not a regular one."""
    if path is None:
        return {}
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return {}
    try:
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                return {}
            digest, _, body = fh.read().partition(b"\n")
        if digest != hashlib.sha256(body).hexdigest().encode():
            return {}  # changed since toa wrote it (a disk's error, a cut write): a word lost could hide a citation
        kept = marshal.loads(body)
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    return kept if isinstance(kept, dict) else {}


def default_path() -> Path | None:
    """The file of this Python, re and toa in the user's cache (None: TOA_NO_REGEX_CACHE set)."""
    if os.environ.get("TOA_NO_REGEX_CACHE"):
        return None
    import platformdirs

    here = Path(__file__).parent
    made_by = [sys.version, str(_sre.MAGIC), __version__]
    for module in (here / "programs.py", here / "recognizers" / "prefilter.py"):
        try:
            made_by.append(hashlib.sha256(module.read_bytes()).hexdigest())
        except OSError:
            return None
    digest = hashlib.sha256("\n".join(made_by).encode()).hexdigest()[:16]
    return Path(platformdirs.user_cache_dir("toa")) / f"regex-{digest}.marshal"


# The process's programs, as re keeps its own compiled patterns for the process.
KEPT = KeptPrograms(default_path())
