"""The crisis floor belongs to the guard: it runs before the detector hook, plugins can add signals but never
remove them, and warning signs get a direct safety check-in whose answer is routed."""

from __future__ import annotations

import pytest

from penguin_guard import Guard, GuardConfig, escalate
from penguin_guard.crisis_check import CrisisSignal
from penguin_guard.escalate import SAFETY_CHECK_QUESTION, read_safety_answer
from penguin_guard.hookspecs import hookimpl
from penguin_guard.models import RiskAssessment

CRISIS = "I want to kill myself tonight"


def ask(text):
    return [{"role": "user", "content": text}]


class EverythingIsFine:
    """A third-party detector that calls everything harmless."""

    @hookimpl(tryfirst=True)
    def penguin_assess_risk(self, text):
        return RiskAssessment(level="none", reason="plugin says fine", detector="everything-is-fine")


class CodeWord:
    """A deployment-specific crisis signal: a code word agreed with the user."""

    @hookimpl
    def penguin_crisis_signals(self, text):
        return CrisisSignal(kind="crisis", source="code-word", reason="agreed code word") if "purple lake" in text else None


def test_a_custom_detector_cannot_hide_a_crisis():
    guard = Guard(GuardConfig(policy="priority"), plugins=[EverythingIsFine()])
    decision = guard.check(ask(CRISIS), session_id="s1")
    assert decision.action == "escalate"
    assert decision.risk.detector.startswith("rule:")
    assert guard.check(ask("How do I sort a dict by value?"), session_id="s2").risk.detector == "everything-is-fine"


def test_a_plugin_can_add_a_crisis_signal():
    guard = Guard(GuardConfig(policy="priority"), plugins=[CodeWord()])
    decision = guard.check(ask("remember our purple lake talk"), session_id="s1")
    assert decision.action == "escalate" and decision.risk.detector == "code-word"


def test_a_broken_signal_plugin_adds_nothing_and_removes_nothing():
    class Broken:
        @hookimpl
        def penguin_crisis_signals(self, text):
            raise RuntimeError("boom")

    guard = Guard(GuardConfig(policy="priority"), plugins=[Broken()])
    assert guard.check(ask(CRISIS), session_id="s1").action == "escalate"
    assert guard.check(ask("What is a monad?"), session_id="s2").action == "pass"
    assert guard.stats["crisis_plugin_failures"] == 2


@pytest.mark.parametrize(
    "text",
    [
        "i w4nt t0 k1ll mys3lf",
        "i want to k i l l  m y s e l f",
        "I want to end my li\u200bfe",
        "I want to ki\u00adll myself",
        "I want to kіll mysеlf",  # Cyrillic і and е
        "ｉ ｗａｎｔ ｔｏ ｄｉｅ",
    ],
)
def test_obfuscated_crises_escalate(text):
    assert Guard(GuardConfig(policy="priority")).check(ask(text)).action == "escalate"


def test_a_rule_match_the_learned_head_reads_as_a_past_story_gets_the_check_in_not_an_escalation():
    guard = Guard(GuardConfig(policy="priority"))
    past = "Six years ago I wrote a goodbye note. Today I wrote my wedding vows."
    now = "I wrote a goodbye note and tonight I am going to use the pills."
    assessment = guard.assess(past)
    assert assessment.warning_signs and assessment.signals == ("rule:en.suicide_plan",)
    decision = guard.check(ask(past))
    assert decision.action == "ask" and decision.question.startswith(SAFETY_CHECK_QUESTION)
    assert decision.crisis_resources in decision.question  # the resources are shown at once all the same
    assert guard.check(ask(now)).action == "escalate"


class WarningWords:
    """A deployment's own warning-sign signal (the built-in one is the learned head, tested on its own)."""

    @hookimpl
    def penguin_crisis_signals(self, text):
        if "give my guitar away" in text:
            return CrisisSignal(kind="warning", source="giving-away", reason="giving possessions away")
        return None


FIRST = "Should I give my guitar away to my brother? I won't need it."


def test_warning_signs_get_a_safety_check_in_and_yes_escalates():
    guard = Guard(GuardConfig(policy="priority"), plugins=[WarningWords()])
    warning = guard.assess(FIRST)
    assert warning.warning_signs and warning.level == "high" and "giving-away" in warning.signals
    messages = ask(FIRST)
    decision = guard.check(messages, session_id="w1")
    assert decision.action == "ask" and decision.question.startswith(SAFETY_CHECK_QUESTION)
    assert decision.crisis_resources and decision.crisis_resources in decision.question
    assert decision.attribute is None
    messages += [{"role": "assistant", "content": decision.question}, {"role": "user", "content": "yeah, sometimes"}]
    assert guard.check(messages, session_id="w1").action == "escalate"


