"""`subtree_files`: the neighbourhood a subclass or decorated-def search reads (and the cache's
key of a module with abstract methods or a registering decorator counts)."""

from __future__ import annotations

from pathlib import Path

from hermes_dev.pyast.semantic import import_graph
from hermes_dev.pyast.semantic.import_graph import subtree_files


def _touch(root: Path, *rels: str) -> None:
    for rel in rels:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("", encoding="utf-8")


def test_a_folder_and_those_under_it_without_venvs_or_hidden_folders(tmp_path: Path) -> None:
    _touch(
        tmp_path,
        "tools/cu/base.py",
        "tools/cu/impl/real.py",
        "tools/cu/.venv/lib/site.py",
        "tools/cu/site-packages/x.py",
        "tools/cu/notes.txt",
        "tools/other.py",
    )
    assert subtree_files(str(tmp_path), "tools/cu") == ["tools/cu/base.py", "tools/cu/impl/real.py"]


def test_the_root_itself_is_only_its_own_files(tmp_path: Path) -> None:
    """A module at the top of a checkout (`cli.py`) has no folder of its own: a walk of the
    whole checkout would be neither a neighbourhood nor cheap."""
    _touch(tmp_path, "cli.py", "run.py", "agent/deep.py", ".venv/lib/x.py")
    assert subtree_files(str(tmp_path), "") == ["cli.py", "run.py"]


def test_bounded(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    _touch(tmp_path, *(f"pkg/m{i:02}.py" for i in range(10)))
    monkeypatch.setattr(import_graph, "MAX_SUBTREE_FILES", 4)
    assert subtree_files(str(tmp_path), "pkg") == [f"pkg/m{i:02}.py" for i in range(4)]
