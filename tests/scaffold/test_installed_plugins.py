"""new-plugin refuses a plugin or tool name that an installed entry-point plugin uses (issue 21,
item 2): read from the distributions' metadata, nothing imported; one line, exit 2; --force."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from hermes_dev.host.installed_plugins import MAX_MANIFEST_BYTES, installed_plugins
from tests.scaffold.hosts import make_host, run_cli, snapshot

MANIFEST = "name: weather\nversion: 0.1.0\nprovides_tools:\n  - forecast\n  - alerts\n"


def _distribution(
    site: Path,
    *,
    name: str = "weather",
    manifest: str | bytes | None = MANIFEST,
    editable_source: Path | None = None,
) -> None:
    """A distribution installed in `site` exposing plugin `name`; its module exits the process
    when imported (hermes-dev must never import it)."""
    package = f"hermes_plugin_{name}"
    info = site / f"{package}-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: hermes-plugin-{name}\nVersion: 0.1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        f"[hermes_agent.plugins]\n{name} = {package}\n", encoding="utf-8"
    )
    record = [f"{package}/__init__.py,,"]
    where = site if editable_source is None else editable_source
    (where / package).mkdir(parents=True, exist_ok=True)
    (where / package / "__init__.py").write_text(
        'raise SystemExit("hermes-dev imported an installed plugin")\n', encoding="utf-8"
    )
    if manifest is not None:
        data = manifest.encode() if isinstance(manifest, str) else manifest
        (where / package / "plugin.yaml").write_bytes(data)
        if editable_source is None:
            record.append(f"{package}/plugin.yaml,,")
    if editable_source is not None:
        direct = {"url": editable_source.as_uri(), "dir_info": {"editable": True}}
        (info / "direct_url.json").write_text(json.dumps(direct), encoding="utf-8")
    (info / "RECORD").write_text("\n".join(record) + "\n", encoding="utf-8")


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    return folder


def test_reads_name_and_tools_without_importing(site: Path) -> None:
    _distribution(site)
    found = [p for p in installed_plugins() if p.name == "weather"]
    assert len(found) == 1
    assert found[0].distribution == "hermes-plugin-weather 0.1.0"
    assert found[0].module == "hermes_plugin_weather"
    assert found[0].tools == ("forecast", "alerts")
    assert "hermes_plugin_weather" not in sys.modules


def test_an_editable_install_is_read_from_its_source_folder(site: Path, tmp_path: Path) -> None:
    _distribution(site, name="radar", manifest="provides_tools: [sweep]\n", editable_source=tmp_path / "src")
    (plugin,) = [p for p in installed_plugins() if p.name == "radar"]
    assert plugin.tools == ("sweep",)


@pytest.mark.parametrize(
    "manifest",
    [
        None,
        "provides_tools: [unclosed\n",
        b"\xff\xfe",
        "a: " + "[" * 5_000 + "]" * 5_000 + "\n",
        "provides_tools: " + "x" * MAX_MANIFEST_BYTES + "\n",
        "- a list, not a mapping\n",
    ],
)
def test_a_bad_manifest_gives_no_tools(site: Path, manifest: str | bytes | None) -> None:
    _distribution(site, manifest=manifest)
    (plugin,) = [p for p in installed_plugins() if p.name == "weather"]
    assert plugin.tools == ()


def test_standalone_refuses_an_installed_plugin_name(site: Path, tmp_path: Path) -> None:
    _distribution(site)
    dest = tmp_path / "pkg"
    code, _, err = run_cli("new-plugin", "weather", "--standalone", str(dest), "--yes")
    assert code == 2
    assert err == (
        "hermes-dev: error: an installed package provides a plugin named 'weather' already"
        " (hermes-plugin-weather 0.1.0, entry point weather = hermes_plugin_weather); pick"
        " another name or pass --force to make it anyway\n"
    )
    assert not dest.exists()
    code, _, err = run_cli("new-plugin", "weather", "--standalone", str(dest), "--yes", "--force")
    assert code == 0, err
    assert "hermes_plugin_weather" not in sys.modules


def test_a_checkout_plugin_refuses_an_installed_plugins_tool(site: Path, tmp_path: Path) -> None:
    _distribution(site)
    host = make_host(tmp_path / "host")
    before = snapshot(host)
    code, _, err = run_cli(
        "new-plugin", "radar", "--tool", "alerts", "--root", str(host), "--yes"
    )
    assert code == 2
    assert err == (
        "hermes-dev: error: a tool named 'alerts' exists already (the installed plugin"
        " 'weather' provides it: hermes-plugin-weather 0.1.0, entry point weather ="
        " hermes_plugin_weather); name the plugin's tools with --tool, or pass --force to make"
        " it anyway\n"
    )
    assert snapshot(host) == before
    code, _, err = run_cli("new-plugin", "radar", "--tool", "sweep", "--root", str(host), "--yes")
    assert code == 0, err
