"""TOOLSETS assigned twice, and toolset keys written as module-level constants.

Decision (README, `new-tool`): the edits change the last module-level assignment, the one in
force when Python has run the file (the same one lint reads); when that one is not a literal the
edit refuses in one line. A key written as a constant (`CLOCK = "clock"`) is that toolset.
"""

from __future__ import annotations

import pytest

from hermes_dev.edits import (
    EditError,
    add_core_tool,
    add_tool_to_toolset,
    remove_tool_from_toolsets,
)

TWICE = """\
TOOLSETS = {
    "old": {"description": "Dead", "tools": ["a"], "includes": []},
}

TOOLSETS = {
    "clock": {"description": "Time", "tools": ["current_time"], "includes": []},
}
"""


def test_the_last_assignment_is_edited_and_the_dead_one_kept() -> None:
    new = add_tool_to_toolset(TWICE, "zap", "clock", "Zap")
    assert new == TWICE.replace('["current_time"]', '["current_time", "zap"]')
    assert remove_tool_from_toolsets(new, "zap") == TWICE


def test_a_new_toolset_goes_into_the_last_assignment() -> None:
    new = add_tool_to_toolset(TWICE, "zap", "zap", "Zap")
    first, last = new.split("\n\n")
    assert first + "\n" == TWICE.split("\n\n")[0] + "\n"
    assert '"zap": {' in last
    assert remove_tool_from_toolsets(new, "zap", description="Zap") == TWICE


def test_a_last_assignment_that_is_not_a_literal_is_refused() -> None:
    source = TWICE + "\nTOOLSETS = dict(TOOLSETS)\n"
    with pytest.raises(EditError) as caught:
        add_tool_to_toolset(source, "zap", "clock", "Zap")
    assert str(caught.value) == (
        "toolsets.py: `TOOLSETS` is assigned 3 times and the last one, the one in force, is"
        " a call (dict(...)), not a dict literal; edit it by hand"
    )


def test_the_last_core_list_is_edited() -> None:
    source = '_HERMES_CORE_TOOLS = ["a"]\n_HERMES_CORE_TOOLS = ["b"]\n'
    assert add_core_tool(source, "zap") == '_HERMES_CORE_TOOLS = ["a"]\n_HERMES_CORE_TOOLS = ["b", "zap"]\n'


CONSTANT_KEY = """\
CLOCK = "clock"

TOOLSETS = {
    CLOCK: {"description": "Time", "tools": ["current_time"], "includes": []},
}
"""


def test_a_constant_key_is_the_toolset_it_names() -> None:
    new = add_tool_to_toolset(CONSTANT_KEY, "zap", "clock", "Zap")
    assert new == CONSTANT_KEY.replace('["current_time"]', '["current_time", "zap"]')
    assert new.count("clock") == 1  # no second "clock" entry
    assert remove_tool_from_toolsets(new, "zap") == CONSTANT_KEY


def test_a_key_whose_value_is_unknown_is_refused_rather_than_shadowed() -> None:
    source = CONSTANT_KEY.replace('CLOCK = "clock"', "from names import CLOCK")
    with pytest.raises(EditError) as caught:
        add_tool_to_toolset(source, "zap", "clock", "Zap")
    assert str(caught.value) == (
        "toolsets.py: TOOLSETS has a key `CLOCK` whose value hermes-dev cannot read; it may be"
        " 'clock': add 'zap' to that toolset by hand, or pick another toolset"
    )


def test_lint_reads_the_same_toolsets_as_the_edits(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from hermes_dev.lint.engine import lint
    from tests.lint.support import make_root

    tool = (
        "import json\nfrom tools.registry import registry\n\n"
        "def zap(args, **kw):\n    return json.dumps({})\n\n"
        'registry.register(name="zap", toolset="clock", handler=zap, schema={"name": "zap",'
        ' "description": "Zap.", "parameters": {"type": "object", "properties": {}}})\n'
    )
    # the constant-keyed entry, and the last of two assignments, list the tool: lint agrees
    for toolsets in (
        add_tool_to_toolset(CONSTANT_KEY, "zap", "clock", "Zap"),
        add_tool_to_toolset(TWICE, "zap", "clock", "Zap"),
    ):
        root = make_root(tmp_path / str(len(toolsets)), {"tools/zap_tool.py": tool, "toolsets.py": toolsets})
        result = lint([], root=str(root), select=["HD301", "HD302"], use_cache=False)
        # no HD301 for zap; HD302 only for the live entry's unregistered current_time (not
        # for the dead assignment's "a")
        assert [(f.code, f.tool) for f in result.findings] == [("HD302", "current_time")]
