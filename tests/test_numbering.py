"""Numbers in Word's formats and roman numerals."""

from toa.numbering import format_number, int_to_roman, roman_to_int


def test_number_formats():
    assert [format_number(n, "lowerRoman") for n in (1, 4, 9, 14, 40)] == ["i", "iv", "ix", "xiv", "xl"]
    assert format_number(3, "upperRoman") == "III"
    assert format_number(27, "lowerLetter") == "aa"
    assert format_number(28, "upperLetter") == "BB"
    assert format_number(12, "decimal") == "12"
    assert format_number(12, "ordinalText") == "12"  # a format toa does not print: arabic


def test_roman_round_trip():
    assert roman_to_int("XIV") == 14
    assert roman_to_int(" iv ") == 4
    assert roman_to_int("mcmxcix") == 1999
    assert roman_to_int("ABC") is None
    assert roman_to_int("") is None
    assert int_to_roman(27) == "XXVII"
    assert all(roman_to_int(int_to_roman(n)) == n for n in range(1, 4000))
