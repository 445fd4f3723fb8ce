"""What the project rules (HD3xx) need from the whole root, read statically and cheaply.

- per tool module: the tools it registers (`registry.register(...)`, `ctx.register_tool(...)`),
  with `requires_env`, `check_fn` and `override`;
- `toolsets.py`: every tool name a toolset lists, and where;
- `hermes_cli/config.py`: every `OPTIONAL_ENV_VARS` key and the tools its entries name.

Each file is parsed at most once per run, and only when a rule asks for it. A pre-commit run on
one file still needs every module's registered names (HD302, HD305): the summaries go through the
engine's per-file cache (`hermes_dev.lint.cache`, keyed by content), and so do
those of `toolsets.py` and `hermes_cli/config.py` (best effort; `HERMES_DEV_NO_CACHE=1` turns
it off).

The schemas of the registrations (HD2xx) and their jsonschema check are in `schema_check`.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

from hermes_dev.host._json_shapes import (
    _bool,
    _count,
    _dict,
    _list,
    _optional,
    _pairs,
    _relative_py,
    _span,
    _str,
    _strs,
    _triples,
)
from hermes_dev.host.toolsets import (  # noqa: F401 -- re-exported for the HD3xx rules
    ToolsetsSummary,
    summarize_toolsets,
    toolsets_summary_of,
)
from hermes_dev.lint.rule import Finding
from hermes_dev.pyast.locations import Span, first_line_end
from hermes_dev.pyast.schema_eval import (
    Evaluator,
    ModuleScope,
    NotStatic,
    Thunk,
    strings_in,
)

TYPE_CHECKING = False  # typing is not imported at run time: a pre-commit run pays for it
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from typing import Any, TypeVar

    from hermes_dev.lint.context import LintContext
    from hermes_dev.pyast.model import Models, ModuleInfo, Registration
    from hermes_dev.pyast.schema_eval import Binding, ModuleLoader

    _S = TypeVar("_S", "ToolsetsSummary", "ConfigSummary")


# --- registrations in a tool module ------------------------------------------------------
# What a registration is comes from the engine's model (`hermes_dev.pyast.model`); here each one
# gets its table row as evaluation bindings, and a summary small enough to cache.


def scope_of(module: ModuleInfo) -> ModuleScope:
    """The evaluation scope of a parsed module (built once per module and run)."""
    scope = module.memo.get("schema_eval.scope")
    if not isinstance(scope, ModuleScope):
        assert module.tree is not None
        scope = ModuleScope.build(module.path, module.tree, module.dotted, module.import_base)
        module.memo["schema_eval.scope"] = scope
    return scope


def models_loader(models: Models) -> ModuleLoader:
    """Resolve dotted module names under the root through the run's `Models` (parsed once)."""

    def load(dotted: str) -> ModuleScope | None:
        module = models.by_name(dotted)
        if module is None or module.tree is None:
            return None
        return scope_of(module)

    return load


def registration_envs(reg: Registration, evaluator: Evaluator) -> list[dict[str, Binding]] | None:
    """The loop bindings of each table row a registration stands for: `[{}]` outside a loop,
    one per row inside a loop over a table, None when the table cannot be read statically."""
    scope = scope_of(reg.module)
    if reg.row is not None:
        return [{var: Thunk(expr, scope, {}) for var, expr in reg.row.items()}]
    if reg.loop is None:
        return [{}]
    try:
        envs: list[dict[str, Binding]] = []
        for row in evaluator.iter_rows(reg.loop.iter, scope):
            env: dict[str, Binding] = {}
            evaluator.bind_target(reg.loop.target, row, env)
            envs.append(env)
        return envs
    except NotStatic:
        return None


# Plain classes rather than dataclasses: building a dataclass costs more at import than a
# pre-commit run can spare, and a one-file run reads every module's summary from the cache.


