"""Two runs of lint in one process (as `hermes-dev server` makes them) see each other's edits:
what an analysis remembers of a folder (its sqlite tables) lasts one run."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hermes_dev.lint.engine import lint
from tests.lint.support import make_root

if TYPE_CHECKING:
    from pathlib import Path

    import pytest

DB = """\
import sqlite3

SCHEMA = "CREATE TABLE IF NOT EXISTS tags (id INTEGER PRIMARY KEY, label TEXT NOT NULL UNIQUE)"


def connect():
    conn = sqlite3.connect("tags.db")
    conn.execute(SCHEMA)
    return conn
"""
TOOL = """\
import json

from tools.tag_db import connect
from tools.registry import registry


def tag_add(args, **kw):
    with connect() as conn:
        conn.execute("INSERT INTO tags (label) VALUES (?)", (args.get("label") or "",))
    return json.dumps({"added": True})


registry.register(name="tag_add", toolset="t", schema={"name": "tag_add", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=tag_add)
"""


def test_a_second_run_reads_the_edited_schema(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HERMES_DEV_NO_CACHE", "1")
    root = make_root(tmp_path, {"tools/tag_db.py": DB, "tools/tag_tool.py": TOOL})

    def hd102() -> list[int]:
        found = lint([], root=str(root)).findings
        return [f.line for f in found if f.code == "HD102"]

    assert hd102() == [9]
    db = root / "tools/tag_db.py"
    db.write_text(db.read_text().replace(" UNIQUE", ""), encoding="utf-8")
    assert hd102() == []
