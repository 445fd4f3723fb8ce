"""AddToolsetTool / RemoveToolFromToolsets on entries written as helper calls.

Newer Hermes files write `"web": _ts("Web tools", ["web_search"])`, with `_ts(description,
tools=(), includes=(), **extra)` and `_bundle(description, extras=())` defined beside `TOOLSETS`.
"""

from __future__ import annotations

import pytest

from hermes_dev.edits import (
    EditError,
    add_core_tool,
    add_tool_to_toolset,
    remove_tool_from_toolsets,
)
from tests.edits._checks import inserted_text

HEAD = """\
_HERMES_CORE_TOOLS = [
    "current_time",
]


def _ts(description, tools=(), includes=(), **extra):
    return {"description": description, "tools": list(tools), "includes": list(includes), **extra}


def _bundle(description, extras=()):
    return _ts(description, _HERMES_CORE_TOOLS + list(extras))


"""

SOURCE = (
    HEAD
    + """\
TOOLSETS = {
    # ── Single tools ──
    "clock": _ts("Tell the current time", ["current_time"]),
    "text": _ts(
        "Small text utilities: count words, "
        "reverse text",
        ["word_count", "reverse_text"],
    ),
    "notes": _ts("Notes filled in at run time"),
    "bare": _ts(
        "Bare multi-line call"
    ),
    "hugging": _ts("Hugging brackets", [
        "first_tool",  # first
        "second_tool",
    ]),
    "lookups": _ts(
        "Lookups",
        [
            "dns_lookup",
            "whois_lookup",  # slow
            # more soon
        ],
    ),
    "keyword": _ts("By keyword", tools=["k1"], includes=["clock"]),
    "empty_with_includes": _ts("Only includes", [], includes=["clock", "text"]),
    "only_includes": _ts("Only includes, no tools", includes=["clock"]),
    "computed": _ts("Computed", [t for t in _HERMES_CORE_TOOLS if t.startswith("c")]),
    "posture": _ts("Posture", _HERMES_CORE_TOOLS, posture=True),
    "plus": _ts("Plus", _HERMES_CORE_TOOLS + ["x"]),
    "copied": _ts("Copied", list(_HERMES_CORE_TOOLS)),
    "unknown_helper": _other("Other", ["a"]),
    "splat": _ts("Splat", **EXTRA),

    # ── Platforms ──
    "hermes-cli": _bundle("Everything the command line offers"),
    "hermes-chat": _bundle(
        "Chat bot toolset",
        ["chat_send", "chat_admin"],
    ),
    "hermes-legacy": {
        "description": "Older dict entry",
        "tools": _HERMES_CORE_TOOLS + ["legacy"],
        "includes": [],
    },
}
"""
)

APPEND_CASES = {
    "positional list on one line": (
        "clock",
        '["current_time"]',
        '["current_time", "weather"]',
    ),
    "positional list after an implicit concatenation": (
        "text",
        '["word_count", "reverse_text"],',
        '["word_count", "reverse_text", "weather"],',
    ),
    "no tools argument: tools= appended": (
        "notes",
        '_ts("Notes filled in at run time")',
        '_ts("Notes filled in at run time", tools=["weather"])',
    ),
    "no tools argument, multi-line call without trailing comma": (
        "bare",
        '_ts(\n        "Bare multi-line call"\n    ),',
        '_ts(\n        "Bare multi-line call",\n        tools=["weather"]\n    ),',
    ),
    "one-per-line list hugging the call's brackets": (
        "hugging",
        '"second_tool",\n    ]),',
        '"second_tool",\n        "weather",\n    ]),',
    ),
    "one-per-line list ending in comments": (
        "lookups",
        "            # more soon\n",
        '            # more soon\n            "weather",\n',
    ),
    "tools= keyword before includes": (
        "keyword",
        'tools=["k1"]',
        'tools=["k1", "weather"]',
    ),
    "empty positional list before includes": (
        "empty_with_includes",
        '_ts("Only includes", [], includes',
        '_ts("Only includes", ["weather"], includes',
    ),
    "only includes: tools= appended after them": (
        "only_includes",
        'no tools", includes=["clock"]),',
        'no tools", includes=["clock"], tools=["weather"]),',
    ),
    "_bundle without extras: extras= appended": (
        "hermes-cli",
        '_bundle("Everything the command line offers")',
        '_bundle("Everything the command line offers", extras=["weather"])',
    ),
    "_bundle extras list": (
        "hermes-chat",
        '["chat_send", "chat_admin"],',
        '["chat_send", "chat_admin", "weather"],',
    ),
}


