"""`hermes-dev lint` inside a plugin package outside any checkout: the root is found by the
entry point (or a plugin.yaml), the package's modules get the handler and schema rules, its
tests and scripts do not, and every plugin new-plugin generates lints clean."""

from __future__ import annotations

import pytest

from tests.scaffold.hosts import make_host, run_cli


@pytest.fixture
def package(tmp_path):
    dest = tmp_path / "hermes-plugin-wx"
    code, _, err = run_cli(
        "new-plugin",
        "wx",
        "--tool",
        "forecast",
        "--tool",
        "alerts",
        "--env",
        "WX_KEY",
        "--param",
        "city:string:City",
        "--optional-param",
        "tags:array:Tags",
        "--standalone",
        str(dest),
        "--yes",
    )
    assert code == 0, err
    return dest


@pytest.mark.parametrize("flags", [(), ("--async",)])
def test_every_generated_plugin_lints_clean(tmp_path, monkeypatch, flags):
    dest = tmp_path / "pkg"
    code, _, err = run_cli(
        "new-plugin",
        "wx",
        *flags,
        "--env",
        "WX_KEY",
        "--param",
        "n:integer",
        "--standalone",
        str(dest),
        "--yes",
    )
    assert code == 0, err
    monkeypatch.chdir(dest)
    assert run_cli("lint") == (0, "All checks passed (2 files checked).\n", "")
    host = make_host(tmp_path / "host")
    code, _, err = run_cli(
        "new-plugin",
        "wx",
        *flags,
        "--env",
        "WX_KEY",
        "--param",
        "n:integer",
        "--toolset",
        "weather",
        "--root",
        str(host),
        "--yes",
    )
    assert code == 0, err
    monkeypatch.chdir(host)
    code, out, err = run_cli("lint")
    assert (code, err) == (0, ""), out


def test_root_is_found_from_a_subfolder_and_handlers_are_checked(package, monkeypatch):
    tools = package / "hermes_plugin_wx" / "tools.py"
    text = tools.read_text(encoding="utf-8")
    tools.write_text(
        text.replace("return json.dumps(result, ensure_ascii=False)", "return result", 1),
        encoding="utf-8",
    )
    monkeypatch.chdir(package / "hermes_plugin_wx")
    code, out, _ = run_cli("lint")
    assert code == 1
    assert "hermes_plugin_wx/tools.py:" in out
    assert "HD101" in out and "`handle_forecast` returns a dict, not a JSON string" in out


