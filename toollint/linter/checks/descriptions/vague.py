"""vague-description: a tool description too short, too generic or only restating the tool's name to choose the
tool by.

Length is measured by script: a CJK character counts as half a word (option `cjk-chars-per-word`), so a
40-character Chinese description weighs like a 20-word English one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from toollint.document.dialects import Tool
from toollint.linter.checks import check
from toollint.linter.checks.shared import content_words, own_words
from toollint.linter.context import Context
from toollint.linter.options import RuleOptions
from toollint.linter.textstats import (
    CJK_RUN,
    has_text,
    length_in_words,
    name_tokens,
    other_script_words,
    stem,
)
from toollint.terminal import shown

# ---------------------------------------------------------------------------------------------
# vague-description


@dataclass(frozen=True)
class VagueDescriptionOptions(RuleOptions, rule="vague-description"):
    min_words: float
    cjk_chars_per_word: float
    generic_words: tuple[str, ...]
    extra_generic_words: tuple[str, ...]
    stopwords: tuple[str, ...]

    @cached_property
    def stop_stems(self) -> frozenset[str]:
        """The stems of the Latin stopwords (content words are counted without them)."""
        return frozenset(stem(w.lower()) for w in self.stopwords if not CJK_RUN.search(w))

    @cached_property
    def generic(self) -> frozenset[str]:
        """The stems of the Latin generic words."""
        return frozenset(stem(w.lower()) for w in self.generic_words + self.extra_generic_words
                         if not CJK_RUN.search(w))

    @cached_property
    def cjk_generic(self) -> re.Pattern[str] | None:
        """The CJK generic words and stopwords, longest first: what a CJK text says besides them is its content."""
        cjk_words = [w for w in self.generic_words + self.extra_generic_words if CJK_RUN.search(w)]
        cjk_stop = [w for w in self.stopwords if CJK_RUN.search(w)]
        if not cjk_words and not cjk_stop:
            return None
        return re.compile("|".join(re.escape(w) for w in sorted(cjk_words + cjk_stop, key=len, reverse=True)))


def _vagueness(tool: Tool, text: str, lex: VagueDescriptionOptions) -> str | None:
    if not has_text(text):
        return "is empty"
    if len(text) >= 120:
        return None  # long enough to say something; restating and generic texts are short
    size = length_in_words(text, lex.cjk_chars_per_word)
    if size >= 12:
        return None
    name = tool.name or ""
    name_words = {stem(t) for t in name_tokens(name)}
    joined = "".join(name_tokens(name))
    if text.isascii():  # no CJK to set aside or to find
        latin, only_latin = content_words(text, lex.stop_stems), True
    else:
        latin = content_words(CJK_RUN.sub(" ", text), lex.stop_stems)
        cjk_text = lex.cjk_generic.sub("", text) if lex.cjk_generic is not None else text
        only_latin = CJK_RUN.search(cjk_text) is None and not other_script_words(text)
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


@check("vague-description", "tool")
def vague_description(tool: Tool, ctx: Context) -> None:
    description = tool.description
    lex: VagueDescriptionOptions = ctx.options
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
