"""What `Rule.check` gets: the run's context (`LintContext`), its whole-root view (`ProjectView`)
and its counters (`Statistics`).

Part of the rule contract: it imports nothing from the engine (`hermes_dev.lint.engine`), which
builds one `LintContext` per run and hands it to every rule.

- `LintContext`: `root`, `config` (`Config`), `models` (the per-run parse cache, `Models`),
  `modules` (`ModuleInfo`s of the files being reported on, including those that do not parse),
  `registrations()` (theirs), `unparsed` (the files reported on that register nothing and do
  not parse: HD000's too), `given` (every file reported on, also those the text prefilter
  skipped), `whole_root` (no paths given), `is_reported(path)`, `stats` (`stats.add(label, n)` for
  counters such as "schemas skipped (not static)", which `--statistics` prints; `add_once`
  counts a thing once per run, however many rules count it), `cache`
  (`SummaryCache`), `project`, and `finding(code, message, module, node, tool)` to build a Finding
  at an ast node (first line only, character columns).
- `ProjectView` (`ctx.project`, built on first use): `root`, `is_hermes_root`, `toolsets_path` /
  `config_path` (None where absent), `known_tools`, `module_paths()` (every file under `tools/`
  and `plugins/` that may register a tool), `modules()` (those parsed), `summaries(kind, compute)`
  (per-file JSON summaries kept in the on-disk cache, so a one-file pre-commit run does not parse
  the whole root), `memo(key, build)` (a per-run slot for indexes such as project_index's).
"""

from __future__ import annotations

from pathlib import Path

from hermes_dev.host.layout import is_hermes_root
from hermes_dev.host.registrations import Registration, registrations_of
from hermes_dev.lint.cache import SummaryCache
from hermes_dev.lint.config import Config
from hermes_dev.lint.files import tool_folders, walk_py
from hermes_dev.lint.finding import Finding
from hermes_dev.pyast.semantic.locations import char_column, first_line_end
from hermes_dev.pyast.semantic.modules import Models, ModuleInfo, might_register

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence


class Statistics:
    """Counters a run collects besides findings (rules add their own labels)."""

    def __init__(self) -> None:
        self.counters: dict[str, int] = {}
        self._once: set[tuple[str, str]] = set()
        self._recorders: list[list[tuple[str, str, int]]] = []

    def add(self, label: str, count: int = 1) -> None:
        for recorder in self._recorders:
            recorder.append((label, "", count))
        self.counters[label] = self.counters.get(label, 0) + count

    def add_once(self, label: str, key: str, count: int) -> None:
        """Add `count` to `label` the first time this run is told about `key` (a module whose
        schemas several rules look at is counted once); key "": `add`."""
        if not key:
            self.add(label, count)
            return
        for recorder in self._recorders:
            recorder.append((label, key, count))
        if (label, key) not in self._once:
            self._once.add((label, key))
            self.counters[label] = self.counters.get(label, 0) + count

    def recording(self) -> _Recording:
        """`with stats.recording() as counts:` lists in `counts` every `add` and `add_once`
        made inside, as (label, key, count) (key "" for `add`): what a cached result adds
        again when it is reused (`add_once` each)."""
        return _Recording(self)


class _Recording:
    def __init__(self, stats: Statistics) -> None:
        self.stats = stats
        self.counts: list[tuple[str, str, int]] = []

    def __enter__(self) -> list[tuple[str, str, int]]:
        self.stats._recorders.append(self.counts)
        return self.counts

    def __exit__(self, *exc: object) -> None:
        self.stats._recorders.remove(self.counts)


