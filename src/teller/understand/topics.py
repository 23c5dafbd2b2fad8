"""What a non-command is about: the bank's own products and services, or another company's.

Only ever moves a turn between `qna` and `out_of_scope` (or takes a command away: a topic named with
nothing asked about it, "about my cards", 普通預金口座について, is a question); nothing here makes a command.

- A turn the intent model calls `out_of_scope` that names one of the bank's own products or services
  (an account, a card, a loan or a mortgage, an overdraft, fees, interest, limits, a PIN, online
  banking or the bank's app, a branch, a statement, a standing order, a direct debit, a transfer)
  is a bank question: "tell me about your mortgages", 住宅ローンについて知りたい.
- The same words owned by another company or thing are not the bank's: "my netflix account",
  "my email password", "a gift card", アマゾンのアカウント. A turn about them alone is `out_of_scope`,
  also when the model (trained on banking's login and passcode questions) calls it `qna`.
- Products CLINC150 files under work, not banking (a 401k, a pension, direct deposit, payroll:
  `forms.names_a_bank_product`), income, shopping, reminders: left as the model says.

All patterns run on folded text (`teller.normalize.text.fold`).
"""

from __future__ import annotations

import re


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


# Another company's (or thing's) account, app, password, card: its name or kind right before the noun.
_OTHER_OWNER = (
    r"netflix|amazon|prime|spotify|hulu|disney\+?|youtube|e-?mail|gmail|outlook|hotmail|yahoo|facebook|"
    r"instagram|twitter|tiktok|whatsapp|snapchat|linkedin|uber|lyft|airbnb|steam|xbox|playstation|psn|"
    r"nintendo|icloud|apple id|microsoft|wi-?fi|router|laptop|computer|phone|gym|library|gift|sim|"
    r"birthday|greeting|loyalty|membership|store|frequent flyer|airline|hotel|game|gaming|"
    r"social media|dating|work|school|student id|insurance|health ?card|id"
)
# Cards that are never a bank's, by their kind ("a business card" is another thing, but "block my business
# card" may mean a business credit card: which card is asked, `slots.find_card`).
_OTHER_CARD_KIND = (
    r"gift|library|gym|sim|birthday|greeting|christmas|holiday|thank you|loyalty|membership|member|"
    r"game|sd|memory|graphics|video|report|score|key|room|access|"
    r"id|student|employee|staff|badge|transit|metro|subway|bus|oyster|clipper|suica|ic|points?|club|"
    r"store|shop|coffee(?: shop)?|cafe|starbucks|costco|insurance|health|medicare|phone|calling|parking|"
    r"green|playing|tarot"
)
_NOT_BANK_CARD = rf"{_OTHER_CARD_KIND}|business"
_OTHER_SERVICE = _rx(
    rf"\b(?:{_OTHER_OWNER})(?:'s)? (?:accounts?|apps?|passwords?|pins?|log ?ins?|logins?|"
    r"memberships?|subscriptions?|user ?names?)\b|"
    rf"\b(?:{_NOT_BANK_CARD}) cards?\b|"
    r"(?:アマゾン|amazon|ネットフリックス|netflix|グーグル|google|アップル|apple|ライン|line|メール|"
    r"ジム|図書館|ギフト|ポイント|会員|sim|携帯|スマホ|ゲーム|インスタ|ツイッター|フェイスブック)"
    r"の?(?:アカウント|アプリ|パスワード|ログイン)|(?:ギフト|ポイント|会員|図書館|sim|ジムの?)カード"
)
# Fees, cards or machines named in passing inside a topic that is not banking: travel, food, places.
_OTHER_TOPIC = _rx(
    r"\b(?:flights?|airlines?|baggage|luggage|carry-?on|boarding|hotels?|restaurants?|calories|recipes?|"
    r"tuition|parking|tolls?|weather|movies?|concerts?|tickets?|nearest|closest|directions)\b|"
    r"飛行機|フライト|航空|ホテル|レストラン|カロリー|レシピ|天気|映画|チケット|最寄り|道順"
)

