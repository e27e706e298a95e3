"""Document settings: ask Word to update the fields when it opens the output (w:updateFields).

Word then offers to update the fields ("This document contains fields that may refer to other
files...") and, when the user says yes, rebuilds every TOA field from the TA fields, and a table
of contents, in its own layout: the pages printed are then Word's, not LibreOffice's.
"""

from __future__ import annotations

from ..model import Document
from ..oxml.settings import set_update_fields


def set_field_update(doc: Document, on: bool = True) -> None:
    """With `on`, w:updateFields val=true in the settings; without, no w:updateFields at all
    (an earlier build's request goes too)."""
    set_update_fields(doc.package.settings(), on)  # a default settings part is added when missing
