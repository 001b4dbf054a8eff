"""One turn through the guard, in one direction: read -> judge -> place in the episode -> learn -> decide.

`read` turns validated messages into a frozen `Turn`: the user's messages since the last assistant reply, the
earlier user turns of the current episode as context, and their assessment (the crisis floor on every user
message, the risk detector on the turn, and on the turn in its context when it leans on it). `decide` takes a
`Turn` holding the session state and returns an `Outcome`: the decision, the messages to send upstream, and the
new session state. It never changes the state it was given; the guard saves the new one in one write.

The steps of `decide`, in order:
1. a crisis anywhere in the turn escalates; nothing else is consulted;
2. the turn is placed in the episode (`episode.py`): the answer to the pending question, a follow-up to an
   answered request, the same turn sent again (a tool loop, a retry), or a new request;
3. what it says about the user is learned (the extractor hook: on the reply to a question, and with no
   question asked on a new risky request and on a follow-up);
4. caution: warning signs, a risky new request with signs of suicide risk, or a means question from someone
   whose background makes it urgent;
5. the action: pass, a question (the policy hook), the enriched answer, or a crisis reply.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Literal

from penguin_guard import episode, escalate
from penguin_guard.language import guess_language
from penguin_guard.messages import Exchange, content_text, read_turns, split_leading_system
from penguin_guard.models import LEVEL_ORDER, Ask, Decision, Extraction, RiskAssessment, SessionState
from penguin_guard.stages import Stages, normalise

MAX_CONTEXT_TURNS = 4
MAX_CONTEXT_CHARS = 2000
# Where a turn stands in the episode (`_place`): a reply to the pending question is one of episode.ReplyKind, or
# "asks_on": in another language, a question on the same topic instead of an answer; "ended": a clearly new request
# after the answer, or in another language in place of one (judged alone: the topic test found it unrelated).
Place = Literal["check_in", "repeat", "follow_up", "asks_on", "ended"] | episode.ReplyKind


@dataclass(frozen=True)
class Turn:
    """Everything one decision reads. Frozen: `decide` returns a new state instead of changing this one.

    `user_turns`: the user's messages since the last assistant reply; `previous_reply`: that reply (the guard's
    question, when the turn answers one); `history`: the exchanges before it; `context`: the earlier user turns of
    the episode; `assessment`: the turn judged alone; `in_context`: judged with its context, when it leans on it.
    """

    messages: tuple[dict, ...]
    user_turns: tuple[str, ...]
    previous_reply: str | None
    history: tuple[Exchange, ...]
    context: tuple[str, ...]
    assessment: RiskAssessment
    in_context: RiskAssessment | None = None
    # Read as a reply to the guard's own question: the learned head looked for a crisis only (see `read`).
    crisis_only: bool = False
    state: SessionState = field(default_factory=lambda: SessionState(session_id=""))
    session_id: str | None = None

    @property
    def text(self) -> str:
        return "\n".join(self.user_turns).strip()

    @property
    def urgent(self) -> RiskAssessment | None:
        """The crisis the turn shows, alone or in its context."""
        return next((r for r in (self.assessment, self.in_context) if r is not None and r.is_crisis), None)

    @property
    def judged(self) -> RiskAssessment:
        """The turn's risk as a new request: alone, or in its context when that is more cautious."""
        if self.in_context is not None and LEVEL_ORDER[self.in_context.level] > LEVEL_ORDER[self.assessment.level]:
            return self.in_context
        return self.assessment

    def with_state(self, state: SessionState, session_id: str | None) -> Turn:
        return replace(self, state=state, session_id=session_id)


@dataclass(frozen=True)
class Outcome:
    """What one turn comes to: the decision, the messages for the provider (None: no call), the state to save."""

    decision: Decision
    upstream: list[dict] | None
    state: SessionState


def read(messages: list[dict], stages: Stages, crisis_only: bool | None = None) -> Turn:
    """Read and judge a validated conversation's current turn (no session state yet: a crisis never waits for it).

    A reply to one of the guard's own questions is expected to carry distress words ("honestly pretty hopeless"),
    and there the learned head's warning band is not acted on (`_warning_in`), so by default the head only looks
    for a crisis in it: an e5 embedding (~100 ms on a busy core) for a verdict nobody reads. Should the reply turn
    out to be a new request, `decide` reads it again in full."""
    turns = read_turns(messages)
    context = episode_context(turns.history)
    if not turns.text:
        return Turn(tuple(messages), turns.current, turns.previous_reply, turns.history, context, RiskAssessment())
    if crisis_only is None:
        crisis_only = turns.previous_reply is not None and stages.asks_for(turns.previous_reply) is not None
    warnings = not crisis_only
    assessment = stages.assess(*[t for t in turns.current if t.strip()], warnings=warnings)
    in_context = None
    if context and not assessment.is_crisis and episode.leans_on_context(turns.text):
        in_context = stages.assess("\n".join([*context, turns.text]), warnings=warnings)
    return Turn(tuple(messages), turns.current, turns.previous_reply, turns.history, context, assessment, in_context,
                crisis_only=crisis_only)


