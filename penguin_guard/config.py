"""GuardConfig: every knob of the guard, loadable from YAML and from PENGUIN_GUARD_* environment variables.

Precedence (highest first): keyword arguments, environment, YAML file, defaults. Nested fields use `__` in
environment names, e.g. PENGUIN_GUARD_DEPTH__HIGH=2.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_LOCAL_MODEL = "local/smollm2"
# How readily the learned crisis head escalates on its own (penguin_guard.crisis_head reads its cut-offs). Declared
# here, not there: importing the package must not import numpy.
Sensitivity = Literal["strict", "balanced", "sensitive"]


class Depth(BaseModel):
    """How many questions the policy may ask per request, by risk level (capped by question_budget)."""

    elevated: int = Field(1, ge=0)
    high: int = Field(3, ge=0)


class Thresholds(BaseModel):
    """Risk-score cut-offs of the embedding detector. Unset fields use the cut-offs that scripts/build_detector.py
    chose by cross-validation on its training prompts (stored in the detector file); the values here are fallbacks."""

    elevated: float = Field(0.5, ge=0, le=1)
    high: float = Field(0.8, ge=0, le=1)


class GuardConfig(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="PENGUIN_GUARD_", env_nested_delimiter="__", extra="ignore")

    # Chat model used when the caller names none (CLI, demo). Any LiteLLM model string.
    default_model: str = DEFAULT_LOCAL_MODEL
    # Detection: "embedding" (offline classifier + crisis patterns), "patterns" (crisis patterns and keywords
    # only, no model), "llm" (an LLM through LiteLLM, falling back to "embedding" on any failure), or a name a
    # plugin registers. An unknown name fails when the Guard is built (penguin_guard.plugins.check_names).
    detector: str = "embedding"
    # Embedding detector: a hashed n-gram first stage settles clearly everyday prompts without the encoder.
    cascade: bool = True
    # Embedding detector's encoder: "minilm" (default), or "static", an experimental distilled token table
    # (penguin_guard/static_embed.py; ~0.1 ms instead of ~8 ms, but less accurate: see benchmarks/RESULTS.md).
    # The table is not in the wheel (3.4 MB that nothing else reads): "static" works from a source checkout.
    detector_encoder: Literal["minilm", "static"] = "minilm"
    # Turns that are not English (penguin_guard/language.py) are read by multilingual-e5-small heads instead
    # (~10x MiniLM's cost, English turns never pay it). Off: every turn goes to `detector_encoder`.
    multilingual: bool = True
    detector_model: str | None = None
    # Extra LiteLLM keyword arguments for the LLM detector / extractor (api_base, api_key, temperature, ...).
    detector_params: dict[str, Any] = Field(default_factory=dict)
    thresholds: Thresholds = Field(default_factory=Thresholds)
    # Answer extraction: "offline" (rules) or "llm" (LiteLLM, falling back to offline on garbage).
    extractor: Literal["offline", "llm"] = "offline"
    extractor_model: str | None = None
    extractor_params: dict[str, Any] = Field(default_factory=dict)
    # Acquisition policy: "raise" (retrieved planned paths, penguin_guard.raise_policy), "priority" (bundled
    # per-domain attribute table) or a name a plugin registers (checked when the Guard is built).
    policy: str = "raise"
    # Free-form options for the selected policy (e.g. RAISE: library path, model, tau, k); each policy
    # validates its own.
    policy_options: dict[str, Any] = Field(default_factory=dict)
    question_budget: int = Field(3, ge=0, le=10)
    depth: Depth = Field(default_factory=Depth)
    # Sessions: "memory", "sqlite:///path/to/file.db", "redis://host:port/db" (with the [redis] extra), or a
    # URL whose scheme a plugin registers.
    store: str = "memory"
    session_ttl_seconds: int = Field(2 * 60 * 60, ge=1)
    # What happens when the session store fails: "open" = answer statelessly (detection and escalation still
    # work, no questions asked); "closed" = raise StoreUnavailable.
    store_failure_mode: Literal["open", "closed"] = "open"
    store_timeout_seconds: float = Field(2.0, gt=0)
    # Crisis resources: a locale such as "en-US", "en-GB", "de-DE"; see penguin_guard/data/crisis_resources.yaml.
    locale: str = "en-US"
    crisis_resources_path: str | None = None
    # How readily the learned crisis head escalates on its own (the crisis rules always do): "strict" escalates
    # fewest look-alikes (stories, the past, someone else) and fewest crises; "sensitive" the most of both. Below
    # the cut-off an alarming message still gets the safety check-in, which shows the resources at once. The
    # measured trade-off is in benchmarks/RESULTS.md ("Crisis sensitivity").
    crisis_sensitivity: Sensitivity = "balanced"
    # A crisis (from a rule or the learned head) that reads as written to support someone else in crisis ("please
    # don't do it tonight, call 988"): "escalate" (default, recall first) or "check_in", the safety check-in with
    # the resources shown at once, for deployments whose traffic is peer support (penguin_guard.support_reply; the
    # measured trade-off, and why it is not the default, in benchmarks/RESULTS.md, rounds 32 and 33).
    support_replies: Literal["escalate", "check_in"] = "escalate"
    # The supportive text after the crisis resources: "model" asks the provider under the crisis-safety system
    # prompt; "fixed" always sends the fixed reply (no provider call); "auto" = "fixed" for the embedded local/
    # models (far too small to be trusted with someone in crisis), "model" for every other model.
    crisis_reply: Literal["auto", "model", "fixed"] = "auto"
    # Bounds on input. Longer prompts are assessed on a head+tail window; beyond max_input_chars they are refused.
    max_input_chars: int = Field(2_000_000, ge=1)
    # Upstream calls: retries with backoff before the fallback reply.
    upstream_retries: int = Field(2, ge=0)
    upstream_timeout_seconds: float = Field(60.0, gt=0)
    # Load third-party plugins from the "penguin_guard" entry-point group (PENGUIN_GUARD_PLUGINS is an allowlist
    # of entry-point names, PENGUIN_GUARD_DISABLE_PLUGINS a list to skip or "1" for all: penguin_guard.plugins).
    load_entrypoint_plugins: bool = True

    @field_validator("detector_encoder")
    @classmethod
    def _static_table_is_here(cls, value: str) -> str:
        """Fail when the config is built, not on the first risky turn, where the table is missing (an installed
        wheel leaves it out)."""
        if value == "static":
            from penguin_guard.static_embed import TABLE, table_available

            if not table_available():
                raise ValueError(f'detector_encoder "static" needs penguin_guard/{TABLE}, which the wheel leaves '
                                 "out: use it from a source checkout (or build it with scripts/build_static_encoder.py), "
                                 'or keep the default "minilm"')
        return value

    @classmethod
    def load(cls, path: str | Path | None = None, **overrides: Any) -> GuardConfig:
        """Read a YAML file (optional), then let the environment and keyword arguments override it."""
        data: dict[str, Any] = {}
        if path is not None:
            text = Path(path).read_text(encoding="utf-8")
            loaded = yaml.safe_load(text) or {}
            if not isinstance(loaded, dict):
                raise ValueError(f"{path}: expected a mapping of settings, got {type(loaded).__name__}")
            data = loaded
        env_only = cls()  # environment + defaults
        env_set = {k: v for k, v in env_only.model_dump().items() if k in env_only.model_fields_set}
        return cls.model_validate({**data, **env_set, **overrides})
