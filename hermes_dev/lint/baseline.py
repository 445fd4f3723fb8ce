"""The lint baseline: findings recorded once, then left out of later runs while they stay.

`hermes-dev lint --write-baseline` records a run's findings in `.hermes-dev-baseline.json` (at the
root); `lint --baseline FILE` (or `baseline = "..."` in `[tool.hermes-dev]`) reports only findings
not in it. An entry names a finding by content, not by line: rule code, path (posix, from the
root), tool name, a hash of the flagged code, and an occurrence index among the findings that
share all four. Inserting lines above, reformatting, re-indenting or moving a function within its
file keeps an entry matched; the same violation in another file or tool is new.

The flagged code is the outermost ast node that starts where the finding does (a `return`, a
`raise`, a schema value, a string in a toolset list); a compound statement (`def`, `if`,
`try`...) counts by its header only, so edits in its body do not unmatch it. Where no node starts
there (a comment, a `def`'s name) it is the innermost statement on the finding's line. Its
`ast.dump` without positions is hashed: whitespace, comments and quotes are out. A file that does
not parse counts by its whitespace-normalised line.

API: `keyed(result)` -> [(finding, Key)]; `load(path)` -> Baseline (UserError when the file is
not one); `apply(result, baseline)` -> Applied (new findings, baselined ones, how many entries are
gone); `write(path, result, previous)` -> how many entries the file now holds.
"""

from __future__ import annotations

import os

from hermes_dev.errors import UserError, writable
from hermes_dev.reading import DATA_LIMIT, read_bounded

TYPE_CHECKING = False
if TYPE_CHECKING:
    import ast
    from collections.abc import Iterable, Sequence
    from pathlib import Path

    from hermes_dev.lint.engine import LintResult
    from hermes_dev.lint.rule import Finding

    # (code, path, tool or "", hash, occurrence)
    Key = tuple[str, str, str, str, int]

FORMAT = "hermes-dev-baseline"
VERSION = 1
DEFAULT_FILE = ".hermes-dev-baseline.json"
HASH_CHARS = 16
FIELDS = ("code", "path", "tool", "hash", "occurrence")
# Fields of compound statements that hold their bodies (left out of the statement's hash).
BODY_FIELDS = ("body", "orelse", "finalbody", "handlers", "cases")


class Baseline:
    """The entries of a baseline file: keys, each once (the occurrence index tells copies apart)."""

    def __init__(self, keys: Iterable[Key] = (), path: str | None = None) -> None:
        self.keys: frozenset[Key] = frozenset(keys)
        self.path = path


class Applied:
    """A run split by a baseline: `new` findings, `baselined` ones, `gone` entries (a count)."""

    def __init__(self, new: list[Finding], baselined: list[Finding], gone: int) -> None:
        self.new = new
        self.baselined = baselined
        self.gone = gone


# -- keys ------------------------------------------------------------------------------------------


def keyed(result: LintResult) -> list[tuple[Finding, Key]]:
    """Each finding of `result` with its baseline key (in the findings' order)."""
    by_path: dict[Path, list[Finding]] = {}
    for f in result.findings:
        by_path.setdefault(f.path, []).append(f)
    # (by id: a Finding's fields need not be hashable)
    hashes: dict[int, str] = {}
    for path, findings in by_path.items():
        hashes.update(zip(map(id, findings), _hashes(path, findings)))
    # Occurrence index: the n-th finding (in position order) of the same code, path, tool, hash.
    seen: dict[tuple[str, str, str, str], int] = {}
    out: list[tuple[Finding, Key]] = []
    for f in sorted(result.findings, key=lambda f: (str(f.path), f.line, f.column, f.code)):
        base = (f.code, result.relative(f.path), f.tool or "", hashes[id(f)])
        index = seen.get(base, 0)
        seen[base] = index + 1
        out.append((f, (*base, index)))
    order = {id(f): i for i, f in enumerate(result.findings)}
    out.sort(key=lambda pair: order[id(pair[0])])
    return out


