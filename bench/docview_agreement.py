"""Google `Args:` sections: toollint's line scanner against docstring-parser, on real tool descriptions.

    python bench/docview_agreement.py ../shared/corpus /work/corpus22/dev

For every description holding a parameter-section header, both read the entries; the script prints how many
sections they read identically (names and texts, white space folded), the ones where they differ, and the time
each takes per description. This is why toollint reads Google, Markdown and Chinese sections with its own
scanner and leaves docstring-parser the NumPy and Sphinx forms (toollint/linter/docview.py).
"""

from __future__ import annotations

import inspect
import json
import sys
import time
from pathlib import Path

import docstring_parser

from toollint.linter import docview


def descriptions(roots: list[str]) -> list[tuple[str, str, str]]:
    found = []
    for root in roots:
        for path in sorted(Path(root).rglob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            tools = data.get("tools") if isinstance(data, dict) else data
            for tool in tools if isinstance(tools, list) else []:
                text = tool.get("description") if isinstance(tool, dict) else None
                if isinstance(text, str) and docview._HEADER.search(text):
                    found.append((path.name, str(tool.get("name")), text))
    return found


def by_parser(text: str) -> dict[str, str]:
    parsed = docstring_parser.parse(inspect.cleandoc(text), docstring_parser.DocstringStyle.GOOGLE)
    return {p.arg_name.strip("`*- ").split(" ", 1)[0]: " ".join((p.description or "").split()) for p in parsed.params
            if p.args[0] in ("param", "parameter", "arg", "argument", "key", "keyword")}


def by_scanner(text: str) -> dict[str, str]:
    docs = docview.parse(text)
    return {name: " ".join(docs.entries[name].text.split()) for name in docs.sectioned}


def main() -> None:
    found = descriptions(sys.argv[1:])
    same, differ = 0, []
    for file, name, text in found:
        try:
            ours, theirs = by_scanner(text), by_parser(text)
        except Exception as error:  # noqa: BLE001 - a description docstring-parser cannot take
            differ.append((file, name, f"docstring-parser raised {type(error).__name__}"))
            continue
        if ours == theirs:
            same += 1
        else:
            only_ours, only_theirs = sorted(set(ours) - set(theirs)), sorted(set(theirs) - set(ours))
            changed = sorted(k for k in set(ours) & set(theirs) if ours[k] != theirs[k])
            differ.append((file, name, f"scanner only {only_ours[:4]}, parser only {only_theirs[:4]}, "
                                       f"texts differ {changed[:4]}"))
    print(f"{len(found)} descriptions with a parameter-section header: {same} read identically")
    for file, name, what in differ:
        print(f"  {file} {name}: {what}")
    for label, read in (("scanner", by_scanner), ("docstring-parser", by_parser)):
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            for _, _, text in found:
                try:
                    read(text)
                except Exception:  # noqa: BLE001
                    pass
            best = min(best, time.perf_counter() - start)
        print(f"{label}: {1e6 * best / max(len(found), 1):.0f} µs per description (best of 5)")


if __name__ == "__main__":
    main()
