"""The output file: the edited package saved atomically, and any other output written the same way."""

from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path
from collections.abc import Callable
from typing import IO

from ..model import Document
from .errors import WriteError


def save_to(doc: Document, stream: IO[bytes]) -> None:
    """Write the package to a binary stream."""
    # The zip is built in memory and closed before a byte reaches `stream`: a full disk then
    # fails one write, not a half-written zip whose finaliser complains at exit.
    buffer = io.BytesIO()
    doc.package.save(buffer)
    stream.write(buffer.getbuffer())


def save(doc: Document, path: str | os.PathLike, overwrite_input: bool = False) -> None:
    """Write atomically (write_file). Refuses to write over the document's own input file
    unless asked to."""
    if doc.path and _same_file(doc.path, path) and not overwrite_input:
        raise WriteError(f"refusing to overwrite the input {doc.path}")
    write_file(path, lambda fh: save_to(doc, fh))


def check_output(path: str | os.PathLike) -> None:
    """An output is a new path or a regular file (or a link to one): a folder, a device node or
    a FIFO is never replaced."""
    if os.path.exists(path) and not os.path.isfile(path):
        raise WriteError(f"refusing to write {path}: it is not a regular file")


def write_file(path: str | os.PathLike, fill: Callable[[IO[bytes]], None]) -> None:
    """Every output toa writes (the .docx, the report, the add-in manifest): check_output, then
    `fill` writes a temporary file beside `path`, fsync, then rename over it. On any failure
    (a full disk, a signal) the temporary file is removed and `path` is as it was."""
    check_output(path)
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as fh:
            fill(fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode_for(path))
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:  # make the rename itself durable
        dfd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


def mode_for(path: Path) -> int:
    """The mode a new file gets from the umask, or the mode of the file it replaces."""
    try:
        return Path(path).stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _same_file(a, b) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)
