"""Evaluate a tool schema (and other literal tables) statically, with the stdlib `ast` only.

What evaluates: constants, implicit string concatenation and parentheses, `+` of strings, lists
and tuples, f-strings, `%` and `.format(...)` of static scalars, `", ".join(...)` of static
strings, nested dict/list/tuple literals, `{**OTHER, ...}`, `*SPREAD` in lists and calls,
subscripts with constant keys and slices, module-level names bound once to such an expression
(also names imported from another module under the root), `dict(...)`/`list(...)`/`tuple(...)`,
calls to small module-level helpers whose body is a single `return <expr>` (the
`_text_schema(name, description)` shape), list comprehensions over evaluable lists with
evaluable filters, dict comprehensions with static keys (`{s["name"]: s for s in SCHEMAS}`,
then `schema=MAP["browser_navigate"]`), and conditional expressions with an evaluable test. Anything else raises
`NotStatic`: the caller skips the schema silently (precision first) and counts it. In partial
evaluation (`Evaluator(partial=True)`, what the schema rules use) a dict value or list element
that is not static becomes an `Opaque` instead, so the rest of the schema can still be checked.

Evaluation is bounded (MAX_SIZE, MAX_STEPS): a value that would be bigger than MAX_SIZE, or take
more than MAX_STEPS expressions to reach, is not static; a `%`, `.format` or f-string whose widths
could make it so is not even built.

Every evaluated value comes with where it was written: `Evaluated.locate("/parameters/required/0")`
gives the source position of that element, or of the nearest enclosing one that has a position.

Names are read through the semantic model (`semantic.scopes`): a name is static when exactly
one binding of it is in force and it is a value (an assignment, or an import of one); the
changes a module makes to it at import (`.append`, `.extend`, `+=`, `[key] = value`, `.update`)
are applied in order; a def that rebinds it (`global`) makes it not static. What a table row or a
call bound to a name (`Scope.env`) is used when it is one constant or one expression.

Holds the `Evaluator`, `evaluate`, `strings_in` and the size checks of `%`/`.format`.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from hermes_dev.pyast.analyze.branches import bounded_regex
from hermes_dev.pyast.analyze.values import Evaluated, Loc, NotStatic, Opaque, Thunk, Value
from hermes_dev.pyast.semantic.imports import import_target
from hermes_dev.pyast.semantic.locations import Pos
from hermes_dev.pyast.semantic.resolve import (
    class_attribute,
    is_builtin_name,
    record_field_given,
    resolve,
    text_of,
)
from hermes_dev.pyast.semantic.scopes import (
    Class,
    Const,
    External,
    Function,
    Instance,
    Literal,
    ModuleObject,
    Scope,
    module_scope,
)

TYPE_CHECKING = False  # typing is not imported at run time: a pre-commit run pays for it
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

    from hermes_dev.pyast.analyze.values import Binding
    from hermes_dev.pyast.semantic.bindings import Binding as NameBinding
    from hermes_dev.pyast.semantic.scopes import Possible, Scope

# Deep enough for real helper chains; shallow enough that recursion never runs away.
MAX_DEPTH = 40
# Bounds on what evaluation may build and do: a checkout's code is untrusted input (CI lints pull
# requests), so no expression may make the evaluator materialise a huge value (`"%2000000000d" %
# 1`, names that double a string or a list line after line, nested comprehensions) or work for
# long. Past a bound the value is not static: precision first, nothing is reported on it.
# The size of a value: characters of its strings plus its elements, deep, a part shared by
# several elements counted once per use (as JSON would spell it out).
MAX_SIZE = 1_000_000
# Expressions one Evaluator may evaluate, all its evaluations together (it serves one module or
# one file; the busiest on a 6,600-line Hermes-shaped config.py evaluates ~1,300).
MAX_STEPS = 100_000

_EVALUATION_ERRORS = (
    TypeError,
    ValueError,
    KeyError,
    IndexError,
    AttributeError,
    RecursionError,
    OverflowError,
    MemoryError,
)
_SCALARS = (str, int, float, bool, type(None))
_BUILTIN_STR_METHODS = {"startswith", "endswith", "lower", "upper", "strip", "lstrip", "rstrip"}


class Evaluator:
    def __init__(self, partial: bool = False) -> None:
        # The files whose expressions it evaluated (a result cached per file is stale when
        # another of them changes).
        self.modules: set[object] = set()
        # partial: a dict value or list element that is not static becomes an `Opaque`
        self.partial = partial
        self._depth = 0
        self._steps = 0
        # id(container) -> (container, its size): kept alive while known, so ids stay unique;
        # emptied after each outermost evaluation
        self._sizes: dict[int, tuple[Any, int]] = {}

    def evaluate(
        self, expr: ast.expr, scope: Scope, env: Mapping[str, Binding] | None = None
    ) -> Evaluated:
        value, loc = self._eval(expr, scope, env or {})
        return Evaluated(value, loc)

    def string(
        self, expr: ast.expr, scope: Scope, env: Mapping[str, Binding] | None = None
    ) -> str | None:
        """`expr`'s value when it is a string known statically, else None: how a registered
        tool's name and toolset are read, by every command (`Registration.name` and the
        project rules' `registered_tool` both ask here)."""
        try:
            value = self.evaluate(expr, scope, env).value
        except NotStatic:
            if env:
                return None
            # (what the semantic model knows of it: `spec.name` of a row `Spec("x", ...)`,
            # `spec["name"]` of a row `dict(name="x", ...)`, `route.name` of a record made
            # with `name=f"{prefix}{name}"`)
            return text_of(expr, scope)
        return value if isinstance(value, str) else None

    # Lookups ---------------------------------------------------------------------------

    def lookup(self, name: str, scope: Scope, env: Mapping[str, Binding]) -> Binding:
        """What `name` means in `scope`/`env`, unevaluated where possible."""
        if name in env:
            return env[name]
        located = scope.lookup(name)
        if located is None:
            raise NotStatic(name)
        where, bindings = located
        if bindings is None:
            assert where.env is not None
            return self._from_possible(where.env[name], name)
        live = where.live(name, bindings)
        values: list[NameBinding] = []
        changes: list[NameBinding] = []
        for binding in live:
            if binding.kind == "declared":
                continue  # `X: T` gives no value
            if binding.kind == "augmented" or binding.kind == "mutated":
                if binding.home is where.func:  # made as this scope's code runs, in order
                    changes.append(binding)
            else:
                values.append(binding)
        if len(values) != 1:
            raise NotStatic(name)
        found = values[0]
        if found.kind in ("assign", "annotated") and found.path == () and found.value is not None:
            if not changes:
                return Thunk(found.value, where, {})
            return self._changed(found, changes, where)
        if found.kind == "import" and not changes:
            target = import_target(found, where)
            if target is None or target[1] is None:
                raise NotStatic(name)
            module = where.module.models.by_name(target[0])
            if module is None or module.tree is None:
                raise NotStatic(name)
            self.modules.add(module.path)
            return self.lookup(target[1], module_scope(module), {})
        raise NotStatic(name)

    def _from_possible(self, possible: Possible, name: str) -> Binding:
        """A name a table row or a call bound: static when it is one constant or expression."""
        found = possible.single()
        if isinstance(found, Literal):
            return Thunk(found.expr, found.scope, {})
        if isinstance(found, Const) and isinstance(
            found.value, (str, int, float, bool, type(None))
        ):
            where = found.node if found.node is not None else ast.Constant(found.value)
            return Value(found.value, Loc(Pos.of(found.path or Path(""), where)))
        raise NotStatic(name)

    def _changed(self, base: NameBinding, changes: list[NameBinding], scope: Scope) -> Value:
        """A list or dict literal with the changes made to it at import applied, in order."""
        assert base.value is not None
        value, loc = self._eval(base.value, scope, {})
        if isinstance(value, tuple):
            value = list(value)
        if not isinstance(value, (list, dict)):
            raise NotStatic("changed")
        value = list(value) if isinstance(value, list) else dict(value)
        loc = Loc(loc.pos, dict(loc.keys), dict(loc.children))
        for change in changes:
            detail = change.detail
            if change.kind == "augmented":
                if detail != "Add" or change.value is None or not isinstance(value, list):
                    raise NotStatic("+=")
                detail = "extend"
            if change.value is None:
                raise NotStatic("changed")
            if isinstance(value, list) and detail == "append":
                item, child = self._eval(change.value, scope, {})
                loc.children[str(len(value))] = child
                value.append(item)
            elif isinstance(value, list) and detail == "extend":
                items, child = self._eval(change.value, scope, {})
                if not isinstance(items, (list, tuple)):
                    raise NotStatic("extend")
                for i, item in enumerate(items):
                    loc.children[str(len(value))] = child.children.get(str(i), child)
                    value.append(item)
            elif isinstance(value, dict) and detail in ("setitem", "setdefault"):
                assert change.key is not None
                key, _ = self._eval(change.key, scope, {})
                if not isinstance(key, (str, int, float, bool)) and key is not None:
                    raise NotStatic("key")
                if detail == "setdefault" and key in value:
                    continue
                item, child = self._eval(change.value, scope, {})
                value[key] = item
                loc.children[str(key)] = child
                loc.keys[str(key)] = Pos.of(scope.module.path, change.key)
            elif isinstance(value, dict) and detail == "update":
                more, child = self._eval(change.value, scope, {})
                if not isinstance(more, dict):
                    raise NotStatic("update")
                for k, item in more.items():
                    value[k] = item
                    loc.children[str(k)] = child.children.get(str(k), child)
            else:
                raise NotStatic("changed")
            self._size(value)
        return Value(value, loc)

    def lookup_attribute(
        self, expr: ast.Attribute, scope: Scope, env: Mapping[str, Binding]
    ) -> Binding:
        """`module.NAME` where `module` is a module under the root imported by name; a
        function's or class's `__name__` (`name=fn.__name__` in a loop over functions)."""
        if expr.attr == "__name__":
            return self._name_of(expr, scope, env)
        if not isinstance(expr.value, ast.Name) or expr.value.id in env:
            raise NotStatic("attribute")
        base = resolve(expr.value, scope).single()
        if isinstance(base, Instance):
            # (`spec.schema` of a record row: what the call that made it gave the field)
            given = record_field_given(base, expr.attr)
            if given is not None:
                return Thunk(given[0], given[1], {})
        if isinstance(base, (Instance, Class)):
            # `tool.name` of a row's tool object: a constant its class (or a base) sets
            ref = base.cls if isinstance(base, Instance) else base.ref
            found = class_attribute(ref, expr.attr)
            value = found.single()
            if found.complete and isinstance(value, Const) and isinstance(value.value, str):
                return Value(value.value, Loc(Pos.of(scope.module.path, expr)))
            raise NotStatic("attribute")
        if not isinstance(base, ModuleObject) or base.module.tree is None:
            raise NotStatic("attribute")
        return self.lookup(expr.attr, module_scope(base.module), {})

    def _name_of(self, expr: ast.Attribute, scope: Scope, env: Mapping[str, Binding]) -> Value:
        if isinstance(expr.value, ast.Name) and expr.value.id in env:
            raise NotStatic("__name__")
        obj = resolve(expr.value, scope).single()
        where = Loc(Pos.of(scope.module.path, expr))
        if isinstance(obj, Function) and not isinstance(obj.node, ast.Lambda):
            return Value(obj.node.name, where)
        if isinstance(obj, Class):
            return Value(obj.ref.name, where)
        raise NotStatic("__name__")

    def resolve_node(
        self, expr: ast.expr, scope: Scope, env: Mapping[str, Binding]
    ) -> tuple[ast.expr, Scope, Mapping[str, Binding]] | Value:
        """Follow names (and constant subscripts of literal tables) to the expression they
        stand for, without evaluating it: lets a row give up its strings while another cell
        holds a function."""
        for _ in range(MAX_DEPTH):
            if isinstance(expr, ast.Name | ast.Attribute):
                binding = (
                    self.lookup(expr.id, scope, env)
                    if isinstance(expr, ast.Name)
                    else self.lookup_attribute(expr, scope, env)
                )
                if isinstance(binding, Value):
                    return binding
                expr, scope, env = binding.expr, binding.scope, binding.env
                continue
            if isinstance(expr, ast.Subscript) and not isinstance(expr.slice, ast.Slice):
                base = self.resolve_node(expr.value, scope, env)
                if isinstance(base, Value):
                    return self._value_of(expr, scope, env)
                base_expr, base_scope, base_env = base
                key, _ = self._eval(expr.slice, scope, env)
                picked = _pick_literal(base_expr, key)
                if picked is None:
                    return self._value_of(expr, scope, env)
                expr, scope, env = picked, base_scope, base_env
                continue
            return expr, scope, env
        raise NotStatic("too deep")

    def _picked(
        self, expr: ast.Subscript, scope: Scope, env: Mapping[str, Binding]
    ) -> tuple[ast.expr, Scope, Mapping[str, Binding]] | None:
        """The element a constant subscript of a literal table is written as, unevaluated."""
        try:
            base = self.resolve_node(expr.value, scope, env)
        except NotStatic:
            return None
        if isinstance(base, Value):
            return None
        node, node_scope, node_env = base
        if not isinstance(node, (ast.Dict, ast.List, ast.Tuple)) and not _dict_call(node):
            return None
        key, _ = self._eval(expr.slice, scope, env)
        picked = _pick_literal(node, key)
        return None if picked is None else (picked, node_scope, node_env)

    def _value_of(self, expr: ast.expr, scope: Scope, env: Mapping[str, Binding]) -> Value:
        value, loc = self._eval(expr, scope, env)
        return Value(value, loc)

    def iter_rows(
        self, expr: ast.expr, scope: Scope, env: Mapping[str, Binding] | None = None
    ) -> list[Binding]:
        """The elements a `for` loop over `expr` sees, each unevaluated where possible."""
        env = env or {}
        resolved = self.resolve_node(expr, scope, env)
        if isinstance(resolved, Value):
            return _value_rows(resolved)
        node, node_scope, node_env = resolved
        if isinstance(node, ast.List | ast.Tuple | ast.Set):
            if any(isinstance(e, ast.Starred) for e in node.elts):
                return _value_rows(self._value_of(node, node_scope, node_env))
            return [Thunk(e, node_scope, node_env) for e in node.elts]
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "items"
            and not node.args
        ):
            table = self.resolve_node(node.func.value, node_scope, node_env)
            if not isinstance(table, Value) and isinstance(table[0], ast.Dict):
                dict_node: ast.Dict = table[0]
                dict_scope, dict_env = table[1], table[2]
                rows: list[Binding] = []
                for k, v in zip(dict_node.keys, dict_node.values):
                    if k is None:
                        return _value_rows(self._value_of(node, node_scope, node_env))
                    pair = ast.Tuple(elts=[k, v], ctx=ast.Load())
                    ast.copy_location(pair, k)
                    rows.append(Thunk(pair, dict_scope, dict_env))
                return rows
        return _value_rows(self._value_of(node, node_scope, node_env))

    def bind_target(self, target: ast.expr, row: Binding, env: dict[str, Binding]) -> None:
        """Bind a loop target (`name` or `a, b, (c, d)`) to a row, unevaluated where possible."""
        if isinstance(target, ast.Name):
            env[target.id] = row
            return
        if isinstance(target, ast.Tuple | ast.List):
            if any(isinstance(e, ast.Starred) for e in target.elts):
                raise NotStatic("starred target")
            parts: list[Binding]
            if isinstance(row, Thunk):
                resolved = self.resolve_node(row.expr, row.scope, row.env)
                if isinstance(resolved, Value):
                    parts = _value_rows(resolved)
                else:
                    node, node_scope, node_env = resolved
                    if isinstance(node, ast.Tuple | ast.List) and not any(
                        isinstance(e, ast.Starred) for e in node.elts
                    ):
                        parts = [Thunk(e, node_scope, node_env) for e in node.elts]
                    else:
                        parts = _value_rows(self._value_of(node, node_scope, node_env))
            else:
                parts = _value_rows(row)
            if len(parts) != len(target.elts):
                raise NotStatic("row length")
            for sub, part in zip(target.elts, parts):
                self.bind_target(sub, part, env)
            return
        raise NotStatic("loop target")

    # Evaluation ------------------------------------------------------------------------

    def _eval(self, expr: ast.expr, scope: Scope, env: Mapping[str, Binding]) -> tuple[Any, Loc]:
        self._depth += 1
        try:
            self._steps += 1
            if self._steps > MAX_STEPS:
                raise NotStatic("too much work")
            if self._depth > MAX_DEPTH:
                raise NotStatic("too deep")
            self.modules.add(scope.module.path)
            value, loc = self._eval_inner(expr, scope, env)
            self._size(value)  # NotStatic past MAX_SIZE
            return value, loc
        except _EVALUATION_ERRORS as exc:
            # What running the expression would raise (`"a".strip(1)`, `[] in {}`): not static
            raise NotStatic(type(exc).__name__) from exc
        finally:
            self._depth -= 1
            if not self._depth:
                self._sizes.clear()

    def _size(self, value: Any) -> int:
        """The size of `value` (see MAX_SIZE); NotStatic past the bound. A container's is
        remembered, so checking one built of checked parts costs a look at each part."""
        kind = type(value)
        if kind is str:
            size = len(value) + 1
        elif kind is list or kind is tuple or kind is dict:
            known = self._sizes.get(id(value))
            if known is not None and known[0] is value:
                return known[1]
            size = 1
            items = value if kind is not dict else [*value.keys(), *value.values()]
            for item in items:
                size += self._size(item)
                if size > MAX_SIZE:
                    raise NotStatic("too big")
            self._sizes[id(value)] = (value, size)
        else:
            return 1
        if size > MAX_SIZE:
            raise NotStatic("too big")
        return size

    def _grow(self, total: int, value: Any) -> int:
        """`total` plus the size of `value`, for a container being built element by element:
        NotStatic as soon as it is past the bound (before the rest is built)."""
        total += self._size(value)
        if total > MAX_SIZE:
            raise NotStatic("too big")
        return total

    def _eval_inner(
        self, expr: ast.expr, scope: Scope, env: Mapping[str, Binding]
    ) -> tuple[Any, Loc]:
        if isinstance(expr, ast.Name | ast.Attribute):
            binding = (
                self.lookup(expr.id, scope, env)
                if isinstance(expr, ast.Name)
                else self.lookup_attribute(expr, scope, env)
            )
            if isinstance(binding, Value):
                return binding.value, binding.loc
            return self._eval(binding.expr, binding.scope, binding.env)
        pos = Pos.of(scope.module.path, expr)  # (a name's value is located where it is written)
        if isinstance(expr, ast.Constant):
            if isinstance(expr.value, bytes) or expr.value is Ellipsis:
                raise NotStatic("constant")
            return expr.value, Loc(pos)
        if isinstance(expr, ast.Dict):
            return self._eval_dict(expr, scope, env, pos)
        if isinstance(expr, ast.JoinedStr):
            return self._eval_fstring(expr, scope, env), Loc(pos)
        if isinstance(expr, ast.List | ast.Tuple | ast.Set):
            items: list[Any] = []
            loc = Loc(pos)
            total = 1
            for elt in expr.elts:
                if isinstance(elt, ast.Starred):
                    spread, spread_loc = self._eval(elt.value, scope, env)
                    if not isinstance(spread, list | tuple):
                        raise NotStatic("starred")
                    total = self._grow(total, spread)
                    for i, item in enumerate(spread):
                        loc.children[str(len(items))] = spread_loc.children.get(str(i), spread_loc)
                        items.append(item)
                    continue
                value, child = self._eval_part(elt, scope, env)
                total = self._grow(total, value)
                loc.children[str(len(items))] = child
                items.append(value)
            if isinstance(expr, ast.Set):
                raise NotStatic("set")  # not JSON; order unknown
            return (tuple(items) if isinstance(expr, ast.Tuple) else items), loc
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
            left, left_loc = self._eval(expr.left, scope, env)
            right, right_loc = self._eval(expr.right, scope, env)
            if isinstance(left, str) and isinstance(right, str):
                return left + right, Loc(pos)
            if isinstance(left, list | tuple) and type(left) is type(right):
                loc = Loc(pos)
                for i in range(len(left)):
                    loc.children[str(i)] = left_loc.children.get(str(i), left_loc)
                for i in range(len(right)):
                    loc.children[str(len(left) + i)] = right_loc.children.get(str(i), right_loc)
                joined: Any = list(left) + list(right)
                return (tuple(joined) if isinstance(left, tuple) else joined), loc
            raise NotStatic("+")
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Mod):
            left, _ = self._eval(expr.left, scope, env)
            right, _ = self._eval(expr.right, scope, env)
            operands = right if isinstance(right, tuple) else (right,)
            if not isinstance(left, str) or not all(isinstance(v, _SCALARS) for v in operands):
                raise NotStatic("%")
            _check_percent(left, operands)
            return left % right, Loc(pos)
        if isinstance(expr, ast.Subscript):
            return self._eval_subscript(expr, scope, env, pos)
        if isinstance(expr, ast.Call):
            return self._eval_call(expr, scope, env, pos)
        if isinstance(expr, ast.IfExp):
            test, _ = self._eval(expr.test, scope, env)
            return self._eval(expr.body if test else expr.orelse, scope, env)
        if isinstance(expr, ast.ListComp):
            return self._eval_listcomp(expr, scope, env, pos)
        if isinstance(expr, ast.DictComp):
            return self._eval_dictcomp(expr, scope, env, pos)
        if isinstance(expr, ast.Compare):
            return self._eval_compare(expr, scope, env), Loc(pos)
        if isinstance(expr, ast.BoolOp):
            # `properties or {}`: the operand chosen, with where its parts were written
            result: Any = isinstance(expr.op, ast.And)
            result_loc = Loc(pos)
            for operand in expr.values:
                result, result_loc = self._eval(operand, scope, env)
                if isinstance(expr.op, ast.And) and not result:
                    break
                if isinstance(expr.op, ast.Or) and result:
                    break
            return result, result_loc
        if isinstance(expr, ast.UnaryOp):
            operand, _ = self._eval(expr.operand, scope, env)
            if isinstance(expr.op, ast.Not):
                return (not operand), Loc(pos)
            if isinstance(expr.op, ast.USub) and isinstance(operand, int | float):
                return -operand, Loc(pos)
            if isinstance(expr.op, ast.UAdd) and isinstance(operand, int | float):
                return operand, Loc(pos)
            raise NotStatic("unary")
        raise NotStatic(type(expr).__name__)

    def _eval_fstring(self, expr: ast.JoinedStr, scope: Scope, env: Mapping[str, Binding]) -> str:
        """An f-string whose fields are static scalars, formatted as Python would."""
        parts: list[str] = []
        total = 0
        for value in expr.values:
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                parts.append(value.value)
                total = self._grow(total, value.value)
                continue
            if not isinstance(value, ast.FormattedValue):
                raise NotStatic("f-string")
            field, _ = self._eval(value.value, scope, env)
            if not isinstance(field, _SCALARS):
                raise NotStatic("f-string field")
            if value.conversion == ord("r"):
                field = repr(field)
            elif value.conversion == ord("a"):
                field = ascii(field)
            elif value.conversion == ord("s"):
                field = str(field)
            spec = ""
            if value.format_spec is not None:
                spec = self._eval_fstring(value.format_spec, scope, env)  # type: ignore[arg-type]
                _check_widths(spec)
            parts.append(format(field, spec))
            total = self._grow(total, parts[-1])
        return "".join(parts)

    def _eval_part(
        self, expr: ast.expr, scope: Scope, env: Mapping[str, Binding]
    ) -> tuple[Any, Loc]:
        """A dict value or list element: `Opaque` when not static, in partial evaluation."""
        try:
            return self._eval(expr, scope, env)
        except NotStatic:
            if not self.partial:
                raise
            pos = Pos.of(scope.module.path, expr)
            return Opaque(pos), Loc(pos)

    def _eval_dict(
        self, expr: ast.Dict, scope: Scope, env: Mapping[str, Binding], pos: Pos
    ) -> tuple[Any, Loc]:
        result: dict[Any, Any] = {}
        loc = Loc(pos)
        total = 1
        for key_node, value_node in zip(expr.keys, expr.values):
            if key_node is None:
                spread, spread_loc = self._eval(value_node, scope, env)
                if not isinstance(spread, dict):
                    raise NotStatic("**")
                total = self._grow(total, spread)
                for k, v in spread.items():
                    result[k] = v
                    loc.children[str(k)] = spread_loc.children.get(str(k), spread_loc)
                    if str(k) in spread_loc.keys:
                        loc.keys[str(k)] = spread_loc.keys[str(k)]
                    else:
                        loc.keys.pop(str(k), None)
                continue
            if isinstance(key_node, ast.Constant) and isinstance(key_node.value, str):
                # the usual key, without a Loc nobody reads (as deep as _eval would go)
                if self._depth + 1 > MAX_DEPTH:
                    raise NotStatic("too deep")
                key = key_node.value
            else:
                key, _ = self._eval(key_node, scope, env)
            if not isinstance(key, str | int | float | bool) and key is not None:
                raise NotStatic("key")
            value, child = self._eval_part(value_node, scope, env)
            total = self._grow(total, value)
            result[key] = value
            loc.children[str(key)] = child
            loc.keys[str(key)] = Pos.of(scope.module.path, key_node)
        return result, loc

    def _eval_subscript(
        self, expr: ast.Subscript, scope: Scope, env: Mapping[str, Binding], pos: Pos
    ) -> tuple[Any, Loc]:
        if not isinstance(expr.slice, ast.Slice):
            # `spec["toolset"]` of a row whose "handler" is a function: the entry alone
            picked = self._picked(expr, scope, env)
            if picked is not None:
                return self._eval(*picked)
        base, base_loc = self._eval(expr.value, scope, env)
        if isinstance(expr.slice, ast.Slice):
            bounds: list[int | None] = []
            for part in (expr.slice.lower, expr.slice.upper, expr.slice.step):
                if part is None:
                    bounds.append(None)
                    continue
                bound, _ = self._eval(part, scope, env)
                if not isinstance(bound, int) or isinstance(bound, bool):
                    raise NotStatic("slice")
                bounds.append(bound)
            if not isinstance(base, list | tuple | str):
                raise NotStatic("slice")
            indexes = range(len(base))[slice(*bounds)]
            loc = Loc(pos)
            for new, old in enumerate(indexes):
                loc.children[str(new)] = base_loc.children.get(str(old), base_loc)
            return base[slice(*bounds)], loc
        key, _ = self._eval(expr.slice, scope, env)
        try:
            value = base[key]
        except (KeyError, IndexError, TypeError) as exc:
            raise NotStatic("subscript") from exc
        if isinstance(base, list | tuple) and isinstance(key, int) and key < 0:
            key = len(base) + key
        return value, base_loc.children.get(str(key), Loc(pos))

    def _eval_compare(self, expr: ast.Compare, scope: Scope, env: Mapping[str, Binding]) -> bool:
        left, _ = self._eval(expr.left, scope, env)
        for op, comparator in zip(expr.ops, expr.comparators):
            right, _ = self._eval(comparator, scope, env)
            if isinstance(op, ast.Eq):
                ok = left == right
            elif isinstance(op, ast.NotEq):
                ok = left != right
            elif isinstance(op, ast.In | ast.NotIn):
                if not isinstance(right, list | tuple | dict | str):
                    raise NotStatic("in")
                ok = (left in right) == isinstance(op, ast.In)
            elif isinstance(op, ast.Is | ast.IsNot) and (left is None or right is None):
                ok = (left is right) == isinstance(op, ast.Is)
            else:
                raise NotStatic("compare")
            if not ok:
                return False
            left = right
        return True

    def _eval_listcomp(
        self, expr: ast.ListComp, scope: Scope, env: Mapping[str, Binding], pos: Pos
    ) -> tuple[Any, Loc]:
        if len(expr.generators) != 1 or expr.generators[0].is_async:
            raise NotStatic("comprehension")
        gen = expr.generators[0]
        items: list[Any] = []
        loc = Loc(pos)
        total = 1
        for row in self.iter_rows(gen.iter, scope, env):
            inner: dict[str, Binding] = dict(env)
            self.bind_target(gen.target, row, inner)
            if all(self._eval(cond, scope, inner)[0] for cond in gen.ifs):
                value, child = self._eval(expr.elt, scope, inner)
                total = self._grow(total, value)
                loc.children[str(len(items))] = child
                items.append(value)
        return items, loc

    def _eval_dictcomp(
        self, expr: ast.DictComp, scope: Scope, env: Mapping[str, Binding], pos: Pos
    ) -> tuple[Any, Loc]:
        """`{s["name"]: s for s in SCHEMAS}`: one generator over an evaluable table, static
        keys; each value keeps where it was written (the schema literal in the table)."""
        if len(expr.generators) != 1 or expr.generators[0].is_async:
            raise NotStatic("comprehension")
        gen = expr.generators[0]
        result: dict[Any, Any] = {}
        loc = Loc(pos)
        total = 1
        for row in self.iter_rows(gen.iter, scope, env):
            inner: dict[str, Binding] = dict(env)
            self.bind_target(gen.target, row, inner)
            if not all(self._eval(cond, scope, inner)[0] for cond in gen.ifs):
                continue
            key, _ = self._eval(expr.key, scope, inner)
            if not isinstance(key, str | int | float | bool) and key is not None:
                raise NotStatic("key")
            value, child = self._eval(expr.value, scope, inner)
            total = self._grow(self._grow(total, key), value)
            result[key] = value
            loc.children[str(key)] = child
        return result, loc

    def _eval_call(
        self, expr: ast.Call, scope: Scope, env: Mapping[str, Binding], pos: Pos
    ) -> tuple[Any, Loc]:
        func = expr.func
        if isinstance(func, ast.Attribute) and func.attr in ("format", "join"):
            return self._eval_str_builder(expr, func, scope, env, pos)
        if isinstance(func, ast.Attribute) and func.attr in _BUILTIN_STR_METHODS:
            target, _ = self._eval(func.value, scope, env)
            if not isinstance(target, str) or expr.keywords:
                raise NotStatic("method")
            args = [self._eval(a, scope, env)[0] for a in expr.args]
            if not all(isinstance(a, str | tuple) for a in args):
                raise NotStatic("method")
            return getattr(target, func.attr)(*args), Loc(pos)
        if (
            isinstance(func, ast.Attribute)
            and func.attr == "sub"
            and len(expr.args) == 3
            and not expr.keywords
            and _is_re(func.value, scope)
        ):
            # (`re.sub(r"(?<!^)(?=[A-Z])", "_", name)` of the code's own constants)
            pattern, repl, text = (self._eval(a, scope, env)[0] for a in expr.args)
            if not (
                isinstance(pattern, str)
                and isinstance(repl, str)
                and isinstance(text, str)
                and bounded_regex(pattern, text)
            ):
                raise NotStatic("re.sub")
            try:
                return re.sub(pattern, repl, text), Loc(pos)
            except re.error as exc:
                raise NotStatic("re.sub") from exc
        if not isinstance(func, ast.Name):
            raise NotStatic("call")
        name = func.id
        if name in ("dict", "list", "tuple") and name not in env and is_builtin_name(name, scope):
            return self._eval_builtin(name, expr, scope, env, pos)
        if name == "len" and name not in env and is_builtin_name(name, scope):
            # (`method[:-len("Action")]`: the length of a static value)
            if len(expr.args) != 1 or expr.keywords or isinstance(expr.args[0], ast.Starred):
                raise NotStatic("len()")
            sized, _ = self._eval(expr.args[0], scope, env)
            if not isinstance(sized, str | list | tuple | dict):
                raise NotStatic("len()")
            return len(sized), Loc(pos)
        helper, helper_scope = self._find_function(name, scope, env)
        return self._inline(helper, helper_scope, expr, scope, env)

    def _eval_str_builder(
        self,
        expr: ast.Call,
        func: ast.Attribute,
        scope: Scope,
        env: Mapping[str, Binding],
        pos: Pos,
    ) -> tuple[Any, Loc]:
        """`"...{}".format(CONST)` and `", ".join(NAMES)` of static values: exact."""
        target, _ = self._eval(func.value, scope, env)
        if not isinstance(target, str) or any(isinstance(a, ast.Starred) for a in expr.args):
            raise NotStatic("method")
        args = [self._eval(a, scope, env)[0] for a in expr.args]
        if func.attr == "join":
            if expr.keywords or len(args) != 1 or not isinstance(args[0], list | tuple):
                raise NotStatic("join")
            if not all(isinstance(a, str) for a in args[0]):
                raise NotStatic("join")
            joined = sum(len(a) for a in args[0]) + len(target) * max(len(args[0]) - 1, 0)
            if joined > MAX_SIZE:
                raise NotStatic("too big")
            return target.join(args[0]), Loc(pos)
        if any(kw.arg is None for kw in expr.keywords):
            raise NotStatic("format(**)")
        kwargs = {str(kw.arg): self._eval(kw.value, scope, env)[0] for kw in expr.keywords}
        values = [*args, *kwargs.values()]
        if not all(isinstance(v, _SCALARS) for v in values):
            raise NotStatic("format")  # only scalars format the same statically
        _check_format(target, values)
        return target.format(*args, **kwargs), Loc(pos)

    def _eval_builtin(
        self, name: str, expr: ast.Call, scope: Scope, env: Mapping[str, Binding], pos: Pos
    ) -> tuple[Any, Loc]:
        if any(isinstance(a, ast.Starred) for a in expr.args) or len(expr.args) > 1:
            raise NotStatic("builtin")
        if name == "dict":
            result: dict[Any, Any] = {}
            loc = Loc(pos)
            if expr.args:
                base, base_loc = self._eval(expr.args[0], scope, env)
                if not isinstance(base, dict):
                    raise NotStatic("dict()")
                result.update(base)
                loc = Loc(pos, dict(base_loc.keys), dict(base_loc.children))
            total = self._size(result)
            for kw in expr.keywords:
                value, child = self._eval(kw.value, scope, env)
                total = self._grow(total, value)
                if kw.arg is None:
                    if not isinstance(value, dict):
                        raise NotStatic("dict(**)")
                    result.update(value)
                    for k in value:
                        loc.children[str(k)] = child.children.get(str(k), child)
                    continue
                result[kw.arg] = value
                loc.children[kw.arg] = child
                loc.keys[kw.arg] = Pos.of(scope.module.path, kw)
            return result, loc
        if expr.keywords:
            raise NotStatic("builtin")
        if not expr.args:
            return ([] if name == "list" else ()), Loc(pos)
        value, loc = self._eval(expr.args[0], scope, env)
        if not isinstance(value, list | tuple):
            raise NotStatic("builtin")
        return (list(value) if name == "list" else tuple(value)), Loc(pos, {}, dict(loc.children))

    def _find_function(
        self, name: str, scope: Scope, env: Mapping[str, Binding]
    ) -> tuple[ast.FunctionDef, Scope]:
        if name in env:
            raise NotStatic(name)
        found = resolve(ast.Name(name, ast.Load()), scope).single()
        if (
            isinstance(found, Function)
            and isinstance(found.node, ast.FunctionDef)
            and not found.bound
            and found.owner is None
        ):
            self.modules.add(found.module.path)
            return found.node, found.scope
        raise NotStatic(name)

    def _inline(
        self,
        helper: ast.FunctionDef,
        helper_scope: Scope,
        call: ast.Call,
        scope: Scope,
        env: Mapping[str, Binding],
    ) -> tuple[Any, Loc]:
        """Evaluate a call to a helper whose body is one `return <expr>` (after a docstring)."""
        body = list(helper.body)
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]
        if len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None:
            raise NotStatic("helper body")
        if helper.decorator_list:
            raise NotStatic("decorated helper")
        params = helper.args
        if params.posonlyargs:
            raise NotStatic("positional-only")
        inner: dict[str, Binding] = {}
        positional = [p.arg for p in params.args]
        # positional arguments, with `*spread` evaluated
        arg_bindings: list[Binding] = []
        for arg in call.args:
            if isinstance(arg, ast.Starred):
                arg_bindings.extend(_value_rows(self._value_of(arg.value, scope, env)))
            else:
                arg_bindings.append(Thunk(arg, scope, env))
        extra_positional: list[Binding] = []
        for i, binding in enumerate(arg_bindings):
            if i < len(positional):
                inner[positional[i]] = binding
            elif params.vararg is not None:
                extra_positional.append(binding)
            else:
                raise NotStatic("too many arguments")
        if params.vararg is not None:
            values = [self._binding_value(b) for b in extra_positional]
            inner[params.vararg.arg] = Value(
                tuple(v.value for v in values),
                Loc(
                    Pos.of(scope.module.path, call),
                    {},
                    {str(i): v.loc for i, v in enumerate(values)},
                ),
            )
        keyword_names = positional + [p.arg for p in params.kwonlyargs]
        extra_keywords: dict[str, Value] = {}
        for kw in call.keywords:
            if kw.arg is None:
                raise NotStatic("**kwargs in call")
            if kw.arg in keyword_names:
                if kw.arg in inner:
                    raise NotStatic("argument given twice")
                inner[kw.arg] = Thunk(kw.value, scope, env)
            elif params.kwarg is not None:
                extra_keywords[kw.arg] = self._value_of(kw.value, scope, env)
            else:
                raise NotStatic("unexpected keyword")
        if params.kwarg is not None:
            inner[params.kwarg.arg] = Value(
                {k: v.value for k, v in extra_keywords.items()},
                Loc(
                    Pos.of(scope.module.path, call),
                    {},
                    {k: v.loc for k, v in extra_keywords.items()},
                ),
            )
        # defaults: positional defaults align to the end; evaluated in the helper's module
        defaults = dict(zip(positional[len(positional) - len(params.defaults) :], params.defaults))
        for p, default in zip(params.kwonlyargs, params.kw_defaults):
            if default is not None:
                defaults[p.arg] = default
        for param in keyword_names:
            if param not in inner:
                if param not in defaults:
                    raise NotStatic("missing argument")
                inner[param] = Thunk(defaults[param], helper_scope, {})
        return self._eval(body[0].value, helper_scope, inner)

    def _binding_value(self, binding: Binding) -> Value:
        if isinstance(binding, Value):
            return binding
        return self._value_of(binding.expr, binding.scope, binding.env)


