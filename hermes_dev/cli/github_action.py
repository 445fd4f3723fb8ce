"""The GitHub Action's own steps (action.yml at the repository's root); not a hermes-dev command.

action.yml runs `python -P -m hermes_dev.cli.github_action lint`, then `... annotate`. The
inputs arrive in environment variables (never pasted into a script), and none of them can
smuggle an option into lint or make it write outside the workspace:

- `paths` are split at whitespace (no quoting, no globbing) and passed after `--`, so a path
  that starts with `-` is a path (that does not exist: exit 2), never `--fix` or `--exit-zero`;
- `args` are options only, split like a shell would (`shlex`: quotes, no globbing, no
  substitutions), and only options that read: `--select`, `--ignore`, `--root`, `--baseline`,
  `--no-baseline`, `--show-baselined`, `--unsafe-fixes`, `--exit-zero`, `-v`; an option that
  writes (`--fix`, `-o`, `--write-baseline`, `--cache-dir`...), one the action sets itself
  (`--output-format`), or a path is refused with one line, exit 2;
- `sarif-file` must resolve (links followed) inside `$GITHUB_WORKSPACE`, in a folder that
  exists; lint runs with no cache (the cache would live outside the workspace);
- every `$GITHUB_OUTPUT` line uses the multi-line syntax with a random delimiter.

The lint runs once, writing the SARIF report; `annotate` turns that report's new results into
workflow annotations and exits with the lint's status, so both reports come from one run.
"""

from __future__ import annotations

import json
import os
import secrets
import shlex
import sys

from hermes_dev.errors import UserError

# Options `args` may hold: they choose what is checked and how it is judged, and write nothing.
ALLOWED_OPTIONS = frozenset(
    {
        "--root",
        "--select",
        "--ignore",
        "--baseline",
        "--no-baseline",
        "--show-baselined",
        "--unsafe-fixes",
        "--exit-zero",
        "--verbose",
        "-v",
    }
)
EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2
MAX_SARIF_BYTES = 256 * 1024 * 1024  # code scanning's own limit is lower


def _takes_value(name: str) -> bool:
    from hermes_dev.lint.options import LINT_OPTIONS

    return any(name in opt.names and opt.takes_value for opt in LINT_OPTIONS)


def split_args(text: str) -> list[str]:
    """The `args` input as lint options (see the module's docstring); UserError otherwise."""
    try:
        words = shlex.split(text, comments=False, posix=True)
    except ValueError as exc:
        raise UserError(f"args: {exc} (quote as a POSIX shell does)") from None
    out: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        i += 1
        name, eq, _ = word.partition("=")
        if not word.startswith("-") or word == "-" or word == "--":
            raise UserError(
                f"args: {word!r} is not an option; give files and folders in the `paths` input"
            )
        if name not in ALLOWED_OPTIONS:
            raise UserError(
                f"args: {name} is not allowed here (the action writes the reports itself);"
                f" allowed: {', '.join(sorted(ALLOWED_OPTIONS))}"
            )
        out.append(word)
        if _takes_value(name) and not eq:
            if i >= len(words):
                raise UserError(f"args: {name} needs a value")
            out.append(f"{words[i]}")
            i += 1
    return out


def split_paths(text: str) -> list[str]:
    """The `paths` input: whitespace-separated, taken as they are (no quotes, no globs)."""
    return text.split()


def inside(path: str, folder: str) -> bool:
    """Whether `path` (links followed) is `folder` or below it."""
    real, top = os.path.realpath(path), os.path.realpath(folder)
    return real == top or real.startswith(top.rstrip(os.sep) + os.sep)


def check_sarif_path(path: str, workspace: str) -> str:
    """`path` when lint may write the SARIF report there; UserError otherwise."""
    if not path or any(c in path for c in "\0\r\n"):
        raise UserError("sarif-file: give a file name (one line)")
    full = os.path.join(workspace, path)
    if not inside(full, workspace):
        raise UserError(f"sarif-file {path}: must be inside the workspace ({workspace})")
    folder = os.path.dirname(os.path.realpath(full))
    if not os.path.isdir(folder):
        raise UserError(f"sarif-file {path}: no folder {folder}")
    if os.path.exists(full) and not os.path.isfile(full):
        raise UserError(f"sarif-file {path}: not a regular file")
    return full


