"""Read the host files the scaffold edits, and run an edit with errors that name the file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from hermes_dev.errors import UserError
from hermes_dev.host.layout import Project, env_vars_path
from hermes_dev.pyast.semantic.syntax import parse_problem
from hermes_dev.reading import SOURCE_LIMIT, read_bounded


def read_source(project: Project, path: Path) -> bytes:
    rel = path.relative_to(project.root).as_posix()
    try:
        return read_bounded(path, SOURCE_LIMIT)  # (a FIFO or /dev/zero: an error, not a hang)
    except FileNotFoundError:
        raise UserError(f"{rel} is missing in {project.root}") from None
    except OSError as exc:
        raise UserError(f"cannot read {rel}: {exc.strerror or exc}") from None


def read_config(project: Project) -> tuple[Path, bytes]:
    """The file that holds OPTIONAL_ENV_VARS (hermes_cli/config.py, or the module it imports
    the literal from) and its content; needed only for --env."""
    if not project.config_path.is_file():
        raise UserError(
            f"hermes_cli/config.py is missing in {project.root}; it must hold OPTIONAL_ENV_VARS"
            " for --env (leave out --env to skip the setup-wizard entry)"
        )
    path = env_vars_path(project)
    return path, read_source(project, path)


def edited(path: Path, source: bytes, edit: Callable[[str], str]) -> bytes:
    """`edit` applied to the UTF-8 text of `source`; its EditError says which file it was."""
    from hermes_dev.edits import EditError
    from hermes_dev.edits._cst import CONFIG_FILE

    where = f"hermes_cli/{path.name}" if path.parent.name == "hermes_cli" else path.name
    try:
        text = source.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = source.count(b"\n", 0, exc.start) + 1
        raise UserError(
            f"{where}: line {line} is not UTF-8 text; hermes-dev cannot edit it"
        ) from None
    try:
        return edit(text).encode("utf-8")
    except EditError as exc:
        problem = parse_problem(where, source)  # what is wrong and where, not the edit's view
        if problem is not None:
            raise UserError(problem) from None
        # The edits name the config module hermes_cli/config.py; the literal may live elsewhere.
        message = str(exc).replace(CONFIG_FILE, where)
        raise UserError(message if where in message else f"{where}: {message}") from None
