"""The Colang 2.x rails pack: a 2.x bot imports it, and the guard asks, enriches and escalates through the real
NeMo 2.x runtime.

A 2.x conversation runs on NeMo's event API (`process_events_async` with a live State; `generate_async` does
not return 2.x state). `Colang2Chat` (penguin_guard.integrations.nemo) plays the host's part, as NeMo's own
TestChat does: it sends the user's utterance and acknowledges each bot utterance. The main LLM is NeMo's FakeLLMModel or, end to end, the
loopback server through `engine: litellm`. Under `llm continuation` the LLM answers in Colang (an intent, then
`bot intent: ...` / `bot action: bot say "..."`), so the scripted replies below use that shape.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("nemoguardrails")

from host_helpers import ANSWERS, BENIGN, CRISIS, RISKY  # noqa: E402
from nemo_fakes import RecordingFake, prompt_text  # noqa: E402
from nemoguardrails import LLMRails, RailsConfig  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from penguin_guard.cli import app as cli_app  # noqa: E402
from penguin_guard.integrations.nemo import (  # noqa: E402
    EMBEDDING_ENGINE,
    Colang2Chat,
    add_pack,
    minilm_embedding_class,
)
from penguin_guard.resources_path import rails_folder, rails_folder_colang2  # noqa: E402

MAIN_CO = """\
import core
import guardrails
import llm

flow main
  activate llm continuation
"""
ONE_CALL_MAIN = "import core\n\nflow main\n  activate penguin guard passthrough\n"
INTENT = "user asked for advice"
ANSWER = 'bot intent: bot give careful advice\nbot action: bot say "Here is a careful answer."'


def bot_folder(tmp_path: Path, extra_co: str = "", models: str = "models: []\n", main_co: str = MAIN_CO) -> Path:
    """A minimal 2.x bot that adds the pack through import_paths."""
    (tmp_path / "main.co").write_text(main_co + extra_co)
    (tmp_path / "config.yml").write_text(
        f'colang_version: "2.x"\n{models}import_paths:\n  - {rails_folder_colang2()}\n')
    return tmp_path




def chat_messages(prompt) -> list[tuple[str, str]]:
    """A chat prompt as (role, text) pairs."""
    return [(getattr(m.role, "value", m.role), m.content) for m in prompt]


def make_rails(tmp_path: Path, llm, guard=None, **bot) -> LLMRails:
    rails = LLMRails(RailsConfig.from_path(str(bot_folder(tmp_path, **bot))), llm=llm)
    if guard is not None:
        rails.register_action_param("penguin_guard", guard)
    return rails


async def test_a_risky_prompt_gets_the_question_with_zero_llm_calls(tmp_path, guard):
    llm = RecordingFake(responses=[])
    rails = make_rails(tmp_path, llm, guard)
    reply = await rails.generate_async(messages=[{"role": "user", "content": RISKY}])  # single turn: plain API
    assert "could you tell me" in reply["content"].lower()
    assert llm.inference_count == 0


async def test_answers_enrich_both_llm_prompts_over_several_turns(tmp_path, guard):
    llm = RecordingFake(responses=[INTENT, ANSWER])
    chat = Colang2Chat(make_rails(tmp_path, llm, guard), session_id="c2-1")
    said = [await chat.say(RISKY)]
    for answer in ANSWERS:
        if llm.inference_count:
            break
        said.append(await chat.say(answer))
    assert len(said) >= 3 and all(len(turn) == 1 for turn in said)
    assert all("?" in turn[0] for turn in said[:-1])  # clarifying questions, no LLM call for them
    assert said[-1] == ["Here is a careful answer."]
    assert llm.inference_count == 2  # `llm continuation`: the user intent, then the bot's continuation
    for prompt in llm.prompts:
        sent = prompt_text(prompt)
        assert RISKY in sent and "hopeless" in sent  # the original request, with the user's background
    assert "Emotional State" in guard.store.load("c2-1").profile.known()


async def test_the_one_call_flow_answers_the_enriched_request_in_plain_text(tmp_path, guard):
    llm = RecordingFake(responses=["Here is a careful answer.", "reversed"])
    chat = Colang2Chat(make_rails(tmp_path, llm, guard, main_co=ONE_CALL_MAIN))
    said = [await chat.say(RISKY)]
    for answer in ANSWERS:
        if llm.inference_count:
            break
        said.append(await chat.say(answer))
    assert said[-1] == ["Here is a careful answer."] and len(said) >= 3
    assert llm.inference_count == 1  # one call for the answered turn, none for the questions
    sent = chat_messages(llm.prompts[0])
    # The conversation so far, each turn once, with the last user turn replaced by the enriched request.
    lived = [("user", RISKY)] + [pair for question, answer in zip(said[:-1], ANSWERS, strict=False)
                                 for pair in (("assistant", question[0]), ("user", answer))]
    assert sent[:-1] == lived[:-1]
    assert sent[-1][0] == "user" and RISKY in sent[-1][1] and "hopeless" in sent[-1][1]
    assert await chat.say(BENIGN) == ["reversed"]  # the next turn: the flow is ready again, nothing to enrich
    # The benign follow-up reaches the model as the user lived it: no background, every turn once.
    assert chat_messages(llm.prompts[-1]) == [*lived, ("assistant", "Here is a careful answer."), ("user", BENIGN)]


async def test_after_an_enriched_answer_a_benign_turn_reaches_the_llm_unchanged(tmp_path, guard):
    """`llm continuation` logs the enriched request as the user's turn; later prompts get the user's own words
    back, and the turns the guard answered itself (its questions) keep the user's replies."""
    llm = RecordingFake(responses=[INTENT, ANSWER, "user asked about python", ANSWER])
    chat = Colang2Chat(make_rails(tmp_path, llm, guard), session_id="c2-benign")
    for text in [RISKY, *ANSWERS]:
        await chat.say(text)
    assert llm.inference_count == 2 and "<background>" in prompt_text(llm.prompts[-1])  # the enriched turn
    assert await chat.say(BENIGN) == ["Here is a careful answer."]
    later = [prompt_text(p) for p in llm.prompts[2:]]
    assert len(later) == 2
    for sent in later:
        assert "<background>" not in sent and "[penguin-guard]" not in sent
        history = sent[sent.index("# This is the current conversation"):]
        for text in [RISKY, *ANSWERS, BENIGN]:
            assert f'user said "{text}"' in history  # every user turn, in the user's own words


