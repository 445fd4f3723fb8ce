"""The lint engine: find the root and the files, run the rules, filter their findings.

API:

- `lint(paths, root=None, select=None, ignore=None, use_cache=None) -> LintResult`: the whole
  run. `paths` are files or folders (none: the root's `tools/` and `plugins/`); the root is `root`
  when given (any folder), else the Hermes root above the first path (or the cwd), else the paths'
  common folder. In a Hermes root only files under `tools/` and `plugins/` are checked for tools;
  a file given elsewhere is only checked to parse (HD000), as is every file that registers nothing.
  Raises `UserError` for unknown codes, bad config, missing paths, or no paths, no `root` and no
  Hermes root at or above the cwd. `LintResult` has `root`,
  `findings` (sorted, filtered), `files` (how many were looked at), `stats`, `codes` (those that
  ran), `rules` (code -> Rule class) and `relative(path)`.
- `lint(..., unsaved={path: text})`: lint those files (absolute paths) from `text` in place of
  their disk content (an editor's unsaved buffer, `lint -` on stdin): they need not exist yet,
  the project rules read the rest of the root as it is on disk, and the cache neither answers
  for them nor stores them.
- `lint(..., fixes="safe"|"unsafe")`: only the rules with such fixes, when that gives their
  findings exactly (`lint --fix` plans from it); `complete(result)` runs the others.
- `LintContext` (what `Rule.check` gets) and `ProjectView` live in `hermes_dev.lint.context`,
  the file walk in `hermes_dev.lint.files`.
- Engine codes: HD000 (from rule hd000, a file that does not parse) and HD900 (a suppression that
  suppresses nothing, produced here after filtering).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hermes_dev.errors import UserError
from hermes_dev.host.layout import find_root as find_hermes_root
from hermes_dev.host.layout import is_hermes_root
from hermes_dev.lint import catalog
from hermes_dev.lint.cache import SummaryCache, disabled_by_env
from hermes_dev.lint.config import Config, check_codes, load_config
from hermes_dev.lint.context import LintContext, Statistics
from hermes_dev.lint.files import discover, is_plugin_package, models_relative_dir, tool_folders
from hermes_dev.lint.rule import Finding, Fix, Rule
from hermes_dev.lint.suppress import Suppression, find_suppressions, may_hold_suppression
from hermes_dev.pyast.semantic.modules import (
    Models,
    ModuleInfo,
    compact_text,
    decoded_text,
    might_register,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Mapping, Sequence
    from typing import TypeVar

    _T = TypeVar("_T")

UNUSED_SUPPRESSION = "HD900"


class LintResult:
    def __init__(
        self,
        root: Path,
        findings: list[Finding],
        files: int,
        stats: Statistics,
        codes: Sequence[str],
        rules: dict[str, type[Rule]] | None = None,
    ) -> None:
        self.rules = rules or {}  # code -> Rule class, for every code that ran
        self.root = root
        self.findings = findings
        self.files = files  # files looked at (those without a register call only by text)
        self.stats = stats
        self.codes = tuple(codes)
        self.unsafe_fixes = False  # the report marks unsafe fixes as applicable too
        self.fixed = 0  # findings --fix fixed before this run (the report says so)
        self.fixed_findings: list[Finding] = []  # and which (--show-fixes lists them)
        self.config: Config | None = None  # set by lint()
        self.models: Models | None = None  # set by lint(): the modules it parsed
        self.cache: SummaryCache | None = None  # and its summary cache
        self.checked: frozenset[str] | None = None  # files checked (posix, from root); None: all
        # Set when a baseline is applied (hermes_dev.lint.baseline): its file, and with
        # --show-baselined the findings it left out of `findings` (json and sarif list them).
        self.baseline: str | None = None
        self.baselined: list[Finding] | None = None
        # A `fixes` run: the rules it left for `complete()`, what the rules gave before
        # filtering, and the context they ran in.
        self.pending: tuple[str, ...] = ()
        self.raw: list[Finding] = []
        self.context: LintContext | None = None

    def relative(self, path: Path) -> str:
        try:
            return path.relative_to(self.root).as_posix()
        except ValueError:
            return path.as_posix()

    # What the report formats ask of a result besides its findings (`hermes-dev check`'s result
    # answers them too).

    def scope(self) -> str:
        """What the run looked at, for the text summary: "3 files checked"."""
        return f"{self.files} file{'s' if self.files != 1 else ''} checked"

    def extra(self, finding: Finding) -> dict[str, object]:
        """More fields of a finding for json and SARIF properties (none for lint)."""
        return {}

    def suffix(self, finding: Finding) -> str:
        """Text after a finding's message in the text and github formats."""
        return ""

    def kept_end(self, finding: Finding) -> str:
        """The end of a finding's message that the text report never shortens (none for
        lint)."""
        return ""

    def epilogue(self) -> list[str]:
        """Lines the text report ends with."""
        return []


