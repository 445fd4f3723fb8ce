"""RemoveToolFromToolsets: take a tool name out of `TOOLSETS` and `_HERMES_CORE_TOOLS`."""

from __future__ import annotations

import libcst as cst

from hermes_dev.edits._cst import (
    TOOLSETS_FILE,
    dict_items,
    dict_lookup,
    find_top_level,
    parse,
    render,
    string_value,
)
from hermes_dev.edits._entries import replace_element
from hermes_dev.edits._remove import without_string
from hermes_dev.edits._sequence import remove

# The keys, in order, of a dict entry new-tool writes; only such an entry is ever deleted.
NEW_ENTRY_KEYS = ("description", "tools", "includes")


def remove_tool_from_toolsets(source: str, tool: str, *, description: str | None = None) -> str:
    """Remove `tool` from every `TOOLSETS` entry's `"tools"` list and from `_HERMES_CORE_TOOLS`.

    An entry left with no tools is deleted only when it is what new-tool writes for a new toolset
    (exactly `{"description": ..., "tools": [], "includes": []}`) and it is that tool's own entry:
    its key is `tool`, or its description (implicit concatenations folded) equals `description`.
    Every other emptied entry stays, with `"tools": []`: a built-in toolset the file already had
    empty (filled at run time) must survive new-tool then remove-tool.

    Entries that are not dict literals, and `"tools"` values that are not list literals (a name
    such as `_HERMES_CORE_TOOLS`), cannot hold a name new-tool added and are skipped, as is a
    missing or computed `TOOLSETS`. The exact inverse of add_tool_to_toolset / add_core_tool when
    given the description add_tool_to_toolset wrote (or when the toolset is named like the tool).
    """
    if tool not in source:  # tool names are plain identifiers, written without escapes
        return source
    module = parse(source, TOOLSETS_FILE)
    # A missing or computed TOOLSETS / _HERMES_CORE_TOOLS holds nothing new-tool could have added
    # (the adds refuse those shapes), so there is nothing to undo there.
    toolsets = find_top_level(module, "TOOLSETS", cst.Dict, TOOLSETS_FILE, required=False)
    if toolsets is not None:
        assert isinstance(toolsets.value, cst.Dict)
        module = toolsets.replace(_without_tool(toolsets.value, tool, description))
    core = find_top_level(module, "_HERMES_CORE_TOOLS", cst.List, TOOLSETS_FILE, required=False)
    if core is not None:
        assert isinstance(core.value, cst.List)
        core_list = without_string(core.value, tool)
        if core_list is not None:
            module = core.replace(core_list)
    code = render(module, source)
    return code if code != source else source


def _without_tool(toolsets: cst.Dict, tool: str, description: str | None) -> cst.Dict:
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
        owned = string_value(element.key) == tool or (
            description is not None and _description(entry) == description
        )
        if not tools.elements and owned and _new_tool_shape(entry):
            toolsets = remove(toolsets, index)
        else:
            entry = replace_element(entry, tools_index, tools_element.with_changes(value=tools))
            toolsets = replace_element(toolsets, index, element.with_changes(value=entry))
    return toolsets


def _description(entry: cst.Dict) -> str | None:
    hit = dict_lookup(entry, "description")
    return None if hit is None else string_value(hit[1].value)


def _new_tool_shape(entry: cst.Dict) -> bool:
    """Exactly the keys new-tool writes, with `"includes": []`."""
    keys = tuple(key for _, key, _ in dict_items(entry))
    if keys != NEW_ENTRY_KEYS or len(entry.elements) != len(NEW_ENTRY_KEYS):
        return False
    hit = dict_lookup(entry, "includes")
    assert hit is not None
    value = hit[1].value
    return isinstance(value, cst.List) and not value.elements
