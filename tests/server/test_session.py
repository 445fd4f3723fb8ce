"""The server's protocol-free parts: where "suppress on this line" puts its comment."""

from __future__ import annotations

import pytest

from hermes_dev.lint.suppress import find_suppressions
from hermes_dev.server.session import suppression_edit


def _apply(text: str, edit: tuple[int, int, int, str]) -> str:
    line, start, end, new = edit
    lines = text.split("\n")
    lines[line - 1] = lines[line - 1][:start] + new + lines[line - 1][end:]
    return "\n".join(lines)


@pytest.mark.parametrize(
    ("line", "before", "after"),
    [
        (
            2,
            "def f(a):\n    return {}\n",
            "def f(a):\n    return {}  # hermes-dev: ignore[HD101]\n",
        ),
        (  # trailing blanks go; the comment follows the code
            2,
            "def f(a):\n    return {}   \n",
            "def f(a):\n    return {}  # hermes-dev: ignore[HD101]\n",
        ),
        (  # before the line's own comment: a suppression must start the comment
            2,
            "def f(a):\n    return {}  # a dict\n",
            "def f(a):\n    return {}  # hermes-dev: ignore[HD101]  # a dict\n",
        ),
        (  # another code already suppressed there: one comment, both codes
            2,
            "def f(a):\n    return {}  # hermes-dev: ignore[HD102]\n",
            "def f(a):\n    return {}  # hermes-dev: ignore[HD102, HD101]\n",
        ),
        (  # a statement that goes on over several lines: the comment ends its first line
            2,
            "def f(a):\n    return {\n        'x': 1,\n    }\n",
            "def f(a):\n    return {  # hermes-dev: ignore[HD101]\n        'x': 1,\n    }\n",
        ),
    ],
)
def test_the_comment_suppresses_the_code_on_that_line(line: int, before: str, after: str) -> None:
    edit = suppression_edit(before, line, "HD101")
    assert edit is not None
    assert _apply(before, edit) == after
    assert find_suppressions(after)[line].covers("HD101")


@pytest.mark.parametrize(
    ("line", "text"),
    [
        (2, 'def f(a):\n    return """one\n    two"""\n'),  # the line ends inside a string
        (2, "def f(a):\n    return {} \\\n        or []\n"),  # a backslash continuation
        (2, "def f(a):\n    return {}  # hermes-dev: ignore\n"),  # a bare ignore covers it
        (2, "def f(a):\n    return {}  # hermes-dev: ignore[HD101]\n"),  # already there
        (9, "x = 1\n"),  # no such line
    ],
)
def test_no_comment_where_it_cannot_go_or_is_not_needed(line: int, text: str) -> None:
    assert suppression_edit(text, line, "HD101") is None
