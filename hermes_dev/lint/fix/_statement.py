"""Rewrite one statement with a libcst transformer, touching no byte outside it.

Parsing the whole module with libcst would cost more than the rest of a one-file lint run
(a 2,000-line module takes ~10x its `ast.parse`); the statement alone is parsed instead. Its
text runs from the keyword to the end of its last expression, so brackets keep every line break
and comment inside it, and the transformer's result replaces exactly that text. It is parsed and
rendered with the file's own line break, so a comment inside brackets keeps its `\r\n`.
"""

from __future__ import annotations

import libcst as cst

from hermes_dev.lint.fix._text import Lines, TextEdit


def parse_statement(lines: Lines, text: str) -> cst.BaseStatement:
    """`text` (a statement of the file `lines` holds) parsed with the file's line break."""
    return cst.parse_statement(text, config=_config(lines))


def parse_expression(lines: Lines, text: str) -> cst.BaseExpression:
    """`text` (an expression of the file `lines` holds) parsed with the file's line break."""
    return cst.parse_expression(text, config=_config(lines))


def render(lines: Lines, node: cst.CSTNode) -> str:
    """The source of `node`, its line breaks those of the file `lines` holds."""
    return cst.Module(body=[], default_newline=lines.newline).code_for_node(node)


def _config(lines: Lines) -> cst.PartialParserConfig:
    return cst.PartialParserConfig(default_newline=lines.newline)


def rewrite(lines: Lines, node: object, transformer: cst.CSTTransformer) -> TextEdit | None:
    """The edit that replaces the ast statement `node` with what `transformer` makes of it;
    None when its text does not parse alone or the transformer leaves it as it was."""
    start, end = lines.span(node)
    text = lines.source[start:end]
    try:
        parsed = parse_statement(lines, text)
    except cst.ParserSyntaxError:
        return None
    if not isinstance(parsed, cst.SimpleStatementLine) or len(parsed.body) != 1:
        return None
    new = parsed.visit(transformer)
    assert isinstance(new, cst.SimpleStatementLine)
    code = render(lines, new.body[0])
    if code == text:
        return None
    return TextEdit(start, end, code)


def call(func: str, *args: cst.BaseExpression) -> cst.Call:
    """`func(args...)`, `func` a name or a dotted name."""
    parts = func.split(".")
    target: cst.BaseExpression = cst.Name(parts[0])
    for part in parts[1:]:
        target = cst.Attribute(value=target, attr=cst.Name(part))
    return cst.Call(func=target, args=[cst.Arg(value=a) for a in args])
