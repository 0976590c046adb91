"""Gather public tool definitions that toollint was NOT tuned on, split by source into dev/ and holdout/.

The third-party texts stay outside the repository: this script only records where they come from and how
they are cut. Sources (each one file per source, so the split never puts one tool set on both sides):

* Berkeley Function-Calling Leaderboard data (`ShishirPatil/gorilla`, `berkeley-function-call-leaderboard/
  bfcl_eval/data/*.json` and `multi_turn_func_doc/*.json`): one source per category file.
* ToolUniverse (`mims-harvard/ToolUniverse`, `src/tooluniverse/data/*_tools.json`): a scientific catalog.
* LLaMA-Factory's glaive tool-call demos (`hiyouga/LLaMA-Factory`, `data/glaive_toolcall_{en,zh}_demo.json`).
* Seal-Tools (`fairyshine/Seal-Tools`, `Seal-Tools_Dataset/tool.jsonl`): a generated catalog, 12 APIs per field.
* MCP servers from PyPI and npm, listed offline over stdio (`mcp_pypi.sh` + `list_stdio.py`, kept beside the corpus;
  the same recipe as field-notes §3): `<out>/mcp/pypi__<package>.json`.

Usage (git dirs as brought by the search tool's `fetch`):

    python bench/gather_corpus.py --gorilla /work/.mirror/ShishirPatil+gorilla/repo \
        --tooluniverse /work/.mirror/mims-harvard+ToolUniverse/repo \
        --llamafactory /work/.mirror/hiyouga+LLaMA-Factory/repo --seal-tools /work/.mirror/fairyshine+Seal-Tools/repo \
        --mcp-dir /work/holdout/mcp --out /work/holdout

Each family of sources goes to `dev/` or `holdout/` (the large ones by a fixed table, MCP servers by the parity
of the first byte of the name's SHA-1), so the split is fixed before anyone looks at findings; a definition
repeated within a family is kept once.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

BFCL = "berkeley-function-call-leaderboard/bfcl_eval/data/"


def _git_files(git_dir: str, prefix: str) -> list[str]:
    out = subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "-r", "--name-only", "HEAD", prefix],
                         capture_output=True, text=True, check=True).stdout
    return out.split()


def _git_show(git_dir: str, path: str) -> str:
    return subprocess.run(["git", "--git-dir", git_dir, "show", f"HEAD:{path}"],
                          capture_output=True, text=True, check=True).stdout


def _json_records(text: str) -> Iterator[object]:
    """A JSON document, or JSON Lines."""
    try:
        yield json.loads(text)
    except ValueError:
        for line in text.splitlines():
            if line.strip():
                yield json.loads(line)


def _unique(tools: list[dict]) -> list[dict]:
    seen: dict[str, dict] = {}
    for tool in tools:
        seen.setdefault(json.dumps(tool, sort_keys=True), tool)
    by_name: dict[str, dict] = {}
    for tool in seen.values():  # one definition per name, the first one met
        by_name.setdefault(str(tool.get("name")), tool)
    return list(by_name.values())


def bfcl_sources(git_dir: str) -> Iterator[tuple[str, list[dict]]]:
    for path in _git_files(git_dir, BFCL):
        if not path.endswith(".json") or "possible_answer" in path or "prereq" in path:
            continue
        tools: list[dict] = []
        for record in _json_records(_git_show(git_dir, path)):
            if isinstance(record, dict) and isinstance(record.get("function"), list):
                tools += [t for t in record["function"] if isinstance(t, dict)]
            elif isinstance(record, dict) and "name" in record and "parameters" in record:
                tools.append(record)
        if tools:
            yield "bfcl__" + Path(path).stem, _unique(tools)


def tooluniverse_sources(git_dir: str) -> Iterator[tuple[str, list[dict]]]:
    for path in _git_files(git_dir, "src/tooluniverse/data/"):
        if path.endswith("_tools.json"):
            yield "tooluniverse__" + Path(path).stem, json.loads(_git_show(git_dir, path))


def glaive_sources(git_dir: str) -> Iterator[tuple[str, list[dict]]]:
    for lang in ("en", "zh"):
        tools: list[dict] = []
        for sample in json.loads(_git_show(git_dir, f"data/glaive_toolcall_{lang}_demo.json")):
            tools += json.loads(sample.get("tools") or "[]")
        yield f"glaive__toolcall_{lang}", _unique(tools)


FAMILY_SIDE = {"bfcl_ast": "holdout", "bfcl_live": "dev", "bfcl_multiturn": "dev", "tooluniverse": "holdout",
               "glaive_en": "holdout", "glaive_zh": "dev"}
"""The large families are placed by hand, to balance the two sides' sizes; every MCP server goes by hash."""


