"""hermes_cli/tools_config.py as hermes-dev reads it, and which tools Hermes offers with a fresh
config: one reader, one model, for lint (HD307) and the scaffold (new-tool's edits and closing
lines).

What Hermes does (`hermes_cli/tools_config.py`, read off version 0.16):
- `CONFIGURABLE_TOOLSETS` is a list of `(key, label, description)` tuples: the `hermes tools`
  picker. `_DEFAULT_OFF_TOOLSETS` is a set of those keys that start switched off.
- `_get_platform_tools(config, platform)` with no saved `platform_toolsets` starts from the
  platform's default composite toolset (`hermes-cli` for the CLI: `"tools": _HERMES_CORE_TOOLS`)
  and enables each picker toolset whose resolved tools are all in it (and are not none), minus
  `_DEFAULT_OFF_TOOLSETS`. Toolsets outside the picker whose tools are all in the composite are
  recovered too; plugin toolsets are on unless default-off; MCP servers come from the config.
- `model_tools.get_tool_definitions(enabled_toolsets=...)` offers the tools those toolsets
  resolve to (`toolsets.resolve_toolset`: the entry's tools, the tools registered into it, and
  its `includes`, recursively).

So a tool in a new toolset is offered on a platform only when its toolset is in the picker and
its tools are in that platform's composite (or the toolset is recovered, or a plugin's). The
model leaves out what a fresh config cannot change: `_TOOLSET_PLATFORM_RESTRICTIONS`, the
credential-driven switches (`HASS_TOKEN`, xAI), context engines and MCP servers.

API: `tools_config_summary_of(path, source)`, `read_tools_config(root)` (None when the file is
absent, too big or does not parse: older checkouts and plugin packages have none);
`Offering(toolsets, config, registered)`: `resolve(name)`, `composites()`, `default_on(P)`,
`offered_on(tool, toolset)`, `listed(toolset)`, `label(toolset)`, `reached(tool, toolset)`.
"""

from __future__ import annotations

import ast
from pathlib import Path

from hermes_dev.host._json_shapes import _bool, _optional, _str, _strs, _triples
from hermes_dev.pyast.analyze.evaluate import Evaluator, strings_in
from hermes_dev.pyast.analyze.values import NotStatic
from hermes_dev.pyast.semantic.modules import standalone
from hermes_dev.pyast.semantic.scopes import module_scope
from hermes_dev.reading import read_head

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from hermes_dev.host.toolsets import ToolsetsSummary

TOOLS_CONFIG_RELPATH = "hermes_cli/tools_config.py"
PICKER = "CONFIGURABLE_TOOLSETS"
DEFAULT_OFF = "_DEFAULT_OFF_TOOLSETS"
# The CLI's default composite toolset, and the prefix of every platform's (Hermes names them so:
# `hermes-telegram`, `hermes-cron`...; `_get_platform_tools` skips every `hermes-*` key too).
CLI_COMPOSITE = "hermes-cli"
PLATFORM_PREFIX = "hermes-"
# The real file is ~140 KB; anything far larger is not read (untrusted input, bounded).
MAX_BYTES = 4_000_000
# includes are followed this deep (the real ones go one or two levels)
_MAX_DEPTH = 32


