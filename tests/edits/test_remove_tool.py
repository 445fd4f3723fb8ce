"""RemoveToolFromToolsets / RemoveToolFromEnvVars on sources new-tool did not write."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from hermes_dev.edits import EditError, remove_tool_from_env_vars, remove_tool_from_toolsets

TOOLSETS_CASES = {
    "from the middle of a one-per-line list": (
        '_HERMES_CORE_TOOLS = [\n    "a",\n    "weather",  # w\n    "b",\n]\nTOOLSETS = {}\n',
        '_HERMES_CORE_TOOLS = [\n    "a",\n    "b",\n]\nTOOLSETS = {}\n',
    ),
    "from a line of several": (
        '_HERMES_CORE_TOOLS = [\n    "a", "weather", "b",\n]\nTOOLSETS = {}\n',
        '_HERMES_CORE_TOOLS = [\n    "a", "b",\n]\nTOOLSETS = {}\n',
    ),
    "first of a single-line list": (
        'TOOLSETS = {"x": {"tools": ["weather", "b"], "includes": []}}\n',
        'TOOLSETS = {"x": {"tools": ["b"], "includes": []}}\n',
    ),
    "the tool's own entry is deleted, with its blank-line separator": (
        (
            'TOOLSETS = {\n    "a": {"tools": ["a"]},\n\n'
            '    "weather": {"description": "W", "tools": ["weather"], "includes": []},\n\n'
            '    "b": {"tools": ["b"]},\n}\n'
        ),
        'TOOLSETS = {\n    "a": {"tools": ["a"]},\n\n    "b": {"tools": ["b"]},\n}\n',
    ),
    "another toolset emptied by the removal is kept with an empty list": (
        'TOOLSETS = {"w": {"description": "W", "tools": ["weather"], "includes": []}}\n',
        'TOOLSETS = {"w": {"description": "W", "tools": [], "includes": []}}\n',
    ),
    "entry with includes is kept": (
        'TOOLSETS = {"weather": {"description": "W", "tools": ["weather"], "includes": ["web"]}}\n',
        'TOOLSETS = {"weather": {"description": "W", "tools": [], "includes": ["web"]}}\n',
    ),
    "entry with keys new-tool does not write is kept": (
        'TOOLSETS = {"weather": {"description": "W", "tools": ["weather"], "includes": [], "x": 1}}\n',
        'TOOLSETS = {"weather": {"description": "W", "tools": [], "includes": [], "x": 1}}\n',
    ),
    "name-valued tools lists are skipped": (
        'TOOLSETS = {"cli": {"tools": _HERMES_CORE_TOOLS}, "w": {"tools": ["weather"]}}\n',
        'TOOLSETS = {"cli": {"tools": _HERMES_CORE_TOOLS}, "w": {"tools": []}}\n',
    ),
    "a name that only looks similar stays": (
        'TOOLSETS = {"w": {"tools": ["weather_map"]}}\n',
        'TOOLSETS = {"w": {"tools": ["weather_map"]}}\n',
    ),
}


@pytest.mark.parametrize("before, after", TOOLSETS_CASES.values(), ids=TOOLSETS_CASES.keys())
def test_remove_from_toolsets(before: str, after: str) -> None:
    assert remove_tool_from_toolsets(before, "weather") == after


BOT_ROOM = """\
TOOLSETS = {
    "clock": {"description": "Clock", "tools": ["current_time"], "includes": []},
    # Filled at run time by the room manager.
    "bot_room": {
        "description": (
            "Turn-taking tools for a shared "
            "bot room"
        ),
        "tools": [],
        "includes": [],
    },
}
"""


def test_built_in_empty_toolset_survives_new_tool_then_remove_tool() -> None:
    from hermes_dev.edits import add_tool_to_toolset

    edited = add_tool_to_toolset(BOT_ROOM, "qz", "bot_room", "Qz tools")
    assert '"tools": ["qz"],' in edited
    assert remove_tool_from_toolsets(edited, "qz", description="Qz tools") == BOT_ROOM
    assert remove_tool_from_toolsets(edited, "qz") == BOT_ROOM


def test_entry_found_by_its_folded_description() -> None:
    from hermes_dev.edits import add_tool_to_toolset

    description = "Turn-taking tools for a shared bot room"
    edited = add_tool_to_toolset(BOT_ROOM, "qz", "bot_room", description)
    # Same description as the built-in (folded from its concatenation): that is the rule.
    assert "bot_room" not in remove_tool_from_toolsets(edited, "qz", description=description)
    new_entry = add_tool_to_toolset(BOT_ROOM, "qz", "room2", "Room two")
    assert remove_tool_from_toolsets(new_entry, "qz", description="Room two") == BOT_ROOM
    # Not its description and not its key: kept, emptied.
    assert remove_tool_from_toolsets(new_entry, "qz", description="Other") == new_entry.replace(
        '["qz"]', "[]"
    )


def test_positional_call_still_works() -> None:
    assert remove_tool_from_toolsets(BOT_ROOM, "current_time") == BOT_ROOM.replace(
        '["current_time"]', "[]"
    )


ENV_CASES = {  # what new-tool recorded for A: it wrote the entry, added the key, or appended
    "entry new-tool wrote is deleted": (
        "entry",
        (
            'OPTIONAL_ENV_VARS = {"A": {"description": "d", "prompt": "p", "url": None, '
            '"tools": ["weather"], "password": True, "category": "tool"}}\n'
        ),
        "OPTIONAL_ENV_VARS = {}\n",
    ),
    "a tools key new-tool added goes once empty": (
        "key",
        'OPTIONAL_ENV_VARS = {"A": {"description": "d", "advanced": True, "tools": ["weather"]}}\n',
        'OPTIONAL_ENV_VARS = {"A": {"description": "d", "advanced": True}}\n',
    ),
    "an emptied tools list new-tool only appended to stays as []": (
        "name",
        'OPTIONAL_ENV_VARS = {"A": {"tools": ["weather"], "category": "tool"}}\n',
        'OPTIONAL_ENV_VARS = {"A": {"tools": [], "category": "tool"}}\n',
    ),
    "shared variable keeps the other tool": (
        "entry",
        'OPTIONAL_ENV_VARS = {"A": {"tools": ["web", "weather"]}}\n',
        'OPTIONAL_ENV_VARS = {"A": {"tools": ["web"]}}\n',
    ),
}


@pytest.mark.parametrize("mode, before, after", ENV_CASES.values(), ids=ENV_CASES.keys())
def test_remove_from_env_vars(mode: str, before: str, after: str) -> None:
    assert remove_tool_from_env_vars(before, "weather", places={"A": mode}) == after


def test_env_vars_not_in_places_are_never_touched() -> None:
    """Issue 7 item 2: a hand-written entry that lists the tool keeps it (and is not deleted)."""
    source = (
        'OPTIONAL_ENV_VARS = {"HONCHO_API_KEY": {"description": "d", "prompt": "p", "url": None,'
        ' "tools": ["honcho_context"], "password": True, "category": "tool"}}\n'
    )
    assert remove_tool_from_env_vars(source, "honcho_context", places={}) is source
    assert remove_tool_from_env_vars(source, "honcho_context", places={"OTHER": "entry"}) == source


def test_absent_name_returns_the_source_itself() -> None:
    source = "TOOLSETS = {}\n"
    assert remove_tool_from_toolsets(source, "weather") is source
    source = "OPTIONAL_ENV_VARS = {}\n# weather\n"
    assert remove_tool_from_env_vars(source, "weather", places={"A": "entry"}) == (
        "OPTIONAL_ENV_VARS = {}\n# weather\n"
    )


@pytest.mark.parametrize(
    "remove, source",
    [
        (remove_tool_from_toolsets, "TOOLSETS = BASE  # weather\n"),
        (remove_tool_from_toolsets, "X = ['weather']\n"),
        (remove_tool_from_env_vars, "X = 'weather'\n"),
        (remove_tool_from_env_vars, "OPTIONAL_ENV_VARS = load('weather')\n"),
    ],
)
def test_shapes_add_refuses_hold_nothing_to_remove(
    remove: Callable[[str, str], str], source: str
) -> None:
    if remove is remove_tool_from_env_vars:
        assert remove_tool_from_env_vars(source, "weather", places={"X": "entry"}) is source
    else:
        assert remove(source, "weather") is source


def test_unparsable_file_says_so() -> None:
    with pytest.raises(EditError, match=r"^toolsets.py: does not parse"):
        remove_tool_from_toolsets("TOOLSETS = {  # weather\n", "weather")


def test_byte_order_mark_is_kept() -> None:
    from hermes_dev.edits import add_core_tool

    source = '\ufeff_HERMES_CORE_TOOLS = [\n    "a",\n]\n'
    edited = add_core_tool(source, "weather")
    assert edited == '\ufeff_HERMES_CORE_TOOLS = [\n    "a",\n    "weather",\n]\n'
    assert remove_tool_from_toolsets(edited, "weather") == source


def test_every_libcst_parse_is_gated_before_the_native_parser(tmp_path):
    """A file past libcst's native parser raises EditError instead of killing the process
    (run in a child: before the gate, the child died of SIGSEGV)."""
    import subprocess
    import sys

    code = (
        "from hermes_dev.edits import EditError, add_tool_to_toolset, remove_tool_from_env_vars\n"
        "from hermes_dev.lint.fix._statement import parse_expression\n"
        "from hermes_dev.lint.fix._text import Lines\n"
        "deep = 'TOOLSETS = {}\\nX = ' + '[' * 3000 + ']' * 3000 + '\\n'\n"
        "chain = 'OPTIONAL_ENV_VARS = {\"ZAP_KEY\": {\"tools\": [\"zap\"]}}\\nX = ' + '1 or ' * 20000 + '1\\n'\n"
        "expr = '[' + ' and '.join(['1'] * 20000) + ']'\n"
        "add = {'toolset': 'zap', 'description': 'Zap.'}\n"
        "remove = {'places': {'ZAP_KEY': 'zap'}}\n"
        "for edit, text, kw in ((add_tool_to_toolset, deep, add),"
        " (remove_tool_from_env_vars, chain, remove)):\n"
        "    try:\n"
        "        edit(text, 'zap', **kw)\n"
        "    except EditError as exc:\n"
        "        print(exc)\n"
        "try:\n"
        "    parse_expression(Lines(expr), expr)\n"
        "except EditError as exc:\n"
        "    print(exc)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, (done.returncode, done.stderr[-300:])
    assert done.stdout.splitlines() == [
        (
            "toolsets.py holds an expression nested too deeply for Python to parse; fix it, then"
            " run hermes-dev again"
        ),
        (
            "hermes_cli/config.py: line 2 holds 20,001 `and`/`or` operands; hermes-dev edits files"
            " with at most 2,000: make the edit by hand"
        ),
        (
            "the expression: line 1 holds 20,000 `and`/`or` operands; hermes-dev edits files with"
            " at most 2,000: make the edit by hand"
        ),
    ]