# The bank's own products and services, named as a topic.
_BANK_SERVICE = _rx(
    r"\b(?:(?:bank|checking|savings|current|joint|deposit|business|student|personal) accounts?|"
    r"(?:my|your|an|a|the|this|that) accounts?|accounts? (?:number|details|fees?|limits?)|"
    r"overdrafts?|overdrawn|loans?|mortgages?|(?:bank|account|card|atm|monthly|overdraft|transfer|"
    r"foreign|transaction|late|service) (?:fees?|charges?)|fees?|interest rates?|interest (?:on|rate)|"
    r"apr|credit limits?|(?:daily|withdrawal|spending|card|transfer|account|payment|overdraft) limits?|"
    r"pin|pin (?:code|number)|(?:online|mobile|internet|telephone|phone) banking|"
    r"(?:banking|bank'?s?|your) (?:app|website|site)|branch(?:es)?|atms?|cash ?machines?|"
    r"(?:my|your|bank|monthly|account|card|credit card|paper|e-?|last|latest|next|quarterly|annual|year-end) "
    r"statements?|standing orders?|"
    r"direct debits?|(?:bank|wire|international|money) transfers?|iban|sort code|routing number|"
    r"swift (?:code|number|transfer)s?|bic|"
    r"(?:debit|credit|bank|atm|contactless|virtual) cards?|my cards?|your cards?|cheques?|cheque ?books?|"
    r"check ?books?|checbooks?|(?:new|more|some|order|of) checks|savings)\b|"
    r"口座|(?:キャッシュ|デビット|クレジット|銀行の)カード|ローン|手数料|金利|利息|利率|限度額|"
    r"暗証番号|(?:ネット|インターネット|モバイル|オンライン)バンキング|(?:バンキング|銀行の?)アプリ|"
    r"(?<![a-z])atm(?![a-z])|支店|窓口|明細|振込|振り込み|送金|口座振替|引き落とし|自動引落|定期預金|普通預金|当座|貸越|通帳"
)


# A card of something else, no bank's: "my SIM card", "the hotel key card", "my library card", "the
# starbucks card", ポイントカード, スタバのカード, 交通系ICカード, 社員証. The customer's own cards named by
# a brand or by the bank stay bank cards ("my visa card", "my rewards card", "my teller card",
# キャッシュカード).
_OTHER_CARD = _rx(
    rf"\b(?:{_OTHER_CARD_KIND}) ?cards?\b|"
    r"(?:ギフト|ポイント|会員|メンバーズ|図書館|sim|ジムの?|ic|交通系(?:ic)?|プリペイド|スタンプ|ルーム|マイナンバー|"
    r"マイナ|診察)カード|"
    # a transit or shop's e-money card by its name alone: suicaの残高, nanacoカード
    r"(?:suica|スイカ|pasmo|パスモ|icoca|イコカ|nanaco|ナナコ|waon|ワオン|edy|エディ)(?:カード)?|"
    r"カードキー|ルームキー|社員証|学生証|会員証|診察券|保険証|免許証|"
    # a shop's or a place's card: スタバのカード, ホテルのカード, コンビニのポイントカード
    r"(?:スタバ|スターバックス|ドトール|タリーズ|コメダ|コンビニ|ホテル|ジム|図書館|会社|学校|病院|お店|店)"
    r"の(?:ポイント|会員|メンバーズ|プリペイド)?カード"
)
# What names the bank's own card or an account, beside a card of something else.
_BANK_CARD_OR_ACCOUNT = _rx(
    r"\b(?:cards?|visa|master ?card|amex|debit|credit|cc|accounts?|checking|savings)\b|"
    r"カード|デビット|クレジット|クレカ|visa|ビザ|アメックス|jcb|口座|預金"
)


def without_other_cards(folded: str) -> str:
    """`folded` with the cards of something else blanked (same length, so spans still index it): "my
    student card and debit card were stolen" names the debit card only."""
    return _OTHER_CARD.sub(lambda m: " " * len(m.group(0)), folded)


def names_another_card(folded: str) -> bool:
    """ "can you unlock my SIM card", "lock my library card", スタバのカードの残高, ポイントカードなくした: a
    card of something else is named, and no card of the bank's nor an account beside it."""
    if not _OTHER_CARD.search(folded):
        return False
    return not _BANK_CARD_OR_ACCOUNT.search(without_other_cards(folded))


