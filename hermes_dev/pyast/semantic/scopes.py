"""Scopes as views over the binding index: where a name is looked up, and what is bound there.

`Scope(module, func, parent, env, owner)`: a def's or lambda's locals (`func`), then the scopes
around it (`parent`: the def it is nested in, or its module), as Python looks names up (a class
body is never one of the scopes around a method). `env` holds what a call or a table row binds
to names of this scope (a parameter given a function at a call site, a loop variable given a
row); it wins over the index. `owner` is the class a method belongs to. A module's own scope is
`module_scope(module)`.

- `lookup(name)`: `(scope, bindings)` of the innermost scope that binds the name (bindings
  as the index holds them), `(scope, None)` when its `env` binds it, or None (a builtin, or
  nothing). `live(name)` narrows a scope's own bindings to those in force when its code runs.
- `child(func, env, owner)`: the scope of a def or lambda created in this one.

What a name stands for (what `resolve` answers) is one of the objects held here too, since
scopes and objects refer to each other:

- `Function`: a def or lambda (`node`, `module`), the scope it is created in (`scope`: its
  closure, with whatever a call or a table row bound there), the class it is a method of
  (`owner`) and whether it is bound to an instance (`bound`: `obj.method`).
- `Class`: a class statement of the project (`ref`, a `ClassRef`: node, module and the scope
  that holds it; its bases, methods and attributes are `resolve`'s `class_*` functions).
- `Instance`: an object of a project class (`cls`).
- `ModuleObject`: a module under the root.
- `Literal`: any other expression, with the scope to read it in (a dict, a list, a string, a
  call whose result is not followed...): evaluation and iteration start from it.
- `Const`: a Python constant (`value`), from a literal or computed from constants.
- `External`: a name that comes from outside the root: `module` ("json") and `attr` ("dumps").
- `Builtin`: a builtin the code does not rebind (`name`).
- `Partial`: `functools.partial(func, *args, **keywords)`.

`Possible(items, complete)`: the objects an expression may stand for; `complete` is False when
some way it can be bound is unknown (a parameter nobody binds, a call into the stdlib); `union`
joins several (at most `MAX_ITEMS` objects, past which the answer is incomplete). Each object's
`key` identifies it for memo keys.
"""

from __future__ import annotations

import ast
import re

from hermes_dev.pyast.semantic.bindings import (
    REPLACING,
    Binding,
    BindingIndex,
    class_index,
    defs_spanning,
    function_index,
    runtime_bindings,
    spans_any,
)
from hermes_dev.pyast.semantic.imports import import_finds_module, import_target
from hermes_dev.pyast.semantic.modules import _BLOCK_TYPES
from hermes_dev.pyast.semantic.setup import setup_defs

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from pathlib import Path

    from hermes_dev.pyast.semantic.modules import ModuleInfo

    FuncNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda

_DEF_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef)
_INDEX_ATTR = "_hermes_dev_index"
_IMPORT_ERRORS = frozenset({"ImportError", "ModuleNotFoundError", "Exception", "BaseException"})


