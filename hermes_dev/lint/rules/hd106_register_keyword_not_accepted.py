"""## What it does
Reports a keyword of a tool registration that the function it calls does not accept:

- `registry.register(...)` (the `registry` imported from `tools.registry`) against the `register`
  method of the root's `tools/registry.py`;
- a plugin's `ctx.register_tool(...)` (its receiver a parameter of the def around it: the `ctx`
  of `register(ctx)`, or a helper it is passed to) against `PluginContext.register_tool` in the
  root's `hermes_cli/plugins.py`, or, where the root has none (a plugin package), Hermes' own:
  `name, toolset, schema, handler, check_fn, requires_env, is_async, description, emoji,
  override`.

When one required parameter is missing from the call, the message suggests it (`func=` for
`handler=`). Signatures are read statically (`ast`, never imported) and cached with the file's
stamp. The keys of a dict display spread into the call (`ctx.register_tool(**spec)` over a table
of specs) count too, reported where the display writes them. Skipped when the method takes
`**kwargs`, is decorated, or its file is unreadable or does not say which class is meant; and
for any other receiver.

## Why is this bad?
An unknown keyword is a `TypeError`. In a tool module it is raised when the module is imported:
Hermes' discovery logs "Could not import tool module" and goes on, so every tool of the module
silently vanishes. A keyword renamed between Hermes versions (`check_available=` for
`check_fn=`) does exactly this. In a plugin, `register(ctx)` stops at the call: Hermes records
the plugin as failed, and that tool and every one registered after it never exist (a plugin
passing `func=` instead of `handler=` registers nothing useful).

## Example
```python
registry.register(
    name="ha_get_state", toolset="homeassistant", schema=SCHEMA, handler=handle,
    check_available=_ha_available,
)
```

## Use instead
```python
registry.register(
    name="ha_get_state", toolset="homeassistant", schema=SCHEMA, handler=handle,
    check_fn=_ha_available,
)
```
"""

from __future__ import annotations

import ast

from hermes_dev.lint.rule import Invalid, Rule, Valid
from hermes_dev.pyast.semantic.resolve import assigned_value, import_origin
from hermes_dev.pyast.semantic.scopes import module_scope

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from pathlib import Path

    from hermes_dev.host.registrations import Registration
    from hermes_dev.lint.context import LintContext
    from hermes_dev.lint.rule import Finding
    from hermes_dev.pyast.semantic.modules import ModuleInfo

    # (every keyword name, the names without a default in order)
    Signature = tuple[frozenset[str], tuple[str, ...]]

# The per-file summary cache kinds of tools/registry.py and hermes_cli/plugins.py: the keyword
# names and required names of register() / PluginContext.register_tool(), or None.
PARAMS_KIND = "hd106-register-params-v2"
PLUGIN_PARAMS_KIND = "hd106-plugin-params-v1"

_TOOL = """\
from tools.registry import registry, tool_error


def handle(args, **kw):
    return tool_error("not yet")


def _available():
    return True


"""

_PLUGIN = """\
import json


def handle(args, **kw):
    return json.dumps({"ok": True})


def _available():
    return True


"""

_REGISTRY_WITH_KWARGS = """\
class ToolRegistry:
    def register(self, name, toolset, schema, handler, **options):
        pass


registry = ToolRegistry()


def tool_error(message, **extra):
    return "{}"
"""