# Money put onto the other card from the customer's account: a movement of their own, read like any other
# ("how much did I top up my suica", Suicaのチャージ履歴, スイカにいくら入れた).
_PUT_ON_IT = _rx(
    r"\b(?:top(?:ped)?[- ]?ups?|topping up|re-?load(?:ed|s)?|load(?:ed)? (?:on|onto)|added to|"
    r"put (?:on|onto|into))\b|"
    r"チャージ|入金し|入れた"
)


def puts_money_on_another_card(folded: str) -> bool:
    """Money moved from the account onto a card of something else is named ("suica top-ups")."""
    return bool(_OTHER_CARD.search(folded)) and bool(_PUT_ON_IT.search(folded))


def names_another_service(folded: str) -> bool:
    """ "my netflix account won't let me log in", "i forgot my email password", アマゾンのアカウント: the
    account, app or password is another company's, and nothing of the bank's is named beside it."""
    if not _OTHER_SERVICE.search(folded):
        return False
    return not _BANK_SERVICE.search(_OTHER_SERVICE.sub(" ", folded))


# When another place is open: "is the post office on 34th street open on saturdays", "when does target
# open", 郵便局って何時まで開いてる (the bank's own hours, branches and ATMs are the bank's topic).
_PLACE = (
    r"post office|pharmacy|drugstore|dmv|library|supermarket|grocery(?: store)?|(?:the )?store|shop|mall|"
    r"restaurant|cafe|gym|target|walmart|costco|starbucks|cvs|walgreens|trader joe'?s|whole foods|ikea|"
    r"home depot|museum|pool|clinic|hospital|dentist|doctor'?s?(?: office)?|city hall|courthouse|"
    r"the (?:bakery|deli|market|cinema|theater|theatre|bar|pub|salon|barber)"
)
_OTHER_PLACE_HOURS = _rx(
    rf"\b(?:{_PLACE})\b(?: [\w'-]+){{0,5}}? (?:open|opens|opening|close|closes|closing|hours)\b|"
    r"\b(?:open|opens|opening|close|closes|closing|hours)\b(?: [\w'-]+){0,3}? (?:of |at |for )?(?:the )?"
    rf"(?:{_PLACE})\b|"
    r"(?:郵便局|コンビニ|スーパー|薬局|ドラッグストア|図書館|役所|区役所|市役所|病院|デパート|ジム|レストラン|"
    r"カフェ|美容院)(?:って|は|の)?[^。?？]{0,8}?(?:何時|営業時間|開いて|開く|空いて|閉ま|休み)"
)


_BANK_PLACE = _rx(r"\b(?:branch(?:es)?|atms?|banks?|your)\b|支店|銀行|窓口|(?<![a-z])atm(?![a-z])")


def asks_about_another_place(folded: str) -> bool:
    """ "do you know if the post office is open on saturdays", "when does target open": another place's
    hours, with nothing of the bank's (a branch, an ATM, the bank) named."""
    if not _OTHER_PLACE_HOURS.search(folded):
        return False
    return not _BANK_PLACE.search(folded)


def names_bank_service(folded: str) -> bool:
    """ "tell me about your mortgages", "the mobile banking app won't let me log in", 口座の手数料: one
    of the bank's own products or services is named (and no other company's account or app)."""
    if _OTHER_TOPIC.search(folded) or names_another_service(folded):
        return False
    return bool(_BANK_SERVICE.search(_OTHER_SERVICE.sub(" ", folded)))


# Only a topic, nothing asked: "about my cards", "regarding my checking account", 普通預金口座について.
_TOPIC_ONLY = _rx(
    r"^(?:(?:hi|hello|hey|ok|okay|so|um+|uh+|yes|yeah)[,.!]? +)*(?:it'?s |this is |i'?m calling )?"
    r"(?:about|regarding|concerning|re|in regards? to|with regards? to|on the subject of) [\w' -]+[.?!]?$|"
    r"^[^、。？?]{1,20}について(?:です|ですが|なんですが|なんだけど|の(?:相談|質問|件))?[。?？]?$"
)


def names_only_a_topic(folded: str) -> bool:
    """ "about my cards", "regarding my checking account", 普通預金口座について: a topic, nothing asked."""
    return bool(_TOPIC_ONLY.search(folded))
