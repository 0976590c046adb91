"""Name rules (TL2): tool names a provider rejects or a set repeats, look-alike sibling tools, names too long
once a client prefixes them, and parameter names Gemini rejects."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

from toollint import pointer as jp
from toollint.document.dialects import GEMINI, Tool
from toollint.linter.checks import check
from toollint.linter.checks.shared import content_words, own_words
from toollint.linter.context import Context
from toollint.linter.options import RuleOptions
from toollint.linter.textstats import (
    CJK_RUN,
    WordMatcher,
    has_text,
    name_tokens,
    stem,
    words_regex,
)
from toollint.linter.toolsets import Member, SetContext, ToolSet
from toollint.profiles import provider_title
from toollint.profiles.tool_apis import construct
from toollint.schema.walk import walk
from toollint.terminal import shown

# ---------------------------------------------------------------------------------------------
# invalid-tool-name, duplicate-tool-name

@cache
def name_rule(family: str) -> tuple[re.Pattern[str], str]:
    """The tool-name pattern of a dialect family, and a sentence saying it with its source (tool_apis.toml)."""
    rule = construct("tool_names")[family]
    first = rule.get("first")
    pattern = re.compile(f"{first}{rule['pattern']}{{0,{rule['max'] - 1}}}" if first else
                         f"{rule['pattern']}{{1,{rule['max']}}}")
    said = (f"{provider_title(family)} accepts `^{pattern.pattern}$`, 1 to {rule['max']} characters ({rule['source']}, "
            f"{rule['date']}"
            + (f"; {rule['disputed']}" if rule.get("disputed") else "") + ")")
    return pattern, said


@check("invalid-tool-name", "tool")
def invalid_tool_name(tool: Tool, ctx: Context) -> None:
    name = tool.definition.get("name")
    if not isinstance(name, str):
        ctx.report(tool.definition_pointer, "the tool has no `name` string", key=True)
        return
    family = tool.dialect.names
    pattern, explanation = name_rule(family)
    if not pattern.fullmatch(name):
        bad = sorted({c for c in name if not re.fullmatch(r"[A-Za-z0-9_.:\-]", c)})
        first = construct("tool_names")[family].get("first")
        detail = (f" (it contains {', '.join(repr(c) for c in bad)})" if bad else
                  " (it must start with a letter or `_`)" if first and name and not re.fullmatch(first, name[0]) else
                  f" ({len(name)} characters)")
        ctx.report(tool.name_pointer, f"tool name {shown(repr(name))} is rejected{detail}",
                   help="rename the tool", note=explanation)
        return
    if family != "mcp" or not ctx.has_targets():
        return
    rejecting = [t for t in sorted(ctx.targets() & {"anthropic", "openai", "gemini"}) if not name_rule(t)[0].fullmatch(name)]
    if rejecting:
        titles = " and ".join(provider_title(t) for t in rejecting)
        ctx.report(tool.name_pointer, f"tool name {shown(repr(name))} is valid MCP but not for {titles}",
                   help="rename it, or map it when exporting",
                   note="; ".join(name_rule(t)[1] for t in rejecting))


def _namespace(pointer: str, ctx: Context) -> str | None:
    """The name of the Responses `namespace` tool whose `tools` hold the tool at `pointer`, or None."""
    value: Any = ctx.source.data
    found = None
    for token in jp.split(pointer):
        if isinstance(value, dict) and value.get("type") == "namespace" and token == "tools":
            found = str(value.get("name"))
        try:
            value = value[int(token)] if isinstance(value, list) else value[token]
        except (KeyError, IndexError, ValueError, TypeError):
            return found
    return found


@check("duplicate-tool-name", "toolset")
def duplicate_tool_name(tools: list[Tool], ctx: Context) -> None:
    first: dict[tuple[str | None, str], Tool] = {}
    for tool in tools:
        if tool.name is None:
            continue
        # A Responses `namespace` tool may scope its functions' names: no evidence says it does or does not
        # (field-notes-2026-12.md O3, 2026-12-01), so a clash across namespaces is not reported (precision first).
        name = (_namespace(tool.pointer, ctx), tool.name)
        if name in first:
            earlier = first[name]
            line = ctx.source.span(earlier.name_pointer).line
            ctx.report(tool.name_pointer, f"tool name {shown(repr(tool.name))} is already used by the tool at line {line}",
                       tool=tool, help="rename one of the two tools",
                       note="the provider rejects the request, or one tool shadows the other")
        else:
            first[name] = tool


# ---------------------------------------------------------------------------------------------
# ambiguous-sibling-tools


@dataclass(frozen=True)
class AmbiguousSiblingToolsOptions(RuleOptions, rule="ambiguous-sibling-tools"):
    similarity: float
    synonyms: tuple[tuple[str, ...], ...]
    contrast_words: tuple[str, ...]
    stopwords: tuple[str, ...]

    @cached_property
    def _synonym_stems(self) -> tuple[dict[str, str], dict[str, str]]:
        """Each synonym's stem -> the first of its group: the Latin ones, and the CJK ones."""
        canon: dict[str, str] = {}
        cjk: dict[str, str] = {}
        for group in self.synonyms:
            words = [stem(w.lower()) for w in group]
            if not words:
                continue
            for word in words:
                if CJK_RUN.search(word):
                    cjk.setdefault(word, words[0])
                else:
                    canon.setdefault(word, words[0])
        return canon, cjk

    @cached_property
    def canon(self) -> dict[str, str]:
        return self._synonym_stems[0]

    @cached_property
    def cjk_canon(self) -> dict[str, str]:
        return self._synonym_stems[1]

    @cached_property
    def cjk_synonyms(self) -> re.Pattern[str] | None:
        cjk = self.cjk_canon
        return re.compile("|".join(re.escape(w) for w in sorted(cjk, key=len, reverse=True))) if cjk else None

    @cached_property
    def stop_stems(self) -> frozenset[str]:
        return frozenset(stem(w.lower()) for w in self.stopwords)

    @cached_property
    def contrast(self) -> WordMatcher | None:
        return words_regex(self.contrast_words)


