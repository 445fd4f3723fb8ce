"""Following calls: the one interprocedural driver and its transfers (escaping exceptions,
non-JSON returns), on the semantic model and the intraprocedural analyses.
"""
