"""enum-case-collision: enum values that differ only in case or separators."""

from __future__ import annotations

import re
from typing import Any

from toollint import pointer as jp
from toollint.lazy_regex import lazy_compile
from toollint.linter.checks import check
from toollint.linter.context import Context, node_label
from toollint.schema.walk import SchemaNode
from toollint.terminal import shown

# ---------------------------------------------------------------------------------------------
# enum-case-collision

_SEPARATORS = lazy_compile(r"[\s_\-]+")


def _collisions(values: list[tuple[Any, str]]) -> list[tuple[str, str, str, str]]:
    """(first value, second value, how they collide, pointer of the second) for each colliding pair."""
    found = []
    by_fold: dict[str, str] = {}
    by_loose: dict[str, str] = {}
    for value, where in values:
        if not isinstance(value, str):
            continue
        folded = value.casefold()
        sign = folded[:1] if folded[:1] in "+-" else ""
        loose = sign + _SEPARATORS.sub("", folded[len(sign):])  # `x` and `-x` are opposite axes, not spellings
        if folded in by_fold:
            if by_fold[folded] != value:
                found.append((by_fold[folded], value, "differ only in letter case", where))
            continue
        by_fold[folded] = value
        if not any(char.isalnum() for char in folded):
            continue  # `+`, `-`, `+-`: symbols whose `-` is the value, not a separator
        if loose in by_loose and loose:
            found.append((by_loose[loose], value, "differ only in case, `_`, `-` or spaces", where))
            continue
        by_loose[loose] = value
    return found


@check("enum-case-collision", "schema", keys=("enum", "anyOf", "oneOf"))
def enum_case_collision(node: SchemaNode, ctx: Context) -> None:
    schema = node.schema
    groups: list[tuple[str, list[tuple[Any, str]]]] = []
    enum = schema.get("enum")
    if isinstance(enum, list) and len(enum) > 1:
        if _may_collide([v for v in enum if isinstance(v, str)]):
            where = jp.join(node.pointer, "enum")
            groups.append(("enum", [(v, jp.join(where, i)) for i, v in enumerate(enum)]))
    for key in ("anyOf", "oneOf"):
        branches = schema.get(key)
        if not isinstance(branches, list) or len(branches) < 2:
            continue
        consts: list[tuple[Any, int, bool]] = []  # (value, branch index, given as `const`)
        for i, branch in enumerate(branches):
            if isinstance(branch, dict) and "const" in branch:
                consts.append((branch["const"], i, True))
            elif isinstance(branch, dict) and isinstance(branch.get("enum"), list) and len(branch["enum"]) == 1:
                consts.append((branch["enum"][0], i, False))
        # Pointers only for a group that may collide at all (`_may_collide` holds whenever `_collisions` finds a pair).
        if len(consts) > 1 and _may_collide([v for v, _, _ in consts if isinstance(v, str)]):
            groups.append((f"the `const`s of `{key}`", [
                (v, jp.join(node.pointer, key, i, "const") if given else jp.join(node.pointer, key, i, "enum", 0))
                for v, i, given in consts]))
    for what, values in groups:
        pairs = _collisions(values)
        if not pairs or _case_is_meaningful(pairs, values) or _CASE_INSENSITIVE.search(_text_of(schema)):
            continue
        label = node_label(node)
        sample = ", ".join(f"{a!r}/{b!r}" for a, b, _, _ in pairs[:3]) + (" ..." if len(pairs) > 3 else "")
        how = "letter case" if all(h == "differ only in letter case" for _, _, h, _ in pairs) else \
            "letter case, `_`, `-` or spaces"
        ctx.report(pairs[0][3], f"{what} of `{shown(label, 30)}` has values that differ only in {how}",
                   help=f"keep one spelling of each: remove {pairs[0][1]!r} or rename it so it differs from "
                        f"{pairs[0][0]!r} in more than case",
                   note=f"{sample}: a model cannot tell them apart and constrained decoding does not guarantee case")


def _may_collide(strings: list[str]) -> bool:
    """Whether two distinct strings fold to the same one without case, `_`, `-` and spaces (as in `_collisions`).
    Values that fold to letters and digits only have nothing for `_SEPARATORS` to remove."""
    if len(strings) < 2:
        return False
    distinct = len(set(strings))
    folded = {v.casefold() for v in strings}
    if len(folded) < distinct:
        return True
    # `all(v.isalnum() for v in folded)` in one call: no empty value, and their concatenation is alphanumeric.
    if "" not in folded and "".join(folded).isalnum():
        return False
    return len({_SEPARATORS.sub("", v) for v in folded}) < distinct


_CASE_INSENSITIVE = lazy_compile(r"case[- ]insensitive|any case|ignores? case|不区分大小写|大小写不敏感", re.IGNORECASE)


def _text_of(schema: dict[str, Any]) -> str:
    description = schema.get("description")
    return description if isinstance(description, str) else ""


def _symbol(value: str) -> bool:
    """One letter (`m`/`M`, `K`/`k`) or a doubled one (`Bb`, `aa`): symbols whose case is the meaning."""
    return len(value) == 1 or (len(value) == 2 and value[0].lower() == value[1].lower())


def _case_is_meaningful(pairs: list[tuple[str, str, str, str]], values: list[tuple[Any, str]]) -> bool:
    """Symbols whose case is their meaning (`m`/`M`, `K`/`k`, alleles `Bb`/`bb`), or an alias list that spells
    every value in several cases on purpose (the server folds case itself)."""
    if all(_symbol(a) and _symbol(b) for a, b, _, _ in pairs):
        return True
    strings = [v for v, _ in values if isinstance(v, str)]
    groups: dict[str, set[str]] = {}
    for value in strings:
        groups.setdefault(_SEPARATORS.sub("", value.casefold()), set()).add(value)
    if len(groups) >= 2 and all(len(g) >= 2 for g in groups.values()):
        return True
    return _two_vocabularies(pairs, strings)


def _style(value: str) -> str | None:
    """"upper" (`SUM`, `AVG`) or "mixed" (`Sum`, `sampleCount`): the case style a vocabulary writes its words in."""
    letters = [c for c in value if c.isalpha()]
    if len(letters) < 2:
        return None
    return "upper" if all(c.isupper() for c in letters) else "mixed" if any(c.isupper() for c in letters) else None


def _two_vocabularies(pairs: list[tuple[str, str, str, str]], strings: list[str]) -> bool:
    """Two vocabularies merged in one enum, each in its own case style (CloudWatch's `AVG, COUNT, SUM` beside
    `Average, SampleCount, Sum`): a word both share is one value in each, and the server tells them apart by
    the style. Each style needs three values that collide with nothing."""
    colliding = {v for a, b, _, _ in pairs for v in (a, b)}
    if any({_style(a), _style(b)} != {"upper", "mixed"} for a, b, _, _ in pairs):
        return False
    own = [_style(v) for v in strings if v not in colliding]
    return own.count("upper") >= 3 and own.count("mixed") >= 3
