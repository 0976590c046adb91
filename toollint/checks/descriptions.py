"""Description rules: vague tool descriptions, undocumented parameters, look-alike sibling tools,
and text hidden in descriptions (invisible Unicode, instructions aimed at the model).

Length is measured by script: a CJK character counts as half a word (option `cjk-chars-per-word`),
so a 40-character Chinese description weighs like a 20-word English one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from toollint import pointer as jp
from toollint.checks import check
from toollint.dialects import Tool
from toollint.engine import Context, node_label
from toollint.paramview import param_of
from toollint.schemas import SchemaNode
from toollint.textstats import (
    CJK_RUN,
    OptionCache,
    as_list,
    latin_words,
    length_in_words,
    name_tokens,
    stem,
    words_regex,
)

# ---------------------------------------------------------------------------------------------
# vague-description


@dataclass(frozen=True)
class _VagueLexicon:
    stopwords: frozenset[str]
    generic: frozenset[str]
    cjk_generic: re.Pattern[str] | None
    min_words: float
    cjk_per_word: float


def _vague_lexicon(options: dict[str, Any]) -> _VagueLexicon:
    cjk_words = [w for w in as_list(options.get("generic-words")) + as_list(options.get("extra-generic-words"))
                 if CJK_RUN.search(w)]
    latin = [w for w in as_list(options.get("generic-words")) + as_list(options.get("extra-generic-words"))
             if not CJK_RUN.search(w)]
    cjk_stop = [w for w in as_list(options.get("stopwords")) if CJK_RUN.search(w)]
    return _VagueLexicon(
        frozenset(stem(w.lower()) for w in as_list(options.get("stopwords")) if not CJK_RUN.search(w)),
        frozenset(stem(w.lower()) for w in latin),
        re.compile("|".join(re.escape(w) for w in sorted(cjk_words + cjk_stop, key=len, reverse=True)))
        if cjk_words or cjk_stop else None,
        float(options.get("min-words", 3)),
        float(options.get("cjk-chars-per-word", 2.0)),
    )


_VAGUE = OptionCache(_vague_lexicon)


def content_words(text: str, stopwords: frozenset[str]) -> list[str]:
    """Stemmed Latin words of a text that are not stopwords or numbers."""
    return [s for s in (stem(w) for w in latin_words(text)) if s not in stopwords and not s[0].isdigit()]


def _vagueness(tool: Tool, text: str, lex: _VagueLexicon) -> str | None:
    if not text.strip():
        return "is empty"
    name = tool.name or ""
    name_words = {stem(t) for t in name_tokens(name)}
    joined = "".join(name_tokens(name))
    latin = content_words(CJK_RUN.sub(" ", text), lex.stopwords)
    cjk_text = lex.cjk_generic.sub("", text) if lex.cjk_generic is not None else text
    if not any(CJK_RUN.findall(cjk_text)):
        in_name = [w for w in latin if w in name_words or (len(w) >= 3 and w in joined)]
        extra = [w for w in latin if w not in in_name and w not in lex.generic]
        if not extra:
            quoted = text.strip()[:60]
            if in_name and all(w in in_name for w in latin):
                return f"only restates the tool name (\"{quoted}\")"
            return f"is generic (\"{quoted}\")"
    size = length_in_words(text, lex.cjk_per_word)
    if size < lex.min_words:
        return f"is too short to say what the tool does (\"{text.strip()[:60]}\")"
    return None


@check("vague-description", "tool")
def vague_description(tool: Tool, ctx: Context) -> None:
    description = tool.description
    lex: _VagueLexicon = _VAGUE.get(ctx.options)
    advice = ("say what it does, what it returns and when to use it (or a sibling tool instead); "
              "one or two sentences, in any language")
    if description is None:
        where = tool.name_pointer if tool.name is not None else tool.definition_pointer
        ctx.report(where, f"tool `{tool.label}` has no description: the model chooses tools by their descriptions; "
                   + advice, key=tool.name is not None)
        return
    if not isinstance(description, str):
        return  # invalid-json-schema's business
    problem = _vagueness(tool, description, lex)
    if problem is not None:
        ctx.report(tool.description_pointer, f"description of `{tool.label}` {problem}; {advice}")


# ---------------------------------------------------------------------------------------------
# missing-param-description


@dataclass(frozen=True)
class _ParamLexicon:
    vague_heads: frozenset[str]
    evident_short: frozenset[str]


_PARAMS = OptionCache(lambda options: _ParamLexicon(
    frozenset(w.lower() for w in as_list(options.get("vague-names")) + as_list(options.get("extra-vague-names"))),
    frozenset(w.lower() for w in as_list(options.get("evident-short-names"))),
))


def _opaque(name: str, lex: _ParamLexicon) -> str | None:
    tokens = name_tokens(name)
    if not tokens:
        return None
    if len(name) <= 2 and name.lower() not in lex.evident_short:
        return "is too short to explain itself"
    if tokens[-1] in lex.vague_heads:
        return f"ends in `{tokens[-1]}`, which could hold anything"
    return None


@check("missing-param-description", "schema", properties_only=True)
def missing_param_description(node: SchemaNode, ctx: Context) -> None:
    param = param_of(node, ctx)
    if param.has_description or not param.name:
        return
    schema = param.schema
    if isinstance(schema.get("enum"), list) or "const" in schema or "format" in schema:
        return  # the values or the format say what it is
    if param.types == {"boolean"} or isinstance(schema.get("properties"), dict):
        return  # a flag reads as its name; an object is explained by its properties
    items = param.item()
    if items is not None and (isinstance(items.get("properties"), dict) or isinstance(items.get("enum"), list)):
        return
    title = schema.get("title")
    if isinstance(title, str) and [t for t in name_tokens(title)] != list(name_tokens(param.name)):
        return  # a title that says more than the name
    lex: _ParamLexicon = _PARAMS.get(ctx.options)
    why = _opaque(param.name, lex)
    if why is None:
        return
    ctx.report(node.pointer, f"parameter `{node_label(node)}` has no description and its name {why}; add a "
               "`description` saying what it holds, its format and an example", key=True,
               fix="add a `description`")


# ---------------------------------------------------------------------------------------------
# ambiguous-sibling-tools


@dataclass(frozen=True)
class _SiblingLexicon:
    canon: dict[str, str]
    stopwords: frozenset[str]
    contrast: re.Pattern[str] | None
    threshold: float


def _sibling_lexicon(options: dict[str, Any]) -> _SiblingLexicon:
    canon: dict[str, str] = {}
    for group in options.get("synonyms") or []:
        words = [stem(w.lower()) for w in as_list(group)]
        for word in words:
            canon.setdefault(word, words[0])
    return _SiblingLexicon(
        canon,
        frozenset(stem(w.lower()) for w in as_list(options.get("stopwords"))),
        words_regex(as_list(options.get("contrast-words"))),
        float(options.get("similarity", 0.6)),
    )


_SIBLINGS = OptionCache(_sibling_lexicon)


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
    lex: _SiblingLexicon = _SIBLINGS.get(ctx.options)
    buckets: dict[tuple[str, ...], list[tuple[Tool, set[str], str]]] = {}
    for tool in tools:
        if not tool.name or not isinstance(tool.description, str) or not tool.description.strip():
            continue
        tokens = [stem(t) for t in name_tokens(tool.name)]
        key = tuple(sorted(_canonical(tokens, lex.canon)))
        words = set(_canonical(content_words(CJK_RUN.sub(" ", tool.description), lex.stopwords), lex.canon))
        words |= _bigrams(tool.description)
        buckets.setdefault(key, []).append((tool, words, tool.description))
    for group in buckets.values():
        if len(group) < 2:
            continue
        for i in range(1, len(group)):
            tool, words, text = group[i]
            for other, other_words, other_text in group[:i]:
                if other.name == tool.name:
                    continue  # duplicate-tool-name's business
                union = words | other_words
                if not union or len(words & other_words) / len(union) < lex.threshold:
                    continue
                if _distinguishes(text, other, lex) or _distinguishes(other_text, tool, lex):
                    continue
                ctx.report(tool.name_pointer,
                           f"`{tool.name}` and `{other.name}` have look-alike names and descriptions "
                           f"(\"{text.strip()[:50]}\" / \"{other_text.strip()[:50]}\"): a model cannot tell which "
                           f"to call; say in each description when to use it rather than the other, or merge them",
                           tool=tool, fix=f"add \"use `{other.name}` instead when ...\" to the description")
                break


def _distinguishes(text: str, other: Tool, lex: _SiblingLexicon) -> bool:
    if other.name and other.name.lower() in text.lower():
        return True
    return lex.contrast is not None and lex.contrast.search(text) is not None


# ---------------------------------------------------------------------------------------------
# invisible-unicode

_INVISIBLE = re.compile("[\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u00ad\u180e\u3164\uffa0"
                        "\U000e0000-\U000e007f]")
_TAGS = re.compile("[\U000e0020-\U000e007e]+")


def _strings(value: Any, pointer: str, depth: int = 0):
    if depth > 64:
        return
    if isinstance(value, str):
        yield pointer, value, False
    elif isinstance(value, dict):
        for key, sub in value.items():
            if isinstance(key, str):
                yield jp.join(pointer, key), key, True
            yield from _strings(sub, jp.join(pointer, key), depth + 1)
    elif isinstance(value, list):
        for index, sub in enumerate(value):
            yield from _strings(sub, jp.join(pointer, index), depth + 1)


@check("invisible-unicode", "tool")
def invisible_unicode(tool: Tool, ctx: Context) -> None:
    for where, text, is_key in _strings(tool.raw, tool.pointer):
        found = _INVISIBLE.findall(text)
        if not found:
            continue
        names = sorted({f"U+{ord(c):04X}" for c in found})
        hidden = "".join(chr(ord(c) - 0xE0000) for run in _TAGS.findall(text) for c in run)
        extra = f"; the tag characters spell \"{hidden[:80]}\"" if hidden else ""
        ctx.report(where, f"invisible character{'s' if len(names) > 1 else ''} {', '.join(names[:6])} in the "
                   f"text the model reads but a reviewer does not see{extra}; remove them", key=is_key,
                   fix="delete the invisible characters")


# ---------------------------------------------------------------------------------------------
# model-instructions

def _instruction_pattern(options: dict[str, Any]) -> re.Pattern[str] | None:
    patterns = as_list(options.get("patterns")) + as_list(options.get("extra-patterns"))
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE) if patterns else None


_INSTRUCTIONS = OptionCache(_instruction_pattern)


@check("model-instructions", "tool")
def model_instructions(tool: Tool, ctx: Context) -> None:
    pattern = _INSTRUCTIONS.get(ctx.options)
    if pattern is None:
        return
    for where, text, is_key in _strings(tool.definition, tool.definition_pointer):
        if is_key or len(text) < 8:
            continue
        match = pattern.search(text)
        if match is None:
            continue
        ctx.report(where, f"text aimed at the model rather than describing the tool: \"{match.group(0)}\"; "
                   "a description that tells the model to ignore its instructions, hide things from the user or "
                   "hand over secrets is a tool-poisoning pattern; remove it")
