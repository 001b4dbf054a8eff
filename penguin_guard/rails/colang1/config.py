"""Loaded by NeMo Guardrails with the rails pack: registers the guard's action and the `litellm` engine."""

from penguin_guard.integrations.nemo import init, register_litellm_engine

register_litellm_engine()

__all__ = ["init"]
