"""A function's local scope: where a name in an expression is looked up.

`Scope(module, func)` indexes a function's bindings once (parameters, assignments, loop and
`with` targets, handlers, nested defs and classes, local imports, match captures; the index is
kept on the function's node for the run) and answers `local_values(name)` (every value assigned
to a local, None for a global), `nested_def(name)` and `import_origin(name)` (a local import,
else the module's); without a function it is the module's scope. `names` is a per-scope memo
for the analysis that uses it (JSON-ness keeps its verdicts of local names there).

Imports only `model` from the package.
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.model import Func, ModuleInfo
from hermes_dev.pyast.walk import walk_function

_DEF_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef)
# The node classes Scope._index looks at (ast's classes are never subclassed by the parser).
_BINDING_TYPES = frozenset(
    {
        ast.Assign,
        ast.AnnAssign,
        ast.AugAssign,
        ast.NamedExpr,
        ast.For,
        ast.AsyncFor,
        ast.comprehension,
        ast.withitem,
        ast.ExceptHandler,
        ast.Global,
        ast.Nonlocal,
        ast.Delete,
        ast.FunctionDef,
        ast.AsyncFunctionDef,
        ast.ClassDef,
        ast.ImportFrom,
        ast.Import,
        ast.MatchAs,
        ast.MatchStar,
        ast.MatchMapping,
    }
)
_SCOPE_ATTR = "_hermes_dev_scope"  # where Scope._index keeps a function's index, on its node


class Scope:
    """Where a name in an expression is looked up: a function's locals, then its module."""

    def __init__(self, module: ModuleInfo, func: Func | None = None) -> None:
        self.module = module
        self.func = func
        self._locals: dict[str, list[ast.expr | None]] | None = None
        self._nested: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] | None = None
        self._imports: dict[str, tuple[str, str | None]] | None = None
        # Memo of the analysis using this scope, by name: jsonness keeps each local name's
        # verdict, computed once (None while in progress: a cycle gives UNKNOWN).
        self.names: dict[str, object] = {}

    def _index(self) -> None:
        if self.func is not None:
            # The index depends only on the function: build it once per run and function.
            cached = self.func.node.__dict__.get(_SCOPE_ATTR)
            if cached is not None:
                self._locals, self._nested, self._imports = cached
                return
        self._locals, self._nested, self._imports = {}, {}, {}
        if self.func is None:
            return
        node = self.func.node
        setattr(node, _SCOPE_ATTR, (self._locals, self._nested, self._imports))
        args = node.args
        for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg):
            if arg is not None:
                self._locals[arg.arg] = [None]
        for sub in walk_function(node):
            if type(sub) not in _BINDING_TYPES:
                continue  # most nodes bind nothing: skip the tests below
            if isinstance(sub, ast.Assign):
                for target in sub.targets:
                    self._bind(target, sub.value)
            elif isinstance(sub, ast.AnnAssign):
                if sub.value is not None:
                    self._bind(sub.target, sub.value)
            elif isinstance(sub, ast.AugAssign):
                self._bind(sub.target, None)
            elif isinstance(sub, ast.NamedExpr):
                self._bind(sub.target, sub.value)
            elif isinstance(sub, (ast.For, ast.AsyncFor, ast.comprehension)):
                self._bind(sub.target, None)
            elif isinstance(sub, ast.withitem) and sub.optional_vars is not None:
                self._bind(sub.optional_vars, None)
            elif isinstance(sub, ast.ExceptHandler) and sub.name:
                self._locals.setdefault(sub.name, []).append(None)
            elif isinstance(sub, (ast.Global, ast.Nonlocal, ast.Delete)):
                names = (
                    sub.names
                    if not isinstance(sub, ast.Delete)
                    else [t.id for t in sub.targets if isinstance(t, ast.Name)]
                )
                for name in names:
                    self._locals.setdefault(name, []).append(None)
            elif isinstance(sub, _DEF_TYPES) and sub is not node:
                self._nested[sub.name] = sub
                self._locals.setdefault(sub.name, []).append(None)
            elif isinstance(sub, ast.ClassDef):
                self._locals.setdefault(sub.name, []).append(None)
            elif isinstance(sub, ast.ImportFrom) and sub.module and not sub.level:
                for alias in sub.names:
                    self._imports[alias.asname or alias.name] = (sub.module, alias.name)
                    self._locals.setdefault(alias.asname or alias.name, []).append(None)
            elif isinstance(sub, ast.Import):
                for alias in sub.names:
                    bound = alias.asname or alias.name.split(".", 1)[0]
                    self._imports[bound] = (alias.name if alias.asname else bound, None)
                    self._locals.setdefault(bound, []).append(None)
            elif isinstance(sub, (ast.MatchAs, ast.MatchStar)) and sub.name:
                self._locals.setdefault(sub.name, []).append(None)
            elif isinstance(sub, ast.MatchMapping) and sub.rest:
                self._locals.setdefault(sub.rest, []).append(None)

    def _bind(self, target: ast.expr, value: ast.expr | None) -> None:
        assert self._locals is not None
        if isinstance(target, ast.Name):
            self._locals.setdefault(target.id, []).append(value)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for elt in target.elts:
                self._bind(elt.value if isinstance(elt, ast.Starred) else elt, None)

    def local_values(self, name: str) -> list[ast.expr | None] | None:
        """Every value assigned to a local `name` (None for unknown bindings), or None if global."""
        if self._locals is None:
            self._index()
        assert self._locals is not None
        return self._locals.get(name)

    def nested_def(self, name: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        if self._nested is None:
            self._index()
        assert self._nested is not None
        values = self._locals.get(name) if self._locals is not None else None
        if values is not None and len(values) != 1:
            return None
        return self._nested.get(name)

    def import_origin(self, name: str) -> tuple[str, str | None] | None:
        """Where `name` was imported from: a local import, else a module-level one."""
        if self._imports is None:
            self._index()
        assert self._imports is not None
        if name in self._imports:
            return self._imports[name]
        if self.local_values(name) is not None:
            return None
        return self.module.import_origin(name)
