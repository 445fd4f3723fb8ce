"""AddToolsetInclude: make one toolset include another, a name in `TOOLSETS[composite]`'s
`includes` in `toolsets.py` (how new-tool puts a new toolset into the CLI's `hermes-cli`)."""

from __future__ import annotations

import json

import libcst as cst

from hermes_dev.edits._calls import append_arg, has_star, helper_of, helpers, param_arg
from hermes_dev.edits._cst import (
    TOOLSETS_FILE,
    EditError,
    describe,
    dict_lookup,
    find_top_level,
    list_has_string,
    module_constants,
    parse,
    quote_of,
    render,
    string_literal,
)
from hermes_dev.edits._entries import replace_element, string_element
from hermes_dev.edits._sequence import append

INCLUDES = "includes"


def add_toolset_include(source: str, composite: str, toolset: str) -> str:
    """Append `toolset` to the `includes` of `TOOLSETS[composite]`.

    A dict entry's `"includes": [...]` list literal gets the name; so does a helper call's
    `includes` argument (`_ts("desc", [...], includes=[...])`, by position or keyword). A call
    of a helper defined or known here that has an `includes` parameter but leaves it out gets
    `includes=["<toolset>"]` as its last argument (remove_toolset_include drops it again).

    Returns `source` unchanged when the name is there already. Raises EditError when there is
    no such entry, or it cannot take the name (no `includes` list literal: a computed list, a
    dict entry without the key, a helper without the parameter).
    """
    module = parse(source, TOOLSETS_FILE)
    found = find_top_level(module, "TOOLSETS", cst.Dict, TOOLSETS_FILE)
    assert found is not None and isinstance(found.value, cst.Dict)
    toolsets = found.value
    hit = dict_lookup(toolsets, composite, module_constants(module))
    where = f"TOOLSETS[{json.dumps(composite)}]"
    if hit is None:
        raise EditError(f"{TOOLSETS_FILE}: there is no {where} entry to include {toolset!r} in")
    index, element = hit
    entry = element.value
    quote = quote_of(toolsets)
    new_entry: cst.BaseExpression
    if isinstance(entry, cst.Dict):
        includes_hit = dict_lookup(entry, INCLUDES)
        if includes_hit is None:
            raise EditError(f'{TOOLSETS_FILE}: {where} has no "includes" list')
        at, includes_element = includes_hit
        includes = _list(includes_element.value, f'{where}["includes"] is')
        if list_has_string(includes, toolset):
            return source
        includes = append(includes, string_element(toolset, quote_of(includes, entry, toolsets)))
        new_entry = replace_element(entry, at, includes_element.with_changes(value=includes))
    elif isinstance(entry, cst.Call):
        helper = helper_of(entry, helpers(module))
        at_arg = None if helper is None else param_arg(entry, helper, INCLUDES)
        if at_arg is None:
            if helper is None or INCLUDES not in helper.params[helper.posonly :]:
                raise EditError(
                    f"{TOOLSETS_FILE}: {where} is {describe(entry)}, which takes no includes"
                )
            if has_star(entry):
                raise EditError(f"{TOOLSETS_FILE}: {where} passes *args or **kwargs")
            code = "[" + string_literal(toolset, quote) + "]"
            new_entry = append_arg(
                entry, INCLUDES, lambda indent: cst.Element(value=cst.parse_expression(code))
            )
        else:
            includes = _list(entry.args[at_arg].value, f"{where} passes includes as")
            if list_has_string(includes, toolset):
                return source
            includes = append(includes, string_element(toolset, quote_of(includes, entry)))
            args = list(entry.args)
            args[at_arg] = args[at_arg].with_changes(value=includes)
            new_entry = entry.with_changes(args=args)
    else:
        raise EditError(f"{TOOLSETS_FILE}: {where} is {describe(entry)}, not a dict literal")
    toolsets = replace_element(toolsets, index, element.with_changes(value=new_entry))
    return render(found.replace(toolsets), source)


def _list(value: cst.BaseExpression, what: str) -> cst.List:
    if isinstance(value, cst.List):
        return value
    raise EditError(f"{TOOLSETS_FILE}: {what} {describe(value)}, not a list literal")