def _canonical(words: list[str], canon: dict[str, str]) -> list[str]:
    return [canon.get(w, w) for w in words]


def _bigrams(text: str) -> set[str]:
    out: set[str] = set()
    for run in CJK_RUN.findall(text):
        out |= {run[i:i + 2] for i in range(len(run) - 1)} or {run}
    return out


@check("ambiguous-sibling-tools", "toolset")
def ambiguous_sibling_tools(tools: list[Tool], ctx: Context) -> None:
    if len(tools) < 2:
        return
    lex: AmbiguousSiblingToolsOptions = ctx.options
    named: dict[tuple[str, ...], list[Tool]] = {}
    for tool in tools:
        description = tool.description
        if not tool.name or not has_text(description):
            continue
        # In order and unstemmed: `get_user` / `get_users` and `plans_for_rule` / `rules_for_plan` differ.
        key = tuple(_canonical(list(name_tokens(tool.name)), lex.canon))
        named.setdefault(key, []).append(tool)
    buckets: dict[tuple[str, ...], list[tuple[Tool, set[str], str]]] = {}
    for key, members in named.items():
        if len(members) < 2:
            continue
        for tool in members:
            own = text = own_words(tool.description, tools, ctx)
            if lex.cjk_synonyms is not None:
                text = lex.cjk_synonyms.sub(lambda m: f" {lex.cjk_canon[m.group(0)]} ", text)
            words = set(_canonical(content_words(CJK_RUN.sub(" ", text), lex.stop_stems), lex.canon))
            words |= _bigrams(text)
            buckets.setdefault(key, []).append((tool, words, own))
    for group in buckets.values():
        if len(group) < 2:
            continue
        for i in range(1, len(group)):
            tool, words, text = group[i]
            for other, other_words, other_text in group[:i]:
                if other.name == tool.name:
                    continue  # duplicate-tool-name's business
                union = words | other_words
                if not union or len(words & other_words) / len(union) < lex.similarity:
                    continue
                if _distinguishes(text, other, lex) or _distinguishes(other_text, tool, lex):
                    continue
                ctx.report(tool.name_pointer,
                           f"`{shown(tool.label, 30)}` and `{shown(other.label, 30)}` have look-alike names and descriptions",
                           tool=tool, help=f"add \"use `{other.name}` instead when ...\" to each description, or "
                                           "merge the two tools",
                           note=f"\"{shown(text.strip(), 50)}\" / \"{shown(other_text.strip(), 50)}\": a model cannot "
                                "tell which to call")
                break


