"""Whether a protocol message names a card its seat may not know (the frederik and vegas
protocol tests ask it of every request)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from google.protobuf import text_format

__all__ = ["leaked"]


def leaked(message, hidden: Iterable[str]) -> list[str]:
    """The cards of `hidden` the message's text names, each a whole word of it.  Its words
    are taken once, not searched for card by card (that was half the frederik test's time).
    """
    words = set(re.findall(r"\w+", text_format.MessageToString(message)))
    return sorted(words.intersection(hidden))
