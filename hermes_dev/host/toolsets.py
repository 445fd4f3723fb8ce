"""toolsets.py as hermes-dev reads it: the tools each toolset lists (dict entries and helper calls
such as `_ts("Web tools", ["web_search"])` alike, evaluated statically), the toolsets' names, and
whether the file merges the registry's toolsets at run time. One reader for lint (HD301, HD302)
and the scaffold (new-tool's "is the name taken").

Each entry's own tools and `includes` are kept too (`entries`), for the model of what Hermes
offers with a fresh config (`host.tools_config`: HD307, new-tool's closing lines).

API: `toolsets_summary_of(path, source) -> ToolsetsSummary | None` (None: it does not parse);
`summarize_toolsets(path, source, tree)`; `ToolsetsSummary` (`listed`, `maybe_listed`,
`toolset_names`, `merges_registry`, `registry_toolsets`, `entries`, `opaque`; `to_json`/`from_json`
for caches).
"""

from __future__ import annotations

import ast
from pathlib import Path

from hermes_dev.host._json_shapes import (
    _bool,
    _dict,
    _optional,
    _pairs,
    _span,
    _str,
    _strs,
    _triples,
)
from hermes_dev.pyast.analyze.evaluate import Evaluator, strings_in
from hermes_dev.pyast.analyze.values import NotStatic, Thunk
from hermes_dev.pyast.semantic.locations import Pos, Span
from hermes_dev.pyast.semantic.modules import standalone
from hermes_dev.pyast.semantic.scopes import module_scope

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

    from hermes_dev.pyast.semantic.scopes import Scope