def test_tests_and_scripts_of_the_package_are_not_tool_modules(package, monkeypatch):
    (package / "scripts").mkdir()
    (package / "scripts" / "demo.py").write_text(
        "def register(ctx):\n    ctx.register_tool(name='demo', toolset='x', schema={},"
        " handler=lambda args: {})\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(package)
    assert run_cli("lint")[0] == 0
    # pre-commit passes changed files by name: still not tool modules.
    assert run_cli("lint", "scripts/demo.py", "tests/test_wx_plugin.py")[0] == 0


def test_manifest_given_alone_is_checked(package, monkeypatch):
    manifest = package / "hermes_plugin_wx" / "plugin.yaml"
    manifest.write_text(
        manifest.read_text(encoding="utf-8").replace("kind: standalone", "kind: tool"),
        encoding="utf-8",
    )
    monkeypatch.chdir(package)
    code, out, _ = run_cli("lint", "hermes_plugin_wx/plugin.yaml")
    assert code == 1
    assert (
        "hermes_plugin_wx/plugin.yaml:5:7: HD401 plugin.yaml: kind 'tool' is not one of"
        " standalone, backend, exclusive, platform, model-provider"
    ) in out


def test_malformed_manifest_is_a_finding_not_a_traceback(package, monkeypatch):
    (package / "hermes_plugin_wx" / "plugin.yaml").write_text(
        "name: wx\nprovides_tools: [forecast\n", encoding="utf-8"
    )
    monkeypatch.chdir(package)
    code, out, err = run_cli("lint")
    assert code == 1 and "Traceback" not in err
    assert "plugin.yaml:3:1: HD401 plugin.yaml: not valid YAML: did not find expected" in out


def test_a_folder_with_no_root_and_no_plugin_is_still_an_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli("lint")
    assert code == 2
    assert "no plugin package (a pyproject.toml with a hermes_agent.plugins entry point" in err


def test_a_checkout_run_on_other_files_reads_no_manifest(tmp_path, monkeypatch):
    host = make_host(tmp_path / "host")
    (host / "plugins" / "dice" / "plugin.yaml").write_text("name: [dice\n", encoding="utf-8")
    monkeypatch.chdir(host)
    # pre-commit with a tool module only: the broken plugin is not this run's business...
    assert run_cli("lint", "tools/clock_tool.py")[0] == 0
    # ...with one of the plugin's files, or on the whole root, it is.
    for args in (("plugins/dice/tools.py",), ("plugins/dice/plugin.yaml",), ()):
        code, out, _ = run_cli("lint", *args)
        assert code == 1 and "plugins/dice/plugin.yaml:2:1: HD401" in out, args


@pytest.mark.parametrize("where", ["package", "checkout"])
def test_a_manifest_given_alone_is_checked_against_its_plugins_code(
    package, tmp_path, monkeypatch, where
):
    """A commit that changes only plugin.yaml (pre-commit passes it alone) runs HD401-HD404 on
    the plugin: the findings the manifest causes in __init__.py are reported too."""
    if where == "package":
        folder, root = package / "hermes_plugin_wx", package
    else:
        root = make_host(tmp_path / "host")
        folder = root / "plugins" / "dice"
    manifest = folder / "plugin.yaml"
    rel = manifest.relative_to(root).as_posix()
    init_rel = (folder / "__init__.py").relative_to(root).as_posix()
    monkeypatch.chdir(root)
    assert run_cli("lint", rel)[0] == 0
    text = manifest.read_text(encoding="utf-8")
    # A tool taken out of provides_tools, and (the package) its variable out of requires_env.
    first_tool = "forecast" if where == "package" else "roll_dice"
    broken = text.replace(f'  - "{first_tool}"\n', "")
    if where == "checkout":  # its only tool
        broken = text.replace(f'provides_tools:\n  - "{first_tool}"\n', "provides_tools: []\n")
    else:
        broken = broken.replace('  - "WX_KEY"\n', "").replace(
            "requires_env:\n", "requires_env: []\n"
        )
    manifest.write_text(broken, encoding="utf-8")
    code, out, err = run_cli("lint", rel)
    assert code == 1, err
    assert f"HD402 tool {first_tool!r} is registered but not listed in provides_tools" in out
    assert f"{init_rel}:" in out
    if where == "package":
        assert "HD403 WX_KEY is required by tool 'forecast'" in out
    # And a manifest whose plugin has no register(ctx) at all: HD404, from the manifest alone.
    manifest.write_text(text, encoding="utf-8")
    (folder / "__init__.py").write_text('"""No register here."""\n', encoding="utf-8")
    code, out, _ = run_cli("lint", rel)
    assert code == 1 and f"{init_rel}:1:1: HD404" in out, out


def test_a_sibling_module_imports_from_the_root_package(tmp_path):
    """A plugin folder linted as the root: `from . import Backend` in a sibling module reads
    the folder's own __init__.py, so the subclass it defines is a subclass of that class."""
    from hermes_dev.lint.engine import lint
    from tests.lint.support import make_root

    init = """\
import json
from abc import ABC, abstractmethod


class Backend(ABC):
    @abstractmethod
    def fetch(self): ...


def _go(backend: Backend):
    return json.dumps({"data": backend.fetch()})


def fetch_tool(args, **kw):
    return _go(pick())


def register(ctx):
    ctx.register_tool(name="fetch_tool", toolset="f", schema={}, handler=fetch_tool)
"""
    sibling = """\
from . import Backend


class Remote(Backend):
    def fetch(self):
        raise ConnectionError("offline")
"""
    root = make_root(
        tmp_path,
        {"plugin.yaml": "name: f\n", "__init__.py": init, "remote.py": sibling},
    )
    found = lint([], root=str(root), select=["HD102"]).findings
    assert [(f.line, f.tools) for f in found] == [(15, ("fetch_tool",))]
    assert "ConnectionError" in found[0].message and "Remote.fetch" in found[0].message


_TOOL = """\
def register(ctx):
    ctx.register_tool(name="{name}", toolset="{name}", schema={{"name": "{name}",
        "description": "D.", "parameters": {{"type": "object", "properties": {{}}}}}},
        handler=lambda args, **kw: {{"done": True}})
"""


def test_a_repository_of_plugin_folders_is_a_root(tmp_path, monkeypatch):
    # plugins/<name>/ folders that their owner copies to ~/.hermes/plugins/, one a category deeper
    for rel in ("plugins/scrape", "plugins/feeds", "plugins/media/images"):
        folder = tmp_path / rel
        folder.mkdir(parents=True)
        name = folder.name
        (folder / "plugin.yaml").write_text(f"name: {name}\nprovides_tools:\n  - {name}\n")
        (folder / "__init__.py").write_text(_TOOL.format(name=name))
    (tmp_path / "docs").mkdir()
    monkeypatch.chdir(tmp_path / "docs")
    code, out, err = run_cli("lint", "--select", "HD101")
    assert code == 1, err
    found = sorted(line.split(":")[0] for line in out.splitlines() if "HD101" in line)
    assert found == [
        "plugins/feeds/__init__.py",
        "plugins/media/images/__init__.py",
        "plugins/scrape/__init__.py",
    ], out


def test_a_folder_with_no_plugin_anywhere_is_still_a_usage_error(tmp_path, monkeypatch):
    (tmp_path / "plugins" / "notes").mkdir(parents=True)  # (a folder, no manifest)
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli("lint")
    assert code == 2 and out == ""
    assert "no plugins/<name>/plugin.yaml" in err
