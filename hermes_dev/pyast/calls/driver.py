"""The one interprocedural driver: which defs a call runs, and summaries of them, memoised.

- `Code`: a def or lambda under analysis, with the scope its body runs in (`scope`: its
  parameters bound as the call that reached it binds them) and how chains name it (`label`).
- `Callee`: a def a call runs (`function`) and what the call binds to its parameters (`env`).
- `callees(call, scope)`: the defs `call` runs, or None when that cannot be known: a function
  (any name or attribute `resolve` finds: module-level, nested, imported, a row's, a parameter a
  caller gave a function), a class (its `__init__` and `__post_init__`), a method (`self.m()`,
  `obj.m()`, `super().m()`), a `functools.partial`, an entry of a table of functions (every
  function the table holds). A call that leaves the root resolves to nothing.
- `summary(transfer, callee, depth)`: `transfer.compute(code, depth)` for the callee, memoised
  per def, per what the call binds (constants that may decide a branch further down, functions
  and classes given as arguments) and per transfer; a def being summarised counts as the
  transfer's `bottom` (recursion ends), and so does a def past `MAX_DEPTH` or one not followed
  (`not_followed`: behind a decorator that may change what it does, abstract, a generator). A
  summary cut short by the depth bound is kept for questions as deep, and computed again when
  asked from higher up (`semantic.resolve.Budgeted`).
  A bound summary is only computed when the plain one is not empty (`transfer.empty`): the
  arguments can only rule things out.
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.analyze.branches import (
    NON_EMPTY,
    RECEIVER_FACTS,
    KeywordNames,
    Sized,
    answered_tests,
    class_facts,
    constant,
    constant_choices,
    facts_at,
    members_at,
    non_empty_at,
    normalised_parameters,
    parameter_tests,
    rebound_value,
    relevant_parameters,
    text_rebinds,
    truthiness_asked,
)
from hermes_dev.pyast.calls.per_constant import one_by_one, plain_constant
from hermes_dev.pyast.semantic.dispatch import implementations, makes_dispatcher, registers
from hermes_dev.pyast.semantic.resolve import (
    IN_PROGRESS,
    TRUNCATED,
    Budgeted,
    bind_call,
    call_arguments,
    class_bases,
    class_method,
    class_mro,
    handed_on,
    hands_back,
    made_decorator,
    rebound_parameters,
    receiver,
    resolve,
    resolve_name,
    rows,
    subclasses,
)
from hermes_dev.pyast.semantic.resolve import MAX_DEPTH as RESOLVE_DEPTH
from hermes_dev.pyast.semantic.scopes import (
    Class,
    Const,
    External,
    Function,
    Instance,
    Literal,
    Member,
    Partial,
    Possible,
    Prefilled,
    Undecorated,
)
from hermes_dev.pyast.semantic.walker import (
    handlers_around,
    is_name,
    last_name,
    walk_function,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import ClassVar

    from hermes_dev.pyast.semantic.modules import ModuleInfo
    from hermes_dev.pyast.semantic.scopes import ClassRef, Scope

MAX_DEPTH = 24
_DEF_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef)
# Decorators that leave what calling the def does as it is.
_TRANSPARENT = frozenset(
    {"staticmethod", "classmethod", "lru_cache", "cache", "override", "overload", "wraps"}
)


class Code:
    """A def or lambda under analysis and the scope its body runs in."""

    __slots__ = ("function", "scope")

    def __init__(self, function: Function, env: dict[str, Possible] | None = None) -> None:
        self.function = function
        self.scope = function.scope.child(
            function.node, function.with_self(env or None) or None, function.owner
        )

    @property
    def node(self) -> ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda:
        return self.function.node

    @property
    def module(self) -> ModuleInfo:
        return self.function.module

    @property
    def owner(self) -> ClassRef | None:
        return self.function.owner

    @property
    def label(self) -> str:
        return self.function.label


class Callee:
    __slots__ = ("env", "function")

    def __init__(self, function: Function, env: dict[str, Possible] | None = None) -> None:
        self.function = function
        self.env = env or {}

    def code(self) -> Code:
        return Code(self.function, self.env)

    def __repr__(self) -> str:
        return f"Callee({self.function.label})"


class Transfer:
    """What a summary computes; subclasses give `name`, `bottom`, `compute` and `empty`."""

    name = "transfer"
    bottom: ClassVar[object] = None
    # Whether a `@contextmanager` generator's body is followed: what it raises escapes at the
    # `with` (what it returns or yields is another matter).
    enters_context_managers = False
    # Whether a generator's body is followed: the call is a loop's iterable, so its body runs
    # (and raises) while the loop runs.
    follows_generators = False

    def constants_add(self, function: Function, env: dict[str, Possible]) -> bool:
        """Whether constants bound to some of `env`'s parameters may add to the summary (as a
        rule they only rule branches out)."""
        return False

    def compute(self, code: Code, depth: int) -> object:
        raise NotImplementedError

    def empty(self, result: object) -> bool:
        return result == self.bottom


def wrapped(node: ast.AST, scope: Scope | None = None) -> bool:
    """A def behind a decorator that may change what calling it does. With the `scope` the
    def is made in, a project decorator that hands the def back unchanged (a registering
    decorator: `def tool(name): def deco(fn): TOOLS.append(...); return fn; return deco`) is
    seen through."""
    if not isinstance(node, _DEF_TYPES):
        return False
    for dec in node.decorator_list:
        if last_name(dec) in _TRANSPARENT:
            continue
        if scope is None or not _passes_through(dec, scope):
            return True
    return False


def _passes_through(dec: ast.expr, scope: Scope) -> bool:
    """A decorator (`@deco`, or `@factory(...)` returning one) whose every return gives back
    the function it was given."""
    if registers(dec, scope) or makes_dispatcher(dec, scope):
        return True  # (singledispatch: each def runs as written, for its types)
    node = _decorator_def(dec, scope)
    return isinstance(node, ast.FunctionDef) and hands_back(node)


def _decorator_def(
    dec: ast.expr, scope: Scope, transparent: frozenset[str] = frozenset()
) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The def a decorator expression applies: `@deco`'s, or the one `@factory(...)` returns
    (undecorated but for `transparent` decorators)."""
    target = dec.func if isinstance(dec, ast.Call) else dec
    found = resolve(target, scope).single()
    if not isinstance(found, Function) or not isinstance(found.node, _DEF_TYPES):
        return None
    if isinstance(dec, ast.Call):
        return made_decorator(found.node, transparent)
    return found.node