def _hashes(path: Path, findings: Sequence[Finding]) -> list[str]:
    """The hash of each finding's flagged code, in order."""
    import ast

    from hermes_dev.reading import SOURCE_LIMIT, read_bounded

    try:
        data = read_bounded(path, SOURCE_LIMIT)
    except OSError:
        return [_digest(f"unreadable\0{f.message}") for f in findings]
    text = data.decode("utf-8", "replace")
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    try:
        tree: ast.Module | None = ast.parse(data)
    except (SyntaxError, ValueError):
        tree = None
    if tree is None:
        return [_digest("line\0" + _line_text(lines, f.line)) for f in findings]
    starts, statements = _index(tree, {f.line for f in findings})
    out: list[str] = []
    for f in findings:
        line_text = lines[f.line - 1] if 0 < f.line <= len(lines) else ""
        offset = len(line_text[: max(f.column - 1, 0)].encode("utf-8"))
        node = starts.get((f.line, offset))
        if node is not None:
            out.append(_digest("node\0" + _dump(node)))
            continue
        stmt = statements.get(f.line)
        rest = line_text[max(f.column - 1, 0) :].strip()
        comment = " ".join(rest.split()) if rest.startswith("#") else ""
        if stmt is None:
            out.append(_digest("line\0" + _line_text(lines, f.line)))
        else:
            out.append(_digest("stmt\0" + _dump(stmt) + "\0" + comment))
    return out


def _index(
    tree: ast.Module, lines: set[int]
) -> tuple[dict[tuple[int, int], ast.AST], dict[int, ast.stmt]]:
    """The outermost node starting at each (line, byte offset) on `lines`, and the innermost
    statement spanning each of those lines."""
    import ast

    starts: dict[tuple[int, int], ast.AST] = {}
    statements: dict[int, ast.stmt] = {}
    spans: dict[int, int] = {}
    # Breadth first: a node is met before its children, so the first one at a place is outermost.
    for node in ast.walk(tree):
        lineno = getattr(node, "lineno", None)
        if lineno is None:
            continue
        end = getattr(node, "end_lineno", None) or lineno
        if lineno in lines:
            starts.setdefault((lineno, node.col_offset), node)  # type: ignore[attr-defined]
        if isinstance(node, ast.stmt):
            for line in lines:
                if lineno <= line <= end and end - lineno <= spans.get(line, end - lineno):
                    # Inner statements come later in the walk: a tie (same span) goes to them.
                    statements[line] = node
                    spans[line] = end - lineno
    return starts, statements


def _dump(node: ast.AST) -> str:
    """The node's normalised source: its ast without positions, a compound's body left out."""
    import ast

    fields = [name for name in BODY_FIELDS if isinstance(getattr(node, name, None), list)]
    if not fields:
        return ast.dump(node, include_attributes=False)
    saved = {name: getattr(node, name) for name in fields}
    try:
        for name in fields:
            setattr(node, name, [])
        return ast.dump(node, include_attributes=False)
    finally:
        for name, value in saved.items():
            setattr(node, name, value)


def _line_text(lines: Sequence[str], line: int) -> str:
    return " ".join(lines[line - 1].split()) if 0 < line <= len(lines) else ""


def _digest(text: str) -> str:
    import hashlib

    return hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()[:HASH_CHARS]


# -- applying --------------------------------------------------------------------------------------


def in_scope(result: LintResult, key: Key) -> bool:
    """True when this run could have reported the entry: its code ran, its file was checked."""
    code, path = key[0], key[1]
    if code not in result.codes:
        return False
    checked: frozenset[str] | None = getattr(result, "checked", None)
    # `hermes-dev check` of some tools: entries of the other tools stay out of sight.
    tools: frozenset[str] | None = getattr(result, "checked_tools", None)
    if tools is not None and key[2] not in tools:
        return False
    return checked is None or path in checked


def apply(result: LintResult, baseline: Baseline) -> Applied:
    """Split the run's findings into new and baselined; count the in-scope entries not matched."""
    new: list[Finding] = []
    baselined: list[Finding] = []
    matched: set[Key] = set()
    for finding, key in keyed(result):
        if key in baseline.keys:
            matched.add(key)
            baselined.append(finding)
        else:
            new.append(finding)
    gone = sum(1 for key in baseline.keys - matched if in_scope(result, key))
    return Applied(new, baselined, gone)


def gone_message(count: int) -> str:
    noun = "finding is" if count == 1 else "findings are"
    return f"{count} baselined {noun} gone: run --write-baseline to drop them"


# -- the file --------------------------------------------------------------------------------------


def load(path: str) -> Baseline:
    """The baseline in the file at `path`; UserError (one line) when missing or malformed."""
    try:
        data = read_bounded(path, DATA_LIMIT)
    except FileNotFoundError:
        raise UserError(
            f"baseline {path}: no such file (create it with `hermes-dev lint --write-baseline`)"
        ) from None
    except OSError as exc:
        raise UserError(f"baseline {path}: cannot read it ({exc.strerror or exc})") from None
    return parse(data, path)


