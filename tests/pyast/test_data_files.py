"""A table a package ships as data (semantic/data_files.py): read from the file the module names
from its own `__file__`, never from anywhere else, and never a failure on a bad file."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from hermes_dev.pyast.semantic.modules import Models
from hermes_dev.pyast.semantic.resolve import resolve_name
from hermes_dev.pyast.semantic.scopes import Literal, module_scope


def _bomb() -> str:
    text, previous = 'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\n', "a"
    for name in "bcdefghi":
        text += f"{name}: &{name} [" + ", ".join([f"*{previous}"] * 9) + "]\n"
        previous = name
    return text


_BOMB = _bomb()


def _specs(tmp_path: Path, code: str, files: dict[str, str]) -> object:
    """What the module's `SPECS` resolves to (the Literal's value, or None when unknown)."""
    root = tmp_path / "root"  # (a file may be written beside it, outside the root)
    package = root / "plugins" / "p"
    package.mkdir(parents=True)
    for rel, text in files.items():
        target = (package / rel).resolve()
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    (package / "__init__.py").write_text(code)
    module = Models(root).get(package / "__init__.py")
    assert module is not None
    found = resolve_name("SPECS", module_scope(module))
    literal = found.single()
    if not isinstance(literal, Literal):
        return None
    return ast.literal_eval(literal.expr)


@pytest.mark.parametrize(
    ("code", "files"),
    [
        (
            "import yaml\nfrom pathlib import Path\n\n\ndef _load():\n"
            "    path = Path(__file__).with_name('tools.yml')\n"
            "    with path.open('r', encoding='utf-8') as fh:\n        return yaml.safe_load(fh)\n\n\n"
            "SPECS = _load()\n",
            {"tools.yml": "- name: a\n  handler: run\n"},
        ),
        (
            "import json, os\n\nHERE = os.path.dirname(os.path.abspath(__file__))\n"
            "SPECS = json.load(open(os.path.join(HERE, 'data', 'tools.json')))\n",
            {"data/tools.json": '[{"name": "a", "handler": "run"}]'},
        ),
        (
            "import tomllib\nfrom pathlib import Path\n\n"
            "SPECS = tomllib.loads((Path(__file__).resolve().parent / 'tools.toml').read_text())['tools']\n",
            {"tools.toml": '[[tools]]\nname = "a"\nhandler = "run"\n'},
        ),
    ],
    ids=["yaml-with-open", "json-os-path-join", "toml-read-text"],
)
def test_a_data_file_beside_the_module_is_read_as_its_literal(
    tmp_path: Path, code: str, files: dict[str, str]
) -> None:
    found = _specs(tmp_path, code, files)
    if isinstance(found, dict):  # (the toml table before its subscript)
        found = found["tools"]
    assert found == [{"name": "a", "handler": "run"}]


@pytest.mark.parametrize(
    ("code", "files"),
    [
        # a path that leaves the package for the project's parent
        (
            "import json\nfrom pathlib import Path\n\n"
            "SPECS = json.loads((Path(__file__).parent / '../../../outside.json').read_text())\n",
            {"../../../outside.json": "[1]"},
        ),
        # a path relative to wherever the process runs
        ("import json\n\nSPECS = json.load(open('tools.json'))\n", {"tools.json": "[1]"}),
        # a file that does not parse, one that is not there, one too big
        (
            "import yaml\nfrom pathlib import Path\n\n"
            "SPECS = yaml.safe_load(Path(__file__).with_name('t.yml').read_text())\n",
            {"t.yml": "a: [1, 2\n"},
        ),
        (
            "import yaml\nfrom pathlib import Path\n\n"
            "SPECS = yaml.safe_load(Path(__file__).with_name('missing.yml').read_text())\n",
            {},
        ),
        (
            "import json\nfrom pathlib import Path\n\n"
            "SPECS = json.loads(Path(__file__).with_name('big.json').read_text())\n",
            {"big.json": "[" + ",".join(["1"] * 200_000) + "]"},
        ),
        # data that is not plain (a YAML date): unknown, not a wrong literal
        (
            "import yaml\nfrom pathlib import Path\n\n"
            "SPECS = yaml.safe_load(Path(__file__).with_name('d.yml').read_text())\n",
            {"d.yml": "when: 2024-01-02\n"},
        ),
        # aliases nested nine deep (9**9 leaves when expanded): bounded, unknown
        (
            "import yaml\nfrom pathlib import Path\n\n"
            "SPECS = yaml.safe_load(Path(__file__).with_name('b.yml').read_text())\n",
            {"b.yml": _BOMB},
        ),
    ],
    ids=["outside-the-root", "relative-to-cwd", "bad-yaml", "missing", "too-big", "a-date", "yaml-bomb"],
)
def test_any_other_file_is_unknown(tmp_path: Path, code: str, files: dict[str, str]) -> None:
    assert _specs(tmp_path, code, files) is None