class RegisteredTool:
    __slots__ = (
        "call_span",
        "discovered",
        "env_span",
        "has_check_fn",
        "has_requires_env",
        "kind",
        "name",
        "override",
        "requires_env",
        "span",
        "toolset",
    )

    def __init__(
        self,
        name: str | None,  # None: not static
        kind: str,  # "registry" | "plugin"
        discovered: bool,
        override: bool,
        has_check_fn: bool,
        has_requires_env: bool,  # given and not an empty literal / None
        requires_env: list[tuple[str, Span]] | None,  # None: not static (or absent)
        span: Span,  # the call's `name=` (or the call itself)
        call_span: Span,
        toolset: str | None = None,  # the registered toolset, when static
        env_span: Span | None = None,  # the `requires_env=` argument
    ) -> None:
        self.name = name
        self.kind = kind
        self.discovered = discovered
        self.override = override
        self.has_check_fn = has_check_fn
        self.has_requires_env = has_requires_env
        self.requires_env = requires_env
        self.span = span
        self.call_span = call_span
        self.toolset = toolset
        self.env_span = env_span

    # the JSON order (a list: summaries of a whole root are read on every one-file run)
    _JSON_FIELDS = (
        "name",
        "kind",
        "discovered",
        "override",
        "has_check_fn",
        "has_requires_env",
        "requires_env",
        "span",
        "call_span",
        "toolset",
        "env_span",
    )

    def to_json(self) -> list[Any]:
        return [getattr(self, field) for field in self._JSON_FIELDS]

    @classmethod
    def from_json(cls, data: list[Any]) -> RegisteredTool:
        (
            name,
            kind,
            discovered,
            override,
            has_check_fn,
            has_requires_env,
            env,
            span,
            call_span,
            toolset,
            env_span,
        ) = _list(data, 11)
        return cls(
            _optional(_str, name),
            _str(kind),
            _bool(discovered),
            _bool(override),
            _bool(has_check_fn),
            _bool(has_requires_env),
            _optional(lambda e: [(_str(v), Span(*_span(s))) for v, s in _pairs(e)], env),
            Span(*_span(span)),
            Span(*_span(call_span)),
            _optional(_str, toolset),
            _optional(lambda s: Span(*_span(s)), env_span),
        )

    def __repr__(self) -> str:
        return f"RegisteredTool({self.name!r}, line {self.span.line})"


