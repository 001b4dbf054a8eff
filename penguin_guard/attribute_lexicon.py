"""Word lists for the extractor's rules in Spanish, German, French, Portuguese and Hinglish: job titles (with the
grammatical gender they carry), and the first-person forms that say the speaker's gender ("estoy casada",
"je suis fatiguée", "main thak gaya hoon").

Why a lexicon and not suffix rules: "soy feliz" and "soy enfermera" have the same shape, and a job is read only
when the word is a job. Why gender from grammar: in these languages a woman says "cansada", "retraitée",
"Lehrerin", "karti hoon" of herself; the form states her gender as plainly as "I'm a woman" does. Only the
speaker's own predicate counts ("mi hermana está cansada" says nothing about the user).
"""

from __future__ import annotations

import re

from penguin_guard.regex_prefilter import prefiltered

__all__ = ["JOB_GENDER", "JOB_WORDS", "RETIRED_WORDS", "STUDENT_WORDS", "grammatical_gender", "job_gender"]

_I = re.IGNORECASE

# Job titles; F / M where the form says the speaker's gender, "" where it does not.
_JOBS: dict[str, str] = {}


def _add(gender: str, words: str) -> None:
    for word in words.split():
        _JOBS[word.replace("_", " ")] = gender


# Spanish
_add("F", "enfermera profesora maestra camarera cocinera camionera conductora repartidora carpintera mecánica abogada "
          "médica cajera dependienta vendedora contadora programadora ingeniera secretaria limpiadora niñera "
          "cuidadora bombera agricultora panadera peluquera administrativa funcionaria diseñadora psicóloga "
          "farmacéutica autónoma jubilada obrera veterinaria arquitecta empleada trabajadora costurera "
          "ama ama_de_casa empleada_doméstica asistenta desempleada mesera mesonera jornalera campesina mucama "
          "técnica auxiliar_administrativa")
_add("M", "enfermero maestro camarero cocinero camionero repartidor carpintero mecánico abogado "
          "médico cajero dependiente vendedor contador programador ingeniero secretario limpiador cuidador bombero "
          "agricultor panadero peluquero administrativo funcionario diseñador psicólogo farmacéutico autónomo "
          "jubilado obrero veterinario arquitecto empleado trabajador fontanero desempleado mesero mesonero "
          "jornalero campesino plomero velador profesor técnico auxiliar_administrativo")
_add("", "profe albañil taxista electricista recepcionista periodista dentista policía soldado estudiante contable chofer comerciante "
         "guardia_de_seguridad militar")
# Portuguese
_add("F", "enfermeira professora garçonete cozinheira caminhoneira entregadora advogada médica vendedora contadora "
          "programadora engenheira secretária faxineira cuidadora bombeira agricultora padeira "
          "cabeleireira funcionária psicóloga farmacêutica autônoma aposentada operária costureira doméstica "
          "dona dona_de_casa desempregada")
_add("M", "enfermeiro garçom cozinheiro caminhoneiro entregador pedreiro encanador carpinteiro advogado "
          "médico vendedor programador engenheiro secretário bombeiro padeiro cabeleireiro funcionário "
          "psicólogo farmacêutico autônomo aposentado operário contador desempregado")
_add("", "diarista babá balconista manicure atendente motorista eletricista recepcionista jornalista dentista policial vigilante segurança estudante caixa "
         "motoboy motorista_de_aplicativo mecânico")
# French
_add("F", "infirmière enseignante institutrice serveuse cuisinière livreuse électricienne mécanicienne avocate "
          "caissière vendeuse développeuse ingénieure aide-soignante policière agricultrice boulangère coiffeuse "
          "pharmacienne étudiante indépendante retraitée ouvrière employée femme_de_ménage femme_au_foyer nounou "
          "factrice vendeuse conseillère technicienne")
