"""The whole build, stage after stage; the CLI and the server are thin shells over this."""
from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from . import authorities, document, extract, pagination, styles, write
from .model import Document, PageMap, Table
from .report import build_report


class BuildError(Exception):
    """A problem with the user's input or options; the message is one line for the user."""


@dataclass
class BuildResult:
    document: Document
    table: Table
    pagemap: PageMap
    style: styles.Style
    output: str | None
    report: dict


def default_output(source: str, suffix: str = ".toa.docx") -> str:
    p = Path(source)
    return str(p.with_name(p.stem + suffix))


def analyse(source: str, style: str | None = None, pages: str = "auto", template: str | None = None,
            options: document.ReadOptions | None = None,
            progress: Callable[[str], None] | None = None) -> BuildResult:
    """Read, extract, group and paginate; nothing is written."""
    step = progress or (lambda _msg: None)
    step("reading")
    doc = _read(source, options)
    chosen = _style(doc, style)
    step("finding citations")
    occurrences = extract.extract(doc)
    if not occurrences:
        raise BuildError(f"no citations found in {source}")
    table = authorities.build(doc, occurrences, chosen)
    step("determining pages")
    try:
        pagemap = pagination.paginate(doc, table, chosen, pages, reopen=lambda: _read(source, options),
                                      template=template)
    except pagination.PaginationError as exc:
        raise BuildError(str(exc)) from None
    pagination.apply(table, pagemap, chosen)
    report = build_report(table, pagemap, source=source, output=None, style=chosen.name)
    return BuildResult(doc, table, pagemap, chosen, None, report)


def build(source: str, output: str | None = None, style: str | None = None, pages: str = "auto",
          template: str | None = None, overwrite_input: bool = False,
          options: document.ReadOptions | None = None,
          progress: Callable[[str], None] | None = None) -> BuildResult:
    """Build the table and write BRIEF.toa.docx (or `output`); the input is never changed unless asked."""
    output = output or default_output(source)
    if _same_file(source, output) and not overwrite_input:
        raise BuildError(f"refusing to overwrite the input {source}; choose another -o or pass --in-place")
    result = analyse(source, style, pages, template, options, progress)
    (progress or (lambda _m: None))("writing")
    write.mark_citations(result.document, result.table)
    write.write_toa(result.document, result.table, result.style, template=template)
    try:
        write.save(result.document, output)
    except OSError as exc:
        raise BuildError(f"cannot write {output}: {exc.strerror or exc}") from None
    result.output = output
    result.report["output"] = output
    return result


def _read(source: str, options) -> Document:
    try:
        return document.read(source, options)
    except document.DocumentError as exc:
        raise BuildError(str(exc)) from None


def _style(doc: Document, name: str | None) -> styles.Style:
    if not name or name == "auto":
        first = [p.text for p in doc.paragraphs[:40] if p.story == "body"]
        name = styles.detect(first)
    try:
        return styles.load(name)
    except styles.StyleError as exc:
        raise BuildError(str(exc)) from None


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)
