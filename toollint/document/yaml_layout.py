"""YAML edits through the ruamel.yaml round trip (comments, quoting, flow style and indentation survive).

The tree is loaded once (`yaml_tree`: shared nodes under an edited place split first), edited and dumped, and only the lines that differ between that dump and a dump of the unedited
tree are carried into the original text, so ruamel's normalisation of untouched lines never leaks in.
"""

from __future__ import annotations

import difflib
import io
import json
from typing import Any

from toollint import pointer as jp
from toollint.document import yaml_tree
from toollint.document.edits import Edit, EditError
from toollint.lazy_regex import lazy_compile


def apply_yaml(text: str, edits: list[Edit]) -> str:
    """The text with the edits made on its ruamel.yaml round-trip tree, changed lines only."""
    if "\r\n" in text:  # ruamel writes "\n": edit the text with "\n" and put the file's line ends back
        return apply_yaml(text.replace("\r\n", "\n"), edits).replace("\n", "\r\n")
    yaml, tree = yaml_tree.load(text)
    shared = _ALIASES.search(text) is not None
    if shared:  # an edit under an alias changes that use only: shared nodes are split, so lines move anyway
        tree = yaml_tree.unshare(tree, [jp.from_tokens(jp.split(e.pointer)[:-1]) for e in edits])
    carry = not shared and len(text) <= yaml_tree.MAX_LAYOUT_TRIALS_BYTES  # one dump only for a huge file
    baseline = _dump(yaml, tree) if carry else ""
    for edit in edits:
        tree = _yaml_edit(tree, edit)
    edited = _dump(yaml, tree)
    if not carry:
        return edited
    merged, exact = _carry_over(text, baseline, edited)
    if not exact and _yaml_data(merged) != _yaml_data(edited):
        return edited  # the line-level merge went wrong somewhere: the plain round trip is still right
    return merged


_ALIASES = lazy_compile(r"(?:^|[\s\[{,])[&*][^\s\]},]|<<\s*:")


def _dump(yaml: Any, tree: Any) -> str:
    stream = io.StringIO()
    yaml.dump(tree, stream)
    return stream.getvalue()


def _yaml_data(text: str) -> Any:
    from ruamel.yaml import YAML

    try:
        return json.dumps(YAML(typ="safe", pure=True).load(text), sort_keys=False, default=str)
    except Exception:  # noqa: BLE001 - unreadable: never equal to a readable text
        return None


def _carry_over(original: str, baseline: str, edited: str) -> tuple[str, bool]:
    """Apply the line changes that turn `baseline` into `edited` to `original` (which dumps as `baseline`).

    A change next to lines that ruamel rewrote (so they match nothing in `original`) takes those lines
    along, so the result is always `original` outside the changed neighbourhoods.
    """
    orig, base, new = (t.splitlines(keepends=True) for t in (original, baseline, edited))
    to_orig: dict[int, int] = {}
    if baseline == original:
        to_orig = {k: k for k in range(len(base))}
    else:
        for block in difflib.SequenceMatcher(None, orig, base, autojunk=False).get_matching_blocks():
            for k in range(block.size):
                to_orig[block.b + k] = block.a + k
    opcodes = difflib.SequenceMatcher(None, base, new, autojunk=False).get_opcodes()

    def anchored(i1: int, i2: int) -> tuple[int, int] | None:
        """Where base lines [i1, i2) stand in the original, when they (or, for an insertion, a neighbour) map."""
        if i2 > i1:
            if all(k in to_orig for k in range(i1, i2)) and to_orig[i2 - 1] - to_orig[i1] == i2 - 1 - i1:
                return to_orig[i1], to_orig[i2 - 1] + 1
            return None
        if i1 > 0 and i1 - 1 in to_orig:
            return to_orig[i1 - 1] + 1, to_orig[i1 - 1] + 1
        if i1 in to_orig:
            return to_orig[i1], to_orig[i1]
        return (len(orig), len(orig)) if i1 == len(base) else None

    ranges: list[list[int]] = []  # [base lo, base hi, original lo, original hi, edited lo, edited hi]
    exact = True
    for tag, i1, i2, j1, j2 in opcodes:
        if tag == "equal":
            continue
        lo, hi = i1, i2
        place = anchored(lo, hi)
        if place is None:  # the change touches lines ruamel rewrote: take the unmatched neighbours along
            exact = False
            while lo > 0 and lo - 1 not in to_orig:
                lo -= 1
            while hi < len(base) and hi not in to_orig:
                hi += 1
            place = (to_orig[lo - 1] + 1 if lo > 0 else 0, to_orig[hi] if hi < len(base) else len(orig))
        new_lo, new_hi = j1 - (i1 - lo), j2 + (hi - i2)  # the lines taken along are equal in both dumps
        if ranges and (lo < ranges[-1][1] or place[0] < ranges[-1][3]):
            ranges[-1][1] = max(ranges[-1][1], hi)
            ranges[-1][3] = max(ranges[-1][3], place[1])
            ranges[-1][5] = max(ranges[-1][5], new_hi)
        else:
            ranges.append([lo, hi, *place, new_lo, new_hi])

    out, cursor = [], 0
    for _, _, orig_lo, orig_hi, new_lo, new_hi in ranges:
        out.extend(orig[cursor:orig_lo])
        replaced, replacement = orig[orig_lo:orig_hi], new[new_lo:new_hi]
        if len(replaced) == len(replacement):
            replacement = [_comment_in_place(a, b) for a, b in zip(replaced, replacement, strict=True)]
        out.extend(replacement)
        cursor = orig_hi
    out.extend(orig[cursor:])
    return "".join(out), exact