# -- root and files ----------------------------------------------------------------------------


def find_root(paths: Sequence[str], root: str | None) -> Path:
    if root is not None:
        if not os.path.isdir(root):
            raise UserError(f"--root {root}: no such folder")
        return Path(os.path.abspath(root))
    found = find_hermes_root(paths[0] if paths else None)
    if found is not None:
        return found
    # No checkout: a plugin package (pyproject.toml with the entry point, or a plugin.yaml).
    from hermes_dev.host.plugins import find_plugin_collection, find_plugin_package

    start = os.path.abspath(paths[0]) if paths else os.getcwd()
    package = find_plugin_package(Path(start))
    if package is not None:
        return package
    if not paths:
        collection = find_plugin_collection(Path(start))
        if collection is not None:
            return collection  # (a repository of plugins/<name>/ folders)
        # Linting "the root" of a folder that is no Hermes checkout would check nothing and
        # say "All checks passed": a wrong folder must not look like a clean one.
        raise UserError(
            f"no Hermes root found here ({os.getcwd()}, nor above it: a folder with"
            " toolsets.py and tools/registry.py), no plugin package (a pyproject.toml with"
            " a hermes_agent.plugins entry point, or a plugin.yaml) and no plugins/<name>/"
            "plugin.yaml; pass paths or --root"
        )
    folders = [p if os.path.isdir(p) else os.path.dirname(p) for p in map(os.path.abspath, paths)]
    return Path(os.path.commonpath(folders))


# -- the run ---------------------------------------------------------------------------------------


def lint(
    paths: Sequence[str] = (),
    root: str | None = None,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
    use_cache: bool | None = None,
    models: Models | None = None,
    cache: SummaryCache | None = None,
    save_cache: bool = True,
    fixes: str | None = None,
    unsaved: Mapping[str, str] | None = None,
    cache_dir: str | None = None,
) -> LintResult:
    """Lint `paths` (or the root's tools/ and plugins/) and return the findings that remain.

    `models`, `cache`: start from an earlier run's parsed modules (`Models.carried_over`) and
    summary cache, of the same root (`lint --fix` lints again after writing). `save_cache`:
    False leaves writing the cache to the caller (`result.cache.save()`). `use_cache`: False
    reads and writes no cache (None: unless HERMES_DEV_NO_CACHE is set); `cache_dir`: where the
    cache is (None: `$XDG_CACHE_HOME/hermes-dev`).

    `fixes` ("safe" or "unsafe"): the findings are for `--fix` to plan from, so only the rules
    with fixes of that kind run, when that gives them exactly (no file of the run holds a
    suppression comment: only HD900 looks across rules, and only at those). `result.pending`
    lists the rules left; `complete(result)` runs them.

    `unsaved`: absolute path -> the text to lint for that file instead of its disk content."""
    texts = dict(unsaved or {})
    return _without_gc(
        lambda: _lint(
            paths,
            root,
            select,
            ignore,
            use_cache,
            models,
            cache,
            save_cache,
            fixes,
            texts,
            cache_dir,
        )
    )


