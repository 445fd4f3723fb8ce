"""RemoveToolFromEnvVars: take a tool name out of `OPTIONAL_ENV_VARS` tools lists."""

from __future__ import annotations

import libcst as cst

from hermes_dev.edits._cst import (
    CONFIG_FILE,
    dict_items,
    dict_lookup,
    find_top_level,
    parse,
    render,
)
from hermes_dev.edits._entries import replace_element
from hermes_dev.edits._remove import without_string
from hermes_dev.edits._sequence import remove
from hermes_dev.edits.add_env_var import NEW_ENTRY_KEYS


def remove_tool_from_env_vars(source: str, tool: str) -> str:
    """Remove `tool` from every `OPTIONAL_ENV_VARS` entry's `"tools"` list.

    An entry left with no tools is deleted when its keys are exactly the ones new-tool writes, in
    that order. Otherwise an emptied `"tools"` key is dropped when it is the entry's last key
    (where add_env_var puts the key it creates on an entry that had none) and kept as `[]` when it
    sits elsewhere (so a `"tools": []` the file already had survives). A missing or computed
    `OPTIONAL_ENV_VARS` is left as it is. The exact inverse of add_env_var.
    """
    if tool not in source:  # tool names are plain identifiers, written without escapes
        return source
    module = parse(source, CONFIG_FILE)
    found = find_top_level(module, "OPTIONAL_ENV_VARS", cst.Dict, CONFIG_FILE, required=False)
    if found is None:  # nothing new-tool could have added: the add refuses this shape
        return source
    assert isinstance(found.value, cst.Dict)
    env_vars = found.value
    changed = False
    for index in range(len(env_vars.elements) - 1, -1, -1):
        element = env_vars.elements[index]
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
        changed = True
        if not tools.elements and _written_by_new_tool(entry):
            env_vars = remove(env_vars, index)
            continue
        if not tools.elements and tools_index == len(entry.elements) - 1:
            entry = remove(entry, tools_index)
        else:
            entry = replace_element(entry, tools_index, tools_element.with_changes(value=tools))
        env_vars = replace_element(env_vars, index, element.with_changes(value=entry))
    if not changed:
        return source
    return render(found.replace(env_vars), source)


def _written_by_new_tool(entry: cst.Dict) -> bool:
    keys = tuple(key for _, key, _ in dict_items(entry))
    return keys == NEW_ENTRY_KEYS and len(entry.elements) == len(NEW_ENTRY_KEYS)
