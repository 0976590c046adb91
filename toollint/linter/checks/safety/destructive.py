"""undeclared-destructive-tool: a tool that destroys data and does not say whether it can be undone."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from toollint import pointer as jp
from toollint.document.dialects import Tool
from toollint.lazy_regex import lazy_compile
from toollint.linter.checks import check
from toollint.linter.context import Context
from toollint.linter.options import RuleOptions
from toollint.linter.textstats import WordMatcher, contains_any, has_text, name_tokens, words_regex
from toollint.terminal import shown

# ---------------------------------------------------------------------------------------------
# undeclared-destructive-tool


@dataclass(frozen=True)
class UndeclaredDestructiveToolOptions(RuleOptions, rule="undeclared-destructive-tool"):
    verbs: tuple[str, ...]
    warning_words: tuple[str, ...]

    @cached_property
    def verb_set(self) -> frozenset[str]:
        return frozenset(w.lower() for w in self.verbs)

    @cached_property
    def said(self) -> WordMatcher | None:
        return words_regex(self.warning_words)


@check("undeclared-destructive-tool", "tool")
def undeclared_destructive_tool(tool: Tool, ctx: Context) -> None:
    lex: UndeclaredDestructiveToolOptions = ctx.options
    tokens = _action_tokens(name_tokens(tool.name or ""))
    if lex.verb_set.isdisjoint(tokens[:2]):
        if lex.verb_set.isdisjoint(tokens[2:]):
            return  # most tools: no such verb anywhere in the name
        tokens = tokens[ctx.cached("destructive-name-prefix", lambda: _name_prefix(ctx.tools)):]
        if lex.verb_set.isdisjoint(tokens[:2]) and tokens[-1] not in lex.verb_set:
            return  # the verb last is the resource-first naming: `sarvam_tools_pronunciation_delete`
    if _takes_out_of(tokens):
        return  # `remove_agent_from_group`: the agent stays, only its membership goes, and adding it back restores it
    if _stops_a_run(tokens, lex.verb_set):
        return  # `terminate_app`, `terminate_process`: a run ends, and starting it again loses nothing stored
    if _edits_out_a_part(tokens, lex.verb_set):
        return  # `remove_background`, `remove_image_watermark`, `uv_remove_dependency`: an edit of a file
    annotations = tool.definition.get("annotations")
    if isinstance(annotations, dict) and ("destructiveHint" in annotations or annotations.get("readOnlyHint") is True):
        return  # the client was told, one way or the other
    if jp.join(tool.definition_pointer, "annotations") in ctx.source.unknown:
        return  # Python source computes them (`annotations=read_only(...)`): what they say is not known here
    text = tool.description if isinstance(tool.description, str) else ""
    if not has_text(text) or (lex.said is not None and lex.said.search(text)):
        return  # no description is vague-description's business
    if _DETACHES.match(text) is not None or _KEEPS_DATA.search(text) is not None or _ONLY_EXPIRED.search(text) or \
            (_TAKES_OUT.match(text) is not None and
             _added_back_by_a_sibling(name_tokens(tool.name or ""), lex.verb_set, ctx)):
        return  # "Detach a label from the domain", "No tap, pipeline or data is deleted", "Sweep expired entries
        # from the on-disk cache": nothing stored that is still wanted goes
    if _has_undo(ctx):
        return  # the set has an `undo` tool: the model can take the deletion back, and sees that it can
    ctx.report(tool.description_pointer, f"`{shown(tool.label)}` destroys data but does not say whether it can be undone",
               help="add \"This cannot be undone; confirm with the user first.\" (or how to restore) to the "
                    "description, and for MCP set `annotations.destructiveHint`",
               note="a model that is not told asks no confirmation before an irreversible call")


# A description that opens by taking a link out, whatever the name's verb (`remove_label`: "Detach a label from the
# domain"): the label and the domain both stay.
_DETACHES = lazy_compile(r"\s*(?:detach|detaches|unlink|unlinks|unassign|unassigns|disassociate|disassociates|untag|"
                         r"untags|解绑|解除关联|取消关联)", re.IGNORECASE)
# A description that opens by taking things out of a container ("Remove goods from a campaign", 从分组中移除成员):
# with a sibling that adds them back (`_added_back_by_a_sibling`), only a membership goes. ("Removes a feature flag
# from the project" with no `add_feature_flag` deletes the flag.)
_TAKES_OUT = lazy_compile(r"\s*(?:remove|removes|take|takes)\s+(?:[\w'’-]+\s+){1,5}?(?:out\s+of|from)\s|"
                          r"\s*(?:将|把)?[^。；\n]{0,20}?从[^。；\n]{1,20}?(?:中|里)?(?:移除|移出|删去)", re.IGNORECASE)
# A sentence of the description that says nothing stored is deleted ("No tap, pipeline or data is deleted.",
# "Nothing is deleted.", 不会删除任何数据): what goes is an empty container or a grouping. A sentence, not a clause:
# "When true, ... so nothing is removed" speaks of a dry run.
_KEEPS_DATA = lazy_compile(r"(?:^|[.!?]\s+)(?:no|none\s+of|nothing)\b[^.;:\n]{0,60}?\b(?:is|are|gets?|will\s+be)\s+"
                           r"(?:deleted|removed|destroyed|lost)\b|不会删除任何|不删除任何", re.IGNORECASE)


# What a tool that removes only what has lapsed says it removes: "Sweep expired entries", 清理过期缓存.
_ONLY_EXPIRED = lazy_compile(r"\b(?:expired|stale|outdated|orphaned|dangling)\s+(?:[\w-]+\s+)?(?:entries|items|records|"
                             r"files|keys|sessions|tokens|data|caches?|snapshots|artifacts)\b|过期的?(?:缓存|数据|文件|记录|会话)",
                             re.IGNORECASE)


def _added_back_by_a_sibling(tokens: tuple[str, ...], verbs: frozenset[str], ctx: Context) -> bool:
    """Whether the set has this tool's name with its destroying verb turned into `add` (`ozon_ad_products_add`
    beside `ozon_ad_products_delete`, `add_note_collaborator` beside `remove_note_collaborator`)."""
    names: frozenset[tuple[str, ...]] = ctx.cached("destructive-sibling-names", lambda: frozenset(
        name_tokens(t.name) for t in ctx.tools if isinstance(t.name, str)))
    return any(tuple("add" if number == place else token for number, token in enumerate(tokens)) in names
               for place, verb in enumerate(tokens) if verb in verbs)


def _name_prefix(tools: list[Tool]) -> int:
    """How many leading name tokens every tool of the file shares (`uofx_custom_` of `uofx_custom_delete_agent_time`
    and its 22 siblings): the server's prefix, after which the verb stands. 0 for a file of one tool."""
    names = [tokens for tokens in (name_tokens(t.name) for t in tools if isinstance(t.name, str)) if tokens]
    if len(names) < 2:
        return 0
    shared = 0
    for parts in zip(*names, strict=False):  # names of different lengths: the shortest bounds the prefix
        if len(set(parts)) != 1:
            break
        shared += 1
    return min(shared, min(len(n) for n in names) - 1)


