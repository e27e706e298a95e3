import re

import pytest

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
