"""`hermes-dev lint --fix` / `--diff`: apply the fixes that findings carry, all or nothing.

A rule decides what can be fixed: it attaches a `Fix` to a finding (`hermes_dev.lint.rule`),
naming a transform module here (one per file, `<verb>_<thing>.py`) and its arguments. Two kinds:

- span transforms (`edits(lines, tree, fixes)`): rewrite a statement, a list or a comment of a
  tool module; each gives text edits against the file as linted, and the imports its new code
  needs (`REQUIRES`, added once per file by `add_import`). Edits that overlap another are left
  for the next run.
- whole-file transforms (`WHOLE_FILE = True`, `rewrite(source, fixes)`): the `new-tool` /
  `remove-tool` edits of toolsets.py and `OPTIONAL_ENV_VARS` (`hermes_dev.edits`), one fix at a
  time; a shape they cannot edit leaves that fix out, with a note.

`plan_fixes(root, findings, unsafe=False)` reads every file once, fixes it in memory and returns
a `FixPlan`: `plan` (the scaffold's `Plan`: every result checked to parse; `diff()`, `apply()`
writes all files or none), `fixed` (the findings it fixes) and `notes` (fixes left out, one line
each). Nothing here runs unless some finding has a fix; libcst is imported only by the
edits that need it (HD203's list, the whole-file edits): the handler fixes are text edits.
"""

from __future__ import annotations

import ast
import importlib
import os

from hermes_dev.errors import UserError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping
    from pathlib import Path
    from types import ModuleType

    from hermes_dev.lint.rule import Finding, Fix
    from hermes_dev.writes.plan import Plan

# Fix.edit -> module here (a rule may only name these).
EDITS = (
    "wrap_in_json_dumps",
    "wrap_in_tool_error",
    "replace_raise_with_tool_error",
    "remove_suppression",
    "drop_required_name",
    "add_to_toolset",
    "remove_from_toolsets",
    "add_env_var",
    "remove_from_env_vars",
)


_BOM = "\ufeff"


def applicable(finding: Finding, unsafe: bool) -> bool:
    """True when `--fix` (with `--unsafe-fixes` when `unsafe`) would fix this finding."""
    fix = finding.fix
    return fix is not None and (fix.safe or unsafe)


def offered(fix: Fix | None, tree: ast.Module | None) -> Fix | None:
    """`fix`, unless its transform says it would be left out of this module (a rule asks, so
    that a finding marked fixable is one `--fix` fixes)."""
    if fix is None or tree is None:
        return fix
    applies = getattr(_module(fix.edit), "applies", None)
    return fix if applies is None or applies(tree, fix) else None


class FixPlan:
    def __init__(
        self,
        plan: Plan,
        fixed: list[Finding],
        notes: list[str],
        trees: dict[str, ast.Module] | None = None,
    ) -> None:
        self.plan = plan
        self.fixed = fixed
        self.notes = notes
        self.trees = trees or {}  # the parse of each fixed Python file, by relpath


def plan_fixes(
    root: Path,
    findings: Iterable[Finding],
    *,
    unsafe: bool = False,
    parsed: Callable[[Path, str], ast.Module | None] | None = None,
    unsaved: Mapping[str, str] | None = None,
) -> FixPlan:
    """Every file the applicable fixes of `findings` change, fixed in memory and checked to
    parse; nothing is written. `parsed(path, text)`: the lint run's tree of that text, if it
    has one (else it is parsed here). `unsaved`: absolute path -> the text to fix in place of
    the file's disk content (what the lint read: an editor's buffer, stdin)."""
    from hermes_dev.writes.plan import FileChange, Plan

    by_path: dict[Path, dict[Fix, list[Finding]]] = {}
    for finding in findings:
        if applicable(finding, unsafe):
            assert finding.fix is not None
            by_path.setdefault(finding.fix.path, {}).setdefault(finding.fix, []).append(finding)
    changes = []
    fixed: list[Finding] = []
    notes: list[str] = []
    known: dict[str, ast.Module] = {}  # fixed files whose tree is the old one, spliced
    for path in sorted(by_path):
        rel = _relative(root, path)
        text = unsaved.get(str(path)) if unsaved else None
        try:
            old = path.read_bytes() if text is None else text.encode("utf-8")
            source = old.decode("utf-8")
        except (OSError, UnicodeError) as exc:
            notes.append(f"{rel}: cannot read it ({exc}); not fixed")
            continue
        # A byte-order mark is no Python (ast.parse of the text refuses it): fixed without it,
        # written back with it.
        bom = _BOM if source.startswith(_BOM) else ""
        source = source[len(bom) :]
        tree = parsed(path, source) if parsed is not None else None
        new, done, spliced = _fix_file(rel, source, tree, by_path[path], notes)
        if new != source:
            changes.append(FileChange(rel, old, (bom + new).encode("utf-8")))
            fixed.extend(f for fix in done for f in by_path[path][fix])
            if spliced is not None:
                known[rel] = spliced
    plan = Plan(root, tuple(changes))
    trees = plan.check_python(known)
    fixed.sort(key=lambda f: (str(f.path), f.line, f.column, f.code))
    return FixPlan(plan, fixed, notes, trees)


