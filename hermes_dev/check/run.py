"""`check()`: run the named tools' handlers against their schemas in the sandboxed child and
return the findings (HD501-HD506) as a `CheckResult`, which lint's report formats, suppressions
and baseline take as they take a lint result.

For each tool: the calls saved from earlier runs (a hypothesis example database under the cache
folder holds each finding's shrunk arguments), the designed calls and the generated ones
(`hermes_dev.check.cases`); each outcome's problems (`problems`); the first call showing each
problem is shrunk (`shrink`) by calling again. A tool whose calls time out three times gets no
more calls; a call whose arguments hold a hanging call's shrunk arguments is not made.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
import time
from pathlib import Path

from hermes_dev.check.result import CheckResult
from hermes_dev.errors import UserError, printable
from hermes_dev.lint.finding import Finding
from hermes_dev.reading import SOURCE_LIMIT, read_bounded

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping, Sequence
    from typing import Any

    from hermes_dev.check.cases import Case
    from hermes_dev.check.problems import Problem, Scope
    from hermes_dev.check.sandbox import Child, Outcome, ToolInfo
    from hermes_dev.lint.config import Config

MAX_TIMEOUTS_PER_TOOL = 3
SHRINK_TRIES = 150
SHRINK_TRIES_SLOW = 4  # shrinking a time-out: each try costs the timeout and a restart
REPLAY_CAP = 100_000


# -- the run ---------------------------------------------------------------------------------------


def check(
    names: Sequence[str] = (),
    *,
    all_tools: bool = False,
    root: str | None = None,
    python: str | None = None,
    env: Mapping[str, str] | None = None,
    env_placeholders: bool = True,
    timeout: float | None = None,
    max_examples: int | None = None,
    seed: int = 0,
    replay: str | None = None,
    without_env: bool = False,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
    use_lint: bool = True,
    use_database: bool | None = None,
    progress: Callable[[str], None] | None = None,
) -> CheckResult:
    """Check the tools `names` (or, with `all_tools`, every registered tool outside the skipped
    toolsets) of the Hermes checkout or plugin package at or above `root` (default: the cwd).

    `replay`: the JSON arguments of one call of the one tool named; nothing else runs.
    UserError for usage errors (no tool named, bad --replay, a root that is no host, a child
    that cannot import the host)."""
    from hermes_dev.check.config import (
        check_config,
        max_examples_problem,
        timeout_problem,
    )
    from hermes_dev.check.problems import Scope
    from hermes_dev.check.sandbox import (
        CHILD_SCRIPT,
        DEFAULT_CALL_MEMORY,
        Child,
        ChildFailed,
        Settings,
    )
    from hermes_dev.lint import catalog
    from hermes_dev.lint.config import check_codes, load_config

    began = time.monotonic()
    for option, problem in (
        ("--timeout", None if timeout is None else timeout_problem(timeout)),
        ("--max-examples", None if max_examples is None else max_examples_problem(max_examples)),
    ):
        if problem is not None:
            raise UserError(f"{option}: {problem}")
    if replay is not None and (len(names) != 1 or all_tools):
        raise UserError("--replay needs exactly one tool name (and no --all)")
    if not names and not all_tools:
        raise UserError("name the tools to check (e.g. `hermes-dev check weather`), or --all")
    replay_args = _replay_args(replay) if replay is not None else None
    root_path, package_modules = find_host(root)
    documented = catalog.documented_codes()
    runtime = catalog.runtime_codes()
    config = load_config(root_path, documented)
    settings_file = check_config(config)
    codes = list(runtime)
    if select:
        chosen = check_codes(select, runtime, "--select")
        codes = [c for c in codes if c.startswith(chosen)]
    if ignore:
        dropped = check_codes(ignore, runtime, "--ignore")
        codes = [c for c in codes if not c.startswith(dropped)]
    limit = timeout if timeout is not None else settings_file.timeout or 5.0
    examples = max_examples if max_examples is not None else settings_file.max_examples
    examples = 25 if examples is None else examples
    if replay_args is None:
        from hermes_dev.check.cases import require_hypothesis

        require_hypothesis()
    memory = settings_file.memory_per_call
    settings = Settings(
        root_path,
        python or sys.executable,
        env=env,
        timeout=limit,
        call_memory_bytes=DEFAULT_CALL_MEMORY if memory is None else memory * 1024**2,
        env_placeholders=env_placeholders,
        package_modules=package_modules,
    )
    result = CheckResult(root_path, [], codes)
    result.config = config
    result.timeout = limit
    child = Child(settings)
    try:
        try:
            child.start()
        except ChildFailed as exc:
            raise UserError(
                f"the host does not import with {settings.python}: {exc} (run check with the"
                " host's own interpreter: --python PATH)"
            ) from None
        result.notes.extend(f"host: {note}" for note in child.notes)
        if not child.tools:
            # (what the host logged as its tools registered first: Hermes logs a tool module
            # that fails to import and goes on)
            said = [*child.warned, *child.notes]
            told = f"; it said: {_one_line(said[0])}" if said else ""
            more = f" (and {len(said) - 1} more)" if len(said) > 1 else ""
            raise UserError(f"the host registers no tool: nothing to check{told}{more}")
        selected, unknown = _select(child.tools, names, all_tools, settings_file)
        result.unknown = unknown
        result.checked_tools = frozenset(t.name for t in selected)
        scope = Scope(root_path, str(CHILD_SCRIPT))
        raw: list[Finding] = []
        for guard in child.startup_guards:
            raw.extend(_startup_finding(guard, scope, root_path, result))
        database = _database(root_path) if use_database is not False and replay is None else None
        for tool in selected:
            tool_began = time.monotonic()
            before = child.calls
            found = _check_tool(
                child,
                tool,
                scope,
                result,
                limit,
                examples,
                seed,
                replay_args,
                without_env,
                database,
                frozenset(codes),
            )
            raw.extend(found)
            if progress is not None:
                n = len(found)
                progress(
                    f"check {tool.name}: {child.calls - before} calls, {n} finding"
                    f"{'s' if n != 1 else ''} ({time.monotonic() - tool_began:.1f} s)"
                )
    finally:
        result.calls = child.calls
        result.starts = child.starts
        child.close()
    raw = [f for f in raw if f.code in codes]
    result.findings = _filter(raw, root_path, config, result)
    if use_lint and replay is None and result.findings is not None:
        from hermes_dev.check.join import join_with_lint

        join_with_lint(result)
    result.findings.sort(key=lambda f: (str(f.path), f.line, f.column, f.code, f.message))
    result.seconds = time.monotonic() - began
    return result


def find_host(root: str | None) -> tuple[Path, tuple[str, ...]]:
    """The Hermes root (or plugin package) at or above `root` (default: the cwd), and for a
    plugin package the modules its entry points name."""
    from hermes_dev.host.layout import find_root
    from hermes_dev.host.plugins import entry_points, find_plugin_package

    start = Path(os.path.abspath(root or os.getcwd()))
    if root is not None and not start.is_dir():
        raise UserError(f"--root {root}: no such folder")
    found = find_root(start)
    if found is not None:
        return found, ()
    package = find_plugin_package(start)
    if package is None:
        raise UserError(
            f"no Hermes root found at or above {start} (a folder with toolsets.py and"
            " tools/registry.py), and no plugin package (a pyproject.toml with a"
            " hermes_agent.plugins entry point); pass --root"
        )
    refs = entry_points(package / "pyproject.toml")
    modules = tuple(sorted({ref.split(":", 1)[0].strip() for ref in refs.values() if ref.strip()}))
    if not modules:
        raise UserError(f"{package}: no hermes_agent.plugins entry point names a module to load")
    return package, modules


def _replay_args(text: str) -> Any:
    if len(text) > REPLAY_CAP:
        raise UserError(f"--replay: the arguments are over {REPLAY_CAP:,} characters")
    try:
        args = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise UserError(f"--replay: not JSON ({str(exc).splitlines()[0]})") from None
    if not isinstance(args, dict):
        raise UserError('--replay: the arguments must be a JSON object, e.g. \'{"city": "Oslo"}\'')
    return args


def _select(
    tools: Mapping[str, ToolInfo], names: Sequence[str], all_tools: bool, config: Any
) -> tuple[list[ToolInfo], list[str]]:
    selected: list[ToolInfo] = []
    unknown: list[str] = []
    for name in dict.fromkeys(names):
        tool = tools.get(name)
        if tool is None:
            unknown.append(name)
        else:
            selected.append(tool)
    if all_tools:
        taken = {t.name for t in selected}
        for name in sorted(tools):
            tool = tools[name]
            if name in taken or name in config.skip_tools or tool.toolset in config.skip_toolsets:
                continue
            selected.append(tool)
    return selected, unknown


# -- one tool --------------------------------------------------------------------------------------


class _Group:
    """The first call that showed a problem, and after shrinking the smallest one."""

    def __init__(self, problem: Problem, case: Case) -> None:
        self.problem = problem
        self.case = case
        self.args: Any = case.args
        self.shrunk = False


def _check_tool(
    child: Child,
    tool: ToolInfo,
    scope: Scope,
    result: CheckResult,
    timeout: float,
    examples: int,
    seed: int,
    replay_args: Any,
    without_env: bool,
    database: Any,
    wanted: frozenset[str],
) -> list[Finding]:
    """The findings of `wanted` codes for one tool. A failure of another code is not shrunk
    (with `--select HD501`, shrinking a time-out would cost several time-outs for nothing)."""
    from hermes_dev.check.cases import Case, SchemaProblem, designed, generated

    if replay_args is not None:
        unset = tool.requires_env if without_env else ()
        cases = [Case(replay_args, "replay", "the replayed call", True, tuple(unset))]
    else:
        cases = _saved(database, tool)
        cases.extend(designed(tool))
        try:
            cases.extend(generated(tool, examples, seed))
        except SchemaProblem as exc:
            result.notes.append(
                f"{tool.name}: its schema cannot be turned into generated arguments ({exc});"
                " only the designed calls ran"
            )
    groups: dict[tuple[object, ...], _Group] = {}
    hangs: list[Any] = []
    timeouts = 0
    seen: set[str] = set()
    for case in cases:
        if case.key() in seen:
            continue
        seen.add(case.key())
        if any(_contains(case.args, hang) for hang in hangs):
            continue
        if timeouts >= MAX_TIMEOUTS_PER_TOOL:
            result.notes.append(f"{tool.name}: stopped after {timeouts} calls timed out")
            break
        outcome = child.call(tool.name, case.args, case.unset_env)
        if replay_args is not None:
            result.outcome = outcome
        if outcome.kind == "harness-error":
            result.notes.append(f"{tool.name}: a call could not be made ({outcome.detail})")
            continue
        if outcome.kind == "timeout":
            timeouts += 1
        for problem in _problems(outcome, tool, scope, timeout):
            if problem.key in groups:
                continue
            if problem.code not in wanted:
                if replay_args is None and problem.code == "HD504":
                    hangs.append(_essential(case.args, tool))  # later calls still avoid it
                continue
            group = groups[problem.key] = _Group(problem, case)
            if replay_args is None and problem.code == "HD504":
                _shrink(child, tool, scope, timeout, group)  # at once: later calls avoid it
                hangs.append(_essential(group.args, tool))
    findings: list[Finding] = []
    for group in groups.values():
        if replay_args is None and not group.shrunk:
            _shrink(child, tool, scope, timeout, group)
        finding = _finding(tool, group, scope, result)
        findings.append(finding)
        if database is not None:
            _save(database, tool, group)
    if database is not None and replay_args is None:
        _forget_fixed(database, tool, cases, groups)
    return findings


def _problems(outcome: Outcome, tool: ToolInfo, scope: Scope, timeout: float) -> list[Problem]:
    from hermes_dev.check.problems import problems_of

    return problems_of(outcome, tool, scope, timeout)


def _essential(args: Any, tool: ToolInfo) -> Any:
    """A hanging call's arguments without the properties that only hold their simplest value
    (fillers for required ones): what a later call must hold to be taken for the same hang."""
    from hermes_dev.check.cases import minimal_value, object_schema

    props = object_schema(tool).get("properties")
    props = props if isinstance(props, dict) else {}
    if not isinstance(args, dict):
        return args
    kept = {k: v for k, v in args.items() if k not in props or v != minimal_value(props[k])}
    return kept or args


def _contains(args: Any, part: Any) -> bool:
    """Whether `args` holds every property of `part` with the same value."""
    if not isinstance(args, dict) or not isinstance(part, dict) or not part:
        return False
    return all(k in args and args[k] == v for k, v in part.items())


def _shrink(child: Child, tool: ToolInfo, scope: Scope, timeout: float, group: _Group) -> None:
    from hermes_dev.check.cases import object_schema, validator
    from hermes_dev.check.shrink import shrink

    key = group.problem.key
    unset = group.case.unset_env

    def still_fails(args: Any) -> bool:
        outcome = child.call(tool.name, args, unset)
        for problem in _problems(outcome, tool, scope, timeout):
            if problem.key == key:
                group.problem = problem  # the message and frames of the smaller call
                return True
        return False

    keep = validator(object_schema(tool)) if group.case.valid else None
    tries = SHRINK_TRIES_SLOW if group.problem.code == "HD504" else SHRINK_TRIES
    group.args, _ = shrink(group.case.args, still_fails, keep, tries)
    group.shrunk = True


def replay_command(tool: str, args: Any, without_env: bool) -> str:
    text = json.dumps(args, ensure_ascii=False, sort_keys=True)
    flags = " --without-env" if without_env else ""
    return f"hermes-dev check {shlex.quote(tool)} --replay {shlex.quote(text)}{flags}"


def _finding(tool: ToolInfo, group: _Group, scope: Scope, result: CheckResult) -> Finding:
    problem = group.problem
    at = problem.at or tool.handler
    path = Path(at[0]) if at is not None else result.root
    line = at[1] if at is not None else 1
    column, end_column = _columns(path, line)
    replay = replay_command(tool.name, group.args, bool(group.case.unset_env))
    how = _how(group)
    message = f"{problem.what}{how}; replay: {replay}"
    chain = tuple((Path(p), n, fn) for p, n, fn in problem.frames)
    finding = Finding(
        problem.code, message, path, line, column, line, end_column, tool.name, chain=chain
    )
    result.details[id(finding)] = {
        "arguments": group.args,
        "call": group.case.label if not group.shrunk else _shrunk_label(group),
        "replay": replay,
        "unset_env": list(group.case.unset_env),
        "limit": tool.limit,
    }
    return finding


def _how(group: _Group) -> str:
    if group.case.unset_env:
        return f" (with {', '.join(group.case.unset_env)} unset)"
    return ""


def _shrunk_label(group: _Group) -> str:
    return f"{group.case.label}, shrunk" if group.args != group.case.args else group.case.label


def _columns(path: Path, line: int) -> tuple[int, int]:
    lines = _source_text(path).splitlines()
    if 0 < line <= len(lines):
        text = lines[line - 1]
        start = len(text) - len(text.lstrip())
        return start + 1, max(len(text) + 1, start + 2)
    return 1, 2


def _source_text(path: Path) -> str:
    """The text of the file a handler's code names, "" when there is none to read. That name
    is the handler's to choose (`compile(src, "/dev/zero", "exec")`): read as any untrusted
    file, bounded, a regular file only (a FIFO or a device is no source), a name that cannot
    be a file's skipped."""
    try:
        data = read_bounded(path, SOURCE_LIMIT)
    except (OSError, ValueError, UnicodeError):
        return ""
    return data.decode("utf-8-sig", "replace")


