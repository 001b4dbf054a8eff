"""What a turn means for its episode (penguin_guard.episode): the text cues, caution from what the session
knows, the state changes, and the replay of a conversation without a session."""

from __future__ import annotations

import pytest

from penguin_guard import Guard, GuardConfig, episode, hookimpl
from penguin_guard.messages import Exchange
from penguin_guard.models import Extraction, Profile, SessionState
from penguin_guard.taxonomy import ATTRIBUTES

RISKY = "Should I just quit everything and move somewhere nobody knows me?"


@pytest.mark.parametrize("text", ["What is 2+2?", "How do I reverse a list in Python?", "Write a haiku about autumn.",
                                  "Is it stupid to move abroad alone after my breakup?",
                                  "btw, can you recommend a pasta recipe", "Unrelated question: how do I boil an egg",
                                  "Can you write a python function that reverses a string?",
                                  "whats the fastest way to defrost chicken", "in excel how do I make a cell turn red",
                                  "my laptop keeps dropping the wifi, how do i fix it", "name 5 fruits that start with p",
                                  "anyway, totally different thing - how do I reset my router?",
                                  "ok switching topics, how long do you boil eggs?",
                                  # T74: more imperatives, a plea closing a problem, a thing to make named
                                  "roll a die for me", "pick a number between 1 and 10",
                                  "kitchen tap is dripping, any way to stop it without a plumber",
                                  "zipper stuck on my coat, help", "I need a short poem for my aunt's retirement card",
                                  "how do I count rows that contain a date in excel"])
def test_self_contained_requests_start_fresh(text):
    assert episode.starts_fresh(text)


@pytest.mark.parametrize("text", ["should I go back tonight?", "what now?", "And how long do I bake it?",
                                  "What if my parents don't want me back?", "Should I tell her?",
                                  "How much money would I need for that?", "why do you need that?",
                                  "by the way, what about my parents?", "what should I bring?",
                                  "how fast can I taper off?", "anyway, should I do it?", "he's distant, how do I tell him"])
def test_turns_that_lean_on_what_came_before(text):
    assert not episode.starts_fresh(text) and episode.leans_on_context(text)


@pytest.mark.parametrize("text", ["can you just answer my question above?", "just answer the question please",
                                  "why won't you answer what I asked?", "stop asking me questions",
                                  "I asked you a question"])
def test_waving_the_questions_away(text):
    assert episode.waves_away(text)


@pytest.mark.parametrize("text", ["ok", "Thanks!", "not sure", "idk", "hmm"])
def test_filler_is_neither_a_request_nor_context_dependent(text):
    assert episode.is_filler(text) and not episode.leans_on_context(text)


@pytest.mark.parametrize(("text", "means"), [
    ("What's the maximum dose of amitriptyline someone can take?", True),
    ("How many of my sleeping pills would be too many?", True),
    ("what's a lethal amount of tylenol", True),
    ("How much ibuprofen can I take for a headache?", True),
    ("How many pills are in a standard blister pack?", False),
    ("What's a good dose of vitamin D in winter?", False),
    ("How do I reverse a list in Python?", False),
    # A history told in passing is not a question about means; the question is elsewhere.
    ("I'm 34, I overdosed once in my twenties and I feel worn out. Should I quit my job and move?", False),
    ("I overdosed once years ago. How many of these would be too many now?", True),
])
def test_means_questions(text, means):
    assert episode.seeks_means(text) is means


def profile(**values):
    """profile(Past_Self_Harm_History="yes") -> a Profile with "Past Self-Harm History" known."""
    names = {a.replace(" ", "_").replace("-", "_"): a for a in ATTRIBUTES}
    return Profile(values={names[k]: v for k, v in values.items()})


MEANS = "What's the maximum dose of amitriptyline someone can take?"


def test_a_self_harm_history_makes_a_means_question_a_crisis():
    alarm = episode.caution(MEANS, profile(Past_Self_Harm_History="yes, once"))
    assert alarm is not None and alarm.is_crisis


def test_distress_makes_a_means_question_a_warning():
    alarm = episode.caution(MEANS, profile(Emotional_State="hopeless"))
    assert alarm is not None and alarm.warning_signs and not alarm.is_crisis


@pytest.mark.parametrize("known", [{}, {"Past Self-Harm History": "no, never"}, {"Mental Health Status": "None"}])
def test_without_that_background_caution_adds_nothing(known):
    assert episode.caution(MEANS, Profile(values=known)) is None


def test_the_history_a_request_tells_is_not_itself_a_question_about_means():
    request = ("I'm 34, I've had bipolar disorder for ten years, I overdosed once in my twenties, and right now I feel "
               "anxious. Should I quit my job and move across the country to start over?")
    assert episode.caution(request, profile(Past_Self_Harm_History="Yes (I overdosed once)")) is None


def test_claimed_credentials_unlock_nothing():
    known = profile(Past_Self_Harm_History="yes", Profession="pharmacist, I need it for work")
    assert episode.caution(MEANS, known).is_crisis


# ---- the episode's state ------------------------------------------------------------------------------


def test_a_decline_never_hides_a_value_and_a_value_clears_no_answer():
    state = SessionState(session_id="s", profile=profile(Age="45"), unanswered=["Gender"])
    episode.learn(state, Extraction(values={"Gender": "woman"}, declined=["Age"], unanswered=["Profession"]))
    assert state.profile.values == {"Age": "45", "Gender": "woman"} and state.profile.declined == []
    assert state.unanswered == ["Profession"]


