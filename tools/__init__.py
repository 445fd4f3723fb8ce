"""Tool modules of the hermes-dev reference host (a small Hermes-compatible project)."""