class ToolsConfigSummary:
    """What `hermes_cli/tools_config.py` says about the picker, read statically."""

    __slots__ = ("complete", "default_off", "found", "maybe_keys", "rows")

    def __init__(
        self,
        rows: list[tuple[str, str, str]] | None = None,
        complete: bool = True,
        maybe_keys: set[str] | None = None,
        default_off: list[str] | None = None,
        found: bool = True,
    ) -> None:
        # The picker rows read statically: (key, label, description); a label or description
        # that is not a string known statically is "".
        self.rows = rows if rows is not None else []
        # Every row was read (False: a row, or the list itself, is not static).
        self.complete = complete
        # Strings of what could not be read: any of them may be a picker key.
        self.maybe_keys = maybe_keys if maybe_keys is not None else set()
        # The default-off keys; None when `_DEFAULT_OFF_TOOLSETS` is missing or not static.
        self.default_off = default_off
        # `CONFIGURABLE_TOOLSETS` is assigned at module level.
        self.found = found

    def picker_keys(self) -> set[str]:
        return {key for key, _, _ in self.rows}

    def to_json(self) -> dict[str, Any]:
        return {
            "rows": [list(row) for row in self.rows],
            "complete": self.complete,
            "maybe_keys": sorted(self.maybe_keys),
            "default_off": self.default_off,
            "found": self.found,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ToolsConfigSummary:
        return cls(
            [(_str(k), _str(label), _str(d)) for k, label, d in _triples(data["rows"])],
            _bool(data["complete"]),
            set(_strs(data["maybe_keys"])),
            _optional(_strs, data["default_off"]),
            _bool(data["found"]),
        )


def tools_config_summary_of(path: Path, source: str) -> ToolsConfigSummary | None:
    """The summary of `source` (the text of `path`); None when it does not parse."""
    source = source.removeprefix("\ufeff")  # a byte-order mark, as Python reads the file
    try:
        tree = ast.parse(source, filename=str(path))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    try:
        return _summarize(path, source, tree)
    except RecursionError:
        return None


def read_tools_config(root: Path) -> ToolsConfigSummary | None:
    """The root's `hermes_cli/tools_config.py`, or None when it is absent, unreadable, larger
    than MAX_BYTES, not UTF-8 or does not parse."""
    path = root / TOOLS_CONFIG_RELPATH
    try:
        data = read_head(path, MAX_BYTES + 1)  # (a FIFO: an OSError, never a hang)
    except OSError:
        return None
    if len(data) > MAX_BYTES:
        return None
    try:
        source = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    return tools_config_summary_of(path, source)


def _summarize(path: Path, source: str, tree: ast.Module) -> ToolsConfigSummary:
    from hermes_dev.host.toolsets import written_value

    scope = module_scope(standalone(path, source, tree))
    evaluator = Evaluator()
    summary = ToolsConfigSummary(found=_assigned(tree, PICKER))
    if summary.found:
        written = written_value(evaluator, scope, PICKER)
        value = None
        if written is not None:
            name = ast.copy_location(ast.Name(PICKER, ast.Load()), written)
            try:
                value = evaluator.evaluate(name, scope).value
            except NotStatic:
                value = None
        if isinstance(value, list | tuple):
            for row in value:
                if isinstance(row, list | tuple) and len(row) == 3 and isinstance(row[0], str):
                    key, label, description = row
                    summary.rows.append(
                        (
                            key,
                            label if isinstance(label, str) else "",
                            description if isinstance(description, str) else "",
                        )
                    )
                else:
                    summary.complete = False
        else:
            summary.complete = False
        if not summary.complete:
            summary.maybe_keys.update(_strings_near(tree, PICKER))
            if written is not None:
                summary.maybe_keys.update(strings_in(written, scope))
    else:
        summary.complete = False
    summary.default_off = _default_off(written_value(evaluator, scope, DEFAULT_OFF))
    return summary


def _assigned(tree: ast.Module, name: str) -> bool:
    """`name` is assigned by a module-level statement."""
    for stmt in tree.body:
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [getattr(stmt, "target", None)]
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            return True
    return False


def _strings_near(tree: ast.Module, name: str) -> set[str]:
    """The strings of every module-level statement that mentions `name` (an assignment, an
    `.append(...)`): what a picker that is not static may hold."""
    found: set[str] = set()
    for stmt in tree.body:
        nodes = list(ast.walk(stmt))
        if any(isinstance(n, ast.Name) and n.id == name for n in nodes):
            found.update(
                n.value for n in nodes if isinstance(n, ast.Constant) and isinstance(n.value, str)
            )
    return found


def _default_off(node: ast.expr | None) -> list[str] | None:
    """The strings of `{"a", "b"}`, `set()`, `set([...])` or `frozenset({...})`; None else
    (missing, changed after it is written, or computed)."""
    if node is None:
        return None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.keywords:
        if node.func.id not in ("set", "frozenset") or len(node.args) > 1:
            return None
        if not node.args:
            return []
        node = node.args[0]
    if not isinstance(node, ast.Set | ast.List | ast.Tuple):
        return None
    names = []
    for elt in node.elts:
        if not (isinstance(elt, ast.Constant) and isinstance(elt.value, str)):
            return None
        names.append(elt.value)
    return sorted(set(names))


# --- the model ------------------------------------------------------------------------------


class Offering:
    """Which toolsets and tools Hermes offers with a fresh config, from `toolsets.py` (its
    summary) and `hermes_cli/tools_config.py` (None: the checkout has none). `registered` maps a
    toolset to the tools registered into it (`registry.register(toolset=...)`), which
    `get_toolset` merges in when `toolsets.py` does so."""

    def __init__(
        self,
        toolsets: ToolsetsSummary,
        config: ToolsConfigSummary | None,
        registered: Mapping[str, set[str]] | None = None,
    ) -> None:
        self.toolsets = toolsets
        self.config = config
        self.registered = registered or {}
        self._resolved: dict[str, set[str] | None] = {}

    def resolve(self, name: str) -> set[str] | None:
        """The tools `resolve_toolset(name)` gives; None when that is not known statically."""
        if name not in self._resolved:
            self._resolved[name] = self._resolve(name, set(), 0)
        return self._resolved[name]

    def _resolve(self, name: str, visited: set[str], depth: int) -> set[str] | None:
        if name in visited:
            return set()
        if depth > _MAX_DEPTH:
            return None
        visited.add(name)
        summary = self.toolsets
        registered = self.registered.get(name, set())
        if name not in summary.entries:
            if summary.opaque:
                return None
            # a toolset only the registry knows (newer Hermes resolves those)
            return set(registered) if summary.registry_toolsets else set()
        tools, includes = summary.entries[name]
        if tools is None or includes is None:
            return None
        found = set(tools)
        if summary.merges_registry:
            found |= registered
        for included in includes:
            more = self._resolve(included, visited, depth + 1)
            if more is None:
                return None
            found |= more
        return found

    def composites(self) -> list[str]:
        """Every platform's default composite toolset: the `hermes-*` keys of TOOLSETS, but a
        union of other platforms' (`hermes-gateway` includes them all)."""
        found = []
        for name, (_, includes) in self.toolsets.entries.items():
            if not name.startswith(PLATFORM_PREFIX):
                continue
            if includes and any(i.startswith(PLATFORM_PREFIX) for i in includes):
                continue
            found.append(name)
        return sorted(found)

    def listed(self, toolset: str) -> bool:
        """`hermes tools` lists `toolset` (or may: a row that could not be read names it)."""
        config = self.config
        return config is not None and (
            toolset in config.picker_keys() or toolset in config.maybe_keys
        )

    def label(self, toolset: str) -> str | None:
        if self.config is None:
            return None
        for key, label, _ in reversed(self.config.rows):
            if key == toolset:
                return label
        return None

    def default_on(self, composite: str) -> set[str] | None:
        """The picker toolsets on by default on the platform whose composite is `composite`;
        None when that is not known statically. Without a picker (older Hermes), the
        composite itself is what the platform offers."""
        config = self.config
        universe = self.resolve(composite)
        if universe is None:
            return None
        if config is None:
            return {composite}
        if not config.complete or config.default_off is None:
            return None
        enabled = set()
        for key in config.picker_keys():
            tools = self.resolve(key)
            if tools is None:
                return None
            if tools and tools <= universe:
                enabled.add(key)
        return enabled - set(config.default_off)

    def offered_tools(self, composite: str) -> set[str] | None:
        """The tools the platform whose composite is `composite` offers with a fresh config
        (before check_fn): those of its default-on picker toolsets, and of the toolsets outside
        the picker that `_get_platform_tools` recovers (all their tools in the composite, not
        all in the picker's, no includes, not default-off, not a `hermes-*` one). None when
        not known statically."""
        enabled = self.default_on(composite)
        universe = self.resolve(composite)
        if enabled is None or universe is None:
            return None
        config = self.config
        if config is None:
            return universe
        offered: set[str] = set()
        for key in enabled:
            offered |= self.resolve(key) or set()
        picker_tools: set[str] = set()
        for key in config.picker_keys():
            picker_tools |= self.resolve(key) or set()
        skip = config.picker_keys() | set(config.default_off or ())
        for name, (_, includes) in self.toolsets.entries.items():
            if name in skip or name.startswith(PLATFORM_PREFIX) or includes:
                continue
            tools = self.resolve(name)
            if tools is None:
                return None
            if tools and tools <= universe and not tools <= picker_tools:
                offered |= tools
        return offered

    def offered_on(self, tool: str) -> list[str] | None:
        """The composites of the platforms that offer `tool` with a fresh config; None when
        not known statically."""
        found = []
        for composite in self.composites():
            offered = self.offered_tools(composite)
            if offered is None:
                return None
            if tool in offered:
                found.append(composite)
        return found

    def reached(self, tool: str, toolset: str) -> bool:
        """HD307's question: False only when it is certain that no platform's default composite
        holds `tool` and the picker lists neither `toolset` nor a toolset that resolves to it
        (so no fresh config offers it and `hermes tools` cannot turn it on)."""
        config = self.config
        if config is None or not config.complete or self.toolsets.opaque:
            return True
        if self.listed(toolset):
            return True
        for name in [*config.picker_keys(), *self.composites()]:
            tools = self.resolve(name)
            if tools is None or tool in tools:
                return True
        return False


def platform_names(composites: list[str]) -> str:
    """ "cli", "cli, telegram", or "24 platforms (acp, api-server, bluebubbles, ...)"."""
    names = [c.removeprefix(PLATFORM_PREFIX) for c in composites]
    if len(names) <= 3:
        return ", ".join(names)
    return f"{len(names)} platforms ({', '.join(names[:3])}, ...)"