def _startup_finding(guard: Any, scope: Scope, root: Path, result: CheckResult) -> list[Finding]:
    """A guard that fired while the host was imported: HD505 at the module's line, when the
    project's own code did it (a library probing at import, as urllib3 and platform do, is
    not the project's doing)."""
    frames = scope.frames(guard.frames)
    if not frames or not guard.frames or frames[-1] != guard.frames[-1]:
        return []
    path, line, _ = frames[-1]
    column, end_column = _columns(Path(path), line)
    message = f"importing the host tries to {guard.detail} (blocked by the sandbox)"
    chain = tuple((Path(p), n, fn) for p, n, fn in frames)
    return [
        Finding("HD505", message, Path(path), line, column, line, end_column, None, chain=chain)
    ]


# -- suppressions, ignores -------------------------------------------------------------------------


def _filter(raw: list[Finding], root: Path, config: Config, result: CheckResult) -> list[Finding]:
    """Per-file ignores, `ignore` of the settings, and `# hermes-dev: ignore[CODE]` comments
    on a finding's line, as lint applies them."""
    from hermes_dev.lint.suppress import find_suppressions

    kept: list[Finding] = []
    sources: dict[Path, dict[int, Any]] = {}
    for f in raw:
        rel = result.relative(f.path)
        ignored = (*config.ignore, *config.ignored_in(rel))
        if any(f.code.startswith(c) for c in ignored):
            continue
        if f.path not in sources:
            sources[f.path] = find_suppressions(_source_text(f.path))
        if any(sup.covers(f.code) for sup in sources[f.path].get(f.line, ())):
            continue
        kept.append(f)
    return kept


