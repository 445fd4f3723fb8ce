"""The reference host's dice plugin is exactly what `hermes-dev new-plugin` generates today."""

import shlex

from tests.scaffold.hosts import REPO, make_host, run_cli, snapshot

# The one command line that made plugins/dice/ and tests/plugins/test_dice_plugin.py. README.md
# quotes it; the test below keeps both honest.
DICE_COMMAND = (
    "hermes-dev new-plugin dice --tool roll_dice"
    ' --description "Roll dice and return each result."'
    ' --param "sides:integer:Number of sides on each die, e.g. 6"'
    ' --optional-param "count:integer:How many dice to roll (default: 1)"'
    " --emoji 🎲 --yes"
)
DICE_FILES = [
    "plugins/dice/__init__.py",
    "plugins/dice/plugin.yaml",
    "plugins/dice/tools.py",
    "tests/plugins/test_dice_plugin.py",
]


def test_committed_dice_plugin_is_what_new_plugin_generates(tmp_path):
    host = make_host(tmp_path)
    before = snapshot(host)
    code, _, err = run_cli("remove-plugin", "dice", "--root", str(host), "--yes")
    assert code == 0, err
    assert not (host / "plugins" / "dice").exists()
    args = shlex.split(DICE_COMMAND)
    assert args[0] == "hermes-dev"
    code, _, err = run_cli(*args[1:], "--root", str(host))
    assert code == 0, err
    after = snapshot(host)
    for rel in DICE_FILES:
        assert after[rel] == (REPO / rel).read_bytes(), (
            f"{rel} differs from what `{DICE_COMMAND}` generates; run it again on the repo"
            " (after `hermes-dev remove-plugin dice --yes`) and commit the result"
        )
    assert after == before


def test_readme_quotes_the_dice_command():
    assert DICE_COMMAND in (REPO / "README.md").read_text(encoding="utf-8")
