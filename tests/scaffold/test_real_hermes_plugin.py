"""A standalone plugin made by `new-plugin --standalone` is loaded by Hermes's real plugin manager
when enabled as both READMEs say (issue 21, item 2).

Runs where the real Hermes Agent is importable: the Python named by $HERMES_DEV_HERMES_PYTHON
(e.g. a venv with `pip install -e <hermes checkout>`), else this one; skipped otherwise. The
package is built into a wheel here, then installed into a fresh venv that sees Hermes's
environment (through a .pth file: nothing is added to Hermes's own venv). In there, with a fresh
$HERMES_HOME whose config.yaml holds exactly the README's lines, Hermes's `discover_plugins()`
must load the plugin and register its tools, and `registry.dispatch` must answer with a JSON
string; `hermes plugins enable NAME` must not see the plugin (why the READMEs say to write the
lines instead).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.scaffold.hosts import REPO, run_cli

NAME = "quote_desk"
TOOLS = ("stock_quote", "fx_rate")
# Hermes imports this; the reference host (at the repo root) has no PluginManager.
PROBE = "import hermes_cli.plugins as p, tools.registry, toolsets; assert p.PluginManager"


def _clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "PYTHON"))}
    env.update(extra)
    return env


def _run(*args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        list(args),
        cwd=cwd,
        env=_clean_env(**env),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def _hermes_python(where: Path) -> str | None:
    for python in (os.environ.get("HERMES_DEV_HERMES_PYTHON"), sys.executable):
        if python and _run(python, "-c", PROBE, cwd=where).returncode == 0:
            return python
    return None


def _readme_config(text: str, name: str) -> str:
    """The README's config.yaml lines for plugin `name`."""
    found = re.search(r"```yaml\n(plugins:\n  enabled:\n    - [a-z0-9_]+\n)```", text)
    assert found, "the README shows no plugins.enabled block"
    return re.sub(r"- [a-z0-9_]+\n$", f"- {name}\n", found.group(1))


@pytest.mark.venv
def test_hermes_loads_the_standalone_plugin_as_the_readmes_say(tmp_path: Path) -> None:
    python = _hermes_python(tmp_path)
    if python is None:
        pytest.skip("Hermes Agent is not importable (set HERMES_DEV_HERMES_PYTHON)")
    pkg = tmp_path / "pkg"
    code, _, err = run_cli(
        "new-plugin", NAME, *(a for t in TOOLS for a in ("--tool", t)),
        "--env", "QUOTE_API_KEY", "--param", "symbol:string:Ticker", "--standalone", str(pkg),
        "--yes",
    )  # fmt: skip
    assert code == 0, err

    # The lines both READMEs give, for this plugin.
    generated = _readme_config((pkg / "README.md").read_text(encoding="utf-8"), NAME)
    ours = _readme_config((REPO / "README.md").read_text(encoding="utf-8"), NAME)
    assert generated == ours == f"plugins:\n  enabled:\n    - {NAME}\n"
    home = tmp_path / "hermes_home"
    home.mkdir()
    (home / "config.yaml").write_text(generated, encoding="utf-8")

    # A wheel built here (flit_core is in this environment), installed into a fresh venv that
    # sees Hermes's environment.
    wheels = tmp_path / "wheels"
    done = _run(
        sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
        "--no-index", "-w", str(wheels), str(pkg), cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    venv = tmp_path / "venv"
    done = _run(python, "-m", "venv", "--without-pip", str(venv), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    venv_python = str(venv / "bin" / "python")
    paths = _run(
        python, "-c", "import json, site, sysconfig; p = sysconfig.get_paths();"
        " print(json.dumps([p['purelib'], p['platlib'], *site.getsitepackages()]))",
        cwd=tmp_path,
    )  # fmt: skip
    assert paths.returncode == 0, paths.stderr
    site_dir = _run(
        venv_python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=tmp_path
    ).stdout.strip()
    lines = [f"import site; site.addsitedir({p!r})" for p in dict.fromkeys(json.loads(paths.stdout))]
    Path(site_dir, "hermes_dev_test_hermes.pth").write_text("\n".join(lines) + "\n")
    done = _run(
        sys.executable, "-m", "pip", "--python", venv_python, "install", "--quiet", "--no-deps",
        "--no-index", *map(str, wheels.glob("*.whl")), cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr

    script = f"""\
import json
from hermes_cli.plugins import discover_plugins, get_plugin_manager
from hermes_cli.plugins_cmd import _resolve_plugin_key
from tools.registry import registry
discover_plugins()
listed = [p for p in get_plugin_manager().list_plugins() if p["name"] == {NAME!r}]
entries = {{t: registry.get_entry(t) for t in {list(TOOLS)!r}}}
print(json.dumps({{
    "listed": listed,
    "toolsets": {{t: e.toolset if e else None for t, e in entries.items()}},
    "result": registry.dispatch("stock_quote", {{"symbol": "ACME"}}),
    "enable_sees_it": _resolve_plugin_key({NAME!r}),
}}))
"""
    done = _run(venv_python, "-c", script, cwd=tmp_path, HERMES_HOME=str(home), QUOTE_API_KEY="k")
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    (plugin,) = seen["listed"]
    assert plugin["source"] == "entrypoint" and plugin["enabled"] is True, plugin
    assert plugin["error"] is None and plugin["tools"] == len(TOOLS)
    assert seen["toolsets"] == {t: NAME for t in TOOLS}
    assert isinstance(seen["result"], str) and json.loads(seen["result"]) == {"symbol": "ACME"}
    assert seen["enable_sees_it"] is None  # `hermes plugins enable` cannot find it

    # Without the lines, Hermes does not load it: the config is what did it.
    (home / "config.yaml").write_text("plugins:\n  enabled: []\n", encoding="utf-8")
    done = _run(venv_python, "-c", script, cwd=tmp_path, HERMES_HOME=str(home), QUOTE_API_KEY="k")
    assert done.returncode == 0, done.stderr[-3000:]
    (plugin,) = json.loads(done.stdout.strip().splitlines()[-1])["listed"]
    assert plugin["enabled"] is False
