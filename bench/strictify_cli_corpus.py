"""Bench: `toollint strictify` through the command over a corpus of MCP `tools/list` files, every target.

    python bench/strictify_cli_corpus.py [CORPUS_DIR] [--per-tool] [--verbose]

CORPUS_DIR defaults to ../shared/corpus/mcp (third-party: measured, never copied into the project). For each
target and each file, the command is run in process (`toollint strictify FILE --target T -q`; where it answers
that the strict tools exceed the per-request budget, again with `--max-strict 20`), and counted as:

- written (exit 0), then linted with the target's own strict rules (`toollint check --target T`, every
  `strict-*` finding) in the dialect it was written in;
- a writer failure: exit 2 with "cannot write the strict file" (the JSON/YAML splice failed);
- refused: any other exit 2 (the message names the tool and pointer);
- a traceback: anything escaping the command.

`--per-tool` also runs every tool alone, as a one-tool MCP file, which is how single-tool writer failures show.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_CORPUS = HERE.parent.parent / "shared" / "corpus" / "mcp"
TARGETS = ("anthropic", "openai", "gemini")


def run_file(path: Path, target: str) -> tuple[str, str]:
    """(outcome, detail) of strictifying one file for one target through the command."""
    from click.testing import CliRunner

    from toollint.cli import main

    runner = CliRunner()
    command = ["strictify", str(path), "--target", target, "--report", "json"]
    result = runner.invoke(main, command)
    chosen = False
    if result.exit_code == 2 and "per-request limits" in result.stderr:
        result, chosen = runner.invoke(main, [*command, "--max-strict", "20"]), True
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return "traceback", repr(result.exception)
    if result.exit_code == 2 and "cannot write the strict file" in result.stderr:
        return "writer failure", result.stderr.strip()[:200]
    if result.exit_code != 0:
        return "refused", result.stderr.strip()[-200:]
    report = json.loads(result.stderr)
    strict = [tool["pointer"] for tool in report["tools"] if tool["strict"]]
    findings = strict_findings(result.stdout, target, strict, budget=not chosen)
    if findings:
        return "written, strict rules flag it", "; ".join(findings[:2])[:200]
    return "written, strict-clean", ""


def strict_findings(text: str, target: str, strict: list[str], *, budget: bool) -> list[str]:
    """The target's strict-rule findings on the tools written strict. With --max-strict, the tools left as they
    are (an MCP file cannot mark them non-strict) are not counted, nor the file's budget (the command checked the
    strict subset against it)."""
    from toollint.document.source import parse_text
    from toollint.linter.config import Settings
    from toollint.linter.engine import Linter

    source = parse_text(text, "out.json", "json")
    findings = Linter(Settings(targets=(target,))).lint(source, explicit=True).findings
    return [f"{f.rule} {f.pointer}: {f.message[:90]}" for f in findings if f.rule.startswith("strict-")
            and (budget or f.rule != "strict-budget-exceeded")
            and any(f.pointer == p or f.pointer.startswith(p + "/") for p in strict)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", default=str(DEFAULT_CORPUS))
    parser.add_argument("--per-tool", action="store_true", help="also run every tool alone, as a one-tool file")
    parser.add_argument("--verbose", action="store_true", help="print every outcome but a clean one on stderr")
    args = parser.parse_args()
    files = sorted(Path(args.corpus).glob("*.json"))
    keys = ["written, strict-clean", "written, strict rules flag it", "writer failure", "refused", "traceback"]
    print(f"corpus: {args.corpus} ({len(files)} files)\n")
    print("| unit | target | runs | " + " | ".join(keys) + " |")
    print("|---|---|---:|" + "---:|" * len(keys))
    bad = 0
    units = [("file", files)]
    if args.per_tool:
        units.append(("tool", list(_one_tool_files(files))))
    for unit, paths in units:
        for target in TARGETS:
            counts: Counter = Counter()
            for path in paths:
                outcome, detail = run_file(path, target)
                counts[outcome] += 1
                if outcome != keys[0] and args.verbose:
                    print(f"    {unit} {target} {path.name}: {outcome}: {detail}", file=sys.stderr)
            bad += counts["writer failure"] + counts["traceback"] + counts["written, strict rules flag it"]
            print(f"| {unit} | {target} | {len(paths)} | " + " | ".join(str(counts[k]) for k in keys) + " |")
    return 1 if bad else 0


def _one_tool_files(files: list[Path]):
    """Every tool of every file, written alone as an MCP `tools/list` file in a temporary folder."""
    folder = Path(tempfile.mkdtemp(prefix="toollint-per-tool-"))
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        tools = data.get("tools", []) if isinstance(data, dict) else data if isinstance(data, list) else []
        for index, tool in enumerate(tools):
            one = folder / f"{path.stem}__{index}.json"
            # one compact line, as the corpus files hold each tool; key order as the server wrote it
            one.write_text("[" + json.dumps(tool, ensure_ascii=False, separators=(",", ":")) + "]\n",
                           encoding="utf-8")
            yield one


if __name__ == "__main__":
    sys.exit(main())
