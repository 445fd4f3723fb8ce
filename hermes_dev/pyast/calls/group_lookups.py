"""A table looked up by a group of a pattern's match: can the group name an entry the table lacks?

`m = SIZE.match(text)` ... `UNITS[m.group(2).lower()]`: the match tested the text's form, and
what the group can match is in the pattern. A group of open text (`(\\w+)`, `(.*)`) can be
anything the model sends; a group of a few literal choices (`([kmgt]?)`) can be only those,
and the lookup misses only if the table lacks one of them (when its keys are known).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable

from hermes_dev.pyast.analyze.regex_groups import OPEN, group_is_free, group_strings
from hermes_dev.pyast.semantic.resolve import assigned_value, entries, resolve, text_of
from hermes_dev.pyast.semantic.scopes import External, ModuleObject, module_scope

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.pyast.semantic.scopes import Scope

_MATCHING = frozenset({"match", "search", "fullmatch", "finditer"})
_CHANGES: dict[str, Callable[[str], str]] = {
    "lower": str.lower,
    "upper": str.upper,
    "casefold": str.casefold,
    "strip": str.strip,
}


def may_miss(
    table: ast.expr, match: ast.Call, group: int | str, changes: tuple[str, ...], scope: Scope
) -> bool:
    """Whether `table[<group of match, changed by the str methods `changes`>]` can miss: the
    group is open text, or one of its few strings (so changed) is no key of a table whose
    keys are all known. False when the pattern or the group is not known (precision first)."""
    pattern = _pattern(match, scope)
    if pattern is None:
        return False
    found = group_strings(pattern[0], pattern[1], group)
    if found is None:
        return False
    if found == OPEN:
        return True
    keys = _keys(table, scope)
    if keys is None:
        return False
    for text in found:
        for change in changes:
            text = _CHANGES[change](text)
        if text not in keys:
            return True
    return False


def free_group(match: ast.Call, group: int | str, scope: Scope) -> bool:
    """Whether the group of the pattern `match` uses matches free text (`(.*)`, `([^,]+)`):
    the match tested the text around it, not that group's form."""
    pattern = _pattern(match, scope)
    return pattern is not None and group_is_free(pattern[0], pattern[1], group)


# Texts a model may send: a pattern that matches them all cannot fail on its text.
_SAMPLES = ("", " ", "a", "Z", "0", "42", "-1", "x y", "_", ".", "?", "\n", "é", "a,b", "P1M")


def may_not_match(match: ast.Call, scope: Scope) -> bool:
    """Whether the known pattern of `match` (`PAT.match(text)`) fails on some text the model
    may send; False when the pattern is not known (precision first)."""
    pattern = _pattern(match, scope)
    if pattern is None:
        return False
    try:
        compiled = re.compile(pattern[0], pattern[1])
    except (re.error, ValueError, TypeError, OverflowError, RecursionError):
        return False
    method = getattr(compiled, match.func.attr)  # type: ignore[attr-defined]
    return any(method(sample) is None for sample in _SAMPLES)


def _pattern(match: ast.Call, scope: Scope) -> tuple[str, int] | None:
    """The text and flags of the pattern a `.match(...)`-like call uses: `re.match(P, s,
    re.I)`, or `P.match(s)` of `P = re.compile(TEXT, FLAGS)`."""
    func = match.func
    if not isinstance(func, ast.Attribute) or func.attr not in _MATCHING:
        return None
    if _dotted(func, scope) == f"re.{func.attr}":
        if len(match.args) < 2:
            return None
        flags = match.args[2] if len(match.args) > 2 else _keyword(match, "flags")
        return _text_and_flags(match.args[0], flags, scope)
    if isinstance(func.value, ast.Attribute) and isinstance(func.value.value, ast.Name):
        # (`wx.STATION_RE.match(s)`: a pattern another module of the project compiles)
        owner = resolve(func.value.value, scope).single()
        if not isinstance(owner, ModuleObject) or owner.module.tree is None:
            return None
        bound = assigned_value(func.value.attr, module_scope(owner.module))
    elif isinstance(func.value, ast.Name):
        bound = assigned_value(func.value.id, scope)
    else:
        return None
    compiled = _compile_call(bound)
    if compiled is None or not compiled[0].args:
        return None
    made, where = compiled
    flags = made.args[1] if len(made.args) > 1 else _keyword(made, "flags")
    return _text_and_flags(made.args[0], flags, where)


def is_compiled_pattern(expr: ast.expr, scope: Scope) -> bool:
    """`expr` names a pattern `re.compile(...)` made (`ORDER_RX = re.compile(...)`)."""
    return isinstance(expr, ast.Name) and _compile_call(assigned_value(expr.id, scope)) is not None


def _compile_call(bound: tuple[ast.expr, Scope] | None) -> tuple[ast.Call, Scope] | None:
    """The `re.compile(...)` call a name is bound to, with the scope it is read in."""
    if bound is None:
        return None
    made, where = bound
    if (
        isinstance(made, ast.Call)
        and isinstance(made.func, (ast.Attribute, ast.Name))
        and _dotted(made.func, where) == "re.compile"
    ):
        return made, where
    return None


def _text_and_flags(text: ast.expr, flags: ast.expr | None, scope: Scope) -> tuple[str, int] | None:
    pattern = text_of(text, scope)
    if pattern is None:
        return None
    value = 0 if flags is None else _flags(flags, scope)
    return None if value is None else (pattern, value)


def _flags(expr: ast.expr, scope: Scope) -> int | None:
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.BitOr):
        left, right = _flags(expr.left, scope), _flags(expr.right, scope)
        return None if left is None or right is None else left | right
    if isinstance(expr, ast.Constant) and isinstance(expr.value, int):
        return expr.value
    dotted = _dotted(expr, scope) if isinstance(expr, (ast.Attribute, ast.Name)) else None
    if dotted is None or not dotted.startswith("re."):
        return None
    value = getattr(re, dotted[3:], None)
    return int(value) if isinstance(value, re.RegexFlag) else None


def _keys(table: ast.expr, scope: Scope) -> frozenset[str] | None:
    found = entries(table, scope)
    if found is None or not found.complete:
        return None
    keys = [key for key, _value, _scope in found.items]
    if not all(isinstance(k, str) for k in keys):
        return None
    return frozenset(keys)  # type: ignore[arg-type]


def _keyword(call: ast.Call, name: str) -> ast.expr | None:
    return next((kw.value for kw in call.keywords if kw.arg == name), None)


def _dotted(func: ast.expr, scope: Scope) -> str | None:
    found = resolve(func, scope).single()
    return found.dotted if isinstance(found, External) else None
