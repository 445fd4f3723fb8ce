"""Property-based tests over names, descriptions and params (hypothesis).

The in-memory properties run many examples; those that run pytest in a subprocess keep the
example count small.
"""

import ast
import keyword
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hermes_dev.scaffold import JSON_TYPES, make_spec
from hermes_dev.scaffold._render import render
from tests.scaffold.hosts import REPO, make_host, run_cli, run_host_pytest, snapshot
from tests.scaffold.test_template import HOSTILE

# Names whose module, test or registration the reference host has already.
_TAKEN = {p.name.removesuffix("_tool.py") for p in (REPO / "tools").glob("*_tool.py")} | {
    "current_time",
    "word_count",
    "reverse_text",
}

names = st.from_regex(r"[a-z_][a-z0-9_]{0,30}", fullmatch=True).filter(
    lambda n: not keyword.iskeyword(n) and n not in _TAKEN and not n.startswith("__")
)
texts = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(st.characters(exclude_categories=("Cs",)), min_size=1, max_size=60),
).filter(lambda t: t.strip())
params = st.lists(
    st.tuples(
        st.from_regex(r"[a-z_][a-z0-9_]{0,12}", fullmatch=True),
        st.sampled_from(JSON_TYPES),
        texts,
        st.booleans(),
    ),
    max_size=4,
    unique_by=lambda p: p[0],
)


def _args(name, description, param_list):
    args = ["new-tool", name, f"--description={description}", "--yes"]
    for pname, ptype, pdesc, required in param_list:
        option = "--param" if required else "--optional-param"
        args.append(f"{option}={pname}:{ptype}:{pdesc}")
    return args


def _schema(source, name):
    for stmt in ast.parse(source).body:
        if isinstance(stmt, ast.Assign) and stmt.targets[0].id == f"{name.upper()}_SCHEMA":
            return ast.literal_eval(stmt.value)
    raise AssertionError("no schema")


@settings(max_examples=25, deadline=None)
@given(name=names, description=texts, param_list=params, is_async=st.booleans())
def test_generated_module_parses_and_holds_the_answers_as_data(
    name, description, param_list, is_async
):
    spec = make_spec(
        name,
        description=description,
        params=[f"{n}:{t}:{d}" for n, t, d, r in param_list if r],
        optional_params=[f"{n}:{t}:{d}" for n, t, d, r in param_list if not r],
        is_async=is_async,
    )
    files = render(spec)
    source = files[spec.module_relpath].decode("utf-8")
    schema = _schema(source, name)
    assert schema["name"] == name
    assert schema["description"] == description
    props = schema["parameters"]["properties"]
    assert {n: (p["type"], p["description"]) for n, p in props.items()} == {
        p.name: (p.type, p.description) for p in spec.params
    }
    assert schema["parameters"]["required"] == [p.name for p in spec.params if p.required]
    ast.parse(files[spec.test_relpath])


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=names, description=texts, param_list=params)
def test_dry_run_writes_nothing_and_a_second_run_refuses(name, description, param_list):
    with tempfile.TemporaryDirectory() as tmp:
        host = make_host(Path(tmp))
        before = snapshot(host)
        code, out, err = run_cli(*_args(name, description, param_list), "--root", tmp, "--dry-run")
        assert code == 0, err
        assert f"+++ b/tools/{name}_tool.py" in out
        assert snapshot(host) == before
        code, _, err = run_cli(*_args(name, description, param_list), "--root", tmp)
        assert code == 0, err
        after = snapshot(host)
        code, _, err = run_cli(*_args(name, "other", []), "--root", tmp)
        assert code == 2 and f"the name {name!r} is taken" in err
        assert snapshot(host) == after


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=names, description=texts, param_list=params, env=st.booleans())
def test_generated_test_passes_and_remove_restores_every_byte(name, description, param_list, env):
    with tempfile.TemporaryDirectory() as tmp:
        host = make_host(Path(tmp))
        before = snapshot(host)
        extra = ["--env", "PROPERTY_TEST_KEY", "--core"] if env else []
        code, _, err = run_cli(*_args(name, description, param_list), *extra, "--root", tmp)
        assert code == 0, err
        result = run_host_pytest(host, f"tests/tools/test_{name}_tool.py")
        assert result.returncode == 0, result.stdout + result.stderr
        code, _, err = run_cli("remove-tool", name, "--root", tmp, "--yes")
        assert code == 0, err
        assert snapshot(host) == before
