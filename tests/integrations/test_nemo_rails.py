"""The NeMo Guardrails rails pack: ask with zero LLM calls, enrich the prompt, escalate, keep sessions.

NeMo's own testing API fakes the main LLM (`FakeLLMModel`); one test runs the example bot through the real
runtime against the loopback OpenAI-compatible server, with the main model called through LiteLLM.
"""

from __future__ import annotations

import copy
import textwrap

import pytest

pytest.importorskip("nemoguardrails")

from host_helpers import ANSWERS, BENIGN, CRISIS, RISKY, DownStore  # noqa: E402
from nemo_fakes import RecordingFake, prompt_text  # noqa: E402
from nemoguardrails import LLMRails, RailsConfig  # noqa: E402
from nemoguardrails.llm.filters import colang  # noqa: E402
from nemoguardrails.testing import FakeLLMModel  # noqa: E402

from penguin_guard import Guard, GuardConfig  # noqa: E402
from penguin_guard.escalate import FIXED_CRISIS_REPLY  # noqa: E402
from penguin_guard.integrations.nemo import (  # noqa: E402
    add_pack,
    events_to_messages,
    merge_history,
    session_context,
    transcript_events,
)
from penguin_guard.resources_path import rails_example_bot, rails_folder  # noqa: E402

BOT_YAML = """\
models: []
instructions:
  - type: general
    content: You are a careful assistant.
"""




def make_rails(llm, guard: Guard | None = None) -> LLMRails:
    """A bot with the pack added the Python way (`add_pack`)."""
    config = add_pack(RailsConfig.from_content(yaml_content=BOT_YAML))
    rails = LLMRails(config, llm=llm)
    if guard is not None:
        rails.register_action_param("penguin_guard", guard)
    return rails


async def test_a_risky_prompt_gets_the_question_with_zero_llm_calls(guard):
    llm = RecordingFake(responses=[])
    rails = make_rails(llm, guard)
    reply = await rails.generate_async(messages=[{"role": "user", "content": RISKY}])
    assert reply["role"] == "assistant"
    assert "could you tell me" in reply["content"].lower()
    assert llm.inference_count == 0


async def test_answers_enrich_the_prompt_with_explicit_state(guard):
    llm = RecordingFake(responses=["Here is a careful answer."])
    rails = make_rails(llm, guard)
    result = await rails.generate_async(messages=[session_context("nemo-1"), {"role": "user", "content": RISKY}],
                                        state={})
    questions = [result.response[-1]["content"]]
    for answer in ANSWERS:
        if llm.inference_count:
            break
        result = await rails.generate_async(messages=[{"role": "user", "content": answer}], state=result.state)
        questions.append(result.response[-1]["content"])
    assert result.response[-1]["content"] == "Here is a careful answer."
    assert llm.inference_count == 1 and len(questions) >= 2
    sent = prompt_text(llm.prompts[-1])
    assert RISKY in sent and "hopeless" in sent  # the original request, with the user's background
    state = guard.store.load("nemo-1")  # the session id from the context message keyed the guard's store
    assert state is not None and "Emotional State" in state.profile.known()


async def test_resending_the_whole_history_works_without_state(guard):
    llm = RecordingFake(responses=["Here is a careful answer."])
    rails = make_rails(llm, guard)
    messages = [{"role": "user", "content": RISKY}]
    answers = list(ANSWERS)
    while True:
        reply = await rails.generate_async(messages=messages)
        if llm.inference_count or not answers:
            break
        messages = [*messages, reply, {"role": "user", "content": answers.pop(0)}]
    assert reply["content"] == "Here is a careful answer."
    sent = prompt_text(llm.prompts[-1])
    assert RISKY in sent and "hopeless" in sent


def history_part(prompt) -> str:
    """The conversation part of NeMo's general prompt (after the bot's instructions)."""
    text = prompt_text(prompt)
    return text[text.index("User: "):]


async def test_after_an_enriched_answer_a_benign_turn_reaches_the_llm_unchanged_with_state(guard):
    llm = RecordingFake(responses=["Here is a careful answer.", "reversed"])
    rails = make_rails(llm, guard)
    result = await rails.generate_async(messages=[session_context("nemo-b"), {"role": "user", "content": RISKY}],
                                        state={})
    for answer in ANSWERS:
        result = await rails.generate_async(messages=[{"role": "user", "content": answer}], state=result.state)
    assert llm.inference_count == 1 and "<background>" in prompt_text(llm.prompts[0])  # the enriched turn
    result = await rails.generate_async(messages=[{"role": "user", "content": BENIGN}], state=result.state)
    assert result.response[-1]["content"] == "reversed"
    # NeMo's explicit state carries the previous turn: the user's own words, then the answer, then the new turn.
    assert history_part(llm.prompts[-1]) == (
        f"User: {ANSWERS[-1]}\nAssistant: Here is a careful answer.\nUser: {BENIGN}\nAssistant:")


