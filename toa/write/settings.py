"""Document settings: ask Word to update the fields when it opens the output (w:updateFields).

Word then offers to update the fields ("This document contains fields that may refer to other
files...") and, when the user says yes, rebuilds every TOA field from the TA fields, and a table
of contents, in its own layout: the pages printed are then Word's, not LibreOffice's.
"""
from __future__ import annotations

from ..model import Document
from ..oxml import make, qn

# CT_Settings is a sequence: updateFields comes after these children and before the rest
# (hdrShapeDefaults, footnotePr, endnotePr, compat, docVars, rsids, mathPr, ...).
_BEFORE_UPDATE_FIELDS = tuple(qn(f"w:{name}") for name in (
    "writeProtection", "view", "zoom", "removePersonalInformation", "removeDateAndTime",
    "doNotDisplayPageBoundaries", "displayBackgroundShape", "printPostScriptOverText",
    "printFractionalCharacterWidth", "printFormsData", "embedTrueTypeFonts", "embedSystemFonts",
    "saveSubsetFonts", "saveFormsData", "mirrorMargins", "alignBordersAndEdges",
    "bordersDoNotSurroundHeader", "bordersDoNotSurroundFooter", "gutterAtTop", "hideSpellingErrors",
    "hideGrammaticalErrors", "activeWritingStyle", "proofState", "formsDesign", "attachedTemplate",
    "linkStyles", "stylePaneFormatFilter", "stylePaneSortMethod", "documentType", "mailMerge",
    "revisionView", "trackRevisions", "doNotTrackMoves", "doNotTrackFormatting", "documentProtection",
    "autoFormatOverride", "styleLockTheme", "styleLockQFSet", "defaultTabStop", "autoHyphenation",
    "consecutiveHyphenLimit", "hyphenationZone", "doNotHyphenateCaps", "showEnvelope", "summaryLength",
    "clickAndTypeStyle", "defaultTableStyle", "evenAndOddHeaders", "bookFoldRevPrinting",
    "bookFoldPrinting", "bookFoldPrintingSheets", "drawingGridHorizontalSpacing",
    "drawingGridVerticalSpacing", "displayHorizontalDrawingGridEvery", "displayVerticalDrawingGridEvery",
    "doNotUseMarginsForDrawingGridOrigin", "drawingGridHorizontalOrigin", "drawingGridVerticalOrigin",
    "doNotShadeFormData", "noPunctuationKerning", "characterSpacingControl", "printTwoOnOne",
    "strictFirstAndLastChars", "noLineBreaksAfter", "noLineBreaksBefore", "savePreviewPicture",
    "doNotValidateAgainstSchema", "saveInvalidXml", "ignoreMixedContent", "alwaysShowPlaceholderText",
    "doNotDemarcateInvalidXml", "saveXmlDataOnly", "useXSLTWhenSaving", "saveThroughXslt", "showXMLTags",
    "alwaysMergeEmptyNamespace"))
_UPDATE_FIELDS = qn("w:updateFields")


def set_field_update(doc: Document, on: bool = True) -> None:
    """With `on`, w:updateFields val=true in its schema place; without, no w:updateFields at all
    (an earlier build's request goes too)."""
    settings = doc.package.settings.element  # python-docx adds a default settings part when missing
    for old in settings.findall(_UPDATE_FIELDS):
        settings.remove(old)
    if not on:
        return
    el = make("w:updateFields", {"val": "true"})
    before = [c for c in settings if c.tag in _BEFORE_UPDATE_FIELDS]
    if before:
        before[-1].addnext(el)
    else:
        settings.insert(0, el)
