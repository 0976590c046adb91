"""values-only-in-prose, recall misses of holdout 21 read after the freeze (a tuning set from then on, 2026-12-06):
- quoted values joined by commas alone, when the text then names one of them, quoted, as the default ("'top_left',
  'top_right', 'bottom_right'. Defaults to 'bottom_right'."): a default among them makes them the set, not examples;
  not for the codes of an open standard (`languages`: "'default', 'all', 'en', 'es'");
- quoted values whose notes run up to 60 characters ("'expression_methylation' (overlap between DE genes and DM
  genes across assays)").
In English and Chinese; the docstring case is listed by the `mcp` SDK's own server."""

from __future__ import annotations

import pytest
from helpers import framework_listing as listed
from helpers import reported_params as _reported

from toollint.linter.checks.parameters.values import allowed_values


@pytest.mark.parametrize("text, name, values", [
    ("Where to place the text - 'top_left', 'top_right', 'bottom_right'. Defaults to 'bottom_right'.", "placement",
     ["top_left", "top_right", "bottom_right"]),
    ("文字位置：'top_left', 'top_right', 'bottom_right'，默认为 'bottom_right'", "placement",
     ["top_left", "top_right", "bottom_right"]),
    ("Options: 'expression' (differentially expressed genes), 'abundance' (differentially abundant organisms), "
     "'expression_methylation' (overlap between DE genes and DM genes across assays)", "data_type",
     ["expression", "abundance", "expression_methylation"]),
])
def test_quoted_values_that_name_their_default_or_carry_long_notes(text, name, values):
    assert allowed_values(text, name) == values


@pytest.mark.parametrize("text, name", [
    ("Where to place the text, e.g. 'top_left', 'top_right'. Defaults to 'top_left'.", "placement"),  # examples
    ("Tags to add - 'urgent', 'later', 'home'. Defaults to 'work'.", "tag"),  # the default is none of them
    ("Language filter - 'default', 'all', 'en', 'es', 'de'. Default: 'default'.", "languages"),  # open codes
    ("Tags to add - 'urgent', 'later', 'home'.", "tag"),  # commas alone, no default: examples as often as values
])
def test_quoted_lists_that_stay_examples(text, name):
    assert allowed_values(text, name) is None


def test_a_default_among_quoted_values_listed_by_the_sdk():
    def cover(title: str, placement: str = "bottom_right", language: str = "default") -> str:
        """Generate a book cover.

        Args:
            title (str): The title.
            placement (str, optional): Where to place the text - 'top_left', 'top_right', 'bottom_left',
                'bottom_right'. Defaults to 'bottom_right'.
            language (str, optional): Language filter - 'default', 'all', 'en', 'es'. Defaults to 'default'.
        """
        return ""

    assert _reported("values-only-in-prose", listed(cover)) == ["placement"]