_add("M", "infirmier enseignant instituteur serveur cuisinier livreur électricien mécanicien avocat caissier vendeur "
          "développeur ingénieur policier agriculteur boulanger coiffeur pharmacien étudiant indépendant retraité "
          "ouvrier employé routier magasinier manutentionnaire maçon plombier menuisier facteur conseiller technicien")
_add("", "professeur prof médecin chauffeur comptable secrétaire journaliste graphiste psychologue fonctionnaire "
         "pompier militaire réceptionniste cadre intérimaire artisan auto-entrepreneur agent_de_sécurité "
         "agent_d'entretien aide_à_domicile chauffeur_uber")
# German
_add("F", "krankenschwester krankenpflegerin pflegerin altenpflegerin lehrerin kellnerin köchin fahrerin busfahrerin "
          "taxifahrerin elektrikerin mechanikerin anwältin ärztin kassiererin verkäuferin buchhalterin "
          "programmiererin entwicklerin softwareentwicklerin ingenieurin sekretärin erzieherin polizistin "
          "soldatin landwirtin bäckerin friseurin beamtin journalistin grafikerin psychologin apothekerin "
          "studentin rentnerin hausfrau arbeiterin lageristin sachbearbeiterin kauffrau angestellte beraterin "
          "putzfrau pflegefachfrau verwaltungsangestellte")
_add("M", "krankenpfleger pfleger altenpfleger lehrer kellner koch fahrer busfahrer taxifahrer lkw-fahrer "
          "elektriker mechaniker anwalt arzt kassierer verkäufer buchhalter programmierer entwickler "
          "softwareentwickler ingenieur sekretär erzieher polizist soldat landwirt bäcker friseur beamter "
          "grafiker psychologe apotheker rentner hausmann arbeiter lagerist sachbearbeiter "
          "kaufmann angestellter berater maurer klempner tischler schreiner handwerker paketbote lagerarbeiter "
          "pflegefachmann")
_add("", "azubi reinigungskraft pflegekraft selbstständig selbständig freiberufler")
# Italian
_add("F", "infermiera cameriera commessa cuoca operaia impiegata cassiera parrucchiera casalinga professoressa "
          "studentessa avvocata segretaria magazziniera pensionata disoccupata")
_add("M", "infermiere cameriere commesso cuoco operaio impiegato cassiere parrucchiere professore studente avvocato "
          "segretario magazziniere pensionato disoccupato muratore idraulico")
# Hinglish (English titles are read by the English rules; these are the Hindi ones)
_add("", "dukaandaar kisaan kisan mazdoor naukar darzi")

JOB_GENDER: dict[str, str] = dict(_JOBS)
JOB_WORDS = "|".join(sorted((re.escape(w) for w in _JOBS), key=len, reverse=True))
RETIRED_WORDS = (r"jubilad[oa]|pensionad[oa]|retraitée?|à la retraite|aposentad[oa]|rentner(?:in)?|pensionär(?:in)?|"
                 r"in rente|im ruhestand|retired hoon|retire(?:d)? ho gaya|retire(?:d)? ho gayi|in pensione|"
                 r"pensionat[oa]|退休了?")
STUDENT_WORDS = r"estudiante|estudante|étudiante?|student(?:in)?"


def job_gender(word: str) -> str | None:
    """"Female" / "Male" when the job title's form says it, else None."""
    tag = JOB_GENDER.get(word.lower())
    return {"F": "Female", "M": "Male"}.get(tag or "")


# ---- the speaker's gender from grammar ------------------------------------------------------------------------

_ES_PT_FRAME = (r"\b(?:estoy|soy|estou|sou|tô|to|ando|me siento|me sinto|quedé|fiquei|me quedé|vivo|sigo|continúo|"
                r"continuo|fui|nunca fui|já fui)\s+(?:muy\s+|bastante\s+|un poco\s+|tan\s+|super\s+|muito\s+|bem\s+|meio\s+|um pouco\s+|"
                r"tão\s+|totalmente\s+|completamente\s+|todavía\s+|ainda\s+|)")
