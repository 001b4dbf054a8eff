"""The OpenAI Responses API (`/v1/responses`) as the chat conversation the guard reads, and back.

A Responses request carries `instructions` (a system prompt) and `input`: a string (one user message) or a list of
items. Message items (`{"role", "content"}`, content a string or `input_text` / `output_text` parts) are the
conversation; tool calls, tool results, reasoning and other items are not something the user said and are left
out of what the guard reads (like tool messages in a chat request, they never hide the user's turn).

On enrich the guard's upstream conversation (its questions and the user's replies folded into the context system
message, the original request last) replaces `input` when `input` held messages only. When it also holds tool
items, which the guard cannot place in its rewritten list, `input` stays as sent and the context goes in front of
`instructions`: the model still gets the background and the guidance.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from penguin_guard.messages import InvalidMessagesError

__all__ = ["input_messages", "with_enrichment"]

_MESSAGE_ROLES = frozenset({"user", "assistant", "system", "developer"})
_TEXT_PARTS = frozenset({"input_text", "output_text", "text"})


def _is_message(item: Any) -> bool:
    return isinstance(item, Mapping) and item.get("type", "message") == "message" and "role" in item


def _text(content: Any, where: str) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(part["text"] for part in content
                         if isinstance(part, Mapping) and part.get("type") in _TEXT_PARTS and isinstance(part.get("text"), str))
    raise InvalidMessagesError(f"{where}.content must be a string or a list of content parts, got {type(content).__name__}")


def input_messages(data: Mapping[str, Any]) -> list[dict]:
    """The chat messages a Responses request holds: `instructions` as a system message, then its message items.
    Empty when the request holds nothing the user said (only tool results, say)."""
    raw = data.get("input")
    if isinstance(raw, str):
        items: list[Any] = [{"role": "user", "content": raw}]
    elif isinstance(raw, list):
        items = raw
    else:
        raise InvalidMessagesError(f"input must be a string or a list of items, got {type(raw).__name__}")
    messages: list[dict] = []
    instructions = data.get("instructions")
    if isinstance(instructions, str) and instructions.strip():
        messages.append({"role": "system", "content": instructions})
    for i, item in enumerate(items):
        if not _is_message(item):
            if not isinstance(item, Mapping):
                raise InvalidMessagesError(f"input[{i}] must be an object, got {type(item).__name__}")
            continue
        role = item.get("role")
        if not isinstance(role, str) or role not in _MESSAGE_ROLES:
            raise InvalidMessagesError(f"input[{i}].role {role!r} is not one of {sorted(_MESSAGE_ROLES)}")
        messages.append({"role": role, "content": _text(item.get("content"), f"input[{i}]")})
    return messages if any(m["role"] == "user" for m in messages) else []


def with_enrichment(data: Mapping[str, Any], upstream: list[dict], system_message: str) -> dict:
    """The request fields to replace so the enriched conversation goes upstream (see the module docstring)."""
    raw = data.get("input")
    instructions = data.get("instructions") if isinstance(data.get("instructions"), str) else None
    if isinstance(raw, str) or (isinstance(raw, list) and all(_is_message(item) for item in raw)):
        messages = list(upstream)
        if instructions and instructions.strip() and messages and messages[0] == {"role": "system", "content": instructions}:
            messages = messages[1:]  # the caller's instructions stay where they were
        return {"input": [{"role": m["role"], "content": m["content"]} for m in messages]}
    return {"instructions": system_message + (f"\n\n{instructions}" if instructions else "")}