_TRAILING_COMMENT = lazy_compile(r"([ \t]+)(#[^\n]*)(\r?\n?)$")


def _comment_in_place(old: str, new: str) -> str:
    """An edited line keeps the space its end-of-line comment had (ruamel re-spaces it to a column)."""
    before, after = _TRAILING_COMMENT.search(old), _TRAILING_COMMENT.search(new)
    if before is None or after is None or before.group(2) != after.group(2):
        return new
    return new[:after.start()] + before.group(1) + after.group(2) + after.group(3)


def _container_and_key(tree: Any, pointer: str) -> tuple[Any, Any]:
    tokens = jp.split(pointer)
    parent = tree
    for token in tokens[:-1]:
        parent = _child(parent, token)
    last = tokens[-1]
    if isinstance(parent, list):
        return parent, len(parent) if last == "-" else int(last) if last.isdigit() else -1
    if isinstance(parent, dict):
        return parent, _yaml_key(parent, last)
    raise EditError(f"nothing at {pointer}")


def _child(node: Any, token: str) -> Any:
    if isinstance(node, list) and token.isdigit() and int(token) < len(node):
        return node[int(token)]
    if isinstance(node, dict):
        key = _yaml_key(node, token)
        if key in node:
            return node[key]
    raise EditError(f"no {token!r} in the document")


def _yaml_key(mapping: Any, token: str) -> Any:
    """The mapping's own key object for a pointer token (keys that are not strings appear as JSON text)."""
    if token in mapping:
        return token
    return next((k for k in mapping if not isinstance(k, str) and json.dumps(k, ensure_ascii=False) == token), token)


def _yaml_edit(tree: Any, edit: Edit) -> Any:
    from ruamel.yaml.scalarstring import ScalarString

    if edit.op == "set" and edit.pointer == "":
        return _sync(tree, edit.value)
    if not edit.pointer:
        raise EditError(f"cannot {edit.op} the document root")
    parent, key = _container_and_key(tree, edit.pointer)
    if edit.op == "set":
        if isinstance(parent, list):
            if not 0 <= key < len(parent):
                raise EditError(f"nothing at {edit.pointer}")
            parent[key] = _sync(parent[key], edit.value)
        elif key in parent:
            parent[key] = _sync(parent[key], edit.value)
        else:
            _insert_key(parent, key, _sync(None, edit.value), edit.before)
    elif edit.op == "rename":
        if isinstance(parent, list) or key not in parent:
            raise EditError(f"no key at {edit.pointer}")
        if edit.name is None or edit.name in parent:
            raise EditError(f"cannot rename {edit.pointer} to {edit.name!r}: the key exists")
        keys = list(parent)
        position = keys.index(key)
        value = parent[key]
        comment = parent.ca.items.pop(key, None)
        del parent[key]
        new_key = type(key)(edit.name) if isinstance(key, ScalarString) else edit.name
        parent.insert(position, new_key, value)
        if comment is not None:
            parent.ca.items[new_key] = comment
    elif edit.op == "remove":
        if isinstance(parent, list):
            if not 0 <= key < len(parent):
                raise EditError(f"nothing at {edit.pointer}")
            del parent[key]
        else:
            if key not in parent:
                raise EditError(f"nothing at {edit.pointer}")
            _keep_comments(parent, [key], {k: None for k in parent if k != key})
            del parent[key]
    elif edit.op == "insert":
        if not isinstance(parent, list) or not 0 <= key <= len(parent):
            raise EditError(f"no array position {edit.pointer}")
        parent.insert(key, _sync(None, edit.value))
    else:
        raise EditError(f"unknown edit {edit.op!r}")
    return tree


