"""Named physical conditions in sixteen languages, with their English names: the Health Status word list.

Why its own table: the English rules (attribute_rules._HEALTH) name many conditions, and the other languages' rules
only the commonest (diabetes, asthma, blood pressure, cancer). A reply in German or Turkish that names multiple
sclerosis, a transplant, rheumatoid arthritis or a heart rhythm problem stored nothing, or stored words no English
reader would know. Each row is one condition: the words that name it in English, Spanish, Portuguese, French,
German, Italian, Dutch, Polish, Turkish, Russian, Ukrainian, Chinese, Japanese, Korean and Arabic (written for the
project, plain dictionary forms and their common inflections), and the English name the value is glossed with.

`named_condition(text)` finds the first condition named in a clause; attribute_rules decides whether the clause
speaks of the user and is not a negation, as it does for its own words. value_gloss reads the same table, so a value
in another language is followed by the English name ("Multiple Sklerose (multiple sclerosis)").
"""

from __future__ import annotations

import re

from penguin_guard.regex_prefilter import prefiltered

__all__ = ["CONDITIONS", "ENGLISH", "named_condition"]

# (pattern, English name). Longer phrases first; matched lower-cased.
CONDITIONS: tuple[tuple[str, str], ...] = (
    (r"esclerosis múltiple|esclerose múltipla|sclérose en plaques|multiple sklerose|sclerosi multipla|multiple sclerose|"
     r"stwardnieni\w+ rozsian\w+|multipl skleroz|рассеянн\w+ склероз\w*|розсіян\w+ склероз\w*|多发性硬化\w*|多発性硬化症|"
     r"다발성\s*경화증|التصلب المتعدد", "multiple sclerosis"),
    (r"artritis reumatoide|artrite reumatoide|polyarthrite rhumatoïde|rheumatoide arthritis|reumato[iï]de artritis|"
     r"reumatoidaln\w+ zapaleni\w+ stawów|romatoid artrit\w*|ревматоидн\w+ артрит\w*|ревматоїдн\w+ артрит\w*|类风湿\w*|"
     r"関節リウマチ|류마티스\s*관절염|الروماتويد", "rheumatoid arthritis"),
    (r"enfermedad de crohn|doença de crohn|maladie de crohn|morbus crohn|morbo di crohn|ziekte van crohn|"
     r"choroba leśniowskiego-crohna|crohn hastalığı|болезн\w+ крона|хвороб\w+ крона|克罗恩病|クローン病|크론병|مرض كرون",
     "Crohn's disease"),
    (r"hashimoto\w*|тиреоидит хашимото|桥本\w*|橋本病", "Hashimoto's thyroiditis"),
    (r"(?:trasplante|transplante|greffe|transplantation|trapianto|transplantatie|przeszczep\w*|nakli|пересадк\w+|"
     r"трансплантаци\w+|трансплантаці\w+|移植|이식|زراعة)\s*(?:de |du |d'un |di |van |z |der |von |)?(?:riñón|rim|rein|"
     r"niere|rene|nier|nerki|böbrek|почки|нирки|肾|腎臓?|신장|كلى|كلية)|nierentransplantation|böbrek nakli|신장\s*이식|"
     r"肾移植|腎移植", "kidney or organ transplant"),
    (r"insuficiencia renal|insuficiência renal|insuffisance rénale|niereninsuffizienz|nierenerkrankung|insufficienza renale|"
     r"nierfalen|nierziekte|niewydolność nerek|böbrek yetmezliği|почечн\w+ недостаточност\w+|нирков\w+ недостатн\w+|"
     r"肾衰竭|肾病|腎不全|腎臓病|신부전|신장병|الفشل الكلوي|diálisis|diálise|dialyse|dialisi", "kidney disease"),
    (r"arritmia|arythmie|herzrhythmusstörung\w*|vorhofflimmern|hartritmestoornis\w*|boezemfibrilleren|arytmi\w+|"
     r"migotanie przedsionków|ritim bozukluğu|аритми\w+|фибрилляци\w+|фібриляці\w+|心律不齐|心律失常|房颤|不整脈|부정맥|"
     r"عدم انتظام ضربات القلب|arritmi\w*", "arrhythmia"),
    (r"palpitaciones|palpitações|palpitations|herzrasen|herzstolpern|palpitazioni|hartkloppingen|kołatani\w+ serca|"
     r"kalp çarpıntı\w*|çarpıntı\w*|сердцебиени\w+|серцебитт\w+|心悸|動悸|두근거림", "palpitations"),
    (r"insuficiencia cardíaca|insuficiência cardíaca|insuffisance cardiaque|herzinsuffizienz|scompenso cardiaco|"
     r"hartfalen|niewydolność serca|kalp yetmezliği|сердечн\w+ недостаточност\w+|серцев\w+ недостатн\w+|心衰|心不全|"
     r"심부전|قصور القلب", "heart failure"),
    (r"ictus|derrame cerebral|\bavc\b|accident vasculaire cérébral|schlaganfall|beroerte|udar mózgu|udar|inme|"
     r"инсульт\w*|інсульт\w*|中风|脑卒中|脳卒中|뇌졸중|جلطة دماغية|سكتة دماغية", "stroke"),
    (r"epilepsia|épilepsie|epilepsie|epilessia|epilepsj\w+|epilepsi|эпилепси\w+|епілепсі\w+|癫痫|てんかん|뇌전증|간질|"
     r"الصرع", "epilepsy"),
    (r"endometriosis|endometriose|endométriose|endometriosi|endometrioz\w+|эндометриоз\w*|ендометріоз\w*|子宫内膜异位\w*|"
     r"子宮内膜症|자궁내막증|بطانة الرحم", "endometriosis"),
    (r"psoriasis|psoríase|psoriasi|łuszczyc\w+|sedef hastalığı|псориаз\w*|псоріаз\w*|银屑病|牛皮癣|乾癬|건선", "psoriasis"),
    (r"anemia|anémie|anämie|anemie|anemi|анеми\w+|анемі\w+|贫血|貧血|빈혈|فقر الدم", "anemia"),
    (r"apnea del sueño|apneia do sono|apnée du sommeil|schlafapnoe|apnea notturna|slaapapneu|bezdech\w* senn\w+|"
     r"uyku apne\w*|апноэ|апное|睡眠呼吸暂停|睡眠時無呼吸\w*|수면\s*무호흡\S*", "sleep apnea"),
    (r"\bvih\b|\bhiv\b|\bвич\b|\bвіл\b|艾滋\w*|エイズ|에이즈", "HIV"),
    (r"parkinson\w*|паркинсон\w*|паркінсон\w*|帕金森|パーキンソン|파킨슨", "Parkinson's disease"),
    (r"alzheimer\w*|альцгеймер\w*|阿尔茨海默|アルツハイマー|알츠하이머", "Alzheimer's disease"),
    (r"\bepoc\b|\bdpoc\b|\bbpco\b|\bpochp\b|\bkoah\b|\bхобл\b|慢阻肺|慢性閉塞性肺疾患|만성\s*폐쇄성", "COPD"),
    (r"goutte|gicht|jicht|dna moczanow\w+|gut hastalığı|подагр\w+|痛风|痛風|통풍", "gout"),
    (r"hernia discal|hérnia de disco|hernie discale|bandscheibenvorfall|ernia del disco|hernia|hernie|ernia|przepuklin\w+|"
     r"bel fıtığı|fıtık|грыж\w+|грижа|椎间盘突出|椎間板ヘルニア|디스크", "herniated disc"),
    (r"hipertiroidismo|hyperthyreose|hyperthyroïdie|ipertiroidismo|nadczynność tarczycy|hipertiroid\w*|гипертиреоз\w*|"
     r"甲亢|甲状腺機能亢進症|갑상선\s*기능\s*항진증", "hyperthyroidism"),
    (r"menopausia|menopausa|ménopause|wechseljahre|menopauz\w+|menopoz\w*|климакс\w*|клімакс\w*|更年期\w*|갱년기|"
     r"سن اليأس|sofocos|ondas de calor|bouffées de chaleur|hitzewallungen|vampate|opvliegers|uderzenia gorąca|"
     r"sıcak basma\w*", "menopause symptoms (hot flashes)"),
    (r"migraña\w*|migraine\w*|migräne|emicrania|emicranie|enxaqueca\w*|migren\w*|мигрен\w+|мігрен\w+|偏头痛|片頭痛|편두통",
     "migraine"),
    (r"(?:таблетк\w+|лекарств\w+|препарат\w+|пігулк\w+|лік\w*) (?:от|від) (?:давлени\w+|тиску)|давлени\w+ (?:высокое|скачет)|"
     r"tansiyon ilacı", "high blood pressure, hypertension"),
    (r"不眠症|失眠症|бессонниц\w+|безсонн\w+|uykusuzluk\w*|불면증", "insomnia"),
    (r"esguince|entorse|verstauchung|distorsione|verstuikt|skręcon\w+", "sprain"),
)