class ToolsetsSummary:
    __slots__ = (
        "entries",
        "listed",
        "maybe_listed",
        "merges_registry",
        "opaque",
        "registry_toolsets",
        "toolset_names",
    )

    def __init__(
        self,
        listed: list[tuple[str, Sequence[int]]] | None = None,
        maybe_listed: set[str] | None = None,
        toolset_names: set[str] | None = None,
        merges_registry: bool = False,
        registry_toolsets: bool = False,
        entries: dict[str, tuple[list[str] | None, list[str] | None]] | None = None,
        opaque: bool = False,
    ) -> None:
        # Tool names written in toolsets.py as members of `_HERMES_CORE_TOOLS` or a toolset's
        # "tools", each with where it is written (one per place).
        self.listed = listed if listed is not None else []
        # Every name that may be a member (listed, plus the strings of entries that did not
        # evaluate): HD301 reports only tools outside it.
        self.maybe_listed = maybe_listed if maybe_listed is not None else set()
        self.toolset_names = toolset_names if toolset_names is not None else set()
        # Newer toolsets.py merges tools registered into a toolset (`toolset="web"`) at run time.
        self.merges_registry = merges_registry
        # ... and resolves toolsets that exist only in the registry (`get_toolset("moa")` falls
        # back to `registry.get_registered_toolset_names()`): every registered tool is then in a
        # toolset, its own.
        self.registry_toolsets = registry_toolsets
        # Each TOOLSETS entry read statically: (its tools, its includes), each None when it is
        # not a list of strings known statically. The entry in force (the last of a key).
        self.entries = entries if entries is not None else {}
        # TOOLSETS (or an entry's key) could not be read statically: `entries` may miss some.
        self.opaque = opaque

    def to_json(self) -> dict[str, Any]:
        return {
            "listed": self.listed,
            "maybe_listed": sorted(self.maybe_listed),
            "toolset_names": sorted(self.toolset_names),
            "merges_registry": self.merges_registry,
            "registry_toolsets": self.registry_toolsets,
            "entries": [
                [name, tools, includes] for name, (tools, includes) in self.entries.items()
            ],
            "opaque": self.opaque,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ToolsetsSummary:
        return cls(
            [(_str(n), _span(s)) for n, s in _pairs(_dict(data)["listed"])],
            set(_strs(data["maybe_listed"])),
            set(_strs(data["toolset_names"])),
            _bool(data["merges_registry"]),
            _bool(data["registry_toolsets"]),
            {
                _str(name): (_optional(_strs, tools), _optional(_strs, includes))
                for name, tools, includes in _triples(data["entries"])
            },
            _bool(data["opaque"]),
        )


def written_value(evaluator: Evaluator, scope: Scope, name: str) -> ast.expr | None:
    """The expression the module-level `name` is bound to, when it is one written value."""
    try:
        found = evaluator.lookup(name, scope, {})
    except NotStatic:
        return None
    return found.expr if isinstance(found, Thunk) else None


def summarize_toolsets(path: Path, source: str, tree: ast.Module) -> ToolsetsSummary:
    scope = module_scope(standalone(path, source, tree))
    evaluator = Evaluator()
    summary = ToolsetsSummary(
        merges_registry="get_tool_names_for_toolset" in source,
        registry_toolsets="get_tool_names_for_toolset" in source
        and "get_registered_toolset_names" in source,
    )
    seen: set[tuple[str, Span]] = set()

    def add(name: Any, pos: Pos) -> None:
        if not isinstance(name, str):
            return
        summary.maybe_listed.add(name)
        if pos.path != path:
            return
        item = (name, Span.from_pos(pos))
        if item not in seen:
            seen.add(item)
            summary.listed.append(item)

    core = written_value(evaluator, scope, "_HERMES_CORE_TOOLS")
    if core is not None:
        try:
            evaluated = evaluator.evaluate(core, scope)
            if isinstance(evaluated.value, list | tuple):
                for i, name in enumerate(evaluated.value):
                    add(name, evaluated.locate([i]))
        except NotStatic:
            summary.maybe_listed.update(strings_in(core, scope))

    table = written_value(evaluator, scope, "TOOLSETS")
    if table is None:
        summary.opaque = True
        return summary
    entries: list[tuple[ast.expr | None, ast.expr]]
    if isinstance(table, ast.Dict):
        entries = list(zip(table.keys, table.values))
    else:
        entries = [(None, table)]
    for key_node, value_node in entries:
        if key_node is None:
            # `**OTHER` or a whole table that is not a literal: take it as one value
            try:
                evaluated = evaluator.evaluate(value_node, scope)
            except NotStatic:
                summary.maybe_listed.update(strings_in(value_node, scope))
                summary.opaque = True
                continue
            if not isinstance(evaluated.value, dict):
                summary.opaque = True
                continue
            for toolset_name, entry in evaluated.value.items():
                _add_entry(summary, add, str(toolset_name), entry, evaluated, [toolset_name])
            continue
        try:
            key = evaluator.evaluate(key_node, scope).value
            evaluated = evaluator.evaluate(value_node, scope)
        except NotStatic:
            summary.maybe_listed.update(strings_in(value_node, scope))
            if isinstance(key_node, ast.Constant) and isinstance(key_node.value, str):
                summary.toolset_names.add(key_node.value)
                summary.entries[key_node.value] = (None, None)
            else:
                summary.opaque = True
            continue
        _add_entry(summary, add, str(key), evaluated.value, evaluated, [])
    return summary


def _add_entry(
    summary: ToolsetsSummary,
    add: Callable[[Any, Pos], None],
    toolset_name: str,
    entry: Any,
    evaluated: Any,
    prefix: list[Any],
) -> None:
    summary.toolset_names.add(toolset_name)
    if not isinstance(entry, dict):
        summary.entries[toolset_name] = (None, None)
        return
    tools = entry.get("tools")
    if isinstance(tools, list | tuple):
        for i, name in enumerate(tools):
            add(name, evaluated.locate([*prefix, "tools", i], prefer_key=False))
    summary.entries[toolset_name] = (_names(tools), _names(entry.get("includes", [])))


def _names(value: Any) -> list[str] | None:
    """A list (or tuple) of strings as a list; None for anything else."""
    if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        return list(value)
    return None


def toolsets_summary_of(path: Path, source: str) -> ToolsetsSummary | None:
    source = source.removeprefix("\ufeff")  # a byte-order mark, as Python reads the file
    tree = _parse(source, path)
    return None if tree is None else summarize_toolsets(path, source, tree)


def _parse(source: str, path: Path) -> ast.Module | None:
    try:
        return ast.parse(source, filename=str(path))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
