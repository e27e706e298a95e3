"""The fonts a brief asks for, and what LibreOffice set them in when it laid the brief out.

On Linux LibreOffice asks fontconfig for a font it does not have (its own replacement table is
the fallback where there is no fontconfig), so `fc-match` names the substitute. Measured here:
a paragraph in Century Schoolbook, Palatino Linotype, Book Antiqua, Garamond, Calibri, Cambria,
Times New Roman and Georgia, rendered by LibreOffice 7.4, embeds in its PDF exactly the font
fc-match names for each. The PDF is the evidence: a font is reported as substituted only when the
PDF does not embed it and does embed what fc-match names in its place (a font that no text uses
embeds nothing and is not reported).

A substitute of the same widths (a metric clone: Liberation for Times New Roman, Arial and Courier
New, Carlito for Calibri, Caladea for Cambria, C059 for Century Schoolbook, P052 for Palatino and
Book Antiqua) breaks lines and pages as the original does; any other changes every line, and the
pages are then approximate.

`fonts.conf` (beside this module) is the fontconfig setup LibreOffice and fc-match run with: the
system's own plus the clones fontconfig does not map by itself.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

from .model import Document, FontSubstitution
from .oxml import qn, w_attr
from .oxml.styles import theme_fonts

FONTCONFIG_FILE = Path(__file__).with_name("fonts.conf")
SYSTEM_FONTCONFIG = Path("/etc/fonts/fonts.conf")

# Requested family (lower case) -> the families with the same advance widths.
METRIC_CLONES = {
    "times new roman": ("liberation serif", "tinos"),
    "times": ("nimbus roman", "liberation serif", "tinos"),
    "arial": ("liberation sans", "arimo"),
    "arial mt": ("liberation sans", "arimo"),
    "helvetica": ("nimbus sans", "liberation sans", "arimo"),
    "arial narrow": ("liberation sans narrow", "nimbus sans narrow"),
    "courier new": ("liberation mono", "cousine"),
    "courier": ("nimbus mono ps", "liberation mono", "cousine"),
    "calibri": ("carlito",),
    "cambria": ("caladea",),
    "century schoolbook": ("c059",),
    "new century schoolbook": ("c059",),
    "century schoolbook l": ("c059",),
    "century schoolbook std": ("c059",),
    "palatino": ("p052",),
    "palatino linotype": ("p052",),
    "book antiqua": ("p052",),
    "bookman old style": ("urw bookman",),
    "itc bookman": ("urw bookman",),
    "symbol": ("standard symbols ps",),
}


def environment() -> dict[str, str]:
    """Environment for LibreOffice and fc-match: our fontconfig file, unless the user set one or
    the system has no fontconfig setup to include."""
    if "FONTCONFIG_FILE" in os.environ or not SYSTEM_FONTCONFIG.is_file():
        return {}
    return {"FONTCONFIG_FILE": str(FONTCONFIG_FILE)}


def requested(doc: Document) -> list[str]:
    """The font families the brief's Latin text asks for: the document defaults, the styles in use
    (and those they are based on) and direct formatting in the body and the notes. Theme fonts
    (+Body, +Headings) are resolved through the theme."""
    package = doc.package
    theme = theme_fonts(package.theme())
    styles = package.styles.element
    by_id = {w_attr(s, "styleId"): s for s in styles.iter(qn("w:style"))}
    roots = [root for _story, root in package.stories()]
    used = {w_attr(s, "styleId") for s in by_id.values() if w_attr(s, "default") in ("1", "true")}
    for root in roots:
        used |= {w_attr(el, "val") for el in root.iter(qn("w:pStyle"), qn("w:rStyle"))}
    queue, seen = list(used), set()
    while queue:
        sid = queue.pop()
        if sid in seen or sid not in by_id:
            continue
        seen.add(sid)
        based = by_id[sid].find(qn("w:basedOn"))
        if based is not None:
            queue.append(w_attr(based, "val"))
    elements = list(styles.iter(qn("w:rPrDefault")))
    elements += [by_id[sid] for sid in sorted(seen)]
    elements += roots
    names: list[str] = []
    for el in elements:
        for rf in el.iter(qn("w:rFonts")):
            for attr in ("ascii", "hAnsi"):
                name = w_attr(rf, attr)
                if not name:
                    theme_ref = w_attr(rf, f"{attr}Theme") or ""
                    name = theme.get("major" if theme_ref.startswith("major") else "minor") if theme_ref else None
                if name and name not in names:
                    names.append(name)
    return names


def fc_match(family: str) -> str | None:
    """The family fontconfig gives for `family` (with toa's fontconfig setup); None without fc-match."""
    exe = shutil.which("fc-match")
    if exe is None:
        return None
    try:
        proc = subprocess.run(
            [exe, "-f", "%{family[0]}", family],
            capture_output=True,
            text=True,
            timeout=20,
            env={**os.environ, **environment()},
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return proc.stdout.strip() or None


def _key(name: str) -> str:
    """'BAAAAA+C059-Roman' -> 'c059roman'; 'Liberation Serif' -> 'liberationserif'."""
    name = re.sub(r"^[A-Z]{6}\+", "", name)
    return re.sub(r"[^0-9a-z]", "", name.lower())


def _embeds(family: str, embedded: list[str]) -> bool:
    k = _key(family)
    return bool(k) and any(e.startswith(k) for e in embedded)


def substitutions(families: list[str], pdf_fonts: list[str]) -> list[FontSubstitution]:
    """The requested families that the PDF does not embed, with what it embeds in their place."""
    embedded = [_key(f) for f in pdf_fonts]
    out = []
    for family in families:
        if _embeds(family, embedded):
            continue
        by = fc_match(family)
        if by is not None and (_key(by) == _key(family) or not _embeds(by, embedded)):
            continue  # installed but unused, or no text asks for it: nothing of it was set
        clone = by is not None and by.lower() in METRIC_CLONES.get(family.lower(), ())
        out.append(FontSubstitution(family, by, clone))
    return out
