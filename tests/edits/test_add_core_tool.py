"""AddCoreTool: before/after cases, idempotence, and the round trip through remove."""

from __future__ import annotations

import pytest

from hermes_dev.edits import EditError, add_core_tool, remove_tool_from_toolsets

TOOLSETS_TAIL = "\nTOOLSETS = {}\n"

CASES = {
    "grouped, several per line, trailing comma": (
        """\
_HERMES_CORE_TOOLS = [
    # Time
    "current_time",
    # Text utilities
    "word_count", "reverse_text",
]
""",
        """\
_HERMES_CORE_TOOLS = [
    # Time
    "current_time",
    # Text utilities
    "word_count", "reverse_text",
    "weather",
]
""",
    ),
    "comment after the last item stays on its line": (
        """\
_HERMES_CORE_TOOLS = [
    "web_search",
    "browser_exec",  # replaces the browser tools sometimes
]
""",
        """\
_HERMES_CORE_TOOLS = [
    "web_search",
    "browser_exec",  # replaces the browser tools sometimes
    "weather",
]
""",
    ),
    "own-line comment before the bracket stays above the new name": (
        """\
_HERMES_CORE_TOOLS = [
    "web_search",
    # ── more below ──
]
""",
        """\
_HERMES_CORE_TOOLS = [
    "web_search",
    # ── more below ──
    "weather",
]
""",
    ),
    "no trailing comma": (
        """\
_HERMES_CORE_TOOLS = [
    "web_search",
    "terminal"  # last
]
""",
        """\
_HERMES_CORE_TOOLS = [
    "web_search",
    "terminal",  # last
    "weather"
]
""",
    ),
    "single line": (
        '_HERMES_CORE_TOOLS = ["a", "b"]\n',
        '_HERMES_CORE_TOOLS = ["a", "b", "weather"]\n',
    ),
    "single line with trailing comma": (
        '_HERMES_CORE_TOOLS = ["a", "b",]\n',
        '_HERMES_CORE_TOOLS = ["a", "b", "weather",]\n',
    ),
    "empty": ("_HERMES_CORE_TOOLS = []\n", '_HERMES_CORE_TOOLS = ["weather"]\n'),
    "empty, multi-line with a comment": (
        "_HERMES_CORE_TOOLS = [\n    # nothing yet\n]\n",
        '_HERMES_CORE_TOOLS = [\n    # nothing yet\n    "weather",\n]\n',
    ),
    "single quotes": (
        "_HERMES_CORE_TOOLS = [\n    'a',\n]\n",
        "_HERMES_CORE_TOOLS = [\n    'a',\n    'weather',\n]\n",
    ),
    "blank line before the bracket stays below the new name": (
        '_HERMES_CORE_TOOLS = [\n    "a",\n\n]\n',
        '_HERMES_CORE_TOOLS = [\n    "a",\n    "weather",\n\n]\n',
    ),
    "crlf": (
        '_HERMES_CORE_TOOLS = [\r\n    "a",\r\n]\r\n',
        '_HERMES_CORE_TOOLS = [\r\n    "a",\r\n    "weather",\r\n]\r\n',
    ),
    "tabs": (
        '_HERMES_CORE_TOOLS = [\n\t"a",\n]\n',
        '_HERMES_CORE_TOOLS = [\n\t"a",\n\t"weather",\n]\n',
    ),
}


@pytest.mark.parametrize("before, after", CASES.values(), ids=CASES.keys())
def test_before_after(before: str, after: str) -> None:
    assert add_core_tool(before + TOOLSETS_TAIL, "weather") == after + TOOLSETS_TAIL


@pytest.mark.parametrize("before", [b for b, _ in CASES.values()], ids=CASES.keys())
def test_idempotent_and_reversible(before: str) -> None:
    source = before + TOOLSETS_TAIL
    once = add_core_tool(source, "weather")
    assert add_core_tool(once, "weather") == once
    assert remove_tool_from_toolsets(once, "weather") == source


def test_name_present_already_changes_nothing() -> None:
    source = '_HERMES_CORE_TOOLS = [\n    "weather",\n]\n'
    assert add_core_tool(source, "weather") is source


@pytest.mark.parametrize(
    "source, shape",
    [
        ("TOOLSETS = {}\n", "no module-level `_HERMES_CORE_TOOLS = ...`"),
        ("_HERMES_CORE_TOOLS = _BASE + ['x']\n", "is an expression (... + ...)"),
        ("_HERMES_CORE_TOOLS = list(_BASE)\n", "is a call (list(...))"),
        ("def f():\n    _HERMES_CORE_TOOLS = []\n", "no module-level"),
        ("_HERMES_CORE_TOOLS = [\n", "does not parse"),
    ],
)
def test_shapes_it_cannot_edit(source: str, shape: str) -> None:
    with pytest.raises(EditError, match="toolsets.py") as raised:
        add_core_tool(source, "weather")
    assert shape in str(raised.value)
    assert "\n" not in str(raised.value)
