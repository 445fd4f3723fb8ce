"""Output formats of `hermes-dev lint`: text, json, sarif (2.1.0), github (workflow commands),
gitlab (GitLab Code Quality) and junit (JUnit XML).

Paths are relative to the lint root in text and json, and to the repository (`repo_relative`) in
sarif, github, gitlab and junit, which CI systems resolve from the repository's top.
`render(result, fmt, rules)` returns the report as one string; `statistics(result, rules)` the
`--statistics` lines (findings per code) and `counters(result)` the counters rules added (e.g.
schemas skipped; shown with `--verbose`). `rules` maps each code that ran to its Rule class (for
names and docs).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from collections.abc import Callable, Mapping
    from pathlib import Path

    from hermes_dev.lint.engine import LintResult
    from hermes_dev.lint.finding import Chain
    from hermes_dev.lint.rule import Finding, Rule

FORMATS = ("text", "json", "sarif", "github", "gitlab", "junit")


def render(
    result: LintResult,
    fmt: str,
    rules: Mapping[str, type[Rule]],
    *,
    color: bool = False,
    quiet: bool = False,
    show_fixes: bool = False,
) -> str:
    """The report in `fmt`. Text only: `color` (ANSI), `quiet` (the findings, no summary),
    `show_fixes` (each fixable finding's fix, or what --fix fixed: `result.fixed_findings`)."""
    if fmt == "json":
        return _json(result, rules)
    if fmt == "sarif":
        return _sarif(result, rules)
    if fmt == "github":
        return _github(result)
    if fmt == "gitlab":
        return _gitlab(result)
    if fmt == "junit":
        return _junit(result, rules)
    return _text(result, rules, _Style(color), quiet=quiet, show_fixes=show_fixes)


def repo_relative(result: LintResult, path: Path) -> str:
    """A path as code scanning and CI annotations want it: relative to the repository.

    That is `$GITHUB_WORKSPACE` in a GitHub workflow, `$CI_PROJECT_DIR` in a GitLab job, else
    the folder the command runs in (CI and pre-commit run at the repository's top), else the
    lint root when the file is elsewhere.
    """
    import os

    base = os.environ.get("GITHUB_WORKSPACE") or os.environ.get("CI_PROJECT_DIR") or os.getcwd()
    rel = os.path.relpath(path, base)
    if rel.startswith("..") or os.path.isabs(rel):
        return result.relative(path)
    return rel.replace(os.sep, "/")


def _tool_suffix(f: Finding) -> str:
    if not f.tool:
        return ""
    shown = [_printable(f.tool)]
    for name in f.tools[1:3]:
        text = _printable(name)
        if sum(len(n) + 2 for n in shown) + len(text) > 60:
            break
        shown.append(text)
    more = len(f.tools) - len(shown)
    return f" [{', '.join(shown)}{f' +{more}' if more else ''}]"


def _printable(tool: str) -> str:
    if not tool.isprintable() or len(tool) > 80:  # a manifest's name: untrusted text
        tool = tool[:80].encode("unicode_escape").decode("ascii") + (
            "..." if len(tool) > 80 else ""
        )
    return tool


def _message(result: LintResult, f: Finding) -> str:
    return f"{f.message}{result.suffix(f)}{_tool_suffix(f)}"


def fixable(f: Finding, unsafe: bool) -> bool:
    """True when `--fix` (with `--unsafe-fixes` when `unsafe`) fixes the finding."""
    return f.fix is not None and (f.fix.safe or unsafe)


def _marker(f: Finding, unsafe: bool) -> str:
    return "[*] " if fixable(f, unsafe) else ""


# A text report's line is at most this long (colours aside): a finding's message gives up its
# details (the middle of a call chain, then the chain, then a long callee's text) to fit; json
# and sarif keep everything.
TEXT_WIDTH = 199
_MIN_ROOM = 60  # what a message keeps beside a long part it must show whole (a replay)


class _Style:
    """ANSI colours for the text report (Ruff's: a bold path, a bold red code, cyan marks)."""

    def __init__(self, on: bool) -> None:
        self.on = on

    def _wrap(self, text: str, start: str) -> str:
        return f"\x1b[{start}m{text}\x1b[0m" if self.on and text else text

    def bold(self, text: str) -> str:
        return self._wrap(text, "1")

    def code(self, text: str) -> str:
        return self._wrap(text, "1;31")

    def mark(self, text: str) -> str:
        return self._wrap(text, "36")

    def ok(self, text: str) -> str:
        return self._wrap(text, "32")


def _text(
    result: LintResult,
    rules: Mapping[str, type[Rule]],
    style: _Style,
    *,
    quiet: bool = False,
    show_fixes: bool = False,
) -> str:
    unsafe = result.unsafe_fixes
    colon = style.mark(":")
    lines = []
    for f in result.findings:
        where = f"{style.bold(result.relative(f.path))}{colon}{f.line}{colon}{f.column}{colon}"
        marker = _marker(f, unsafe)
        plain = f"{result.relative(f.path)}:{f.line}:{f.column}: {f.code} {marker}"
        tail = f"{result.suffix(f)}{_tool_suffix(f)}"
        kept = result.kept_end(f)  # (check's replay command: shortened, it is no command)
        body = f.message[: len(f.message) - len(kept)]
        room = max(TEXT_WIDTH - len(plain) - len(tail) - len(kept), _MIN_ROOM)
        message = fit(body, room) + kept + tail
        lines.append(
            f"{where} {style.code(f.code)} {style.mark(marker.strip()) + ' ' if marker else ''}"
            f"{message}"
        )
        if show_fixes and f.fix is not None:
            kind = "safe" if f.fix.safe else "unsafe: --unsafe-fixes"
            lines.append(f"    {style.mark('fix')} ({kind}): {f.fix.title}")
    if show_fixes and result.fixed_findings:
        lines.extend(fixed_lines(result, rules))
    if quiet:
        return "".join(line + "\n" for line in lines)
    n = len(result.findings)
    checked = result.scope()
    if result.fixed:
        total = n + result.fixed
        lines.append(
            f"Found {total} finding{'s' if total != 1 else ''} ({result.fixed} fixed,"
            f" {n} remaining; {checked})."
        )
    elif n:
        in_files = len({f.path for f in result.findings})
        lines.append(
            f"Found {n} finding{'s' if n != 1 else ''} in {in_files} file"
            f"{'s' if in_files != 1 else ''} ({checked})."
        )
    else:
        lines.append(f"{style.ok('All checks passed')} ({checked}).")
    fix_line = _fixable_line(result.findings, unsafe)
    if fix_line:
        lines.append(fix_line)
    lines.extend(result.epilogue())
    return "\n".join(lines) + "\n"


def fixed_lines(result: LintResult, rules: Mapping[str, type[Rule]]) -> list[str]:
    """`--fix --show-fixes`: what was fixed, per file and rule (Ruff's enumeration)."""
    by_file: dict[str, dict[str, int]] = {}
    for f in result.fixed_findings:
        counts = by_file.setdefault(result.relative(f.path), {})
        counts[f.code] = counts.get(f.code, 0) + 1
    n = len(result.fixed_findings)
    lines = [f"Fixed {n} finding{'s' if n != 1 else ''}:"]
    for path, counts in sorted(by_file.items()):
        lines.append(f"- {path}:")
        for code, count in sorted(counts.items()):
            name = f" ({rules[code].name})" if code in rules else ""
            lines.append(f"    {count} × {code}{name}")
    return lines


def fit(message: str, room: int) -> str:
    """`message` in at most `room` characters, shortened where it says the least: the middle
    steps of a `via a -> b -> c` chain first, then the cure after the last `; ` outside
    parentheses (`hermes-dev rule CODE` gives it), then the chain, then a long `callee` text,
    then the parenthesised `(path:line...)` it comes from; as a last resort its end is cut
    (marked `...`)."""
    import re

    if len(message) <= room:
        return message
    via = re.compile(r", via ([^;()]*?)(?=[;)])")

    def middle(match: re.Match[str]) -> str:
        steps = match.group(1).split(" -> ")
        if len(steps) <= 2:
            return match.group(0)
        return f", via {steps[0]} -> ... -> {steps[-1]}"

    steps: list[Callable[[str], str]] = [
        lambda text: via.sub(middle, text),
        _without_cure,
        lambda text: via.sub("", text),
        lambda text: re.sub(r"`([^`]{21,}?)(\(\))?`", _short_code, text),
        lambda text: re.sub(r" \([^()]*:\d+[^()]*\)", "", text, count=1),
    ]
    shorter = message
    for step in steps:
        shorter = step(shorter)
        if len(shorter) <= room:
            return shorter
    return shorter[: max(room - 3, 0)].rstrip() + "..."


def _short_code(match: re.Match[str]) -> str:
    """A `callee()` text cut to its first 17 characters (its `()` kept)."""
    return f"`{match.group(1)[:17]}...{match.group(2) or ''}`"


def _without_cure(message: str) -> str:
    """The message up to its last `; ` outside parentheses and backticks (what to do about it)."""
    depth, quoted, cut = 0, False, -1
    for i, char in enumerate(message):
        if char == "`":
            quoted = not quoted
        elif not quoted and char == "(":
            depth += 1
        elif not quoted and char == ")":
            depth -= 1
        elif not quoted and depth == 0 and message.startswith("; ", i):
            cut = i
    return message if cut < 0 else message[:cut]


def _fixable_line(findings: list[Finding], unsafe: bool) -> str:
    """Ruff's summary of what `--fix` would do, or "" when nothing has a fix."""
    shown = sum(1 for f in findings if fixable(f, unsafe))
    hidden = sum(1 for f in findings if f.fix is not None and not fixable(f, unsafe))
    hint = (
        f" ({hidden} hidden fix{'es' if hidden != 1 else ''} can be enabled with the"
        " `--unsafe-fixes` option)"
        if hidden
        else ""
    )
    if shown:
        return f"[*] {shown} fixable with the `--fix` option{hint}."
    if hidden:
        return f"No fixes available{hint}."
    return ""


def _json(result: LintResult, rules: Mapping[str, type[Rule]]) -> str:
    import json

    items: list[dict[str, object]] = [
        {
            "code": f.code,
            "message": f.message,
            "path": result.relative(f.path),
            "line": f.line,
            "column": f.column,
            "end_line": f.end_line,
            "end_column": f.end_column,
            "tool": f.tool,
            "tools": list(f.tools),
            "rule": rules[f.code].name if f.code in rules else None,
            "fix": None
            if f.fix is None
            else {
                "applicability": "safe" if f.fix.safe else "unsafe",
                "message": f.fix.title,
            },
            "chain": _steps(result, f.chain),
            "chains": [_steps(result, chain) for chain in f.chains],
            **result.extra(f),
        }
        for f in _listed(result)
    ]
    if result.baselined is not None:  # --show-baselined
        hidden = {id(f) for f in result.baselined}
        for item, f in zip(items, _listed(result)):
            item["baselined"] = id(f) in hidden
    return json.dumps(items, indent=2, ensure_ascii=False) + "\n"


def _steps(result: LintResult, chain: Chain) -> list[dict[str, object]]:
    return [
        {"path": result.relative(path), "line": line, "function": function}
        for path, line, function in chain
    ]


def _listed(result: LintResult) -> list[Finding]:
    """The findings json and sarif list: with --show-baselined, the baselined ones too."""
    if not result.baselined:
        return result.findings
    return sorted(
        [*result.findings, *result.baselined],
        key=lambda f: (str(f.path), f.line, f.column, f.code),
    )


class _Fingerprints:
    """Fingerprints stable across edits that move the line: code, file, the line's text, and
    occurrence. Each file is read and split once, and each (code, file, line) hashed once: a
    file with thousands of findings (a manifest's one long line) costs no more per finding."""

    def __init__(self, result: LintResult) -> None:
        self.result = result
        self.seen: dict[str, int] = {}
        self.lines: dict[Path, list[str]] = {}
        self.digests: dict[tuple[str, Path, int], str] = {}

    def of(self, f: Finding) -> str:
        import hashlib

        key = (f.code, f.path, f.line)
        digest = self.digests.get(key)
        if digest is None:
            text = self._lines(f.path)
            line_text = text[f.line - 1].strip() if 0 < f.line <= len(text) else ""
            base = f"{f.code}\0{self.result.relative(f.path)}\0{line_text}"
            digest = self.digests[key] = hashlib.sha256(
                base.encode("utf-8", "replace")
            ).hexdigest()[:32]
        self.seen[digest] = self.seen.get(digest, 0) + 1
        return f"{digest}:{self.seen[digest]}"

    def _lines(self, path: Path) -> list[str]:
        text = self.lines.get(path)
        if text is None:
            from hermes_dev.reading import SOURCE_LIMIT, read_bounded

            try:
                data = read_bounded(path, SOURCE_LIMIT)
                text = data.decode("utf-8", "replace").split("\n")  # as the tokenizer counts
            except OSError:
                text = []
            self.lines[path] = text
        return text


# The OASIS SARIF 2.1.0 schema (with its errata), which a log should name in `$schema` (3.13.3).
SARIF_SCHEMA = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)