def previous(path: str) -> Baseline | None:
    """The baseline `--write-baseline` replaces at `path` (None: none there, or unreadable).

    UserError when `path` cannot be a baseline file (a folder, a `.py` file, `-`) or holds
    something else than a baseline: that is never overwritten.
    """
    where = f"--write-baseline {path}"
    if path == "-" or path.endswith(".py") or os.path.isdir(path):
        raise UserError(
            f"{where}: not a baseline file name (put paths before --write-baseline, or write"
            " --write-baseline=FILE)"
        )
    try:
        data = read_bounded(path, DATA_LIMIT)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise UserError(f"{where}: {exc.strerror or exc}") from None
    try:
        return parse(data, path)
    except UserError:
        if data.strip() and not _damaged_baseline(data):
            raise UserError(
                f"{where}: the file exists and is not a hermes-dev baseline; not overwriting it"
            ) from None
        return None  # a damaged or older baseline: rewritten whole


def _damaged_baseline(data: bytes) -> bool:
    """True for a baseline file that no longer parses (a merge conflict, another version): a
    JSON object, once git's conflict markers are left out, holding the format's own field.
    A README or a pyproject.toml that merely mentions the file's name is none."""
    lines = data.decode("utf-8", "replace").splitlines()
    kept = [
        line for line in lines if not line.startswith(("<<<<<<<", "=======", ">>>>>>>", "|||||||"))
    ]
    text = "\n".join(kept).lstrip("\ufeff \t\r\n")
    return text.startswith("{") and f'"format": "{FORMAT}"' in text


def parse(data: bytes, where: str) -> Baseline:
    """The baseline in `data` (the text of a baseline file); UserError when it is not one."""
    import json

    def bad(why: str) -> UserError:
        return UserError(
            f"baseline {where}: {why}; rewrite it with `hermes-dev lint --write-baseline`"
        )

    try:
        doc = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise bad("not UTF-8 text") from None
    except (ValueError, RecursionError) as exc:
        # ValueError: JSONDecodeError, and numbers too long to convert.
        raise bad(f"not JSON ({str(exc).splitlines()[0] if str(exc) else 'malformed'})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise bad(f'not a hermes-dev baseline (no "format": "{FORMAT}")')
    version = doc.get("version")
    if type(version) is not int or version != VERSION:
        raise bad(f"version {version!r} is not supported (this hermes-dev reads version {VERSION})")
    entries = doc.get("findings")
    if not isinstance(entries, list):
        raise bad('"findings" must be a list')
    keys: list[Key] = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict) or set(entry) != set(FIELDS):
            raise bad(f"entry {i} must be an object with exactly {', '.join(FIELDS)}")
        code, rel, tool, digest, occurrence = (entry[name] for name in FIELDS)
        if not all(isinstance(v, str) for v in (code, rel, tool, digest)):
            raise bad(f"entry {i}: code, path, tool and hash must be strings")
        if not isinstance(occurrence, int) or isinstance(occurrence, bool) or occurrence < 0:
            raise bad(f"entry {i}: occurrence must be a whole number")
        keys.append((code, rel, tool, digest, occurrence))
    return Baseline(keys, where)


def render(keys: Iterable[Key]) -> str:
    """A baseline file's text: sorted entries, one field per line, stable across runs."""
    import json

    entries = [dict(zip(FIELDS, key)) for key in sorted(set(keys))]
    doc = {"format": FORMAT, "version": VERSION, "findings": entries}
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def write(path: str, result: LintResult, previous: Baseline | None) -> int:
    """Record the run's findings at `path`; keep the previous entries the run could not see.

    Returns how many entries the file holds. Written through a temporary file and a rename, so
    an interrupted write leaves the old baseline whole.
    """
    keys = {key for _, key in keyed(result)}
    if previous is not None:
        keys.update(key for key in previous.keys if not in_scope(result, key))
    text = render(keys)
    from pathlib import Path

    from hermes_dev.writes.plan import FileChange, Plan

    # The writer new-tool and --fix use: a temporary file (O_EXCL | O_NOFOLLOW) renamed over
    # the old baseline, signals held off, checked unchanged right before, rolled back on failure.
    full = os.path.abspath(path)
    if not os.path.isdir(os.path.dirname(full)):
        raise UserError(f"--write-baseline {path}: there is no folder {os.path.dirname(full)}")
    try:
        old: bytes | None = read_bounded(full, DATA_LIMIT)
    except FileNotFoundError:
        old = None
    except OSError as exc:
        raise UserError(f"--write-baseline {path}: {exc.strerror or exc}") from None
    new = writable(text).encode("utf-8")
    if new != old:
        plan = Plan(Path(os.path.dirname(full)), (FileChange(os.path.basename(full), old, new),))
        try:
            plan.check_writable()
            plan.apply()
        except UserError as exc:
            raise UserError(f"--write-baseline {path}: {exc}") from None
    return len(keys)
