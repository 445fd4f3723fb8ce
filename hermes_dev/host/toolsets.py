"""toolsets.py as hermes-dev reads it: the one reader of that file for lint (HD301, HD302, HD307),
new-tool, remove-tool and new-plugin. Two views of the same file:

- What it evaluates to (`ToolsetsSummary`): the tools each toolset lists (dict entries and helper
  calls such as `_ts("Web tools", ["web_search"])` alike, names such as `_HERMES_CORE_TOOLS`
  followed), the toolsets' names, each entry's own tools and `includes` (for the model of what
  Hermes offers with a fresh config, `host.tools_config`), and whether the file merges the
  registry's toolsets at run time. The rules and the scaffold's "is the toolset gone" ask this.
- What is written where (`ToolsetsFile`): the module-level assignments as the edits
  (`hermes_dev.edits`) find them (the last of a name is in force), the entries of the `TOOLSETS`
  literal with their shape (dict literal, helper call, other), and every place a tool name is
  written in a list (`listings`: `_HERMES_CORE_TOOLS`, a `TOOLSETS` entry's tools, any other
  module-level list), with lines. The scaffold (which entry an edit changes, "is the name taken",
  "which lines still name it") and HD302's fix (which lines the edit may change) ask this.

The edits parse toolsets.py again with libcst, to write it back; nothing else reads it.

API: `toolsets_summary_of(path, source) -> ToolsetsSummary | None` (None: it does not parse);
`summarize_toolsets(path, source, tree)`; `ToolsetsSummary` (`listed`, `maybe_listed`,
`toolset_names`, `merges_registry`, `registry_toolsets`, `entries`, `opaque`; `to_json`/`from_json`
for caches). `ToolsetsFile.parse(source)` / `ToolsetsFile(tree)`: `assignments()`,
`assignment(name)`, `entries()`, `toolset_names()`, `entry(toolset)`, `listings(name)`;
`Entry` (`key`, `value`, `shape`, `size`, `tool_exprs`); `Listing` (`where`, `certain`, `lines`).
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import NamedTuple

from hermes_dev.errors import UserError
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
from hermes_dev.pyast.semantic.syntax import parse_problem

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence
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
    if isinstance(entry, list | tuple) and entry and all(isinstance(v, str) for v in entry):
        # `"ops": ["disk_usage", ...]`: a fork's own shape of an entry, its tools listed
        for i, name in enumerate(entry):
            add(name, evaluated.locate([*prefix, i], prefer_key=False))
        summary.entries[toolset_name] = (list(entry), None)
        return
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
    try:
        tree = ast.parse(source, filename=str(path))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return summarize_toolsets(path, source, tree)


# --- what is written where -------------------------------------------------------------------

TABLE = "TOOLSETS"
CORE = "_HERMES_CORE_TOOLS"
# Keys of a dict entry (and keywords of a helper call) that hold no tool names.
_NOT_TOOLS = ("description", "includes")


class Assignment(NamedTuple):
    """One module-level `NAME = value` (also `A = NAME = value` and `NAME: T = value`)."""

    name: str
    value: ast.expr
    stmt: ast.Assign | ast.AnnAssign

    @property
    def lines(self) -> tuple[int, int]:
        """The first and last line of the statement."""
        return self.stmt.lineno, self.stmt.end_lineno or self.stmt.lineno


class Entry(NamedTuple):
    """One item of the `TOOLSETS` dict literal: `"web": {...}`, `"web": _ts(...)`, `**OTHER`."""

    key: str | None  # the string key; None for a computed key or a `**spread`
    key_node: ast.expr | None  # None for a `**spread`
    value: ast.expr

    @property
    def shape(self) -> str:
        """ "dict" (a dict literal), "call" (a helper call such as `_ts(...)`) or "other"."""
        if isinstance(self.value, ast.Dict):
            return "dict"
        return "call" if isinstance(self.value, ast.Call) else "other"

    @property
    def size(self) -> int:
        """How many keys (dict literal) or arguments (call) the entry has; 0 for other shapes.
        An edit that adds a "tools" key or argument makes it grow."""
        if isinstance(self.value, ast.Dict):
            return len(self.value.keys)
        if isinstance(self.value, ast.Call):
            return len(self.value.args) + len(self.value.keywords)
        return 0

    @property
    def tool_exprs(self) -> list[ast.expr]:
        """The expressions that may hold the entry's tool names: a dict literal's values but
        "description" and "includes" (toolset names, never tools); a helper call's arguments
        after the description, keywords but `includes`; any other entry as a whole."""
        return tool_exprs(self.value)


def tool_exprs(entry: ast.expr) -> list[ast.expr]:
    """See `Entry.tool_exprs`."""
    if isinstance(entry, ast.Dict):
        return [
            value
            for key, value in zip(entry.keys, entry.values, strict=True)
            if not (isinstance(key, ast.Constant) and key.value in _NOT_TOOLS)
        ]
    if isinstance(entry, ast.Call):  # _ts("description", [tools], includes=[...])
        return [*entry.args[1:], *(k.value for k in entry.keywords if k.arg != "includes")]
    return [entry]


class Listing(NamedTuple):
    """A place where toolsets.py writes a tool name: `where` names it (`_HERMES_CORE_TOOLS`,
    `TOOLSETS['web']`); `certain` when a list literal there holds the name itself (else the
    string is somewhere in a computed list: it may be a member); `lines` where it is written."""

    where: str
    certain: bool
    lines: tuple[int, ...]


class ToolsetsFile:
    """toolsets.py as written: its module-level statements (never those inside functions)."""

    __slots__ = ("tree",)

    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree

    @classmethod
    def parse(cls, source: str | bytes, where: str = "toolsets.py") -> ToolsetsFile | None:
        """None when `source` is not Python (an edit that follows says what is wrong, and
        where). UserError when it nests deeper than the parser can go."""
        if isinstance(source, str):
            source = source.removeprefix("\ufeff")  # a byte-order mark, as Python reads it
        try:
            return cls(ast.parse(source, filename=where))
        except (SyntaxError, ValueError):
            return None
        except (RecursionError, MemoryError):
            data = source.encode("utf-8", "replace") if isinstance(source, str) else source
            raise UserError(parse_problem(where, data) or f"{where} cannot be parsed") from None

    def assignments(self) -> Iterator[Assignment]:
        """Every module-level assignment of a name to a value, in order."""
        for stmt in self.tree.body:
            if isinstance(stmt, ast.Assign):
                for target in stmt.targets:
                    if isinstance(target, ast.Name):
                        yield Assignment(target.id, stmt.value, stmt)
            elif (
                isinstance(stmt, ast.AnnAssign)
                and stmt.value is not None
                and isinstance(stmt.target, ast.Name)
            ):
                yield Assignment(stmt.target.id, stmt.value, stmt)

    def assignment(self, name: str) -> Assignment | None:
        """The module-level assignment of `name` in force (the last), the one an edit changes."""
        found = None
        for assignment in self.assignments():
            if assignment.name == name:
                found = assignment
        return found

    def entries(self) -> list[Entry] | None:
        """The items of the `TOOLSETS` literal in force, in order; None when the `TOOLSETS` in
        force is not a dict literal (or there is none)."""
        table = self.assignment(TABLE)
        if table is None or not isinstance(table.value, ast.Dict):
            return None
        return [
            Entry(
                key.value if isinstance(key, ast.Constant) and isinstance(key.value, str) else None,
                key,
                value,
            )
            for key, value in zip(table.value.keys, table.value.values, strict=True)
        ]

    def toolset_names(self) -> frozenset[str]:
        """The string keys of the `TOOLSETS` literal in force (empty when there is none)."""
        return frozenset(e.key for e in self.entries() or [] if e.key is not None)

    def entry(self, toolset: str) -> Entry | None:
        """`TOOLSETS[toolset]` as written (the last item of that key); None when absent."""
        found = None
        for entry in self.entries() or []:
            if entry.key == toolset:
                found = entry
        return found

    def listings(self, name: str) -> list[Listing]:
        """Every place a module-level list writes the tool `name`, in file order: a list
        assigned to a name (`_HERMES_CORE_TOOLS = [...]`), the tools of an entry of a dict
        assigned to a name (`TOOLSETS`'s dict entries and helper calls), and, not certain, a
        computed value of a `*_TOOLS` name or of a `TOOLSETS` entry that holds the string.
        Toolset keys and "includes" are toolset names, never tools."""
        found: list[Listing] = []
        for target, value, _ in self.assignments():
            if not isinstance(value, ast.Dict):
                if isinstance(value, ast.List) and _holds(value, name):
                    found.append(Listing(target, True, _lines(value, name)))
                elif target.endswith("_TOOLS") and _lines(value, name):
                    found.append(Listing(target, False, _lines(value, name)))
                continue
            for key, entry in zip(value.keys, value.values, strict=True):
                where = f"{target}[{key.value!r}]" if isinstance(key, ast.Constant) else target
                for listed in tool_exprs(entry):
                    if isinstance(listed, ast.List) and _holds(listed, name):
                        found.append(Listing(where, True, _lines(listed, name)))
                    elif target == TABLE and _lines(listed, name):
                        found.append(Listing(where, False, _lines(listed, name)))
        return found


def _holds(node: ast.List, name: str) -> bool:
    return any(isinstance(e, ast.Constant) and e.value == name for e in node.elts)


def _lines(node: ast.expr, name: str) -> tuple[int, ...]:
    """The lines of the string constants `name` in `node`, in order, once each."""
    return tuple(
        sorted(
            {n.lineno for n in ast.walk(node) if isinstance(n, ast.Constant) and n.value == name}
        )
    )