def _sarif(result: LintResult, rules: Mapping[str, type[Rule]]) -> str:
    import json

    from hermes_dev import __version__
    from hermes_dev.lint.catalog import doc_sections, rule_docs

    codes = sorted(set(rules) | {f.code for f in _listed(result)})
    driver_rules = []
    for code in codes:
        rule = rules.get(code)
        docs = rule_docs(code) if rule is not None else ""
        sections = doc_sections(docs)
        summary = rule.summary if rule is not None else code
        driver_rules.append(
            {
                "id": code,
                "name": _camel(rule.name) if rule is not None else code,
                "shortDescription": {"text": summary},
                "fullDescription": {
                    "text": " ".join(sections.get("What it does", summary).split())
                },
                "help": {"text": docs or summary, "markdown": docs or summary},
                "defaultConfiguration": {"level": "error"},
                "properties": {"tags": ["hermes-tool-contract"]},
            }
        )
    index = {code: i for i, code in enumerate(codes)}
    prints = _Fingerprints(result)
    results: list[dict[str, object]] = []
    hidden = {id(f) for f in result.baselined or ()}
    for f in _listed(result):
        extra: dict[str, object] = {}
        if f.chains:
            extra = _chain_locations(result, f)
        results.append(
            {
                "ruleId": f.code,
                "ruleIndex": index[f.code],
                "level": "error",
                "message": {"text": _message(result, f)},
                "locations": [
                    {
                        "physicalLocation": {
                            "artifactLocation": {
                                "uri": repo_relative(result, f.path),
                                "uriBaseId": "%SRCROOT%",
                            },
                            "region": {
                                "startLine": f.line,
                                "startColumn": f.column,
                                "endLine": f.end_line,
                                "endColumn": max(f.end_column, f.column),
                            },
                        }
                    }
                ],
                "partialFingerprints": {"primaryLocationLineHash": prints.of(f)},
                "properties": {
                    **({"tool": f.tool, "tools": list(f.tools)} if f.tool else {}),
                    **result.extra(f),
                },
                **extra,
            }
        )
        if result.baseline is not None:
            results[-1]["baselineState"] = "unchanged" if id(f) in hidden else "new"
    log = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "hermes-dev",
                        "version": __version__,
                        "semanticVersion": __version__,
                        "rules": driver_rules,
                    }
                },
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"


