"""Policy: limits, funds, ownership and the confirm/execute/reject choice."""
