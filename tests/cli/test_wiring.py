"""Every command the CLI lists is wired to a module, answers --help, and the API names resolve."""

import subprocess
import sys

import pytest

import hermes_dev
from hermes_dev.cli import COMMANDS, _load_command


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_command_module_defines_the_command(name):
    command = _load_command(name)
    assert command.name == name
    assert command.help


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_help_exits_zero(name):
    done = subprocess.run(
        [sys.executable, "-m", "hermes_dev", name, "--help"],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert f"hermes-dev {name}" in done.stdout


def test_unknown_command_is_a_usage_error():
    done = subprocess.run(
        [sys.executable, "-m", "hermes_dev", "frobnicate"],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "frobnicate" in done.stderr


def test_public_api_names_resolve():
    assert callable(hermes_dev.new_tool)
    assert callable(hermes_dev.remove_tool)
    assert callable(hermes_dev.lint_paths)
    with pytest.raises(AttributeError):
        hermes_dev.nope  # noqa: B018


def test_lint_start_up_imports_no_heavy_library(tmp_path):
    code = (
        "import sys\n"
        "from hermes_dev.cli import main\n"
        "try:\n"
        f"    main(['lint', {str(tmp_path / 'x.py')!r}])\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = [m for m in ('click', 'copier', 'libcst', 'jsonschema') if m in sys.modules]\n"
        "print()\n"
        "print(','.join(heavy))\n"
    )
    (tmp_path / "x.py").write_text("x = 1\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "1 file checked" in done.stdout
    assert done.stdout.splitlines()[-1] == "", done.stdout
