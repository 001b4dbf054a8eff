"""The agent's LLM mode: the paper's abstention and acquisition modules (D.1, D.4), in our own words.

- Abstention ("scale"): the model rates how complete the known background is, 0-5. We stop when the rating is
  >= tau, default 3. Why 3: the paper never states its threshold and its code inverts the rule; on its rubric
  3 is "moderately informative, borderline", while 4-5 require intent and social risk factors that the ten
  attributes cannot carry, so with B = 3 a higher tau would almost never stop early. Tune it with `tau`.
- Selection: the model names the next attribute, with the retrieved paths as few-shot examples. An answer that
  is not a remaining attribute is repaired (the first remaining attribute it mentions); failing that, the fast
  vote's choice is used. A failed rating falls back to the fast-mode stop rule. Nothing here raises.
"""

from __future__ import annotations

import logging
import re

from penguin_guard.extract import sanitize_value
from penguin_guard.llm import LLMError, acomplete_text, run_sync
from penguin_guard.models import Answer, Ask, PolicyStep, Profile
from penguin_guard.raise_policy.agent import RaiseOptions
from penguin_guard.raise_policy.library import Neighbour
from penguin_guard.taxonomy import ATTRIBUTES, canonical_attribute

log = logging.getLogger(__name__)

ABSTAIN_SYSTEM = (
    "You judge whether an assistant knows enough about a person to answer their sensitive personal question "
    "safely. Rate the background from 0 to 5:\n"
    "0 = nothing known, answering would be very unsafe; 1 = very vague; 2 = some facts but key ones missing; "
    "3 = moderately informative, borderline; 4 = mostly complete, safe with care; 5 = fully detailed (rare).\n"
    "A generic question with little background deserves 0-2. Give 4-5 only when the person's circumstances, "
    "emotional state and risk factors are all clear. Reply with a single number."
)

SELECT_SYSTEM = (
    "You help an assistant choose the single most useful fact to ask a person about before answering their "
    "sensitive personal question, so the answer is safe for them. Reply with the fact's name only."
)


def describe(profile: Profile) -> str:
    lines = [f"- {a}: {sanitize_value(profile.values[a])}" for a in ATTRIBUTES if a in profile.values]
    lines += [f"- {a}: (preferred not to say)" for a in profile.declined]
    return "\n".join(lines) or "- (nothing known yet)"


def abstain_messages(query: str, profile: Profile) -> list[dict]:
    user = f"Question: {query}\n\nKnown background:\n{describe(profile)}\n\nRating (0-5):"
    return [{"role": "system", "content": ABSTAIN_SYSTEM}, {"role": "user", "content": user}]


def select_messages(query: str, profile: Profile, remaining: list[str], neighbours: list[Neighbour]) -> list[dict]:
    examples = "\n".join(
        f"[Example {i}] A similar question: \"{n.record.query}\" -> best order to ask: {', '.join(n.record.path)}"
        for i, n in enumerate(neighbours, 1)
    )
    hints = f"Paths that worked for similar questions:\n{examples}\n\n" if examples else ""  # none in +Agent
    user = (
        f"Question: {query}\n\nKnown background:\n{describe(profile)}\n\n{hints}"
        f"Facts you may ask about: {', '.join(remaining)}\n"
        "Which one should be asked next? Output only its name."
    )
    return [{"role": "system", "content": SELECT_SYSTEM}, {"role": "user", "content": user}]


def parse_rating(text: str) -> int | None:
    match = re.search(r"(?<![\d.])([0-5])(?:\.\d+)?(?![\d.])", text or "")
    return int(match.group(1)) if match else None


def parse_choice(text: str, remaining: list[str]) -> tuple[str | None, bool]:
    """(attribute, repaired?): an exact name, else the first remaining attribute the text mentions."""
    exact = canonical_attribute((text or "").strip().splitlines()[0] if (text or "").strip() else "")
    if exact in remaining:
        return exact, False
    lowered = (text or "").lower()
    mentions = sorted((lowered.find(a.lower()), a) for a in remaining if a.lower() in lowered)
    if mentions:
        return mentions[0][1], True
    words = re.findall(r"[a-z_-]+", lowered)
    for word in words:
        name = canonical_attribute(word)
        if name in remaining:
            return name, True
    return None, False


def _ask(messages: list[dict], options: RaiseOptions, max_tokens: int) -> str | None:
    assert options.model is not None  # agent.options_of refuses mode "llm" without a model
    params = {"temperature": 0.0, "max_tokens": max_tokens, **options.params}
    try:
        text, _ = run_sync(acomplete_text(options.model, messages, retries=1, backoff_seconds=0.2,
                                      timeout=options.timeout, **params))
        return text
    except LLMError as exc:
        log.warning("RAISE llm mode: model call failed (%s); using the fast-mode choice", type(exc.__cause__).__name__)
        return None


def llm_step(query: str, profile: Profile, remaining: list[str], neighbours: list[Neighbour],
             fast_best: str | None, fast_share: float, options: RaiseOptions) -> PolicyStep:
    if not remaining:
        return Answer(reason="every attribute worth asking is known or declined")
    rating = parse_rating(_ask(abstain_messages(query, profile), options, 8) or "")
    if rating is None:
        if fast_share < options.min_gain:
            return Answer(reason="completeness rating unreadable; fast rule: little expected gain left")
    elif rating >= options.tau:
        return Answer(reason=f"background rated complete enough ({rating} >= tau {options.tau})")
    text = _ask(select_messages(query, profile, remaining, neighbours), options, 24)
    choice, repaired = parse_choice(text or "", remaining)
    if choice is not None:
        note = " (repaired answer)" if repaired else ""
        return Ask(attribute=choice, reason=f"RAISE llm selection{note}; completeness {rating}")
    assert fast_best is not None  # remaining is not empty
    return Ask(attribute=fast_best, reason=f"RAISE llm answer unusable; fast vote; completeness {rating}")