# Words before the verb that say how many it acts on: `bulk_delete_messages`.
_BATCH_WORDS = frozenset({"bulk", "batch", "mass", "multi"})


def _action_tokens(tokens: tuple[str, ...]) -> tuple[str, ...]:
    """The name's tokens without a batch word in its first two (`bulk_` of `gmail_bulk_delete_messages`), so
    the verb is first or second as in `delete_messages` and `gmail_delete_message`."""
    if len(tokens) > 2 and not _BATCH_WORDS.isdisjoint(tokens[:2]):
        return tuple(token for number, token in enumerate(tokens) if number > 1 or token not in _BATCH_WORDS)
    return tokens


def _takes_out_of(tokens: tuple[str, ...]) -> bool:
    """`remove_agent_from_group`, `remove_tag_from_issue`: the verb takes a thing out of a container, which keeps
    both (a membership or a link goes, no data)."""
    return any(token in ("remove", "detach", "unlink") and "from" in tokens[place + 2:]
               for place, token in enumerate(tokens[:2]))


# What a `terminate` ends without destroying anything stored: a running program, task or connection (an instance,
# a cluster or a stack that is terminated is gone, with its disks).
_RUNS = frozenset({"app", "apps", "application", "applications", "process", "processes", "task", "tasks", "job", "jobs",
                   "session", "sessions", "run", "runs", "execution", "executions", "worker", "workers", "thread",
                   "threads", "connection", "connections", "query", "queries", "program", "programs", "command",
                   "commands", "debug", "debugger", "terminal", "terminals", "shell", "shells", "kernel", "kernels"})


def _stops_a_run(tokens: tuple[str, ...], verbs: frozenset[str]) -> bool:
    """`terminate_app`, `mobile_terminate_process`: the only destroying verb ends something running."""
    head = tokens[:2]
    if "terminate" not in head or any(token in verbs for token in tokens if token != "terminate"):
        return False
    return not _RUNS.isdisjoint(tokens[head.index("terminate") + 1:])


# What a `remove` takes out of a picture, a page or a project file, which stays (edited, or written anew beside it):
# `remove_background`, `remove_margin`, `remove_dependency`; and the media whose parts a `remove_image_*` edits.
_PARTS = frozenset({"background", "backgrounds", "bg", "watermark", "watermarks", "logo", "logos", "sticker",
                    "stickers", "margin", "margins", "noise", "blur", "shadow", "shadows", "dependency",
                    "dependencies", "dep", "deps"})
_MEDIA = frozenset({"image", "images", "photo", "photos", "picture", "pdf", "video", "audio"})
_MEDIA_PARTS = _PARTS | {"text", "object", "objects", "face", "faces", "person", "people"}


def _edits_out_a_part(tokens: tuple[str, ...], verbs: frozenset[str]) -> bool:
    """`remove_background`, `remove_image_logo`, `uv_remove_dependency`: the only destroying verb is `remove`, and
    what it removes is a part of a picture, a page or a project's file (an image's text, a PDF's margin), not a
    stored record (`remove_image` deletes one)."""
    head = tokens[:2]
    if "remove" not in head or any(token in verbs for token in tokens if token != "remove"):
        return False
    rest = tokens[head.index("remove") + 1:]
    if rest and rest[0] in _MEDIA:
        return len(rest) > 1 and rest[1] in _MEDIA_PARTS
    return not _PARTS.isdisjoint(rest)


_UNDO_TOKENS = frozenset({"undo", "undelete"})
_UNDO_CJK = ("撤销", "撤消", "元に戻す")


def _undoes(name: str) -> bool:
    return not _UNDO_TOKENS.isdisjoint(name_tokens(name)) or contains_any(name, _UNDO_CJK)


def _has_undo(ctx: Context) -> bool:
    """Whether the tool set has a tool that undoes (`undo`, `editor_undo`, `undelete_file`, `撤销操作`)."""
    return bool(ctx.cached("has-undo", lambda: any(_undoes(t.name or "") for t in ctx.tools)))

