"""What the language server knows between requests, without the protocol: the open documents'
texts, one warm lint state per root, and the lint of one document's unsaved text.

- `Session.open/change/close(path, text)`: an editor's buffers (absolute paths). Every lint
  reads each open buffer whose text differs from the file on disk in place of the file
  (`lint(unsaved=...)`), so a buffer sees the other buffers' unsaved code, and the cache only
  ever holds what is on disk.
- `Session.disk_changed(paths)`: files saved or changed on disk (toolsets.py, a manifest, a
  module some handler calls into): the next lint reads them again.
- `Session.lint(path) -> Linted | None`: the findings in that document (None: it is in no
  Hermes root or plugin package). The parsed modules and their analyses are kept from one lint
  to the next (`Models.carried_over`), except those of changed files and of the modules whose
  imports reach one; the summary cache is kept in memory and on disk.
- `Session.fix_edits(path, findings, unsafe)`: the new text of each file their fixes change.
- `suppression_edit(text, line, code)`: where `# hermes-dev: ignore[CODE]` goes on a line.

Errors meant for people (a bad `[tool.hermes-dev]`) are `UserError`s, as in lint.
"""

from __future__ import annotations

import os
from pathlib import Path

from hermes_dev.host.layout import find_root as find_hermes_root
from hermes_dev.lint.engine import lint
from hermes_dev.pyast.semantic.import_graph import ImportGraph
from hermes_dev.pyast.semantic.modules import Models
from hermes_dev.reading import SOURCE_LIMIT, read_bounded

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from hermes_dev.lint.cache import SummaryCache
    from hermes_dev.lint.config import Config
    from hermes_dev.lint.rule import Finding

SUPPRESSION = "# hermes-dev: ignore"


class Linted:
    """One document's lint: its findings (sorted) and the root and config it ran with."""

    __slots__ = ("config", "findings", "root", "text")

    def __init__(self, root: Path, findings: list[Finding], text: str, config: Config | None):
        self.root = root
        self.findings = findings
        self.text = text  # the text the findings are about
        self.config = config


