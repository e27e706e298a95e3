"""Stage "write": the table and its marks go back into the .docx as Word-native fields.

  mark_citations   a hidden TA field at the start of every citation (old TA fields go first)
  insert_bookmarks bookmarks at given places and at each section start (for page rendering)
  write_toa        the printed table, from the package's templates/toa.docx, one TOA field per category
  add_comments     a Word comment on every citation of an authority that verification flagged
  set_field_update w:updateFields in the settings, so that Word rebuilds the table on open
  renumber_contents the page of each heading put into the table of contents' lines that name it
  add_paragraph_comments  a Word comment on whole paragraphs (the audit's findings on a table)
  save / save_to   the edited package
  write_file       any output, atomically, never over a folder, device node or FIFO
  snapshot / check_text  the text of every paragraph before the edits, and the check that the
                   edits left it as it was (outside the table being replaced) before anything is saved

Nothing else in the brief changes: the inserted TA fields and bookmarks add no printed
character, and the only paragraphs removed are those of a stale table (or the placeholder);
check_text refuses to let a package be saved otherwise (TextLostError).
A Document takes any number of these edits: after each insertion the pieces of the paragraph
are read again, so later offsets keep pointing at the right text.

One module a concern: fields (TA fields), bookmarks, insert (nodes at text offsets), table
(where the table goes), template (rendering it), comments, settings, output (saving, atomically);
errors are shared by them. The XML they change is changed by named operations of toa.oxml.
"""

from __future__ import annotations

from .bookmarks import (
    OCC_BOOKMARK_PREFIX,
    SECTION_BOOKMARK_PREFIX,
    TOA_BOOKMARK,
    insert_bookmarks,
    misplaced_section_marks,
)
from .comments import add_comments, add_paragraph_comments
from .contents import Renumbered, renumber_contents
from .errors import WriteError
from .fields import mark_citations
from .integrity import TextLostError, TextSnapshot, snapshot
from .integrity import check as check_text
from .output import check_output, mode_for, save, save_to, write_file
from .settings import set_field_update
from .table import Placement, Spot, anchor, spot, target, write_toa
from .template import TEMPLATE, table_formats

__all__ = [
    "OCC_BOOKMARK_PREFIX",
    "Placement",
    "Renumbered",
    "SECTION_BOOKMARK_PREFIX",
    "TEMPLATE",
    "TOA_BOOKMARK",
    "Spot",
    "TextLostError",
    "TextSnapshot",
    "WriteError",
    "add_comments",
    "add_paragraph_comments",
    "anchor",
    "check_output",
    "check_text",
    "insert_bookmarks",
    "mark_citations",
    "misplaced_section_marks",
    "mode_for",
    "renumber_contents",
    "save",
    "save_to",
    "set_field_update",
    "snapshot",
    "table_formats",
    "spot",
    "target",
    "write_file",
    "write_toa",
]