# -- the example database --------------------------------------------------------------------------


def _database(root: Path) -> Any:
    """hypothesis' example database under the cache folder (`~/.cache/hermes-dev/check/`), one
    per root; None when the cache is off (HERMES_DEV_NO_CACHE)."""
    import hashlib

    from hermes_dev.lint.cache import cache_dir, disabled_by_env

    if disabled_by_env():
        return None
    from hypothesis.database import DirectoryBasedExampleDatabase

    digest = hashlib.sha256(str(root).encode("utf-8", "replace")).hexdigest()[:16]
    return DirectoryBasedExampleDatabase(os.path.join(cache_dir(), "check", digest))


def _db_key(tool: ToolInfo) -> bytes:
    return f"hermes-dev-check:{tool.name}".encode()


def _saved(database: Any, tool: ToolInfo) -> list[Case]:
    from hermes_dev.check.cases import Case, object_schema, validator

    if database is None:
        return []
    is_valid = validator(object_schema(tool))
    out: list[Case] = []
    try:
        values = list(database.fetch(_db_key(tool)))[:100]
    except OSError:
        return []
    for value in sorted(values):
        try:
            saved = json.loads(value.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            continue
        if not isinstance(saved, dict) or not isinstance(saved.get("args"), dict):
            continue
        unset = saved.get("unset_env")
        env = tuple(e for e in unset if isinstance(e, str)) if isinstance(unset, list) else ()
        args = saved["args"]
        out.append(Case(args, "saved", "a call that failed before", is_valid(args), env))
    return out


def _encode(args: Any, unset_env: Iterable[str]) -> bytes:
    doc = {"args": args, "unset_env": list(unset_env)}
    return json.dumps(doc, sort_keys=True, ensure_ascii=False).encode("utf-8")


def _save(database: Any, tool: ToolInfo, group: _Group) -> None:
    try:
        database.save(_db_key(tool), _encode(group.args, group.case.unset_env))
    except OSError:
        pass


def _forget_fixed(
    database: Any, tool: ToolInfo, cases: list[Case], groups: Mapping[Any, _Group]
) -> None:
    """Saved calls that showed no problem this time are dropped from the database."""
    failing = {_encode(g.case.args, g.case.unset_env) for g in groups.values()}
    failing |= {_encode(g.args, g.case.unset_env) for g in groups.values()}
    for case in cases:
        if case.kind == "saved":
            value = _encode(case.args, case.unset_env)
            if value not in failing:
                try:
                    database.delete(_db_key(tool), value)
                except OSError:
                    pass


def _one_line(text: str, limit: int = 300) -> str:
    """A message as one printable line (control characters as their escapes), cut short."""
    flat = printable(text)
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
