"""Where the project lives: read from the installed package's metadata, so pyproject.toml is the one source."""

from __future__ import annotations

from functools import lru_cache

DISTRIBUTION = "toollint-llm"  # the name on the package index; `toollint` there is an unrelated project


@lru_cache(maxsize=1)
def project_urls() -> dict[str, str]:
    """`[project.urls]` of the installed distribution (empty when toollint runs from an uninstalled tree)."""
    from importlib.metadata import PackageNotFoundError, metadata

    try:
        entries = metadata(DISTRIBUTION).get_all("Project-URL") or []
    except PackageNotFoundError:
        return {}
    urls = {}
    for entry in entries:
        label, _, url = entry.partition(",")
        urls[label.strip().lower()] = url.strip()
    return urls


def rule_help_uri(rule_name: str) -> str | None:
    """The public page of one rule's documentation (docs/rules.md has an anchor per rule name)."""
    docs = project_urls().get("documentation")
    return f"{docs}#{rule_name}" if docs else None
