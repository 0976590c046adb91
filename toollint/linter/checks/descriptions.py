"""Description rules: vague tool descriptions, undocumented parameters, look-alike sibling tools,
destructive tools that do not say so, and text hidden in descriptions (invisible Unicode,
instructions aimed at the model).

Length is measured by script: a CJK character counts as half a word (option `cjk-chars-per-word`),
so a 40-character Chinese description weighs like a 20-word English one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from toollint import pointer as jp
from toollint.document import edits
from toollint.document.dialects import Tool
from toollint.document.source import Source
from toollint.lazy_regex import lazy_compile
from toollint.linter import fixes
from toollint.linter.checks import check
from toollint.linter.context import Context, node_label
from toollint.linter.docview import entry_text, is_top_level
from toollint.linter.namememo import NameMemo
from toollint.linter.paramview import param_of
from toollint.linter.textstats import (
    CJK_RUN,
    OptionCache,
    WordMatcher,
    as_list,
    has_text,
    latin_words,
    length_in_words,
    name_tokens,
    stem,
    words_regex,
)
from toollint.schema.walk import SchemaNode
from toollint.terminal import shown

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
    if not has_text(text):
        return "is empty"
    if len(text) >= 120:
        return None  # long enough to say something; restating and generic texts are short
    size = length_in_words(text, lex.cjk_per_word)
    if size >= 12:
        return None
    name = tool.name or ""
    name_words = {stem(t) for t in name_tokens(name)}
    joined = "".join(name_tokens(name))
    if text.isascii():  # no CJK to set aside or to find
        latin, only_latin = content_words(text, lex.stopwords), True
    else:
        latin = content_words(CJK_RUN.sub(" ", text), lex.stopwords)
        cjk_text = lex.cjk_generic.sub("", text) if lex.cjk_generic is not None else text
        only_latin = CJK_RUN.search(cjk_text) is None
    if only_latin:
        in_name = [w for w in latin if w in name_words or (len(w) >= 3 and w in joined)]
        extra = [w for w in latin if w not in in_name and w not in lex.generic]
        if not extra:
            specific = [w for w in in_name if w not in lex.generic]
            if specific and len([t for t in name_words if t not in lex.generic]) >= 2 and len(name_words) >= 3:
                return None  # `get_spouse_name`: "Retrieves the name of the spouse." says all there is to say
            if specific:
                return "only restates the tool name"
            return "is generic"
    if size < lex.min_words:
        return "is too short to say what the tool does"
    return None


_SENTENCE_END = lazy_compile(r"[.:;!?。：；！？]")


def _shared_prefix(tools: list[Tool]) -> dict[int, int]:
    """For each tool (by index), the length of the leading sentences it shares with at least 3 tools and a third
    of the set: the boilerplate preamble ("This tool belongs to the X system... Tool description:").

    A prefix ends after a sentence mark. Sentence by sentence: the texts whose first k sentences are shared group
    by their first k+1; a text drops out at its first prefix too few others share, as no longer one can be shared
    more. Most sets share nothing, and then only each first sentence is looked at."""
    texts = [t.description if isinstance(t.description, str) else "" for t in tools]
    needed = max(3, len(tools) // 3)
    result: dict[int, int] = {}
    active = dict.fromkeys(range(len(texts)), 0)  # text index -> end of its prefix shared so far
    while active:
        groups: dict[str, list[int]] = {}
        whole: list[int] = []  # texts that end with this sentence: shared if as many others start with them
        for index, start in active.items():
            text = texts[index]
            found = _SENTENCE_END.search(text, start)
            if found is None:
                continue
            if found.end() == len(text):
                whole.append(index)
            else:
                groups.setdefault(text[:found.end()], []).append(index)
        for index in whole:
            if len(groups.get(texts[index], ())) >= needed:
                result[index] = len(texts[index])
        active = {}
        for prefix, members in groups.items():
            if len(members) >= needed:
                for index in members:
                    result[index] = active[index] = len(prefix)
    return result


def own_words(description: str, tools: list[Tool], ctx: Context) -> str:
    """A tool's description without the preamble the whole set shares. The cuts are worked out once per set and
    kept on the file's `Context` (a module global would keep the last file's tools alive, and free them in the
    middle of the next file's checks)."""
    if len(tools) < 3:
        return description
    cuts: dict[int, int] = ctx.cached(("shared-prefix", id(tools)), lambda: {
        id(t.definition.get("description")): n for i, n in _shared_prefix(tools).items() for t in (tools[i],)})
    cut = cuts.get(id(description), 0)
    return description[cut:].strip() if cut else description


