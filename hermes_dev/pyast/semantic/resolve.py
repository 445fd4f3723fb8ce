"""The one resolver: what an expression may stand for, and what a loop over it sees.

- `resolve(expr, scope)`: the `Possible` objects (`semantic.objects`) an expression may be when
  the code of `scope` runs: names through every binding in force (`Scope.live`: imports followed
  under the root, a relative import in force over its `except ImportError` fallback, `global`
  assignments made by defs, what a call or a row bound), attributes of modules, classes and
  instances (methods, class attributes, `self.x = ...` in any method, annotations), constant
  subscripts and `.get()` of dict and list literals (every value for a key not known), calls
  (a class gives an instance, a def what its `return`s give with the call's arguments bound,
  `functools.partial` a `Partial`), lambdas, conditional expressions and `or`/`and`.
  Unknown parts make the answer incomplete; they are never guessed.
- `resolve_binding(binding, scope)`: the same for one binding of `scope`.
- `rows(expr, scope)`: the elements a `for` over `expr` sees, each as `(expression, scope)`:
  list/tuple/set literals, `+`, `*spread`, `.items()`/`.keys()`/`.values()` of dicts (pairs are
  made as tuples), `sorted`/`list`/`tuple`, names through all their bindings and the changes made
  at import (`.append`, `.extend`, `.insert`, `+=`, `[k] = v`, `.update`), attributes of modules
  and calls of defs that return such a table. `entries(expr, scope)` gives a dict's key/value
  pairs the same way.
- `bind_target(target, row, scope)`: what each name of a loop target is for one row.
- `bind_call(call, scope, function)`: what a call gives each parameter of the def it runs.
- `class_named`, `annotation_class`: the project class an expression or annotation names.
- `import_finds_module(scope, binding)`: whether an import binding finds a module under the root.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import functools
import operator
import re

from hermes_dev.pyast.semantic.bindings import (
    REPLACING,
    Binding,
    BindingIndex,
    defs_spanning,
    spans_any,
)
from hermes_dev.pyast.semantic.clients import client_instance, is_client_instance
from hermes_dev.pyast.semantic.data_files import LOADERS, loaded
from hermes_dev.pyast.semantic.import_graph import package_folder, subtree_files
from hermes_dev.pyast.semantic.imports import import_target
from hermes_dev.pyast.semantic.lazy_bodies import body_read, may_match, may_mention
from hermes_dev.pyast.semantic.metaclasses import Store, for_class, is_metaclass, table_stores
from hermes_dev.pyast.semantic.modules import submodule_name
from hermes_dev.pyast.semantic.scopes import (
    MAX_ITEMS,
    NOTHING,
    UNKNOWN,
    Builtin,
    Class,
    ClassRef,
    Const,
    External,
    Function,
    Instance,
    Literal,
    Member,
    ModuleObject,
    Obj,
    Partial,
    Possible,
    Prefilled,
    Scope,
    Undecorated,
    class_scope_index,
    module_scope,
    union,
)
from hermes_dev.pyast.semantic.setup import setup_calls
from hermes_dev.pyast.semantic.walker import (
    def_statements,
    is_name,
    is_none,
    last_name,
    module_statements,
    walk_function,
    within,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator
    from typing import Any

    from hermes_dev.pyast.semantic.modules import ModuleInfo
    from hermes_dev.pyast.semantic.walker import Blocks

    FuncNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda

MAX_DEPTH = 12
# How many answers were cut short by a depth bound so far (see `Budgeted`).
TRUNCATED = [0]


def _cut() -> Possible:
    TRUNCATED[0] += 1
    return UNKNOWN


IN_PROGRESS = object()


class Budgeted:
    """A memo entry of an answer computed with `budget` levels of depth left: it answers any
    question asked with no more budget, or any at all when nothing was cut short while it was
    computed (an answer first asked for deep in a chain is computed again, once, when asked
    from higher up, instead of staying cut short)."""

    __slots__ = ("budget", "cut", "value")

    def __init__(self, value: object, budget: int, cut: bool) -> None:
        self.value = value
        self.budget = budget
        self.cut = cut

    def serves(self, budget: int) -> bool:
        return not self.cut or self.budget >= budget


_DEF_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef)
_OPTIONAL = {"Optional", "Union", "Annotated", "Final", "ClassVar", "Type", "type"}
_LITERAL_TYPES = (
    ast.Dict,
    ast.List,
    ast.Tuple,
    ast.Set,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
    ast.GeneratorExp,
    ast.JoinedStr,
    ast.BinOp,
    ast.UnaryOp,
    ast.Compare,
)
_COPIES = frozenset({"sorted", "list", "tuple", "reversed", "set", "frozenset", "iter"})


def resolve(expr: ast.expr, scope: Scope, depth: int = 0) -> Possible:
    if depth > MAX_DEPTH:
        return _cut()
    kind = type(expr)
    if kind is ast.Name:
        return resolve_name(expr.id, scope, depth)  # type: ignore[attr-defined]
    if kind is ast.Constant:
        return Possible.of(Const(expr.value, expr, scope.module.path))  # type: ignore[attr-defined]
    if kind is ast.Attribute:
        return _attribute(expr, scope, depth)  # type: ignore[arg-type]
    if kind is ast.Call:
        return call_result(expr, scope, depth)  # type: ignore[arg-type]
    if kind is ast.Lambda:
        return Possible.of(Function(expr, scope.module, scope))  # type: ignore[arg-type]
    if kind is ast.Subscript:
        return _subscript(expr, scope, depth)  # type: ignore[arg-type]
    if kind is ast.IfExp:
        says = _bound_truth(expr.test, scope, depth)  # type: ignore[attr-defined]
        if says is not None:
            return resolve(expr.body if says else expr.orelse, scope, depth + 1)  # type: ignore[attr-defined]
        return resolve(expr.body, scope, depth + 1).join(resolve(expr.orelse, scope, depth + 1))  # type: ignore[attr-defined]
    if kind is ast.BoolOp:
        found = NOTHING
        last = expr.values[-1]  # type: ignore[attr-defined]
        for value in expr.values:  # type: ignore[attr-defined]
            held = resolve(value, scope, depth + 1)
            only = held.single() if held.complete and value is not last else None
            if isinstance(only, Const) and (
                only.value is None or isinstance(only.value, (str, int, float, bool, tuple))
            ):
                if bool(only.value) is isinstance(expr.op, ast.Or):  # type: ignore[attr-defined]
                    # (`name or default` of a name given "scale": that one, nothing after)
                    return found.join(held) if found.items else held
                continue  # (`"" or x`, `1 and x`: the next one decides)
            found = found.join(held)
        return found
    if kind is ast.Await or kind is ast.NamedExpr:
        return resolve(expr.value, scope, depth + 1)  # type: ignore[attr-defined]
    if kind is ast.Compare:
        said = _identity(expr, scope, depth)  # type: ignore[arg-type]
        if said is None:
            said = _compared(expr, scope, depth)  # type: ignore[arg-type]
        return Possible.of(Const(said)) if said is not None else UNKNOWN
    if isinstance(expr, _LITERAL_TYPES):
        return Possible.of(Literal(expr, scope))
    if (
        kind is ast.BinOp
        and isinstance(expr.op, ast.Add)  # type: ignore[attr-defined]
        and (
            isinstance(expr.left, (ast.List, ast.Tuple))  # type: ignore[attr-defined]
            or isinstance(expr.right, (ast.List, ast.Tuple))  # type: ignore[attr-defined]
        )
    ):
        # (`PROFILE_STEPS + [render]`: a list, whose rows `rows` reads)
        return Possible.of(Literal(expr, scope))
    return UNKNOWN


def _bound_truth(test: ast.expr, scope: Scope, depth: int = 0) -> bool | None:
    """The truth of a parameter a call bound to a constant (`wrap`, `not wrap`), or of a
    field an object was made with (`self.wrap` of `Spec(..., wrap=True)` in its property),
    else None."""
    negated = False
    while isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test, negated = test.operand, not negated
    if (
        isinstance(test, ast.Attribute)
        and isinstance(test.value, ast.Name)
        and depth < MAX_DEPTH - 4
    ):
        held = resolve(test.value, scope, depth + 1).single()
        if not isinstance(held, Instance) or held.made is None:
            return None
        field = resolve(test, scope, depth + 1).single()
        if not isinstance(field, Const) or not isinstance(
            field.value, (bool, int, str, type(None))
        ):
            return None
        return bool(field.value) != negated
    if not isinstance(test, ast.Name):
        return None
    found = scope.lookup(test.id)
    if found is None or found[1] is not None or found[0].env is None:
        return None
    value = found[0].env[test.id].single()
    if not isinstance(value, Const) or not isinstance(value.value, (bool, int, str, type(None))):
        return None
    return bool(value.value) != negated


# -- names ---------------------------------------------------------------------------------------


def resolve_name(name: str, scope: Scope, depth: int = 0) -> Possible:
    found = scope.lookup(name)
    if found is None:
        if name == "__name__":
            # (`entries.for_module(__name__)`: the module's dotted name, as `__module__` gives)
            return Possible.of(Const(scope.module.models.dotted(scope.module.path)))
        if hasattr(builtins, name):
            if name in ("True", "False", "None"):
                return Possible.of(Const(getattr(builtins, name)))
            return Possible.of(Builtin(name))
        return UNKNOWN
    where, bindings = found
    if bindings is None:
        assert where.env is not None
        return where.env[name]
    if where.func is None and where.env is None:
        state = where.module.state
        cached = state.resolved.get(name)
        if isinstance(cached, Possible):
            return cached
        state.resolved[name] = UNKNOWN  # in progress: a cycle gives "unknown"
        result = _from_bindings(name, where, bindings, 0)  # (the same from any depth)
        state.resolved[name] = result
        return result
    cache = where.cache()
    memo_key = "resolve:" + name
    cached = cache.get(memo_key)
    budget = MAX_DEPTH - depth
    if isinstance(cached, Budgeted) and cached.serves(budget):
        return cached.value  # type: ignore[return-value]
    if cached is IN_PROGRESS:
        return UNKNOWN  # a cycle
    cache[memo_key] = IN_PROGRESS
    before = TRUNCATED[0]
    result = _from_bindings(name, where, bindings, depth)
    # (an answer cut short deep in a chain is computed again when asked from higher up)
    cache[memo_key] = Budgeted(result, budget, TRUNCATED[0] != before)
    return result


def _from_bindings(name: str, where: Scope, bindings: list[Binding], depth: int) -> Possible:
    found = NOTHING
    live = where.live(name, bindings)
    if not live:
        return UNKNOWN
    if len(live) > 1 and where.env:
        # (`if asyncio.iscoroutinefunction(fn): async def handler ... else: def handler`, with
        # `fn` bound: only the branch that runs)
        kept = [b for b in live if not _coroutine_ruled_out(b, where, depth)]
        live = kept or live
    for binding in live:
        if binding.kind == "mutated":
            continue  # changes the object the name holds, not which one
        found = found.join(resolve_binding(binding, where, depth + 1))
    return found


def _coroutine_ruled_out(binding: Binding, where: Scope, depth: int) -> bool:
    """The binding sits in a branch of `if iscoroutinefunction(fn):` that does not run for the
    def `fn` is bound to (for a def, also of a test that is one constant there: `if
    entry.is_async: async def handler ... else: def handler`)."""
    return _coroutine_blocks_ruled_out(binding.blocks, where, depth, binding.kind == "def")


def _coroutine_test(test: ast.expr, where: Scope, depth: int) -> bool | None:
    """What `iscoroutinefunction(fn)` (or `not` it) says of the def `fn` is bound to."""
    negated = False
    while isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test, negated = test.operand, not negated
    if not (
        isinstance(test, ast.Call)
        and last_name(test.func) == "iscoroutinefunction"
        and len(test.args) == 1
    ):
        return None
    given = resolve(test.args[0], where, depth + 1).single()
    if not isinstance(given, Function) or not isinstance(given.node, _DEF_TYPES):
        return None
    return given.is_async != negated


def _coroutine_blocks_ruled_out(
    blocks: Blocks, where: Scope, depth: int, constants: bool = True
) -> bool:
    for block in blocks:
        node = block.node
        if not isinstance(node, ast.If) or block.part not in ("body", "orelse"):
            continue
        says = _coroutine_test(node.test, where, depth)
        if says is None and constants:
            says = _constant_truth(node.test, where, depth)
        if says is not None and says != (block.part == "body"):
            return True
    return False


def _constant_truth(test: ast.expr, where: Scope, depth: int) -> bool | None:
    """The truth of a test that resolves to one constant where it runs (`if entry.is_async:`
    of an entry made with `is_async=False`)."""
    negated = False
    while isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test, negated = test.operand, not negated
    if not isinstance(test, (ast.Name, ast.Attribute, ast.Call, ast.BoolOp, ast.Compare)):
        return None
    for sub in ast.walk(test):
        if isinstance(sub, ast.Name):
            found = where.lookup(sub.id)
            if found is not None and found[1] and any(b.kind == "param" for b in found[1]):
                return None  # (a parameter no call bound here: nothing decides the test)
    held = resolve(test, where, depth + 1)
    one = held.single() if held.complete else None
    if not isinstance(one, Const) or type(one.value) not in (bool, int, str, type(None)):
        return None
    return bool(one.value) != negated


def resolve_binding(binding: Binding, scope: Scope, depth: int = 0) -> Possible:
    """The objects one binding gives its name; `scope` is the scope whose index holds it."""
    if depth > MAX_DEPTH:
        return _cut()
    kind = binding.kind
    module = scope.module
    if kind == "def":
        node = binding.node
        if isinstance(node, _DEF_TYPES) and len(node.decorator_list) == 1:
            made = _decorated_object(node, scope, depth)
            if made is not None:
                return made
        return Possible.of(Function(node, module, scope))  # type: ignore[arg-type]
    if kind == "class":
        assert isinstance(binding.node, ast.ClassDef)
        return Possible.of(Class(ClassRef(binding.node, module, scope)))
    if kind == "import":
        return import_objects(binding, scope)
    if kind in ("assign", "annotated", "named", "global", "loop"):
        home = scope
        if kind == "global" and binding.home is not None:
            home = def_scope(module, binding.home)
            handed = _handed_by_setup(binding, module, depth)
            if handed is not None:
                return handed
        if kind == "loop":
            found = NOTHING
            table = rows(binding.value, home, depth + 1) if binding.value is not None else None
            if table is None:
                return UNKNOWN
            for row, row_scope in table.items:
                found = found.join(
                    _element(resolve(row, row_scope, depth + 1), binding.path, depth)
                )
            return found if table.complete else found.join(UNKNOWN)
        if binding.value is None:
            annotation = getattr(binding.node, "annotation", None)
            cls = annotation_class(annotation, home) if annotation is not None else None
            return Possible.of(Instance(cls)) if cls is not None else UNKNOWN
        value = resolve(binding.value, home, depth + 1)
        if binding.path:
            value = _element(value, binding.path, depth)
        elif binding.path is None:
            return UNKNOWN
        if not value.complete and kind == "annotated":
            annotation = getattr(binding.node, "annotation", None)
            cls = annotation_class(annotation, home) if annotation is not None else None
            if cls is not None:
                value = Possible(value.items + (Instance(cls),), False)
        return value
    if kind == "with" and binding.path == () and binding.value is not None:
        return _entered(binding.value, isinstance(binding.node, ast.AsyncWith), scope, depth)
    if kind == "except" and isinstance(binding.node, ast.ExceptHandler):
        return _caught(binding.node, scope, depth)
    if kind == "param":
        return _parameter(binding, scope)
    if kind == "declared":
        assert isinstance(binding.node, ast.AnnAssign)
        cls = annotation_class(binding.node.annotation, scope)
        return Possible((Instance(cls),), False) if cls is not None else UNKNOWN
    if kind == "mutated":
        return NOTHING
    return UNKNOWN


def _caught(handler: ast.ExceptHandler, scope: Scope, depth: int) -> Possible:
    """What `except FeeError as exc` binds: an instance of each project class it names (or
    of a subclass: never complete)."""
    caught = handler.type
    if caught is None:
        return UNKNOWN
    items: list[Obj] = []
    for kind in caught.elts if isinstance(caught, ast.Tuple) else [caught]:
        for obj in resolve(kind, scope, depth + 1).items:
            if isinstance(obj, Class):
                items.append(Instance(obj.ref))
    return Possible(tuple(items), False) if items else UNKNOWN


def _entered(manager: ast.expr, is_async: bool, scope: Scope, depth: int) -> Possible:
    """What `with manager as name` binds: a client's `__enter__` gives the client itself; a
    project class's `__enter__` (`__aenter__`) what it returns (`return self`: the instance);
    a `@contextmanager` generator what it yields."""
    if isinstance(manager, ast.Call):
        made = _context_generator(manager, scope, depth)
        if made is not None:
            return made
    value = resolve(manager, scope, depth + 1)
    if not value.complete or len(value.items) != 1:
        return UNKNOWN
    obj = value.items[0]
    if isinstance(obj, External):
        return Possible.of(obj) if is_client_instance(obj.dotted) else UNKNOWN
    if not isinstance(obj, Instance):
        return UNKNOWN
    method = attribute_of(obj, "__aenter__" if is_async else "__enter__", depth + 1).single()
    if not isinstance(method, Function) or not method.bound:
        return UNKNOWN
    return function_returns(method, {}, depth + 1)


def _context_generator(call: ast.Call, scope: Scope, depth: int) -> Possible | None:
    """What a `@contextmanager` (`@asynccontextmanager`) generator's `yield`s give, for a
    call of one (None when the call is not of one)."""
    func = resolve(call.func, scope, depth + 1).single()
    if not isinstance(func, Function) or not isinstance(func.node, _DEF_TYPES):
        return None
    if not any(
        last_name(dec) in ("contextmanager", "asynccontextmanager")
        for dec in func.node.decorator_list
    ):
        return None
    body = func.scope.child(func.node, bind_call(call, scope, func, depth) or None, func.owner)
    found = NOTHING
    for sub in walk_function(func.node):
        if isinstance(sub, ast.Yield):
            value = sub.value
            found = found.join(
                resolve(value, body, depth + 1) if value is not None else Possible.of(Const(None))
            )
        elif isinstance(sub, ast.YieldFrom):
            found = found.join(UNKNOWN)
    return found if found.items or not found.complete else UNKNOWN


def _handed_by_setup(binding: Binding, module: ModuleInfo, depth: int) -> Possible | None:
    """`global _RT; _RT = rt` in a setter that a plugin's `register(ctx)` calls before any
    tool runs (`tools.bind(RUNTIME)`, also through another setter): what those calls hand it."""
    func, value = binding.home, binding.value
    if not isinstance(func, _DEF_TYPES) or not isinstance(value, ast.Name):
        return None
    return _setup_value(value.id, func, module, depth, 0)


_MAX_SETTERS = 5


def _setup_value(
    name: str,
    func: ast.FunctionDef | ast.AsyncFunctionDef,
    module: ModuleInfo,
    depth: int,
    hops: int,
) -> Possible | None:
    """What the setup calls of `func` hand its parameter `name` (None when not known)."""
    params = [p.arg for p in (*func.args.posonlyargs, *func.args.args)]
    if name not in params and name not in {p.arg for p in func.args.kwonlyargs}:
        return None
    if any(b.kind != "param" for b in def_scope(module, func).index.get(name)):
        return None  # rebound in the setter
    calls = setup_calls(module, func)
    if not calls or hops > _MAX_SETTERS:
        return None
    last: dict[int, tuple[ast.Call, ModuleInfo, ast.FunctionDef | ast.AsyncFunctionDef]] = {}
    for call, caller, owner in calls:
        kept = last.get(id(owner))
        if kept is None or (call.lineno, call.col_offset) > (kept[0].lineno, kept[0].col_offset):
            last[id(owner)] = (call, caller, owner)  # straight-line: the last call wins
    found = NOTHING
    for call, caller, owner in last.values():
        arg = _argument_for(call, params, name)
        if arg is None:
            return None
        handed = None
        if isinstance(arg, ast.Name):
            handed = _setup_value(arg.id, owner, caller, depth, hops + 1)
        if handed is None:
            handed = resolve(arg, def_scope(caller, owner), depth + 1)
        found = found.join(handed)
    return found


def _argument_for(call: ast.Call, params: list[str], name: str) -> ast.expr | None:
    for kw in call.keywords:
        if kw.arg == name:
            return kw.value
    index = params.index(name) if name in params else -1
    if 0 <= index < len(call.args) and not any(
        isinstance(a, ast.Starred) for a in call.args[: index + 1]
    ):
        return call.args[index]
    return None


def _parameter(binding: Binding, scope: Scope) -> Possible:
    """A parameter nothing bound: `self` / `cls` of a method, or its annotation's class."""
    func = scope.func
    arg = binding.node
    if (
        scope.owner is not None
        and isinstance(func, _DEF_TYPES)
        and [*func.args.posonlyargs, *func.args.args][:1] == [arg]
        and not _is_static(func)
    ):
        if _is_classmethod(func):
            return Possible((Class(scope.owner),), False)
        return Possible((Instance(scope.owner),), False)  # a subclass may override
    default = (
        _default_of(func, arg.arg)  # type: ignore[arg-type]
        # (`lambda args, _f=_fn, **kw: _f(args)`: the late-binding idiom of a registration loop)
        if isinstance(func, (*_DEF_TYPES, ast.Lambda)) and isinstance(arg, ast.arg)
        else None
    )
    if isinstance(default, (ast.Name, ast.Attribute, ast.Subscript)):
        # `def track(args, *, client_factory=ShipTrackClient)`: a call that leaves it (Hermes
        # calling the handler) gets the default class or def (`_h=spec["handler"]`: a row's)
        found = resolve(default, scope.parent or scope)
        made = tuple(o for o in found.items if isinstance(o, (Class, Function)))
        if made:
            return Possible(made, False)
        if (
            isinstance(func, ast.Lambda)
            and found.complete
            and found.items
            and all(isinstance(o, Const) for o in found.items)
        ):
            # (`lambda args, _name=name, **kw: HANDLERS[_name](args)` in a loop over names:
            # each lambda keeps the name of its turn)
            return found
    annotation = getattr(arg, "annotation", None)
    if annotation is not None:
        cls = annotation_class(annotation, scope.parent or scope)
        if cls is not None:
            return Possible((Instance(cls),), False)
        client = _annotated_client(annotation, scope.parent or scope)
        if client is not None:
            return Possible((client,), False)
    return UNKNOWN


def _annotated_client(annotation: ast.expr, scope: Scope) -> External | None:
    """`client: httpx.AsyncClient` (or `Optional[...]` of it): an instance of a network client
    the semantic model knows (`semantic.clients`)."""
    if isinstance(annotation, ast.Subscript) or (
        isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr)
    ):
        return None  # (kept simple: the bare class)
    if not isinstance(annotation, (ast.Name, ast.Attribute)):
        return None
    found = resolve(annotation, scope).single()
    if isinstance(found, External) and is_client_instance(found.dotted + "()"):
        return External(found.dotted + "()")
    return None


def _element(value: Possible, path: tuple[int, ...] | None, depth: int) -> Possible:
    """`value[path[0]][path[1]]...` for tuple unpacking."""
    if not path:
        return value if path == () else UNKNOWN
    found = NOTHING
    for obj in value.items:
        if isinstance(obj, Literal) and isinstance(obj.expr, (ast.Tuple, ast.List)):
            elts = obj.expr.elts
            index = path[0]
            if any(isinstance(e, ast.Starred) for e in elts) or index >= len(elts):
                found = found.join(UNKNOWN)
                continue
            inner = resolve(elts[index], obj.scope, depth + 1)
            found = found.join(_element(inner, path[1:], depth + 1))
        else:
            found = found.join(UNKNOWN)
    return found if value.complete else found.join(UNKNOWN)


def is_builtin_name(name: str, scope: Scope) -> bool:
    """`name` is bound nowhere around `scope` (nor by a def's `global`): it is the builtin."""
    return scope.lookup(name) is None and hasattr(builtins, name)


# -- imports --------------------------------------------------------------------------------------


def import_origin(name: str, scope: Scope) -> tuple[str, str | None] | None:
    """(module, attr) when `name` is bound, here and only here, by an import."""
    located = scope.lookup(name)
    if located is None or located[1] is None:
        return None
    where, bindings = located[0], located[1]
    live = [b for b in where.live(name, bindings, runtime=False) if b.kind != "mutated"]
    if len(live) != 1 or live[0].kind != "import":
        return None
    return import_target(live[0], where)


def assigned_value(
    name: str, scope: Scope, depth: int = 0, entered: bool = False
) -> tuple[ast.expr, Scope] | None:
    """The one expression `name` is bound to where `scope`'s code runs (an assignment, here or
    in the module an import reads it from), when it is bound once and never changed; with
    `entered`, also what a `with ... as name` enters (the context manager's expression)."""
    located = scope.lookup(name)
    if located is None or located[1] is None or depth > MAX_DEPTH:
        return None
    where, bindings = located[0], located[1]
    live = where.live(name, bindings)
    if len(live) != 1:
        return None
    binding = live[0]
    kinds = ("assign", "annotated", "with") if entered else ("assign", "annotated")
    if binding.kind in kinds and binding.value is not None and binding.path == ():
        return binding.value, where
    if binding.kind == "import":
        imported = _imported_name(binding, where)
        if imported is None:
            return None
        return assigned_value(imported[0], imported[1], depth + 1, entered)
    return None


def _bound_or_entered(name: str, scope: Scope) -> tuple[ast.expr, Scope] | None:
    return assigned_value(name, scope, entered=True)


def _imported_name(binding: Binding, scope: Scope) -> tuple[str, Scope] | None:
    """`from m import n`: (n, m's module scope) when m is a module under the root that parses."""
    target = import_target(binding, scope)
    if target is None or target[1] is None:
        return None
    module = scope.module.models.by_name(target[0])
    if module is None or module.tree is None:
        return None
    return target[1], module_scope(module)


def import_objects(binding: Binding, scope: Scope) -> Possible:
    target = import_target(binding, scope)
    if target is None:
        return UNKNOWN
    module_name, attr = target
    models = scope.module.models
    found = models.by_name(module_name)
    if attr is None:
        if found is not None and found.tree is not None:
            return Possible.of(ModuleObject(found))
        return Possible.of(External(module_name))
    if found is not None and found.tree is not None and found is not scope.module:
        inner = module_scope(found)
        if inner.lookup(attr) is not None:
            return resolve_name(attr, inner)
    # `from pkg import mod` (also `from . import mod` in the package's own __init__.py)
    sub = models.by_name(submodule_name(module_name, attr))
    if sub is not None and sub.tree is not None:
        return Possible.of(ModuleObject(sub))
    if found is not None:
        return UNKNOWN  # a name the module does not bind (a star import, a __getattr__)
    return Possible.of(External(module_name, attr))


def module_member(module: ModuleInfo, name: str) -> Possible:
    """What `module.name` holds (a name it binds, or its submodule)."""
    if module.tree is None:
        return UNKNOWN
    inner = module_scope(module)
    if inner.lookup(name) is not None:
        return resolve_name(name, inner)
    if module.path.name == "__init__.py":
        folder = module.rel.rsplit("/", 1)[0] if "/" in module.rel else ""
        parts = folder.split("/") if folder else []
        package = ".".join(parts) if all(p.isidentifier() for p in parts) else "@" + folder
        sub = module.models.by_name(submodule_name(package, name)) if parts else None
        if sub is not None and sub.tree is not None:
            return Possible.of(ModuleObject(sub))
    return UNKNOWN


# -- attributes, subscripts, calls ----------------------------------------------------------------


def receiver(expr: ast.expr, scope: Scope, depth: int = 0) -> Possible:
    """What `expr` holds where an attribute of it is read or a method of it called: an
    instance a local holds sees the stores on that local so far (`reply.result = {...}`
    before `reply.to_json()`), none after."""
    if type(expr) is ast.Call and isinstance(expr.func, ast.Attribute):
        fluent = _fluent_receiver(expr, scope, depth)
        if fluent is not None:
            return fluent
    base = resolve(expr, scope, depth)
    if type(expr) is ast.Name and any(type(o) is Instance and o.held is None for o in base.items):
        return _seen_at(base, expr, scope)
    if (
        type(expr) is ast.Call
        and len(base.items) == 1
        and type(base.items[0]) is Instance
        and base.items[0].held is None
        and (base.items[0].made is None or base.items[0].made[0] is expr)
    ):
        return _chained_instance(expr, scope, base.items[0], depth) or base
    return base


def _fluent_receiver(call: ast.Call, scope: Scope, depth: int) -> Possible | None:
    """`Builder("x").description(...).param(...)` where every method of the chain returns its
    `self`: the instance the chain's first call makes, found without reading each link (a
    long chain would reach the depth limit)."""
    names: list[str] = []
    root: ast.expr = call
    while (
        isinstance(root, ast.Call)
        and isinstance(root.func, ast.Attribute)
        and isinstance(root.func.value, ast.Call)
    ):
        names.append(root.func.attr)
        root = root.func.value
    if not names or not isinstance(root, ast.Call) or len(names) > 256:
        return None
    made = resolve(root, scope, depth + 1)
    obj = made.single()
    if not isinstance(obj, Instance) or (obj.made is not None and obj.made[0] is not root):
        return None
    for name in set(names):
        method = class_method(obj.cls, name)
        if method is None or not isinstance(method[0].node, _DEF_TYPES):
            return None
        if not _returns_self(method[0].node):
            return None
    return _chained_instance(root, scope, obj, depth)


