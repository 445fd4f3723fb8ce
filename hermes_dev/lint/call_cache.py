"""The on-disk cache of the module rules: each rule's findings per registering module.

What a rule finds in a module depends on the module's text and on every module its analysis
reaches (calls followed, names resolved, schemas evaluated), which can only be reached through
imports. So an entry is kept under a key made of the content digests of the module and of its
import closure under the root (`pyast.semantic.import_graph`), the run's settings and what else
the rule says it reads (`also`: `pyproject.toml`, `tools/registry.py`); a warm run reuses it
only when every one of those files is byte for byte the same, and re-analyses just the modules
whose key changed. Since a module's answers come from the cache, a module whose every rule
answers from it is never parsed (`ModuleInfo.tree` is parsed on first use).

The import graph itself is cached per file (`CachedGraph`): a file's digest comes from its
entry when its stamp proves it unchanged, and the import candidates of its text from the entry
of that content, so a warm run stats the files of the closures instead of reading them. Which
candidate exists is looked up again on every run (a new module can change what an import names).

Entries live in the run's `SummaryCache`; the cache files are stamped with the package's code,
so a new hermes-dev never reuses an old result. Best effort: a wrong shape read back is a miss.

- `cached_findings(ctx, module, code, compute, also=())`: `compute()`'s findings for `module`,
  from the cache when its key is unchanged, with the counters `compute` added to `ctx.stats`.
- `per_module(ctx, code, find, also=())`: `find(module)` for each module of the run, so.
- `closure_key(ctx, module)`: the digest of what an analysis of `module` may read (None when it
  cannot be known: an unreadable file, the cache off).
"""

from __future__ import annotations

import gc
import os
import zlib
from pathlib import Path

from hermes_dev import __version__
from hermes_dev.lint.cache import SummaryCache, _digest
from hermes_dev.lint.rule import Finding, Fix
from hermes_dev.pyast.semantic.import_graph import ImportGraph, import_candidates

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

    from hermes_dev.lint.context import LintContext
    from hermes_dev.pyast.semantic.modules import ModuleInfo

_KEYS = "call_cache.keys"
IMPORTS_KIND = "imports-v4"  # a file's import candidates, by its content
REUSED_LABEL = "checks reused from the cache (per module or plugin folder, and rule)"