class Scope:
    __slots__ = ("_cache", "_env_key", "env", "func", "module", "owner", "parent")

    def __init__(
        self,
        module: ModuleInfo,
        func: FuncNode | None = None,
        parent: Scope | None = None,
        env: Mapping[str, Possible] | None = None,
        owner: ClassRef | None = None,
    ) -> None:
        self.module = module
        self.func = func
        self.parent = parent
        self.env = env
        self.owner = owner
        self._env_key: tuple[object, ...] | None = None
        self._cache: dict[str, object] | None = None

    def cache(self) -> dict[str, object]:
        """A memo for an analysis of this scope's names (JSON-ness keeps its verdicts here)."""
        if self._cache is None:
            self._cache = {}
        return self._cache

    @property
    def index(self) -> BindingIndex:
        func = self.func
        if func is None:
            return self.module.index
        found: BindingIndex | None = func.__dict__.get(_INDEX_ATTR)
        if found is None:
            found = function_index(func)
            setattr(func, _INDEX_ATTR, found)
        return found

    @property
    def is_module(self) -> bool:
        return self.func is None

    def module_level(self) -> Scope:
        scope = self
        while scope.parent is not None:
            scope = scope.parent
        return scope

    def child(
        self,
        func: FuncNode,
        env: Mapping[str, Possible] | None = None,
        owner: ClassRef | None = None,
    ) -> Scope:
        return Scope(self.module, func, self, env, owner)

    def with_env(self, bound: Mapping[str, Possible]) -> Scope:
        """This scope with `bound` added to (or replacing names of) what it binds."""
        return Scope(self.module, self.func, self.parent, {**(self.env or {}), **bound}, self.owner)

    def env_key(self) -> tuple[object, ...]:
        """What this scope and those around it bind through `env`, as a hashable key."""
        if self._env_key is None:
            own: tuple[object, ...] = ()
            if self.env:
                own = tuple(
                    (name, tuple(o.key for o in possible.items), possible.complete)
                    for name, possible in sorted(self.env.items())
                )
            owner = self.owner
            if (
                owner is not None
                and self.func is not None
                and not any(stmt is self.func for stmt in owner.node.body)
            ):
                # an inherited method bound to a subclass: `self.m()` means the subclass's
                own += (("<self>", id(owner.node)),)
            parent = self.parent.env_key() if self.parent is not None else ()
            self._env_key = (own, parent) if (own or parent) else ()
        return self._env_key

    def lookup(self, name: str) -> tuple[Scope, list[Binding] | None] | None:
        scope: Scope | None = self
        while scope is not None:
            if scope.env is not None and name in scope.env:
                return scope, None
            index = scope.index
            if scope.func is not None and name in _declared_global(scope.func):
                scope = scope.module_level()
                continue
            if index.binds(name):
                return scope, index.get(name)
            scope = scope.parent
        base = self.module_level()
        if base.runtime(name, changes=False):
            return base, []  # bound only by defs that declare it `global`
        return None

    def binds_locally(self, name: str) -> bool:
        """Whether `name` is a local of this def (a parameter, assigned, imported here...)."""
        if self.func is None:
            return False
        return (self.env is not None and name in self.env) or self.index.binds(name)

    def runtime(self, name: str, changes: bool = True) -> list[Binding]:
        """For a module scope: what its defs do to the module-level `name` when they run:
        `global` assignments, and (with `changes`) changes to the object it holds."""
        if self.func is not None or self.module.tree is None:
            return []
        if not changes:
            if name not in _globals(self.module):
                return []  # (most names are never declared `global`)
            return [b for b in self.runtime(name) if b.kind == "global"]
        state = self.module.state
        found = state.runtime.get(name)
        if found is None:
            # (most names are neither declared `global` nor changed by a method or `[k] =`)
            maybe = name in _globals(self.module) or changes_name(self.module, name)
            lines = self.module.word_lines(name) if maybe else set()
            if lines:
                made = runtime_bindings(defs_spanning(self.module.tree, lines), name, lines)
            else:
                made = []
            state.runtime[name] = made  # type: ignore[assignment]
            return made
        return found  # type: ignore[return-value]

    def live(self, name: str, bindings: list[Binding], runtime: bool = True) -> list[Binding]:
        """The bindings of `name` in force when code of this scope (or called from it) runs.

        In a module (or class) body, a statement that always runs and rebinds the name replaces
        what came before; in a def every binding counts (which one holds depends on the path).
        Each `except ImportError:` fallback is left out when the import it stands in for finds
        a module under the root (that import is the one in force). With `runtime`, a module
        name also takes what its defs assign under `global`."""
        if self.func is None:
            live: list[Binding] = []
            for binding in bindings:
                if binding.kind in REPLACING and binding.unconditional:
                    live = [] if binding.kind == "deleted" else [binding]
                elif binding.kind != "deleted":
                    live.append(binding)
            if runtime and self.parent is None:
                made = self.runtime(name, changes=False)
                if made and any(_sets_up(self.module, b) for b in made):
                    live = []  # what register(ctx) assigns replaces the module's own value
                live.extend(made)
        else:
            live = [b for b in bindings if b.kind != "deleted"]
        if len(live) > 1:
            live = _without_shadowed_fallbacks(self, live)
        return live

    def __repr__(self) -> str:
        where = "module" if self.func is None else getattr(self.func, "name", "<lambda>")
        return f"Scope({self.module.rel}:{where})"


