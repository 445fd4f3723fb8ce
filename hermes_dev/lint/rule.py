"""What a lint rule is: a code, docs in Ruff's sections, example cases, and a check.

One rule per module under `hermes_dev/lint/rules/`, named `hdNNN_<slug>.py`, defining one
subclass of `Rule`. The module docstring is the rule's documentation (printed by
`hermes-dev rule CODE`) and must have the sections `## What it does`, `## Why is this bad?`,
`## Example` and `## Use instead`. `VALID` cases must give no finding of the rule; `INVALID`
cases must give exactly the findings they list. The test suite runs every case of every rule.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Literal

if TYPE_CHECKING:
    from hermes_dev.lint.engine import LintContext

# The file a single-source case is written to, inside a throwaway Hermes-shaped root.
DEFAULT_CASE_PATH = "tools/example_tool.py"


@dataclass(frozen=True)
class Finding:
    code: str
    message: str
    path: Path  # absolute
    line: int  # 1-based
    column: int  # 1-based
    end_line: int
    end_column: int  # 1-based, exclusive
    tool: str | None = None


@dataclass(frozen=True)
class Case:
    """An example for a rule.

    `files` is one source (written to `tools/example_tool.py`) or a mapping of paths relative to
    the root to sources (e.g. also `toolsets.py`, `hermes_cli/config.py`). The case root gets a
    minimal `tools/registry.py` and `toolsets.py` unless `files` gives its own.
    `findings` lists the expected findings of this rule as `(path, line)`; for a single-source
    case `lines` is enough.
    """

    files: str | Mapping[str, str]
    lines: tuple[int, ...] = ()
    findings: tuple[tuple[str, int], ...] = ()
    note: str = ""

    def sources(self) -> dict[str, str]:
        if isinstance(self.files, str):
            return {DEFAULT_CASE_PATH: self.files}
        return dict(self.files)

    def expected(self) -> list[tuple[str, int]]:
        return sorted([(DEFAULT_CASE_PATH, n) for n in self.lines] + list(self.findings))


@dataclass(frozen=True)
class Valid(Case):
    pass


@dataclass(frozen=True)
class Invalid(Case):
    pass


class Rule:
    code: ClassVar[str]  # "HD101"
    name: ClassVar[str]  # "handler-returns-non-json"
    summary: ClassVar[str]  # one line: what is wrong (SARIF shortDescription)
    # "module": looks at one tool module at a time; "project": needs the whole root.
    scope: ClassVar[Literal["module", "project"]] = "module"
    VALID: ClassVar[tuple[Valid, ...]] = ()
    INVALID: ClassVar[tuple[Invalid, ...]] = ()

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        raise NotImplementedError