def returns_through(node: ast.AST, scope: Scope) -> bool:
    """A def whose every decorator (a project one) wraps it so that calling it gives what the
    def returns, on the path where it returns (`def guard(fn): @wraps(fn) def wrapper(*a,
    **kw): try: return fn(*a, **kw) except Exception as e: return tool_error(str(e)); return
    wrapper`): its own returns are what the handler returns. (What the wrapper adds on its
    error path is the wrapper's own code, not the def's.)"""
    if not isinstance(node, _DEF_TYPES):
        return False
    for dec in node.decorator_list:
        if last_name(dec) in _TRANSPARENT or _passes_through(dec, scope):
            continue
        if not _wraps_result(dec, scope):
            return False
    return True


def passes_text_through(node: ast.AST, scope: Scope) -> bool:
    """A def whose decorators (project ones) hand on what it returns when that is text
    (`result = fn(...)`; `if isinstance(result, str): return result`) and serialise the rest
    themselves: its text returns are what the handler returns, the others are made JSON."""
    if not isinstance(node, _DEF_TYPES) or not node.decorator_list:
        return False
    found = False
    for dec in node.decorator_list:
        if last_name(dec) in _TRANSPARENT or _passes_through(dec, scope):
            continue
        deco = _decorator_def(dec, scope, _TRANSPARENT)
        params = [*deco.args.posonlyargs, *deco.args.args] if deco is not None else []
        wrapper = made_decorator(deco, _TRANSPARENT) if deco is not None else None
        if wrapper is None or len(params) != 1 or not _text_passed(wrapper, params[0].arg):
            return False
        found = True
    return found


def _in_handlers(wrapper: ast.FunctionDef | ast.AsyncFunctionDef) -> set[int]:
    """ids of the nodes inside the def's `except` blocks."""
    return {
        id(sub)
        for block in walk_function(wrapper)
        if isinstance(block, ast.ExceptHandler)
        for stmt in block.body
        for sub in ast.walk(stmt)
    }


def _text_passed(wrapper: ast.FunctionDef | ast.AsyncFunctionDef, param: str) -> bool:
    """Every `return` of `wrapper` outside its `except` blocks is JSON it makes or the call's
    result under `isinstance(result, str)`, and one is that."""
    handlers = _in_handlers(wrapper)
    results = _call_results(wrapper, param)
    as_text = {
        id(stmt)
        for test in walk_function(wrapper)
        if isinstance(test, ast.If) and _is_text_test(test.test, results)
        for stmt in test.body
    }
    passing = 0
    for sub in walk_function(wrapper):
        if not isinstance(sub, ast.Return) or id(sub) in handlers:
            continue
        if isinstance(sub.value, ast.Name) and sub.value.id in results and id(sub) in as_text:
            passing += 1
        elif not _dumps_json(sub.value):
            return False
    return passing > 0


def _is_text_test(test: ast.expr, results: set[str]) -> bool:
    """`isinstance(result, str)` of a local holding the call's result."""
    return (
        isinstance(test, ast.Call)
        and isinstance(test.func, ast.Name)
        and test.func.id == "isinstance"
        and len(test.args) == 2
        and isinstance(test.args[0], ast.Name)
        and test.args[0].id in results
        and isinstance(test.args[1], ast.Name)
        and test.args[1].id == "str"
    )


def _wraps_result(dec: ast.expr, scope: Scope) -> bool:
    deco = _decorator_def(dec, scope, _TRANSPARENT)
    if deco is None:
        return False
    params = [*deco.args.posonlyargs, *deco.args.args]
    if len(params) != 1:
        return False
    wrapper = made_decorator(deco, _TRANSPARENT)
    return wrapper is not None and _returns_call_of(wrapper, params[0].arg)


def _returns_call_of(wrapper: ast.FunctionDef | ast.AsyncFunctionDef, param: str) -> bool:
    """Every `return` of `wrapper` outside its `except` blocks gives `param(...)` (awaited
    or not) as it is, or a local bound only to it (`result = fn(...)` ... `return result`,
    not under a test of that local: `if isinstance(result, str): return result` converts the
    rest), or JSON it makes itself (`json.dumps(...)`); and one gives the call's result."""
    handlers = _in_handlers(wrapper)
    results = _call_results(wrapper, param)
    tested = {
        id(sub)
        for test in walk_function(wrapper)
        if isinstance(test, (ast.If, ast.While))
        and any(isinstance(n, ast.Name) and n.id in results for n in ast.walk(test.test))
        for stmt in (*test.body, *test.orelse)
        for sub in ast.walk(stmt)
    }
    passing = 0
    for sub in walk_function(wrapper):
        if not isinstance(sub, ast.Return) or id(sub) in handlers:
            continue
        value = sub.value.value if isinstance(sub.value, ast.Await) else sub.value
        if (
            (
                isinstance(value, ast.Call)
                and isinstance(value.func, ast.Name)
                and value.func.id == param
            )
            or isinstance(value, ast.Name)
            and value.id in results
            and id(sub) not in tested
        ):
            passing += 1
        elif not _dumps_json(value):
            return False
    return passing > 0


