"""English words for a value the user gave in another language: "Lavoro in magazzino" -> "Lavoro in magazzino
(warehouse worker)".

Why: values are kept in the user's words, but what reads them next is English. enrich.py's caution lines key on
English stems ("diabet", "debt", "depress", "overwhelm"), so "mujhe sugar hai" or "tô devendo no cartão" added no
caution, and a reader of the background (a model, a log reviewer, the evaluation) has to translate each value.
The gloss is a word list, not a translator: it names the common jobs, money words, conditions, diagnoses, schooling
and feelings of Spanish, Portuguese, German, French, Italian, Chinese and Hinglish, and says nothing when it knows
none of the words. A negation just before a word is kept ("sin ahorros" -> "no savings", "nicht müde" -> "not
tired"). The English words follow the user's own in parentheses, so nothing they said is replaced.
"""

from __future__ import annotations

import re
from functools import cache

from penguin_guard.conditions import CONDITIONS, LATIN_LETTER
from penguin_guard.negations import DENIED_AFTER_JA
from penguin_guard.regex_prefilter import Prefiltered, prefiltered
from penguin_guard.rules_id_ms import GLOSSES as ID_MS_GLOSSES
from penguin_guard.rules_id_ms import reads_as_id_ms
from penguin_guard.rules_ru_tr_ar_ko import GLOSSES as RU_TR_AR_KO_GLOSSES

__all__ = ["SO_SO_WORDS", "compile_all", "gloss", "gloss_activity", "gloss_value"]

# attribute -> ((pattern, English), ...). Patterns are matched lower-cased; longer phrases come before their words.
# Work told as what the user does ("I fix cars for a living" -> mechanic): glossed in English replies too.
_ACTIVITIES = (
    (r"fix(?:ing)? cars|work on cars|repair cars", "mechanic"),
    (r"wait(?:ing)? tables|serve tables", "waiter"),
    (r"clean(?:ing)? (?:houses|homes|offices|hotel rooms)", "cleaner"),
    (r"(?:cut|do|doing|cutting) hair", "hairdresser"),
    (r"(?:write|writing) code|code for|coding for", "programmer"),
    (r"stock(?:ing)? shelves", "stocker"),
    (r"teach(?:ing)?|uczę|lesgeven|geef les", "teacher"),
    (r"watch(?:ing)? (?:other people'?s )?kids|babysit\w*|nanny", "childcare"),
    (r"roofing", "roofer"), (r"trucking", "truck driver"), (r"farming", "farmer"), (r"welding", "welder"),
    (r"plumbing", "plumber"), (r"landscaping", "landscaper"), (r"bartending", "bartender"), (r"carpentry", "carpenter"),
    (r"mining", "miner"), (r"logging", "logger"), (r"nursing", "nurse"), (r"(?:medical )?billing", "billing clerk"),
)
# "So-so" in the languages read: the gloss below, and attribute_rules' whole-answer "so-so" (_SO_SO).
SO_SO_WORDS = (r"más o menos|mas o menos|mais ou menos|so lala|comme ci,? comme ça|così così|ni bien ni mal|tirando|"
               r"ahí vamos|nem bem nem mal|assim assim|vou levando|couci-couça|bof|geht so|(?:so )?mittel(?:mäßig)?|"
               r"durchwachsen|insomma|né bene né male|średnio|tak sobie|pół na pół|jako tako|gaat wel|zo zo|matig|"
               r"так себе|ни то ни сё|ни шатко ни валко")

