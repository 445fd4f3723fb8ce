"""AddToolsetTool: before/after cases, idempotence, and the round trip through remove."""

from __future__ import annotations

import pytest

from hermes_dev.edits import EditError, add_tool_to_toolset, remove_tool_from_toolsets

CORE = '_HERMES_CORE_TOOLS = [\n    "current_time",\n]\n\n'

SPACED = """\
TOOLSETS = {
    # ── Utilities ──
    "clock": {
        "description": "Tell the current time",
        "tools": ["current_time"],
        "includes": [],
    },

    "text": {
        "description": (
            "Small text utilities: "
            "count words, reverse text"
        ),
        "tools": ["word_count", "reverse_text"],
        "includes": []
    },

    # ── Platforms ──
    "hermes-cli": {
        "description": "Everything the command line offers",
        "tools": _HERMES_CORE_TOOLS,
        "includes": [],
    },
}
"""

NEW_ENTRY_CASES = {
    "blank-separated entries get a blank line before the new one": (
        SPACED,
        SPACED.replace(
            "    },\n}\n",
            '    },\n\n    "weather": {\n        "description": "Weather lookup",\n'
            '        "tools": ["weather"],\n        "includes": [],\n    },\n}\n',
        ),
    ),
    "packed entries, last without trailing comma inside": (
        """\
TOOLSETS = {
    "a": {
        "description": "A",
        "tools": ["a"],
        "includes": []
    },
    "b": {"description": "B", "tools": ["b"], "includes": []},
}
""",
        """\
TOOLSETS = {
    "a": {
        "description": "A",
        "tools": ["a"],
        "includes": []
    },
    "b": {"description": "B", "tools": ["b"], "includes": []},
    "weather": {
        "description": "Weather lookup",
        "tools": ["weather"],
        "includes": []
    },
}
""",
    ),
    "section comment before the brace: new entry goes under it": (
        (
            'TOOLSETS = {\n    "a": {"description": "A", "tools": [], "includes": []},\n\n'
            "    # ── Added by hand ──\n}\n"
        ),
        (
            'TOOLSETS = {\n    "a": {"description": "A", "tools": [], "includes": []},\n\n'
            '    # ── Added by hand ──\n    "weather": {\n        "description": "Weather lookup",\n'
            '        "tools": ["weather"],\n        "includes": [],\n    },\n}\n'
        ),
    ),
    "empty dict": (
        "TOOLSETS = {}\n",
        (
            'TOOLSETS = {"weather": {"description": "Weather lookup", "tools": ["weather"], '
            '"includes": []}}\n'
        ),
    ),
    "single quotes": (
        (
            "TOOLSETS = {\n    'a': {\n        'description': 'A',\n        'tools': [],\n"
            "        'includes': [],\n    },\n}\n"
        ),
        (
            "TOOLSETS = {\n    'a': {\n        'description': 'A',\n        'tools': [],\n"
            "        'includes': [],\n    },\n    'weather': {\n        'description': 'Weather lookup',\n"
            "        'tools': ['weather'],\n        'includes': [],\n    },\n}\n"
        ),
    ),
}

APPEND_CASES = {
    "single-line tools list": (
        SPACED,
        "clock",
        SPACED.replace('["current_time"]', '["current_time", "weather"]'),
    ),
    "entry without trailing comma after includes": (
        SPACED,
        "text",
        SPACED.replace('"reverse_text"]', '"reverse_text", "weather"]'),
    ),
    "multi-line tools list": (
        (
            'TOOLSETS = {\n    "x": {\n        "tools": [\n            "a",  # first\n        ],\n'
            '        "includes": [],\n    },\n}\n'
        ),
        "x",
        (
            'TOOLSETS = {\n    "x": {\n        "tools": [\n            "a",  # first\n'
            '            "weather",\n        ],\n        "includes": [],\n    },\n}\n'
        ),
    ),
    "empty tools list": (
        'TOOLSETS = {"x": {"description": "X", "tools": [], "includes": ["web"]}}\n',
        "x",
        'TOOLSETS = {"x": {"description": "X", "tools": ["weather"], "includes": ["web"]}}\n',
    ),
}


@pytest.mark.parametrize("before, after", NEW_ENTRY_CASES.values(), ids=NEW_ENTRY_CASES.keys())
def test_new_entry(before: str, after: str) -> None:
    assert (
        add_tool_to_toolset(CORE + before, "weather", "weather", "Weather lookup") == CORE + after
    )


@pytest.mark.parametrize("before, toolset, after", APPEND_CASES.values(), ids=APPEND_CASES.keys())
def test_append_to_entry(before: str, toolset: str, after: str) -> None:
    assert add_tool_to_toolset(CORE + before, "weather", toolset, "ignored") == CORE + after


