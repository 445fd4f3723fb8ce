"""Function bodies parsed on first read (pyast.semantic.lazy_bodies): the tree a walk sees is the
full parse's, node for node and position for position, and bodies nothing reads stay unread."""

from __future__ import annotations

import ast
import sysconfig
from pathlib import Path

import pytest

from hermes_dev.pyast.semantic.lazy_bodies import LazyBody, body_read, defer_bodies, may_mention
from hermes_dev.pyast.semantic.source_lines import SourceLines

REPO = Path(__file__).resolve().parents[2]
STDLIB = Path(sysconfig.get_paths()["stdlib"])

_PAD = "\n".join(f"    step_{i} = {i}" for i in range(12))
SHAPES = {
    "methods, a string at column 0, decorators": (
        "import functools\n\n\nclass Tool:\n    @functools.cache\n    def run(self, args):\n"
        '        text = """\nat column 0\n  and more\n"""\n'
        + _PAD.replace("    ", "        ")
        + "\n        return text\n\n    async def stream(self):\n"
        + _PAD.replace("    ", "        ")
        + "\n        yield 1\n"
    ),
    "tabs": "class T:\n\tdef f(self):\n" + "\n".join(f"\t\tx{i} = {i}" for i in range(14)) + "\n",
    "crlf and a form feed": (
        "\f\r\ndef f(a):\r\n" + _PAD.replace("\n", "\r\n") + "\r\n    return a\r\n"
    ),
    "defs under if and try": (
        "try:\n    import x\nexcept ImportError:\n    def x(a):\n"
        + _PAD.replace("    ", "        ")
        + "\n        return a\nif x:\n    class C:\n        def m(self):\n"
        + _PAD.replace("    ", "            ")
        + "\n            return 1\n"
    ),
    "a header over several lines, a nested def": (
        "def f(\n    a,\n    b=(1,\n       2),\n):\n    def inner():\n        return a\n"
        + _PAD
        + "\n    return inner\n"
    ),
    "a body on the def's own line": "def f(): return 1; x = 2\n" + "\n" * 20,
    "bare carriage returns": "def f(a):\r" + _PAD.replace("\n", "\r") + "\r    return a\r",
    "a form feed before an indented def": (
        "class C:\n\f    def m(self):\n" + _PAD.replace("    ", "        ") + "\n        return 1\n"
    ),
    "tabs after spaces": "class T:\n    \tdef f(self):\n"
    + "\n".join(f"    \t\tx{i} = {i}" for i in range(14))
    + "\n",
    "a backslash continuation and a string spanning the end": (
        "def f():\n" + _PAD + "\n    return 'a' \\\n        'b'\n\nx = 1\n"
    ),
}


def _deferred(body: list[ast.stmt]) -> int:
    """Defs with an unread body among these statements and the classes' (no body is read)."""
    count = 0
    for stmt in body:
        if isinstance(stmt, ast.ClassDef):
            count += _deferred(stmt.body)
        elif isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            count += type(stmt.body) is LazyBody
    return count


def _lazy(source: str, utf8: bool = False) -> ast.Module:
    tree = ast.parse(source)
    defer_bodies(tree, SourceLines(source.encode() if utf8 else source))
    return tree


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_a_lazy_tree_is_the_full_parse(name: str) -> None:
    source = SHAPES[name]
    full = ast.dump(ast.parse(source), include_attributes=True)
    assert ast.dump(_lazy(source), include_attributes=True) == full


def test_real_modules_read_lazily_are_the_full_parse() -> None:
    paths = sorted((REPO / "hermes_dev").rglob("*.py"))[::9]
    paths += [STDLIB / name for name in ("argparse.py", "asyncio/tasks.py")]
    deferred = 0
    for path in paths:
        source = path.read_text(encoding="utf-8")
        lazy = _lazy(source)
        deferred += _deferred(lazy.body)
        assert ast.dump(lazy, include_attributes=True) == ast.dump(
            ast.parse(source), include_attributes=True
        ), path
    assert deferred > 60


def test_a_body_is_read_only_when_something_reads_it() -> None:
    source = SHAPES["methods, a string at column 0, decorators"]
    tree = _lazy(source)
    cls = tree.body[1]
    assert isinstance(cls, ast.ClassDef)
    run, stream = cls.body
    assert not body_read(run) and not body_read(stream)
    assert may_mention(run, "text") and not may_mention(run, "yield")
    assert may_mention(stream, "yield")
    assert isinstance(run.body[-1], ast.Return)  # (read by indexing)
    assert body_read(run) and not body_read(stream)
    assert may_mention(run, "anything")  # a read body is searched as it is


