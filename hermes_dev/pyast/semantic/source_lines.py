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


class SourceLines(Sequence[str]):
    """The lines of `source`, without their line breaks."""

    __slots__ = ("_starts", "source")

    def __init__(self, source: str) -> None:
        self.source = source
        starts = array("q", [0])
        if "\r" in source:
            starts.extend(match.end() for match in _BREAK.finditer(source))
        else:
            at = source.find("\n")
            while at != -1:
                starts.append(at + 1)
                at = source.find("\n", at + 1)
        self._starts = starts

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
        return _strip_break(self.source[self._start(index) : self._start(index + 1)])

    def text(self, first: int, last: int) -> str:
        """Lines `first` to `last` (1-based, inclusive), each ending in `\\n`."""
        first = max(first, 1)
        last = min(last, len(self))
        if first > last:
            return ""
        chunk = self.source[self._start(first - 1) : self._start(last)]
        if "\r" in chunk:
            chunk = chunk.replace("\r\n", "\n").replace("\r", "\n")
        # (the last line has no break of its own)
        return chunk + "\n" if last == len(self) else chunk

    def _start(self, index: int) -> int:
        return self._starts[index] if index < len(self._starts) else len(self.source)


def _strip_break(line: str) -> str:
    line = line.removesuffix("\n")
    line = line.removesuffix("\r")
    return line
