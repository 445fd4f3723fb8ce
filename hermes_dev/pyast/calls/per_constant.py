"""A call followed once for each constant a loop or a comprehension around it hands an
argument: `for part in ("major", "minor"): bump(v, part)` runs `bump` with "major", then with
"minor", so a test the callee makes of `part` is decided each time (its `raise` for any other
value is not reached).

- `one_by_one(call, scope, function, bound)`: the bindings to follow the call with.
- `plain_constant(value)`: a constant worth binding (a short text, a number, a flag, None).

Only a tuple, list or set written out at the loop (or a module's tuple, which nothing can add
to) counts, and in a comprehension the generator in scope at the call (the innermost, the
latest): a list the code extends may hold anything.
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.analyze.branches import normalised_parameters, relevant_parameters
from hermes_dev.pyast.semantic.resolve import assigned_value, call_arguments
from hermes_dev.pyast.semantic.scopes import Const, Function, Possible
from hermes_dev.pyast.semantic.walker import COMPREHENSIONS, walk_function

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.pyast.semantic.scopes import Scope

# At most this many constants a name may hold for a call to be followed once for each.
MAX_SPLIT = 4


def one_by_one(
    call: ast.Call, scope: Scope, function: Function, bound: dict[str, Possible]
) -> list[dict[str, Possible]]:
    """`bound`, or one binding for each constant a name given to a parameter that may decide
    a branch holds (`for part in ("major", "minor"): bump(v, part)`): each is followed on its
    own, so that a test the callee makes of it is decided (its `raise` for any other value is
    not reached). For the first such parameter only."""
    node = function.node
    if isinstance(node, ast.Lambda):
        return [bound]
    relevant = relevant_parameters(node)
    if not relevant:
        return [bound]
    normalised = normalised_parameters(node)
    for name, expr in call_arguments(call, function).items():
        if name in bound or name not in relevant or not isinstance(expr, ast.Name):
            continue
        values = _looped_constants(expr, call, scope)
        if values is None or not 2 <= len(values) <= MAX_SPLIT:
            continue
        if not all(
            plain_constant(v) and (name not in normalised or isinstance(v, normalised[name]))
            for v in values
        ):
            continue
        return [{**bound, name: Possible.of(Const(v))} for v in values]
    return [bound]


def _looped_constants(name: ast.Name, call: ast.Call, scope: Scope) -> list[object] | None:
    """The constants a loop or a comprehension around `call` takes `name` through, from a
    tuple, list or set written out there (or a module's tuple: nothing adds to it); None
    when `name` is bound otherwise (a list the code extends may hold anything)."""
    func = scope.func
    if func is None:
        return None
    generator = _comprehension_scopes(func).get(id(call), {}).get(name.id)
    if generator is not None:
        return None if generator.ifs else _written_constants(generator.iter, scope)
    located = scope.lookup(name.id)
    if located is None or located[1] is None or located[0] is not scope:
        return None
    live = [b for b in located[1] if b.kind != "mutated"]
    if len(live) != 1 or live[0].kind != "loop" or live[0].path != () or live[0].value is None:
        return None
    return _written_constants(live[0].value, scope)


def _written_constants(iterable: ast.expr, scope: Scope) -> list[object] | None:
    written: ast.expr | None = iterable
    if isinstance(iterable, ast.Name):
        bound = assigned_value(iterable.id, scope)
        # (a tuple, bound once and never changed: a list may be extended anywhere)
        written = bound[0] if bound is not None and isinstance(bound[0], ast.Tuple) else None
    if not isinstance(written, (ast.Tuple, ast.List, ast.Set)):
        return None
    values: list[object] = [e.value for e in written.elts if isinstance(e, ast.Constant)]
    return values if len(values) == len(written.elts) else None


_SCOPES_ATTR = "_hermes_dev_comprehension_scopes"


def _comprehension_scopes(func: ast.AST) -> dict[int, dict[str, ast.comprehension]]:
    """For each call inside a def's comprehensions (by id), the generator that binds each name
    there: the innermost, the latest of one comprehension's (memoised on the def)."""
    known = func.__dict__.get(_SCOPES_ATTR)
    if known is not None:
        return known  # type: ignore[no-any-return]
    found: dict[int, dict[str, ast.comprehension]] = {}
    if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        # (outer comprehensions come before the ones inside them: what an inner one binds
        # is written over what an outer one did)
        for node in walk_function(func):
            if not isinstance(node, COMPREHENSIONS):
                continue
            gens = node.generators
            results = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
            for at, gen in enumerate(gens):
                if not isinstance(gen.target, ast.Name):
                    continue
                # (its own ifs, the generators after it and the results see its name)
                seen: list[ast.AST] = [*gen.ifs, *gens[at + 1 :], *results]
                for part in seen:
                    for sub in ast.walk(part):
                        if isinstance(sub, ast.Call):
                            found.setdefault(id(sub), {})[gen.target.id] = gen
    func.__dict__[_SCOPES_ATTR] = found
    return found


def plain_constant(value: object) -> bool:
    """A constant worth binding: a short text, a number, a flag, None."""
    if isinstance(value, str):
        return len(value) <= 1000
    return value is None or isinstance(value, (bool, int, float))