def _relative(root: Path, path: Path) -> str:
    return os.path.relpath(path, root).replace(os.sep, "/")


def _module(edit: str) -> ModuleType:
    if edit not in EDITS:
        raise LookupError(f"no fix transform named {edit!r}")
    return importlib.import_module(f"hermes_dev.lint.fix.{edit}")


def _fix_file(
    rel: str,
    source: str,
    tree: ast.Module | None,
    fixes: dict[Fix, list[Finding]],
    notes: list[str],
) -> tuple[str, list[Fix], ast.Module | None]:
    """The file's text with its fixes applied, the fixes that took, and the new text's tree
    when the old one gives it without a parse (`_splice`; None: parse it)."""
    spans: dict[str, list[Fix]] = {}
    whole: dict[str, list[Fix]] = {}
    for fix in fixes:
        module = _module(fix.edit)
        (whole if getattr(module, "WHOLE_FILE", False) else spans).setdefault(fix.edit, []).append(
            fix
        )
    done: list[Fix] = []
    spliced = None
    if spans:
        source, spliced = _apply_spans(rel, source, tree, spans, done, notes)
    for edit, group in whole.items():
        batch = getattr(_module(edit), "rewrite_batch", None)
        if batch is not None:
            # One parse and one render for the whole group (one per fix was quadratic).
            try:
                new, took, refused = batch(source, group)
            except UserError as exc:  # the file as a whole: every fix of the group is out
                notes.append(f"{exc} (not fixed)")
                continue
            except RecursionError:
                pass  # deep nesting: the one-at-a-time edits below run in a deep thread
            else:
                notes.extend(f"{message} (not fixed)" for message in refused)
                if new != source:
                    source = new
                    done.extend(took)
                    spliced = None
                continue
        rewrite = _module(edit).rewrite
        for fix in group:
            try:
                new = rewrite(source, [fix])
            except UserError as exc:  # an edit that cannot change this shape safely
                notes.append(f"{exc} (not fixed)")
                continue
            if new != source:
                source = new
                done.append(fix)
                spliced = None
    return source, done, spliced


def _apply_spans(
    rel: str,
    source: str,
    tree: ast.Module | None,
    spans: dict[str, list[Fix]],
    done: list[Fix],
    notes: list[str],
) -> tuple[str, ast.Module | None]:
    """The text with the span edits applied, and its tree when `_splice` gives it."""
    from hermes_dev.lint.fix import _text
    from hermes_dev.lint.fix._splice import spliced
    from hermes_dev.lint.fix.add_import import CannotImport, import_edit

    if tree is None:
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError):
            notes.append(f"{rel}: does not parse; not fixed")
            return source, None
    lines = _text.Lines(source)
    candidates: list[tuple[_text.TextEdit, list[Fix], tuple[str, str | None] | None]] = []
    unplaced = 0
    for edit, group in spans.items():
        module = _module(edit)
        # The import a transform's code needs may depend on the module (`requires(tree)`:
        # `import json as _json` there already gives json.dumps).
        requires = module.requires(tree) if hasattr(module, "requires") else module.REQUIRES
        placed = 0
        for text_edit, fixes in module.edits(lines, tree, group):
            candidates.append((text_edit, fixes, requires))
            placed += len(fixes)
        unplaced += len(group) - placed
    if unplaced:
        # The code is not as the rule saw it, or a name the fix calls is a local there.
        what = "1 fix does" if unplaced == 1 else f"{unplaced} fixes do"
        notes.append(f"{rel}: {what} not apply to the code as it is; not fixed")
    imports: dict[tuple[str, str | None], _text.TextEdit | None] = {}
    for _, _, requires in candidates:
        if requires is None or requires in imports:
            continue
        try:
            imports[requires] = import_edit(lines, tree, requires)
        except CannotImport as exc:
            notes.append(f"{rel}: `{exc}` is bound to something else there; not fixed")
            imports[requires] = None
            candidates = [c for c in candidates if c[2] != requires]
    accepted: list[_text.TextEdit] = []
    left = 0
    for text_edit, fixes, requires in sorted(candidates, key=lambda c: (c[0].start, c[0].end)):
        import_needed = imports.get(requires) if requires is not None else None
        clash = [text_edit] + ([import_needed] if import_needed is not None else [])
        if any(_text.overlaps(a, b) for a in clash for b in accepted if a is not b):
            left += len(fixes)
            continue
        accepted.append(text_edit)
        if import_needed is not None and import_needed not in accepted:
            accepted.append(import_needed)
        done.extend(fixes)
    if left:
        notes.append(
            f"{rel}: {left} fix{'es' if left != 1 else ''} overlap others: run --fix again"
        )
    new = _text.apply(source, accepted)
    return new, spliced(tree, lines, new, accepted) if new != source else None
