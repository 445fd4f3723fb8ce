"""`hermes-dev server`: the language server (LSP over stdio, with pygls) on top of `Session`.

- Diagnostics for open documents, from their unsaved text: linted `DEBOUNCE_S` after the last
  change (at once on open and save). Each has the rule code, a link to the rule's docs
  (`codeDescription`: the rule module, whose docstring is its docs, or the client's
  `initializationOptions.docsUrl` with `{code}` in it), the call chain as related information,
  and HD900's as unnecessary code. Saving a file, or a change on disk the client reports
  (`workspace/didChangeWatchedFiles`, registered for `.py`, manifests and `pyproject.toml`),
  lints every open document again: toolsets.py, `OPTIONAL_ENV_VARS`, manifests, the modules
  handlers call into and `[tool.hermes-dev]` are read as they are on disk.
- Code actions: each finding's fix (`quickfix`; safe ones preferred, unsafe ones say so),
  `source.fixAll.hermes-dev` (the document's safe fixes), and "suppress on this line".
- Hover on a finding: its message and the rule's docs.

Nothing the client sends makes a traceback: a document under no root gets no diagnostics, one
that does not parse gets HD000, a bad config one message; a bug is logged (stderr and
`window/logMessage`) and shown as one line.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import traceback
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from hermes_dev import __version__
from hermes_dev.errors import UserError
from hermes_dev.lint import catalog
from hermes_dev.lint.rule import Finding
from hermes_dev.server.session import Linted, Session, suppression_edit

NAME = "hermes-dev"
FIX_ALL = "source.fixAll.hermes-dev"
DEBOUNCE_S = 0.1
WATCHED = ("**/*.py", "**/plugin.yaml", "**/plugin.yml", "**/pyproject.toml")
BUG = "this is a bug in hermes-dev; please report it with the server's log"

log = logging.getLogger(__name__)


class HermesDevServer(LanguageServer):
    def __init__(self, use_cache: bool | None = None) -> None:
        super().__init__(NAME, __version__)
        self.session = Session(use_cache=use_cache)
        self.debounce_s = DEBOUNCE_S
        self.docs_url: str | None = None
        self.linted: dict[str, tuple[int | None, Linted]] = {}  # uri -> (version, lint)
        self._pending: dict[str, asyncio.TimerHandle] = {}
        self._told: set[str] = set()  # messages shown once


def _path(uri: str) -> str | None:
    """The file of a `file:` URI, or None (an untitled buffer, another scheme)."""
    if not uri.startswith("file:"):
        return None
    path = to_fs_path(uri)
    return path if path else None


def _docs_href(server: HermesDevServer, code: str) -> str | None:
    if server.docs_url:
        return server.docs_url.replace("{code}", code)
    modules = catalog.rule_modules()
    if code not in modules:
        return None
    uri: str | None = from_fs_path(str(Path(catalog.RULES_DIR) / f"{modules[code]}.py"))
    return uri


def _lines(text: str) -> list[str]:
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _position(server: HermesDevServer, lines: list[str], line: int, char: int) -> types.Position:
    """0-based line and character column -> the client's position (UTF-16 units by default)."""
    text = lines[line] if 0 <= line < len(lines) else ""
    units = server.workspace.position_codec.client_num_units(text[:char])
    return types.Position(line=max(line, 0), character=units)


def _char(server: HermesDevServer, lines: list[str], position: types.Position) -> int:
    """The client's position -> a 0-based character column on its line."""
    text = lines[position.line] if 0 <= position.line < len(lines) else ""
    codec = server.workspace.position_codec
    units = 0
    for i, ch in enumerate(text):
        if units >= position.character:
            return i
        units += codec.client_num_units(ch)
    return len(text)


def _range(server: HermesDevServer, lines: list[str], f: Finding) -> types.Range:
    return types.Range(
        start=_position(server, lines, f.line - 1, f.column - 1),
        end=_position(server, lines, f.end_line - 1, f.end_column - 1),
    )


def _diagnostic(server: HermesDevServer, lines: list[str], f: Finding) -> types.Diagnostic:
    href = _docs_href(server, f.code)
    related = [
        types.DiagnosticRelatedInformation(
            location=types.Location(
                uri=from_fs_path(str(path)) or str(path),
                range=types.Range(
                    start=types.Position(line=max(n - 1, 0), character=0),
                    end=types.Position(line=max(n - 1, 0), character=0),
                ),
            ),
            message=f"via `{function}` ({i} of {len(f.chain)})",
        )
        for i, (path, n, function) in enumerate(f.chain, 1)
    ]
    return types.Diagnostic(
        range=_range(server, lines, f),
        message=f.message,
        severity=types.DiagnosticSeverity.Error
        if f.code == "HD000"
        else types.DiagnosticSeverity.Warning,
        code=f.code,
        code_description=types.CodeDescription(href=href) if href else None,
        source=NAME,
        related_information=related or None,
        tags=[types.DiagnosticTag.Unnecessary] if f.code == "HD900" else None,
    )