def _sets_up(module: ModuleInfo, binding: Binding) -> bool:
    """Whether a `global` assignment surely runs before any tool of the module can: in the
    straight-line body (no branch, loop or `try`) of a def that runs first."""
    home = binding.home
    if home is None or any(
        not isinstance(b.node, (ast.With, ast.AsyncWith)) for b in binding.blocks
    ):
        return False
    return id(home) in setup_defs(module)


def changes_name(module: ModuleInfo, name: str) -> bool:
    """Whether some statement of the module changes the object `name` holds (`name.append(...)`,
    `name[k] = ...`, `del name[k]`...): its top-level statements and the defs whose lines hold
    the word (memoised per name)."""
    state = module.state
    if state.changed is None:
        state.changed = {}
    found = state.changed.get(name)
    if found is None:
        from hermes_dev.pyast.semantic.walker import def_statements, module_statements

        tree = module.tree
        lines = module.word_lines(name) if tree is not None else set()
        text = module.lines
        lines = {number for number in lines if _may_change(text[number - 1], name)}
        found = False
        if tree is not None and lines:
            if state.changed_top is None:
                top: set[str] = set()
                for stmt, _ in module_statements(tree):
                    _note_changed(stmt, top)
                state.changed_top = frozenset(top)
            names: set[str] = set(state.changed_top)
            for func in defs_spanning(tree, lines):
                for stmt, _ in def_statements(func):
                    _note_changed(stmt, names)
            found = name in names
        state.changed[name] = found
    return found


def _may_change(line: str, name: str) -> bool:
    """Whether a line could hold a statement `_note_changed` counts for `name`: one that starts
    with `name.` or `name[` (or a `del`, or several statements after a `;`)."""
    stripped = line.lstrip()
    if stripped.startswith("del") or ";" in stripped:
        return True
    return stripped.startswith(name) and stripped[len(name) :].lstrip()[:1] in (".", "[")


def _note_changed(stmt: ast.stmt, names: set[str]) -> None:
    targets: list[ast.expr] = []
    if isinstance(stmt, ast.Expr):
        call = stmt.value
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute):
            targets.append(call.func.value)
    elif isinstance(stmt, ast.Assign):
        targets.extend(t for t in stmt.targets if isinstance(t, ast.Subscript))
    elif isinstance(stmt, (ast.AugAssign, ast.AnnAssign)):
        if isinstance(stmt.target, ast.Subscript):
            targets.append(stmt.target)
    elif isinstance(stmt, ast.Delete):
        targets.extend(t for t in stmt.targets if isinstance(t, ast.Subscript))
    for target in targets:
        while isinstance(target, (ast.Attribute, ast.Subscript, ast.Starred)):
            target = target.value
        if isinstance(target, ast.Name):
            names.add(target.id)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for elt in target.elts:
                while isinstance(elt, (ast.Attribute, ast.Subscript, ast.Starred)):
                    elt = elt.value
                if isinstance(elt, ast.Name):
                    names.add(elt.id)


_GLOBAL_LINE = re.compile(r"[ \t\f]*global[ \t]+(\w+(?:[ \t]*,[ \t]*\w+)*)[ \t]*(?:#.*)?")


def _globals(module: ModuleInfo) -> frozenset[str]:
    """The names some def of the module declares `global`."""
    found = module.state.globals
    if found is None:
        names: set[str] = set()
        lines = module.word_lines("global") if module.tree is not None else set()
        # Most `global` statements are read from their line alone; the bodies of the defs that
        # hold the others are read (a `;`), and a comment or a string holding the word is not
        # a statement.
        text = module.lines
        pending: set[int] = set()
        for number in lines:
            line = text[number - 1]
            match = _GLOBAL_LINE.fullmatch(line)
            if match is not None:
                names.update(part.strip() for part in match.group(1).split(","))
            elif ";" in line or line.rstrip().endswith("\\"):
                # (other lines that start with the word are prose: `global` takes names only)
                pending.add(number)
        if pending:
            body = module.tree.body  # type: ignore[union-attr]
            stack: list[ast.AST] = [stmt for stmt in body if spans_any(stmt, pending)]
            while stack:
                node = stack.pop()
                if isinstance(node, ast.Global):
                    names.update(node.names)
                    continue
                for child in ast.iter_child_nodes(node):
                    if isinstance(child, _BLOCK_TYPES) and spans_any(child, pending):
                        stack.append(child)
        found = module.state.globals = frozenset(names)
    return found


