"""The extractor's words for Indonesian and Malay (issue 12).

Why a module of its own: Indonesian and Malay are written in Latin letters without accents and share almost no
function word with the languages attribute_rules reads, so "aku kerja jadi guru SD" or "sudah menikah, gaji
pas-pasan" stored nothing but an age. Both languages are covered together: their everyday words for work, marriage,
money, schooling and health are largely the same ("nganggur", "cerai", "hutang", "lulusan SMA", "darah tinggi").

Each fact is said the plain ways a chat says it: the work frame ("kerja jadi", "bekerja sebagai", "saya seorang"),
marital words, money phrases, conditions and diagnoses, self-harm said or denied, a feeling. A plan ("mau jadi
dokter", "ingin kuliah"), the past ("dulu", "waktu kecil") and someone else ("suami saya guru", "ibu saya diabetes")
state nothing about the user. Gender only from words ("saya perempuan", "cowok", "seorang ibu"): the languages have
no grammatical gender.

`read_clause` returns (attribute, value, kind) triples, as rules_ru_tr_ar_ko does; attribute_rules wraps them into
Facts. The cue words (declines, wave-aways, yes / no, fillers) and the English glosses are used by reply_cues and
value_gloss.
"""

from __future__ import annotations

import re

from penguin_guard.regex_prefilter import Prefiltered, prefiltered

__all__ = ["DECLINE", "FILLER_WORDS", "GLOSSES", "NO_WORDS", "WAVE_AWAY", "YES_WORDS", "feelings", "read_clause", "reads_as_id_ms",
           "says_i"]

_I = re.IGNORECASE
Triple = tuple[str, str, str]


def _words(pattern: str) -> Prefiltered:
    """`pattern` as whole words (Latin letters on neither side)."""
    return prefiltered(rf"(?<![A-Za-z])(?:{pattern})(?![A-Za-z])", _I)


# ---- which language, and who the clause is about ----------------------------------------------------------------

# Words no other language the extractor reads uses this way: a clause with one of them is Indonesian or Malay.
_MARKERS = _words(
    r"saya|aku|gue|gua|gw|sy|kerja|bekerja|sudah|udah|dah|belum|tidak|gak|ga|nggak|enggak|ngga|sebagai|jadi|"
    r"punya|ada|umur|usia|tahun|thn|sekarang|skrg|lagi|banget|sekali|sangat|agak|sih|aja|saja|dengan|yang|"
    r"tapi|karena|soalnya|pernah|nikah|menikah|cerai|lulusan|kuliah|gaji|hutang|utang|sakit|merasa|rasa|"
    r"capek|sedih|cemas|bingung|stres|takut|kesepian|baik|lumayan|pas-pasan|seorang|ibu|bapak|anak|mbak|"
    r"boleh|mau|ingin|pengen|kena|minum|obat|berobat|hidup|tinggal|rumah|tangga|kantor|toko|pabrik|kami|kita|"
    r"perempuan|wanita|cewek|cowok|laki-laki|lelaki|pria|nelayan|petani|perawat|karyawan|pegawai|nganggur|menganggur|"
    r"pensiun|pensiunan|lajang|jomblo|janda|duda|bercerai|pacaran|tunangan|kuliah|mahasiswa|mahasiswi|pelajar|"
    r"bokek|cicilan|tabungan|hamil|darah tinggi|kencing manis|maag|gangguan|khawatir|lelah|kecewa|galau|minder|"
    r"sehat|alhamdulillah"
)
_SELF = _words(r"saya|aku|gue|gua|gw|sy|ane|diriku|diri saya|\w+ku")
_OTHER = _words(
    r"(?:suami|istri|isteri|ibu|ayah|bapak|mama|papa|emak|abah|adik|kakak|abang|anak|teman|kawan|pacar|bos|atasan|"
    r"nenek|kakek|sepupu|tetangga|mertua|om|tante|paman|bibi)(?:ku|\s+(?:saya|aku|gue|gw))|"
    # a relative named bare as the subject that opens the clause ("istri lagi hamil", "anak sakit"): theirs
    r"^(?:suami|istri|isteri|ibu|ayah|bapak|anak|adik|kakak|pacar)(?=\s)|"
    r"dia|mereka|beliau|ia"
)
# A plan or a wish: "mau jadi dokter", "ingin kuliah lagi", "rencana menikah".
_PLAN = _words(r"mau jadi|ingin jadi|pengen jadi|pengin jadi|cita-cita|bercita-cita|rencana|berencana|akan menikah|"
               r"mau menikah|ingin menikah|pengen nikah|mau kuliah|ingin kuliah|pengen kuliah|calon")
# The past: "dulu", "waktu kecil", "pas SMA" (not "sudah", which says a state reached and kept).
_PAST = _words(r"dulu|dahulu|dulunya|waktu (?:kecil|remaja|muda|itu|SMA|SMP|kuliah)|pas (?:SMA|SMP|kecil|kuliah)|"
               r"sempat|pernah kerja|pernah bekerja|mantan|bekas")


def reads_as_id_ms(text: str) -> bool:
    """Whether `text` reads as Indonesian or Malay: one of their everyday words, in Latin letters only."""
    return len(_MARKERS.findall(text)) >= 1 and bool(re.search(r"[A-Za-z]", text)) and not re.search(
        r"[\u0400-\u04ff\u0600-\u06ff\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]", text)


