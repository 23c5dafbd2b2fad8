"""Write `round5.jsonl` and `heldout_round5.jsonl`: phrasings written for issue 9 round 5.

Not trained on: a model retrained with `round5.jsonl` added to `train_intent.OWN_FILES` was worse out
of fold on every source (NLU++ false-command 4.3 → 5.2 %, command recall 0.790 → 0.774; CLINC150
false-command 1.4 → 1.7 %; see `docs/intent.md`, round 5), so the packaged model stayed. The files
stay to reproduce that; `heldout_round5.jsonl` is scored as a held-out set of our own phrasings.

Real customers' way of asking for the commands (NLU++-like, written here from the language, not
copied from any data set): reads asked politely or indirectly (could you let me know…, I'd like to
know…, was there…, have I received…, how much went to…), money questions over a period, requests
with a story before them (I lost my wallet on the bus, can you block…; we're moving next week, so
I need to pay…), transfers set up for a time, people asked for in frustration; in English and in
Japanese (Japanese comes only from our own data). Beside them, look-alikes that stay questions or
off topic (how do I see…, what does it cost to…, a friend's balance in a game). A fixed quarter,
chosen by the text's SHA-256 (first 8 hex digits mod 4 == 0), is held out: never trained or tuned
on, scored by `bench/understand_eval.py` as `own_heldout_round5`.

    .venv/bin/python scripts/intent_data/round5.py   # deterministic: same files every run
"""

from split import write_round