async def test_after_an_enriched_answer_a_resent_history_reaches_the_llm_as_without_the_pack(guard):
    """Byte for byte what the same bot without the pack sends for the same conversation: the enriched request
    is not re-sent, and the user's replies to the guard's questions are there (no back-to-back Assistant lines)."""
    llm = RecordingFake(responses=["Here is a careful answer.", "reversed"])
    rails = make_rails(llm, guard)
    messages = [{"role": "user", "content": RISKY}]
    for answer in ANSWERS:
        reply = await rails.generate_async(messages=messages)
        messages = [*messages, reply, {"role": "user", "content": answer}]
    messages = [*messages, await rails.generate_async(messages=messages), {"role": "user", "content": BENIGN}]
    assert messages[-2]["content"] == "Here is a careful answer."
    assert (await rails.generate_async(messages=messages))["content"] == "reversed"

    plain = RecordingFake(responses=["reversed"])
    await LLMRails(RailsConfig.from_content(yaml_content=BOT_YAML), llm=plain).generate_async(messages=messages)
    assert history_part(llm.prompts[-1]) == history_part(plain.prompts[-1])
    assert "Assistant: Here is a careful answer.\nUser: " + BENIGN in history_part(llm.prompts[-1])


async def test_through_litellm_the_server_gets_the_enrichment_once(guard, llm_server):
    """Real runtime, `engine: litellm`, loopback upstream: what the server received, turn by turn."""
    models = (f"models:\n  - type: main\n    engine: litellm\n    model: openai/test\n"
              f"    parameters: {{api_base: \"{llm_server.url}\", api_key: sk-test}}\n")
    config = add_pack(RailsConfig.from_content(yaml_content=models + BOT_YAML.replace("models: []\n", "")))
    rails = LLMRails(config)
    rails.register_action_param("penguin_guard", guard)
    llm_server.replies.extend(["Here is a careful answer.", "reversed"])
    messages = [{"role": "user", "content": RISKY}]
    for text in [*ANSWERS, BENIGN]:
        messages = [*messages, await rails.generate_async(messages=messages), {"role": "user", "content": text}]
    assert (await rails.generate_async(messages=messages))["content"] == "reversed"
    enriched, benign = (str(request["messages"]) for request in llm_server.requests)
    assert "<background>" in enriched and "<background>" not in benign and "[penguin-guard]" not in benign
    for text in [RISKY, *ANSWERS]:
        assert f"User: {text}" in benign  # every user turn, in the user's own words


def test_the_guard_action_stays_out_of_dialog_rail_prompts():
    """Bots with dialog rails render NeMo's Colang history, which lists actions with their results: the guard's
    result (the enriched prompt) is left out, and its questions' replies are logged as the user's turns."""
    events = [
        {"type": "UtteranceUserActionFinished", "final_transcript": RISKY},
        {"type": "StartInternalSystemAction", "action_name": "penguin_guard_check"},
        {"type": "InternalSystemActionFinished", "action_name": "penguin_guard_check",
         "return_value": {"action": "ask", "reply": "How are you feeling?", "user_text": RISKY}},
        {"type": "StartUtteranceBotAction", "script": "How are you feeling?"},
        {"type": "UtteranceUserActionFinished", "final_transcript": "hopeless"},
        {"type": "InternalSystemActionFinished", "action_name": "penguin_guard_check",
         "return_value": {"action": "enrich", "enriched_prompt": "<background>...", "user_text": "hopeless"}},
        {"type": "UserMessage", "text": "<background>..."},
        {"type": "StartUtteranceBotAction", "script": "Careful answer."},
        {"type": "UtteranceUserActionFinished", "final_transcript": BENIGN},
        {"type": "UserMessage", "text": BENIGN},
    ]
    assert colang(transcript_events(events)) == (
        f'user "{RISKY}"\n  "How are you feeling?"\nuser "hopeless"\n  "Careful answer."\nuser "{BENIGN}"\n')
    # the current turn keeps the enriched request: it is what the model must answer
    assert transcript_events(events[:7])[-1] == {"type": "UserMessage", "text": "<background>..."}


