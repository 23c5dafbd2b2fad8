"""understand."""