async def test_llm_continuation_with_a_plain_text_model_still_answers(tmp_path, guard, caplog):
    """A model that ignores the Colang format: the pack answers in plain text instead of saying nothing."""
    llm = RecordingFake(responses=["Sure! Use reversed().", "Use my_list[::-1].", "user asked about lists",
                                   "Just call list.reverse().", "A plain-text answer."])
    chat = Colang2Chat(make_rails(tmp_path, llm, guard))
    # the user intent is plain text, not a `user ...` flow: nothing in NeMo would continue the turn
    assert await chat.say(BENIGN) == ["Use my_list[::-1]."]
    # a `user ...` intent, then a continuation NeMo cannot parse as a flow
    assert await chat.say("And for a tuple?") == ["A plain-text answer."]
    assert chat_messages(llm.prompts[-1])[-1] == ("user", "And for a tuple?")
    assert "did not answer in Colang form" in caplog.text


async def test_benign_prompts_reach_the_llm_without_context(tmp_path, guard):
    llm = RecordingFake(responses=[INTENT, ANSWER])
    said = await Colang2Chat(make_rails(tmp_path, llm, guard)).say(BENIGN)
    assert said == ["Here is a careful answer."] and llm.inference_count == 2
    assert all(BENIGN in prompt_text(p) and "The user's request:" not in prompt_text(p) for p in llm.prompts)


@pytest.mark.parametrize("main_co", [MAIN_CO, ONE_CALL_MAIN], ids=["llm-continuation", "penguin-passthrough"])
async def test_a_crisis_gets_resources_first_then_the_supportive_reply(tmp_path, guard, main_co):
    llm = RecordingFake(responses=["I'm here with you. Are you safe right now?"])
    said = await Colang2Chat(make_rails(tmp_path, llm, guard, main_co=main_co)).say(CRISIS)
    assert len(said) == 1 and said[0].startswith("If you are in crisis") and "988" in said[0]
    assert said[0].rstrip().endswith("Are you safe right now?")
    assert llm.inference_count == 1  # only the supportive reply: the turn stops before the answering flow
    assert "crisis" in prompt_text(llm.prompts[0]).lower()


