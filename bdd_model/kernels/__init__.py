"""Compiled kernels: one loader that each engine's numba code registers into, compiled once per
computer and per package, with uncompiled twins answering until then."""
