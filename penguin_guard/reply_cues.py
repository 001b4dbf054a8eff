"""What a reply does to the question it answers, apart from the facts in it: declines it, waves it away, says
yes or no, hedges, or says nothing at all ("ok", "idk").

Why its own module: these cues decide whether an attribute is *declined* (never asked again), *unanswered*
(left unknown) or answered with a yes/no, and a mistake there is worse than a missed fact: a savings figure
read as "yes" to the self-harm question, or a work complaint read as a refusal. Bare answers ("yes", "nope",
"skip") are matched against the whole clause only; refusals and wave-aways anywhere in it.

Languages: English, Spanish, German, French, Portuguese, Italian, Hinglish (Hindi in Latin letters), Chinese and
a little Japanese. Chinese and Japanese patterns carry no word boundaries (the scripts have none). Patterns are
matched on lower-cased text with accents kept.
"""

from __future__ import annotations

import re
from typing import Literal

from penguin_guard import rules_id_ms, rules_ru_tr_ar_ko
from penguin_guard.regex_prefilter import prefiltered

__all__ = ["Answer", "bare_answer", "is_decline", "is_filler", "is_hedged"]

Answer = Literal["yes", "no", "soft-no"]

_I = re.IGNORECASE

# Refusals: the user will not say.
_REFUSAL = prefiltered(
    r"(?:\b(?:rather|prefer(?:red)?) not(?: to)?(?:\s+(?:say|answer|share|tell|talk|discuss|get into|go into|disclose|"
    r"comment|specify|mention|answer that|say that|go there)\b|\s*$)|"
    r"\b(?:don'?t|do not) (?:really |particularly |exactly )?(?:want|wanna|feel like|care|like) (?:to )?(?:say|answer|share|tell|talk|discuss|get into|go into|"
    r"disclose|get personal)|\bnot (?:comfortable|ready|willing|keen)(?: (?:sharing|answering|saying|talking|"
    r"to (?:say|share|answer|talk|discuss|get into)))?\s*(?:that|this|about (?:it|that|this))?\s*$|"
    r"\bnot comfortable (?:sharing|answering|saying|talking|with (?:that|this|the question))|"
    r"\bnone of (?:your|ur) (?:business|concern)|\bnot (?:your|ur) (?:business|concern)|\bmind your own|"
    r"^(?:that'?s|it'?s|this is|that is|kind of|a bit)?\s*(?:too )?(?:private|personal)(?: (?:matter|info|information|question|stuff))?\s*$|"
    r"\b(?:that'?s|it'?s|that is|it is|this is) (?:a )?(?:bit |little |too |very |really |pretty |quite |kind of |kinda |so )*"
    r"(?:private|personal)\b|"
    r"\bno comment\b|\bnot telling\b|\bwon'?t (?:say|answer|tell|share|go into)|\bnot (?:gonna|going to) "
    r"(?:say|answer|tell|share|get into|go into|talk about)|\bi (?:decline|pass)\b|\bi'?ll pass\b|\bpass on (?:that|this)|"
    r"\bkeep (?:that|this|it) to myself|\bdoesn'?t concern you|\blet'?s not (?:go there|talk about|get into)|"
    r"\bnot something i (?:want to |wanna |like to |care to )?(?:share|discuss|talk about|get into)|"
    r"\bnot (?:up|open) for discussion|\bi'?d rather keep|\bdo i have to (?:answer|say|tell)|"
    r"^(?:skip|pass|next|no thanks|no thank you|nope,? (?:not answering|pass|skip)|skip (?:it|this|that|this one|that one|"
    r"this question|the question|please)|next question|moving on|no comment|n/?a|prefer not|rather not|"
    r"can we skip(?: (?:it|this|that))?|let'?s skip(?: (?:it|this|that))?|i'?d like to skip(?: (?:it|this|that))?)"
    r"(?:\s*(?:please|pls|thanks|thank you))?\s*$|"
    r"\b(?:i'?m )?not (?:discussing|going to discuss|gonna discuss|sharing|answering) (?:that|this|it|my|about)\b|"
    r"\b(?:let'?s|i'?d like to|i'?ll|can we) leave (?:that|it|this) out\b|^(?:i'?m )?not going there$|"
    r"\bthat'?s all (?:you'?re|you are) (?:getting|gonna get|going to get)\b|"
    # Dutch, Polish, Chinese and Japanese
    r"^(?:liever niet|zeg ik liever niet|dat zeg ik (?:liever )?niet|geen commentaar)$|\bwil ik (?:liever )?niet "
    r"(?:zeggen|vertellen|over praten)|\bgaat je (?:niks|niets) aan|\bdat is privé\b|"
    r"\bwolę (?:nie|tego nie) (?:mówić|odpowiadać|powiedzieć|mowić|podawać)|\bnie chcę (?:o tym )?(?:mówić|odpowiadać|"
    r"rozmawiać)|\bto (?:sprawa )?prywatn\w+|^bez komentarza$|"
    r"不(?:太)?方便(?:说|讲|透露|回答)|不想(?:说|回答|讲|透露)|(?:这是|这个是|属于)隐私|保密|"
    r"言いたくない|答えたくない|言いたくありません|答えたくありません|内緒|ノーコメント|秘密です|"
    # Spanish
    r"\bprefiero no (?:decir|contestar|responder|hablar|compartir|decirlo|entrar en)|\bno quiero (?:decir|contestar|responder|"
    r"hablar|compartir|decirlo|entrar en)|\bno es (?:asunto|cosa) tuy[oa]|\bno te (?:importa|incumbe)|"
    r"\beso es (?:privado|personal)|\bsin comentarios|^(?:paso|siguiente|siguiente pregunta|omitir|sáltala|saltar)\s*$|"
    # German
    r"\b(?:möchte|will|würde) (?:ich )?(?:lieber )?(?:nicht|ungern) (?:sagen|beantworten|antworten|darüber reden|"
    r"teilen|verraten)|\blieber nicht\b|\bgeht (?:dich|sie|euch) nichts an|\bkeine angabe|\bkein kommentar|"
    r"\b(?:möchte|will|würde) ich (?:dazu )?nichts (?:dazu )?sagen|\bdazu (?:möchte|will|sage) ich nichts|"
    r"\b(?:behalte|behalt) ich (?:lieber )?für mich|\b(?:lieber|gern) für mich behalten|"
    r"\bno (?:te |se |os )?lo voy a decir|\beso no (?:te |se )?lo digo|"
    r"\brather keep (?:\w+ ){0,3}to myself|\bpaylaşmak istemiyorum|"
    r"\b(?:dazu|darüber|davon) (?:möchte|will|würde|mag) ich (?:(?:ehrlich gesagt|eigentlich|lieber|gerade|jetzt|"
    r"erstmal|echt) )*(?:nichts|nicht) (?:sagen|erzählen|verraten|reden|sprechen)|"
    r"\bdas ist (?:privat|persönlich)|\bdarüber (?:möchte|will) ich nicht|^(?:weiter|überspringen|nächste frage)\s*$|"
    # French
    r"\bje (?:préfère|préfèrerais|préférerais) ne pas (?:dire|répondre|en parler|partager|le dire)|"
    r"\bje (?:préfère|préfèrerais|préférerais) ne rien (?:dire|répondre|partager)|\bje ne (?:veux|souhaite) rien dire|"
    r"\bje (?:ne )?(?:veux|souhaite) pas (?:dire|répondre|en parler|partager|le dire)|\bça ne (?:vous|te) regarde pas|"
    r"\bça (?:vous|te) regarde pas|\bpas (?:vos|tes) (?:affaires|oignons)|\bpas de commentaire|\bsans commentaire|"
    r"\bc'est (?:privé|personnel)|^(?:je passe|suivant|question suivante|passer)\s*$|"
    # Portuguese
    r"\bprefiro não (?:dizer|responder|falar|compartilhar|comentar|entrar)|\bnão quero (?:dizer|responder|falar|compartilhar|"
    r"comentar)|\bnão é da (?:sua|tua) conta|\bsem comentários|\bisso é (?:privado|pessoal)|"
    r"^(?:pula|pular|próxima|próxima pergunta)\s*$|"
    # Hinglish
    r"\b(?:nahi|nahin|nai) (?:batana|bataunga|bataungi|bataenge|bolna|bolunga|bolungi)|"
    r"\b(?:batana|bolna|share karna) (?:nahi|nahin|nai) (?:hai|chahta|chahti)|\bmat (?:pucho|poocho|puchho)|"
    r"\b(?:share|discuss|baat|baatein) (?:nahi|nahin|nai) (?:karna|karni|karunga|karungi|karenge|karte)\b|"
    r"\b(?:aapko|apko|tumhe|tumko|tujhe) kya\b|\b(?:ye|yeh) (?:private|personal) (?:hai|baat hai)|"
    r"\bskip (?:karo|kar do|kijiye)|\b(?:private|personal) (?:hai|baat hai)\s*$|"
    # Italian
    r"\bpreferisco (?:non|di non) (?:dirlo|dire|rispondere|parlarne|parlare)|\bnon (?:voglio|mi va di) (?:dirlo|dire|rispondere|"
    r"parlarne|parlare)|\bnon sono affari (?:tuoi|vostri|suoi)|\bfatti (?:i )?(?:tuoi|gli affari tuoi)|"
    r"\b(?:è|e') (?:una cosa )?(?:privat[ao]|personale)|\bnessun commento|^(?:passo|salta|prossima domanda|avanti)\s*$|"
    # Chinese and Japanese (no word boundaries)
    r"不(?:想|愿意|方便|便)(?:说|讲|回答|透露|告诉|谈)|不告诉你|隐私|私事|无可奉告|跳过|"
    r"不关你的事|关你什么事|下一个问题|"
    r"言いたくない|答えたくない|秘密です|プライベート|ノーコメント|スキップ|"
    # indirect refusals, every language: "that stays between me and ...", "I'd rather keep that"
    r"\b(?:that'?s|it'?s|that stays|it stays|stays) between (?:me|us)\b(?! and i)|\bi'?m not (?:going|gonna) (?:into|there)|\bnot going into (?:that|it)\b|"
    r"\bnot now\s*$|\beso me lo guardo|\beso queda entre|\bme lo reservo|\bje garde ça pour moi|"
    r"\bdas behalte ich für mich|\bisso fica entre|\bmeglio di no\s*$|"
    # a topic one does not talk about, give out, or keeps private: "I don't give my gender", "I don't discuss money with
    # strangers", "my medical stuff is private", "nope, not going there", "daar wil ik het liever niet over hebben"
    r"\bi (?:don'?t|do not|never|won'?t) (?:want to |wanna |like to )?(?:give(?: out)?|share|discuss|disclose|reveal|"
    r"talk about|give away|hand out) (?:my|that|this|money|finances|personal|details|anything about)\b|"
    r"^(?:my|that|this|the|those|these|all that) (?:\w+ ){0,2}(?:is|are|'s|stays?) (?:kinda |pretty |very |a bit |strictly )?"
    r"(?:private|personal|confidential)(?:\s+(?:sorry|thanks|tbh|lol))?$|"
    r"^(?:(?:nope|nah|no|sorry|yeah|um+|uh+|ok|lol)\s+)+(?:i'?m\s+)?not (?:going|gonna go) there\b|"
    r"\bwil ik (?:het |dat )?(?:liever )?niet (?:\w+ )?(?:zeggen|vertellen|praten|hebben|delen|beantwoorden)|"
    r"\bdaar (?:praat|heb) ik (?:liever )?niet over|"
    r"就不(?:说|讲|提|谈)了|不(?:说|谈|讲)了吧|"
    # keeping a kind of fact private, skipping a part, not labelling oneself, not talking about a topic
    r"\b(?:prefer|rather|like|want|going) to keep (?:\w+ ){0,3}(?:private|to myself|personal)\b|"
    r"(?:^|\b(?:let'?s|can we|could we|please|i'?d like to|i'?ll|we can)\s+)(?:skip|pass on) (?:the|this|that) (?:\w+ )?"
    r"(?:part|question|one|bit|topic)\b|"
    r"\b(?:rather|prefer) not (?:to )?(?:label|define|specify|get into it|go into it|put a label on)\b|"
    r"\b(?:über|zu) (?:mein\w*|das|dies\w*) \w+ (?:rede|spreche|sage) ich nicht|\bdarüber (?:rede|spreche) ich nicht|"
    r"\bpréf[eè]re(?:rais)? ne pas (?:donner|préciser|indiquer|dire|répondre)|\bje ne (?:donne|dis) pas mon|"
    r"\bprefiero no (?:dar|decir|especificar|dar detalles)|\bprefiro não (?:dar|informar|especificar)|"
    r"\bpreferisco non (?:dare|specificare|indicare)|\bmöchte (?:ich )?(?:lieber )?nicht (?:angeben|preisgeben)|"
    # said without the formal negation or with the topic first: "sag ich nicht", "c'est perso, j'ai pas envie d'en
    # parler", "queste sono cose mie", "non mi va di condividerle", "wolę o tym nie mówić"
    r"\b(?:das )?(?:sag|sage|verrate|erzähl|erzähle) ich (?:dir |ihnen |euch )?(?:lieber )?nicht\b(?!\s*gern)|\bc'est perso\b|"
    r"\bj'?ai pas envie d'(?:en )?(?:parler|dire|répondre)|\bj'?ai pas envie de (?:dire|parler|répondre|le dire)|"
    r"\b(?:sono|son|queste sono|questi sono) (?:fatti|cose) mie?\b|\bnon mi va di (?:condivider\w*|dirlo|dire|spiegar\w*)|"
    r"\bwolę (?:o tym |tego )?nie (?:mówić|odpowiadać|mowić|pisać|podawać))",
    _I,
)

