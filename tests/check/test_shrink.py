"""The shrinker: the smallest arguments that still fail, within the schema when asked."""

from __future__ import annotations

from hermes_dev.check.shrink import shrink, simpler


def test_drops_what_the_failure_does_not_need() -> None:
    args = {"symbol": "AAPL", "days": 30, "mode": "table", "tags": ["a", "b", "c"]}
    calls: list[object] = []

    def fails(candidate: object) -> bool:
        calls.append(candidate)
        return isinstance(candidate, dict) and candidate.get("mode") == "table"

    smallest, tries = shrink(args, fails)
    assert smallest == {"mode": "table"}
    assert tries == len(calls)


def test_keeps_a_valid_call_valid() -> None:
    def fails(candidate: object) -> bool:
        return isinstance(candidate, dict) and candidate.get("mode") == "table"

    def valid(candidate: object) -> bool:
        return isinstance(candidate, dict) and "symbol" in candidate

    smallest, _ = shrink({"symbol": "AAPL", "mode": "table"}, fails, valid)
    assert smallest == {"symbol": "", "mode": "table"}


def test_numbers_shrink_towards_the_edge_of_failing() -> None:
    smallest, _ = shrink({"n": 1000}, lambda c: isinstance(c, dict) and c.get("n", 0) > 100)
    assert smallest == {"n": 125}


def test_tries_are_bounded() -> None:
    def fails(candidate: object) -> bool:
        return isinstance(candidate, dict) and len(candidate.get("a", "")) > 90

    _, tries = shrink({"a": "x" * 100, "b": list(range(50))}, fails, max_tries=5)
    assert tries == 5


def test_candidates_are_simpler_and_new() -> None:
    for value in ({"a": [1, "xy"]}, [True, 2.5], "héllo", -7, 3.5):
        for candidate in simpler(value):
            assert candidate != value