def episode_context(history: tuple[Exchange, ...]) -> tuple[str, ...]:
    """The earlier user turns of the current episode, oldest first: back to the latest one that started something
    new on its own, at most MAX_CONTEXT_TURNS turns and about MAX_CONTEXT_CHARS characters."""
    picked: list[str] = []
    size = 0
    for exchange in reversed(history):
        if not exchange.user:
            continue
        if len(picked) >= MAX_CONTEXT_TURNS or size + len(exchange.user) > MAX_CONTEXT_CHARS and picked:
            break
        picked.append(exchange.user[-MAX_CONTEXT_CHARS:])
        size += len(picked[-1])
        if episode.starts_fresh(exchange.user):
            break
    return tuple(reversed(picked))


# ---- the decision ---------------------------------------------------------------------------------------


def decide(turn: Turn, stages: Stages) -> Outcome:
    """The decision for one turn, and the session state after it."""
    state = turn.state.model_copy(deep=True)
    if not turn.text:
        return _pass(turn, state, RiskAssessment(reason="no user text in the latest turn"))
    if (crisis := turn.urgent) is not None:
        return _escalate(turn, state, crisis, stages)

    # Where the turn stands in the episode, and what it tells about the user.
    place, found = _place(turn, state, stages)
    if place == "check_in":
        return _after_check_in(turn, state, stages)
    if place == "repeat":
        return _repeat(turn, state, stages)
    if turn.crisis_only and place in ("new", "ended", "follow_up", "asks_on"):  # not a reply after all: its warning signs count
        return decide(read(list(turn.messages), stages, crisis_only=False).with_state(turn.state, turn.session_id),
                      stages)
    if place == "new" or place == "ended":
        episode.end(state)
        risk = turn.judged if place == "new" else turn.assessment
        if risk.level == "none":
            alarm = episode.caution(turn.text, state.profile)
            if alarm is None:
                return _pass(turn, state, risk)
            return _alarm(turn, state, alarm, stages)
        episode.open_episode(state, turn.text, risk)
        request = "\n".join([*turn.context, turn.text]) if turn.in_context is not None else turn.text
        found = stages.extract(request, None, state.profile)  # what the request itself says about the user
        episode.learn(state, found)
        # A new risky request with signs of suicide risk gets the safety check-in, not a background question.
        warning = risk if risk.warning_signs or (risk.concern and risk.is_risky) else None
    elif place == "follow_up":
        episode.learn(state, found)
        risk = episode.stored_risk(state, turn.assessment, "follow-up in an answered conversation")
        warning = _warning_in(turn, reply=False)
    elif place == "asks_on":  # the question is left unanswered; the user's own question is answered now
        episode.settle_reply(state, turn.text, "unanswered", found)
        risk = episode.stored_risk(state, turn.assessment, "a question on the same topic instead of an answer")
        warning = _warning_in(turn, reply=False)
    else:  # a reply to the pending question
        episode.settle_reply(state, turn.text, place, found)
        risk = episode.stored_risk(state, turn.assessment, "reply to a clarifying question")
        warning = _warning_in(turn, reply=True)

    # Caution: warning signs in the turn, or what the stored background makes of it.
    alarm = episode.caution(turn.text, state.profile) or warning
    if alarm is not None:
        return _alarm(turn, state, alarm, stages)
    if place == "follow_up":
        return _enrich(turn, state, risk, stages, request=turn.text,
                       reason="follow-up on the same topic: background and guidance kept, no new questions")
    if place == "asks_on":
        return _enrich(turn, state, risk, stages, request=turn.text,
                       reason="a question on the same topic instead of an answer: answered now with what is known")
    if place == "wave_away":
        return _enrich(turn, state, risk, stages, reason="the user waved the question away: answering now")
    return _ask_or_enrich(turn, state, risk, stages)


def _warning_in(turn: Turn, reply: bool) -> RiskAssessment | None:
    """Warning signs in a reply or a follow-up. A bare "fine" or "ok" inside a conversation is no warning sign,
    whatever a learned model makes of three letters on their own. A reply to our own background question (how
    are you feeling, any mental-health history) is expected to carry distress words ("honestly pretty hopeless"),
    so there the learned head's warning band alone does not interrupt with a check-in: a rule must fire too
    (a crisis still escalates, and the value enriches the answer with its caution)."""
    risk = turn.assessment
    if not risk.warning_signs or episode.is_filler(turn.text):
        return None
    if reply and all(signal.startswith("crisis-head") for signal in risk.signals):
        return None
    return risk


