"""Exceptions of the back end: each carries one sentence a user can act on."""


class NQueensError(Exception):
    """Base of every error the back end raises on purpose."""


class BoardSizeError(NQueensError, ValueError):
    """N is not a board size this program can compile."""


class CellError(NQueensError, ValueError):
    """A cell is malformed or off the board."""


class DecisionError(NQueensError):
    """A decision the current state cannot take (it would leave no solution, or is not there)."""


class CompileCancelled(NQueensError):
    """Compilation stopped because its cancel token was set."""


class QueryCancelled(NQueensError):
    """An engine query stopped because its cancel token was set (what it proved stays proven)."""


class CacheError(NQueensError):
    """A cache file is missing, corrupt or belongs to another board or backend."""


class CacheMissing(CacheError):
    """There is no cache file for that board and backend (nothing to warn about)."""


class DiagramShapeError(NQueensError):
    """A BDD is not one-queen-per-row shaped, so it cannot be frozen into row layers."""