_JOBS = (
    (r"aide-soignante?|auxiliar de enfermer[ií]a|auxiliar de enfermagem|técnic[oa] de enfermagem|pflegehelfer\w*|"
     r"operatore socio[- ]sanitario|verzorgende|护工|介護福祉士", "nursing assistant"),
    (r"motoboy|motoqueir[oa]|mototaxista|coursier à (?:moto|scooter)|repartidor\w* (?:con|en) (?:la )?moto", "motorcycle courier"),
    (r"panader[oa]|padeir[oa]|boulang\w*|bäcker\w*|panettier[ea]|fornai[oa]|bakker|piekarz\w*|面包师|パン屋|パン職人", "baker"),
    (r"albañil|pedreiro|maçon|murator[ei]|maurer\w*|metselaar|murarz\w*|瓦工|泥瓦匠", "bricklayer, construction worker"),
    (r"magazzinier[ea]|lagerist\w*|lagerarbeiter\w*|magasinier|manutentionnaire|almacenista|mozo de almacén|estoquista|"
     r"magazijnmedewerker|magazynier\w*|仓管|倉庫作業", "warehouse worker"),
    (r"主婦|主夫|家庭主妇|家庭主夫|全职妈妈|全职太太|ama de casa|dona de casa|casalinga|hausfrau|hausmann|femme au foyer|"
     r"mère au foyer|huisvrouw|huisman|gospodyni\w* domow\w+|専業主婦", "homemaker, stay-at-home parent"),
    (r"lavorett\w*|lavori saltuari|chapuzas|changas|trabajitos|bicos|biscates|petits boulots|gelegenheitsjobs|klusjes|"
     r"fuchy|dorywcz\w+|零工|打零工|散活", "odd jobs"),
    (r"(?-i:SE)(?=やって|です|をして|として|$)|システムエンジニア", "systems engineer"),
    (r"产品经理|プロダクトマネージャー", "product manager"),
    (r"jeżdżę tirem", "truck driver"),
    (r"таксую", "taxi driver"),
    (r"\bcdd\b", "fixed-term contract"),
    (r"\bcdi\b", "permanent contract"),
    (r"\bpns\b", "civil servant"),
    (r"\bojol\b|ojek online", "ride-hailing motorbike driver"),
    (r"chef d'atelier", "workshop manager"),
    (r"شركة", "company"),
    (r"后端开发|前端开发|开发工程师|软件开发|ソフトウェア開発", "software developer"),
    (r"(?<![心理])行政(?!区)|事务员|事務職|事務", "administrative work"),
    (r"外贸", "foreign trade"),
    (r"销售|営業", "sales"),
    (r"会计|经理人|経理", "accounting"),
    (r"会社員|サラリーマン|上班族|白领|公司职员|oficinista|impiegat[oa](?! (?:pubblic[oa]|comunale|statale))|employée? de bureau|büroangestellte\w*|"
     r"kantoormedewerker|pracownik biurowy|pracownica biurowa|escriturári[oa]", "office worker"),
    (r"(?:in der|in de|en|na|no|nell'|nel settore|in|w) (?:IT|TI|informatica|informatique|informática|ICT)\b|"
     r"(?:в|у) (?:IT|айти)|IT(?:'de| sektöründe)", "works in IT"),
    (r"hostelería|hotelaria|hôtellerie|gastronomie|gastro|horeca|ristorazione|gastronomi\w*|общепит\w*", "hospitality"),
    (r"сварщик\w*|зварювальник\w*|kaynakçı\w*|soldador[a]?|soudeur|saldatore|schweißer\w*|lasser|spawacz\w*|焊工", "welder"),
    (r"intérim\w*|zeitarbeit\w*|leiharbeit\w*|uitzendkracht|uitzendwerk|trabajo temporal|temporári[oa]|派遣社員|派遣", "temp worker"),
    (r"systeembeheerder|administrador de sistemas|administrateur systèmes?|systemadministrator\w*|administrator\w* systemów|"
     r"sistemista|系统管理员|システム管理者", "system administrator"),
    (r"(?:in der |die )?(?:alten|kranken)?pflege(?:kraft)?|altenpfleger\w*|pflegefach\w*|verpleging|zorg(?:sector)?|pielęgniarstw\w*", "nursing care worker"),
    (r"(?:al|nel|in un|in) bar|barist[ae]|camarer[oa] de barra|bar(?:man|maid)", "bar worker"),
    (r"屋根職人|roofer|dachdecker\w*|couvreur|techador|telhadista|dakdekker|dekarz\w*", "roofer"),
    (r"motorista de aplicativo|motorista de app|uber|99pop|网约车|ola chala\w*", "rideshare driver"),
    (r"camioner[oa]|caminhoneir[oa]|lkw-fahrer\w*|routier|camionista|卡车司机", "truck driver"),
    (r"taxista|taxi|出租车|taxichauffeur|taksówkarz\w*|タクシー", "taxi driver"),
    (r"repartidor\w*|reparto|entregador\w*|entregas|livreur|livreuse|livre des|fahre pakete|pakete aus|liefere|consegne|"
     r"rider|外卖|快递|delivery|bezorger|bezorg\w*|pakketbezorger|kurier\w*|配達|宅配", "delivery driver"),
    (r"conductor\w*|chófer|motorista|fahrer\w*|chauffeur|autista|司机|driver|vrachtwagenchauffeur|kierowc\w+|運転手|ドライバー", "driver"),
    (r"(?:ek |kisi )?(?:dukaan|dukan|kirana store)(?: pe| par| mein)? kaam|dukaan pe|dukan pe", "shop worker"),
    (r"erzieher\w*|educadora? infantil|éducat(?:eur|rice) de jeunes enfants|maestra d'asilo|educatric[ei]|"
     r"pedagog\w* przedszkol\w*|kleuterleid\w+|保育士|幼儿园老师|幼师|보육교사|воспитател\w+|вихователь\w*", "daycare or nursery teacher"),
    (r"traductor\w*|tradutor\w*|traduct(?:eur|rice)|übersetzer\w*|traduttric[ei]|traduttore|vertaler|tłumacz\w*|翻译|翻訳者?|"
     r"번역가|переводчи\w+|перекладач\w*|çevirmen\w*|مترجم\w*", "translator"),
    (r"diseñador\w* gráfic\w+|designer gráfic\w+|graphiste|grafikdesigner\w*|grafiker\w*|grafic[oa]|grafisch ontwerper|"
     r"grafik\w*|平面设计\w*|グラフィックデザイナー", "graphic designer"),
    (r"administrador\w*|administrat(?:eur|rice)|administrat(?:ore|rice)|администратор\w*|адміністратор\w*|yönetici", "administrator"),
    (r"funcionári[oa] públic[oa]|função pública|funcionari[oa] públic[oa]|emplead[oa] públic[oa]|servidor\w* públic\w*|"
     r"fonctionnaire|beamt\w*|impiegat[oa] (?:pubblic[oa]|comunale|statale)|dipendente pubblic[oa]|"
     r"ambtenaar|urzędni\w+|公务员|公務員|공무원|госслужащ\w+|державн\w+ служб\w+|memur\w*", "civil servant"),
    (r"mesera|camarera|garçonete|kellnerin|serveuse|cameriera|serveerster|kelnerka", "waitress"),
    (r"meser[oa]|camarer[oa]|garçom|garçonete|kellner\w*|serveur|serveuse|camerier[ea]|服务员|waiter|ober|serveerster|kelner\w*|ウェイター|ホール", "waiter"),
    (r"cociner[oa]|cozinheir[oa]|koch|köchin|cuisinier\w*|cuoc[oa]|厨师|kok|kucharz\w*|kuchark\w+|料理人|調理師", "cook"),
    (r"enfermer[oa]|enfermeir[oa]|krankenschwester|krankenpfleger\w*|pflegekraft|infirmier\w*|infirmière|infermier[ea]|护士|verpleegkundige|verpleger|verpleegster|pielęgniar\w+|看護師",
     "nurse"),
    (r"maestr[oa]|profesor\w*|professor\w*|professeure?|profs? des écoles|prof|enseignante?|instituteur|institutrice|lehrer\w*|insegnante|"
     r"老师|教师|teacher|tuition|leraar|lerares|docent|juf|nauczyciel\w*|教師|先生", "teacher"),
    (r"albañil|pedreiro|obra|bau(?:stelle)?|chantiers?|maçon|cantiere|murator[ei]|工地|建筑|bouwvakker|de bouw|budow\w+|murarz\w*|建設", "construction worker"),
    (r"cajer[oa]|caixa|kassierer\w*|an der kasse|caissi[eè]re?|cassier[ea]|收银员|cashier|kassamedewerker|kassa|kasjer\w*|kasie|レジ", "cashier"),
    (r"limpieza|limpiador\w*|diarista|faxineir[oa]|putz\w*|reinigung\w*|ménage|femme de ménage|pulizie|保洁|家政|safai|schoonmaker|schoonmaakster|sprzątacz\w*|sprzątam|清掃",
     "cleaner"),
    (r"cuido a|cuidador\w*|cuido de|pflege\w*|m'occupe d'une personne|badante|护工|caregiver|zorgmedewerker|thuiszorg|de zorg|opiekun\w*|介護\w*",
     "caregiver"),
    (r"médic[oa]|medico|arzt|ärztin|médecin|医生|doctor|arts|dokter|huisarts|lekarz\w*|lekark\w+|医者|医師", "doctor"),
    (r"abogad[oa]|advogad[oa]|anwalt|anwältin|avocat\w*|avvocat[oa]|律师|lawyer", "lawyer"),
    (r"contador\w*|contable|buchhalter\w*|comptable|commercialista|contabile|会计|accountant|boekhouder|księgow\w+|会計", "accountant"),
    (r"ingenier[oa]|engenheir[oa]|ingenieur\w*|ingénieur\w*|ingegnere|工程师|engineer|ingenieur|inżynier\w*|エンジニア", "engineer"),
    (r"programador\w*|programmierer\w*|développeu\w*|programmatore|程序员|programmeur|programist\w+|プログラマー", "programmer"),
    (r"dependient[ea]|vendedor\w*|verkäufer\w*|vendeu\w*|commess[oa]|销售|售货员", "sales assistant"),
    (r"almacén|depósito|lager|entrepôt|magazzino|仓库|godown|magazijn\w*|magazyn\w*|magazynier\w*|倉庫", "warehouse worker"),
    (r"fábrica|fabrik|produktion|usine|fabbrica|operai[oa]|工厂|factory|fabriek|fabryc\w+|工場", "factory worker"),
    (r"mecánic[oa]|mecânic[oa]|mechaniker\w*|mécanicien\w*|meccanic[oa]|修车|monteur|mechanik\w*|整備士", "mechanic"),
    (r"electricista|eletricista|elektriker\w*|électricien\w*|elettricista|电工", "electrician"),
    (r"fontaner[oa]|encanador|klempner\w*|plombier|idraulic[oa]|水管工", "plumber"),
    (r"peluquer[oa]|cabeleireir[oa]|friseu\w*|coiffeu\w*|parrucchier[ea]|理发|kapper|kapster|fryzjer\w*|美容師", "hairdresser"),
    (r"técnic[oa] de laboratorio|técnic[oa] de laboratório|technicien\w* de laboratoire|laborant\w*|tecnic[oa] di laboratorio",
     "lab technician"),
    (r"técnic[oa]|technicien\w*|techniker\w*|tecnic[oa]|technik\w*", "technician"),
    (r"administrativ[oa]|auxiliar administrativ[oa]|assistente administrativ[oa]|verwaltungsangestellte\w*", "administrative worker"),
    (r"(?:auto)?werkstatt|taller (?:mecánico|de coches)|oficina mecânica|officina meccanica|autowerkplaats|garagiste", "mechanic"),
    (r"farmacia|farmácia|pharmacie|apotheke|apotheek|apteka|apteki|aptece|药店|薬局", "pharmacy worker"),
    (r"call ?cent(?:er|re)|centro de llamadas|centre d'appels?|callcenter", "call center agent"),
    (r"biur\w*|ufficio|oficina|bureau|büro|escritório|kantoor|事務|办公室", "office worker"),
    (r"sportello", "bank teller"),
    (r"banco|bank|banque|banca|银行", "bank"),
    (r"supermercado|supermarkt|supermarché|supermercato|mercado|超市|supermarkt|sklep\w*|スーパー|コンビニ", "supermarket"),
    (r"jubilad[oa]|aposentad[oa]|reformad[oa]|rentner\w*|in rente|retraitée?|pensionat[oa]|in pensione|退休|gepensioneerd|emeryt\w*|退職|定年", "retired"),
    (r"en paro|desemplead[oa]|desempregad[oa]|arbeitslos\w*|au chômage|chômeu\w*|disoccupat[oa]|失业|没工作|"
     r"berozgaar|naukri nahi|werkloos|bezrobotn\w+|無職|失業", "unemployed"),
    (r"autónom[oa]|autônom[oa]|selbstständig\w*|indépendante?|auto-entrepreneur|freelance|自由职业|zzp'?er|zelfstandige|własną firmę|działalność|自営業|フリーランス", "self-employed"),
    (r"estudiante|estudante|student\w*|studiere|étudiante?|studente|studentessa|学生|studente|studentk\w+|studentem|大学生", "student"),
    # E75: more job words in the other languages read, each with its English
    (r"landwirtschaft|agricultor\w*|agriculteur\w*|contadin[oa]|boer(?:in)?\b|rolnik\w*|çiftçi\w*|petani|农民|農家", "farming, farmer"),
    (r"limpiando casas|limpieza|faxineir[oa]|diarista|femme de ménage|putzfrau|reinigungskraft|schoonmaker|sprzątaczk\w*|"
     r"uborshchitsa|清洁工|掃除", "cleaner"),
    (r"kindertagesstätte|guardería|creche|crèche|asilo nido|kinderopvang|przedszkol\w*|幼儿园|保育園|保育士|어린이집", "daycare, childcare"),
    (r"ospedale|hospital|hôpital|krankenhaus|ziekenhuis|szpital\w*|医院|病院|rumah sakit",
     "hospital"),
    (r"profe(?:sor[a]?)? de (?:mates|matemáticas)|prof de maths|mathelehrer\w*|insegnante di matematica|professor[a]? de matemática",
     "math teacher"),
    (r"profe(?:sor[a]?)? de inglés|prof d'anglais|englischlehrer\w*|insegnante d'inglese|professor[a]? de inglês", "English teacher"),
    (r"confeiteir[oa]|pasteler[oa]|pâtissi\w+|konditor\w*|pasticcier[ea]|banketbakker|cukiernik|кондитер\w*", "pastry baker"),
    (r"パート|アルバイト|バイト|兼职|a tiempo parcial|medio tiempo|à mi-temps|mi-temps|teilzeit|part-time|parttime|meio período|"
     r"part time|na pół etatu", "part-time"),
    (r"フリーランス|프리랜서|自由职业|freelanc\w*|autónom[oa]|autônom[oa]|zzp(?:'?er)?|selbstständig\w*|selbständig\w*|"
     r"indépendante?|libero professionista|самозанят\w*", "freelance, self-employed"),
    (r"laboratório|laboratorio|laboratoire|laboratorium|лаборатори\w*|laboratuvar|实验室|研究所", "laboratory"),
    (r"صيدلاني\w*|farmac[ée]utic[oa]|farmacista|pharmacienne?|apotheker\w*|farmaceut\w*|药剂师|薬剤師",
     "pharmacist"),
    (r"kontraktor|contratista|empreiteir[oa]|bauunternehm\w*|aannemer", "contractor, construction"),
    (r"fleuriste|florista|floristin|fiorista|bloemist|kwiaciar\w*|花屋", "florist"),
    (r"analista|analyste|analist|аналитик\w*|analyst\w*", "analyst"),
    (r"上班|打工|出勤", "works at a job"),
    (r"كول سنتر|call center|centro de llamadas|centre d'appels|callcenter|呼叫中心|コールセンター|콜센터", "call center"),
    (r"funcionari[oa]|fonctionnaire|beamte\w*|ambtenaar|urzędni\w+|госслужащ\w*|公务员|公務員|pns",
     "civil servant, public employee"),
    (r"schichtleiter\w*|jefe de turno|chef d'équipe|capoturno|ploegleider|brygadzist\w*|начальник смены|vardiya amiri",
     "shift supervisor"),
    (r"gemeente|ayuntamiento|prefeitura|mairie|comune|stadtverwaltung|urząd miasta|мэри\w*|belediye\w*|市役所|区役所",
     "municipality, local government"),
    (r"buschauffeur|busfahrer\w*|conductor de autobús|motorista de ônibus|chauffeur de bus|autista di autobus|kierowca autobusu",
     "bus driver"),
    (r"سكرتير\w*|secretari[oa]|secrétaire|sekretär\w*|segretari[oa]|secretaresse|sekretar\w*|секретар\w*|sekreter\w*|秘书|秘書",
     "secretary"),
    (r"bengkel|taller mecánico|oficina mecânica|garage automobile|autowerkstatt|officina|autowerkplaats|warsztat\w*", "car repair shop"),
    (r"enfermería|enfermagem|soins infirmiers|pflegefachkraft|pflegekraft|infermieristic[ao]", "nursing"),
    (r"mcdo|mcdonald'?s|mäcces|mäci|麦当劳|マクドナルド|맥도날드", "McDonald's"),
    (r"yazılım geliştirici\w*|desarrollador\w*|desenvolvedor\w*|développeu\w*|softwareentwickler\w*|"
     r"sviluppatore|softwareontwikkelaar|programist\w*|разработчик\w*|开发|開発", "software developer"),
    (r"boekhoud\w*|contable|contador[a]?|comptable|buchhalter\w*|contabile|księgow\w*|会计|経理|회계",
     "bookkeeper, accountant"),
    (r"gestoría|llevo la contabilidad", "bookkeeping (administrative agency)"),
    (r"werkstudent\w*", "working student"),
    (r"doktersassistent\w*|arzthelfer\w*|medizinische fachangestellte|assistente medic[oa]|asystent\w* lekarz\w*", "doctor's assistant"),
    (r"영업|销售|営業|vendedor[a]?|verkäufer\w*|commercial\b|venditore|verkoper|sprzedaw\w*|satış", "sales"),
    (r"ibu rumah tangga|主婦|家庭主妇|ama de casa|dona de casa|femme au foyer|hausfrau|casalinga|huisvrouw",
     "homemaker"),
)
_MONEY = (
    (r"salario mínimo|salário mínimo|\bsmic\b|mindestlohn|salario minimo|minimumloon|płac\w* minimaln\w+|najniższ\w+ krajow\w+|"
     r"asgari ücret\w*|минималк\w*|минимальн\w+ (?:зарплат\w+|оплат\w+)|мінімалк\w*|мінімальн\w+ зарплат\w+|最低工资|最低賃金|"
     r"최저\s*임금|최저시급|الحد الأدنى للأجور", "minimum wage"),
    (r"от зарплаты до зарплаты|від зарплати до зарплати|de quincena en quincena|de sueldo en sueldo|von gehalt zu gehalt|"
     r"d'un salaire à l'autre|maaştan maaşa|maaş maaşa|od wypłaty do wypłaty|van salaris tot salaris|月光族?|"
     r"월급날만 기다\S*", "paycheck to paycheck"),
    (r"(?:маленьк\w+|небольш\w+|мизерн\w+|мала|маленька) пенси\w+|пенси\w+ (?:маленьк\w+|небольш\w+|мизерн\w+)|"
     r"пенсі\w+ (?:мала|маленька)|emekli maaşı (?:az|düşük|yetmiyor)", "small pension"),
    (r"sin ahorros|no tengo (?:ningún |nada de )?ahorro\w*|nenhuma reserva|sem reserva|sem poupança|keine ersparnisse|"
     r"keinerlei ersparnisse|aucune économie|pas d'économies|nessun risparmio|non ho risparmi|没有存款|一点存款都没有|"
     r"存不下\w*钱|koi savings nahi", "no savings"),
    (r"confortable|à l'aise|cómod[oa]s?|confortáve(?:l|is)|agiat[oa]|benestante|tranquil[oa]s? (?:economicamente|"
     r"económicamente)|comfortabel|wygodnie", "comfortable"),
    (r"deuda\w*|debo|dívida\w*|devendo|schulden|dettes?|debiti|debito|欠|债|karz|udhaar|schulden|dług\w*|zadłużon\w+|借金", "debt"),
    (r"ahorros|poupança|reserva|ersparnisse|économies|risparmi|存款|savings|spaargeld|spaarpot|oszczędności|貯金", "savings"),
    (r"(?:a )?fin de mes (?:\w+ ){0,2}no lleg(?:o|amos)|no lleg(?:o|amos|ábamos) (?:\w+ ){0,2}a fin de mes|non arrivo a fine mese|"
     r"a fine mese (?:\w+ ){0,2}non ci arriv\w*|du mal à boucler (?:les|mes) fins de mois|não chego ao fim do mês|"
     r"(?:komme|kommen) (?:kaum|nicht) über die runden", "can't make it to the end of the month, struggling"),
    (r"tir(?:o|iamo|are) avanti a (?:fatica|stento)|arrivo a fine mese a (?:fatica|stento)|a fatica|a stento|a duras penas|mal dá|jodid[oa]|krucho", "struggling"),
    (r"boletos atrasados|contas atrasadas|no aperto|im minus", "behind on bills, struggling"),
    (r"à découvert|no vermelho|im dispo|in den miesen|en números rojos|rood staan|debet", "overdrawn"),
    (r"al día|a fin de mes|no me alcanza|no alcanza|aperto|apertad[oa]|curto|não dá|knapp|reicht nicht|"
     r"von der hand in den mund|手头\w{0,2}紧|serré|juste|ne suffit pas|non basta|alla giornata|不够|月光|guzara nahi|krap(?: bij kas)?|kom niet rond|ledwo starcza\w*|koniec z końcem|ぎりぎり|苦しい|apretad[oa]s?|pas[- ]pasan", "tight"),
    (r"(?:kleine|kleinen|magere|mageren) rente|pensión (?:mínima|pequeña)|aposentadoria (?:pequena|mínima)|petite retraite|"
     r"pensione minima|lebe von (?:einer |meiner )?\w* ?rente", "small pension"),
    (r"alquiler|aluguel|miete|loyer|affitto|房租|kiraya|huur|czynsz\w*|家賃", "rent"),
    (r"hipoteca|hypothek|crédit immobilier|mutuo|房贷|按揭|hypotheek|kredyt hipoteczny|住宅ローン", "mortgage"),
    (r"non ho (?:un|neanche un|nemmeno un) (?:euro|soldo|centesimo)|sin un (?:euro|duro|centavo)|sem um (?:centavo|tostão)|"
     r"pas un (?:sou|centime)|(?:keinen|kein) (?:cent|geld)|geen cent|ani grosza|一分钱都没有", "broke, no money"),
    (r"sueldo|salario|salário|gehalt|salaire|stipendio|工资|tankhwah", "pay"),
    (r"herança|herencia|eredità|erbschaft|erbe|héritage|erfenis|spadek|遗产|遺産", "inheritance"),
    (r"\bbolsa\b|\bbeca\b|stipendium|bourse", "stipend, grant"),
    (r"tabungan\w*", "savings"),
    (r"手取り", "take-home pay"),
    (r"\blpa\b", "salary, lakh per annum"),
    (r"pensión|pensão|rente|pension|pensione|退休金", "pension"),
    (r"(?:денег|грошей|paran?|param)\s+(?:очень |дуже |çok )?(?:мало|az)|(?:очень |дуже )?мало (?:денег|грошей)", "very little money"),
    (r"sin dinero|sin un peso|sem dinheiro|pleite|fauchée?|à sec|al verde|没钱|穷|paisa nahi|geen geld|nie mam pieniędzy|brak pieniędzy|お金がない|お金がありません|お金に困って\w*", "broke"),
    (r"estamos bien|tudo bem|geht es uns gut|ça va bien|stiamo bene|还可以|koi dikkat nahi", "doing okay"),
    (r"(?:aaram|araam|aasani) se (?:chal|nikal) (?:jaata|jata|jaati|jati|raha|rahi)", "comfortable, expenses covered"),
    (r"economias|ahorros", "savings"),
    (r"(?:casa|hipoteca|haus|wohnung)\s+(?:está|tá|ya está|ist)\s+(?:casi |quase |fast |schon )?(?:pagada|paga|quitada|abbezahlt)",
     "home paid off"),
    (r"el dinero no es|o dinheiro não é", "money not a problem"),
    (r"reforma|aposentadoria|pensão|пенсию|年金", "pension"),
    (r"mal (?:cobre|dá)|no (?:alcanza|llega)|não (?:cobre|dá)|ledwo (?:starcza|wystarcza)|maaşım yetmiyor|不够用", "not enough, tight"),
    (r"verdien (?:prima|goed|best goed|genoeg)", "earns fine"),
    (r"verdien (?:weinig|niet veel)", "earns little"),
    (r"zarabiam|月収|手取り", "income"),
    (r"alıyorum", "relies on family"),
    (r"欠着?|欠", "debt"),
    (r"pas (?:trop|beaucoup) de (?:thunes|fric|sous|tunes|argent)", "not much money"),
    (r"стипендию", "student stipend"),
    (r"пособие", "benefits"),
    (r"cukup (?:buat|untuk) sehari-hari", "enough for daily needs"),
    (r"salary nahi", "no salary"),
    (r"ghar (?:bhejti|bhejta)", "sends money home"),
    (r"貯金", "savings"),
    (r"penghasilan(?:ku)? (?:ga|gak|nggak|tidak) (?:nentu|tentu|tetap)", "irregular income"),
    (r"kendi gelirim yok", "no income of her own"),
    (r"je ne gagne pas assez|verdien net genoeg", "earns just enough, tight"),
    (r"emerytura|pensione|pensión", "pension"),
    (r"netto|net\b", "net"),
    (r"월급|연봉|gehalt|stipendio|gaji|maaşım", "salary"),
    (r"verdiene nicht viel|ganho pouco|gano poco|je gagne peu|guadagno poco|verdien weinig|zarabiam mało",
     "low income"),
    (r"on s'en sort|je m'en sors|me las arreglo|dá pra pagar as contas|dá para pagar as contas|komme über die runden|ce la caviamo|"
     r"we redden het|jakoś wiążę koniec z końcem", "getting by"),
    (r"das geld reicht (?:hinten und vorne )?nicht|el dinero no alcanza|o dinheiro não dá|l'argent ne suffit pas|i soldi non bastano|"
     r"het geld is niet genoeg|pieniędzy nie starcza", "money doesn't stretch far enough, tight"),
    (r"kredyt\w*|credito|crédito|prestito|lening|贷款|ローン", "loan"),
    (r"sin deudas|sem dívidas|pas de dettes|keine schulden|nessun debito|geen schulden|bez długów|没有欠债|借金はない",
     "no debt"),
    (r"einkommen schwankt|ingresos variables|renda variável|revenus irréguliers|reddito variabile|wisselend inkomen", "irregular income"),
)
_HEALTH = (
    (r"embarazada|grávida|gravida|schwanger|enceinte|incinta|怀孕|妊娠|zwanger|w ciąży|ciąży|pet se|pregnant", "pregnant"),
    (r"tensión alta|hipertensión|pressão alta|hipertensão|bluthochdruck|hypertension|pressione alta|高血压|bp|hoge bloeddruk|nadciśnieni\w+|高血圧",
     "high blood pressure, hypertension"),
    (r"herzschwäche|herzinsuffizienz|insuffisance cardiaque|insuficiencia cardíaca|insuficiência cardíaca|心衰",
     "heart failure"),
    (r"diabetes|diabète|diabete|diab[eé]tic[oa]s?|diabétique|diabetiker(?:in)?|diabeet|diabetyk\w*|zucker|糖尿病|sugar|"
     r"suikerziekte|suiker|cukrzyc\w+", "diabetes"),
    (r"corazón|coração|herz|cœur|cuore|心脏|dil", "heart"),
    (r"cáncer|câncer|krebs|cancer|cancro|tumore|癌|kanker|rak(?:a|iem)?|がん", "cancer"),
    (r"asma|asthme|asthma|哮喘|astma|astm\w+|喘息", "asthma"),
    (r"rodilla|joelho|knie|genou|ginocchio|膝盖|ghutn\w*", "knee"),
    (r"espalda|costas|rücken|mal au dos|du dos|schiena|腰|背|kamar|rugpijn|rug|kręgosłup\w*|ból pleców|腰痛", "back"),
    (r"san[oa]|saudável|gesund|bonne santé|sto bene|身体挺好|健康|sehat theek|zdrow[ay]|gezond|in salute", "healthy"),
    (r"operaron|operei|operation|opéré|operato|手术", "surgery"),
    (r"celiach[ií]a|celíac[oa]|doença celíaca|zöliakie|maladie cœliaque|cœliaque|coeliakie|celiakia|乳糜泻|セリアック", "celiac disease"),
    (r"失眠|睡不着|不眠\w{0,2}|眠れない|insomnio|insônia|insonnia|schlaflos\w*|schlafstörung\w*|slapeloosheid|bezsenność|"
     r"schlafe (?:ich )?(?:kaum|schlecht)|duermo (?:mal|poco)|je dors mal|non dormo|slaap slecht", "insomnia, poor sleep"),
    (r"(?:quebrei|fraturei|me rompí|me fracturé|je me suis cassé|ho rotto|mi sono rott[oa]) (?:o |el |la |le |il )?"
     r"(?:braço|brazo|bras|braccio)|arm gebrochen|骨折", "broken arm"),
    (r"(?:quebrei|fraturei|me rompí|me fracturé|je me suis cassé|ho rotto|mi sono rott[oa]) (?:a |o |el |la |le |il )?"
     r"(?:perna|pé|pierna|pie|tobillo|jambe|cheville|gamba|caviglia)|bein gebrochen", "broken leg or foot"),
    (r"pressione (?:[\w']+ ){0,3}?alta|ipertensione", "high blood pressure, hypertension"),
    (r"diabete", "diabetes"),
    (r"artrosi|arthrose|artrose", "arthritis"),
    (r"reuma\w*|rheuma\w*|rhumatisme\w*|reumatismo|reumatyzm\w*|风湿|リウマチ", "rheumatism, rheumatoid arthritis"),
    (r"colesterol\w*|cholestérol|cholesterin\w*|kolesterol\w*|cholesterol\w*|胆固醇|コレステロール", "high cholesterol"),
    (r"fibromialgia|fibromyalgie", "fibromyalgia"),
    (r"hipot[ie]r[eo]oidismo|hypothyreose|hypothyroïdie|ipotiroidismo", "hypothyroidism"),
    (r"rückenprobleme|rücken (?:ist )?kaputt", "back problems"),
    (r"acciacchi|dolori|dolores|dores|wehwehchen|schmerzen|douleurs|petits bobos|kwaaltjes|bóle", "aches and pains"),
    (r"artrosis|artrose|arthrose|osteoartrite|osteoartrosi|artroz\w*|артроз\w*|kireçlenme|关节炎|変形性関節症", "osteoarthritis"),
    (r"artritis|artrite|arthrite|arthritis|artretyzm", "arthritis"),
    (r"胃病|胃炎|gastritis|gastrite|gastrit\w*|гастрит\w*", "stomach problems, gastritis"),
    (r"乙肝|乙型肝炎|hepatitis b|hépatite b|epatite b|hepatite b|B型肝炎|B형 간염", "hepatitis B"),
    (r"böbrek yetmezliği\w*|insuficiencia renal|insuficiência renal|insuffisance rénale|niereninsuffizienz|nierenversagen|"
     r"insufficienza renale|nierfalen|niewydolność nerek|почечн\w+ недостаточност\w+|肾衰|腎不全|신부전", "kidney failure"),
    (r"doença cardíaca|enfermedad cardíaca|cardiopatía|maladie cardiaque|herzkrankheit|malattia cardiaca|hartziekte|"
     r"choroba serca|心脏病|心臓病", "heart disease"),
    (r"herzrasen|palpitaciones|palpitações|palpitations|palpitazioni|hartkloppingen|kołatanie serca|çarpıntı",
     "palpitations"),
)
_MENTAL = (
    (r"depresión|depressão|depression|dépression|depressione|抑郁|depressie|depresj\w+|うつ病|うつ|鬱", "depression"),
    (r"ansiedad|ansiedade|angststörung|angst|anxiété|angoisse|ansia|焦虑|angststoornis\w*|zaburzeni\w+ lękow\w+|不安障害", "anxiety"),
    (r"trastorno bipolar|bipolar\w*|双相", "bipolar disorder"),
    (r"tdah|tda-h|adhs|多动症|注意缺陷", "ADHD"),
    (r"\btoc\b|trastorno obsesivo\w*|transtorno obsessivo\w*|zwangsstörung\w*|disturbo ossessivo\w*|"
     r"dwangstoornis|nerwic\w* natręctw|强迫症|強迫性障害", "OCD"),
    (r"antidepresiv\w*|antidepressiv\w*|antidépresseur\w*|antidepressiv\w*|抗抑郁|antidepressiva|leki przeciwdepresyjne|抗うつ薬", "antidepressants"),
    (r"psiquiatra|psychiater\w*|psychiatre|psichiatra|精神科", "psychiatrist"),
    (r"psicólog[oa]|psychologe|psychologin|psychologue|psy\b|psicolog[oa]|心理医生|therapist|terapia|therapie|thérapie|"
     r"terapii|terapię|カウンセリング|心理咨询|心理治疗", "therapy"),
    (r"sertralin\w*|fluoxetin\w*|escitalopram\w*|citalopram\w*|paroxetin\w*|venlafaxin\w*|quetiapin\w*|lamotrigin\w*|"
     r"litio|lithium|lítio", "medication"),
    (r"burn-?out|burnout|バーンアウト", "burnout"),
    (r"шизофрени\w*|esquizofrenia|schizophrénie|schizophrenie|schizofrenia|schizofrenie|şizofreni|精神分裂|統合失調症|조현병",
     "schizophrenia"),
    (r"適応障害|适应障碍|trastorno adaptativo|transtorno de adaptação|trouble de l'adaptation|anpassungsstörung|"
     r"disturbo dell'adattamento|aanpassingsstoornis|zaburzenia adaptacyjne|расстройство адаптации|uyum bozukluğu|적응장애",
     "adjustment disorder"),
    (r"心療内科", "psychosomatic clinic"),
)
_YEARS = (("1st", "primer|primo|première|premier|ersten|satu|一"), ("2nd", "segundo|secondo|deuxième|zweiten|dua|二"),
          ("3rd", "tercer|terzo|troisième|dritten|tiga|三"), ("4th", "cuarto|quarto|quatrième|vierten|empat|四"),
          ("5th", "quinto|cinquième|fünften|lima|五"))
