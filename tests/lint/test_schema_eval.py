"""Static evaluation of schemas: what evaluates, with which positions, and what is not static."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from hermes_dev.pyast.semantic.modules import Models, standalone
from hermes_dev.pyast.semantic.scopes import Scope, module_scope
from hermes_dev.pyast.analyze.evaluate import Evaluator, evaluate
from hermes_dev.pyast.analyze.values import Evaluated, NotStatic

if TYPE_CHECKING:
    from hermes_dev.pyast.analyze.values import Binding


def _scope(source: str, path: str = "/root/tools/x_tool.py") -> tuple[Scope, ast.Module]:
    text = textwrap.dedent(source)
    tree = ast.parse(text)
    return module_scope(standalone(Path(path), text, tree)), tree


def _eval(source: str, name: str = "SCHEMA") -> Evaluated:
    scope, _ = _scope(source)
    return evaluate(ast.Name(id=name, ctx=ast.Load()), scope)


def test_dict_literal_with_implicit_concatenation_and_positions() -> None:
    ev = _eval(
        """
        SCHEMA = {
            "name": "web_search",
            "description": (
                "Search "
                "the web."
            ),
            "parameters": {"type": "object", "required": ["q"]},
        }
        """
    )
    assert ev.value == {
        "name": "web_search",
        "description": "Search the web.",
        "parameters": {"type": "object", "required": ["q"]},
    }
    name_key = ev.locate("/name")
    assert (name_key.line, name_key.column) == (3, 5)  # the key
    value = ev.locate("/name", prefer_key=False)
    assert (value.line, value.column) == (3, 13)
    required = ev.locate("/parameters/required/0")
    assert (required.line, required.column) == (8, 51)
    # a pointer past what was written falls back to the nearest enclosing position
    assert ev.locate("/parameters/nope/deeper") == ev.locate("/parameters", prefer_key=False)


def test_spread_plus_and_names() -> None:
    ev = _eval(
        """
        _PREFIX = "Look " + "up"
        _BASE = {"type": "object", "properties": {"a": {"type": "string"}}}
        _EXTRA = ["a"]
        SCHEMA = {"description": _PREFIX + ".", "parameters": {**_BASE, "required": [] + _EXTRA}}
        """
    )
    assert ev.value["description"] == "Look up."
    assert ev.value["parameters"]["required"] == ["a"]
    assert ev.value["parameters"]["properties"] == {"a": {"type": "string"}}
    # the spread key keeps the position it has in _BASE (line 3)
    assert ev.locate("/parameters/properties/a").line == 3


def test_helper_call_and_loop_rows() -> None:
    scope, tree = _scope(
        """
        def _schema(name, description, *, required=()):
            \"\"\"One schema per row.\"\"\"
            return {"name": name, "description": description,
                    "parameters": {"type": "object", "required": list(required)}}

        _ROWS = [("a", "A.", print), ("b", "B.", len)]
        for _name, _description, _fn in _ROWS:
            registry.register(name=_name, schema=_schema(_name, _description, required=["x"]),
                              handler=_fn)
        """
    )
    loop = next(s for s in tree.body if isinstance(s, ast.For))
    call = loop.body[0].value  # type: ignore[attr-defined]
    schema = next(k.value for k in call.keywords if k.arg == "schema")
    handler = next(k.value for k in call.keywords if k.arg == "handler")
    # One environment per row, bound as registered_tools binds a registration loop's rows.
    evaluator = Evaluator()
    envs: list[dict[str, Binding]] = []
    for row in evaluator.iter_rows(loop.iter, scope):
        env: dict[str, Binding] = {}
        evaluator.bind_target(loop.target, row, env)
        envs.append(env)
    assert [evaluate(schema, scope, env).value["name"] for env in envs] == ["a", "b"]
    assert evaluate(schema, scope, envs[1]).value["parameters"]["required"] == ["x"]
    with pytest.raises(NotStatic):
        evaluate(handler, scope, envs[0])  # a function: the row still gives its strings


def test_listcomp_slices_and_conditions() -> None:
    ev = _eval(
        """
        _CORE = ["browser_click", "web_search", "browser_back", "memory"]
        SCHEMA = {
            "browser": [t for t in _CORE if t.startswith("browser_")],
            "rest": [t for t in _CORE if t not in ("memory",) and not t.startswith("browser")],
            "tail": _CORE[2:],
            "pick": _CORE[-1],
            "cond": "yes" if "memory" in _CORE else "no",
        }
        """
    )
    assert ev.value == {
        "browser": ["browser_click", "browser_back"],
        "rest": ["web_search"],
        "tail": ["browser_back", "memory"],
        "pick": "memory",
        "cond": "yes",
    }
    assert ev.locate("/browser/1").line == 2  # written in _CORE


def test_strings_formatted_from_constants() -> None:
    ev = _eval(
        """
        MAX_ITEMS = 256
        _KINDS = ["pending", "done"]
        SCHEMA = {
            "a": f"At most {MAX_ITEMS} items ({MAX_ITEMS:>5,}), kinds {_KINDS[0]!r}.",
            "b": "At most %d items" % MAX_ITEMS,
            "c": "One of: {}".format(", ".join(_KINDS)),
        }
        """
    )
    assert ev.value == {
        "a": "At most 256 items (  256), kinds 'pending'.",
        "b": "At most 256 items",
        "c": "One of: pending, done",
    }


@pytest.mark.parametrize(
    "source",
    [
        'SCHEMA = {"name": f"{os.sep}"}\nimport os\n',
        'SCHEMA = {"name": "{0.nope}".format(1)}\n',
        'SCHEMA = {"name": "%s" % [1]}\n',
        "SCHEMA = build()\n",
        'SCHEMA = {"name": "x"}\nSCHEMA["tags"].append("later")\n',
        'SCHEMA = {"name": "x"}\nif FLAG:\n    SCHEMA = {"name": "y"}\n',
        'SCHEMA = {"name": "x"}\ndef later():\n    global SCHEMA\n    SCHEMA = {}\n',
        'import os\nSCHEMA = {"name": os.getenv("X")}\n',
        "def f():\n    return {}\nSCHEMA = f(1)\n",
        "SCHEMA = {1, 2}\n",
        'for _n in ["a", "b"]:\n    NAME = _n\nSCHEMA = {"name": NAME}\n',
    ],
)
def test_not_static(source: str) -> None:
    with pytest.raises(NotStatic):
        _eval(source)


@pytest.mark.parametrize(
    ("source", "value"),
    [
        # what import leaves: the last assignment, then the changes made after it, in order
        ('SCHEMA = {"name": f"{PREFIX}_x"}\nPREFIX = "p"\nPREFIX = "q"\n', {"name": "q_x"}),
        ('SCHEMA = {"name": "x"}\nSCHEMA = {"name": "y"}\n', {"name": "y"}),
        (
            'SCHEMA = {"name": "x"}\nSCHEMA["description"] = "later"\n',
            {"name": "x", "description": "later"},
        ),
        (
            'SCHEMA = {"name": "x"}\nSCHEMA.update(description="later")\n',
            {"name": "x", "description": "later"},
        ),
        (
            'SCHEMA = ["a"]\nSCHEMA.append("b")\nSCHEMA += ["c"]\nSCHEMA.extend(("d",))\n',
            list("abcd"),
        ),
        # a def changing it when it runs is not import
        ('SCHEMA = ["a"]\ndef later():\n    SCHEMA.append("b")\n', ["a"]),
    ],
)
def test_the_value_import_leaves(source: str, value: object) -> None:
    assert _eval(source).value == value


def test_recursive_helper_is_not_static() -> None:
    with pytest.raises(NotStatic):
        _eval("def f(x):\n    return f(x)\nSCHEMA = f(1)\n")


def test_names_imported_from_another_module_under_the_root(tmp_path: Path) -> None:
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "__init__.py").write_text("")
    (tmp_path / "tools" / "_schemas.py").write_text(
        'SHARED = {"name": "lookup", "description": "Look up."}\n'
    )
    (tmp_path / "tools" / "schemas.py").write_text('OTHER = {"name": "other"}\n')
    (tmp_path / "tools" / "lookup_tool.py").write_text(
        "from tools._schemas import SHARED\n"
        "from . import schemas\n"
        "from tools._schemas import MISSING\n"
    )
    module = Models(tmp_path).get(tmp_path / "tools" / "lookup_tool.py")
    assert module is not None
    scope = module_scope(module)
    ev = evaluate(ast.Name(id="SHARED", ctx=ast.Load()), scope)
    assert ev.value["name"] == "lookup"
    assert ev.locate("/name").path == tmp_path / "tools" / "_schemas.py"
    attr = ast.parse("schemas.OTHER", mode="eval").body
    assert evaluate(attr, scope).value == {"name": "other"}
    with pytest.raises(NotStatic):
        evaluate(ast.Name(id="MISSING", ctx=ast.Load()), scope)