def _returns_self(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Every `return` of the method hands back its own `self`."""
    params = [*node.args.posonlyargs, *node.args.args]
    if not params or _is_static(node) or _is_classmethod(node):
        return False
    returns = [r for r in walk_function(node) if isinstance(r, ast.Return)]
    return bool(returns) and all(
        r.value is not None and is_name(r.value, params[0].arg) for r in returns
    )


def _chained_instance(call: ast.Call, scope: Scope, obj: Instance, depth: int) -> Possible | None:
    """`ToolSpec.Builder("x").description(...).handler(fn).build()`: the instance the call
    makes is that chain's own, and what the chain's setters store on it is read (as a
    factory's chain is, `_chain_store`)."""
    made_by = resolve(call.func, scope, depth + 1).single()
    if not isinstance(made_by, Class) or made_by.ref.node is not obj.cls.node:
        return None
    outer = _outer_chains(scope).get(id(call))
    if outer is None:
        return None
    where = scope.with_env({CHAIN: Possible.of(Literal(outer, scope))})
    return Possible.of(Instance(obj.cls, (call, where)))


def _outer_chains(scope: Scope) -> dict[int, ast.Call]:
    """For each call of the scope's body that a chain of method calls starts from, the
    outermost call of that chain (memoised per def or module)."""
    home = scope.func
    memo = scope.module.state.summaries
    key = ("outer.chains", id(home) if home is not None else id(scope.module))
    cached = memo.get(key)
    if isinstance(cached, dict):
        return cached
    found: dict[int, tuple[int, ast.Call]] = {}
    if isinstance(home, _DEF_TYPES):
        nodes: Iterable[ast.AST] = walk_function(home)
    elif home is None and scope.module.tree is not None:
        nodes = ast.walk(scope.module.tree)
    else:
        nodes = ()
    for node in nodes:
        if not isinstance(node, ast.Call):
            continue
        inner, length = node, 0
        while (
            isinstance(inner.func, ast.Attribute)
            and isinstance(inner.func.value, ast.Call)
            and length < 256
        ):
            inner, length = inner.func.value, length + 1
        if length and length > found.get(id(inner), (0, node))[0]:
            found[id(inner)] = (length, node)
    out = {root: outer for root, (_, outer) in found.items()}
    memo[key] = out
    return out


def _attribute(expr: ast.Attribute, scope: Scope, depth: int) -> Possible:
    base = receiver(expr.value, scope, depth + 1)
    found = NOTHING
    for obj in base.items:
        found = found.join(attribute_of(obj, expr.attr, depth + 1))
    return found if base.complete else found.join(UNKNOWN)


def attribute_of(obj: Obj, attr: str, depth: int = 0) -> Possible:
    if depth > MAX_DEPTH:
        return _cut()
    if attr in ("__name__", "__module__") and isinstance(obj, (Function, Class)):
        return _dunder_name(obj, attr)
    if isinstance(obj, ModuleObject):
        return module_member(obj.module, attr)
    if isinstance(obj, Member):
        if attr in ("value", "_value_"):
            return resolve(obj.value, obj.cls.scope, depth + 1)
        if attr in ("name", "_name_"):
            return Possible.of(Const(obj.name))
        return attribute_of(Instance(obj.cls), attr, depth + 1)
    if isinstance(obj, Class):
        member = enum_members(obj.ref).get(attr)
        if member is not None:
            return Possible.of(member)
        method = class_method(obj.ref, attr)
        if method is not None:
            func = method[0]
            if isinstance(func.node, _DEF_TYPES) and _is_classmethod(func.node):
                # (`TextStats.handle` of an inherited classmethod: `cls` is TextStats)
                return Possible.of(
                    Function(func.node, func.module, func.scope, obj.ref, bound=True)
                )
            return Possible.of(func)
        return class_attribute(obj.ref, attr, depth + 1)
    if isinstance(obj, Instance):
        if attr == "__class__":
            return Possible.of(Class(obj.cls))  # (`self.__class__(**kw)`: one more of its kind)
        after = (
            _held_stores(obj.held, attr, depth)
            if obj.held is not None
            else _stored_after(obj.made, attr, depth)
            if obj.made is not None
            else None
        )
        if after is not None:
            found, replaced = after
            return found if replaced else found.join(_instance_attribute(obj, attr, depth))
        if obj.made is not None:
            chained = _chain_store(obj, attr, depth)
            if chained is not None:
                return chained
        return _instance_attribute(obj, attr, depth)
    if isinstance(obj, External):
        return Possible.of(External(obj.dotted, attr))
    if isinstance(obj, Const) and obj.value is None:
        return NOTHING  # `None.x` fails: no object to follow
    return UNKNOWN


def _dunder_name(obj: Function | Class, attr: str) -> Possible:
    """A def's or class's `__name__` (`f"travel_{fn.__name__}"` names a tool) or `__module__`
    (the dotted name `__name__` gives in its module)."""
    node = obj.node if isinstance(obj, Function) else obj.ref.node
    module = obj.module if isinstance(obj, Function) else obj.ref.module
    if attr == "__module__":
        return Possible.of(Const(module.models.dotted(module.path)))
    if isinstance(node, ast.Lambda):
        return UNKNOWN
    return Possible.of(Const(node.name))


def _instance_attribute(obj: Instance, attr: str, depth: int) -> Possible:
    """`obj.attr` as the instance's construction and its class give it."""
    if obj.made is not None:
        given = _constructed_attribute(obj.cls, obj.made, attr, depth)
        if given is not None:
            return given
    method = class_method(obj.cls, attr)
    if method is not None:
        func, owner = method
        bound = not (isinstance(func.node, _DEF_TYPES) and _is_static(func.node))
        if bound:
            owner = obj.cls  # an inherited method's `self` is the instance's class
        me = (
            Possible.of(obj)
            if bound
            and (obj.made is not None or obj.held is not None)
            and not _is_classmethod(func.node)  # type: ignore[arg-type]
            else None
        )
        made = Function(func.node, func.module, func.scope, owner, bound=bound, me=me)
        if isinstance(func.node, _DEF_TYPES) and _is_property(func.node):
            # `obj.client`: what the getter gives, its `self` the object (and what made it)
            params = [*func.node.args.posonlyargs, *func.node.args.args]
            known = obj.made is not None or obj.held is not None
            env = {params[0].arg: Possible.of(obj)} if params and known else {}
            return function_returns(made, env, depth + 1)
        return Possible.of(made)
    if obj.held is None:
        # (`self` in the methods of its class and of its bases is this instance; whether it
        # may be a subclass's is the caller's to say)
        return class_attribute(obj.cls, attr, depth + 1, obj)
    return class_attribute(obj.cls, attr, depth + 1)


def _seen_at(found: Possible, read: ast.Name, scope: Scope) -> Possible:
    """`found` with each instance marked as held by the local `read` reads, when the scope
    stores attributes on that local (`reply.result = {...}` then `reply.to_json()`): only
    the stores before the read count (`return reply.to_json()` before it sees none; the
    read is of an attribute, which runs there, not a reference handed on)."""
    if _stores_before(scope, read)[1] is None:
        return found
    items = tuple(
        Instance(o.cls, o.made, (scope, read)) if type(o) is Instance else o for o in found.items
    )
    return Possible(items, found.complete)


def _stores_before(scope: Scope, read: ast.Name) -> tuple[list[Binding], Binding | None]:
    """The `name.attr = value` stores of the scope between the binding of `name` that
    reaches `read` and `read`, with that binding; ([], None) when the scope stores no
    attribute on `name` (or that binding is a parameter's)."""
    memo = scope.module.state.summaries
    key = ("stores.before", id(read), id(scope.func))
    if key in memo:
        return memo[key]  # type: ignore[return-value]
    found: tuple[list[Binding], Binding | None] = ([], None)
    bindings = scope.index.get(read.id)
    if any(b.kind == "mutated" and b.detail == "setattr" for b in bindings):
        line = read.lineno
        base = max(
            (b for b in bindings if b.kind != "mutated" and b.line < line),
            key=lambda b: b.line,
            default=None,
        )
        # (not a parameter: `self.total = ...` in a method is the class's business)
        if base is not None and base.kind in (*REPLACING, "with"):
            stores = [
                b
                for b in bindings
                if b.kind == "mutated"
                and b.detail == "setattr"
                and isinstance(b.key, ast.Constant)
                and b.value is not None
                and base.line < b.line < line
            ]
            found = (stores, base)
    memo[key] = found
    return found


def _held_stores(
    held: tuple[Scope, ast.Name], attr: str, depth: int
) -> tuple[Possible, bool] | None:
    """What the stores on the local that holds an instance give `attr` before the read, and
    whether one of them always runs after the local's binding (then what it held is gone)."""
    scope, read = held
    stores, base = _stores_before(scope, read)
    stores = [b for b in stores if b.key.value == attr]  # type: ignore[union-attr]
    if not stores or base is None:
        return None
    where = _block_key(base.blocks)
    always = [i for i, b in enumerate(stores) if _block_key(b.blocks) == where]
    if always:
        stores = stores[always[-1] :]
    found = NOTHING
    for store in stores:
        found = found.join(resolve(store.value, scope, depth + 1))  # type: ignore[arg-type]
    return found, bool(always)


def _stored_after(
    made: tuple[ast.Call, Scope], attr: str, depth: int
) -> tuple[Possible, bool] | None:
    """`spec.handler = wrapper` after `spec = Spec(...)` in the scope that made the instance
    (a decorator that builds a record, then swaps in the wrapper it registers): what those
    stores give `attr`, and whether one always runs after the construction (then the
    construction's own value is gone)."""
    call, scope = made
    bound = _bound_to(call, scope)
    if bound is None:
        return None
    made_at = bound
    bindings = scope.index.get(made_at.name)
    later = [b for b in bindings if b.line > made_at.line]
    rebound = min((b.line for b in later if b.kind in REPLACING), default=None)
    stores = [
        b
        for b in later
        if b.kind == "mutated"
        and b.detail == "setattr"
        and isinstance(b.key, ast.Constant)
        and b.key.value == attr
        and b.value is not None
        and (rebound is None or b.line < rebound)
    ]
    if not stores:
        return None
    where = _block_key(made_at.blocks)
    always = [i for i, b in enumerate(stores) if _block_key(b.blocks) == where]
    if always:
        stores = stores[always[-1] :]  # (the last store that always runs, and what may follow)
    found = NOTHING
    for store in stores:
        found = found.join(resolve(store.value, scope, depth + 1))  # type: ignore[arg-type]
    return found, bool(always)


def _block_key(blocks: tuple[object, ...]) -> tuple[tuple[int, object], ...]:
    return tuple((id(b.node), b.part) for b in blocks)  # type: ignore[attr-defined]


def _bound_to(call: ast.Call, scope: Scope) -> Binding | None:
    """The binding `name = call` of the scope that runs `call` (a plain name target)."""
    memo = scope.module.state.summaries
    key = ("bound.to", id(call), id(scope.func))
    if key in memo:
        return memo[key]  # type: ignore[return-value]
    found: Binding | None = None
    for bindings in scope.index.by_name.values():
        for b in bindings:
            if b.value is call and b.kind in ("assign", "annotated") and b.path == ():
                found = b
    memo[key] = found
    return found


def constant_key(expr: ast.expr, scope: Scope, depth: int = 0) -> tuple[bool, object]:
    """(True, value) when `expr` is a constant (a literal, a name bound to one, a row's). An
    enum member is its value when the enum mixes in `str` or `int` (it hashes and compares as
    its value), else a `MemberKey`."""
    if isinstance(expr, ast.Constant):
        return True, expr.value
    found = resolve(expr, scope, depth + 1).single()
    if isinstance(found, Member):
        return member_constant(found, depth)
    if isinstance(found, Const):
        return True, found.value
    if isinstance(found, Literal) and isinstance(found.expr, ast.Constant):
        return True, found.expr.value
    return False, None


def _subscript(expr: ast.Subscript, scope: Scope, depth: int) -> Possible:
    if isinstance(expr.slice, ast.Slice):
        return UNKNOWN
    known, key = constant_key(expr.slice, scope, depth)
    table = _filled_table(expr.value, entries(expr.value, scope, depth + 1), scope, depth)
    if not known and table is not None:
        picked = _class_pick(table, expr.slice, scope, depth, expr.value)
        if picked is not None:
            return picked
    if table is not None:
        return _pick(table, known, key, depth)
    sequence = rows(expr.value, scope, depth + 1)
    if (
        sequence is not None
        and known
        and isinstance(key, int)
        and sequence.complete
        and -len(sequence.items) <= key < len(sequence.items)
    ):
        row, row_scope = sequence.items[key]
        return resolve(row, row_scope, depth + 1)
    if sequence is not None and sequence.items and (not known or isinstance(key, int)):
        # (`channel.episodes[0]`, `rows[i]`: one of the rows, which one not known)
        found = union([resolve(r, s, depth + 1) for r, s in sequence.items[:MAX_ITEMS]])
        return found.join(UNKNOWN)
    return UNKNOWN


def _pick(table: Entries, known: bool, key: object, depth: int) -> Possible:
    """The value of `table[key]`: the entry for a known key, every value for another."""
    if known:
        found = NOTHING
        matched = False
        for entry_key, value, value_scope in table.items:
            if _unknown_key(entry_key):
                found = found.join(UNKNOWN)
            elif entry_key == key:
                matched = True  # a later entry for the key replaces an earlier one
                found = resolve(value, value_scope, depth + 1)
        if not matched and table.complete:
            return NOTHING  # a KeyError, or the default of `.get`
        if matched and key in table.fixed:
            return found
        return found if table.complete and matched else found.join(UNKNOWN)
    values: list[Possible] = []
    for count, (_, value, value_scope) in enumerate(table.items):
        if count >= MAX_ITEMS:
            values.append(UNKNOWN)  # too many to tell apart
            break
        values.append(resolve(value, value_scope, depth + 1))
    found = union(values)
    return found if table.complete else found.join(UNKNOWN)


def _class_pick(
    table: Entries, key: ast.expr, scope: Scope, depth: int, holder: ast.expr | None = None
) -> Possible | None:
    """`HANDLERS[type(cmd)]` of a table keyed by classes: the entries whose key is the class
    the lookup names (read where each entry was made; with `holder`, the instance attribute
    the table is, also those its class's methods put in it: `self._handlers[command_type] =
    handler`); None unless the lookup names one class for sure and every entry's key is a
    name of the code that gives one class."""
    # (the one class the lookup names; a class method that makes its instance may also raise,
    # which leaves the answer incomplete, not another class)
    named_by = resolve(key, scope, depth + 1).items
    wanted = named_by[0] if len(named_by) == 1 else None
    if not isinstance(wanted, Class):
        return None
    if isinstance(holder, ast.Attribute):
        owner = _table_owner(holder, scope, depth)
        added = method_entries(owner, holder.attr, depth) if owner is not None else None
        if added is not None and all(type(k) is _ExprKey for k, _, _ in table.items):
            # (the table its class makes, empty or keyed by classes, and what its methods put
            # in it: a subclass's other table is not looked for)
            table = Entries([*table.items, *added.items], added.complete)
    if not table.complete:
        return None
    found = NOTHING
    for entry_key, value, value_scope in table.items:
        if type(entry_key) is not _ExprKey:
            return None
        named = resolve(entry_key.node, value_scope, depth + 1).single()
        if not isinstance(named, Class):
            return None
        if named.ref.node is wanted.ref.node:
            found = resolve(value, value_scope, depth + 1)  # (a later entry replaces it)
    return found


def own_object(expr: ast.expr, scope: Scope) -> Obj | None:
    """The one object `expr` names, or for `self.x` / `cls.x` the one the class itself gives
    (a subclass may give another, which is why resolve leaves it incomplete)."""
    possible = resolve(expr, scope)
    found = possible.single()
    if (
        found is None
        and len(possible.items) == 1
        and isinstance(expr, ast.Attribute)
        and isinstance(expr.value, ast.Name)
        and expr.value.id in ("self", "cls")
    ):
        found = possible.items[0]
    return found


def call_result(call: ast.Call, scope: Scope, depth: int = 0) -> Possible:
    """What a call gives back, when the code it runs can be read."""
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr in ("get", "pop", "setdefault") and call.args:
        # (`spec.pop("handler")` of a row: the row's value, as `.get` gives it)
        table = _filled_table(func.value, entries(func.value, scope, depth + 1), scope, depth)
        if table is not None:
            known, key = constant_key(call.args[0], scope, depth)
            picked = None if known else _class_pick(table, call.args[0], scope, depth, func.value)
            if picked is not None and func.attr == "get":
                # (`self._handlers.get(type(command))`: the entries for that class; a class
                # no entry names gives the default)
                default = resolve(call.args[1], scope, depth + 1) if len(call.args) > 1 else None
                return picked.join(default or Possible.of(Const(None)))
            found = _pick(table, known, key, depth)
            if len(call.args) > 1:
                keys = [k for k, _, _ in table.items]
                settled = known and table.complete and not any(_unknown_key(k) for k in keys)
                if settled and key in keys:
                    return found  # (a key the table surely holds: no default)
                default = resolve(call.args[1], scope, depth + 1)
                found = default if settled else found.join(default)
            elif not known or not found.items:
                found = found.join(Possible.of(Const(None)))
            return found
    if isinstance(func, ast.Attribute) and func.attr in _TEXT_METHODS:
        text = _text_method(call, func, scope, depth)
        if text is not None:
            return text
    callee = resolve(func, scope, depth + 1)
    found = NOTHING
    for obj in callee.items:
        found = found.join(_result_of(obj, call, scope, depth + 1))
    return found if callee.complete else found.join(UNKNOWN)


# Methods of `str` whose answer a known text and known arguments decide (and whose answer is
# never much longer than what they are given).
_TEXT_METHODS = frozenset(
    {
        "lower",
        "upper",
        "casefold",
        "title",
        "capitalize",
        "swapcase",
        "strip",
        "lstrip",
        "rstrip",
        "removeprefix",
        "removesuffix",
        "startswith",
        "endswith",
        "isdigit",
        "isalpha",
        "isidentifier",
    }
)


def _text_method(call: ast.Call, func: ast.Attribute, scope: Scope, depth: int) -> Possible | None:
    """`self.method.lower()` of a known text (`method = "get"`): what the method gives for
    each text it may be; None when the text or an argument is not known."""
    if call.keywords or len(call.args) > 1:
        return None
    held = resolve(func.value, scope, depth + 1)
    if not held.complete or not held.items:
        return None
    texts = [
        obj.value for obj in held.items if isinstance(obj, Const) and isinstance(obj.value, str)
    ]
    if len(texts) != len(held.items):
        return None
    args: list[object] = []
    for arg in call.args:
        given = resolve(arg, scope, depth + 1).single()
        if not (isinstance(given, Const) and isinstance(given.value, (str, tuple))):
            return None
        args.append(given.value)
    found = NOTHING
    for text in texts:
        if len(text) > _MAX_MADE_TEXT:
            return None
        try:
            found = found.join(Possible.of(Const(getattr(text, func.attr)(*args))))
        except (TypeError, ValueError):
            return None
    return found


def _kwargs_spares(value: ast.expr, scope: Scope) -> set[str] | None:
    """For `**extra` where `extra` is a def's `**` parameter: the names of that def's other
    parameters, which a call cannot also pass in `extra` (a TypeError); else None."""
    if not isinstance(value, ast.Name):
        return None
    where: Scope | None = scope
    while where is not None:
        func = where.func
        if func is not None and not isinstance(func, ast.Lambda):
            if func.args.kwarg is not None and func.args.kwarg.arg == value.id:
                a = func.args
                return {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)}
            if any(
                p.arg == value.id
                for p in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs)
            ):
                return None  # (a parameter of another kind shadows it)
        where = where.parent
    return None


def handed_on(call: ast.Call, scope: Scope) -> ast.Call | None:
    """The call a thread runner makes for its caller, which then gets its result and its
    exceptions: `await asyncio.to_thread(fn, *args)` runs `fn(*args)`, and so does
    `await loop.run_in_executor(executor, fn, *args)`. Made once per call (kept on it: what is
    learnt of a node is kept by its identity)."""
    func = call.func
    first = 0
    if isinstance(func, ast.Attribute) and func.attr == "run_in_executor":
        first = 1
    else:
        origin = resolve(func, scope).single()
        if not (isinstance(origin, External) and origin.dotted == "asyncio.to_thread"):
            return None
    if len(call.args) <= first or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    made: ast.Call | None = call.__dict__.get("_hd_handed_on")
    if made is None:
        keywords = call.keywords if first == 0 else []  # (run_in_executor passes none on)
        made = ast.copy_location(
            ast.Call(func=call.args[first], args=call.args[first + 1 :], keywords=keywords), call
        )
        call.__dict__["_hd_handed_on"] = made
    return made


def _result_of(obj: Obj, call: ast.Call, scope: Scope, depth: int) -> Possible:
    if (
        isinstance(obj, Class)
        and not call.args
        and call.keywords
        and is_typed_dict(call.func, scope, depth)
    ):
        return Possible.of(Literal(call, scope))  # `Spec(name=..., handler=...)`: a dict
    if isinstance(obj, Class):
        # (a record's instance remembers its call: each row's fields are its own; other
        # classes' instances are one object per class, as their attributes are read in general)
        # (one made at module level is one object too, and one made with no arguments holds
        # what its defaults give: what its call gave it is known)
        kept = (
            (call, scope)
            if scope.func is None
            or not (call.args or call.keywords)
            # (`cls(**initkwargs)` in a class-based view's factory: the class's own
            # instance, its methods' `self` that one, not any subclass's)
            or (not call.args and all(kw.arg is None for kw in call.keywords))
            or _is_record(obj.ref)
            or _tested_holder(obj.ref)
            or _hand_record(obj.ref)
            # (made in a factory a known call runs, `def tool(name): b = Builder(name); TABLE
            # .append(b)`: each call's instance is its own)
            or (scope.env is not None and _factory_instance(call, scope))
            else None
        )
        return Possible.of(Instance(obj.ref, kept))
    if isinstance(obj, Builtin) and obj.name == "dict" and not call.args:
        return Possible.of(Literal(call, scope))  # `dict(name=..., handler=...)`: a display
    if (
        isinstance(obj, Builtin)
        and obj.name == "type"
        and len(call.args) == 1
        and not call.keywords
    ):
        # (`type(command)` of a known instance: its class, as a table keyed by classes reads it)
        held = resolve(call.args[0], scope, depth + 1)
        if held.items and all(isinstance(o, Instance) for o in held.items):
            return Possible(tuple(Class(o.cls) for o in held.items), held.complete)  # type: ignore[attr-defined]
        return UNKNOWN
    if (
        isinstance(obj, Builtin)
        and obj.name == "dict"
        and len(call.args) == 1
        and not call.keywords
        and not isinstance(call.args[0], ast.Starred)
    ):
        return resolve(call.args[0], scope, depth + 1)  # `dict(spec)`: a copy of the row
    if isinstance(obj, Function):
        promised = _type_parameter_result(obj, call, scope, depth)
        if promised is not None:
            return promised
        field = _getter_field(obj)
        if field is not None and isinstance(call.func, ast.Attribute):
            # (`definition.get_name()` of a record made by a call: what that call gave it)
            held = receiver(call.func.value, scope, depth + 1)
            if held.items and all(
                # (or an instance of one known class: `self` in its getter is that instance)
                isinstance(o, Instance) and (o.made or (held.complete and o.held is None))
                for o in held.items
            ):
                return union([attribute_of(o, field, depth + 1) for o in held.items])
        wanted = returned_parameters(obj.node) | _return_tests(obj.node)
        env = bind_call(call, scope, obj, depth, only=wanted) if wanted else {}
        if isinstance(obj.node, _DEF_TYPES) and obj.node.args.defaults:
            # (`make(func)` of `def make(func, name=None)`: `name or func.__name__` is the
            # def's name, not unknown)
            filled = call_arguments(call, obj)
            for name, value in constant_defaults({}, call, obj.node).items():
                if name in wanted and name not in filled and name not in env:
                    env[name] = value
        me = _receiver(obj, call, scope, depth)
        if me is not None:
            env[me[0]] = me[1]
        return function_returns(obj, env, depth)
    if isinstance(obj, Partial):
        return function_returns(obj.func, _partial_env(obj, call, scope, depth), depth)
    if isinstance(obj, External):
        if obj.dotted == "importlib.import_module" and call.args:
            return _imported_module(call, scope, depth)
        kind = LOADERS.get(obj.dotted)
        if kind is not None:
            # (`yaml.safe_load(fh)` of the package's own `tools.yml`: its data, as written)
            data = loaded(call, kind, scope, _bound_or_entered)
            return Possible.of(Literal(data, scope)) if data is not None else UNKNOWN
        handed = handed_on(call, scope) if obj.dotted == "asyncio.to_thread" else None
        if handed is not None:
            # (`await asyncio.to_thread(load, flag)`: what `load(flag)` gives)
            return call_result(handed, scope, depth + 1)
        if (
            obj.dotted in ("inspect.iscoroutinefunction", "asyncio.iscoroutinefunction")
            and len(call.args) == 1
        ):
            # (`inspect.iscoroutinefunction(self.func)` of a known def)
            given = resolve(call.args[0], scope, depth + 1)
            one = given.single() if given.complete else None
            if isinstance(one, Function) and isinstance(one.node, _DEF_TYPES):
                return Possible.of(Const(isinstance(one.node, ast.AsyncFunctionDef)))
        if obj.dotted == "functools.partial" and call.args:
            inner = resolve(call.args[0], scope, depth + 1).single()
            if isinstance(inner, Function) and not any(
                isinstance(a, ast.Starred) for a in call.args
            ):
                return Possible.of(Partial(inner, call.args[1:], call.keywords, scope))
        made = client_instance(obj.dotted)
        return Possible.of(External(made)) if made is not None else UNKNOWN
    if isinstance(obj, Builtin):
        if obj.name == "staticmethod" and len(call.args) == 1 and not call.keywords:
            # (`validator = staticmethod(_checked)` in a class body: the def, called as is)
            return resolve(call.args[0], scope, depth + 1)
        if obj.name == "getattr" and 2 <= len(call.args) <= 3:
            return _getattr(call, scope, depth)
        if obj.name == "callable" and len(call.args) == 1 and not call.keywords:
            given = resolve(call.args[0], scope, depth + 1)
            if given.complete and given.items:
                if all(isinstance(o, (Function, Class, Partial)) for o in given.items):
                    return Possible.of(Const(True))
                if all(isinstance(o, (Const, Literal)) for o in given.items):
                    return Possible.of(Const(False))  # (a constant, a display: no call)
        if obj.name == "len" and len(call.args) == 1 and not call.keywords:
            # (`len(args)` of the tuple a call's `*args` took)
            held = resolve(call.args[0], scope, depth + 1)
            one = held.single() if held.complete else None
            if (
                isinstance(one, Literal)
                and isinstance(one.expr, (ast.Tuple, ast.List))
                and not any(isinstance(e, ast.Starred) for e in one.expr.elts)
            ):
                return Possible.of(Const(len(one.expr.elts)))
        if obj.name in ("hasattr", "isinstance") and len(call.args) == 2 and not call.keywords:
            # (`isinstance(cls, type) and hasattr(cls, "arun")` of a class a decorator is
            # handed: what it says of that class)
            said = _class_test(obj.name, call.args, scope, depth)
            if said is not None:
                return Possible.of(Const(said))
        if obj.name == "type" and len(call.args) == 1 and not call.keywords:
            # (`type(self)(...)`: the class of what it is given, when that is an instance)
            given = resolve(call.args[0], scope, depth + 1)
            if given.items and all(isinstance(o, Instance) for o in given.items):
                classes = tuple(Class(o.cls) for o in given.items)  # type: ignore[attr-defined]
                return Possible(tuple(dict.fromkeys(classes)), given.complete)
        if (
            obj.name in ("min", "max")
            and len(call.args) == 1
            and not isinstance(call.args[0], ast.Starred)
        ):
            # `min(entries, key=...)`: one of the rows it is given
            table = rows(call.args[0], scope, depth + 1)
            if table is not None and table.items:
                found = union([resolve(row, where, depth + 1) for row, where in table.items])
                return found if table.complete else found.join(UNKNOWN)
        return Possible.of(Literal(call, scope))  # the call itself says what it gives
    return UNKNOWN


def _partial_env(partial: Partial, call: ast.Call, scope: Scope, depth: int) -> dict[str, Possible]:
    """What a call of `partial(func, *given, **kw)` binds of `func`'s parameters that its
    return reads: the partial's own arguments (read where it was made), then the call's
    (`config_tool("parse", ...)` of `config_tool = partial(tool, toolset="config")`)."""
    func = partial.func
    node = func.node
    if not isinstance(node, _DEF_TYPES) or any(isinstance(a, ast.Starred) for a in call.args):
        return {}
    wanted = returned_parameters(node) | _return_tests(node)
    if not wanted:
        return {}
    made: dict[tuple[int, ...], tuple[ast.Call, ast.Call]] = call.__dict__.setdefault(
        "_hd_partial", {}
    )
    # (by the partial's own argument nodes, which live as long as their tree: the lists
    # holding them are made anew each time the partial is read)
    key = (*map(id, partial.args), -1, *map(id, partial.keywords))
    calls = made.get(key)
    if calls is None:
        # (kept on the call: what is learnt of a node is kept by its identity)
        own = ast.Call(func=call.func, args=list(partial.args), keywords=list(partial.keywords))
        padded = [ast.Constant(None) for _ in partial.args]
        rest = ast.Call(func=call.func, args=[*padded, *call.args], keywords=call.keywords)
        calls = made[key] = (own, rest)
    own, rest = calls
    env = bind_call(own, partial.scope, func, depth, only=wanted)
    positional = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
    if func.bound:
        positional = positional[1:]
    filled = set(positional[: len(partial.args)])
    for name, value in bind_call(rest, scope, func, depth, only=wanted).items():
        if name not in filled:
            env[name] = value
    return env