def _tell(server: HermesDevServer, message: str, kind: types.MessageType) -> None:
    """Show `message` once per session (and log it each time)."""
    server.window_log_message(types.LogMessageParams(type=kind, message=message))
    if message not in server._told:
        server._told.add(message)
        server.window_show_message(types.ShowMessageParams(type=kind, message=message))


def _bug(server: HermesDevServer, what: str) -> None:
    detail = traceback.format_exc()
    sys.stderr.write(detail)
    server.window_log_message(types.LogMessageParams(type=types.MessageType.Error, message=detail))
    _tell(server, f"hermes-dev: {what} failed: {BUG}", types.MessageType.Error)


def lint_document(server: HermesDevServer, uri: str) -> Linted | None:
    """Lint the open document `uri` now and publish its diagnostics; None when it has none."""
    server._pending.pop(uri, None)
    path = _path(uri)
    document = server.workspace.text_documents.get(uri)
    if path is None or document is None:
        return None
    version = document.version
    try:
        linted = server.session.lint(path)
    except UserError as exc:
        _tell(server, f"hermes-dev: {exc}", types.MessageType.Error)
        linted = None
    except Exception:  # noqa: BLE001 -- a bug: logged, one line shown, the server goes on
        _bug(server, f"lint of {path}")
        linted = None
    diagnostics: list[types.Diagnostic] = []
    if linted is not None:
        server.linted[uri] = (version, linted)
        lines = _lines(linted.text)
        diagnostics = [_diagnostic(server, lines, f) for f in linted.findings]
    else:
        server.linted.pop(uri, None)
    server.text_document_publish_diagnostics(
        types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=version)
    )
    return linted


def _prime(server: HermesDevServer, uri: str, path: str) -> None:
    if uri in server._pending or uri not in server.workspace.text_documents:
        return  # an edit is on its way: its lint does the work
    try:
        server.session.prime(path)
    except UserError:
        pass  # (the lint said so already)
    except Exception:  # noqa: BLE001 -- a bug: logged, one line shown, the server goes on
        _bug(server, f"analysis of {path}")


def schedule(server: HermesDevServer, uri: str, delay: float | None = None) -> None:
    """Lint `uri` after `delay` seconds (the debounce), replacing a lint already planned."""
    pending = server._pending.pop(uri, None)
    if pending is not None:
        pending.cancel()
    loop = asyncio.get_running_loop()
    wait = server.debounce_s if delay is None else delay
    server._pending[uri] = loop.call_later(wait, lint_document, server, uri)


def relint_open(server: HermesDevServer) -> None:
    for uri in list(server.workspace.text_documents):
        if _path(uri) is not None:
            schedule(server, uri)


def current(server: HermesDevServer, uri: str) -> Linted | None:
    """The lint of the document's current version (linting it now when the last is older)."""
    document = server.workspace.text_documents.get(uri)
    if document is None:
        return None
    known = server.linted.get(uri)
    if known is not None and known[0] == document.version and uri not in server._pending:
        return known[1]
    return lint_document(server, uri)


