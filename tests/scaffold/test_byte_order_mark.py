"""Host files that start with a UTF-8 byte-order mark (as some Windows editors save them):
Python reads them as if it were not there, and so must every reader of new-tool and remove-tool
(the offered line, the record's undo, the taken-name check)."""

from __future__ import annotations

import pytest

from tests.scaffold.hosts import make_host, run_cli, snapshot

BOM = b"\xef\xbb\xbf"
FILES = ["toolsets.py", "hermes_cli/tools_config.py", "hermes_cli/config.py"]


def _with_bom(host, rels):
    for rel in rels:
        path = host / rel
        path.write_bytes(BOM + path.read_bytes())


@pytest.mark.parametrize("rels", [[rel] for rel in FILES] + [FILES], ids=[*FILES, "all"])
def test_new_tool_offers_and_remove_tool_undoes_every_byte(tmp_path, rels):
    host = make_host(tmp_path / "host")
    _with_bom(host, rels)
    before = snapshot(host)
    code, out, err = run_cli("new-tool", "ii", "--env", "II_API_KEY", "--root", str(host), "--yes")
    assert (code, err) == (0, ""), err
    assert 'offered: on by default on cli (a fresh config); in `hermes tools` as "🔧 Ii"' in out
    after = snapshot(host)
    for rel in FILES:
        assert after[rel].startswith(BOM) == (rel in rels), rel
        assert after[rel] != before[rel], rel  # entry, picker row and env entry all written
    code, _, err = run_cli("remove-tool", "ii", "--root", str(host), "--yes")
    assert (code, err) == (0, ""), err
    assert snapshot(host) == before


def test_a_name_listed_in_a_toolsets_py_with_a_byte_order_mark_is_taken(tmp_path):
    host = make_host(tmp_path / "host")
    path = host / "toolsets.py"
    text = path.read_text(encoding="utf-8")
    assert '"tools": ["word_count"' in text
    path.write_bytes(
        BOM + text.replace('"tools": ["word_count"', '"tools": ["ghost", "word_count"').encode()
    )
    before = snapshot(host)
    code, _, err = run_cli("new-tool", "ghost", "--root", str(host), "--yes")
    assert code == 2
    assert err == (
        "hermes-dev: error: the name 'ghost' is taken (toolsets.py lists 'ghost' in"
        " TOOLSETS['text']); pick another name or pass --force to overwrite it\n"
    )
    assert snapshot(host) == before
