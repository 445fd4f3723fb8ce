"""Render the copier template into a temporary folder and read the files back into memory.

Importing copier costs about half as much as editing a 6,600-line config module with libcst,
and both hold the GIL. So a process's first `PendingRender` (copier not imported yet) renders in a
child interpreter, on another core, while this one edits toolsets.py and config.py; `result()`
collects the files. Later renders in the same process run in-process.

The child runs `python -I -c CODE OUT_DIR PATH...` with the answers as JSON on stdin: isolated
(`-I`: no current folder, no PYTHONPATH, no user site on its path), with this process's path minus
the current folder given explicitly. A checkout's own `json.py` or `hermes_dev/` is never imported,
and the child renders the template this process chose (`template_dir()`), never another.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from hermes_dev.errors import HermesDevError, Interrupted, UserError
from hermes_dev.scaffold._plugin_spec import PluginSpec
from hermes_dev.scaffold._spec import ToolSpec
from hermes_dev.writes.signals import signals_deferred

REFUSED = 2  # the child's exit code when the template refused an answer

# Only a process's first render goes to a child: a long-lived caller imports copier once and
# renders in-process from then on.
_first_render = True
# A child that takes longer than this is killed and the render done in-process.
CHILD_TIMEOUT_S = 60
# Set to any non-empty value to always render in-process (where spawning is unwelcome).
IN_PROCESS_ENV = "HERMES_DEV_RENDER_IN_PROCESS"


# The child's whole program: its path is set before anything but `sys` is imported.
_CHILD_CODE = (
    "import sys; sys.path[:] = sys.argv[2:]\n"
    "from hermes_dev.scaffold._render_child import main; sys.exit(main(sys.argv[1:2]))"
)


def child_path() -> list[str]:
    """The render child's sys.path: this hermes_dev's folder first (installed or not), then this
    process's path without the current folder ('' or the folder itself, which `python -m` and
    `python -c` put first)."""
    try:
        cwd = os.path.realpath(os.getcwd())
    except OSError:  # the current folder was deleted: nothing to leave out
        cwd = None
    path = [str(Path(__file__).resolve().parents[2])]
    for entry in sys.path:
        if entry and entry not in path and os.path.realpath(entry) != cwd:
            path.append(entry)
    return path


def template_dir(template: str = "tool") -> Path:
    """A template ("tool" or "plugin"): inside the package once installed, in the repo when run
    from source."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package / "templates" / template, package.parent / "templates" / template):
        if (candidate / "copier.yml").is_file():
            return candidate
    raise HermesDevError(
        f"the {template} template is missing (looked in {package / 'templates' / template});"
        " reinstall hermes-dev"
    )


def copy_template(data: dict[str, Any], out: Path, template: str | Path = "tool") -> None:
    """Render `template` (a bundled template's name, or its folder) with `data` into `out`."""
    # copier pulls in pydantic, questionary and plumbum: import it only when a tool is made.
    import copier

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        copier.run_copy(
            str(template if isinstance(template, Path) else template_dir(template)),
            out,
            data=data,
            defaults=True,
            unsafe=False,
            quiet=True,
            skip_tasks=True,
        )


def _read_tree(out: Path) -> dict[str, bytes]:
    return {
        path.relative_to(out).as_posix(): path.read_bytes()
        for path in sorted(out.rglob("*"))
        if path.is_file()
    }


def _refused(message: str) -> UserError:
    # A validator in copier.yml refused an answer that make_spec let through.
    return UserError(f"the tool template refused an answer: {message}")


def render(spec: ToolSpec | PluginSpec, template: str = "tool") -> dict[str, bytes]:
    """Relative path (POSIX) -> content of every file the template makes for `spec` (any spec
    with `template_data()`).

    SIGINT, SIGTERM and SIGHUP wait until the render is over and its temporary folder (with
    any folder copier made in the meantime) is removed, then raise Interrupted: a signal at any
    moment leaves nothing behind."""
    with signals_deferred() as received:
        try:
            files = _render_here(spec, template)
        finally:
            signum = received()
    if signum is not None:
        raise Interrupted(signum)
    return files


def _render_here(spec: ToolSpec | PluginSpec, template: str) -> dict[str, bytes]:
    with tempfile.TemporaryDirectory(prefix="hermes-dev-render-") as tmp:
        out = Path(tmp) / "out"
        # copier's own temporary folders (copier._vcs.*) go inside ours, so they go with it.
        saved, tempfile.tempdir = tempfile.tempdir, tmp
        try:
            copy_template(spec.template_data(), out, template)
        except ValueError as exc:
            raise _refused(str(exc)) from None
        except OSError as exc:  # the environment: a full $TMPDIR, a failing git
            raise _environment_error(exc) from None
        finally:
            tempfile.tempdir = saved
        return _read_tree(out)


