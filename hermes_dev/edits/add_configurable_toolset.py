"""AddConfigurableToolset: list a toolset in the `hermes tools` picker, a `(key, label,
description)` row of `CONFIGURABLE_TOOLSETS` in `hermes_cli/tools_config.py`."""

from __future__ import annotations

import libcst as cst

from hermes_dev.edits._cst import (
    TOOLS_CONFIG_FILE,
    find_top_level,
    parse,
    quote_of,
    render,
    string_literal,
    string_value,
)
from hermes_dev.edits._sequence import ElementBuilder, append

PICKER = "CONFIGURABLE_TOOLSETS"


def add_configurable_toolset(source: str, key: str, label: str, description: str) -> str:
    """Append `(key, label, description)` to the module-level `CONFIGURABLE_TOOLSETS = [...]`.

    The row is written like the list's last row: its quotes, and each value starting in the
    same column as the one above it where the new value is short enough (Hermes aligns its rows
    so), else after one space; a trailing comma after the row when the rows have one.

    Returns `source` unchanged when a row for `key` is there already; raises EditError when the
    list is missing or not a list literal.
    """
    module = parse(source, TOOLS_CONFIG_FILE)
    found = find_top_level(module, PICKER, cst.List, TOOLS_CONFIG_FILE)
    assert found is not None and isinstance(found.value, cst.List)
    rows = found.value
    if row_index(rows, key) is not None:
        return source
    quote = quote_of(rows)
    texts = [string_literal(text, quote) for text in (key, label, description)]
    return render(found.replace(append(rows, _row(rows, texts))), source)


def row_index(rows: cst.List, key: str) -> int | None:
    """The index of the last row whose first value is the string `key` (the one in force for
    the picker's lookups by key); None when there is none."""
    found = None
    for index, element in enumerate(rows.elements):
        value = element.value
        if (
            isinstance(value, cst.Tuple)
            and value.elements
            and string_value(value.elements[0].value) == key
        ):
            found = index
    return found


def _row(rows: cst.List, texts: list[str]) -> ElementBuilder:
    columns = _columns(rows)

    def build(indent: str | None) -> cst.Element:
        parts = []
        at = 1  # after "("
        for i, text in enumerate(texts):
            if i:
                want = columns[i] if columns is not None and i < len(columns) else 0
                gap = max(1, want - (at + 1))  # after the comma
                parts.append("," + " " * gap)
                at += 1 + gap
            parts.append(text)
            at += len(text)
        value = cst.parse_expression("(" + "".join(parts) + ")")
        return cst.Element(value=value)

    return build


def _columns(rows: cst.List) -> list[int] | None:
    """Where each value of the last one-line tuple row starts, counted from its "(" (code
    points); None when there is no such row."""
    code = cst.Module(body=[]).code_for_node
    for element in reversed(rows.elements):
        row = element.value
        if not (isinstance(row, cst.Tuple) and row.lpar and len(row.elements) >= 2):
            continue
        text = code(row)
        if "\n" in text or "\r" in text:
            continue
        at = len(code(row.lpar[0]))
        starts = []
        for item in row.elements:
            starts.append(at)
            at += len(code(item.value))
            if isinstance(item.comma, cst.Comma):
                at += len(code(item.comma))
        return starts
    return None
