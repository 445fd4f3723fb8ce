"""`pyast.imports.import_statements`: what the import regex's findall gives, found faster."""

from __future__ import annotations

import sysconfig
from pathlib import Path

import pytest
from hermes_dev.pyast.semantic.import_graph import _IMPORT, ImportGraph, import_statements

REPO = Path(__file__).resolve().parents[2]

TRICKY = {
    "plain": "import os\nimport a.b as c, d\n",
    "from": "from . import x\nfrom ..pkg.mod import (\n    a,\n    b as c,  # import me\n)\n",
    "semicolons": "import a; import b\nx = 1; from c import d\n",
    "indented": "def f():\n    from tools.x import y\n\tif 1:\n\t\timport z\n",
    "words-with-import": "important = 1\n# import nothing\ns = 'import q'\nreimport()\n",
    "inside-brackets": "from a import (\n    importer,\n    import_all,\n)\nimport_thing = 2\n",
    "a line inside a match": "from a import (b,\n import c)\nimport d\n",
    "no-newline-at-end": "x = 1\nfrom a import b",
    "crlf": "import a\r\nfrom b import (\r\n c)\r\n",
    "lone-cr": "import a\rimport b\n",
    "empty": "",
    "keyword-only": "import\nfrom\nfrom x import\n",
}


@pytest.mark.parametrize("name", sorted(TRICKY))
def test_the_same_as_findall(name: str) -> None:
    text = TRICKY[name]
    assert import_statements(text) == _IMPORT.findall(text)


def test_the_same_as_findall_on_every_file_here_and_in_the_stdlib() -> None:
    files = [*REPO.glob("hermes_dev/**/*.py"), *REPO.glob("tests/**/*.py")]
    files += sorted(Path(sysconfig.get_paths()["stdlib"]).glob("*.py"))
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        for variant in (text, text.replace("\n", "\r\n")):
            assert import_statements(variant) == _IMPORT.findall(variant), path


def test_the_graph_follows_them(tmp_path: Path) -> None:
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "a.py").write_text("import os\nfrom tools import b\n")
    (tmp_path / "tools" / "b.py").write_text("def f():\n    from tools.c import g\n")
    (tmp_path / "tools" / "c.py").write_text("g = 1\n")
    assert sorted(ImportGraph(str(tmp_path)).closure("tools/a.py")) == [
        "tools/a.py",
        "tools/b.py",
        "tools/c.py",
    ]
