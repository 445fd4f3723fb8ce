"""A synthetic tree shaped like a real Hermes checkout, calls into the big modules included.

`bench/hermes_tree.py` gives `tools/` its size and handler shapes, but its handlers call only
into `tools/` helpers. Real handlers call through several layers into large non-tool modules:
`agent/` (an auxiliary LLM client of ~6,000 lines, a conversation loop of ~4,500, adapters,
a credential pool), `hermes_cli/` (`config.py` of ~6,600 lines with `OPTIONAL_ENV_VARS`,
`auth.py`, `models.py`, a runtime provider), `gateway/` and big top-level modules, often through
imports inside functions; classes are built from what other modules return; plugins keep their
code in sibling modules (`from .tools import TOOLS`, `from .client import ...`). A cold lint of
a real checkout parses ~280 files, more than half their lines outside `tools/` and `plugins/`.

`build(root)` writes that: `hermes_tree.build` for `tools/` (~95 modules, ~55,000 lines), then
about 30 non-tool modules (~100,000 lines, several of 3,000-6,600 lines) that call each other
in layers, 20 more tool modules whose handlers reach them through 4-7 calls across modules
(some catch what escapes, some do not: HD102 findings with chains, as on a real checkout), one
of them 3,000 lines (`tools/deep_000_tool.py`, the server bench's module), and 40 plugins of
4-5 modules with sibling imports (~45,000 lines). Deterministic; imports nothing from hermes_dev.
"""

from __future__ import annotations

from pathlib import Path

from bench import hermes_tree

HEADER = '''"""{doc}"""

from __future__ import annotations

import json
import logging
import os
import time

logger = logging.getLogger(__name__)
'''

# The non-tool modules: dotted name -> (lines wanted, the modules its functions call into).
# Layers go down: tools -> agent -> hermes_cli -> (nothing); gateway and the top level call both.
BIG_MODULES: dict[str, tuple[int, tuple[str, ...]]] = {
    "hermes_cli.config": (6600, ()),
    "hermes_cli.auth": (5200, ("hermes_cli.config",)),
    "hermes_cli.models": (4000, ("hermes_cli.config", "hermes_cli.auth")),
    "hermes_cli.runtime_provider": (1500, ("hermes_cli.config", "hermes_cli.models")),
    "hermes_cli.plugins": (1200, ("hermes_cli.config",)),
    "hermes_cli.web_server": (5000, ("hermes_cli.config", "hermes_cli.auth")),
    "agent.credential_pool": (1500, ("hermes_cli.config", "hermes_cli.auth")),
    "agent.redact": (400, ()),
    "agent.display": (600, ("hermes_cli.config",)),
    "agent.skill_utils": (800, ("hermes_cli.config", "agent.redact")),
    "agent.anthropic_adapter": (2500, ("agent.credential_pool", "hermes_cli.models")),
    "agent.codex_runtime": (1800, ("agent.credential_pool", "agent.redact")),
    "agent.auxiliary_client": (
        6000,
        (
            "agent.credential_pool",
            "agent.anthropic_adapter",
            "agent.codex_runtime",
            "hermes_cli.config",
        ),
    ),
    "agent.context_compressor": (2400, ("agent.auxiliary_client", "agent.redact")),
    "agent.conversation_loop": (
        4500,
        ("agent.auxiliary_client", "agent.context_compressor", "hermes_cli.runtime_provider"),
    ),
    "agent.browser_provider": (900, ("agent.credential_pool",)),
    "agent.portal_tags": (300, ()),
    "agent.prompt_builder": (1600, ("agent.skill_utils", "hermes_cli.config")),
    "gateway.session_context": (800, ("hermes_cli.config",)),
    "gateway.delivery": (3200, ("gateway.session_context", "agent.redact")),
    "gateway.platforms": (4200, ("gateway.session_context", "hermes_cli.auth")),
    "gateway.run": (6000, ("gateway.delivery", "gateway.platforms", "agent.conversation_loop")),
    "hermes_state": (4800, ("hermes_cli.config",)),
    "model_tools": (1200, ("hermes_cli.config",)),
    "run_agent": (5500, ("agent.conversation_loop", "hermes_state")),
    "cli": (9000, ("run_agent", "hermes_cli.config", "gateway.run")),
}
# What the deep tools call (the real tools' favourites), each an entry point of that module.
TOOL_TARGETS = (
    "agent.auxiliary_client",
    "hermes_cli.config",
    "agent.skill_utils",
    "gateway.session_context",
    "agent.credential_pool",
    "gateway.run",
    "agent.display",
    "hermes_cli.runtime_provider",
    "agent.conversation_loop",
    "agent.browser_provider",
    "run_agent",
    "hermes_cli.web_server",
    "cli",
    "agent.prompt_builder",
)
DEEP_TOOLS = 20
PLUGINS = 40


