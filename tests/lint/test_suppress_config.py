"""Suppression comments, HD900, and `[tool.hermes-dev]` in pyproject.toml."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes_dev.errors import UserError
from hermes_dev.lint.engine import lint
from tests.lint.support import make_root

TOOL = """\
import json
from tools.registry import registry

def ping(args, **kw):
    if args:
        raise ValueError("bad")  {raise_comment}
    return {{"pong": True}}  {return_comment}

def pong(args, **kw):
    return json.dumps(args)  {clean_comment}

registry.register(name="ping", toolset="t", schema={{}}, handler=ping)
registry.register(name="pong", toolset="t", schema={{}}, handler=pong)
"""


def _tool(raise_comment: str = "", return_comment: str = "", clean_comment: str = "") -> str:
    return TOOL.format(
        raise_comment=raise_comment, return_comment=return_comment, clean_comment=clean_comment
    )


def _codes(root: Path, **kw: object) -> list[tuple[int, str]]:
    result = lint([], root=str(root), **kw)  # type: ignore[arg-type]
    return [(f.line, f.code) for f in result.findings if not f.code.startswith(("HD2", "HD3"))]


def test_findings_without_suppressions(tmp_path: Path) -> None:
    root = make_root(tmp_path, {"tools/ping_tool.py": _tool()})
    assert _codes(root) == [(6, "HD102"), (7, "HD101")]


def test_suppressions(tmp_path: Path) -> None:
    source = _tool("# hermes-dev: ignore[HD102]", "# hermes-dev: ignore")
    root = make_root(tmp_path, {"tools/ping_tool.py": source})
    assert _codes(root) == []


def test_suppression_of_another_code_does_not_apply(tmp_path: Path) -> None:
    source = _tool("# hermes-dev: ignore[HD101]")
    root = make_root(tmp_path, {"tools/ping_tool.py": source})
    assert _codes(root) == [(6, "HD102"), (6, "HD900"), (7, "HD101")]


def test_unused_and_unknown_suppressions(tmp_path: Path) -> None:
    source = _tool(clean_comment="# hermes-dev: ignore[HD101, HD999]")
    root = make_root(tmp_path, {"tools/ping_tool.py": source})
    result = lint([], root=str(root), select=["HD1", "HD9"])
    hd900 = [f for f in result.findings if f.code == "HD900"]
    assert [f.line for f in hd900] == [10, 10]
    assert "HD101 suppresses nothing" in hd900[0].message + hd900[1].message
    assert any("unknown rule code HD999" in f.message for f in hd900)


@pytest.mark.parametrize(
    ("raise_comment", "return_comment", "expected"),
    [
        # Ruff's and flake8's form, any case, with the other linters' codes beside.
        ("# noqa: HD102", "# NOQA:E501,HD101", []),
        ("# noqa: E501 HD102", "# noqa: HD101  # type: ignore", []),
        # Two comments in one token: each is read (the first one hid the second before).
        ("# noqa: E501  # hermes-dev: ignore[HD102]", "# type: ignore  # noqa: HD101", []),
        # A bare noqa and other linters' codes are theirs: nothing is suppressed here.
        ("# noqa", "# noqa: E501", [(6, "HD102"), (7, "HD101")]),
        # A noqa comment for another HD code does not apply, and is unused.
        ("# noqa: HD101", "", [(6, "HD102"), (6, "HD900"), (7, "HD101")]),
    ],
)
def test_noqa_comments_name_hd_codes(
    tmp_path: Path, raise_comment: str, return_comment: str, expected: list[tuple[int, str]]
) -> None:
    root = make_root(tmp_path, {"tools/ping_tool.py": _tool(raise_comment, return_comment)})
    assert _codes(root) == expected


def test_suppression_text_in_a_string_is_not_a_comment(tmp_path: Path) -> None:
    source = _tool().replace('"bad"', '"# hermes-dev: ignore"')
    root = make_root(tmp_path, {"tools/ping_tool.py": source})
    assert (6, "HD102") in _codes(root)


def test_unused_check_only_for_rules_that_ran(tmp_path: Path) -> None:
    source = _tool(clean_comment="# hermes-dev: ignore[HD102]")
    root = make_root(tmp_path, {"tools/ping_tool.py": source})
    assert (10, "HD900") not in _codes(root, select=["HD101", "HD900"])
    assert (10, "HD900") in _codes(root, select=["HD102", "HD900"])


def _pyproject(root: Path, body: str) -> None:
    (root / "pyproject.toml").write_text(f"[project]\nname = 'x'\n\n[tool.hermes-dev]\n{body}\n")


def test_config_select_ignore_and_flags_override(tmp_path: Path) -> None:
    root = make_root(tmp_path, {"tools/ping_tool.py": _tool()})
    _pyproject(root, 'ignore = ["HD102"]')
    assert _codes(root) == [(7, "HD101")]
    _pyproject(root, 'select = ["HD102"]')
    assert _codes(root) == [(6, "HD102")]
    assert _codes(root, select=["HD101"]) == [(7, "HD101")]
    assert _codes(root, ignore=["HD1"]) == []


def test_config_per_file_ignores_and_exclude(tmp_path: Path) -> None:
    root = make_root(tmp_path, {"tools/ping_tool.py": _tool(), "tools/legacy/old_tool.py": _tool()})
    _pyproject(root, '[tool.hermes-dev.per-file-ignores]\n"tools/ping_*.py" = ["HD101"]')
    # (not HD105: tools/legacy/old_tool.py is where discovery never looks, which is not the point)
    result = lint([], root=str(root), select=["HD101", "HD102"])
    assert sorted((result.relative(f.path), f.code) for f in result.findings) == [
        ("tools/legacy/old_tool.py", "HD101"),
        ("tools/legacy/old_tool.py", "HD102"),
        ("tools/ping_tool.py", "HD102"),
    ]
    _pyproject(root, 'exclude = ["tools/legacy"]')
    result = lint([], root=str(root), select=["HD101", "HD102"])
    assert {result.relative(f.path) for f in result.findings} == {"tools/ping_tool.py"}


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('select = ["HD123"]', "unknown rule code 'HD123'"),
        ('ignore = ["XX1"]', "unknown rule code 'XX1'"),
        ('[tool.hermes-dev.per-file-ignores]\n"a.py" = ["HD7"]', "unknown rule code 'HD7'"),
        ("selekt = []", "unknown key 'selekt'"),
        ("select = 3", "must be a list of strings"),
        ("select = [", "not valid TOML"),
    ],
)
def test_config_errors(tmp_path: Path, body: str, message: str) -> None:
    root = make_root(tmp_path, {})
    _pyproject(root, body)
    with pytest.raises(UserError, match=message.replace("[", r"\[").replace("(", r"\(")):
        lint([], root=str(root))


def test_unknown_flag_code(tmp_path: Path) -> None:
    root = make_root(tmp_path, {})
    with pytest.raises(UserError, match="--select: unknown rule code 'HD9999'"):
        lint([], root=str(root), select=["HD9999"])


def test_syntax_error_is_a_finding_and_linting_goes_on(tmp_path: Path) -> None:
    root = make_root(
        tmp_path,
        {"tools/a_tool.py": "registry.register(name='a',\n", "tools/ping_tool.py": _tool()},
    )
    result = lint([], root=str(root), select=["HD0", "HD1"])
    assert [(result.relative(f.path), f.code) for f in result.findings] == [
        ("tools/a_tool.py", "HD000"),
        ("tools/ping_tool.py", "HD102"),
        ("tools/ping_tool.py", "HD101"),
    ]


def test_unreadable_file_is_a_finding(tmp_path: Path) -> None:
    root = make_root(tmp_path, {"tools/ping_tool.py": _tool()})
    (root / "tools" / "gone_tool.py").symlink_to(root / "tools" / "missing.py")
    result = lint([], root=str(root), select=["HD0"])
    assert [(result.relative(f.path), f.code) for f in result.findings] == [
        ("tools/gone_tool.py", "HD000")
    ]
    assert "cannot read the file" in result.findings[0].message


def test_form_feed_does_not_shift_lines(tmp_path: Path) -> None:
    # str.splitlines() breaks at \f; Python's tokenizer does not: suppressions must still match.
    source = "\f\n" + _tool("# hermes-dev: ignore[HD102]", "# hermes-dev: ignore[HD101]")
    root = make_root(tmp_path, {"tools/ping_tool.py": source})
    assert _codes(root) == []


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b'S = "caf\xe9"\n', "byte 0xe9 on line 1 is not utf-8 text, so Python refuses it"),
        (b"# coding: nosuchcodec\nimport json\n", "unknown encoding: nosuchcodec"),
    ],
)
def test_file_python_refuses_to_decode_is_a_finding(
    tmp_path: Path, data: bytes, reason: str
) -> None:
    root = make_root(tmp_path, {"tools/ping_tool.py": _tool()})
    (root / "tools" / "odd_tool.py").write_bytes(data + b"from tools.registry import registry\n")
    result = lint([], root=str(root), select=["HD0"])
    assert [(result.relative(f.path), f.code) for f in result.findings] == [
        ("tools/odd_tool.py", "HD000")
    ]
    assert reason in result.findings[0].message


def test_declared_coding_is_read_as_python_reads_it(tmp_path: Path) -> None:
    # latin-1 bytes under a coding declaration: Python imports the module; so is it linted.
    source = "# -*- coding: latin-1 -*-\n" + _tool().replace(
        "import json", 'import json\nS = "caf\u00e9"'
    )
    root = make_root(tmp_path, {})
    (root / "tools" / "ping_tool.py").write_bytes(source.encode("latin-1"))
    result = lint([], root=str(root), select=["HD0", "HD101"])
    assert [(result.relative(f.path), f.code) for f in result.findings] == [
        ("tools/ping_tool.py", "HD101")
    ]