class CachedGraph(ImportGraph):
    """An `ImportGraph` that takes each file's digest and import candidates from the run's
    cache when the file is unchanged, reads an unsaved text (an editor's buffer) in place of
    its file, tells which candidates exist from one listing per folder, and gives the key of
    a closure (`closure_key`) from the graph's strongly connected components, each closure
    computed once however many modules share it."""

    def __init__(self, root: str, cache: SummaryCache, unsaved: Mapping[str, str]) -> None:
        super().__init__(root)
        self.cache = cache
        self.unsaved = unsaved
        self._folders: dict[str, dict[str, bool]] = {}  # folder -> {name: is a file}
        self._bits: dict[str, int] = {}  # file -> its bit in a closure's set
        self._order: list[str] = []  # bit -> file
        self._hashes: list[int | None] = []  # bit -> hash of the file's path and digest
        self._reach: dict[str, int] = {}  # file -> the set of its closure, as bits
        self._keys: dict[int, str] = {}  # a closure's set -> its key

    def _load(self, rel: str) -> tuple[str | None, list[str]]:
        path = os.path.join(self.root, rel)
        text = self.unsaved.get(path)
        if text is not None:
            return _digest(text.encode("utf-8", "surrogateescape")), import_candidates(rel, text)
        digest, hit, value = self.cache.lookup(path, IMPORTS_KIND)
        if digest is None:
            return super()._load(rel)
        if hit and _is_candidates(value):
            assert isinstance(value, list)
            return digest, value
        found, candidates = super()._load(rel)
        if found is not None and found == digest:
            self.cache.put(path, IMPORTS_KIND, candidates)
        return found, candidates

    def _is_file(self, rel: str) -> bool:
        # (one listing per folder, not a stat per candidate: most candidates are modules of
        # other packages, `os.py`, `json/__init__.py`, which are not under the root at all)
        if self.unsaved and os.path.join(self.root, rel) in self.unsaved:
            return True
        folder, _, name = rel.rpartition("/")
        entries = self._folders.get(folder)
        if entries is None:
            entries = self._folders[folder] = {}
            try:
                with os.scandir(os.path.join(self.root, folder)) as listing:
                    for entry in listing:
                        try:
                            entries[entry.name] = entry.is_file()
                        except OSError:
                            continue
            except OSError:
                pass
        return entries.get(name, False)

    def closure_key(self, rel: str) -> str | None:
        """A digest of `closure(rel)` (each file's path and content digest); None when `rel`
        cannot be read."""
        if self.digest(rel) is None:
            return None
        reach = self._reach.get(rel)
        if reach is None:
            reach = self._components(rel)
        key = self._keys.get(reach)
        if key is None:
            # An order-free sum of each file's hash: no sort of the files per closure.
            total = count = 0
            hashes = self._hashes
            bits = bin(reach)[:1:-1]  # bit i at index i
            at = bits.find("1")
            while at != -1:
                if at >= len(hashes):
                    hashes.extend(None for _ in range(len(hashes), len(self._order)))
                value = hashes[at]
                if value is None:
                    file = self._order[at]
                    line = f"{file}\0{self.digest(file) or '-'}".encode("utf-8", "surrogateescape")
                    value = hashes[at] = zlib.crc32(line) << 32 | zlib.adler32(line)
                total += value
                count += 1
                at = bits.find("1", at + 1)
            key = self._keys[reach] = f"{total & 0xFFFFFFFFFFFFFFFF:016x}{count:x}"
        return key

    def _bit(self, rel: str) -> int:
        bit = self._bits.get(rel)
        if bit is None:
            bit = self._bits[rel] = len(self._order)
            self._order.append(rel)
        return 1 << bit

    def _components(self, start: str) -> int:
        """The closure set of `start`, found with Tarjan's algorithm (iteratively): each strongly
        connected component's set is its files and the sets of the components it imports,
        which are complete before it is."""
        reach = self._reach
        index: dict[str, int] = {start: 0}
        low: dict[str, int] = {start: 0}
        stack = [start]
        on_stack = {start}
        work = [(start, iter(self.imports(start)))]
        while work:
            node, children = work[-1]
            descended = False
            for child in children:
                if child in reach:
                    continue  # a component already complete
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(self.imports(child))))
                    descended = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if descended:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] != index[node]:
                continue
            members: list[str] = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                members.append(member)
                if member == node:
                    break
            bits = 0
            for member in members:
                bits |= self._bit(member)
            inside = set(members)
            for member in members:
                for child in self.imports(member):
                    if child not in inside:
                        bits |= reach[child]
            for member in members:
                reach[member] = bits
        return reach[start]


def _is_candidates(value: object) -> bool:
    return type(value) is list and all(type(base) is str for base in value)


class _Keys:
    """The run's closure keys, one per module, and the key of its settings."""

    def __init__(self, ctx: LintContext) -> None:
        self.graph = CachedGraph(str(ctx.root), ctx.cache, ctx.models.unsaved)
        self.closures: dict[str, str | None] = {}
        self.settings = _settings(ctx)
        self.extras: dict[str, str] = {}

    def closure(self, rel: str) -> str | None:
        if rel not in self.closures:
            self.closures[rel] = self.graph.closure_key(rel)
        return self.closures[rel]

    def extra(self, rel: str) -> str:
        """The digest of a file the rule also reads ("-" when there is none)."""
        if rel not in self.extras:
            self.extras[rel] = self.graph.digest(rel) or "-"
        return self.extras[rel]