def says_i(text: str) -> bool:
    """The clause names its speaker in Indonesian or Malay ("saya", "aku", "gue", "rumahku")."""
    return bool(reads_as_id_ms(text) and _SELF.search(text) and _MARKERS.search(_SELF.sub(" ", text)))


def _about_user(text: str, match: re.Match[str], personal: bool) -> bool:
    """The words `match` found describe the user: no one else named before them unless the user is named again in
    between ("suami saya guru, saya perawat"), and the clause speaks of the user (asked, or "saya" in it)."""
    before = [m for m in _OTHER.finditer(text) if m.start() < match.start()]
    if before:
        return bool(_SELF.search(text[before[-1].end():match.start()]))
    return personal or bool(_SELF.search(text))


# ---- age ----------------------------------------------------------------------------------------------------------

_ID_UNITS = {"satu": 1, "dua": 2, "tiga": 3, "empat": 4, "lima": 5, "enam": 6, "tujuh": 7, "delapan": 8, "sembilan": 9}
_TEENS = {"sebelas": 11, **{f"{w} belas": 10 + n for w, n in _ID_UNITS.items() if n > 1}}
_NUMBER = (r"\d{2}|(?:dua|tiga|empat|lima|enam|tujuh|delapan|sembilan)\s+puluh(?:\s+(?:satu|dua|tiga|empat|lima|enam|"
           r"tujuh|delapan|sembilan))?|(?:tiga|empat|lima|enam|tujuh|delapan|sembilan)\s+belas")
_YEARS = r"(?:tahun|thn|th|taun)"
_AGE = (
    # "umur saya 34", "usiaku 34 tahun", "umur udah 40"
    _words(rf"(?:umur|usia|umurku|usiaku)(?:\s*(?:saya|aku|gue|gw|sy))?\s*(?:sudah\s+|udah\s+|dah\s+|baru\s+|sekarang\s+|skrg\s+|"
           rf"sekitar\s+|kira-kira\s+)?({_NUMBER})(?:\s*{_YEARS})?"),
    # "saya 34 tahun", "aku udah 27 thn", "saya berumur 34 tahun", "gue baru dua puluh tiga tahun", "aku sendiri
    # sekarang 22 tahun"
    _words(rf"(?:saya|aku|gue|gw|sy)\s+(?:sendiri\s+)?(?:(?:sudah|udah|dah|baru|sekarang|skrg)\s+){{0,2}}"
           rf"(?:berumur\s+|berusia\s+)?({_NUMBER})\s*{_YEARS}"),
    _words(rf"(?:berumur|berusia)\s+({_NUMBER})(?:\s*{_YEARS})?"),
)
_AGE_BARE = prefiltered(rf"^\s*(?:sudah\s+|udah\s+|baru\s+)?({_NUMBER})\s*{_YEARS}?(?:\s+(?:kak|mbak|mas|pak|bu|sih|aja))?\s*[.!]?\s*$", _I)
_NOT_AGE = _words(r"yang lalu|lalu|lamanya|lama|sejak|selama|kerja|bekerja|menikah|nikah|pengalaman")


def number_value(word: str) -> int | None:
    """An age said in digits or Indonesian words ("34", "tiga puluh empat", "tujuh belas")."""
    word = " ".join(word.lower().split())
    if word.isdigit():
        return int(word)
    if word in _TEENS:
        return _TEENS[word]
    match = re.fullmatch(r"(\w+) puluh(?: (\w+))?", word)
    if match and match.group(1) in _ID_UNITS:
        return 10 * _ID_UNITS[match.group(1)] + (_ID_UNITS.get(match.group(2) or "", 0))
    return None


def _age(text: str, personal: bool) -> list[Triple]:
    if _PAST.search(text):
        return []  # "waktu umur 15 saya ...": then, not now
    for pattern in _AGE:
        for match in pattern.finditer(text):
            if _NOT_AGE.match(text[match.end():].lstrip()) or not _about_user(text, match, personal or pattern is not _AGE[2]):
                continue  # "5 tahun yang lalu", "10 tahun kerja di sini": a duration
            value = number_value(match.group(1))
            if value is not None and 13 <= value <= 110:
                return [("Age", str(value), "value")]
    if personal and (bare := _AGE_BARE.match(text)) and re.search(_YEARS, text, _I):
        value = number_value(bare.group(1))
        if value is not None and 13 <= value <= 110:
            return [("Age", str(value), "value")]
    return []


# ---- gender and marital status ----------------------------------------------------------------------------------

_GENDER = _words(r"(?:saya|aku|gue|gw|sy)\s+(?:(?:adalah|seorang|ini)\s+)*(perempuan|wanita|cewek|cewe|laki-laki|lelaki|"
                 r"laki|pria|cowok|cowo|ibu|ayah|bapak|emak|janda|duda)")
_GENDER_BARE = prefiltered(r"^\s*(?:saya\s+|aku\s+|gue\s+)?(perempuan|wanita|cewek|cewe|laki-laki|lelaki|pria|cowok|cowo)"
                           r"(?:\s+(?:kak|mbak|mas|pak|bu|sih|aja|ya))?\s*[.!]?\s*$", _I)
