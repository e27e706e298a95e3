"""CourtListener's bulk data files: which generation a folder holds, and their rows, streamed.

Free Law Project publishes its database as one CSV file per table and generation date
(`citations-2026-03-31.csv.bz2`, `opinion-clusters-…`, `dockets-…`, `courts-…`), written by
PostgreSQL's COPY. Across generations the files have been quoted three ways (PostgreSQL's default,
FORCE_QUOTE, and a backquote), with a doubled quote or a backslash before a quote inside a field,
and text fields spanning lines. So the quote character is taken from the header row, both escapes
are read, every column is found by its name in the header, and nothing is held but one row.
"""

from __future__ import annotations

import bz2
import csv
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

KINDS = ("citations", "opinion-clusters", "dockets", "courts")
REQUIRED = ("citations", "opinion-clusters")  # without dockets and courts, a case's court is unknown
_NAME = re.compile(r"^(citations|opinion-clusters|dockets|courts)-(\d{4}-\d{2}-\d{2})\.csv(\.bz2)?$")
# A syllabus or headnotes field can pass csv's default limit of 131,072 characters.
_FIELD_LIMIT = 1 << 28


class BulkError(Exception):
    """A bulk file cannot be read; the message is one line naming the file (and line)."""


@dataclass(frozen=True)
class Generation:
    """The files of one generation date in a folder, by kind."""

    date: str
    files: dict[str, Path]


def newest_generation(folder: Path) -> Generation:
    """The newest date with both a citations file and an opinion-clusters file (compressed or not;
    the uncompressed one when both are there, as it reads faster)."""
    if not folder.is_dir():
        raise BulkError(f"{folder}: not a folder")
    groups: dict[str, dict[str, Path]] = {}
    for path in sorted(folder.iterdir()):
        m = _NAME.match(path.name)
        if m and path.is_file():
            kind, date, packed = m.groups()
            files = groups.setdefault(date, {})
            if kind not in files or not packed:
                files[kind] = path
    complete = [date for date, files in groups.items() if all(k in files for k in REQUIRED)]
    if not complete:
        raise BulkError(
            f"{folder}: no CourtListener bulk files (citations-DATE.csv.bz2 with opinion-clusters-DATE.csv.bz2)"
        )
    date = max(complete)
    return Generation(date, groups[date])


def rows(path: Path, columns: tuple[str, ...]) -> Iterator[tuple[int, list[str | None]]]:
    """(line, the values of `columns`) for each row of the file, by the header's names; an empty
    field is None (COPY writes NULL so). Raises BulkError for a missing column, a row of another
    length, text that is not UTF-8, and a truncated or corrupt bz2 stream."""
    csv.field_size_limit(max(csv.field_size_limit(), _FIELD_LIMIT))
    line = read = 1
    try:
        with _open(path) as stream:
            header_line = stream.readline()
            quote = header_line[:1] if header_line[:1] in ('"', "`") else '"'
            header = next(csv.reader([header_line], quotechar=quote, escapechar="\\", doublequote=True), [])
            missing = [c for c in columns if c not in header]
            if missing:
                raise BulkError(f"{path.name}: no column {', '.join(missing)} in its header (another file?)")
            where = [header.index(c) for c in columns]
            reader = csv.reader(stream, quotechar=quote, escapechar="\\", doublequote=True, strict=True)
            for row in reader:
                line, read = read + 1, reader.line_num + 1  # where the row starts; the header is line 1
                if len(row) != len(header):
                    if row == []:
                        continue  # a blank last line
                    raise BulkError(f"{path.name}, line {line}: {len(row)} fields where the header has {len(header)}")
                yield line, [row[i] or None for i in where]
    except (EOFError, OSError) as exc:
        raise BulkError(f"{path.name}, near line {line}: truncated or corrupt ({_why(exc)})") from None
    except UnicodeDecodeError:
        raise BulkError(f"{path.name}, near line {line}: not UTF-8 text") from None
    except csv.Error as exc:
        raise BulkError(f"{path.name}, line {read + 1}: not CSV as COPY writes it ({exc})") from None


def _open(path: Path) -> io.TextIOBase:
    if path.suffix == ".bz2":
        return io.TextIOWrapper(bz2.open(path, "rb"), encoding="utf-8", newline="")
    return open(path, encoding="utf-8", newline="")


def _why(exc: Exception) -> str:
    if isinstance(exc, EOFError):
        return "the compressed stream ends early"
    return getattr(exc, "strerror", None) or str(exc)