# Waving the question away: "just answer", "why does that matter", "stop asking".
_WAVE_AWAY = prefiltered(
    r"(?:\bjust (?:answer|tell me|help|give me|respond|reply|get to)|\banswer (?:my|the) (?:question|q)\b|"
    r"\bcan(?:'t)? you (?:just )?(?:answer|help|respond)|\bstop asking|\benough (?:with the )?questions|"
    r"\bwhy (?:do|would|does|did) (?:you|u|it|that|this) (?:need|want|ask|care|matter|have to know)|"
    r"\bwhy (?:does|would|should) (?:that|it|this|my \w+) (?:matter|be relevant|be important)|"
    r"\bwhy (?:is|would) (?:that|it|this) (?:relevant|important|needed|necessary|your business)|"
    r"\bwhat does (?:that|it|this|my \w+) (?:have to do|matter)|\bhow is (?:that|this|it) (?:relevant|important|"
    r"your business)|\bis (?:that|this|it) (?:really )?(?:necessary|relevant|important|needed)\b|\bwhy are you asking|"
    r"\bwhy (?:do|would) you ask|^(?:why|why\?+|what for|who cares|so what|does it matter|irrelevant|"
    r"(?:that'?s|it'?s) (?:irrelevant|not relevant|not important)|doesn'?t matter|it doesn'?t matter|"
    r"that doesn'?t matter|not relevant|not important)\s*$|\bi didn'?t ask (?:for|you)|\bnot what i asked|"
    r"\byou'?re not my (?:therapist|doctor|mom|mother)|\bquit asking|\byou don'?t need to know|"
    r"\bno need to know|\bthat'?s not (?:the point|relevant|important)|\bnone of that matters|"
    r"\bstop (?:with|the) (?:the )?questions|\bwhy so many questions|\btoo many questions|\bget to the point|"
    # Spanish
    r"\b(?:solo|sólo) (?:responde|contesta|dime|ayúdame)|\bresponde (?:a )?mi pregunta|\bcontesta (?:a )?mi pregunta|"
    r"\b(?:por qué|porque|pq|para qué) (?:importa|preguntas|quieres saber|necesitas saber|quiere saber|lo quieres saber)|\bqué importa|\bdeja de preguntar|"
    r"\bno importa\s*$|"
    # German
    r"\bbeantworte (?:einfach|doch|bitte)? ?(?:meine|die) frage|\bantworte (?:einfach|doch|bitte)|"
    r"\bsag mir (?:einfach|doch)|\bwarum (?:ist das|spielt das|willst du das|fragst du)|\bwieso (?:ist das|fragst du)|"
    r"\bwas spielt das für eine rolle|\bhör auf zu fragen|\btut nichts zur sache|\bist doch egal|\begal\s*$|"
    # French
    r"\bréponds? (?:juste |simplement )?(?:à )?ma question|\bréponds juste|\bdis[- ]moi juste|"
    r"\bpourquoi (?:c'est important|ça compte|tu demandes|vous demandez|tu veux savoir|ça t'intéresse|vous voulez savoir|"
    r"voulez-vous savoir|veux-tu savoir|cette question)|"
    r"\bqu'est-ce que ça (?:change|peut (?:te|vous) faire)|\barrête de (?:demander|poser des questions)|"
    r"\bpeu importe\s*$|\bça n'a rien à voir|"
    # Portuguese
    r"\b(?:só|apenas) (?:responde|responda|me diz|me diga|me ajuda)|\bresponde (?:a )?minha pergunta|"
    r"\bresponda (?:a )?minha pergunta|\bpor que (?:isso importa|você quer saber|pergunta)|\bpra que (?:isso|saber)|"
    r"\bpara de perguntar|\bnão importa\s*$|"
    # Hinglish
    r"\b(?:bas|sirf) (?:jawab|answer) (?:do|dijiye|de do|bolo)|\b(?:isse|isme|is se) (?:kya|kyaa) (?:matlab|lena|farak)|"
    r"\b(?:kyun|kyu|kyon) (?:jaanna|janna|puch rahe|pooch rahe|puchh rahe) |\b(?:kyun|kyu|kyon) (?:chahiye|puchna)|"
    r"\bsawal mat (?:pucho|karo)|\bmere sawal ka jawab|"
    # more wave-aways: "what's that got to do with it", "can we move on", "doesn't matter, just tell me"
    r"\bwhat'?s (?:that|it|this) got to do with|\bcan we (?:move on|get back to|talk about something else)|\blet'?s move on|"
    r"\bwhy (?:is|are) you asking|\bwhat difference does (?:it|that) make|\bi don'?t see (?:why|how) (?:that|it|this)|"
    r"\bwhat'?s it to you|\bnot (?:what|why) i'?m here(?: for)?\b|\bi came (?:here )?for (?:help|advice|an answer)|"
    r"\bskip the questions|\bstop prying|\bdoes (?:that|it|this) (?:really |even )?matter|\bhow does (?:that|it|this) matter|"
    r"\bno importa eso|\bpara qué (?:quieres|necesitas) saber|\bdas ist doch egal|\bwas soll die frage|"
    r"\bça ne vous regarde|\ben quoi ça (?:vous|te) regarde|\bisso não (?:importa|interessa)|\bnão interessa|"
    r"\b(?:y )?(?:eso )?qué tiene que ver|\b(?:y )?eso qué importa|\bcontéstame|\bvamos al grano|"
    r"\bwarum wollen sie das wissen|\bwarum willst du das wissen|\bwozu (?:willst du|wollen sie|brauchst du|brauchen sie)|"
    r"\bwas hat das (?:damit )?zu tun|\bspielt (?:doch )?keine rolle|"
    r"\bpourquoi (?:vous )?me (?:demandez|demandes)(?:-vous)? (?:ça|cela)|\bquel rapport\b|\bça change quoi|"
    r"\bque diferença faz|\bo que (?:isso|uma coisa) tem a ver|\bpor que (?:você )?(?:quer|precisa) saber|\bsó responde\b|"
    # Italian
    r"\b(?:ma )?che c'?entra|\bche importa|\bperché (?:me lo )?(?:chiedi|vuoi saperlo|lo vuoi sapere|ti interessa)|"
    r"\brispondimi (?:e basta|solo)|\brispondi (?:e basta|alla mia domanda)|\bnon è importante\s*$|\bsmettila di chiedere|"
    r"\ba cosa ti serve|^(?:me lo |ce lo |lo )?(?:chiedi|chiede|domandi|vuoi sapere|vuole sapere|vuoi saperlo)\s*$|"
    # Chinese and Japanese
    r"有什么关系|(?:直接|只要|就)回答|为什么(?:要)?(?:问|知道)|问这个(?:干嘛|干什么|做什么)|"
    r"别问了|这重要吗|なんで(?:聞く|そんなこと)|関係ない|いいから答えて|"
    # "who cares if ...", "what does school have to do with ...", "I just asked about dosages", "leave my feelings
    # out of it and answer"
    r"^who cares\b|\bwhat (?:does|do|has) (?:\w+ ){1,3}(?:have|got) to do with\b|"
    r"\bi (?:just|only) (?:asked|wanted to know|want to know) (?:about|for|how|what|if|whether)\b|"
    r"\b(?:chill|relax),? (?:bro|dude|man)?\s*$|^(?:bro|dude),? chill\b|"
    r"\blaisse[zr]? tomber (?:mes|ma|mon|les|la|le|ça)\b|\b(?:et )?réponds(?:-moi)?\s*$|\bet répondez\s*$|"
    r"\bno me (?:psicoanalices|analices|juzgues)\b|\b(?:solo|sólo) (?:responde|contesta)\s*$|"
    r"\blass (?:meine|die) \w+ (?:aus dem spiel|weg)\b|\blascia (?:stare|perdere) (?:i miei|le mie|il mio|la mia)\b|"
    r"\bdeixa (?:pra lá|de lado) (?:os meus|as minhas|meu|minha)\b)",
    _I,
)

