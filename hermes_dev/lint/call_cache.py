"""The on-disk cache of the call-following rules (HD101, HD102): findings per registering module.

What a module's handlers can raise or return depends on its own text and on every module their
calls reach, which can only be reached through imports. So an entry holds the content digests
of the module and of its import closure under the root (`pyast.semantic.import_graph`); a warm run reuses it
only when every one of those files is byte for byte the same, and re-analyses just the modules
whose closure changed. Entries live in the run's `SummaryCache`, under a kind that carries the
package version (a new hermes-dev never reuses an old result). Best effort: a wrong shape read
back is a miss.
"""

from __future__ import annotations

from pathlib import Path

from hermes_dev import __version__
from hermes_dev.lint.rule import Finding, Fix
from hermes_dev.pyast.semantic.import_graph import ImportGraph

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from hermes_dev.lint.context import LintContext
    from hermes_dev.pyast.semantic.modules import ModuleInfo

_GRAPH_KEY = "call_cache.graph"


def _graph(ctx: LintContext) -> ImportGraph:
    graph = ctx.project.memo(_GRAPH_KEY, lambda: ImportGraph(str(ctx.root)))
    assert isinstance(graph, ImportGraph)
    return graph


def cached_findings(
    ctx: LintContext, module: ModuleInfo, code: str, compute: Callable[[], Iterable[Finding]]
) -> list[Finding]:
    """`compute()`'s findings for `module`, from the disk cache when its closure is unchanged."""
    kind = f"{code}-calls-v2-{__version__}"  # v2: every chain of a finding
    cache = ctx.cache
    if not cache.enabled or str(module.path) in cache.unsaved:
        return list(compute())  # (an unsaved text is never cached: no closure to compute)
    graph = _graph(ctx)
    deps = graph.closure(module.rel)
    hit, value = cache.get(module.path, kind)
    if hit:
        found = _load(ctx.root, code, value, deps)
        if found is not None:
            ctx.stats.add("handler checks reused from the cache (per module and rule)")
            return found
    findings = list(compute())
    cache.put(module.path, kind, _dump(ctx.root, findings, deps))
    return findings


def _dump(root: Path, findings: list[Finding], deps: dict[str, str | None]) -> object:
    rows = []
    for f in findings:
        chains = [[[_rel(root, p), n, fn] for p, n, fn in chain] for chain in f.chains]
        fix = None
        if f.fix is not None:
            fix = [f.fix.edit, _rel(root, f.fix.path), list(f.fix.args), f.fix.safe, f.fix.title]
        rows.append(
            [
                f.message,
                _rel(root, f.path),
                f.line,
                f.column,
                f.end_line,
                f.end_column,
                f.tool,
                chains,
                fix,
            ]
        )
    return {"deps": deps, "findings": rows}


def _rel(root: Path, path: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


def _load(
    root: Path, code: str, value: object, deps: dict[str, str | None]
) -> list[Finding] | None:
    if not isinstance(value, dict) or value.get("deps") != deps:
        return None
    rows = value.get("findings")
    if not isinstance(rows, list):
        return None
    out: list[Finding] = []
    for row in rows:
        if not (isinstance(row, list) and len(row) == 9):
            return None
        message, rel, line, column, end_line, end_column, tool, chain_rows, fix_row = row
        numbers = (line, column, end_line, end_column)
        if not (
            isinstance(message, str)
            and isinstance(rel, str)
            and all(isinstance(n, int) for n in numbers)
            and (tool is None or isinstance(tool, str))
            and isinstance(chain_rows, list)
        ):
            return None
        chains = _chains(root, chain_rows)
        if chains is None:
            return None
        fix: Fix | None = None
        if fix_row is not None:
            if not (
                isinstance(fix_row, list)
                and len(fix_row) == 5
                and isinstance(fix_row[0], str)
                and isinstance(fix_row[1], str)
                and isinstance(fix_row[2], list)
                and isinstance(fix_row[3], bool)
                and isinstance(fix_row[4], str)
            ):
                return None
            edit, fix_path, args, safe, title = fix_row
            fix = Fix(edit, root / fix_path, _tuples(args), safe, title)
        out.append(
            Finding(
                code,
                message,
                root / rel,
                line,
                column,
                end_line,
                end_column,
                tool,
                fix,
                chains=chains,
            )
        )
    return out


def _chains(root: Path, rows: list[object]) -> tuple[tuple[tuple[Path, int, str], ...], ...] | None:
    """The chains of a cached finding, or None when a row has the wrong shape."""
    chains = []
    for chain in rows:
        if not isinstance(chain, list):
            return None
        steps: list[tuple[Path, int, str]] = []
        for step in chain:
            if not (
                isinstance(step, list)
                and len(step) == 3
                and isinstance(step[0], str)
                and isinstance(step[1], int)
                and isinstance(step[2], str)
            ):
                return None
            steps.append((root / step[0], step[1], step[2]))
        chains.append(tuple(steps))
    return tuple(chains)


def _tuples(value: list[object]) -> tuple[object, ...]:
    """JSON lists back into the tuples a Fix's arguments were (its transforms take tuples)."""
    return tuple(_tuples(v) if isinstance(v, list) else v for v in value)
