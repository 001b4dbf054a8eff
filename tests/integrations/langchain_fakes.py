"""LangChain's fake chat model, made to remember what it was sent (LangChain and LangGraph tests)."""

from __future__ import annotations

from typing import Any

from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import BaseMessage
from pydantic import Field


class RecordingChatModel(GenericFakeChatModel):
    """GenericFakeChatModel that also remembers the messages of every call."""

    seen: list[list[BaseMessage]] = Field(default_factory=list)

    def _generate(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> Any:
        self.seen.append(list(messages))
        return super()._generate(messages, *args, **kwargs)


def fake(*replies: str) -> RecordingChatModel:
    """A recording model that answers with `replies`, in order."""
    return RecordingChatModel(messages=iter(replies))
