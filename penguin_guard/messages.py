"""Validating and reading OpenAI-style chat messages.

The guard never rewrites the caller's message objects: `validate_messages` checks them and returns the texts
it needs; the upstream call gets either the caller's own list (pass) or a new list built around it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

KNOWN_ROLES = frozenset({"system", "developer", "user", "assistant", "tool", "function"})


class InvalidMessagesError(ValueError):
    """The messages are not a chat conversation the guard can read. The text says what is wrong and where."""


_SURROGATE = re.compile("[\ud800-\udfff]")


def clean_text(text: str) -> str:
    """`text` as valid Unicode: a lone UTF-16 surrogate (a JSON `"\\ud800"` decodes to one) becomes U+FFFD, a
    split pair the character it encodes. Tokenizers, JSON encoders and SQLite refuse lone surrogates; one in a
    message must never make the detector fail (open) or a session write fail."""
    if _SURROGATE.search(text) is None:
        return text
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def content_text(content: Any) -> str:
    """The text of a message's content (a string, or the text parts of a multimodal part list), as valid
    Unicode: everything the guard reads or remembers of a message comes through here."""
    if content is None:
        return ""
    if isinstance(content, str):
        return clean_text(content)
    if isinstance(content, list):
        texts = []
        for part in content:
            if isinstance(part, str):
                texts.append(part)
            elif isinstance(part, dict) and isinstance(part.get("text"), str):
                texts.append(part["text"])
        return clean_text("\n".join(texts))
    raise TypeError(type(content).__name__)


def validate_messages(messages: Any, max_chars: int) -> list[dict]:
    """Check the conversation's shape; return it as a list of dicts (the caller's objects, not copies)."""
    if not isinstance(messages, Sequence) or isinstance(messages, str | bytes):
        raise InvalidMessagesError(f"messages must be a list of {{role, content}} objects, got {type(messages).__name__}")
    if len(messages) == 0:
        raise InvalidMessagesError("messages is empty: send at least one user message")
    total = 0
    checked: list[dict] = []
    for i, message in enumerate(messages):
        if hasattr(message, "model_dump") and not isinstance(message, dict):
            message = message.model_dump(exclude_none=True)
        if not isinstance(message, dict):
            raise InvalidMessagesError(f"messages[{i}] must be an object with role and content, got {type(message).__name__}")
        role = message.get("role")
        if role is None:
            raise InvalidMessagesError(f"messages[{i}] has no role")
        if not isinstance(role, str) or role not in KNOWN_ROLES:  # a list or a dict is not a role (nor hashable)
            raise InvalidMessagesError(f"messages[{i}].role {role!r} is not one of {sorted(KNOWN_ROLES)}")
        content = message.get("content")
        try:
            text = content_text(content)
        except TypeError as exc:
            raise InvalidMessagesError(
                f"messages[{i}].content must be a string or a list of content parts, got {exc}"
            ) from None
        if content is None and not (role == "assistant" and (message.get("tool_calls") or message.get("function_call"))):
            # Only an assistant turn that calls a tool may omit content; providers reject (or crash on) the rest.
            raise InvalidMessagesError(f"messages[{i}] is a {role} message without content")
        total += len(text)
        if total > max_chars:
            raise InvalidMessagesError(f"messages are longer than the guard's limit of {max_chars:,} characters")
        checked.append(message)
    return checked


@dataclass(frozen=True)
class Exchange:
    """One earlier turn of a conversation: what the user said, and the assistant reply that followed."""

    user: str
    reply: str


@dataclass(frozen=True)
class Turns:
    """A conversation read turn by turn.

    `current` is every user message since the last assistant reply. An assistant prefill, a tool call or a tool
    result after the user's message is not a reply: it never hides the user's turn.
    """

    history: tuple[Exchange, ...]
    current: tuple[str, ...]
    previous_reply: str | None

    @property
    def text(self) -> str:
        return "\n".join(self.current).strip()


def is_reply(message: dict) -> bool:
    """An assistant message the user saw as an answer: text, and no tool call in progress."""
    return (message.get("role") == "assistant" and not message.get("tool_calls") and not message.get("function_call")
            and bool(content_text(message.get("content")).strip()))


def read_turns(messages: list[dict]) -> Turns:
    """Split a validated conversation into earlier exchanges and the current user turn."""
    last_user = max((i for i, m in enumerate(messages) if m.get("role") == "user"), default=-1)
    start = last_user
    while start > 0 and not is_reply(messages[start - 1]):
        start -= 1
    current = tuple(content_text(m.get("content")) for m in messages[max(start, 0):last_user + 1]
                    if m.get("role") == "user")
    history: list[Exchange] = []
    said: list[str] = []
    for message in messages[:max(start, 0)]:
        if message.get("role") == "user":
            said.append(content_text(message.get("content")))
        elif is_reply(message):
            history.append(Exchange(user="\n".join(said).strip(), reply=content_text(message.get("content"))))
            said = []
    previous = history[-1].reply if history and start > 0 else None
    return Turns(history=tuple(history), current=current, previous_reply=previous)


def latest_user_turn(messages: list[dict]) -> str:
    """The user messages since the last assistant reply, joined.

    Looking only at the very last message lets a risky request hide behind a harmless follow-up sent as a
    second consecutive user turn (NeMo issue #1413), or behind an assistant prefill or a tool call and its
    result; the whole turn is read.
    """
    return read_turns(messages).text


def split_leading_system(messages: list[dict]) -> tuple[list[dict], list[dict]]:
    """(leading system/developer messages, the rest)."""
    i = 0
    while i < len(messages) and messages[i].get("role") in ("system", "developer"):
        i += 1
    return list(messages[:i]), list(messages[i:])