def _prefix(dotted: str) -> str:
    return dotted.replace(".", "_")


def _cls(dotted: str) -> str:
    return "".join(part.title() for part in _prefix(dotted).split("_"))


def _function(dotted: str, i: int, n: int, deps: tuple[str, ...]) -> str:
    """One function of a big module: branches, a loop, a caught error, an uncaught raise on
    some paths; most call the next function (chains of four), entry points (every eighth) call
    a module below through an import inside the function, as real code does."""
    p = _prefix(dotted)
    err = f"{_cls(dotted)}Error"
    follow = ""
    if i % 4 != 3 and i + 1 < n:
        follow = f"\n    result['next'] = {p}_fn_{i + 1}(result, strict=strict)"
    down = ""
    if deps and i % 8 == 0:
        dep = deps[(i // 8) % len(deps)]
        down = (
            f"\n    if retries:"
            f"\n        from {dep} import {_prefix(dep)}_fn_0 as _below"
            f"\n\n        result['below'] = _below(result, strict=strict, retries=retries - 1)"
        )
    raises = ""
    if i % 3 == 0:
        raises = (
            f'\n    if strict and not result:\n        raise {err}("nothing to do in step {i}")'
        )
    return f'''

def {p}_fn_{i}(payload, *, strict=False, retries=2):
    """Step {i} of {dotted}: normalise the payload, then hand it on."""
    result = {{}}
    if payload is None:
        return {{"ok": False, "step": {i}}}
    for key, value in sorted(dict(payload).items()):
        if isinstance(value, dict):
            result[key] = {{k: v for k, v in value.items() if v is not None}}
        elif isinstance(value, (list, tuple)):
            result[key] = [str(v) for v in value][: retries * 10]
        elif isinstance(value, str) and value.startswith("$"):
            result[key] = os.environ.get(value[1:], "")
        else:
            result[key] = value{raises}
    try:
        stamp = int(result.get("stamp", time.time()))
    except (TypeError, ValueError) as exc:
        logger.debug("bad stamp in step {i}: %s", exc)
        stamp = 0{follow}{down}
    return {{"ok": True, "step": {i}, "stamp": stamp, "data": result}}
'''


def _class(dotted: str, deps: tuple[str, ...]) -> str:
    """A class built from what other modules give (the config, a credential pool), with
    methods that call the module's own functions."""
    p = _prefix(dotted)
    cls = _cls(dotted)
    built = "\n".join(
        f"        from {dep} import {_prefix(dep)}_fn_0 as _part_{k}\n\n"
        f"        self.parts.append(_part_{k}(options, retries=1))"
        for k, dep in enumerate(deps[:2])
    )
    methods = "".join(
        f'''
    def op_{m}(self, request, *, timeout=None):
        """Operation {m}."""
        if not request:
            raise {cls}Error("empty request for op_{m}")
        data = {p}_fn_{m * 4}(dict(request), strict=bool(timeout))
        self.calls += 1
        return {{"op": {m}, "data": data, "calls": self.calls}}
'''
        for m in range(8)
    )
    return f'''

class {cls}Error(Exception):
    """What {dotted} raises."""


class {cls}Client:
    """The service object of {dotted}."""

    def __init__(self, options=None):
        options = dict(options or {{}})
        self.options = options
        self.calls = 0
        self.parts = []
{built or "        pass"}
{methods}
    def close(self):
        self.calls = 0


def get_client(options=None):
    return {cls}Client(options)
'''


def _big_module(dotted: str, lines: int, deps: tuple[str, ...]) -> str:
    """A non-tool module of about `lines` lines."""
    body = [HEADER.format(doc=f"{dotted} (synthetic, shaped like the real module).")]
    body.extend(
        f"from {dep} import {_cls(dep)}Client as _{_cls(dep)}Client  # noqa: F401\n"
        for dep in deps[:1]
    )
    if dotted == "hermes_cli.config":
        body.append(_env_table())
    body.append(_class(dotted, deps))
    text = "".join(body)
    count = text.count("\n")
    per = _function(dotted, 1, 2, deps).count("\n")
    n = max(40, (lines - count) // per)
    body.extend(_function(dotted, i, n, deps) for i in range(n))
    return "".join(body)


def _env_table() -> str:
    """`OPTIONAL_ENV_VARS` as real config.py writes it (~150 entries, grouped by comments):
    every variable the generated tools require."""
    names = [f"SVC{i:03d}_API_KEY" for i in (*range(56), 999)]
    names += [f"DEEP{i:03d}_API_KEY" for i in range(DEEP_TOOLS)]
    names += [f"PLUGIN{i:03d}_TOKEN" for i in range(PLUGINS)]
    entries = []
    for k, name in enumerate(names):
        if k % 20 == 0:
            entries.append(f"    # ── Section {k // 20} ──\n")
        entries.append(
            f'    "{name}": {{\n        "description": "Key for {name.lower()}",\n'
            f'        "prompt": "{name}",\n        "url": None,\n        "password": True,\n'
            f'        "category": "tool",\n    }},\n'
        )
    return "\n\nOPTIONAL_ENV_VARS = {\n" + "".join(entries) + "}\n"


def _deep_tool(index: int, lines: int) -> tuple[str, list[str]]:
    """A tool module whose handlers reach the big modules: a local helper, an import inside a
    function, a class from another module. Handlers with odd index let failures escape."""
    prefix = f"deep{index:03d}"
    target = TOOL_TARGETS[index % len(TOOL_TARGETS)]
    second = TOOL_TARGETS[(index + 3) % len(TOOL_TARGETS)]
    tp, sp = _prefix(target), _prefix(second)
    body = [HEADER.format(doc=f"Deep tool module {index}: handlers that call into {target}.")]
    body.append(
        f"\nfrom {second} import {_cls(second)}Client\nfrom tools.registry import registry, tool_error\n"
    )
    guarded = index % 4 != 1
    guard_open = "    try:\n" if guarded else ""
    pad = "    " if guarded else ""
    guard_close = (
        "    except Exception as exc:  # noqa: BLE001 - the model gets the message\n"
        '        return tool_error(f"{type(exc).__name__}: {exc}")\n'
        if guarded
        else ""
    )
    tools = [f"{prefix}_query", f"{prefix}_sync"]
    body.append(f'''

def _{prefix}_prepare(args):
    from {target} import {tp}_fn_0

    return {tp}_fn_0(dict(args), strict=bool(args.get("strict")))


def _{prefix}_query(args, **kw):
    """Handler: through a local helper into {target}."""
    if not args.get("query"):
        return tool_error("query is required")
{guard_open}{pad}    prepared = _{prefix}_prepare(args)
{pad}    client = {_cls(second)}Client({{"task": kw.get("task_id")}})
{pad}    answer = client.op_{index % 8}(prepared, timeout=args.get("timeout"))
{guard_close}    return json.dumps({{"query": args["query"], "answer": answer}})


def _{prefix}_sync(args, **kw):
    """Handler: an import inside the function, a call two modules down."""
    from {second} import {sp}_fn_8

    try:
        data = {sp}_fn_8(args, retries=3)
    except ValueError as exc:
        return tool_error(str(exc))
    return json.dumps({{"synced": data}})
''')
    body.append(hermes_tree._filler(prefix, 8))
    text = "".join(body)
    n = 0
    while text.count("\n") < lines - 40:
        text += hermes_tree._filler(f"{prefix}x{n}", 4)
        n += 1
    text += f'''

registry.register(
    name="{prefix}_query",
    toolset="{prefix}",
    schema={{"name": "{prefix}_query", "description": "Query {prefix}.",
            "parameters": {{"type": "object", "properties": {{"query": {{"type": "string",
            "description": "What to look for"}}}}, "required": ["query"]}}}},
    handler=_{prefix}_query,
    check_fn=lambda: bool(os.getenv("DEEP{index:03d}_API_KEY")),
    requires_env=["DEEP{index:03d}_API_KEY"],
)
registry.register(
    name="{prefix}_sync",
    toolset="{prefix}",
    schema={{"name": "{prefix}_sync", "description": "Sync {prefix}.",
            "parameters": {{"type": "object", "properties": {{}}}}}},
    handler=lambda args, **kw: _{prefix}_sync(args, task_id=kw.get("task_id")),
)
'''
    return text, tools


def _plugin(root: Path, index: int) -> int:
    """plugins/<name>/: a manifest, `register(ctx)` looping over a sibling's table, the handlers
    in `tools.py`, a client in `client.py` built from agent/, schemas in `schemas.py`."""
    name = f"plug{index:03d}"
    folder = root / "plugins" / name
    folder.mkdir(parents=True, exist_ok=True)
    target = TOOL_TARGETS[index % len(TOOL_TARGETS)]
    tools = [f"{name}_{verb}" for verb in ("search", "get", "put")]
    (folder / "plugin.yaml").write_text(
        f"name: {name}\nversion: 1.0.{index}\ndescription: Plugin {index}\n"
        f"requires_env:\n  - PLUGIN{index:03d}_TOKEN\nprovides_tools:\n"
        + "".join(f"  - {t}\n" for t in tools),
        encoding="utf-8",
    )
    (folder / "__init__.py").write_text(
        f'''"""Plugin {index}."""

from .tools import TOOLS


def register(ctx):
    for tool_name, schema, handler in TOOLS:
        ctx.register_tool(
            name=tool_name,
            toolset="{name}",
            schema=schema,
            handler=handler,
            requires_env=["PLUGIN{index:03d}_TOKEN"],
            check_fn=lambda: True,
        )
''',
        encoding="utf-8",
    )
    schemas = "".join(
        f'''
{t.upper()}_SCHEMA = {{
    "name": "{t}",
    "description": "{t.replace("_", " ")} for plugin {index}.",
    "parameters": {{
        "type": "object",
        "properties": {{
            "id": {{"type": "string", "description": "The item id"}},
            "limit": {{"type": "integer", "description": "How many items"}},
        }},
    }},
}}
'''
        for t in tools
    )
    (folder / "schemas.py").write_text(
        f'"""Schemas of plugin {index}."""\n{schemas}', encoding="utf-8"
    )
    client = (
        HEADER.format(doc=f"The client of plugin {index}, built from {target}.")
        + f"\nfrom {target} import {_cls(target)}Client\n"
        + f"""

class PluginClient:
    def __init__(self, token=None):
        self.token = token or os.environ.get("PLUGIN{index:03d}_TOKEN", "")
        self.inner = {_cls(target)}Client({{"token": self.token}})

    def call(self, op, request):
        if not self.token:
            raise PermissionError("no token")
        return self.inner.op_{index % 8}(request, timeout=30)
"""
        + hermes_tree._filler(name, 10)
    )
    (folder / "client.py").write_text(client, encoding="utf-8")
    handlers = "".join(
        f'''

def {t}(args, **kw):
    """Handler of {t}."""
    if not args.get("id") and "{t}".endswith("get"):
        return json.dumps({{"error": "id is required"}})
{"    try:" if index % 8 else "    if True:"}
        result = _client().call("{t}", args)
{"    except Exception as exc:  # noqa: BLE001" if index % 8 else "    else:"}
{'        return json.dumps({"error": str(exc)})' if index % 8 else "        pass"}
    return json.dumps({{"result": result}})
'''
        for t in tools
    )
    tools_py = (
        HEADER.format(doc=f"The tools of plugin {index}.")
        + "\nfrom .client import PluginClient\n"
        + "from .schemas import "
        + ", ".join(f"{t.upper()}_SCHEMA" for t in tools)
        + "\n"
        + f"""

def _client():
    return PluginClient()
"""
        + handlers
        + hermes_tree._filler(f"{name}t", 14)
        + "\n\nTOOLS = [\n"
        + "".join(f'    ("{t}", {t.upper()}_SCHEMA, {t}),\n' for t in tools)
        + "]\n"
    )
    (folder / "tools.py").write_text(tools_py, encoding="utf-8")
    return sum(p.read_text().count("\n") for p in folder.glob("*.py"))


def build(root: Path) -> dict[str, int]:
    """Write the tree; return counts (files and lines by top folder, registrations)."""
    counts = hermes_tree.build(root, modules=40)
    names: list[str] = []
    toolsets = (root / "toolsets.py").read_text()
    names = [line.strip().strip('",') for line in toolsets.split("]")[0].splitlines()[1:]]
    big_lines = 0
    for dotted, (lines, deps) in BIG_MODULES.items():
        parts = dotted.split(".")
        folder = root.joinpath(*parts[:-1])
        folder.mkdir(parents=True, exist_ok=True)
        if len(parts) > 1 and not (folder / "__init__.py").exists():
            (folder / "__init__.py").write_text("")
        source = _big_module(dotted, lines, deps)
        (folder / f"{parts[-1]}.py").write_text(source, encoding="utf-8")
        big_lines += source.count("\n")
    deep_lines = 0
    for i in range(DEEP_TOOLS):
        source, tool_names = _deep_tool(i, 3000 if i == 0 else 600 + 40 * i)
        (root / "tools" / f"deep_{i:03d}_tool.py").write_text(source, encoding="utf-8")
        names.extend(tool_names)
        deep_lines += source.count("\n")
    hermes_tree._write_toolsets(root, names)
    plugin_lines = sum(_plugin(root, i) for i in range(PLUGINS))
    return {
        "registrations": counts["registrations"] + 2 * DEEP_TOOLS + 3 * PLUGINS,
        "tool lines": counts["lines"] + deep_lines,
        "non-tool lines": big_lines,
        "deep tool lines": deep_lines,
        "plugin lines": plugin_lines,
    }


if __name__ == "__main__":
    import sys

    print(build(Path(sys.argv[1])))
