"""add_tools_to_toolsets (lint --fix's HD301 fixes, one parse for all) gives exactly what the
adds one at a time give, and leaves out (with a message) an add the edit refuses."""

from __future__ import annotations

from bench.hermes_shapes import make_toolsets_source, make_toolsets_source_ts
from hermes_dev.edits import EditError, add_tool_to_toolset, add_tools_to_toolsets


def _one_at_a_time(source, adds):
    done, failed = [], []
    for index, (tool, toolset, description) in enumerate(adds):
        try:
            new = add_tool_to_toolset(source, tool, toolset, description)
        except EditError as exc:
            failed.append((index, str(exc)))
            continue
        if new != source:
            source = new
            done.append(index)
    return source, done, failed


def test_a_batch_is_the_adds_one_at_a_time():
    for source in (make_toolsets_source(), make_toolsets_source_ts()):
        names = [name for name in ("web", "terminal", "file") if f'"{name}"' in source]
        adds = [(f"new_{i}", f"fresh_{i % 7}", f"The new_{i} tool") for i in range(16)]
        adds += [(f"extra_{i}", name, "x") for i, name in enumerate(names)]
        adds.append(("new_0", "fresh_0", "again"))  # there already: no change
        assert add_tools_to_toolsets(source, adds) == _one_at_a_time(source, adds)


def test_a_refused_add_is_left_out_of_the_batch():
    source = '_HERMES_CORE_TOOLS = []\n\nTOOLSETS = {\n    "computed": {"tools": _HERMES_CORE_TOOLS},\n}\n'
    adds = [("a", "computed", "x"), ("b", "fresh", "The b tool")]
    new, done, failed = add_tools_to_toolsets(source, adds)
    assert done == [1] and [index for index, _ in failed] == [0]
    assert '"fresh"' in new and (new, done, failed) == _one_at_a_time(source, adds)
