"""Every extension point of penguin-guard, in one file.

A plugin is a module or object with functions named like the specs below, decorated with `@hookimpl`.
The built-in stages are plugins too (see `penguin_guard.plugins.DEFAULT_PLUGINS`); they are registered with
`trylast=True`, so a third-party implementation that returns a value wins. Return None to defer to the next
implementation. Third-party plugins are found through the `penguin_guard` entry-point group:

    [project.entry-points.penguin_guard]
    my_plugin = "my_package.penguin_plugin"

Implementations may accept any subset of a spec's arguments; call sites always pass keywords.
`penguin-guard plugins` lists every loaded plugin, the hooks it implements and the names it registers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from penguin_guard.config import GuardConfig
    from penguin_guard.crisis_check import CrisisSignal
    from penguin_guard.models import Decision, Extraction, PolicyStep, Profile, RiskAssessment
    from penguin_guard.session import SessionStore

hookspec = pluggy.HookspecMarker("penguin_guard")
hookimpl = pluggy.HookimplMarker("penguin_guard")


# ---- names a config can choose (checked when the Guard is built) --------------------------------------------

Register = Callable[..., None]


@hookspec
def penguin_register_policies(register: Register) -> None:
    """Name the acquisition policies this plugin provides: `register("my-policy", "one-line description")`.

    `GuardConfig.policy` must be a registered name, or the Guard refuses to start. The plugin's
    `penguin_next_step` then acts when `config.policy` is its name and returns None otherwise.
    """


@hookspec
def penguin_register_detectors(register: Register) -> None:
    """Name the risk detectors this plugin provides (`GuardConfig.detector`), as for policies."""


@hookspec
def penguin_register_stores(register: Register) -> None:
    """Name the session-store URL schemes this plugin builds (`register("postgres", "postgres://...")` for
    `store: postgres://...`; a URL without "://" is its own name, like "memory")."""


# ---- the stages -------------------------------------------------------------------------------------------


@hookspec
def penguin_crisis_signals(text: str, config: GuardConfig) -> CrisisSignal | list[CrisisSignal] | None:
    """Add crisis or warning signals for the (normalised) user text. Every implementation is called.

    The guard's own crisis check (rules + learned head) always runs as well: a plugin can add a crisis or a
    warning, never remove one. A `CrisisSignal(kind="crisis", ...)` escalates; `kind="warning"` leads to a
    safety check-in. Return None to add nothing.
    """


@hookspec(firstresult=True)
def penguin_assess_risk(text: str, config: GuardConfig) -> RiskAssessment | None:
    """Assess the latest user turn(s): level none/elevated/high, domain, score and reason.

    `text` is already normalised (penguin_guard.normalize) and has passed the guard's crisis check, which a
    detector cannot override; a detector may still return level "crisis" to escalate on its own grounds.
    """


@hookspec(firstresult=True)
def penguin_next_step(
    query: str, risk: RiskAssessment, profile: Profile, asked_this_request: int, config: GuardConfig
) -> PolicyStep | None:
    """Decide whether to ask for one more attribute (`Ask`) or answer now (`Answer`).

    `profile` holds what is known and declined (never re-ask a declined attribute); `asked_this_request`
    counts questions already asked for the current request, to respect `config.question_budget`.
    """


@hookspec(firstresult=True)
def penguin_extract_attributes(
    reply: str, asked_attribute: str | None, profile: Profile, config: GuardConfig
) -> Extraction | None:
    """Read what a user's message says about them, as an `Extraction` (penguin_guard.models, the contract):
    - `values`: {attribute: value} for every attribute the message states, asked or volunteered;
    - `declined`: [asked_attribute] when the user refused or waved the question away;
    - `unanswered`: [asked_attribute] when the reply neither answers nor declines it ("ok", "not sure", an
      unrelated fact); the guard leaves it unknown.
    `asked_attribute` is None for a first request or volunteered text: report stated facts only, never a decline
    or an unanswered attribute. Never invent a value the message does not state (a "Yes" needs an affirmation).
    Values are free text; the guard sanitizes them before they reach any prompt, and they must never be logged.
    (A dict of the same shape is still accepted from older plugins and validated into an `Extraction`.)
    """


@hookspec(firstresult=True)
def penguin_render_question(attribute: str, domain: str | None, config: GuardConfig, language: str) -> str | None:
    """The clarifying question to ask for `attribute` (warm, short, optional to answer, says why), in `language`
    (the user's as penguin_guard.language.guess_language reads it, "en" when unsure) if the implementation can."""


@hookspec(firstresult=True)
def penguin_build_enrichment(
    profile: Profile, risk: RiskAssessment, original_request: str, config: GuardConfig
) -> str | None:
    """The system message that carries the known background and personalized-safety guidance upstream."""


@hookspec(firstresult=True)
def penguin_session_store(url: str, config: GuardConfig) -> SessionStore | None:
    """Build the session store named by `url` ("memory", "sqlite:///...", "redis://..."), or None if unknown."""


@hookspec
def penguin_on_decision(decision: Decision, session_id: str | None) -> None:
    """Called after every decision (metrics, audit). The decision names attributes, never their values."""
