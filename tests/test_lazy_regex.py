"""A lazy pattern answers every call as the compiled pattern does, and compiles only when first used."""

from __future__ import annotations

import re

import pytest

from toollint.lazy_regex import LazyPattern, lazy_compile

TEXT = "Order ORD-123 and ord-456; 订单 ORD-789."
PATTERN, FLAGS = r"(?P<prefix>ord)-(\d+)", re.IGNORECASE


@pytest.mark.parametrize("call", [
    lambda p: p.search(TEXT).group(0), lambda p: p.search(TEXT, 10).span(), lambda p: p.match(TEXT),
    lambda p: p.match(TEXT, 6).groups(), lambda p: p.fullmatch("ORD-1").group("prefix"),
    lambda p: [m.span() for m in p.finditer(TEXT)], lambda p: p.findall(TEXT), lambda p: p.sub("<\\2>", TEXT),
    lambda p: p.subn(lambda m: m[2], TEXT, count=1), lambda p: p.split(TEXT, maxsplit=2),
    lambda p: (p.groups, p.groupindex), lambda p: (p.pattern, p.flags & ~re.UNICODE),
])
def test_every_call_answers_as_the_compiled_pattern(call) -> None:
    assert call(lazy_compile(PATTERN, FLAGS)) == call(re.compile(PATTERN, FLAGS))


def test_compiles_once_on_first_use_then_calls_the_compiled_methods(monkeypatch) -> None:
    compiled: list[str] = []
    real = re.compile
    monkeypatch.setattr(re, "compile", lambda p, f=0: compiled.append(p) or real(p, f))
    pattern = lazy_compile(r"\d+")
    assert compiled == [] and pattern.pattern == r"\d+"
    assert pattern.findall("a1b22") == ["1", "22"] and pattern.search("x9").group() == "9"
    assert compiled == [r"\d+"]  # once, for both calls
    early = lazy_compile(r"[a-z]+").search  # taken off before the first call: stays deferred, compiles once
    assert early("12ab").group() == "ab" and early("cd").group() == "cd"
    assert compiled == [r"\d+", r"[a-z]+"]
    assert isinstance(pattern, LazyPattern) and "search" in vars(pattern)  # the compiled method, on the instance


def test_a_bad_pattern_fails_when_used() -> None:
    pattern = lazy_compile("(unclosed")
    with pytest.raises(re.error):
        pattern.search("x")