# The same conditions in English words the English rules do not name (read, never glossed: they are English already).
ENGLISH: tuple[tuple[str, str], ...] = (
    (r"kidney transplant|(?:liver|heart|lung) transplant|transplant recipient", "transplant"),
    (r"a-?fib|atrial fibrillation|arrhythmia|heart flutter|irregular heartbeat|palpitations", "arrhythmia"),
    (r"hot flashes|hot flushes", "hot flashes"),
    (r"sprained (?:my )?(?:ankle|wrist|knee)|(?:ankle|wrist|knee) sprain", "sprain"),
    (r"hashimoto'?s", "Hashimoto's thyroiditis"),
)

# A letter of an alphabet (Latin, Greek, Cyrillic, Hebrew, the Indic scripts, Thai): a word in one of them must stand
# alone ("arts", not "parts"); Chinese, Japanese, Korean and Arabic words are matched anywhere (particles and prefixes
# attach to them: "우울증이", "بالسكري"). Spelt as ranges, not as "a word character outside CJK, Hangul and Arabic":
# under IGNORECASE that class made each pattern ~10 ms to compile (seconds for the gloss tables), with the same matches.
LATIN_LETTER = (r"[A-Za-z\u00aa\u00b5\u00ba\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02af\u0370-\u03ff\u0400-\u052f\u0590-\u05ff"
                r"\u0900-\u0dff\u0e00-\u0e7f\u1e00-\u1fff]")
_COMPILED = tuple((prefiltered(rf"(?<!{LATIN_LETTER})(?:{pattern})(?!{LATIN_LETTER})", re.IGNORECASE), english)
                  for pattern, english in CONDITIONS + ENGLISH)


def named_condition(text: str) -> tuple[int, int, str] | None:
    """(start, end, English name) of the first condition named in `text`, or None."""
    best: tuple[int, int, str] | None = None
    for pattern, english in _COMPILED:
        match = pattern.search(text)
        if match and (best is None or match.start() < best[0]):
            best = (match.start(), match.end(), english)
    return best