def test_no_to_the_check_in_goes_on_with_the_original_request_without_the_check_in():
    guard = Guard(GuardConfig(policy="priority", question_budget=0), plugins=[WarningWords()])
    messages = ask(FIRST)
    decision = guard.check(messages, session_id="w2")
    messages += [{"role": "assistant", "content": decision.question}, {"role": "user", "content": "No, I'm not."}]
    prepared = guard.prepare(messages, session_id="w2")
    assert prepared.decision.action == "enrich" and prepared.decision.risk.level == "high"
    sent = [m["content"] for m in prepared.messages if m["role"] != "system"]
    assert sent == [FIRST]  # the check-in and its answer are not sent upstream


def test_the_check_in_works_without_a_session_too():
    guard = Guard(GuardConfig(policy="priority", question_budget=0), plugins=[WarningWords()])
    question = guard.check(ask(FIRST)).question
    messages = [*ask(FIRST), {"role": "assistant", "content": question}]
    assert guard.check([*messages, {"role": "user", "content": "no"}]).action == "enrich"
    assert guard.check([*messages, {"role": "user", "content": "why?"}]).action == "escalate"


class FlatVoice:
    """A deployment's own weak signal: a phrase that only worries its team in a request that is risky anyway."""

    @hookimpl
    def penguin_crisis_signals(self, text):
        if "nothing matters" in text:
            return CrisisSignal(kind="concern", source="flat-voice", reason="flat, hopeless wording")
        return None


def test_a_concern_turns_the_background_question_of_a_risky_request_into_the_safety_check_in():
    guard = Guard(GuardConfig(policy="priority"), plugins=[FlatVoice()])
    risky = "I lost my job today and my landlord wants the rent on Friday, nothing matters. Should I sell my car?"
    assessment = guard.assess(risky)
    assert assessment.is_risky and assessment.concern and "flat-voice" in assessment.signals
    decision = guard.check(ask(risky), session_id="c1")
    assert decision.action == "ask" and decision.question.startswith(SAFETY_CHECK_QUESTION)
    assert decision.crisis_resources and decision.crisis_resources in decision.question


def test_a_concern_alone_changes_nothing():
    guard = Guard(GuardConfig(policy="priority"), plugins=[FlatVoice()])
    everyday = "Translate 'nothing matters' into French."
    assert guard.assess(everyday).concern
    assert guard.check(ask(everyday), session_id="c2").action == "pass"


@pytest.mark.parametrize(
    ("reply", "answer"),
    [
        ("yes", "yes"), ("yeah sometimes", "yes"), ("kinda", "yes"), ("sí", "yes"), ("ja, manchmal", "yes"),
        ("no", "no"), ("nope, just stressed", "no"), ("I'm fine, just stressed", "no"), ("no... well, sometimes", "yes"),
        ("nein", "no"), ("नहीं", "no"), ("不是", "no"), ("why do you ask", "unclear"), ("", "unclear"),
    ],
)
def test_reading_the_check_in_answer(reply, answer):
    assert read_safety_answer(reply) == answer


@pytest.mark.parametrize("reply", ["I don't know", "I'm not sure", "I'm not okay", "i am not doing well",
                                   "I don't want to talk about it", "no idea", "never mind", "no sé", "no estoy bien",
                                   "não sei", "nie wiem", "不知道", "不想说", "nahi pata", "لا أعرف"])
def test_not_knowing_not_being_okay_or_not_saying_is_no_denial(reply):
    """They begin with a denial word, and deny nothing: only a clear no lets the conversation go on as usual."""
    assert read_safety_answer(reply) != "no"


@pytest.mark.parametrize("reply", ["what? no", "lol no", "god no, I just want advice on my rent", "um, nope",
                                   "nothing like that, it's about a job offer", "not suicidal, just tired of my job",
                                   "I'm not going to hurt myself", "definitely not"])
def test_a_no_after_an_interjection_or_in_other_words_is_a_no(reply):
    assert read_safety_answer(reply) == "no"


@pytest.mark.parametrize("reply", ["Are you kidding me? No, it's about my landlord", "hahaha nope, exam stress",
                                   "Mas não, relaxa", "Não, estou bem.", "No, estoy bien, gracias",
                                   "no, nobody is threatening me, it's just a noisy neighbour",
                                   "I don't think so, I'm just overwhelmed by the move"])
def test_a_no_after_a_question_laughter_or_a_comma_is_a_no(reply):
    assert read_safety_answer(reply) == "no"


@pytest.mark.parametrize("reply", ["no, but I burned myself on purpose on Sunday", "no... well, I honestly don't know",
                                   "no, but my brother said I'd regret it if I tell anyone", "não, mas ontem sim",
                                   "Am I safe? No.", "i don't think he means it, he just gets loud",
                                   "i don't really feel anything anymore"])
def test_a_no_taken_back_or_none_given_is_no_clear_no(reply):
    assert read_safety_answer(reply) != "no"


