"""host.tools_config: the reader of hermes_cli/tools_config.py (untrusted input: never a
traceback, None when absent) and the model of what Hermes offers with a fresh config."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes_dev.host.tools_config import (
    MAX_BYTES,
    Offering,
    ToolsConfigSummary,
    read_tools_config,
    tools_config_summary_of,
)
from hermes_dev.host.toolsets import toolsets_summary_of

PICKER = """\
CONFIGURABLE_TOOLSETS = [
    ("web",      "🔍 Web",      "web_search"),
    ("weather",  "🌦️ Weather",  "Forecasts"),
    ("video",    "🎬 Video",    "video_analyze"),
    ("kanban_x", "📋 Kanban",   "kanban tools"),
]
_DEFAULT_OFF_TOOLSETS = {"video"}
"""

TOOLSETS = """\
_HERMES_CORE_TOOLS = ["web_search", "video_analyze", "kanban_show"]
TOOLSETS = {
    "web": {"description": "Web", "tools": ["web_search"], "includes": []},
    "video": {"description": "Video", "tools": ["video_analyze"], "includes": []},
    "weather": {"description": "Weather", "tools": ["weather"], "includes": []},
    "kanban_x": {"description": "Kanban", "tools": [], "includes": ["kanban"]},
    "kanban": {"description": "Kanban tools", "tools": ["kanban_show"], "includes": []},
    "orphan": {"description": "Nobody's", "tools": ["orphan"], "includes": []},
    "hermes-cli": {"description": "CLI", "tools": _HERMES_CORE_TOOLS, "includes": ["weather"]},
    "hermes-telegram": {"description": "Bot", "tools": _HERMES_CORE_TOOLS, "includes": []},
    "hermes-gateway": {"description": "All", "tools": [], "includes": ["hermes-telegram"]},
}
"""


def _offering(toolsets: str = TOOLSETS, picker: str | None = PICKER) -> Offering:
    summary = toolsets_summary_of(Path("toolsets.py"), toolsets)
    assert summary is not None
    config = None
    if picker is not None:
        config = tools_config_summary_of(Path("hermes_cli/tools_config.py"), picker)
        assert config is not None
    return Offering(summary, config)


def test_reads_the_picker_and_the_default_off_set() -> None:
    config = tools_config_summary_of(Path("t.py"), PICKER)
    assert config is not None and config.complete and config.found
    assert config.rows[1] == ("weather", "🌦️ Weather", "Forecasts")
    assert config.default_off == ["video"]


def test_the_real_shapes_read(tmp_path: Path) -> None:
    """A computed picker (a base list plus rows) and every way of writing the default-off set."""
    source = (
        '_BASE = [("web", "Web", "w")]\n'
        'CONFIGURABLE_TOOLSETS = _BASE + [("todo", "Todo", "t")]\n'
        "_DEFAULT_OFF_TOOLSETS = frozenset({'moa'})\n"
    )
    config = tools_config_summary_of(Path("t.py"), source)
    assert config is not None and config.picker_keys() == {"web", "todo"}
    assert config.default_off == ["moa"]
    for written, expected in (("set()", []), ("set(['a'])", ["a"]), ("OTHER", None)):
        config = tools_config_summary_of(Path("t.py"), f"_DEFAULT_OFF_TOOLSETS = {written}\n")
        assert config is not None and config.default_off == expected
        assert not config.found and not config.complete


@pytest.mark.parametrize(
    "source",
    [
        "CONFIGURABLE_TOOLSETS = load_rows()\n",
        'CONFIGURABLE_TOOLSETS = [("web", "Web", "w"), ROW]\n',
        'CONFIGURABLE_TOOLSETS = [("web", "Web", "w")]\nCONFIGURABLE_TOOLSETS.append(("x", 1, 2))\n',
    ],
)
def test_a_picker_that_is_not_static_is_incomplete(source: str) -> None:
    config = tools_config_summary_of(Path("t.py"), source)
    assert config is not None and not config.complete
    assert "web" in config.maybe_keys or "web" in config.picker_keys() or not config.rows


def test_absent_unreadable_and_hostile_files_are_none(tmp_path: Path) -> None:
    assert read_tools_config(tmp_path) is None  # older checkouts, plugin packages
    path = tmp_path / "hermes_cli" / "tools_config.py"
    path.parent.mkdir()
    for data in (b"CONFIGURABLE_TOOLSETS = [\n", b"\xff\xfe not utf-8", b"x = " + b"(" * 200_000):
        path.write_bytes(data)
        assert read_tools_config(tmp_path) is None
    path.write_bytes(b"# " + b"x" * MAX_BYTES + b"\nCONFIGURABLE_TOOLSETS = []\n")
    assert read_tools_config(tmp_path) is None  # too big to read
    path.write_text(PICKER, encoding="utf-8")
    found = read_tools_config(tmp_path)
    assert found is not None and len(found.rows) == 4


def test_json_round_trip_and_bad_shapes() -> None:
    config = tools_config_summary_of(Path("t.py"), PICKER)
    assert config is not None
    again = ToolsConfigSummary.from_json(config.to_json())
    assert again.to_json() == config.to_json()
    data = config.to_json()
    data["rows"] = [["web", 1, "x"]]
    with pytest.raises(ValueError):
        ToolsConfigSummary.from_json(data)


def test_what_a_fresh_config_enables() -> None:
    offering = _offering()
    # the subset rule: weather is in hermes-cli (included), video is default-off, kanban_x
    # resolves through its includes
    assert offering.default_on("hermes-cli") == {"web", "weather", "kanban_x"}
    assert offering.default_on("hermes-telegram") == {"web", "kanban_x"}
    assert offering.offered_on("weather") == ["hermes-cli"]
    assert offering.offered_on("web_search") == ["hermes-cli", "hermes-telegram"]
    assert offering.offered_on("video_analyze") == []  # opt-in
    assert offering.offered_on("orphan") == []
    assert offering.composites() == ["hermes-cli", "hermes-telegram"]  # not the gateway union


def test_reached_is_false_only_when_certain() -> None:
    offering = _offering()
    assert offering.reached("weather", "weather")
    assert offering.reached("video_analyze", "video")  # listed, off by default
    assert offering.reached("kanban_show", "kanban")  # in the composites
    assert not offering.reached("orphan", "orphan")
    # a picker that cannot be read, or no picker at all: nothing is certain
    assert _offering(picker="CONFIGURABLE_TOOLSETS = rows()\n").reached("orphan", "orphan")
    assert _offering(picker=None).reached("orphan", "orphan")
    # a picker toolset (or a composite) that cannot be read may hold it
    computed = TOOLSETS.replace('"tools": ["web_search"]', '"tools": load()')
    assert _offering(toolsets=computed).reached("orphan", "orphan")
    computed = TOOLSETS.replace('"includes": ["weather"]', '"includes": extra()')
    assert _offering(toolsets=computed).reached("orphan", "orphan")
    # ...but not one that nothing offered includes
    computed = TOOLSETS.replace('"tools": ["orphan"]', '"tools": load()')
    assert not _offering(toolsets=computed).reached("orphan", "orphan")


def test_without_a_picker_the_composite_is_what_a_platform_offers() -> None:
    offering = _offering(picker=None)
    assert offering.offered_on("weather") == ["hermes-cli"]
    assert offering.offered_on("orphan") == []