_FEMALE = {"perempuan", "wanita", "cewek", "cewe", "ibu", "emak", "janda"}


def _gender(text: str, personal: bool) -> list[Triple]:
    match = _GENDER.search(text) or (_GENDER_BARE.match(text) if personal else None)
    if not match or not _about_user(text, match, personal):
        return []
    return [("Gender", "Female" if match.group(1).lower() in _FEMALE else "Male", "value")]


_MARITAL = (
    ("Single", r"belum (?:menikah|nikah|kawin|berkeluarga)|(?:tidak|gak|nggak|ga|enggak) (?:menikah|nikah)|lajang|bujang|"
               r"jomblo|jomlo|single|masih sendiri|bujangan|(?:baru )?putus (?:sama|dengan|dari) (?:pacar|cowok|cewek|doi)\w*"),
    ("Divorcing", r"(?:lagi|sedang|dalam) (?:proses )?cerai|proses perceraian|mau cerai|urus cerai|sidang cerai"),
    ("Widowed", r"(?:suami|istri|isteri)(?:ku| saya)? (?:sudah |udah )?(?:meninggal|wafat|almarhum\w*)|"
                r"ditinggal (?:meninggal|mati)|janda (?:mati|ditinggal)|duda (?:mati|ditinggal)|cerai mati"),
    ("Divorced", r"(?:sudah |udah |dah )?(?:bercerai|cerai)|janda|duda|mantan (?:suami|istri)"),
    ("Separated", r"pisah ranjang|pisah rumah|(?:lagi|sedang) pisah|tinggal terpisah"),
    ("Engaged", r"(?:sudah |udah )?(?:bertunangan|tunangan|dilamar|lamaran)"),
    ("Married", r"(?:sudah |udah |dah )?(?:menikah|nikah|kawin|berkeluarga|beristri|bersuami)|punya (?:suami|istri)|"
                r"(?:suami|istri|isteri)(?:ku| saya)\b(?! (?:sudah |udah )?(?:meninggal|wafat))"),
    ("In a relationship", r"pacaran|punya pacar|ada pacar|(?:sudah |udah )?jadian"),
)
_MARITAL_RES = tuple((label, _words(words)) for label, words in _MARITAL)
# The user's spouse named ("suami saya", "istriku"): the writer is married (not a late or former one).
_SPOUSE = _words(r"(?:suami|istri|isteri)(?:ku|\s+(?:saya|aku|gue|gw))")
_EX = _words(r"mantan|almarhum\w*|meninggal|wafat|bekas")


def _marital(text: str, personal: bool) -> list[Triple]:
    if _words(r"orang ?tua|ortu|bapak ibu|ayah ibu").search(text):
        return []  # "orang tua saya cerai": the parents'
    for label, pattern in _MARITAL_RES:
        match = pattern.search(text)
        if match and label != "Single" and _PLAN.search(text[:match.start()]):
            continue  # "mau menikah tahun depan": a plan
        if match and _about_user(text, match, personal) and not _words(r"pernah|dulu").search(text[max(0, match.start() - 12):match.start()]):
            return [("Marital Status", label, "value")]
    if _SPOUSE.search(text) and not _EX.search(text):
        return [("Marital Status", "Married", "value")]
    return []


# ---- work -----------------------------------------------------------------------------------------------------------

_JOBS = (r"guru(?: (?:SD|SMP|SMA|SMK|TK|les|ngaji|honorer|PAUD))?|dosen|perawat|bidan|dokter(?: gigi| umum)?|apoteker|"
         r"sopir|supir|driver(?: ojol| ojek| online)?|ojol|ojek(?: online)?|kurir|petani|nelayan|peternak|"
         r"buruh(?: pabrik| bangunan| harian)?|karyawan(?: swasta| pabrik| toko| kantor| bank)?|pegawai(?: negeri| swasta| bank| kantor)?|"
         r"PNS|ASN|honorer|pedagang|penjual|wiraswasta|wirausaha|pengusaha|programmer|developer|insinyur|akuntan|kasir|"
         r"pelayan|koki|juru masak|tukang (?:bangunan|kayu|las|cukur|jahit|parkir|sayur|ojek)|satpam|security|"
         r"ibu rumah tangga|IRT|penjahit|montir|mekanik|polisi|tentara|TNI|pengacara|wartawan|desainer|penulis|"
         r"freelancer|freelance|admin|staf|staff|sales|marketing|manajer|teknisi|operator|cleaning service|"
         r"asisten rumah tangga|ART|pembantu|buruh cuci|penerjemah|barista|pramuniaga|SPG|resepsionis|tenaga kesehatan|"
         r"nakes|konsultan|arsitek|fotografer|YouTuber|content creator|seniman|musisi|sekretaris|bendahara")
