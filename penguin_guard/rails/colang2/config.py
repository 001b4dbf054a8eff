"""Loaded by NeMo Guardrails with the Colang 2.x pack: registers the guard's actions, the `litellm` engine and
the offline `penguin_minilm` embedding engine."""

from penguin_guard.integrations.nemo import init_colang2, register_litellm_engine, register_minilm_embeddings

register_litellm_engine()
register_minilm_embeddings()

init = init_colang2

__all__ = ["init"]
