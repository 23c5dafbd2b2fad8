"""names."""