# A whole clause that brushes the question aside ("eh, doesn't matter", "feelings aside", "laat maar", "lascia stare",
# "nieważne", "这个不重要吧"), optionally naming what it brushes aside ("doesn't matter how I feel"). Matched on the
# whole clause only: "it doesn't matter to me what they think" or "money aside from rent" say something else.
_DISMISSAL = prefiltered(
    r"^(?:(?:eh|meh|ah|oh|ugh|look|honestly|ok|okay|well|nah|yeah|anyway|so|but|and)\s+)*(?:"
    r"(?:it |that |this )?(?:doesn'?t|does not|don'?t) (?:really )?matter(?: (?:how|what|if|whether|who|where)\b.*| here| much)?|"
    r"(?:it'?s |that'?s )?(?:not|doesn'?t|does not) (?:important|relevant|matter)(?: here)?|irrelevant|(?:never ?mind|nvm)(?: (?:that|it|all that|the questions?))?|"
    r"forget (?:it|that|about (?:it|that))|skip (?:it|that|this)|(?:my |the |all )?(?:\w+ )?(?:feelings|emotions|"
    r"age|job|work|money|finances|health|gender|history|past|education|details|questions?|rest|personal stuff|that|all that) aside|"
    r"(?:\w+ )?is (?:just|only) a number|"
    # es, de, fr, pt, it
    r"da igual|olvídalo|olvidalo|déjalo|dejalo|eso da igual|no importa(?: eso)?|egal|ist (?:doch )?egal|vergiss es|"
    r"lass (?:es|das|mal)(?: gut sein)?|laisse tomber|osef|on s'en (?:fiche|fout)|je m'en (?:fiche|fous)|peu importe|"
    r"oublie(?:z)?(?: ça)?|deixa (?:pra|para) lá|esquece(?: isso)?|tanto faz|não importa|lascia (?:stare|perdere)|"
    r"lasciamo (?:stare|perdere)|non importa|fa niente|non (?:è|e') importante|"
    # nl, pl, hi-Latn
    r"laat (?:maar|dat maar|die vraag maar)|doet er niet toe|maakt (?:niet|niks) uit|boeit niet|"
    r"nieważne|nie ważne|mniejsza (?:z tym|o to)|zostaw to|daj spokój|to nie ma znaczenia|"
    r"(?:arre )?(?:ye|yeh|woh|wo)? ?(?:sab )?(?:chhodo|chodo|jaane do|jane do)|farak nahi padta|"
    # ru, uk, tr, ar, ko
    r"неважно|не важно|забей|проехали|неважливо|не важливо|байдуже|boşver(?: bunu)?|önemli değil|fark etmez|"
    r"(?:مش|مو|موش|ليس) مهم|ما (?:يهم|بهم)|خلّ?ي(?:نا|ك) من \S+|انسى|됐고|됐어요|상관없어요|"
    # zh, ja (no word boundaries)
    r"(?:这个|那个|这|那)?(?:不重要|无所谓|没关系)(?:吧|啦|了)?|算了(?:吧)?|别管(?:这个|了)?|"
    r"どうでもいい(?:です)?|それはいい(?:です)?|いいから"
    r")$",
    _I,
)
# A request that the question be dropped for the answer, in the languages without one above: "vertel nou gewoon
# wat", "dimmi solo come", "po prostu odpowiedz", "直接告诉我", "bas answer batao", "質問に答えて".
_JUST_ANSWER = prefiltered(
    r"(?:\bvertel (?:\w+ )?(?:nou |me )?gewoon\b|\bgeef (?:\w+ )?(?:nou )?gewoon (?:antwoord|een antwoord)|"
    r"\bbeantwoord (?:nou |gewoon |nou gewoon )*(?:mijn|de) vraag|"
    r"\bdimmi (?:solo|soltanto|e basta|semplicemente)\b|\brispondi(?:mi)? (?:solo|e basta|semplicemente)\b|"
    r"\bpo prostu (?:odpowiedz|powiedz|napisz|pomóż)|\bodpowiedz na (?:moje |to )?pytanie|"
    r"\b(?:bas|sirf) (?:answer|jawab|bata|batao|batado|bolo)\b|"
    r"直接(?:告诉|说|回答|给)|(?:你)?就告诉我|質問に答え|"
    # asking back why, or for the answer first: "lol why", "answer first", "why does everyone want my age"
    r"^(?:(?:lol|lmao|haha+|ugh|um+|uh+|bruh|ok|okay|hm+|wait)\s+)+why\s*$|\b(?:you )?answer (?:me )?first\b|"
    r"\bresponde(?:me)? primero|\bresponde primeiro|\bréponds(?:-moi)? d'abord|\bantworte (?:mir )?erst(?:mal)?\b|"
    r"\brispondi(?:mi)? prima\b|\bwhy (?:does|do) (?:everyone|everybody|every \w+|people|you all|this thing) "
    r"(?:want|need|ask)|\b(?:isn'?t|aren'?t|is not|are not|not) (?:really |exactly |even )?the point\b|"
    r"関係な(?:い|くない|いでしょ)|いいから(?:教えて|答えて)|とにかく(?:教えて|答えて)|(?:跟|和)这有什么关系|你先回答|别问了|"
    # "zeg nou gewoon welke", "qué más da la edad, contesta a lo que te he preguntado", "da igual eso, tú dime",
    # "别管我多大了，快告诉我"
    r"\bzeg (?:\w+ )?(?:nou |me |het )?gewoon\b|\bqué más da\b|\bcontesta(?:me)? (?:a )?lo que te (?:he )?pregunt\w+|"
    r"\bda igual eso\b|别管我|快(?:点)?告诉我)",
    _I,
)