async def test_passthrough_bots_pass_the_session_id_in_state(guard):
    """With `passthrough: true` a context message crashes NeMo (#2233); a ContextUpdate event in state works."""
    config = add_pack(RailsConfig.from_content(yaml_content=BOT_YAML + "passthrough: true\n"))
    assert config.passthrough
    llm = RecordingFake(responses=["Here is a careful answer.", "reversed"])
    rails = LLMRails(config, llm=llm)
    rails.register_action_param("penguin_guard", guard)
    state = {"events": [{"type": "ContextUpdate", "data": {"penguin_session_id": "nemo-pt"}}]}
    result = await rails.generate_async(messages=[{"role": "user", "content": RISKY}], state=state)
    for answer in ANSWERS:
        if llm.inference_count:
            break
        result = await rails.generate_async(messages=[{"role": "user", "content": answer}], state=result.state)
    assert llm.inference_count == 1 and "hopeless" in prompt_text(llm.prompts[-1])
    assert "Emotional State" in guard.store.load("nemo-pt").profile.known()
    result = await rails.generate_async(messages=[{"role": "user", "content": BENIGN}], state=result.state)
    assert prompt_text(llm.prompts[-1]) == f"user: {BENIGN}"  # passthrough: the caller's messages, nothing re-sent


async def test_passthrough_bots_resending_the_history_get_it_as_sent(guard):
    rails = LLMRails(add_pack(RailsConfig.from_content(yaml_content=BOT_YAML + "passthrough: true\n")),
                     llm=RecordingFake(responses=["Here is a careful answer.", "reversed"]))
    rails.register_action_param("penguin_guard", guard)
    messages = [{"role": "system", "content": "Be kind."}, {"role": "user", "content": RISKY}]
    for text in [*ANSWERS, BENIGN]:
        # A copy: in passthrough mode NeMo 0.24.1 writes the enriched request into the caller's last message.
        reply = await rails.generate_async(messages=copy.deepcopy(messages))
        messages = [*messages, {"role": "assistant", "content": reply["content"]}, {"role": "user", "content": text}]
    assert messages[-2]["content"] == "Here is a careful answer."
    assert (await rails.generate_async(messages=copy.deepcopy(messages)))["content"] == "reversed"
    sent = rails.llm.prompts[-1]
    assert [(getattr(m.role, "value", m.role), m.content) for m in sent] == [(m["role"], m["content"]) for m in messages]


async def test_streaming_a_question_yields_it_at_once_without_llm_calls(guard):
    llm = RecordingFake(responses=[])
    rails = make_rails(llm, guard)
    chunks = [chunk async for chunk in rails.stream_async(messages=[{"role": "user", "content": RISKY}])]
    assert len(chunks) == 1 and "could you tell me" in chunks[0].lower()
    assert llm.inference_count == 0


async def test_benign_prompts_reach_the_llm_without_context(guard):
    llm = RecordingFake(responses=["reversed"])
    rails = make_rails(llm, guard)
    reply = await rails.generate_async(messages=[{"role": "user", "content": BENIGN}])
    assert reply["content"] == "reversed"
    sent = prompt_text(llm.prompts[-1])
    assert BENIGN in sent and "The user's request:" not in sent


async def test_a_crisis_gets_resources_first_then_the_supportive_reply(guard):
    llm = RecordingFake(responses=["I'm here with you. Are you safe right now?"])
    rails = make_rails(llm, guard)
    reply = await rails.generate_async(messages=[{"role": "user", "content": CRISIS}])
    content = reply["content"]
    assert content.startswith("If you are in crisis") and "988" in content
    assert content.rstrip().endswith("Are you safe right now?")
    assert "crisis" in prompt_text(llm.prompts[-1]).lower()  # the crisis-safety system prompt reached the LLM


async def test_a_crisis_gets_the_fixed_reply_when_the_llm_fails(guard):
    rails = make_rails(FakeLLMModel(llm_exception=RuntimeError("provider down")), guard)
    reply = await rails.generate_async(messages=[{"role": "user", "content": CRISIS}])
    assert "988" in reply["content"]
    assert FIXED_CRISIS_REPLY.splitlines()[0] in reply["content"]