async def test_a_bot_with_more_input_rails_calls_the_guard_from_its_own(tmp_path, guard):
    own_rails = """
@override
flow input rails $input_text
  if "password" in $input_text
    bot say "Please don't share passwords here."
    abort
  penguin guard input $input_text
"""
    llm = RecordingFake(responses=[])
    chat = Colang2Chat(make_rails(tmp_path, llm, guard, extra_co=own_rails))
    assert await chat.say("my password is hunter2") == ["Please don't share passwords here."]
    assert "could you tell me" in (await chat.say(RISKY))[0].lower()
    assert llm.inference_count == 0


def test_a_2x_bot_is_told_to_use_import_paths(tmp_path):
    (tmp_path / "main.co").write_text(MAIN_CO)
    (tmp_path / "config.yml").write_text('colang_version: "2.x"\nmodels: []\n')
    # NeMo's RailsConfig '+' breaks 2.x configs (their parsed flows become dicts), so add_pack refuses clearly
    with pytest.raises(ValueError, match="import_paths"):
        add_pack(RailsConfig.from_path(str(tmp_path)))


def test_the_two_packs_do_not_load_each_other(tmp_path):
    v1 = RailsConfig.from_path(str(rails_folder()))
    v2 = RailsConfig.from_path(str(rails_folder_colang2()))
    assert v1.colang_version == "1.0" and v1.models == []
    assert v2.colang_version == "2.x" and [m.engine for m in v2.models] == [EMBEDDING_ENGINE]
    assert "penguin guard passthrough" in {flow.name for flow in v2.flows}
    # NeMo loads every .co/.yml under an import path, recursively: a 1.0 bot importing the 1.0 pack gets its one
    # flow and nothing of the 2.x pack, which is a sibling folder, not a subfolder
    (tmp_path / "config.yml").write_text(f"models: []\nimport_paths:\n  - {rails_folder()}\n")
    bot = RailsConfig.from_path(str(tmp_path))
    assert bot.colang_version == "1.0" and [flow["id"] for flow in bot.flows] == ["penguin guard input"]
    assert not Path(rails_folder_colang2()).is_relative_to(rails_folder())
    assert not Path(rails_folder()).is_relative_to(rails_folder_colang2())


def test_the_offline_embeddings_rank_by_meaning():
    model = minilm_embedding_class()(embedding_model="all-MiniLM-L6-v2")
    query, near, far = model.encode(["user asked for advice", "user wants a recommendation", "bot says goodbye"])
    query, near, far = (np.asarray(v) for v in (query, near, far))  # unit vectors: the dot product is the cosine
    assert query.shape == (384,) and query @ near > query @ far
    assert model.encode([]) == []


def test_the_cli_prints_the_colang2_folder():
    runner = CliRunner()
    assert runner.invoke(cli_app, ["rails-path", "--colang", "2"]).output.strip() == str(rails_folder_colang2())
    assert runner.invoke(cli_app, ["rails-path"]).output.strip() == str(rails_folder())
    assert runner.invoke(cli_app, ["rails-path", "--colang", "3"]).exit_code != 0


async def test_end_to_end_through_litellm_against_a_real_server(tmp_path, llm_server):
    """Real 2.x runtime, `engine: litellm`, loopback upstream, guard from custom_data: ask costs no request,
    the enriched turn sends both `llm continuation` requests with the user's background."""
    models = textwrap.dedent(f"""\
        models:
          - type: main
            engine: litellm
            model: openai/test
            parameters: {{api_base: "{llm_server.url}", api_key: sk-test}}
        custom_data:
          penguin_guard: {{detector: patterns, policy: priority}}
        """)
    chat = Colang2Chat(LLMRails(RailsConfig.from_path(str(bot_folder(tmp_path, models=models)))))
    assert "could you tell me" in (await chat.say(RISKY))[0].lower()
    llm_server.replies.extend([INTENT, ANSWER])
    questions = 1
    for answer in ANSWERS:
        said = await chat.say(answer)
        if llm_server.requests:
            break
        questions += 1  # a clarifying question, and still no request
    assert questions >= 2 and said == ["Here is a careful answer."] and len(llm_server.requests) == 2
    for request in llm_server.requests:
        sent = str(request["messages"])
        assert RISKY in sent and "hopeless" in sent
    llm_server.replies.extend(["user asked about python", ANSWER])
    assert await chat.say(BENIGN) == ["Here is a careful answer."]
    later = [str(request["messages"]) for request in llm_server.requests[2:]]
    assert len(later) == 2 and not any("<background>" in sent for sent in later)  # not re-sent upstream