# The year of study one is in ("al secondo anno", "en L2", "im dritten Semester", "大四", "大学3年"), and the subject.
_STUDY_YEARS = tuple(
    (rf"(?:{words}) (?:año|anno|année|ano)|\bl{n[0]}\b|大{words[-1]}|大学\s*(?:{n[0]}|{words[-1]})\s*年生?|(?:{words}) année", f"{n} year")
    for n, words in _YEARS) + tuple(
    (rf"(?:im )?(?:{words}) (?:semester|semestre)|semester (?:{words})", f"{n} semester") for n, words in _YEARS)
_SUBJECTS = (
    (r"derecho|direito|\bdroit\b|jura|rechtswissenschaft\w*|giurisprudenza|rechten|prawo|法学|法律", "law"),
    (r"ingenier[ií]a|engenharia|ingénierie|ingegneria|ingenieurwesen|工程|工科", "engineering"),
    (r"medicina|médecine|medizin|geneeskunde|医学", "medicine"),
    (r"enfermer[ií]a|enfermagem|soins infirmiers|infermieristica|pflege(?:wissenschaft)?|verpleegkunde|pielęgniarstw\w*|护理|看護", "nursing"),
    (r"econom[ií]a|économie|wirtschaft\w*|economia|economie|ekonomi\w*|экономист\w*|экономик\w*|经济", "economics"),
    (r"psicolog[ií]a|psychologie|psicologia|psycholog\w*|心理学", "psychology"),
    (r"计算机|コンピュータ|informatique|informática|informatica|informatik", "computer science"),
    (r"研[一二三]|研究生|大学院生?|대학원생?", "graduate student"),
    (r"大专|专科|短大|専門学校", "junior college diploma"),
    (r"高一", "high school, 1st year"), (r"高二", "high school, 2nd year"), (r"高三", "high school, 3rd year"),
    (r"liceo|lycée|gymnasium|gimnazjum|gymnasiet", "high school"),
    (r"laureat[oa]", "university degree"),
    (r"kuliah|studente|studentessa|estudiante|estudante|étudiante?|studentin", "university student"),
    (r"đại học|\buni\b|l'università|universidad|faculdade|facul\b", "university"),
    (r"skripsi", "undergraduate thesis"),
    (r"hemşirelik", "nursing"),
    (r"mühendisliği", "engineering"),
    (r"\bbwl\b|betriebswirtschaft\w*|\bade\b|administración de empresas|administração", "business administration"),
    (r"lehramt", "teacher training"),
    (r"cégep", "CEGEP college"),
    (r"prepa|preparatoria|ensino médio|secundaria|bachillerato", "high school"),
    (r"okudum", "studied"),
)
_SCHOOL = _STUDY_YEARS + _SUBJECTS + (
    (r"chhod (?:di|diya|dia)|chhodni padi|chhodna pada", "dropped out"),
    (r"não terminei (?:a escola|o colégio|os estudos)|no (?:terminé|acabé) (?:la escuela|el colegio|los estudios)|"
     r"je n'ai pas (?:fini|terminé) (?:l'école|mes études|le lycée)|non ho finito (?:la scuola|gli studi)|"
     r"(?:schule|ausbildung) nicht (?:beendet|abgeschlossen)|keinen (?:schul)?abschluss|school niet afgemaakt|"
     r"nie skończył\w* szkoły", "didn't finish school"),
    (r"superior incompleto|faculdade incompleta|tranquei\w*|un anno di università|estudios universitarios sin terminar|"
     r"abgebrochene\w* studium|studium abgebrochen", "some college"),
    (r"informatyk\w*|informatica|informatique|informática|informatik|計算機|计算机|ict", "computer science"),
    (r"matur\w*|średnie wykształcenie", "high school diploma"),
    (r"mbo(?:[- ]?(?:niveau )?\d)?|vmbo|zawodówk\w*|technikum", "vocational school"),
    (r"studiuję|studeer|studio all'università|estudo na faculdade", "university student"),
    (r"licenciatura|graduação|bachelor|licence|laurea|本科|hbo|licencjat\w*|学士", "bachelor's degree"),
    (r"máster|maestría|mestrado|master|研究生|硕士|magister\w*|magisterskie|大学院|修士", "master's degree"),
    (r"doctorado|doutorado|promotion|doctorat|dottorato|博士", "doctorate"),
    (r"ausbildung|formação técnica|formación profesional|apprentissage|formazione professionale|职高|技校",
     "vocational training"),
    (r"bachillerato|ensino médio|abitur|baccalauréat|\bbac\b|diploma|maturità|高中|middelbare school|havo|vwo|średnie|liceum|高校", "high school"),
    (r"\w*schulabschluss|mittlere reife|technikum|bts|dut|cap|bep|bac pro", "secondary or vocational school"),
    (r"universidad|faculdade|studium|université|università|大学|universiteit|studia|uczelni\w*", "university"),
    (r"박사과정|博士(?:課程|生|研究生)|doctorado|doutorado|doctorat|dottorato|promovendust|doktora",
     "PhD student, doctorate"),
    (r"高卒", "high school graduate"),
    (r"大学は行ってない|no fui a la universidad|não fiz faculdade|pas fait d'études|nicht studiert", "no university"),
    (r"arrêté l'école|dejé la escuela|deixei a escola|la scuola l'ho lasciata|non ho finito|die schule abgebrochen|"
     r"school niet afgemaakt", "left school"),
    (r"pas de diplôme|sin título|sem diploma|kein abschluss|senza diploma|geen diploma", "no diploma"),
    (r"le medie|ensino fundamental|collège|mittelschule", "middle school"),
    (r"неоконченное высшее|incomplete higher", "incomplete higher education"),
    (r"физфак|faculdad de física|física|physique|physik|fisica|natuurkunde|fizyk\w*|физик\w*|fizik|物理", "physics"),
    (r"nggak pernah sekolah|nunca fui a la escuela|nunca fui à escola|jamais allé à l'école|nie zur schule gegangen|"
     r"कभी स्कूल", "no formal schooling"),
)
_FEELINGS = (
    (r"(?:hab|habe) (?:\w+ ){0,2}angst|me da (?:\w+ ){0,2}miedo|com (?:\w+ ){0,2}medo|voel me (?:\w+ ){0,3}bang|j'ai (?:\w+ )?peur|tengo (?:\w+ )?miedo|tenho (?:\w+ )?medo|ik ben (?:\w+ )?bang|boję się|"
     r"dar lag\w*", "afraid"),
    (r"culpable|culpad[oa]|coupable|culpabilise|in colpa|schuldig|winn\w+", "guilty"),
    (r"geïrriteerd|prikkelbaar|gereizt|irritad[oa]|irritée?|irritat[oa]|poirytowan\w+|wkurzon\w+", "irritable"),
    (r"(?:um |uma )?(?:caco|trapo)", "a wreck, devastated"),
    (r"ça me travaille", "worried, bothered"),
    (r"rayad[oa]|rallad[oa]|ralladísim[oa]", "troubled, overthinking"),
    (r"j'en peux (?:\w+ )?plus|mam (?:już )?dość", "fed up, at the end of my rope"),
    (r"je craque", "at breaking point"),
    (r"moral à zéro", "very low"),
    (r"ça me stresse|stresuję", "stressed"),
    (r"tourne (?:un peu )?en rond", "restless, going in circles"),
    (r"wkurza mnie", "irritated, angry"),
    (r"\bdown\b", "down"),
    (r"心情\w{0,2}(?:差|不好|糟糕?)|bad mood", "bad mood"),
    (r"崩溃|a pezzi|à bout de nerfs", "falling apart, overwhelmed"),
    (r"sin esperanza|sem esperança|hoffnungslos|sans espoir|senza speranza|绝望|nirash|hopeloos|beznadziejn\w+", "hopeless"),
    (r"agobiad(?:[oa]|ísim[oa])|abrumad[oa]|sobrecarregad[oa]|überfordert|débordée?|dépassée?|sopraffatt[oa]|撑不住", "overwhelmed"),
    (r"triste|traurig|难过|伤心|udaas|dukhi|verdrietig|somber|smutn\w+|悲しい", "sad"),
    (r"cansad[oa]|müde|fatiguée?|stanc\w*|累|疲惫|thak\w*|moe|doodmoe|zmęczon\w+|疲れ\w*", "tired"),
    (r"quemad[oa]|quemadísim[oa]|ausgebrannt|à bout de forces|esgotad[oa]", "burned out"),
    (r"agotad[oa]|exaust[oa]|erschöpft|épuisée?|esaust[oa]|a pezzi|fix und fertig|à bout|uitgeput|wykończon\w+|しんどい", "exhausted"),
    (r"estresad[oa]|estressad[oa]|gestresst|stressée?|stressat[oa]|压力\w{0,2}大|tension|pareshan|gestrest|zestresowan\w+|ストレス", "stressed"),
    # "solo"/"sola" is lonely at the end of what is said ("me siento solo", "mi sento sola e triste"), "just" before
    # another word ("estoy solo cansado", "sono solo stanca")
    (r"sol[oa](?=\s*(?:$|[,.;:!?)]|(?:y|e|ed|o|ma|pero|porque|perché|da|desde)\b))|sozinh[oa]|einsam|seule?|孤独|寂寞|akel\w*|eenzaam|samotn\w+|寂しい|さびしい", "lonely"),
    (r"ansios[oa]|ansiedade|ansiedad|anxiété|angoisse|angustia|angústia|ängstlich|angst|anxieu\w*|angoissée?|ansia|焦虑|ghabrahat|angstig|niespokojn\w+|不安", "anxious"),
    (r"miedo|medo|paura|peur|害怕|dar\b", "afraid"),
    (r"desesperad[oa]|verzweifelt|désespérée?|disperat[oa]", "desperate"),
    (r"vac[ií][oa]|vazi[oa]|(?:mich|so|ganz|total|innerlich) leer|vide|vuot[oa]|空虚", "empty"),
    (r"preocupad[oa]|besorgt|inquiète?|preoccupat[oa]|担心", "worried"),
    (r"perdid[oa]|perdue?|pers[oa]|迷茫|verloren", "lost"),
    (r"vastgelopen|hin und her gerissen|悩んで\w*|迷って\w*", "stuck, torn"),
    (r"onzeker", "insecure"),
    (r"waardeloos|nutteloos", "useless, worthless"),
    (r"opgelucht", "relieved"),
    (r"\bellendig|\brot\b", "miserable"),
    (r"enojad[oa]|irritad[oa]|wütend|en colère|arrabbiat[oa]|生气|gussa", "angry"),
    (r"涙が出\w*|泣いて\w*|泣きたい|想哭|lloro|choro|weine|je pleure|piango", "crying, low"),
    (r"まあまあ|还行吧|马马虎虎|" + SO_SO_WORDS, "so-so"),
    (r"grübel\w*|rumin\w*|le doy vueltas|je rumine|rimugin\w*", "ruminating"),
    (r"mejor|melhor|mieux|besser|meglio|beter|lepiej", "better"),
    (r"estable|estável|stabil[e]?", "stable"),
    (r"pra baixo|para baixo", "down, low"),
    (r"giù", "down, low"),
    (r"déprime|deprimid[oa]|deprimiert|déprimée?|depress[oa]|低落|neerslachtig|przygnębion\w+|落ち込ん\w*", "low"),
    (r"feliz|glücklich|heureu\w*|felice|开心|高兴|khush", "happy"),
    (r"tranquil[oa]|calm[oa]|ruhig|calme|平静", "calm"),
    (r"gelukkig", "happy"),
    (r"depressief", "low, depressed"),
    (r"frustrad[oa]|frustriert|frustrée?|frustrat[oa]", "frustrated"),
    (r"hin-?\s*und\s*hergerissen|dividid[oa]|纠结|combattut[oa]|kararsızım", "torn"),
    (r"übergangen", "passed over"),
    (r"doodeng|apavora|apavorad[oa]|terrorizzat[oa]|aterra|pavor", "terrified"),
    (r"pánico", "panicked"),
    (r"eng\b|schiss|flippe|flipper|strasz\w*|겁이|takot|assusta|assustad[oa]|خوف", "scared"),
    (r"desanimad[oa]|demoralizzat[oa]|em baixo|moralim\s+(?:çok\s+)?bozuk", "down, discouraged"),
    (r"coração partido", "heartbroken"),
    (r"vergonha|vergogno|nahihiya|utanıyorum", "ashamed, embarrassed"),
    (r"sollevat[oa]|erleichtert", "relieved"),
    (r"entusiasta", "excited"),
    (r"confus[oa]|запутал\w+|confused", "confused"),
    (r"agobia|angustia\w*|angosciat[oa]|bunalıyorum", "overwhelmed"),
    (r"pusing|ضغط", "stressed, under pressure"),
    (r"apatia|апатия", "apathetic, unmotivated"),
    (r"ضياع|بالضياع", "lost"),
    (r"dépassée?|bez wyjścia", "overwhelmed, trapped"),
    (r"atrapad[oa]", "trapped"),
    (r"culpable|guilty", "guilty"),
    (r"pagod", "tired"),
    (r"deg-degan|不安", "nervous, anxious"),
    (r"переживаю|心配|preocupa", "worried"),
    (r"lungkot", "sad"),
    (r"kafam (?:çok |biraz |bayağı )?karışık", "confused"),
    (r"reventad[oa]|hech[oa] polvo|à plat", "worn out, drained"),
    (r"me quita el sueño", "losing sleep"),
    (r"panico", "panicking"),
    (r"번아웃", "burned out"),
    (r"걱정돼요|걱정이\s*돼요", "worried"),
    (r"속상하\S*", "upset"),
    (r"心里(?:特别|很|有点|非常)?(?:不安|难受|慌|乱|没底)", "uneasy"),
    (r"悩んで\w*|迷って\w*", "torn"),
    (r"tension|stresuję", "stressed"),
    (r"тяжело", "struggling, hard"),
    (r"asustad[oa]|assustad[oa]|effrayée?|erschrocken|spaventat[oa]|geschrokken|przestraszon\w*", "scared"),
    (r"découragée?|entmutigt|scoraggiat[oa]|ontmoedigd|zniechęcon\w*", "discouraged"),
    (r"有点烦|烦躁|イライラ", "irritated"),
    (r"不太好|あまり良くない", "not good"),
    (r"घबराहट|ghabrahat", "nervous"),
    (r"\bmalu\b", "embarrassed"),
    (r"apagad[oa]", "flat, low"),
    (r"no estoy bien|não estou bem|ça va pas", "not okay"),
)
_BY_ATTRIBUTE = {
    "Profession": _ACTIVITIES + _JOBS, "activity": _ACTIVITIES, "Economic Status": _MONEY,
    "Health Status": CONDITIONS + _HEALTH,
    "Mental Health Status": _MENTAL,
    "Education Level": _SCHOOL, "Emotional State": _FEELINGS,
}
# The tables are compiled on first use, per attribute (~0.4 s for all of them): a first decision that glosses
# nothing, most English requests, does not pay it. A word stands alone when it is in an alphabet (LATIN_LETTER).
# Russian, Ukrainian, Turkish, Arabic and Korean words come after the others' (their Turkish words in Latin letters
# are ones no other language here writes: "öğretmen", "depresyon", "markette", not "market" or "terapia").
# Indonesian and Malay words are read only for a value in those languages: "SD", "hamil" or "tumor" mean other
# things elsewhere.
_GROUPS = {"main": _BY_ATTRIBUTE, "ru_tr_ar_ko": RU_TR_AR_KO_GLOSSES, "id_ms": ID_MS_GLOSSES}


