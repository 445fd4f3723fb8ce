"""Call following on the corpus: each shape of issue 12 is found at its handler-side line, with
its whole chain down to the `raise` or `return` it comes from.

A handler-side line is marked `# shape: NAME` (with its `# expect: CODE`), the line the failure
comes from `# origin: NAME` (several names comma-separated). SHAPES gives each shape's rule and
the functions its chain goes through, from the handler to the origin.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hermes_dev.lint.engine import lint
from hermes_dev.lint.rule import Finding

CORPUS = Path(__file__).parent / "corpus"
MARK = re.compile(r"# (shape|origin): ([\w,-]+)")

SHAPES: dict[str, tuple[str, list[str]]] = {
    # a client built before the handler's try; its __init__ calls a method that raises
    "plugin-relative-client": (
        "HD102",
        ["weather_forecast", "_make_client", "WeatherClient.__init__", "WeatherClient._load_key"],
    ),
    "plugin-absolute-client": (
        "HD102",
        ["weather_alerts", "WeatherClient.__init__", "WeatherClient._load_key"],
    ),
    "vision-client": (
        "HD102",
        [
            "vision_analyze",
            "get_auxiliary_client",
            "AuxiliaryClient.__init__",
            "AuxiliaryClient._read_key",
        ],
    ),
    # a network call (urlopen's URLError) under excepts of the project's own classes
    "urlopen-under-own-errors": ("HD102", ["weather_forecast", "WeatherClient.forecast"]),
    "urlopen-under-base-error": ("HD102", ["weather_summary", "WeatherClient.forecast"]),
    "urlopen-in-helper": ("HD102", ["web_extract", "_download"]),
    # the try catches RuntimeError; a constructor the helper calls raises ValueError
    "runtime-only-try": ("HD102", ["web_extract", "_build_request", "Request.__init__"]),
    # a raise inside an except block of a helper called outside any try
    "except-reraise": ("HD102", ["process_start", "_parse_timeout"]),
    # four levels deep to a bare re-raise; the object's class known four ways
    "memory-optional": (
        "HD102",
        ["memory_tool", "_apply", "MemoryStore.add", "MemoryStore.save", "_write_file", "_joined"],
    ),
    "memory-singleton": (
        "HD102",
        ["memory_default", "MemoryStore.add", "MemoryStore.save", "_write_file", "_joined"],
    ),
    "memory-local": (
        "HD102",
        ["memory_scratch", "MemoryStore.add", "MemoryStore.save", "_write_file", "_joined"],
    ),
    "memory-annotated": (
        "HD102",
        ["memory_forget", "MemoryStore.remove", "MemoryStore.save", "_write_file", "_joined"],
    ),
    "memory-load": ("HD102", ["memory_list", "MemoryStore.load"]),
    # a sibling module's function, imported by name and as a module attribute
    "sibling-import": ("HD102", ["process_start", "_get_env_config"]),
    "sibling-module-attr": ("HD102", ["process_env", "_get_env_config"]),
    # a constant argument that reaches the raise; try/finally without except
    "constant-reaches": ("HD102", ["process_kill", "_signal_name"]),
    "finally-only": ("HD102", ["process_kill", "_signal_name"]),
    # the immediately invoked inner lambda: its default's helper raises, its body returns a dict
    "vision-iife-default": ("HD102", ["<lambda>", "resolve_model"]),
    "vision-iife-return": ("HD101", ["<lambda>", "run_vision"]),
    # a def handler returning a helper's result, one return of which is a dict
    "plugin-helper-dict": ("HD101", ["weather_forecast", "format_forecast"]),
}


def _marks() -> tuple[dict[str, tuple[str, int]], dict[str, tuple[str, int]]]:
    shapes: dict[str, tuple[str, int]] = {}
    origins: dict[str, tuple[str, int]] = {}
    for path in sorted(CORPUS.rglob("*.py")):
        rel = path.relative_to(CORPUS).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for kind, names in MARK.findall(line):
                for name in names.split(","):
                    (shapes if kind == "shape" else origins)[name] = (rel, number)
    return shapes, origins


@pytest.fixture(scope="module")
def findings() -> list[Finding]:
    return lint([], root=str(CORPUS), select=["HD101", "HD102"], use_cache=False).findings


def test_every_shape_is_marked() -> None:
    shapes, origins = _marks()
    assert set(shapes) == set(SHAPES)
    assert set(origins) == set(SHAPES)


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_shape_found_with_its_chain(shape: str, findings: list[Finding]) -> None:
    code, functions = SHAPES[shape]
    shapes, origins = _marks()
    rel, line = shapes[shape]
    origin = (CORPUS / origins[shape][0], origins[shape][1])
    at_line = [
        (f, chain)
        for f in findings
        if f.code == code and f.path == CORPUS / rel and f.line == line
        for chain in f.chains
        if chain[-1][:2] == origin
    ]
    assert len(at_line) == 1, [f.message for f in findings if f.path == CORPUS / rel]
    ((finding, chain),) = at_line
    assert [step[2] for step in chain] == functions
    assert chain[0][:2] == (CORPUS / rel, line)
    # The message names the first chain's origin, so the one-line text says where it comes from.
    assert finding.chain == finding.chains[0]
    first = finding.chain[-1]
    assert f"{first[0].relative_to(CORPUS).as_posix()}:{first[1]}" in finding.message
