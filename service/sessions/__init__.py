"""Server-held games: the server keeps the full state, each seat holds a secret token.

``store`` is the promise every backend keeps; ``redis_store`` and ``memory_store``
keep it; ``tokens`` makes and checks the secrets; ``logic`` is what a session does;
the HTTP layer on top only translates.
"""
