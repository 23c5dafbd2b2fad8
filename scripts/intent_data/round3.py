"""Write `round3.jsonl` and `heldout_round3.jsonl`: the phrasings written for the round-3 model.

Scheduled payments (list, cancel) in English and Japanese, their how-to questions and off-topic
look-alikes (cancel an appointment, a reservation), a few new payments that mention a future date,
and Japanese for the intents that had fewest (handoff, balance, payee list, questions). A fixed
quarter, chosen by the text's SHA-256 (first 8 hex digits mod 4 == 0), is held out: never trained
or tuned on, scored by `bench/understand_eval.py` as `own_heldout_round3`.

    .venv/bin/python scripts/intent_data/round3.py   # deterministic: same files every run
"""

from split import write_round

rows = {
    "scheduled_payments": """what payments do i have scheduled
show me my upcoming payments
which transfers are coming up
list my scheduled transfers
do i have any payments set up for next week
what bills are going out soon
are there any transfers lined up for tomorrow
what's scheduled to leave my account this month
show the payments i've planned
tell me about my future transfers
any scheduled payments i should know about
what money is going out next week
what's coming out of my account in the next few days
can you list the payments i set up in advance
do i have anything scheduled to pay this friday
show pending scheduled transfers
what have i got queued up to pay
which of my bills are scheduled
upcoming transfers please
read me my scheduled payments
what transfers did i schedule for later
is anything set to go out tomorrow
予約している振込を見せて
今後の支払い予定を教えて
予定されている送金はありますか
来週の引き落とし予定を見せて
予約中の振込の一覧
これからの振込予定を確認したい
明日の支払い予定はある？
予約した送金を全部教えて
今月予定している振込は？
振込の予約一覧を表示して
今後出ていくお金の予定を知りたい
予約済みの支払いを確認して
来月の振込予定は何がある？
予定している送金を一覧で見せてください
予約している支払いってある？
これから引き落とされる予定のものを教えて""",
    "cancel_scheduled": """cancel my scheduled payment to sato
stop tomorrow's transfer
cancel the transfer i set up for next friday
please call off the payment to my landlord on the first
scrap the scheduled payment to the gas company
i want to cancel the upcoming transfer to mike
delete my planned payment for next week
cancel the 50 dollar transfer scheduled for monday
stop the payment that's going out tomorrow
remove the scheduled transfer to kenji
kill the wire i scheduled for the 15th
cancel that future payment to anna
don't let the scheduled transfer go through, cancel it
i'd like to cancel a payment i scheduled for next month
undo the transfer i set up for tomorrow
please stop my scheduled electricity payment
cancel all of tomorrow's payments
revoke the standing transfer to my brother next week
予約した振込を取り消して
明日の佐藤さんへの振込をキャンセルして
来週の送金予約をやめたい
予定している支払いを中止してください
予約中の振込を取り消したい
月末の振込予約をキャンセルしてほしい
明日予定の送金を止めて
田中さんへの予約送金を取りやめて
来月の支払い予約を取り消してください
予約した電気代の支払いをキャンセルして
金曜日の振込予定をなしにして
予約していた送金をキャンセルでお願いします
明後日の振込を取り消してほしい""",
    "qna": """how do i cancel a scheduled payment
can i change the date of a scheduled transfer
how far ahead can i schedule a payment
is there a fee to cancel a future transfer
what happens if a scheduled payment fails
予約した振込はいつまで取り消せますか
振込予約の変更はできますか
予約振込の手数料はかかりますか
振込の予約は何日先までできますか
残高が足りないと予約した振込はどうなりますか
海外送金の手数料を知りたい
カードをなくしたらどうすればいいですか
振込の上限額はいくらですか
口座を解約するにはどうしたらいい
ATMの利用時間を教えてください
通帳を再発行したい場合の手続きは
暗証番号を忘れたときはどうすればいい
ネットバンキングのパスワードの変え方を教えて""",
    "out_of_scope": """cancel my gym membership
cancel my dentist appointment tomorrow
what's on my calendar for next week
remind me to call mom tomorrow
schedule a meeting with the team on friday
cancel the uber
明日の歯医者の予約をキャンセルして
来週の会議の予定を教えて
美容院の予約を取り消して
明日の予定を見せて
映画のチケットを予約して
ジムの会員をやめたい
タクシーを呼んで
おすすめの本を教えて""",
    "human_handoff": """人と話したい
担当者に代わってもらえますか
窓口の人につないでください
電話で相談したいので担当の方をお願いします
機械じゃなくて人間と話したい
誰か詳しい人に代わって
コールセンターにつないで
スタッフの方と直接話せますか
オペレーターさんお願いします
担当者から折り返し電話がほしい""",
    "balance_inquiry": """口座にいくら残ってる？
普通預金の残高を知りたい
今の残高はどれくらい
預金残高を教えてください
お金あといくらある
ドル預金の残高を見せて
貯金はいくらありますか
給料日前だけど残高どのくらい？
口座残高の確認をお願いします
使えるお金はいくら残ってますか""",
    "recipient_lookup": """振込先に誰が登録されているか教えて
登録済みの送金先を見せて
山本さんは振込先に入ってる？
保存している受取人の一覧
振込先リストを確認したい
よく送る相手の一覧を見せて
受取人として誰を登録してたっけ
振込先の登録状況を教えて""",
}
# Added after the first training run (more scheduled-payment phrasings), same split rule.
more = {
    "qna": """キャッシュカードを一時的に使えなくするにはどうすればいいですか
クレジットカードの利用を止める方法を教えて
カードのロックはアプリからできますか
ロックしたカードを元に戻すにはどうしたらいい？
振込を取り消すにはどうすればいいですか
送金の仕方がわからないので教えてください
電気代をカードで払う方法は？
公共料金の支払い方法を知りたい
振込先を登録するにはどうすればいい
残高はどこで確認できますか
取引履歴は何か月前まで見られますか
海外からでも送金できますか
how do i freeze my card from the app
what's the way to stop a card payment""",
    "out_of_scope": """cancel my hotel booking for the weekend
call off tomorrow's team meeting
cancel the delivery that's coming on friday
stop my alarm for tomorrow morning
cancel my flight next week
delete the reminder for next monday
unsubscribe me from the newsletter
postpone the dinner with my parents to next week
what's planned for the weekend
list my upcoming appointments
来週のホテルの予約を取り消して
明日の会議をキャンセルして
飲み会の予定をなしにして
来月のフライトをキャンセルしたい
明日のアラームを止めて
週末のレストランの予約をやめて
配達の予定を変更して
来週の美容院の予約を教えて
明後日のライブのチケットをキャンセルして
メルマガの配信を止めて
今後の予定を教えて
歯医者の予約を来週にずらして
明日の打ち合わせを中止にして""",
    "scheduled_payments": """what do i have going out later this month
show me everything that's scheduled
which payments are queued
do i have any upcoming bill payments
list the transfers planned for next month
what's set up to be paid on the first
when is my next scheduled transfer
give me a list of my future payments
any transfers scheduled for the weekend
what recurring payments are coming up
show me what i've scheduled to send
what's due to go out of checking next week
tell me which payments are still pending to go out
are any payments scheduled for today
what transfers are on the calendar
来月の振込予定を一覧にして
予約中の支払いは何件ありますか
今週出ていく予定の振込を教えて
予約した振込の日付を確認したい
次の振込予定はいつ？
明日引き落とされるものはある？
予定されている支払いを全部見たい
これから予定している送金を確認させて
予約送金の一覧を出して
週末に予定されている振込はありますか
来週払う予定のものを教えてください
予約している振込先と金額を見せて
予定の支払いを教えて
今月末の支払い予定は？""",
    "cancel_scheduled": """cancel next week's payment to the phone company
i don't want the scheduled transfer to go out anymore, cancel it
stop the transfer planned for the 20th
cancel my upcoming rent payment
please cancel the scheduled wire to my sister
call off friday's transfer to tom
delete the future payment to the water company
cancel every payment i scheduled for next month
stop my next scheduled bill payment
cancel the payment that's set for the end of the month
scrap tomorrow's transfer to my landlord
i need to cancel a scheduled transfer to james
remove my upcoming payment to the internet provider
cancel the queued transfer
cancel the pending scheduled payment to lisa
来週の振込予約を取り消して
予約した家賃の支払いをやめて
明日の送金をキャンセルして
金曜日に予約した振込を中止して
予定していた姉への送金をやめたい
月末予定の支払いを取り消してください
予約中の送金をキャンセルしたいです
来月の振込予定を止めてほしい
予約した水道代の支払いを取り消して
田中さんへの明日の振込をやめて
予約していた振込をなしにしてください
週明けの送金予約を取り消して
予約済みの振込を全部キャンセルして
明日予定の引き落としを止めて""",
    "transfer_money": """schedule a transfer of 100 dollars to sam for friday
set up a payment of 50 dollars to lisa next week
来週の金曜日に佐々木さんへ1万円振り込む予約をして
明日、母に5000円送金しておいて""",
}
for k, v in more.items():
    rows[k] = (rows.get(k, "") + "\n" + v).strip()
write_round(rows, "round3")