def build(use_cache: bool | None = None) -> HermesDevServer:
    server = HermesDevServer(use_cache=use_cache)

    @server.feature(types.INITIALIZE)
    def initialize(ls: HermesDevServer, params: types.InitializeParams) -> None:
        options = params.initialization_options
        if isinstance(options, dict):
            debounce = options.get("debounceMs")
            if isinstance(debounce, (int, float)) and 0 <= debounce <= 10_000:
                ls.debounce_s = debounce / 1000
            docs_url = options.get("docsUrl")
            if isinstance(docs_url, str) and docs_url:
                ls.docs_url = docs_url

    @server.feature(types.INITIALIZED)
    async def initialized(ls: HermesDevServer, params: types.InitializedParams) -> None:
        watch = ls.client_capabilities.workspace
        dynamic = watch is not None and watch.did_change_watched_files is not None
        if not (dynamic and watch.did_change_watched_files.dynamic_registration):  # type: ignore[union-attr]
            return
        options = types.DidChangeWatchedFilesRegistrationOptions(
            watchers=[types.FileSystemWatcher(glob_pattern=glob) for glob in WATCHED]
        )
        registration = types.Registration(
            id="hermes-dev-watched-files",
            method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
            register_options=options,
        )
        try:
            await ls.client_register_capability_async(
                types.RegistrationParams(registrations=[registration])
            )
        except Exception:  # noqa: BLE001 -- a client that refuses: saves still re-lint
            log.info("the client did not register the file watchers")

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: HermesDevServer, params: types.DidOpenTextDocumentParams) -> None:
        uri = params.text_document.uri
        path = _path(uri)
        if path is None:
            return
        ls.session.open(path, params.text_document.text)
        schedule(ls, uri, 0)
        # Then, unless an edit comes first, the analysis the first edit would need.
        asyncio.get_running_loop().call_later(0.05, _prime, ls, uri, path)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: HermesDevServer, params: types.DidChangeTextDocumentParams) -> None:
        uri = params.text_document.uri
        path = _path(uri)
        document = ls.workspace.text_documents.get(uri)
        if path is None or document is None:
            return
        ls.session.change(path, document.source)
        schedule(ls, uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: HermesDevServer, params: types.DidSaveTextDocumentParams) -> None:
        path = _path(params.text_document.uri)
        if path is None:
            return
        ls.session.disk_changed([path])
        relint_open(ls)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: HermesDevServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        pending = ls._pending.pop(uri, None)
        if pending is not None:
            pending.cancel()
        ls.linted.pop(uri, None)
        path = _path(uri)
        if path is not None:
            ls.session.close(path)
            ls.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=uri, diagnostics=[])
            )

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def did_change_watched(ls: HermesDevServer, params: types.DidChangeWatchedFilesParams) -> None:
        paths = [p for p in (_path(change.uri) for change in params.changes) if p is not None]
        if paths:
            ls.session.disk_changed(paths)
            relint_open(ls)

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(
            code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL],
        ),
    )
    def code_action(
        ls: HermesDevServer, params: types.CodeActionParams
    ) -> list[types.CodeAction] | None:
        try:
            return _code_actions(ls, params)
        except Exception:  # noqa: BLE001
            _bug(ls, "code actions")
            return None

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: HermesDevServer, params: types.HoverParams) -> types.Hover | None:
        try:
            return _hover(ls, params)
        except Exception:  # noqa: BLE001
            _bug(ls, "hover")
            return None

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: HermesDevServer, params: None) -> None:
        for pending in ls._pending.values():
            pending.cancel()
        ls._pending.clear()

    return server


# -- code actions and hover ---------------------------------------------------------------


def _wanted(only: list[str] | None, kind: str) -> bool:
    return only is None or any(kind == k or kind.startswith(k + ".") for k in only)


def _overlaps(finding_range: types.Range, asked: types.Range) -> bool:
    start, end = finding_range.start, finding_range.end
    a, b = asked.start, asked.end
    return (start.line, start.character) <= (b.line, b.character) and (a.line, a.character) <= (
        end.line,
        end.character,
    )


def _text_edit(server: HermesDevServer, old: str, new: str) -> types.TextEdit:
    """One edit turning `old` into `new`: the span between their common prefix and suffix."""
    prefix = 0
    limit = min(len(old), len(new))
    while prefix < limit and old[prefix] == new[prefix]:
        prefix += 1
    suffix = 0
    while suffix < limit - prefix and old[-1 - suffix] == new[-1 - suffix]:
        suffix += 1
    start = _offset_position(server, old, prefix)
    end = _offset_position(server, old, len(old) - suffix)
    return types.TextEdit(
        range=types.Range(start=start, end=end), new_text=new[prefix : len(new) - suffix]
    )


def _offset_position(server: HermesDevServer, text: str, offset: int) -> types.Position:
    """The client position of character `offset` in `text` (lines end at \\n, \\r\\n or \\r)."""
    before = text[:offset]
    line = before.count("\n") + before.count("\r") - before.count("\r\n")
    start = max(before.rfind("\n"), before.rfind("\r")) + 1
    units = server.workspace.position_codec.client_num_units(before[start:])
    return types.Position(line=line, character=units)