@cache
def _compiled(group: str, attribute: str) -> tuple[tuple[Prefiltered, str], ...]:
    return tuple((prefiltered(rf"(?<!{LATIN_LETTER})(?:{pattern})(?!{LATIN_LETTER})", re.IGNORECASE), english)
                 for pattern, english in _GROUPS[group].get(attribute, ()))


def compile_all() -> None:
    """Compile every gloss table now (Guard.warm_up), so no user's reply pays for it."""
    for group, tables in _GROUPS.items():
        for attribute in tables:
            _compiled(group, attribute)


_NEGATION = prefiltered(r"\b(?:no|sin|não|nao|nem|sem|kein\w*|nicht|pas|ne|aucun\w*|sans|non|nn|nessun\w*|senza|nahi|nahin|"
                        r"niet|geen|nie|not|never)\b\W*(?:\w+\W+){0,2}$|(?:没有?|不)\S{0,2}$", re.IGNORECASE)
# Words a negation turns into "not ..." ("不算穷" -> "not broke"); the others take "no ..." ("sin deudas" -> "no debt").
_TAKES_NOT = frozenset({"broke", "tight", "doing okay", "healthy", "retired", "unemployed", "student", "self-employed"})
MAX_GLOSSES = 3


def gloss(attribute: str, text: str, context: str = "") -> str | None:
    """The English words for `text` as a value of `attribute` ("warehouse worker", "no savings, debt"), or None.
    `context`: the reply the value came from (Indonesian and Malay words are read only in a reply in those languages)."""
    found: list[tuple[int, str]] = []
    taken: list[tuple[int, int]] = []
    tables = _compiled("main", attribute) + _compiled("ru_tr_ar_ko", attribute)
    if reads_as_id_ms(context or text):
        tables = _compiled("id_ms", attribute) + tables
    for pattern, english in tables:
        for match in pattern.finditer(text):
            if any(s < match.end() and match.start() < e for s, e in taken):
                continue  # a longer phrase already read these words ("motorista de aplicativo", not "motorista")
            since = max([e for s, e in taken if e <= match.start()], default=0)  # not a "no" inside words already read
            taken.append((match.start(), match.end()))
            # a negation counts in its own clause only: "Não trabalho, dona de casa" is no "no homemaker"
            before = re.split(r"[,.;:!?)]", text[since:match.start()])[-1]
            denied = bool(DENIED_AFTER_JA.match(text, match.end())) or (  # "借金はない": no debt
                attribute == "Emotional State" and bool(re.search(r"(?:ない|ません|なかった)", match.group(0))))
            if (_NEGATION.search(before) or denied) and not english.startswith("no "):
                english = ("not " if attribute == "Emotional State" or english in _TAKES_NOT else "no ") + english
            if all(english != word for _, word in found):
                found.append((match.start(), english))
    if not found:
        return None
    return ", ".join(word for _, word in sorted(found)[:MAX_GLOSSES])