_POISONING = ("a text that tells the model to ignore its instructions, hide things from the user or hand over "
              "secrets is a tool-poisoning pattern")


@check("vague-description", "tool")
def vague_description(tool: Tool, ctx: Context) -> None:
    description = tool.description
    lex: _VagueLexicon = _VAGUE.get(ctx.options)
    advice = ("say what it does, what it returns and when to use it (or a sibling tool instead), in one or two "
              "sentences, in any language")
    why = "the model chooses tools by their descriptions"
    if description is None:
        where = tool.name_pointer if tool.name is not None else tool.definition_pointer
        ctx.report(where, f"tool `{shown(tool.label)}` has no description", key=tool.name is not None,
                   help=advice, note=why)
        return
    if not isinstance(description, str):
        return  # invalid-json-schema's business
    own = own_words(description, ctx.tools, ctx)
    problem = _vagueness(tool, own, lex)
    if problem is not None and own != description and problem != "is empty":
        problem += ", once the text every tool of the set shares is set aside"
    elif problem == "is empty" and own != description:
        problem = "is only the text every tool of the set shares"
    if problem is not None:
        ctx.report(tool.description_pointer, f"description of `{shown(tool.label)}` {problem}", help=advice,
                   note=f"it reads \"{shown(own.strip(), 60)}\"; {why}")


# ---------------------------------------------------------------------------------------------
# missing-param-description


@dataclass(frozen=True)
class _ParamLexicon:
    vague_heads: frozenset[str]
    evident_short: frozenset[str]
    relational: frozenset[str]  # a measure of something the name does not say: `depth` (of what?)


def _param_lexicon(options: dict[str, Any]) -> NameMemo:
    """What the name alone says (`_opaque`), memoised per name for this options set: names repeat (`id`, `q`)."""
    lex = _ParamLexicon(
        frozenset(w.lower() for w in as_list(options.get("vague-names")) + as_list(options.get("extra-vague-names"))),
        frozenset(w.lower() for w in as_list(options.get("evident-short-names"))),
        frozenset(w.lower() for w in as_list(options.get("relational-names"))))
    return NameMemo(lambda name: _opaque(name, lex))


_PARAMS = OptionCache(_param_lexicon)


_OF_WHAT = " does not say of what"


def _opaque(name: str, lex: _ParamLexicon) -> str | None:
    tokens = name_tokens(name)
    if not tokens:
        return None
    if len(name) <= 2 and name.lower() not in lex.evident_short:
        return "is too short to explain itself"
    if tokens[-1] in lex.vague_heads:
        return f"ends in `{tokens[-1]}`, which could hold anything"
    if len(tokens) == 1 and tokens[0] in lex.relational:
        return f"`{tokens[0]}`{_OF_WHAT}"
    return None


@check("missing-param-description", "schema", properties_only=True, when=lambda keys: "description" not in keys)
def missing_param_description(node: SchemaNode, ctx: Context) -> None:
    if not node.name or node.name[0] in "_$":
        return  # `_meta`, `$schema`: protocol fields, not the tool's parameters
    why = _PARAMS.get(ctx.options)[node.name]
    if why is None or (why.endswith(_OF_WHAT) and not is_top_level(node)):
        return  # `options.depth`: the object it sits in says of what
    param = param_of(node, ctx)
    if param.has_description or entry_text(node, ctx):
        return  # described in the schema, or in the docstring's `Args:` entry
    schema = param.schema
    if isinstance(schema.get("enum"), list) or "const" in schema or "format" in schema:
        return  # the values or the format say what it is
    if param.types == {"boolean"} or isinstance(schema.get("properties"), dict):
        return  # a flag reads as its name; an object is explained by its properties
    items = param.item()
    if items is not None and (isinstance(items.get("properties"), dict) or isinstance(items.get("enum"), list)):
        return
    for key in ("anyOf", "oneOf"):
        branches = node.schema.get(key)
        if isinstance(branches, list) and any(isinstance(b, dict) and b.get("description") for b in branches):
            return  # each branch explains itself
    title = schema.get("title")
    if isinstance(title, str) and [t for t in name_tokens(title)] != list(name_tokens(param.name)):
        return  # a title that says more than the name
    ctx.report(node.pointer, f"parameter `{shown(node_label(node))}` has no description", key=True,
               help="add a `description` saying what it holds, its format and an example",
               note=f"its name {why}")


