"""Version shims, in one place: `tomllib` is in the standard library from Python 3.11 (tomli before)."""

from __future__ import annotations

import sys

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

__all__ = ["tomllib"]