def _settings(ctx: LintContext) -> str:
    """What of the run's settings a rule may read: the `[tool.hermes-dev]` table."""
    import json

    try:
        text = json.dumps(ctx.config.raw, sort_keys=True, default=repr)
    except (TypeError, ValueError, RecursionError):
        text = repr(ctx.config.raw)
    return _digest(text.encode("utf-8", "surrogateescape"))


def _keys(ctx: LintContext) -> _Keys:
    keys = ctx.project.memo(_KEYS, lambda: _Keys(ctx))
    assert isinstance(keys, _Keys)
    return keys


def closure_key(ctx: LintContext, module: ModuleInfo, also: Sequence[str] = ()) -> str | None:
    """The key of what an analysis of `module` may read: its closure's digests, the settings
    and the files `also` names (relative to the root). None: not cacheable."""
    if not ctx.cache.enabled or str(module.path) in ctx.cache.unsaved:
        return None
    keys = _keys(ctx)
    closure = keys.closure(module.rel)
    if closure is None:
        return None
    parts = [closure, keys.settings, *(f"{rel}\0{keys.extra(rel)}" for rel in also)]
    return "|".join(parts)


def closure_of(ctx: LintContext, rel: str) -> str | None:
    """The digest of the import closure of the file `rel` (None: not cacheable)."""
    if not ctx.cache.enabled:
        return None
    return _keys(ctx).closure(rel)


def cached_findings(
    ctx: LintContext,
    module: ModuleInfo,
    code: str,
    compute: Callable[[], Iterable[Finding]],
    also: Sequence[str] = (),
) -> list[Finding]:
    """`compute()`'s findings for `module`, from the disk cache when its key is unchanged.
    The counters `compute()` adds to `ctx.stats` are kept with them and added again on a hit.
    `also`: files (relative to the root) the findings depend on besides the closure."""
    key = closure_key(ctx, module, also)
    return cached_at(ctx, module.path, code, key, compute)


def cached_at(
    ctx: LintContext,
    anchor: Path,
    code: str,
    key: str | None,
    compute: Callable[[], Iterable[Finding]],
) -> list[Finding]:
    """`compute()`'s findings of rule `code`, kept in the entry of the file `anchor` under
    `key` (which must cover everything they depend on); None: computed, never cached."""
    if key is None:
        return _computed(ctx, anchor, code, compute) or []  # (an unsaved text: never cached)
    kind = f"{code}-findings-v3-{__version__}"
    cache = ctx.cache
    hit, value = cache.get(anchor, kind)
    if hit:
        found = _load(ctx.root, code, value, key)
        if found is not None:
            findings, counts = found
            ctx.stats.add(REUSED_LABEL)
            for label, count_key, n in counts:
                ctx.stats.add_once(label, count_key, n)
            return findings
    with ctx.stats.recording() as counts:
        computed = _computed(ctx, anchor, code, compute)
    if computed is None:
        return []  # (not cached: the next run tries again)
    cache.put(anchor, kind, _dump(ctx.root, computed, key, counts))
    return computed


def _computed(
    ctx: LintContext, anchor: Path, code: str, compute: Callable[[], Iterable[Finding]]
) -> list[Finding] | None:
    """`compute()`'s findings; None when it fails: a bug in an analysis is one file's loss,
    said on stderr (`ctx.internal_errors`), not the whole run's. HERMES_DEV_STRICT=1 (the
    test suite) lets it raise. Code nested deeper than Python's stack lets a walk go (a chain
    of thousands of `elif`) is a limit, not a bug: said as a note (`ctx.skipped_deep`)."""
    try:
        found = list(compute())
        _collect_cycles()
        return found
    except Exception as exc:  # (any bug in an analysis, kept to its file)
        try:
            shown = anchor.relative_to(ctx.root).as_posix()
        except ValueError:
            shown = str(anchor)
        if isinstance(exc, RecursionError):
            # (code nested deeper than Python's own stack lets a walk go: not a bug, a limit)
            ctx.skipped_deep.append(f"{code} skipped {shown}: nested too deeply to follow")
            return None
        if os.environ.get("HERMES_DEV_STRICT"):
            raise
        text = str(exc).splitlines()[0][:120] if str(exc) else ""
        ctx.internal_errors.append(
            f"{code} could not analyse {shown} ({type(exc).__name__}{': ' + text if text else ''})"
        )
        return None


