"""Workbench: a writing workbench for long serialised Chinese web novels."""

__version__ = "0.1.0"
