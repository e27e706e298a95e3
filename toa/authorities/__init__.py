"""Stage 3: the authorities a brief cites, from its citations to the entries of its table.

link.link(doc, occurrences) -> Links      each citation tied to the authority it cites
entries.table(links, style) -> Table      the authorities as entries, filed and sorted
marks.keep(doc, table)                    the entry texts and headings of the brief's own TA fields kept
"""

from __future__ import annotations

from ..model import Document, Occurrence, Table
from ..styles import Style
from . import entries, link, marks
from .entries import entry_order, total_order
from .link import reading_order

__all__ = ["build", "entry_order", "reading_order", "total_order"]


def build(doc: Document, occurrences: list[Occurrence], style: Style) -> Table:
    table = entries.table(link.link(doc, occurrences), style)
    marks.keep(doc, table)
    return table
