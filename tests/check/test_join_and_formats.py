"""Static and dynamic together (HD102 confirmed, what lint missed), in every report format;
suppressions and the baseline work for check as for lint."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.check.conftest import run_check

RAISES_TOOL = '''\
import json
from tools.registry import registry

SCHEMA = {"name": "lookup", "description": "Look a word up.", "parameters": {
    "type": "object",
    "properties": {"word": {"type": "string", "description": "A word"}},
    "required": ["word"]}}


def lookup(args, **kw):
    word = args.get("word")
    if not word:
        raise ValueError("word is required")
    return json.dumps({"word": word})


def count(args, **kw):
    return json.dumps({"n": len(dict(args)["word"])})  # (a copy: lint does not follow it)


registry.register(name="lookup", toolset="words", schema=SCHEMA, handler=lookup)
registry.register(name="count", toolset="words", schema={**SCHEMA, "name": "count"}, handler=count)
'''
TOOLSETS_ADD = '    "words": {"description": "Words", "tools": ["lookup", "count"], "includes": []},\n'


@pytest.fixture
def words(host: Path) -> Path:
    (host / "tools" / "words_tool.py").write_text(RAISES_TOOL, encoding="utf-8")
    toolsets = host / "toolsets.py"
    text = toolsets.read_text(encoding="utf-8")
    toolsets.write_text(text.replace("TOOLSETS = {\n", "TOOLSETS = {\n" + TOOLSETS_ADD, 1), encoding="utf-8")
    return host


def test_text_marks_hd102_confirmed_and_lists_what_lint_missed(words: Path) -> None:
    proc = run_check(words, "lookup", "count", "--max-examples", "5")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("tools/words_tool.py:13:9: HD102 `raise ValueError` escapes")
    assert lines[0].endswith(
        " (confirmed at run time: HD501 ValueError at tools/words_tool.py:13) [lookup]"
    )
    assert lines[1] == (
        "tools/words_tool.py:13:9: HD501 `ValueError: word is required` escapes the handler;"
        " replay: hermes-dev check lookup --replay '{\"word\": \"\"}' [lookup]"
    )
    assert lines[-2].startswith("Found 4 findings in 1 file (2 tools checked, ")
    assert lines[-1] == "Static analysis missed 2 of these: lint reports nothing on count."
    assert any(
        line.startswith("tools/words_tool.py:18:5: HD501 `KeyError: 'word'` escapes the handler")
        for line in lines
    )


def test_json_and_sarif_carry_confirmed_and_missed(words: Path) -> None:
    items = json.loads(run_check(words, "lookup", "count", "--format", "json").stdout)
    by_code = {(i["code"], i["tool"], json.dumps(i.get("arguments"))): i for i in items}
    assert by_code[("HD102", "lookup", "null")]["confirmed"] is True
    assert by_code[("HD501", "lookup", '{"word": ""}')]["missed_by_lint"] is False
    assert by_code[("HD501", "count", "{}")]["missed_by_lint"] is True
    assert by_code[("HD501", "count", '{"word": 0}')]["missed_by_lint"] is True
    sarif = json.loads(run_check(words, "lookup", "count", "--format", "sarif").stdout)
    results = sarif["runs"][0]["results"]
    props = {
        (r["ruleId"], r["properties"]["tool"], r["properties"].get("replay")): r["properties"]
        for r in results
    }
    assert props[("HD102", "lookup", None)]["confirmed"] is True
    replay = "hermes-dev check count --replay '{}'"
    assert props[("HD501", "count", replay)]["missed_by_lint"] is True
    rules = {r["id"] for r in sarif["runs"][0]["tool"]["driver"]["rules"]}
    assert {"HD501", "HD505", "HD102"} <= rules


def test_github_format(words: Path) -> None:
    out = run_check(words, "count", "--format", "github").stdout
    assert out.startswith(
        "::error file=tools/words_tool.py,line=18,col=5,endLine=18,endColumn="
    )
    assert "title=HD501::`KeyError: 'word'` escapes the handler; replay: hermes-dev check count" in out


def test_no_lint_skips_the_join(words: Path) -> None:
    items = json.loads(run_check(words, "lookup", "--no-lint", "--format", "json").stdout)
    assert [i["code"] for i in items] == ["HD501"]
    assert "missed_by_lint" not in items[0] and "confirmed" not in items[0]


def test_a_suppression_comment_silences_a_check_finding(words: Path) -> None:
    tool = words / "tools" / "words_tool.py"
    text = tool.read_text(encoding="utf-8")
    tool.write_text(
        text.replace("  # (a copy: lint does not follow it)", "  # hermes-dev: ignore[HD501]"),
        encoding="utf-8",
    )
    proc = run_check(words, "count", "--no-lint")
    assert proc.returncode == 0, proc.stdout
    # lint knows the runtime codes: the comment is no unknown code (and lint does not run HD501).
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "hermes_dev", "lint", "tools/words_tool.py", "--select", "HD900"],
        cwd=words, capture_output=True, text=True, timeout=120,
    )
    assert "HD900" not in out.stdout, out.stdout


def test_baseline_records_check_findings_beside_lints(words: Path) -> None:
    import subprocess
    import sys

    subprocess.run(
        [sys.executable, "-m", "hermes_dev", "lint", "--write-baseline"],
        cwd=words, capture_output=True, text=True, timeout=120, check=True,
    )
    proc = run_check(words, "count", "--no-lint", "--write-baseline")
    assert proc.returncode == 0
    assert "recorded 2 findings in" in proc.stderr
    doc = json.loads((words / ".hermes-dev-baseline.json").read_text(encoding="utf-8"))
    codes = sorted({e["code"] for e in doc["findings"]})
    assert "HD501" in codes and "HD102" in codes  # lint's entries kept
    proc = run_check(words, "count", "--no-lint")
    assert proc.returncode == 0
    assert proc.stdout.endswith("2 baselined findings not shown.\n")
    # Checking another tool does not count count's entry as gone; lint keeps check's entries.
    proc = run_check(words, "weather", "--no-lint")
    assert "gone" not in proc.stderr
    subprocess.run(
        [sys.executable, "-m", "hermes_dev", "lint", "--write-baseline"],
        cwd=words, capture_output=True, text=True, timeout=120, check=True,
    )
    doc = json.loads((words / ".hermes-dev-baseline.json").read_text(encoding="utf-8"))
    assert "HD501" in {e["code"] for e in doc["findings"]}
