"""A server's listing as a committable file: `serverInfo`, `protocolVersion`, `instructions` and `tools`.

The shape is the `initialize` result plus the `tools/list` result, so `toollint check` reads a snapshot
like any MCP tool file, and findings on a live server carry `file:line:col` in it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the linter imports this module for `server_name`; listing code is not needed for that
    from toollint.mcp.protocol import Listing


def snapshot_data(listing: Listing) -> dict[str, Any]:
    info: dict[str, Any] = {"name": listing.name}
    if listing.title is not None:
        info["title"] = listing.title
    if listing.version is not None:
        info["version"] = listing.version
    data: dict[str, Any] = {"serverInfo": info}
    if listing.protocol_version is not None:
        data["protocolVersion"] = listing.protocol_version
    if listing.instructions is not None:
        data["instructions"] = listing.instructions
    data["tools"] = listing.tools
    data.update(listing.list_fields)  # 2026-07-28: ttlMs, cacheScope, resultType of the tools/list result
    return data


def snapshot_text(listing: Listing) -> str:
    """Deterministic JSON: the server's own key order, two-space indent, non-ASCII kept as is, except what is
    unsafe to print or cannot be UTF-8 (a lone surrogate a server sent as `\\ud800`), written as the same
    `\\uXXXX` escape: the snapshot can be written, and is then linted like any file (TL001 on a surrogate)."""
    from toollint.terminal import escape_json_controls

    return escape_json_controls(json.dumps(snapshot_data(listing), ensure_ascii=False, indent=2)) + "\n"


def server_name(data: Any) -> str | None:
    """The `serverInfo.name` of a snapshot (or an `initialize` result), if the data is one."""
    info = data.get("serverInfo") if isinstance(data, dict) else None
    name = info.get("name") if isinstance(info, dict) else None
    return name if isinstance(name, str) else None


def snapshot_paths(template: str, names: list[str]) -> list[Path]:
    """Where each server's snapshot goes: the path itself for one server; with several, `{server}` in the
    path (or a directory) is filled with each server's name, made file-safe and unique."""
    target = Path(template)
    if len(names) == 1 and "{server}" not in template and not target.is_dir():
        return [target]
    if "{server}" not in template and not target.is_dir():
        raise ValueError(f"--save-snapshot {template!r}: with several servers, put `{{server}}` in the path "
                         "or name an existing directory")
    paths: list[Path] = []
    used: set[str] = set()
    for name in names:
        stem = re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-.") or "server"
        unique, n = stem, 2
        while unique in used:
            unique, n = f"{stem}-{n}", n + 1
        used.add(unique)
        paths.append(target / f"{unique}.json" if target.is_dir() else Path(template.replace("{server}", unique)))
    return paths
