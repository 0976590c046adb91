"""The round-trip YAML tree strictify edits: loaded once, with shared nodes split before any edit.

ruamel.yaml gives one object for an anchor and all its aliases, and keeps `<<` merges as links. Editing
such a node in place rewrites every use (an optional field made required elsewhere, a `defs:` section
that is no tool changed) and re-emits merged keys strictify removed. So every node under a tool that is
reached more than once, or merges another, is replaced by its own plain copy first. The layout (indent)
is chosen by dumping the loaded tree, never by loading again, and only for files small enough.
"""

from __future__ import annotations

import io
from collections import Counter
from typing import Any

from toollint import pointer as jp

MAX_LAYOUT_TRIALS_BYTES = 256 * 1024  # above this, the guessed indentation is used without trial dumps
_CANDIDATES = [(2, 2, 0), (2, 4, 2), (4, 4, 2), (4, 4, 0), (2, 3, 1), (3, 3, 1), (4, 6, 4)]


def _writer(mapping: int, sequence: int, offset: int) -> Any:
    from ruamel.yaml import YAML

    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096
    yaml.allow_unicode = True
    yaml.indent(mapping=mapping, sequence=sequence, offset=offset)
    return yaml


def load(text: str) -> tuple[Any, Any]:
    """(writer, tree): the document loaded once, and a writer whose indentation reproduces `text`. The layout is
    worked out once per text: a SARIF report applies each finding's fix to the same file, and the trial dumps cost
    several times the load."""
    tree = _writer(2, 2, 0).load(text)
    layout = _LAYOUTS.get(text)
    if layout is None:
        layout = _layout(text, tree)
        if len(_LAYOUTS) >= _LAYOUTS_KEPT:
            _LAYOUTS.clear()
        _LAYOUTS[text] = layout
    return _writer(*layout), tree


_LAYOUTS: dict[str, tuple[int, int, int]] = {}  # text -> (mapping, sequence, offset), for the last few texts
_LAYOUTS_KEPT = 8


def _layout(text: str, tree: Any) -> tuple[int, int, int]:
    """The indentation whose dump of `tree` reproduces `text`, or matches most of its lines (the guess alone for a
    file over `MAX_LAYOUT_TRIALS_BYTES`)."""
    guessed = guess_indent(text)
    candidates = [guessed, *(c for c in _CANDIDATES if c != guessed)]
    if len(text) > MAX_LAYOUT_TRIALS_BYTES:
        candidates = candidates[:1]
    best, best_score = None, -1
    for mapping, sequence, offset in candidates:
        if offset > sequence - 2 and offset != 0:
            continue
        if len(candidates) == 1:
            return mapping, sequence, offset
        try:
            stream = io.StringIO()
            _writer(mapping, sequence, offset).dump(tree, stream)
        except Exception:  # noqa: BLE001 - a layout ruamel cannot write: try the next
            continue
        dumped = stream.getvalue()
        if dumped == text:
            return mapping, sequence, offset
        score = sum(1 for a, b in zip(dumped.splitlines(), text.splitlines(), strict=False) if a == b)
        if score > best_score:
            best, best_score = (mapping, sequence, offset), score
    return best or (2, 2, 0)


def guess_indent(text: str) -> tuple[int, int, int]:
    """(mapping, sequence, offset) indentation from the text: the first nested key and the first block
    sequence under a key, as ruamel's own guess reads them, without parsing."""
    mapping = sequence = offset = None
    previous_indent, previous_is_key = -1, False
    for line in text.splitlines():
        stripped = line.lstrip(" ")
        if not stripped or stripped.startswith("#") or stripped.startswith(("---", "%")):
            continue
        indent = len(line) - len(stripped)
        if previous_is_key and indent > previous_indent:
            if stripped.startswith("- "):
                if sequence is None:
                    dash = indent - previous_indent
                    content = len(stripped) - len(stripped[1:].lstrip(" ")) + dash
                    offset, sequence = dash, content
            elif mapping is None:
                mapping = indent - previous_indent
        if mapping is not None and sequence is not None:
            break
        body = stripped[2:].lstrip(" ") if stripped.startswith("- ") else stripped
        previous_indent = indent + (len(stripped) - len(body))
        previous_is_key = body.rstrip().endswith(":") and not body.startswith(("'", '"', "{", "["))
    mapping = mapping or 2
    return mapping, sequence or mapping, offset or 0


def unshare(tree: Any, pointers: list[str]) -> Any:
    """Give every tool at `pointers` its own nodes: aliased (shared) nodes and `<<` merges under it become
    plain copies, so editing one tool never edits another use of the same anchor. Returns the tree."""
    uses = _uses(tree)
    seen: set[int] = set()
    for pointer in sorted(pointers, key=len):
        if pointer == "":
            tree = _own(tree, uses, seen)
            continue
        tokens = jp.split(pointer)
        parent = tree
        for token in tokens[:-1]:
            parent = parent[int(token)] if isinstance(parent, list) else parent[token]
        last = int(tokens[-1]) if isinstance(parent, list) else tokens[-1]
        parent[last] = _own(parent[last], uses, seen)
    return tree


def _uses(tree: Any) -> Counter[int]:
    """How many times each container is reached from the root (an anchor with two aliases: 3)."""
    uses: Counter[int] = Counter()
    stack = [tree]
    while stack:
        node = stack.pop()
        if not isinstance(node, (dict, list)):
            continue
        uses[id(node)] += 1
        if uses[id(node)] == 1:
            stack.extend(node.values() if isinstance(node, dict) else node)
    return uses


def _own(node: Any, uses: Counter[int], seen: set[int]) -> Any:
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    if not isinstance(node, (dict, list)):
        return node
    shared = uses[id(node)] > 1 or bool(getattr(node, "merge", None))
    first = id(node) not in seen
    seen.add(id(node))
    if shared:
        copy: Any = CommentedMap() if isinstance(node, dict) else CommentedSeq()
        if first and hasattr(node, "ca"):  # comments stay with the place the node was written out
            copy._yaml_comment = node.ca
        style = getattr(node, "fa", None)
        if style is not None and style.flow_style():
            copy.fa.set_flow_style()
        if isinstance(node, dict):
            for key, value in node.items():  # merged keys included: the merge is expanded
                copy[key] = value
        else:
            copy.extend(node)
        node = copy
    if isinstance(node, dict):
        for key in list(node.keys()):
            node[key] = _own(node[key], uses, seen)
    else:
        for index, value in enumerate(node):
            node[index] = _own(value, uses, seen)
    return node