rows = {
    "recent_transactions": """was there a payment to spotify this month
were there any card payments at the supermarket last week
have i received the money from my landlord yet
did i get anything from my brother this week
has my refund from the airline come through
did anything come in from work on friday
did my wages go in yesterday
how much went to amazon in october
how much went out of my account last weekend
how much have i spent on takeaways since the start of the month
what did i pay the gym in september
how much did i pay for petrol between the 3rd and the 17th
how much did i spend on holiday in portugal
did i spend less on weekends this month than last month
can you tell me what i spent on clothes last month
i'd like to know how much i spent on eating out this year
could you let me know what went out of my account yesterday
would you pull up the payments i made to my plumber
can i have a look at my spending for the last two weeks
can you list every transfer i received in june
show me all the money that came in last month
i want to see the payments to the council from march onwards
please show me what i paid to my phone company over the summer
did i spend more on groceries this month than last month
was my spending on bars higher than usual this week
what was the biggest payment out of my account in august
which was my most expensive purchase last week
what were my three largest expenses in october
give me a breakdown of what i spent last week
tell me the last five things i bought with my debit card
any payments from my employer since monday
is there a deposit from the tax office on my account
did the insurance company pay me back
has anyone sent me money today
were there any withdrawals from my savings this week
how many times did i pay the parking company this month
how much did my daughter's school fees cost me this term
list my card payments from the 1st to the 10th
show me yesterday's transactions please
what came out of my checking on tuesday
i need to see what was paid from my account between christmas and new year
hi, could you show me my last few payments
i was away last week, can you show me what was spent on my card
i think i was charged at the cinema, can you show me my recent card payments
今月スポティファイへの支払いはありましたか
先週スーパーでカードを使った記録はありますか
大家さんからのお金はもう入っていますか
兄から今週入金がありましたか
航空会社からの返金は入りましたか
昨日給料は振り込まれていますか
10月にアマゾンでいくら使いましたか
先週末に口座からいくら出ていきましたか
今月外食にいくら使ったか教えて
9月にジムにいくら払ったか知りたい
3日から17日までのガソリン代はいくらでしたか
先月の洋服代を教えてください
今年の交通費の合計を知りたいです
昨日口座から引き落とされたものを教えてもらえますか
水道屋さんへの支払いを見せてください
この2週間の支出を確認したい
6月に受け取った振込を全部見せて
先月入ってきたお金を一覧にして
今月と先月、どちらが食費が多かったですか
8月に一番大きかった支払いは何ですか
先週一番高い買い物は何でしたか
先週の支出の内訳を見せて
デビットカードで最後に買った5件を教えて
月曜日から会社からの入金はありますか
保険会社からの払い戻しはありましたか
今日誰かから送金がありましたか
今週普通預金から引き出しはありましたか
今月駐車場に何回払いましたか
1日から10日までのカード払いを一覧にして
昨日の取引を見せてください
火曜日に口座から何が引き落とされましたか
先週留守にしていたので、カードで使われたものを見せて
最近の支払いを何件か見せてもらえますか""",
    "balance_inquiry": """could you let me know what's in my checking account
i'd like to know how much money i have right now
would you tell me my savings balance please
can you check how much is left in my account
do i have enough in my current account to cover the rent
is there still money in my savings
how much do i have to spend until payday
am i overdrawn at the moment
is my account in the red
do i have more than 2000 in my savings account
is my balance under 100 dollars
how much cash is sitting in my joint account
what's the total across all my accounts
i'm about to go shopping, how much have i got in my checking
before i book the flights, what's my balance
i just got paid, how much is in my account now
my rent is due tomorrow, do i have enough money in checking
i want to check how much money i've got
tell me my available balance
what does my savings account have in it now
口座にいくら残っているか教えてもらえますか
今いくらお金があるか知りたいです
貯金の残高を教えていただけますか
口座にまだお金は残っていますか
家賃を払えるだけのお金が口座にありますか
給料日までいくら使えますか
今マイナスになっていませんか
普通預金に20万円以上ありますか
残りは1万円を切っていますか
全部の口座の合計残高はいくらですか
買い物に行く前に、口座の残高を確認したい
給料が入ったので、今の残高を教えて
明日家賃の引き落としがあるけど、お金は足りていますか
使えるお金はいくらありますか
貯蓄口座にいくら入っているか確認させて""",
    "transfer_money": """i need to send 300 pounds to my son today
please move 500 from checking to savings
i'd like to transfer 40 dollars to my flatmate for the bills
can you send 1200 to my landlord on the first of next month
set up a transfer of 250 to alex for friday morning
i need to pay my friend back 35 dollars
send the same amount as last time to my sister in two days
could you wire 2000 euros to my business account tomorrow
i want to make a payment of 80 dollars to tom
transfer 60 to jane, it's for the concert tickets
we're splitting dinner, send 25 to mark
my daughter needs money for books, send her 100
i owe my neighbour 50 dollars, can you pay him
put 700 into my savings account on payday
i'd like to send money to my mum
schedule a transfer to my brother for the 15th
send 90 dollars to chris tonight
妹に今日3万円送ってください
普通預金から貯蓄口座へ5万円移してほしい
ルームメイトに光熱費として4000円振り込みたい
来月1日に大家さんへ8万円振り込んでおいて
金曜の朝に田中さんへ2万円の振込を予約して
友達に借りていた3500円を返したいので送金して
前回と同じ金額を2日後に姉に送って
明日会社の口座に20万円送金してください
佐藤さんに8000円支払いたいです
コンサートのチケット代として山田さんに6000円送って
食事代を割り勘にしたので、木村さんに2500円送金して
娘の教科書代に1万円振り込んであげて
隣の人に5000円借りているので払っておいて
給料日に貯金口座へ7万円移して
母にお金を送りたいです
15日に弟への振込を予約したい
今夜クリスに9000円送って""",
    "card_lock": """i left my wallet on the bus this morning, please block my card
my bag was snatched last night and my cards were in it, freeze them
i can't find my credit card anywhere, can you stop it
somebody took my debit card at the gym, block it now
i think i dropped my card at the station, lock it please
my card was stolen while i was travelling, cancel it straight away
i lost my credit card at the mall yesterday
my purse is gone with my cards inside
please put a stop on my debit card, it's missing
freeze my card until i find it
財布をバスに置き忘れたので、カードを止めてください
昨夜かばんを盗まれてカードが入っていたので凍結して
クレジットカードがどこにもないので止めてほしい
ジムでデビットカードを盗まれたのですぐ止めて
駅でカードを落としたかもしれないのでロックしてください
旅行中にカードを盗まれたので、すぐ使えないようにして
昨日ビザカードをなくしました
財布ごとカードがなくなりました
デビットカードが見当たらないので止めておいて
見つかるまでカードを一時停止して""",
    "human_handoff": """this isn't helping, i want to speak to someone
put me through to an actual human being
i'd rather deal with a person than a bot
can i talk to somebody who works at the bank
i've had enough of this, get me an agent
you don't understand me, let me speak to a real person
transfer me to customer service please
i want a human to look at my problem
is there a person i can talk to right now
stop, i need a real advisor
全然話が通じないので、人と話したい
生身の担当者につないでください
機械ではなく人と話したいです
銀行の人と直接話せますか
もういいので、オペレーターにつないで
わかってもらえないので、担当の方と話させて
人間の担当者に代わってください
今すぐ誰か人と話したい
this conversation is getting me nowhere
you keep misunderstanding everything i say
i'm sick of talking to a machine
i don't trust a bot with my personal details
this chatbot is useless, i give up
we're going round in circles here
i'm not comfortable giving my account details to an automated system
この会話は全然前に進まない
何度言っても伝わらない
ボットと話すのはもう嫌です
機械に個人情報を伝えるのは不安です
同じことの繰り返しでらちがあかない""",
    "qna": """how can i see my transactions in the app
where do i find my statements online
how do i check my balance without the app
what does it cost to send money abroad
how long does a transfer to another bank take
is there a fee for checking my balance at an atm
can i see transactions older than a year
why is my available balance different from my current balance
what should i do if my card is stolen abroad
how do i set up a standing order
what's the daily limit for transfers
do you charge for freezing a card
how can i get a replacement card after losing one
アプリで取引履歴を見るにはどうすればいいですか
明細はどこで確認できますか
ATMで残高照会すると手数料はかかりますか
海外送金の手数料はいくらですか
他行への振込は何日かかりますか
1年以上前の取引も見られますか
利用可能残高と残高が違うのはなぜですか
海外でカードを盗まれたらどうすればいいですか
振込の1日の上限はいくらですか
カードを紛失した後、再発行はどうすればいいですか""",
    "out_of_scope": """how much did i spend on my fantasy football team's transfers
what's my friend's balance in the game
show me the transfer news for my football club
send a message to my mum saying i'll be late
how much is left on my phone's storage
did my parcel from the online shop arrive
what's the balance of power in parliament
block this number from calling me
友達のゲームの残高はいくら
サッカーの移籍情報を見せて
母に遅れるとメッセージを送って
スマホの空き容量はどれくらい
通販の荷物は届きましたか
この番号からの着信を拒否して""",
}
write_round(rows, "round5")
