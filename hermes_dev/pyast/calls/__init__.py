"""Following calls: the one interprocedural driver and its transfers (escaping exceptions,
non-JSON returns, failure reports without an error key), on the semantic model and the
intraprocedural analyses.
"""
