"""The QnA prompt: a fixed system message first, retrieved articles and the question after.

The system message never changes between requests or languages, so a server with prefix caching
(vLLM, SGLang, llama.cpp's slot cache) keeps its KV entries warm and only the articles and the
question are prefilled per request; that is most of the time to first token on a small model.
"""

from __future__ import annotations

from collections.abc import Sequence

from teller.llm.protocol import Message
from teller.qna.retrieve import Hit

SYSTEM_PROMPT = """\
You are Teller, the voice assistant of Teller Bank. You answer customers' questions about \
Teller Bank using only the help articles given in the user's message.

Rules:
- Answer in the language of the question (English or Japanese), in one to three short sentences \
that sound natural when spoken aloud. No lists, no Markdown. Do not copy whole articles.
- Use the figures, times and phone numbers exactly as the articles give them.
- End every sentence with the id of the article it comes from, in square brackets. Cite only ids \
of the articles given; never make up an id.
- If the articles do not answer the question, say that you don't have that information and \
offer to connect the customer with a person. Do not guess and do not use outside knowledge.
- Never ask for a PIN, passcode or one-time code.

Example: if the article [kb-example-fees] says "Sending a letter costs ¥100 and arrives in 2 days", \
the question "how much is a letter?" is answered "Sending a letter costs ¥100 [kb-example-fees]." \
and the question 「手紙はいくら？」 is answered 「手紙は100円です[kb-example-fees]。」"""

# Spoken when retrieval finds nothing relevant; the model is not called, so nothing is invented.
REFUSAL = {
    "en": (
        "I'm sorry, I couldn't find anything about that in Teller Bank's help articles, so I'd "
        "rather not guess. Would you like me to connect you with a person?"
    ),
    "ja": (
        "申し訳ありません。テラー銀行のご案内には、そのご質問にお答えできる情報が見つかりませんでした。"
        "担当者におつなぎしましょうか？"
    ),
}

_QUESTION_LABEL = {"en": "Customer's question", "ja": "お客さまのご質問"}


def format_context(hits: Sequence[Hit]) -> str:
    """The articles as the model sees them: id and title on one line, then the body."""
    blocks = [f"[{h.article.id}] {h.article.title}\n{h.article.body}" for h in hits]
    return "\n\n".join(blocks)


def build_messages(question: str, hits: Sequence[Hit], *, language: str) -> list[Message]:
    """System rules, then the articles, then the question last (closest to the answer)."""
    user = (
        f"Help articles:\n\n{format_context(hits)}\n\n"
        f"{_QUESTION_LABEL.get(language, _QUESTION_LABEL['en'])}: {question.strip()}"
    )
    return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": user}]
