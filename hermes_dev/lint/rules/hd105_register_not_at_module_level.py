"""## What it does
Reports a `registry.register(...)` call that runs at import time but is not a statement of the
module body or of a module-level `for` loop (it sits inside an `if`, `try` or `with`, or inside a
function the module calls, a decorator it applies included: `@tool("name")` of a factory whose
decorator registers each def; or in a def of another module that this one's top calls,
`StockController().register_routes(registry)`, `route(registry, "refund_issue", ...)`: the
call is reported), or that calls the registry through another name (`_registry`), in a
module under `tools/` that has no call where discovery looks. Registrations inside functions that the module never calls (tools registered at run time)
are not reported.

Also reports the registrations of a module that discovery never scans: discovery reads only
`tools/*.py` and the package entry points `tools/<pkg>/tool.py`, and skips a package without
`__init__.py`. A registration in `tools/<pkg>/helpers.py`, deeper, or in `tools/<pkg>/tool.py`
of a package without `__init__.py`, is reported unless another module under `tools/` imports
that module, or a module at the root does (`model_tools.py`): it then runs when that one is
imported. Importing by name counts too (`importlib.import_module("tools.x")`, or a list of such
names that a loop imports), and it also silences the first kind of finding: a fork whose
`model_tools.py` imports its tools itself does not rely on discovery.

## Why is this bad?
Hermes imports a tool module at start-up only when its module body, or a module-level `for` loop,
contains a `registry.register(...)` call expression: it reads the source, it does not run it. A
module whose only registrations sit deeper, or that lives where discovery does not look, is never
imported, so its tools silently never exist.

## Example
```python
if os.getenv("WEATHER_API_KEY"):
    registry.register(name="weather", toolset="weather", schema=SCHEMA, handler=handle)
```

## Use instead
```python
registry.register(
    name="weather", toolset="weather", schema=SCHEMA, handler=handle,
    check_fn=lambda: bool(os.getenv("WEATHER_API_KEY")),
)
```
"""

from __future__ import annotations

import ast
import os

from hermes_dev.host.registrations import register_kind, registrations_of
from hermes_dev.lint.rule import Invalid, Rule, Valid
from hermes_dev.pyast.semantic.modules import register_aliases, submodule_name
from hermes_dev.pyast.semantic.resolve import applier_sites, resolve
from hermes_dev.pyast.semantic.scopes import Function, module_scope
from hermes_dev.pyast.semantic.walker import walk_function

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from hermes_dev.host.registrations import Registration
    from hermes_dev.lint.context import LintContext
    from hermes_dev.lint.rule import Finding
    from hermes_dev.pyast.semantic.modules import ModuleInfo

_HEAD = """\
import os
from tools.registry import registry, tool_error

def handle(args, **kw):
    return tool_error("not yet")

"""


def _registers(found: object) -> bool:
    """A def of the root whose own body calls `registry.register(...)`."""
    if not isinstance(found, Function) or not isinstance(
        found.node, (ast.FunctionDef, ast.AsyncFunctionDef)
    ):
        return False
    aliases = register_aliases(found.module.source)
    return any(
        isinstance(sub, ast.Call) and register_kind(sub, aliases) == "registry"
        for sub in walk_function(found.node)
    )