# Call following goes as deep as the chains it follows (each level a few dozen frames); the
# default limit of 1,000 frames ends chains that real checkouts have.
_RECURSION_LIMIT = 8000


def _without_gc(run: Callable[[], _T]) -> _T:
    """`run()` with the cyclic GC off and room on the stack. Every parsed tree stays alive for
    the run: the GC would rescan the growing heap of ast nodes again and again (it made a
    100-module run 4x slower). What one module's analysis leaves in cycles is collected
    between modules, young generations only (`call_cache._collect_cycles`)."""
    import gc

    gc_was_enabled = gc.isenabled()
    gc.disable()
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, _RECURSION_LIMIT))
    try:
        return run()
    finally:
        sys.setrecursionlimit(limit)
        if gc_was_enabled:
            gc.enable()


def _lint(
    paths: Sequence[str],
    root: str | None,
    select: Sequence[str] | None,
    ignore: Sequence[str] | None,
    use_cache: bool | None,
    models: Models | None,
    cache: SummaryCache | None,
    save_cache: bool,
    fixes: str | None,
    unsaved: dict[str, str],
    cache_dir: str | None = None,
) -> LintResult:
    known = catalog.all_codes()
    flag_select = check_codes(select, known, "--select") if select is not None else None
    flag_ignore = check_codes(ignore, known, "--ignore") if ignore is not None else None
    root_path = find_root(paths, root)
    # The settings may name check's runtime codes too (`ignore = ["HD505"]`); lint runs its own.
    config = load_config(root_path, catalog.documented_codes())
    if flag_select is not None:
        config.select = flag_select
    if flag_ignore is not None:
        config.ignore = flag_ignore
    codes = config.enabled(known)
    files = discover(paths, root_path, config, unsaved)

    if models is None or models.root != root_path:
        models = Models(root_path)
    elif unsaved:
        # An earlier run's parse of another text of these files must not be reused.
        stale = {p for p, text in unsaved.items() if _loaded_text(models, p) not in (None, text)}
        if stale:
            models = models.carried_over(stale)
    models.unsaved = unsaved
    modules: list[ModuleInfo] = []
    # In a Hermes checkout tools live only in tools/ and plugins/, in a plugin package only in its
    # plugin folders: registrations elsewhere (tests registering dummy handlers, scripts) are not
    # tools, and pre-commit passes those files too.
    tool_dirs: tuple[str, ...] | None = None
    if is_hermes_root(str(root_path)):
        tool_dirs = ("tools/", "plugins/")
    elif is_plugin_package(root_path):
        tool_dirs = tuple(
            "" if d == root_path else models_relative_dir(d, root_path)
            for d in tool_folders(root_path)
        )
    if use_cache is None:
        use_cache = not disabled_by_env()
    if cache is None or cache.root != str(root_path) or cache.enabled != use_cache:
        cache = SummaryCache(root_path, enabled=use_cache, folder=cache_dir)
    cache.unsaved = frozenset(unsaved)
    # Files given outside the tool folders (pre-commit passes every changed file) hold no tools,
    # but a run that names them reports on them: HD000 when they do not parse.
    named = {str(Path(os.path.abspath(p))) for p in paths}
    unreadable: list[Finding] = []
    unparsed: list[ModuleInfo] = []
    to_check: list[tuple[Path, str | bytes]] = []
    for path in files:
        in_tool_dir = tool_dirs is None or models.relative(path).startswith(tool_dirs)
        if not in_tool_dir and str(path) not in named:
            continue
        source = models.read(path)
        if source is None:
            reason = models.read_errors.get(str(path), "unreadable")
            unreadable.append(Finding("HD000", f"cannot read the file: {reason}", path, 1, 1, 1, 1))
            continue
        if not in_tool_dir or not might_register(source):
            # Registers nothing, yet reported on: a module must parse (Hermes imports a
            # plugin's tools.py and a tool's helpers). Checked after the other rules, which
            # parse many of these files as they follow calls (see _unparsed).
            if path.name.endswith(".py"):  # (not a manifest given by name)
                to_check.append((path, compact_text(source)))  # (kept to the end)
            continue
        module = models.get(path, source)
        if module is not None:
            modules.append(module)

    if not paths:
        # The files the project rules read: one that does not parse silences them, so say so.
        for rel in _PROJECT_FILES:
            path = root_path / rel
            if path.is_file() and all(m.path != path for m in unparsed):
                source = models.read(path)
                broken = None if source is None else _does_not_parse(path, source, models, cache)
                if broken is not None:
                    unparsed.append(broken)
    ctx = LintContext(root_path, config, models, modules, codes, cache)
    ctx.unparsed = unparsed
    # For the project rules (HD302/HD304 report in toolsets.py / hermes_cli/config.py only when
    # those files are passed, or on a whole-root run): every file given, registering or not.
    ctx.given = frozenset(str(p) for p in files)
    ctx.whole_root = not paths
    raw: list[Finding] = [f for f in unreadable if f.code in codes]
    rules: dict[str, type[Rule]] = {}
    # toolsets.py, and hermes_cli/config.py or the sibling it imports OPTIONAL_ENV_VARS from;
    # any file of a plugin (its manifest, an __init__.py that may lack register(ctx)).
    toolsets_file = str(root_path / "toolsets.py")
    config_folder = str(root_path / "hermes_cli")
    plugin_prefixes = tuple(
        os.path.join(str(root_path), d)
        for d in (tool_dirs if tool_dirs is not None else ())
        if d != "tools/"
    )
    project_files = [
        p
        for p in ctx.given
        if p == toolsets_file
        or os.path.dirname(p) == config_folder
        or os.path.basename(p) in ("plugin.yaml", "plugin.yml")
        or (plugin_prefixes and p.startswith(plugin_prefixes))
    ]
    # pre-commit often passes only files that register nothing: no rule could report on them.
    idle = bool(paths) and not modules and not project_files
    run = list(codes)
    if fixes is not None and not idle and not _any_suppression(files, models):
        unsafe = fixes == "unsafe"
        run = [c for c in codes if catalog.has_fix(c, unsafe)]
    checks = (to_check, named, cache)
    if not idle:
        _run_rules(ctx, run, rules, raw, checks)
    elif SYNTAX_ERROR in codes:
        _unparsed(ctx, *checks)
        if ctx.unparsed:
            _run_rules(ctx, [SYNTAX_ERROR], rules, raw)  # files that register nothing, broken
    if save_cache:
        cache.save()
    findings = _filter(raw, ctx, models, run, known)
    result = LintResult(root_path, findings, len(files), ctx.stats, run, rules)
    result.config = config
    result.models = models
    result.cache = cache
    # What a baseline entry must be in to be seen by this run (None: the whole root).
    result.checked = None if not paths else frozenset(models.relative(p) for p in files)
    result.pending = tuple(c for c in codes if c not in run and not idle)
    result.raw = raw
    result.context = ctx
    return result