@pytest.mark.parametrize("toolset, old, new", APPEND_CASES.values(), ids=APPEND_CASES.keys())
def test_append_to_call_entry(toolset: str, old: str, new: str) -> None:
    assert SOURCE.count(old) == 1
    edited = add_tool_to_toolset(SOURCE, "weather", toolset, "ignored")
    assert edited == SOURCE.replace(old, new)
    namespace: dict[str, object] = {"_other": None, "EXTRA": {}}
    exec(compile(edited.replace('_other("Other", ["a"])', "{}"), "t.py", "exec"), namespace)  # noqa: S102
    assert namespace["TOOLSETS"][toolset]["tools"][-1] == "weather"  # type: ignore[index]


@pytest.mark.parametrize("toolset", [case[0] for case in APPEND_CASES.values()])
def test_idempotent_and_reversible(toolset: str) -> None:
    once = add_tool_to_toolset(SOURCE, "weather", toolset, "W")
    assert add_tool_to_toolset(once, "weather", toolset, "W") == once
    assert remove_tool_from_toolsets(once, "weather") == SOURCE
    assert remove_tool_from_toolsets(once, "weather", description="W") == SOURCE
    both = add_core_tool(once, "weather")
    assert remove_tool_from_toolsets(both, "weather", description="W") == SOURCE


@pytest.mark.parametrize(
    "toolset, shape",
    [
        ("computed", 'TOOLSETS["computed"] passes tools to _ts(...) as a comprehension'),
        ("plus", 'TOOLSETS["plus"] passes tools to _ts(...) as an expression (... + ...)'),
        ("copied", 'TOOLSETS["copied"] passes tools to _ts(...) as a call (list(...))'),
        ("unknown_helper", 'TOOLSETS["unknown_helper"] is a call (_other(...)), a helper'),
        ("splat", 'TOOLSETS["splat"] is a call (_ts(...)) with no tools argument'),
        ("hermes-legacy", 'TOOLSETS["hermes-legacy"]["tools"] is an expression (... + ...)'),
    ],
)
def test_computed_tools_are_refused(toolset: str, shape: str) -> None:
    with pytest.raises(EditError) as raised:
        add_tool_to_toolset(SOURCE, "weather", toolset, "W")
    message = str(raised.value)
    assert message.startswith("toolsets.py: ") and shape in message and "\n" not in message


def test_core_tools_by_name_points_at_core() -> None:
    with pytest.raises(EditError, match=r"passes tools to _ts\(...\) as a name .* pass --core"):
        add_tool_to_toolset(SOURCE, "weather", "posture", "W")


def test_positional_only_parameter_is_refused_when_absent() -> None:
    source = (
        "def _ts(description, tools=(), /):\n    return {}\n\n"
        'TOOLSETS = {"x": _ts("X"), "y": _ts("Y", ["a"])}\n'
    )
    with pytest.raises(EditError, match="no tools argument"):
        add_tool_to_toolset(source, "weather", "x", "W")
    edited = add_tool_to_toolset(source, "weather", "y", "W")
    assert '_ts("Y", ["a", "weather"])' in edited
    assert remove_tool_from_toolsets(edited, "weather") == source


def test_helper_named_in_its_definition() -> None:
    source = (
        "def make(description, names=()):\n    return {}\n\n"
        'TOOLSETS = {"x": make("X"), "y": make("Y", names=["a"])}\n'
    )
    x = add_tool_to_toolset(source, "weather", "x", "W")
    assert 'make("X", names=["weather"])' in x
    y = add_tool_to_toolset(source, "weather", "y", "W")
    assert 'names=["a", "weather"]' in y
    assert remove_tool_from_toolsets(x, "weather") == source
    assert remove_tool_from_toolsets(y, "weather") == source


NEW_ENTRY = '    "weather": _ts("Weather lookup", ["weather"]),\n}\n'


def test_new_entry_matches_helper_style() -> None:
    edited = add_tool_to_toolset(SOURCE, "weather", "weather", "Weather lookup")
    assert edited == SOURCE.removesuffix("}\n") + NEW_ENTRY
    assert remove_tool_from_toolsets(edited, "weather") == SOURCE
    other = add_tool_to_toolset(SOURCE, "weather", "forecasts", "Weather lookup")
    assert other == SOURCE.removesuffix("}\n") + NEW_ENTRY.replace('"weather": ', '"forecasts": ')
    assert remove_tool_from_toolsets(other, "weather", description="Weather lookup") == SOURCE
    # Not its key, not its description: the entry stays, emptied.
    kept = remove_tool_from_toolsets(other, "weather", description="Something else")
    assert kept == SOURCE.removesuffix("}\n") + '    "forecasts": _ts("Weather lookup", []),\n}\n'