class RegisterKeywordNotAccepted(Rule):
    code = "HD106"
    name = "register-keyword-not-accepted"
    summary = (
        "A tool registration passes a keyword that register() or register_tool() does not accept"
    )

    VALID = (
        Valid(
            _TOOL
            + 'registry.register(name="ha", toolset="t", schema={}, handler=handle,\n'
            + "                  check_fn=_available, emoji='x', requires_env=[])\n"
        ),
        Valid(
            {
                "tools/registry.py": _REGISTRY_WITH_KWARGS,
                "tools/example_tool.py": _TOOL
                + 'registry.register(name="ha", toolset="t", schema={}, handler=handle,\n'
                + "                  check_available=_available)\n",
            },
            note="register() takes **kwargs: any keyword is accepted",
        ),
        Valid(
            "class _Registry:\n"
            "    def register(self, name, **kw):\n"
            "        pass\n"
            "\n"
            "\n"
            "registry = _Registry()\n"
            'registry.register(name="x", toolset="t", schema={}, handler=print, colour="red")\n',
            note="a registry of this module, not the one of tools/registry.py",
        ),
        Valid(
            {
                "plugins/notes/plugin.yaml": "name: notes\n",
                "plugins/notes/__init__.py": _PLUGIN
                + """\
def register(ctx):
    ctx.register_tool(name="notes_add", toolset="notes", schema={}, handler=handle,
                      check_fn=_available, requires_env=[], is_async=False,
                      description="Add a note.", emoji="x", override=False)
    _more(ctx)


def _more(context):
    context.register_tool("notes_list", "notes", {}, handle)


class _Server:
    def register_tool(self, func, title=""):
        pass


SERVER = _Server()
SERVER.register_tool(func=handle, title="notes")
""",
            },
            note="every keyword of Hermes' PluginContext.register_tool (positional ones too,"
            " through a helper's parameter); another object's register_tool is not the"
            " plugin context's",
        ),
        Valid(
            {
                "hermes_cli/plugins.py": """\
class PluginContext:
    def register_tool(self, name, toolset, schema, handler, **options):
        pass
""",
                "plugins/notes/plugin.yaml": "name: notes\n",
                "plugins/notes/__init__.py": _PLUGIN
                + """\
def register(ctx):
    ctx.register_tool(name="notes_add", toolset="notes", schema={}, handler=handle,
                      colour="green")
""",
            },
            note="the checkout's own PluginContext.register_tool takes **options",
        ),
    )
    INVALID = (
        Invalid(
            _TOOL
            + 'registry.register(name="ha", toolset="t", schema={}, handler=handle,\n'
            + "                  check_available=_available)\n",
            lines=(13,),
        ),
        Invalid(
            _TOOL.replace("import registry,", "import registry as _registry,")
            + "for _name in ('ha_on', 'ha_off'):\n"
            + "    _registry.register(name=_name, toolset='t', schema={}, handler=handle,\n"
            + "                       check_fn=_available, icon='x')\n",
            lines=(14,),
            note="a loop, and the registry under another name",
        ),
        Invalid(
            {
                "plugins/notes/plugin.yaml": "name: notes\n",
                "plugins/notes/__init__.py": _PLUGIN
                + """\
def register(ctx):
    ctx.register_tool(name="notes_add", toolset="notes", schema={}, func=handle)
    for name in ("notes_list", "notes_find"):
        ctx.register_tool(name=name, toolset="notes", schema={}, handler=handle,
                          check=_available)
""",
            },
            findings=(("plugins/notes/__init__.py", 13), ("plugins/notes/__init__.py", 16)),
            note="Hermes' PluginContext.register_tool has no func= (handler=) nor check=",
        ),
        Invalid(
            {
                "hermes_cli/plugins.py": """\
class PluginContext:
    def register_tool(self, name, toolset, schema, handler, check_fn=None,
                      requires_env=None, is_async=False, description=""):
        pass
""",
                "plugins/notes/plugin.yaml": "name: notes\n",
                "plugins/notes/__init__.py": _PLUGIN
                + """\
def register(ctx):
    ctx.register_tool(name="notes_add", toolset="notes", schema={}, handler=handle,
                      emoji="x")
""",
            },
            findings=(("plugins/notes/__init__.py", 14),),
            note="the signature is the checkout's own hermes_cli/plugins.py (an older one without"
            " emoji=)",
        ),
        Invalid(
            {
                "pyproject.toml": (
                    '[project]\nname = "hermes-plugin-notes"\nversion = "0.1.0"\n\n'
                    '[project.entry-points."hermes_agent.plugins"]\n'
                    'notes = "hermes_plugin_notes"\n'
                ),
                "hermes_plugin_notes/plugin.yaml": "name: notes\n",
                "hermes_plugin_notes/__init__.py": _PLUGIN
                + """\
def register(ctx):
    ctx.register_tool(name="notes_add", toolset="notes", schema={}, function=handle)
""",
            },
            findings=(("hermes_plugin_notes/__init__.py", 13),),
            note="a plugin package outside any checkout: Hermes' known signature",
        ),
        Invalid(
            {
                "plugins/kw/__init__.py": """\
import json


def kw_text(args, **kw):
    return "just text"


def kw_ok(args, **kw):
    return json.dumps({"ok": 1})


def _schema(name):
    return {"name": name, "description": "d", "parameters": {"type": "object", "properties": {}}}


TOOL_SPECS = [
    {"name": "kw_text", "toolset": "kw", "schema": _schema("kw_text"), "handler": kw_text},
    {"name": "kw_ok", "category": "x", "toolset": "kw", "schema": _schema("kw_ok"), "handler": kw_ok},
]


def register(ctx):
    for spec in TOOL_SPECS:
        ctx.register_tool(**spec)
""",
                "plugins/kw/plugin.yaml": """\
name: kw
version: "1.0"
description: kw
provides_tools: [kw_text, kw_ok]
""",
            },
            findings=(("plugins/kw/__init__.py", 18),),
            note="`ctx.register_tool(**spec)` over dict displays: a key no PluginContext.register_tool parameter takes ('category') is reported where the display writes it, row by row. Trap: the other row's keys are all accepted",
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        from hermes_dev.lint.call_cache import cached_findings

        signatures: dict[str, Signature | None] = {}
        for module in ctx.modules:
            if module.rel in (REGISTRY, PLUGINS):
                continue
            # (the findings also depend on the signatures read in those two files)
            compute = self._compute(ctx, module, signatures)
            yield from cached_findings(ctx, module, self.code, compute, (REGISTRY, PLUGINS))

    def _compute(
        self, ctx: LintContext, module: ModuleInfo, signatures: dict[str, Signature | None]
    ) -> Callable[[], Iterator[Finding]]:
        return lambda: self._module(ctx, module, signatures)

    def _module(
        self, ctx: LintContext, module: ModuleInfo, signatures: dict[str, Signature | None]
    ) -> Iterator[Finding]:
        from hermes_dev.host.registrations import registrations_of

        if module.tree is not None:
            seen: set[tuple[int, ...]] = set()
            for reg in registrations_of(module):
                # one call is checked once; with `**spec`, once per dict display it spreads
                key = (id(reg.call), *(id(node) for _, node, _ in reg.spread))
                if key in seen:
                    continue
                seen.add(key)
                if reg.kind == "registry":
                    if not _is_hermes_registry(module, reg.call):
                        continue
                    where, what = REGISTRY, "register()"
                else:
                    if not _is_plugin_context(reg):
                        continue
                    where, what = PLUGINS, "PluginContext.register_tool()"
                if where not in signatures:
                    signatures[where] = _signature(ctx, where)
                signature = signatures[where]
                if signature is None:
                    continue
                accepted, required = signature
                missing = _missing(reg.call, accepted, required)
                given: list[tuple[str, ast.AST, ModuleInfo]] = [
                    (kw.arg, kw, module) for kw in reg.call.keywords if kw.arg is not None
                ]
                given += reg.spread  # `**spec` of a dict display: its keys, where written
                for arg, node, home in given:
                    if arg in accepted:
                        continue
                    hint = f" (did you mean {missing[0]!r}?)" if len(missing) == 1 else ""
                    if where == REGISTRY:
                        effect = (
                            f" ({REGISTRY}): the module fails to import with a TypeError and"
                            " its tools never exist"
                        )
                    else:
                        effect = (
                            ": register(ctx) stops there with a TypeError, and this tool and"
                            " those registered after it never exist"
                        )
                    yield ctx.finding(
                        self.code,
                        f"{what} has no parameter {arg!r}{hint}{effect}",
                        home,
                        node,
                        reg.label(),
                    )


# Where the signatures are read, relative to the root.
REGISTRY = "tools/registry.py"
PLUGINS = "hermes_cli/plugins.py"
# Hermes' own `PluginContext.register_tool` (hermes_cli/plugins.py, 0.16), for a root that has no
# hermes_cli/plugins.py (a plugin package): every keyword it takes, and those without a default.
KNOWN_PLUGIN_SIGNATURE = (
    frozenset(
        (
            "name",
            "toolset",
            "schema",
            "handler",
            "check_fn",
            "requires_env",
            "is_async",
            "description",
            "emoji",
            "override",
        )
    ),
    ("name", "toolset", "schema", "handler"),
)


def _is_hermes_registry(module: ModuleInfo, call: ast.Call) -> bool:
    """Whether the call's receiver is the `registry` of `tools.registry`."""
    func = call.func
    if not isinstance(func, ast.Attribute) or not isinstance(func.value, ast.Name):
        return False
    return import_origin(func.value.id, module_scope(module)) == ("tools.registry", "registry")


def _is_plugin_context(reg: Registration) -> bool:
    """Whether a `<x>.register_tool(...)` call's receiver is a parameter of a def around it
    (the `ctx` Hermes hands to `register(ctx)`, also passed on to a helper)."""
    func = reg.call.func
    if not isinstance(func, ast.Attribute) or not isinstance(func.value, ast.Name):
        return False
    name = func.value.id
    for node in reg.functions:
        a = node.args
        if any(p.arg == name for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)):
            return True
    return False


def _missing(call: ast.Call, accepted: frozenset[str], required: tuple[str, ...]) -> list[str]:
    """The required parameters the call gives no value (none when it spreads `*a` or `**kw`)."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(
        kw.arg is None for kw in call.keywords
    ):
        return []
    given = set(required[: len(call.args)]) | {kw.arg for kw in call.keywords if kw.arg}
    return [name for name in required if name not in given]


def _signature(ctx: LintContext, where: str) -> Signature | None:
    """What `registry.register` (REGISTRY) or `PluginContext.register_tool` (PLUGINS) accepts:
    (keyword names, required names in order), or None when it is not known. Read from the
    root's file (cached with its stamp); for PLUGINS, Hermes' known signature when the root
    has no hermes_cli/plugins.py or it defines no PluginContext.register_tool."""
    path = ctx.root / where
    kind = PARAMS_KIND if where == REGISTRY else PLUGIN_PARAMS_KIND
    hit, data = ctx.cache.get(path, kind)
    if hit:
        loaded = _load(data)
        if loaded is not False:
            return loaded  # type: ignore[return-value]
    if where == REGISTRY:
        signature = _register_params(ctx, path)
    else:
        signature = _plugin_params(ctx, path)
    ctx.cache.put(
        path, kind, None if signature is None else [sorted(signature[0]), list(signature[1])]
    )
    return signature


def _load(data: object) -> Signature | None | bool:
    """A cached signature; False when the cached value has the wrong shape."""
    if data is None:
        return None
    if (
        isinstance(data, list)
        and len(data) == 2
        and all(isinstance(part, list) and all(type(n) is str for n in part) for part in data)
    ):
        return frozenset(data[0]), tuple(data[1])
    return False


def _methods(module: ModuleInfo, name: str) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    """Class name -> its method `name`, for the module's top-level classes."""
    methods: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}
    for stmt in module.tree.body if module.tree is not None else ():
        if isinstance(stmt, ast.ClassDef):
            for item in stmt.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name == name:
                    methods[stmt.name] = item
    return methods


