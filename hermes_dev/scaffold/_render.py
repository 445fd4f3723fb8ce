"""Render the copier template into a temporary folder and read the files back into memory."""

from __future__ import annotations

import tempfile
import warnings
from pathlib import Path

from hermes_dev.errors import HermesDevError, UserError
from hermes_dev.scaffold._spec import ToolSpec


def template_dir() -> Path:
    """The tool template: inside the package once installed, in the repo when run from source."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package / "templates" / "tool", package.parent / "templates" / "tool"):
        if (candidate / "copier.yml").is_file():
            return candidate
    raise HermesDevError(
        f"the tool template is missing (looked in {package / 'templates' / 'tool'});"
        " reinstall hermes-dev"
    )


def render(spec: ToolSpec) -> dict[str, bytes]:
    """Relative path (POSIX) -> content of every file the template makes for `spec`."""
    # copier pulls in pydantic, questionary and plumbum: import it only when a tool is made.
    import copier

    with tempfile.TemporaryDirectory(prefix="hermes-dev-render-") as tmp:
        out = Path(tmp) / "out"
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                copier.run_copy(
                    str(template_dir()),
                    out,
                    data=spec.template_data(),
                    defaults=True,
                    unsafe=False,
                    quiet=True,
                    skip_tasks=True,
                )
        except ValueError as exc:
            # A validator in copier.yml refused an answer that make_spec let through.
            raise UserError(f"the tool template refused an answer: {exc}") from None
        return {
            path.relative_to(out).as_posix(): path.read_bytes()
            for path in sorted(out.rglob("*"))
            if path.is_file()
        }
