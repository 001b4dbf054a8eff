"""The embedded default model answers through LiteLLM with no key and no server (needs the [local] extra)."""

import pytest

pytest.importorskip("llama_cpp", reason="the [local] extra is not installed")

pytestmark = pytest.mark.slow


def test_local_model_answers_and_streams_through_litellm():
    import litellm

    from penguin_guard.llm import prepare_model

    prepare_model("local/smollm2")
    response = litellm.completion(model="local/smollm2", messages=[{"role": "user", "content": "Say hello."}], max_tokens=12)
    assert response.choices[0].message.content.strip()
    chunks = list(litellm.completion(model="local/smollm2", messages=[{"role": "user", "content": "Count to three."}],
                                     max_tokens=12, stream=True))
    assert "".join(c.choices[0].delta.content or "" for c in chunks).strip()


def test_the_demo_runs_offline_on_the_embedded_model():
    from typer.testing import CliRunner

    from penguin_guard.cli import app

    result = CliRunner().invoke(app, ["demo", "--max-tokens", "24"])
    assert result.exit_code == 0, result.output
    for expected in ("pass", "ask", "enrich", "escalate", "988"):
        assert expected in result.stdout
    assert "model unavailable" not in result.stdout
