"""The values static evaluation deals in, and where each was written.

- `NotStatic`: an expression that cannot be evaluated without running the code.
- `Loc` (the positions, `semantic.locations.Pos`, of a value and its parts) and `Evaluated` (a
  value with its `Loc`; `locate("/a/b/0")` gives the position of a part).
- `Thunk` (an expression bound to a name, not yet evaluated) and `Value` (an evaluated one): the
  two kinds of `Binding` in an evaluation environment.
- `Opaque`: what a non-static part of a literal becomes in partial evaluation.

Imports only `semantic.locations` at run time.
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.semantic.locations import Pos

TYPE_CHECKING = False  # typing is not imported at run time: a pre-commit run pays for it
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any, TypeAlias

    from hermes_dev.pyast.semantic.scopes import Scope

    Binding: TypeAlias = "Thunk | Value"


class NotStatic(Exception):
    """The expression cannot be evaluated without running the code."""


# Plain classes with __slots__ rather than dataclasses: cheaper to define at import (a
# pre-commit run pays for it) and to build (one per evaluated node).


class Loc:
    """Where a value and, for containers, its parts were written."""

    __slots__ = ("children", "keys", "pos")

    def __init__(
        self,
        pos: Pos,
        keys: dict[str, Pos] | None = None,
        children: dict[str, Loc] | None = None,
    ) -> None:
        self.pos = pos
        self.keys = keys if keys is not None else {}  # dict entries: position of the key
        # dict keys or list indexes as str
        self.children = children if children is not None else {}


class Evaluated:
    __slots__ = ("loc", "value")

    def __init__(self, value: Any, loc: Loc) -> None:
        self.value = value
        self.loc = loc

    def locate(self, pointer: str | Sequence[str | int], prefer_key: bool = True) -> Pos:
        """The position of `pointer` ("/a/b/0" or parts): its key if it is a dict entry, else its
        value; the nearest enclosing position when part of it was not written literally."""
        parts = _pointer_parts(pointer)
        loc = self.loc
        for i, part in enumerate(parts):
            key = str(part)
            if i == len(parts) - 1 and prefer_key and key in loc.keys:
                return loc.keys[key]
            child = loc.children.get(key)
            if child is None:
                return loc.pos
            loc = child
        return loc.pos


def _pointer_parts(pointer: str | Sequence[str | int]) -> list[str | int]:
    if isinstance(pointer, str):
        if not pointer or pointer == "/":
            return []
        return [p.replace("~1", "/").replace("~0", "~") for p in pointer.lstrip("/").split("/")]
    return list(pointer)


class Thunk:
    """An expression bound to a name (a loop variable, a helper's parameter), not yet evaluated:
    a table row may hold a handler function next to the strings a schema needs."""

    __slots__ = ("env", "expr", "scope")

    def __init__(self, expr: ast.expr, scope: Scope, env: Mapping[str, Binding]) -> None:
        self.expr = expr
        self.scope = scope
        self.env = env


class Value:
    """An evaluated value bound to a name."""

    __slots__ = ("loc", "value")

    def __init__(self, value: Any, loc: Loc) -> None:
        self.value = value
        self.loc = loc


class Opaque:
    """A value inside a literal that is not static (`textwrap.dedent(...)`, `sorted(SET)`): in
    partial evaluation it stands in for that value so the rest of the schema can be checked.
    Rules treat it as "something is there, nothing known about it"."""

    __slots__ = ("pos",)

    def __init__(self, pos: Pos) -> None:
        self.pos = pos

    def placeholder(self) -> str:
        """A stand-in string, stable across runs and distinct per place."""
        return f"\x00not static ({self.pos.line}:{self.pos.column})"

    def __repr__(self) -> str:
        return f"Opaque(line {self.pos.line})"


def dict_get(node: ast.Dict, key: object) -> ast.expr | None:
    """The value written for the constant `key` in a dict literal, or None."""
    for k, v in zip(node.keys, node.values):
        if isinstance(k, ast.Constant) and k.value == key:
            return v
    return None