def _insert_key(mapping: Any, key: Any, value: Any, before: Any) -> None:
    keys = list(mapping)
    if before is not None and before in mapping:
        mapping.insert(keys.index(before), key, value)
    else:
        mapping[key] = value


def _sync(node: Any, new: Any) -> Any:
    """Make the round-trip YAML node equal to `new`, editing it in place so comments and order survive."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq
    from ruamel.yaml.scalarstring import ScalarString

    if isinstance(node, CommentedMap) and isinstance(new, dict):
        deleted = [k for k in node if k not in new]
        if deleted:
            _keep_comments(node, deleted, new)
        for key in deleted:
            del node[key]
        names = list(new)
        for index, (key, value) in enumerate(new.items()):
            if key in node:
                node[key] = _sync(node[key], value)
            else:
                before = next((k for k in names[index + 1:] if k in node), None)
                _insert_key(node, key, _sync(None, value), before)
        return node
    if isinstance(node, CommentedSeq) and isinstance(new, list):
        while len(node) > len(new):
            node.pop()
        for index, value in enumerate(new):
            if index < len(node):
                node[index] = _sync(node[index], value)
            else:
                node.append(_sync(None, value))
        return node
    if isinstance(new, dict):
        out = CommentedMap()
        for key, value in new.items():
            out[key] = _sync(None, value)
        return out
    if isinstance(new, list):
        seq = CommentedSeq()
        for value in new:
            seq.append(_sync(None, value))
        if all(not isinstance(v, (dict, list)) for v in new) and len(new) <= 12:
            seq.fa.set_flow_style()
        return seq
    if isinstance(node, ScalarString) and isinstance(new, str):
        if str(node) == new:
            return node
        return type(node)(new)
    if type(node) is type(new) and node == new:
        return node
    return new


def _keep_comments(node: Any, deleted: list[Any], new: dict[str, Any]) -> None:
    """Comments on keys that are removed (a moved `minLength: 5  # why`) move to the line after the previous
    surviving key, or before the next one, instead of disappearing with the key."""
    from ruamel.yaml.error import CommentMark
    from ruamel.yaml.tokens import CommentToken

    keys = list(node.keys())
    gone = set(deleted)
    column = getattr(getattr(node, "lc", None), "col", 0) or 0
    for key in deleted:
        token = node.ca.items.get(key)
        if not token or len(token) < 3 or token[2] is None or not token[2].value.strip():
            continue
        text = token[2].value.strip("\n").lstrip()
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        index = keys.index(key)
        before = next((k for k in reversed(keys[:index]) if k not in gone), None)
        if before is not None:
            slot = node.ca.items.setdefault(before, [None, None, None, None])
            block = "".join(" " * column + line + "\n" for line in lines)
            if slot[2] is None:
                slot[2] = CommentToken("\n" + block, CommentMark(0), None)
            else:
                value = slot[2].value
                slot[2].value = (value if value.endswith("\n") else value + "\n") + block
            continue
        after = next((k for k in keys[index + 1:] if k not in gone and k in new), None)
        if after is not None:
            node.yaml_set_comment_before_after_key(after, before="\n".join(line.lstrip("# ") for line in lines),
                                                   indent=column)