# ---------------------------------------------------------------------------------------------
# ambiguous-sibling-tools


@dataclass(frozen=True)
class _SiblingLexicon:
    canon: dict[str, str]
    cjk_canon: dict[str, str]
    cjk_synonyms: re.Pattern[str] | None
    stopwords: frozenset[str]
    contrast: WordMatcher | None
    threshold: float


def _sibling_lexicon(options: dict[str, Any]) -> _SiblingLexicon:
    canon: dict[str, str] = {}
    cjk: dict[str, str] = {}
    for group in options.get("synonyms") or []:
        words = [stem(w.lower()) for w in as_list(group)]
        if not words:
            continue
        for word in words:
            if CJK_RUN.search(word):
                cjk.setdefault(word, words[0])
            else:
                canon.setdefault(word, words[0])
    cjk_re = re.compile("|".join(re.escape(w) for w in sorted(cjk, key=len, reverse=True))) if cjk else None
    return _SiblingLexicon(
        canon, cjk, cjk_re,
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
            words = set(_canonical(content_words(CJK_RUN.sub(" ", text), lex.stopwords), lex.canon))
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
                if not union or len(words & other_words) / len(union) < lex.threshold:
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


def _distinguishes(text: str, other: Tool, lex: _SiblingLexicon) -> bool:
    if other.name and other.name.lower() in text.lower():
        return True
    return lex.contrast is not None and lex.contrast.search(text) is not None


# ---------------------------------------------------------------------------------------------
# invisible-unicode

# Zero-width space, bidi embeddings/overrides/isolates (Trojan Source), word joiner and invisible operators,
# a BOM inside text, Hangul fillers, Unicode tags. Left alone: ZWJ/ZWNJ (emoji, Persian, Indic scripts),
# LRM/RLM (right-to-left text) and the soft hyphen, all with everyday legitimate uses.
_INVISIBLE = lazy_compile("[\u200b\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u180e\u3164\uffa0"
                        "\U000e0000-\U000e007f]")
_TAGS = lazy_compile("[\U000e0020-\U000e007e]+")


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


# A JSON escape of one of them. Case spelled out rather than IGNORECASE: then the regex engine can jump from one
# backslash to the next, where an IGNORECASE search (or a `"\\u" in text` test first) walks a large file slowly.
# JSON, YAML double-quoted and Python strings all spell them `\u200b`; YAML and Python also `\U000E0041`, Python
# also `\N{ZERO WIDTH SPACE}`. The check reads the parsed values; this only decides whether to look.
_ESCAPED = lazy_compile(r"\\[uU](?:200[bB]|202[a-eA-E]|206[0-46-9]|[fF][eE][fF][fF]|180[eE]|3164|[fF][fF][aA]0|[dD][bB]40)"
                        r"|\\U000[eE]00[0-7][0-9a-fA-F]|\\N\{")


def _file_may_hold(ctx: Context, rule: str, pattern: re.Pattern[str]) -> bool:
    """One search of the raw file text decides whether a rule needs to walk the file's strings at all
    (`pattern` matches single non-ASCII characters)."""
    def search() -> bool:
        source = ctx.source
        text = source.text or ""
        return (not text.isascii() and _search_non_ascii(pattern, text)) or (
            "\\" in text and _ESCAPED.search(text) is not None)

    return bool(ctx.cached(("file-may-hold", rule), search))


def _search_non_ascii(pattern: re.Pattern[str], text: str, size: int = 1024) -> bool:
    """Whether `pattern`, which matches single non-ASCII characters, occurs in `text`. Most of a tool file is
    ASCII even when some descriptions are not: a slice learns whether it is all ASCII at C speed, and the much
    slower regex scan runs only on the slices that are not."""
    for start in range(0, len(text), size):
        chunk = text[start:start + size]
        if not chunk.isascii() and pattern.search(chunk) is not None:
            return True
    return False


@check("invisible-unicode", "tool")
def invisible_unicode(tool: Tool, ctx: Context) -> None:
    if not _file_may_hold(ctx, "invisible-unicode", _INVISIBLE):
        return
    for where, text, is_key in _strings(tool.raw, tool.pointer):
        _report_invisible(ctx, where, text, is_key)


def _report_invisible(ctx: Context, where: str, text: str, is_key: bool = False) -> None:
    found = _INVISIBLE.findall(text)
    if not found:
        return
    names = sorted({f"U+{ord(c):04X}" for c in found})
    hidden = "".join(chr(ord(c) - 0xE0000) for run in _TAGS.findall(text) for c in run)
    extra = f"; the tag characters spell \"{hidden[:80]}\"" if hidden else ""
    ctx.report(where, f"invisible character{'s' if len(names) > 1 else ''} {', '.join(names[:6])} in the text",
               key=is_key, help="delete the invisible characters",
               note=f"the model reads them but a reviewer does not see them{extra}",
               autofix=_strip_invisible(ctx, where, text, is_key))


def _strip_invisible(ctx: Context, where: str, text: str, is_key: bool) -> fixes.Fix | None:
    """Delete the characters; a key is renamed unless that would empty it or clash with a sibling."""
    visible = _INVISIBLE.sub("", text)
    if is_key:
        parent = edits.lookup(ctx.source.data, where.rsplit("/", 1)[0])
        if not visible or visible in parent:
            return None
        return fixes.safe("delete the invisible characters", edits.rename_key(where, visible))
    return fixes.safe("delete the invisible characters", edits.set_value(where, visible))


def server_instructions(source: Source) -> str | None:
    """The `instructions` of an MCP server snapshot: clients put them into the system prompt."""
    data = source.data
    if isinstance(data, dict) and isinstance(data.get("serverInfo"), dict):
        text = data.get("instructions")
        return text if isinstance(text, str) else None
    return None


@check("invisible-unicode", "file")
def invisible_unicode_in_instructions(source: Source, ctx: Context) -> None:
    text = server_instructions(source)
    if text is not None and _file_may_hold(ctx, "invisible-unicode", _INVISIBLE):
        _report_invisible(ctx, "/instructions", text)


# ---------------------------------------------------------------------------------------------
# model-instructions

_META = set("\\.[](){}*+?|^$")


def _top_alternatives(pattern: str) -> list[str]:
    parts, depth, current, escaped = [], 0, [], False
    for char in pattern:
        if escaped:
            current.append(char)
            escaped = False
            continue
        if char == "\\":
            escaped = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            parts.append("".join(current))
            current = []
            continue
        current.append(char)
    parts.append("".join(current))
    return parts


def _leading_literals(pattern: str, depth: int = 0) -> list[str] | None:
    """Literal strings one of which every match starts with, or None when the pattern has no such prefix."""
    if depth > 4:
        return None
    found: list[str] = []
    for alternative in _top_alternatives(pattern):
        if alternative.startswith("(?:"):
            close, level = None, 0
            for index, char in enumerate(alternative):
                level += char == "("
                level -= char == ")"
                if level == 0:
                    close = index
                    break
            inner = _leading_literals(alternative[3:close], depth + 1) if close else None
            if inner is None:
                return None
            found.extend(inner)
            continue
        prefix: list[str] = []
        index = 0
        while index < len(alternative):
            char = alternative[index]
            if char == "\\" and index + 1 < len(alternative) and not alternative[index + 1].isalnum():
                prefix.append(alternative[index + 1])  # an escaped literal: `\.`
                index += 2
                continue
            if char in _META:
                break
            prefix.append(char)
            index += 1
        if prefix and index < len(alternative) and alternative[index] in "*?{":
            prefix.pop()  # the last literal is optional or repeated
        if not prefix:
            return None
        found.append("".join(prefix))
    return found


def _by_script(literals: list[str]) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]:
    """(rarest character, literal) pairs of the literals for non-ASCII text (all) and for ASCII text (the ASCII
    ones), indexed by `text.isascii()`: a literal with a non-ASCII character cannot occur in ASCII text."""
    unique = tuple(sorted(set(literals)))
    return tuple((_rarest(lit), lit) for lit in unique), tuple((_rarest(lit), lit) for lit in unique if lit.isascii())