def _chain_locations(result: LintResult, f: Finding) -> dict[str, object]:
    """The chains as SARIF shows them: relatedLocations (each step after the reported line, each
    place once over all chains) and a codeFlow per chain, with one threadFlow walking its
    steps from the reported line to the origin."""

    def location(path: Path, line: int, function: str) -> dict[str, object]:
        return {
            "physicalLocation": {
                "artifactLocation": {
                    "uri": repo_relative(result, path),
                    "uriBaseId": "%SRCROOT%",
                },
                "region": {"startLine": line},
            },
            "message": {"text": f"in {function}"},
        }

    related: list[dict[str, object]] = []
    seen: set[tuple[Path, int, str]] = set()
    for chain in f.chains:
        for step in chain[1:]:
            if step not in seen:
                seen.add(step)
                related.append({"id": len(related) + 1, **location(*step)})
    flows = [
        {"threadFlows": [{"locations": [{"location": location(*step)} for step in chain]}]}
        for chain in f.chains
    ]
    return {"relatedLocations": related, "codeFlows": flows}


def _camel(name: str) -> str:
    parts = name.replace("_", "-").split("-")
    return parts[0] + "".join(p[:1].upper() + p[1:] for p in parts[1:])


def escape_data(text: str) -> str:
    """A workflow command's message, escaped as the GitHub runner expects."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """A workflow command's property value: data escaping plus `:` and `,`."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _github(result: LintResult) -> str:
    lines = []
    for f in result.findings:
        props = ",".join(
            [
                f"file={escape_property(repo_relative(result, f.path))}",
                f"line={f.line}",
                f"col={f.column}",
                f"endLine={f.end_line}",
                f"endColumn={f.end_column}",
                f"title={escape_property(f.code)}",
            ]
        )
        lines.append(f"::error {props}::{escape_data(_message(result, f))}")
    return "".join(line + "\n" for line in lines)


