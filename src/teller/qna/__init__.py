"""Open questions: knowledge base (kb), retrieval (retrieve, tokenize), grounded streamed answers (answer).

Entry point: `teller.qna.answer.build_answerer(settings.llm).stream(question)`; see docs/qna.md.
"""
