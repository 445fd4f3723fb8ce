"""RemoveToolFromEnvVars: take a tool name out of the `OPTIONAL_ENV_VARS` entries new-tool put it in."""

from __future__ import annotations

from collections.abc import Mapping

import libcst as cst

from hermes_dev.edits._calls import remove_arg, replace_arg_value
from hermes_dev.edits._cst import (
    CONFIG_FILE,
    dict_lookup,
    find_top_level,
    parse,
    render,
)
from hermes_dev.edits._entries import replace_element
from hermes_dev.edits._remove import without_string
from hermes_dev.edits._sequence import remove

# What to do with an entry once `tool` is out of its tools (the value for its variable in
# `places`): keep whatever is left ("name": new-tool appended the name to a list it did not
# make), drop an emptied tools key or keyword ("key": new-tool added it), or delete an emptied
# entry ("entry": new-tool wrote the entry).
NAME, KEY, ENTRY = "name", "key", "entry"


def remove_tool_from_env_vars(source: str, tool: str, *, places: Mapping[str, str]) -> str:
    """Remove `tool` from the tools of the `OPTIONAL_ENV_VARS` entries named in `places` (and
    nowhere else: a hand-written list is never touched), as the exact inverse of add_env_var.

    An entry is a dict literal (`"tools": [...]`) or a helper call (`tools=[...]`). An emptied
    list's key (or keyword) is dropped only for KEY and ENTRY, and an emptied entry deleted only
    for ENTRY. A missing or computed `OPTIONAL_ENV_VARS`, a missing entry, a tools value that is
    not a list literal, or a list without `tool` is left as it is.
    """
    if tool not in source or not places:  # tool names are plain identifiers, never escaped
        return source
    module = parse(source, CONFIG_FILE)
    found = find_top_level(module, "OPTIONAL_ENV_VARS", cst.Dict, CONFIG_FILE, required=False)
    if found is None:
        return source
    assert isinstance(found.value, cst.Dict)
    env_vars = found.value
    changed = False
    for var, mode in places.items():
        hit = dict_lookup(env_vars, var)
        if hit is None:
            continue
        index, element = hit
        new_value = _without(element.value, tool, mode)
        if new_value is None:
            continue
        changed = True
        if isinstance(new_value, cst.RemovalSentinel):
            env_vars = remove(env_vars, index)
        else:
            env_vars = replace_element(env_vars, index, element.with_changes(value=new_value))
    if not changed:
        return source
    return render(found.replace(env_vars), source)


def _without(
    entry: cst.BaseExpression, tool: str, mode: str
) -> cst.BaseExpression | cst.RemovalSentinel | None:
    """The entry without `tool` (REMOVE when it goes altogether); None when it has no such name."""
    if isinstance(entry, cst.Dict):
        hit = dict_lookup(entry, "tools")
        if hit is None or not isinstance(hit[1].value, cst.List):
            return None
        tools_index, tools_element = hit
        tools = without_string(hit[1].value, tool)
        if tools is None:
            return None
        if not tools.elements and mode == ENTRY:
            return cst.RemovalSentinel.REMOVE
        if not tools.elements and mode == KEY:
            return remove(entry, tools_index)
        return replace_element(entry, tools_index, tools_element.with_changes(value=tools))
    if isinstance(entry, cst.Call):
        for arg_index, arg in enumerate(entry.args):
            if arg.keyword is None or arg.keyword.value != "tools":
                continue
            if not isinstance(arg.value, cst.List):
                return None
            tools = without_string(arg.value, tool)
            if tools is None:
                return None
            if not tools.elements and mode == ENTRY:
                return cst.RemovalSentinel.REMOVE
            if not tools.elements and mode == KEY:
                return remove_arg(entry, arg_index)
            return replace_arg_value(entry, arg_index, tools)
    return None