# Characters frequent in descriptions, most frequent first; any other counts as rarer than all of them.
_FREQUENT = " etaoinsrhldcumfpgwybvk.,"


def _rarest(literal: str) -> str:
    return max(literal, key=lambda char: _FREQUENT.find(char) if char in _FREQUENT else len(_FREQUENT))


def _holds_any(low: str, gated: tuple[tuple[str, str], ...]) -> bool:
    """Whether `low` holds one of the literals of the (rarest character, literal) pairs. The character is looked
    for first: one character is found at memchr speed, and `<`, `~` or `/` are absent from most texts, so most
    string searches are skipped."""
    for rarest, literal in gated:
        if rarest in low and literal in low:
            return True
    return False


# A pattern: the compiled regex, the literals every match starts with (None: no such literals) and its gate, the
# indexes of the literal groups (`_PhraseMatcher.groups`) of which every match holds one literal each.
_Phrase = tuple[re.Pattern[str], "list[str] | None", tuple[int, ...]]


class _PhraseMatcher:
    """Lower-cased search for a few rare phrases: jump to each occurrence of a leading literal, then match.

    Each pattern has a gate: literal groups of which every match holds one each (its leading literals, and
    `the user`, rarer than the `do not` / `never` those patterns start with). Substring tests, not one regex
    alternation: the regex engine tries every alternative at each position, `in` scans at C speed. A group
    shared by several patterns is looked for once per text (`candidates`), and only the patterns whose gate
    holds are searched."""

    def __init__(self, patterns: list[str]) -> None:
        self.groups: list[tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]] = []
        index: dict[tuple[str, ...], int] = {}

        def group(literals: list[str]) -> int:
            key = tuple(sorted(set(literals)))
            if key not in index:
                index[key] = len(self.groups)
                self.groups.append(_by_script(literals))
            return index[key]

        self.entries: list[_Phrase] = []
        for pattern in patterns:
            literals = _leading_literals(pattern)
            gate = () if literals is None else \
                ((group(["the user"]),) if " the user" in pattern else ()) + (group(literals),)
            self.entries.append((re.compile(pattern), literals, gate))

    def candidates(self, low: str) -> list[_Phrase]:
        """The patterns whose gate holds in lower-cased text: the only ones that can match in it (or in a part
        of it)."""
        held: list[bool | None] = [None] * len(self.groups)
        ascii_text = low.isascii()
        found = []
        for entry in self.entries:
            for number in entry[2]:
                holds = held[number]
                if holds is None:
                    holds = held[number] = _holds_any(low, self.groups[number][ascii_text])
                if not holds:
                    break
            else:
                found.append(entry)
        return found

    def search(self, text: str, candidates: list[_Phrase] | None = None) -> re.Match[str] | None:
        """The first match in `text`, pattern by pattern; `candidates`: the patterns that can match at all
        (`candidates` of a text holding this one), else worked out here."""
        low = text.lower()
        for compiled, literals, _ in self.candidates(low) if candidates is None else candidates:
            if literals is None:
                found = compiled.search(low)
                if found:
                    return found
                continue
            for literal in literals:
                start = low.find(literal)
                while start >= 0:
                    found = compiled.match(low, start)
                    if found:
                        return found
                    start = low.find(literal, start + 1)
        return None