def _receiver(
    func: Function, call: ast.Call, scope: Scope, depth: int, any_instance: bool = False
) -> tuple[str, Possible] | None:
    """`LOOKUP.run(x)` of an instance that remembers its call: the method's `self` is that
    instance (what its constructor was given decides what the method reads of it); with
    `any_instance`, of any one known instance (`handler.get_tools()`: what its loops read of
    `self`), a static or class method left out."""
    node = func.node
    if not (func.bound and isinstance(call.func, ast.Attribute) and isinstance(node, _DEF_TYPES)):
        return None
    params = [*node.args.posonlyargs, *node.args.args]
    if not params or (any_instance and _is_static(node)):
        return None
    held = receiver(call.func.value, scope, depth + 1)
    if len(held.items) != 1 or not held.complete:
        return None
    obj = held.items[0]
    if _is_classmethod(node) and isinstance(obj, (Class, Instance)):
        # (`view_class.as_handler()` of a row's class: `cls` is that class, and what the
        # method reads of it, `if cls.view_is_async:`, is that class's own)
        return params[0].arg, Possible.of(obj if isinstance(obj, Class) else Class(obj.cls))
    if not isinstance(obj, Instance) or _is_classmethod(node):
        return None
    if not any_instance and obj.made is None and obj.held is None:
        return None
    return params[0].arg, held


# (the def a decorator is handed, and the decorator, as a call made of them reads them)
_HANDED = "<handed>"
_DECORATOR = "<decorator>"


def _decorated_object(
    node: ast.FunctionDef | ast.AsyncFunctionDef, scope: Scope, depth: int
) -> Possible | None:
    """What a def's one decorator makes of it when that is an object of a class of the root,
    not a function (`@tool def lookup(...)` of a decorator that returns
    `StructuredTool(func, func.__name__, ...)`); None otherwise (the def, as it is read)."""
    dec = node.decorator_list[0]
    target = dec.func if isinstance(dec, ast.Call) else dec
    if not isinstance(target, (ast.Name, ast.Attribute)) or depth > MAX_DEPTH - 4:
        return None
    made = resolve(target, scope, depth + 1).single()
    if not isinstance(made, Function) or not isinstance(made.node, _DEF_TYPES):
        return None
    if isinstance(dec, ast.Call):
        # (`@tool(emoji="x")`: the decorators the factory gives, each applied to the def)
        given = function_returns(made, bind_call(dec, scope, made, depth + 1), depth + 1)
        decorators = [o for o in given.items if isinstance(o, Function)]
    else:
        decorators = [made]
    handed = Possible.of(Undecorated(node, scope.module, scope))
    found: list[Obj] = []
    for deco in decorators:
        here = scope.with_env({_HANDED: handed, _DECORATOR: Possible.of(deco)})
        applied = ast.Call(
            func=ast.Name(_DECORATOR, ast.Load()), args=[ast.Name(_HANDED, ast.Load())], keywords=[]
        )
        for sub in ast.walk(applied):
            ast.copy_location(sub, node)
        result = call_result(applied, here, depth + 1)
        # (a decorator that makes an object, or hands back another decorator when it is
        # given no function: the object)
        objects = [o for o in result.items if isinstance(o, Instance)]
        functions = [o for o in result.items if isinstance(o, Function)]
        if not result.complete or not objects or len(objects) + len(functions) != len(result.items):
            return None
        found.extend(objects)
    return Possible(tuple(found), True) if found else None


_ORDER: dict[type[ast.cmpop], Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}


def _compared(test: ast.Compare, scope: Scope, depth: int) -> bool | None:
    """`len(args) == 1` of two constants where it runs (numbers or text)."""
    if len(test.ops) != 1 or type(test.ops[0]) not in _ORDER:
        return None
    values: list[object] = []
    for side in (test.left, test.comparators[0]):
        one = resolve(side, scope, depth + 1)
        got = one.single() if one.complete else None
        if not isinstance(got, Const) or type(got.value) not in (int, str, bool, float):
            return None
        values.append(got.value)
    if type(values[0]) is not type(values[1]) and not all(
        type(v) in (int, float, bool) for v in values
    ):
        return None
    return bool(_ORDER[type(test.ops[0])](values[0], values[1]))


def _identity(test: ast.Compare, scope: Scope, depth: int) -> bool | None:
    """`a is b` / `a is not b` of two defs or classes of the root (`type(t)._arun is not
    BaseTool._arun`: whether the class overrides it), when each side is one of them."""
    if len(test.ops) != 1 or not isinstance(test.ops[0], (ast.Is, ast.IsNot)):
        return None
    sides = [resolve(e, scope, depth + 1) for e in (test.left, test.comparators[0])]
    nodes: list[ast.AST] = []
    for held in sides:
        one = held.single() if held.complete else None
        if isinstance(one, Function) and isinstance(one.node, _DEF_TYPES):
            nodes.append(one.node)
        elif isinstance(one, Class):
            nodes.append(one.ref.node)
        else:
            return None
    same = nodes[0] is nodes[1]
    return same if isinstance(test.ops[0], ast.Is) else not same


def _class_test(kind: str, args: list[ast.expr], scope: Scope, depth: int) -> bool | None:
    """`isinstance(x, type)` or `hasattr(x, "name")` of a project class `x`, when certain."""
    held = resolve(args[0], scope, depth + 1)
    one = held.single() if held.complete else None
    if kind == "isinstance" and isinstance(one, Instance):
        # (`isinstance(t, StructuredTool)` of an instance of a known class)
        wanted = resolve(args[1], scope, depth + 1).single()
        if not isinstance(wanted, Class):
            return None
        if _derives(one.cls, wanted.ref):
            return True
        lineage = _lineage(one.cls)
        known = all(
            made is not None or is_name(base, "object")
            for c in lineage
            for base, made in zip(c.node.bases, class_bases(c))
        )
        return False if known and len(lineage) <= _MAX_CLASS_DEPTH else None
    if not isinstance(one, Class):
        return None
    if kind == "isinstance":
        return True if is_name(args[1], "type") and is_builtin_name("type", scope) else None
    known, name = constant_key(args[1], scope, depth + 1)
    return _has_attribute(one.ref, name) if known and isinstance(name, str) else None


def _has_attribute(cls: ClassRef, name: str) -> bool | None:
    """Whether the class (not an instance) has the attribute: a def or a binding of its body
    or its bases'; None when a base, a metaclass or `__getattr__` leaves it open."""
    lineage = _lineage(cls)
    if len(lineage) > _MAX_CLASS_DEPTH:
        return None
    for known in lineage:
        if class_scope_index(known.module, known.node).get(name):
            return True
        if known.node.keywords or class_scope_index(known.module, known.node).get("__getattr__"):
            return None  # (a metaclass, or `__getattr__` on a class's metaclass-made instances)
        for base, made in zip(known.node.bases, class_bases(known)):
            if made is None and not is_name(base, "object"):
                return None
    return False


def _return_tests(node: FuncNode) -> frozenset[str]:
    """The parameters an `if` whose branch returns tests (`if len(args) == 1 and
    callable(args[0]): return make(args[0])`): a call that binds them may rule the branch out."""
    if isinstance(node, ast.Lambda):
        return frozenset()
    known: frozenset[str] | None = node.__dict__.get("_hd_return_tests")
    if known is not None:
        return known
    params = {a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)}
    if node.args.vararg is not None:
        params.add(node.args.vararg.arg)
    found: set[str] = set()
    for sub in walk_function(node):
        if isinstance(sub, ast.If) and any(
            isinstance(r, ast.Return) for part in (sub.body, sub.orelse) for r in part
        ):
            found |= {n.id for n in ast.walk(sub.test) if isinstance(n, ast.Name)} & params
    known = frozenset(found)
    node.__dict__["_hd_return_tests"] = known
    return known


def _type_parameter_result(
    func: Function, call: ast.Call, scope: Scope, depth: int
) -> Possible | None:
    """`provider.get_required_service(QuizHandlers)` of `def get_required_service(self,
    service_type: Type[T]) -> T`: an instance of the class the call gives (what the signature
    promises, whatever the body does to make it)."""
    node = func.node
    if not isinstance(node, _DEF_TYPES) or not isinstance(node.returns, ast.Name):
        return None
    var = node.returns.id
    known = node.__dict__.get("_hd_type_variable")
    if known is None:
        known = node.__dict__["_hd_type_variable"] = _is_type_variable(var, node, func.module)
    if not known:
        return None
    wanted = None
    for param in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs):
        ann = param.annotation
        if (
            isinstance(ann, ast.Subscript)
            and last_name(ann.value) in ("Type", "type")
            and is_name(ann.slice, var)
        ):
            wanted = param.arg
    given = call_arguments(call, func).get(wanted) if wanted is not None else None
    if given is None:
        return None
    held = resolve(given, scope, depth + 1)
    if not held.items or not all(isinstance(o, Class) for o in held.items):
        return None
    return Possible(tuple(Instance(o.ref) for o in held.items), held.complete)  # type: ignore[attr-defined]


def _is_type_variable(
    name: str, node: ast.FunctionDef | ast.AsyncFunctionDef, module: ModuleInfo
) -> bool:
    """`name` is a type parameter of the def (`def get[T](...)`) or a module-level
    `T = TypeVar("T")`."""
    if any(getattr(p, "name", None) == name for p in getattr(node, "type_params", ())):
        return True
    tree = module.tree
    if tree is None or not module.contains("TypeVar"):
        return False
    return any(
        isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and is_name(stmt.targets[0], name)
        and isinstance(stmt.value, ast.Call)
        and last_name(stmt.value.func) == "TypeVar"
        for stmt in tree.body
    )


def _getter_field(func: Function) -> str | None:
    """`def get_name(self): return self._name`: the attribute a bound method only hands back."""
    node = func.node
    if not (func.bound and isinstance(node, ast.FunctionDef) and node.args.args):
        return None
    if node.decorator_list or len(node.args.args) != 1:
        return None
    body = node.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    if len(body) != 1 or not isinstance(body[0], ast.Return):
        return None
    value = body[0].value
    me = node.args.args[0].arg
    if isinstance(value, ast.Attribute) and is_name(value.value, me):
        return value.attr
    return None


def _getattr(call: ast.Call, scope: Scope, depth: int) -> Possible:
    """`getattr(obj, "name")`: the attribute, as `obj.name` reads it (or the default given
    when the object may not have it)."""
    name = text_of(call.args[1], scope, depth)
    names = [name] if name is not None else _known_names(call.args[1], scope, depth)
    if not names or not all(n.isidentifier() for n in names):
        return UNKNOWN
    found = NOTHING if name is not None else UNKNOWN
    for obj in resolve(call.args[0], scope, depth + 1).items:
        for attr in names:
            if (
                isinstance(obj, Function)
                and attr not in _FUNCTION_ATTRIBUTES
                and len(call.args) == 3
            ):
                marked = _decorator_marks(obj, attr, depth)
                if marked is not None:
                    found = found.join(marked)  # (none: the default, below)
                    continue
            found = found.join(attribute_of(obj, attr, depth + 1))
    if len(call.args) == 3 and (not found.items or not found.complete):
        found = found.join(resolve(call.args[2], scope, depth + 1))
    return found if found.items else UNKNOWN


def _known_names(expr: ast.expr, scope: Scope, depth: int) -> list[str]:
    """The texts a name that is not one constant is known to take (`getattr(self,
    self.method)` where a subclass sets `method = "post"` and `self` may be a subclass's
    instance): each is followed, the rest stays unknown."""
    found = resolve(expr, scope, depth + 1)
    texts = [o.value for o in found.items if isinstance(o, Const) and isinstance(o.value, str)]
    return texts if len(texts) == len(found.items) else []


# What every function has (`__name__`, `__doc__`, `__wrapped__` is not among them).
_FUNCTION_ATTRIBUTES = frozenset(dir(_cut))


def _decorator_marks(func: Function, name: str, depth: int) -> Possible | None:
    """What the def's decorators set as its attribute `name` (`setattr(method, TOOL_META,
    meta)` or `method.meta = meta` in the decorator `@tool(...)` makes): NOTHING when none
    does; None when a decorator is not a def of the root."""
    node = func.node
    if not isinstance(node, _DEF_TYPES) or depth > MAX_DEPTH:
        return None
    found = NOTHING
    for dec in node.decorator_list:
        target = dec.func if isinstance(dec, ast.Call) else dec
        made = resolve(target, func.scope, depth + 1).single()
        if not isinstance(made, Function) or not isinstance(made.node, _DEF_TYPES):
            return None
        if isinstance(dec, ast.Call):
            deco = made_decorator(made.node)
            if deco is None:
                return None
            bound = bind_call(dec, func.scope, made, depth + 1)
            outer = made.scope.child(made.node, constant_defaults(bound, dec, made.node))
        else:
            deco, outer = made.node, made.scope
        positional = [*deco.args.posonlyargs, *deco.args.args]
        if not positional:
            return None
        given = positional[0].arg
        inner = outer.child(deco, {given: Possible.of(func)})
        for sub in walk_function(deco):
            value: ast.expr | None = None
            if (
                isinstance(sub, ast.Call)
                and is_name(sub.func, "setattr")
                and len(sub.args) == 3
                and is_name(sub.args[0], given)
                and text_of(sub.args[1], inner, depth + 1) == name
            ):
                value = sub.args[2]
            elif (
                isinstance(sub, ast.Assign)
                and len(sub.targets) == 1
                and isinstance(sub.targets[0], ast.Attribute)
                and sub.targets[0].attr == name
                and is_name(sub.targets[0].value, given)
            ):
                value = sub.value
            if value is not None:
                found = found.join(resolve(value, inner, depth + 1))
    return found


def _imported_module(call: ast.Call, scope: Scope, depth: int) -> Possible:
    """`importlib.import_module("pkg.mod")` (or `(".mod", __package__)`): that module of the
    root, by its name as the call spells it."""
    name = text_of(call.args[0], scope, depth)
    if not name:
        return UNKNOWN
    if name.startswith("."):
        here = scope.module
        package = (
            here.dotted if here.rel.endswith("__init__.py") else here.dotted.rpartition(".")[0]
        )
        level = len(name) - len(name.lstrip("."))
        for _ in range(level - 1):
            package = package.rpartition(".")[0]
        name = f"{package}.{name.lstrip('.')}" if package else name.lstrip(".")
    module = scope.module.models.by_name(name)
    return Possible.of(ModuleObject(module)) if module is not None else Possible.of(External(name))


def text_of(expr: ast.expr, scope: Scope, depth: int = 0) -> str | None:
    """The text an expression makes when every part is a constant: a literal, a name bound to
    one (a loop's row too), an f-string or a `+` of such parts; else None."""
    if depth > MAX_DEPTH:
        return None
    if isinstance(expr, ast.JoinedStr):
        parts: list[str] = []
        size = 0
        for value in expr.values:
            if isinstance(value, ast.Constant):
                part: str | None = str(value.value)
            elif not isinstance(value, ast.FormattedValue) or value.format_spec is not None:
                return None
            else:
                part = text_of(value.value, scope, depth + 1)
            if part is None:
                return None
            size += len(part)
            if size > _MAX_MADE_TEXT:
                return None  # (no name or key is this long: what would make it is not run)
            parts.append(part)
        return "".join(parts)
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
        left = text_of(expr.left, scope, depth + 1)
        right = text_of(expr.right, scope, depth + 1) if left is not None else None
        if left is None or right is None or len(left) + len(right) > _MAX_MADE_TEXT:
            return None
        return left + right
    known, found = constant_key(expr, scope, depth)
    if known:
        return found if isinstance(found, str) else None
    if isinstance(expr, (ast.Name, ast.Attribute, ast.Subscript, ast.Call)):
        # (`route.name` of a record a call made with `name=f"{prefix}{name}"`: that text)
        held = resolve(expr, scope, depth + 1)
        one = held.single() if held.complete else None
        if isinstance(one, Literal) and isinstance(one.expr, (ast.JoinedStr, ast.BinOp)):
            return text_of(one.expr, one.scope, depth + 1)
    return None


# The longest text `text_of` makes (names, keys, messages; not a document).
_MAX_MADE_TEXT = 10_000
_RETURNED_ATTR = "_hermes_dev_returned"


def returned_parameters(
    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda,
) -> frozenset[str]:
    """The parameters what a def returns may depend on: read in a `return` (a lambda's body),
    or in the value of a local such a `return` reads (one step), memoised on the node."""
    cached: frozenset[str] | None = node.__dict__.get(_RETURNED_ATTR)
    if cached is not None:
        return cached
    a = node.args
    params = {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)}
    if a.vararg:
        params.add(a.vararg.arg)
    if a.kwarg:
        params.add(a.kwarg.arg)
    read: set[str] = set()
    if isinstance(node, ast.Lambda):
        read = {n.id for n in ast.walk(node.body) if isinstance(n, ast.Name)}
    else:
        nodes = walk_function(node)
        for sub in nodes:
            if isinstance(sub, ast.Return) and sub.value is not None:
                read.update(n.id for n in ast.walk(sub.value) if isinstance(n, ast.Name))
        for sub in nodes:
            if isinstance(sub, (ast.Assign, ast.AnnAssign)) and sub.value is not None:
                targets = sub.targets if isinstance(sub, ast.Assign) else [sub.target]
                if any(isinstance(t, ast.Name) and t.id in read for t in targets):
                    read.update(n.id for n in ast.walk(sub.value) if isinstance(n, ast.Name))
            elif isinstance(sub, _DEF_TYPES) and sub is not node and sub.name in read:
                # a closure it returns (`def handler(args): return run(name, args)`): the
                # parameters its body reads are the ones it keeps
                read.update(n.id for n in ast.walk(sub) if isinstance(n, ast.Name))
    found = frozenset(read & params)
    setattr(node, _RETURNED_ATTR, found)
    return found


def _body_scope(func: Function, env: dict[str, Possible]) -> Scope:
    """The scope a call of `func` runs its body in, `env` bound to its parameters."""
    return func.scope.child(func.node, func.with_self(env or None) or None, func.owner)


def function_returns(func: Function, env: dict[str, Possible], depth: int) -> Possible:
    """What calling `func` with `env` bound to its parameters returns (its `return`s, or its
    return annotation's class)."""
    if depth > MAX_DEPTH:
        return _cut()
    node = func.node
    body = _body_scope(func, env)
    if isinstance(node, ast.Lambda):
        return resolve(node.body, body, depth + 1)
    memo = func.module.state.summaries
    key = ("resolve.returns", id(node), func.bound, body.env_key())
    budget = MAX_DEPTH - depth
    cached = memo.get(key)
    if isinstance(cached, Budgeted) and cached.serves(budget):
        return cached.value  # type: ignore[return-value]
    if cached is IN_PROGRESS:
        return UNKNOWN  # a recursive call
    memo[key] = IN_PROGRESS
    before = TRUNCATED[0]
    found = NOTHING
    generator = False
    returned = False
    skipped = _coroutine_skipped(node, body, depth) if env else frozenset()
    for sub in walk_function(node):
        kind = type(sub)
        if kind is ast.Return:
            returned = True
            if id(sub) in skipped:
                continue
            value = sub.value  # type: ignore[attr-defined]
            found = found.join(
                resolve(value, body, depth + 1) if value is not None else Possible.of(Const(None))
            )
        elif kind is ast.Yield or kind is ast.YieldFrom:
            generator = True
    if generator:
        found = UNKNOWN
    elif not returned:
        found = Possible.of(Const(None))
    if not found.complete and node.returns is not None:
        cls = annotation_class(node.returns, func.scope)
        client = _annotated_client(node.returns, func.scope) if cls is None else None
        if client is not None and all(item == client for item in found):
            # (`def get(self, path) -> httpx.Response`, its returns not all known: what the
            # annotation says, a client or a response the model knows)
            found = Possible.of(client)
        elif cls is not None:
            found = Possible(found.items + (Instance(cls),), False)
        elif func.owner is not None and _names_self(node.returns):
            found = Possible(found.items + (Instance(func.owner),), False)
    memo[key] = Budgeted(found, budget, TRUNCATED[0] != before)
    return found


def _coroutine_skipped(
    node: ast.FunctionDef | ast.AsyncFunctionDef, body: Scope, depth: int
) -> frozenset[int]:
    """The `return`s that do not run for what the call binds: in a branch of `if
    iscoroutinefunction(fn):` (of a decorator, for the def it is handed) or of a test of a
    parameter that is one constant there (`if isinstance(t, StructuredTool): return
    t.is_coroutine` of a class tool), or after such an `if` that runs and returns."""
    text = node.__dict__.get("_hd_coroutine_test")
    if text is None:
        a = node.args
        params = {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)}
        params |= {p.arg for p in (a.vararg, a.kwarg) if p is not None}
        text = any(
            (isinstance(sub, ast.Call) and last_name(sub.func) == "iscoroutinefunction")
            or (
                isinstance(sub, ast.If)
                and any(isinstance(n, ast.Name) and n.id in params for n in ast.walk(sub.test))
            )
            for sub in walk_function(node)
        )
        node.__dict__["_hd_coroutine_test"] = text
    if not text:
        return frozenset()
    skipped: set[int] = set()
    ended = False
    for stmt, blocks in def_statements(node):
        if not isinstance(stmt, ast.Return):
            if (
                not blocks
                and isinstance(stmt, ast.If)
                and stmt.body
                and isinstance(stmt.body[-1], ast.Return)
                and (
                    _coroutine_test(stmt.test, body, depth) is True
                    or _constant_truth(stmt.test, body, depth) is True
                )
            ):
                ended = True  # (what follows the `if` does not run)
            continue
        if (not blocks and ended) or _coroutine_blocks_ruled_out(blocks, body, depth):
            skipped.add(id(stmt))
    return frozenset(skipped)


def call_arguments(call: ast.Call, func: Function) -> dict[str, ast.expr]:
    """The argument expression `call` gives each parameter of `func` it surely fills."""
    node = func.node
    args = node.args
    positional = [*args.posonlyargs, *args.args]
    if func.bound or (
        func.owner is not None and isinstance(node, _DEF_TYPES) and _is_classmethod(node)
    ):
        positional = positional[1:]  # `self` (or `cls`) is the object the method is bound to
    taken: frozenset[str] = frozenset()
    if isinstance(func, Prefilled):
        # (a partial's own arguments come first: the call's fill the parameters after them)
        positional = positional[func.given_args :]
        taken = func.given_keywords
        positional = [p for p in positional if p.arg not in taken]
    given: dict[str, ast.expr] = {}
    for param, arg in zip(positional, call.args):
        if isinstance(arg, ast.Starred):
            return given
        given[param.arg] = arg
    names = {p.arg for p in (*positional, *args.kwonlyargs)} - taken
    for kw in call.keywords:
        if kw.arg is not None and kw.arg in names:
            given[kw.arg] = kw.value
    return given


def bind_call(
    call: ast.Call,
    scope: Scope,
    func: Function,
    depth: int = 0,
    only: frozenset[str] | None = None,
) -> dict[str, Possible]:
    """What `call` gives each parameter of `func` (only those it surely fills; of those, only
    the parameters named in `only` when given)."""
    bound = {
        name: resolve(expr, scope, depth + 1)
        for name, expr in call_arguments(call, func).items()
        if only is None or name in only
    }
    for name, (expr, where) in _starred_row(call, scope, func, depth).items():
        if name not in bound and (only is None or name in only):
            bound[name] = resolve(expr, where, depth + 1)
    extra = _extra_positionals(call, func)
    if extra is not None and (only is None or extra[0] in only):
        bound[extra[0]] = Possible.of(Literal(extra[1], scope))
    return bound


def _extra_positionals(call: ast.Call, func: Function) -> tuple[str, ast.Tuple] | None:
    """`*args` of the def and the tuple of the call's positional arguments it takes (`tool(fn)`
    of `def tool(*args, emoji=None)`: `(fn,)`), kept on the call."""
    node = func.node
    vararg = node.args.vararg
    if vararg is None or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    taken = len(node.args.posonlyargs) + len(node.args.args)
    if func.bound or (
        func.owner is not None and isinstance(node, _DEF_TYPES) and _is_classmethod(node)
    ):
        taken -= 1
    if isinstance(func, Prefilled):
        return None
    key = f"_hd_extra_{max(taken, 0)}"
    made: ast.Tuple | None = call.__dict__.get(key)
    if made is None:
        made = ast.copy_location(ast.Tuple(call.args[max(taken, 0) :], ast.Load()), call)
        call.__dict__[key] = made
    return vararg.arg, made


def _starred_row(
    call: ast.Call, scope: Scope, func: Function, depth: int
) -> dict[str, tuple[ast.expr, Scope]]:
    """`reg(*entry)` of a row the scope knows (`entry` of `for entry in TOOLS`, a tuple or
    list display): each item for the positional parameter it fills."""
    starred = [i for i, a in enumerate(call.args) if isinstance(a, ast.Starred)]
    if len(starred) != 1 or isinstance(func, Prefilled) or isinstance(func.node, ast.Lambda):
        return {}
    at = starred[0]
    node = func.node
    positional = [*node.args.posonlyargs, *node.args.args]
    if func.bound or (
        func.owner is not None and isinstance(node, _DEF_TYPES) and _is_classmethod(node)
    ):
        positional = positional[1:]
    row = resolve(call.args[at].value, scope, depth + 1).single()  # type: ignore[attr-defined]
    if not (
        isinstance(row, Literal)
        and isinstance(row.expr, (ast.Tuple, ast.List))
        and not any(isinstance(e, ast.Starred) for e in row.expr.elts)
    ):
        return {}
    return {param.arg: (elt, row.scope) for param, elt in zip(positional[at:], row.expr.elts)}


