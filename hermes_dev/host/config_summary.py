"""`OPTIONAL_ENV_VARS` as the project rules need it: every key, where it is, and the tools each
entry names (`ConfigSummary`), read from `hermes_cli/config.py` or the module it imports the
table from, small enough to cache per file. May import `pyast` only (and `host`)."""

from __future__ import annotations

import ast
from pathlib import Path

from hermes_dev.host._json_shapes import (
    _bool,
    _count,
    _dict,
    _span,
    _str,
    _triples,
)
from hermes_dev.pyast.analyze.evaluate import Evaluator
from hermes_dev.pyast.analyze.values import NotStatic
from hermes_dev.pyast.semantic.locations import Span
from hermes_dev.pyast.semantic.modules import standalone
from hermes_dev.pyast.semantic.scopes import module_scope
from hermes_dev.reading import SOURCE_LIMIT, read_bounded

TYPE_CHECKING = False  # typing is not imported at run time: a pre-commit run pays for it
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from hermes_dev.pyast.semantic.scopes import Scope


# --- hermes_cli/config.py ----------------------------------------------------------------


class ConfigSummary:
    __slots__ = ("complete", "env_vars", "skipped", "tool_refs", "unread_tools")

    def __init__(
        self,
        env_vars: dict[str, Sequence[int]] | None = None,
        complete: bool = True,
        tool_refs: list[tuple[str, str, Sequence[int]]] | None = None,
        skipped: int = 0,
    ) -> None:
        self.env_vars = env_vars if env_vars is not None else {}
        self.complete = complete  # False: some entries could not be read; HD303 stays quiet
        # (tool name, variable, where the tool name is written)
        self.tool_refs = tool_refs if tool_refs is not None else []
        self.unread_tools = False  # some entry's "tools" did not evaluate (not cached)
        # Entries whose value is not a dict literal or a call of a helper the reader understands
        # (hermes_dev.host.env_vars): their tools are unknown; `--statistics` counts them.
        self.skipped = skipped

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ConfigSummary) and all(
            getattr(self, slot) == getattr(other, slot) for slot in self.__slots__
        )

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> dict[str, Any]:
        return {
            "env_vars": self.env_vars,
            "complete": self.complete,
            "tool_refs": self.tool_refs,
            "skipped": self.skipped,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ConfigSummary:
        return cls(
            # spans stay lists until a finding needs one (`Span(*span)`): a pre-commit run
            # reads this summary on every commit
            {_str(var): _span(span) for var, span in _dict(_dict(data)["env_vars"]).items()},
            _bool(data["complete"]),
            [(_str(t), _str(v), _span(s)) for t, v, s in _triples(data["tool_refs"])],
            _count(data["skipped"]),
        )


def summarize_config(path: Path, tree: ast.Module, imported: bool = False) -> ConfigSummary:
    """`OPTIONAL_ENV_VARS` as the module `tree` defines it. `imported`: the module imports the
    table from another one (read there) and only its module-level additions are read here."""
    scope = module_scope(standalone(path, "", tree))  # (no source: only the tree is read)
    evaluator = Evaluator()
    summary = ConfigSummary()
    table = None
    for stmt in tree.body:
        # `OPTIONAL_ENV_VARS = {...}` (or annotated); later entries added at module level count
        if isinstance(stmt, ast.Assign | ast.AnnAssign):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            if any(isinstance(t, ast.Name) and t.id == "OPTIONAL_ENV_VARS" for t in targets):
                table = stmt.value
            for t in targets:
                if (
                    isinstance(t, ast.Subscript)
                    and isinstance(t.value, ast.Name)
                    and t.value.id == "OPTIONAL_ENV_VARS"
                ):
                    if isinstance(t.slice, ast.Constant) and isinstance(t.slice.value, str):
                        summary.env_vars.setdefault(t.slice.value, Span.of(t.slice))
                    else:
                        summary.complete = False
        elif (
            isinstance(stmt, ast.Expr)
            and isinstance(stmt.value, ast.Call)
            and isinstance(stmt.value.func, ast.Attribute)
            and isinstance(stmt.value.func.value, ast.Name)
            and stmt.value.func.value.id == "OPTIONAL_ENV_VARS"
        ):
            # `OPTIONAL_ENV_VARS.update({...})` at import time
            call = stmt.value
            if call.func.attr == "update" and len(call.args) == 1:  # type: ignore[attr-defined]
                _read_env_table(summary, evaluator, scope, call.args[0], tree)
            else:
                summary.complete = False
    if table is None:
        summary.complete = imported and summary.complete
        return summary
    _read_env_table(summary, evaluator, scope, table, tree)
    return summary


def _read_env_table(
    summary: ConfigSummary,
    evaluator: Evaluator,
    scope: Scope,
    table: ast.expr,
    tree: ast.Module,
) -> None:
    if not isinstance(table, ast.Dict):
        try:
            evaluated = evaluator.evaluate(table, scope)
        except NotStatic:
            summary.complete = False
            return
        if not isinstance(evaluated.value, dict):
            summary.complete = False
            return
        for var in evaluated.value:
            summary.env_vars.setdefault(str(var), Span.from_pos(evaluated.locate([str(var)])))
        return
    from hermes_dev.host.env_vars import read_table

    read = read_table(tree, table)
    entries = {entry.index: entry for entry in read.entries} if read is not None else {}
    for index, (key_node, value_node) in enumerate(zip(table.keys, table.values)):
        if key_node is None:
            _read_env_table(summary, evaluator, scope, value_node, tree)
            continue
        if not (isinstance(key_node, ast.Constant) and isinstance(key_node.value, str)):
            try:
                key = evaluator.evaluate(key_node, scope).value
            except NotStatic:
                summary.complete = False
                continue
        else:
            key = key_node.value
        var = str(key)
        summary.env_vars.setdefault(var, Span.of(key_node))
        # Only "tools" is read from the entry: descriptions may hold anything. The entry may be a
        # dict literal or a helper call (`_tool(..., tools=[...])`): the host reader says which
        # expression gives its tools.
        entry = entries.get(index)
        if entry is None or not entry.static:
            summary.skipped += 1
        elif entry.tools_expr is not None:
            _read_env_tools(summary, evaluator, scope, var, entry.tools_expr)


def _read_env_tools(
    summary: ConfigSummary, evaluator: Evaluator, scope: Scope, var: str, node: ast.expr
) -> None:
    try:
        evaluated = evaluator.evaluate(node, scope)
    except NotStatic:
        summary.unread_tools = True
        return
    if not isinstance(evaluated.value, list | tuple):
        return
    for i, tool in enumerate(evaluated.value):
        pos = evaluated.locate([i])
        if isinstance(tool, str) and pos.path == scope.module.path:
            summary.tool_refs.append((tool, var, Span.from_pos(pos)))


def read_source(path: Path) -> str | None:
    try:
        return read_bounded(path, SOURCE_LIMIT).decode("utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return None


def _parse_source(source: str, path: Path) -> ast.Module | None:
    try:
        return ast.parse(source, filename=str(path))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


_ENV_TABLE_START = r"^OPTIONAL_ENV_VARS\s*(?::[^=\n]*)?=\s*\{"
_ENV_TABLE_USE = r"^OPTIONAL_ENV_VARS\s*[\[.]"


def config_summary_of(path: Path, source: str) -> ConfigSummary | None:
    """The `OPTIONAL_ENV_VARS` summary of `hermes_cli/config.py`.

    The real file has ~6,600 lines and the table ~1,050 of them: parse just the table's lines
    (from `OPTIONAL_ENV_VARS = {` to the first `}` at the start of a line) when that reads it
    completely, else the whole file. Line numbers are those of the whole file either way.
    """
    import re  # only on a cache miss

    starts = list(re.finditer(_ENV_TABLE_START, source, re.MULTILINE))
    if len(starts) == 1 and not re.search(_ENV_TABLE_USE, source, re.MULTILINE):
        start = starts[0].start()
        end = source.find("\n}", start)
        if end != -1:
            first_line = source.count("\n", 0, start)
            segment = _parse_source(source[start : end + 2], path)
            if segment is not None:
                ast.increment_lineno(segment, first_line)
                summary = summarize_config(path, segment)
                # helper-call entries need the helpers defined above the table: else whole file
                if summary.complete and not summary.unread_tools and not summary.skipped:
                    return summary
    tree = _parse_source(source, path)
    return None if tree is None else summarize_config(path, tree)


# A module-level `OPTIONAL_ENV_VARS = ...` (as hermes_dev.host.layout reads it).
_ENV_TABLE_ASSIGN = r"^OPTIONAL_ENV_VARS\s*(?::[^=\n]*)?=(?!=)"


def env_table_file(root: Path) -> Path | None:
    """The file under `root` that assigns the `OPTIONAL_ENV_VARS` literal: `hermes_cli/config.py`
    or the module it imports the table from (the scaffold's `env_vars_path`, shared); None when
    no file on that trail assigns it."""
    import re

    from hermes_dev.host.layout import Project, env_vars_path  # only on a cache miss

    path = env_vars_path(Project(root))
    source = read_source(path)
    if source is None or not re.search(_ENV_TABLE_ASSIGN, source, re.MULTILINE):
        return None
    return path


def config_additions_of(path: Path, source: str) -> ConfigSummary | None:
    """What `hermes_cli/config.py` adds at module level to a table it imports."""
    import re

    if not re.search(_ENV_TABLE_USE, source, re.MULTILINE):
        return ConfigSummary()  # adds nothing: no need to parse thousands of lines
    tree = _parse_source(source, path)
    return None if tree is None else summarize_config(path, tree, imported=True)
