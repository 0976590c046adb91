"""What the terminal gets: colour (--color, NO_COLOR, FORCE_COLOR) and progress on stderr for long runs."""

from __future__ import annotations

import os
import sys
import time
from typing import TextIO

PROGRESS_MIN_FILES = 50  # shorter runs finish before a progress line would help
PROGRESS_INTERVAL = 0.1  # seconds between redraws


def use_color(flag: bool | None, stream: TextIO, *, to_file: bool = False) -> bool:
    """--color/--no-color win; then NO_COLOR (https://no-color.org), then FORCE_COLOR / CLICOLOR_FORCE;
    else colour only when printing to a terminal. A report written with -o is coloured only on --color."""
    if flag is not None:
        return flag
    if to_file or os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR") or os.environ.get("CLICOLOR_FORCE", "0") != "0":
        return True
    return _isatty(stream)


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Progress:
    """`checked N/M files` redrawn in place on stderr; silent unless stderr is a terminal."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.enabled = _isatty(self.stream)
        self.shown = False
        self._last = 0.0

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or total < PROGRESS_MIN_FILES:
            return
        now = time.monotonic()
        if done < total and now - self._last < PROGRESS_INTERVAL:
            return
        self._last = now
        self.stream.write(f"\r\x1b[Kchecked {done}/{total} files")
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False