_YES = prefiltered(
    r"^(?:yes|yeah|yep|yup|yea|ya|yah|yess+|yes i have|yes i did|yes i do|yeah i have|yeah i did|i have|i did|i do|"
    r"i have yes|i had|correct|true|affirmative|sadly yes|unfortunately yes|afraid so|i'?m afraid so|"
    r"sí|si|claro|así es|sí he|ja|jawohl|jap|jo|leider ja|oui|ouais|malheureusement oui|sim|é|infelizmente sim|"
    r"haan|haa|han|ha|ji|ji haan|hanji|haan ji|sì|purtroppo sì|certo|是|是的|有|有过|对|はい|あります|"
    r"tak|no tak|chyba tak|niestety tak|jawel|ja hoor|helaas wel|helaas ja)"
    r"(?:\s*(?:i have|i did|i do|sadly|unfortunately))?$",
    _I,
)
_NO = prefiltered(
    r"^(?:no+|nope|nah|nay|never|not ever|never ever|none|nothing|not at all|no never|nope never|no,? not at all|"
    r"i haven'?t|i have not|haven'?t|i don'?t|i do not|i didn'?t|i did not|no i haven'?t|no i have not|no i don'?t|"
    r"no i didn'?t|no way|negative|absolutely not|definitely not|thankfully no|thankfully not|luckily no|no thankfully|"
    r"nunca|jamás|jamas|no nunca|nada|ninguno|ninguna|nunca jamás|para nada|"
    r"nein|nie|niemals|nö|nee|keine|nichts|noch nie|nein nie|gar nicht|"
    r"non|jamais|non jamais|aucun|aucune|rien|pas du tout|"
    r"não|nao|nunca|nenhum|nenhuma|de jeito nenhum|"
    r"nahi|nahin|nai|na|kabhi nahi|kabhi nahin|nahi kabhi|bilkul nahi|bilkul nahin|kuch nahi|kuch nahin|"
    r"mai|no mai|mai mai|niente|nessuno|nessuna|per niente|assolutamente no|no grazie al cielo|"
    r"没有|没|没有过|从来没有|从来没有过|从没有过|从没|不是|不|绝对没有|いいえ|ないです|ありません|"
    r"nooit|nee nooit|nee hoor|helemaal niet|nigdy|nie nigdy|nigdy w życiu|absolutnie nie|"
    r"いいえ 一度もありません|一度もありません|一度もない|ありません|いいえ ありません|ないです|いいえ ないです)$",
    _I,
)
_SOFT_NO = prefiltered(
    r"^(?:not really|no not really|nah not really|not really no|not that i know of|not that i remember|"
    r"not that i recall|not that i'?m aware of|i don'?t think so|don'?t think so|i don'?t believe so|"
    r"not as such|not officially|not exactly|hardly|rarely|"
    r"realmente no|no realmente|no creo|eigentlich nicht|nicht wirklich|ich glaube nicht|pas vraiment|je ne crois pas|"
    r"je crois pas|não muito|na verdade não|acho que não|nahi shayad|shayad nahi|zyada nahi|non proprio|non credo|"
    r"non molto|不太|不怎么|应该没有|好像没有)$",
    _I,
)
_FILLER = prefiltered(
    r"^(?:ok(?:ay)?|okie|k+|kk|alright|all right|sure|fine by me|hmm+|hm+|um+|uh+|er+|erm|eh+|idk|idek|i don'?t know|"
    r"i dont know|dunno|don'?t know|not sure|i'?m not sure|im not sure|unsure|no idea|no clue|maybe|perhaps|possibly|"
    r"whatever|lol|lmao|haha+|thanks|thank you|thx|ty|cool|got it|i see|right|sure thing|good question|"
    r"hard to say|it depends|depends|i guess|i suppose|who knows|can'?t say|couldn'?t say|not certain|"
    r"vale|bueno|no sé|no se|no lo sé|no lo se|nose|ni idea|quizás|quizas|quizá|tal vez|a lo mejor|"
    r"weiß nicht|weiss nicht|keine ahnung|vielleicht|na ja|naja|ok danke|"
    r"je sais pas|je ne sais pas|j'sais pas|chais pas|aucune idée|peut-être|peut être|bof|d'accord|ouais bon|"
    r"weet ik niet|ik weet het niet|weet niet|geen idee|misschien|oké|nie wiem|nie mam pojęcia|może|dobra|"
    r"わかりません|分かりません|わからない|分からない|たぶん|さあ|"
    r"não sei|nao sei|sei lá|sei la|talvez|tá|ta|beleza|"
    r"pata nahi|pata nahin|maloom nahi|malum nahi|shayad|theek hai|thik hai|acha|accha|achha|"
    r"boh|non so|non lo so|forse|va bene|vabbè|grazie|mah|"
    r"好|好的|嗯嗯|哦|不知道|不清楚|也许|可能吧|谢谢|随便|わからない|わかりません|ありがとう|meh|tja|nou ja|allez)"
    # a run of them is filler too: "ok cool", "ok ok", "hmm idk", "tja, keine Ahnung"
    r"(?:[\s,.!…]+(?:ok(?:ay)?|okie|k+|kk|cool|sure|hmm+|um+|uh+|eh+|idk|lol|haha+|thanks|thx|ty|whatever|"
    r"no idea|dunno|not sure|meh|tja|naja|keine ahnung|bof|boh|mah|vale|bueno|beleza|acha|theek hai))*$",
    _I,
)
_HEDGE = prefiltered(
    r"\b(?:i think|i guess|i suppose|maybe|might|probably|possibly|perhaps|kind of|kinda|sort of|sorta|not sure|"
    r"i suspect|self[- ]diagnosed|undiagnosed|not diagnosed|never diagnosed|not officially|i'?m not certain|"
    r"could be|a little|a bit|sometimes|on and off|not really|creo que|quizás|tal vez|vielleicht|ich glaube|"
    r"peut-être|je pense|talvez|acho que|shayad)\b",
    _I,
)
_TRIM = prefiltered(r"[\s,.;:!?()\"…؟،]+")
# Russian, Ukrainian, Turkish, Arabic, Korean, Indonesian and Malay: their words live with the rest of those
# languages' rules.
_LANGUAGES = (rules_ru_tr_ar_ko, rules_id_ms)
_MORE_DECLINE = prefiltered(r"(?<!\w)(?:" + "|".join(f"{m.DECLINE}|{m.WAVE_AWAY}" for m in _LANGUAGES) + ")", _I)
_MORE_YES = prefiltered(r"^(?:" + "|".join(m.YES_WORDS for m in _LANGUAGES) + ")$", _I)
_MORE_NO = prefiltered(r"^(?:" + "|".join(m.NO_WORDS for m in _LANGUAGES) + ")$", _I)
_MORE_FILLER = prefiltered(r"^(?:" + "|".join(m.FILLER_WORDS for m in _LANGUAGES) + ")$", _I)