@pytest.mark.parametrize("mode", ["open", "closed"])
async def test_a_store_outage_follows_store_failure_mode(mode):
    guard = Guard(GuardConfig(detector="patterns", policy="priority", store_failure_mode=mode), store=DownStore())
    llm = RecordingFake(responses=[])
    rails = make_rails(llm, guard)
    reply = await rails.generate_async(messages=[session_context("down-1"), {"role": "user", "content": RISKY}])
    if mode == "open":  # decided without the session: the question still goes out
        assert "could you tell me" in reply["content"].lower()
    else:
        assert reply["content"].startswith("I'm sorry, I can't answer this safely right now")
    assert llm.inference_count == 0


def test_an_existing_bot_adds_the_pack_through_import_paths(tmp_path):
    guard_settings = "custom_data:\n  penguin_guard:\n    detector: patterns\n    policy: priority\n"
    (tmp_path / "config.yml").write_text(BOT_YAML + guard_settings + f"import_paths:\n  - {rails_folder()}\n")
    config = RailsConfig.from_path(str(tmp_path))
    assert "penguin guard input" in config.rails.input.flows
    assert not config.user_messages  # no intents: NeMo never needs an embedding model for the pack
    rails = LLMRails(config, llm=FakeLLMModel(responses=[]))
    reply = rails.generate(messages=[{"role": "user", "content": RISKY}])
    assert "could you tell me" in reply["content"].lower()
    guard = rails.runtime.registered_action_params["penguin_guard"]  # built from custom_data.penguin_guard
    assert guard.config.policy == "priority"


def test_adding_the_pack_in_python_keeps_the_bots_own_settings():
    bot = RailsConfig.from_content(yaml_content=BOT_YAML + "passthrough: true\nlowest_temperature: 0.2\n")
    config = add_pack(bot)
    assert config.rails.input.flows == ["penguin guard input"]
    assert config.passthrough and config.lowest_temperature == 0.2
    assert config.instructions[0].content == "You are a careful assistant."  # the one NeMo's prompts use
    # NeMo's `+` the other way round resets them to NeMo's defaults, which the pack would not set on purpose
    naive = bot + RailsConfig.from_path(str(rails_folder()))
    assert not naive.passthrough and naive.instructions[0].content != "You are a careful assistant."


def test_the_pack_does_not_load_the_example_bot():
    config = RailsConfig.from_path(str(rails_folder()))
    assert config.models == [] and config.rails.input.flows == ["penguin guard input"]


def test_events_become_a_chat_conversation():
    events = [
        {"type": "SystemMessage", "content": "Be kind."},
        {"type": "UtteranceUserActionFinished", "final_transcript": "hi"},
        {"type": "UserMessage", "text": "hi"},
        {"type": "StartUtteranceBotAction", "script": "hello"},
        {"type": "UtteranceBotActionFinished", "final_script": "hello"},
        {"type": "UtteranceUserActionFinished", "final_transcript": "bye"},
    ]
    assert events_to_messages(events) == [
        {"role": "system", "content": "Be kind."},
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "hello"},
        {"role": "user", "content": "bye"},
    ]


@pytest.mark.slow
def test_the_example_bot_runs_through_litellm_against_a_real_server(llm_server):
    """Real NeMo runtime, `engine: litellm`, loopback upstream: ask makes no call, enrich reaches the server."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("example_bot_app", rails_example_bot() / "app.py")
    app = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(app)
    rails = app.build_rails(model="openai/test", api_base=llm_server.url, api_key="sk-test")

    result = rails.generate(messages=[session_context("e2e-1"), {"role": "user", "content": RISKY}], state={})
    assert llm_server.requests == []  # the clarifying question cost no model call
    for answer in ANSWERS:
        if llm_server.requests:
            break
        result = rails.generate(messages=[{"role": "user", "content": answer}], state=result.state)
    assert len(llm_server.requests) == 1
    sent = textwrap.shorten(str(llm_server.requests[0]["messages"]), 100_000)
    assert RISKY in sent and "hopeless" in sent
    assert result.response[-1]["content"].startswith("ECHO:")


def test_the_kept_history_merges_with_both_state_modes():
    u = [{"role": "user", "content": f"u{i}"} for i in range(4)]
    b = [{"role": "assistant", "content": f"b{i}"} for i in range(4)]
    kept = [u[0], b[0], u[1]]
    # explicit state: this call's events start at the previous turn
    assert merge_history(kept, [u[1], b[1], u[2]]) == [u[0], b[0], u[1], b[1], u[2]]
    # the whole history resent (the kept part may be a bounded tail of it)
    assert merge_history(kept[1:], [u[0], b[0], u[1], b[1], u[2]]) == [u[0], b[0], u[1], b[1], u[2]]
    assert merge_history([], [u[0]]) == [u[0]]