_JOB = _words(
    rf"(?:(?:saya|aku|gue|gw|sy)\s+)?(?:(?:sekarang|skrg|masih|udah|sudah)\s+)?(?:kerja|bekerja|kerjaan(?:nya| saya| ku)?|"
    rf"pekerjaan(?: saya|ku)?|profesi(?: saya|ku)?)\s+(?:(?:sebagai|jadi|menjadi|di|adalah)\s+)+(?:(?:seorang|salah satu)\s+)?"
    rf"(?:{_JOBS}|[\w-]+(?: [\w-]+)?)|"
    rf"(?:saya|aku|gue|gw|sy)\s+(?:(?:adalah|ini|cuma|hanya|seorang|sekarang|masih)\s+)*(?:{_JOBS})|"
    rf"(?:jualan|buka (?:warung|toko|usaha)|usaha (?:sendiri|kecil)|ngajar|mengajar|nyetir|narik ojek|ngojek|ngojol)"
    rf"(?:\s+[\w-]+){{0,2}}"
)
_JOBLESS = _words(r"nganggur|menganggur|pengangguran|belum (?:kerja|bekerja|dapat kerja)|(?:tidak|gak|nggak|ga|enggak) "
                  r"(?:kerja|bekerja|punya kerjaan)|kena PHK|di-?PHK|dipecat|baru resign|kehilangan pekerjaan")
_RETIRED = _words(r"pensiun(?:an)?|sudah pensiun|udah pensiun")
_STUDENT = _words(r"(?:saya|aku|gue|gw)\s+(?:masih\s+)?(?:mahasiswa|mahasiswi|pelajar|siswa|siswi|anak kuliahan)")


def _profession(text: str, personal: bool) -> list[Triple]:
    if _PLAN.search(text):
        return []
    if (match := _JOBLESS.search(text)) and _about_user(text, match, personal):
        return [("Profession", "Unemployed", "value")]
    if (match := _RETIRED.search(text)) and _about_user(text, match, personal):
        return [("Profession", "Retired", "value")]
    if _PAST.search(text):
        return []
    if (match := _STUDENT.search(text)) and _about_user(text, match, personal):
        return [("Profession", re.sub(r"^(?:saya|aku|gue|gw)\s+(?:masih\s+)?", "", match.group(0), flags=_I), "value")]
    match = _JOB.search(text)
    if match and _about_user(text, match, personal):
        value = re.sub(r"^(?:(?:saya|aku|gue|gw|sy|sekarang|skrg|masih|udah|sudah|adalah|ini|cuma|hanya|seorang)\s+)+",
                       "", " ".join(match.group(0).split()), flags=_I)
        return [("Profession", value, "value")]
    if personal and (job := bare_profession(text)):
        return [("Profession", job, "value")]
    return []


def bare_profession(text: str) -> str | None:
    """A job named alone in reply to the work question ("guru SD", "ojol", "ibu rumah tangga")."""
    said = text.strip(" .!,?")
    said = re.sub(r"^(?:saya|aku|gue)\s+(?:seorang\s+)?", "", said, flags=_I)
    said = re.sub(r"\s+(?:kak|mbak|mas|pak|bu|sih|aja|ya)$", "", said, flags=_I)
    return said if re.fullmatch(rf"(?:{_JOBS})", said, _I) else None


# ---- money, health, mental health, self-harm ------------------------------------------------------------------

_MONEY = _words(
    r"(?:tidak|gak|nggak|ga|enggak|belum) punya (?:tabungan|hutang|utang|uang)|(?:tanpa|nggak ada|gak ada|tidak ada) (?:hutang|utang|tabungan)|"
    r"(?:hutang|utang|cicilan|pinjol|pinjaman online|kredit|KPR|tunggakan)(?:\s+[\w-]+){0,2}|nunggak\s+\w+|"
    r"gaji(?:nya|ku| saya)?\s+(?:(?:cuma|hanya|masih|lumayan|cukup|sangat|banget)\s+)?(?:kecil|pas-pasan|UMR|UMK|minim|"
    r"besar|lumayan|cukup|\d[\d.,]*\s*(?:juta|jt|ribu|rb|k)?)|"
    r"pas-pasan|(?:uang|duit)(?:nya)? (?:(?:sangat|benar-benar|bener-bener)\s+)?(?:(?:tidak|gak|nggak|ga|enggak) cukup|kurang|menipis|habis|pas)|"
    r"(?:keuangan|ekonomi|finansial)(?: saya|ku| keluarga)?\s+(?:(?:lagi|sedang|sangat|agak|cukup)\s+)?(?:sulit|susah|berat|"
    r"stabil|aman|baik|lumayan|hancur|kacau|seret)|bokek|bangkrut|miskin|kere|"
    r"(?:hidup\s+)?berkecukupan|mapan|cukup untuk (?:hidup|makan)|nyambung hidup|gali lubang tutup lubang|"
    r"tabungan(?:ku| saya)?\s+(?:(?:cuma|hanya|tinggal|masih|ada)\s+)*(?:sedikit|menipis|habis|cukup|\d[\d.,]*\s*(?:juta|jt|ribu|rb)?)"
)
_HEALTH = _words(
    r"diabetes|kencing manis|gula darah|darah tinggi|hipertensi|asma|sesak napas|maag|asam lambung|GERD|penyakit jantung|"
    r"sakit jantung|kolesterol|hamil|kanker|tumor|TBC|TB paru|stroke|ginjal|cuci darah|asam urat|rematik|epilepsi|"
    r"sakit punggung|saraf kejepit|HNP|tiroid|anemia|darah rendah|migrain|vertigo|HIV|hepatitis|lupus|obesitas|"
    r"sakit (?:kepala|lutut|pinggang) (?:kronis|terus)|disabilitas|cacat|lumpuh"
)
_HEALTHY = _words(r"(?:saya |aku )?sehat(?:-sehat)?(?: saja| aja| kok)?|(?:tidak|gak|nggak|ga|enggak) (?:ada|punya) (?:penyakit|riwayat penyakit|masalah kesehatan)|"
                  r"alhamdulillah sehat")
