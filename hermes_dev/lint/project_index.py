"""The index of the whole root the project rules (HD3xx) read, built lazily, once per run.

It gathers what `host` reads from a checkout: each tool module's registrations
(`host.registered_tools.summarize_module`), every tool name `toolsets.py` lists
(`host.toolsets`), and `OPTIONAL_ENV_VARS` with the tools its entries name
(`host.config_summary`). Each file is parsed at most once per run, and only when a rule asks for
it. A pre-commit run on one file still needs every module's registered names (HD302, HD305): the
summaries go through the run's cache (`hermes_dev.lint.cache`, keyed by content), and so do
those of `toolsets.py` and `hermes_cli/config.py`.

The schemas of the registrations (HD2xx) and their jsonschema check are in `schema_check`.
"""

from __future__ import annotations

import os
from pathlib import Path

from hermes_dev.host._json_shapes import (
    _relative_py,
)
from hermes_dev.host.config_summary import (
    ConfigSummary,
    config_additions_of,
    config_summary_of,
    env_table_file,
    read_source,
)
from hermes_dev.host.registered_tools import ModuleSummary, summarize_module
from hermes_dev.host.tools_config import (
    MAX_BYTES as TOOLS_CONFIG_MAX_BYTES,
)
from hermes_dev.host.tools_config import (
    TOOLS_CONFIG_RELPATH,
    ToolsConfigSummary,
    tools_config_summary_of,
)
from hermes_dev.host.toolsets import (  # noqa: F401 -- re-exported for the HD3xx rules
    ToolsetsSummary,
    summarize_toolsets,
    toolsets_summary_of,
)
from hermes_dev.lint.rule import Finding
from hermes_dev.pyast.semantic.locations import Span, reported_span

TYPE_CHECKING = False  # typing is not imported at run time: a pre-commit run pays for it
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar

    from hermes_dev.lint.context import LintContext
    from hermes_dev.pyast.semantic.modules import ModuleInfo

    _S = TypeVar("_S", "ToolsetsSummary", "ConfigSummary", "ToolsConfigSummary")


# --- the project -------------------------------------------------------------------------

# Cache kinds in the engine's per-file summary cache; bump the suffix when a shape changes.
MODULE_KIND = "hd3-registrations-v3"
# A summary that read other modules too, with the key of the module's import closure.
MODULE_CLOSURE_KIND = "hd3-registrations-closure-v1"
TOOLSETS_KIND = "hd3-toolsets-v4"
CONFIG_KIND = "hd3-config-v3"
CONFIG_ADDITIONS_KIND = "hd3-config-additions-v2"
SERVED_KIND = "hd3-served-tools-v1"  # tools a memory provider / context engine serves
ENV_TABLE_KIND = "hd3-env-table-v2"  # where hermes_cli/config.py gets OPTIONAL_ENV_VARS from
TOOLS_CONFIG_KIND = "hd3-tools-config-v1"
ENV_TABLE_MISSING_LABEL = "HD303/HD304 skipped: OPTIONAL_ENV_VARS not found"
ENV_SKIPPED_LABEL = "env entries skipped (not static)"


