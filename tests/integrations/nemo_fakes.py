"""NeMo test doubles shared by the Colang 1.0 and 2.x pack tests (import after `pytest.importorskip`)."""

from __future__ import annotations

import copy

from nemoguardrails.testing import FakeLLMModel


class RecordingFake(FakeLLMModel):
    """FakeLLMModel that keeps every prompt it was sent."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.prompts: list = []

    async def generate_async(self, prompt, *, stop=None, **kwargs):
        self.prompts.append(copy.deepcopy(prompt))
        return await super().generate_async(prompt, stop=stop, **kwargs)


def prompt_text(prompt) -> str:
    """A prompt (text or chat messages) as one string, for asserting what reached the LLM."""
    if isinstance(prompt, str):
        return prompt
    return "\n".join(f"{getattr(m.role, 'value', m.role)}: {m.content}" for m in prompt)