def _is_static(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(last_name(d) == "staticmethod" for d in node.decorator_list)


def _is_property(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(last_name(d) in ("property", "cached_property") for d in node.decorator_list)


def _is_classmethod(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(last_name(d) == "classmethod" for d in node.decorator_list)


def _names_self(ann: ast.expr) -> bool:
    return (isinstance(ann, ast.Name) and ann.id == "Self") or (
        isinstance(ann, ast.Attribute) and ann.attr == "Self"
    )


# -- classes ---------------------------------------------------------------------------------------


def class_named(expr: ast.expr, scope: Scope) -> ClassRef | None:
    """The project class an expression names (`Cls`, `mod.Cls`, an imported class), or None."""
    found = resolve(expr, scope).single()
    return found.ref if isinstance(found, Class) else None


def annotation_class(ann: ast.expr | None, scope: Scope, depth: int = 0) -> ClassRef | None:
    """The project class an annotation names: `X`, `mod.X`, `"X"`, `Optional[X]`, `X | None`."""
    if ann is None or depth > MAX_DEPTH:
        return None
    if isinstance(ann, ast.Constant) and isinstance(ann.value, str):
        try:
            parsed = ast.parse(ann.value, mode="eval").body
        except SyntaxError:
            return None
        return annotation_class(parsed, scope, depth + 1)
    if isinstance(ann, ast.BinOp) and isinstance(ann.op, ast.BitOr):
        sides = [s for s in (ann.left, ann.right) if not is_none(s)]
        return annotation_class(sides[0], scope, depth + 1) if len(sides) == 1 else None
    if isinstance(ann, ast.Subscript):
        head = (
            ann.value.attr if isinstance(ann.value, ast.Attribute) else getattr(ann.value, "id", "")
        )
        if head not in _OPTIONAL:
            return None
        inner = ann.slice
        items = inner.elts if isinstance(inner, ast.Tuple) else [inner]
        if head == "Annotated":
            items = items[:1]
        items = [i for i in items if not is_none(i)]
        return annotation_class(items[0], scope, depth + 1) if len(items) == 1 else None
    if isinstance(ann, (ast.Name, ast.Attribute)):
        found = resolve(ann, scope)
        classes = [o.ref for o in found.items if isinstance(o, Class)]
        return classes[0] if len(classes) == 1 else None
    return None


# -- tables: rows and entries ------------------------------------------------------------------------


class Rows:
    """The elements a loop over an expression sees: `(expression, scope)` each."""

    __slots__ = ("complete", "items")

    def __init__(self, items: list[tuple[ast.expr, Scope]], complete: bool = True) -> None:
        self.items = items
        self.complete = complete

    def extend(self, other: Rows | None) -> None:
        if other is None:
            self.complete = False
            return
        self.items.extend(other.items)
        self.complete = self.complete and other.complete


class Entries:
    """A dict's entries: `(key, value expression, scope)`, key `_UNKNOWN_KEY` when not constant
    (`_ExprKey` when it is a name of the code)."""

    __slots__ = ("complete", "fixed", "items")

    def __init__(self, items: list[tuple[object, ast.expr, Scope]], complete: bool = True) -> None:
        self.items = items
        self.complete = complete
        # Keys nothing unknown in the dict can replace: `dict(name=n, **extra)` raises
        # TypeError when `extra` holds a `name` too.
        self.fixed: frozenset[str] = frozenset()


_UNKNOWN_KEY = object()


class _ExprKey:
    """A key that is no constant but a name of the code (`{wiki_summary: (...)}`): unknown to
    a lookup, and the key itself to a loop over `.items()` or `.keys()`."""

    __slots__ = ("node",)

    def __init__(self, node: ast.expr) -> None:
        self.node = node


def _unknown_key(key: object) -> bool:
    return key is _UNKNOWN_KEY or type(key) is _ExprKey


def rows(expr: ast.expr, scope: Scope, depth: int = 0) -> Rows | None:
    """What a `for` over `expr` sees (None: nothing known about it)."""
    if depth > MAX_DEPTH:
        return None
    if isinstance(expr, (ast.List, ast.Tuple, ast.Set)):
        found = Rows([])
        for elt in expr.elts:
            if isinstance(elt, ast.Starred):
                found.extend(rows(elt.value, scope, depth + 1))
            else:
                found.items.append((elt, scope))
        return found
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
        left = rows(expr.left, scope, depth + 1)
        right = rows(expr.right, scope, depth + 1)
        if left is None and right is None:
            return None
        found = Rows([])
        found.extend(left)
        found.extend(right)
        return found
    if isinstance(expr, ast.Dict):
        table = entries(expr, scope, depth + 1)
        return _keys(table) if table is not None else None
    if isinstance(expr, (ast.ListComp, ast.GeneratorExp, ast.SetComp)):
        gen = expr.generators[0] if len(expr.generators) == 1 else None
        if (
            gen is not None
            and isinstance(gen.target, ast.Name)
            and isinstance(expr.elt, ast.Name)
            and expr.elt.id == gen.target.id
        ):
            inner = rows(gen.iter, scope, depth + 1)
            if inner is not None and gen.ifs:
                return _filtered_rows(inner, gen, scope, depth)
            return inner
        if (
            gen is not None
            and isinstance(gen.target, ast.Name)
            and isinstance(expr.elt, ast.Call)
            and is_name(expr.elt.func, gen.target.id)
            and not expr.elt.args
            and not expr.elt.keywords
        ):
            # (`[klass() for klass in cls._classes.values()]`: an instance of each class row)
            inner = rows(gen.iter, scope, depth + 1)
            if inner is None:
                return None
            made = Rows([], inner.complete and not gen.ifs)
            for row, where in inner.items:
                call = ast.copy_location(ast.Call(func=row, args=[], keywords=[]), row)
                made.items.append((call, where))
            return made
        if gen is not None:
            # (`[f"{k}={v}" for k, v in PAIRS]`: the element once per row, the row bound)
            inner = rows(gen.iter, scope, depth + 1)
            if inner is not None and inner.items and len(inner.items) <= _MAX_LOOP_ROWS:
                kept = _filtered_rows(inner, gen, scope, depth) if gen.ifs else inner
                made = Rows([], kept.complete)
                for row, where in kept.items:
                    bound = bind_target(gen.target, row, where, depth + 1)
                    made.items.append((expr.elt, scope.with_env(bound)))
                return made
        if isinstance(expr.elt, ast.Call) and not _reads_any(
            expr.elt.func,
            {n.id for g in expr.generators for n in ast.walk(g.target) if isinstance(n, ast.Name)},
        ):
            # `[Entry(*r) for r in rows]`: each row is what that call makes (how many: unknown)
            return Rows([(expr.elt, scope)], False)
        return None
    if isinstance(expr, ast.Call):
        return _call_rows(expr, scope, depth)
    if isinstance(expr, ast.Name):
        return _name_rows(expr.id, scope, depth)
    if isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Slice):
        return _sliced_rows(expr.value, expr.slice, scope, depth)
    if isinstance(expr, ast.Subscript):
        # (`TOOLS[name]` of a table whose values are rows: `TOOLS[name][0]` is a row's field)
        held = resolve(expr, scope, depth + 1)
        if not any(isinstance(obj, Literal) for obj in held.items):
            return None
        return _literal_rows(held, depth)
    if isinstance(expr, ast.Attribute):
        base = resolve(expr.value, scope, depth + 1)
        found = Rows([])
        any_known = False
        for obj in base.items:
            if isinstance(obj, ModuleObject) and obj.module.tree is not None:
                inner = _name_rows(expr.attr, module_scope(obj.module), depth + 1)
                found.extend(inner)
                any_known = any_known or inner is not None
            else:
                found.extend(_literal_rows(attribute_of(obj, expr.attr, depth + 1), depth))
                any_known = True
                if isinstance(obj, (Instance, Class)) and _METHOD_TABLES[0]:
                    # (`for rule in self.deferred` of a list its methods append to: a row
                    # per call, as `.values()` of a table they fill; `Route._routes` a static
                    # method appends to, per call of it)
                    owner = obj.cls if isinstance(obj, Instance) else obj.ref
                    appended = method_entries(owner, expr.attr, depth + 1)
                    if appended is not None:
                        found.items.extend(
                            (value, where)
                            for _, value, where in appended.items
                            if not isinstance(obj, Instance) or _filled_by(where, obj)
                        )
                        found.complete = found.complete and appended.complete
                if isinstance(obj, Instance):
                    # (`result.entries` of a class that declares `entries: list[Entry]`: what
                    # else it holds, it holds Entry objects)
                    declared = _declared_rows(obj.cls, expr.attr)
                    if declared is not None:
                        found.items.append(declared)
                        found.complete = False
                if isinstance(obj, Class):
                    for added in (
                        _subclass_rows(obj.ref, expr.attr),
                        _metaclass_rows(obj.ref, expr.attr, depth),
                    ):
                        if added is not None:
                            found.items.extend(added.items)
                            found.complete = found.complete and added.complete
        if not base.complete:
            found.complete = False
        return found if any_known else None
    return None


def _filtered_rows(table: Rows, gen: ast.comprehension, scope: Scope, depth: int) -> Rows:
    """The rows a comprehension's `if`s keep (`[e for e in self if e.module == module]`): those
    each test, read with the row bound, does not rule out; fewer, maybe, when one is unknown."""
    kept = Rows([], table.complete)
    for row, where in table.items:
        bound = bind_target(gen.target, row, where, depth + 1)
        here = scope.with_env(bound)
        says = [_row_test(test, here, depth + 1) for test in gen.ifs]
        if False in says:
            continue
        if None in says:
            kept.complete = False  # the filter may leave it out
        kept.items.append((row, where))
    return kept


def _skip_tests(loop: ast.For | ast.AsyncFor, before: int) -> list[ast.expr]:
    """The tests of `if test: continue` statements of the loop's body above line `before`."""
    return [
        stmt.test
        for stmt in loop.body
        if isinstance(stmt, ast.If)
        and not stmt.orelse
        and isinstance(stmt.body[-1], ast.Continue)
        and (stmt.end_lineno or stmt.lineno) < before
    ]


def _row_test(test: ast.expr, scope: Scope, depth: int) -> bool | None:
    """The truth of `a == b` or `a != b` (or `not` of one) of two constants, or of `x is
    None` (`is not`) of a value known to be None or known not to be, else None."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        says = _row_test(test.operand, scope, depth)
        return None if says is None else not says
    if isinstance(test, ast.BoolOp):
        # (`toolset is None or klass.TOOLSET == toolset`: decided when each part is, or one
        # part decides it alone)
        deciding = isinstance(test.op, ast.Or)
        parts = [_row_test(value, scope, depth) for value in test.values]
        if deciding in parts:
            return deciding
        return None if None in parts else not deciding
    if (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], (ast.Is, ast.IsNot))
        and is_none(test.comparators[0])
    ):
        held = resolve(test.left, scope, depth)
        if not held.complete or not held.items:
            return None
        nones = [isinstance(o, Const) and o.value is None for o in held.items]
        if all(nones):
            return isinstance(test.ops[0], ast.Is)
        if any(nones) or any(isinstance(o, Const) and o.value is None for o in held.items):
            return None
        if all(
            isinstance(o, (Literal, Instance, Function, Class, Member, Const)) for o in held.items
        ):
            return isinstance(test.ops[0], ast.IsNot)  # (no None among them: see above)
        return None
    if (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], (ast.In, ast.NotIn))
    ):
        # (`k in spec` of a constant key and a row whose keys are all known)
        known, key = constant_key(test.left, scope, depth)
        table = entries(test.comparators[0], scope, depth + 1) if known else None
        if table is None or not table.complete:
            return None
        keys = [k for k, _, _ in table.items]
        if any(not isinstance(k, (str, int, bool)) for k in keys):
            return None
        return (key in keys) is isinstance(test.ops[0], ast.In)
    if not (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], (ast.Eq, ast.NotEq))
    ):
        return None
    left_known, left = constant_key(test.left, scope, depth)
    right_known, right = constant_key(test.comparators[0], scope, depth)
    plain = (str, int, bool, type(None))
    if not (left_known and right_known and type(left) in plain and type(right) in plain):
        return None
    return (left == right) is isinstance(test.ops[0], ast.Eq)


def _iterated_rows(obj: Instance, depth: int) -> Rows | None:
    """`for e in registry` of an instance whose class defines `__iter__`: what it yields, or
    the rows of what it returns (`return iter(self._items.values())`)."""
    found = class_method(obj.cls, "__iter__", depth + 1)
    if found is None or not isinstance(found[0].node, _DEF_TYPES):
        return None
    func = found[0]
    node = func.node
    assert isinstance(node, _DEF_TYPES)
    positional = [*node.args.posonlyargs, *node.args.args]
    env = {positional[0].arg: Possible.of(obj)} if positional else {}
    yielded = _yielded_rows(func, env, depth)
    if yielded is not None:
        return yielded
    body = _body_scope(func, env)
    out = Rows([])
    known = False
    for sub in walk_function(node):
        if not isinstance(sub, ast.Return) or sub.value is None:
            continue
        value = sub.value
        if isinstance(value, ast.Call) and is_name(value.func, "iter") and len(value.args) == 1:
            value = value.args[0]
        inner = rows(value, body, depth + 1)
        out.extend(inner)
        known = known or inner is not None
    return out if known else None


def _sliced_rows(value: ast.expr, part: ast.Slice, scope: Scope, depth: int) -> Rows | None:
    """`FIELDS[2:]` of a list or tuple written out (and bound once, never changed): those rows;
    of anything else, some of its rows."""
    written: ast.expr | None = value
    where = scope
    if isinstance(value, ast.Name):
        bound = assigned_value(value.id, scope, depth + 1)
        written, where = bound if bound is not None else (None, scope)
    bounds = [part.lower, part.upper, part.step]
    if (
        isinstance(written, (ast.List, ast.Tuple))
        and not any(isinstance(e, ast.Starred) for e in written.elts)
        and all(b is None or (isinstance(b, ast.Constant) and type(b.value) is int) for b in bounds)
    ):
        low, high, step = (
            b.value if isinstance(b, ast.Constant) and type(b.value) is int else None
            for b in bounds
        )
        if step != 0:
            return Rows([(e, where) for e in written.elts[low:high:step]])
    whole = rows(value, scope, depth + 1)
    if whole is not None:
        whole.complete = False
    return whole


def _keys(table: Entries) -> Rows:
    found = Rows([], table.complete)
    for key, value, value_scope in table.items:
        if type(key) is _ExprKey:
            found.items.append((key.node, value_scope))
            continue
        if type(key) is MemberKey:
            found.items.append((member_expr(key.member), key.member.cls.scope))
            continue
        if key is _UNKNOWN_KEY:
            found.complete = False
            continue
        node = ast.Constant(key)  # type: ignore[arg-type]  # (a constant's value)
        ast.copy_location(node, value)
        found.items.append((node, value_scope))
    return found


def _reads_any(expr: ast.expr, names: set[str]) -> bool:
    return any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(expr))


def _call_rows(call: ast.Call, scope: Scope, depth: int) -> Rows | None:
    func = call.func
    if (
        isinstance(func, ast.Attribute)
        and func.attr in ("items", "keys", "values")
        and not call.args
    ):
        table = entries(func.value, scope, depth + 1)
        owner = _table_owner(func.value, scope, depth) if _METHOD_TABLES[0] else None
        if owner is not None:
            # (`self.specs.values()`: what the class's methods put in it, at each call)
            table = _with_method_entries(table, owner, func.value.attr, depth)  # type: ignore[attr-defined]
            held = resolve(func.value.value, scope, depth + 1)  # type: ignore[attr-defined]
            one = held.single() if held.complete else None
            if table is not None and isinstance(one, Instance):
                # (of this instance's own calls, not another one's of the same class)
                table = Entries([e for e in table.items if _filled_by(e[2], one)], table.complete)
        if table is None:
            return None
        if func.attr == "keys":
            return _keys(table)
        found = Rows([], table.complete)
        for key, value, value_scope in table.items:
            if func.attr == "values":
                found.items.append((value, value_scope))
                continue
            if type(key) is _ExprKey:
                key_node: ast.expr = key.node  # (`{handler: spec}`: the key as written)
            elif key is _UNKNOWN_KEY:
                found.complete = False
                continue
            else:
                key_node = ast.Constant(key)  # type: ignore[arg-type]  # (a constant's value)
                ast.copy_location(key_node, value)
            pair = ast.Tuple(elts=[key_node, value], ctx=ast.Load())
            ast.copy_location(pair, value)
            found.items.append((pair, value_scope))
        return found
    if (
        isinstance(func, ast.Name)
        and func.id in _COPIES
        and len(call.args) == 1
        and is_builtin_name(func.id, scope)
    ):
        return rows(call.args[0], scope, depth + 1)
    if (
        isinstance(func, ast.Name)
        and func.id in ("zip", "enumerate")
        and call.args
        and not call.keywords
        and is_builtin_name(func.id, scope)
    ):
        return _paired_rows(func.id, call.args, scope, depth)
    if (
        isinstance(func, ast.Name)
        and func.id == "dir"
        and len(call.args) == 1
        and not call.keywords
        and is_builtin_name("dir", scope)
    ):
        return _dir_rows(call, scope, depth)
    if (
        isinstance(func, ast.Name)
        and func.id == "range"
        and 1 <= len(call.args) <= 2
        and not call.keywords
        and is_builtin_name("range", scope)
    ):
        return _range_rows(call, scope, depth)
    if last_name(func) in ("map", "starmap") and len(call.args) == 2 and not call.keywords:
        mapped = _mapped_rows(call, scope, depth)
        if mapped is not None:
            return mapped
    if last_name(func) == "getmembers" and call.args:
        members = _member_rows(call, scope, depth)
        if members is not None:
            return members
    if (
        last_name(func) in _JOINERS
        and call.args
        and not any(isinstance(a, ast.Starred) for a in call.args)
    ):
        joined = _joined_rows(call, scope, depth)
        if joined is not None:
            return joined
    callee = resolve(func, scope, depth + 1)
    found = Rows([])
    known = False
    for obj in callee.items:
        if isinstance(obj, Function):
            known = True
            env = bind_call(call, scope, obj, depth)
            me = _receiver(obj, call, scope, depth, any_instance=True)
            if me is not None:
                env[me[0]] = me[1]  # (`handler.get_tools()`: what its loops read of `self`)
            yielded = _yielded_rows(obj, env, depth)
            if yielded is not None:
                found.extend(yielded)
                continue
            named = _returned_names(obj)
            if named:
                # (`out = []` ... `out.append(Excursion(...))` ... `return out`: the rows the
                # def's list was given, not the empty display it started as)
                body = _body_scope(obj, env)
                for name in named:
                    found.extend(_name_rows(name, body, depth + 1))
                continue
            found.extend(_literal_rows(function_returns(obj, env, depth + 1), depth))
        else:
            found.complete = False
    if not callee.complete:
        found.complete = False
    return found if known else None


_JOINERS = frozenset({"chain", "from_iterable", "sum", "reduce"})


def _joined_rows(call: ast.Call, scope: Scope, depth: int) -> Rows | None:
    """Lists joined into one: `itertools.chain(A, B)`, and the lists of one list joined,
    `chain.from_iterable([A, B])`, `sum([A, B], [])`, `reduce(operator.add, [A, B])` (or a
    lambda that adds): the rows of each, in order."""
    joiner = resolve(call.func, scope, depth + 1).single()
    parts: list[tuple[ast.expr, Scope]]
    if isinstance(joiner, External) and joiner.dotted == "itertools.chain":
        parts = [(a, scope) for a in call.args]
    else:
        if isinstance(joiner, External) and joiner.dotted == "itertools.chain.from_iterable":
            lists = call.args[0] if len(call.args) == 1 else None
        elif isinstance(joiner, Builtin) and joiner.name == "sum" and len(call.args) == 2:
            start = call.args[1]
            lists = call.args[0] if isinstance(start, ast.List) and not start.elts else None
        elif (
            isinstance(joiner, External)
            and joiner.dotted == "functools.reduce"
            and len(call.args) in (2, 3)
            and _adds(call.args[0], scope, depth)
            and (
                len(call.args) == 2
                or (isinstance(call.args[2], (ast.List, ast.Tuple)) and not call.args[2].elts)
            )
        ):
            lists = call.args[1]
        else:
            return None
        outer = rows(lists, scope, depth + 1) if lists is not None else None
        if outer is None:
            return None
        parts = list(outer.items)
        if not outer.complete:
            return None
    found = Rows([])
    for part, where in parts:
        inner = rows(part, where, depth + 1)
        if inner is None:
            return None
        found.extend(inner)
    return found


def _adds(func: ast.expr, scope: Scope, depth: int) -> bool:
    """`operator.add` (`operator.iadd`, `operator.concat`) or `lambda a, b: a + b`."""
    return fold_operator(func, scope, depth) in ("operator.add", "operator.iadd", "operator.concat")


# The operator module's name of what `lambda a, b: a <op> b` does.
_LAMBDA_OPERATORS: dict[type[ast.operator], str] = {
    ast.Add: "operator.add",
    ast.Sub: "operator.sub",
    ast.BitOr: "operator.or_",
    ast.BitAnd: "operator.and_",
    ast.BitXor: "operator.xor",
}


def fold_operator(func: ast.expr, scope: Scope, depth: int = 0) -> str | None:
    """What a fold (`functools.reduce(func, ...)`) joins with, as the `operator` module names
    it: `operator.or_` itself, or a lambda of two parameters that applies one to both
    (`lambda a, b: a | b`); None for anything else."""
    if isinstance(func, ast.Lambda):
        params = [a.arg for a in func.args.args]
        body = func.body
        if not (
            len(params) == 2
            and isinstance(body, ast.BinOp)
            and isinstance(body.left, ast.Name)
            and isinstance(body.right, ast.Name)
            and {body.left.id, body.right.id} == set(params)
        ):
            return None
        return _LAMBDA_OPERATORS.get(type(body.op))
    found = resolve(func, scope, depth + 1).single()
    return found.dotted if isinstance(found, External) else None


# (the object `inspect.getmembers` lists, as its rows read it: a name no code can spell)
_MEMBERS_OF = "<members>"
_METHOD_TESTS = frozenset({"inspect.ismethod", "inspect.isroutine", "inspect.isfunction"})


def _member_rows(call: ast.Call, scope: Scope, depth: int) -> Rows | None:
    """`inspect.getmembers(self, predicate=inspect.ismethod)`: a `(name, method)` row per def
    of the object's class and its bases (the method bound to the object)."""
    getter = resolve(call.func, scope, depth + 1).single()
    if not (isinstance(getter, External) and getter.dotted == "inspect.getmembers"):
        return None
    test = call.args[1] if len(call.args) > 1 else None
    for kw in call.keywords:
        if kw.arg == "predicate":
            test = kw.value
    said = resolve(test, scope, depth + 1).single() if test is not None else None
    if not (isinstance(said, External) and said.dotted in _METHOD_TESTS):
        return None  # (every attribute, or what another test keeps: not known here)
    obj = resolve(call.args[0], scope, depth + 1).single()
    if not isinstance(obj, (Instance, Class)):
        return None
    cls = obj.cls if isinstance(obj, Instance) else obj.ref
    found = Rows([])
    seen: set[str] = set()
    for known in _lineage(cls):
        if any(b is None for b in class_bases(known)) and known.node.bases:
            found.complete = False
        for stmt in known.node.body:
            if not isinstance(stmt, _DEF_TYPES) or stmt.name in seen:
                continue
            seen.add(stmt.name)
            if _is_property(stmt) or (isinstance(obj, Instance) and _is_static(stmt)):
                continue
            holder = ast.Name(_MEMBERS_OF, ast.Load())
            row = ast.Tuple(
                [ast.Constant(stmt.name), ast.Attribute(holder, stmt.name, ast.Load())], ast.Load()
            )
            ast.copy_location(row, stmt)
            for sub in ast.walk(row):
                ast.copy_location(sub, stmt)
            where = scope.with_env({_MEMBERS_OF: Possible.of(obj)})
            found.items.append((row, where))
    return found


def mapped_target(params: list[str], spread: bool) -> ast.expr:
    """What a lambda `map` hands a row binds: its first parameter to the row, or (`starmap`)
    each parameter to the row's item, as a loop target would."""
    if not spread:
        return ast.Name(params[0], ast.Store())
    return ast.Tuple([ast.Name(p, ast.Store()) for p in params], ast.Store())


def _mapped_rows(call: ast.Call, scope: Scope, depth: int) -> Rows | None:
    """`map(lambda r: Spec(*r), TABLE)` (`starmap(lambda name, fn: ..., TABLE)`): what the
    lambda's body makes of each row, its parameters bound to the row (to its items)."""
    given, table_expr = call.args
    if isinstance(given, ast.Starred) or isinstance(table_expr, ast.Starred):
        return None
    fn = resolve(given, scope, depth + 1).single()
    if not isinstance(fn, Function) or not isinstance(fn.node, ast.Lambda):
        return None
    lam = fn.node
    params = [a.arg for a in (*lam.args.posonlyargs, *lam.args.args)]
    table = rows(table_expr, scope, depth + 1)
    if not params or table is None:
        return None
    found = Rows([], table.complete)
    for row, row_scope in table.items[:_MAX_LOOP_ROWS]:
        target = mapped_target(params, last_name(call.func) == "starmap")
        env = bind_target(target, row, row_scope, depth + 1)
        found.items.append((lam.body, fn.scope.child(lam, env)))
    if len(table.items) > _MAX_LOOP_ROWS:
        found.complete = False
    return found


def _yielded_rows(func: Function, env: dict[str, Possible], depth: int) -> Rows | None:
    """The rows a call of a generator def gives: each `yield x` and the rows of each `yield
    from xs`; a `yield` of a loop's own target (`for t in TOOLS: yield t`) gives the loop's
    rows. None when the def is no generator."""
    node = func.node
    if isinstance(node, ast.Lambda):
        return None
    own = walk_function(node)
    if not any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in own):
        return None
    body = _body_scope(func, env)
    found = Rows([])
    loops = {
        id(stmt.value): loop
        for loop in own
        if isinstance(loop, (ast.For, ast.AsyncFor))
        for stmt in loop.body
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Yield)
    }
    for sub in own:
        if isinstance(sub, ast.YieldFrom):
            found.extend(rows(sub.value, body, depth + 1))
            if _in_loop(node, sub):
                found.complete = False
        elif isinstance(sub, ast.Yield):
            loop = loops.get(id(sub))
            if (
                loop is not None
                and isinstance(loop.target, ast.Name)
                and isinstance(sub.value, ast.Name)
                and sub.value.id == loop.target.id
            ):
                found.extend(rows(loop.iter, body, depth + 1))
            elif sub.value is not None and not _in_loop(node, sub):
                found.items.append((sub.value, body))
            else:
                found.complete = False
    return found


def _in_loop(func: ast.FunctionDef | ast.AsyncFunctionDef, node: ast.AST) -> bool:
    """`node` lies in a loop of the def's own body (it may run any number of times)."""
    return any(
        isinstance(sub, (ast.For, ast.AsyncFor, ast.While)) and within(node, sub)
        for sub in walk_function(func)
    )


def _dir_rows(call: ast.Call, scope: Scope, depth: int) -> Rows | None:
    """`dir(obj)` of an instance (or a class) of the project: the names its class and the
    project bases define, sorted as `dir` gives them (those `object` adds are left out, so
    the rows are not all of them)."""
    held = resolve(call.args[0], scope, depth + 1).single()
    cls = held.cls if isinstance(held, Instance) else held.ref if isinstance(held, Class) else None
    if cls is None:
        return None
    # (what `object` gives every instance, and the names the class and its project bases
    # bind, and the attributes their methods set on `self`)
    names: set[str] = set(dir(object)) | ({"__dict__", "__module__", "__weakref__"})
    complete = isinstance(held, Instance)
    stack, seen = [cls], 0
    while stack and seen < _MAX_CLASS_DEPTH:
        ref = stack.pop()
        seen += 1
        if ref.node.keywords:
            complete = False  # (a metaclass may add more)
        for stmt in ref.node.body:
            if isinstance(stmt, (*_DEF_TYPES, ast.ClassDef)):
                names.add(stmt.name)
                if stmt.name in ("__dir__", "__getattr__", "__getattribute__"):
                    complete = False
            elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                names.update(t.id for t in targets if isinstance(t, ast.Name))
            if isinstance(stmt, _DEF_TYPES) and stmt.args.args:
                me = stmt.args.args[0].arg
                for sub in walk_function(stmt):
                    if isinstance(sub, (ast.Assign, ast.AnnAssign)):
                        targets = sub.targets if isinstance(sub, ast.Assign) else [sub.target]
                        names.update(
                            t.attr
                            for t in targets
                            if isinstance(t, ast.Attribute) and is_name(t.value, me)
                        )
        bases = class_bases(ref)
        if any(base is None for base in bases) and not object_like_bases(ref):
            complete = False  # (a base outside the project)
        stack.extend(base for base in bases if base is not None)
    found = Rows([], complete=complete)
    for name in sorted(names):
        found.items.append((ast.copy_location(ast.Constant(name), call), scope))
    return found


def _returned_names(func: Function) -> list[str]:
    """The local each `return` of a def hands back (`return out`), when every one returns a
    name its body binds to a list it appends to; else empty."""
    node = func.node
    if isinstance(node, ast.Lambda):
        return []
    names: list[str] = []
    for sub in walk_function(node):
        if type(sub) is ast.Return:
            value = sub.value
            if not isinstance(value, ast.Name):
                return []
            if value.id not in names:
                names.append(value.id)
        elif type(sub) in (ast.Yield, ast.YieldFrom):
            return []
    appended = {
        sub.func.value.id
        for sub in walk_function(node)
        if type(sub) is ast.Call
        and isinstance(sub.func, ast.Attribute)
        and sub.func.attr in ("append", "extend", "insert")
        and isinstance(sub.func.value, ast.Name)
    }
    return names if names and all(n in appended for n in names) else []


def _range_rows(call: ast.Call, scope: Scope, depth: int) -> Rows | None:
    """`range(len(NAMES))` of a list written out, `range(3)`, `range(1, 4)`: the indexes, as
    constants (`NAMES[i]` of each is then that row)."""
    bounds: list[int] = []
    for arg in call.args:
        if (
            isinstance(arg, ast.Call)
            and isinstance(arg.func, ast.Name)
            and arg.func.id == "len"
            and len(arg.args) == 1
            and is_builtin_name("len", scope)
        ):
            counted = rows(arg.args[0], scope, depth + 1)
            if (
                counted is None
                or not counted.complete
                or any(isinstance(e, ast.Starred) for e, _ in counted.items)
            ):
                return None
            bounds.append(len(counted.items))
            continue
        known, value = constant_key(arg, scope, depth)
        if not known or type(value) is not int:
            return None
        bounds.append(value)
    indexes = range(*bounds)
    if len(indexes) > MAX_ITEMS:
        return None
    return Rows([(ast.copy_location(ast.Constant(i), call), scope) for i in indexes])


def _paired_rows(kind: str, args: list[ast.expr], scope: Scope, depth: int) -> Rows | None:
    """`zip(NAMES, HANDLERS)` / `enumerate(HANDLERS)`: one tuple per row, when the rows of each
    iterable are known and read in one scope (a tuple is resolved in one)."""
    if kind == "enumerate" and len(args) != 1:
        return None
    columns = [rows(arg, scope, depth + 1) for arg in args]
    if any(
        c is None or not c.complete or any(isinstance(e, ast.Starred) for e, _ in c.items)
        for c in columns
    ):
        return None
    tables = [c.items for c in columns if c is not None]
    length = min(len(t) for t in tables)
    if kind == "enumerate":
        tables = [
            [(ast.copy_location(ast.Constant(i), e), s) for i, (e, s) in enumerate(tables[0])],
            tables[0],
        ]
    found = Rows([])
    for index in range(length):
        row = [t[index] for t in tables]
        home = row[-1][1]
        if any(s is not home for _, s in row):
            return None
        pair = ast.Tuple(elts=[e for e, _ in row], ctx=ast.Load())
        ast.copy_location(pair, row[-1][0])
        found.items.append((pair, home))
    return found  # (zip stops at the shortest: the rows past it never come)


