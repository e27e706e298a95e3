"""eyecite as the extract stage calls it, and eyecite as released for everything else."""
import eyecite
from eyecite import helpers as eyecite_helpers
from eyecite import regexes as eyecite_regexes

from toa.extract import eyecite_adapter

TWO_CASES = "Smith v. Jones, 1 F.3d 1 (1993); Doe v. Roe, 2 F.3d 2 (2d Cir. 1994)."


def years(found):
    return [(c.matched_text(), c.metadata.year) for c in found]


def test_a_year_only_parenthetical_keeps_its_own_year():
    assert years(eyecite_adapter.citations(TWO_CASES)) == [("1 F.3d 1", "1993"), ("2 F.3d 2", "1994")]


def test_eyecite_called_directly_is_as_released():
    """The mended regex is eyecite's only inside the adapter's call: before and after one, eyecite
    reads Smith's "(1993)" on into Doe's parenthetical (eyecite issue #321). When a release of
    eyecite reads 1993 here, the leak is mended upstream and the adapter's patch can go."""
    eyecite_adapter.citations(TWO_CASES)
    assert eyecite_helpers.POST_FULL_CITATION_REGEX is eyecite_regexes.POST_FULL_CITATION_REGEX
    assert years(eyecite.get_citations(TWO_CASES)) == [("1 F.3d 1", "1994"), ("2 F.3d 2", "1994")]


def test_citations_come_in_text_order_with_offsets_into_the_text():
    text = "(Id. at p. 161.) See Reed v. Town of Gilbert, 576 U.S. 155, 163 (2015); (Ibid.)"
    found = eyecite_adapter.citations(text)
    assert [text[slice(*c.span())] for c in found] == ["Id. at p. 161", "576 U.S. 155", "Ibid."]
