"""The back end of the N-Queens configurator: rules → BDD (dd) → frozen row layers → answers.

No Qt here: the package is usable and testable alone.
"""

from bdd_model.board import (
    Cell,
    CellState,
    board_text,
    cells_one_based,
    check_cell,
    parse_cell,
    queens_text,
)
from bdd_model.cache.store import cache_dir, cache_path, load_cached, load_or_compile
from bdd_model.decisions import Decision, DecisionKind
from bdd_model.diagram.backends import BACKEND_CHOICES, BACKENDS, resolve_backend
from bdd_model.diagram.configurator import Configurator
from bdd_model.diagram.constructions import CONSTRUCTIONS
from bdd_model.diagram.space import MAX_N, SolutionSpace, SpaceInfo, check_size
from bdd_model.errors import (
    BoardSizeError,
    CacheError,
    CellError,
    CompileCancelled,
    DecisionError,
    NQueensError,
    QueryCancelled,
)
from bdd_model.progress import CancelToken, Progress
from bdd_model.wording import and_list, plural

__all__ = [
    "BACKENDS",
    "BACKEND_CHOICES",
    "CONSTRUCTIONS",
    "MAX_N",
    "BoardSizeError",
    "CacheError",
    "CancelToken",
    "Cell",
    "CellError",
    "CellState",
    "CompileCancelled",
    "Configurator",
    "Decision",
    "DecisionError",
    "DecisionKind",
    "NQueensError",
    "Progress",
    "QueryCancelled",
    "SolutionSpace",
    "SpaceInfo",
    "and_list",
    "board_text",
    "cache_dir",
    "cache_path",
    "cells_one_based",
    "check_cell",
    "check_size",
    "load_cached",
    "load_or_compile",
    "parse_cell",
    "plural",
    "queens_text",
    "resolve_backend",
]