def _call_results(wrapper: ast.FunctionDef | ast.AsyncFunctionDef, param: str) -> set[str]:
    """Locals of `wrapper` whose every binding is `param(...)` (awaited or not)."""
    values: dict[str, list[ast.expr]] = {}
    for sub in walk_function(wrapper):
        if isinstance(sub, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
            targets = sub.targets if isinstance(sub, ast.Assign) else [sub.target]
            for target in targets:
                for node in ast.walk(target):
                    if isinstance(node, ast.Name):
                        value = getattr(sub, "value", None)
                        bound = value if isinstance(sub, ast.Assign) and target is node else None
                        values.setdefault(node.id, []).append(bound)  # type: ignore[arg-type]
    found: set[str] = set()
    for name, bound in values.items():
        if all(
            v is not None
            and isinstance(call := (v.value if isinstance(v, ast.Await) else v), ast.Call)
            and isinstance(call.func, ast.Name)
            and call.func.id == param
            for v in bound
        ):
            found.add(name)
    return found


def _dumps_json(value: ast.expr | None) -> bool:
    """`json.dumps(...)`: text the wrapper makes JSON itself."""
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr == "dumps"
        and isinstance(value.func.value, ast.Name)
        and value.func.value.id == "json"
    )


def _is_abstract(node: ast.FunctionDef | ast.AsyncFunctionDef, is_method: bool) -> bool:
    if any(last_name(d) == "abstractmethod" for d in node.decorator_list):
        return True
    if not is_method:
        return False
    body = list(node.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    if len(body) != 1 or not isinstance(body[0], ast.Raise) or body[0].exc is None:
        return False
    exc = body[0].exc
    exc = exc.func if isinstance(exc, ast.Call) else exc
    return isinstance(exc, ast.Name) and exc.id == "NotImplementedError"


def not_followed(
    function: Function, context_managers: bool = False, generators: bool = False
) -> bool:
    """Whether a call of `function` is not followed into its body (with `context_managers`, a
    `@contextmanager` generator is: its body runs, and raises, at the `with`; with
    `generators`, any generator is: a loop runs it)."""
    node = function.node
    if isinstance(node, ast.Lambda):
        return False
    if context_managers and is_context_manager(node):
        return _is_abstract(node, function.owner is not None)
    if wrapped(node, function.scope) and not isinstance(function, Undecorated):
        return True  # a decorator may catch, convert or defer what it does
    if _is_abstract(node, function.owner is not None):
        return True
    if generators:
        return False
    for sub in walk_function(node):
        if isinstance(sub, (ast.Yield, ast.YieldFrom)):
            return True  # calling a generator runs none of its body
    return False


_CONTEXT_MANAGERS = frozenset({"contextmanager", "asynccontextmanager"})


def is_context_manager(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A generator made a context manager by `@contextlib.contextmanager` (or the async one),
    with no other decorator that may change it."""
    names = [last_name(dec) for dec in node.decorator_list]
    return any(n in _CONTEXT_MANAGERS for n in names) and all(
        n in _CONTEXT_MANAGERS or n in _TRANSPARENT for n in names
    )


def yield_handlers(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.ExceptHandler]:
    """The `except` blocks of the `try` statements whose body holds the generator's `yield`
    (outside nested defs), innermost first."""
    return handlers_around(node.body, lambda n: isinstance(n, (ast.Yield, ast.YieldFrom))) or []


def summary(transfer: Transfer, callee: Callee, depth: int = 0) -> object:
    function = callee.function
    env = callee.env
    if (
        env
        and all(_only_constants(v) for v in env.values())
        and not transfer.constants_add(function, env)
    ):
        plain = summary(transfer, Callee(function), depth)
        if transfer.empty(plain):
            return plain  # constants bound only rule things out (a function bound adds code)
    code = callee.code()
    memo = function.module.state.summaries
    key = (transfer.name, id(function.node), function.bound, code.scope.env_key())
    budget = MAX_DEPTH - depth
    entry = memo.get(key)
    if isinstance(entry, Budgeted) and entry.serves(budget):
        return entry.value
    if entry is IN_PROGRESS:
        return transfer.bottom  # a recursive call adds nothing
    if not_followed(function, transfer.enters_context_managers, transfer.follows_generators):
        memo[key] = Budgeted(transfer.bottom, budget, False)
        return transfer.bottom
    if depth > MAX_DEPTH:
        TRUNCATED[0] += 1
        return transfer.bottom
    memo[key] = IN_PROGRESS
    before = TRUNCATED[0]
    try:
        result = transfer.compute(code, depth)
    except RecursionError:
        # A chain deeper than the interpreter's stack: nothing is said of this def (its
        # callers' summaries go on without it).
        TRUNCATED[0] += 1
        result = transfer.bottom
    # Cut short below: asked again from a shallower call, it is computed again (once per depth).
    memo[key] = Budgeted(result, budget, TRUNCATED[0] != before)
    return result


# -- calls to the defs they run ---------------------------------------------------------------------


def callees(call: ast.Call, scope: Scope) -> list[Callee] | None:
    """The defs `call` runs, each with what the call binds (None when unknown)."""
    func = call.func
    if (
        isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Call)
        and isinstance(func.value.func, ast.Name)
        and func.value.func.id == "super"
    ):
        return _super_call(call, func.attr, scope)
    handed = handed_on(call, scope)
    if handed is not None:
        return callees(handed, scope)
    found = resolve(func, scope)
    targets: list[Callee] = []
    for obj in found.items:
        if isinstance(obj, Function):
            chosen = implementations(obj, call, scope)
            if chosen is not None:
                for impl in chosen:
                    given = _bound(call, scope, impl)
                    targets.extend(
                        Callee(impl, env) for env in one_by_one(call, scope, impl, given)
                    )
                continue
            through = through_decorator(obj)
            if through is not None:
                obj = through  # (the wrapper runs, and calls the def)
            given = _bound(call, scope, obj)
            receiver = _made_receiver(func, scope, obj)
            if receiver is not None:
                given = {**given, **receiver}
            targets.extend(Callee(obj, env) for env in one_by_one(call, scope, obj, given))
            targets.extend(_overrides(obj, call, scope))
        elif isinstance(obj, Class):
            targets.extend(constructor_callees(obj.ref, call, scope))
        elif isinstance(obj, Partial):
            filled = Prefilled(
                obj.func,
                len(obj.args),
                frozenset(kw.arg for kw in obj.keywords if kw.arg is not None),
            )
            own = ast.Call(
                func=ast.Name(id="_", ctx=ast.Load()), args=list(obj.args), keywords=obj.keywords
            )
            env = {**_bound(own, obj.scope, obj.func), **_bound(call, scope, filled)}
            targets.append(Callee(filled, env))
        elif isinstance(obj, Instance):
            bound = called_method(obj)
            if bound is not None:
                targets.append(Callee(bound, _bound(call, scope, bound)))
    if not targets:
        return None
    return targets


def called_method(obj: Instance) -> Function | None:
    """The `__call__` a call of the instance runs, bound to it (`money(x)` of `money =
    Money()`)."""
    method = class_method(obj.cls, "__call__")
    if method is None:
        return None
    made, owner = method
    return Function(made.node, made.module, made.scope, owner, bound=True)


def _made_receiver(func: ast.expr, scope: Scope, method: Function) -> dict[str, Possible] | None:
    """`{"self": <the instances>}` for `response.to_dict()` of instances whose making calls
    are known (`ServiceResponse(True, payload=p)`), when the method tests an attribute of its
    `self` (`if self.success:`): the test is decided by what those calls gave."""
    node = method.node
    if not (
        method.bound
        and isinstance(func, ast.Attribute)
        and isinstance(node, _DEF_TYPES)
        and node.args.args
    ):
        return None
    me = node.args.args[0].arg
    found = receiver(func.value, scope, RESOLVE_DEPTH - 4).items
    if not found or not all(isinstance(o, Instance) for o in found):
        return None
    made = tuple(o for o in found if o.made is not None)  # type: ignore[attr-defined]
    if not made or len({id(o.cls.node) for o in found}) != 1:  # type: ignore[attr-defined]
        return None
    if not (_tests_own_attribute(node, me) or _calls_own_attribute(node, me)):
        return None
    # (an instance of the class without its call is what a return annotation says, when the
    # returns are not all known: the calls that are known are what the method meets)
    return {me: Possible(made, True)}


def _tests_own_attribute(node: ast.FunctionDef | ast.AsyncFunctionDef, me: str) -> bool:
    """An `if`, `while` or conditional expression of the def reads `me.<attr>` in its test."""
    for sub in walk_function(node):
        if isinstance(sub, (ast.If, ast.While, ast.IfExp)):
            for read in ast.walk(sub.test):
                if isinstance(read, ast.Attribute) and is_name(read.value, me):
                    return True
    return False


def _calls_own_attribute(node: ast.FunctionDef | ast.AsyncFunctionDef, me: str) -> bool:
    """The def calls what it takes from a table it holds (`self.renderers[state](run)`, or
    `renderer = self.renderers.get(state)` ... `renderer(run)`): which code runs is what the
    instance was made with."""
    taken: set[str] = set()
    calls: list[ast.Call] = []
    for sub in walk_function(node):
        if isinstance(sub, ast.Assign) and _reads_own(sub.value, me):
            taken.update(t.id for t in sub.targets if isinstance(t, ast.Name))
        elif isinstance(sub, ast.Call):
            calls.append(sub)
    for call in calls:
        func = call.func
        if isinstance(func, ast.Name) and func.id in taken:
            return True
        if isinstance(func, ast.Subscript) and _reads_own(func.value, me):
            return True
    return False


def _reads_own(expr: ast.expr, me: str) -> bool:
    """`me.<attr>`, `me.<attr>[k]` or `me.<attr>.get(k)`."""
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute):
        if expr.func.attr != "get":
            return False
        expr = expr.func.value
    while isinstance(expr, ast.Subscript):
        expr = expr.value
    return isinstance(expr, ast.Attribute) and is_name(expr.value, me)


_PROPERTY_CALL_ATTR = "_hd_property_call"


def property_callees(node: ast.Attribute, scope: Scope) -> tuple[ast.Call, list[Callee]] | None:
    """`game.average` of an instance whose class defines `average` as a `@property`: the
    getter runs there, as a call would (a call node standing for the read, one per node, and
    the getter bound to the instance), or None."""
    if node.attr not in scope.module.models.property_names:
        return None  # (no module read so far defines a property of that name)
    targets: list[Callee] = []
    seen: set[tuple[object, ...]] = set()
    for obj in resolve(node.value, scope).items:
        if not isinstance(obj, Instance):
            continue
        method = class_method(obj.cls, node.attr)
        if method is None:
            continue
        func = method[0]
        if (
            not isinstance(func.node, _DEF_TYPES)
            or not any(
                last_name(d) in ("property", "cached_property") for d in func.node.decorator_list
            )
            or _guards_state(func.node)
        ):
            continue
        # (the getter's own body runs: `property` hands back no wrapper of its own)
        getter = Undecorated(func.node, func.module, func.scope, obj.cls, bound=True)
        if getter.key not in seen:
            seen.add(getter.key)
            targets.append(Callee(getter))
    if not targets:
        return None
    call: ast.Call | None = node.__dict__.get(_PROPERTY_CALL_ATTR)
    if call is None:
        call = ast.copy_location(ast.Call(func=node, args=[], keywords=[]), node)
        call.end_lineno, call.end_col_offset = node.end_lineno, node.end_col_offset
        setattr(call, _PROPERTY_CALL_ATTR, True)
        setattr(node, _PROPERTY_CALL_ATTR, call)
    return call, targets


def _guards_state(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A getter that raises on the object's own state (`if self._conn is None: raise
    RuntimeError("used outside a with block")`): a guard of how the class is used, which the
    code that holds the object keeps (a `with` entered it); not followed."""
    return any(
        isinstance(sub, ast.If)
        and any(isinstance(n, ast.Name) and n.id == "self" for n in ast.walk(sub.test))
        and any(isinstance(r, ast.Raise) for r in ast.walk(ast.Module(sub.body, [])))
        for sub in walk_function(node)
    )


def is_property_read(call: ast.Call) -> bool:
    """The call node stands for a property read (`property_callees`): shown without `()`."""
    return call.__dict__.get(_PROPERTY_CALL_ATTR) is True


class Wrapper(Function):
    """A decorator's wrapper as a call of the decorated def runs it (a chain names it
    `@decorator`)."""

    __slots__ = ("via",)
    via: str

    @property
    def label(self) -> str:
        return f"@{self.via}"


def tenacity_retry(function: Function) -> tuple[Callee, bool] | None:
    """(the def's own body, whether it re-raises) for a def whose one wrapping decorator is
    tenacity's `@retry(...)`: a call runs the def until it gives up, then raises
    `tenacity.RetryError`, or with `reraise=True` the def's last exception as it is."""
    node = function.node
    if isinstance(function, Undecorated) or not isinstance(node, _DEF_TYPES):
        return None
    wrapping = [dec for dec in node.decorator_list if last_name(dec) not in _TRANSPARENT]
    if len(wrapping) != 1:
        return None
    dec = wrapping[0]
    made = resolve(dec.func if isinstance(dec, ast.Call) else dec, function.scope).single()
    if not (isinstance(made, External) and made.dotted in ("tenacity.retry", "tenacity.Retrying")):
        return None
    reraise = isinstance(dec, ast.Call) and any(
        kw.arg == "reraise" and isinstance(kw.value, ast.Constant) and kw.value.value is True
        for kw in dec.keywords
    )
    plain = Undecorated(node, function.module, function.scope, function.owner, function.bound)
    return Callee(plain), reraise


def through_decorator(function: Function) -> Function | None:
    """The wrapper that a call of a decorated function runs, when one project decorator wraps
    it (`def retry(times): def deco(fn): @wraps(fn) def inner(*a, **kw): ...; return inner;
    return deco`): `inner` with `fn` bound to the def itself. None when there is no such
    decorator, or more than one, or a method whose wrapper names its parameters (it would get
    `self` among them; `def inner(*a, **kw)` passes it on)."""
    node = function.node
    if (
        isinstance(function, Undecorated)
        or not isinstance(node, _DEF_TYPES)
        or not node.decorator_list
    ):
        return None
    scope = function.scope
    wrapping = [
        dec
        for dec in node.decorator_list
        if last_name(dec) not in _TRANSPARENT and not _passes_through(dec, scope)
    ]
    if len(wrapping) != 1:
        return None
    dec = wrapping[0]
    found = resolve(dec.func if isinstance(dec, ast.Call) else dec, scope).single()
    if not isinstance(found, Function) or not isinstance(found.node, _DEF_TYPES):
        return None
    deco, where = found.node, found.scope
    if isinstance(dec, ast.Call):
        made = made_decorator(deco, _TRANSPARENT)
        if made is None:
            return None
        # the factory's arguments (`giving_up=Unavailable`), and the defaults it leaves
        env = bind_call(dec, scope, found)
        args = deco.args
        if args.vararg is not None and not any(isinstance(a, ast.Starred) for a in dec.args):
            # (`@require_fields("to", "body")` of `def require_fields(*names)`)
            named = len(args.posonlyargs) + len(args.args)
            rest = ast.copy_location(ast.Tuple(elts=dec.args[named:], ctx=ast.Load()), dec)
            env[args.vararg.arg] = Possible.of(Literal(rest, scope))
        for param, default in zip(
            reversed([*args.posonlyargs, *args.args]), reversed(args.defaults)
        ):
            env.setdefault(param.arg, resolve(default, where))
        for param, kw_default in zip(args.kwonlyargs, args.kw_defaults):
            if kw_default is not None:
                env.setdefault(param.arg, resolve(kw_default, where))
        for name in rebound_parameters(deco):
            # (`errors = errors or (Exception,)`: past it the name holds what the body made)
            env.pop(name, None)
        deco, where = made, where.child(deco, env or None)
    params = [*deco.args.posonlyargs, *deco.args.args]
    wrapper = made_decorator(deco, _TRANSPARENT, isinstance(node, ast.AsyncFunctionDef))
    if len(params) != 1 or wrapper is None or deco.args.vararg is not None:
        return None
    named_self = False
    if function.owner is not None and (
        wrapper.args.posonlyargs or wrapper.args.args or wrapper.args.vararg is None
    ):
        # (`def wrapper(self, args, **kw): ... endpoint(self, args or {}, **kw)`: a method's
        # wrapper that names the instance and hands it on first is the method, bound)
        if not _hands_self_first(wrapper, params[0].arg):
            return None
        named_self = True
    plain = Undecorated(
        node, function.module, scope, function.owner, function.bound and not named_self
    )
    inner = where.child(deco, {params[0].arg: Possible.of(plain)})
    if named_self:
        made_wrapper = Wrapper(wrapper, found.module, inner, function.owner, function.bound)
    else:
        made_wrapper = Wrapper(wrapper, found.module, inner)
    made_wrapper.via = last_name(dec) or wrapper.name
    return made_wrapper


def _hands_self_first(wrapper: ast.FunctionDef | ast.AsyncFunctionDef, fn: str) -> bool:
    """The wrapper names a first positional parameter and every call of `fn` in it hands
    that parameter on first (`fn(self, args or {}, **kw)`)."""
    positional = [*wrapper.args.posonlyargs, *wrapper.args.args]
    if not positional:
        return False
    me = positional[0].arg
    calls = [
        sub
        for sub in ast.walk(wrapper)
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id == fn
    ]
    return bool(calls) and all(c.args and is_name(c.args[0], me) for c in calls)


def decorated_names(wrapper: Function) -> set[str]:
    """The names a decorator's wrapper reaches the def it wraps by: what the nearest scope
    around it that binds anything binds (`fn` of `def deco(fn)`)."""
    scope = wrapper.scope
    bound = set(scope.env or {})
    while not bound and scope.parent is not None:
        scope = scope.parent
        bound = set(scope.env or {})
    return bound


def injected_code(function: Function, wrapper: Function) -> tuple[str, Code] | None:
    """The decorated def's code as its wrapper calls it when the wrapper puts values of its
    own before the model's arguments (`return fn(get_client(key), args, **kw)`): the def's
    parameter that gets the wrapper's first one (the arguments Hermes passes), and the code
    with what the other positional arguments bind (`client`: the client made). None when
    the wrapper hands the arguments on first, or calls the def in a way not read here."""
    node, inner = wrapper.node, function.node
    if isinstance(node, ast.Lambda) or not isinstance(inner, _DEF_TYPES):
        return None
    positional = [*node.args.posonlyargs, *node.args.args]
    if not positional:
        return None
    given = positional[0].arg
    bound = decorated_names(wrapper)
    calls = [
        sub
        for sub in walk_function(node)
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id in bound
    ]
    if len(calls) != 1:
        return None
    args = calls[0].args
    at = next((i for i, arg in enumerate(args) if is_name(arg, given)), None)
    params = [*inner.args.posonlyargs, *inner.args.args]
    if not at or at >= len(params) or any(isinstance(arg, ast.Starred) for arg in args[:at]):
        return None
    where = Code(wrapper).scope
    env: dict[str, Possible] = {}
    for param, arg in zip(params[:at], args[:at]):
        found = resolve(arg, where)
        if found.items:
            env[param.arg] = found
    plain = Undecorated(inner, function.module, function.scope, function.owner, function.bound)
    return params[at].arg, Code(plain, env)


def _overrides(method: Function, call: ast.Call, scope: Scope) -> list[Callee]:
    """For an abstract method (`@abstractmethod`, or a body that only raises
    NotImplementedError), what the subclasses under the root put in its place: the object a
    call reaches may be any of them (a backend the code picks at run time)."""
    owner = method.owner
    node = method.node
    if owner is None or not isinstance(node, _DEF_TYPES) or not _is_abstract(node, True):
        return []
    found: list[Callee] = []
    seen = {id(node)}
    for sub in subclasses(owner):
        own = sub.own_def(node.name)
        if own is None or id(own) in seen:
            continue
        seen.add(id(own))
        made = Function(own, sub.module, sub.scope, sub, bound=method.bound)
        found.append(Callee(made, _bound(call, scope, made)))
    return found


def forwarded_code(lam: Function, target: Function) -> Code:
    """`target`'s code as a forwarding lambda calls it: with what the lambda's call binds
    (`lambda args, **kw: _recorded(read_note, args)` binds `fn` to `read_note`)."""
    if isinstance(lam.node, ast.Lambda):
        scope = Code(lam, _lambda_defaults(lam)).scope
        for node in ast.walk(lam.node.body):
            if isinstance(node, ast.Call):
                for callee in callees(node, scope) or ():
                    if callee.function == target and callee.env:
                        return Code(target, callee.env)
    return Code(target)


def _lambda_defaults(lam: Function) -> dict[str, Possible]:
    """What a handler lambda's parameters after the first hold when Hermes calls it with the
    model's arguments alone: their defaults (`lambda args, _n=name, **kw: run(_n, args)`, the
    late-binding idiom of registration loops), when those are constants or functions."""
    node = lam.node
    assert isinstance(node, ast.Lambda)
    positional = [*node.args.posonlyargs, *node.args.args]
    first = positional[0].arg if positional else None  # the model's arguments
    env: dict[str, Possible] = {}
    for name, default in parameter_defaults(node).items():
        found = resolve(default, lam.scope, RESOLVE_DEPTH - 4)
        if (
            name != first
            and found.complete
            and len(found.items) == 1
            and isinstance(found.items[0], (Const, Function, Class, Partial, Literal))
        ):
            env[name] = found  # (a row, `_s=spec`, for what its fields give: `_s["fn"]`)
    return env


def partial_code(partial: Partial) -> Code:
    """The code of a `functools.partial`'s function as calling the partial runs it: with what
    its bound arguments give the parameters (`partial(_run, "part_ok")` binds `name`)."""
    call = ast.Call(
        func=ast.Name(id="_", ctx=ast.Load()), args=list(partial.args), keywords=partial.keywords
    )
    env = _bound(call, partial.scope, partial.func)
    for name, expr in call_arguments(call, partial.func).items():
        if name not in env and isinstance(expr, (ast.Name, ast.Attribute)):
            # (`partial(run_action, SCENE_ACTIONS)`: the table the handler looks things up
            # in, so a lookup of the model's value there is one of a dict)
            found = resolve(expr, partial.scope).single()
            if isinstance(found, Literal) and isinstance(found.expr, (ast.Dict, ast.Set)):
                env[name] = Possible.of(found)
    return Code(partial.func, env)


def constructor_callees(
    cls: ClassRef, call: ast.Call | None = None, scope: Scope | None = None
) -> list[Callee]:
    """What `Cls(...)` runs of the project's code: `__init__` (with the constants the call
    binds, when given) and `__post_init__`."""
    found: list[Callee] = []
    for name in ("__init__", "__post_init__"):
        method = class_method(cls, name)
        if method is not None:
            made, owner = method
            function = Function(made.node, made.module, made.scope, owner, bound=True)
            env = (
                _bound(call, scope, function)
                if name == "__init__" and call is not None and scope is not None
                else None
            )
            found.append(Callee(function, env))
    return found


def _super_call(call: ast.Call, name: str, scope: Scope) -> list[Callee] | None:
    owner = _method_owner(scope)
    if owner is None:
        return None
    after = _after_defining_class(owner, scope)
    if after is not None:
        # (`super().post()` in `UpdateView.post` of a `PostUpdateView`: the next class after
        # `UpdateView` in the instance's order that defines `post`, `self` still that instance)
        for klass in after:
            found = klass.own_def(name)
            if found is not None:
                bound = Function(found, klass.module, klass.scope, owner, bound=True)
                return [Callee(bound, {**_bound(call, scope, bound), **_same_self(scope, bound)})]
        return None
    for base in class_bases(owner):
        if base is None:
            return None
        method = class_method(base, name)
        if method is not None:
            made, _ = method
            # (`self` in the base's method is still the instance of the class that called it)
            bound = Function(made.node, made.module, made.scope, owner, bound=True)
            return [Callee(bound, {**_bound(call, scope, bound), **_same_self(scope, bound)})]
    return None


def _static(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(last_name(dec) == "staticmethod" for dec in node.decorator_list)


def _same_self(scope: Scope, called: Function) -> dict[str, Possible]:
    """`super().post()` hands on the caller's own `self`: what it is there (the instance of
    the class that called, not any subclass's), for the method's first parameter."""
    method = _method_scope(scope)
    if method is None or not isinstance(method.func, _DEF_TYPES):
        return {}
    node = called.node
    if not isinstance(node, _DEF_TYPES) or _static(node) or _static(method.func):
        return {}
    mine = [*method.func.args.posonlyargs, *method.func.args.args]
    theirs = [*node.args.posonlyargs, *node.args.args]
    if not mine or not theirs:
        return {}
    held = resolve_name(mine[0].arg, scope)
    return {theirs[0].arg: held} if held.items and held.complete else {}


def _after_defining_class(owner: ClassRef, scope: Scope) -> list[ClassRef] | None:
    """The classes after the one whose body holds the method `scope` runs in, in the order
    Python searches `owner` (the instance's class); None when that order is not known."""
    method = _method_scope(scope)
    order = class_mro(owner)
    if method is None or order is None:
        return None
    for i, klass in enumerate(order):
        if any(stmt is method.func for stmt in klass.node.body):
            return order[i + 1 :]
    return None


def _method_scope(scope: Scope | None) -> Scope | None:
    """The scope of the method `scope` is in (itself, or a def or lambda nested in it)."""
    while scope is not None and scope.owner is None:
        scope = scope.parent
    return scope


def _method_owner(scope: Scope | None) -> ClassRef | None:
    method = _method_scope(scope)
    return method.owner if method is not None else None


def _only_constants(possible: Possible) -> bool:
    return all(isinstance(o, Const) for o in possible.items)


def _names_callable(expr: ast.expr) -> bool:
    """A name, an attribute, a lambda, or a table row's field (`spec["fn"]`, `row[1]`): how a
    function handed on is written; or a list of them joined (`STEPS + [render]`)."""
    if isinstance(expr, ast.Subscript):
        return isinstance(expr.slice, ast.Constant) and _names_callable(expr.value)
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
        # (`run(BASE_STEPS + [render], args)`: a list of functions, made where it is given)
        return any(isinstance(side, (ast.List, ast.Tuple)) for side in (expr.left, expr.right))
    return isinstance(expr, (ast.Name, ast.Attribute, ast.Lambda))


def keyword_names(
    call: ast.Call, scope: Scope, function: Function, given: dict[str, ast.expr]
) -> KeywordNames | None:
    """The keys `call` puts in the def's `**` parameter: its keywords that name no other
    parameter, and what a `**spread` of a known `**` parameter holds (`self.all().filter(
    **lookups)`); None when a spread is not known."""
    if isinstance(function, Prefilled) or isinstance(function.node, ast.Lambda):
        return None
    a = function.node.args
    named = {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)}
    keys: list[str] = []
    for kw in call.keywords:
        if kw.arg is None:
            spread = _spread_names(kw.value, scope)
            if spread is None:
                return None
            keys.extend(k for k in spread if k not in named and k not in given)
        elif kw.arg not in named:
            keys.append(kw.arg)
    return KeywordNames(tuple(dict.fromkeys(keys)))


def _spread_names(value: ast.expr, scope: Scope) -> tuple[str, ...] | None:
    """The keys `**value` may give: a known `**` parameter's, or a dict display's (each text
    a key may be: `{self.lookup_field: v}` where subclasses set `lookup_field`)."""
    if isinstance(value, ast.Dict):
        found: list[str] = []
        for key in value.keys:
            if key is None:
                return None
            held = resolve(key, scope)
            texts = [o.value for o in held.items if isinstance(o, Const)]
            if not texts or len(texts) != len(held.items):
                return None
            if not all(isinstance(t, str) for t in texts):
                return None
            found.extend(texts)  # type: ignore[arg-type]
        return tuple(found)
    known, names = constant(value, scope)
    return names.keys if known and isinstance(names, KeywordNames) else None


def _bound(call: ast.Call, scope: Scope, function: Function) -> dict[str, Possible]:
    """What a call binds that a summary is worth telling apart by: a constant for a parameter
    that may decide a branch down the line, a function or class given as an argument."""
    node = function.node
    if isinstance(node, ast.Lambda):
        return {}
    kept: dict[str, Possible] = {}
    for name, answered in class_facts(call, scope, node, function.scope.child(node)).items():
        # (`if cls._instance is None: ServiceLocator()`: the constructor's own test of
        # `ServiceLocator._instance` is answered)
        kept[RECEIVER_FACTS + name] = Possible.of(Const(answered))
    relevant = relevant_parameters(node)
    if not relevant:
        return kept
    normalised = normalised_parameters(node)
    rebinds = text_rebinds(node)
    given = call_arguments(call, function)
    spare = node.args.kwarg
    if spare is not None and spare.arg in relevant:
        names = keyword_names(call, scope, function, given)
        if names is not None:
            kept[spare.arg] = Possible.of(Const(names))
    for name, expr in given.items():
        if name not in relevant:
            continue
        if isinstance(expr, (ast.Name, ast.Attribute)):
            member = resolve(expr, scope, RESOLVE_DEPTH - 4).single()
            if isinstance(member, Member):
                kept[name] = Possible.of(member)  # (`partial(_dispatch, action)` of a row)
                continue
        known, value = constant(expr, scope)
        if known and isinstance(value, KeywordNames):
            kept[name] = Possible.of(Const(value))  # (`_matches(obj, lookups)` handed on)
            continue
        if known and name in rebinds:
            # (`part = (part or "patch").lower()` first: the parameter holds what it makes)
            known, value = rebound_value(rebinds[name], name, value, function.scope)
            if not known:
                continue
        if known:
            if plain_constant(value) and (
                name not in normalised or isinstance(value, normalised[name])
            ):
                kept[name] = Possible.of(Const(value))
            continue
        if name in rebinds:
            continue  # (what a test said of the caller's value is not what the rebinding made)
        choices = constant_choices(expr, scope)
        if (
            choices is not None
            and len(choices) > 1
            and all(plain_constant(v) for v in choices)
            and (name not in normalised or all(isinstance(v, normalised[name]) for v in choices))
        ):
            # (`"4d6kh3" if drop else "3d6"`: one of those, each test read once per constant)
            kept[name] = Possible(tuple(Const(v) for v in choices), True)
            continue
        asked = parameter_tests(node).get(name) if isinstance(expr, ast.Name) else None
        if (
            asked
            and name not in normalised
            and isinstance(expr, ast.Name)
            and _plain_value(expr, scope)
        ):
            # (only what the callee itself tests is worth binding: each binding is another
            # summary of it)
            members = members_at(expr.id, call, scope) if "==" in asked else None
            if members is not None:
                # (`if cycle not in CYCLES: return` before: one of those)
                kept[name] = Possible(tuple(Const(m) for m in members), True)
                continue
            facts = facts_at(expr.id, call, scope)
            facts = answered_tests(facts, asked) if facts is not None else None
            if facts is not None:
                # (`if not s.startswith("978"): return` before: the callee's same test is
                # answered; `if not values:` makes `values` truthy there too)
                kept[name] = Possible.of(Const(facts))
                continue
            if truthiness_asked(asked) and non_empty_at(expr.id, call, scope):
                kept[name] = Possible.of(Const(NON_EMPTY))  # (`if not values: return` before)
                continue
        if name in normalised or not _names_callable(expr):
            continue  # (only a name, a lambda or a row's field is worth resolving for a function)
        # a few steps only: a function passed on is written as one, not computed
        possible = resolve(expr, scope, RESOLVE_DEPTH - 4)
        if (
            possible.complete
            and possible.items
            and all(isinstance(o, (Function, Class, Partial)) for o in possible.items)
        ) or _list_of_functions(possible):
            kept[name] = possible
    receiver = call.func.value if isinstance(call.func, ast.Attribute) else None
    first = [*node.args.posonlyargs, *node.args.args][:1]
    if function.bound and isinstance(receiver, ast.Name) and first and first[0].arg in relevant:
        # (`if not mgr.active: return` before `mgr.next_turn()`: the method's own test of
        # `self.active` is answered)
        asked = parameter_tests(node).get(first[0].arg)
        facts = facts_at(receiver.id, call, scope) if asked else None
        facts = answered_tests(facts, asked) if facts is not None and asked else None
        if facts is not None:
            kept[RECEIVER_FACTS + first[0].arg] = Possible.of(Const(facts))
    for name, size in _star_parameters(node, call, function).items():
        if name in relevant and name not in kept:  # (not the keys' names, told above)
            # (`if args and kwargs: raise TypeError(...)` of `jsonify(body)`: no keywords;
            # `len(params)` of `where("id = ?", value)`: one)
            kept[name] = Possible.of(
                Const(() if not size else NON_EMPTY if size < 0 else Sized(size))
            )
    # A parameter left out takes its default: a constant default may decide a branch too.
    for name, default in parameter_defaults(node).items():
        if (
            name in relevant
            and name not in given
            and not _keywords_unknown(call)
            and isinstance(default, ast.Constant)
            and plain_constant(default.value)
            and (name not in normalised or isinstance(default.value, normalised[name]))
        ):
            if name in rebinds:
                known, value = rebound_value(rebinds[name], name, default.value, function.scope)
                if known and plain_constant(value):
                    kept[name] = Possible.of(Const(value))
                continue
            kept[name] = Possible.of(Const(default.value))
    return kept


def _list_of_functions(possible: Possible) -> bool:
    """A list or tuple display each item of which is a function or a class (`STEPS =
    [normalise, convert]` given to `run(steps, ctx)`)."""
    found = possible.single()
    if not (
        isinstance(found, Literal) and isinstance(found.expr, (ast.List, ast.Tuple, ast.BinOp))
    ):
        return False
    listed = rows(found.expr, found.scope)
    if listed is None or not listed.complete or not listed.items:
        return False
    for item, where in listed.items:
        if not isinstance(item, (ast.Name, ast.Attribute)):
            return False
        each = resolve(item, where, RESOLVE_DEPTH - 4)
        if not (
            each.complete
            and each.items
            and all(isinstance(o, (Function, Class, Partial)) for o in each.items)
        ):
            return False
    return True


def _star_parameters(
    node: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call, function: Function
) -> dict[str, int]:
    """`*args` and `**kwargs` -> how many values the call gives them (-1: some), where it
    says."""
    a = node.args
    found: dict[str, int] = {}
    positional = [*a.posonlyargs, *a.args]
    if function.bound or (function.owner is not None and positional):
        positional = positional[1:]  # (`self`)
    if a.vararg is not None and not any(isinstance(x, ast.Starred) for x in call.args):
        found[a.vararg.arg] = max(len(call.args) - len(positional), 0)
    if a.kwarg is not None and not any(kw.arg is None for kw in call.keywords):
        named = {p.arg for p in (*positional, *a.kwonlyargs)}
        found[a.kwarg.arg] = 0 if all(kw.arg in named for kw in call.keywords) else -1
    return found


def _plain_value(expr: ast.Name, scope: Scope) -> bool:
    """A name whose objects are not known (or are constants): binding what its tests said
    in their place loses nothing (an instance's class would be lost: `store.add()`)."""
    possible = resolve(expr, scope, RESOLVE_DEPTH - 4)
    return not any(
        isinstance(o, (Instance, Function, Class, Partial, External)) for o in possible.items
    )


def _keywords_unknown(call: ast.Call) -> bool:
    return any(kw.arg is None for kw in call.keywords) or any(
        isinstance(a, ast.Starred) for a in call.args
    )


def parameter_defaults(
    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda,
) -> dict[str, ast.expr]:
    """Each parameter's default as written (`check=True` -> {"check": True})."""
    a = node.args
    positional = [*a.posonlyargs, *a.args]
    found = {p.arg: d for p, d in zip(positional[len(positional) - len(a.defaults) :], a.defaults)}
    for p, kw_default in zip(a.kwonlyargs, a.kw_defaults):
        if kw_default is not None:
            found[p.arg] = kw_default
    return found
