"""Questions about one function at a time (evaluation, flow, constants, exceptions, JSON-ness,
the reads of the model's arguments that raise), on the semantic model. What a call of project
code does is asked of the caller (`calls`).
"""