def _distinguishes(text: str, other: Tool, lex: AmbiguousSiblingToolsOptions) -> bool:
    if other.name and other.name.lower() in text.lower():
        return True
    return lex.contrast is not None and lex.contrast.search(text) is not None


# ---------------------------------------------------------------------------------------------
# tool-set-name-collision, prefixed-name-too-long: what goes wrong only when one client combines several servers
# and files (Claude Code prefixes each tool name: `mcp__{server}__{tool}`).


def _describe(member: Member) -> str:
    return f"server `{member.name}`" if member.server else f"`{member.source.path}`"


@check("tool-set-name-collision", "set")
def tool_set_name_collision(toolset: ToolSet, ctx: SetContext) -> None:
    first: dict[str, tuple[Member, Tool]] = {}
    for member, tool in toolset.entries():
        name = tool.name
        if name is None:
            continue
        earlier = first.get(name)
        if earlier is None:
            first[name] = (member, tool)
        elif earlier[0] is not member:  # twice in one member is duplicate-tool-name's
            other, other_tool = earlier
            line = other.source.span(other_tool.name_pointer).line
            ctx.report(tool.name_pointer, f"tool name {shown(repr(name))} is also defined by {shown(_describe(other), 40)}",
                       tool=tool, help="rename one of the two tools",
                       note=f"at {other.source.path}:{line}; in one client the provider "
                            "rejects the request, or one tool silently shadows the other")


def prefixed_name(template: str, server: str, tool: str) -> str:
    """The name a client shows the model; placeholders by replacement, so a stray brace is kept as text."""
    return template.replace("{server}", server).replace("{tool}", tool)


@dataclass(frozen=True)
class PrefixedNameTooLongOptions(RuleOptions, rule="prefixed-name-too-long"):
    prefix_format: str
    max_length: int


@check("prefixed-name-too-long", "set")
def prefixed_name_too_long(toolset: ToolSet, ctx: SetContext) -> None:
    options: PrefixedNameTooLongOptions = ctx.options
    template, limit = options.prefix_format, options.max_length
    for member, tool in toolset.entries():
        if tool.name is None or not member.prefixed:
            continue
        full = prefixed_name(template, member.name, tool.name)
        if len(full) > limit:
            ctx.report(tool.name_pointer, f"tool `{shown(tool.name, 30)}` is {len(full)} characters once a client "
                       f"prefixes it (limit {limit})", tool=tool,
                       help=f"shorten the tool name (by {len(full) - limit}) or the server's",
                       note=f"{_describe(member)} makes it `{full}`, over the {limit}-character limit of OpenAI "
                            "and Anthropic")


# ---------------------------------------------------------------------------------------------
# invalid-parameter-name


@check("invalid-parameter-name", "tool")
def invalid_parameter_name(tool: Tool, ctx: Context) -> None:
    """Gemini's `parameters` Schema: property names are letters, digits and `_`, starting with a letter or `_`."""
    if tool.dialect is not GEMINI or tool.schema_key != "parameters" or not isinstance(tool.schema, dict):
        return
    pattern, said = _gemini_parameter_name()
    for node in walk(tool.schema, tool.schema_pointer):
        properties = node.schema.get("properties")
        if not isinstance(properties, dict):
            continue
        for name in properties:
            if not pattern.fullmatch(name):
                ctx.report(jp.join(node.pointer, "properties", name),
                           f"parameter name {shown(repr(name))} is rejected by Gemini", key=True,
                           help="rename it to letters, digits and `_`, starting with a letter or `_`", note=said)


@cache
def _gemini_parameter_name() -> tuple[re.Pattern[str], str]:
    item = construct("gemini_parameter_names")
    pattern = re.compile(f"{item['first']}{item['pattern']}{{0,{item['max'] - 1}}}")
    return pattern, f"Gemini accepts `^{pattern.pattern}$` ({item['sources'][0]}, {item['date']})"
