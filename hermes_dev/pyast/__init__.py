"""Static analysis of Python code, Hermes-free, read with the stdlib `ast` (nothing is run).

Three floors, each importing only those below it:

- `semantic`: what the code is. The parse cache (`modules`), the one walker of the statements
  that run (`walker`), the one binding index (`bindings`), scopes as views over it (`scopes`),
  the objects of the model (`objects`), classes (`classes`) and the one resolver (`resolve`:
  what an expression may stand for, what a loop over it sees), positions (`locations`).
- `analyze`: questions about one function at a time: static evaluation (`evaluate`, `values`,
  `schema_fast`), whether control runs off a block (`flow`), constants and the branches they
  decide (`branches`), the exception hierarchy (`exceptions`), JSON-ness (`jsonness`).
- `calls`: the one interprocedural driver (`driver`: which defs a call runs, summaries memoised
  per def and per what the call binds) and its transfers: exceptions that escape (`escapes`)
  and returns that are not JSON strings (`returns`).
"""
