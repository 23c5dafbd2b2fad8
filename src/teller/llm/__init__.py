"""The LLM path: schema-constrained extraction for ambiguous turns, and text streaming for QnA."""