# The question called beside the point, or the topic kept back, in the frames that carry it whatever the topic:
# "age is irrelevant here", "I keep my medical stuff to myself", "my feelings don't matter right now", "forget the
# background stuff", "let's keep my feelings out of it", "don't worry about that", "eso no
# viene al caso", "q mas da", "je préfère ne pas parler de", "peu importe comment", "não me sinto à vontade para
# responder", "isso n importa", "lascia stare la psicologia", "to nieistotne", "ga penting itu", "مش مهم عمري",
# "伏せておきたい", "밝히고 싶지 않아요", "그건 됐고요".
_BESIDE_THE_POINT = prefiltered(
    r"(?:\b(?:is|'s|are|'re) (?:totally |completely |kind of |kinda )?(?:irrelevant|beside the point)\b|"
    r"\bkeep (?:my|that|this|it|those|these) (?:[\w-]+ ){0,2}to myself\b|"
    r"(?:\b(?:my|the)\s+|^)(?:age|job|work|income|money|finances|health|gender|marital status|history|past|education|degree|"
    r"feelings|emotions|mental health|background|details|personal (?:stuff|life)) (?:don'?t|doesn'?t|do not|does not|"
    r"shouldn'?t) (?:really )?matter\b(?!\s+(?:to me|anymore|any more|as much|much to me))|"
    r"\bforget (?:the|all the|about the|all that) (?:background|questions?|details|personal stuff|rest|small talk)\b|"
    r"\b(?:keep|leave) (?:my|the) (?:[\w-]+ ){1,2}out of (?:it|this)\b|\bdon'?t worry about (?:that|it|this)\b|"
    r"\b(?:i )?(?:just )?need (?:a |an )?(?:straight|quick|direct|simple|clear) (?:answer|yes or no)\b|"
    r"\b(?:no importa|da igual|non importa|não importa|nao importa|egal|nieważne|nie ważne|peu importe) (?:cómo|como|come|wie|jak|comment) "
    r"(?:me siento|estoy|mi sento|sto|me sinto|eu me sinto|ich mich fühle|es mir geht|się czuję|je me sens|je vais)\b|"
    r"\bno (?:voy a|pienso) (?:contestar|responder|decir)\b|"
    # "I'm not ready to talk about that", "can we not", "not doing the feelings thing", "skip all that", "that doesn't
    # matter right now", "don't need to get into that", "isso não te vou dizer", "tanto faz
    # como eu to", "não vem ao caso", "non è importante come mi sento", "das möchte ich nicht teilen", "그게 뭐가 중요해요"
    r"\b(?:i'?m |i am )?not (?:ready|comfortable|going) to (?:talk|get into|go into|discuss)\b|\bi'?m not talking about (?:that|it|this)\b|"
    r"^(?:can we not|let'?s not|skip (?:all )?(?:that|this|it))\b|\bnot doing the \w+ thing\b|"
    r"^(?:that |it )?(?:doesn'?t|does not) matter (?:right now|for this|for now|here)\b|"
    r"\b(?:don'?t|do not) (?:need|want) to get into (?:that|this|it)\b|"
    r"\bnão (?:te |lhe )?vou (?:dizer|responder|contar)\b|\btanto faz como\b|"
    r"\bnão vem ao caso\b|\b(?:non è|no es|não é|n'est pas) importante? (?:come|cómo|como|comment)\b|"
    r"\b(?:möchte|will|werde) ich (?:hier )?nicht (?:teilen|sagen|beantworten|verraten)\b|"
    r"말씀드리고 싶지 않\S*|뭐가 중요해\S*|"
    r"\b(?:es|son) cosa mía\b|\bno viene al caso\b|\bq(?:ue|ué)? m[aá]s da\b|"
    r"\bje préfère ne pas (?:parler|dire|répondre|en parler|donner)\b|\bpeu importe (?:comment|ce que|si|mon|ma|mes|le|la|les)\b|"
    r"\bnão me sinto à vontade (?:para|pra) (?:responder|falar|dizer)\b|\bisso (?:n|não|nao) importa\b|"
    r"\blascia (?:stare|perdere) (?:la|il|lo|le|i|gli|l')\b|\bnieistotne\b|\bich brauch(?:e)? keine (?:fragen|fragebögen|"
    r"rückfragen)\b|\b(?:ga|gak|nggak|ngga|enggak|tidak) penting(?: itu)?\b|\bboşver\b|(?:مش|مو|ليس) مهم|"
    r"伏せておきたい|(?:とか|は)いいんで|밝히고 싶지 않\S*|그건 됐고\S*)",
    _I,
)


