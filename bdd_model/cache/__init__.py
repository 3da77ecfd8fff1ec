"""The cache of compiled diagrams: where they live, how they are stored, and how a damaged one is told
apart."""