SYNTAX_ERROR = "HD000"
_PARSES_KIND = "parses"


_PROJECT_FILES = ("toolsets.py", "hermes_cli/config.py", "hermes_cli/tools_config.py")


def _newer_syntax(module: ModuleInfo, root: Path) -> bool:
    """The module's syntax error may be a newer Python's syntax (its line, or the checkout's
    requires-python)."""
    from hermes_dev.pyast.semantic.syntax import newer_python, required_python_at

    error = module.error
    if error is None:
        return False
    line = error.lineno or 1
    text = module.lines[line - 1] if 0 < line <= len(module.lines) else ""
    return bool(newer_python(str(error.msg or ""), text) or required_python_at(root))


def _unparsed(
    ctx: LintContext, to_check: list[tuple[Path, str | bytes]], named: set[str], cache: SummaryCache
) -> None:
    """Add to `ctx.unparsed` the files of `to_check` (reported on, registering nothing) that do
    not parse. A file the rules parsed is not parsed again; the verdict is cached by content."""
    for path, text in to_check:
        broken = _does_not_parse(path, decoded_text(text), ctx.models, cache)
        if broken is not None and (str(path) in named or not _newer_syntax(broken, ctx.root)):
            # (a helper script in a newer Python's syntax, found by walking the tree, is no
            # finding: this Python cannot judge it, and it holds no tools)
            ctx.unparsed.append(broken)
    to_check.clear()


