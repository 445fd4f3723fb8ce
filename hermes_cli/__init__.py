"""The reference host's command-line package (only its config module is used)."""