_ES_PT_WORDS = {
    "F": "casada divorciada separada viuda viúva soltera solteira cansada agotada preocupada agobiada estresada "
         "estressada deprimida asustada enojada frustrada desesperada aburrida sola sozinha cheia perdida "
         "endeudada endividada embarazada grávida diagnosticada jubilada aposentada reformada desempleada desempregada "
         "comprometida ansiosa nerviosa nervosa tranquila contenta sobrecarregada exausta "
         "abrumada enferma doente sana atolada apertada quebrada arruinada quemada quemadísima",
    "M": "casado divorciado separado viudo viúvo soltero solteiro cansado agotado preocupado agobiado estresado "
         "estressado deprimido asustado enojado frustrado desesperado aburrido solo sozinho cheio perdido "
         "endeudado endividado diagnosticado jubilado aposentado reformado desempleado desempregado comprometido ansioso "
         "nervioso nervoso tranquilo contento sobrecarregado exausto abrumado enfermo sano atolado apertado "
         "quebrado arruinado quemado quemadísimo",
}
_IT_FRAME = (r"\b(?:sono|mi sento|sono stat[oa]|mi sono sentit[oa]|resto|rimango)\s+(?:molto\s+|così\s+|un po'\s*|"
             r"tanto\s+|davvero\s+|troppo\s+|sempre\s+|ancora\s+|già\s+|)")
# "solo" (only / alone) says nothing: "sono solo stanca"
_IT_WORDS = {
    "F": "sposata divorziata separata vedova fidanzata stanca stanchissima esausta stressata preoccupata depressa "
         "arrabbiata nervosa ansiosa tranquilla disoccupata pensionata incinta malata persa sola spaventata "
         "sopraffatta distrutta contenta",
    "M": "sposato divorziato separato vedovo fidanzato stanco stanchissimo esausto stressato preoccupato depresso "
         "arrabbiato nervoso ansioso tranquillo disoccupato pensionato malato perso spaventato sopraffatto "
         "distrutto contento",
}
_FR_FRAME = (r"\b(?:je suis|je ne suis|j'suis|je me sens|je me suis|je reste|j'ai (?:(?:jamais|pas|toujours|déjà|souvent)\s+)?été|je n'ai (?:jamais|pas) été|je vis|je vivais)\s+(?:(?:pas|jamais|plus)\s+)?(?:très\s+|trop\s+|un peu\s+|complètement\s+|"
             r"tellement\s+|si\s+|vraiment\s+|assez\s+|toujours\s+|déjà\s+|encore\s+|)")
_DE_FRAME = r"(?:\bich bin|\bbin ich|^\s*bin|\b(?:und|aber) bin)\s+(?:eine?\s+|seit \w+ \w+\s+|schon\s+|jetzt\s+|)"
_HI = prefiltered(
    r"\b(?:\w+(?:ta|ti)|raha|rahi|gaya|gayi|sakta|sakti|hua|hui|akela|akeli|thaka|thaki|saal ka|saal ki|sal ka|sal ki)\s+"
    r"(?:hoon|hu|hun|hoo|huin)\b|"
    # an age said with the possessive that agrees with the speaker ("main 22 ka hoon"), and a wish or ability said
    # by "main" that ends its clause without "hoon" ("main share nahi karna chahti")
    r"\b\d{2}\s+(?:ka|ki)\s+(?:hoon|hu|hun|hoo)\b|\bmain\b.*\b(?:chahta|chahti|sakta|sakti)\s*$",
    _I,
)
# The first person singular future ends in "-unga" / "-ungi" ("bataungi", "karunga", "jaaungi"); the other persons
# say "-ega", "-egi", "-oge". Long words only: "lunga" is Italian.
_HI_FUTURE = prefiltered(r"\b(?:\w{2,}|d)(?:u|oo)ng(a|i)\b(?<!lunga)(?<!lungi)(?<!lungo)", _I)
_DE_ONLY = {"student": "Male", "azubine": "Female", "schülerin": "Female", "schüler": "Male"}
_HI_THIRD = prefiltered(r"\b(?:wo|woh|vo|voh|ve|unka|unki|uska|uski|usne|unhone|mera bhai|meri behen|meri maa|mere papa|"
                        r"meri biwi|mere pati)\b", _I)


