"""What one group of a pattern can match: a few strings, or open text."""

import re

import pytest

from hermes_dev.pyast.analyze.regex_groups import OPEN, group_strings


def test_a_class_of_letters_is_those_letters_in_either_case_with_ignorecase():
    found = group_strings(r"^(\d+)\s*([kmg]?)b$", re.IGNORECASE, 2)
    assert found == frozenset({"", "k", "K", "m", "M", "g", "G"})


def test_alternatives_and_an_optional_part_are_spelled_out():
    assert group_strings(r"(\d+)\s*(ml|cl|l)", 0, 2) == frozenset({"ml", "cl", "l"})
    assert group_strings(r"(i?b)", 0, 1) == frozenset({"b", "ib"})


def test_a_named_group_is_found_by_its_name():
    assert group_strings(r"(?P<unit>s|min|h)$", 0, "unit") == frozenset({"s", "min", "h"})


@pytest.mark.parametrize(
    "pattern", [r"^(\w+)$", r"^([A-Z]):(.*)$", r"([^,]+)", r"(\d+)", r"(a|b+)"]
)
def test_open_text_is_open(pattern):
    groups = re.compile(pattern).groups
    assert group_strings(pattern, 0, groups) == OPEN


def test_too_many_strings_are_open():
    assert group_strings(r"([a-z][a-z][a-z])", 0, 1) == OPEN


@pytest.mark.parametrize(
    ("pattern", "group"), [(r"(", 1), (r"(a)", 2), (r"(a)", "name"), (r"(a)", 0)]
)
def test_what_cannot_be_told_is_none(pattern, group):
    assert group_strings(pattern, 0, group) is None
