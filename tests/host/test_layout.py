"""Root finding: one walk up from a file or folder, shared by lint and the scaffold."""

from pathlib import Path

from hermes_dev.host.layout import find_root, load_project
from hermes_dev.lint.engine import find_root as lint_root


def _host(tmp_path: Path) -> Path:
    root = tmp_path / "host"
    (root / "tools" / "deep").mkdir(parents=True)
    (root / "toolsets.py").write_text("TOOLSETS = {}\n")
    (root / "tools" / "registry.py").write_text("")
    (root / "tools" / "deep" / "x_tool.py").write_text("")
    return root


def test_lint_and_scaffold_find_the_same_root(tmp_path: Path) -> None:
    root = _host(tmp_path)
    module = root / "tools" / "deep" / "x_tool.py"
    assert find_root(str(module)) == root
    assert find_root(module.parent) == root
    assert lint_root([str(module)], None) == root
    assert load_project(start=module).root == root.resolve()


def test_no_root_above_a_plain_folder(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    assert find_root(plain) is None
    assert lint_root([str(plain)], None) == plain
