"""`CheckResult`: a check run, shaped as lint's result so that lint's report formats,
suppressions and baseline take it as they take a lint run."""

from __future__ import annotations

from hermes_dev.lint.engine import LintResult

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from hermes_dev.check.sandbox import Outcome
    from hermes_dev.lint.finding import Finding


class CheckResult(LintResult):
    """A check run, shaped as lint's result (so `report.render`, `baseline` take it): plus the
    tools checked, the calls made, and for each finding its call (arguments, replay)."""

    def __init__(self, root: Path, findings: list[Finding], codes: Sequence[str]) -> None:
        from hermes_dev.lint.context import Statistics

        super().__init__(root, findings, 0, Statistics(), codes)
        self.checked_tools: frozenset[str] | None = frozenset()
        self.calls = 0
        self.starts = 0
        self.seconds = 0.0
        self.notes: list[str] = []
        self.unknown: list[str] = []  # tools named that nothing registers
        self.details: dict[int, dict[str, object]] = {}  # id(finding) -> extra fields
        self.confirmed: dict[int, str] = {}  # id(static finding) -> what confirmed it
        self.missed: list[Finding] = []  # findings on tools lint calls clean
        self.linted = False
        self.outcome: Outcome | None = None  # --replay: what the call did
        self.timeout = 5.0  # the per-call time limit the run used

    def scope(self) -> str:
        n = len(self.checked_tools or ())
        return f"{n} tool{'s' if n != 1 else ''} checked, {self.calls} call{'s' if self.calls != 1 else ''}"

    def extra(self, finding: Finding) -> dict[str, object]:
        out = dict(self.details.get(id(finding), {}))
        if finding.code == "HD102":
            out["confirmed"] = id(finding) in self.confirmed
        elif self.linted:
            out["missed_by_lint"] = any(f is finding for f in self.missed)
        return out

    def kept_end(self, finding: Finding) -> str:
        """`; replay: COMMAND`: the part of a line a user needs most, never cut in text."""
        replay = self.details.get(id(finding), {}).get("replay")
        end = f"; replay: {replay}" if isinstance(replay, str) else ""
        return end if end and finding.message.endswith(end) else ""

    def suffix(self, finding: Finding) -> str:
        if id(finding) in self.confirmed:
            return f" (confirmed at run time: {self.confirmed[id(finding)]})"
        return ""

    def epilogue(self) -> list[str]:
        if not self.missed:
            return []
        tools = sorted({f.tool or "?" for f in self.missed})
        n = len(self.missed)
        return [f"Static analysis missed {n} of these: lint reports nothing on {', '.join(tools)}."]
