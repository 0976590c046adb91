"""Property tests of `--fix` over generated tool files (JSON in several layouts, YAML with comments):

- the fixed file always parses;
- no rule reports more findings after fixing than before (a fix never adds a finding);
- nothing changes outside the spans the applied fixes name (JSON: characters, YAML: lines), and
- fixing the fixed text again changes nothing.
"""

from __future__ import annotations

import io
import json
import os
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toollint import pointer as jp
from toollint.document.source import parse_text
from toollint.linter.config import Settings
from toollint.linter.engine import Linter
from toollint.linter.fixer import fix_source

pytestmark = pytest.mark.slow  # deep Hypothesis runs

DEEP = bool(os.environ.get("TOOLLINT_DEEP"))
SETTINGS = settings(max_examples=300 if DEEP else 30, deadline=None, suppress_health_check=list(HealthCheck),
                    derandomize=not DEEP)

ZW = "\u200b"
NAMES = st.sampled_from(["city", "order_id", "count", "units", "query", "start_date"])
TYPES = st.sampled_from(["string", "integer", "number", "boolean", "str", "float", "int", "dict", "String"])
DESCRIPTIONS = st.sampled_from(["City name, e.g. Paris", "Number of items to return, e.g. 10",
                                "要搜索的关键词，例如 北京", f"Order number such as ORD-1{ZW}"])
PATTERNS = st.sampled_from([None, "^[a-z]+$", "\\A[0-9]{4}\\Z", "(?P<y>[0-9]{4})-(?P=y)", "(?i)abc"])
DESCRIPTION_KEYS = st.sampled_from(["description", "description", "descripton", "desc"])


@st.composite
def properties(draw):
    names = draw(st.lists(NAMES, min_size=1, max_size=4, unique=True))
    result = {}
    for name in names:
        schema = {"type": draw(TYPES)}
        schema[draw(DESCRIPTION_KEYS)] = draw(DESCRIPTIONS)
        pattern = draw(PATTERNS)
        if pattern is not None and schema["type"] in ("string", "str", "String"):
            schema["pattern"] = pattern
        if draw(st.booleans()) and schema["type"] in ("string", "str"):
            schema[draw(st.sampled_from(["minLength", "minLenght", "maxLenght"]))] = draw(st.integers(0, 5))
        key = name + ZW if draw(st.integers(0, 6)) == 0 else name
        result[key] = schema
    return result


def _typo(name: str) -> str:
    return name[:1] + name[2] + name[1] + name[3:] if len(name) > 3 else name


@st.composite
def tools(draw):
    props = draw(properties())
    names = list(props)
    required = draw(st.lists(st.sampled_from(names), unique=True, max_size=len(names)))
    required = [_typo(n) if draw(st.integers(0, 3)) == 0 else n for n in required]
    tool = {"name": draw(st.sampled_from(["get_weather", "search_orders", "查询订单"])),
            "description": draw(st.sampled_from([
                "Current weather for a city. Use it when the user asks about the weather.",
                f"Search orders by number.{ZW} Use it when the user asks where an order is.",
                "按订单号查询订单状态。当用户询问订单进度时使用。"])),
            "input_schema": {"type": draw(st.sampled_from(["object", "object", "dict"])), "properties": props}}
    if required:
        tool["input_schema"]["required"] = list(dict.fromkeys(required))
    return tool


def _yaml(tool: dict, flow: bool, comment: bool) -> str:
    from ruamel.yaml import YAML
    from ruamel.yaml.comments import CommentedMap

    yaml = YAML()
    yaml.allow_unicode = True
    yaml.width = 4096
    data = json.loads(json.dumps(tool), object_pairs_hook=CommentedMap)
    if flow:
        for schema in data["input_schema"]["properties"].values():
            schema.fa.set_flow_style()
    if comment:
        data.yaml_add_eol_comment("toollint: ignore[invalid-tool-name]", "name")
        data["input_schema"].yaml_add_eol_comment("hand-written", "type")
    stream = io.StringIO()
    yaml.dump(data, stream)
    return stream.getvalue()