def _runs_at_import(module: ModuleInfo, func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether importing the module runs `func`: a call of it at module level, or a
    decorator a factory of the module makes that calls it (`@tool(...)` of `def tool(name):
    return lambda fn: _register(name, fn)`)."""
    return (
        _called_at_module_level(module, func.name)
        or _decorates(module, func.name)
        or bool(applier_sites(module, func, module_scope(module), 0))
    )


def _decorates(module: ModuleInfo, name: str) -> bool:
    """Whether a module-level def or class is decorated with `@name` or `@name(...)`: the
    decoration runs `name` (or what the factory makes) when the module is imported."""
    assert module.tree is not None
    for stmt in module.tree.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for dec in stmt.decorator_list:
                target = dec.func if isinstance(dec, ast.Call) else dec
                if isinstance(target, ast.Name) and target.id == name:
                    return True
    return False


def _called_at_module_level(module: ModuleInfo, name: str) -> bool:
    """Whether the module body (or a module-level if/try/with/for) calls `name()`."""
    assert module.tree is not None
    stack: list[ast.stmt] = list(module.tree.body)
    while stack:
        stmt = stack.pop()
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for node in ast.walk(stmt) if not hasattr(stmt, "body") else _heads(stmt):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == name
            ):
                return True
        for field in ("body", "orelse", "finalbody", "handlers"):
            sub = getattr(stmt, field, None)
            if isinstance(sub, list):
                for item in sub:
                    if isinstance(item, ast.ExceptHandler):
                        stack.extend(item.body)
                    elif isinstance(item, ast.stmt):
                        stack.append(item)
    return False


def _heads(stmt: ast.stmt) -> list[ast.AST]:
    """The expressions of a compound statement's header (test, iter, with items)."""
    nodes: list[ast.AST] = []
    for field in ("test", "iter", "items"):
        value = getattr(stmt, field, None)
        if isinstance(value, ast.AST):
            nodes.extend(ast.walk(value))
        elif isinstance(value, list):
            for item in value:
                nodes.extend(ast.walk(item))
    return nodes


class RegisterNotAtModuleLevel(Rule):
    code = "HD105"
    name = "register-not-at-module-level"
    summary = "registry.register(...) is not where Hermes' discovery looks"

    VALID = (
        Valid(
            _HEAD
            + """\
registry.register(name="a", toolset="t", schema={}, handler=handle)

if os.getenv("EXTRA"):
    registry.register(name="b", toolset="t", schema={}, handler=handle)
""",
            note="the module is discovered through its first call, so the second one runs too",
        ),
        Valid(
            _HEAD
            + """\
def register_server_tools(names):
    for name in names:
        registry.register(name=name, toolset="mcp", schema={}, handler=handle)
""",
            note="registration at run time from a function the module never calls",
        ),
        Valid(
            {
                "tools/forecast/__init__.py": "",
                "tools/forecast/tool.py": _HEAD
                + 'registry.register(name="forecast", toolset="t", schema={}, handler=handle)\n',
            },
            note="a package's entry point",
        ),
        Valid(
            {
                "tools/forecast/__init__.py": "",
                "tools/forecast/tool.py": "from . import extra  # noqa: F401 (registers)\n",
                "tools/forecast/extra.py": _HEAD
                + 'registry.register(name="forecast", toolset="t", schema={}, handler=handle)\n',
            },
            note="the entry point imports the module that registers",
        ),
        Valid(
            {
                "tools/forecast/__init__.py": "",
                "tools/forecast/extra.py": _HEAD
                + 'registry.register(name="forecast", toolset="t", schema={}, handler=handle)\n',
                "model_tools.py": "import tools.forecast.extra  # noqa: F401 (registers)\n",
            },
            note="a module at the root imports it",
        ),
        Valid(
            {
                "tools/n8n_tool.py": _HEAD
                + "def _register():\n"
                + '    registry.register(name="n8n", toolset="t", schema={}, handler=handle)\n'
                + "\n"
                + "_register()\n",
                "model_tools.py": (
                    "import importlib\n"
                    "\n"
                    "_MODULES = [\n"
                    '    "tools.n8n_tool",\n'
                    "]\n"
                    "\n"
                    "\n"
                    "def _discover_tools():\n"
                    "    for name in _MODULES:\n"
                    "        importlib.import_module(name)\n"
                ),
            },
            note="a fork's model_tools.py imports its tools by name: discovery is not relied on",
        ),
    )
    INVALID = (
        Invalid(
            """\
from tools.registry import registry as _registry, tool_error

def handle(args, **kw):
    return tool_error("not yet")

_registry.register(name="weather", toolset="t", schema={}, handler=handle)
""",
            lines=(6,),
            note="the receiver must be spelled `registry` for discovery to see the call",
        ),
        Invalid(
            _HEAD
            + """\
if os.getenv("WEATHER_API_KEY"):
    registry.register(name="weather", toolset="t", schema={}, handler=handle)
""",
            lines=(8,),
        ),
        Invalid(
            _HEAD
            + """\
def _register():
    registry.register(name="weather", toolset="t", schema={}, handler=handle)

try:
    _register()
except ImportError:
    pass
""",
            lines=(8,),
        ),
        Invalid(
            {
                "tools/forecast/__init__.py": "",
                "tools/forecast/tool.py": '"""Entry point: registers nothing itself."""\n',
                "tools/forecast/extra.py": _HEAD
                + 'registry.register(name="forecast", toolset="t", schema={}, handler=handle)\n',
            },
            findings=(("tools/forecast/extra.py", 7),),
            note="discovery scans tools/*.py and tools/<pkg>/tool.py only",
        ),
        Invalid(
            {
                "tools/forecast/tool.py": _HEAD
                + 'registry.register(name="forecast", toolset="t", schema={}, handler=handle)\n',
            },
            findings=(("tools/forecast/tool.py", 7),),
            note="a package without __init__.py is skipped by discovery",
        ),
        Invalid(
            _HEAD
            + """\

def _register(name, fn):
    registry.register(name=name, toolset="t", schema={}, handler=lambda args, **kw: fn(args))


def tool(name):
    return lambda fn: _register(name, fn)


@tool("weather")
def weather(args):
    return handle(args)
""",
            lines=(9,),
            note="the registering helper runs at import through a decorator its factory makes, but the module holds no `registry.register(...)` statement: discovery never imports it",
        ),
        Invalid(
            _HEAD
            + """\

def tool(name, description):
    def decorator(func):
        registry.register(name=name, toolset="t", schema={}, handler=func, description=description)
        return func

    return decorator


@tool("weather", "Today's weather.")
def weather(args, **kw):
    return handle(args)
""",
            lines=(10,),
            note="a decorator factory registers each def it decorates at import, but the module holds no `registry.register(...)` statement: discovery never imports it",
        ),
        Invalid(
            {
                "tools/__init__.py": """\
""",
                "tools/controller.py": """\
import json
import re

from tools.registry import registry


def snake_case(name):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


class Controller:
    routes = {}
    toolset = "shop"

    def respond(self, data):
        return json.dumps({"data": data})

    def register_routes(self, registry):
        for name, (method, schema) in self.routes.items():
            registry.register(name=name, toolset=self.toolset, schema=dict(schema, name=name), handler=getattr(self, method))


def route(registry, name, action, schema):
    controller_class, method = action
    registry.register(name=name, toolset="refunds", schema=dict(schema, name=name), handler=getattr(controller_class(), method))
""",
                "tools/registry.py": """\
class R:
    def register(self, **kw): pass
registry = R()
""",
                "tools/stock_tool.py": """\
from tools.controller import Controller, route, snake_case
from tools.registry import registry

SCHEMA = {"description": "d", "parameters": {"type": "object", "properties": {}}}


class StockController(Controller):
    routes = {"stock_level": ("show", SCHEMA)}

    def show(self, request, **kw):
        return self.respond({"sku": request["sku"].strip()})


class RefundController(Controller):
    def store(self, request, **kw):
        return self.respond({"amount": float(request.get("amount"))})

    def listAll(self, request, **kw):
        return self.respond({"refunds": []})


StockController().register_routes(registry)
route(registry, "refund_issue", [RefundController, "store"], SCHEMA)
route(registry, "refund_" + snake_case("listAll"), [RefundController, "listAll"], SCHEMA)
""",
                "toolsets.py": """\
TOOLSETS = {"shop": {"description": "Shop", "tools": ["stock_level", "refund_issue", "refund_list_all"], "includes": []}}
""",
            },
            findings=(
                ("tools/stock_tool.py", 22),
                ("tools/stock_tool.py", 23),
                ("tools/stock_tool.py", 24),
            ),
            note="a fork module that registers only through calls at its top "
            "(StockController().register_routes(registry), route(registry, ...)) holds no "
            "registry.register(...) statement: discovery never imports it, and each such call "
            "is reported",
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        from hermes_dev.lint.call_cache import cached_findings

        for module in ctx.modules:
            if not module.rel.startswith("tools/"):
                continue
            if _not_scanned(module) is not None:
                # whether another module imports it: not cached (any file may start to)
                yield from self._module(ctx, module)
                continue
            found = cached_findings(ctx, module, self.code, self._compute(ctx, module))
            # (a fork's model_tools.py may import its tools by name; decided on every run)
            if found and not _imported_elsewhere(ctx, module):
                yield from found

    def _compute(self, ctx: LintContext, module: ModuleInfo) -> Callable[[], Iterator[Finding]]:
        return lambda: self._module(ctx, module)

    def _module(self, ctx: LintContext, module: ModuleInfo) -> Iterator[Finding]:
        if module.tree is None:
            return
        regs = [r for r in registrations_of(module) if r.kind == "registry"]
        if not regs:
            if _not_scanned(module) is None:
                yield from self._registering_calls(ctx, module)
            return
        unscanned = _not_scanned(module)
        if unscanned is not None:
            if not _imported_elsewhere(ctx, module):
                yield from self._unscanned(ctx, module, regs, unscanned)
            return
        if any(r.discoverable for r in regs):
            return  # (nor when another module imports it: `check` asks that, uncached)
        seen: set[int] = set()
        for reg in regs:
            if id(reg.call) in seen:
                continue
            seen.add(id(reg.call))
            func = reg.function
            if reg.place == "function":
                if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    continue
                if func not in module.tree.body or not _runs_at_import(module, func):
                    continue
                where = f"inside `{func.name}()`"
            elif reg.place in ("module", "loop"):
                message = (
                    "discovery only sees a call spelled `registry.register(...)`; this module"
                    " has none, so Hermes never imports it"
                )
                yield ctx.finding(self.code, message, module, reg.call, reg.label())
                continue
            else:
                where = "inside a block"
            message = (
                f"registry.register(...) {where} is not a module-level statement, and the"
                " module has none: Hermes' discovery never imports it"
            )
            yield ctx.finding(self.code, message, module, reg.call, reg.label())

    def _registering_calls(self, ctx: LintContext, module: ModuleInfo) -> Iterator[Finding]:
        """Module-level calls of a def of the root that calls `registry.register(...)` itself
        (`StockController().register_routes(registry)`, `route(registry, "refund_issue",
        ...)`): they register when the module is imported, which discovery never does for a
        module whose body holds no `registry.register(...)` statement."""
        assert module.tree is not None
        scope = module_scope(module)
        for stmt in module.tree.body:
            call = stmt.value if isinstance(stmt, (ast.Expr, ast.Assign)) else None
            if not isinstance(call, ast.Call) or not isinstance(
                call.func, (ast.Name, ast.Attribute)
            ):
                continue
            if not any(_registers(found) for found in resolve(call.func, scope).items):
                continue
            text = ast.unparse(call.func)
            shown = text if len(text) <= 40 else text[:37] + "..."
            message = (
                f"`{shown}()` registers tools when this module is imported, but the module holds"
                " no `registry.register(...)` statement: Hermes' discovery never imports it"
            )
            yield ctx.finding(self.code, message, module, call, None)

    def _unscanned(
        self, ctx: LintContext, module: ModuleInfo, regs: list[Registration], why: str
    ) -> Iterator[Finding]:
        """The registrations that run when `module` is imported, which discovery never does."""
        assert module.tree is not None
        seen: set[int] = set()
        for reg in regs:
            if id(reg.call) in seen:
                continue
            seen.add(id(reg.call))
            func = reg.function
            if reg.place == "function" and not (
                isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef))
                and func in module.tree.body
                and _runs_at_import(module, func)
            ):
                continue  # registers at run time, when someone calls it
            yield ctx.finding(self.code, why, module, reg.call, reg.label())


# What discovery skips (tools/registry.py's own list): never reported as not scanned.
_SPECIAL = {"__init__.py", "registry.py", "mcp_tool.py"}


def _not_scanned(module: ModuleInfo) -> str | None:
    """Why Hermes' discovery never scans this module under `tools/`, or None when it does."""
    parts = module.rel.split("/")
    if len(parts) == 2 or parts[-1] in _SPECIAL:
        return None  # tools/x.py
    package = "/".join(parts[:-1])
    if len(parts) == 3 and parts[-1] == "tool.py":
        if (module.path.parent / "__init__.py").is_file():
            return None
        return (
            f"package {package}/ has no __init__.py, so Hermes' discovery skips its tool.py:"
            " this tool never exists; add an empty __init__.py"
        )
    return (
        f"Hermes' discovery imports only tools/*.py and tools/<pkg>/tool.py, and no module under"
        f" tools/ imports {module.rel}: this tool never exists; register it in"
        f" {'/'.join(parts[:2])}/tool.py or import this module from there"
    )


def _imported_elsewhere(ctx: LintContext, module: ModuleInfo) -> bool:
    """Whether another module under `tools/`, or a module at the root (`model_tools.py`),
    imports `module` (anywhere in its body)."""
    stem = module.path.stem
    dotted = module.dotted
    tools_dir = str(ctx.root / "tools") + os.sep
    try:
        top_level = sorted(ctx.root.glob("*.py"))
    except OSError:
        top_level = []
    for path in [*ctx.project.module_paths(), *top_level]:
        if path == module.path or not (str(path).startswith(tools_dir) or path in top_level):
            continue
        source = ctx.models.read(path)
        if source is None or stem not in source:
            continue
        other = ctx.models.get(path, source)
        if other is None or other.tree is None:
            continue
        dynamic = False
        named = False
        for node in ast.walk(other.tree):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                dynamic = dynamic or name in ("import_module", "__import__")
            elif isinstance(node, ast.Constant) and node.value == dotted:
                named = True  # `importlib.import_module("tools.x")`, or a list of such names
            elif isinstance(node, ast.Import):
                if any(alias.name == dotted for alias in node.names):
                    return True
            elif isinstance(node, ast.ImportFrom):
                base = other.import_base(node)
                if base == dotted or any(
                    base is not None and submodule_name(base, alias.name) == dotted
                    for alias in node.names
                ):
                    return True
        if dynamic and named:
            return True
    return False
