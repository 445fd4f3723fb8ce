"""Parse and render one piece of a file (a statement, a list literal) with libcst, alone.

Parsing the whole module with libcst would cost more than the rest of a one-file lint run
(a 2,000-line module takes ~10x its `ast.parse`); the piece alone is parsed instead, from its
ast span, so brackets keep every line break and comment inside it, and the result replaces
exactly that text. It is parsed and rendered with the file's own line break, so a comment
inside brackets keeps its `\r\n`.
"""

from __future__ import annotations

import libcst as cst

from hermes_dev.edits._cst import check_parses
from hermes_dev.lint.fix._text import Lines


def parse_statement(lines: Lines, text: str) -> cst.BaseStatement:
    """`text` (a statement of the file `lines` holds) parsed with the file's line break;
    EditError for text libcst's parser must not see (see `check_parses`)."""
    check_parses(text, "the statement")
    return cst.parse_statement(text, config=_config(lines))


def parse_expression(lines: Lines, text: str) -> cst.BaseExpression:
    """`text` (an expression of the file `lines` holds) parsed with the file's line break;
    EditError for text libcst's parser must not see (see `check_parses`)."""
    check_parses(text, "the expression", mode="eval")
    return cst.parse_expression(text, config=_config(lines))


def render(lines: Lines, node: cst.CSTNode) -> str:
    """The source of `node`, its line breaks those of the file `lines` holds."""
    return cst.Module(body=[], default_newline=lines.newline).code_for_node(node)


def _config(lines: Lines) -> cst.PartialParserConfig:
    return cst.PartialParserConfig(default_newline=lines.newline)
