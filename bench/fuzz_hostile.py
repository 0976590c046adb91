"""Hostile-input fuzz run: check, strictify and the boundary over generated hostile documents.

    python bench/fuzz_hostile.py [--seconds 120] [--seed 1] [--case-timeout 20]

Each case is a tool file built from random hostile ingredients (huge integers, lone surrogates, NaN and
1e999, duplicate keys, terminal escapes, deep nesting, YAML alias bombs, anchors and merge keys, `%YAML`
directives, ReDoS patterns, `$ref` cycles, remote and `file://` refs to a local counting server, CRLF,
BOM, non-UTF-8 bytes). Every case runs in a worker process under a per-case timeout, through:

- `check`: lint with every target, render every output format;
- `strictify` for both targets (with `--allow-lossy` half the time), then re-parse the output;
- the boundary: `Boundary.from_tools`, then a few hostile calls (NaN, 1e999, long strings, duplicate keys).

It prints counts, all of which must be zero:
crashes (an exception outside the documented ones, an internal error), hangs (over the per-case timeout),
wrong answers (output that is not valid JSON/YAML or holds Infinity/NaN, an OK verdict for NaN arguments,
a raw ESC in printed text, a modified input file, a request to the local server). Not CI-timed.
"""

from __future__ import annotations

import argparse
import hashlib
import http.server
import json
import multiprocessing
import os
import random
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# --- hostile documents ---------------------------------------------------------------------------------

NAMES = ["refund_order", "bad\x1b]0;PWNED\x07name", "x\u202etxt.exe", "搜索订单", "a" * 300, "dup"]
DESCRIPTIONS = ["Refund one order and return the refund id.", "退款一个订单并返回退款编号。", "\x1b[2J clear",
                "d", "word " * 5000]
PATTERNS = [r"\s+$", r"(?i)^(a+)+$", r"^(a|a)*$", r"(a+)+\1", r"x{99999999999}", r"[a-z0-9]+\.example\.com", "("]


def _schema(rng: random.Random, server: str, depth: int = 0) -> Any:
    """A random JSON Schema fragment with hostile parts."""
    choice = rng.randrange(14 if depth < 4 else 8)
    if choice == 0:
        return {"type": "integer", "minimum": rng.choice([1, 10**50, 1e308, -1e308]),
                "description": rng.choice(DESCRIPTIONS)}
    if choice == 1:
        return {"type": "string", "pattern": rng.choice(PATTERNS), "description": "A code"}
    if choice == 2:
        return {"type": "string", "enum": [f"v{i}" for i in range(rng.choice([2, 300, 1100]))]}
    if choice == 3:
        return {"$ref": rng.choice([f"{server}/probe.json", "file:///etc/passwd", "#/$defs/loop", "#/$defs/a"])}
    if choice == 4:
        return {"type": "number", "default": rng.choice(["x", 1, None]), "maximum": 100,
                "examples": [rng.choice([1, "a", [1]])]}
    if choice == 5:
        return {"type": "string", "allOf": [rng.choice([{"type": "integer"}, False, {"minLength": 2}])]}
    if choice == 6:
        return {"anyOf": [{"type": "string"}, {"type": "object", "additionalProperties": {"type": "string"}}]}
    if choice == 7:
        return True
    properties = {f"p{i}": _schema(rng, server, depth + 1) for i in range(rng.randrange(1, 4))}
    return {"type": "object", "properties": properties,
            "required": rng.sample(sorted(properties), rng.randrange(len(properties) + 1))}


def _tool(rng: random.Random, server: str) -> dict[str, Any]:
    schema = _schema(rng, server)
    if not isinstance(schema, dict) or schema.get("type") != "object":
        schema = {"type": "object", "properties": {"x": schema}, "required": ["x"]}
    schema["$defs"] = {"loop": {"$ref": "#/$defs/loop"}, "a": {"type": "object", "properties": {
        "kids": {"type": "array", "items": {"$ref": "#/$defs/a"}}}}}
    tool: dict[str, Any] = {"name": rng.choice(NAMES), "description": rng.choice(DESCRIPTIONS), "input_schema": schema}
    if rng.random() < 0.3:
        tool["input_examples"] = [{"x": "a"}]
    return tool