class ProjectIndex:
    """The whole root as the project rules see it, computed lazily and at most once per run.

    Modules are parsed through the run's `Models`, so a file the engine lints is parsed once
    for both; the rest comes from the engine's on-disk summary cache when unchanged.
    `hermes_cli/config.py` (thousands of lines) is parsed only when a rule asks for it.
    """

    def __init__(self, ctx: LintContext) -> None:
        self.ctx = ctx
        self.project = ctx.project
        self._all: dict[str, ModuleSummary] | None = None
        self._toolsets: ToolsetsSummary | None = None
        self._toolsets_done = False
        self._config: ConfigSummary | None = None
        self._config_done = False
        self._env_table: Path | None = None
        self._env_table_done = False
        self._tools_config: ToolsConfigSummary | None = None
        self._tools_config_done = False
        self._served: tuple[set[str], set[str]] | None = None

    def module_summary(self, module: ModuleInfo) -> ModuleSummary:
        """The registrations of a module of the run, from the run's cache when it holds them
        for this content (and, for a summary that read other modules, for the same closure:
        `call_cache.closure_key`); the module is parsed only when it does not."""
        memo = module.state.project_summary
        if isinstance(memo, ModuleSummary):
            return memo
        from hermes_dev.lint.call_cache import closure_key

        cache = self.ctx.cache
        summary: ModuleSummary | None = None
        hit, data = cache.get(module.path, MODULE_KIND)
        if hit and data is None:
            summary = ModuleSummary()  # registers nothing
        elif hit and isinstance(data, dict):
            summary = _loaded(data)
        key = None
        if summary is None:
            key = closure_key(self.ctx, module)
            hit, data = cache.get(module.path, MODULE_CLOSURE_KIND)
            if hit and isinstance(data, dict) and key is not None and data.get("key") == key:
                summary = _loaded(data.get("summary"))
        if summary is None:
            summary = summarize_module(module)
            if summary.cacheable:
                cache.put(module.path, MODULE_KIND, summary.to_json())
            elif key is not None:
                value = {"key": key, "summary": summary.to_json()}
                cache.put(module.path, MODULE_CLOSURE_KIND, value)
        module.state.project_summary = summary
        return summary

    def module_paths(self) -> list[str]:
        """Every `.py` under the root's `tools/` and `plugins/`, excluded ones too: a module
        that is not reported on still registers its tools (HD302, HD304, HD305)."""
        from hermes_dev.reading import SKIP_DIRS

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
            from hermes_dev.pyast.semantic.modules import might_register

            result: dict[str, ModuleSummary] = {}
            for module in self.ctx.modules:
                result[str(module.path)] = self.module_summary(module)
            cache = self.ctx.cache
            for path in self.module_paths():
                if path in result:
                    continue
                hit, data = cache.get(path, MODULE_KIND)
                if hit and isinstance(data, dict):
                    loaded = _loaded(data)
                    if loaded is not None:
                        result[path] = loaded
                        continue
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
        """(names registered anywhere under the root, strings that may be registered names).
        The tools memory providers and context engines serve through `get_tool_schemas()`
        count as registered: Hermes offers them although no `registry.register` names them."""
        names: set[str] = set()
        maybe: set[str] = set()
        for summary in self.all_summaries().values():
            names.update(t.name for t in summary.tools if t.name is not None)
            maybe.update(summary.maybe_names)
        served, served_maybe = self.served_names()
        names.update(served)
        maybe.update(served_maybe)
        return names, maybe

    def served_names(self) -> tuple[set[str], set[str]]:
        """(names, maybe names) of the tools the root's memory providers and context engines
        serve (`host.plugins.served_tools`), per file from the run's cache when unchanged."""
        from hermes_dev.host.plugins import provider_modules, served_tools
        from hermes_dev.lint.plugin_index import checkout_plugin_dirs

        if self._served is not None:
            return set(self._served[0]), set(self._served[1])
        names: set[str] = set()
        maybe: set[str] = set()
        if not self.project.is_hermes_root:
            return names, maybe
        cache = self.ctx.cache
        for path in provider_modules(self.ctx.root, checkout_plugin_dirs(self.ctx)):
            hit, data = cache.get(path, SERVED_KIND)
            if not (
                hit
                and isinstance(data, list)
                and len(data) == 2
                and all(isinstance(part, list) for part in data)
                and all(isinstance(n, str) for part in data for n in part)
            ):
                source = read_source(path)
                found = served_tools(source) if source is not None else ([], [])
                data = [found[0], found[1]]
                cache.put(path, SERVED_KIND, data)
            names.update(data[0])
            maybe.update(data[1])
        self._served = (set(names), set(maybe))
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

    def tools_config(self) -> ToolsConfigSummary | None:
        """`hermes_cli/tools_config.py` (the `hermes tools` picker); None when the root has none
        (older checkouts, plugin packages) or it cannot be read."""
        if not self._tools_config_done:
            self._tools_config_done = True
            path = self.ctx.root / TOOLS_CONFIG_RELPATH
            try:
                small = path.is_file() and path.stat().st_size <= TOOLS_CONFIG_MAX_BYTES
            except OSError:
                small = False
            if small:
                self._tools_config = self._summary(
                    path, TOOLS_CONFIG_KIND, ToolsConfigSummary.from_json, tools_config_summary_of
                )
        return self._tools_config

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
        source = read_source(path)
        summary = compute(path, source) if source is not None else None
        if summary is None:
            return None
        cache.put(path, kind, summary.to_json())
        cache.save()  # the engine saves too; config.py is worth keeping even if a rule fails
        return summary


def _loaded(data: object) -> ModuleSummary | None:
    """A cached module summary, or None when it has the wrong shape."""
    if not isinstance(data, dict):
        return None
    try:
        return ModuleSummary.from_json(data)
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def reports_on(ctx: LintContext, path: Path | None) -> bool:
    """True when findings in `path` (toolsets.py, hermes_cli/config.py) are wanted: the file
    was passed, or the whole root is linted."""
    if path is None:
        return False
    if getattr(ctx, "whole_root", False):
        return True
    given: frozenset[str] = getattr(ctx, "given", frozenset())
    return str(path) in given or ctx.is_reported(path)


def names_text(names: tuple[str, ...]) -> str:
    """How a finding names several tools: 'a', 'a' and 'b', 'a', 'b' and 'c'."""
    shown = [repr(n) for n in names]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"


def span_finding(
    code: str, message: str, path: Path, span: Span, tool: str | None = None
) -> Finding:
    """A finding at a stored span (ast byte columns), kept to its first line (as the engine
    does), in character columns (they differ on a line with non-ASCII text before the span)."""
    line, column, end_line, end_column = reported_span(_line_text(path, span.line), span)
    return Finding(code, message, path, line, column, end_line, end_column, tool)


# path -> (its stat stamp, its lines): the project rules make one finding per entry of a file
# (50,000 toolsets: 50,000 findings), and splitting the file for each was quadratic.
_LINES: dict[str, tuple[tuple[int, int, int, int], list[str]]] = {}


def _line_text(path: Path, line: int) -> str:
    """Line `line` of `path` ("" when it cannot be read)."""
    try:
        st = os.stat(path)
    except OSError:
        return ""
    stamp = (st.st_mtime_ns, st.st_ctime_ns, st.st_size, st.st_ino)
    cached = _LINES.get(str(path))
    if cached is None or cached[0] != stamp:
        source = read_source(path)
        lines = source.splitlines() if source is not None else []
        if len(_LINES) >= 8:
            _LINES.clear()
        cached = _LINES[str(path)] = (stamp, lines)
    lines = cached[1]
    return lines[line - 1] if 0 < line <= len(lines) else ""


def project_index(ctx: LintContext) -> ProjectIndex:
    """The run's index (one per run, kept in `ctx.project.memo`)."""
    index = ctx.project.memo("project_index", lambda: ProjectIndex(ctx))
    assert isinstance(index, ProjectIndex)
    return index