def _register_params(ctx: LintContext, path: Path) -> Signature | None:
    module = ctx.models.get(path) if path.is_file() else None
    if module is None or module.tree is None:
        return None
    methods = _methods(module, "register")
    method = None
    bound = assigned_value("registry", module_scope(module))
    instance = bound[0] if bound is not None else None
    if isinstance(instance, ast.Call) and isinstance(instance.func, ast.Name):
        method = methods.get(instance.func.id)
    elif len(methods) == 1:
        method = next(iter(methods.values()))
    return _params(method)


def _plugin_params(ctx: LintContext, path: Path) -> Signature | None:
    module = ctx.models.get(path) if path.is_file() else None
    if module is None:
        return KNOWN_PLUGIN_SIGNATURE  # a plugin package: Hermes' own signature
    if module.tree is None:
        return None
    method = _methods(module, "register_tool").get("PluginContext")
    if method is None:
        return KNOWN_PLUGIN_SIGNATURE
    return _params(method)


def _params(method: ast.FunctionDef | ast.AsyncFunctionDef | None) -> Signature | None:
    """A method's keyword names and required names (after `self`); None when it takes
    `**kwargs`, is decorated or is not found."""
    if method is None or method.decorator_list or method.args.kwarg is not None:
        return None
    a = method.args
    positional = list(a.args)  # positional-only ones are not keywords
    if positional and positional[0].arg in ("self", "cls"):
        positional = positional[1:]
    names = [p.arg for p in (*positional, *a.kwonlyargs)]
    required = [p.arg for p in positional[: len(positional) - len(a.defaults)]]
    required += [p.arg for p, d in zip(a.kwonlyargs, a.kw_defaults) if d is None]
    return frozenset(names), tuple(required)
