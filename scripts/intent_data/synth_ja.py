"""Japanese phrase templates for `synthetic.jsonl` (see `synth.py` for why they exist)."""

from __future__ import annotations

import random

from synth_common import N
from synth_common import fill as _fill
from synth_common import pick as _pick
from synth_common import slot_list as _list

JA_SURNAMES = _list(
    "田中|山田|吉田|山口|松本|井上|木村|林|清水|森|池田|橋本|石川|前田|藤田|岡田|後藤|長谷川|村上|近藤"
    "|石井|坂本|遠藤|青木|藤井|西村|福田|太田|三浦|岡本|たなか|やまだ|ジョン|マイク"
)
JA_GIVEN = _list("|||太郎|花子|翔太|美穂")
JA_HONORIFICS = _list("さん|さん||様|くん|ちゃん")
JA_FAMILY = _list("母|父|妹|弟|兄|姉|息子|娘|大家さん|友達|祖母")
JA_AMOUNTS = _list(
    "5000円|1万円|3万5千円|2,000円|五千円|一万円|100ドル|¥8,000|12000円|三千円|10万円|2万円|千円|50ドル"
    "|7,500円|四万円"
)
JA_WHEN = _list("|||明日|明後日|来週の金曜日に|月末に|今日中に|25日に|今すぐ|来月の1日に")
JA_BILLERS = _list(
    "東京電力|関西電力|東京ガス|大阪ガス|ソフトバンク|au|楽天モバイル|NHK|水道局|NTT|中部電力|ワイモバイル"
)
JA_BILLS = _list(
    "電気代|ガス代|水道代|携帯代|電話代|スマホ代|ネット代|電気料金|ガス料金|水道料金|携帯料金|公共料金"
    "|光熱費|受信料|保険料"
)
JA_CARDS = _list(
    "カード|クレジットカード|デビットカード|キャッシュカード|クレカ|VISAカード|法人カード|ETCカード"
)
JA_DIGITS = _list("5678|4411|0371|8812|3005|9462")
JA_ACCOUNTS = _list(
    "普通預金|普通口座|貯蓄口座|ドル口座|外貨口座|円口座|定期預金|メインの口座|末尾3005の口座|給与口座"
)
JA_PERIODS = _list("最近|今日|昨日|今週|先週|今月|先月|この1週間|過去30日|10月")
JA_PLACE_TEMPLATES = [
    "{place}は何時{oc}",
    "{place}の営業時間は",
    "{place}はどこ",
    "{place}は{day}も開いてる？",
    "{place}への行き方を教えて",
]
JA_OPEN = _list("に開く？|まで？|に閉まる|から")
JA_DAYS = _list("土曜日|日曜|祝日|年末")


