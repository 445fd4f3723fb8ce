"""RemoveToolsetInclude: take a name out of `TOOLSETS[composite]`'s `includes` in
`toolsets.py`; the exact inverse of AddToolsetInclude."""

from __future__ import annotations

import libcst as cst

from hermes_dev.edits._calls import helper_of, helpers, param_arg, remove_arg
from hermes_dev.edits._cst import (
    TOOLSETS_FILE,
    dict_lookup,
    find_top_level,
    module_constants,
    parse,
    render,
)
from hermes_dev.edits._entries import replace_element
from hermes_dev.edits._remove import without_string
from hermes_dev.edits.add_toolset_include import INCLUDES


def remove_toolset_include(
    source: str, composite: str, toolset: str, *, drop_empty_keyword: bool = False
) -> str:
    """Remove `toolset` from the `includes` list literal of `TOOLSETS[composite]` (a dict
    entry's key or a helper call's argument). With `drop_empty_keyword`, an `includes=[...]`
    keyword left empty as the call's last argument goes too (add_toolset_include added it).
    Returns `source` unchanged when the name is not there, or the entry is missing or has
    another shape (nothing new-tool added can be there)."""
    if toolset not in source:
        return source
    module = parse(source, TOOLSETS_FILE)
    found = find_top_level(module, "TOOLSETS", cst.Dict, TOOLSETS_FILE, required=False)
    if found is None:
        return source
    assert isinstance(found.value, cst.Dict)
    toolsets = found.value
    hit = dict_lookup(toolsets, composite, module_constants(module))
    if hit is None:
        return source
    index, element = hit
    entry = element.value
    new_entry: cst.BaseExpression
    if isinstance(entry, cst.Dict):
        includes_hit = dict_lookup(entry, INCLUDES)
        if includes_hit is None or not isinstance(includes_hit[1].value, cst.List):
            return source
        at, includes_element = includes_hit
        includes = without_string(includes_hit[1].value, toolset)
        if includes is None:
            return source
        new_entry = replace_element(entry, at, includes_element.with_changes(value=includes))
    elif isinstance(entry, cst.Call):
        helper = helper_of(entry, helpers(module))
        at_arg = None if helper is None else param_arg(entry, helper, INCLUDES)
        if at_arg is None or not isinstance(entry.args[at_arg].value, cst.List):
            return source
        arg = entry.args[at_arg]
        assert isinstance(arg.value, cst.List)
        includes = without_string(arg.value, toolset)
        if includes is None:
            return source
        if (
            drop_empty_keyword
            and not includes.elements
            and arg.keyword is not None
            and at_arg == len(entry.args) - 1
        ):
            new_entry = remove_arg(entry, at_arg)
        else:
            args = list(entry.args)
            args[at_arg] = arg.with_changes(value=includes)
            new_entry = entry.with_changes(args=args)
    else:
        return source
    toolsets = replace_element(toolsets, index, element.with_changes(value=new_entry))
    return render(found.replace(toolsets), source)
