"""AddCoreTool: append a tool name to `_HERMES_CORE_TOOLS` in `toolsets.py`."""

from __future__ import annotations

import libcst as cst

from hermes_dev.edits._cst import (
    TOOLSETS_FILE,
    find_top_level,
    list_has_string,
    parse,
    quote_of,
    render,
)
from hermes_dev.edits._entries import string_element
from hermes_dev.edits._sequence import append


def add_core_tool(source: str, tool: str) -> str:
    """Append `tool` to the module-level `_HERMES_CORE_TOOLS = [...]` list literal.

    Returns `source` unchanged when the name is there already; raises EditError when the list is
    missing or not a list literal.
    """
    module = parse(source, TOOLSETS_FILE)
    found = find_top_level(module, "_HERMES_CORE_TOOLS", cst.List, TOOLSETS_FILE)
    assert found is not None and isinstance(found.value, cst.List)
    core = found.value
    if list_has_string(core, tool):
        return source
    return render(found.replace(append(core, string_element(tool, quote_of(core)))), source)