_MENTAL = _words(
    r"depresi|gangguan (?:kecemasan|cemas|panik|bipolar|makan|kepribadian|mood|tidur)|anxiety(?: disorder)?|serangan panik|"
    r"panic attack|bipolar|ADHD|PTSD|OCD|skizofrenia|burnout|(?:ke|konsultasi (?:ke|dengan)|berobat ke|terapi (?:ke|dengan)|"
    r"rutin ke) (?:psikolog|psikiater)|antidepresan|obat penenang"
)
_MENTAL_NONE = _words(r"(?:tidak|gak|nggak|ga|enggak|belum) (?:pernah )?(?:didiagnosis|didiagnosa|ada diagnosis|ke psikolog|ke psikiater)|"
                      r"mental(?: saya|ku)? sehat|(?:tidak|gak|nggak|ga|enggak) ada (?:masalah|gangguan) (?:mental|kejiwaan)")
_SH_ACT = (r"menyakiti diri(?: sendiri)?|nyakitin diri(?: sendiri)?|melukai diri(?: sendiri)?|ngelukain diri(?: sendiri)?|"
           r"nyilet|menyilet|silet(?:an)?|menyayat|nyayat|sayat|self[- ]?harm|barcode|percobaan bunuh diri|mencoba bunuh diri|"
           r"coba bunuh diri")
_SH_NO = _words(rf"(?:tidak|gak|nggak|ga|enggak|ngga|belum|tak)\s+(?:pernah\s+)?(?:sampai\s+)?(?:{_SH_ACT})")
_SH_YES = _words(rf"(?:pernah|dulu|sempat|waktu \w+)\s+(?:\w+\s+)?(?:{_SH_ACT})|(?:{_SH_ACT})")
_SH_THOUGHT = _words(r"kepikiran|terpikir|pikiran|kepengen|ingin|niat")
NEGATION = _words(r"tidak|tak|gak|ga|nggak|enggak|ngga|belum|bukan|tanpa|nggak ada|gak ada|tidak ada")
_TOPIC = _words(r"tentang|soal|mengenai|apa itu|gejala")


def _negated(text: str, start: int) -> bool:
    return bool(NEGATION.search(text[max(0, start - 16):start]))


def _conditions(text: str, personal: bool) -> list[Triple]:
    facts: list[Triple] = []
    if (match := _MONEY.search(text)) and _about_user(text, match, personal):
        said = dict.fromkeys(" ".join(m.group(0).split()) for m in _MONEY.finditer(text))
        facts.append(("Economic Status", ", ".join(list(said)[:3]), "value"))
    health = _HEALTH.search(text)
    if (match := _HEALTHY.search(text)) and _about_user(text, match, personal) and not health:
        facts.append(("Health Status", "No conditions reported", "no"))
    elif health and _about_user(text, health, personal) and not _TOPIC.search(text[:health.start()]):
        if _negated(text, health.start()):
            facts.append(("Health Status", "No conditions reported", "no"))
        else:
            facts.append(("Health Status", ", ".join(dict.fromkeys(m.group(0) for m in _HEALTH.finditer(text))), "value"))
    mental = _MENTAL.search(text)
    if (match := _MENTAL_NONE.search(text)) and _about_user(text, match, personal):
        facts.append(("Mental Health Status", "None reported", "no"))
    elif mental and _about_user(text, mental, personal) and not _TOPIC.search(text[:mental.start()]):
        if _negated(text, mental.start()):
            facts.append(("Mental Health Status", "None reported", "no"))
        else:
            facts.append(("Mental Health Status", ", ".join(dict.fromkeys(m.group(0) for m in _MENTAL.finditer(text))), "value"))
    if (match := _SH_NO.search(text)) and _about_user(text, match, personal):
        kind = "hedge" if _SH_THOUGHT.search(text) else "no"
        facts.append(("Past Self-Harm History", " ".join(text.split()) if kind == "hedge" else "None", kind))
    elif (match := _SH_YES.search(text)) and _about_user(text, match, personal):
        facts.append(("Past Self-Harm History", "Yes", "yes"))
    return facts


# ---- schooling and feelings --------------------------------------------------------------------------------------

