"""RemoveDefaultOffToolset: take a key out of `_DEFAULT_OFF_TOOLSETS` in
`hermes_cli/tools_config.py`; the exact inverse of AddDefaultOffToolset."""

from __future__ import annotations

import libcst as cst

from hermes_dev.edits._cst import TOOLS_CONFIG_FILE, parse, render, string_value
from hermes_dev.edits._sequence import remove
from hermes_dev.edits.add_default_off_toolset import default_off_set


def remove_default_off_toolset(source: str, key: str) -> str:
    """Remove the string `key` from the module-level `_DEFAULT_OFF_TOOLSETS` set literal; a set
    left empty becomes `set()` (add_default_off_toolset writes `{"key"}` for `set()`). Returns
    `source` unchanged when the key is not there, or the name is bound to anything else."""
    if key not in source:
        return source
    module = parse(source, TOOLS_CONFIG_FILE)
    found = default_off_set(module, required=False)
    if found is None or not isinstance(found.value, cst.Set):
        return source
    value = found.value
    hits = [
        index
        for index, element in enumerate(value.elements)
        if isinstance(element, cst.Element) and string_value(element.value) == key
    ]
    if not hits:
        return source
    if len(hits) == len(value.elements):
        return render(found.replace(cst.parse_expression("set()")), source)
    for index in reversed(hits):
        value = remove(value, index)
    return render(found.replace(value), source)