def _counts(result: LintResult) -> list[tuple[str, int, int]]:
    """(code, findings, fixable ones), most findings first."""
    counts: dict[str, int] = {}
    fixes: dict[str, int] = {}
    for f in result.findings:
        counts[f.code] = counts.get(f.code, 0) + 1
        if fixable(f, result.unsafe_fixes):
            fixes[f.code] = fixes.get(f.code, 0) + 1
    ordered = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return [(code, count, fixes.get(code, 0)) for code, count in ordered]


def statistics(result: LintResult, rules: Mapping[str, type[Rule]]) -> list[str]:
    """Findings per code (`[*]`: every one fixable, `[-]`: some)."""
    lines = []
    for code, count, n_fix in _counts(result):
        name = rules[code].name if code in rules else ""
        mark = "[*] " if n_fix == count else "[-] " if n_fix else ""
        lines.append(f"{count:5d}  {code}  {mark}{name}".rstrip())
    return lines


def statistics_json(result: LintResult, rules: Mapping[str, type[Rule]]) -> str:
    """`--statistics --output-format json`: the counts as a JSON list (as Ruff writes them)."""
    import json

    items = [
        {
            "code": code,
            "name": rules[code].name if code in rules else None,
            "count": count,
            "fixable": n_fix == count,
            "fixable_count": n_fix,
        }
        for code, count, n_fix in _counts(result)
    ]
    return json.dumps(items, indent=2) + "\n"