_SCHOOL = _words(
    r"lulusan\s+(?:SD|SMP|SMA|SMK|STM|D[1-4]|S[1-3]|sarjana|diploma|universitas|kuliah|pesantren|\w+)|"
    r"(?:tamat|lulus|tamatan)\s+(?:SD|SMP|SMA|SMK|STM|kuliah|D[1-4]|S[1-3])|"
    r"(?:cuma|hanya|sampai|sampe)\s+(?:SD|SMP|SMA|SMK)|(?:tidak|gak|nggak|ga|enggak) (?:tamat|lulus|sekolah|kuliah)|"
    r"putus (?:sekolah|kuliah)|drop ?out|DO dari kuliah|"
    r"(?:S1|S2|S3|D3|D4|sarjana|magister|master|doktor)(?:\s+(?:di|jurusan|bidang|teknik|hukum|ekonomi|akuntansi|"
    r"keperawatan|pendidikan|manajemen|psikologi|informatika|kedokteran)\w*(?:\s+\w+)?)?|"
    r"(?:masih\s+)?kuliah(?:\s+(?:semester|tingkat|tahun)\s+\w+|\s+(?:di|jurusan)\s+\w+(?:\s+\w+)?)?|"
    r"(?:mahasiswa|mahasiswi)(?:\s+(?:semester|tingkat|tahun)\s+\w+|\s+(?:S1|S2|S3|D3|jurusan\s+\w+))?|"
    r"semester\s+(?:\d+|satu|dua|tiga|empat|lima|enam|tujuh|delapan|akhir)|"
    r"kelas\s+(?:\d{1,2}|satu|dua|tiga)\s+(?:SD|SMP|SMA|SMK)|(?:siswa|siswi|pelajar)\s+(?:SD|SMP|SMA|SMK)"
)


def _education(text: str, personal: bool) -> list[Triple]:
    match = _SCHOOL.search(text)
    if not match or not _about_user(text, match, personal) or _PLAN.search(text[:match.start()]):
        return []
    said = dict.fromkeys(" ".join(m.group(0).split()) for m in _SCHOOL.finditer(text))
    return [("Education Level", ", ".join(list(said)[:2]), "value")]


_FEEL_STRONG = (r"sedih|cemas|khawatir|kuatir|takut|capek|cape|capai|lelah|letih|stres|stress|tertekan|bingung|marah|kesal|"
                r"kecewa|putus asa|hampa|kosong|kesepian|sepi|galau|down|malu|minder|gelisah|panik|frustrasi|frustasi|"
                r"hancur|terpuruk|depresi|senang|bahagia|lega|tenang|semangat|overthinking|overwhelmed|burnout|muak|"
                r"jenuh|bosan|nggak berdaya|tidak berdaya|pasrah")
_FEEL_MILD = r"baik(?:-baik)?(?: saja| aja)?|biasa(?: saja| aja)?|lumayan|oke|ok|so-so|gitu-gitu aja|kurang baik|nggak baik|gak baik"
_FEEL_RE = prefiltered(rf"(?<![A-Za-z])(?:(?:agak|sedikit|sangat|banget|lagi|sedang|benar-benar|bener-bener|cukup|rada|"
                       rf"terlalu)\s+)*(?:{_FEEL_STRONG}|(?P<mild>{_FEEL_MILD}))(?:\s+(?:banget|sekali|sih|nih|aja))*(?![A-Za-z])", _I)
_NOT_FEELING = prefiltered(r"^\s*(?:dengan|sama|karena|kalau|kalo|untuk|buat|soal|tentang)\b", _I)


def feelings(text: str, personal: bool, mild: bool = True) -> str | None:
    """The feeling words of an Indonesian or Malay clause, from the first to the last ("agak cemas sih", "capek
    banget dan sedih"), or None. `mild`: also words that only answer "how are you feeling?" ("baik-baik aja")."""
    if not reads_as_id_ms(text) or _OTHER.search(text) or _PAST.search(text) and not personal:
        return None
    spans = []
    for match in _FEEL_RE.finditer(text):
        if re.search(r"(?:gangguan|serangan)\s+$", text[:match.start()], _I):
            continue  # "gangguan panik": a diagnosis, not a feeling
        if (mild or not match.group("mild")) and not _NOT_FEELING.match(text[match.end():]) and _about_user(text, match, personal):
            start = match.start()
            if (neg := re.search(r"(?<![A-Za-z])(?:tidak|gak|nggak|ga|enggak|kurang)\s+$", text[:start], _I)):
                start = neg.start()
            spans.append((start, match.end()))
    if not spans:
        return None
    phrase = text[spans[0][0]:spans[-1][1]]
    if len(phrase.split()) > 8:
        phrase = ", ".join(text[s:e] for s, e in spans)
    return " ".join(phrase.split()).strip(" ,.;:!?")


def read_clause(text: str, personal: bool) -> list[Triple]:
    """Every fact Indonesian or Malay words state in one clause; nothing for a clause in another language."""
    if not reads_as_id_ms(text):
        return []
    if re.search(r"\?\s*$", text) and not personal:
        return []  # a question about a topic ("apa itu depresi?") states nothing about the user
    feeling = feelings(text, personal)
    return (_age(text, personal) + _marital(text, personal) + _gender(text, personal) + _profession(text, personal)
            + _conditions(text, personal) + _education(text, personal)
            + ([("Emotional State", feeling, "value")] if feeling else []))


# ---- cues: declines, wave-aways, yes / no, fillers --------------------------------------------------------------