def _word_gender(word: str, table: dict[str, str]) -> str | None:
    word = word.lower()
    for tag, words in table.items():
        if word in words.split():
            return tag
    return None


_BARE_MODIFIER = prefiltered(r"^(?:(?:muy|bastante|un poco|muito|bem|meio|très|trop|un peu|sehr|ziemlich|total|bahut|"
                             r"ya|já|schon|déjà|now|ahora|agora)\s+)*", _I)


def grammatical_gender(text: str, bare: bool = False) -> str | None:
    """The speaker's gender as the grammar of a first-person clause states it, or None. `bare`: the clause answers
    one of the guard's questions on its own ("solteira", "muy agobiada", "Rentnerin", "bank mein clerk tha")."""
    low = text.lower()
    if bare:
        words = _BARE_MODIFIER.sub("", low.strip()).split()
        if 1 <= len(words) <= 2:
            tag = (_word_gender(words[0], _ES_PT_WORDS) or _word_gender(words[0], _IT_WORDS) or JOB_GENDER.get(words[0])
                   or None)
            if not tag and len(words[0]) > 5 and words[0].endswith(("ée", "ées")) and words[0] not in _FR_NOUNS_EE:
                tag = "F"
            elif not tag and len(words[0]) > 5 and words[0].endswith("é") and words[0] in {
                    "retraité", "marié", "divorcé", "séparé", "fatigué", "épuisé", "stressé", "déprimé", "endetté"}:
                tag = "M"
            if tag:
                return {"F": "Female", "M": "Male"}[tag]
        if re.search(r"[^\Waeiou]\s+(?:tha|thi)\s*$", low) and not _HI_THIRD.search(low):
            # "clerk tha" (I was a clerk) agrees with the speaker; "kiya tha", "dikhaya tha" agree with their object
            return "Female" if low.rstrip().endswith("thi") else "Male"
    if bare and (said := _opening_predicate(low)):
        return said
    match = _PARTICIPLE.search(low)
    if match and match.group(2) not in _NOT_PARTICIPLE:
        return "Female" if match.group(2).endswith("a") else "Male"
    match = re.search(_ES_PT_FRAME + r"([\wáéíóúâêôãõç]+)", low)
    if match:
        tag = _word_gender(match.group(1), _ES_PT_WORDS) or (JOB_GENDER.get(match.group(1)) or None)
        if not tag and re.fullmatch(r"\w{3,}(?:ic|étic|átic)[oa]", match.group(1)):
            tag = "F" if match.group(1).endswith("a") else "M"  # "soy diabético", "sou asmática": the speaker agrees
        if tag:
            return {"F": "Female", "M": "Male"}[tag]
    match = re.search(r"\b(?:trabajo|trabajé|trabalho|trabalhei)\s+(?:de|como)\s+(?:una?\s+|uma?\s+)?([\wáéíóúâêôãõç]+)", low)
    if match and job_gender(match.group(1)):
        return job_gender(match.group(1))
    match = re.search(_IT_FRAME + r"([\wàèéìòù]+)", low)
    if match:
        tag = _word_gender(match.group(1), _IT_WORDS) or (JOB_GENDER.get(match.group(1)) or None)
        if tag:
            return {"F": "Female", "M": "Male"}[tag]
    match = re.search(_FR_FRAME + r"([\wàâçéèêëîïôûùüÿœ'-]+)", low)
    if match:
        word = match.group(1)
        tag = JOB_GENDER.get(word) or None
        if not tag and len(word) > 4 and not word.endswith(("ée", "ées")) and word.endswith(("é", "és")):
            tag = "M"
        elif not tag and len(word) > 4 and word.endswith(("ée", "ées", "euse", "ière", "ive", "ienne", "ie")):
            tag = "F" if not word.endswith("ie") or word in {"suivie", "partie", "sortie", "guérie", "finie"} else None
        elif word in {"seule", "mariée", "divorcée", "veuve", "enceinte", "prête", "contente", "perdue", "déçue"}:
            tag = "F"
        elif word in {"seul", "veuf", "prêt", "content", "perdu", "déçu"}:
            tag = "M"
        if tag:
            return {"F": "Female", "M": "Male"}[tag]
    match = re.search(r"\bje (?:travaille|bosse) comme\s+(?:une?\s+)?([\wàâçéèêëîïôûùüÿœ'-]+)", low)
    if match and job_gender(match.group(1)):
        return job_gender(match.group(1))
    match = re.search(_DE_FRAME + r"([\wäöüß-]+)", low)
    if match and (job_gender(match.group(1)) or match.group(1) in _DE_ONLY):
        return job_gender(match.group(1)) or _DE_ONLY[match.group(1)]
    match = re.match(r"\s*als\s+([\wäöüß-]+in)\b", low)
    if match and bare and job_gender(match.group(1)) == "Female":
        return "Female"  # "Als Lehrerin ist das echt schwierig", said of oneself in a reply: the feminine form
    match = re.search(r"\b(?:ich )?arbeite als\s+(?:eine?\s+)?([\wäöüß-]+)", low)
    if match and job_gender(match.group(1)):
        return job_gender(match.group(1))
    match = _HI_FUTURE.search(low)
    if match and not _HI_THIRD.search(low):
        return "Female" if match.group(1) == "i" else "Male"  # "nahi bataungi", "kal jaunga": only "I" says "-unga"
    match = _HI.search(low)
    if match and not _HI_THIRD.search(low):
        words = match.group(0).split()
        word = words[-2] if words[-1] in {"hoon", "hu", "hun", "hoo", "huin"} else words[-1]
        return "Female" if word.endswith(("i", "ki")) else "Male"
    match = re.search(r"\b(?:sono|soy|sou|je suis)\s+(?:un|una|uno|un'|une|uma|um)\s+([\wàèéìòùáíóúâêôãõç]+)", low)
    if match and job_gender(match.group(1)):
        return job_gender(match.group(1))  # "sono una maestra", "soy una enfermera"
    match = _IT_JOB_ARTICLE.search(low)
    if match:
        return "Male" if match.group(1) in {"il", "lo"} else "Female"  # "faccio il panettiere", "faccio la cassiera"
    if _NL_FEMININE_JOB.search(low):
        return "Female"
    return _polish_gender(low)


