"""Pattern jury instructions (toa.recognizers.instructions), on invented text."""


def test_each_instruction_cited_is_one_other_authority(run):
    occs = run("The jury was so instructed. (CACI No. 2430; see CALCRIM Nos. 220, 222 & 3428.)")
    assert [(o.text, o.key, o.display, o.category) for o in occs] == [
        ("CACI No. 2430", ("instruction", "CACI", "2430"), "CACI No. 2430", "other"),
        ("CALCRIM Nos. 220", ("instruction", "CALCRIM", "220"), "CALCRIM No. 220", "other"),
        ("222", ("instruction", "CALCRIM", "222"), "CALCRIM No. 222", "other"),
        ("3428", ("instruction", "CALCRIM", "3428"), "CALCRIM No. 3428", "other")]


def test_a_single_instruction_does_not_take_the_record_cite_after_it(run):
    occs = run("The court gave CALJIC No. 8.80.1, 1 CT 23, over objection.")
    assert [o.display for o in occs] == ["CALJIC No. 8.80.1"]


def test_instructions_sort_by_number_naturally(run):
    occs = run("CALCRIM No. 1000; CALCRIM No. 220; CALCRIM No. 3428.")
    assert [o.display for o in sorted(occs, key=lambda o: o.sort_key)] == [
        "CALCRIM No. 220", "CALCRIM No. 1000", "CALCRIM No. 3428"]