_ZH_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_ZH_UNITS = {"十": 10, "百": 100, "千": 1000, "万": 10000}
_ZH_AMOUNT = prefiltered(r"([一二两三四五六七八九十]+[十百千万][一二两三四五六七八九十百千万零]*|\d+(?:\.\d+)?\s*[千万])(多|左右)?")


def _zh_number(said: str) -> int | None:
    """A number written in Chinese numerals ("四千" 4000, "两万五" 25000, "3千" 3000), or None."""
    if said[0].isdigit():
        return int(float(said[:-1]) * _ZH_UNITS[said[-1]])
    total = section = digit = 0
    for char in said:
        if char in _ZH_DIGITS:
            digit = _ZH_DIGITS[char]
        elif char == "万":
            total += (section + digit) * 10000
            section = digit = 0
        elif char in _ZH_UNITS:
            section += (digit or 1) * _ZH_UNITS[char]
            digit = 0
    last_unit = next((c for c in reversed(said) if c in _ZH_UNITS), "")
    if digit and last_unit in {"万", "千"} and said[-1] in _ZH_DIGITS:
        digit *= _ZH_UNITS[last_unit] // 10  # "两万五" is 25000, "三千五" 3500
    return total + section + digit or None


# Amounts in the other languages' digits and multipliers: "1.800" (a dot between thousands), "50 mil", "12mila",
# "40 tys.", "120к", "5 juta", "18 lakh", "18万" (Japanese and Chinese ten-thousands).
_DOTTED = prefiltered(r"(?<![\d.,])(\d{1,3}(?:\.\d{3})+)(?![\d,]|\.\d)")
_MULTIPLIED = prefiltered(r"(?<![\d.,])(\d+(?:[.,]\d+)?)\s*(mil|mila|mille|tys\.?|тыс\.?|тысяч\w*|к|juta|jt|lakhs?|crores?|万)"
                          r"(?![^\W\d_])", re.IGNORECASE)