def japanese(rng: random.Random) -> dict[str, list[str]]:
    """Japanese phrases per intent."""
    people = [s + g + h for s in JA_SURNAMES for g in JA_GIVEN for h in JA_HONORIFICS] + JA_FAMILY
    people = rng.sample(people, 60)
    transfer = _fill(
        [
            "{when}{who}に{amt}{verb}",
            "{who}に{when}{amt}{verb}",
            "{who}へ{amt}{verb}",
            "{who}の口座に{amt}{verb}",
            "{amt}を{who}に{verb}",
        ],
        who=people,
        amt=JA_AMOUNTS,
        when=JA_WHEN,
        verb=_list(
            "振り込んで|送金して|送って|振込して|振り込んでください|送金してください|送金お願い|振り込みたい"
            "|送金したい|振込をお願いします|送っておいて"
        ),
    )
    bill = _fill(
        [
            "{when}{bill}を{verb}",
            "{biller}の料金を{verb}",
            "{biller}に{amt}{verb}",
            "{biller}の請求を{verb}",
            "{bill}の支払いをお願い",
            "{when}{biller}に支払いして",
        ],
        bill=JA_BILLS,
        biller=JA_BILLERS,
        amt=JA_AMOUNTS,
        when=JA_WHEN,
        verb=_list("払って|支払って|払いたい|支払いたい|払っておいて|支払ってください"),
    )
    lock = _fill(
        ["{card}を{verb}", "末尾{digits}の{card}を{verb}", "{card}を{lost}", "{card}を{lost}、{verb}"],
        card=JA_CARDS,
        digits=JA_DIGITS,
        verb=_list(
            "止めて|ロックして|一時停止して|凍結して|利用停止にして|止めてください|ロックしてください|使えないようにして"
        ),
        lost=_list("なくした|落とした|盗まれた|紛失した|置き忘れた"),
    )
    unlock = _fill(
        [
            "{card}の{state}を{verb}",
            "末尾{digits}の{card}の{state}を{verb}",
            "{card}を{again}",
            "{card}が見つかったので{again}",
            "{card}の{state}をやめて",
            "{card}の{state}を終わりにして",
        ],
        card=JA_CARDS,
        digits=JA_DIGITS,
        state=_list("ロック|停止|凍結|利用停止|一時停止"),
        verb=_list("解除して|外して|解いて|取り消して|解除してください"),
        again=_list("再開して|使えるようにして|元に戻して|また使えるようにして|利用再開して"),
    )
    balance = _fill(
        ["{acct}の残高{ask}", "{acct}にいくら{have}", "{acct}の残高を{verb}"],
        acct=JA_ACCOUNTS,
        ask=_list("を教えて|は|はいくら|はいくらですか|を知りたい"),
        have=_list("ある|ありますか|入ってる|残ってる？"),
        verb=_list("確認して|見せて|調べて"),
    )
    history = _fill(
        [
            "{period}の{what}を{verb}",
            "直近{n}件の{what}を{verb}",
            "{period}何にいくら使った？",
            "{period}の{what}",
        ],
        period=JA_PERIODS,
        what=_list("取引|入出金|利用履歴|明細|支出|取引履歴|入金|振込履歴"),
        n=_list("3|5|10|三|五"),
        verb=_list("見せて|教えて|確認したい|表示して|読み上げて"),
    )
    lookup = _fill(
        ["{who}は{list}に{reg}", "{list}に{who}は{reg}", "{list}の一覧を{verb}", "{list}を{verb}"],
        who=people[:20],
        list=_list("振込先|送金先|受取人|登録済みの振込先|登録している送金先"),
        reg=_list("登録されてる？|いる？|入ってる？|登録されていますか"),
        verb=_list("見せて|教えて|確認したい|読み上げて"),
    )
    handoff = _fill(
        ["{whom}{verb}"],
        whom=_list(
            "オペレーター|担当者|人間|係の人|スタッフ|窓口の人|サポートの人|銀行の人|有人窓口|カスタマーセンター"
        ),
        verb=_list(
            "と話したい|につないで|に代わって|をお願いします|と話せますか|につないでください|に転送して|に相談したい"
        ),
    )
    questions = _fill(
        [
            "{topic}の手数料はいくら",
            "{topic}の{what}を教えて",
            "{topic}はどうすればいい？",
            "{topic}の方法を教えて",
            "{topic}はできますか",
            "{topic}にかかる時間は",
        ],
        topic=_list(
            "振込|他行への振込|海外送金|ATMの引き出し|カードの再発行|口座開設|両替|振込限度額の変更"
            "|カードのロック|公共料金の口座振替|送金|外貨預金|口座の解約|暗証番号の変更|ネットバンキングの登録"
        ),
        what=_list("手数料|条件|手続き|上限"),
    )
    bank_places = _fill(
        JA_PLACE_TEMPLATES,
        place=_list("支店|銀行|窓口|ATM|最寄りの支店|渋谷支店|コンビニのATM|本店"),
        oc=JA_OPEN,
        day=JA_DAYS,
    )
    other_places = _fill(
        JA_PLACE_TEMPLATES,
        place=_list("スーパー|薬局|図書館|美術館|ジム|駅|病院|カフェ|デパート|動物園"),
        oc=JA_OPEN,
        day=JA_DAYS,
    )
    chores = _fill(
        [
            "{who}に電話して",
            "{who}にメッセージを送って",
            "{who}にメールして",
            "{who}に連絡して",
            "{city}の天気{ask}",
            "{genre}をかけて",
            "{dish}のレシピを教えて",
            "{dish}の作り方は",
        ],
        who=people[:15],
        city=_list("東京|大阪|札幌|福岡|ニューヨーク|京都"),
        ask=_list("は|を教えて|はどう？"),
        genre=_list("ジャズ|ロック|クラシック|J-POP|ラジオ"),
        dish=_list("カレー|肉じゃが|パスタ|オムライス|味噌汁"),
    )
    return {
        "transfer_money": _pick(rng, transfer, 2 * N),
        "bill_payment": _pick(rng, bill, N),
        "card_lock": _pick(rng, lock, N),
        "card_unlock": _pick(rng, unlock, N),
        "balance_inquiry": _pick(rng, balance, N // 2),
        "recent_transactions": _pick(rng, history, N),
        "recipient_lookup": _pick(rng, lookup, N),
        "human_handoff": _pick(rng, handoff, N // 2),
        "qna": _pick(rng, questions, N) + _pick(rng, bank_places, N // 2),
        "out_of_scope": _pick(rng, other_places, N // 2) + _pick(rng, chores, N),
    }
