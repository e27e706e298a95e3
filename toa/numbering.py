"""Numbers as Word and briefs print them: a label in one of Word's number formats (a page in its
section's w:pgNumType, a note in w:footnotePr), and roman numerals both ways."""

from __future__ import annotations

_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
_ROMAN_NUMERALS = (
    (1000, "M"),
    (900, "CM"),
    (500, "D"),
    (400, "CD"),
    (100, "C"),
    (90, "XC"),
    (50, "L"),
    (40, "XL"),
    (10, "X"),
    (9, "IX"),
    (5, "V"),
    (4, "IV"),
    (1, "I"),
)


def format_number(n: int, fmt: str) -> str:
    """`n` in an ST_NumberFormat: lowerRoman "xiv", upperRoman "XIV", lowerLetter "aa" (Word
    repeats the letter past z), upperLetter "AA"; anything else in arabic digits."""
    if fmt in ("lowerRoman", "upperRoman"):
        r = int_to_roman(n)
        return r if fmt == "upperRoman" else r.lower()
    if fmt in ("lowerLetter", "upperLetter"):
        letter = chr(ord("a") + (n - 1) % 26) * ((n - 1) // 26 + 1)
        return letter.upper() if fmt == "upperLetter" else letter
    return str(n)


def int_to_roman(n: int) -> str:
    """14 -> "XIV" (capitals; "" for 0)."""
    out = []
    for value, numeral in _ROMAN_NUMERALS:
        while n >= value:
            out.append(numeral)
            n -= value
    return "".join(out)


def roman_to_int(s: str) -> int | None:
    """Parse a roman numeral (any case, spaces around it ignored); None when it is not one."""
    s = s.strip().upper()
    if not s or any(c not in _ROMAN_VALUES for c in s):
        return None
    total = 0
    for i, c in enumerate(s):
        v = _ROMAN_VALUES[c]
        if i + 1 < len(s) and _ROMAN_VALUES[s[i + 1]] > v:
            total -= v
        else:
            total += v
    return total