# A `%` conversion: mapping key, flags, width, precision, length modifier, type.
_PERCENT_FIELD = r"%(?:\([^)]*\))?[-#0 +]*(\*|\d*)(?:\.(\*|\d*))?[hlL]?[a-zA-Z%]"
# Room for one formatted scalar beyond its width and precision (a float's 309 digits, signs).
_FIELD_ROOM = 400


def _check_widths(spec: str) -> int:
    """The largest width or precision written in a format spec; NotStatic past MAX_SIZE."""
    import re

    largest = 0
    for digits in re.findall(r"\d+", spec):
        if len(digits) > 7 or int(digits) > MAX_SIZE:
            raise NotStatic("too big")
        largest = max(largest, int(digits))
    return largest


def _formatted_bound(fields: int, widths: int, values: Sequence[Any]) -> int:
    """At most how long `fields` formatted values are: each no longer than the longest value
    (as text) plus the widths and precisions written in the format and some room."""
    longest = max((len(str(v)) for v in values), default=0)
    return fields * (longest + _FIELD_ROOM) + widths


def _check_percent(template: str, operands: Sequence[Any]) -> None:
    """NotStatic when `template % operands` could be past MAX_SIZE, before it is built."""
    import re

    fields = re.findall(_PERCENT_FIELD, template)
    widths = 0
    for width, precision in fields:
        if width == "*" or precision == "*":
            # a width taken from the operands: count every integer operand as one
            widths += sum(abs(v) for v in operands if type(v) is int)
            if widths > MAX_SIZE:
                raise NotStatic("too big")
        widths += _check_widths(width + "." + precision)
    if len(template) + _formatted_bound(len(fields), widths, operands) > MAX_SIZE:
        raise NotStatic("too big")