def _bare(text: str) -> str:
    return " ".join(_TRIM.sub(" ", text.lower()).split())


# Refusals said as what the user does not give out, and questions said to be beside the point, in the frames that
# carry them whatever the topic: "I'm not giving my age to a chatbot", "not comfortable discussing finances", "I don't
# share health info online", "my finances are my business", "I'd rather skip that one", "that's all I'm sharing",
# "my job isn't relevant here", "that has nothing to do with it", "je préfère garder ça pour moi", "c'est ma vie
# privée", "wolałbym tego nie mówić", "daar ga ik liever niet op in", "не хочу это указывать".
_WITHHOLD = prefiltered(
    r"(?:\b(?:i'?m |am )?not (?:giving|sharing|telling|disclosing|putting|typing) (?:you |out |a chatbot |an ai |the bot )?"
    r"(?:my|that|this|those|these|numbers|details|any|specifics|figures)\b|"
    r"\bnot (?:comfortable|keen on|ok with|okay with) (?:discussing|giving|disclosing|revealing|getting into|talking about)\b|"
    r"\bi (?:don'?t|do not|never|won'?t) (?:share|give out|post|put|discuss|disclose) (?:my |any )?(?:\w+ ){0,2}"
    r"(?:info|information|details|stuff|data)\b|"
    r"\b(?:is|are|'s|'re) (?:my|our) (?:own )?(?:business|affair|concern)\b|"
    r"\b(?:rather|prefer to|like to|want to|wanna|gonna|going to) skip\b|"
    r"\bthat'?s all i'?m (?:sharing|saying|telling|giving|going to say|gonna say)\b|"
    r"\b(?:isn'?t|is not|aren'?t|are not|not) (?:really )?relevant (?:here|to (?:this|that|it|my question|what i asked))\b|"
    r"\b(?:has|have|'s got|has got|got) (?:nothing|nothin'?|zero|little) to do with (?:it|this|that|anything|my question|"
    r"what i asked)\b|\b(?:doesn'?t|does not|won'?t|wouldn'?t) change (?:the|your) answer\b|\binterrogat\w*\b|"
    r"\bi (?:asked|was asking) about (?:\w+ ){1,4}not (?:my|about)\b|"
    # French, Polish, Dutch, Spanish, Portuguese, Italian, German, Russian
    r"\b(?:garder|garde|gardé) (?:ça|cela|ceci|tout ça) pour moi\b|\bje n'?ai pas envie d'(?:en )?(?:dire|parler|répondre|en parler)|"
    r"\bje n'?ai pas envie de (?:dire|parler|répondre|le dire|en parler)|\bma vie privée\b|"
    r"\bwolał(?:a)?bym (?:tego )?nie\b|\bnie (?:chcę|chce) (?:tego )?(?:podawać|zdradzać|pisać)\b|"
    r"\b(?:liever )?(?:niks|niets) over kwijt\b|\bga ik (?:liever )?niet (?:op )?in\b|\bhoud? ik (?:liever )?voor mezelf\b|"
    r"\bme (?:lo )?guardo para mí\b|\bprefiero guardármelo\b|\bprefiro guardar (?:isso )?para mim\b|"
    r"\b(?:lo |la )?tengo per me\b|\bpreferisco tenerlo per me\b|\bgeht niemanden (?:was|etwas) an\b|"
    r"(?<!\w)не (?:хочу|буду) (?:это |этого |об этом |про это )?(?:указывать|писать|сообщать|раскрывать|обсуждать)(?!\w)|"
    r"(?<!\w)не (?:хочу|буду) (?:це |про це )?(?:вказувати|писати|розповідати|обговорювати)(?!\w))",
    _I,
)


