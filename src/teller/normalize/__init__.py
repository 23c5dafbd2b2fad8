"""normalize."""
