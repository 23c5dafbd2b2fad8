"""Query expansion for retrieval: customers' words for banking things, mapped to the articles' words.

BM25 only meets words that are spelled alike. Customers say "charge", "cap", "nicked", 費用,
落とした; the articles say "fee", "limit", "stolen", 手数料, 紛失. Each rule below is a trigger
(a word or phrase a customer might use) and the words the articles use for the same thing. The
expansion is scored with a lower weight than the question's own words (see `retrieve`), so a
rule that fires on an ambiguous word ("charge" on a statement is fraud, not a fee) nudges the
ranking rather than decides it.

The tables are written from general banking vocabulary, not from eval questions: a rule earns
its place by naming a concept any bank's customers have several words for. Every canonical word
must occur in the articles (a test checks it), or the rule is dead weight.

English triggers match whole words of the folded question (`\\b…\\b`, a trailing `*` allows any
ending); Japanese triggers match substrings of the folded question.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from teller.normalize.text import fold

# (triggers, canonical words). Triggers are "|"-separated; canonical words are article text.
_EN_RULES: tuple[tuple[str, str], ...] = (
    # money it costs
    ("charge*|cost*|price*|pricing|commission*|expensive|cheap*|pay for", "fee"),
    ("free of charge|no charge|for free", "free fee"),
    # how much at most
    ("cap|caps|capped|max|maximum|ceiling|upper|restriction*|restrict*|threshold|allowance", "limit"),
    ("increase*|higher|boost*|lift|extend|up my", "raise"),
    ("decrease*|reduce*|drop my", "lower"),
    # moving money
    ("wire*|remit*|send money|sending money|pay someone|move money", "transfer send"),
    ("transfer*|send|sent|sending", "transfer send"),
    (
        "another bank|other bank*|different bank|"
        "mizuho|mufg|smbc|sumitomo|resona|yucho|japan post|rakuten bank",
        "other banks domestic",
    ),
    (
        "abroad|overseas|international*|foreign|outside japan|other country|another country|"
        "usa|america|american|canada|mexico|brazil|uk|britain|england|london|europe|european|"
        "germany|france|italy|spain|netherlands|switzerland|china|korea|taiwan|hong kong|singapore|"
        "philippines|vietnam|thailand|india|indonesia|australia|new zealand",
        "overseas international",
    ),
    (
        "arriv*|reach*|show up|shows up|get there|gets there|go through|goes through|"
        "how long|how many days|take to|days|delay*|pending",
        "arrive arrival",
    ),
    (
        "info|information|details|need to provide|required|requirement*|documents needed|"
        "iban|swift|bic|routing",
        "details needed",
    ),
    # cash machines
    ("cash machine*|cashpoint*|cash point*|atm*|kiosk", "atm"),
    ("take out|taking out|pull out|get cash|withdraw*|cash out", "withdraw withdrawal cash"),
    ("konbini|lawson|familymart|family mart|ministop|corner store", "convenience store"),
    ("down|not working|out of order|offline|unavailable|outage", "maintenance available"),
    # cards
    ("misplace*|missing|can't find|cannot find|lost|lose|losing", "lost misplaced"),
    ("stolen|steal*|pickpocket*|theft|thief|robbed", "stolen"),
    (
        "broke|broken|crack*|bent|snapped|scratch*|damage*|chip not|doesn't work|does not work|unreadable",
        "damaged",
    ),
    ("reissue*|replace*|new card|new one|another card", "replacement new card"),
    ("freeze|frozen|block*|suspend*|pause*|disable*|deactivat*|stop my card", "lock"),
    ("unfreeze|unblock*|reactivat*|enable*|turn on|turn back on|switch on", "unlock"),
    # people and places
    (
        "human|agent|representative|operator|staff|somebody|someone|call centre|call center|"
        "hotline|helpline|customer service|support",
        "person agent contact",
    ),
    ("office|location|store|in person|go in|visit", "branch"),
    ("open|opens|opening|close|closes|closing|closed|what time", "opening hours"),
    ("appointment|booking|book|reservation|reserve|schedule a visit", "appointment book"),
    ("bring|identification|id|passport|licence|license|my number", "photo id documents"),
    # savings
    ("interest|yield|apy|apr|earn*|returns", "interest rate"),
    ("ordinary|savings", "ordinary savings"),
    ("fixed term|fixed deposit|term deposit|cd|cds|certificate of deposit|fixed rate", "time deposit"),
    ("cancel early|withdraw early|before maturity|matur*", "early maturity"),
    # paying bills
    ("invoice*|utilit*|electric*|water|internet bill|tax bill", "bill utilities"),
    (
        "automatic*|auto pay|autopay|recurring|repeat*|every month|monthly|standing order|direct debit",
        "recurring repeat every month",
    ),
    ("stop|delete|remove|undo|call off", "cancel"),
    ("later date|future|ahead|in advance|set up for", "schedule"),
    # currencies
    ("convert*|conversion|currency|currencies|fx|forex|exchange", "exchange rate currency"),
    ("dollar*|usd|euro*|eur|pound*|gbp|sterling|yen", "currency exchange"),
    # security
    ("password*|pass code|pin code|login code", "passcode"),
    (
        "log in|logging in|login|sign in|signin|signing in|locked out|can't get in|cannot get in|access",
        "login",
    ),
    (
        "2fa|two factor|two-factor|otp|verification code|one time code|one-time code|authentication",
        "one-time code two-step",
    ),
    ("new phone|changed phone|change phone|new number|lost phone", "new phone"),
    ("scam*|phish*|suspicious|fake|spoof*|smish*|spam|fraudulent message", "phishing scam suspicious"),
    ("text|texts|texted|sms|message*|email*|e-mail*|link*", "message"),
    (
        "unauthori*|don't recognise|don't recognize|not mine|hacked|"
        "dispute*|chargeback|someone used|without permission",
        "fraud unauthorised recognise",
    ),
    ("refund*|money back|reimburs*|compensat*", "refund"),
)

_JA_RULES: tuple[tuple[str, str], ...] = (
    ("費用|料金|コスト|値段|代金|いくらかか|お金がかか|かかります|かかる|無料|タダ", "手数料"),
    ("上限|限度|最大|最高|いくらまで|まで送|まで振|までおろ|まで引き", "限度額 上限"),
    ("上げ|増や|引き上|アップ", "引き上げ"),
    ("下げ|減ら|引き下", "引き下げ"),
    ("送金|送る|送り|送った|送れ|振込|ふりこ|振り替|振替|仕送り", "振込 送金"),
    (
        "他行|他の銀行|ほかの銀行|別の銀行|違う銀行|みずほ|三菱|三井住友|りそな|ゆうちょ|楽天銀行",
        "他行 他の銀行",
    ),
    (
        "海外|外国|国外|国際|アメリカ|米国|カナダ|イギリス|英国|ヨーロッパ|欧州|ドイツ|フランス|イタリア|スペイン|"
        "スイス|中国|韓国|台湾|香港|シンガポール|フィリピン|ベトナム|タイ|インド|オーストラリア|ニュージーランド",
        "海外",
    ),
    ("届|着く|着き|着か|着金|入金され|何日|いつ|何時間|遅い|時間がかか", "着金"),
    ("必要な情報|必要なもの|何が必要|情報|記入|iban|swift|bic", "必要な情報"),
    ("現金自動|キャッシュコーナー|atm", "ATM"),
    ("おろ|下ろ|引き出|引出|出金|キャッシング", "引き出し"),
    ("コンビニ|セブン|ローソン|ファミマ|ファミリーマート|ミニストップ", "コンビニ"),
    ("使えない|動かない|止まって|停止中|メンテ|深夜|夜間|24時間", "メンテナンス 利用時間"),
    ("なくし|無くし|失くし|落とし|見つからない|見当たらない|なくなっ|紛失", "紛失"),
    ("盗まれ|盗られ|とられ|取られ|すられ|スリ|盗難", "盗難"),
    ("折れ|曲が|壊れ|傷|読み取れ|欠け|破損", "破損"),
    ("新しいカード|再交付|交換|再発行", "再発行"),
    ("止め|停止|凍結|使えなくし|無効|ロック", "ロック 利用停止"),
    ("解除|再開|使えるように|元に戻", "解除"),
    (
        "人と話|人間|オペレーター|担当者|相談|電話番号|電話|問い合わせ|問合せ|コールセンター|サポート",
        "担当者 電話",
    ),
    ("店舗|窓口|店頭|来店|お店", "支店 窓口"),
    ("何時|開いて|開いてる|やって|閉ま|営業|休み|土曜|日曜|祝日|年末年始|平日", "営業時間"),
    ("予約|アポ", "来店予約"),
    ("持ち物|持参|身分証|本人確認|免許証|パスポート|マイナンバー", "本人確認書類"),
    ("利息|利子|利率|利回り|金利", "金利 利息"),
    ("普通口座|普通預金|通常口座|貯金", "普通預金"),
    ("定期", "定期預金"),
    ("中途|満期前|解約", "中途解約"),
    ("満期|自動継続", "満期"),
    ("振込用紙|公共料金|ガス代|水道代|携帯代|電話代|税金|請求", "請求書 支払い"),
    ("毎月|自動|口座振替|引き落とし|引落し|定期的", "毎月 自動支払い"),
    ("キャンセル|取消|取り消|やめ|中止", "取り消し"),
    ("外貨|両替|換え|替え|為替|レート|ドル|ユーロ|ポンド", "為替 外貨 両替"),
    ("パスワード|パスコード|暗証", "パスコード"),
    ("ログイン|サインイン|入れない|ロックアウト", "ログイン"),
    ("認証|ワンタイム|確認コード|認証コード|sms", "2段階認証"),
    ("機種変更|新しいスマホ|スマホを変え|スマホを替え|携帯を変え|電話番号を変え", "機種変更"),
    ("詐欺|フィッシング|怪しい|不審|偽|なりすまし|迷惑メール|本物", "フィッシング 詐欺"),
    ("メール|sms|ショートメール|メッセージ|リンク", "メール SMS"),
    ("身に覚え|知らない取引|覚えのない|不正|乗っ取|使われ", "不正利用 身に覚えのない"),
    ("返金|補償|返して", "返金 補償"),
)


def _compile_en(triggers: str) -> re.Pattern[str]:
    parts = [re.escape(t[:-1]) + r"[a-z']*" if t.endswith("*") else re.escape(t) for t in triggers.split("|")]
    return re.compile(r"\b(?:" + "|".join(parts) + r")\b")


def _compile_ja(triggers: str) -> re.Pattern[str]:
    return re.compile("|".join(re.escape(fold(t)) for t in triggers.split("|")))


_RULES: dict[str, tuple[tuple[re.Pattern[str], str], ...]] = {
    "en": tuple((_compile_en(t), words) for t, words in _EN_RULES),
    "ja": tuple((_compile_ja(t), words) for t, words in _JA_RULES),
}


def rules(language: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """The (trigger, canonical words) rules for one language."""
    return _RULES[language]


@lru_cache(maxsize=4096)
def expansion_text(question: str, language: str) -> str:
    """The articles' words for the things the question mentions, as text to tokenize and score."""
    folded = fold(question)
    return " ".join(words for trigger, words in _RULES[language] if trigger.search(folded))


def correct_typos(tokens: Sequence[str], vocab: Sequence[str], *, min_len: int = 5) -> list[str]:
    """Vocabulary words for question tokens the index has never seen (`intrest` → `interest`).

    Only tokens of at least `min_len` characters are corrected, within one edit (two from eight
    characters), and only to a word that shares the first letter: short words have too many
    neighbours, and a correction is a guess that should not outweigh the words the customer typed.
    """
    known = set(vocab)
    out: list[str] = []
    for token in tokens:
        if token in known or len(token) < min_len or not token.isascii():
            continue
        limit = 2 if len(token) >= 8 else 1
        candidates = [w for w in vocab if w[:1] == token[:1] and abs(len(w) - len(token)) <= limit]
        match = process.extractOne(token, candidates, scorer=Levenshtein.distance, score_cutoff=limit)
        if match is not None:
            out.append(match[0])
    return out
