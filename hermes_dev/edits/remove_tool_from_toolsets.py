"""RemoveToolFromToolsets: take a tool name out of `TOOLSETS` and `_HERMES_CORE_TOOLS`."""

from __future__ import annotations

from collections.abc import Mapping

import libcst as cst

from hermes_dev.edits._calls import (
    Helper,
    first_positional,
    helper_of,
    helpers,
    only_positional,
    remove_arg,
    replace_arg_value,
    tools_arg,
)
from hermes_dev.edits._cst import (
    TOOLSETS_FILE,
    dict_items,
    dict_lookup,
    find_top_level,
    module_constants,
    parse,
    render,
    string_value,
)
from hermes_dev.edits._entries import replace_element
from hermes_dev.edits._remove import without_string
from hermes_dev.edits._sequence import remove

# The keys, in order, of a dict entry new-tool writes; only such an entry is ever deleted.
NEW_ENTRY_KEYS = ("description", "tools", "includes")


def remove_tool_from_toolsets(
    source: str,
    tool: str,
    *,
    description: str | None = None,
    places: Mapping[str, str] | None = None,
    core: bool = True,
    keep_entries: bool = False,
) -> str:
    """Remove `tool` from every `TOOLSETS` entry's `"tools"` list and from `_HERMES_CORE_TOOLS`.

    With `places` (what new-tool recorded: toolset name -> "name", "key" or "entry"), only those
    entries are touched: "name" takes the name out and keeps whatever is left; "key" also drops
    an emptied `tools=[...]` keyword (new-tool added it); "entry" also deletes an emptied entry of
    the shape new-tool writes. `core=False` leaves `_HERMES_CORE_TOOLS` alone. `keep_entries`
    (without `places`): take the name out of every list but never delete an entry.

    Without `places`:

    Entries written as helper calls (`_ts("desc", [...])`, `_bundle("desc", [...])`) lose the name
    from the list literal passed as the helper's second parameter. A `tools=[...]` keyword left
    empty as the call's last argument is dropped (add_tool_to_toolset appends it there to a call
    that had none); an emptied positional list stays as `[]`. So the one shape whose round trip is
    not byte-exact is an empty `tools=[]` a file already had as a call's last argument: it is
    dropped (the same value at run time, as `()` is the helper's default).

    An entry left with no tools is deleted only when it is what new-tool writes for a new toolset
    (exactly `{"description": ..., "tools": [], "includes": []}`, or `_ts(description, [])`) and
    it is that tool's own entry: its key is `tool`, or its description (implicit concatenations
    folded) equals `description`. Every other emptied entry stays, with an empty list: a built-in
    toolset the file already had empty (filled at run time) must survive new-tool then remove-tool.

    Entries of other shapes, and tools that are not list literals (a name such as
    `_HERMES_CORE_TOOLS`, a comprehension), cannot hold a name new-tool added and are skipped, as
    is a missing or computed `TOOLSETS`. The exact inverse of add_tool_to_toolset / add_core_tool when
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
        known = helpers(module)
        if places is None:
            module = toolsets.replace(
                _without_tool(
                    toolsets.value, tool, None if keep_entries else description, known, keep_entries
                )
            )
        else:
            constants = module_constants(module)
            module = toolsets.replace(_without_in(toolsets.value, tool, places, known, constants))
    found = (
        find_top_level(module, "_HERMES_CORE_TOOLS", cst.List, TOOLSETS_FILE, required=False)
        if core
        else None
    )
    if found is not None:
        assert isinstance(found.value, cst.List)
        core_list = without_string(found.value, tool)
        if core_list is not None:
            module = found.replace(core_list)
    code = render(module, source)
    return code if code != source else source


def _without_tool(
    toolsets: cst.Dict,
    tool: str,
    description: str | None,
    known: dict[str, Helper],
    keep_entries: bool = False,
) -> cst.Dict:
    for index in range(len(toolsets.elements) - 1, -1, -1):
        element = toolsets.elements[index]
        if not isinstance(element, cst.DictElement):
            continue
        entry = element.value
        new_entry: cst.Dict | cst.Call | None
        if isinstance(entry, cst.Dict):
            new_entry = _dict_without(entry, tool)
        elif isinstance(entry, cst.Call):
            new_entry = _call_without(entry, tool, known)
        else:
            continue
        if new_entry is None:
            continue
        owned = not keep_entries and (
            string_value(element.key) == tool
            or (description is not None and _description(entry) == description)
        )
        if owned and _emptied_new_tool_entry(new_entry, known):
            toolsets = remove(toolsets, index)
        else:
            toolsets = replace_element(toolsets, index, element.with_changes(value=new_entry))
    return toolsets


def _without_in(
    toolsets: cst.Dict,
    tool: str,
    places: Mapping[str, str],
    known: dict[str, Helper],
    constants: dict[str, str | None] | None = None,
) -> cst.Dict:
    for name, mode in places.items():
        hit = dict_lookup(toolsets, name, constants)
        if hit is None:
            continue
        index, element = hit
        entry = element.value
        new_entry: cst.Dict | cst.Call | None
        if isinstance(entry, cst.Dict):
            new_entry = _dict_without(entry, tool)
        elif isinstance(entry, cst.Call):
            new_entry = _call_without(entry, tool, known, drop_empty_keyword=mode != "name")
        else:
            continue
        if new_entry is None:
            continue
        if mode == "entry" and _emptied_new_tool_entry(new_entry, known):
            toolsets = remove(toolsets, index)
        else:
            toolsets = replace_element(toolsets, index, element.with_changes(value=new_entry))
    return toolsets


def _dict_without(entry: cst.Dict, tool: str) -> cst.Dict | None:
    tools_hit = dict_lookup(entry, "tools")
    if tools_hit is None or not isinstance(tools_hit[1].value, cst.List):
        return None
    tools_index, tools_element = tools_hit
    tools = without_string(tools_hit[1].value, tool)
    if tools is None:
        return None
    return replace_element(entry, tools_index, tools_element.with_changes(value=tools))


def _call_without(
    call: cst.Call, tool: str, known: dict[str, Helper], drop_empty_keyword: bool = True
) -> cst.Call | None:
    helper = helper_of(call, known)
    index = None if helper is None else tools_arg(call, helper)
    if index is None:
        return None
    arg = call.args[index]
    if not isinstance(arg.value, cst.List):
        return None
    tools = without_string(arg.value, tool)
    if tools is None:
        return None
    if (
        drop_empty_keyword
        and not tools.elements
        and arg.keyword is not None
        and index == len(call.args) - 1
    ):
        return remove_arg(call, index)
    return replace_arg_value(call, index, tools)


def _description(entry: cst.Dict | cst.Call) -> str | None:
    if isinstance(entry, cst.Call):
        first = first_positional(entry)
        return None if first is None else string_value(first)
    hit = dict_lookup(entry, "description")
    return None if hit is None else string_value(hit[1].value)


def _emptied_new_tool_entry(entry: cst.Dict | cst.Call, known: dict[str, Helper]) -> bool:
    """The shape new-tool writes, with its tools now empty: `{"description": ..., "tools": [],
    "includes": []}` (exactly those keys), or `_ts(description, [])`."""
    if isinstance(entry, cst.Call):
        if not (isinstance(entry.func, cst.Name) and entry.func.value == "_ts"):
            return False
        if helper_of(entry, known) is None or not only_positional(entry, 2):
            return False
        tools = entry.args[1].value
        return isinstance(tools, cst.List) and not tools.elements
    keys = tuple(key for _, key, _ in dict_items(entry))
    if keys != NEW_ENTRY_KEYS or len(entry.elements) != len(NEW_ENTRY_KEYS):
        return False
    for name in ("tools", "includes"):
        hit = dict_lookup(entry, name)
        assert hit is not None
        value = hit[1].value
        if not (isinstance(value, cst.List) and not value.elements):
            return False
    return True
