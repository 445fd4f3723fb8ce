"""new-tool makes the model see the tool (issue 21, item 1): with a fresh config the host's own
`_get_platform_tools` and `get_tool_definitions` offer it on the CLI, and `hermes tools` lists
its toolset under its own label; --opt-in, --core and --toolset as the README says; every
closing line; remove-tool gives back every byte."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.scaffold.hosts import make_host, make_newest_host, run_cli, run_in_host, snapshot

PROBE = """\
import json, os
from hermes_cli.tools_config import CONFIGURABLE_TOOLSETS, _DEFAULT_OFF_TOOLSETS, _get_platform_tools
from model_tools import get_tool_definitions
os.environ["ZAP_API_KEY"] = "k"
cli = sorted(_get_platform_tools({}, "cli"))
chosen = sorted(_get_platform_tools({"platform_toolsets": {"cli": ["clock", "zap"]}}, "cli"))
print(json.dumps({
    "cli": cli,
    "telegram": sorted(_get_platform_tools({}, "telegram")),
    "offered": sorted(d["function"]["name"] for d in get_tool_definitions(enabled_toolsets=cli)),
    "chosen": sorted(d["function"]["name"] for d in get_tool_definitions(enabled_toolsets=chosen)),
    "row": [list(r) for r in CONFIGURABLE_TOOLSETS if r[0] == "zap"],
    "off": sorted(_DEFAULT_OFF_TOOLSETS),
}))
"""


@pytest.fixture
def host(tmp_path: Path) -> Path:
    return make_host(tmp_path / "host")


def _new(host: Path, *args: str) -> str:
    code, out, err = run_cli("new-tool", "zap", *args, "--root", str(host), "--yes")
    assert code == 0, err
    return out


def _probe(host: Path) -> dict[str, object]:
    done = run_in_host(host, PROBE)
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


def _remove_restores(host: Path, before: dict[str, bytes]) -> None:
    code, _, err = run_cli("remove-tool", "zap", "--root", str(host), "--yes")
    assert code == 0, err
    assert snapshot(host) == before


def test_defaults_offer_the_tool_on_the_cli_and_list_it(host: Path) -> None:
    before = snapshot(host)
    out = _new(host, "--env", "ZAP_API_KEY", "--emoji", "⚡", "--description", "Zap things.")
    assert (
        'offered: on by default on cli (a fresh config); in `hermes tools` as "⚡ Zap"\n' in out
    )
    seen = _probe(host)
    assert "zap" in seen["cli"] and "zap" not in seen["telegram"]  # type: ignore[operator]
    assert "zap" in seen["offered"]  # type: ignore[operator]
    assert seen["row"] == [["zap", "⚡ Zap", "Zap things."]]
    toolsets = (host / "toolsets.py").read_text(encoding="utf-8")
    assert '"includes": ["weather", "zap"],' in toolsets
    _remove_restores(host, before)


def test_opt_in_is_listed_and_off_by_default(host: Path) -> None:
    before = snapshot(host)
    out = _new(host, "--opt-in", "--env", "ZAP_API_KEY")
    assert out.splitlines()[-2] == (
        'offered: on no platform by default; in `hermes tools` as "🔧 Zap", off until turned on'
        " there"
    )
    seen = _probe(host)
    assert "zap" not in seen["cli"] and "zap" not in seen["offered"]  # type: ignore[operator]
    assert seen["off"] == ["zap"]
    assert "zap" in seen["chosen"]  # type: ignore[operator]  # turned on in `hermes tools`
    assert '"includes": ["weather"],' in (host / "toolsets.py").read_text(encoding="utf-8")
    _remove_restores(host, before)


def test_core_offers_it_on_every_platform(host: Path) -> None:
    before = snapshot(host)
    out = _new(host, "--core", "--env", "ZAP_API_KEY")
    assert 'offered: on by default on cli, telegram (a fresh config); in `hermes tools` as "🔧 Zap"' in out
    seen = _probe(host)
    assert "zap" in seen["cli"] and "zap" in seen["telegram"]  # type: ignore[operator]
    assert '"includes": ["weather"],' in (host / "toolsets.py").read_text(encoding="utf-8")
    _remove_restores(host, before)


def test_a_toolset_nothing_offers_is_said_and_hd307_reports_it(host: Path) -> None:
    path = host / "toolsets.py"
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            "    # ── Platforms ──\n",
            '    "misc": {"description": "Odds and ends", "tools": [], "includes": []},\n\n'
            "    # ── Platforms ──\n",
        ),
        encoding="utf-8",
    )
    before = snapshot(host)
    out = _new(host, "--toolset", "misc")
    assert (
        "offered: on no platform by default, and toolset 'misc' is not in `hermes tools`: only a"
        " config that enables it (platform_toolsets in $HERMES_HOME/config.yaml) reaches the"
        " tool\n" in out
    )
    code, out, _ = run_cli("lint", "--select", "HD307", "--no-baseline", "--root", str(host))
    assert code == 1
    assert "tools/zap_tool.py:" in out and "HD307 tool 'zap' is never offered" in out
    _remove_restores(host, before)


def test_opt_in_needs_a_new_toolset_and_a_picker(host: Path) -> None:
    before = snapshot(host)
    code, _, err = run_cli("new-tool", "zap", "--opt-in", "--toolset", "clock", "--root", str(host))
    assert code == 2
    assert err == (
        "hermes-dev: error: --opt-in makes the new toolset opt-in, but toolsets.py has 'clock'"
        " already; leave out --opt-in or name a new --toolset\n"
    )
    (host / "hermes_cli" / "tools_config.py").unlink()
    code, _, err = run_cli("new-tool", "zap", "--opt-in", "--root", str(host))
    assert code == 2
    assert err == (
        "hermes-dev: error: hermes_cli/tools_config.py is missing, so there is no `hermes tools`"
        " picker to list an opt-in tool in; leave out --opt-in\n"
    )
    before.pop("hermes_cli/tools_config.py")
    assert snapshot(host) == before


def test_a_checkout_without_a_picker_gets_the_cli_include(host: Path) -> None:
    (host / "hermes_cli" / "tools_config.py").unlink()
    before = snapshot(host)
    out = _new(host)
    assert (
        "offered: on by default on cli (a fresh config); this checkout has no"
        " hermes_cli/tools_config.py (no `hermes tools`)\n" in out
    )
    assert '"includes": ["weather", "zap"],' in (host / "toolsets.py").read_text(encoding="utf-8")
    _remove_restores(host, before)


def test_a_bundle_platform_entry_takes_the_tool_instead(tmp_path: Path) -> None:
    host = make_newest_host(tmp_path / "host")
    before = snapshot(host)
    out = _new(host)
    assert "offered: on by default on cli (a fresh config)" in out
    toolsets = (host / "toolsets.py").read_text(encoding="utf-8")
    assert '_bundle("Cli bot toolset - the core tools", extras=["zap"])' in toolsets
    _remove_restores(host, before)


def test_a_cli_toolset_that_takes_nothing_is_refused_with_the_ways_out(host: Path) -> None:
    path = host / "toolsets.py"
    source = path.read_text(encoding="utf-8")
    cli = (
        '    "hermes-cli": {\n'
        '        "description": "Everything the command line offers",\n'
        '        "tools": _HERMES_CORE_TOOLS,\n'
        '        "includes": ["weather"],\n'
        "    },\n"
    )
    assert cli in source
    path.write_text(source.replace(cli, cli.replace('        "includes": ["weather"],\n', "")))
    before = snapshot(host)
    code, _, err = run_cli("new-tool", "zap", "--root", str(host), "--yes")
    assert code == 2
    assert err == (
        "hermes-dev: error: toolsets.py: 'hermes-cli' can take neither toolset 'zap' in its"
        ' includes nor \'zap\' in its tools (TOOLSETS["hermes-cli"] has no "includes" list);'
        " pass --core (on by default on every platform) or --opt-in (in `hermes tools`, off by"
        " default)\n"
    )
    assert snapshot(host) == before
    assert _new(host, "--core")


def test_joining_a_recovered_toolset_takes_core_too(host: Path) -> None:
    """A toolset outside the picker whose tools are all core tools is recovered on every
    platform; joining it without --core would switch it (and its tool) off."""
    path = host / "toolsets.py"
    source = path.read_text(encoding="utf-8")
    source = source.replace('    "word_count", "reverse_text",\n', '    "word_count", "reverse_text", "ping",\n')
    source = source.replace(
        "    # ── Platforms ──\n",
        '    "net": {"description": "Network checks", "tools": ["ping"], "includes": []},\n\n'
        "    # ── Platforms ──\n",
    )
    path.write_text(source, encoding="utf-8")
    before = snapshot(host)
    code, _, err = run_cli("new-tool", "zap", "--toolset", "net", "--root", str(host), "--yes")
    assert code == 2
    assert err.startswith("hermes-dev: error: toolset 'net' is on by default on cli, telegram")
    assert snapshot(host) == before
    out = _new(host, "--toolset", "net", "--core")
    assert "offered: on by default on cli, telegram (a fresh config); toolset 'net' is not in" in out
    _remove_restores(host, before)
