"""A module's lines read from its text by offset: `SourceLines(source)[n - 1]` is line n as the
tokenizer counts lines (`\\r\\n`, `\\r` and `\\n` each end one; `str.splitlines()` also splits at
`\\f` and `\\x1c`, which is why it is not used). One array of offsets per module instead of a
string per line: a run keeps the text of every module it reads, and a list of its lines beside it
was a tenth of its memory.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Sequence
from typing import overload

_BREAK = re.compile(r"\r\n?|\n")
_BREAK_BYTES = re.compile(rb"\r\n?|\n")


class SourceLines(Sequence[str]):
    """The lines of `source`, without their line breaks. `source` may be the text's UTF-8
    bytes (a module whose text has characters outside Latin-1 takes two or four bytes a
    character as a `str`, most of a run's text memory): its lines are decoded as read."""

    __slots__ = ("_starts", "_text")

    def __init__(self, source: str | bytes) -> None:
        self._text = source
        starts = array("q", [0])
        if isinstance(source, bytes):
            if b"\r" in source:
                starts.extend(match.end() for match in _BREAK_BYTES.finditer(source))
            else:
                at = source.find(b"\n")
                while at != -1:
                    starts.append(at + 1)
                    at = source.find(b"\n", at + 1)
        elif "\r" in source:
            starts.extend(match.end() for match in _BREAK.finditer(source))
        else:
            at = source.find("\n")
            while at != -1:
                starts.append(at + 1)
                at = source.find("\n", at + 1)
        self._starts = starts

    @property
    def source(self) -> str:
        """The whole text."""
        text = self._text
        return text.decode("utf-8") if isinstance(text, bytes) else text

    def __len__(self) -> int:
        return len(self._starts)

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> list[str]: ...
    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("line out of range")
        return _strip_break(self._slice(self._start(index), self._start(index + 1)))

    def text(self, first: int, last: int) -> str:
        """Lines `first` to `last` (1-based, inclusive), each ending in `\\n`."""
        first = max(first, 1)
        last = min(last, len(self))
        if first > last:
            return ""
        chunk = self._slice(self._start(first - 1), self._start(last))
        if "\r" in chunk:
            chunk = chunk.replace("\r\n", "\n").replace("\r", "\n")
        # (the last line has no break of its own)
        return chunk + "\n" if last == len(self) else chunk

    def _slice(self, start: int, end: int) -> str:
        text = self._text
        if isinstance(text, bytes):
            # (offsets are at line starts: never inside a character's bytes)
            return text[start:end].decode("utf-8")
        return text[start:end]

    def _start(self, index: int) -> int:
        return self._starts[index] if index < len(self._starts) else len(self._text)


def _strip_break(line: str) -> str:
    line = line.removesuffix("\n")
    line = line.removesuffix("\r")
    return line
