"""AddDefaultOffToolset / RemoveDefaultOffToolset: before/after cases, idempotence, round trip."""

from __future__ import annotations

import pytest

from hermes_dev.edits import EditError, add_default_off_toolset, remove_default_off_toolset
from tests.edits._checks import inserted_text

CASES = {
    "one line": (
        '_DEFAULT_OFF_TOOLSETS = {"moa", "homeassistant"}\n',
        '_DEFAULT_OFF_TOOLSETS = {"moa", "homeassistant", "stock_quote"}\n',
    ),
    "one per line with a comment": (
        "_DEFAULT_OFF_TOOLSETS = {\n    'moa',  # slow\n    'video',\n}\n",
        "_DEFAULT_OFF_TOOLSETS = {\n    'moa',  # slow\n    'video',\n    'stock_quote',\n}\n",
    ),
    "annotated": (
        '_DEFAULT_OFF_TOOLSETS: set[str] = {"moa"}\n',
        '_DEFAULT_OFF_TOOLSETS: set[str] = {"moa", "stock_quote"}\n',
    ),
    "empty set() becomes a literal in the file's quotes": (
        "NAME = 'x'\n_DEFAULT_OFF_TOOLSETS = set()\n",
        "NAME = 'x'\n_DEFAULT_OFF_TOOLSETS = {'stock_quote'}\n",
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_add_then_remove(name: str) -> None:
    before, after = CASES[name]
    added = add_default_off_toolset(before, "stock_quote")
    assert added == after
    if "set()" not in before:
        inserted_text(before, added)
    assert add_default_off_toolset(added, "stock_quote") == added
    assert remove_default_off_toolset(added, "stock_quote") == before
    assert remove_default_off_toolset(before, "stock_quote") == before


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("X = 1\n", "no module-level `_DEFAULT_OFF_TOOLSETS = ...`"),
        ("_DEFAULT_OFF_TOOLSETS = frozenset({'a'})\n", "is a call (frozenset(...)), not a set"),
        ("_DEFAULT_OFF_TOOLSETS = set(['a'])\n", "is a call (set(...)), not a set"),
        ("_DEFAULT_OFF_TOOLSETS = OTHER\n", "is a name (OTHER), not a set"),
    ],
)
def test_refuses_what_it_cannot_edit(source: str, message: str) -> None:
    escaped = message.replace("(", r"\(").replace(")", r"\)").replace("{", r"\{")
    with pytest.raises(EditError, match=escaped):
        add_default_off_toolset(source, "stock_quote")
    assert remove_default_off_toolset(source, "stock_quote") == source