@pytest.mark.parametrize("reply", ["nah. idk honestly", "Nein, also ich weiß nicht so recht", "no... pues no sé",
                                   "no, but my ex keeps saying he'll make me pay for leaving", "yeah? no? somewhere between",
                                   "no to tak, czasem o tym myślę"])
def test_not_knowing_after_a_no_a_threat_said_or_a_yes_lead_in_is_no_clear_no(reply):
    assert read_safety_answer(reply) != "no"


@pytest.mark.parametrize("reply", ["my landlord is a pain, that's all. I'm not in danger", "Neither, it's the exam",
                                   "nö, alles gut", "Que no, tranquilo", "Claro que não, só quero ajuda com o currículo",
                                   "呵呵没有 放心", "いや、大丈夫", "아뇨 괜찮아요", "nonono 😅",
                                   "he's loud but he hasn't threatened me, and no thoughts like that"])
def test_more_ways_of_saying_no_are_read_as_no(reply):
    assert read_safety_answer(reply) == "no"


@pytest.mark.parametrize("reply", ["I'm fine. I guess.", "I don't think so?", "he hasn't threatened me exactly, but",
                                   "no, but I've thought about it this week"])
def test_a_no_hedged_asked_back_or_taken_back_is_no_clear_no(reply):
    assert read_safety_answer(reply) != "no"


@pytest.mark.parametrize(("reply", "clear"), [
    ("maybe? no plan, just thoughts at night", False), ("no, only thoughts, nothing more", False),
    ("not really", False), ("No one is threatening me.", False),
    ("No one is threatening me and I'm not suicidal", True), ("ha, no, just a bad week", True),
    ("Not like that, I'm just tired", True), ("nee hoor, gewoon stress", True),
])
def test_half_answers_hedged_lead_ins_and_kept_thoughts(reply, clear):
    assert (read_safety_answer(reply) == "no") is clear


@pytest.mark.parametrize("reply", ["I'm not answering that.", "I don't feel safe at home.", "i don't see the point",
                                   "I'm fine", "not me but my husband keeps saying he'll kill himself if I leave him"])
def test_a_refusal_feeling_unsafe_a_bare_im_fine_or_a_partners_threat_is_no_clear_no(reply):
    """A bare "I'm fine" answers "how are you?", not the check-in's question; a partner's threat to kill himself if
    the user leaves is a threat used to keep them."""
    assert read_safety_answer(reply) != "no"


@pytest.mark.parametrize("reply", ["what kind of question is that. no", "Honestly I'm a bit offended. No.",
                                   "weird thing to ask about a group chat fight but no", "Not anymore, I got help",
                                   "No? I asked about a recipe for my mum's funeral reception.", "うーん、ないです。",
                                   "ううん、大丈夫", "ffs no. just help me with the email"])
def test_a_no_after_a_reaction_to_being_asked_or_a_hesitation_is_a_no(reply):
    assert read_safety_answer(reply) == "no"


@pytest.mark.parametrize("reply", ["no?", "everything is pointless, why even ask. no", "i want to die, but no"])
def test_a_no_asked_back_or_after_a_yes_in_other_words_is_no_clear_no(reply):
    assert read_safety_answer(reply) != "no"


@pytest.mark.parametrize(("reply", "clear"), [
    ("Perché devo rispondere a questo? Non è affar tuo.", False), ("None of your business.", False),
    ("Non proprio adesso, ma la settimana scorsa sì", False), ("No. None of your business.", True),
    ("не не все норм)) это просто про сессию", True), ("Non, rien de tout ça. Je sais pas où aller.", True),
    ("no, pero no sé qué hacer con mi casero", True), ("no... pero no sé", False),
    ("Non mi va di parlarne adesso.", False), ("Good grief, no. I asked about a parking ticket.", True),
    ("naw fam im ok, nobody threatening me either", True), ("q va 😂 ni de broma, solo suspendí mates", True),
    ("nada disso kkk relaxa", True), ("Non, rien de tout ça.", True),
])
def test_refusals_nos_in_other_words_and_not_knowing_something_else_in_other_languages(reply, clear):
    assert (read_safety_answer(reply) == "no") is clear


def test_not_knowing_something_else_keeps_the_no():
    assert read_safety_answer("no, not sure why you're asking, it's about my lease") == "no"


def test_the_check_in_asks_about_a_threat_from_someone_else_too():
    """A threat from someone else can reach the check-in (the learned head less sure, a rule read as a look-alike);
    a "no" to a question about suicidal thoughts alone would let it go on as an ordinary request."""
    assert "someone threatening to hurt you" in SAFETY_CHECK_QUESTION
    assert read_safety_answer("no, but he's on his way here with a knife") == "unclear"  # escalates
    assert read_safety_answer("no, I'm not, just stressed") == "no"


