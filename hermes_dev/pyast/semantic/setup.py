"""What a plugin sets up before any of its tools can run.

Hermes's loader calls a plugin's `register(ctx)` before any handler; what that def (and the defs
it calls in straight-line code, in its own module or in the plugin's other modules) assigns is in
place when a handler runs: `global _CLIENT; _CLIENT = Client()`, or `tools.bind(_RUNTIME)` where
`bind` assigns the global.

- `setup_defs(module)`: id() of the module's defs that run before its tools do.
- `setup_calls(module, func)`: the straight-line calls of `func` that a `register(ctx)` (or a
  setter it calls) makes: what they hand its parameters is what the globals it sets hold.
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.semantic.modules import submodule_name

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.pyast.semantic.modules import ModuleInfo


def setup_defs(module: ModuleInfo) -> frozenset[int]:
    """The module-level defs that run before its tools do: a plugin's `register(ctx)` (the
    loader calls it before any handler), the defs it or the module's own body calls by name in
    straight-line code, and the defs of this module that the `register(ctx)` of a package
    above calls that way (`tools.bind(RUNTIME)`, `from .tools import bind`)."""
    state = module.state
    if state.setup is not None:
        return state.setup
    found: set[int] = set()
    calls: dict[int, list[SetupCall]] = {}
    tree = module.tree
    if tree is not None:
        defs = _top_defs(tree)
        todo: list[tuple[list[ast.stmt], ast.FunctionDef | ast.AsyncFunctionDef | None]] = [
            (tree.body, None)
        ]
        register = _register_def(tree)
        if register is not None:
            found.add(id(register))
            todo.append((register.body, register))
        for call, caller, outer in _calls_from_packages_above(module):
            name = _called_name(call, caller, outer, module)
            setter = defs.get(name) if name is not None else None
            if setter is None:
                continue
            calls.setdefault(id(setter), []).append((call, caller, outer))
            if id(setter) not in found:
                found.add(id(setter))
                todo.append((setter.body, setter))
        while todo:
            body, owner = todo.pop()
            for call in _straight_calls(body):
                if isinstance(call.func, ast.Name) and call.func.id in defs:
                    target = defs[call.func.id]
                    if owner is not None:  # (a setter calling another: `bind(rt)` -> `_set(rt)`)
                        calls.setdefault(id(target), []).append((call, module, owner))
                    if id(target) not in found:
                        found.add(id(target))
                        todo.append((target.body, target))
    state.setup = frozenset(found)
    state.setup_calls = calls
    return state.setup


# A call a `register(ctx)` makes before any tool runs: (the call, the module it is written in,
# that `register` def).
SetupCall = tuple[ast.Call, "ModuleInfo", ast.FunctionDef | ast.AsyncFunctionDef]


def setup_calls(module: ModuleInfo, func: ast.AST) -> list[SetupCall]:
    """The calls of the def `func` of `module` that a `register(ctx)` makes, straight-line."""
    setup_defs(module)
    return module.state.setup_calls.get(id(func), [])


def _top_defs(tree: ast.Module) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    return {
        stmt.name: stmt
        for stmt in tree.body
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))
    }


def _register_def(tree: ast.Module) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    register = _top_defs(tree).get("register")
    if register is not None and (register.args.args or register.args.posonlyargs):
        return register
    return None


def _straight_calls(body: list[ast.stmt]) -> list[ast.Call]:
    """The calls made as statements (or assigned) in straight-line code of `body`."""
    out = []
    for stmt in body:
        call = stmt.value if isinstance(stmt, (ast.Expr, ast.Assign)) else None
        if isinstance(call, ast.Call):
            out.append(call)
    return out


_PACKAGE_LEVELS = 3


def _calls_from_packages_above(module: ModuleInfo) -> list[SetupCall]:
    """The straight-line calls of the `register(ctx)` in the `__init__.py` of the packages that
    hold `module` (a few levels up, within the root)."""
    models = module.models
    out: list[SetupCall] = []
    folder = module.path.parent
    for _ in range(_PACKAGE_LEVELS):
        init = folder / "__init__.py"
        if init != module.path:
            caller = models.get(init) if "register" in (models.read(init) or "") else None
            register = _register_def(caller.tree) if caller and caller.tree else None
            if caller is not None and register is not None:
                out.extend((call, caller, register) for call in _straight_calls(register.body))
        if folder == models.root or folder.parent == folder:
            break
        folder = folder.parent
    return out


def _called_name(
    call: ast.Call, caller: ModuleInfo, register: ast.AST, module: ModuleInfo
) -> str | None:
    """The name of the def of `module` that `call` (in `caller`) runs, when its imports say so:
    `mod.fn(...)` with `mod` bound to `module`, or `fn(...)` imported from it."""
    func = call.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        local, attr = func.value.id, func.attr
    elif isinstance(func, ast.Name):
        local, attr = func.id, None
    else:
        return None
    for stmt in [*caller.tree.body, *getattr(register, "body", [])]:  # type: ignore[union-attr]
        if not isinstance(stmt, (ast.Import, ast.ImportFrom)):
            continue
        for alias in stmt.names:
            if (alias.asname or alias.name.split(".")[0]) != local:
                continue
            if isinstance(stmt, ast.Import):
                dotted = alias.name if alias.asname else None
                if dotted is not None and attr is not None and _by_name(caller, dotted) is module:
                    return attr
                continue
            base = caller.import_base(stmt)
            if base is None:
                continue
            if attr is not None and _by_name(caller, submodule_name(base, alias.name)) is module:
                return attr
            if attr is None and _by_name(caller, base) is module:
                return alias.name
    return None


def _by_name(caller: ModuleInfo, dotted: str) -> ModuleInfo | None:
    return caller.models.by_name(dotted) if dotted else None