def _place(turn: Turn, state: SessionState, stages: Stages) -> tuple[Place, Extraction]:
    """Where the turn stands: "new", "ended", "follow_up", "repeat", "check_in", or how it replies to the pending
    question ("answer", "decline", "unanswered", "wave_away", "asks_on"), with what the extractor read in it."""
    nothing = Extraction()
    if state.original_request is None:
        return "new", nothing
    same_reply = state.pending_question is not None and _same(turn.previous_reply, state.pending_question)
    if state.pending_attribute == escalate.SAFETY_CHECK and same_reply:
        return "check_in", nothing
    if state.pending_attribute and same_reply:
        found = stages.extract(turn.text, state.pending_attribute, state.profile)
        kind = episode.reading_of_reply(turn.text, state.pending_attribute, found)
        if kind == "new" and (not episode.in_english(turn.text) or episode.names_something(turn.text)):
            # self-contained by the cues; the risk and topic tests say whether it is about the request. An English
            # turn that names nothing ("What is 2+2?") gives the topic test nothing to compare: it is new.
            ended = episode.ends_episode(turn.text, turn.assessment, state, _on_topic(turn, state, stages))
            return ("ended", nothing) if ended else ("asks_on", found)
        return kind, (nothing if kind == "new" else found)
    if _is_repeat(turn, state, stages):
        return "repeat", nothing
    if state.pending_attribute or turn.previous_reply is None:
        return "new", nothing  # our question was not sent back, or a new conversation: a request of its own
    if state.answered:
        if episode.ends_episode(turn.text, turn.assessment, state, _on_topic(turn, state, stages)):
            return "ended", nothing
        return "follow_up", stages.extract(turn.text, None, state.profile)
    return "new", nothing


def _on_topic(turn: Turn, state: SessionState, stages: Stages) -> Callable[[], bool]:
    """Whether the turn is about its episode (computed only when it decides)."""
    return partial(stages.on_topic, turn.text, *episode.topic_turns(turn.text, state.original_request, turn.context))


def _is_repeat(turn: Turn, state: SessionState, stages: Stages) -> bool:
    """The turn the guard last decided, sent again (a tool loop, a retry, `check` then `completion`): the episode's
    request itself, or a reply to one of the guard's questions that the session has already moved past."""
    if turn.previous_reply is None:
        return episode.is_request(state, turn.text)
    return stages.asks_for(turn.previous_reply) is not None and not _same(turn.previous_reply, state.pending_question)


