"""`hermes-dev server` end to end: a real LSP client (pytest-lsp) talks to it over stdio."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from tests.lint.support import make_root

# The server runs with its cache on (the editor's case), in a folder of its own.
CACHE = tempfile.mkdtemp(prefix="hermes-dev-server-cache-")
SERVER = ClientServerConfig(
    server_command=[sys.executable, "-m", "hermes_dev", "server"],
    server_env={**os.environ, "XDG_CACHE_HOME": CACHE, "HERMES_DEV_NO_CACHE": ""},
)
PUBLISH = types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS

SCHEMA = 'SCHEMA = {"name": "ping", "description": "Ping.", "parameters": {"type": "object"}}\n'
CLEAN = (
    "import json\n"
    "\n"
    "from tools.registry import registry\n"
    "\n" + SCHEMA + "\n"
    "\n"
    "def ping(args, **kw):\n"
    '    return json.dumps({"pong": True})\n'
    "\n"
    "\n"
    'registry.register(name="ping", toolset="ping", schema=SCHEMA, handler=ping)\n'
)
BROKEN = CLEAN.replace('json.dumps({"pong": True})', '{"pong": True}')  # HD101 at line 9
TOOLSETS = '_HERMES_CORE_TOOLS = []\n\nTOOLSETS = {"ping": {"tools": ["ping"], "includes": []}}\n'


def _root(tmp_path: Path) -> Path:
    return make_root(
        tmp_path / "hermes",
        {
            "tools/ping_tool.py": CLEAN,
            "toolsets.py": TOOLSETS,
            "tools/helpers.py": "class ApiError(Exception):\n    pass\n\n\n"
            "def fetch(url):\n    if not url:\n        raise ApiError('no url')\n    return url\n",
        },
    )


@pytest_lsp.fixture(config=SERVER)
async def client(lsp_client: LanguageClient, tmp_path: Path):  # type: ignore[no-untyped-def]
    root = _root(tmp_path)

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams) -> None:
        registered.extend(r.method for r in params.registrations)

    registered: list[str] = []
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            root_uri=root.as_uri(),
            initialization_options={"debounceMs": 20},
        )
    )
    yield
    await lsp_client.shutdown_session()
    # shutdown, then exit: the server leaves with status 0
    assert lsp_client._server is not None
    assert lsp_client._server.returncode == 0


def _uri(tmp_path: Path, rel: str) -> str:
    return (tmp_path / "hermes" / rel).as_uri()


def _open(client: LanguageClient, uri: str, text: str, language: str = "python") -> None:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id=language, version=1, text=text
            )
        )
    )


def _change(client: LanguageClient, uri: str, version: int, text: str) -> None:
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


async def _diagnostics(
    client: LanguageClient, uri: str, want: object = None, timeout: float = 30
) -> list[types.Diagnostic]:
    """The next diagnostics of `uri` (for which `want(codes)` holds, when given)."""

    async def wait() -> list[types.Diagnostic]:
        while True:
            await client.wait_for_notification(PUBLISH)
            found = list(client.diagnostics.get(uri, ()))
            if uri in client.diagnostics and (want is None or want([d.code for d in found])):  # type: ignore[operator]
                return found

    client.diagnostics.pop(uri, None)
    return await asyncio.wait_for(wait(), timeout)


def _apply(text: str, edits: list[types.TextEdit]) -> str:
    """`text` with the edits applied (ASCII text: characters are UTF-16 units)."""
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    spans = sorted(
        (
            offsets[e.range.start.line] + e.range.start.character,
            offsets[e.range.end.line] + e.range.end.character,
            e.new_text,
        )
        for e in edits
    )
    for start, end, new in reversed(spans):
        text = text[:start] + new + text[end:]
    return text


@pytest.mark.asyncio
async def test_unsaved_text_gets_diagnostics_with_docs_link(
    client: LanguageClient, tmp_path: Path
) -> None:
    uri = _uri(tmp_path, "tools/ping_tool.py")
    _open(client, uri, BROKEN)  # the file on disk is clean
    (found,) = await _diagnostics(client, uri)
    assert found.code == "HD101"
    assert found.source == "hermes-dev"
    assert found.severity == types.DiagnosticSeverity.Warning
    assert found.message.startswith("`ping` returns a dict, not a JSON string")
    assert (found.range.start.line, found.range.start.character) == (8, 4)
    assert (found.range.end.line, found.range.end.character) == (8, 25)
    assert found.code_description is not None
    href = found.code_description.href
    assert href.startswith("file://") and href.endswith("/rules/hd101_handler_returns_non_json.py")
    # An edit that fixes it clears it; one that breaks it again brings it back (debounced).
    _change(client, uri, 2, CLEAN)
    assert await _diagnostics(client, uri) == []
    _change(client, uri, 3, CLEAN.replace("registry.register(", "registry.register(\n"))
    _change(client, uri, 4, BROKEN)
    assert [d.code for d in await _diagnostics(client, uri)] == ["HD101"]


@pytest.mark.asyncio
async def test_the_chain_is_related_information(client: LanguageClient, tmp_path: Path) -> None:
    uri = _uri(tmp_path, "tools/ping_tool.py")
    text = CLEAN.replace("import json\n", "import json\n\nfrom tools.helpers import fetch\n")
    text = text.replace(
        '    return json.dumps({"pong": True})',
        '    return json.dumps({"url": fetch(args.get("url"))})',
    )
    _open(client, uri, text)
    (found,) = await _diagnostics(client, uri)
    assert found.code == "HD102", found.message
    assert found.related_information is not None
    last = found.related_information[-1]
    assert last.location.uri == _uri(tmp_path, "tools/helpers.py")
    assert last.location.range.start.line == 6  # `raise ApiError(...)`, line 7
    assert last.message.startswith("via `fetch`")


@pytest.mark.asyncio
async def test_code_actions_fix_suppress_and_fix_all(
    client: LanguageClient, tmp_path: Path
) -> None:
    uri = _uri(tmp_path, "tools/ping_tool.py")
    _open(client, uri, BROKEN)
    (found,) = await _diagnostics(client, uri)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=found.range,
            context=types.CodeActionContext(diagnostics=[found]),
        )
    )
    assert actions is not None
    by_title = {a.title: a for a in actions if isinstance(a, types.CodeAction)}
    assert set(by_title) == {
        "Wrap the value in `json.dumps(...)` (HD101)",
        "Suppress HD101 on this line",
        "Fix all safe hermes-dev findings",
    }
    fix = by_title["Wrap the value in `json.dumps(...)` (HD101)"]
    assert fix.kind == types.CodeActionKind.QuickFix and fix.is_preferred
    assert fix.edit is not None and fix.edit.changes is not None
    assert _apply(BROKEN, fix.edit.changes[uri]) == CLEAN
    suppress = by_title["Suppress HD101 on this line"]
    assert suppress.edit is not None and suppress.edit.changes is not None
    suppressed = _apply(BROKEN, suppress.edit.changes[uri])
    assert suppressed == BROKEN.replace(
        '    return {"pong": True}', '    return {"pong": True}  # hermes-dev: ignore[HD101]'
    )
    # The suppressed text lints clean.
    _change(client, uri, 2, suppressed)
    assert await _diagnostics(client, uri) == []
    # source.fixAll alone, as an editor asks for it on save.
    _change(client, uri, 3, BROKEN)
    await _diagnostics(client, uri, lambda codes: codes == ["HD101"])
    only = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(
                start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)
            ),
            context=types.CodeActionContext(diagnostics=[], only=["source.fixAll.hermes-dev"]),
        )
    )
    assert only is not None and len(only) == 1
    (fix_all,) = only
    assert isinstance(fix_all, types.CodeAction) and fix_all.kind == "source.fixAll.hermes-dev"
    assert fix_all.edit is not None and fix_all.edit.changes is not None
    assert _apply(BROKEN, fix_all.edit.changes[uri]) == CLEAN


@pytest.mark.asyncio
async def test_an_unsafe_fix_says_so_and_is_not_preferred(
    client: LanguageClient, tmp_path: Path
) -> None:
    uri = _uri(tmp_path, "tools/ping_tool.py")
    text = CLEAN.replace(
        '    return json.dumps({"pong": True})',
        '    if not args:\n        raise ValueError("no arguments")\n    return json.dumps({"pong": True})',
    )
    _open(client, uri, text)
    (found,) = await _diagnostics(client, uri)
    assert found.code == "HD102"
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=found.range,
            context=types.CodeActionContext(diagnostics=[found]),
        )
    )
    assert actions is not None
    (fix,) = [a for a in actions if isinstance(a, types.CodeAction) and "unsafe" in a.title]
    assert fix.title.endswith("(unsafe fix) (HD102)")
    assert not fix.is_preferred
    assert fix.edit is not None and fix.edit.changes is not None
    fixed = _apply(text, fix.edit.changes[uri])
    assert 'return tool_error("no arguments")' in fixed
    assert "from tools.registry import registry, tool_error" in fixed


@pytest.mark.asyncio
async def test_hover_shows_the_rule_docs(client: LanguageClient, tmp_path: Path) -> None:
    uri = _uri(tmp_path, "tools/ping_tool.py")
    _open(client, uri, BROKEN)
    await _diagnostics(client, uri)
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=8, character=12),
        )
    )
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    value = hover.contents.value
    assert value.startswith("**HD101** `handler-returns-non-json`: `ping` returns a dict")
    assert "**What it does**" in value and "**Why is this bad?**" in value
    assert "Fix (safe): Wrap the value in `json.dumps(...)`." in value
    nothing = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=0, character=0),
        )
    )
    assert nothing is None


@pytest.mark.asyncio
async def test_project_rules_follow_toolsets_on_disk(
    client: LanguageClient, tmp_path: Path
) -> None:
    uri = _uri(tmp_path, "tools/ping_tool.py")
    text = CLEAN.replace('"ping"', '"pong"')  # the tool pong, in no toolset
    _open(client, uri, text)
    (found,) = await _diagnostics(client, uri)
    assert found.code == "HD301"
    toolsets = tmp_path / "hermes" / "toolsets.py"
    # A watched-file change (another program wrote toolsets.py)...
    toolsets.write_text(TOOLSETS.replace('"ping"', '"pong"'))
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=toolsets.as_uri(), type=types.FileChangeType.Changed)]
        )
    )
    assert await _diagnostics(client, uri) == []
    # ... and a save of toolsets.py in the editor.
    toolsets.write_text(TOOLSETS)
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=toolsets.as_uri())
        )
    )
    assert [d.code for d in await _diagnostics(client, uri)] == ["HD301"]


@pytest.mark.asyncio
async def test_config_comes_from_the_roots_pyproject(
    client: LanguageClient, tmp_path: Path
) -> None:
    (tmp_path / "hermes" / "pyproject.toml").write_text('[tool.hermes-dev]\nignore = ["HD101"]\n')
    uri = _uri(tmp_path, "tools/ping_tool.py")
    _open(
        client,
        uri,
        BROKEN.replace("registry.register(", "registry.register(  # hermes-dev: ignore[HD301]\n"),
    )
    found = await _diagnostics(client, uri)
    assert [d.code for d in found] == ["HD900"]  # HD101 is off; the unused suppression is HD900
    assert list(found[0].tags or ()) == [types.DiagnosticTag.Unnecessary]


@pytest.mark.asyncio
async def test_bad_input_never_breaks_the_server(client: LanguageClient, tmp_path: Path) -> None:
    # A document under no root: no diagnostics.
    elsewhere = tmp_path / "elsewhere" / "x_tool.py"
    elsewhere.parent.mkdir()
    _open(client, elsewhere.as_uri(), BROKEN)
    assert await _diagnostics(client, elsewhere.as_uri()) == []
    # A syntax error: HD000, an error.
    uri = _uri(tmp_path, "tools/ping_tool.py")
    _open(client, uri, BROKEN.replace("def ping(args, **kw):", "def ping(args, **kw:"))
    (syntax,) = await _diagnostics(client, uri)
    assert syntax.code == "HD000" and syntax.severity == types.DiagnosticSeverity.Error
    # Binary content (NUL bytes), then text that is not even UTF-8 on disk.
    binary = _uri(tmp_path, "tools/blob_tool.py")
    _open(client, binary, "registry.register(\x00\x01\x02)")
    assert [d.code for d in await _diagnostics(client, binary)] == ["HD000"]
    (tmp_path / "hermes" / "tools" / "latin_tool.py").write_bytes(
        b"x = '\xff'\nregistry.register()\n"
    )
    latin = _uri(tmp_path, "tools/latin_tool.py")
    _open(client, latin, "x = 'ÿ'\nregistry.register()\n")
    await _diagnostics(client, latin)
    # An untitled buffer and a request about a document never opened: nothing, no error.
    _open(client, "untitled:Untitled-1", BROKEN)
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=_uri(tmp_path, "tools/none.py")),
            position=types.Position(line=0, character=0),
        )
    )
    assert hover is None
    # A broken pyproject.toml: one message, no diagnostics, and the server goes on.
    (tmp_path / "hermes" / "pyproject.toml").write_text("[tool.hermes-dev\n")
    _change(client, uri, 2, BROKEN)
    assert await _diagnostics(client, uri) == []
    shown = [m.message for m in client.messages if m.type == types.MessageType.Error]
    assert len(shown) == 1 and shown[0].startswith("hermes-dev: ") and "not valid TOML" in shown[0]
    assert "\n" not in shown[0]
    (tmp_path / "hermes" / "pyproject.toml").unlink()
    _change(client, uri, 3, BROKEN)
    assert [d.code for d in await _diagnostics(client, uri)] == ["HD101"]


def test_without_pygls_the_command_says_how_to_install_it() -> None:
    code = (
        "import sys; sys.modules['pygls'] = None\n"
        "from hermes_dev.cli import main\n"
        "main(['server'])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 2
    assert done.stderr == (
        "hermes-dev: error: the language server needs pygls: pip install 'hermes-dev[server]'\n"
    )


def test_lint_never_imports_the_server(tmp_path: Path) -> None:
    root = _root(tmp_path)
    code = (
        "import sys\n"
        "from hermes_dev.cli.fastpath import run_fast\n"
        "run_fast(['tools/ping_tool.py'])\n"
        "print(sorted(m for m in sys.modules if m.startswith(('pygls', 'lsprotocol', 'hermes_dev.server'))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False, cwd=root,
        env={**os.environ, "HERMES_DEV_NO_CACHE": "1"},
    )  # fmt: skip
    assert done.stdout.splitlines()[-1] == "[]", done.stdout + done.stderr


# `--no-cache`: the server neither reads nor writes the on-disk cache (its own folder here).
NO_CACHE = tempfile.mkdtemp(prefix="hermes-dev-server-no-cache-")


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[sys.executable, "-m", "hermes_dev", "server", "--no-cache"],
        server_env={**os.environ, "XDG_CACHE_HOME": NO_CACHE, "HERMES_DEV_NO_CACHE": ""},
    )
)
async def uncached(lsp_client: LanguageClient, tmp_path: Path):  # type: ignore[no-untyped-def]
    root = _root(tmp_path)
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(),
            root_uri=root.as_uri(),
            initialization_options={"debounceMs": 0},
        )
    )
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_no_cache_leaves_the_disk_cache_alone(
    uncached: LanguageClient, tmp_path: Path
) -> None:
    uri = _uri(tmp_path, "tools/ping_tool.py")
    _open(uncached, uri, BROKEN)
    assert [d.code for d in await _diagnostics(uncached, uri)] == ["HD101"]
    _change(uncached, uri, 2, CLEAN)
    assert await _diagnostics(uncached, uri) == []
    assert list(Path(NO_CACHE).rglob("*")) == []
