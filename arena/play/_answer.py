"""A stdio bot's answer line, read: a valid answer or the reason it is none, never an error.

`parse_answer` is total.  Whatever bytes a bot writes, it returns either the answer
(action index, comment, decision id or None) or a sentence saying what is wrong with
the line, which the stream charges to the bot as `malformed`.  Nothing a bot can write
makes it raise: the ways Python's own readers fail on hostile input are refused before
they are reached, cheaply, and anything that still escapes is caught and named.

- A bare index: ASCII digits, below 2**32, judged by their count before `int` (which
  refuses more than 4,300 digits with a ValueError).
- A JSON object: strict UTF-8 (no invalid bytes, no encoded surrogates; `json.loads`
  would also guess UTF-16 or UTF-32 from the bytes), nested at most `MAX_ANSWER_DEPTH`
  levels (a bracket scan outside strings before the parser, whose recursion a deep line
  exhausts), integers of at most 20 digits (enough for any uint64), no NaN or Infinity
  (not JSON), no key twice in an object (which one would count?), a comment that is
  valid Unicode (an escaped lone surrogate cannot be stored), a decision id that is a
  uint64.

The rules are stated for bot authors in protos/README.md ("Answers").
"""

from __future__ import annotations

import json
import re
from typing import NoReturn

from arena.protocol import MAX_ANSWER_DEPTH

__all__ = ["Answer", "parse_answer"]

#: An answer: (action_index, comment, decision_id or None).
Answer = tuple[int, str, int | None]

_INDEX_LIMIT = 2**32  # action_index is a uint32
_ID_LIMIT = 2**64  # decision_id is a uint64
_MAX_DIGITS = len(str(_ID_LIMIT - 1))  # 20: no integer of an answer needs more
_DIGITS = re.compile(rb"[0-9]+")
_ID_TEXT = re.compile(r"[0-9]+")  # a decision id as the request writes it: ASCII digits
#: A JSON string, escapes included (unrolled: linear, no backtracking).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_A_BRACKET = re.compile(r"[^\[\]{}]+")


class _Refused(Exception):
    """Raised by the parser's hooks: the line is no answer, for `reason`."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _preview(line: bytes, limit: int = 60) -> str:
    text = line.decode("utf-8", "replace")
    return repr(text if len(text) <= limit else text[:limit] + "…")


def parse_answer(line: bytes) -> Answer | str:
    """An answer line as (action_index, comment, decision_id or None), or why it is none.

    Never raises (but for BaseExceptions such as a cancellation, which are not the
    line's doing)."""
    try:
        return _parse(line)
    except Exception as error:  # unforeseen: still the bot's line, never the arena's crash
        return f"a line that cannot be read as an answer ({type(error).__name__}): {_preview(line)}"


def _parse(line: bytes) -> Answer | str:
    text = line.strip()
    if not text:
        return "an empty line"
    if _DIGITS.fullmatch(text):
        significant = text.lstrip(b"0") or b"0"  # int() counts leading zeros against its limit
        if len(significant) > len(str(_INDEX_LIMIT)):  # counted, not converted
            return f"the action index {_preview(text)} is too large"
        index = int(significant)
        if index >= _INDEX_LIMIT:
            return f"the action index {_preview(text)} is too large"
        return index, "", None
    if not text.startswith(b"{"):
        return f"not an action index nor a JSON object: {_preview(text)}"
    try:
        decoded = text.decode("utf-8")
    except UnicodeDecodeError as error:
        return f"not UTF-8 (byte {error.start} is {text[error.start : error.start + 1]!r}): {_preview(text)}"
    if _deeper_than(decoded, MAX_ANSWER_DEPTH):
        return f"nested deeper than {MAX_ANSWER_DEPTH} levels: {_preview(text)}"
    try:
        answer = json.loads(
            decoded,
            object_pairs_hook=_object,
            parse_int=_integer,
            parse_constant=_constant,
        )
    except _Refused as refused:
        return f"{refused.reason}: {_preview(text)}"
    except json.JSONDecodeError as error:
        return f"not valid JSON ({error.msg.removesuffix(' at')} at character {error.pos}): {_preview(text)}"
    except ValueError:
        return f"not valid JSON: {_preview(text)}"
    if not isinstance(answer, dict):
        return f"not a JSON object: {_preview(text)}"
    chosen = answer.get("action_index", answer.get("actionIndex"))
    if isinstance(chosen, bool) or not isinstance(chosen, int) or not 0 <= chosen < _INDEX_LIMIT:
        return f"no non-negative integer action_index below 2^32 in {_preview(text)}"
    comment = answer.get("comment", "")
    if not isinstance(comment, str):
        return f"the comment is not a string in {_preview(text)}"
    if not _is_unicode(comment):
        return f"the comment holds a lone surrogate (\\ud800-\\udfff), which is not Unicode, in {_preview(text)}"
    decision_id = answer.get("decision_id", answer.get("decisionId"))
    if decision_id is not None:
        # The request carries it as a string (the canonical JSON of a uint64).
        if isinstance(decision_id, str) and len(decision_id) <= _MAX_DIGITS and _ID_TEXT.fullmatch(decision_id):
            decision_id = int(decision_id)
        if isinstance(decision_id, bool) or not isinstance(decision_id, int) or not 0 <= decision_id < _ID_LIMIT:
            return f"the decision_id is not a decision id (digits, below 2^64) in {_preview(text)}"
    return chosen, comment, decision_id


def _deeper_than(text: str, limit: int) -> bool:
    """Whether the JSON `text` nests arrays and objects more than `limit` deep.  Brackets
    inside strings do not count; an unterminated string's do (the line is no JSON then
    anyway).  A line with few brackets is not scanned at all."""
    if text.count("[") + text.count("{") <= limit:
        return False
    brackets = _NOT_A_BRACKET.sub("", _STRING.sub("", text))
    depth = 0
    for bracket in brackets:
        if bracket in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


def _object(pairs: list[tuple[str, object]]) -> dict[str, object]:
    answer = dict(pairs)
    if len(answer) < len(pairs):
        seen: set[str] = set()
        twice = ""
        for twice, _ in pairs:
            if twice in seen:
                break
            seen.add(twice)
        shown = repr(twice) if len(twice) <= 40 else repr(twice[:40] + "…")
        raise _Refused(f"the key {shown} is given twice")
    return answer


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) > _MAX_DIGITS:
        raise _Refused(f"a number of {len(digits.lstrip('-'))} digits (at most {_MAX_DIGITS})")
    return int(digits)


def _constant(name: str) -> NoReturn:
    raise _Refused(f"{name} is not a JSON number")


def _is_unicode(text: str) -> bool:
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