def _same(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and normalise(a) == normalise(b)


# ---- the actions ----------------------------------------------------------------------------------------


def _decision(turn: Turn, state: SessionState, action: str, risk: RiskAssessment, reason: str, **extra) -> Decision:
    return Decision(action=action, risk=risk, reason=reason, session_id=turn.session_id,
                    known_attributes=state.profile.known(), declined_attributes=list(state.profile.declined),
                    questions_asked=state.questions_this_request, **extra)


def _pass(turn: Turn, state: SessionState, risk: RiskAssessment) -> Outcome:
    decision = Decision(action="pass", risk=risk, reason=risk.reason or "not a risky personal prompt",
                        known_attributes=state.profile.known(), session_id=turn.session_id)
    return Outcome(decision, list(turn.messages), state)


def _escalate(turn: Turn, state: SessionState, risk: RiskAssessment, stages: Stages) -> Outcome:
    """Crisis resources first, then a supportive reply under the crisis-safety prompt. Ends the episode."""
    episode.end(state)
    state.escalations += 1
    lead, rest = split_leading_system(list(turn.messages))
    upstream = [*lead, {"role": "system", "content": escalate.CRISIS_SYSTEM_PROMPT}, *rest]
    decision = Decision(action="escalate", risk=risk, reason=risk.reason or "explicit crisis",
                        session_id=turn.session_id, system_message=escalate.CRISIS_SYSTEM_PROMPT,
                        crisis_resources=stages.resources)
    return Outcome(decision, upstream, state)


def _alarm(turn: Turn, state: SessionState, alarm: RiskAssessment, stages: Stages) -> Outcome:
    """A crisis escalates; warning signs get the direct safety check-in (never a generic question)."""
    if alarm.is_crisis:
        return _escalate(turn, state, alarm, stages)
    if state.original_request is None:
        episode.open_episode(state, turn.text, alarm)
    elif state.answered:
        episode.keep_request(state, turn.text)  # a check-in about a follow-up: the answer after a "no" is about it
    check_in = stages.safety_check_for(turn.text)  # asked in the user's language when it is one of those written
    episode.asked(state, escalate.SAFETY_CHECK, check_in)
    decision = _decision(turn, state, "ask", alarm, "warning signs: safety check-in", question=check_in,
                         crisis_resources=stages.resources)
    return Outcome(decision, None, state)


def _after_check_in(turn: Turn, state: SessionState, stages: Stages) -> Outcome:
    """Only a clear "no" goes on with the request (as a high-risk one); "yes" or anything unclear escalates."""
    answer = escalate.read_safety_answer(turn.text)
    if answer != "no":
        reason = "safety check-in: " + ("affirmed" if answer == "yes" else "not ruled out")
        crisis = RiskAssessment(level="crisis", domain="health", score=1.0, reason=reason, detector="safety-check",
                                signals=turn.assessment.signals)
        return _escalate(turn, state, crisis, stages)
    state.pending_attribute = state.pending_question = None
    risk = RiskAssessment(level="high", domain=state.request_domain or "health", score=max(turn.assessment.score, 0.8),
                          reason="warning signs; safety check-in answered no", detector="session")
    if state.answered:
        return _enrich(turn, state, risk, stages, reason="follow-up after a safety check-in answered no")
    return _ask_or_enrich(turn, state, risk, stages)


def _repeat(turn: Turn, state: SessionState, stages: Stages) -> Outcome:
    """The same decision again, with nothing new recorded."""
    risk = episode.stored_risk(state, turn.assessment, "the same turn again")
    if state.pending_attribute:
        question = state.pending_question or ""
        extra = {"crisis_resources": stages.resources} if state.pending_attribute == escalate.SAFETY_CHECK else {}
        attribute = None if state.pending_attribute == escalate.SAFETY_CHECK else state.pending_attribute
        decision = _decision(turn, state, "ask", risk, "the same turn again: the same question", question=question,
                             attribute=attribute, **extra)
        return Outcome(decision, None, state)
    return _enrich(turn, state, risk, stages, reason="the same turn again: the same enriched answer")


def _ask_or_enrich(turn: Turn, state: SessionState, risk: RiskAssessment, stages: Stages) -> Outcome:
    """Ask the policy; ask its question unless the user already answered, declined or passed on it."""
    view = state.profile.model_copy(update={"asked": [*state.profile.asked, *state.unanswered]})
    step = stages.next_step(state.original_request or turn.text, risk, view, state.questions_this_request)
    if isinstance(step, Ask) and _askable(step.attribute, state):
        # asked in the language of the request that opened the episode (a short reply says too little to tell)
        question = stages.question(step.attribute, risk.domain,
                                   guess_language(state.original_request or turn.text) or "en")
        episode.asked(state, step.attribute, question)
        decision = _decision(turn, state, "ask", risk, step.reason, question=question, attribute=step.attribute)
        return Outcome(decision, None, state)
    reason = getattr(step, "reason", "") or "enough is known"
    return _enrich(turn, state, risk, stages, reason=reason)


def _askable(attribute: str, state: SessionState) -> bool:
    profile = state.profile
    return attribute not in profile.values and attribute not in profile.declined and attribute not in state.unanswered


def _enrich(turn: Turn, state: SessionState, risk: RiskAssessment, stages: Stages, *, reason: str,
            request: str | None = None) -> Outcome:
    """The request answered upstream with the background and guidance; the episode stays open for follow-ups."""
    digest = None if request else state.request_digest
    request = request or state.original_request or turn.text
    system_message = stages.enrichment(state.profile, risk, request)
    upstream = enriched_messages(list(turn.messages), system_message, request, stages, digest)
    state.pending_attribute = state.pending_question = None
    state.answered = True
    decision = _decision(turn, state, "enrich", risk, reason, system_message=system_message)
    return Outcome(decision, upstream, state)


def enriched_messages(messages: list[dict], system_message: str, request: str, stages: Stages,
                      digest: str | None = None) -> list[dict]:
    """The caller's conversation with the context system message after its own system messages, the guard's
    questions and the replies to them left out (the background carries what they said), and `request` as the
    last user turn. Tool calls and results after the user's turn stay where they are.

    `digest` is the whole request's (the session keeps a long one bounded): a conversation whose last user turn
    is that request keeps its own, whole text, and the bounded one is added only when it is missing."""
    lead, rest = split_leading_system(messages)
    end = max((i + 1 for i, m in enumerate(rest) if m.get("role") == "user"), default=len(rest))
    body: list[dict] = []
    skipping = False  # inside a guard question and the user's reply to it
    for message in rest[:end]:
        role = message.get("role")
        if role == "assistant":
            skipping = stages.asks_for(content_text(message.get("content"))) is not None
        if not skipping or role not in ("assistant", "user"):
            body.append(message)
    last = read_turns(body).text if body else None
    if last is None or not (normalise(last) == normalise(request)
                            or digest is not None and episode.request_digest(last) == digest):
        body.append({"role": "user", "content": request})
    return [*lead, {"role": "system", "content": system_message}, *body, *rest[end:]]
