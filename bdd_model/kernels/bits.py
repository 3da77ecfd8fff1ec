"""Bit counting for the compiled kernels: one machine instruction where the CPU has it."""

from __future__ import annotations

from numba import types
from numba.extending import intrinsic


@intrinsic
def popcount(typingctx, word):  # pragma: no cover - compiled
    """The number of bits set in a uint64 (LLVM's ctpop)."""

    def codegen(context, builder, signature, args):
        function = builder.module.declare_intrinsic("llvm.ctpop", [args[0].type])
        return builder.call(function, [args[0]])

    return types.uint64(types.uint64), codegen
