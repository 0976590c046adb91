"""Bench: do the Gemini `parameters` strictify writes pass google-genai's own `Schema` validation?

    python bench/gemini_sdk_check.py [MCP_CORPUS_DIR] [--sdk-path DIR]

google-genai is a bench extra only (`pip install google-genai`, or `pip install --target DIR google-genai`
and `--sdk-path DIR`, which is put at the end of `sys.path` so the project's own pydantic stays in use).
Every tool of the MCP corpus (default ../shared/corpus/mcp), plus a few recursive and renamed-name probes, is
strictified for Gemini as `toollint strictify --target gemini` writes it (a declaration with `parameters`),
and the written schema is checked with `google.genai.types.Schema.model_validate`. (Run against a toollint
without `definition_as`, the tools are strictified as they are, and their wire schemas checked.)
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_CORPUS = HERE.parent.parent / "shared" / "corpus" / "mcp"

PROBES = [
    {"name": "tree", "description": "Probe.", "inputSchema": {
        "type": "object", "$defs": {"Node": {"type": "object", "properties": {
            "name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}},
            "required": ["name"]}}, "properties": {"root": {"$ref": "#/$defs/Node"}}, "required": ["root"]}},
    {"name": "chain", "description": "Probe.", "inputSchema": {
        "type": "object", "properties": {"name": {"type": "string"}, "next": {"$ref": "#"}}}},
    {"name": "names", "description": "Probe.", "inputSchema": {
        "type": "object", "properties": {"auth-method": {"type": "string"}, "9x": {"type": "integer"}}}},
]


def declarations(corpus: Path) -> list[tuple[str, object]]:
    from toollint.document.dialects import find_tools

    try:
        from toollint.document.convert import definition_as
    except ImportError:  # a toollint from before issue 24: no conversion, the tool as it is
        definition_as = None

    out = [(f"probe:{t['name']}", t) for t in PROBES]
    for path in sorted(corpus.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for tool in find_tools(data):
            out.append((f"{path.name}:{tool.label}", tool))
    converted = []
    for label, tool in out:
        if isinstance(tool, dict):
            tool = find_tools(tool)[0]
        converted.append((label, definition_as(tool, "gemini", gemini_key="parameters") if definition_as else
                          tool.raw))
    return converted


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", default=str(DEFAULT_CORPUS))
    parser.add_argument("--sdk-path", help="a folder google-genai was installed into with pip --target")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    if args.sdk_path:
        sys.path.append(args.sdk_path)
    from google.genai import types
    from google.genai import version as genai_version

    import toollint
    from toollint.errors import StrictifyError

    counts: Counter = Counter()
    for label, declaration in declarations(Path(args.corpus)):
        try:
            result = toollint.strictify(declaration, target="gemini")
        except StrictifyError:
            counts["refused"] += 1
            continue
        counts["written"] += 1
        try:
            types.Schema.model_validate(result.wire_schema)
            counts["SDK Schema accepts"] += 1
        except Exception as error:  # noqa: BLE001 - counted
            counts["SDK Schema rejects"] += 1
            if args.verbose:
                print(f"    {label}: {str(error).splitlines()[0][:160]}", file=sys.stderr)
    print(f"google-genai {genai_version.__version__}; corpus {args.corpus}")
    print("| written | refused | SDK Schema accepts | SDK Schema rejects |")
    print("|---:|---:|---:|---:|")
    print(f"| {counts['written']} | {counts['refused']} | {counts['SDK Schema accepts']} | "
          f"{counts['SDK Schema rejects']} |")
    return 1 if counts["SDK Schema rejects"] else 0


if __name__ == "__main__":
    sys.exit(main())