def _declared_global(func: FuncNode) -> frozenset[str]:
    index = func.__dict__.get(_INDEX_ATTR)
    if index is None:
        index = function_index(func)
        setattr(func, _INDEX_ATTR, index)
    return frozenset(index.declared) if index.declared else frozenset()


def _catches_import_error(handler: object) -> bool:
    if not isinstance(handler, ast.ExceptHandler):
        return False
    if handler.type is None:
        return True
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    for kind in types:
        name = kind.attr if isinstance(kind, ast.Attribute) else getattr(kind, "id", None)
        if name in _IMPORT_ERRORS:
            return True
    return False


def _without_shadowed_fallbacks(scope: Scope, live: list[Binding]) -> list[Binding]:
    """`try: from .tools import X` / `except ImportError: X = ()` (or another import of X):
    when the import in the `try` body finds a module under the root, it succeeds, so the
    fallback never binds X. So does an import of Hermes's `tools.registry` (a plugin's
    `try: from tools.registry import tool_result` with a local stand-in for its own tests):
    the plugin runs inside Hermes, where that module is there."""
    dropped: set[int] = set()
    for binding in live:
        for block in binding.blocks:
            if not (
                isinstance(block.node, (ast.Try, ast.TryStar)) and _catches_import_error(block.part)
            ):
                continue
            for other in live:
                if (
                    other.kind == "import"
                    and any(b.node is block.node and b.part == "body" for b in other.blocks)
                    and (import_finds_module(scope, other) or _imports_host_api(scope, other))
                ):
                    dropped.add(id(binding))
                    break
    if not dropped:
        return live
    return [b for b in live if id(b) not in dropped]


def _imports_host_api(scope: Scope, binding: Binding) -> bool:
    target = import_target(binding, scope)
    return target is not None and (target[0] == "tools.registry" or target == ("tools", "registry"))


def module_scope(module: ModuleInfo) -> Scope:
    scope = module.state.scope
    if not isinstance(scope, Scope):
        scope = module.state.scope = Scope(module)
    return scope


def class_scope_index(module: ModuleInfo, node: ast.ClassDef) -> BindingIndex:
    found = module.state.class_indexes.get(id(node))
    if found is None:
        found = module.state.class_indexes[id(node)] = class_index(node)
    return found


# -- the objects names stand for ------------------------------------------------------------