# A past participle after a first-person auxiliary agrees with the speaker: "fui demitido", "fiquei desempregada",
# "me quedé embarazada", "sono stata licenziata", "sono nato a Roma", "mi sono trasferita". A participle ("-ado",
# "-ido", "-ato", "-ito", "-uto") is a verb form, not a noun like "soy enfermera", so the ending alone says it; the
# words below end like one and are not. Italian "sono" with a singular participle is only ever "I am" ("they are"
# takes "-i" / "-e").
_PARTICIPLE = prefiltered(
    r"\b(fui|estoy|estou|fiquei|quedé|me quedé|me he quedado|acabé|acabei|sono(?: stat[oa])?|mi sono|me sono|"
    r"ero|sono appena|sono gi[àa]|ando|tô|me siento|me sinto|mi sento|sigo|continúo|continuo)\s+"
    r"(?:(?:muy|bem|muito|tan|tão|molto|appena|già|stata|stato|ya|já|recién|bastante|super|súper|re|bien|medio|meio|"
    r"mega|demasiado|troppo|parecchio|un po'?|um pouco|un poco|tutta|toda|todo|tutto|completamente|totalmente)\s+)*"
    r"([a-záéíóúâêôãõçàèìòù]{1,}(?:ad|id|at|it|ut)[oa])\b", re.IGNORECASE)