# Objects made since the last collection past which one is worth it.
_COLLECT_AFTER = 100_000


def _collect_cycles() -> None:
    """Free what one module's analysis left in cycles (a callee's scope whose memo holds values
    that point back at it): lint runs with the cyclic collector off (it would rescan the heap of
    trees again and again), so nothing else frees them. The young generations only: what was
    alive at an earlier collection (the trees) is not scanned again."""
    if gc.get_count()[0] >= _COLLECT_AFTER:
        gc.collect(1)


def file_digest(ctx: LintContext, rel: str) -> str | None:
    """The digest of a file under the root ("-" when there is none; None when the cache is off
    or the file is an unsaved text)."""
    if not ctx.cache.enabled:
        return None
    path = os.path.join(str(ctx.root), rel)
    if path in ctx.cache.unsaved:
        return None
    if not os.path.isfile(path):
        return "-"
    digest, _, _ = ctx.cache.lookup(path, "")
    return digest


def settings_key(ctx: LintContext) -> str:
    """The digest of the run's settings (`[tool.hermes-dev]`)."""
    return _keys(ctx).settings


def per_module(
    ctx: LintContext,
    code: str,
    find: Callable[[ModuleInfo], Iterable[Finding]],
    also: Sequence[str] = (),
) -> Iterator[Finding]:
    """`find(module)` for every module of the run, each through `cached_findings`."""
    for module in ctx.modules:
        yield from cached_findings(ctx, module, code, _bound(find, module), also)


def _bound(
    find: Callable[[ModuleInfo], Iterable[Finding]], module: ModuleInfo
) -> Callable[[], Iterable[Finding]]:
    return lambda: find(module)


def _dump(
    root: Path, findings: list[Finding], key: str, counts: list[tuple[str, str, int]]
) -> object:
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
    return {"key": key, "findings": rows, "counts": [list(c) for c in counts]}


def _rel(root: Path, path: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


def _load(
    root: Path, code: str, value: object, key: str
) -> tuple[list[Finding], list[tuple[str, str, int]]] | None:
    if not isinstance(value, dict) or value.get("key") != key:
        return None
    rows = value.get("findings")
    count_rows = value.get("counts")
    if not isinstance(rows, list) or not isinstance(count_rows, list):
        return None
    counts: list[tuple[str, str, int]] = []
    for row in count_rows:
        if not (
            isinstance(row, list)
            and len(row) == 3
            and type(row[0]) is str
            and type(row[1]) is str
            and type(row[2]) is int
        ):
            return None
        counts.append((row[0], row[1], row[2]))
    out: list[Finding] = []
    for row in rows:
        if not (isinstance(row, list) and len(row) == 9):
            return None
        message, rel, line, column, end_line, end_column, tool, chain_rows, fix_row = row
        numbers = (line, column, end_line, end_column)
        if not (
            isinstance(message, str)
            and isinstance(rel, str)
            and all(type(n) is int for n in numbers)
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
    return out, counts


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
                and type(step[1]) is int
                and isinstance(step[2], str)
            ):
                return None
            steps.append((root / step[0], step[1], step[2]))
        chains.append(tuple(steps))
    return tuple(chains)


def _tuples(value: list[object]) -> tuple[object, ...]:
    """JSON lists back into the tuples a Fix's arguments were (its transforms take tuples)."""
    return tuple(_tuples(v) if isinstance(v, list) else v for v in value)