def test_lint_leaves_the_bodies_of_defs_it_never_follows_unread(tmp_path: Path) -> None:
    from hermes_dev.lint.engine import lint
    from tests.lint.support import make_root

    unused = "\n".join(f"def unused_{i}(x):\n" + _PAD + "\n    return x\n\n" for i in range(30))
    helper = "def used(x):\n" + _PAD + "\n    return {'v': x}\n\n\n" + unused
    tool = (
        "from tools.registry import registry\nfrom tools.helpers import used\n\n\n"
        "def handler(args, **kw):\n    return used(args.get('q'))\n\n\n"
        'registry.register(name="h", toolset="t", schema={}, handler=handler)\n'
    )
    root = make_root(tmp_path, {"tools/h_tool.py": tool, "tools/helpers.py": helper})
    made: list[LazyBody] = []
    original = LazyBody.__init__

    def init(self: LazyBody, *args: object) -> None:
        original(self, *args)  # type: ignore[arg-type]
        made.append(self)

    LazyBody.__init__ = init  # type: ignore[method-assign]
    try:
        found = lint([], root=str(root)).findings
    finally:
        LazyBody.__init__ = original  # type: ignore[method-assign]
    assert [(f.code, Path(f.path).name) for f in found if f.code == "HD101"] == [
        ("HD101", "h_tool.py")
    ]
    read = [body._def.name for body in made if body._filled]
    assert "used" in read
    assert len(made) >= 31 and not any(name.startswith("unused_") for name in read)


def test_a_segment_that_cannot_stand_alone_is_read_from_the_whole_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    source = SHAPES["defs under if and try"]
    tree = _lazy(source)

    def refuse(self: LazyBody) -> None:
        raise SyntaxError("no")

    monkeypatch.setattr(LazyBody, "_segment_body", refuse)
    assert ast.dump(tree, include_attributes=True) == ast.dump(
        ast.parse(source), include_attributes=True
    )


@pytest.mark.parametrize(
    "source",
    ["", "a", "a\n", "a\r\nb\rc\nd", "\f\r\n\x1cx\n\n", "é😀\r\n\r\n", *SHAPES.values()],
)
@pytest.mark.parametrize("utf8", [False, True], ids=["str", "utf8"])
def test_source_lines_count_lines_as_the_tokenizer_does(source: str, utf8: bool) -> None:
    expected = source.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    lines = SourceLines(source.encode() if utf8 else source)
    assert lines.source == source
    assert len(lines) == len(expected)
    assert list(lines) == expected == lines[:]
    assert lines[-1] == expected[-1]
    for first in range(1, len(expected) + 1):
        last = min(first + 2, len(expected))
        assert lines.text(first, last) == "\n".join(expected[first - 1 : last]) + "\n"
    with pytest.raises(IndexError):
        lines[len(expected)]


def test_line_numbers_past_256_are_shared_and_unread_bodies_stay_unread() -> None:
    from hermes_dev.pyast.semantic.lazy_bodies import share_positions

    source = "\n" * 300 + "def f(a):\n" + _PAD + "\n    return a + 1\n\nx = (1,\n     2)\n"
    tree = ast.parse(source)
    lines = SourceLines(source)
    defer_bodies(tree, lines)
    share_positions(tree)
    func = tree.body[0]
    assert isinstance(func, ast.FunctionDef) and type(func.body) is LazyBody
    assert not body_read(func)  # (sharing the header's numbers read no body)
    assign = tree.body[1]
    assert isinstance(assign, ast.Assign)
    # one int object for one line number, however many nodes stand on it
    assert assign.lineno == 316 and assign.targets[0].lineno is assign.lineno
    first = assign.value.elts[0]  # type: ignore[attr-defined]
    assert first.lineno is assign.lineno
    # a body read later gets the same shared numbers, and the same positions as a full parse
    body = list(func.body)
    full = ast.parse(source).body[0]
    assert ast.dump(ast.Module(body, []), include_attributes=True) == ast.dump(
        ast.Module(full.body, []), include_attributes=True  # type: ignore[attr-defined]
    )
    assert body[-1].lineno is body[-1].value.lineno  # type: ignore[attr-defined]


WIDE = "# 🌤 forecast\n" + SHAPES["methods, a string at column 0, decorators"].replace(
    "at column 0", "à la colonne 0 ☔"
)


def test_a_body_read_from_utf8_lines_is_the_full_parse() -> None:
    tree = _lazy(WIDE, utf8=True)
    assert ast.dump(tree, include_attributes=True) == ast.dump(
        ast.parse(WIDE), include_attributes=True
    )


def test_a_wide_module_text_is_kept_as_utf8_and_read_back_whole(tmp_path: Path) -> None:
    from hermes_dev.pyast.semantic.modules import Models

    wide, narrow = tmp_path / "wide.py", tmp_path / "narrow.py"
    wide.write_text(WIDE, encoding="utf-8")
    narrow.write_text("x = 'café'\n", encoding="utf-8")
    models = Models(tmp_path)
    module = models.get(wide)
    assert module is not None and isinstance(module._text, bytes)
    assert module.source == WIDE and module.lines[0] == "# 🌤 forecast"
    assert module.contains("☔") and module.contains("class Tool") and not module.contains("🌧")
    assert module.tree is not None
    assert ast.dump(module.tree, include_attributes=True) == ast.dump(
        ast.parse(WIDE), include_attributes=True
    )
    # (Latin-1 text is one byte a character as a str already: kept as it is)
    latin = models.get(narrow)
    assert latin is not None and latin._text == "x = 'café'\n"