_MULTIPLIERS = {"mil": 1000, "mila": 1000, "mille": 1000, "tys": 1000, "тыс": 1000, "тысяч": 1000, "к": 1000,
                "juta": 1_000_000, "jt": 1_000_000, "lakh": 100_000, "crore": 10_000_000, "万": 10_000}


def _digits_amount(value: str) -> str | None:
    """ "herança de 50 mil euros" -> "50000", "ganho 1.800 de bolsa" -> "1800"; None when nothing is said that way."""
    multiplied = _MULTIPLIED.search(value)
    if multiplied:
        word = re.sub(r"^(тысяч|lakh|crore)\w*$", r"\1", multiplied.group(2).lower().rstrip("."))  # "тысячи", "lakhs"
        factor = _MULTIPLIERS.get(word)
        if factor:
            return f"{round(float(multiplied.group(1).replace(',', '.')) * factor):d}"
    dotted = _DOTTED.search(value)
    return dotted.group(1).replace(".", "") if dotted else None


def _amount_gloss(value: str) -> str | None:
    """An amount said in Chinese numerals, in digits: "一个月四千多" -> "4000+ a month"; or with another language's
    multiplier or thousands dot: "50 mil" -> "50000"."""
    match = _ZH_AMOUNT.search(value)
    number = _zh_number(match.group(1).replace(" ", "")) if match else None
    if not match or not number:
        return _digits_amount(value)
    period = " a month" if re.search(r"月", value) else " a year" if re.search(r"年薪|一年|每年", value) else ""
    return f"{number}{'+' if match.group(2) == '多' else ''}{period}"


def gloss_value(attribute: str, value: str, limit: int = 80, context: str = "") -> str:
    """`value` followed by its English words, when it has any that it does not already say: "deprimida" ->
    "deprimida (low)"; an English value, or one with no known word, is returned as it is. The user's words are
    shortened, never the gloss, so that the whole fits in `limit` characters."""
    words = gloss(attribute, value, context)
    amount = _amount_gloss(value) if attribute == "Economic Status" else None
    if amount:
        words = f"{amount}, {words}" if words else amount
    if not words or words.lower() in value.lower():
        return value
    room = limit - len(words) - 3
    said = " ".join(value.split())
    if len(said) > room:
        said = said[: max(room - 1, 0)].rstrip() + "…"
    return f"{said} ({words})"


def gloss_activity(value: str) -> str:
    """An English job value said as an activity, followed by the job it names: "fix cars for a living" ->
    "fix cars for a living (mechanic)". A value that already names a job is returned as it is."""
    words = gloss("activity", value)
    if not words or words.lower() in value.lower() or gloss("Profession", value) != words:
        return value
    return gloss_value("activity", value)
