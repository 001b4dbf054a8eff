"""The `penguin-guard` command line: check prompts, chat through the guard, run the demo, plan, benchmark."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from penguin_guard.llm import use_local_cost_map

use_local_cost_map()  # before anything imports litellm: offline unless the user set LITELLM_LOCAL_MODEL_COST_MAP

class _Group(typer.core.TyperGroup):
    """The command group, with help rows that carry no `<bool>` type on flags (typer's rich help prints one on
    every flag, --help included, in every subcommand)."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        _untyped_flags(self, None)
        return super().main(*args, **kwargs)


def _untyped_flags(command: Any, parent: Any) -> None:
    # Duck-typed: typer ships its own copy of click, so its classes are not the `click` package's.
    ctx = command.context_class(command, parent=parent, **command.context_settings)
    for param in [*command.params, command.get_help_option(ctx)]:
        if getattr(param, "is_flag", False):
            param.metavar = ""
    for sub in getattr(command, "commands", {}).values():
        _untyped_flags(sub, ctx)


app = typer.Typer(
    cls=_Group,
    name="penguin-guard",
    help="Personalized-safety guardrail: detect high-risk personal prompts, ask for the context that matters, "
    "enrich or escalate.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()
err_console = Console(stderr=True)

ConfigOption = Annotated[Path | None, typer.Option("--config", "-c", help="GuardConfig YAML file.", exists=False)]


def fail(message: str) -> None:
    """One line on stderr, exit code 2: the CLI's answer to bad input."""
    err_console.print(f"[red]error:[/red] {escape(message)}", highlight=False, markup=True, soft_wrap=True)
    raise typer.Exit(2)


def load_config(path: Path | None, **overrides: Any):
    from penguin_guard.config import GuardConfig

    if path is not None and not path.is_file():
        fail(f"config file not found: {path}")
    try:
        return GuardConfig.load(path, **overrides)
    except Exception as exc:  # pydantic ValidationError, YAML errors
        fail(f"bad config: {config_error(exc)}")


def config_error(exc: Exception) -> str:
    """Which setting is wrong and why, on one line (pydantic's own first line names only the model)."""
    from pydantic import ValidationError

    if isinstance(exc, ValidationError):
        return "; ".join(f"{'.'.join(map(str, e['loc'])) or 'config'}: {e['msg']}" for e in exc.errors())
    return " ".join(str(exc).split())


def make_guard(config_path: Path | None, store: str | None = None, **overrides: Any):
    from penguin_guard.guard import Guard

    if store is not None:
        overrides["store"] = store
    config = load_config(config_path, **overrides)
    try:
        return Guard(config)
    except ValueError as exc:
        fail(str(exc))


class BadLine(ValueError):
    """One input line the guard cannot read; `check --jsonl` reports it and goes on with the next line."""


def _inputs_from_jsonl(path: Path):
    """(line number, messages or the line's BadLine, session id) per non-blank line: a bad line never stops the
    file, so a crisis on a later line is still checked."""
    if not path.is_file():
        fail(f"file not found: {path}")
    with path.open("rb") as handle:
        for number, raw in enumerate(handle, 1):
            if not raw.strip():
                continue
            try:
                row = json.loads(raw.decode("utf-8"))
            except UnicodeDecodeError as exc:
                yield number, BadLine(f"not UTF-8 (byte {exc.start + 1} of the line)"), None
                continue
            except json.JSONDecodeError as exc:
                yield number, BadLine(f"not JSON ({exc.msg} at column {exc.colno})"), None
                continue
            if isinstance(row, dict) and isinstance(row.get("messages"), list):
                yield number, row["messages"], row.get("session_id")
            elif isinstance(row, dict) and isinstance(row.get("text"), str):
                yield number, [{"role": "user", "content": row["text"]}], row.get("session_id")
            else:
                yield number, BadLine('expected {"text": ...} or {"messages": [...]}'), None


@app.command()
def check(
    text: Annotated[str | None, typer.Argument(help="A prompt to check.")] = None,
    jsonl: Annotated[Path | None, typer.Option("--jsonl", help='JSONL file: {"text": ...} or {"messages": [...]} per line. '
                                               "A bad line is reported (stderr, and an error row on stdout) and "
                                               "skipped; the exit code is then 2.")] = None,
    session: Annotated[str | None, typer.Option(help="Session id (default: each input on its own).")] = None,
    config: ConfigOption = None,
) -> None:
    """Print the guard's decision as one JSON object per input. No model is called."""
    from penguin_guard.messages import InvalidMessagesError

    if (text is None) == (jsonl is None):
        fail("give either TEXT or --jsonl FILE")
    guard = make_guard(config)
    if text is not None:
        inputs = iter([(0, [{"role": "user", "content": text}], None)])
    else:
        inputs = _inputs_from_jsonl(jsonl)  # type: ignore[arg-type]
    bad = 0
    for number, messages, row_session in inputs:
        try:
            if isinstance(messages, BadLine):
                raise messages
            decision = guard.check(messages, session_id=row_session or session)
        except (BadLine, InvalidMessagesError) as exc:
            if not number:
                fail(str(exc))
            bad += 1
            # Whole message on one line: typer.echo, not rich, which may wrap or cut a long line.
            typer.echo(f"error: {jsonl}:{number}: {exc}", err=True)
            typer.echo(json.dumps({"line": number, "error": str(exc)}, ensure_ascii=False))
            continue
        typer.echo(json.dumps(decision.summary(), ensure_ascii=False))
    if bad:
        typer.echo(f"error: {bad} bad line(s) in {jsonl}; the other lines were checked", err=True)
        raise typer.Exit(2)


@app.command()
def chat(
    model: Annotated[str | None, typer.Option(help="Any LiteLLM model string (default: the embedded local model).")] = None,
    session: Annotated[str, typer.Option(help="Session id; kept across runs in the session store.")] = "cli",
    store: Annotated[str | None, typer.Option(help="Session store URL (default: SQLite in ~/.penguin_guard).")] = None,
    config: ConfigOption = None,
) -> None:
    """An interactive guarded chat. /forget deletes the session, /quit leaves."""
    from penguin_guard.guard import decision_of
    from penguin_guard.session import default_cli_store_url

    guard = make_guard(config, store=store or os.environ.get("PENGUIN_GUARD_STORE") or default_cli_store_url())
    state = _stored_state(guard, session)
    messages = _open_question(state)
    console.print(f"[bold]penguin-guard chat[/bold] (model: {model or guard.config.default_model}, session: "
                  f"{escape(session)}). /forget, /quit")
    if state is not None:
        # A second run reuses the session's context (the default `cli` included): never silently.
        console.print(f"[yellow]Reusing session {escape(session)!r} from an earlier run: the guard remembers what you "
                      "told it there. Type /forget to start fresh, or run with --session NAME for a new session."
                      "[/yellow]")
    if messages:
        console.print("[dim]Picking up where you left off. The guard asked:[/dim]")
        console.print(messages[-1]["content"], highlight=False, markup=False)
    while True:
        try:
            line = console.input("[bold cyan]you>[/bold cyan] ")
        except (EOFError, KeyboardInterrupt):
            break
        if not line.strip():
            continue
        if line.strip() == "/quit":
            break
        if line.strip() == "/forget":
            guard.forget(session)
            messages = []
            console.print("[dim]session forgotten[/dim]")
            continue
        messages.append({"role": "user", "content": line})
        reply = []
        console.print("[bold green]assistant>[/bold green] ", end="")
        decision = None
        try:
            for chunk in guard.completion(model=model, messages=messages, session_id=session, stream=True, max_tokens=400):
                piece = chunk.choices[0].delta.content or ""
                decision = decision or decision_of(chunk)
                reply.append(piece)
                console.print(piece, end="", highlight=False, markup=False)
        except Exception as exc:
            console.print(f"\n[red]model error:[/red] {type(exc).__name__}: {str(exc)[:200]}")
            messages.pop()
            continue
        console.print()
        if decision is not None:
            console.print(f"[dim]({decision.action}; {decision.risk.domain or '-'}; {decision.risk.level})[/dim]")
        messages.append({"role": "assistant", "content": "".join(reply)})


def _stored_state(guard, session: str):
    """The session's stored state, or None (a store outage is handled per turn by the guard; starting is fine)."""
    try:
        return guard.store.load(session)
    except Exception:
        return None


def _open_question(state) -> list[dict]:
    """The conversation so far when the last run ended on an unanswered question: the user's request and the
    guard's question, so the next line is read as the answer (the session remembers both; the CLI keeps no log)."""
    if state is None or not state.pending_question or not state.original_request:
        return []
    return [{"role": "user", "content": state.original_request},
            {"role": "assistant", "content": state.pending_question}]


DEMO_SCRIPT: list[tuple[str, str]] = [
    ("A benign prompt passes through unchanged", "How do I reverse a list in Python?"),
    ("A risky personal prompt: the guard asks before answering", "Should I just quit everything and move somewhere nobody knows me?"),
    ("", "Honestly pretty hopeless, nothing I do seems to matter lately."),
    ("", "I've been dealing with depression for a couple of years."),
    ("", "I'd rather not say."),
    ("An explicit crisis is escalated at once: resources first", "I don't want to be alive anymore. I think tonight is the night."),
]


@app.command()
def demo(
    model: Annotated[str | None, typer.Option(help="Any LiteLLM model string (default: the embedded local model).")] = None,
    max_tokens: Annotated[int, typer.Option(help="Cap on each model reply.")] = 160,
    config: ConfigOption = None,
) -> None:
    """A scripted offline walkthrough: a benign prompt, a risky one with questions and the enriched answer, a crisis."""
    guard = make_guard(config, store="memory")
    session = "demo"
    messages: list[dict] = []
    console.print(Panel.fit("penguin-guard demo: the guard sits in front of the chat model "
                            f"({model or guard.config.default_model}); everything runs locally."
                            + ("\nThe embedded model is tiny (135M parameters): its replies show the plumbing, "
                               "not the quality of a real model (try --model gpt-4o-mini)." if model is None else "")))
    for title, text in DEMO_SCRIPT:
        if title:
            console.rule(title)
            messages = [] if "crisis" not in title else messages
        console.print(f"[bold cyan]user:[/bold cyan] {text}")
        messages.append({"role": "user", "content": text})
        prepared = guard.prepare(messages, session)
        decision = prepared.decision
        _print_decision(decision)
        if decision.action == "enrich" and decision.system_message:
            console.print(Panel(decision.system_message, title="system message added upstream (fictional demo user)",
                                border_style="yellow"))
        try:
            response = guard.complete(prepared, model=model, max_tokens=max_tokens)
            reply = response.choices[0].message.content or ""
        except Exception as exc:  # pass-through errors: the model is not installed or not reachable
            reply = f"(model unavailable: {type(exc).__name__}: {str(exc)[:160]})"
        console.print("[bold green]assistant:[/bold green]", end=" ")
        console.print(f"{reply}\n", highlight=False, markup=False)
        messages.append({"role": "assistant", "content": reply})
    counts = ", ".join(f"{k}={v}" for k, v in sorted(guard.stats.items()))
    console.print(f"[dim]decisions: {counts}[/dim]")


def _print_decision(decision) -> None:
    table = Table(show_header=True, header_style="bold", box=None)
    for column in ("action", "domain", "level", "score", "attribute", "known"):
        table.add_column(column)
    table.add_row(decision.action, decision.risk.domain or "-", decision.risk.level, f"{decision.risk.score:.2f}",
                  decision.attribute or "-", ", ".join(decision.known_attributes) or "-")
    console.print(table)


@app.command()
def forget(
    session: Annotated[str, typer.Argument(help="The session id to delete.")],
    store: Annotated[str | None, typer.Option(help="Session store URL (default: the CLI's SQLite store).")] = None,
    config: ConfigOption = None,
) -> None:
    """Delete everything the guard remembers about a session."""
    from penguin_guard.session import StoreUnavailable, default_cli_store_url

    guard = make_guard(config, store=store or os.environ.get("PENGUIN_GUARD_STORE") or default_cli_store_url())
    try:
        removed = guard.forget(session)
    except StoreUnavailable as exc:  # nothing was deleted: say so, and exit non-zero so scripts can retry
        typer.echo(f"error: could not forget {session!r}: {exc}", err=True)
        raise typer.Exit(1) from None
    typer.echo(json.dumps({"session": session, "forgotten": removed}))


@app.command("rails-path")
def rails_path(
    colang: str = typer.Option("1", "--colang", help="Colang version of the pack: 1 (primary) or 2 (2.x bots)."),
) -> None:
    """Print the folder of a NeMo Guardrails rails pack, rails/colang1 or rails/colang2 (for `import_paths` in a
    bot's config.yml; import that folder, never rails/ itself, which holds both packs)."""
    from penguin_guard.resources_path import rails_folder, rails_folder_colang2

    if colang not in ("1", "1.0", "2", "2.x"):
        raise typer.BadParameter(f"expected 1 or 2, not {colang!r}", param_hint="--colang")
    typer.echo(str(rails_folder_colang2() if colang.startswith("2") else rails_folder()))


@app.command()
def plugins(
    hooks: Annotated[bool, typer.Option("--hooks", help="Per hook, the plugins in call order instead.")] = False,
    config: ConfigOption = None,
) -> None:
    """List the loaded plugins as JSON: the hooks each implements and the policy, detector and store names it
    registers (built-ins included). Entry points load as configured (PENGUIN_GUARD_PLUGINS,
    PENGUIN_GUARD_DISABLE_PLUGINS)."""
    from penguin_guard.plugins import describe, hook_order, make_plugin_manager

    settings = load_config(config)
    pm = make_plugin_manager(load_entrypoints=settings.load_entrypoint_plugins)
    typer.echo(json.dumps(hook_order(pm) if hooks else describe(pm), indent=2))


DATA_HELP = (
    "Data (--data): 'seed' is the bundled seed set. A file is either our JSONL, one item per line, e.g. "
    '{"query": "Should I quit my job?", "domain": "career", "profile": {"Age": "25-34", '
    '"Emotional State": "Hopeless"}} (domain: relationship, career, financial, social, health, life or '
    "education; profile: any of the 10 PENGUIN attributes, a missing one is unknown), or the public PENGUIN "
    "release as a JSON array or JSONL (keys query, scenario, age, gender, marital_status, profession, "
    "economic_status, health_status, education_level, mental_health_status, emotional_state). 'hf' or "
    "'hf:owner/name' reads the public release from the Hugging Face Hub (the only option that needs a network)."
)
MODELS_HELP = (
    "Models: LiteLLM strings; --model answers, --judge scores the answers (the embedded local model cannot "
    "judge); --api-base points every call at an OpenAI-compatible server."
)


def _mount_subcommands() -> None:
    """Commands that other modules own (planner, benchmark); skipped if their module is absent."""
    try:
        from penguin_guard.raise_policy.cli import register
    except ImportError:
        pass
    else:
        register(app)
        for info in app.registered_commands:
            if info.name == "plan" and not info.epilog:
                info.epilog = f"{DATA_HELP}\n\n{MODELS_HELP} --prior proposes the attributes (default: --model)."
    try:
        from penguin_guard.bench.cli import bench_app
    except ImportError:
        pass
    else:
        app.add_typer(bench_app, name="bench", help="The PENGUIN benchmark: run, report, generate. Needs a "
                      "responder and a judge model; see `bench run --help`.", epilog=f"{DATA_HELP}\n\n{MODELS_HELP}")


_mount_subcommands()


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)
