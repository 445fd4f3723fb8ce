"""check in a plugin package outside any checkout: its entry point's register(ctx) with a
recording ctx, the calls made as Hermes' dispatch makes them."""

from __future__ import annotations

import json
from pathlib import Path

from tests.check.conftest import run_check
from tests.scaffold.hosts import run_cli


def test_a_generated_package_is_clean_and_a_broken_one_is_not(tmp_path: Path) -> None:
    pkg = tmp_path / "hermes-plugin-dice"
    code, _, err = run_cli(
        "new-plugin", "dice", "--tool", "roll_dice", "--param", "sides:integer:Sides",
        "--standalone", str(pkg), "--yes",
    )
    assert code == 0, err
    proc = run_check(pkg, "roll_dice", "--max-examples", "10")
    assert (proc.returncode, proc.stderr) == (0, ""), proc.stdout
    assert proc.stdout.startswith("All checks passed (1 tool checked, ")
    tools = pkg / "hermes_plugin_dice" / "tools.py"
    text = tools.read_text(encoding="utf-8")
    broken = text.replace(
        "def handle_roll_dice(args: dict, **kw) -> str:\n",
        "def handle_roll_dice(args: dict, **kw) -> str:\n    return {'sides': args.get('sides')}\n",
    )
    assert broken != text
    tools.write_text(broken, encoding="utf-8")
    proc = run_check(pkg, "roll_dice", "--format", "json", "--no-lint")
    items = json.loads(proc.stdout)
    assert [(i["code"], i["path"], i["arguments"]) for i in items] == [
        ("HD502", "hermes_plugin_dice/tools.py", {"sides": 0})
    ]


def test_a_package_in_the_src_layout_is_imported_from_src(tmp_path: Path) -> None:
    """Not installed: its entry point's module is found under src/, as lint finds it."""
    pkg = tmp_path / "hermes-peek"
    (pkg / "src" / "peek").mkdir(parents=True)
    (pkg / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["flit_core"]\nbuild-backend = "flit_core.buildapi"\n\n'
        '[project]\nname = "hermes-peek"\nversion = "0.1.0"\ndescription = "d"\n\n'
        '[project.entry-points."hermes_agent.plugins"]\npeek = "peek"\n',
        encoding="utf-8",
    )
    (pkg / "src" / "peek" / "__init__.py").write_text(
        "def peek(args, **kw):\n"
        "    return {'seen': args.get('what')}\n\n\n"
        "def register(ctx):\n"
        "    ctx.register_tool(name='peek', toolset='peek', handler=peek, schema={\n"
        "        'name': 'peek', 'description': 'Peek.', 'parameters': {'type': 'object',\n"
        "        'properties': {'what': {'type': 'string', 'description': 'What.'}}}})\n",
        encoding="utf-8",
    )
    # (after the standard library, as an installed wheel: a `src/csv.py` is no stand-in)
    (pkg / "src" / "csv.py").write_text("raise ImportError('not the csv module')\n")
    init = pkg / "src" / "peek" / "__init__.py"
    init.write_text("import csv\n" + init.read_text(encoding="utf-8"), encoding="utf-8")
    proc = run_check(pkg, "peek", "--replay", '{"what": "x"}', "--no-lint")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert proc.stdout.startswith("src/peek/__init__.py:2:1: HD502 returns a dict"), proc.stdout