def _environment_error(exc: OSError) -> UserError:
    argv = getattr(exc, "argv", None)
    if isinstance(argv, list) and argv:  # plumbum's ProcessExecutionError: a command copier ran
        command = " ".join([Path(str(argv[0])).name, *map(str, argv[1:])])
        lines = str(getattr(exc, "stderr", "") or "").strip().splitlines()
        detail = lines[-1].strip() if lines else f"exit code {getattr(exc, 'retcode', '?')}"
        return UserError(
            f"cannot render the tool template: `{command}` failed ({detail}); is $TMPDIR full?"
        )
    return UserError(
        f"cannot render the tool template in {tempfile.gettempdir()}: {exc.strerror or exc}"
    )


class PendingRender:
    """A render under way; `result()` returns its files. Use it as a context manager: the child
    starts on entering the `with` block and is ended, its temporary folder removed, on leaving
    it, with SIGINT, SIGTERM and SIGHUP held off meanwhile (each then raises Interrupted), so a
    signal at any moment leaves neither a folder nor a process behind."""

    def __init__(self, spec: ToolSpec, *, in_child: bool | None = None) -> None:
        self._spec = spec
        self._files: dict[str, bytes] | None = None
        self._child: subprocess.Popen[bytes] | None = None
        self._tmp: str | None = None
        global _first_render
        if in_child is None:
            in_child = (
                _first_render
                and "copier" not in sys.modules
                and bool(sys.executable)
                and not os.environ.get(IN_PROCESS_ENV)
            )
        _first_render = False
        self._in_child = in_child

    def _start_child(self) -> None:
        self._tmp = tempfile.mkdtemp(prefix="hermes-dev-render-")
        payload = {"template": str(template_dir()), "data": self._spec.template_data()}
        # The child's temporary folders (copier's clones) go inside ours: removed with it even
        # when the child is killed before it can remove them itself.
        env = {**os.environ, "TMPDIR": self._tmp}
        try:
            self._child = subprocess.Popen(
                [sys.executable, "-I", "-c", _CHILD_CODE, f"{self._tmp}/out", *child_path()],
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                env=env,
                # Its own process group: the git that copier runs goes with it when it is ended.
                start_new_session=True,
            )
        except OSError:
            self._child = None  # result() renders in-process instead
            return
        assert self._child.stdin is not None
        try:
            self._child.stdin.write(json.dumps(payload).encode("utf-8"))
            self._child.stdin.close()
        except OSError:
            pass  # the child died early: result() sees its exit code and renders here
        self._child.stdin = None  # closed: communicate() must not touch it

    def result(self) -> dict[str, bytes]:
        if self._files is not None:
            return self._files
        if self._child is not None and self._tmp is not None:
            try:
                _, err = self._child.communicate(timeout=CHILD_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                self._child.kill()
                _, err = self._child.communicate()
            message = err.decode("utf-8", "replace").strip()
            code = self._child.returncode
            if code == 0:
                self._files = _read_tree(Path(self._tmp) / "out")
                return self._files
            if code == REFUSED:
                raise _refused(message)
            # Anything else (a broken environment, say): render here rather than fail.
        self._files = render(self._spec)
        return self._files

    def __enter__(self) -> Self:
        if self._in_child:
            with signals_deferred() as received:
                try:
                    self._start_child()
                finally:
                    signum = received()
                    if signum is not None:  # no __exit__ will run: clean up here
                        self._clean_up()
            if signum is not None:
                raise Interrupted(signum)
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        with signals_deferred() as received:
            self._clean_up()
        signum = received()
        if signum is not None and exc is None:
            raise Interrupted(signum)

    def _clean_up(self) -> None:
        if self._child is not None and self._child.returncode is None:
            # Not reaped yet, so its group id is still ours: end the whole group (a git clone
            # copier started may outlive the child, still writing into our folder).
            try:
                os.killpg(self._child.pid, signal.SIGKILL)
            except OSError:
                self._child.kill()
            self._child.wait()
        if self._child is not None and self._child.stderr is not None:
            self._child.stderr.close()
        if self._tmp is not None:
            for _ in range(5):  # (a process of the group may take a moment to let go)
                shutil.rmtree(self._tmp, ignore_errors=True)
                if not os.path.exists(self._tmp):
                    break
                time.sleep(0.05)
            self._tmp = None
