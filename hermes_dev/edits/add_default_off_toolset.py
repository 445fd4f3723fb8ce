"""AddDefaultOffToolset: make a picker toolset opt-in, a key of `_DEFAULT_OFF_TOOLSETS` in
`hermes_cli/tools_config.py` (listed in `hermes tools`, off until a user turns it on)."""

from __future__ import annotations

import libcst as cst

from hermes_dev.edits._cst import (
    TOOLS_CONFIG_FILE,
    EditError,
    TopLevel,
    describe,
    last_top_level,
    parse,
    quote_of,
    render,
    string_literal,
    string_value,
)
from hermes_dev.edits._entries import string_element
from hermes_dev.edits._sequence import append

DEFAULT_OFF = "_DEFAULT_OFF_TOOLSETS"


def add_default_off_toolset(source: str, key: str) -> str:
    """Add `key` to the module-level `_DEFAULT_OFF_TOOLSETS = {...}` set literal, in its layout
    (on its line when the set is on one line). An empty `set()` (written exactly so) becomes
    `{"key"}`, which remove_default_off_toolset turns back into `set()`.

    Returns `source` unchanged when the key is there already; raises EditError when the name is
    missing or bound to anything else (a `frozenset(...)`, a name, an expression).
    """
    module = parse(source, TOOLS_CONFIG_FILE)
    found = default_off_set(module, required=True)
    assert found is not None
    value = found.value
    if isinstance(value, cst.Set):
        if set_has_string(value, key):
            return source
        return render(found.replace(append(value, string_element(key, quote_of(value)))), source)
    quote = quote_of(*_strings(module))
    return render(
        found.replace(cst.parse_expression("{" + string_literal(key, quote) + "}")), source
    )


def default_off_set(module: cst.Module, *, required: bool) -> TopLevel | None:
    """The last module-level `_DEFAULT_OFF_TOOLSETS = ...` when it is a set literal or exactly
    `set()`; otherwise EditError (or None when not `required`)."""
    found = last_top_level(module, DEFAULT_OFF)
    if found is not None and (isinstance(found.value, cst.Set) or is_empty_set_call(found.value)):
        return found
    if not required:
        return None
    if found is None:
        raise EditError(
            f"{TOOLS_CONFIG_FILE}: no module-level `{DEFAULT_OFF} = ...` assignment; expected a"
            " set literal {...}"
        )
    raise EditError(
        f"{TOOLS_CONFIG_FILE}: `{DEFAULT_OFF}` is {describe(found.value)}, not a set literal"
        " {...} or set(); add the toolset to it by hand"
    )


def is_empty_set_call(node: cst.BaseExpression) -> bool:
    code = cst.Module(body=[]).code_for_node
    return isinstance(node, cst.Call) and code(node) == "set()"


def set_has_string(node: cst.Set, text: str) -> bool:
    return any(isinstance(e, cst.Element) and string_value(e.value) == text for e in node.elements)


def _strings(module: cst.Module) -> list[cst.BaseExpression]:
    """A few module-level string literals: the file's quote style for a new set."""
    found: list[cst.BaseExpression] = []
    for line in module.body:
        if isinstance(line, cst.SimpleStatementLine):
            for small in line.body:
                if isinstance(small, cst.Assign) and isinstance(
                    small.value, (cst.SimpleString, cst.List, cst.Set, cst.Dict)
                ):
                    found.append(small.value)
        if len(found) >= 3:
            break
    return found
