"""Cost at scale: `toollint check` on 10,000 and 40,000 MCP tools against the `json.load` floor.

The corpus is built by replicating the MCP tool sets of `../shared/corpus/mcp` with renamed tools (so cross-tool
rules see distinct names) into N files of T tools each. Printed per size: the floor (a Python process that only
`json.load`s the same files), toollint's wall time, their ratio, and the peak resident memory of the largest
toollint process (the main process or a worker). Targets (issue 8): 10,000 tools in 400 files <= 8x the floor;
40,000 tools in 1,600 files <= 150 MB peak and <= 4.5x the time of the 10,000 case.

    python bench/bench_scale.py [--corpus DIR] [--runs N] [--toollint PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLOOR = "import json, sys\nfor name in sys.argv[1:]:\n    with open(name, 'rb') as handle:\n        json.load(handle)\n"
SIZES = ((10_000, 400), (40_000, 1_600))


def source_tools(corpus: Path) -> list[dict]:
    tools: list[dict] = []
    for path in sorted(corpus.rglob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        found = data.get("tools") if isinstance(data, dict) else data
        if isinstance(data, dict) and isinstance(data.get("result"), dict):
            found = data["result"].get("tools")
        tools.extend(t for t in found or () if isinstance(t, dict) and isinstance(t.get("name"), str))
    return tools


def build(tools: list[dict], count: int, files: int, out: Path) -> list[str]:
    per_file = count // files
    paths = []
    for index in range(files):
        chunk = []
        for slot in range(per_file):
            number = index * per_file + slot
            tool = dict(tools[number % len(tools)])
            tool["name"] = f"{tool['name']}_{number // len(tools)}"
            chunk.append(tool)
        path = out / f"server_{index:05d}.json"
        path.write_text(json.dumps({"tools": chunk}, ensure_ascii=False, indent=2), encoding="utf-8")
        paths.append(str(path))
    return paths


def run(command: list[str]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds of the whole process tree, and the peak RSS (bytes) of its largest process.

    CPU seconds are printed too because they hardly move when other work shares the machine; wall time does.
    """
    script = ("import resource, subprocess, sys, time\n"
              "start = time.perf_counter()\n"
              "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)\n"
              "if done.returncode not in (0, 1):\n"
              "    sys.exit(f'{sys.argv[1:]} failed ({done.returncode}): {done.stderr.decode()[-500:]}')\n"
              "usage = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
              "print(time.perf_counter() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)\n")
    out = subprocess.run([sys.executable, "-c", script, *command], capture_output=True, text=True, env=ENV)
    if out.returncode:
        sys.exit(out.stderr.strip())
    seconds, cpu, kilobytes = out.stdout.split()
    return float(seconds), float(cpu), int(kilobytes) * 1024


# An installed toollint runs from compiled bytecode; with PYTHONDONTWRITEBYTECODE set (as in some containers) an
# editable install would compile its changed modules again in every run, so the measured processes may write it.
ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def paired(floor: list[str], ours: list[str], runs: int) -> tuple[tuple[float, float, int], tuple[float, float, int]]:
    """The best of `runs` alternated runs of the floor and of toollint, after one unmeasured run of toollint (it
    writes bytecode and warms the file cache): the machine's speed drifts, and only runs close in time compare."""
    run(ours)
    floors, ourses = [], []
    for _ in range(runs):
        floors.append(run(floor))
        ourses.append(run(ours))
    return _best(floors), _best(ourses)


def _best(results: list[tuple[float, float, int]]) -> tuple[float, float, int]:
    return min(r[0] for r in results), min(r[1] for r in results), max(r[2] for r in results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=str(ROOT.parent / "shared" / "corpus" / "mcp"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--toollint", default=shutil.which("toollint") or "toollint")
    parser.add_argument("--max-tools", type=int, default=40_000, help="skip the larger sizes (quicker runs)")
    args = parser.parse_args()
    tools = source_tools(Path(args.corpus))
    if not tools:
        sys.exit(f"no MCP tools under {args.corpus}")
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, best of {args.runs} runs, "
          f"{len(tools)} source tools, toollint at {args.toollint}")
    wall: dict[int, float] = {}
    # The source files as they are first: no tool repeats, so no cache keyed by repeated content can flatter it.
    originals = sorted(str(p) for p in Path(args.corpus).rglob("*.json"))
    (floor, floor_cpu, _), (ours, cpu, peak) = paired(
        [sys.executable, "-c", FLOOR, *originals],
        [args.toollint, "check", "--isolated", "--quiet", "--exit-zero", args.corpus], args.runs)
    print(f"{len(tools):>6} tools in {len(originals):>5} files (the source corpus, no tool repeated): floor "
          f"{floor:6.2f} s wall ({floor_cpu:5.2f} s CPU)   toollint {ours:6.2f} s wall ({cpu:5.2f} s CPU)   "
          f"ratio {ours / floor:5.1f}x wall, {cpu / floor_cpu:5.1f}x CPU   peak RSS {peak / 2**20:6.1f} MB")
    with tempfile.TemporaryDirectory() as tmp:
        for count, files in (size for size in SIZES if size[0] <= args.max_tools):
            out = Path(tmp) / str(count)
            out.mkdir()
            paths = build(tools, count, files, out)
            (floor, floor_cpu, _), (ours, cpu, peak) = paired(
                [sys.executable, "-c", FLOOR, *paths],
                [args.toollint, "check", "--isolated", "--quiet", "--exit-zero", str(out)], args.runs)
            wall[count] = ours
            print(f"{count:>6} tools in {files:>5} files: floor {floor:6.2f} s wall ({floor_cpu:5.2f} s CPU)   "
                  f"toollint {ours:6.2f} s wall ({cpu:5.2f} s CPU)   ratio {ours / floor:5.1f}x wall, "
                  f"{cpu / floor_cpu:5.1f}x CPU   peak RSS {peak / 2**20:6.1f} MB")
    if 40_000 in wall:
        print(f"40,000 vs 10,000 tools: {wall[40_000] / wall[10_000]:.2f}x the time (target <= 4.5x)")


if __name__ == "__main__":
    main()