def _workspace_edit(
    server: HermesDevServer, session: Session, edits: dict[Path, str]
) -> types.WorkspaceEdit:
    changes: dict[str, list[types.TextEdit]] = {}
    for path, new in edits.items():
        uri = from_fs_path(str(path)) or str(path)
        document = server.workspace.text_documents.get(uri)
        old = document.source if document is not None else None
        if old is None:
            old = session.texts.get(str(path))
        if old is None:
            try:
                old = path.read_bytes().decode("utf-8-sig")
            except (OSError, UnicodeDecodeError):
                continue
        changes[uri] = [_text_edit(server, old, new)]
    return types.WorkspaceEdit(changes=changes)


def _code_actions(
    server: HermesDevServer, params: types.CodeActionParams
) -> list[types.CodeAction] | None:
    uri = params.text_document.uri
    linted = current(server, uri)
    path = _path(uri)
    if linted is None or path is None:
        return None
    only = [str(k) for k in params.context.only] if params.context.only else None
    lines = _lines(linted.text)
    actions: list[types.CodeAction] = []
    for f in linted.findings:
        diagnostic = _diagnostic(server, lines, f)
        if not _overlaps(diagnostic.range, params.range):
            continue
        if f.fix is not None and _wanted(only, types.CodeActionKind.QuickFix):
            edits = server.session.fix_edits(path, [f], unsafe=not f.fix.safe)
            if edits:
                title = f.fix.title if f.fix.safe else f"{f.fix.title} (unsafe fix)"
                actions.append(
                    types.CodeAction(
                        title=f"{title} ({f.code})",
                        kind=types.CodeActionKind.QuickFix,
                        diagnostics=[diagnostic],
                        edit=_workspace_edit(server, server.session, edits),
                        is_preferred=f.fix.safe,
                    )
                )
        if f.code != "HD000" and _wanted(only, types.CodeActionKind.QuickFix):
            place = suppression_edit(linted.text, f.line, f.code)
            if place is not None:
                line, start, end, new_text = place
                edit = types.TextEdit(
                    range=types.Range(
                        start=_position(server, lines, line - 1, start),
                        end=_position(server, lines, line - 1, end),
                    ),
                    new_text=new_text,
                )
                actions.append(
                    types.CodeAction(
                        title=f"Suppress {f.code} on this line",
                        kind=types.CodeActionKind.QuickFix,
                        diagnostics=[diagnostic],
                        edit=types.WorkspaceEdit(changes={uri: [edit]}),
                    )
                )
    if _wanted(only, FIX_ALL) and (only is not None or actions or linted.findings):
        safe = [
            f
            for f in linted.findings
            if f.fix is not None and f.fix.safe and str(f.fix.path) == path
        ]
        edits = server.session.fix_edits(path, safe, unsafe=False) if safe else {}
        own = {p: text for p, text in edits.items() if str(p) == path}
        if own:
            actions.append(
                types.CodeAction(
                    title="Fix all safe hermes-dev findings",
                    kind=FIX_ALL,
                    edit=_workspace_edit(server, server.session, own),
                )
            )
    return actions


def _hover(server: HermesDevServer, params: types.HoverParams) -> types.Hover | None:
    uri = params.text_document.uri
    linted = current(server, uri)
    if linted is None:
        return None
    lines = _lines(linted.text)
    line = params.position.line + 1
    char = _char(server, lines, params.position) + 1
    parts: list[str] = []
    for f in linted.findings:
        if not (f.line <= line <= f.end_line):
            continue
        if (line == f.line and char < f.column) or (line == f.end_line and char > f.end_column):
            continue
        parts.append(_hover_text(f))
    if not parts:
        return None
    return types.Hover(
        contents=types.MarkupContent(
            kind=types.MarkupKind.Markdown, value="\n\n---\n\n".join(parts)
        )
    )


def _hover_text(f: Finding) -> str:
    try:
        rule = catalog.load_rule(f.code)
        docs = catalog.rule_docs(f.code)
        head = f"**{f.code}** `{rule.name}`: {f.message}"
    except (KeyError, LookupError, ImportError):
        return f"**{f.code}**: {f.message}"
    steps = ""
    if f.chain:
        steps = "\n\nVia: " + " -> ".join(f"`{fn}` (line {n})" for _, n, fn in f.chain)
    fix = ""
    if f.fix is not None:
        fix = f"\n\nFix ({'safe' if f.fix.safe else 'unsafe'}): {f.fix.title}."
    # The docs' `## Heading`s become bold lines: a hover is small.
    body = "\n".join(
        f"**{line[3:].strip()}**" if line.startswith("## ") else line for line in docs.splitlines()
    )
    return f"{head}{steps}{fix}\n\n{body}"


def serve(use_cache: bool | None = None) -> None:
    """Run the server on stdin/stdout until the client says exit."""
    build(use_cache).start_io()