def _does_not_parse(
    path: Path, source: str, models: Models, cache: SummaryCache
) -> ModuleInfo | None:
    """The parsed module of `path` when its text does not parse, else None."""
    hit, parses = cache.get(path, _PARSES_KIND)
    if hit and parses is True:
        return None
    if models.parsed(path, source) is None:
        import warnings

        try:
            # Compiled, not parsed: no tree is built (most of these files are never read again
            # in the run). One that does not compile is parsed below, for HD000's message (an
            # error only the compiler finds, such as `return` outside a def, is no parse
            # error: no finding, as before).
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # (invalid escapes: the compiler's warnings)
                compile(source, str(path), "exec", dont_inherit=True)
        except (SyntaxError, ValueError, RecursionError, MemoryError, OverflowError):
            module = models.get(path, source)
            return module if module is not None and module.error is not None else None
    cache.put(path, _PARSES_KIND, True)
    return None


def _loaded_text(models: Models, path: str) -> str | None:
    """The text `models` parsed for `path`, or None when it has not parsed it."""
    module = models.get(Path(path)) if path in {str(m.path) for m in models.loaded()} else None
    return module.source if module is not None else None


def _run_rules(
    ctx: LintContext,
    codes: Sequence[str],
    rules: dict[str, type[Rule]],
    raw: list[Finding],
    checks: tuple[list[tuple[Path, str | bytes]], set[str], SummaryCache] | None = None,
) -> None:
    """Each rule of `codes` over the run; then HD000 on the `checks` files that register
    nothing (`_unparsed`: after the rules, which parse many of them as they follow calls)."""
    for code in codes:
        rules[code] = rule_class = catalog.load_rule(code)
        if code == UNUSED_SUPPRESSION:
            continue  # produced by _filter
        try:
            raw.extend([f for f in rule_class().check(ctx) if f.code == code])
        except Exception as exc:  # (a bug in a rule: the other rules' findings stand)
            if os.environ.get("HERMES_DEV_STRICT"):
                raise
            text = str(exc).splitlines()[0][:120] if str(exc) else ""
            ctx.internal_errors.append(
                f"{code} could not run ({type(exc).__name__}{': ' + text if text else ''})"
            )
    if checks is not None and SYNTAX_ERROR in codes:
        _unparsed(ctx, *checks)
        raw.extend(rules[SYNTAX_ERROR]().unparsed(ctx))  # type: ignore[attr-defined]


def _any_suppression(files: Sequence[Path], models: Models) -> bool:
    """Whether a file of the run (those HD900 reports in) may hold a suppression comment."""
    for path in files:
        source = models.read(path)
        if source is None or may_hold_suppression(source):
            return True
    return False


def complete(result: LintResult) -> LintResult:
    """`result` with the rules a `fixes` run left (`result.pending`) run too: what a plain
    `lint()` of the same files gives (the same modules and cache; nothing is parsed again)."""
    ctx = result.context
    if not result.pending or ctx is None or result.models is None:
        return result
    rules = dict(result.rules)
    raw = list(result.raw)
    _without_gc(lambda: _run_rules(ctx, result.pending, rules, raw))
    ran = {*result.codes, *result.pending}
    known = catalog.all_codes()
    codes = [c for c in known if c in ran]
    findings = _filter(raw, ctx, result.models, codes, known)
    done = LintResult(result.root, findings, result.files, ctx.stats, codes, rules)
    done.config = result.config
    done.models = result.models
    done.cache = result.cache
    done.checked = result.checked
    done.raw = raw
    done.context = ctx
    return done


