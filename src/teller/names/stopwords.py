"""Words that never name a payee or biller on their own.

A false match here is dangerous (money sent to the wrong person), so the lists lean long:
function words, banking and command vocabulary, numbers, dates, currencies, family words.
"""

from __future__ import annotations

_EN = """
a about after again all also am an and any anyone are as at be been before being but by can cancel
could did do does done for from get give go going got had has have he her here him his how i if in
into is it its just let lets like me more most much my need no not now of off ok okay on once only
or our out over please right same see she should show so some than thank thanks that the their them
then there these they this those to too up us want was we were what when where which who whom why
will with would yes you your yours hi hey hello im ive youre dont cant wont whats
send sent pay paid paying transfer transferred wire move give make lock unlock freeze check tell
find look lookup search saved save add remove delete confirm repeat
money cash funds fund amount balance balances account accounts card cards credit debit checking savings
bill bills payment payments payee payees recipient recipients contact contacts person someone
transaction transactions history statement limit limits fee fees bank banking owe
today tomorrow yesterday tonight morning afternoon evening night noon week weeks month months year
next last this every monday tuesday wednesday thursday friday saturday sunday
yen dollar dollars bucks buck usd jpy eur euro euros cent cents grand
zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen
seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand
million billion half quarter
mom mum mommy mother dad daddy father parent parents wife husband son daughter brother sister
friend boss landlord
mr mrs ms miss dr san sama kun chan sensei
ignore previous instructions instruction system prompt assistant
"""

# Common English words that are also nicknames (bill, cat, will...). They may complete a longer
# name ("will smith"), but a scan must never read them as a name by themselves.
_EN_AMBIGUOUS = """
bill will cat kit kay may sue pat mo moe ed jack dick don nat lex rich drew gail meg bert sandy
art mark grant hope joy
"""

# Common Japanese words a payee reading could collide with in a scan.
_JA = """
これ それ あれ どれ ここ そこ あそこ いま きょう あした あす きのう おかね かね でんわ はい いいえ
ください して ため こと もの とき まで から だけ など ぜんぶ いつ なに だれ さん さま くん ちゃん
今日 明日 昨日 口座 残高 送金 振込 振り込み お金 金額 円 万 千 百 全部 支払い 払い
"""

STOP_EN: frozenset[str] = frozenset(_EN.split())
AMBIGUOUS_EN: frozenset[str] = frozenset(_EN_AMBIGUOUS.split())
STOP_JA: frozenset[str] = frozenset(_JA.split())
