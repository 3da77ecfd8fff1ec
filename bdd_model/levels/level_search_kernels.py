"""The levels' exact search and their diagrams' frontier walk as one package of the kernel loader:
``level_kernels`` and ``frontier_kernels`` compiled by numba, and their Python twins while they compile."""

from __future__ import annotations

from types import ModuleType

from bdd_model.kernels.loader import KernelPackage, Kernels, register, shared

LEVEL_PACKAGE = register(
    KernelPackage(
        name="levels",
        declared_in=__name__,
        roles=("search", "diagram"),
        compiled=("bdd_model.levels.level_kernels", "bdd_model.levels.diagram.frontier_kernels"),
        fallbacks=("bdd_model.levels.level_python", "bdd_model.levels.diagram.frontier_python"),
        sources=(
            "bdd_model.kernels.bits",
            "bdd_model.levels.level_kernels",
            "bdd_model.levels.diagram.frontier_kernels",
        ),
        compiling="compiling the levels' search, once for this computer (about 15 s)…",
    )
)


class LevelKernels(Kernels):
    """The levels' search kernels in use now: compiled when ready, Python until then."""

    package = LEVEL_PACKAGE

    @property
    def search(self) -> ModuleType:
        """``level_kernels`` or ``level_python``."""
        return self.module("search")

    @property
    def diagram(self) -> ModuleType:
        """``frontier_kernels`` or ``frontier_python``."""
        return self.module("diagram")


def level_kernels() -> LevelKernels:
    """The process's level kernels (one choice, one background compile per process)."""
    return shared(LevelKernels)