def family(source: str) -> str:
    """Files that share definitions (BFCL reuses a function across categories) form one family."""
    if source.startswith("bfcl__BFCL_v4_live"):
        return "bfcl_live"
    if source.startswith("bfcl__BFCL_v4"):
        return "bfcl_ast"
    if source.startswith("bfcl__"):
        return "bfcl_multiturn"
    if source.startswith("sealtools__"):
        return source  # each field on its own
    if source.startswith("glaive__"):
        return "glaive_" + source[-2:]
    return source.split("__")[0] if source.startswith("tooluniverse") else source


def seal_tools_sources(git_dir: str, per_domain: int = 12) -> Iterator[tuple[str, list[dict]]]:
    """Seal-Tools keeps each API as {api_name, api_description, parameters: {name: schema}, required}; wrapped here
    as legacy OpenAI functions with the authors' own parameter schemas (types such as "str" kept as written).
    One source per top-level field, the first `per_domain` APIs of each, so no domain dominates."""
    by_field: dict[str, list[dict]] = {}
    for line in _git_show(git_dir, "Seal-Tools_Dataset/tool.jsonl").splitlines():
        if not line.strip():
            continue
        api = json.loads(line)
        field = str(api.get("field", "misc")).split("/")[0].strip().lower().replace(" ", "_")
        tools = by_field.setdefault(field, [])
        if len(tools) < per_domain:
            schema: dict = {"type": "object", "properties": api.get("parameters") or {}}
            if api.get("required"):
                schema["required"] = api["required"]
            tools.append({"name": api.get("api_name"), "description": api.get("api_description"),
                          "parameters": schema})
    for field, tools in sorted(by_field.items()):
        yield f"sealtools__{field}", tools


def side(source: str) -> str:
    fam = family(source)
    if fam in FAMILY_SIDE:
        return FAMILY_SIDE[fam]
    return "dev" if hashlib.sha1(fam.encode()).digest()[0] % 2 == 0 else "holdout"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gorilla")
    parser.add_argument("--tooluniverse")
    parser.add_argument("--llamafactory")
    parser.add_argument("--seal-tools")
    parser.add_argument("--mcp-dir")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    sources: list[tuple[str, list[dict]]] = []
    if args.gorilla:
        sources += bfcl_sources(args.gorilla)
    if args.tooluniverse:
        sources += tooluniverse_sources(args.tooluniverse)
    if args.llamafactory:
        sources += glaive_sources(args.llamafactory)
    if args.seal_tools:
        sources += seal_tools_sources(args.seal_tools)
    if args.mcp_dir:
        for path in sorted(Path(args.mcp_dir).glob("*.json")):
            tools = json.loads(path.read_text(encoding="utf-8"))
            if tools:
                sources.append(("mcp__" + path.stem, tools))
    counts = {"dev": 0, "holdout": 0}
    seen_in_family: dict[str, set[str]] = {}
    for name, tools in sources:
        seen = seen_in_family.setdefault(family(name), set())
        fresh = [t for t in tools if json.dumps(t, sort_keys=True) not in seen]
        seen.update(json.dumps(t, sort_keys=True) for t in fresh)
        tools = fresh
        if not tools:
            continue
        target = Path(args.out) / side(name) / f"{name}.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(tools, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        counts[side(name)] += len(tools)
        print(f"{side(name):8} {len(tools):5}  {name}")
    print(f"dev {counts['dev']} tools, holdout {counts['holdout']} tools")


if __name__ == "__main__":
    main()