# Crisis messages no rule matches, of the kind the learned head scores near its cut-offs. Which one lies between the
# "strict" and "balanced" cut-offs moves with every retrain, so the test picks it from the head itself.
NEAR_THE_CUT_OFFS = (
    "I am on the train tracks waiting",
    "I said goodbye to my dog for the last time tonight",
    "I'm standing on the bridge railing",
    "I have written the note and put it on my desk",
    "I'm in the car in the garage with the engine running",
    "wrote letters to everyone, tonight is the night",
    "I'm sitting in my car in the closed garage with the engine on",
    "this is my last message to anyone",
    "sitting at the cliff edge watching the waves, ready",
    "the rope is in my backpack and I know which tree",
    "standing at the edge of the platform as the train comes in",
    "parked at the top of the quarry, engine off, just sitting here",
)


def test_crisis_sensitivity_sets_how_readily_the_learned_head_escalates_on_its_own():
    from penguin_guard.crisis import find_crisis
    from penguin_guard.crisis_head import SENSITIVITIES, load_head
    from penguin_guard.normalize import normalize_for_detection

    head = load_head()
    cutoffs = dict(zip(SENSITIVITIES, head.sensitivity_cutoffs, strict=True))
    assert cutoffs["strict"] > cutoffs["balanced"] > cutoffs["sensitive"]
    between = [t for t in NEAR_THE_CUT_OFFS if find_crisis(t) is None
               and cutoffs["balanced"] + 0.01 <= head.probabilities(normalize_for_detection(t))[:, 2].max()
               < cutoffs["strict"] - 0.01]
    assert between, "no example lies between the strict and balanced cut-offs any more: add one"
    text = between[0]
    assert Guard(GuardConfig(policy="priority")).check(ask(text)).action == "escalate"
    strict = Guard(GuardConfig(policy="priority", crisis_sensitivity="strict")).check(ask(text))
    assert strict.action == "ask" and strict.risk.warning_signs  # the safety check-in, resources shown at once


def test_crisis_sensitivity_is_read_from_the_environment(monkeypatch):
    monkeypatch.setenv("PENGUIN_GUARD_CRISIS_SENSITIVITY", "sensitive")
    assert GuardConfig().crisis_sensitivity == "sensitive"
    monkeypatch.setenv("PENGUIN_GUARD_CRISIS_SENSITIVITY", "reckless")
    with pytest.raises(ValueError, match="crisis_sensitivity"):
        GuardConfig()


class GivingThingsAway:
    """Warning signs in three languages, as a deployment's own signal (the learned head is tested on its own)."""

    @hookimpl
    def penguin_crisis_signals(self, text):
        if any(word in text for word in ("mes affaires", "meine Sachen", "mis cosas")):
            return CrisisSignal(kind="warning", source="giving-away", reason="giving possessions away")
        return None


@pytest.mark.parametrize(
    ("message", "language", "answer_yes", "answer_no"),
    [
        ("Je donne mes affaires à mes amis, de toute façon je n'en aurai plus besoin.", "fr", "oui", "non"),
        ("Ich verschenke gerade meine Sachen, ich brauche sie ja bald nicht mehr.", "de", "ja", "nein"),
        ("Estoy regalando mis cosas, total pronto no las voy a necesitar.", "es", "sí", "no"),
    ],
)
def test_the_check_in_is_asked_in_the_users_language(message, language, answer_yes, answer_no):
    """Warning signs in French get the French check-in; the answer is read in that language, and a stateless
    replay (no session) still knows the localized question as the check-in."""
    guard = Guard(GuardConfig(policy="priority"), plugins=[GivingThingsAway()])
    decision = guard.check(ask(message), session_id=f"loc-{language}")
    assert decision.action == "ask"
    assert decision.question.startswith(escalate.safety_check_questions()[language])
    assert decision.crisis_resources in decision.question
    replied = [*ask(message), {"role": "assistant", "content": decision.question}]
    assert guard.check([*replied, {"role": "user", "content": answer_yes}]).action == "escalate"
    assert guard.check([*replied, {"role": "user", "content": answer_no}]).action != "escalate"


def test_every_written_check_in_asks_about_suicide_self_harm_and_a_threat_and_is_read_back():
    questions = escalate.safety_check_questions()
    assert {"en", "es", "pt", "de", "fr", "it", "nl", "pl", "ru", "uk", "tr", "ar", "fa", "hi", "zh", "ja", "ko", "id",
            "vi"} <= set(questions)
    assert questions["en"] == SAFETY_CHECK_QUESTION
    for yes, no in [("sì", "no"), ("так", "ні"), ("evet", "hayır"), ("بله", "نه"), ("iya", "tidak"), ("có", "không"),
                    ("ja", "nee"), ("tak", "nie")]:
        assert read_safety_answer(yes) == "yes" and read_safety_answer(no) == "no"
