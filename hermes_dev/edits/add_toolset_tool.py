"""AddToolsetTool: put a tool name into a `TOOLSETS` entry of `toolsets.py`, or a new entry."""

from __future__ import annotations

import json

import libcst as cst

from hermes_dev.edits._cst import (
    TOOLSETS_FILE,
    EditError,
    describe,
    dict_lookup,
    find_top_level,
    list_has_string,
    parse,
    quote_of,
    render,
    string_literal,
)
from hermes_dev.edits._entries import Text, entry_element, replace_element, string_element
from hermes_dev.edits._sequence import append


def add_tool_to_toolset(source: str, tool: str, toolset: str, description: str) -> str:
    """Append `tool` to `TOOLSETS[toolset]["tools"]`, or add the entry
    `"<toolset>": {"description": <description>, "tools": ["<tool>"], "includes": []}` at the end.

    Returns `source` unchanged when the name is there already. Raises EditError when `TOOLSETS`
    is not a module-level dict literal or the entry's `"tools"` is not a list literal (e.g. the
    name `_HERMES_CORE_TOOLS`).
    """
    module = parse(source, TOOLSETS_FILE)
    found = find_top_level(module, "TOOLSETS", cst.Dict, TOOLSETS_FILE)
    assert found is not None and isinstance(found.value, cst.Dict)
    toolsets = found.value
    hit = dict_lookup(toolsets, toolset)
    if hit is None:
        quote = quote_of(toolsets)
        new_entry = entry_element(
            toolsets,
            toolset,
            [
                ("description", Text(description)),
                ("tools", "[" + string_literal(tool, quote) + "]"),
                ("includes", "[]"),
            ],
        )
        return render(found.replace(append(toolsets, new_entry)), source)

    index, element = hit
    entry = element.value
    where = f"TOOLSETS[{json.dumps(toolset)}]"
    if not isinstance(entry, cst.Dict):
        raise EditError(
            f"{TOOLSETS_FILE}: {where} is {describe(entry)}, not a dict literal; "
            f"add {tool!r} to it by hand or pick another toolset"
        )
    tools_hit = dict_lookup(entry, "tools")
    if tools_hit is None:
        raise EditError(f'{TOOLSETS_FILE}: {where} has no "tools" list; add one by hand first')
    tools_index, tools_element = tools_hit
    tools = tools_element.value
    if not isinstance(tools, cst.List):
        # Platform toolsets take the core list by name: --core is the way into them.
        hint = (
            "pass --core to add it to _HERMES_CORE_TOOLS, or pick another toolset"
            if isinstance(tools, cst.Name) and tools.value == "_HERMES_CORE_TOOLS"
            else f"add {tool!r} to it by hand or pick another toolset"
        )
        raise EditError(
            f'{TOOLSETS_FILE}: {where}["tools"] is {describe(tools)}, not a list literal; {hint}'
        )
    if list_has_string(tools, tool):
        return source
    tools = append(tools, string_element(tool, quote_of(tools, entry, toolsets)))
    entry = replace_element(entry, tools_index, tools_element.with_changes(value=tools))
    toolsets = replace_element(toolsets, index, element.with_changes(value=entry))
    return render(found.replace(toolsets), source)