_NOT_PARTICIPLE = frozenset({"nada", "cada", "vida", "ida", "comida", "saída", "salida", "partida", "dado", "lado",
                             "estado", "mercado", "pasado", "passado", "cuidado", "sentido", "partito", "partita",
                             "gelato", "risultato", "lavorato", "fatto", "subito", "invito", "credito",
                             "debito", "minuto", "aiuto", "tributo", "instituto", "istituto", "abogado", "advogado",
                             "soldado", "empleado", "empleada", "delegado", "delegada", "licenciado", "licenciada",
                             "graduado", "graduada", "diputado"})
# A reply that drops its subject opens with the speaker's predicate: "Divorciado desde hace dos años", "Sposata, due
# figli", "Cansada de todo esto". Read only where the clause is the user's own (`bare`).
_OPENING_WORD = prefiltered(r"^\s*(?:(?:y|e|ya|já|pues|bueno|beh|allora|então|eh|bah|ben|alors)\s+)?([a-záéíóúâêôãõçàèìòùêëîïûœ]+)\b")


def _opening_predicate(low: str) -> str | None:
    match = _OPENING_WORD.match(low)
    if not match:
        return None
    tag = _word_gender(match.group(1), _ES_PT_WORDS) or _word_gender(match.group(1), _IT_WORDS)
    word = match.group(1)
    if not tag and len(word) > 5 and word.endswith(("ée", "ées")) and word not in _FR_NOUNS_EE:
        tag = "F"  # "Stressée à mort", "Épuisée ce soir": a French participle opening the speaker's own clause
    return {"F": "Female", "M": "Male"}.get(tag or "")


# French nouns in "-ée" that open a clause without saying anything of the speaker ("Journée difficile").
_FR_NOUNS_EE = frozenset({"année", "années", "journée", "journées", "idée", "idées", "soirée", "soirées", "entrée",
                          "pensée", "pensées", "arrivée", "durée", "musée", "lycée", "matinée", "poignée", "cheminée",
                          "fumée", "allée", "randonnée", "rentrée", "vallée", "armée", "assemblée", "traversée",
                          "purée", "marée", "mosquée", "trophée", "chaussée", "fusée", "mêlée", "portée", "plongée",
                          "tournée", "veillée", "nausée", "nausées", "diarrhée", "apnée"})


# Dutch names a woman's work with a feminine form ("kapster", "verpleegster", "lerares"); the plain form is said by
# both, so only the feminine one says anything.
_NL_FEMININE_JOB = prefiltered(r"\b(?:ik ben|ik werk als|als|baan als|werk als)\s+(?:een\s+|nu\s+|al\s+\w+\s+jaar\s+)?"
                               r"(?!(?:minister|monster|register|semester|zuster)\b)(\w{3,}ster|lerares|zangeres|danseres|"
                               r"kunstenares|\w+trice|\w+euse)\b", re.IGNORECASE)


# Italian work said with its article: "faccio il panettiere", "facevo la commessa" (not "faccio la spesa": the noun
# must have a job's ending or be a known job).
_IT_JOB_ARTICLE = prefiltered(r"\b(?:faccio|facevo|ho fatto|farò)\s+(il|lo|la)\s+(?=(?:\w+(?:iere|iera|aio|aia|ista|tore|trice|ante|ente)|cuoc[oa]|"
                              r"commess[oa]|impiegat[oa]|operai[oa]|medico|avvocat[oa]|maestr[oa]|segretari[oa]|"
                              r"infermier[ea]|muratore|idraulico|meccanico|falegname)\b)", _I)