DECLINE = (r"(?:gak|nggak|ga|enggak|tidak|ngga) (?:mau|ingin|pengen) (?:jawab|menjawab|bilang|cerita|kasih tahu|kasih tau|bahas|"
           r"membahas|sebut|menyebutkan)|(?:lebih baik|mending) (?:tidak|gak|nggak|ga) (?:usah )?(?:dijawab|jawab|bilang|cerita)|"
           r"(?:itu )?(?:rahasia|privasi|pribadi)(?: (?:ya|dong|sih))?$|bukan urusan(?:mu| kamu| anda)|"
           r"(?:skip|pass|lewat) (?:aja|saja|dulu)|^(?:skip|pass)$|(?:gak|nggak|ga|tidak) usah (?:dibahas|ditanya)|"
           r"(?:saya|aku|gue) (?:gak|nggak|tidak|ga) nyaman (?:jawab|cerita|bilang)")
WAVE_AWAY = (r"(?:jawab|kasih jawaban)(?: aja| saja)? (?:pertanyaan(?:ku| saya| gue)|yang tadi)|langsung (?:aja|saja) (?:jawab|kasih)|"
             r"(?:kenapa|ngapain|buat apa|untuk apa) (?:harus |perlu |mau )?(?:tahu|tau|nanya|tanya|bertanya)|"
             r"apa hubungannya|(?:gak|nggak|tidak|ga) (?:ada )?hubungannya|jawab (?:aja|saja|dong)$|udah jawab aja")
YES_WORDS = "ya|iya|iyah|iya pernah|ya pernah|pernah|betul|benar|bener|yup|yoi|ada|iya ada|ya ada|sudah|udah"
NO_WORDS = ("tidak|gak|ga|nggak|enggak|ngga|engga|belum|tidak pernah|gak pernah|ga pernah|nggak pernah|enggak pernah|"
            "belum pernah|tidak ada|gak ada|ga ada|nggak ada|enggak ada|tidak sama sekali|gak sama sekali|"
            "nggak sama sekali|bukan|tidak punya|gak punya|nggak punya")
FILLER_WORDS = ("gak tahu|gak tau|ga tau|gatau|nggak tahu|nggak tau|tidak tahu|entahlah|entah|ok|oke|okey|sip|hmm|mungkin|"
                "gimana ya|bingung jawabnya|ya gitu|ya begitulah|terserah|kurang tahu|kurang tau")

# ---- English glosses --------------------------------------------------------------------------------------------