# Refusals and brush-offs in more of the words people use, mostly in the other languages read: "no lo quiero hablar",
# "es algo mío", "da igual en qué trabaje", "deixa isso pra lá", "daar wil ik liever niet op ingaan", "ça ne regarde
# que moi", "usse kya farak padta hai", "年齢はどうでもいい", "말씀드리기 좀 그래요", "나이는 상관없고요", and in English
# "not comfortable putting numbers in here", "skip the questionnaire".
_DECLINE_MORE = prefiltered(
    r"(?:\bno (?:lo |la )?quiero (?:hablar|contar|decir)|\bno quiero hablar(?:lo)? (?:de|sobre) (?:eso|esto)|"
    r"\bes algo (?:mío|personal)\b|\bda igual (?:en |lo |cu[aá]nt|qu[eé]|si\b)|\bqué más da\b|"
    r"\bdeixa (?:isso )?(?:pra|para) lá\b|\bisso não importa\b|\bnão (?:interessa|importa) (?:isso|agora)\b|"
    r"\bwil ik (?:liever )?niet (?:op )?(?:ingaan|in gaan|zeggen|vertellen)\b|\bdoet er niet toe\b|"
    r"\bça ne regarde que moi\b|\bça me regarde\b|\bça n'a pas d'importance\b|"
    r"\b(?:usse|isse|us se|is se|isme|usme) (?:kya|koi) (?:farak|fark) (?:padta|padega|pdta)\b|\bbas (?:ye|yeh|yah) batao\b|"
    r"どうでもいい|(?:言いたく|答えたく|話したく)(?:ない|ありません)|"
    r"말씀드리기 (?:좀 )?(?:그래요|어려워요|곤란해요)|상관없(?:고요|어요|어)|말하기 (?:좀 )?그래요|"
    r"\bnot comfortable (?:putting|sharing|saying)\b|\bnot something i'?m (?:going to|gonna|willing to|about to) (?:share|say)\b|"
    r"\bkeeping (?:my|that) (?:[\w-]+ ){0,2}out of (?:this|it)\b|\bskip the (?:questionnaire|questions|interview)\b|"
    r"\bthat'?s not what (?:this|i'?m asking) is about\b|\bthat'?s not what i'?m asking\b|"
    r"\b(?:woh|wo|ye|yeh) sab chhodo\b|\bbas itna batao\b|"
    r"\b(?:eso |esto )?da igual\b(?! que)|\b(?:isso )?n[aã]o vem ao caso\b|\bnichts zur sache\b|"
    r"\bpreferirei non (?:rispondere|dirlo|parlarne)\b|\bnon mi va(?: di (?:dirlo|parlarne|rispondere))?\b(?!\s+(?:bene|giù))|"
    r"\bwolał(?:a)?bym (?:o tym |tego )?nie (?:mówić|odpowiadać|pisać)\b|"
    r"\b(?:nggak|gak|ga|tidak|enggak) mau (?:aku |saya )?(?:share|jawab|cerita|bilang)\b|"
    r"ما (?:أحب|احب|ابي|أبي|بدي|أبغى|ابغى) (?:أتكلم|اتكلم|أحكي|احكي)|"
    r"(?:不太|不)想(?:说|回答|讲)|それ関係ある|いいから|그게 중요해요|(?:그 얘기는|그건) 하고 싶지 않아요)",
    _I,
)