class _RootState:
    """What the lints under one root keep warm."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.models: Models | None = None
        self.cache: SummaryCache | None = None
        self.graph = ImportGraph(str(root))
        self.changed: set[str] = set()  # files whose parse (and dependants') must be redone


class Session:
    def __init__(self, use_cache: bool | None = None) -> None:
        self.use_cache = use_cache
        self.texts: dict[str, str] = {}  # open documents: absolute path -> text
        self._roots: dict[Path, _RootState] = {}
        self._root_of: dict[str, Path | None] = {}

    # -- documents ------------------------------------------------------------------------

    def open(self, path: str, text: str) -> None:
        self.texts[path] = text
        self._touch(path)

    def change(self, path: str, text: str) -> None:
        self.texts[path] = text
        self._touch(path)

    def close(self, path: str) -> None:
        self.texts.pop(path, None)
        self._touch(path)

    def disk_changed(self, paths: Iterable[str]) -> None:
        """Files written, created or deleted on disk: read them again (and, for a pyproject.toml,
        a manifest or a new folder, find the roots again)."""
        paths = list(paths)
        for path in paths:
            self._touch(path)
        for state in self._roots.values():
            state.graph = ImportGraph(str(state.root))  # imports and digests read anew
        if any(
            os.path.basename(p) in ("pyproject.toml", "plugin.yaml", "plugin.yml") for p in paths
        ):
            self._root_of.clear()

    def _touch(self, path: str) -> None:
        for state in self._roots.values():
            state.changed.add(path)

    # -- roots ----------------------------------------------------------------------------

    def root_of(self, path: str) -> Path | None:
        """The Hermes root or plugin package `path` belongs to, or None."""
        if path not in self._root_of:
            found = find_hermes_root(path)
            if found is None:
                from hermes_dev.host.plugins import find_plugin_package

                found = find_plugin_package(Path(path))
            self._root_of[path] = found
        return self._root_of[path]

    def _state(self, root: Path) -> _RootState:
        state = self._roots.get(root)
        if state is None:
            state = self._roots[root] = _RootState(root)
        return state

    def unsaved(self, root: Path) -> dict[str, str]:
        """The open buffers under `root` whose text is not what the file holds on disk."""
        out: dict[str, str] = {}
        prefix = str(root) + os.sep
        for path, text in self.texts.items():
            if path.startswith(prefix) and _disk_text(path) != text:
                out[path] = text
        return out

    # -- lint -----------------------------------------------------------------------------

    def prime(self, path: str) -> None:
        """Analyse the open document `path` as an editor's buffer once, so that the first edit
        does not pay for parsing and analysing what its handlers call (a document whose text
        is on disk was linted from the cache, which parses none of that), nor for reading the
        imports of what it loaded."""
        linted = self.lint(path, force_unsaved=True)
        state = self._roots.get(linted.root) if linted is not None else None
        if state is not None and state.models is not None:
            _reaching(state.models, state.graph, {path})

    def lint(self, path: str, force_unsaved: bool = False) -> Linted | None:
        """The findings in the open document `path` (None: it is under no root)."""
        root = self.root_of(path)
        if root is None:
            return None
        text = self.texts.get(path)
        state = self._state(root)
        models = state.models
        if models is not None and state.changed:
            reaching = _reaching(models, state.graph, state.changed)
            models = models.carried_over(
                state.changed, lambda rel: [rel] if rel in reaching else []
            )
        state.changed = set()
        unsaved = self.unsaved(root)
        if force_unsaved and text is not None:
            unsaved[path] = text
        result = lint(
            [path],
            root=str(root),
            use_cache=self.use_cache,
            models=models,
            cache=state.cache,
            unsaved=unsaved,
        )
        state.models = result.models
        state.cache = result.cache
        findings = [f for f in result.findings if str(f.path) == path]
        if text is None:
            text = unsaved.get(path) or _disk_text(path) or ""
        return Linted(root, findings, text, result.config)

    def fix_edits(self, path: str, findings: Sequence[Finding], unsafe: bool) -> dict[Path, str]:
        """The new text of every file the fixes of `findings` change (the open buffers' text is
        what they fix); {} when none applies."""
        root = self.root_of(path)
        if root is None:
            return {}
        from hermes_dev.lint.fix import plan_fixes

        plan = plan_fixes(root, findings, unsafe=unsafe, unsaved=self.unsaved(root))
        edits: dict[Path, str] = {}
        for change in plan.plan.changes:
            if change.new is not None:
                edits[root / change.relpath] = change.new.decode("utf-8")
        return edits


def _reaching(models: Models, graph: ImportGraph, changed: set[str]) -> set[str]:
    """The loaded modules (relative paths) whose imports reach a file of `changed`, the files
    themselves included: whose analyses may be stale. One walk of the reversed import graph
    (a module's own `closure()`, asked of every loaded module, walked the graph once each)."""
    rels = [m.rel for m in models.loaded()]
    importers: dict[str, list[str]] = {}
    stack = list(rels)
    seen = set(stack)
    while stack:
        rel = stack.pop()
        for target in graph.imports(rel):
            importers.setdefault(target, []).append(rel)
            if target not in seen:
                seen.add(target)
                stack.append(target)
    found = {models.relative(Path(p)) for p in changed}
    stack = list(found)
    while stack:
        for importer in importers.get(stack.pop(), ()):
            if importer not in found:
                found.add(importer)
                stack.append(importer)
    return found


def _disk_text(path: str) -> str | None:
    try:
        data = read_bounded(path, SOURCE_LIMIT)  # (a FIFO: an OSError, never a hang)
    except OSError:
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def suppression_edit(text: str, line: int, code: str) -> tuple[int, int, int, str] | None:
    """How to add `code` to the suppressions of 1-based `line`: (line, start, end, new text),
    0-based character columns of the text replaced; None when no comment can go there (the
    line ends inside a string or with a backslash, or a bare `ignore` covers it already)."""
    import io
    import tokenize

    from hermes_dev.lint.suppress import IGNORE, find_suppressions

    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if not 0 < line <= len(lines):
        return None
    current = lines[line - 1]
    # (another linter may share the line: the hermes-dev comment is the one to edit)
    existing = next((s for s in find_suppressions(text).get(line, []) if s.kind == IGNORE), None)
    if existing is not None:
        if existing.codes is None or code in existing.codes:
            return None
        start, end = existing.column - 1, existing.end_column - 1
        codes = ", ".join([*existing.codes, code])
        return line, start, end, f"{SUPPRESSION}[{codes}]"
    comment_at: int | None = None
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.start[0] > line:
                break
            if tok.type == tokenize.COMMENT and tok.start[0] == line:
                comment_at = tok.start[1]
            elif tok.start[0] <= line < tok.end[0]:
                return None  # a string (or other token) runs on past this line
    except (tokenize.TokenError, SyntaxError, ValueError):
        pass  # text that does not tokenize: the end of the line
    if comment_at is not None:
        # Before the line's own comment: a suppression must start the comment.
        return line, comment_at, comment_at, f"{SUPPRESSION}[{code}]  "
    body = current.rstrip()
    if body.endswith("\\"):
        return None
    return line, len(body), len(current), f"  {SUPPRESSION}[{code}]"