GLOSSES: dict[str, tuple[tuple[str, str], ...]] = {
    "Profession": (
        (r"guru(?: SD| SMP| SMA| SMK| TK| PAUD)?|dosen|mengajar|ngajar", "teacher"),
        (r"perawat|nakes|tenaga kesehatan", "nurse, health worker"), (r"bidan", "midwife"),
        (r"dokter gigi", "dentist"), (r"dokter", "doctor"), (r"apoteker", "pharmacist"),
        (r"driver ojol|ojol|ojek online|ngojol|ngojek|narik ojek|ojek", "ride-hailing motorbike driver"),
        (r"sopir|supir|nyetir", "driver"), (r"kurir", "courier"),
        (r"petani", "farmer"), (r"nelayan", "fisherman"), (r"peternak", "livestock farmer"),
        (r"buruh pabrik|karyawan pabrik", "factory worker"), (r"buruh bangunan|tukang bangunan", "construction worker"),
        (r"buruh(?: harian)?", "labourer"),
        (r"PNS|ASN|pegawai negeri", "civil servant"), (r"honorer", "contract public worker"),
        (r"karyawan(?: swasta| kantor)?|pegawai(?: swasta| kantor)?|staf|staff", "employee"),
        (r"pedagang|penjual|jualan|buka warung|pramuniaga|SPG", "trader, seller"),
        (r"wiraswasta|wirausaha|pengusaha|usaha sendiri|usaha kecil|buka usaha|buka toko", "self-employed"),
        (r"programmer|developer", "programmer"), (r"insinyur", "engineer"), (r"akuntan", "accountant"),
        (r"kasir", "cashier"), (r"pelayan", "waiter"), (r"koki|juru masak", "cook"),
        (r"tukang las", "welder"), (r"tukang kayu", "carpenter"), (r"tukang jahit|penjahit", "tailor"),
        (r"tukang cukur", "barber"), (r"satpam|security", "security guard"),
        (r"ibu rumah tangga|IRT", "homemaker"), (r"asisten rumah tangga|ART|pembantu", "domestic worker"),
        (r"montir|mekanik|teknisi", "mechanic, technician"), (r"polisi", "police officer"), (r"tentara|TNI", "soldier"),
        (r"pengacara", "lawyer"), (r"wartawan", "journalist"), (r"penerjemah", "translator"),
        (r"mahasiswa|mahasiswi|anak kuliahan", "university student"), (r"pelajar|siswa|siswi", "student"),
        (r"freelancer|freelance", "freelancer"), (r"manajer", "manager"),
        (r"pabrik", "factory"), (r"kantor", "office"), (r"toko|warung", "shop"), (r"rumah sakit|puskesmas|klinik", "hospital, clinic"),
        (r"sekolah", "school"), (r"bank", "bank"), (r"restoran|rumah makan", "restaurant"), (r"gudang", "warehouse"),
    ),
    "Economic Status": (
        (r"(?:tidak|gak|nggak|ga|enggak|belum) punya (?:hutang|utang)|(?:tanpa|nggak ada|gak ada|tidak ada) (?:hutang|utang)", "no debt"),
        (r"(?:tidak|gak|nggak|ga|enggak|belum) punya tabungan|(?:tanpa|nggak ada|gak ada|tidak ada) tabungan", "no savings"),
        (r"hutang|utang|tunggakan|nunggak", "debt"), (r"cicilan|kredit|KPR", "instalments, loans"),
        (r"pinjol|pinjaman online", "online payday loans"),
        (r"pas-pasan|gali lubang tutup lubang|nyambung hidup", "tight, just getting by"),
        (r"(?:uang|duit)(?:nya)? (?:(?:sangat|benar-benar|bener-bener)\s+)?(?:(?:tidak|gak|nggak|ga|enggak) cukup|kurang|menipis|habis)",
         "not enough money"),
        (r"(?:keuangan|ekonomi|finansial)(?: saya|ku| keluarga)?\s+(?:(?:lagi|sedang|sangat|agak)\s+)?(?:sulit|susah|berat|hancur|kacau|seret)",
         "struggling"),
        (r"(?:keuangan|ekonomi|finansial)(?: saya|ku| keluarga)?\s+(?:(?:cukup|sangat)\s+)?(?:stabil|aman|baik|lumayan)", "stable"),
        (r"bokek|kere|bangkrut", "broke"), (r"miskin", "poor"),
        (r"berkecukupan|mapan|cukup untuk (?:hidup|makan)", "comfortable"),
        (r"gaji(?:nya|ku| saya)?\s+(?:(?:cuma|hanya|masih)\s+)?(?:kecil|minim|UMR|UMK)", "low salary"),
        (r"gaji(?:nya|ku| saya)?\s+(?:(?:lumayan|cukup)\s+)?(?:besar|lumayan|cukup)", "decent salary"),
        (r"tabungan", "savings"),
    ),
    "Health Status": (
        (r"diabetes|kencing manis|gula darah", "diabetes"), (r"darah tinggi|hipertensi", "high blood pressure, hypertension"),
        (r"asma|sesak napas", "asthma"), (r"maag|asam lambung|GERD", "gastritis, reflux"),
        (r"penyakit jantung|sakit jantung", "heart disease"), (r"hamil", "pregnant"), (r"kanker|tumor", "cancer"),
        (r"ginjal|cuci darah", "kidney disease"), (r"asam urat", "gout"), (r"rematik", "rheumatism"),
        (r"sakit punggung|saraf kejepit|HNP", "back problems"), (r"darah rendah", "low blood pressure"),
        (r"migrain", "migraine"), (r"kolesterol", "high cholesterol"), (r"TBC|TB paru", "tuberculosis"),
        (r"lumpuh|disabilitas|cacat", "disability"),
    ),
    "Mental Health Status": (
        (r"depresi", "depression"), (r"gangguan (?:kecemasan|cemas)|anxiety", "anxiety"),
        (r"gangguan panik|serangan panik|panic attack", "panic disorder"), (r"gangguan makan", "eating disorder"),
        (r"skizofrenia", "schizophrenia"), (r"psikolog|psikiater", "in therapy"),
        (r"antidepresan", "antidepressants"), (r"obat penenang", "sedatives"),
    ),
    "Education Level": (
        (r"S1|sarjana", "bachelor's degree"), (r"S2|magister|master", "master's degree"), (r"S3|doktor", "doctorate"),
        (r"D[1-4]|diploma", "diploma"), (r"SMA|SMK|STM", "high school"), (r"SMP", "middle school"),
        (r"SD", "primary school"), (r"putus (?:sekolah|kuliah)|drop ?out|(?:tidak|gak|nggak|ga|enggak) (?:tamat|lulus)",
                                    "did not finish"),
        (r"kuliah|mahasiswa|mahasiswi|semester", "university student"), (r"pesantren", "Islamic boarding school"),
    ),
    "Emotional State": (
        (r"sedih|galau|down", "sad"), (r"cemas|khawatir|kuatir|gelisah", "anxious, worried"), (r"takut", "afraid"),
        (r"capek|cape|capai|lelah|letih", "tired"), (r"stres|stress|tertekan", "stressed"), (r"bingung", "confused"),
        (r"marah|kesal|muak", "angry, fed up"), (r"kecewa", "disappointed"), (r"putus asa|pasrah", "hopeless"),
        (r"hampa|kosong", "empty"), (r"kesepian|sepi", "lonely"), (r"malu|minder", "ashamed, insecure"),
        (r"panik", "panicky"), (r"frustrasi|frustasi", "frustrated"), (r"hancur|terpuruk", "crushed"),
        (r"senang|bahagia|semangat", "happy"), (r"lega|tenang", "calm, relieved"), (r"jenuh|bosan", "bored, jaded"),
        (r"(?:tidak|gak|nggak|kurang) baik", "not good"), (r"baik(?:-baik)?(?: saja| aja)?|oke|ok", "okay"),
        (r"biasa(?: saja| aja)?|lumayan|gitu-gitu aja", "so-so"),
    ),
}
