"""The packages to install: every package of ``app`` and ``bdd_model`` found on disk, and ``resources/``
as ``app.resources`` (pyproject.toml says where it is and which of its files go with it)."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["app", "app.*", "bdd_model", "bdd_model.*"]), "app.resources"])