def test_long_description_wraps_like_the_file() -> None:
    description = "Look up the weather for any place on Earth, " * 4 + 'and say "hi"'
    edited = add_tool_to_toolset(SOURCE, "weather", "weather", description)
    added = inserted_text(SOURCE, edited)
    assert added.startswith('    "weather": _ts(\n        "Look up the weather')
    assert added.endswith('        ["weather"],\n    ),\n')
    assert all(len(line) <= 100 for line in added.splitlines())
    namespace: dict[str, object] = {"_other": None, "EXTRA": {}}
    exec(compile(edited.replace('_other("Other", ["a"])', "{}"), "t.py", "exec"), namespace)  # noqa: S102
    assert namespace["TOOLSETS"]["weather"]["description"] == description  # type: ignore[index]
    assert remove_tool_from_toolsets(edited, "weather", description=description) == SOURCE


def test_long_description_follows_no_trailing_comma_habit() -> None:
    source = HEAD + 'TOOLSETS = {\n    "a": _ts(\n        "A",\n        ["a"]\n    ),\n}\n'
    description = "word " * 30
    edited = add_tool_to_toolset(source, "weather", "weather", description.strip())
    assert edited.endswith('        ["weather"]\n    ),\n}\n')
    assert remove_tool_from_toolsets(edited, "weather") == source


@pytest.mark.parametrize(
    "source",
    [
        # _ts not defined or imported here: a dict literal, as before.
        'TOOLSETS = {\n    "a": _ts("A", ["a"]),\n    "b": _ts("B", ["b"]),\n}\n',
        # Mostly dict literals: a dict literal.
        HEAD + 'TOOLSETS = {\n    "a": {"description": "A", "tools": ["a"], "includes": []},\n'
        '    "b": {"description": "B", "tools": ["b"], "includes": []},\n'
        '    "c": _ts("C", ["c"]),\n}\n',
        # Mostly _bundle calls: no model for a plain toolset.
        HEAD
        + 'TOOLSETS = {\n    "a": _bundle("A"),\n    "b": _bundle("B"),\n    "c": _ts("C"),\n}\n',
    ],
)
def test_new_entry_stays_a_dict_literal(source: str) -> None:
    edited = add_tool_to_toolset(source, "weather", "weather", "W")
    assert '    "weather": {\n        "description": "W",' in edited
    assert remove_tool_from_toolsets(edited, "weather") == source


def test_imported_helper_counts_as_defined() -> None:
    source = (
        "from hermes_toolset_helpers import _bundle, _ts\n\n"
        "TOOLSETS = {\n    'a': _ts('A', ['a']),\n    'b': _ts('B'),\n}\n"
    )
    edited = add_tool_to_toolset(source, "weather", "weather", "W")
    assert edited == source.replace("}\n", "    'weather': _ts('W', ['weather']),\n}\n")
    b = add_tool_to_toolset(source, "weather", "b", "W")
    assert "_ts('B', tools=['weather'])" in b
    assert remove_tool_from_toolsets(edited, "weather") == source
    assert remove_tool_from_toolsets(b, "weather") == source


REMOVE_CASES = {
    "positional list keeps []": (
        '"x": _ts("X", ["weather"]),',
        '"x": _ts("X", []),',
    ),
    "keyword list before other arguments keeps []": (
        '"x": _ts("X", tools=["weather"], includes=["a"]),',
        '"x": _ts("X", tools=[], includes=["a"]),',
    ),
    "keyword list as the last argument goes": (
        '"x": _ts("X", includes=["a"], tools=["weather"]),',
        '"x": _ts("X", includes=["a"]),',
    ),
    "_bundle extras": (
        '"hermes-x": _bundle("X", ["x_send", "weather"]),',
        '"hermes-x": _bundle("X", ["x_send"]),',
    ),
    "the tool's own _ts entry with includes stays": (
        '"weather": _ts("W", ["weather"], includes=["web"]),',
        '"weather": _ts("W", [], includes=["web"]),',
    ),
    "the tool's own _ts entry with extra keys stays": (
        '"weather": _ts("W", ["weather"], posture=True),',
        '"weather": _ts("W", [], posture=True),',
    ),
    "comprehension is left alone": (
        '"x": _ts("X", [t for t in ["weather"]]),',
        '"x": _ts("X", [t for t in ["weather"]]),',
    ),
}


@pytest.mark.parametrize("before, after", REMOVE_CASES.values(), ids=REMOVE_CASES.keys())
def test_remove_from_call_entries(before: str, after: str) -> None:
    source = HEAD + "TOOLSETS = {\n    " + before + "\n}\n"
    assert remove_tool_from_toolsets(source, "weather", description="W") == source.replace(
        before, after
    )


def test_the_tools_own_new_entry_is_deleted() -> None:
    source = HEAD + 'TOOLSETS = {\n    "a": _ts("A"),\n    "weather": _ts("W", ["weather"]),\n}\n'
    assert remove_tool_from_toolsets(source, "weather") == (
        HEAD + 'TOOLSETS = {\n    "a": _ts("A"),\n}\n'
    )