class ProjectView:
    """The whole root, for rules that look across files (built lazily, once per run)."""

    def __init__(self, root: Path, config: Config, models: Models, cache: SummaryCache) -> None:
        self.root = root
        self.config = config
        self.models = models
        self.cache = cache
        self.is_hermes_root = is_hermes_root(str(root))
        toolsets = root / "toolsets.py"
        config_py = root / "hermes_cli" / "config.py"
        self.toolsets_path: Path | None = toolsets if toolsets.is_file() else None
        self.config_path: Path | None = config_py if config_py.is_file() else None
        self.known_tools: tuple[str, ...] = config.known_tools
        self._paths: list[Path] | None = None
        self._memo: dict[str, object] = {}

    def module_paths(self) -> list[Path]:
        """Every `.py` under the root's `tools/` and `plugins/` (in a plugin package: its plugin
        folders), excludes applied, sorted."""
        if self._paths is None:
            found: list[Path] = []
            tops = tool_folders(self.root)
            for top in tops:
                if top.is_dir():
                    found.extend(walk_py(top, self.root, self.config))
            # An editor's new file, not saved yet, is one of them too.
            on_disk = {str(p) for p in found}
            for unsaved in self.models.unsaved:
                path = Path(unsaved)
                if unsaved not in on_disk and unsaved.endswith(".py"):
                    rel = self.models.relative(path)
                    if any(_under(path, top) for top in tops) and not self.config.excluded(rel):
                        found.append(path)
            self._paths = sorted(found)
        return self._paths

    def modules(self) -> list[ModuleInfo]:
        """The parsed modules of `module_paths()` whose text may register a tool."""
        out: list[ModuleInfo] = []
        for path in self.module_paths():
            source = self.models.read(path)
            if source is not None and might_register(source):
                module = self.models.get(path, source)
                if module is not None:
                    out.append(module)
        return out

    def registrations(self) -> list[Registration]:
        return [reg for module in self.modules() for reg in registrations_of(module)]

    def summaries(self, kind: str, compute: Callable[[ModuleInfo], object]) -> dict[Path, object]:
        """`compute(module)` for every project module, from the on-disk cache when fresh.

        `compute` must return JSON-able data and depend only on the file's own text; `kind` names
        it (bump a version suffix when its shape changes, e.g. "registrations-v2"). Files that
        register nothing give None.
        """
        out: dict[Path, object] = {}
        for path in self.module_paths():
            hit, value = self.cache.get(path, kind)
            if not hit:
                source = self.models.read(path)
                module = None
                if source is not None and might_register(source):
                    module = self.models.get(path, source)
                value = None if module is None else compute(module)
                self.cache.put(path, kind, value)
            out[path] = value
        return out

    def memo(self, key: str, build: Callable[[], object]) -> object:
        """A per-run slot: `build()` runs once, later calls return its value."""
        if key not in self._memo:
            self._memo[key] = build()
        return self._memo[key]


def _under(path: Path, folder: Path) -> bool:
    return path != folder and path.is_relative_to(folder)


class LintContext:
    """What every rule's `check` gets."""

    def __init__(
        self,
        root: Path,
        config: Config,
        models: Models,
        modules: list[ModuleInfo],
        codes: Sequence[str],
        cache: SummaryCache | None = None,
    ) -> None:
        self.root = root
        self.config = config
        self.models = models
        self.modules = modules
        self.codes = tuple(codes)  # the codes that run
        self.stats = Statistics()
        self.cache = cache or SummaryCache(root, enabled=False)
        self.given: frozenset[str] = frozenset(str(m.path) for m in modules)  # set by lint()
        self.whole_root = False  # set by lint(): no paths given, the whole root is linted
        # Files reported on that register nothing and do not parse (HD000 reports them).
        self.unparsed: list[ModuleInfo] = []
        # Analyses that failed on a file (a bug in hermes-dev): one line each for stderr.
        self.internal_errors: list[str] = []
        # Files a rule could not follow for their depth (thousands of nested branches).
        self.skipped_deep: list[str] = []
        self._project: ProjectView | None = None

    @property
    def project(self) -> ProjectView:
        if self._project is None:
            self._project = ProjectView(self.root, self.config, self.models, self.cache)
        return self._project

    def registrations(self) -> Iterator[Registration]:
        for module in self.modules:
            yield from registrations_of(module)

    def is_reported(self, path: Path) -> bool:
        """True for the files this run reports on (those given, or found under tools/plugins)."""
        return str(path) in self.given

    def finding(
        self,
        code: str,
        message: str,
        module: ModuleInfo,
        node: object,
        tool: str | None = None,
        chain: Sequence[tuple[str, int, str]] = (),
        chains: Sequence[Sequence[tuple[str, int, str]]] = (),
    ) -> Finding:
        """A finding at an ast node's span (1-based columns, end exclusive); `chain` gives the
        steps (path relative to the root, line, function) from there to where it comes from;
        `chains` every such chain when the place fails several ways (the first is `chain`)."""
        line = getattr(node, "lineno", 1) or 1
        col_offset = getattr(node, "col_offset", 0) or 0
        end_line = getattr(node, "end_lineno", None) or line
        end_offset = getattr(node, "end_col_offset", None)
        text = module.lines[line - 1] if 0 < line <= len(module.lines) else ""
        col = char_column(text, col_offset)
        if end_line != line or end_offset is None:
            # Point at the first line only: editors and code scanning show it best.
            end_line, end_col = line, first_line_end(text, col)
        else:
            end_col = char_column(text, end_offset)
        every = tuple(
            tuple((self.root / rel, n, function) for rel, n, function in steps)
            for steps in (chains or ([chain] if chain else []))
        )
        return Finding(code, message, module.path, line, col, end_line, end_col, tool, chains=every)
