"""make_spec checks every answer before anything is rendered or read."""

import pytest

from hermes_dev.errors import UserError
from hermes_dev.scaffold import Param, make_spec


@pytest.mark.parametrize(
    "name",
    ["", "../x", "Weather", "2fast", "has-dash", "with space", "class", "None", "x" * 65, "__init__"],
)
def test_bad_names_are_refused(name):
    with pytest.raises(UserError):
        make_spec(name)


@pytest.mark.parametrize("name", ["weather", "_private", "a", "web_search2", "x" * 64, "match"])
def test_good_names(name):
    assert make_spec(name).name == name


def test_defaults():
    spec = make_spec("weather")
    assert spec.toolset == "weather"
    assert spec.description.startswith("TODO")
    assert spec.with_test and not spec.is_async and not spec.core
    assert spec.module_relpath == "tools/weather_tool.py"
    assert spec.test_relpath == "tests/tools/test_weather_tool.py"


def test_params_parse_with_colons_in_descriptions():
    spec = make_spec(
        "weather",
        params=["location:string:City, e.g. 'London' or 51.5:-0.1"],
        optional_params=["units:string", "days:integer:"],
    )
    assert spec.params == (
        Param("location", "string", "City, e.g. 'London' or 51.5:-0.1", True),
        Param("units", "string", "TODO: describe units.", False),
        Param("days", "integer", "TODO: describe days.", False),
    )


@pytest.mark.parametrize(
    "params",
    [["location"], ["location:str"], ["Location:string"], [":string"], ["a:string", "a:integer"]],
)
def test_malformed_params_are_refused(params):
    with pytest.raises(UserError):
        make_spec("weather", params=params)


@pytest.mark.parametrize("var", ["weather_api_key", "WEATHER-KEY", "1KEY", "", "KEY NAME"])
def test_env_vars_must_be_upper_snake(var):
    with pytest.raises(UserError, match="UPPER_SNAKE"):
        make_spec("weather", env_vars=[var])


def test_env_vars_are_deduplicated_in_order():
    assert make_spec("w", env_vars=["B_KEY", "A_KEY", "B_KEY"]).env_vars == ("B_KEY", "A_KEY")


@pytest.mark.parametrize("toolset", ["Web", "a b", "", "-x"])
def test_bad_toolsets_are_refused(toolset):
    with pytest.raises(UserError):
        make_spec("weather", toolset=toolset)


def test_lone_surrogates_are_refused():
    with pytest.raises(UserError, match="Unicode"):
        make_spec("weather", description="bad \udc80 text")


def test_emoji_sequences_with_joiners_are_fine():
    assert make_spec("coder", emoji="👩‍💻").emoji == "👩‍💻"
    with pytest.raises(UserError):
        make_spec("coder", emoji="a\nb")


def test_core_and_opt_in_together_are_refused():
    """Accepted before: the tool went into _HERMES_CORE_TOOLS and its toolset into
    _DEFAULT_OFF_TOOLSETS, and Hermes then offered it nowhere."""
    import pytest

    from hermes_dev.errors import UserError
    from hermes_dev.scaffold._spec import make_spec

    with pytest.raises(UserError) as caught:
        make_spec("zap", core=True, opt_in=True)
    assert str(caught.value) == (
        "--core and --opt-in contradict each other: --core offers the tool by default,"
        " --opt-in keeps its toolset off until a user turns it on; pass one of them"
    )


def test_a_python_special_name_is_refused():
    """`new-tool __init__` made tools/__init___tool.py with the picker label "Init"."""
    import pytest

    from hermes_dev.errors import UserError
    from hermes_dev.scaffold._spec import check_name

    for name in ("__init__", "__main__"):
        with pytest.raises(UserError) as caught:
            check_name(name)
        assert str(caught.value) == (
            f"tool name {name!r} is a Python special name (__...__); pick another name"
        )
    assert check_name("_private") == "_private" and check_name("a__b") == "a__b"