def _filter(
    raw: list[Finding], ctx: LintContext, models: Models, codes: Sequence[str], known: Sequence[str]
) -> list[Finding]:
    """Drop duplicates, per-file ignores and suppressed findings; add HD900 for unused ones."""
    config = ctx.config
    first: dict[tuple[str, str, int, int, str], Finding] = {}
    others: dict[tuple[str, str, int, int, str], list[str]] = {}
    for f in raw:
        # One function behind several tools: its line once, naming every tool. Several tools
        # from one call (a loop over a table) each keep their finding: the messages name them.
        key = (f.code, str(f.path), f.line, f.column, f.message)
        seen = first.get(key)
        if seen is None:
            first[key] = f
            continue
        names = others.setdefault(key, list(seen.also))
        names.extend(n for n in f.tools if n != seen.tool and n not in names)
    by_path: dict[Path, list[Finding]] = {}
    for key, f in first.items():
        if key in others:
            f = f.with_also(tuple(others[key]))
        by_path.setdefault(f.path, []).append(f)

    check_unused = UNUSED_SUPPRESSION in codes
    # Suppressions are read in every file with findings, and (for HD900) every file reported on.
    paths = set(by_path)
    if check_unused:
        paths.update(m.path for m in ctx.modules)
    kept: list[Finding] = []
    for path in sorted(paths):
        module = models.get(path)
        rel = models.relative(path)
        ignored = config.ignored_in(rel)
        suppressions = find_suppressions(module.source) if module is not None else {}
        for f in by_path.get(path, ()):
            if ignored and any(f.code.startswith(c) for c in ignored):
                continue
            sup = next((s for s in suppressions.get(f.line, ()) if s.covers(f.code)), None)
            if sup is not None:
                sup.used.add(f.code)
                continue
            kept.append(f)
        hd900_ignored = any(UNUSED_SUPPRESSION.startswith(c) for c in ignored)
        if check_unused and module is not None and ctx.is_reported(path) and not hd900_ignored:
            kept.extend(_unused(module, suppressions, codes, known))
    kept.sort(key=lambda f: (str(f.path), f.line, f.column, f.code))
    return kept


def _unused(
    module: ModuleInfo,
    suppressions: dict[int, list[Suppression]],
    codes: Sequence[str],
    known: Sequence[str],
) -> Iterator[Finding]:
    ran = set(codes)
    documented = set(catalog.documented_codes())  # check's runtime codes are not unknown
    for sup in (s for on_line in suppressions.values() for s in on_line):
        if sup.codes is None:
            # A bare ignore is unused only if every rule ran and none fired on its line.
            if not sup.used and ran.issuperset(known):
                message = "suppression `# hermes-dev: ignore` suppresses nothing"
                yield _hd900(module, sup, message, None)
            continue
        for code in sup.codes:
            if code not in documented:
                yield _hd900(module, sup, f"suppression names unknown rule code {code}", code)
            elif code in ran and code not in sup.used and code != UNUSED_SUPPRESSION:
                message = f"suppression of {code} suppresses nothing on this line"
                yield _hd900(module, sup, message, code)


def _hd900(module: ModuleInfo, sup: Suppression, message: str, code: str | None) -> Finding:
    """An HD900 finding, with its safe fix: remove `code` from the comment (all of it: None)."""
    fix = Fix(
        "remove_suppression",
        module.path,
        (sup.line, sup.column, sup.end_column, code, sup.kind),
        True,
        "Remove the unused suppression" if code is None else f"Remove {code} from the suppression",
    )
    return Finding(
        UNUSED_SUPPRESSION,
        message,
        module.path,
        sup.line,
        sup.column,
        sup.line,
        sup.end_column,
        fix=fix,
    )