_JSON_TWISTS = [
    lambda text: text.replace('"maximum": 100', '"maximum": ' + "9" * 4400, 1),
    lambda text: text.replace('"d"', '"x\\ud800y"', 1),
    lambda text: text.replace('"maximum": 100', '"maximum": 1e999', 1),
    lambda text: text.replace('"type": "object"', '"type": "object", "type": "array"', 1),
    lambda text: text.replace("\n", "\r\n"),
    lambda text: "\ufeff" + text,
    lambda text: "[" * 5000 + text + "]" * 5000,
    lambda text: text[: len(text) // 2],
]

_YAML_DOCS = [
    "%YAML 1.3\n---\nname: t\ndescription: d\ninput_schema: {type: object}\n",
    "base: &base {type: integer, minimum: 1}\ntools:\n  - name: a\n    description: Pay one invoice.\n"
    "    input_schema: {type: object, properties: {n: {<<: *base, description: x}}, required: [n]}\n",
    "defs:\n  money: &m {type: integer, minimum: 1, description: cents}\ntools:\n  - name: a\n"
    "    description: Pay.\n    input_schema: {type: object, properties: {tip: *m}}\n  - name: b\n"
    "    description: Refund.\n    input_schema: {type: object, properties: {amount: *m}, required: [amount]}\n",
    "name: t\ndescription: d\ninput_schema: {type: object, properties: {n: {type: number, minimum: .nan,"
    " maximum: .inf}}}\n",
    "name: t\ndescription: d\ninput_schema: {type: object, maximum: 0x" + "f" * 4000 + "}\n",
    "name: t\ndescription: d\ninput_schema:\n  type: object\n  required: !!set {a, b}\n",
]


def _string_bomb() -> str:
    lines = ['s: &s "' + "x" * 100_000 + '"', "l1: &l1 [" + ", ".join(["*s"] * 10) + "]"]
    lines += [f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]" for i in range(2, 6)]
    lines += ["name: t", "description: d", "input_schema: {type: object, properties: {x: {default: *l5}}}"]
    return "\n".join(lines) + "\n"


def make_case(rng: random.Random, server: str) -> tuple[str, bytes]:
    """(file name, bytes) of one hostile tool file."""
    kind = rng.random()
    if kind < 0.15:
        return "case.yaml", rng.choice(_YAML_DOCS + [_string_bomb()]).encode("utf-8")
    if kind < 0.2:
        return "case.json", b'{"name": "t", "description": "\xff\xfe", "input_schema": {"type": "object"}}'
    tools = [_tool(rng, server) for _ in range(rng.randrange(1, 4))]
    text = json.dumps(tools if len(tools) > 1 else tools[0], ensure_ascii=False, indent=2)
    for twist in rng.sample(_JSON_TWISTS, rng.randrange(0, 3)):
        text = twist(text)
    if rng.random() < 0.3:  # the same tools as YAML
        from ruamel.yaml import YAML

        yaml = YAML()
        stream = __import__("io").StringIO()
        try:
            yaml.dump(json.loads(text), stream)
            return "case.yaml", stream.getvalue().encode("utf-8", "surrogatepass")
        except Exception:  # noqa: BLE001 - a twist made it invalid JSON: keep it as JSON
            pass
    return "case.json", text.encode("utf-8", "surrogatepass")


# --- one case through every entry point -----------------------------------------------------------------

CALLS = [{"x": float("nan")}, '{"x": 1e999}', {"x": " " * 20_000 + "!"}, '{"x": "a", "x": "b"}',
         {"x": "a" * 31 + "!"}, {"x": [{"key": "a", "value": "b"}]}, {"x": 10**5000}]


def _has_non_finite(value: Any) -> bool:
    if isinstance(value, float):
        return value != value or value in (float("inf"), float("-inf"))
    if isinstance(value, dict):
        return any(_has_non_finite(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_non_finite(v) for v in value)
    return False


def run_case(path: str) -> list[tuple[str, str]]:
    """Problems found: (kind, detail) with kind "crash" or "wrong"."""
    from click.testing import CliRunner

    from toollint.boundary import Boundary, BoundaryError
    from toollint.cli import main
    from toollint.document.source import parse_text
    from toollint.linter.report import REPORTERS

    problems: list[tuple[str, str]] = []
    runner = CliRunner()
    for fmt in REPORTERS:
        result = runner.invoke(main, ["check", path, "--isolated", "--target", "openai", "--target", "anthropic",
                                      "--output-format", fmt, "--no-color"])
        output = result.stdout + result.stderr
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            problems.append(("crash", f"check {fmt}: {type(result.exception).__name__}: {result.exception}"))
        elif result.exit_code not in (0, 1) or "internal error" in output:
            problems.append(("crash", f"check {fmt}: exit {result.exit_code}: {output[-300:]}"))
        if "\x1b" in output or "\x07" in output:
            problems.append(("wrong", f"check {fmt}: raw terminal escape in the output"))
    for target in ("openai", "anthropic"):
        for lossy in ([], ["--allow-lossy"]):
            result = runner.invoke(main, ["strictify", path, "--target", target, "-q", *lossy])
            if result.exception is not None and not isinstance(result.exception, SystemExit):
                problems.append(("crash", f"strictify {target}: {type(result.exception).__name__}"))
                continue
            if "internal error" in result.stderr or result.exit_code not in (0, 2):
                problems.append(("crash", f"strictify {target} {lossy}: exit {result.exit_code}: "
                                          f"{result.stderr[-300:]}"))
            if result.exit_code == 0:
                fmt = "yaml" if path.endswith(".yaml") else "json"
                if "Infinity" in result.stdout and fmt == "json" or "NaN" in result.stdout and fmt == "json":
                    problems.append(("wrong", f"strictify {target}: Infinity/NaN in the JSON output"))
                reread = parse_text(result.stdout, f"out.{fmt}", fmt)
                if reread.problem is not None:
                    problems.append(("wrong", f"strictify {target}: output does not parse: {reread.problem.message}"))
    try:
        boundary = Boundary.from_tools(path, "openai")
    except BoundaryError:
        return problems
    except Exception as error:  # noqa: BLE001 - exactly what is counted
        return [*problems, ("crash", f"Boundary.from_tools: {type(error).__name__}: {error}")]
    for name in boundary.tools[:2]:
        for arguments in CALLS:
            try:
                outcome = boundary.check({"type": "tool_use", "id": "1", "name": name, "input": arguments},
                                         chain=object())
            except Exception as error:  # noqa: BLE001
                problems.append(("crash", f"Boundary.check: {type(error).__name__}: {error}"))
                continue
            if outcome.code == "INTERNAL_ERROR":
                problems.append(("crash", f"Boundary.check: INTERNAL_ERROR: {outcome.reason}"))
            if outcome.ok and _has_non_finite(outcome.arguments):
                problems.append(("wrong", "Boundary.check: OK for non-finite arguments"))
    return problems


def _worker(connection: Any) -> None:
    while True:
        path = connection.recv()
        if path is None:
            return
        try:
            connection.send(run_case(path))
        except BaseException as error:  # noqa: BLE001 - reported, then the worker goes on
            connection.send([("crash", f"harness: {type(error).__name__}: {error}\n{traceback.format_exc()[-500:]}")])


class _Worker:
    def __init__(self) -> None:
        context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
        self.connection, child = context.Pipe()
        self.process = context.Process(target=_worker, args=(child,), daemon=True)
        self.process.start()

    def run(self, path: str, timeout: float) -> list[tuple[str, str]] | None:
        self.connection.send(path)
        if not self.connection.poll(timeout):
            return None
        try:
            return self.connection.recv()
        except EOFError:
            return [("crash", "the worker process died")]

    def stop(self) -> None:
        self.process.kill()
        self.process.join()


def _counting_server() -> tuple[http.server.ThreadingHTTPServer, list[str]]:
    seen: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802
            seen.append(self.path)
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b'{"type": "integer"}')

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, seen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=120, help="time budget for the whole run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--case-timeout", type=float, default=20, help="seconds before a case counts as a hang")
    parser.add_argument("--show", type=int, default=5, help="print this many examples of each kind")
    args = parser.parse_args()

    server, requests = _counting_server()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    rng = random.Random(args.seed)
    counts = {"cases": 0, "crashes": 0, "hangs": 0, "wrong": 0}
    examples: dict[str, list[str]] = {"crashes": [], "hangs": [], "wrong": []}
    worker = _Worker()
    deadline = time.monotonic() + args.seconds
    with tempfile.TemporaryDirectory() as scratch:
        while time.monotonic() < deadline:
            name, data = make_case(rng, url)
            path = os.path.join(scratch, f"{counts['cases']:05d}-{name}")
            Path(path).write_bytes(data)
            digest = hashlib.sha256(data).hexdigest()
            counts["cases"] += 1
            found = worker.run(path, args.case_timeout)
            if found is None:
                counts["hangs"] += 1
                examples["hangs"].append(f"case {counts['cases']} ({name}, {len(data):,} bytes)")
                worker.stop()
                worker = _Worker()
                found = []
            if hashlib.sha256(Path(path).read_bytes()).hexdigest() != digest:
                found.append(("wrong", "the input file was modified"))
            for kind, detail in found:
                key = "crashes" if kind == "crash" else "wrong"
                counts[key] += 1
                examples[key].append(f"case {counts['cases']} ({name}): {detail}")
            os.unlink(path)
    worker.connection.send(None)
    worker.stop()
    server.shutdown()
    if requests:
        counts["wrong"] += len(requests)
        examples["wrong"].append(f"{len(requests)} request(s) reached the local server: {requests[:3]}")
    print(f"seed {args.seed}, {args.seconds:.0f} s budget, {args.case_timeout:.0f} s per case")
    print(f"cases {counts['cases']}  crashes {counts['crashes']}  hangs {counts['hangs']}  wrong {counts['wrong']}  "
          f"(server requests {len(requests)})")
    for key in ("crashes", "hangs", "wrong"):
        for line in examples[key][: args.show]:
            print(f"  {key}: {line}")
    return 0 if counts["crashes"] == counts["hangs"] == counts["wrong"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