def _check_format(template: str, values: Sequence[Any]) -> None:
    """NotStatic when `template.format(*values)` could be past MAX_SIZE, before it is built."""
    from string import Formatter  # its parse() is the parser str.format uses

    fields = 0
    widths = 0
    for _, field, spec, _ in Formatter().parse(template):
        if field is None:
            continue
        fields += 1
        if spec and "{" in spec:
            # a width taken from the arguments: count every integer argument as one
            widths += sum(abs(v) for v in values if type(v) is int)
            if widths > MAX_SIZE:
                raise NotStatic("too big")
        widths += _check_widths(spec or "")
    if len(template) + _formatted_bound(fields, widths, values) > MAX_SIZE:
        raise NotStatic("too big")


def _dict_call(node: ast.expr) -> bool:
    """`dict(a=..., b=...)`: keywords only, none of them `**more`."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "dict"
        and not node.args
        and all(kw.arg is not None for kw in node.keywords)
    )


def _pick_literal(node: ast.expr, key: Any) -> ast.expr | None:
    """The element of a literal `node` at constant `key`, when it is written plainly there."""
    if isinstance(node, ast.Dict):
        if any(k is None for k in node.keys):
            return None
        picked: ast.expr | None = None
        for k, v in zip(node.keys, node.values):
            if isinstance(k, ast.Constant) and k.value == key:
                picked = v  # the last one wins, as in Python
        return picked
    if _dict_call(node) and isinstance(key, str):
        # `dict(schema=..., handler=fn)`: the keyword of that name
        assert isinstance(node, ast.Call)
        return next((kw.value for kw in node.keywords if kw.arg == key), None)
    if isinstance(node, ast.List | ast.Tuple) and isinstance(key, int):
        if any(isinstance(e, ast.Starred) for e in node.elts):
            return None
        if -len(node.elts) <= key < len(node.elts):
            return node.elts[key]
    return None


def _value_rows(value: Value) -> list[Binding]:
    """The elements of an evaluated list/tuple (or a dict's keys), each with its position."""
    v = value.value
    if isinstance(v, dict):
        rows: list[Binding] = []
        for k in v:
            key_pos = value.loc.keys.get(str(k))
            rows.append(Value(k, Loc(key_pos) if key_pos is not None else value.loc))
        return rows
    if not isinstance(v, list | tuple):
        raise NotStatic("not iterable")
    return [Value(item, value.loc.children.get(str(i), value.loc)) for i, item in enumerate(v)]


def evaluate(expr: ast.expr, scope: Scope, env: Mapping[str, Binding] | None = None) -> Evaluated:
    """Evaluate `expr` in `scope`; raises `NotStatic` when that needs running code."""
    return Evaluator().evaluate(expr, scope, env)


def strings_in(expr: ast.expr, scope: Scope) -> list[str]:
    """Every string an expression can reach through the names and helpers it uses: an upper
    bound of the names it may produce."""
    found: list[str] = []
    seen: set[int] = set()
    stack: list[tuple[ast.AST, Scope]] = [(expr, scope)]
    while stack:
        node, where = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        for sub in ast.walk(node):
            if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                found.append(sub.value)
            elif isinstance(sub, ast.Name):
                located = where.lookup(sub.id)
                if located is None or located[1] is None:
                    continue
                owner, bindings = located[0], located[1]
                for binding in owner.live(sub.id, bindings, runtime=False):
                    if binding.value is not None and binding.kind != "param":
                        stack.append((binding.value, owner))
                    elif binding.kind == "def":
                        stack.append((binding.node, owner))
    return found


def _is_re(expr: ast.expr, scope: Scope) -> bool:
    found = resolve(expr, scope).single()
    return isinstance(found, External) and found.dotted == "re"
