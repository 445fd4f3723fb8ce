"""The lint rules, one per module (`hdNNN_<name>.py`), found by walking this package."""
