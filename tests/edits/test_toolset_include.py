"""AddToolsetInclude / RemoveToolsetInclude: before/after cases, idempotence, round trip."""

from __future__ import annotations

import pytest

from hermes_dev.edits import EditError, add_toolset_include, remove_toolset_include
from tests.edits._checks import inserted_text

HELPERS = (
    "def _ts(description, tools=(), includes=(), **extra):\n"
    '    return {"description": description, "tools": list(tools), "includes": list(includes)}\n'
    "\n"
    "\n"
    "def _bundle(description, extras=()):\n"
    "    return _ts(description, _HERMES_CORE_TOOLS + list(extras))\n"
    "\n"
    "\n"
)

CASES = {
    "dict entry without a trailing comma (as Hermes writes hermes-cli)": (
        """\
TOOLSETS = {
    "hermes-cli": {
        "description": "Full interactive CLI toolset",
        "tools": _HERMES_CORE_TOOLS,
        "includes": []
    },
}
""",
        """\
TOOLSETS = {
    "hermes-cli": {
        "description": "Full interactive CLI toolset",
        "tools": _HERMES_CORE_TOOLS,
        "includes": ["stock_quote"]
    },
}
""",
        False,
    ),
    "dict entry that includes others already": (
        'TOOLSETS = {\n    "hermes-cli": {"tools": [], "includes": [\n        "web",\n    ]},\n}\n',
        'TOOLSETS = {\n    "hermes-cli": {"tools": [], "includes": [\n        "web",\n'
        '        "stock_quote",\n    ]},\n}\n',
        False,
    ),
    "helper call given includes by keyword": (
        HELPERS + 'TOOLSETS = {\n    "hermes-cli": _ts("CLI", [], includes=["web"]),\n}\n',
        HELPERS
        + 'TOOLSETS = {\n    "hermes-cli": _ts("CLI", [], includes=["web", "stock_quote"]),\n}\n',
        False,
    ),
    "helper call given includes by position": (
        HELPERS + 'TOOLSETS = {\n    "hermes-cli": _ts("CLI", [], []),\n}\n',
        HELPERS + 'TOOLSETS = {\n    "hermes-cli": _ts("CLI", [], ["stock_quote"]),\n}\n',
        False,
    ),
    "helper call without includes gets the keyword": (
        HELPERS + 'TOOLSETS = {\n    "hermes-cli": _ts("CLI", ["a"]),\n}\n',
        HELPERS + 'TOOLSETS = {\n    "hermes-cli": _ts("CLI", ["a"], includes=["stock_quote"]),\n}\n',
        True,
    ),
    "a key bound to a constant": (
        'CLI = "hermes-cli"\nTOOLSETS = {CLI: {"tools": [], "includes": []}}\n',
        'CLI = "hermes-cli"\nTOOLSETS = {CLI: {"tools": [], "includes": ["stock_quote"]}}\n',
        False,
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_add_then_remove(name: str) -> None:
    before, after, keyword = CASES[name]
    added = add_toolset_include(before, "hermes-cli", "stock_quote")
    assert added == after
    inserted_text(before, added)
    assert add_toolset_include(added, "hermes-cli", "stock_quote") == added
    assert (
        remove_toolset_include(added, "hermes-cli", "stock_quote", drop_empty_keyword=keyword)
        == before
    )


def test_an_empty_includes_keyword_the_file_had_stays() -> None:
    before = HELPERS + 'TOOLSETS = {"hermes-cli": _ts("CLI", [], includes=[])}\n'
    added = add_toolset_include(before, "hermes-cli", "stock_quote")
    assert remove_toolset_include(added, "hermes-cli", "stock_quote") == before


def test_remove_leaves_other_entries_and_tool_lists_alone() -> None:
    source = (
        'TOOLSETS = {\n    "stock_quote": {"tools": ["stock_quote"], "includes": []},\n'
        '    "hermes-cli": {"tools": [], "includes": ["web"]},\n}\n'
    )
    assert remove_toolset_include(source, "hermes-cli", "stock_quote") == source


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ('TOOLSETS = {"web": {"tools": [], "includes": []}}\n', 'no TOOLSETS\\["hermes-cli"\\]'),
        ('TOOLSETS = {"hermes-cli": {"tools": []}}\n', 'has no "includes" list'),
        (
            'TOOLSETS = {"hermes-cli": {"tools": [], "includes": BASE + []}}\n',
            "is an expression",
        ),
        (HELPERS + 'TOOLSETS = {"hermes-cli": _bundle("CLI")}\n', "takes no includes"),
        ('TOOLSETS = {"hermes-cli": make()}\n', "takes no includes"),
    ],
)
def test_refuses_what_it_cannot_edit(source: str, message: str) -> None:
    with pytest.raises(EditError, match=message):
        add_toolset_include(source, "hermes-cli", "stock_quote")
    assert remove_toolset_include(source, "hermes-cli", "stock_quote") == source
