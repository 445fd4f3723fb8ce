"""TOOLSETS entries written as helper calls: `"web": _ts("Web tools", ["web_search"])`.

Newer Hermes files build each entry with a helper defined beside `TOOLSETS`, such as
`_ts(description, tools=(), includes=(), **extra)` or `_bundle(description, extras=())`. The tool
names such an entry adds are its helper's second parameter: the second positional argument, or
that parameter passed by keyword. Only a list literal there can be edited.

Call arguments keep the whitespace before `)` on the last argument (its comma, or the argument
itself when it has none), where a list keeps it on the bracket. `append_arg` and `remove_arg` move
it onto a stand-in list, let `_sequence` do the edit (with its comment and blank-line rules), and
move it back, so adding an argument and removing it again give back the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

import libcst as cst

from hermes_dev.edits._sequence import ElementBuilder, append, remove

# Helpers whose signature is known when the file imports them rather than defining them.
KNOWN_HELPERS = {"_ts": "tools", "_bundle": "extras"}
KNOWN_PARAMS = {"_ts": ("description", "tools", "includes"), "_bundle": ("description", "extras")}

_NO_SPACE = cst.SimpleWhitespace("")


@dataclass(frozen=True)
class Helper:
    """A toolset helper: its name and the parameter that takes the tool names."""

    name: str
    tools_param: str
    by_keyword: bool  # False when that parameter is positional-only
    # Every named parameter, positional ones first, in order (keyword-only ones after them).
    params: tuple[str, ...] = ()
    posonly: int = 0  # how many of `params` are positional-only


def helpers(module: cst.Module) -> dict[str, Helper]:
    """Module-level functions with two or more positional parameters, plus the known helpers
    the module imports, by name."""
    found: dict[str, Helper] = {}
    for statement in module.body:
        if isinstance(statement, cst.FunctionDef):
            params = statement.params
            positional = [*params.posonly_params, *params.params]
            if len(positional) >= 2:
                found[statement.name.value] = Helper(
                    statement.name.value,
                    positional[1].name.value,
                    by_keyword=len(params.posonly_params) < 2,
                    params=tuple(p.name.value for p in [*positional, *params.kwonly_params]),
                    posonly=len(params.posonly_params),
                )
        elif isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.ImportFrom) and not isinstance(
                    small.names, cst.ImportStar
                ):
                    for alias in small.names:
                        name = alias.evaluated_alias or alias.evaluated_name
                        if name in KNOWN_HELPERS and name not in found:
                            found[name] = _known(name)
    for name in KNOWN_HELPERS:
        found.setdefault(name, _known(name))
    return found


def _known(name: str) -> Helper:
    return Helper(name, KNOWN_HELPERS[name], by_keyword=True, params=KNOWN_PARAMS[name])


def param_arg(call: cst.Call, helper: Helper, param: str) -> int | None:
    """The index in `call.args` of the argument passed for `helper`'s parameter `param`
    (by position or by keyword); None when the call leaves it to its default."""
    if param not in helper.params:
        return None
    position = helper.params.index(param)
    if position < len(_positional(call)):
        return position
    for index, arg in enumerate(call.args):
        if arg.keyword is not None and arg.keyword.value == param:
            return index
    return None


def is_defined(module: cst.Module, name: str) -> bool:
    """True when `name` is a module-level function or imported by a module-level import."""
    for statement in module.body:
        if isinstance(statement, cst.FunctionDef) and statement.name.value == name:
            return True
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, (cst.ImportFrom, cst.Import)) and not isinstance(
                    small.names, cst.ImportStar
                ):
                    for alias in small.names:
                        if (alias.evaluated_alias or alias.evaluated_name) == name:
                            return True
    return False


def helper_of(call: cst.Call, known: dict[str, Helper]) -> Helper | None:
    return known.get(call.func.value) if isinstance(call.func, cst.Name) else None


def _positional(call: cst.Call) -> list[cst.Arg]:
    out = []
    for arg in call.args:
        if arg.keyword is not None or arg.star:
            break
        out.append(arg)
    return out


def tools_arg(call: cst.Call, helper: Helper) -> int | None:
    """The index in `call.args` of the argument holding the tool names; None when absent."""
    if len(_positional(call)) >= 2:
        return 1
    for index, arg in enumerate(call.args):
        if arg.keyword is not None and arg.keyword.value == helper.tools_param:
            return index
    return None


def has_star(call: cst.Call) -> bool:
    return any(arg.star for arg in call.args)


def first_positional(call: cst.Call) -> cst.BaseExpression | None:
    positional = _positional(call)
    return positional[0].value if positional else None


def only_positional(call: cst.Call, count: int) -> bool:
    return len(call.args) == count and len(_positional(call)) == count


def replace_arg_value(call: cst.Call, index: int, value: cst.BaseExpression) -> cst.Call:
    args = list(call.args)
    args[index] = args[index].with_changes(value=value)
    return call.with_changes(args=args)


def _as_list(call: cst.Call) -> cst.List:
    """The call's arguments as a stand-in list, the whitespace before `)` on its bracket."""
    args = list(call.args)
    close: cst.BaseParenthesizableWhitespace = _NO_SPACE
    elements = []
    for index, arg in enumerate(args):
        comma = arg.comma
        if index == len(args) - 1:
            if isinstance(comma, cst.Comma):
                close = comma.whitespace_after
                comma = comma.with_changes(whitespace_after=_NO_SPACE)
            else:
                close = arg.whitespace_after_arg
        elements.append(cst.Element(value=arg.value, comma=comma))
    return cst.List(
        elements=elements,
        lbracket=cst.LeftSquareBracket(whitespace_after=call.whitespace_before_args),
        rbracket=cst.RightSquareBracket(whitespace_before=close),
    )


def _from_list(call: cst.Call, stand_in: cst.List, args: Sequence[cst.Arg]) -> cst.Call:
    """`call` with `args` laid out as `stand_in` says (same count, same order)."""
    close = stand_in.rbracket.whitespace_before
    out = []
    for index, (arg, element) in enumerate(zip(args, stand_in.elements, strict=True)):
        comma = element.comma
        # The old last argument without a comma held the tail before `)`; it moved.
        bare_last = (
            bool(call.args) and arg is call.args[-1] and not isinstance(arg.comma, cst.Comma)
        )
        after_arg = _NO_SPACE if bare_last else arg.whitespace_after_arg
        if index == len(args) - 1:
            if isinstance(comma, cst.Comma):
                comma = comma.with_changes(whitespace_after=close)
            else:
                after_arg = close
        out.append(arg.with_changes(comma=comma, whitespace_after_arg=after_arg))
    return call.with_changes(args=out, whitespace_before_args=stand_in.lbracket.whitespace_after)


def append_arg(call: cst.Call, keyword: str, value: ElementBuilder) -> cst.Call:
    """`call` with `keyword=<value>` added as its last argument, in its siblings' layout."""
    stand_in = append(_as_list(call), value)
    new = cast(cst.Element, stand_in.elements[-1])
    arg = cst.Arg(
        value=new.value,
        keyword=cst.Name(keyword),
        equal=cst.AssignEqual(whitespace_before=_NO_SPACE, whitespace_after=_NO_SPACE),
    )
    return _from_list(call, stand_in, [*call.args, arg])


def remove_arg(call: cst.Call, index: int) -> cst.Call:
    """`call` without argument `index`; the exact inverse of `append_arg` for its last one."""
    stand_in = remove(_as_list(call), index)
    args = [arg for i, arg in enumerate(call.args) if i != index]
    return _from_list(call, stand_in, args)