@st.composite
def files(draw):
    tool = draw(tools())
    if draw(st.booleans()):
        layout = draw(st.sampled_from(["compact", "tight", 2, 4, "\t"]))
        if layout == "compact":
            return json.dumps(tool, ensure_ascii=False), "json"
        if layout == "tight":
            return json.dumps(tool, ensure_ascii=False, separators=(",", ":")), "json"
        return json.dumps(tool, ensure_ascii=False, indent=layout) + "\n", "json"
    return _yaml(tool, draw(st.booleans()), draw(st.booleans())), "yaml"


LINTERS = {False: Linter(Settings()), True: Linter(Settings(targets=("openai",)))}


def _lint(text: str, fmt: str, strict: bool):
    return LINTERS[strict].lint(parse_text(text, f"t.{fmt}", fmt))


def _allowed(text: str, fmt: str, findings, unsafe: bool):
    """The regions the applicable fixes may change: (start, end) offsets for JSON, line ranges for YAML."""
    source = parse_text(text, f"t.{fmt}", fmt)
    regions = []
    for finding in findings:
        if finding.autofix is None or not finding.autofix.applies(unsafe):
            continue
        for edit in finding.autofix.edits:
            if edit.op == "replace-text":
                regions.append((edit.line, edit.end_line))
                continue
            pointer = edit.touches()
            if fmt == "json":
                regions.append(source.locator.offsets(pointer))
            else:
                regions.append(_yaml_lines(source, pointer))
    return regions


def _yaml_lines(source, pointer: str) -> tuple[int, int]:
    locator = source.locator
    while pointer and pointer not in locator.values:
        pointer = jp.from_tokens(jp.split(pointer)[:-1])
    lines = [span.line for table in (locator.keys, locator.values) for p, span in table.items()
             if p == pointer or p.startswith(pointer + "/")]
    return (min(lines), max(lines)) if lines else (1, source.text.count("\n") + 1)


def _check_outside(original: str, fixed: str, regions) -> None:
    """`fixed` is `original` with only the regions replaced: every byte between them is still there, in order."""
    merged: list[list[int]] = []
    for start, end in sorted(regions):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    gaps, cursor = [], 0
    for start, end in merged:
        gaps.append(original[cursor:start])
        cursor = end
    gaps.append(original[cursor:])
    pattern = "(?:.*?)".join(re.escape(gap) for gap in gaps)
    assert re.fullmatch(pattern, fixed, flags=re.S) is not None, (original, fixed, merged)


def _line_offsets(text: str, regions) -> list[tuple[int, int]]:
    starts = [0] + [m.end() for m in re.finditer("\n", text)] + [len(text)]
    return [(starts[min(lo, len(starts)) - 1], starts[min(hi, len(starts) - 1)]) for lo, hi in regions]


@SETTINGS
@given(files(), st.booleans())
def test_fix_never_breaks_adds_or_strays(file, strict):
    text, fmt = file
    unsafe = strict
    before = _lint(text, fmt, strict)
    result, outcome = fix_source(LINTERS[strict], parse_text(text, f"t.{fmt}", fmt), f"t.{fmt}", unsafe=unsafe)
    fixed = outcome.text
    reparsed = parse_text(fixed, f"t.{fmt}", fmt)
    assert reparsed.problem is None, (fixed, reparsed.problem)
    old, new = Counter(f.code for f in before.findings), Counter(f.code for f in result.findings)
    assert all(new[code] <= old[code] for code in new), (old, new)
    assert sum(outcome.fixed.values()) == sum(old.values()) - sum(new.values())
    regions = _allowed(text, fmt, before.findings, unsafe)
    _check_outside(text, fixed, regions if fmt == "json" else _line_offsets(text, regions))
    _, again = fix_source(LINTERS[strict], reparsed, f"t.{fmt}", unsafe=unsafe)
    assert again.text == fixed
