"""RemoveToolFromToolsets: take a tool name out of `TOOLSETS` and `_HERMES_CORE_TOOLS`."""

from __future__ import annotations

import libcst as cst

from hermes_dev.edits._cst import TOOLSETS_FILE, dict_lookup, find_top_level, parse, render
from hermes_dev.edits._entries import replace_element
from hermes_dev.edits._remove import without_string
from hermes_dev.edits._sequence import remove


def remove_tool_from_toolsets(source: str, tool: str) -> str:
    """Remove `tool` from every `TOOLSETS` entry's `"tools"` list and from `_HERMES_CORE_TOOLS`.

    An entry `tool` alone filled (its tools list ends up empty and its includes are empty) is
    deleted. Entries that are not dict literals, and `"tools"` values that are not list literals
    (a name such as `_HERMES_CORE_TOOLS`), cannot hold a name new-tool added and are skipped, as
    is a missing or computed `TOOLSETS`. The exact inverse of add_tool_to_toolset / add_core_tool.
    """
    if tool not in source:  # tool names are plain identifiers, written without escapes
        return source
    module = parse(source, TOOLSETS_FILE)
    # A missing or computed TOOLSETS / _HERMES_CORE_TOOLS holds nothing new-tool could have added
    # (the adds refuse those shapes), so there is nothing to undo there.
    toolsets = find_top_level(module, "TOOLSETS", cst.Dict, TOOLSETS_FILE, required=False)
    if toolsets is not None:
        assert isinstance(toolsets.value, cst.Dict)
        module = toolsets.replace(_without_tool(toolsets.value, tool))
    core = find_top_level(module, "_HERMES_CORE_TOOLS", cst.List, TOOLSETS_FILE, required=False)
    if core is not None:
        assert isinstance(core.value, cst.List)
        core_list = without_string(core.value, tool)
        if core_list is not None:
            module = core.replace(core_list)
    code = render(module, source)
    return code if code != source else source


def _without_tool(toolsets: cst.Dict, tool: str) -> cst.Dict:
    for index in range(len(toolsets.elements) - 1, -1, -1):
        element = toolsets.elements[index]
        if not isinstance(element, cst.DictElement) or not isinstance(element.value, cst.Dict):
            continue
        entry = element.value
        tools_hit = dict_lookup(entry, "tools")
        if tools_hit is None or not isinstance(tools_hit[1].value, cst.List):
            continue
        tools_index, tools_element = tools_hit
        tools = without_string(tools_hit[1].value, tool)
        if tools is None:
            continue
        if not tools.elements and _includes_empty(entry):
            toolsets = remove(toolsets, index)
        else:
            entry = replace_element(entry, tools_index, tools_element.with_changes(value=tools))
            toolsets = replace_element(toolsets, index, element.with_changes(value=entry))
    return toolsets


def _includes_empty(entry: cst.Dict) -> bool:
    hit = dict_lookup(entry, "includes")
    if hit is None:
        return True
    value = hit[1].value
    return isinstance(value, cst.List) and not value.elements