class ClassRef:
    """A class statement of the project, the module it is in and the scope that holds it."""

    __slots__ = ("module", "node", "scope")

    def __init__(self, node: ast.ClassDef, module: ModuleInfo, scope: Scope) -> None:
        self.node = node
        self.module = module
        self.scope = scope

    @property
    def name(self) -> str:
        return self.node.name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ClassRef) and other.node is self.node

    def __hash__(self) -> int:
        return id(self.node)

    def __repr__(self) -> str:
        return f"ClassRef({self.name} at {self.module.rel}:{self.node.lineno})"

    def own_def(self, name: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        found = None
        for binding in class_scope_index(self.module, self.node).get(name):
            if binding.kind == "def" and not binding.blocks:
                found = binding.node  # the last definition wins, as at run time
        return found  # type: ignore[return-value]

    def methods(self) -> list[Function]:
        return [
            Function(stmt, self.module, self.scope, owner=self)
            for stmt in self.node.body
            if isinstance(stmt, _DEF_TYPES)
        ]


class Obj:
    __slots__ = ()

    @property
    def key(self) -> tuple[object, ...]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        return other is self or (isinstance(other, Obj) and other.key == self.key)

    def __hash__(self) -> int:
        return hash(self.key)


class Function(Obj):
    __slots__ = ("_key", "bound", "me", "module", "node", "owner", "scope")

    def __init__(
        self,
        node: FuncNode,
        module: ModuleInfo,
        scope: Scope,
        owner: ClassRef | None = None,
        bound: bool = False,
        me: Possible | None = None,
    ) -> None:
        self.node = node
        self.module = module
        self.scope = scope  # where the def or lambda is created
        self.owner = owner
        self.bound = bound
        # a method taken from an instance that remembers its call (`self.handle` handed on):
        # what its `self` is when it runs
        self.me = me
        self._key: tuple[object, ...] | None = None

    @property
    def key(self) -> tuple[object, ...]:
        if self._key is None:
            owner = id(self.owner.node) if self.owner is not None else None
            me = tuple(o.key for o in self.me.items) if self.me is not None else None
            self._key = ("function", id(self.node), self.bound, self.scope.env_key(), owner, me)
        return self._key

    def with_self(self, env: Mapping[str, Possible] | None) -> Mapping[str, Possible] | None:
        """`env` with the method's `self` bound to the instance it was taken from (when known
        and the call does not bind it)."""
        node = self.node
        if self.me is None or isinstance(node, ast.Lambda):
            return env
        params = [*node.args.posonlyargs, *node.args.args]
        if not params or (env is not None and params[0].arg in env):
            return env
        return {params[0].arg: self.me, **(env or {})}

    @property
    def name(self) -> str:
        node = self.node
        return "<lambda>" if isinstance(node, ast.Lambda) else node.name

    @property
    def is_async(self) -> bool:
        return isinstance(self.node, ast.AsyncFunctionDef)

    @property
    def label(self) -> str:
        """How a chain names it: `name`, or `Class.name` for a method."""
        return f"{self.owner.name}.{self.name}" if self.owner is not None else self.name

    def __repr__(self) -> str:
        return f"Function({self.label} at {self.module.rel}:{self.node.lineno})"


class Class(Obj):
    __slots__ = ("ref",)

    def __init__(self, ref: ClassRef) -> None:
        self.ref = ref

    @property
    def key(self) -> tuple[object, ...]:
        return ("class", id(self.ref.node))

    def __repr__(self) -> str:
        return f"Class({self.ref.name})"


class Instance(Obj):
    """An instance of a project class; `made`: the call that made it, with the scope it runs
    in, when known (what a record's fields or `__init__`'s parameters were given)."""

    __slots__ = ("cls", "held", "made")

    def __init__(
        self,
        cls: ClassRef,
        made: tuple[ast.Call, Scope] | None = None,
        held: tuple[Scope, ast.Name] | None = None,
    ) -> None:
        self.cls = cls
        self.made = made
        # (the read of a local that holds it, in a scope that stores attributes on that local
        # before the read: `reply.result = {...}` ... `reply.to_json()`)
        self.held = held

    @property
    def key(self) -> tuple[object, ...]:
        held = (id(self.held[1]), self.held[0].env_key()) if self.held is not None else ()
        if self.made is not None:
            # (the same call run for each decorated def gives each its own instance)
            return (
                "instance",
                id(self.cls.node),
                id(self.made[0]),
                self.made[1].env_key(),
                *held,
            )
        return ("instance", id(self.cls.node), *held)

    def __repr__(self) -> str:
        return f"Instance({self.cls.name})"


class Member(Obj):
    """A member of a project `Enum` class (`Action.HOLD`, a row of `for a in Action`): `value`
    is the expression the class body binds it to (read in the class's scope)."""

    __slots__ = ("cls", "name", "value")

    def __init__(self, cls: ClassRef, name: str, value: ast.expr) -> None:
        self.cls = cls
        self.name = name
        self.value = value

    @property
    def key(self) -> tuple[object, ...]:
        return ("member", id(self.cls.node), self.name)

    def __repr__(self) -> str:
        return f"Member({self.cls.name}.{self.name})"


class ModuleObject(Obj):
    __slots__ = ("module",)

    def __init__(self, module: ModuleInfo) -> None:
        self.module = module

    @property
    def key(self) -> tuple[object, ...]:
        return ("module", self.module.rel)

    def __repr__(self) -> str:
        return f"ModuleObject({self.module.rel})"


class Literal(Obj):
    __slots__ = ("_key", "expr", "scope")

    def __init__(self, expr: ast.expr, scope: Scope) -> None:
        self.expr = expr
        self.scope = scope
        self._key: tuple[object, ...] | None = None

    @property
    def key(self) -> tuple[object, ...]:
        if self._key is None:
            self._key = ("literal", id(self.expr), self.scope.env_key())
        return self._key

    def __repr__(self) -> str:
        return f"Literal({type(self.expr).__name__} line {getattr(self.expr, 'lineno', '?')})"


class Const(Obj):
    __slots__ = ("node", "path", "value")

    def __init__(
        self, value: object, node: ast.AST | None = None, path: Path | None = None
    ) -> None:
        self.value = value
        self.node = node  # where it is written, when it is written as a literal
        self.path = path

    @property
    def key(self) -> tuple[object, ...]:
        value = self.value
        try:
            hash(value)
        except TypeError:
            return ("const", id(value))
        return ("const", type(value).__name__, value)

    def __repr__(self) -> str:
        text = repr(self.value)
        return f"Const({text[:40]})"


class Prefilled(Function):
    """A def as a `functools.partial` of it is called: its first `given_args` positional
    parameters and the `given_keywords` are the partial's, the call's arguments fill the rest."""

    __slots__ = ("given_args", "given_keywords")

    def __init__(self, func: Function, given_args: int, given_keywords: frozenset[str]) -> None:
        super().__init__(func.node, func.module, func.scope, func.owner, func.bound)
        self.given_args = given_args
        self.given_keywords = given_keywords

    @property
    def key(self) -> tuple[object, ...]:
        return ("prefilled", self.given_args, tuple(sorted(self.given_keywords)), *super().key)


class Undecorated(Function):
    """A decorated def as its decorator receives it (and its wrapper calls it): its own
    body, no decorator."""

    __slots__ = ()

    @property
    def key(self) -> tuple[object, ...]:
        return ("undecorated", *super().key)


class External(Obj):
    __slots__ = ("attr", "module")

    def __init__(self, module: str, attr: str | None = None) -> None:
        self.module = module
        self.attr = attr

    @property
    def key(self) -> tuple[object, ...]:
        return ("external", self.module, self.attr)

    @property
    def dotted(self) -> str:
        return f"{self.module}.{self.attr}" if self.attr else self.module

    def __repr__(self) -> str:
        return f"External({self.dotted})"


class Builtin(Obj):
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    @property
    def key(self) -> tuple[object, ...]:
        return ("builtin", self.name)

    def __repr__(self) -> str:
        return f"Builtin({self.name})"


class Partial(Obj):
    __slots__ = ("args", "func", "keywords", "scope")

    def __init__(
        self, func: Function, args: list[ast.expr], keywords: list[ast.keyword], scope: Scope
    ) -> None:
        self.func = func
        self.args = args
        self.keywords = keywords
        self.scope = scope

    @property
    def key(self) -> tuple[object, ...]:
        # (what the arguments are read in: `partial(_dispatch, name)` made once per row of a
        # loop binds another `name` in each)
        return ("partial", self.func.key, tuple(id(a) for a in self.args), self.scope.env_key())

    def __repr__(self) -> str:
        return f"Partial({self.func!r})"


class Possible:
    """The objects an expression may stand for; `complete` False when some are unknown."""

    __slots__ = ("complete", "items")

    def __init__(self, items: tuple[Obj, ...] = (), complete: bool = True) -> None:
        self.items = items
        self.complete = complete

    @staticmethod
    def of(*items: Obj) -> Possible:
        return Possible(items, True)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)

    def single(self) -> Obj | None:
        """The one object, when that is all the expression can be."""
        if self.complete and len(self.items) == 1:
            return self.items[0]
        return None

    def functions(self) -> list[Function]:
        return [o for o in self.items if isinstance(o, Function)]

    def join(self, other: Possible) -> Possible:
        if not other.items:
            return self if other.complete else Possible(self.items, False)
        if not self.items:
            return other if self.complete else Possible(other.items, False)
        return union((self, other))

    def __repr__(self) -> str:
        return f"Possible({list(self.items)}{'' if self.complete else ', incomplete'})"


# More possibilities than this are not told apart: the answer keeps the first ones and says it
# is incomplete (a table of thousands of functions looked up by an unknown key).
MAX_ITEMS = 64


def union(possibles: Iterable[Possible]) -> Possible:
    """Every object any of `possibles` may be, once each, in order."""
    seen: set[Obj] = set()
    items: list[Obj] = []
    complete = True
    for possible in possibles:
        complete = complete and possible.complete
        for item in possible.items:
            if item not in seen:
                if len(items) >= MAX_ITEMS:
                    complete = False
                    break
                seen.add(item)
                items.append(item)
    return Possible(tuple(items), complete)


UNKNOWN = Possible((), False)
NOTHING = Possible((), True)