# Polish marks the speaker's gender on first-person past verbs ("pracowałam" / "pracowałem", "byłam" / "byłem") and
# on what follows "jestem" / "czuję się" ("jestem zmęczona", "jestem nauczycielką" / "jestem zmęczony",
# "jestem mechanikiem"). Not "była" (she was) or "jesteś" (you are): only the first-person forms.
_PL_PAST = prefiltered(r"\b\w{2,}ł(am|em)\b")
# The first person conditional: "wolałbym" / "wolałabym", "bym powiedział" / "bym powiedziała".
_PL_CONDITIONAL = prefiltered(r"\b\w{2,}ł(a?)bym\b|\bbym\s+\w{2,}ł(a?)\b")
_PL_FRAME = prefiltered(r"\b(?:jestem|czuję się|czuje sie|czuję sie|zostałam|zostałem|byłam|byłem|(?:pracuję|jeżdżę|dorabiam)(?:\s+\w+)?\s+jako)\s+(?:bardzo\s+|taka\s+|taki\s+|"
                        r"strasznie\s+|trochę\s+|całkiem\s+|już\s+|teraz\s+|po prostu\s+)?([a-ząćęłńóśźż]+)")
_PL_FEMININE = ("ona", "ana", "ęta", "ła", "na", "wa", "ka", "ną", "ką", "ową", "wą", "nią")
_PL_MASCULINE_A = ("ca", "cą", "sta", "stą", "ista", "istą")  # kierowca, programista: masculine nouns in -a
_PL_MASCULINE = ("ony", "any", "ty", "ny", "wy", "cy", "ki", "ły", "kiem", "nem", "cem", "em", "rzem", "ym", "im", "iem")
_PL_NOT_ADJECTIVE = frozenset({"na", "za", "tu", "tam", "w", "z", "bez", "po", "przy", "od", "do", "tylko", "sama", "sam",
                               "ja", "ta", "taka", "taki", "jeszcze", "nie", "już", "tak", "dla", "u", "we", "ze"})


# The predicate before "jestem" ("Zdrowy jestem", "Zmęczona jestem"), and a reply opening with a marital word that
# agrees with the speaker ("Żonaty od 12 lat", "Rozwiedziona").
_PL_BEFORE = prefiltered(r"\b([a-ząćęłńóśźż]{4,})\s+jestem\b")
_PL_OPENING = {"żonaty": "Male", "rozwiedziony": "Male", "wdowiec": "Male", "kawaler": "Male",
               "zamężna": "Female", "mężatka": "Female", "rozwiedziona": "Female", "wdowa": "Female", "panna": "Female"}


def _polish_gender(low: str) -> str | None:
    opening = re.match(r"\s*([a-ząćęłńóśźż]+)", low)
    if opening and opening.group(1) in _PL_OPENING:
        return _PL_OPENING[opening.group(1)]
    before = _PL_BEFORE.search(low)
    if before and before.group(1) not in _PL_NOT_ADJECTIVE:
        word = before.group(1)
        if word.endswith(("ony", "any", "ty", "ny", "wy", "ły", "ki", "ry")):
            return "Male"
        if word.endswith(("ona", "ana", "ta", "na", "wa", "ła", "ka", "ra")) and not word.endswith(_PL_MASCULINE_A):
            return "Female"
    match = _PL_PAST.search(low)
    if match:
        return "Female" if match.group(1) == "am" else "Male"
    match = _PL_CONDITIONAL.search(low)
    if match:
        return "Female" if (match.group(1) or match.group(2)) == "a" else "Male"
    match = _PL_FRAME.search(low)
    if match and match.group(1) not in _PL_NOT_ADJECTIVE:
        word = match.group(1)
        if word in {"sama", "kobietą", "matką", "mamą", "żoną", "wdową", "panną"}:
            return "Female"
        if word in {"sam", "mężczyzną", "ojcem", "tatą", "mężem", "wdowcem", "kawalerem", "facetem"}:
            return "Male"
        if word.endswith(_PL_MASCULINE) or word.endswith(_PL_MASCULINE_A):
            return "Male"
        if word.endswith(_PL_FEMININE):
            return "Female"
    return None