def set_output(name: str, value: str) -> None:
    """One step output, in the multi-line syntax under a delimiter the value does not hold."""
    target = os.environ.get("GITHUB_OUTPUT")
    if not target:
        return
    delimiter = f"ghadelimiter_{secrets.token_hex(16)}"
    while delimiter in value:  # (never: 128 random bits)
        delimiter = f"ghadelimiter_{secrets.token_hex(16)}"
    with open(target, "a", encoding="utf-8") as fh:
        fh.write(f"{name}<<{delimiter}\n{value}\n{delimiter}\n")


def lint_step(env: dict[str, str]) -> int:
    """Check the inputs, run lint once (SARIF report), record its status: 0 or 1 (findings,
    judged by `annotate`); 2 on a usage error, which fails this step."""
    workspace = env.get("GITHUB_WORKSPACE") or os.getcwd()
    sarif = env.get("HERMES_DEV_SARIF", "")
    full = check_sarif_path(sarif, workspace)
    argv = ["lint", "--no-cache"]
    baseline = env.get("HERMES_DEV_BASELINE", "")
    if baseline:
        argv += ["--baseline", baseline]
    argv += split_args(env.get("HERMES_DEV_ARGS", ""))
    argv += ["--output-format", "sarif", "--output-file", full, "--"]
    argv += split_paths(env.get("HERMES_DEV_PATHS", ""))
    from hermes_dev.cli import run_click

    code = run_click(argv)
    if code not in (EXIT_CLEAN, EXIT_FINDINGS):
        return code
    set_output("sarif-file", sarif)
    set_output("exit-code", str(code))
    return EXIT_CLEAN


def workflow_annotations(log: object) -> list[str]:
    """Workflow commands (`::error file=...::message`) for the new results of a SARIF log."""
    from hermes_dev.lint.report import escape_data, escape_property

    lines: list[str] = []
    runs = log.get("runs") if isinstance(log, dict) else None
    for run in runs if isinstance(runs, list) else ():
        results = run.get("results") if isinstance(run, dict) else None
        for res in results if isinstance(results, list) else ():
            if not isinstance(res, dict) or res.get("baselineState") in ("unchanged", "absent"):
                continue
            try:
                where = res["locations"][0]["physicalLocation"]
                uri, region = where["artifactLocation"]["uri"], where["region"]
                props = [
                    f"file={escape_property(str(uri))}",
                    f"line={int(region['startLine'])}",
                    f"col={int(region['startColumn'])}",
                    f"endLine={int(region['endLine'])}",
                    f"endColumn={int(region['endColumn'])}",
                    f"title={escape_property(str(res['ruleId']))}",
                ]
                message = str(res["message"]["text"])
            except (KeyError, IndexError, TypeError, ValueError):
                continue  # not a result hermes-dev wrote
            lines.append(f"::error {','.join(props)}::{escape_data(message)}")
    return lines


def annotate_step(env: dict[str, str]) -> int:
    """Print the annotations of the lint step's SARIF report; exit with that lint's status."""
    status = env.get("HERMES_DEV_EXIT_CODE", "")
    if status not in ("0", "1"):
        raise UserError(f"the lint step recorded no status ({status!r})")
    workspace = env.get("GITHUB_WORKSPACE") or os.getcwd()
    path = check_sarif_path(env.get("HERMES_DEV_SARIF", ""), workspace)
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read(MAX_SARIF_BYTES + 1)
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"sarif-file: cannot read it: {exc}") from None
    if len(text) > MAX_SARIF_BYTES:
        raise UserError("sarif-file: larger than 256 MB")
    try:
        log = json.loads(text)
    except (ValueError, RecursionError):
        raise UserError("sarif-file: not the JSON the lint step wrote") from None
    sys.stdout.write("".join(line + "\n" for line in workflow_annotations(log)))
    sys.stdout.flush()
    return int(status)


def main(argv: list[str]) -> int:
    steps = {"lint": lint_step, "annotate": annotate_step}
    if len(argv) != 1 or argv[0] not in steps:
        sys.stderr.write("usage: python -P -m hermes_dev.cli.github_action lint|annotate\n")
        return EXIT_USAGE
    try:
        return steps[argv[0]](dict(os.environ))
    except UserError as exc:
        sys.stderr.write(f"hermes-dev: error: {exc}\n")
        return exc.exit_code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
