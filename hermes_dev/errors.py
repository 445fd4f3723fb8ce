"""Errors meant for people: one line, what was wrong and what to do."""

from __future__ import annotations


class HermesDevError(Exception):
    """Base class of every error hermes-dev raises on purpose."""

    exit_code = 1


class UserError(HermesDevError):
    """Bad input or an unusable project: shown as one line on stderr, exit code 2."""

    exit_code = 2


class Interrupted(HermesDevError):
    """A signal (SIGINT, SIGTERM, SIGHUP) ended the run: exit code 128 + its number, as a shell
    reports a process the signal ended. The message says what became of the files."""

    def __init__(self, signum: int, outcome: str = "") -> None:
        import signal

        self.signum = signum
        self.exit_code = 128 + signum
        name = signal.Signals(signum).name
        super().__init__(f"interrupted ({name}){'; ' + outcome if outcome else ''}")


def writable(text: str) -> str:
    """`text` as UTF-8 can write it. The checked code may spell a lone surrogate (`"\\ud800"` in
    a tool's name or an exception's message); it is written as that escape, which a JSON
    reader reads back as the same string."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def printable(text: str, keep: str = "") -> str:
    """`text` with every character that is not printable (a NUL, an escape, a line break or
    separator, a lone surrogate), except those in `keep`, written as its escape."""
    if text.isprintable():
        return text
    return "".join(
        c if c.isprintable() or c in keep else c.encode("unicode_escape").decode("ascii")
        for c in text
    )
