"""RemoveConfigurableToolset: take a toolset's row out of `CONFIGURABLE_TOOLSETS` in
`hermes_cli/tools_config.py`; the exact inverse of AddConfigurableToolset."""

from __future__ import annotations

import libcst as cst

from hermes_dev.edits._cst import TOOLS_CONFIG_FILE, find_top_level, parse, render
from hermes_dev.edits._sequence import remove
from hermes_dev.edits.add_configurable_toolset import PICKER, row_index


def remove_configurable_toolset(source: str, key: str) -> str:
    """Remove the last `(key, ...)` row of the module-level `CONFIGURABLE_TOOLSETS` list literal
    (the one add_configurable_toolset appends). Returns `source` unchanged when there is no such
    row, or no such list literal (nothing new-tool added can be there)."""
    if key not in source:
        return source
    module = parse(source, TOOLS_CONFIG_FILE)
    found = find_top_level(module, PICKER, cst.List, TOOLS_CONFIG_FILE, required=False)
    if found is None:
        return source
    assert isinstance(found.value, cst.List)
    index = row_index(found.value, key)
    if index is None:
        return source
    return render(found.replace(remove(found.value, index)), source)