class ModuleSummary:
    __slots__ = ("cacheable", "maybe_names", "tools")

    def __init__(
        self,
        tools: list[RegisteredTool] | None = None,
        maybe_names: list[str] | None = None,
    ) -> None:
        self.tools = tools if tools is not None else []
        # Strings that may name a registered tool although no name evaluated (tables of a
        # loop that did not evaluate, dynamic names): HD302 must not cry wolf on them.
        self.maybe_names = maybe_names if maybe_names is not None else []
        self.cacheable = True

    def to_json(self) -> dict[str, Any]:
        return {
            "tools": [t.to_json() for t in self.tools],
            "maybe_names": sorted(set(self.maybe_names)),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ModuleSummary:
        return cls(
            [RegisteredTool.from_json(t) for t in _list(_dict(data)["tools"])],
            _strs(data["maybe_names"]),
        )


def summarize_module(module: ModuleInfo, loader: ModuleLoader | None = None) -> ModuleSummary:
    used_other_modules = False

    def tracking_loader(dotted: str) -> ModuleScope | None:
        nonlocal used_other_modules
        used_other_modules = True
        return loader(dotted) if loader is not None else None

    evaluator = Evaluator(tracking_loader)
    summary = ModuleSummary()
    if module.tree is None:
        return summary
    scope = scope_of(module)
    for reg in module.registrations:
        envs = registration_envs(reg, evaluator)
        if envs is None:
            summary.maybe_names.extend(strings_in(reg.loop.iter, scope) if reg.loop else [])
            envs = [{}]
            unknown_rows = True
        else:
            unknown_rows = False
        for env in envs:
            summary.tools.append(
                registered_tool(reg, scope, env, evaluator, summary.maybe_names, unknown_rows)
            )
    # A summary that read another module is stale when that module changes: keep it per run.
    summary.cacheable = not used_other_modules
    return summary


def _argument(reg: Registration, param: str) -> ast.expr | None:
    return reg.keywords.get(param)


def keyword_node(reg: Registration, param: str) -> ast.AST | None:
    for kw in reg.call.keywords:
        if kw.arg == param:
            return kw
    return reg.keywords.get(param)


def registered_tool(
    reg: Registration,
    scope: ModuleScope,
    env: Mapping[str, Binding],
    evaluator: Evaluator,
    maybe_names: list[str],
    unknown_rows: bool = False,
) -> RegisteredTool:
    name_node = _argument(reg, "name")
    name: str | None = None
    if name_node is not None and not unknown_rows:
        try:
            value = evaluator.evaluate(name_node, scope, env).value
            name = value if isinstance(value, str) else None
        except NotStatic:
            name = None
    if name is None and name_node is not None:
        maybe_names.extend(strings_in(name_node, scope))
    override_node = _argument(reg, "override")
    override = False
    if override_node is not None:
        try:
            override = bool(evaluator.evaluate(override_node, scope, env).value)
        except NotStatic:
            override = True  # unknown: assume the author meant it
    check_node = _argument(reg, "check_fn")
    has_check_fn = check_node is not None and not (
        isinstance(check_node, ast.Constant) and check_node.value is None
    )
    env_node = _argument(reg, "requires_env")
    requires_env: list[tuple[str, Span]] | None = None
    has_requires_env = False
    if env_node is not None and not (isinstance(env_node, ast.Constant) and env_node.value is None):
        try:
            if unknown_rows:
                raise NotStatic("row")
            evaluated = evaluator.evaluate(env_node, scope, env)
            values = evaluated.value
            if isinstance(values, list | tuple) and all(isinstance(v, str) for v in values):
                requires_env = []
                for i, var in enumerate(values):
                    pos = evaluated.locate([i])
                    span = Span.from_pos(pos) if pos.path == scope.path else Span.of(env_node)
                    requires_env.append((var, span))
                has_requires_env = bool(values)
            else:
                has_requires_env = True
        except NotStatic:
            has_requires_env = True
    toolset: str | None = None
    toolset_node = _argument(reg, "toolset")
    if toolset_node is not None and not unknown_rows:
        try:
            value = evaluator.evaluate(toolset_node, scope, env).value
            toolset = value if isinstance(value, str) else None
        except NotStatic:
            toolset = None
    env_keyword = keyword_node(reg, "requires_env")
    anchor = keyword_node(reg, "name") or reg.call
    return RegisteredTool(
        toolset=toolset,
        env_span=Span.of(env_keyword) if env_keyword is not None else None,
        name=name,
        kind="plugin" if reg.kind == "plugin" else "registry",
        discovered=reg.discoverable,
        override=override,
        has_check_fn=has_check_fn,
        has_requires_env=has_requires_env,
        requires_env=requires_env,
        span=Span.of(anchor),
        call_span=Span.of(reg.call),
    )


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
    scope = ModuleScope.build(path, tree, "hermes_cli." + path.stem)
    evaluator = Evaluator(None)
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
    scope: ModuleScope,
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
    summary: ConfigSummary, evaluator: Evaluator, scope: ModuleScope, var: str, node: ast.expr
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
        if isinstance(tool, str) and pos.path == scope.path:
            summary.tool_refs.append((tool, var, Span.from_pos(pos)))


# --- the content-keyed cache of jsonschema results --------------------------------------


# --- the project -------------------------------------------------------------------------

# Cache kinds in the engine's per-file summary cache; bump the suffix when a shape changes.
MODULE_KIND = "hd3-registrations-v3"
TOOLSETS_KIND = "hd3-toolsets-v3"
CONFIG_KIND = "hd3-config-v3"
CONFIG_ADDITIONS_KIND = "hd3-config-additions-v2"
ENV_TABLE_KIND = "hd3-env-table-v2"  # where hermes_cli/config.py gets OPTIONAL_ENV_VARS from
ENV_TABLE_MISSING_LABEL = "HD303/HD304 skipped: OPTIONAL_ENV_VARS not found"
ENV_SKIPPED_LABEL = "env entries skipped (not static)"


def _read(path: Path) -> str | None:
    try:
        return path.read_bytes().decode("utf-8-sig")
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
    source = _read(path)
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


class ProjectIndex:
    """The whole root as the project rules see it, computed lazily and at most once per run.

    Modules are parsed through the run's `Models`, so a file the engine lints is parsed once
    for both; the rest comes from the engine's on-disk summary cache when unchanged.
    `hermes_cli/config.py` (thousands of lines) is parsed only when a rule asks for it.
    """

    def __init__(self, ctx: LintContext) -> None:
        self.ctx = ctx
        self.project = ctx.project
        self.loader: ModuleLoader = models_loader(ctx.models)
        self._all: dict[str, ModuleSummary] | None = None
        self._toolsets: ToolsetsSummary | None = None
        self._toolsets_done = False
        self._config: ConfigSummary | None = None
        self._config_done = False
        self._env_table: Path | None = None
        self._env_table_done = False

    def module_summary(self, module: ModuleInfo) -> ModuleSummary:
        memo = module.memo.get("project_index.summary")
        if not isinstance(memo, ModuleSummary):
            memo = summarize_module(module, self.loader)
            module.memo["project_index.summary"] = memo
        return memo

    def module_paths(self) -> list[str]:
        """Every `.py` under the root's `tools/` and `plugins/`, excluded ones too: a module
        that is not reported on still registers its tools (HD302, HD304, HD305)."""
        from hermes_dev.lint.files import SKIP_DIRS

        found: list[str] = []
        stack = [os.path.join(str(self.ctx.root), top) for top in ("plugins", "tools")]
        while stack:  # os.scandir and plain strings: a pre-commit run walks the whole tree
            folder = stack.pop()
            try:
                entries = sorted(os.scandir(folder), key=lambda e: e.name, reverse=True)
            except OSError:
                continue
            for entry in entries:
                name = entry.name
                if entry.is_dir(follow_symlinks=False):
                    if not name.startswith(".") and name not in SKIP_DIRS:
                        stack.append(entry.path)
                elif name.endswith(".py"):
                    found.append(entry.path)
        return found

    def all_summaries(self) -> dict[str, ModuleSummary]:
        """Every tool module's summary (by path as a string): `tools/`, `plugins/`, and the
        files being linted; from the engine's per-file cache when a file is unchanged."""
        if self._all is None:
            from hermes_dev.pyast.model import might_register

            result: dict[str, ModuleSummary] = {}
            for module in self.ctx.modules:
                if module.tree is not None:
                    result[str(module.path)] = self.module_summary(module)
            cache = self.ctx.cache
            for path in self.module_paths():
                if path in result:
                    continue
                hit, data = cache.get(path, MODULE_KIND)
                if hit and isinstance(data, dict):
                    try:
                        result[path] = ModuleSummary.from_json(data)
                        continue
                    except (KeyError, TypeError, ValueError):
                        hit = False  # a corrupt entry: computed again (and rewritten)
                if not hit:
                    file = Path(path)
                    source = self.ctx.models.read(file)
                    other = None
                    if source is not None and might_register(source):
                        other = self.ctx.models.get(file, source)
                    if other is None or other.tree is None:
                        cache.put(path, MODULE_KIND, None)  # registers nothing
                        continue
                    summary = self.module_summary(other)
                    result[path] = summary
                    if summary.cacheable:
                        cache.put(path, MODULE_KIND, summary.to_json())
            self._all = result
        return self._all

    def registered_names(self) -> tuple[set[str], set[str]]:
        """(names registered anywhere under the root, strings that may be registered names)."""
        names: set[str] = set()
        maybe: set[str] = set()
        for summary in self.all_summaries().values():
            names.update(t.name for t in summary.tools if t.name is not None)
            maybe.update(summary.maybe_names)
        return names, maybe

    # toolsets.py and hermes_cli/config.py --------------------------------------------

    def toolsets(self) -> ToolsetsSummary | None:
        """None when the root has no readable `toolsets.py`."""
        if not self._toolsets_done:
            self._toolsets_done = True
            path = self.project.toolsets_path
            if path is not None:
                self._toolsets = self._summary(
                    path, TOOLSETS_KIND, ToolsetsSummary.from_json, toolsets_summary_of
                )
        return self._toolsets

    def env_table_path(self) -> Path | None:
        """The file that holds the `OPTIONAL_ENV_VARS` literal: `hermes_cli/config.py`, or the
        sibling module it imports the table from (newer Hermes: `hermes_cli/config_defaults.py`).
        None when the root has no `hermes_cli/config.py` or the table is in neither."""
        if not self._env_table_done:
            self._env_table_done = True
            config_path = self.project.config_path
            where = self._env_table_where(config_path) if config_path is not None else None
            if where is not None:
                path = self.ctx.root / where
                self._env_table = path if path.is_file() else None
        return self._env_table

    def _env_table_where(self, config_path: Path) -> str | None:
        """`env_table_file()` relative to the root, cached with config.py's stamp."""
        cache = self.ctx.cache
        hit, data = cache.get(config_path, ENV_TABLE_KIND)
        if hit and (data is None or (isinstance(data, str) and _relative_py(data))):
            return data
        found = env_table_file(self.ctx.root)
        where = None if found is None else self.ctx.models.relative(found)
        cache.put(config_path, ENV_TABLE_KIND, where)
        return where

    def config(self) -> ConfigSummary | None:
        """`OPTIONAL_ENV_VARS` read where `env_table_path()` says, with what `hermes_cli/config.py`
        adds at module level when it imports the table. None when it is not found."""
        if not self._config_done:
            self._config_done = True
            path = self.env_table_path()
            if path is not None:
                self._config = self._summary(
                    path, CONFIG_KIND, ConfigSummary.from_json, config_summary_of
                )
            config_path = self.project.config_path
            if self._config is not None and config_path is not None and path != config_path:
                added = self._summary(
                    config_path, CONFIG_ADDITIONS_KIND, ConfigSummary.from_json, config_additions_of
                )
                if added is None:
                    self._config.complete = False
                else:
                    for var, span in added.env_vars.items():
                        self._config.env_vars.setdefault(var, span)
                    self._config.complete = self._config.complete and added.complete
        return self._config

    def note_env_skipped(self, config: ConfigSummary) -> None:
        """Count under `--statistics` (once per run) the entries HD303/HD304 could not read."""
        done = self.project.memo("project_index.env_skipped_noted", lambda: [False])
        assert isinstance(done, list)
        if not done[0]:
            done[0] = True
            if config.skipped:
                self.ctx.stats.add(ENV_SKIPPED_LABEL, config.skipped)

    def note_env_table_missing(self) -> None:
        """Say under `--statistics` (once per run) that HD303/HD304 had no table to read."""
        done = self.project.memo("project_index.env_table_noted", lambda: [False])
        assert isinstance(done, list)
        if not done[0]:
            done[0] = True
            self.ctx.stats.add(ENV_TABLE_MISSING_LABEL)

    def _summary(
        self,
        path: Path,
        kind: str,
        load: Callable[[dict[str, Any]], _S],
        compute: Callable[[Path, str], _S | None],
    ) -> _S | None:
        cache = self.ctx.cache
        hit, data = cache.get(path, kind)
        if hit and isinstance(data, dict):
            try:
                return load(data)
            except (KeyError, TypeError, ValueError):
                pass
        source = _read(path)
        summary = compute(path, source) if source is not None else None
        if summary is None:
            return None
        cache.put(path, kind, summary.to_json())
        cache.save()  # the engine saves too; config.py is worth keeping even if a rule fails
        return summary


def reports_on(ctx: LintContext, path: Path | None) -> bool:
    """True when findings in `path` (toolsets.py, hermes_cli/config.py) are wanted: the file
    was passed, or the whole root is linted."""
    if path is None:
        return False
    if getattr(ctx, "whole_root", False):
        return True
    given: frozenset[str] = getattr(ctx, "given", frozenset())
    return str(path) in given or ctx.is_reported(path)


def span_finding(
    code: str, message: str, path: Path, span: Span, tool: str | None = None
) -> Finding:
    """A finding at a stored span, kept to its first line (as the engine does)."""
    end_line, end_column = span.end_line, span.end_column
    if end_line != span.line:
        end_line, end_column = span.line, first_line_end(_line_text(path, span.line), span.column)
    return Finding(code, message, path, span.line, span.column, end_line, end_column, tool)


def _line_text(path: Path, line: int) -> str:
    """Line `line` of `path` ("" when it cannot be read): only multi-line findings need it."""
    source = _read(path)
    lines = source.splitlines() if source is not None else []
    return lines[line - 1] if 0 < line <= len(lines) else ""


def project_index(ctx: LintContext) -> ProjectIndex:
    """The run's index (one per run, kept in `ctx.project.memo`)."""
    index = ctx.project.memo("project_index", lambda: ProjectIndex(ctx))
    assert isinstance(index, ProjectIndex)
    return index