ALL = [(b, "weather") for b, _ in NEW_ENTRY_CASES.values()] + [
    (b, t) for b, t, _ in APPEND_CASES.values()
]


@pytest.mark.parametrize("before, toolset", ALL)
def test_idempotent_and_reversible(before: str, toolset: str) -> None:
    source = CORE + before
    once = add_tool_to_toolset(source, "weather", toolset, "Weather lookup")
    assert add_tool_to_toolset(once, "weather", toolset, "Weather lookup") == once
    assert remove_tool_from_toolsets(once, "weather") == source


def test_core_and_toolset_together_round_trip() -> None:
    from hermes_dev.edits import add_core_tool

    source = CORE + SPACED
    edited = add_core_tool(add_tool_to_toolset(source, "weather", "weather", "W"), "weather")
    assert remove_tool_from_toolsets(edited, "weather") == source


def test_description_is_data() -> None:
    nasty = 'say "hi" \\ it\'s {{ x }} {% if %} """ \n\t end'
    edited = add_tool_to_toolset(CORE + SPACED, "weather", "weather", nasty)
    namespace: dict[str, object] = {"_HERMES_CORE_TOOLS": []}
    exec(compile(edited.split("\n\n", 1)[1], "toolsets.py", "exec"), namespace)  # noqa: S102
    toolsets = namespace["TOOLSETS"]
    assert isinstance(toolsets, dict)
    assert toolsets["weather"] == {"description": nasty, "tools": ["weather"], "includes": []}


@pytest.mark.parametrize(
    "source, toolset, shape",
    [
        (SPACED, "hermes-cli", 'TOOLSETS["hermes-cli"]["tools"] is a name (_HERMES_CORE_TOOLS)'),
        ('TOOLSETS = {"x": make("X", ["a"])}\n', "x", 'TOOLSETS["x"] is a call (make(...))'),
        ('TOOLSETS = {"x": BASE}\n', "x", 'TOOLSETS["x"] is a name (BASE), not a dict literal'),
        ('TOOLSETS = {"x": {"tools": BASE + ["a"]}}\n', "x", "is an expression (... + ...)"),
        ('TOOLSETS = {"x": {"description": "X"}}\n', "x", 'has no "tools" list'),
        ("TOOLSETS = dict(a=1)\n", "x", "`TOOLSETS` is a call (dict(...)), not a dict literal"),
        ("X = 1\n", "x", "no module-level `TOOLSETS = ...`"),
    ],
)
def test_shapes_it_cannot_edit(source: str, toolset: str, shape: str) -> None:
    with pytest.raises(EditError) as raised:
        add_tool_to_toolset(source, "weather", toolset, "W")
    message = str(raised.value)
    assert message.startswith("toolsets.py: ")
    assert shape in message
    assert "\n" not in message


def test_platform_toolset_points_at_core() -> None:
    with pytest.raises(EditError, match="pass --core"):
        add_tool_to_toolset(SPACED, "weather", "hermes-cli", "W")


def test_long_description_is_wrapped_like_hermes_writes_them() -> None:
    description = "Look up the weather " * 12 + 'and say "hi"'
    edited = add_tool_to_toolset(CORE + SPACED, "weather", "weather", description)
    added = edited[len(CORE + SPACED) - len("}\n") :]
    assert added.startswith('\n    "weather": {\n        "description": (\n            "Look up')
    assert all(len(line) <= 100 for line in added.splitlines())
    namespace: dict[str, object] = {"_HERMES_CORE_TOOLS": []}
    exec(compile(edited.split("\n\n", 1)[1], "toolsets.py", "exec"), namespace)  # noqa: S102
    assert namespace["TOOLSETS"]["weather"]["description"] == description  # type: ignore[index]
    assert remove_tool_from_toolsets(edited, "weather") == CORE + SPACED


def test_entries_written_as_helper_calls() -> None:
    # Newer upstream files build entries with a helper: `"web": _ts("...", [...])`. Where `_ts` is
    # neither defined nor imported, a new entry is still a dict literal (test_toolset_helper_calls
    # has the rest).
    source = (
        "TOOLSETS = {\n"
        '    "web": _ts("Web tools", ["web_search"]),\n'
        '    "x_search": _ts(\n        "Search X",\n        ["x_search"],\n    ),\n'
        "}\n"
    )
    edited = add_tool_to_toolset(source, "weather", "weather", "W")
    assert edited == source.replace(
        "}\n",
        '    "weather": {\n        "description": "W",\n        "tools": ["weather"],\n'
        '        "includes": [],\n    },\n}\n',
    )
    assert remove_tool_from_toolsets(edited, "weather") == source
