"""A name a registration computes from a constant start stands for every name with that start."""

from __future__ import annotations

import ast

from hermes_dev.host.registered_tools import PREFIX_MARK, matches_maybe, name_prefix


def _expr(text: str) -> ast.expr:
    return ast.parse(text, mode="eval").body


def test_the_constant_start_of_a_computed_name() -> None:
    assert name_prefix(_expr('"order_" + snake_case(action)')) == "order_"
    assert name_prefix(_expr('"order_" + a + "_" + b')) == "order_"
    assert name_prefix(_expr('f"order_{action}"')) == "order_"
    # (too short to say anything, or no constant start at all)
    assert name_prefix(_expr('"x_" + action')) is None
    assert name_prefix(_expr('action + "_tool"')) is None


def test_a_toolset_name_matches_a_start_only_when_it_begins_with_it() -> None:
    maybe = {"show", "order_" + PREFIX_MARK}
    assert matches_maybe("order_update_status", maybe)
    assert matches_maybe("show", maybe)
    assert not matches_maybe("refund_issue", maybe)
    assert not matches_maybe("orders", maybe)