def _subclass_rows(cls: ClassRef, attr: str) -> Rows | None:
    """What the class's `__init_subclass__` adds to its attribute `attr` for each subclass
    (`Tool.registry.append(cls())`): the added value with `cls` bound to each project subclass
    (a subclass for which an `if cls.name:` around it is false adds nothing)."""
    hook = next(
        (m for m in cls.methods() if getattr(m.node, "name", "") == "__init_subclass__"), None
    )
    if hook is None or isinstance(hook.node, ast.Lambda):
        return None
    params = [*hook.node.args.posonlyargs, *hook.node.args.args]
    if not params:
        return None
    me = params[0].arg
    added: list[tuple[ast.expr, list[str]]] = []  # (value, attributes of `cls` it needs true)

    def visit(stmts: list[ast.stmt], needs: list[str]) -> None:
        for stmt in stmts:
            if isinstance(stmt, ast.If):
                test = stmt.test
                if isinstance(test, ast.Attribute) and is_name(test.value, me):
                    visit(stmt.body, [*needs, test.attr])
                else:
                    visit(stmt.body, needs)
                    visit(stmt.orelse, needs)
            elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
                call = stmt.value
                func = call.func
                if (
                    isinstance(func, ast.Attribute)
                    and func.attr in ("append", "add")
                    and len(call.args) == 1
                    and isinstance(func.value, ast.Attribute)
                    and func.value.attr == attr
                    and (is_name(func.value.value, me) or is_name(func.value.value, cls.name))
                ):
                    added.append((call.args[0], needs))

    visit(hook.node.body, [])
    if not added:
        return None
    found = Rows([])
    for sub in subclasses(cls):
        scope = hook.scope.child(hook.node, {me: Possible.of(Class(sub))}, owner=cls)
        for value, needs in added:
            if any(_falsy(attribute_of(Class(sub), name)) for name in needs):
                continue
            found.items.append((value, scope))
    return found


def _metaclass_entries(meta: ClassRef, attr: str, depth: int) -> Entries | None:
    """`Meta.registry` of a metaclass whose `__new__` stores each class it makes there
    (`mcls.registry[namespace.get("tool_name")] = cls`): one entry per project class made with
    it (and per subclass of one) on whose statement the hook's tests hold."""
    applied = _metaclass_applications(meta, attr, keyed=True, depth=depth)
    if applied is None:
        return None
    found = Entries([], applied[1])
    for store, made in applied[0]:
        key = for_class(store.key, store.hook, made.node)  # type: ignore[arg-type]
        known, constant = constant_key(key, made.scope, depth)
        value = for_class(store.value, store.hook, made.node)
        # (a key of the class that no constant gives, `cls.tool_name` set by a class keyword:
        # the key as written, for a loop over `.items()`)
        found.items.append((constant if known else _ExprKey(key), value, made.scope))
    return found


def _metaclass_rows(meta: ClassRef, attr: str, depth: int) -> Rows | None:
    """`Meta.registry` of a metaclass whose `__new__` appends each class it makes there."""
    applied = _metaclass_applications(meta, attr, keyed=False, depth=depth)
    if applied is None:
        return None
    return Rows(
        [(for_class(s.value, s.hook, made.node), made.scope) for s, made in applied[0]],
        applied[1],
    )


def _metaclass_applications(
    meta: ClassRef, attr: str, keyed: bool, depth: int
) -> tuple[list[tuple[Store, ClassRef]], bool] | None:
    """Each store of the metaclass's `__new__` into `attr` (keyed ones or appends) with each
    class it runs for, and whether the hook's tests were all decided (None: no such store)."""
    if not is_metaclass(meta.node):
        return None
    stores = [s for s in table_stores(meta.node, attr) if (s.key is not None) is keyed]
    if not stores:
        return None
    out: list[tuple[Store, ClassRef]] = []
    complete = True
    for made in _made_with(meta):
        for store in stores:
            holds = _hook_tests_hold(store, made, depth)
            if holds is False:
                continue
            if holds is None:
                complete = False
            out.append((store, made))
    return out, complete


def _hook_tests_hold(store: Store, made: ClassRef, depth: int) -> bool | None:
    """Whether the tests on the way to a metaclass's store hold for `made` (None: not known)."""
    verdict: bool | None = True
    for test, truth in store.guards:
        while isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            test, truth = test.operand, not truth
        value = resolve(for_class(test, store.hook, made.node), made.scope, depth + 1)
        one = value.single()
        if isinstance(one, Const):
            if bool(one.value) is not truth:
                return False
        elif isinstance(one, Class) and truth:
            continue  # (a class is true)
        else:
            verdict = None
    return verdict


def _made_with(meta: ClassRef) -> list[ClassRef]:
    """The project classes whose statement names `meta` as their metaclass (in its folder and
    the folders under it), and their subclasses. Bounded; found once per metaclass."""
    memo = meta.module.state.summaries
    key = ("metaclass.users", id(meta.node))
    cached = memo.get(key)
    if cached is not None:
        return cached  # type: ignore[return-value]
    memo[key] = []
    found: list[ClassRef] = []
    for module in subtree_modules(meta.module, "metaclass"):
        if not module.contains(meta.name) or module.tree is None:
            continue
        scope = module_scope(module)
        for stmt in module.tree.body:
            if not isinstance(stmt, ast.ClassDef):
                continue
            given = next((kw.value for kw in stmt.keywords if kw.arg == "metaclass"), None)
            if given is None:
                continue
            named = resolve(given, scope).single()
            if isinstance(named, Class) and named.ref == meta:
                ref = ClassRef(stmt, module, scope)
                for cls in (ref, *subclasses(ref)):
                    if cls not in found:
                        found.append(cls)
        if len(found) > MAX_ITEMS:
            break
    memo[key] = found
    return found


def _falsy(value: Possible) -> bool:
    item = value.single()
    return isinstance(item, Const) and not item.value


_SEQUENCES = frozenset(
    {"list", "List", "Sequence", "Iterable", "Iterator", "tuple", "Tuple", "set", "Set"}
)
# annotation node id -> (the annotation, a call of its element class made once: rows are
# remembered by identity)
_ELEMENT_CALLS: dict[int, tuple[ast.expr, ast.Call]] = {}


def _declared_rows(cls: ClassRef, attr: str) -> tuple[ast.expr, Scope] | None:
    """A row standing for an element of `attr` as the class body declares it (`entries:
    list[Entry]`): a call of the element's project class."""
    for stmt in cls.node.body:
        if not (
            isinstance(stmt, ast.AnnAssign)
            and isinstance(stmt.target, ast.Name)
            and stmt.target.id == attr
            and isinstance(stmt.annotation, ast.Subscript)
            and last_name(stmt.annotation.value) in _SEQUENCES
        ):
            continue
        element = stmt.annotation.slice
        if isinstance(element, ast.Tuple):
            if len(element.elts) != 2 or not (
                isinstance(element.elts[1], ast.Constant) and element.elts[1].value is Ellipsis
            ):
                return None
            element = element.elts[0]  # (`tuple[Entry, ...]`)
        if not isinstance(element, (ast.Name, ast.Attribute)):
            return None
        if annotation_class(element, cls.scope) is None:
            return None
        made = _ELEMENT_CALLS.get(id(element))
        if made is None or made[0] is not element:
            call = ast.Call(func=element, args=[], keywords=[])
            ast.copy_location(call, element)
            made = _ELEMENT_CALLS[id(element)] = (element, call)
        return made[1], cls.scope
    return None


def _literal_rows(value: Possible, depth: int) -> Rows:
    found = Rows([], value.complete)
    for obj in value.items:
        if isinstance(obj, Literal):
            found.extend(rows(obj.expr, obj.scope, depth + 1))
        elif isinstance(obj, Class) and enum_kind(obj.ref) is not None:
            # (`for action in Action`: its members, in the order the class body binds them)
            found.items.extend(
                (member_expr(m), m.cls.scope) for m in enum_members(obj.ref).values()
            )
        elif isinstance(obj, Instance) and _METHOD_TABLES[0]:
            iterated = _iterated_rows(obj, depth)
            found.extend(iterated if iterated is not None else Rows([], False))
        else:
            found.complete = False
    return found


def _name_rows(name: str, scope: Scope, depth: int) -> Rows | None:
    located = scope.lookup(name)
    if located is None:
        return None
    where, bindings = located
    if bindings is None:
        assert where.env is not None
        return _literal_rows(where.env[name], depth)
    live = where.live(name, bindings, runtime=False)
    if not live:
        return None
    found = Rows([])
    known = False
    for binding in live:
        kind = binding.kind
        value = binding.value
        if (
            kind in ("assign", "annotated", "augmented", "named")
            and value is not None
            and binding.path == ()
        ):
            inner = rows(value, where, depth + 1)
            if inner is None and _METHOD_TABLES[0] and isinstance(value, ast.Call):
                # (`REGISTRY = ToolRegistry(HOME)`: what the instance's `__iter__` gives)
                made = resolve(value, where, depth + 1)
                if made.items and all(isinstance(o, Instance) for o in made.items):
                    inner = _literal_rows(made, depth)
            found.extend(inner)
            known = known or inner is not None
        elif kind == "import":
            imported = _imported_rows(binding, where, depth)
            found.extend(imported)
            known = known or imported is not None
        elif kind == "mutated" and binding.home is where.func:
            known = True
            detail = binding.detail
            if detail in ("append", "insert", "add") and value is not None:
                found.items.extend((value, here) for here in _row_scopes(binding, where, depth))
            elif detail == "extend" and value is not None:
                for here in _row_scopes(binding, where, depth):
                    found.extend(rows(value, here, depth + 1))
            elif detail in ("setitem", "update", "setdefault"):
                table = entries(ast.Name(name, ast.Load()), where, depth + 1)
                return _keys(table) if table is not None else None
            else:
                found.complete = False
        else:
            found.extend(_literal_rows(resolve_binding(binding, where, depth + 1), depth))
            known = True
    if where.func is None and where.parent is None and known:
        decorated = _decorated_rows(name, where, depth)
        if decorated is not None:
            found.extend(decorated)
        handed = _handed_rows(name, where, depth)
        if handed is not None:
            found.items.extend(handed.items)
    return found if known else None


_MAX_LOOP_ROWS = 64


def _row_scopes(binding: Binding, where: Scope, depth: int) -> list[Scope]:
    """Where a change made in a def's loops is read: once per row of each `for` around it, its
    target bound to that row (`for fn, desc in specs: out.append((f"x_{fn.__name__}", fn))`
    adds one row per spec, each with its own function), else once with the loop unread."""
    loops = [
        block.node
        for block in binding.blocks
        if isinstance(block.node, (ast.For, ast.AsyncFor)) and block.part == "body"
    ]
    return _per_row(loops, getattr(binding.node, "lineno", 0), where, depth)


def _loops_around(home: FuncNode, node: ast.AST) -> list[ast.For | ast.AsyncFor]:
    """The `for` loops of the def whose body holds `node`, outermost first."""
    if isinstance(home, ast.Lambda):
        return []
    found = [
        sub
        for sub in walk_function(home)
        if isinstance(sub, (ast.For, ast.AsyncFor)) and any(within(node, s) for s in sub.body)
    ]
    return sorted(found, key=lambda loop: (loop.lineno, loop.col_offset))


def _per_row(
    loops: list[ast.For | ast.AsyncFor], line: int, where: Scope, depth: int
) -> list[Scope]:
    """`where` once per row of each loop (their targets bound to it), rows a `continue` at
    the top of a loop's body skips left out; once unread where a loop's rows are not known."""
    scopes = [where]
    for loop in loops:
        out: list[Scope] = []
        for scope in scopes:
            table = rows(loop.iter, scope, depth + 1)
            if table is None or not table.items or len(out) + len(table.items) > _MAX_LOOP_ROWS:
                out.append(scope)
                continue
            skips = _skip_tests(loop, line)
            for row, row_scope in table.items:
                bound = bind_target(loop.target, row, row_scope, depth + 1)
                here = scope.with_env(bound)
                if any(_row_test(test, here, depth + 1) is True for test in skips):
                    continue  # (`if meta is None: continue` for this row)
                out.append(here)
            if not table.complete:
                out.append(scope)
        scopes = out
    return scopes


def handed_def(
    node: ast.FunctionDef | ast.AsyncFunctionDef,
    dec: ast.expr,
    module: ModuleInfo,
    scope: Scope,
) -> Function:
    """What the decorator `dec` of `node` is handed: the def itself when `dec` is its last
    (innermost) decorator, else the def as the decorators under `dec` make it (`@tool(...)`
    over `@handle_errors`: the wrapper that catches)."""
    decorators = node.decorator_list
    if decorators and decorators[-1] is dec:
        return Undecorated(node, module, scope)
    at = next((i for i, d in enumerate(decorators) if d is dec), None)
    if at is None:
        return Function(node, module, scope)
    # (the def with only the decorators under `dec`: one copy per place, kept on the node so
    # that every question asked of it meets the same def)
    key = f"_hd_below_{at}"
    below: ast.FunctionDef | ast.AsyncFunctionDef | None = node.__dict__.get(key)
    if below is None:
        # (a new node, not a copy: what is memoised on the def may depend on its decorators)
        fields = {name: getattr(node, name, None) for name in node._fields}
        fields["decorator_list"] = decorators[at + 1 :]
        below = ast.copy_location(type(node)(**fields), node)  # type: ignore[arg-type]
        node.__dict__[key] = below
    return Function(below, module, scope)


_MAX_HANDED_ROWS = 200


def _handed_rows(name: str, where: Scope, depth: int) -> Rows | None:
    """The rows a decorator factory adds to the module-level list `name` it is handed through
    a partial (`tool = partial(tool_spec, TOOLS)`, `def tool_spec(bucket, schema): def
    deco(fn): bucket.append(Spec(schema, fn)); return fn; return deco`): one per def of the
    module decorated with `@tool(...)`, read with the factory's parameters bound to what the
    partial and the decoration give, and the decorator's to the def."""
    module = where.module
    tree = module.tree
    if tree is None or depth > MAX_DEPTH or not module.contains("partial"):
        return None
    found = Rows([])
    for stmt in tree.body:
        made = stmt.value if isinstance(stmt, ast.Assign) else None
        if not (
            isinstance(stmt, ast.Assign)
            and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Name)
            and isinstance(made, ast.Call)
            and last_name(made.func) == "partial"
            and len(made.args) >= 2
            and not any(isinstance(a, ast.Starred) for a in made.args)
        ):
            continue
        at = next((i for i, a in enumerate(made.args[1:]) if is_name(a, name)), None)
        factory = resolve(made.args[0], where, depth + 1).single() if at is not None else None
        if (
            at is None
            or not isinstance(factory, Function)
            or not isinstance(factory.node, _DEF_TYPES)
        ):
            continue
        positional = [*factory.node.args.posonlyargs, *factory.node.args.args]
        deco = made_decorator(factory.node)
        if at >= len(positional) or deco is None or not [*deco.args.posonlyargs, *deco.args.args]:
            continue
        bucket = positional[at].arg
        added = [
            sub.args[0]
            for sub in walk_function(deco)
            if isinstance(sub, ast.Call)
            and isinstance(sub.func, ast.Attribute)
            and sub.func.attr in ("append", "add")
            and is_name(sub.func.value, bucket)
            and len(sub.args) == 1
        ]
        if not added:
            continue
        alias = stmt.targets[0].id
        given = [*deco.args.posonlyargs, *deco.args.args][0].arg
        for node in tree.body:
            if not isinstance(node, _DEF_TYPES):
                continue
            for dec in node.decorator_list:
                if not (isinstance(dec, ast.Call) and is_name(dec.func, alias)):
                    continue
                call = ast.copy_location(
                    ast.Call(
                        func=dec.func,
                        args=[*made.args[1:], *dec.args],
                        keywords=[*made.keywords, *dec.keywords],
                    ),
                    dec,
                )
                env = constant_defaults(
                    bind_call(call, where, factory, depth + 1), call, factory.node
                )
                outer = factory.scope.child(factory.node, env)
                handed = handed_def(node, dec, module, where)
                inner = outer.child(deco, {given: Possible.of(handed)})
                found.items.extend((value, inner) for value in added)
                if len(found.items) > _MAX_HANDED_ROWS:
                    return found
    return found if found.items else None


def _decorated_rows(name: str, where: Scope, depth: int) -> Rows | None:
    """The rows a registering decorator adds to the module-level table `name`: one per def it
    decorates (`@tool("ping", "...")` on `def ping(args)`, where `def tool(name, desc): def
    deco(fn): TOOLS.append({"name": name, "fn": fn}); return fn; return deco`), the row read
    with the decorator's parameters bound to what that application gives. The decorated defs
    are looked for in the folder of the table's module and those under it."""
    made = [b for b in where.runtime(name) if b.kind == "mutated"]
    adders = [
        b
        for b in made
        if b.detail in ("append", "add") and b.value is not None and b.home is not None
    ]
    if not adders:
        return None
    found = Rows([], complete=len(adders) == len(made))
    for binding in adders:
        applied = decorator_applications(binding, where, depth)
        if applied is None:
            found.complete = False
            continue
        value = binding.value
        assert value is not None
        found.items.extend((value, scope) for scope in applied)
    return found


def decorator_applications(binding: Binding, where: Scope, depth: int) -> list[Scope] | None:
    """The scopes a change a decorator makes to a module-level table runs in, one per def it
    decorates (its parameters and the factory's bound to what that application gives), or
    None when the change is not made by a decorator that hands back the def or a wrapper.
    A change `__init_subclass__` makes runs once per subclass (`_hook_applications`)."""
    deco = binding.home
    module = where.module
    if not isinstance(deco, _DEF_TYPES):
        return None
    factory = _parents(module, deco).get(id(deco))
    if deco.name == "__init_subclass__" and isinstance(factory, ast.ClassDef):
        return _hook_applications(binding, deco, factory, where)
    # (a module-level def called as a helper: `add_instance(NoteSearch())`)
    called = (
        _helper_applications(module, deco, where, depth)
        if not isinstance(factory, (*_DEF_TYPES, ast.ClassDef)) and not deco.decorator_list
        else None
    )
    if not (hands_back(deco) or _hands_wrapper(deco)):
        return called
    applied = _decorator_scopes(deco, factory, where, depth)
    if called:
        applied = [*(applied or []), *called]
    return applied


def _hook_applications(
    binding: Binding,
    hook: ast.FunctionDef | ast.AsyncFunctionDef,
    holder: ast.ClassDef,
    where: Scope,
) -> list[Scope] | None:
    """`TOOL_CLASSES[name] = cls` in `def __init_subclass__(cls, name=None, abstract=False)`:
    one scope per project subclass, `cls` that class and the other parameters what its class
    statement gives (`class Leak(BaseTool, name="leak")`) or their defaults; a subclass for
    which a test above the change leaves (`if abstract: return`) adds nothing."""
    params = [*hook.args.posonlyargs, *hook.args.args]
    if not params:
        return None
    me = params[0].arg
    defaults = parameter_default_constants(hook)
    out: list[Scope] = []
    for sub in subclasses(ClassRef(holder, where.module, where)):
        env: dict[str, Possible] = {me: Possible.of(Class(sub))}
        given = {kw.arg: kw.value for kw in sub.node.keywords if kw.arg is not None}
        for param in (*params[1:], *hook.args.kwonlyargs):
            if param.arg in given:
                env[param.arg] = resolve(given[param.arg], sub.scope)
            elif param.arg in defaults:
                env[param.arg] = Possible.of(Const(defaults[param.arg]))
        scope = where.child(hook, env)
        if not _left_before(hook, binding.node, env):
            out.append(scope)
        if len(out) > MAX_ITEMS:
            break
    return out


def parameter_default_constants(node: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, object]:
    """The parameters whose default is a constant, with it."""
    a = node.args
    positional = [*a.posonlyargs, *a.args]
    pairs = list(zip(positional[len(positional) - len(a.defaults) :], a.defaults))
    pairs += [(p, d) for p, d in zip(a.kwonlyargs, a.kw_defaults) if d is not None]
    return {p.arg: d.value for p, d in pairs if isinstance(d, ast.Constant)}


def _left_before(
    hook: ast.FunctionDef | ast.AsyncFunctionDef, change: ast.AST, env: dict[str, Possible]
) -> bool:
    """A statement of the hook's body before `change` leaves (`if abstract: return`) on the
    constants `env` binds (a test of a parameter, or its `not`)."""
    line = getattr(change, "lineno", 0)
    for stmt in hook.body:
        if stmt.lineno >= line:
            return False
        if not (
            isinstance(stmt, ast.If)
            and not stmt.orelse
            and stmt.body
            and isinstance(stmt.body[-1], (ast.Return, ast.Raise))
        ):
            continue
        test, negated = stmt.test, False
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            test, negated = test.operand, True
        if not isinstance(test, ast.Name) or test.id not in env:
            continue
        value = env[test.id].single()
        if isinstance(value, Const) and bool(value.value) != negated:
            return True
    return False


def decoration_scopes(
    deco: ast.FunctionDef | ast.AsyncFunctionDef,
    factory: ast.FunctionDef | ast.AsyncFunctionDef | None,
    where: Scope,
    depth: int,
) -> list[Scope]:
    """The scopes `deco`'s body runs in, one per def it decorates (`@deco`, or `@factory(...)`
    of a factory that returns it), with its first parameter that def and the factory's
    parameters what the decoration passes."""
    return _decorator_scopes(deco, factory, where, depth) or []


def _decorator_scopes(
    deco: ast.FunctionDef | ast.AsyncFunctionDef,
    factory: ast.AST | None,
    where: Scope,
    depth: int,
) -> list[Scope] | None:
    module = where.module
    if isinstance(factory, _DEF_TYPES) and made_decorator(factory) is not deco:
        return None
    if not isinstance(factory, _DEF_TYPES):
        factory = None
    word = factory.name if factory is not None else deco.name
    words = [word, *(_partial_names(module, word) if factory is not None else [])]
    out: list[Scope] = []
    decorations = [found for name in words for found in _decorations(module, name, depth)]
    for app_module, def_node, dec, app_scope in decorations:
        target = dec.func if isinstance(dec, ast.Call) else dec
        made_by = resolve(target, app_scope, depth + 1).single()
        written = dec  # (the decorator as written: where it sits among the def's decorators)
        if isinstance(made_by, Partial) and isinstance(dec, ast.Call):
            # (`tool = partial(registry.tool, toolset="text")` then `@tool("ngrams", ...)`:
            # the factory called with the partial's arguments, then the decoration's)
            if made_by.scope.module is not app_module:
                continue
            dec = ast.copy_location(
                ast.Call(
                    func=dec.func,
                    args=[*made_by.args, *dec.args],
                    keywords=[*made_by.keywords, *dec.keywords],
                ),
                dec,
            )
            made_by = made_by.func
        if not isinstance(made_by, Function):
            continue
        if factory is not None:
            if made_by.node is not factory or not isinstance(dec, ast.Call):
                continue
            bound = bind_call(dec, app_scope, made_by, depth + 1)
            for name in rebound_parameters(factory):
                # (`errors = errors or (Exception,)`: the name holds what the body makes)
                bound.pop(name, None)
            me = first_parameter(factory)
            if made_by.bound and isinstance(dec.func, ast.Attribute) and me is not None:
                # (`@router.tool(...)`: the method's `self` is the router it is called on)
                held = receiver(dec.func.value, app_scope, depth + 1)
                if held.items and all(isinstance(o, Instance) for o in held.items):
                    bound[me] = held
            outer = where.child(factory, constant_defaults(bound, dec, factory))
        else:
            if made_by.node is not deco or isinstance(dec, ast.Call):
                continue
            outer = where
        # (what the decorator is handed is the def itself, not what decorating it makes; a
        # class decorator is handed the class)
        given = Possible.of(
            Class(ClassRef(def_node, app_module, app_scope))
            if isinstance(def_node, ast.ClassDef)
            else handed_def(def_node, written, app_module, app_scope)
        )
        param = [*deco.args.posonlyargs, *deco.args.args][0].arg
        out.append(outer.child(deco, {param: given}))
    return out


def rebound_parameters(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """Parameters a statement of the def's own body assigns again (`errors = errors or
    (Exception,)`): past it the name holds what the body made."""
    a = func.args
    params = {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)}
    params.update(p.arg for p in (a.vararg, a.kwarg) if p is not None)
    return {
        target.id
        for stmt in func.body
        if isinstance(stmt, ast.Assign)
        for target in stmt.targets
        if isinstance(target, ast.Name) and target.id in params
    }