def _instruction_matcher(options: dict[str, Any]) -> _PhraseMatcher | None:
    patterns = as_list(options.get("patterns")) + as_list(options.get("extra-patterns"))
    return _PhraseMatcher(patterns) if patterns else None


_INSTRUCTIONS = OptionCache(_instruction_matcher)


def _report_instruction(ctx: Context, where: str, text: str, match: re.Match[str]) -> None:
    ctx.report(where, f"text aimed at the model, not describing the tool: \"{shown(text[match.start():match.end()])}\"",
               help="remove it", note=_POISONING)


@check("model-instructions", "file")
def model_instructions_in_server_instructions(source: Source, ctx: Context) -> None:
    text = server_instructions(source)
    matcher = _INSTRUCTIONS.get(ctx.options)
    if text is None or matcher is None:
        return
    match = matcher.search(text)
    if match is not None:
        ctx.report("/instructions", f"the server's instructions say \"{shown(text[match.start():match.end()])}\"",
                   help="remove it", note="clients put the instructions into the system prompt; " + _POISONING)


_TEXT_KEYS = ("description", "title")


def _instruction_texts(tool: Tool) -> list[tuple[str | None, str, str]]:
    """(property name or None for the tool itself, key, text) of the texts model-instructions reads."""
    schema = tool.schema
    properties = schema.get("properties") if isinstance(schema, dict) else None
    owners: list[tuple[str | None, Any]] = [(None, tool.definition)]
    if isinstance(properties, dict):
        owners += [(name, prop) for name, prop in properties.items() if isinstance(prop, dict)]
    return [(name, key, text) for name, owner in owners for key in _TEXT_KEYS for text in (owner.get(key),)
            if isinstance(text, str) and len(text) >= 4]


