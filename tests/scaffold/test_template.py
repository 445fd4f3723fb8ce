"""The copier template: what it renders, and that user text stays data."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from hermes_dev.scaffold import make_spec
from hermes_dev.scaffold._render import render, template_dir

HOSTILE = [
    'Say "hi"',
    "It's",
    "back\\slash \\n \\x00 \\u1234",
    "two\nlines\r\nand\ttab",
    'ends with a quote"',
    "triple \"\"\" quotes ''' inside",
    "{{ 7 * 7 }} and {% if true %}jinja{% endif %} {# comment #}",
    "\x00 nul and \x1b escape",
    "emoji 🌦️ and ünïcödé \u2028 separator",
    "'); import os; os.system('echo pwned'); ('",
]


def _module(spec):
    files = render(spec)
    return files[spec.module_relpath].decode("utf-8"), files


def _schema_literal(tree, name):
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and stmt.targets[0].id == f"{name.upper()}_SCHEMA":
            return ast.literal_eval(stmt.value)
    raise AssertionError("no schema")


@pytest.mark.parametrize("text", HOSTILE)
def test_descriptions_end_up_as_data(text):
    spec = make_spec(
        "echo", description=text, params=[f"q:string:{text}"], emoji="🌦️", env_vars=["ECHO_KEY"]
    )
    source, files = _module(spec)
    tree = ast.parse(source)
    schema = _schema_literal(tree, "echo")
    assert schema["description"] == text
    assert schema["parameters"]["properties"]["q"]["description"] == text.strip()
    assert ast.get_docstring(tree, clean=False) == f"Echo tool -- {text.strip()}"
    # Only string constants differ from the module made for a plain description: the text
    # added no statement, name or call.
    plain = make_spec(
        "echo", description="x", params=["q:string:x"], emoji="🌦️", env_vars=["ECHO_KEY"]
    )
    assert _shape(tree) == _shape(ast.parse(_module(plain)[0]))
    assert _shape(ast.parse(files[spec.test_relpath])) == _shape(
        ast.parse(render(plain)[plain.test_relpath])
    )


def _shape(tree):
    """The tree's dump with every string constant blanked."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            node.value = ""
    return ast.dump(tree)


def test_plain_descriptions_get_a_triple_quoted_docstring():
    source, _ = _module(make_spec("weather", description="Get the weather."))
    assert source.startswith('"""Weather tool -- Get the weather."""\n')


def test_module_shape():
    spec = make_spec(
        "weather",
        description="Get the weather.",
        env_vars=["WEATHER_API_KEY"],
        params=["location:string:City", "tags:array"],
        optional_params=["days:integer"],
        emoji="🌦️",
    )
    source, files = _module(spec)
    tree = ast.parse(source)
    schema = _schema_literal(tree, "weather")
    assert schema["name"] == "weather"
    params = schema["parameters"]
    assert params["required"] == ["location", "tags"]
    assert params["properties"]["tags"]["items"] == {"type": "string"}
    assert set(params["required"]) <= set(params["properties"])
    register = [
        s.value
        for s in tree.body
        if isinstance(s, ast.Expr)
        and isinstance(s.value, ast.Call)
        and ast.unparse(s.value.func) == "registry.register"
    ]
    assert len(register) == 1
    keywords = {kw.arg: ast.unparse(kw.value) for kw in register[0].keywords}
    assert keywords == {
        "name": "'weather'",
        "toolset": "'weather'",
        "schema": "WEATHER_SCHEMA",
        "handler": "_handle_weather",
        "check_fn": "check_weather_requirements",
        "requires_env": "['WEATHER_API_KEY']",
        "is_async": "False",
        "emoji": "'🌦️'",
        "description": "WEATHER_SCHEMA['description']",
    }
    assert "hermes_dev" not in files[spec.test_relpath].decode()
    assert sorted(files) == [spec.test_relpath, spec.module_relpath]


def test_schema_is_valid_json_schema():
    jsonschema = pytest.importorskip("jsonschema")
    spec = make_spec(
        "everything",
        params=[
            f"p_{t}:{t}" for t in ("string", "integer", "number", "boolean", "array", "object")
        ],
    )
    schema = _schema_literal(ast.parse(_module(spec)[0]), "everything")
    jsonschema.Draft202012Validator.check_schema(schema["parameters"])


def test_async_handler():
    source, _ = _module(make_spec("ping", is_async=True))
    tree = ast.parse(source)
    handlers = [n.name for n in tree.body if isinstance(n, ast.AsyncFunctionDef)]
    assert handlers == ["_handle_ping"]
    assert "is_async=True" in source


def test_no_env_vars_means_always_available():
    source, _ = _module(make_spec("ping"))
    assert "import os" not in source
    assert "requires_env=[]" in source
    assert "return True" in source


def test_no_test():
    spec = make_spec("ping", with_test=False)
    assert list(render(spec)) == [spec.module_relpath]


def test_template_works_with_plain_copier(tmp_path):
    """`copier copy templates/tool DEST` works on its own, with no hermes-dev involved."""
    copier = Path(sys.executable).with_name("copier")
    if not copier.exists():
        pytest.skip("copier's command line is not installed next to this Python")
    result = subprocess.run(
        [
            str(copier),
            "copy",
            "--defaults",
            "--quiet",
            "-d",
            "name=weather",
            "-d",
            "env_vars=[WEATHER_API_KEY]",
            "-d",
            "params=[{name: location, type: string, description: City}]",
            str(template_dir()),
            str(tmp_path / "out"),
        ],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    made = sorted(
        p.relative_to(tmp_path / "out").as_posix() for p in (tmp_path / "out").rglob("*.py")
    )
    assert made == ["tests/tools/test_weather_tool.py", "tools/weather_tool.py"]
    ast.parse((tmp_path / "out" / "tools" / "weather_tool.py").read_text())


def test_template_validators_refuse_bad_names(tmp_path):
    import copier

    with pytest.raises(ValueError):
        copier.run_copy(
            str(template_dir()),
            tmp_path / "out",
            data={"name": "../x"},
            defaults=True,
            quiet=True,
            unsafe=False,
        )
    assert not (tmp_path / "out" / "tools").exists()


@pytest.mark.parametrize("in_child", [True, False])
def test_pending_render_matches_render(in_child):
    from hermes_dev.scaffold._render import PendingRender

    spec = make_spec("weather", description=HOSTILE[5], params=["q:array"], is_async=True)
    with PendingRender(spec, in_child=in_child) as pending:
        assert pending.result() == render(spec)


@pytest.mark.parametrize("in_child", [True, False])
def test_template_refusals_become_user_errors(in_child):
    from hermes_dev.errors import UserError
    from hermes_dev.scaffold import ToolSpec
    from hermes_dev.scaffold._render import PendingRender

    spec = ToolSpec(name="Bad-Name", description="x", toolset="x")  # bypasses make_spec
    with PendingRender(spec, in_child=in_child) as pending, pytest.raises(UserError) as info:
        pending.result()
    assert "the tool template refused an answer" in str(info.value)
    assert "lower-case Python identifier" in str(info.value)


@pytest.mark.parametrize("executable", ["/bin/false", "/nonexistent/python"])
def test_a_broken_child_falls_back_to_rendering_in_process(monkeypatch, executable):
    from hermes_dev.scaffold._render import PendingRender

    spec = make_spec("weather")
    expected = render(spec)
    monkeypatch.setattr(sys, "executable", executable)
    with PendingRender(spec, in_child=True) as pending:
        assert pending.result() == expected