def constant_defaults(
    bound: dict[str, Possible], call: ast.Call, node: ast.FunctionDef | ast.AsyncFunctionDef
) -> dict[str, Possible]:
    """`bound` and, for each parameter the call leaves out, its constant default (`wrap=True`
    of `@bp.route("name", schema)`)."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(
        kw.arg is None for kw in call.keywords
    ):
        return bound
    a = node.args
    positional = [*a.posonlyargs, *a.args]
    pairs = [
        *zip(reversed(positional), reversed(a.defaults)),
        *((p, d) for p, d in zip(a.kwonlyargs, a.kw_defaults) if d is not None),
    ]
    out = dict(bound)
    for param, default in pairs:
        if param.arg not in out and isinstance(default, ast.Constant):
            out[param.arg] = Possible.of(Const(default.value))
    return out


def _partial_names(module: ModuleInfo, word: str) -> list[str]:
    """Module-level names of `module`'s folder (and those under it) bound to a
    `functools.partial` of something named `word` (`tool = partial(registry.tool, ...)`)."""
    names: list[str] = []
    for other in subtree_modules(module, "partial"):
        if other.tree is None or not other.contains(word):
            continue
        for stmt in other.tree.body:
            if (
                isinstance(stmt, ast.Assign)
                and len(stmt.targets) == 1
                and isinstance(stmt.targets[0], ast.Name)
                and isinstance(stmt.value, ast.Call)
                and last_name(stmt.value.func) == "partial"
                and stmt.value.args
                and last_name(stmt.value.args[0]) == word
                and stmt.targets[0].id != word
            ):
                names.append(stmt.targets[0].id)
    return list(dict.fromkeys(names))


def _decorations(
    module: ModuleInfo, word: str, depth: int
) -> Iterator[
    tuple[ModuleInfo, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef, ast.expr, Scope]
]:
    """`_decorated_defs` (in their module's scope), and the defs a module-level def makes
    decorated with `word` (`def make_blueprint(bp): @bp.route(...) def view(args): ...`), in
    that def's scope once per call of it, its parameters bound to what the call gives."""
    for app_module, def_node, dec in _decorated_defs(module, word, classes=True):
        yield app_module, def_node, dec, module_scope(app_module)
    for app_module, holder, inner in _decorating_defs(module, word):
        for where in function_call_scopes(app_module, holder, depth):
            for def_node, dec in inner:
                yield app_module, def_node, dec, where


def _decorating_defs(
    module: ModuleInfo, word: str
) -> list[
    tuple[
        ModuleInfo,
        ast.FunctionDef | ast.AsyncFunctionDef,
        list[tuple[ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef, ast.expr]],
    ]
]:
    """Module-level defs of `module`'s folder (and those under it) with defs in their body
    decorated with something named `word`, each with those defs and their decorators."""
    out: list[
        tuple[
            ModuleInfo,
            ast.FunctionDef | ast.AsyncFunctionDef,
            list[tuple[ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef, ast.expr]],
        ]
    ] = []
    for other in subtree_modules(module, "@", package=True):
        tree = other.tree
        if tree is None or not other.contains(word):
            continue
        for stmt in tree.body:
            if not isinstance(stmt, _DEF_TYPES):
                continue
            text = other.lines.text(stmt.lineno, stmt.end_lineno or stmt.lineno)
            if "@" not in text or word not in text:
                continue
            inner = [
                (sub, dec)
                for sub in stmt.body
                if isinstance(sub, (*_DEF_TYPES, ast.ClassDef))
                for dec in sub.decorator_list
                if last_name(dec) == word
            ]
            if inner:
                out.append((other, stmt, inner))
    return out


def function_call_scopes(
    module: ModuleInfo, node: ast.FunctionDef | ast.AsyncFunctionDef, depth: int
) -> list[Scope]:
    """The scopes of a module-level def's body, one per call of it (`views.make(bp)`,
    `make(bp)`) in the modules of its folder and those under it, its parameters bound to what
    the call gives."""
    home_scope = module_scope(module)
    function = Function(node, module, home_scope)
    out: list[Scope] = []
    for other in subtree_modules(module, f"{node.name}("):
        tree = other.tree
        if tree is None:
            continue
        lines = other.word_lines(node.name)
        for call, home in _calls_named(tree, node.name, lines, plain=True):
            site = def_scope(other, home) if home is not None else module_scope(other)
            found = resolve(call.func, site, depth + 1).single()
            if not isinstance(found, Function) or found.node is not node:
                continue
            env = bind_call(call, site, function, depth + 1)
            out.append(home_scope.child(node, env or None))
            if len(out) > MAX_ITEMS:
                return out
    return out


def _hands_wrapper(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A decorator of one parameter whose every `return` gives a def of its own body (`def
    deco(fn): @wraps(fn) def wrapper(...): ...; TOOLS.append(...); return wrapper`)."""
    params = [*node.args.posonlyargs, *node.args.args]
    if len(params) != 1:
        return False
    own = {stmt.name for stmt in node.body if isinstance(stmt, _DEF_TYPES)}
    returns = [sub for sub in walk_function(node) if isinstance(sub, ast.Return)]
    return bool(returns) and all(
        isinstance(r.value, ast.Name) and r.value.id in own for r in returns
    )


def hands_back(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A decorator that gives back what it is given: one parameter, ending with `return` of
    it, and no other return."""
    params = [*node.args.posonlyargs, *node.args.args]
    if len(params) != 1 or not node.body:
        return False
    returns = [sub for sub in walk_function(node) if isinstance(sub, ast.Return)]
    last = node.body[-1]
    return isinstance(last, ast.Return) and all(
        isinstance(r.value, ast.Name) and r.value.id == params[0].arg for r in returns
    )


def made_decorator(
    factory: ast.FunctionDef | ast.AsyncFunctionDef,
    transparent: frozenset[str] = frozenset(),
    for_async: bool | None = None,
) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The def of its own body that every `return` of a decorator factory gives (`def
    tool(name): def deco(fn): ...; return deco`), undecorated but for decorators named in
    `transparent` (`@functools.wraps(fn)`), else None. `for_async`: whether the def it is
    applied to is a coroutine function, which picks between the wrappers of `if
    asyncio.iscoroutinefunction(fn): ... return async_wrapper` and the `return` after."""
    returns = [sub for sub in walk_function(factory) if isinstance(sub, ast.Return)]
    names = {_returned_decorator(r.value, factory) for r in returns} - {_APPLIED}
    if len(names) != 1 and for_async is not None:
        names = _by_coroutine(factory, for_async)
    if len(names) != 1 or None in names:
        return None
    [name] = names
    statements = [*factory.body]
    for stmt in factory.body:
        if isinstance(stmt, ast.If):  # (a wrapper defined in the branch that returns it)
            statements.extend([*stmt.body, *stmt.orelse])
    for stmt in statements:
        if (
            isinstance(stmt, _DEF_TYPES)
            and stmt.name == name
            and all(last_name(d) in transparent for d in stmt.decorator_list)
        ):
            return stmt
    return None


# (a `return` that applies the decorator to the factory's own first parameter: the bare use)
_APPLIED = "<applied>"


def _returned_decorator(
    value: ast.expr | None, factory: ast.FunctionDef | ast.AsyncFunctionDef
) -> str | None:
    """The name of the def a factory's `return` hands back, `_APPLIED` for one that applies
    it to the factory's first parameter (`def tool(fn=None, *, name=None): ... return
    wrap(fn) if fn is not None else wrap`: used as `@tool(name=...)`, its parameter is None
    and `wrap` is the decorator), None for anything else."""
    if isinstance(value, ast.Name):
        return value.id
    if isinstance(value, ast.IfExp):
        arms = {
            _returned_decorator(value.body, factory),
            _returned_decorator(value.orelse, factory),
        }
        arms.discard(_APPLIED)
        return arms.pop() if len(arms) == 1 else None
    positional = [*factory.args.posonlyargs, *factory.args.args]
    if (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and len(value.args) == 1
        and not value.keywords
        and positional
        and is_name(value.args[0], positional[0].arg)
    ):
        return _APPLIED
    return None


def _by_coroutine(
    factory: ast.FunctionDef | ast.AsyncFunctionDef, for_async: bool
) -> set[str | None]:
    """The names a decorator returns for a coroutine function (`for_async`) or another, when it
    picks its wrapper with `if [asyncio.|inspect.]iscoroutinefunction(fn):` whose body returns."""
    for at, stmt in enumerate(factory.body):
        if not (
            isinstance(stmt, ast.If)
            and isinstance(stmt.test, ast.Call)
            and last_name(stmt.test.func) == "iscoroutinefunction"
            and stmt.body
            and isinstance(stmt.body[-1], ast.Return)
        ):
            continue
        picked = stmt.body if for_async else [*stmt.orelse, *factory.body[at + 1 :]]
        return {
            r.value.id if isinstance(r.value, ast.Name) else None
            for r in picked
            if isinstance(r, ast.Return)
        }
    return {None}


def _helper_applications(
    module: ModuleInfo, helper: ast.FunctionDef | ast.AsyncFunctionDef, where: Scope, depth: int
) -> list[Scope] | None:
    """The scopes a module-level helper that changes a table runs in (`def add_instance(obj):
    TOOLS[obj.name] = {...}`), one per call of it at the top of the modules of its folder and
    those under it (`add_instance(NoteSearch())`), its parameters bound to what each gives."""
    if depth > MAX_DEPTH:
        return None
    memo = module.models.memo
    sites = memo.get(("helper-sites", id(helper)))
    if not (isinstance(sites, tuple) and sites[0] is helper):
        # (only a call at the top of a module, as its text shows before anything is parsed)
        top_call = re.compile(
            rf"^(?:\w+\s*=\s*)?(?:[\w.]+\.)?{re.escape(helper.name)}\(", re.MULTILINE
        )
        found: list[tuple[ast.Call, Scope, Function]] = []
        chains: dict[int, ast.Call] = {}
        for other in subtree_modules(module, helper.name + "(", top_call):
            tree = other.tree
            if tree is None:
                continue
            app_scope = module_scope(other)
            for stmt in tree.body:
                if not isinstance(stmt, (ast.Expr, ast.Assign)) or not isinstance(
                    stmt.value, ast.Call
                ):
                    continue
                call = _chain_root(stmt.value, helper.name)
                if call is None:
                    continue
                made_by = resolve(call.func, app_scope, depth + 1).single()
                if isinstance(made_by, Function) and made_by.node is helper:
                    found.append((call, app_scope, made_by))
                    if call is not stmt.value:
                        chains[id(call)] = stmt.value
        found.extend(applier_sites(module, helper, where, depth))
        sites = memo[("helper-sites", id(helper))] = (helper, found, chains)
    out = []
    for call, app_scope, made_by in sites[1]:
        env = bind_call(call, app_scope, made_by, depth + 1)
        env[APPLIED] = Possible.of(Const(True))
        chain = sites[2].get(id(call))
        if chain is not None:
            # (`tool("pace").desc(...).handle(pace)`: the methods called on what it returns)
            env[CHAIN] = Possible.of(Literal(chain, app_scope))
        out.append(where.child(helper, env))
    return out or None


# The env key of the chain of method calls made on what a factory call returns.
CHAIN = "<chain>"
# The env key that marks one call of a helper that fills a table at a module's top.
APPLIED = "<applied>"


def _chain_store(obj: Instance, attr: str, depth: int) -> Possible | None:
    """What the methods a chain calls on the instance store in `attr` (`.handle(fn)` of `def
    handle(self, fn): self._handler = fn`), the last such call's argument; None when no call
    of the chain stores it."""
    assert obj.made is not None
    made_scope: Scope | None = obj.made[1]
    held: Possible | None = None
    while made_scope is not None and held is None:
        held = (made_scope.env or {}).get(CHAIN)
        made_scope = made_scope.parent
    chain = held.single() if held is not None else None
    if not isinstance(chain, Literal) or not isinstance(chain.expr, ast.Call):
        return None
    calls: list[ast.Call] = []
    node: ast.expr = chain.expr
    while isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        calls.append(node)
        node = node.func.value
    for call in calls:  # (outermost first: the last store wins)
        assert isinstance(call.func, ast.Attribute)
        method = class_method(obj.cls, call.func.attr)
        if method is None or not isinstance(method[0].node, _DEF_TYPES):
            continue
        func = method[0].node
        params = [*func.args.posonlyargs, *func.args.args]
        if not params:
            continue
        me = params[0].arg
        for sub in walk_function(func):
            if not (
                isinstance(sub, ast.Assign)
                and len(sub.targets) == 1
                and isinstance(sub.targets[0], ast.Attribute)
                and sub.targets[0].attr == attr
                and is_name(sub.targets[0].value, me)
            ):
                continue
            if isinstance(sub.value, ast.Constant):
                # (`def queued(self): self.is_async = True; return self`)
                return Possible.of(Const(sub.value.value, sub.value, method[0].module.path))
            if isinstance(sub.value, ast.Name):
                bound = Function(func, method[0].module, method[0].scope, obj.cls, bound=True)
                given = call_arguments(call, bound).get(sub.value.id)
                if given is not None:
                    return resolve(given, chain.scope, depth + 1)
    # (no call of the chain stores it: what `__init__` writes, when that is a constant, not
    # what a setter the chain does not call would)
    init = class_method(obj.cls, "__init__")
    if init is None or not isinstance(init[0].node, _DEF_TYPES) or not init[0].node.args.args:
        return None
    me = init[0].node.args.args[0].arg
    constants = [
        sub.value
        for sub in walk_function(init[0].node)
        if isinstance(sub, ast.Assign)
        and len(sub.targets) == 1
        and isinstance(sub.targets[0], ast.Attribute)
        and sub.targets[0].attr == attr
        and is_name(sub.targets[0].value, me)
    ]
    if len(constants) == 1 and isinstance(constants[0], ast.Constant):
        return Possible.of(Const(constants[0].value, constants[0], init[0].module.path))
    return None


def _factory_instance(call: ast.Call, scope: Scope) -> bool:
    """`call` makes the instance a def built for one call of it returns or appends
    (`builder = ToolBuilder(name, **opts)` ... `return builder`): the call's arguments read
    the def's parameters, which the scope binds."""
    func = scope.func
    if func is None or isinstance(func, ast.Lambda) or not scope.env or APPLIED not in scope.env:
        return False  # (only in a helper that fills a table, once per call of it)
    params = {p.arg for p in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs)}
    read = {
        n.id
        for a in (*call.args, *(k.value for k in call.keywords))
        for n in ast.walk(a)
        if isinstance(n, ast.Name)
    }
    return bool(read & params & set(scope.env))


def _chain_root(call: ast.Call, name: str) -> ast.Call | None:
    """The call of `name` a chain of method calls starts from (`tool("pace").desc(...)
    .handle(pace)`: `tool("pace")`), or the call itself when it is one."""
    for _ in range(64):
        if (
            last_name(call.func) == name
            and not isinstance(call.func, ast.Attribute)
            or (
                isinstance(call.func, ast.Attribute)
                and call.func.attr == name
                and not isinstance(call.func.value, ast.Call)
            )
        ):
            return call
        inner = call.func.value if isinstance(call.func, ast.Attribute) else None
        if not isinstance(inner, ast.Call):
            return None
        call = inner
    return None


def helper_applications(
    module: ModuleInfo, helper: ast.FunctionDef | ast.AsyncFunctionDef, where: Scope, depth: int
) -> list[Scope]:
    """The scopes a module-level def runs in, one per call of it at the top of the modules of
    its folder and those under it (`route(registry, "refund_issue", ...)` in another module),
    its parameters bound to what each gives."""
    return _helper_applications(module, helper, where, depth) or []


def instance_method_applications(
    cls: ClassRef, method: ast.FunctionDef | ast.AsyncFunctionDef, depth: int
) -> list[Scope]:
    """The scopes of a method's body, one per call of it at the top of a module of the
    package (`StockController().register_routes(registry)`), `self` an instance of the class
    it is called on (a subclass: its own tables are read) and the parameters what it gives."""
    out: list[Scope] = []
    for module in subtree_modules(cls.module, f".{method.name}(", package=True):
        tree = module.tree
        if tree is None:
            continue
        site = module_scope(module)
        for stmt in tree.body:
            call = stmt.value if isinstance(stmt, (ast.Expr, ast.Assign)) else None
            if not (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Attribute)
                and call.func.attr == method.name
            ):
                continue
            for obj in receiver(call.func.value, site, depth + 1).items:
                if not (isinstance(obj, Instance) and _derives(obj.cls, cls)):
                    continue
                function = Function(method, obj.cls.module, obj.cls.scope, obj.cls, bound=True)
                env = bind_call(call, site, function, depth + 1)
                out.append(cls.scope.child(method, env or None, obj.cls))
                if len(out) > MAX_ITEMS:
                    return out
    return out


def applier_sites(
    module: ModuleInfo, helper: ast.FunctionDef | ast.AsyncFunctionDef, where: Scope, depth: int
) -> list[tuple[ast.Call, Scope, Function]]:
    """Calls of `helper` made by decorators a factory of its module makes (`def tool(name,
    schema): return lambda fn: _register(name, fn, schema)`), one per def decorated with
    `@tool(...)`: the call, in the scope the decoration binds (the factory's parameters to what
    `@tool(...)` gives, the lambda's to the def itself)."""
    tree = module.tree
    if tree is None:
        return []
    found: list[tuple[ast.Call, Scope, Function]] = []
    for factory in tree.body:
        if not isinstance(factory, _DEF_TYPES) or factory is helper:
            continue
        end = factory.end_lineno or factory.lineno
        text = module.lines.text(factory.lineno, end)
        if helper.name not in text or "lambda" not in text:
            continue  # (before its body is read: most defs of a large module call no helper)
        returns = [r for r in walk_function(factory) if isinstance(r, ast.Return)]
        if len(returns) != 1 or not isinstance(returns[0].value, ast.Lambda):
            continue
        applier = returns[0].value
        params = [*applier.args.posonlyargs, *applier.args.args]
        body = applier.body
        if (
            len(params) != 1
            or not isinstance(body, ast.Call)
            or last_name(body.func) != helper.name
        ):
            continue
        for app_module, def_node, dec in _decorated_defs(module, factory.name):
            if not isinstance(dec, ast.Call):
                continue
            app_scope = module_scope(app_module)
            made_by = resolve(dec.func, app_scope, depth + 1).single()
            if (
                not isinstance(made_by, Function)
                or made_by.node is not factory
                or isinstance(def_node, ast.ClassDef)
            ):
                continue
            outer = where.child(factory, bind_call(dec, app_scope, made_by, depth + 1))
            given = Possible.of(handed_def(def_node, dec, app_module, app_scope))
            inner = outer.child(applier, {params[0].arg: given})
            callee = resolve(body.func, inner, depth + 1).single()
            if isinstance(callee, Function) and callee.node is helper:
                found.append((body, inner, callee))
    return found


def _decorated_defs(
    module: ModuleInfo, word: str, classes: bool = False
) -> list[tuple[ModuleInfo, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef, ast.expr]]:
    """Module-level defs (and with `classes`, classes) decorated with something named `word`
    (`@word`, `@word(...)`, `@mod.word(...)`) in `module`'s folder and the folders under it
    (bounded, as `subclasses`)."""
    out: list[
        tuple[ModuleInfo, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef, ast.expr]
    ] = []
    kinds = (*_DEF_TYPES, ast.ClassDef) if classes else _DEF_TYPES
    for other in subtree_modules(module, "@", package=True):
        tree = other.tree
        if tree is None or not other.contains(word):
            continue
        for stmt in tree.body:
            if not isinstance(stmt, kinds):
                continue
            for dec in stmt.decorator_list:
                if last_name(dec) == word:
                    out.append((other, stmt, dec))
    return out


def subtree_modules(
    module: ModuleInfo,
    needle: str,
    pattern: re.Pattern[str] | None = None,
    package: bool = False,
) -> list[ModuleInfo]:
    """The modules of `module`'s folder and the folders under it whose text holds `needle`
    (and matches `pattern`, when given) (the files `import_graph.subtree_files` gives, which
    the cache's key counts too); with `package`, of the outermost package folder `module` is
    in (`core/factory.py`'s decorator applied in `handlers/`, a sibling package)."""
    models = module.models
    root = models.root
    try:
        folder = module.path.parent.relative_to(root).as_posix()
    except ValueError:
        return []  # (a module outside the root has no neighbourhood here)
    if package and folder != ".":
        folder = package_folder(str(root), folder) or "."
    out: list[ModuleInfo] = []
    for rel in subtree_files(str(root), "" if folder == "." else folder):
        path = root / rel
        source = models.read(path)
        if source is None or needle not in source:
            continue
        if pattern is not None and not pattern.search(source):
            continue
        found = models.get(path, source)
        if found is not None:
            out.append(found)
    return out


def _imported_rows(binding: Binding, scope: Scope, depth: int) -> Rows | None:
    imported = _imported_name(binding, scope)
    return None if imported is None else _name_rows(imported[0], imported[1], depth + 1)


def entries(expr: ast.expr, scope: Scope, depth: int = 0) -> Entries | None:
    """A dict's entries, through names and the changes made to them at import."""
    if depth > MAX_DEPTH:
        return None
    if isinstance(expr, ast.Dict):
        found = Entries([])
        # (what no unknown spread can replace: keys after the last one, and keys a def's
        # `**extra` cannot hold, being the names of its other parameters)
        fixed: set[str] | None = set()
        for key, value in zip(expr.keys, expr.values):
            if key is None:
                inner = entries(value, scope, depth + 1)
                if inner is None:
                    found.complete = False
                    spared = _kwargs_spares(value, scope)
                    fixed = None if spared is None or fixed is None else fixed & spared
                else:
                    found.items.extend(inner.items)
                    found.complete = found.complete and inner.complete
                    fixed = None
                continue
            known, constant = constant_key(key, scope, depth)
            if not known and isinstance(key, (ast.Name, ast.Attribute)):
                found.items.append((_ExprKey(key), value, scope))
                continue
            found.items.append((constant if known else _UNKNOWN_KEY, value, scope))
            if fixed is not None and known and isinstance(constant, str):
                fixed.add(constant)
        if fixed and not found.complete:
            found.fixed = frozenset(fixed)
        return found
    if (
        isinstance(expr, ast.Call)
        and not expr.args
        and expr.keywords
        and isinstance(expr.func, (ast.Name, ast.Attribute))
        and is_typed_dict(expr.func, scope, depth)
    ):
        expr = ast.copy_location(
            ast.Call(func=ast.Name("dict", ast.Load()), args=[], keywords=expr.keywords), expr
        )  # (`Spec(name=..., fn=...)` of a TypedDict: a dict of its keywords)
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "dict":
        if is_builtin_name("dict", scope) and not expr.args:
            found = Entries([])
            for kw in expr.keywords:
                if kw.arg is None:
                    found.complete = False
                else:
                    found.items.append((kw.arg, kw.value, scope))
            found.fixed = frozenset(kw.arg for kw in expr.keywords if kw.arg is not None)
            return found
        return None
    if isinstance(expr, ast.DictComp):
        return _comprehended_entries(expr, scope, depth)
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.BitOr):
        # (`BASE | spec | {"description": ...}`: the right side's keys replace the left's)
        left = entries(expr.left, scope, depth + 1)
        right = entries(expr.right, scope, depth + 1) if left is not None else None
        if left is None or right is None:
            return None
        merged = Entries([*left.items, *right.items], left.complete and right.complete)
        merged.fixed = left.fixed | right.fixed if right.complete else right.fixed
        return merged
    if isinstance(expr, ast.Subscript) and not isinstance(expr.slice, ast.Slice):
        # (`c = COMMANDS[i]` of a list of dicts: the row's entries, `c["fn"]` one of them)
        return _literal_entries(resolve(expr, scope, depth + 1), depth)
    if isinstance(expr, ast.Name):
        located = scope.lookup(expr.id)
        if located is None:
            return None
        where, bindings = located
        if bindings is None:
            assert where.env is not None
            return _literal_entries(where.env[expr.id], depth)
        live = where.live(expr.id, bindings, runtime=False)
        if not live:
            return None
        found = Entries([])
        known = False
        for binding in live:
            kind = binding.kind
            if kind in ("assign", "annotated") and binding.value is not None and binding.path == ():
                inner = entries(binding.value, where, depth + 1)
                if inner is None:
                    found.complete = False
                else:
                    known = True
                    found.items.extend(inner.items)
                    found.complete = found.complete and inner.complete
                    if len(live) == 1:
                        found.fixed = inner.fixed
            elif kind == "mutated" and binding.home is where.func:
                if (
                    binding.detail in ("setitem", "setdefault")
                    and binding.key is not None
                    and binding.value is not None
                ):
                    key_known, entry_key = constant_key(binding.key, where, depth)
                    entry = entry_key if key_known else _UNKNOWN_KEY
                    found.items.append((entry, binding.value, where))
                elif binding.detail in ("update",) and binding.value is not None:
                    inner = entries(binding.value, where, depth + 1)
                    if inner is None:
                        found.complete = False
                    else:
                        found.items.extend(inner.items)
                else:
                    found.complete = False
            elif kind == "import":
                imported = _imported_name(binding, where)
                if imported is None:
                    found.complete = False
                    continue
                inner = entries(ast.Name(imported[0], ast.Load()), imported[1], depth + 1)
                if inner is None:
                    found.complete = False
                else:
                    known = True
                    found.items.extend(inner.items)
                    found.complete = found.complete and inner.complete
            else:
                inner = _literal_entries(resolve_binding(binding, where, depth + 1), depth)
                if inner is None:
                    found.complete = False
                else:
                    known = True
                    found.items.extend(inner.items)
                    found.complete = found.complete and inner.complete
        # Changes made by defs when they run (`_HANDLERS[name] = fn` in a decorator): more
        # entries, known or not.
        if where.func is None:
            for binding in where.runtime(expr.id):
                if (
                    binding.kind == "mutated"
                    and binding.detail == "setitem"
                    and binding.value is not None
                ):
                    applied = (
                        decorator_applications(binding, where, depth)
                        if binding.home is not None
                        else None
                    )
                    if applied:
                        # (`TOOLS[name] = {...}` in a registering decorator: one entry per
                        # def it decorates, its key and value read in that application)
                        for scope_of in applied:
                            key_known, entry_key = (
                                constant_key(binding.key, scope_of, depth)
                                if binding.key
                                else (False, None)
                            )
                            found.items.append(
                                (entry_key if key_known else _UNKNOWN_KEY, binding.value, scope_of)
                            )
                        continue
                    home = (
                        def_scope(where.module, binding.home) if binding.home is not None else where
                    )
                    key_known, entry_key = (
                        constant_key(binding.key, home, depth) if binding.key else (False, None)
                    )
                    entry = entry_key if key_known else _UNKNOWN_KEY
                    found.items.append((entry, binding.value, home))
                elif binding.kind == "mutated":
                    found.complete = False
        return found if known else None
    if isinstance(expr, ast.Attribute):
        possible = resolve(expr.value, scope, depth + 1)
        base = possible.single()
        if isinstance(base, ModuleObject) and base.module.tree is not None:
            return entries(ast.Name(expr.attr, ast.Load()), module_scope(base.module), depth + 1)
        if base is not None:
            held = _literal_entries(attribute_of(base, expr.attr, depth + 1), depth)
            if isinstance(base, Class):
                made = _metaclass_entries(base.ref, expr.attr, depth)
                if made is not None:
                    # (what its `__new__` adds as each class is made, to what it starts with)
                    if held is None:
                        return made
                    held.items.extend(made.items)
                    held.complete = held.complete and made.complete
            return held
        if (
            len(possible.items) == 1
            and isinstance(expr.value, ast.Name)
            and expr.value.id in ("self", "cls")
        ):
            # (`self.actions` of a method: the table its class makes; a subclass may make
            # another, so more entries may exist)
            made = _literal_entries(attribute_of(possible.items[0], expr.attr, depth + 1), depth)
            if made is not None:
                made.complete = False
            return made
        return None
    if isinstance(expr, ast.Call):
        return _literal_entries(call_result(expr, scope, depth + 1), depth)
    return None


# Whether rows read now may come from tables an instance's methods fill (`method_entries`):
# only while registrations are read, since finding those methods' calls reads much code.
_METHOD_TABLES = [False]


@contextlib.contextmanager
def method_tables() -> Iterator[None]:
    """Rows read inside take what an instance's methods put in its tables (`self.specs` a
    decorator method fills): how registrations are read."""
    before = _METHOD_TABLES[0]
    _METHOD_TABLES[0] = True
    try:
        yield
    finally:
        _METHOD_TABLES[0] = before


def _table_owner(expr: ast.expr, scope: Scope, depth: int) -> ClassRef | None:
    """The class of the instance whose attribute `expr` is (`registry._services`,
    `self.specs`), when it is one project class."""
    if not isinstance(expr, ast.Attribute):
        return None
    # (None has no table: `_instance` of a singleton before `instance()` makes it)
    found = tuple(
        o
        for o in resolve(expr.value, scope, depth + 1).items
        if not (isinstance(o, Const) and o.value is None)
    )
    # (`Factory._handlers` or `cls._handlers` of a class's own table: the class itself)
    classes = {
        id(o.cls.node if isinstance(o, Instance) else o.ref.node): (
            o.cls if isinstance(o, Instance) else o.ref
        )
        for o in found
        if isinstance(o, (Instance, Class))
    }
    if len(classes) != 1 or len(found) != sum(isinstance(o, (Instance, Class)) for o in found):
        return None
    owner = next(iter(classes.values()))
    # (a metaclass's own tables are filled as classes are made: `_metaclass_entries`)
    return None if is_metaclass(owner.node) else owner


def _filled_table(
    holder: ast.expr, table: Entries | None, scope: Scope, depth: int
) -> Entries | None:
    """`table`, the entries `holder` is written with, for a lookup: when `holder` is an
    attribute of a class whose methods put entries in it (`cls._registry[name] = klass` of
    a class decorator), those too where registrations are read, else the table is not all
    there is (a key its literal lacks may be there)."""
    if table is None or not isinstance(holder, ast.Attribute):
        return table
    owner = _table_owner(holder, scope, depth)
    if owner is None or not any(attribute_changes(d, holder.attr) for d in _lineage(owner)):
        return table
    if _METHOD_TABLES[0]:
        return _with_method_entries(
            Entries(list(table.items), table.complete), owner, holder.attr, depth
        )
    return Entries(list(table.items), False)


def _with_method_entries(
    made: Entries | None, cls: ClassRef, attr: str, depth: int
) -> Entries | None:
    """`made` and the entries the class's methods put in `attr` (`method_entries`); asked only
    where rows are read (a loop over `.values()`), not for every lookup."""
    added = method_entries(cls, attr, depth)
    if added is None:
        return made
    if made is None:
        # (the attribute starts as an empty table: `{}`, `OrderedDict()`, a field's factory)
        made = Entries([], _starts_empty(cls, attr))
    made.items.extend(added.items)
    made.complete = made.complete and added.complete
    return made


_EMPTY_TABLES = frozenset({"dict", "OrderedDict", "defaultdict", "list", "set"})


def _filled_by(where: Scope, obj: Instance) -> bool:
    """Whether an entry a method put in a table, read in `where`, may be `obj`'s: unless the
    instance the method ran on (an instance of the class bound there) was made by another
    construction than `obj`'s."""
    if obj.made is None:
        return True
    scope: Scope | None = where
    while scope is not None:
        for held in (scope.env or {}).values():
            one = held.single()
            if (
                isinstance(one, Instance)
                and one.made is not None
                and one.cls.node is obj.cls.node
                and one.made[0] is not obj.made[0]
            ):
                return False
        scope = scope.parent
    return True


def _starts_empty(cls: ClassRef, attr: str) -> bool:
    """Every value the class gives `attr` is an empty table it makes."""
    values: list[ast.expr | None] = []
    for binding in class_scope_index(cls.module, cls.node).get(attr):
        values.append(binding.value)
    for method in cls.methods():
        values.extend(value for _, value, _ in _self_assignments(method.node, attr, cls.name))
    return bool(values) and all(_empty_table(v) for v in values)


def _empty_table(value: ast.expr | None) -> bool:
    if isinstance(value, (ast.Dict, ast.List, ast.Set)):
        return not getattr(value, "keys", getattr(value, "elts", None))
    if isinstance(value, ast.Call) and not value.args:
        if last_name(value.func) in _EMPTY_TABLES:
            return True
        # (`field(default_factory=dict)`)
        return last_name(value.func) == "field" and any(
            kw.arg == "default_factory" and last_name(kw.value) in _EMPTY_TABLES
            for kw in value.keywords
        )
    return False


def method_entries(cls: ClassRef, attr: str, depth: int) -> Entries | None:
    """What the class's own methods put in its table `attr`: `self.specs[name] = spec` in a
    method, one entry per call of the method on an instance of the class in the modules of
    its folder and those under it; in a decorator a method makes (`def tool(self, name): def
    deco(fn): self.specs[name] = ...; return deco`), one per def it decorates. Each entry's
    key and value are read in that call's scope. None when no method changes `attr`."""
    if depth > MAX_DEPTH:
        return None
    # (a base class's method may fill it: `Registry.add` of `class Entries(Registry)`)
    changes = [
        (defining, *change)
        for defining in _lineage(cls)
        for change in attribute_changes(defining, attr)
    ]
    if not changes:
        return None
    memo = cls.module.state.summaries
    key = ("method.entries", id(cls.node), attr)
    budget = MAX_DEPTH - depth
    cached = memo.get(key)
    if isinstance(cached, Budgeted) and cached.serves(budget):
        return cached.value  # type: ignore[return-value]
    if cached is IN_PROGRESS:
        return None
    memo[key] = IN_PROGRESS
    before = TRUNCATED[0]
    found = Entries([])
    for defining, method, home, entry_key, value in changes:
        applied: list[Scope] | None
        if home is method:
            applied = _method_call_scopes(defining, method, depth, cls)
        elif made_decorator(method) is home:
            applied = _decorator_scopes(home, method, defining.scope, depth)
        else:
            applied = None
        if not applied:
            found.complete = False
            continue
        loops = _loops_around(home, value)
        for applied_at in applied:
            # (`for route in other.routes: self.routes.append(...)`: one entry per row)
            for where in (
                _per_row(loops, value.lineno, applied_at, depth) if loops else [applied_at]
            ):
                if entry_key is None:
                    found.items.append((_UNKNOWN_KEY, value, where))
                    continue
                known, constant = constant_key(entry_key, where, depth)
                if not known and isinstance(entry_key, (ast.Name, ast.Attribute)):
                    # (`self._handlers[command_type] = handler`: a name of the code, a class
                    # a call gives; `_class_pick` reads it where the entry was made)
                    found.items.append((_ExprKey(entry_key), value, where))
                    continue
                found.items.append((constant if known else _UNKNOWN_KEY, value, where))
    memo[key] = Budgeted(found, budget, TRUNCATED[0] != before)
    return found


def attribute_changes(
    cls: ClassRef, attr: str
) -> list[tuple[ast.FunctionDef | ast.AsyncFunctionDef, FuncNode, ast.expr | None, ast.expr]]:
    """(method, the def the change is in, key, value) of each `self.attr[key] = value` (or
    `self.attr.append(value)`) in the class's own methods and the defs in them."""
    memo = cls.module.state.summaries
    key = ("attribute.changes", id(cls.node), attr)
    cached = memo.get(key)
    if isinstance(cached, list):
        return cached
    found: list[
        tuple[ast.FunctionDef | ast.AsyncFunctionDef, FuncNode, ast.expr | None, ast.expr]
    ] = []
    memo[key] = found
    text = cls.module.lines.text(cls.node.lineno, cls.node.end_lineno or cls.node.lineno)
    if f".{attr}[" not in text and f".{attr}.append(" not in text:
        return found
    for stmt in cls.node.body:
        if not isinstance(stmt, _DEF_TYPES):
            continue
        if _is_static(stmt):
            me = cls.name  # (`Route._routes.append(route)` in a static method)
        elif stmt.args.args:
            me = stmt.args.args[0].arg
        else:
            continue
        stack: list[tuple[ast.AST, FuncNode]] = [(s, stmt) for s in stmt.body]
        while stack:
            node, home = stack.pop()
            if isinstance(node, (*_DEF_TYPES, ast.Lambda)):
                inner: list[ast.AST] = [*node.body] if isinstance(node, _DEF_TYPES) else []
                stack.extend((s, node) for s in inner)
                continue
            if isinstance(node, ast.ClassDef):
                continue
            change = _attribute_change(node, me, attr)
            if change is not None:
                found.append((stmt, home, *change))
            stack.extend((child, home) for child in ast.iter_child_nodes(node))
    return found


def _attribute_change(node: ast.AST, me: str, attr: str) -> tuple[ast.expr | None, ast.expr] | None:
    """(key, value) of `me.attr[key] = value`, (None, value) of `me.attr.append(value)`."""
    if isinstance(node, ast.Assign) and len(node.targets) == 1:
        target = node.targets[0]
        if (
            isinstance(target, ast.Subscript)
            and isinstance(target.value, ast.Attribute)
            and target.value.attr == attr
            and is_name(target.value.value, me)
            and not isinstance(target.slice, ast.Slice)
        ):
            return target.slice, node.value
    if (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Call)
        and isinstance(node.value.func, ast.Attribute)
        and node.value.func.attr in ("append", "add")
        and len(node.value.args) == 1
        and isinstance(node.value.func.value, ast.Attribute)
        and node.value.func.value.attr == attr
        and is_name(node.value.func.value.value, me)
    ):
        return None, node.value.args[0]
    return None


def _lineage(cls: ClassRef) -> list[ClassRef]:
    """The class and the project classes it derives from, nearest first (bounded)."""
    out = [cls]
    for known in out:
        if len(out) > _MAX_CLASS_DEPTH:
            break
        out.extend(b for b in class_bases(known) if b is not None and b not in out)
    return out


def _method_call_scopes(
    cls: ClassRef,
    method: ast.FunctionDef | ast.AsyncFunctionDef,
    depth: int,
    of: ClassRef | None = None,
) -> list[Scope]:
    """The scopes of `method`'s body, one per call `obj.method(...)` in the modules of the
    class's folder and those under it where `obj` is an instance of the class (or of one
    that derives from it; with `of`, of that class, which derives from `cls`), its
    parameters bound to what the call gives."""
    of = of or cls
    out: list[Scope] = []
    if depth > MAX_DEPTH:
        return out
    op = _IN_PLACE.get(method.name)
    word = f".{method.name}(" if op is None else _IN_PLACE_TEXT[op]
    static = _is_static(method)
    function = Function(method, cls.module, cls.scope, cls, bound=not static)
    for module in subtree_modules(cls.module, word, package=True):
        tree = module.tree
        if tree is None:
            continue
        found = (
            _calls_named(tree, method.name, module.word_lines(method.name))
            if op is None
            else _in_place_calls(tree, method.name, op)
        )
        for call, home in found:
            site = def_scope(module, home) if home is not None else module_scope(module)
            objects = receiver(call.func.value, site, depth + 1).items  # type: ignore[attr-defined]
            if not any(
                (isinstance(o, Instance) and _derives(o.cls, of))
                # (`Factory.add(klass)` of a classmethod or a static method: called on the
                # class itself)
                or (
                    isinstance(o, Class)
                    and _derives(o.ref, of)
                    and (_is_classmethod(method) or static)
                )
                for o in objects
            ):
                continue
            sites = [site]
            if isinstance(home, _DEF_TYPES) and site.parent is not None and not home.decorator_list:
                # (`def tool_handler(klass): return Factory.add(klass)` applied as a decorator:
                # once per class or def it decorates, its parameter that one)
                maker = site.parent.func
                if (
                    isinstance(maker, _DEF_TYPES)
                    and site.parent.parent is not None
                    and made_decorator(maker) is home
                ):
                    # (`def tool(self, name): def decorate(cls): self.add(name, cls)`: once
                    # per def or class decorated with `@entries.tool(...)`)
                    applied = _decorator_scopes(home, maker, site.parent.parent, depth + 1)
                else:
                    applied = _decorator_scopes(home, None, site.parent, depth + 1)
                if applied:
                    sites = applied
                elif (
                    site.owner is not None
                    and site.func is home
                    and is_name(
                        call.func.value,  # type: ignore[attr-defined]
                        first_parameter(home) or "",
                    )
                ):
                    # (`def add(self, tool): self += tool`: once per call of `add`, its
                    # parameters bound there)
                    sites = _method_call_scopes(site.owner, home, depth + 1, of) or sites
            if home is not None and not isinstance(home, ast.Lambda):
                loops = _loops_around(home, call)
                if loops:
                    # (`for cls in TOOL_CLASSES: registry.add(cls())`: one call per row)
                    sites = [w for s in sites for w in _per_row(loops, call.lineno, s, depth + 1)]
            chain = _outer_chains(site).get(id(call)) if op is None else None
            for where in sites:
                # (a parameter the call leaves out holds its constant default: `prefix=""`)
                env = constant_defaults(bind_call(call, where, function, depth + 1), call, method)
                # (one call of a method that fills a table: what it makes is that call's own,
                # and the methods a chain calls on what it returns are read, as a helper's)
                env[APPLIED] = Possible.of(Const(True))
                if chain is not None:
                    env[CHAIN] = Possible.of(Literal(chain, where))
                out.append(cls.scope.child(method, env or None, cls))
            if len(out) > MAX_ITEMS:
                return out
    if op is None:
        out.extend(_method_decorations(cls, method, of, depth))
    return out


def _method_decorations(
    cls: ClassRef, method: ast.FunctionDef | ast.AsyncFunctionDef, of: ClassRef, depth: int
) -> list[Scope]:
    """The scopes of a method used bare as a decorator (`@REGISTRY.tool` over a class or a
    def), one per class or def it decorates: `self` the instance it is taken from, its next
    parameter what it decorates."""
    params = [*method.args.posonlyargs, *method.args.args]
    static = _is_static(method)
    classy = _is_classmethod(method)
    if len(params) < (1 if static else 2):
        return []
    out: list[Scope] = []
    for app_module, def_node, dec, app_scope in _decorations(cls.module, method.name, depth + 1):
        if not isinstance(dec, ast.Attribute) or dec.attr != method.name:
            continue
        held = receiver(dec.value, app_scope, depth + 1)
        if not held.items or not all(
            (isinstance(o, Instance) and _derives(o.cls, of))
            # (`@ToolFactory.register` of a class method or a static method: taken from the
            # class itself)
            or ((static or classy) and isinstance(o, Class) and _derives(o.ref, of))
            for o in held.items
        ):
            continue
        given = Possible.of(
            Class(ClassRef(def_node, app_module, app_scope))
            if isinstance(def_node, ast.ClassDef)
            else handed_def(def_node, dec, app_module, app_scope)
        )
        if static:
            env = {params[0].arg: given}
        else:
            me = held
            if classy:
                me = Possible(
                    tuple(o if isinstance(o, Class) else Class(o.cls) for o in held.items)  # type: ignore[attr-defined]
                )
            env = {params[0].arg: me, params[1].arg: given}
        out.append(cls.scope.child(method, env, cls))
        if len(out) > MAX_ITEMS:
            break
    return out


# An in-place operator's method, and the statement that calls it (`registry += tool`).
_IN_PLACE: dict[str, type[ast.operator]] = {
    "__iadd__": ast.Add,
    "__isub__": ast.Sub,
    "__ior__": ast.BitOr,
    "__ilshift__": ast.LShift,
    "__imatmul__": ast.MatMult,
}
_IN_PLACE_TEXT: dict[type[ast.operator], str] = {
    ast.Add: "+=",
    ast.Sub: "-=",
    ast.BitOr: "|=",
    ast.LShift: "<<=",
    ast.MatMult: "@=",
}


def first_parameter(node: FuncNode) -> str | None:
    """The def's first positional parameter (`self` of a method), or None."""
    positional = [*node.args.posonlyargs, *node.args.args]
    return positional[0].arg if positional else None


def _in_place_calls(
    tree: ast.Module, name: str, op: type[ast.operator]
) -> list[tuple[ast.Call, FuncNode | None]]:
    """Each `x op= value` of the tree as the call of `x.name(value)` it makes, with the def it
    is in (one call node per statement, kept on it)."""
    found: list[tuple[ast.Call, FuncNode | None]] = []
    stack: list[tuple[ast.AST, FuncNode | None]] = [(s, None) for s in tree.body]
    while stack:
        node, home = stack.pop()
        if isinstance(node, (*_DEF_TYPES, ast.Lambda)):
            stack.extend((child, node) for child in ast.iter_child_nodes(node))
            continue
        if isinstance(node, ast.AugAssign) and isinstance(node.op, op):
            key = f"_hd_in_place_{name}"
            call = node.__dict__.get(key)
            if call is None:
                target = ast.copy_location(_loaded(node.target), node.target)
                func = ast.copy_location(ast.Attribute(target, name, ast.Load()), node)
                call = ast.copy_location(ast.Call(func, [node.value], []), node)
                node.__dict__[key] = call
            found.append((call, home))
            continue
        if isinstance(node, (ast.stmt, ast.ExceptHandler, ast.match_case)):
            stack.extend((child, home) for child in ast.iter_child_nodes(node))
    return found


def _loaded(target: ast.expr) -> ast.expr:
    """The target of an assignment read as a value (`self.registry` of `self.registry += t`)."""
    if isinstance(target, ast.Name):
        return ast.Name(target.id, ast.Load())
    if isinstance(target, ast.Attribute):
        return ast.Attribute(target.value, target.attr, ast.Load())
    if isinstance(target, ast.Subscript):
        return ast.Subscript(target.value, target.slice, ast.Load())
    return target


def _calls_named(
    tree: ast.Module, name: str, lines: set[int], plain: bool = False
) -> list[tuple[ast.Call, FuncNode | None]]:
    """Each call `x.name(...)` (with `plain`, `name(...)` too) of the tree on `lines` (where
    the word is), with the def (or lambda) it is in; only the statements on those lines are
    read (a def's body too)."""
    found: list[tuple[ast.Call, FuncNode | None]] = []
    stack: list[tuple[ast.AST, FuncNode | None]] = [
        (s, None) for s in tree.body if spans_any(s, lines)
    ]
    while stack:
        node, home = stack.pop()
        if isinstance(node, (*_DEF_TYPES, ast.Lambda)):
            for child in ast.iter_child_nodes(node):
                if spans_any(child, lines):
                    stack.append((child, node))
            continue
        if isinstance(node, ast.Call) and (
            (isinstance(node.func, ast.Attribute) and node.func.attr == name)
            or (plain and isinstance(node.func, ast.Name) and node.func.id == name)
        ):
            found.append((node, home))
        stack.extend(
            (child, home) for child in ast.iter_child_nodes(node) if spans_any(child, lines)
        )
    return found


def _derives(cls: ClassRef, base: ClassRef) -> bool:
    if cls.node is base.node:
        return True
    return any(k is not None and k.node is base.node for k in _searched_bases(cls))


def _record_items(
    expr: ast.DictComp, gen: ast.comprehension, scope: Scope, depth: int
) -> Entries | None:
    """`{f.name: getattr(self, f.name) for f in fields(self)}` of a record (a shallow
    `asdict`): an entry per field the class declares, its value the record's attribute."""
    target = gen.target
    if (
        gen.ifs
        or not isinstance(target, ast.Name)
        or not isinstance(gen.iter, ast.Call)
        or last_name(gen.iter.func) != "fields"
        or len(gen.iter.args) != 1
        or not (
            isinstance(expr.key, ast.Attribute)
            and expr.key.attr == "name"
            and is_name(expr.key.value, target.id)
        )
        or not (
            isinstance(expr.value, ast.Call)
            and is_name(expr.value.func, "getattr")
            and len(expr.value.args) == 2
            and ast.dump(expr.value.args[0]) == ast.dump(gen.iter.args[0])
            and ast.dump(expr.value.args[1]) == ast.dump(expr.key)
        )
    ):
        return None
    held = resolve(gen.iter.args[0], scope, depth + 1).single()
    if not isinstance(held, Instance):
        return None
    fields = record_fields(held.cls)
    if fields is None:
        return None
    found = Entries([])
    for name, _ in fields:
        read = ast.copy_location(ast.Attribute(gen.iter.args[0], name, ast.Load()), expr)
        found.items.append((name, read, scope))
    return found


def _comprehended_entries(expr: ast.DictComp, scope: Scope, depth: int) -> Entries | None:
    """`{spec["name"]: spec["fn"] for spec in TOOL_TABLE}`: an entry per row of the table,
    key and value each the row itself or one of its constant keys."""
    if len(expr.generators) != 1:
        return None
    gen = expr.generators[0]
    if gen.is_async:
        return None
    record = _record_items(expr, gen, scope, depth)
    if record is not None:
        return record
    table = rows(gen.iter, scope, depth + 1)
    if table is None:
        return None
    found = Entries([], table.complete)
    for row, where in table.items:
        if gen.ifs:
            # (`{k: spec[k] for k in KEEP if k in spec}`: each row the filter keeps)
            here = scope.with_env(bind_target(gen.target, row, where, depth + 1))
            said = [_row_test(test, here, depth + 1) for test in gen.ifs]
            if False in said:
                continue
            if None in said:
                found.complete = False
        name = gen.target.id if isinstance(gen.target, ast.Name) else None
        key = _row_part(expr.key, name, row, where, depth) if name else None
        value = _row_part(expr.value, name, row, where, depth) if name else None
        if key is None or value is None:
            # (`{n: (f, schema) for n, f, schema in TABLE}`: key and value read where the
            # row's names are bound)
            bound = bind_target(gen.target, row, where, depth + 1)
            inner = scope.with_env(bound)
            key, value = key or (expr.key, inner), value or (expr.value, inner)
        known, constant = constant_key(key[0], key[1], depth)
        found.items.append((constant if known else _UNKNOWN_KEY, value[0], value[1]))
    return found


def _row_part(
    part: ast.expr, name: str, row: ast.expr, where: Scope, depth: int
) -> tuple[ast.expr, Scope] | None:
    """What `part` (the row's name, or `name["k"]` of it) is for one row."""
    if is_name(part, name):
        return row, where
    if not (
        isinstance(part, ast.Subscript)
        and is_name(part.value, name)
        and isinstance(part.slice, ast.Constant)
    ):
        return None
    fields = entries(row, where, depth + 1)
    if fields is None:
        return None
    for key, value, inner in fields.items:
        if key == part.slice.value:
            return value, inner
    return None


def _literal_entries(value: Possible, depth: int) -> Entries | None:
    found = Entries([], value.complete)
    known = False
    for obj in value.items:
        if isinstance(obj, Literal):
            inner = entries(obj.expr, obj.scope, depth + 1)
            if inner is not None:
                known = True
                found.items.extend(inner.items)
                found.complete = found.complete and inner.complete
                if len(value.items) == 1:
                    found.fixed = inner.fixed
                continue
        found.complete = False
    return found if known else None


# -- loop targets ------------------------------------------------------------------------------------


def bind_target(
    target: ast.expr, row: ast.expr, scope: Scope, depth: int = 0
) -> dict[str, Possible]:
    """What each name of a loop target is for one row (`for name, fn in TABLE`)."""
    out: dict[str, Possible] = {}
    _bind(target, resolve(row, scope, depth + 1), out, depth)
    return out


def _bind(target: ast.expr, value: Possible, out: dict[str, Possible], depth: int) -> None:
    if isinstance(target, ast.Name):
        out[target.id] = value
        return
    if isinstance(target, (ast.Tuple, ast.List)):
        if any(isinstance(e, ast.Starred) for e in target.elts):
            for name in ast.walk(target):
                if isinstance(name, ast.Name):
                    out[name.id] = UNKNOWN
            return
        for i, elt in enumerate(target.elts):
            _bind(elt, _element(value, (i,), depth), out, depth + 1)
        return
    # `for self.x in ...`, `for d["k"] in ...`: nothing is bound to a name


def scope_for(
    module: ModuleInfo, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
) -> Scope:
    """The scope a def or lambda of `module` is created in (its parents found by position)."""
    return def_scope(module, node).parent or module_scope(module)


def function_of(
    module: ModuleInfo, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
) -> Function:
    """The `Function` of a def or lambda of `module`, reached without a lookup."""
    inner = def_scope(module, node)
    return Function(node, module, inner.parent or module_scope(module), owner=inner.owner)


# -- classes -------------------------------------------------------------------------------------
# A class's bases, methods and attributes, as the binding index gives them (`ClassRef` is its
# data, in `scopes`).

_MAX_CLASS_DEPTH = 8


def class_bases(cls: ClassRef) -> list[ClassRef | None]:
    """Each base as written: a project class, or None (a builtin, or outside the root)."""
    state = cls.module.state
    cached = state.bases.get(id(cls.node))
    if cached is not None:
        return cached  # type: ignore[return-value]
    found: list[ClassRef | None] = []
    state.bases[id(cls.node)] = found  # type: ignore[assignment]  # a cycle ends here
    for base in cls.node.bases:
        # (`class Entries(Registry[ToolEntry])`: a generic base is its class)
        written = base.value if isinstance(base, ast.Subscript) else base
        found.append(class_named(written, cls.scope))
    return found


# How deep the search for a class's subclasses goes (what files it reads: `subtree_files`).
_MAX_SUBCLASS_LEVELS = 4


def subclasses(cls: ClassRef) -> list[ClassRef]:
    """The project classes that derive from `cls`, directly or through others: the classes of
    the modules in `cls`'s own folder and the folders under it whose text names it (a backend
    and its implementations live together). Bounded; found once per class."""
    state = cls.module.state
    key = ("subclasses", id(cls.node))
    cached = state.summaries.get(key)
    if cached is not None:
        return cached  # type: ignore[return-value]
    state.summaries[key] = []  # a cycle ends here
    modules = subtree_modules(cls.module, "class ")
    found: list[ClassRef] = []
    wanted = {cls}
    names = {cls.name}
    for _ in range(_MAX_SUBCLASS_LEVELS):
        added: list[ClassRef] = []
        for module in modules:
            if not any(module.contains(name) for name in names):
                continue  # (before `.tree`: a module that does not name the class stays unparsed)
            tree = module.tree
            if tree is None:
                continue
            scope = module_scope(module)
            for stmt in tree.body:
                if not isinstance(stmt, ast.ClassDef) or not stmt.bases:
                    continue
                ref = ClassRef(stmt, module, scope)
                if ref in wanted:
                    continue
                if any(base in wanted for base in class_bases(ref) if base is not None):
                    added.append(ref)
        if not added:
            break
        for ref in added:
            if ref not in wanted:
                wanted.add(ref)
                names.add(ref.name)
                found.append(ref)
    state.summaries[key] = found
    return found


# The enum classes of the standard library: which mix in `str` or `int` (a member hashes,
# compares and serialises as its value) and which do not.
_MIXED_ENUMS = frozenset({"IntEnum", "StrEnum", "IntFlag", "ReprEnum"})
_PLAIN_ENUMS = frozenset({"Enum", "Flag"})
_VALUE_TYPES = frozenset({"str", "int", "float", "bytes"})


def enum_kind(cls: ClassRef, depth: int = 0) -> str | None:
    """ "mixed" for a project `Enum` class that mixes in a value type (`class A(str, Enum)`,
    `StrEnum`), "plain" for one that does not, None for a class that is no enum. Found once
    per class (a lattice of bases is read once per class, not once per path)."""
    if depth > _MAX_CLASS_DEPTH:
        return None
    memo = cls.module.state.summaries
    key = ("enum.kind", id(cls.node))
    if key in memo:
        return memo[key]  # type: ignore[return-value]
    memo[key] = None  # (a cycle of bases: no enum)
    found = _enum_kind(cls, depth)
    memo[key] = found
    return found


def _enum_kind(cls: ClassRef, depth: int) -> str | None:
    kinds: set[str] = set()
    for expr, base in zip(cls.node.bases, class_bases(cls)):
        if base is not None:
            kind = enum_kind(base, depth + 1)
            if kind is not None:
                kinds.add(kind)
            continue
        name = last_name(expr)
        if name in _MIXED_ENUMS:
            kinds.add("mixed")
        elif name in _PLAIN_ENUMS and import_origin(name, cls.scope) in (None, ("enum", name)):
            kinds.add("plain")
        elif name in _VALUE_TYPES:
            kinds.add("value")
    if not kinds - {"value"}:
        return None
    return "mixed" if kinds & {"mixed", "value"} else "plain"


def enum_members(cls: ClassRef) -> dict[str, Member]:
    """The members an enum class's own body binds (`HOLD = "hold_seats"`), by name, in order;
    empty for a class that is no enum. Names with a leading underscore, and defs, are not
    members."""
    memo = cls.module.state.summaries
    key = ("enum.members", id(cls.node))
    cached = memo.get(key)
    if isinstance(cached, dict):
        return cached
    found: dict[str, Member] = {}
    memo[key] = found  # (a cycle through the bases ends here)
    if not cls.node.bases or enum_kind(cls) is None:
        return found
    for stmt in cls.node.body:
        target: ast.expr | None = None
        value: ast.expr | None = None
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target, value = stmt.targets[0], stmt.value
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            target, value = stmt.target, stmt.value
        if (
            isinstance(target, ast.Name)
            and value is not None
            and not target.id.startswith("_")
            and not isinstance(value, ast.Lambda)
        ):
            found[target.id] = Member(cls, target.id, value)
    return found


def member_constant(member: Member, depth: int = 0) -> tuple[bool, object]:
    """What a member is as a key or in a comparison: its value for an enum that mixes in a
    value type (it hashes and compares as the value), else a `MemberKey`."""
    if enum_kind(member.cls) == "plain":
        return True, MemberKey(member)
    return constant_key(member.value, member.cls.scope, depth + 1)


class MemberKey:
    """A dict key that is a member of an enum without a value type: equal only to itself."""

    __slots__ = ("member",)

    def __init__(self, member: Member) -> None:
        self.member = member

    def __eq__(self, other: object) -> bool:
        return type(other) is MemberKey and other.member == self.member

    def __hash__(self) -> int:
        return hash(self.member)

    def __repr__(self) -> str:
        return repr(self.member)


# member value node id -> (the value, `Cls.NAME` written for it: rows are remembered by identity)
_MEMBER_EXPRS: dict[int, tuple[ast.expr, ast.Attribute]] = {}


def member_expr(member: Member) -> ast.Attribute:
    """`Cls.NAME` for a member, as a row of a loop over its class (read in the class's scope)."""
    made = _MEMBER_EXPRS.get(id(member.value))
    if made is None or made[0] is not member.value:
        node = ast.Attribute(
            value=ast.Name(id=member.cls.name, ctx=ast.Load()), attr=member.name, ctx=ast.Load()
        )
        ast.copy_location(node, member.value)
        ast.copy_location(node.value, member.value)
        made = _MEMBER_EXPRS[id(member.value)] = (member.value, node)
    return made[1]


def object_like_bases(cls: ClassRef) -> bool:
    """True when every base that is not a project class is a builtin class (object,
    Exception...): those define no method the project calls by its own name."""
    for expr, base in zip(cls.node.bases, class_bases(cls)):
        if base is not None:
            continue
        if (
            isinstance(expr, ast.Name)
            and isinstance(getattr(builtins, expr.id, None), type)
            and is_builtin_name(expr.id, cls.scope)
        ):
            continue
        return False
    return True


def class_mro(cls: ClassRef) -> list[ClassRef] | None:
    """The classes Python searches for an attribute of `cls`, in its order (C3: a mixin's
    base comes after every class that derives from it); None when a base that is no builtin
    class is not known, or the bases cannot be ordered. Found once per class."""
    state = cls.module.state
    key = ("mro", id(cls.node))
    if key in state.summaries:
        return state.summaries[key]  # type: ignore[return-value]
    state.summaries[key] = None  # (a cycle: not known)
    found = _c3(cls)
    state.summaries[key] = found
    return found


def _c3(cls: ClassRef) -> list[ClassRef] | None:
    bases = class_bases(cls)
    if any(b is None for b in bases) and not object_like_bases(cls):
        return None
    known = [b for b in bases if b is not None]
    if len(known) > _MAX_BASES or len({id(b.node) for b in known}) != len(known):
        return None  # (Python refuses a base named twice; so many bases: not read)
    sequences: list[list[ClassRef]] = []
    for base in known:
        inherited = class_mro(base)
        if inherited is None:
            return None
        sequences.append(list(inherited))
    sequences.append(list(known))
    out = [cls]
    while True:
        sequences = [seq for seq in sequences if seq]
        if not sequences:
            return out
        if len(out) > 4 * _MAX_CLASS_DEPTH:
            return None
        tails = {id(x.node) for other in sequences for x in other[1:]}
        for seq in sequences:
            head = seq[0]
            if id(head.node) not in tails:
                break
        else:
            return None  # (Python refuses such a class: no consistent order)
        out.append(head)
        for seq in sequences:
            if seq[0].node is head.node:
                seq.pop(0)


def class_method(cls: ClassRef, name: str, depth: int = 0) -> tuple[Function, ClassRef] | None:
    """The def `name` in the class or its bases (in Python's order when it is known, else left
    to right, depth first) with the class that defines it, or None when not found or when a
    base that cannot be resolved may."""
    own = cls.own_def(name)
    if own is not None:
        return Function(own, cls.module, cls.scope, owner=cls), cls
    if depth > _MAX_CLASS_DEPTH:
        return None
    order = class_mro(cls) if depth == 0 else None
    for klass in order[1:] if order is not None else _searched_bases(cls):
        if klass is None:
            return None  # (a base that cannot be resolved may define it)
        written = klass.own_def(name)
        if written is not None:
            return Function(written, klass.module, klass.scope, owner=klass), klass
    return None


# The most bases a class's order is computed for (more: not read).
_MAX_BASES = 64


def _searched_bases(cls: ClassRef) -> list[ClassRef | None]:
    """The bases of `cls` left to right, depth first, each once (a class met again has been
    searched), down to `_MAX_CLASS_DEPTH` levels; None where a base that is no builtin
    class cannot be resolved. Found once per class: a lattice of classes each deriving from
    all of the layer below is searched once, not once per path (it was exponential)."""
    state = cls.module.state
    key = ("bases.searched", id(cls.node))
    cached = state.summaries.get(key)
    if cached is not None:
        return cached  # type: ignore[return-value]
    out: list[ClassRef | None] = []
    seen: set[int] = set()
    stack: list[tuple[ClassRef | None, int]] = [(cls, 0)]
    while stack:
        klass, level = stack.pop()
        if klass is None:
            out.append(None)
            continue
        if id(klass.node) in seen:
            continue
        seen.add(id(klass.node))
        if klass is not cls:
            out.append(klass)
        if level > _MAX_CLASS_DEPTH:
            continue
        below: list[tuple[ClassRef | None, int]] = []
        for base in class_bases(klass):
            if base is None and object_like_bases(klass):
                continue
            below.append((base, level + 1))
        stack.extend(reversed(below))
    state.summaries[key] = out
    return out


def _subclass_hook_value(cls: ClassRef, name: str, depth: int) -> Possible | None:
    """`cls.name` as a base's `__init_subclass__` sets it when the class statement runs
    (`def __init_subclass__(cls, name=None, **kw): cls.tool_name = name or ...`, then `class
    Scale(Tool, name="scale")`): the hook's value with its parameters bound to the class's
    keywords (or their constant defaults). None when no base's hook sets it, or only under a
    test the keywords do not decide."""
    hook: tuple[Function, ClassRef] | None = None
    for base in class_bases(cls):
        if base is not None:
            hook = class_method(base, "__init_subclass__", depth + 1)
            if hook is not None:
                break
    if hook is None or not isinstance(hook[0].node, _DEF_TYPES):
        return None
    node = hook[0].node
    params = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
    if not params:
        return None
    me = params[0].arg
    given = {kw.arg: kw.value for kw in cls.node.keywords if kw.arg is not None}
    defaults = _hook_defaults(node)
    env: dict[str, Possible] = {me: Possible.of(Class(cls))}
    for param in params[1:]:
        if param.arg in given:
            env[param.arg] = resolve(given[param.arg], cls.scope, depth + 1)
        elif param.arg in defaults:
            env[param.arg] = Possible.of(Const(defaults[param.arg]))
    value: ast.expr | None = None
    for stmt in node.body:
        assigned = _hook_store(stmt, me, name)
        if assigned is None and isinstance(stmt, ast.If) and not stmt.orelse:
            # (`if emoji is not None: cls.emoji = emoji`: taken when the keyword is given)
            test = stmt.test
            tested = (
                test.left.id
                if isinstance(test, ast.Compare)
                and isinstance(test.left, ast.Name)
                and len(test.ops) == 1
                and isinstance(test.ops[0], ast.IsNot)
                and is_none(test.comparators[0])
                else test.id
                if isinstance(test, ast.Name)
                else None
            )
            inner = [_hook_store(s, me, name) for s in stmt.body]
            stored = [v for v in inner if v is not None]
            if stored and tested is not None:
                if tested in given:
                    assigned = stored[-1]
                elif tested not in defaults or defaults[tested] not in (None, False, 0, ""):
                    return None  # (not decided by the keywords)
        if assigned is not None:
            value = assigned
    if value is None:
        return None
    return resolve(value, hook[0].scope.child(node, env, hook[1]), depth + 1)


def _hook_store(stmt: ast.stmt, me: str, name: str) -> ast.expr | None:
    """The value of `me.name = value`, when `stmt` is that assignment."""
    if (
        isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], ast.Attribute)
        and stmt.targets[0].attr == name
        and is_name(stmt.targets[0].value, me)
    ):
        return stmt.value
    return None


def _hook_defaults(node: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, object]:
    a = node.args
    positional = [*a.posonlyargs, *a.args]
    pairs = [*zip(reversed(positional), reversed(a.defaults))]
    pairs += [(p, d) for p, d in zip(a.kwonlyargs, a.kw_defaults) if d is not None]
    return {p.arg: d.value for p, d in pairs if isinstance(d, ast.Constant)}


def class_attribute(
    cls: ClassRef, name: str, depth: int = 0, of: Instance | None = None
) -> Possible:
    """What `Cls.name` / `self.name` may hold (methods excepted: see `class_method`):
    class-level bindings, annotations, every `self.name = ...` in the class's methods, then
    the bases'. `of`: the instance it is asked of, made by a known call (`self` in the
    methods of its class and its bases is that instance: `self._name = self.TOOL_NAME` in a
    base's `__init__` reads the subclass's `TOOL_NAME`)."""
    memo = cls.module.state.summaries
    made = (id(of.cls.node), id(of.made[0]) if of.made is not None else 0) if of else None
    key = ("class.attribute", id(cls.node), name, made)
    cached = memo.get(key)
    budget = MAX_DEPTH - depth
    if isinstance(cached, Budgeted) and cached.serves(budget):
        return cached.value  # type: ignore[return-value]
    if cached is IN_PROGRESS:
        return UNKNOWN  # `self.x = self.x.child()` ends here
    memo[key] = IN_PROGRESS
    before = TRUNCATED[0]
    found = _class_attribute(cls, name, depth, of)
    memo[key] = Budgeted(found, budget, TRUNCATED[0] != before)
    return found


def _class_attribute(cls: ClassRef, name: str, depth: int, of: Instance | None) -> Possible:
    found = Possible((), True)
    seen_any = False
    for binding in class_scope_index(cls.module, cls.node).get(name):
        seen_any = True
        if binding.kind in ("assign", "annotated") and binding.value is not None:
            found = found.join(resolve_binding(binding, cls.scope, depth + 1))
        elif binding.kind in ("annotated", "declared"):
            assert isinstance(binding.node, ast.AnnAssign)
            declared = annotation_class(binding.node.annotation, cls.scope)
            found = found.join(
                Possible((Instance(declared),), False) if declared is not None else UNKNOWN
            )
        elif binding.kind == "class" and isinstance(binding.node, ast.ClassDef):
            # `class Invalid(Exception)` in the class body: `except self.Invalid`
            found = found.join(Possible.of(Class(ClassRef(binding.node, cls.module, cls.scope))))
        elif binding.kind != "def":
            found = found.join(UNKNOWN)
    for method in cls.methods():
        for target, value, annotation in _self_assignments(method.node, name, cls.name):
            seen_any = True
            node = method.node
            if of is not None and isinstance(node, _DEF_TYPES):
                first = [*node.args.posonlyargs, *node.args.args][:1]
                plain = not (_is_static(node) or _is_classmethod(node))
                env = {first[0].arg: Possible.of(of)} if first and plain else None
                scope = method.scope.child(node, env, owner=of.cls)
            else:
                scope = method.scope.child(method.node, owner=cls)
            if annotation is not None:
                declared = annotation_class(annotation, scope)
                if declared is not None:
                    found = found.join(Possible.of(Instance(declared)))
                    continue
            if value is None:
                found = found.join(UNKNOWN)
                continue
            given = _constructor_parameter(cls, method.node, value, depth)
            found = found.join(given if given is not None else resolve(value, scope, depth + 1))
    for value in _stored_on_class(cls, name):
        # (`SkiBuddy.TOOLS = {...}` after the class: what it holds once the module has run)
        seen_any = True
        found = found.join(resolve(value, module_scope(cls.module), depth + 1))
    if seen_any or depth > _MAX_CLASS_DEPTH:
        return found
    hooked = _subclass_hook_value(cls, name, depth)
    if hooked is not None:
        return hooked
    for base in class_bases(cls):
        if base is None:
            if object_like_bases(cls):
                continue
            return UNKNOWN
        inherited = class_attribute(base, name, depth + 1, of)
        if inherited.items:
            return inherited
        # (nothing known of it in this base: the next base of a mixin class may hold it)
    return UNKNOWN


def _stored_on_class(cls: ClassRef, name: str) -> list[ast.expr]:
    """The values module-level code of the class's own module gives `Cls.name` (`SkiBuddy.TOOLS
    = {...}` after the class)."""
    module = cls.module
    tree = module.tree
    if tree is None or cls.scope is not module_scope(module):
        return []
    if not module.contains(f"{cls.name}.{name}"):
        return []
    found: list[ast.expr] = []
    for stmt, _blocks in module_statements(tree):
        if isinstance(stmt, ast.Assign):
            targets, value = stmt.targets, stmt.value
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            targets, value = [stmt.target], stmt.value
        else:
            continue
        if any(
            isinstance(t, ast.Attribute) and t.attr == name and is_name(t.value, cls.name)
            for t in targets
        ):
            found.append(value)
    return found


def record_field_given(inst: Instance, attr: str) -> tuple[ast.expr, Scope] | None:
    """The argument the call that made a record instance gave its field `attr` (`spec.schema`
    of `ToolSpec("x", _schema(...), op)`), with the scope it is read in; None when the call
    gives it none (a default) or the instance's call is not known."""
    if inst.made is None:
        return None
    call, scope = inst.made
    if any(isinstance(a, ast.Starred) for a in call.args) or any(
        kw.arg is None for kw in call.keywords
    ):
        return None
    fields = record_fields(inst.cls)
    if fields is None:
        return None
    for index, (name, _default) in enumerate(fields):
        if name == attr:
            given = call.args[index] if index < len(call.args) else None
            given = next((kw.value for kw in call.keywords if kw.arg == name), given)
            return (given, scope) if given is not None else None
    return None


def _constructed_attribute(
    cls: ClassRef, made: tuple[ast.Call, Scope], attr: str, depth: int
) -> Possible | None:
    """What one construction (`Spec("weather", handler=weather)`) gives an instance's `attr`:
    a field of a record class (a NamedTuple's, a dataclass's, as declared in order), or what
    `__init__` stores from one of its parameters (`self.handler = handler`). None when that is
    not how the instance gets it."""
    call, scope = made
    if any(isinstance(a, ast.Starred) for a in call.args):
        return None
    spread = any(kw.arg is None for kw in call.keywords)
    fields = record_fields(cls)
    if spread and APPLIED not in (scope.env or {}) and fields is None:
        return None  # (`Builder(name, **opts)` is read only once per call of a table's helper)
    if fields is not None and spread:
        # (`ToolRoute(**_route_kwargs(route, prefix))` of a helper that returns `dict(name=...,
        # endpoint=...)`: the field as that dict gives it)
        if any(n == attr for n, _ in fields):
            return _spread_field(call, scope, attr, depth)
        return _post_init_attribute(cls, made, attr, depth)
    if fields is not None:
        for index, (name, default) in enumerate(fields):
            if name != attr:
                continue
            given = call.args[index] if index < len(call.args) else None
            given = next((kw.value for kw in call.keywords if kw.arg == name), given)
            if given is not None:
                return resolve(given, scope, depth + 1)
            if default is None:
                return None
            if isinstance(default, ast.Call) and last_name(default.func) == "field":
                # (`field(default=...)`, `field(default_factory=list)`)
                for kw in default.keywords:
                    if kw.arg == "default":
                        return resolve(kw.value, cls.scope, depth + 1)
                    if kw.arg == "default_factory" and isinstance(kw.value, ast.Name):
                        empty = _EMPTY_DISPLAYS.get(kw.value.id)
                        if empty is not None:
                            return Possible.of(Literal(empty, cls.scope))
                return None
            return resolve(default, cls.scope, depth + 1)
        return _post_init_attribute(cls, made, attr, depth)
    init = class_method(cls, "__init__")
    if init is None or not isinstance(init[0].node, ast.FunctionDef):
        return None
    node = init[0].node
    stored = _self_assignments(node, attr)
    if len(stored) != 1 or stored[0][1] is None:
        return None
    if any(
        method.node is not node and _self_assignments(method.node, attr) for method in cls.methods()
    ):
        return None  # (another method sets it too)
    bound = Function(node, init[0].module, init[0].scope, owner=cls, bound=True)
    kept = stored[0][1]
    if not isinstance(kept, ast.Name):
        if spread or not _reads_only_parameters_or_globals(
            kept, node, init[0].scope.child(node).index
        ):
            return None
        # (`self.renderers = {FAILED: render_failed, **renderers}`: what the call gave the
        # parameters, merged in)
        env = bind_call(call, scope, bound, depth)
        for name, constant in parameter_default_constants(node).items():
            # (a parameter the call leaves out holds its default)
            env.setdefault(name, Possible.of(Const(constant)))
        found = resolve(kept, init[0].scope.child(node, env or None, cls), depth + 1)
        if found.complete and _changed_on_self(cls, attr):
            found = Possible(found.items, False)  # (`self.table.setdefault(...)`: more in it)
        return found
    param = kept.id
    given_expr = call_arguments(call, bound).get(param)
    if given_expr is not None:
        return resolve(given_expr, scope, depth + 1)
    if spread:
        return None  # (`**opts` may give it)
    default = _default_of(node, param)
    return resolve(default, init[1].scope, depth + 1) if default is not None else None


def _post_init_attribute(
    cls: ClassRef, made: tuple[ast.Call, Scope], attr: str, depth: int
) -> Possible | None:
    """What a record's `__post_init__` stores as `attr` from its fields (`self.is_async =
    inspect.iscoroutinefunction(self.endpoint)`), read with `self` the instance made."""
    post = class_method(cls, "__post_init__")
    if post is None or not isinstance(post[0].node, ast.FunctionDef) or depth > MAX_DEPTH:
        return None
    node = post[0].node
    stored = _self_assignments(node, attr)
    if len(stored) != 1 or stored[0][1] is None or not node.args.args:
        return None
    value = stored[0][1]
    if any(isinstance(sub, ast.If) and within(value, sub) for sub in walk_function(node)):
        return None  # (stored on one path only)
    me = node.args.args[0].arg
    where = post[0].scope.child(node, {me: Possible.of(Instance(cls, made))}, cls)
    return resolve(value, where, depth + 1)


def _spread_field(call: ast.Call, scope: Scope, attr: str, depth: int) -> Possible | None:
    """`attr` of a record made with `**` spreads of dicts written out (`dict(name=...)`, a
    display with text keys), the last that gives it winning; None when a spread is unknown."""
    found: Possible | None = None
    for kw in call.keywords:
        if kw.arg == attr:
            found = resolve(kw.value, scope, depth + 1)
            continue
        if kw.arg is not None:
            continue
        held = resolve(kw.value, scope, depth + 1)
        row = held.single() if held.complete else None
        if not isinstance(row, Literal):
            return None
        made = row.expr
        if isinstance(made, ast.Dict):
            if any(
                not (isinstance(k, ast.Constant) and isinstance(k.value, str)) for k in made.keys
            ):
                return None
            pairs = [(k.value, v) for k, v in zip(made.keys, made.values)]  # type: ignore[union-attr]
        elif isinstance(made, ast.Call) and is_name(made.func, "dict") and not made.args:
            if any(k.arg is None for k in made.keywords):
                return None
            pairs = [(k.arg, k.value) for k in made.keywords]
        else:
            return None
        for key, value in pairs:
            if key == attr:
                found = resolve(value, row.scope, depth + 1)
    return found


def _reads_only_parameters_or_globals(
    expr: ast.expr, init: ast.FunctionDef | ast.AsyncFunctionDef, local: BindingIndex
) -> bool:
    """Whether `expr` reads no local of `__init__` but its parameters (`self` not among them:
    what other statements set on it is not followed here)."""
    args = init.args
    params = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
    for extra in (args.vararg, args.kwarg):
        if extra is not None:
            params.add(extra.arg)
    me = args.args[0].arg if args.args else None
    for node in ast.walk(expr):
        if isinstance(
            node, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
        ):
            return False
        if isinstance(node, ast.Name):
            if node.id == me:
                return False
            if node.id not in params and local.binds(node.id):
                return False
    return True


def _changed_on_self(cls: ClassRef, attr: str) -> bool:
    """Whether the class's text changes the object `self.<attr>` holds in place (`self.table[k]
    = v`, `self.table.setdefault(...)`): read in its lines, its methods' bodies not parsed."""
    text = cls.module.lines.text(cls.node.lineno, cls.node.end_lineno or cls.node.lineno)
    return (
        re.search(
            rf"\bself\.{re.escape(attr)}\s*(?:\[[^\]\n]*\]\s*(?:[-+*/|&]?=)(?!=)|\.(?:"
            r"append|extend|insert|update|setdefault|add|pop|popitem|remove|discard|clear)\()",
            text,
        )
        is not None
    )


def _tested_holder(cls: ClassRef) -> bool:
    """A class written by hand as a record (`__init__` only keeps its parameters: `self.ok =
    ok`) whose methods test what it keeps (`if self.ok:`): what each call gave it decides
    those tests, so its instances remember their call as a record's do."""
    memo = cls.module.state.summaries
    key = ("tested.holder", id(cls.node))
    cached = memo.get(key)
    if isinstance(cached, bool):
        return cached
    init = cls.own_def("__init__")
    found = init is not None and _keeps_parameters(init)
    if found:
        kept = {
            t.attr
            for stmt in init.body  # type: ignore[union-attr]
            if isinstance(stmt, (ast.Assign, ast.AnnAssign))
            for t in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target])
            if isinstance(t, ast.Attribute)
        }
        # (read in the class's text: its methods' bodies are not parsed for this)
        text = cls.module.lines.text(cls.node.lineno, cls.node.end_lineno or cls.node.lineno)
        found = bool(kept) and any(
            re.search(rf"\bif\b[^\n]*\bself\.{re.escape(attr)}\b", text) for attr in kept
        )
    memo[key] = found
    return found


def _hand_record(cls: ClassRef) -> bool:
    """A class written by hand as a record: its `__init__` only keeps its parameters (`self._name
    = name`), so what each call gave it is what its instance holds (a DTO read by getters)."""
    init = cls.own_def("__init__")
    return init is not None and _keeps_parameters(init)


def _keeps_parameters(init: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Every statement of `__init__` is `self.x = <a parameter or a constant>` (a docstring
    aside)."""
    params = {a.arg for a in (*init.args.posonlyargs, *init.args.args, *init.args.kwonlyargs)}
    if not init.args.args or len(init.body) > 20:
        return False
    me = init.args.args[0].arg
    for stmt in init.body:
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
            continue
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target, value = stmt.targets[0], stmt.value
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            target, value = stmt.target, stmt.value
        else:
            return False
        if not (isinstance(target, ast.Attribute) and is_name(target.value, me)):
            return False
        if not (
            isinstance(value, ast.Constant) or (isinstance(value, ast.Name) and value.id in params)
        ):
            return False
    return True


def _is_record(cls: ClassRef) -> bool:
    node = cls.node
    return any(last_name(base) == "NamedTuple" for base in node.bases) or any(
        last_name(d) in _RECORD_DECORATORS for d in node.decorator_list
    )


def record_fields(cls: ClassRef) -> list[tuple[str, ast.expr | None]] | None:
    """A record class's fields in order, each with its default (a `NamedTuple`, a
    `@dataclass`/attrs class: its annotated class-body names), or None for another class."""
    node = cls.node
    if not _is_record(cls):
        return None
    memo = cls.module.models.memo
    known = memo.get(("record-fields", id(node)))
    if isinstance(known, tuple) and known[0] is node:
        return known[1]  # type: ignore[no-any-return]
    fields: list[tuple[str, ast.expr | None]] = []
    for stmt in node.body:
        if (
            isinstance(stmt, ast.AnnAssign)
            and isinstance(stmt.target, ast.Name)
            and not any(
                last_name(sub) == "ClassVar"
                for sub in ast.walk(stmt.annotation)
                if isinstance(sub, (ast.Name, ast.Attribute))
            )
        ):
            fields.append((stmt.target.id, stmt.value))
    memo[("record-fields", id(node))] = (node, fields)
    return fields


# What `field(default_factory=...)` makes, as a display.
_EMPTY_DISPLAYS: dict[str, ast.expr] = {
    "list": ast.List(elts=[], ctx=ast.Load()),
    "tuple": ast.Tuple(elts=[], ctx=ast.Load()),
    "dict": ast.Dict(keys=[], values=[]),
}
_RECORD_DECORATORS = frozenset({"dataclass", "define", "frozen", "mutable", "attrs", "s"})


def _constructor_parameter(
    cls: ClassRef, method: FuncNode, value: ast.expr, depth: int
) -> Possible | None:
    """`self.client = client` in `__init__`, `client` one of its parameters (not annotated
    with a class): what the class's constructions in its module give it (`cls(boto3.client(
    "s3"))` in a factory classmethod, `Service(Client())` in a def or at module level). None
    when `value` is no such parameter or the constructions are not all known."""
    if not (
        isinstance(value, ast.Name)
        and isinstance(method, ast.FunctionDef)
        and method.name == "__init__"
        and depth < MAX_DEPTH
    ):
        return None
    params = [a.arg for a in (*method.args.posonlyargs, *method.args.args)][1:]
    if value.id not in params or any(
        a.arg == value.id
        and a.annotation is not None
        and annotation_class(a.annotation, cls.scope) is not None
        for a in (*method.args.posonlyargs, *method.args.args)
    ):
        return None  # (an annotation that names a class says it: `client: Client`)
    index = params.index(value.id)
    found: Possible | None = None
    for call, scope in _constructions(cls):
        if any(isinstance(a, ast.Starred) for a in call.args) or any(
            kw.arg is None for kw in call.keywords
        ):
            return None
        given = call.args[index] if index < len(call.args) else None
        if given is None:
            given = next((kw.value for kw in call.keywords if kw.arg == value.id), None)
        if given is None:
            default = _default_of(method, value.id)
            if default is None:
                return None  # (a call that cannot bind it)
            given, scope = default, cls.scope  # (a default is evaluated where the def is made)
        made = resolve(given, scope, depth + 1)
        found = made if found is None else found.join(made)
    return found


def _default_of(method: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> ast.expr | None:
    """The default value of a parameter (positional or keyword-only), or None."""
    positional = [*method.args.posonlyargs, *method.args.args]
    defaults = method.args.defaults
    for param, default in zip(positional[len(positional) - len(defaults) :], defaults):
        if param.arg == name:
            return default
    for kw_param, kw_default in zip(method.args.kwonlyargs, method.args.kw_defaults):
        if kw_param.arg == name:
            return kw_default
    return None


def _constructions(cls: ClassRef) -> list[tuple[ast.Call, Scope]]:
    """The calls of the class, each with the scope it runs in: `cls(...)` in its classmethods,
    and calls of the class in the modules of its folder and the folders under it that name it
    (the plugin's `register(ctx)` building its services), in their defs and statements."""
    found: list[tuple[ast.Call, Scope]] = []
    for method in cls.methods():
        node = method.node
        if not isinstance(node, _DEF_TYPES) or not any(
            isinstance(d, ast.Name) and d.id == "classmethod" for d in node.decorator_list
        ):
            continue
        first = [a.arg for a in (*node.args.posonlyargs, *node.args.args)][:1]
        if not first or not may_mention(node, first[0]):
            continue
        scope = method.scope.child(node, owner=cls)
        for sub in walk_function(node):
            if (
                isinstance(sub, ast.Call)
                and isinstance(sub.func, ast.Name)
                and sub.func.id == first[0]
            ):
                found.append((sub, scope))
    modules = [
        cls.module,
        *(m for m in subtree_modules(cls.module, cls.name) if m is not cls.module),
    ]
    for module in modules:
        tree = module.tree
        lines = module.word_lines(cls.name)
        if tree is None or not lines:
            continue
        top = module_scope(module)
        for stmt, _ in module_statements(tree):
            if isinstance(stmt, (*_DEF_TYPES, ast.ClassDef)) or not spans_any(stmt, lines):
                continue
            found.extend((call, top) for call in _class_calls(ast.walk(stmt), cls, top))
        for func in defs_spanning(tree, lines):
            scope = def_scope(module, func)
            found.extend((call, scope) for call in _class_calls(walk_function(func), cls, scope))
    return found


def _class_calls(nodes: Iterable[ast.AST], cls: ClassRef, scope: Scope) -> list[ast.Call]:
    """The calls of the class among `nodes` (`Service(...)`, `services.Service(...)`)."""
    found: list[ast.Call] = []
    for node in nodes:
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        if name != cls.name:
            continue
        made = resolve(func, scope).single()
        if isinstance(made, Class) and made.ref == cls:
            found.append(node)
    return found


@functools.lru_cache(maxsize=1024)
def _assigned_attribute(name: str) -> re.Pattern[str]:
    """Text that may assign attribute `name` (`x.name =`, `x.name: T`, `x.name, y = ...`): a
    method whose text has none is not read (most of a class's methods only use it)."""
    return re.compile(rf"\.\s*{re.escape(name)}\s*(?:=(?!=)|:|,|\))")


def attribute_sets(
    cls: ClassRef, attr: str
) -> list[tuple[ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda, ast.expr]]:
    """(method, value) of each `self.attr = value` in the class's own methods."""
    return [
        (method.node, value)
        for method in cls.methods()
        for _, value, _ in _self_assignments(method.node, attr)
        if value is not None
    ]


def _self_assignments(
    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda,
    name: str,
    class_name: str | None = None,
) -> list[tuple[ast.expr, ast.expr | None, ast.expr | None]]:
    """`self.<name> = value` (and `self.<name>: T = value`) in a method's own body; with
    `class_name`, `Cls.<name> = value` too (a class attribute a method sets)."""
    if isinstance(node, ast.Lambda) or not may_match(node, _assigned_attribute(name)):
        return []
    args = [*node.args.posonlyargs, *node.args.args]
    if not args and class_name is None:
        return []
    me = args[0].arg if args else class_name
    found: list[tuple[ast.expr, ast.expr | None, ast.expr | None]] = []
    for stmt, _ in def_statements(node):
        if isinstance(stmt, ast.Assign):
            targets = stmt.targets
            value: ast.expr | None = stmt.value
            annotation = None
        elif isinstance(stmt, ast.AnnAssign):
            targets, value, annotation = [stmt.target], stmt.value, stmt.annotation
        else:
            continue
        for target in targets:
            if (
                isinstance(target, ast.Attribute)
                and target.attr == name
                and isinstance(target.value, ast.Name)
                and target.value.id in (me, class_name)
            ):
                found.append((target, value, annotation))
            elif isinstance(target, (ast.Tuple, ast.List)) and any(
                isinstance(e, ast.Attribute)
                and e.attr == name
                and isinstance(e.value, ast.Name)
                and e.value.id == me
                for e in target.elts
            ):
                found.append((target, None, None))
    return found


# -- scopes of defs reached without a lookup ---------------------------------------------------


def _parents(module: ModuleInfo, node: ast.AST) -> dict[int, ast.AST]:
    """id(def or class) -> the def, class or module it is written in (through statements), and
    lambdas too once one is asked for. A def whose body is not read yet (`lazy_bodies`) is
    entered only when a node asked for lies within its lines."""
    state = module.state
    found: dict[int, ast.AST] | None = state.parents  # type: ignore[assignment]
    if found is None:
        found = {}
        state.parents = found  # type: ignore[assignment]
        pending: list[ast.AST] = []
        state.parents_pending = pending  # type: ignore[assignment]
        tree = module.tree
        if tree is not None:
            _map_parents([(child, tree) for child in tree.body], found, pending)
    if id(node) not in found:
        line = getattr(node, "lineno", None)
        if isinstance(node, ast.Lambda):
            _add_lambda(module, found, node)
        elif state.parents_pending and line is not None:
            _expand_pending(module, found, line)
    return found


def _map_parents(
    stack: list[tuple[ast.AST, ast.AST]], found: dict[int, ast.AST], pending: list[ast.AST]
) -> None:
    while stack:
        child, parent = stack.pop()
        inner = parent
        if isinstance(child, (*_DEF_TYPES, ast.ClassDef)):
            found[id(child)] = parent
            inner = child
            if not body_read(child):
                pending.append(child)
                continue
        for grandchild in ast.iter_child_nodes(child):
            if isinstance(grandchild, (ast.stmt, ast.ExceptHandler, ast.match_case)):
                stack.append((grandchild, inner))


def _expand_pending(module: ModuleInfo, found: dict[int, ast.AST], line: int) -> None:
    """Enter the unread defs whose lines hold `line` (and those they hold), mapping their
    statements' defs and classes."""
    pending: list[ast.AST] = module.state.parents_pending  # type: ignore[assignment]
    while True:
        hit = [d for d in pending if spans_any(d, {line})]
        if not hit:
            return
        pending[:] = [d for d in pending if not spans_any(d, {line})]
        stack: list[tuple[ast.AST, ast.AST]] = []
        for func in hit:
            for child in ast.iter_child_nodes(func):
                if isinstance(child, (ast.stmt, ast.ExceptHandler, ast.match_case)):
                    stack.append((child, func))
        _map_parents(stack, found, pending)


def _add_lambda(module: ModuleInfo, found: dict[int, ast.AST], node: ast.Lambda) -> None:
    """Map the path to a lambda: the defs, classes and lambdas around it, entering only what
    spans its line."""
    tree = module.tree
    line = node.lineno
    if tree is None:
        return
    stack: list[tuple[ast.AST, ast.AST]] = [
        (child, tree) for child in tree.body if spans_any(child, {line})
    ]
    while stack:
        child, parent = stack.pop()
        inner = parent
        if isinstance(child, (*_DEF_TYPES, ast.Lambda, ast.ClassDef)):
            found[id(child)] = parent
            inner = child
        for grandchild in ast.iter_child_nodes(child):
            if spans_any(grandchild, {line}):
                stack.append((grandchild, inner))


def def_scope(module: ModuleInfo, node: FuncNode) -> Scope:
    """The scope of a def or lambda of `module`, with the defs around it as its parents and the
    class it is a method of as its owner."""
    parents = _parents(module, node)
    chain: list[ast.AST] = []
    current: ast.AST | None = parents.get(id(node))
    while current is not None and not isinstance(current, ast.Module):
        if isinstance(current, (*_DEF_TYPES, ast.Lambda)):
            chain.append(current)
        current = parents.get(id(current))
    scope = module_scope(module)
    # (each def with the class it is a method of: `self` of `tool` read in the `decorate` it
    # makes is an instance of that class)
    for func in [*reversed(chain), node]:
        holder = parents.get(id(func))
        owner: ClassRef | None = None
        if isinstance(holder, ast.ClassDef):
            owner_parent = parents.get(id(holder))
            owner = ClassRef(holder, module, _scope_of_container(module, owner_parent, parents))
        scope = scope.child(func, owner=owner)  # type: ignore[arg-type]
    return scope


def _scope_of_container(
    module: ModuleInfo, container: ast.AST | None, parents: dict[int, ast.AST]
) -> Scope:
    if container is None or isinstance(container, ast.Module):
        return module_scope(module)
    if isinstance(container, (*_DEF_TYPES, ast.Lambda)):
        return def_scope(module, container)
    return module_scope(module)


def is_typed_dict(func: ast.expr, scope: Scope, depth: int = 0) -> bool:
    """`func` names a class of the project that derives from `typing.TypedDict` (its instances
    are plain dicts)."""
    if depth > 4 or not isinstance(func, (ast.Name, ast.Attribute)):
        return False
    name = func.id if isinstance(func, ast.Name) else func.attr
    if not name[:1].isupper():
        return False  # (a class's name, by the convention every TypedDict follows: no lookup)
    found = resolve(func, scope).single()
    if not isinstance(found, Class):
        return False
    ref = found.ref
    for base in ref.node.bases:
        outer = resolve(base, ref.scope).single()
        if isinstance(outer, External) and outer.dotted.rsplit(".", 1)[-1] == "TypedDict":
            return True
        if is_typed_dict(base, ref.scope, depth + 1):
            return True
    return False