@check("model-instructions", "tool")
def model_instructions(tool: Tool, ctx: Context) -> None:
    """The tool's description and title, and the descriptions of its parameters (top level)."""
    matcher = _INSTRUCTIONS.get(ctx.options)
    if matcher is None:
        return
    texts = _instruction_texts(tool)
    if not texts:
        return
    # One look at all of them together (lower-cased once) clears most tools; "\n" joins without adding a literal.
    candidates = matcher.candidates("\n".join([text for _, _, text in texts]).lower())
    if not candidates:
        return
    for name, key, text in texts:
        match = matcher.search(text, candidates)
        if match is not None:
            where = jp.join(tool.definition_pointer, key) if name is None else \
                jp.join(tool.schema_pointer, "properties", name, key)
            _report_instruction(ctx, where, text, match)


# ---------------------------------------------------------------------------------------------
# undeclared-destructive-tool


@dataclass(frozen=True)
class _DestructiveLexicon:
    verbs: frozenset[str]
    said: WordMatcher | None


_DESTRUCTIVE = OptionCache(lambda options: _DestructiveLexicon(
    frozenset(w.lower() for w in as_list(options.get("verbs"))),
    words_regex(as_list(options.get("warning-words"))),
))


@check("undeclared-destructive-tool", "tool")
def undeclared_destructive_tool(tool: Tool, ctx: Context) -> None:
    lex: _DestructiveLexicon = _DESTRUCTIVE.get(ctx.options)
    tokens = name_tokens(tool.name or "")
    if lex.verbs.isdisjoint(tokens[:2]):
        return
    annotations = tool.definition.get("annotations")
    if isinstance(annotations, dict) and ("destructiveHint" in annotations or annotations.get("readOnlyHint") is True):
        return  # the client was told, one way or the other
    if jp.join(tool.definition_pointer, "annotations") in ctx.source.unknown:
        return  # Python source computes them (`annotations=read_only(...)`): what they say is not known here
    text = tool.description if isinstance(tool.description, str) else ""
    if not has_text(text) or (lex.said is not None and lex.said.search(text)):
        return  # no description is vague-description's business
    ctx.report(tool.description_pointer, f"`{shown(tool.label)}` destroys data but does not say whether it can be undone",
               help="add \"This cannot be undone; confirm with the user first.\" (or how to restore) to the "
                    "description, and for MCP set `annotations.destructiveHint`",
               note="a model that is not told asks no confirmation before an irreversible call")
