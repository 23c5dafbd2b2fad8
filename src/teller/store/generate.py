"""A synthetic bank of any size (`teller db generate --customers 100000 --seed 0`), in the bank file's
format, so it is loaded through the same validation and loader as the demo bank.

Each customer is a pure function of (seed, index): chunks can be generated and loaded in any order
and the same seed always gives the same bank. Customers are English (en-US, USD, New York) or
Japanese (ja-JP, JPY, Tokyo), about half each. Payee counts are heavy-tailed, 1–`MAX_PAYEES`: most
customers have a handful, a few have hundreds, the case name lookup must stay fast for. Names are
drawn with Zipf-like weights from common given names and surnames, and every payee list gets
sound-alikes on purpose (Sato/Saito, Jon/John, Smith/Smyth): the hard case for name matching.
Each customer also has billers, cards, and about a year of card and transfer transactions.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime, timedelta
from itertools import islice
from typing import Any

MAX_PAYEES = 500
_END = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)  # the generated year ends here

# (surname, kana, romaji) — the most common Japanese surnames first, with sound-alike pairs.
_JA_SURNAMES = [
    ("佐藤", "さとう", "Sato"), ("鈴木", "すずき", "Suzuki"), ("高橋", "たかはし", "Takahashi"),
    ("田中", "たなか", "Tanaka"), ("伊藤", "いとう", "Ito"), ("渡辺", "わたなべ", "Watanabe"),
    ("山本", "やまもと", "Yamamoto"), ("中村", "なかむら", "Nakamura"), ("小林", "こばやし", "Kobayashi"),
    ("加藤", "かとう", "Kato"), ("吉田", "よしだ", "Yoshida"), ("山田", "やまだ", "Yamada"),
    ("斉藤", "さいとう", "Saito"), ("佐々木", "ささき", "Sasaki"), ("山口", "やまぐち", "Yamaguchi"),
    ("松本", "まつもと", "Matsumoto"), ("井上", "いのうえ", "Inoue"), ("木村", "きむら", "Kimura"),
    ("林", "はやし", "Hayashi"), ("清水", "しみず", "Shimizu"), ("後藤", "ごとう", "Goto"),
    ("近藤", "こんどう", "Kondo"), ("工藤", "くどう", "Kudo"), ("安藤", "あんどう", "Ando"),
    ("遠藤", "えんどう", "Endo"), ("須藤", "すどう", "Sudo"), ("佐野", "さの", "Sano"),
    ("中野", "なかの", "Nakano"), ("中山", "なかやま", "Nakayama"), ("小山", "こやま", "Koyama"),
]  # fmt: skip
_JA_GIVEN = [
    ("健", "けん", "Ken"), ("翔", "しょう", "Sho"), ("大輔", "だいすけ", "Daisuke"),
    ("誠", "まこと", "Makoto"), ("花子", "はなこ", "Hanako"), ("陽子", "ようこ", "Yoko"),
    ("裕子", "ゆうこ", "Yuko"), ("優子", "ゆうこ", "Yuko"), ("健一", "けんいち", "Kenichi"),
    ("健二", "けんじ", "Kenji"), ("恵", "めぐみ", "Megumi"), ("愛", "あい", "Ai"),
    ("直樹", "なおき", "Naoki"), ("直子", "なおこ", "Naoko"), ("拓也", "たくや", "Takuya"),
    ("達也", "たつや", "Tatsuya"), ("美咲", "みさき", "Misaki"), ("美紀", "みき", "Miki"),
    ("亮", "りょう", "Ryo"), ("涼", "りょう", "Ryo"),
]  # fmt: skip
_EN_SURNAMES = [
    "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez",
    "Martinez", "Lee", "Li", "Nguyen", "Smyth", "Jonson", "Thompson", "Thomson", "Clark", "Clarke",
    "Lewis", "Walker", "Hall", "Allen", "Young", "King", "Wright", "Scott", "Green", "Greene",
    "Baker", "Adams", "Nelson", "Hill", "Campbell", "Mitchell", "Carter", "Roberts", "Reid", "Reed",
]  # fmt: skip
_EN_GIVEN = [
    "James", "Mary", "John", "Jon", "Sarah", "Sara", "Michael", "Michelle", "David", "Dave", "Maria",
    "Mariah", "Robert", "Linda", "William", "Emily", "Emilie", "Daniel", "Danielle", "Chris",
    "Kris", "Anne", "Ann", "Steven", "Stephen", "Katherine", "Catherine", "Brian", "Bryan", "Alan",
    "Allan", "Megan", "Meghan", "Eric", "Erik", "Sean", "Shawn", "Grace", "Lucy", "Noah",
]  # fmt: skip
_EN_BANKS = ["Chase", "Bank of America", "Wells Fargo", "Citibank", "US Bank", "PNC", "Capital One"]
_JA_BANKS = ["みずほ銀行", "三井住友銀行", "三菱UFJ銀行", "りそな銀行", "ゆうちょ銀行", "楽天銀行"]
_RELATIONSHIPS = ["recent_payee", "saved_contact", "family", "landlord", "business"]
_EN_BILLERS = [
    ("Con Edison", ["con ed", "electric", "electricity"]), ("Verizon", ["phone", "internet"]),
    ("National Grid", ["gas"]), ("Spectrum", ["cable"]), ("Geico", ["car insurance"]),
]  # fmt: skip
_JA_BILLERS = [
    ("東京電力", "とうきょうでんりょく", "Tokyo Electric Power", ["電気", "電気代"]),
    ("東京ガス", "とうきょうがす", "Tokyo Gas", ["ガス", "ガス代"]),
    ("NTTドコモ", "えぬてぃてぃどこも", "NTT Docomo", ["携帯", "携帯代"]),
    ("東京都水道局", "とうきょうとすいどうきょく", "Tokyo Waterworks", ["水道", "水道代"]),
]  # fmt: skip
_EN_SHOPS = ["Whole Foods Market", "MTA OMNY", "Starbucks", "Amazon", "Target", "CVS Pharmacy", "Shell"]
_JA_SHOPS = [
    "セブンイレブン",
    "JR東日本 Suica チャージ",
    "ローソン",
    "ファミリーマート",
    "イオン",
    "ユニクロ",
]


def _weights(n: int) -> list[float]:
    return [1.0 / (rank + 1) ** 0.8 for rank in range(n)]  # Zipf-like: common names much more often


def _payee_count(rng: random.Random) -> int:
    # Log-normal, median ~12, a long tail clipped to MAX_PAYEES (about 1 customer in 100 has 200+).
    return max(1, min(MAX_PAYEES, round(rng.lognormvariate(2.5, 1.1))))


def _ja_names(rng: random.Random, count: int) -> list[tuple[str, str, str]]:
    surnames, given = _JA_SURNAMES, _JA_GIVEN
    sw, gw = _weights(len(surnames)), _weights(len(given))
    seen: set[str] = set()
    names: list[tuple[str, str, str]] = []
    for _ in range(count * 20):
        if len(names) == count:
            break
        (s, sk, sl), (g, gk, gl) = rng.choices(surnames, sw)[0], rng.choices(given, gw)[0]
        display = f"{s} {g}" if rng.random() < 0.9 else f"{s}{g}"
        latin = f"{sl} {gl}"
        if display in seen:
            continue
        seen.add(display)
        names.append((display, f"{sk} {gk}", latin))
    return names


def _en_names(rng: random.Random, count: int) -> list[str]:
    sw, gw = _weights(len(_EN_SURNAMES)), _weights(len(_EN_GIVEN))
    seen: set[str] = set()
    for _ in range(count * 20):
        if len(seen) == count:
            break
        seen.add(f"{rng.choices(_EN_GIVEN, gw)[0]} {rng.choices(_EN_SURNAMES, sw)[0]}")
    return sorted(seen, key=lambda _: rng.random())


def _customer(seed: int, index: int, payee_count: int | None = None) -> dict[str, Any]:
    rng = random.Random(f"teller-bank:{seed}:{index}")
    cid = f"g{index:07d}"
    japanese = rng.random() < 0.5
    currency, zone = ("JPY", "Asia/Tokyo") if japanese else ("USD", "America/New_York")
    unit = 1 if japanese else 100  # minor units per yen / dollar
    me = _ja_names(rng, 1)[0] if japanese else None
    own_latin = me[2] if me else _en_names(rng, 1)[0]
    payees: list[dict[str, Any]] = []
    wanted = _payee_count(rng) if payee_count is None else payee_count
    if japanese:
        for n, (display, kana, latin) in enumerate(_ja_names(rng, wanted)):
            payees.append({"id": f"{cid}p{n}", "display_name": display, "reading_kana": kana, "latin": latin})
    else:
        for n, name in enumerate(_en_names(rng, wanted)):
            payees.append({"id": f"{cid}p{n}", "display_name": name, "latin": name})
    for payee in payees:
        payee["relationship"] = rng.choice(_RELATIONSHIPS)
        payee["bank"] = rng.choice(_JA_BANKS if japanese else _EN_BANKS)
        payee["account_last4"] = f"{rng.randrange(10000):04d}"
    accounts = [
        {"id": f"{cid}a0", "type": "checking" if not japanese else "ordinary", "label": "main account",
         "currency": currency, "number_last4": f"{rng.randrange(10000):04d}",
         "balance_minor": rng.randrange(50_000, 5_000_000) * unit},
        {"id": f"{cid}a1", "type": "savings", "label": "savings", "currency": currency,
         "number_last4": f"{rng.randrange(10000):04d}", "balance_minor": rng.randrange(0, 20_000_000) * unit},
    ]  # fmt: skip
    cards = [
        {"id": f"{cid}k0", "type": "debit", "label": "debit card", "last4": f"{rng.randrange(10000):04d}",
         "status": "active"},
        {"id": f"{cid}k1", "type": "credit", "label": "credit card", "last4": f"{rng.randrange(10000):04d}",
         "status": "locked" if rng.random() < 0.05 else "active"},
    ]  # fmt: skip
    billers = []
    for n in range(rng.randint(1, 4)):
        if japanese:
            name, kana, latin, aliases = _JA_BILLERS[n]
            biller = {"display_name": name, "reading_kana": kana, "latin": latin, "aliases": aliases}
        else:
            name, aliases = _EN_BILLERS[n]
            biller = {"display_name": name, "latin": name, "aliases": aliases}
        due = (_END + timedelta(days=rng.randint(3, 25))).date().isoformat()
        billers.append(
            {"id": f"{cid}b{n}", **biller, "outstanding_minor": rng.randrange(2_000, 30_000),
             "currency": currency, "due": due}
        )  # fmt: skip
    transactions = []
    shops = _JA_SHOPS if japanese else _EN_SHOPS
    days = sorted({0, 364, *rng.sample(range(1, 364), rng.randint(30, 90))})  # a whole year
    for n, day in enumerate(days):
        at = _END - timedelta(days=day, minutes=rng.randrange(24 * 60))
        if payees and rng.random() < 0.2:
            description = f"Transfer to {rng.choice(payees)['latin']}"
            amount = -rng.randrange(10, 500) * unit * (100 if japanese else 1)
        else:
            description, amount = rng.choice(shops), -rng.randrange(3, 200) * unit * (10 if japanese else 1)
        transactions.append(
            {"id": f"{cid}t{n}", "account_id": f"{cid}a0", "posted_at": at.isoformat(),
             "description": description, "amount_minor": amount, "currency": currency}
        )  # fmt: skip
    limits = {
        "transfer_per_txn_minor": {currency: 1_000_000 * unit if japanese else 500_000},
        "transfer_daily_minor": {currency: 2_000_000 * unit if japanese else 1_000_000},
    }
    return {
        "id": cid,
        "name": me[0] if me else own_latin,
        "name_latin": own_latin,
        "locale": "ja-JP" if japanese else "en-US",
        "timezone": zone,
        "limits": limits,
        "accounts": accounts,
        "cards": cards,
        "payees": payees,
        "billers": billers,
        "transactions": transactions,
    }


def generate_customer(index: int, *, seed: int, payees: int | None = None) -> dict[str, Any]:
    """Customer `index` of the bank from `seed`; `payees` forces the payee count (benchmarks)."""
    return _customer(seed, index, payees)


def generate_customers(count: int, *, seed: int, start: int = 0) -> Iterator[dict[str, Any]]:
    """Customers `start` .. `start + count - 1` of the bank generated from `seed`, as bank-file dicts."""
    for index in range(start, start + count):
        yield _customer(seed, index)


def _chunk(seed: int, start: int, count: int) -> list[dict[str, Any]]:
    return list(generate_customers(count, seed=seed, start=start))


def generate_chunks(count: int, *, seed: int, chunk: int, jobs: int = 1) -> Iterator[list[dict[str, Any]]]:
    """Customers 0 .. `count` - 1 in lists of `chunk`, in order. With `jobs` > 0 the next chunks are
    generated in that many child processes while the caller loads the current one (the generator's
    CPU overlaps the database's); with 0, here, one after another. The same bank either way."""
    starts = range(0, count, chunk)
    if jobs <= 0:
        for start in starts:
            yield _chunk(seed, start, min(chunk, count - start))
        return
    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        futures = (pool.submit(_chunk, seed, start, min(chunk, count - start)) for start in starts)
        window = deque(islice(futures, jobs + 1))  # submitted lazily: at most jobs + 1 chunks ahead
        while window:
            part = window.popleft().result()
            window.extend(islice(futures, 1))
            yield part
    finally:
        pool.shutdown(cancel_futures=True)  # a refused chunk stops the rest
