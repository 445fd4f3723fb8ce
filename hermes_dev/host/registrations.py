"""The tool names a module registers, read with the pyast model (`registry.register(...)` and
`ctx.register_tool(...)`, also from loops over a module-level table)."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hermes_dev.pyast.model import Models, ModuleInfo


@dataclass(frozen=True)
class RegisteredNames:
    """The tool names a module registers: those known statically, and those it may register."""

    known: frozenset[str]
    # `known` plus, for a call whose name is computed, every string in the table its loop
    # iterates over (a table the lint model could not evaluate row by row).
    possible: frozenset[str]
    # Some call's name is not known statically.
    computed: bool = False


def registered_names(models: Models, path: Path, source: str | None = None) -> RegisteredNames:
    """What `registry.register(...)` / `register_tool(...)` calls in `path` register.

    Uses the pyast model, which evaluates a `for` over a literal table row by row, so
    `for _name, _schema in _SCHEMAS.items(): registry.register(name=_name, ...)` gives each
    key of `_SCHEMAS`. A string elsewhere in the module (a property name, an enum value) is
    never taken for a tool name."""
    from hermes_dev.pyast.registrations import registrations_of

    module = models.get(path, source)
    if module is None:
        return RegisteredNames(frozenset(), frozenset())
    known: set[str] = set()
    possible: set[str] = set()
    computed = False
    for registration in registrations_of(module):
        name = registration.name
        if name is not None:
            known.add(name)
            continue
        computed = True
        if registration.loop is not None:
            possible.update(_strings_in(_table_of(module, registration.loop.iter)))
    return RegisteredNames(frozenset(known), frozenset(known | possible), computed)


def _table_of(module: ModuleInfo, iterable: ast.expr) -> ast.expr:
    """The expression a loop iterates over, with `TABLE` / `TABLE.items()` (and the like)
    followed to the module-level value of TABLE."""
    if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Attribute):
        iterable = iterable.func.value
    if isinstance(iterable, ast.Name):
        value = module.value_of(iterable.id)
        if value is not None:
            return value
    return iterable


def _strings_in(node: ast.expr) -> set[str]:
    return {
        n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    }
