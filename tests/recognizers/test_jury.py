from recognized import full
from toa.keys import JuryInstructionKey


def test_california_instructions_each_an_entry(run):
    t = "The jury was instructed. (CACI No. 2430; see also CACI Nos. 430, 431 & 432; CALCRIM No. 1191A (2023 ed.).)"
    occs = full(run(t))
    assert [o.display for o in occs] == [
        "CACI No. 2430",
        "CACI No. 430",
        "CACI No. 431",
        "CACI No. 432",
        "CALCRIM No. 1191A (2023 ed.)",
    ]
    assert {o.category for o in occs} == {"other"}
    assert occs[0].key == JuryInstructionKey("caci", "2430")
    # the instruction number sorts naturally within its set
    assert occs[1].sort_key < occs[0].sort_key


def test_federal_and_texas_pattern_instructions(run):
    t = (
        "See Ninth Circuit Manual of Model Civil Jury Instructions § 9.3 (2017); Fifth Circuit Pattern Jury "
        "Instructions (Criminal) § 2.02 (2019); 9th Cir. Model Crim. Jury Instr. 4.1 (2022). Also Comm. on "
        "Pattern Jury Charges, State Bar of Tex., Texas Pattern Jury Charges: General Negligence PJC 2.1 (2020)."
    )
    assert [o.display for o in full(run(t))] == [
        "Ninth Circuit Manual of Model Civil Jury Instructions § 9.3 (2017)",
        "Fifth Circuit Pattern Jury Instructions (Criminal) § 2.02 (2019)",
        "9th Cir. Model Crim. Jury Instr. 4.1 (2022)",
        "Texas Pattern Jury Charges: General Negligence PJC 2.1 (2020)",
    ]


def test_a_set_named_in_prose_is_no_citation(run):
    assert full(run("The Eleventh Circuit Pattern Jury Instructions say nothing about intent.")) == []
    assert full(run("The court gave the Seventh Circuit Pattern Criminal Jury Instructions that day.")) == []
    assert full(run("Counsel for CACI, the company, objected.")) == []


def test_california_instruction_with_the_name_of_its_set(run):
    t = "(Doe v. Roe (2004) 1 Cal.App.5th 1, 9, citing Jud. Council of Cal. Civ. Jury Instns. (2004) CACI No. 2430.)"
    [o] = [o for o in full(run(t)) if o.category == "other"]
    assert o.display == "Jud. Council of Cal. Civ. Jury Instns. (2004) CACI No. 2430"
    assert o.key == JuryInstructionKey("caci", "2430")


def test_a_single_instruction_does_not_take_the_record_cite_after_it(run):
    occs = run("The court gave CALJIC No. 8.80.1, 1 CT 23, over objection.")
    assert [o.display for o in occs] == ["CALJIC No. 8.80.1"]
    occs = run("The jury was so instructed. (CACI No. 2430; see CALCRIM Nos. 220, 222 & 3428.)")
    assert [o.display for o in occs] == ["CACI No. 2430", "CALCRIM No. 220", "CALCRIM No. 222", "CALCRIM No. 3428"]


def test_a_set_named_for_its_circuit_after_the_words(run):
    [o] = full(
        run("See Manual of Model Criminal Jury Instructions for the District Courts of the Ninth Circuit § 8.1 (2022).")
    )
    assert (
        o.display
        == "Manual of Model Criminal Jury Instructions for the District Courts of the Ninth Circuit § 8.1 (2022)"
    )
    [o] = full(run("See Pattern Criminal Jury Instructions of the Seventh Circuit 4.01 (2020)."))
    assert o.key.number == "4.01"
    assert full(run("The Model Civil Jury Instructions for the Ninth Circuit say so.")) == []  # no number, no year


def test_new_york_pattern_jury_instructions_by_part_and_colon(run):
    cited = full(run("See 2 N.Y. PJI2d 2:216, at 345 (2021). The jury was charged under PJI 2:216 and PJI 1:25."))
    assert [o.display for o in cited] == ["2 N.Y. PJI2d 2:216 (2021)", "PJI 2:216", "PJI 1:25"]
    assert cited[0].key == cited[1].key != cited[2].key
    assert [o.category for o in cited] == ["other"] * 3
    assert full(run("At 10:30 the PJI was read to them.")) == []