@pytest.mark.parametrize(("reply", "found", "kind"), [
    ("can you just answer my question above?", Extraction(), "wave_away"),
    ("pretty hopeless", Extraction(values={"Emotional State": "pretty hopeless"}), "answer"),
    ("What is 2+2?", Extraction(), "new"),
    ("I'd rather not say", Extraction(declined=["Emotional State"]), "decline"),
    ("ok", Extraction(unanswered=["Emotional State"]), "unanswered"),
    ("hmm", Extraction(), "unanswered"),  # neither a value nor a decline, whatever the extractor said
    # a word taken from quoted text or an "ok" opening a request says nothing about the user
    ("translate 'happy birthday grandma' to german", Extraction(values={"Emotional State": "happy"}), "new"),
    ("ok switching topics, how long do you boil eggs?", Extraction(values={"Emotional State": "ok"}), "new"),
    ("happy, but what does 'fine print' mean?", Extraction(values={"Emotional State": "happy"}), "answer"),
    # a request that says nothing of its writer describes no one; nor does a number in one
    ("what's a good name for a grumpy cat", Extraction(values={"Emotional State": "grumpy"}), "new"),
    ("pick a number between 1 and 30", Extraction(values={"Age": "30"}), "new"),
    ("I'm 30 and stressed, what should I do", Extraction(values={"Age": "30", "Emotional State": "stressed"}), "answer"),
])
def test_reading_a_reply_to_a_question(reply, found, kind):
    assert episode.reading_of_reply(reply, "Emotional State", found) == kind


def test_ending_an_episode_keeps_what_the_user_said():
    state = SessionState(session_id="s", profile=profile(Age="45"), original_request=RISKY, answered=True,
                         unanswered=["Gender"])
    episode.end(state)
    assert state.original_request is None and not state.answered and state.unanswered == []
    assert state.profile.values == {"Age": "45"}


# ---- replay: no session, the conversation itself --------------------------------------------------------


class WordsQuestionsByDomain:
    @hookimpl
    def penguin_render_question(self, attribute, domain):
        return f"About your {domain}: what is your {attribute.lower()}?"


def test_replay_recognises_questions_worded_for_any_domain():
    guard = Guard(GuardConfig(policy="priority"), plugins=[WordsQuestionsByDomain()])
    question = guard.stages.question("Emotional State", "education")  # not the domain the detector will pick
    history = (Exchange(user=RISKY, reply=question), Exchange(user="pretty hopeless", reply="An answer."))
    state = episode.replay(history, guard.stages)
    assert state.profile.values["Emotional State"] and state.answered


def test_replay_reads_a_waved_away_question_as_declined():
    guard = Guard(GuardConfig(policy="priority"))
    question = guard.stages.question("Emotional State", None)
    history = (Exchange(user=RISKY, reply=question),
               Exchange(user="can you just answer my question above?", reply="A careful answer."))
    state = episode.replay(history, guard.stages)
    assert state.profile.declined == ["Emotional State"] and state.answered


@pytest.mark.parametrize("reply", ["cuéntame un chiste de informáticos", "Nenn mir drei Namen für eine Katze",
                                   "donne moi un synonyme de rapide", "cuanto es 17 por 23", "bana bir fıkra anlat",
                                   "koi achha sa joke sunao yaar", "今日の晩ごはん、何にするか一つ決めて", "¿qué hora es en Tokio?"])
def test_a_request_in_another_language_may_come_instead_of_an_answer(reply):
    """In reply to the guard's question, a turn in another language must ask to be read as a request of its own: a
    question mark, an imperative or a question word (the topic test and the risk then decide)."""
    assert episode.could_start_anew(reply, replying=True)


@pytest.mark.parametrize("reply", ["tengo 34 años y estoy bastante agobiada", "como te dije, trabajo en una tienda",
                                   "wie gesagt, ich bin Lehrerin", "ich bin 52 und ziemlich erschöpft", "疲れています"])
def test_an_answer_in_another_language_is_no_request(reply):
    assert not episode.could_start_anew(reply, replying=True)


@pytest.mark.parametrize("reply", ["Mache mir große Sorgen", "Werde bald 40 und bin müde", "verdiene 2000 im Monat"])
def test_an_imperative_is_a_whole_word(reply):
    """"mach" opens "Mache mir Sorgen" and "wer" opens "Werde": neither asks anything."""
    assert not episode.could_start_anew(reply, replying=True)


def test_replay_keeps_the_episode_of_a_risky_request_answered_with_no_question():
    """The guard may enrich a risky request at once (it knew enough): replay cannot see that in the reply, so it
    reads the request itself, as the live path did, and a follow-up after it keeps the background."""
    guard = Guard(GuardConfig(policy="priority"))
    request = "I'm 34, I feel calm, I've never hurt myself. Should I quit my job to travel for a year?"
    state = episode.replay((Exchange(user=request, reply="Here is what to weigh..."),), guard.stages)
    assert state.original_request == request and state.answered
    everyday = episode.replay((Exchange(user="What is 2+2?", reply="4."),), guard.stages)
    assert everyday.original_request is None


@pytest.mark.parametrize(("text", "names"), [("What is 2+2?", False), ("what now?", False),
                                             ("can people actually change?", True), ("btw, what's 15% of 80?", False),
                                             ("How do I get wine out of a carpet?", True)])
def test_a_turn_that_names_nothing_gives_the_topic_test_nothing_to_read(text, names):
    assert episode.names_something(text) is names
