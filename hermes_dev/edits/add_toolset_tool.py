"""AddToolsetTool: put a tool name into a `TOOLSETS` entry of `toolsets.py`, or a new entry."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence

import libcst as cst

from hermes_dev.edits._calls import (
    append_arg,
    has_star,
    helper_of,
    helpers,
    is_defined,
    replace_arg_value,
    tools_arg,
)
from hermes_dev.edits._cst import (
    TOOLSETS_FILE,
    EditError,
    describe,
    dict_items,
    dict_lookup,
    find_top_level,
    list_has_string,
    module_constants,
    parse,
    quote_of,
    render,
    string_literal,
    unknown_key,
)
from hermes_dev.edits._entries import (
    Text,
    call_entry_element,
    entry_element,
    last_dict_value,
    replace_element,
    string_element,
)
from hermes_dev.edits._sequence import ElementBuilder, append, is_multiline


def add_tool_to_toolset(source: str, tool: str, toolset: str, description: str) -> str:
    """Append `tool` to the tools of `TOOLSETS[toolset]`, or add a `"<toolset>"` entry at the end.

    An entry is a dict literal (`"tools": [...]`) or a helper call such as
    `_ts("desc", [...], includes=[...])` / `_bundle("desc", [...])`, whose tool names are the
    helper's second parameter (positional or by keyword): the name joins that list literal. A call
    without it gets `tools=["<tool>"]` (the parameter's own name) as its last argument, which
    remove_tool_from_toolsets takes away again.

    A new entry follows the file: `"<toolset>": _ts(<description>, ["<tool>"])` when most entries
    are calls and `_ts` is defined or imported there, else
    `{"description": <description>, "tools": ["<tool>"], "includes": []}`.

    Returns `source` unchanged when the name is there already. Raises EditError when `TOOLSETS`
    is not a module-level dict literal or the entry's tools are not a list literal (the name
    `_HERMES_CORE_TOOLS`, a comprehension, a `+` expression, a call...).
    """
    module = parse(source, TOOLSETS_FILE)
    new = add_tool_to_toolset_in(module, tool, toolset, description)
    return source if new is None else render(new, source)


def add_tools_to_toolsets(
    source: str, adds: Sequence[tuple[str, str, str]]
) -> tuple[str, list[int], list[tuple[int, str]]]:
    """`add_tool_to_toolset` for each (tool, toolset, description) of `adds`, in order, with one
    parse and one render of the file (`lint --fix` of thousands of HD301 findings parsed and
    printed the whole file once per finding). Returns the new source, the indexes of the adds
    that changed it, and (index, message) of those that raised EditError (left out)."""
    module = parse(source, TOOLSETS_FILE)
    done: list[int] = []
    failed: list[tuple[int, str]] = []
    memo = _Memo()
    for index, (tool, toolset, description) in enumerate(adds):
        try:
            new = add_tool_to_toolset_in(module, tool, toolset, description, memo)
        except EditError as exc:
            failed.append((index, str(exc)))
            continue
        if new is not None:
            module = new
            done.append(index)
    return (render(module, source) if done else source), done, failed


class _Memo:
    """What a batch of adds reads of the file once, not once per add: none of the adds changes
    it (a new entry has a string key, in the style the file already has) but for the key index,
    which each new entry extends."""

    def __init__(self) -> None:
        self.constants: dict[str, str | None] | None = None
        self.keys: dict[str, int] | None = None  # toolset -> its element's index (last wins)
        self.unknown: tuple[cst.BaseExpression | None] | None = None
        self.helper: tuple[str | None] | None = None
        # The value of TOOLSETS' last multi-line dict entry: the layout a new entry follows.
        self.sibling: tuple[cst.Dict | None] | None = None


def add_tool_to_toolset_in(
    module: cst.Module, tool: str, toolset: str, description: str, memo: _Memo | None = None
) -> cst.Module | None:
    """`add_tool_to_toolset` on a parsed module: the new module, or None when the name is there
    already. `memo`: shared by the adds of one batch (each add gets the module the one before
    it made)."""
    memo = memo or _Memo()
    found = find_top_level(module, "TOOLSETS", cst.Dict, TOOLSETS_FILE)
    assert found is not None and isinstance(found.value, cst.Dict)
    toolsets = found.value
    if memo.constants is None:
        memo.constants = module_constants(module)
    constants = memo.constants
    if memo.keys is None:
        memo.keys = {key: i for i, key, _ in dict_items(toolsets, constants)}
    position = memo.keys.get(toolset)
    hit = None
    if position is not None:
        element = toolsets.elements[position]
        assert isinstance(element, cst.DictElement)
        hit = (position, element)
    quote = quote_of(toolsets)
    if hit is None:
        if memo.unknown is None:
            memo.unknown = (unknown_key(toolsets, constants),)
        unknown = memo.unknown[0]
        if unknown is not None:
            raise EditError(
                f"{TOOLSETS_FILE}: TOOLSETS has a key `{cst.Module(body=[]).code_for_node(unknown)}`"
                f" whose value hermes-dev cannot read; it may be {toolset!r}: add {tool!r} to that"
                " toolset by hand, or pick another toolset"
            )
        tools_code = "[" + string_literal(tool, quote) + "]"
        if memo.helper is None:
            memo.helper = (_entry_helper(module, toolsets),)
        helper = memo.helper[0]
        if helper is not None:
            new_entry = call_entry_element(toolsets, toolset, helper, description, tools_code)
        else:
            if memo.sibling is None:
                memo.sibling = (last_dict_value(toolsets),)
            new_entry = entry_element(
                toolsets,
                toolset,
                [("description", Text(description)), ("tools", tools_code), ("includes", "[]")],
                memo.sibling,
            )
        grown = append(toolsets, new_entry)
        memo.keys[toolset] = len(grown.elements) - 1
        added = (
            grown.elements[-1].value if isinstance(grown.elements[-1], cst.DictElement) else None
        )
        if isinstance(added, cst.Dict) and added.elements and is_multiline(added):
            memo.sibling = (added,)  # the new last multi-line entry
        return found.replace(grown)

    index, element = hit
    entry = element.value
    where = f"TOOLSETS[{json.dumps(toolset)}]"
    new_value: cst.BaseExpression | None
    if isinstance(entry, cst.Call):
        new_value = _add_to_call(module, entry, tool, where, quote)
        if new_value is None:
            return None
    elif isinstance(entry, cst.Dict):
        tools_hit = dict_lookup(entry, "tools")
        if tools_hit is None:
            raise EditError(f'{TOOLSETS_FILE}: {where} has no "tools" list; add one by hand first')
        tools_index, tools_element = tools_hit
        tools = _editable_list(tools_element.value, tool, f'{where}["tools"] is')
        if list_has_string(tools, tool):
            return None
        tools = append(tools, string_element(tool, quote_of(tools, entry, toolsets)))
        new_value = replace_element(entry, tools_index, tools_element.with_changes(value=tools))
    else:
        raise EditError(
            f"{TOOLSETS_FILE}: {where} is {describe(entry)}, not a dict literal or a helper "
            f"call; add {tool!r} to it by hand or pick another toolset"
        )
    toolsets = replace_element(toolsets, index, element.with_changes(value=new_value))
    return found.replace(toolsets)


def _add_to_call(
    module: cst.Module, call: cst.Call, tool: str, where: str, quote: str
) -> cst.Call | None:
    """The entry call with `tool` added; None when it lists the tool already."""
    helper = helper_of(call, helpers(module))
    if helper is None:
        raise EditError(
            f"{TOOLSETS_FILE}: {where} is {describe(call)}, a helper this edit does not know "
            f"(not defined in {TOOLSETS_FILE}); add {tool!r} to it by hand or pick another toolset"
        )
    index = tools_arg(call, helper)
    if index is None:
        if has_star(call) or not helper.by_keyword:
            raise EditError(
                f"{TOOLSETS_FILE}: {where} is {describe(call)} with no {helper.tools_param} "
                f"argument it can add to safely; add {tool!r} to it by hand"
            )
        tools_code = "[" + string_literal(tool, quote) + "]"
        return append_arg(call, helper.tools_param, _list_element(tools_code))
    tools = _editable_list(
        call.args[index].value,
        tool,
        f"{where} passes {helper.tools_param} to {helper.name}(...) as",
    )
    if list_has_string(tools, tool):
        return None
    tools = append(tools, string_element(tool, quote_of(tools, call)))
    return replace_arg_value(call, index, tools)


def _editable_list(value: cst.BaseExpression, tool: str, what: str) -> cst.List:
    if isinstance(value, cst.List):
        return value
    # Platform toolsets take the core list by name: --core is the way into them.
    hint = (
        "pass --core to add it to _HERMES_CORE_TOOLS, or pick another toolset"
        if isinstance(value, cst.Name) and value.value == "_HERMES_CORE_TOOLS"
        else f"add {tool!r} to it by hand or pick another toolset"
    )
    raise EditError(f"{TOOLSETS_FILE}: {what} {describe(value)}, not a list literal; {hint}")


def _list_element(code: str) -> ElementBuilder:
    def build(indent: str | None) -> cst.Element:
        return cst.Element(value=cst.parse_expression(code))

    return build


def _entry_helper(module: cst.Module, toolsets: cst.Dict) -> str | None:
    """`_ts` when most entries are helper calls, `_ts` the commonest, and the file defines or
    imports it (a `_bundle` platform entry is no model for a new toolset)."""
    calls: Counter[str] = Counter()
    entries = 0
    for element in toolsets.elements:
        if not isinstance(element, cst.DictElement):
            continue
        entries += 1
        value = element.value
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Name):
            calls[value.func.value] += 1
    commonest = calls.most_common(1)
    if sum(calls.values()) * 2 > entries and commonest[0][0] == "_ts" and is_defined(module, "_ts"):
        return "_ts"
    return None