def counters(result: LintResult) -> list[str]:
    """What the rules counted but could not check (`--verbose`): schemas, env entries..."""
    return [f"{count:5d}  {label}" for label, count in sorted(result.stats.counters.items())]


# -- GitLab Code Quality and JUnit -------------------------------------------------------------


def _gitlab(result: LintResult) -> str:
    """GitLab Code Quality: a JSON list of issues (description, check_name, fingerprint,
    severity, location.path and lines), paths relative to the repository."""
    import json

    prints = _Fingerprints(result)
    issues = [
        {
            "description": f"{f.code} {_message(result, f)}",
            "check_name": f.code,
            "fingerprint": prints.of(f).replace(":", "-"),
            "severity": "major",
            "location": {
                "path": repo_relative(result, f.path),
                "lines": {"begin": f.line, "end": max(f.end_line, f.line)},
            },
        }
        for f in result.findings
    ]
    return json.dumps(issues, indent=2, ensure_ascii=False) + "\n"


def _xml_text(text: str) -> str:
    """Text XML 1.0 can hold: the characters it forbids (most C0 controls, lone surrogates,
    U+FFFE/U+FFFF) become U+FFFD."""
    return "".join(
        c
        if c in "\t\n\r"
        or ("\x20" <= c <= "\ud7ff")
        or ("\ue000" <= c <= "\ufffd")
        or c >= "\U00010000"
        else "\ufffd"
        for c in text
    )


def _junit(result: LintResult, rules: Mapping[str, type[Rule]]) -> str:
    """JUnit XML: a test suite per file, a failed test case per finding (a passing case when
    there is none), which CI systems show as test results."""
    import xml.etree.ElementTree as ET

    n = len(result.findings)
    suites = ET.Element(
        "testsuites", name="hermes-dev", tests=str(max(n, 1)), failures=str(n), errors="0"
    )
    by_file: dict[str, list[Finding]] = {}
    for f in result.findings:
        by_file.setdefault(repo_relative(result, f.path), []).append(f)
    if not by_file:
        suite = ET.SubElement(suites, "testsuite", name="hermes-dev", tests="1", failures="0")
        suite.set("errors", "0")
        ET.SubElement(suite, "testcase", name="No findings", classname="hermes-dev")
    for path, findings in sorted(by_file.items()):
        suite = ET.SubElement(suites, "testsuite", name=_xml_text(path))
        suite.set("tests", str(len(findings)))
        suite.set("failures", str(len(findings)))
        suite.set("errors", "0")
        for f in findings:
            name = rules[f.code].name if f.code in rules else f.code
            case = ET.SubElement(suite, "testcase")
            case.set("name", f"{f.code} ({name}) at line {f.line}")
            case.set("classname", _xml_text(path))
            case.set("file", _xml_text(path))
            case.set("line", str(f.line))
            failure = ET.SubElement(case, "failure")
            failure.set("message", _xml_text(_message(result, f)))
            failure.set("type", f.code)
            failure.text = _xml_text(f"{path}:{f.line}:{f.column}: {f.code} {f.message}")
    ET.indent(suites)
    body = ET.tostring(suites, encoding="unicode")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"
