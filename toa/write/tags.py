"""Qualified names of the WordprocessingML elements more than one part of the write stage looks for."""
from __future__ import annotations

from ..oxml import qn

_P, _R = qn("w:p"), qn("w:r")
_PPR, _SECTPR, _RPR = qn("w:pPr"), qn("w:sectPr"), qn("w:rPr")