def is_decline(text: str) -> bool:
    """A refusal ("I'd rather not say", "skip") or a wave-away ("can you just answer my question?")."""
    low = _bare(text)
    return bool(low and (_REFUSAL.search(low) or _WAVE_AWAY.search(low) or _MORE_DECLINE.search(low)
                         or _DISMISSAL.match(low) or _JUST_ANSWER.search(low) or _WITHHOLD.search(low)
                         or _BESIDE_THE_POINT.search(low) or _DECLINE_MORE.search(low)))


def bare_answer(text: str) -> Answer | None:
    """"yes", "no" or "soft-no" when the clause is nothing but that answer ("yeah", "nope, never", "not really")."""
    low = _bare(text)
    if not low:
        return None
    if _SOFT_NO.match(low):
        return "soft-no"
    if _NO.match(low) or _MORE_NO.match(low):
        return "no"
    if _YES.match(low) or _MORE_YES.match(low):
        return "yes"
    return None


def is_filler(text: str) -> bool:
    """A clause that says nothing about the user: "ok", "idk", "not sure", "hmm", "thanks"."""
    low = _bare(text)
    return not low or bool(_FILLER.match(low) or _MORE_FILLER.match(low))


def is_hedged(text: str) -> bool:
    """The clause qualifies what it says ("I think", "maybe", "sort of", "not diagnosed but")."""
    return bool(_HEDGE.search(text))
