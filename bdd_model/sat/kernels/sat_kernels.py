"""The SAT engine's compiled kernels as one package of the loader: the complete search, local search and the
estimator, compiled with each rule family's geometry as constants."""

from __future__ import annotations

from types import ModuleType

from bdd_model.families import family, names
from bdd_model.kernels.loader import KernelPackage, Kernels, register, shared
from bdd_model.sat.kernels import geometry


def _each_family(modules: dict[str, ModuleType]) -> None:
    """Compile the witness and estimate kernels of every registered rule family (about 10 s
    each, once per computer)."""
    for name in names():
        shape = geometry.key(family(name))
        for role in ("witness", "estimate"):
            modules[role].for_family(shape)


SAT_PACKAGE = register(
    KernelPackage(
        name="sat",
        declared_in=__name__,
        roles=("completion", "witness", "estimate"),
        compiled=(
            "bdd_model.sat.kernels.completion_kernels",
            "bdd_model.sat.kernels.witness_kernels",
            "bdd_model.sat.kernels.estimate_kernels",
        ),
        fallbacks=(
            "bdd_model.sat.kernels.completion_python",
            "bdd_model.sat.kernels.witness_numpy",
            "bdd_model.sat.kernels.estimate_numpy",
        ),
        sources=(
            "bdd_model.kernels.bits",
            "bdd_model.sat.kernels.completion",
            "bdd_model.sat.kernels.geometry",
            "bdd_model.sat.kernels.completion_kernels",
            "bdd_model.sat.kernels.witness_kernels",
            "bdd_model.sat.kernels.estimate_kernels",
        ),
        compiling="compiling the SAT engine's kernels, once for this computer (about 15 s, and about "
        "20 s more the first time each rule family is played)…",
        compile_more=_each_family,
    )
)


class SatKernels(Kernels):
    """The SAT engine's kernels in use now: compiled when ready, numpy and Python until then."""

    package = SAT_PACKAGE

    @property
    def completion(self) -> ModuleType:
        """``completion_kernels`` or ``completion_python``."""
        return self.module("completion")

    @property
    def witness(self) -> ModuleType:
        """``witness_kernels`` or ``witness_numpy``."""
        return self.module("witness")

    @property
    def estimate(self) -> ModuleType:
        """``estimate_kernels`` or ``estimate_numpy``."""
        return self.module("estimate")


def sat_kernels() -> SatKernels:
    """The process's SAT kernels (one choice, one background compile per process)."""
    return shared(SatKernels)
