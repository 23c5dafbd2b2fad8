"""Regional Japanese read as the standard forms the intent rules know (なんぼ残っとる → いくら残っている).

A small table of Kansai, Hakata, Tohoku and Nagoya forms, each anchored where it cannot be part of a
standard word (とる only after a te-stem, so 写真をとる stays; へん only after a negative stem, so
たいへん stays). Negations map to negations (払わへん → 払わない, 止めんといて → 止めないで) and sentence
ends to their meaning (やろ → だろう, やんけ → じゃないか), so that a complaint or a refusal in dialect
is read as one, never as the bare verb.

The text changes length, so this runs on the folded text before any span is taken.
"""

from __future__ import annotations

import re

__all__ = ["standard_japanese"]

# Where a sentence (or a clause) ends: what may follow a sentence-final form.
_END = r"(?=$|[\s、。,.!！?？…ー〜~]|ね|な|よ|わ|で)"
_TE_STEM = "[っしいえきせねべみめれり]"  # not け: 受けとる is 受け取る

# (pattern, standard form), applied in order; later patterns may see what earlier ones wrote.
_TABLE: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), standard)
    for pattern, standard in (
        # Kansai / western words
        ("なんぼ", "いくら"),
        ("どげん", "どう"),  # Hakata
        ("どない", "どう"),
        ("ほんま", "本当"),
        ("めっちゃ", "とても"),
        ("あかん", "だめ"),
        ("(?<=[払])ろ(?=[てた])", "っ"),  # 払ろて → 払って
        ("はろ(?=[てた])", "はらっ"),
        ("もろ(?=[てた])", "もらっ"),
        ("(?<=[買言])う(?=[てた])", "っ"),  # 買うて → 買って
        ("(?<=[てで])も[うー]た", "しまった"),  # 無くしてもうた → 無くしてしまった
        # 〜とる/〜どる = 〜ている (and its past, negative, question); Hakata 〜とっと = 〜ているの
        (f"(?<={_TE_STEM})とっと", "ているの"),
        (f"(?<={_TE_STEM})とった", "ていた"),
        (f"(?<={_TE_STEM})とらん", "ていない"),
        (f"(?<={_TE_STEM})とる", "ている"),
        (f"(?<={_TE_STEM})とん{_END}", "ているの"),
        ("(?<=ん)どる", "でいる"),
        ("(?<=ん)どった", "でいた"),
        # negations: 〜へん/〜ん = 〜ない, 〜んといて = 〜ないで, 〜んでええ/よか = 〜なくていい
        ("んといて|んとって", "ないで"),
        ("んで(?:ええ|よか|いい)", "なくていい"),
        ("(?:せえ|せー|せ)へん", "しない"),
        ("(?:こー|けー|こう|きい)へん|きいひん", "こない"),
        ("へんかった", "なかった"),
        ("(?<=[あかさたなまらわがばえけせてねめれげべ])へんで(?=$|[\\s、。,.!！?？…])", "ないよ"),  # I won't
        ("(?<=[あかさたなまらわがばえけせてねめれげべ])へん(?![かきくこさしすそ])", "ない"),
        ("(?<=[わら])んかった", "なかった"),
        ("(?<=[わら])ん(?=$|[\\s、。,.!！?？…]|けん|けど|から|で|よ|わ|ね|の)", "ない"),
        ("くれん(?=ね|か|$|[\\s?？。、])", "くれない"),
        ("(?<=[てで])ええ|(?<=たら|れば)ええ", "いい"),
        ("ええよ", "いいよ"),
        ("(?<=る)ん(?=[?？]|$)", "の"),  # 残っているん？ → 残っているの？
        # requests: 〜てや/〜てな (Kansai), 〜てけろ (Tohoku), 〜てちょう/ちょーだい (Nagoya) = 〜て(ください)
        (f"(?<=[てで])[やな]{_END}", ""),
        ("(?<=[てで])け[ろれ]", "ください"),
        ("(?<=[てで])ちょ[うー](?:だい)?", "ください"),
        # sentence ends: やろ = だろう, やんけ/やんか = じゃないか, やん = じゃん, っぺ = だろう, ねん = んだ
        ("やんけ|やんか", "じゃないか"),
        (f"やろう?{_END}", "だろう"),
        (f"やん{_END}", "じゃん"),
        (f"っぺ{_END}", "だろう"),
        (f"っちゃん{_END}", "んだ"),  # Hakata
        (f"(?<=[たるん])ねん{_END}", "んだ"),
        (f"(?<=[^ら]い)ねん{_END}", "んだ"),  # not らいねん (来年)
        (f"やねん{_END}", "なんだ"),
        ("やけど", "だけど"),
        ("やから", "だから"),
        ("じゃけん", "だから"),
        ("(?<=と)いけん", "いけない"),
        (f"(?<=[いだ])けん{_END}", "から"),
        (f"ばい{_END}", "よ"),
    )
)


def standard_japanese(folded: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The folded Japanese text with regional forms replaced by standard ones, and each (form, standard)
    replaced, in order (none for text with no regional form)."""
    if folded.isascii():
        return folded, ()
    read: list[tuple[str, str]] = []
    for pattern, standard in _TABLE:

        def swap(m: re.Match[str], standard: str = standard) -> str:
            read.append((m.group(), standard))
            return standard

        folded = pattern.sub(swap, folded)
    return folded, tuple(read)
