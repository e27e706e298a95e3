"""Document settings: w:updateFields, and the number formats of the notes."""

from __future__ import annotations

from . import make, qn, w_attr

# CT_Settings is a sequence: updateFields comes after these children and before the rest
# (hdrShapeDefaults, footnotePr, endnotePr, compat, docVars, rsids, mathPr, ...).
_BEFORE_UPDATE_FIELDS = tuple(
    qn(f"w:{name}")
    for name in (
        "writeProtection",
        "view",
        "zoom",
        "removePersonalInformation",
        "removeDateAndTime",
        "doNotDisplayPageBoundaries",
        "displayBackgroundShape",
        "printPostScriptOverText",
        "printFractionalCharacterWidth",
        "printFormsData",
        "embedTrueTypeFonts",
        "embedSystemFonts",
        "saveSubsetFonts",
        "saveFormsData",
        "mirrorMargins",
        "alignBordersAndEdges",
        "bordersDoNotSurroundHeader",
        "bordersDoNotSurroundFooter",
        "gutterAtTop",
        "hideSpellingErrors",
        "hideGrammaticalErrors",
        "activeWritingStyle",
        "proofState",
        "formsDesign",
        "attachedTemplate",
        "linkStyles",
        "stylePaneFormatFilter",
        "stylePaneSortMethod",
        "documentType",
        "mailMerge",
        "revisionView",
        "trackRevisions",
        "doNotTrackMoves",
        "doNotTrackFormatting",
        "documentProtection",
        "autoFormatOverride",
        "styleLockTheme",
        "styleLockQFSet",
        "defaultTabStop",
        "autoHyphenation",
        "consecutiveHyphenLimit",
        "hyphenationZone",
        "doNotHyphenateCaps",
        "showEnvelope",
        "summaryLength",
        "clickAndTypeStyle",
        "defaultTableStyle",
        "evenAndOddHeaders",
        "bookFoldRevPrinting",
        "bookFoldPrinting",
        "bookFoldPrintingSheets",
        "drawingGridHorizontalSpacing",
        "drawingGridVerticalSpacing",
        "displayHorizontalDrawingGridEvery",
        "displayVerticalDrawingGridEvery",
        "doNotUseMarginsForDrawingGridOrigin",
        "drawingGridHorizontalOrigin",
        "drawingGridVerticalOrigin",
        "doNotShadeFormData",
        "noPunctuationKerning",
        "characterSpacingControl",
        "printTwoOnOne",
        "strictFirstAndLastChars",
        "noLineBreaksAfter",
        "noLineBreaksBefore",
        "savePreviewPicture",
        "doNotValidateAgainstSchema",
        "saveInvalidXml",
        "ignoreMixedContent",
        "alwaysShowPlaceholderText",
        "doNotDemarcateInvalidXml",
        "saveXmlDataOnly",
        "useXSLTWhenSaving",
        "saveThroughXslt",
        "showXMLTags",
        "alwaysMergeEmptyNamespace",
    )
)
_UPDATE_FIELDS = qn("w:updateFields")


def set_update_fields(settings, on: bool) -> None:
    """With `on`, w:updateFields val=true in its schema place in the settings root `settings`;
    without, no w:updateFields at all (an earlier request goes too)."""
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


def note_number_format(settings, kind: str) -> str | None:
    """The number format (ST_NumberFormat) the settings give footnotes or endnotes (`kind`), else None."""
    pr = settings.find(qn(f"w:{kind}Pr")) if settings is not None else None
    fmt = pr.find(qn("w:numFmt")) if pr is not None else None
    return w_attr(fmt, "val") if fmt is not None and w_attr(fmt, "val") else None
