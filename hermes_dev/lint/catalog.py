"""The rules: one module per rule in `hermes_dev/lint/rules/`, named `hdNNN_<slug>.py`.

The code comes from the file name, so listing and validating codes needs no import; a rule's
module is imported only when the rule runs or its docs are shown.

HD5xx are runtime rules: `hermes-dev check` reports them by running handlers, lint never runs
them. `all_codes()` lists the rules lint runs, `runtime_codes()` the others, `documented_codes()`
both (what `hermes-dev rule`, suppressions and `[tool.hermes-dev]` accept).
"""

from __future__ import annotations

import importlib
import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.lint.rule import Rule

RULES_DIR = os.path.join(os.path.dirname(__file__), "rules")
_modules: dict[str, str] | None = None
# Each rule's `fixable`, known without importing it (a test checks they agree): `lint --fix`
# runs only these rules before planning its fixes.
FIXABLE = {
    "HD101": "safe or unsafe",
    "HD102": "unsafe",
    "HD203": "unsafe",
    "HD301": "safe or unsafe",
    "HD302": "unsafe",
    "HD303": "safe",
    "HD304": "unsafe",
    "HD900": "safe",
}


def rule_modules() -> dict[str, str]:
    """Code ("HD101") -> module name ("hd101_handler_returns_non_json"), sorted by code."""
    global _modules
    if _modules is None:
        found: dict[str, str] = {}
        for entry in os.listdir(RULES_DIR):
            stem, ext = os.path.splitext(entry)
            if ext != ".py" or len(stem) < 7 or not stem.startswith("hd") or stem[5] != "_":
                continue
            if not stem[2:5].isdigit():
                continue
            found["HD" + stem[2:5]] = stem
        _modules = dict(sorted(found.items()))
    return _modules


RUNTIME_PREFIX = "HD5"


def all_codes() -> list[str]:
    """The codes of the rules lint runs (static analysis)."""
    return [c for c in rule_modules() if not c.startswith(RUNTIME_PREFIX)]


def runtime_codes() -> list[str]:
    """The codes `hermes-dev check` reports by running handlers."""
    return [c for c in rule_modules() if c.startswith(RUNTIME_PREFIX)]


def documented_codes() -> list[str]:
    """Every rule with docs: lint's and check's."""
    return list(rule_modules())


def has_fix(code: str, unsafe: bool) -> bool:
    """Whether `--fix` (with `--unsafe-fixes` when `unsafe`) may fix a finding of `code`."""
    kind = FIXABLE.get(code)
    return kind is not None and (unsafe or kind != "unsafe")


def load_rule(code: str) -> type[Rule]:
    """The Rule subclass defined in the module of `code`."""
    from hermes_dev.lint.rule import Rule

    module = importlib.import_module(f"hermes_dev.lint.rules.{rule_modules()[code]}")
    for value in vars(module).values():
        if (
            isinstance(value, type)
            and issubclass(value, Rule)
            and value is not Rule
            and getattr(value, "code", None) == code
        ):
            return value
    raise LookupError(f"{module.__name__} defines no Rule subclass with code {code}")


def rule_docs(code: str) -> str:
    """The rule's documentation: its module docstring (Ruff's sections), dedented."""
    import inspect

    module = importlib.import_module(f"hermes_dev.lint.rules.{rule_modules()[code]}")
    return inspect.cleandoc(module.__doc__ or "")


def doc_sections(docs: str) -> dict[str, str]:
    """`## Heading` -> body text of a rule's docs."""
    sections: dict[str, str] = {}
    heading: str | None = None
    body: list[str] = []
    for line in docs.splitlines():
        if line.startswith("## "):
            if heading is not None:
                sections[heading] = "\n".join(body).strip()
            heading, body = line[3:].strip(), []
        elif heading is not None:
            body.append(line)
    if heading is not None:
        sections[heading] = "\n".join(body).strip()
    return sections
