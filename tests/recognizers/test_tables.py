import re

import pytest

from toa.recognizers import recognize
from toa.recognizers.tables import form_pattern, load


@pytest.mark.parametrize(
    ("form", "written", "matches"),
    [
        ("Or. Admin. R.", "Or. Admin. R.", True),
        ("Or. Admin. R.", "Or.Admin.R.", True),  # a space after a period may be left out
        ("Or. Admin. R.", "Or  Admin R.", False),
        ("Ga. Comp. R. & Regs.", "Ga. Comp. R.&Regs.", True),  # and one beside "&"
        ("N.J.A.C.", "N. J. A. C.", True),  # and one between initials
        ("Ohio Adm. Code", "OhioAdm. Code", False),  # a space between words is kept
        ("Fla. Admin. Code[ Ann.][[,] r.]", "Fla. Admin. Code", True),
        ("Fla. Admin. Code[ Ann.][[,] r.]", "Fla. Admin. Code Ann., r.", True),
        ("Fla. Admin. Code[ Ann.][[,] r.]", "Fla. Admin. Code r.", True),
        ("Fla. Admin. Code[ Ann.][[,] r.]", "Fla. Admin. Code, Ann.", False),
        ("Ariz. Admin. Code[ §]", "Ariz. Admin. Code §", True),
        ("A+B (x)", "A+B (x)", True),  # other characters stand for themselves
    ],
)
def test_a_form_matches_what_briefs_write(form, written, matches):
    assert bool(re.fullmatch(form_pattern(form), written)) is matches


def test_every_table_entry_has_a_printed_name_a_state_and_forms():
    for entry in load("administrative_codes", "code"):
        assert entry["printed"] and entry["state"] and entry["forms"], entry
        assert set(entry) <= {"printed", "state", "title_first", "forms"}, entry


def test_a_space_after_a_period_may_be_left_out_inside_an_optional_part_too():
    assert re.fullmatch(form_pattern("Pa.C.S.[ A.]"), "Pa.C.S.A.")
    assert re.fullmatch(form_pattern("Pa.C.S.[ A.]"), "Pa.C.S. A.")
    assert not re.fullmatch(form_pattern("Code[ Ann.]"), "CodeAnn.")


def _code_words() -> list[tuple[str, str]]:
    """(token, spelling) of every word data/code_words.toml names a code with ("code" itself, the
    word the name is read from, and the words the key leaves out aside)."""
    return [
        (entry["token"], spelling)
        for entry in load("code_words", "word")
        if entry["token"] not in ("", "code")
        for spelling in entry["spellings"]
    ]


@pytest.mark.parametrize(("token", "spelling"), _code_words())
def test_every_spelling_of_a_code_word_is_read_in_a_code_name(token, spelling):
    written = spelling.capitalize() + ("." if len(spelling) <= 5 and spelling != "laws" else "")
    text = f"See Cal. {written} Code § 100."
    found = [o for o in recognize(text, []) if o.category in ("statutes", "rules_regulations")]
    assert found, text
    assert token in found[0].key.code.split(), (text, found[0].key)
