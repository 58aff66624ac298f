"""Typed errors the engine raises; the CLI and the GUI turn them into messages."""

from __future__ import annotations

from pathlib import Path

from workbench.reasons import Reason


class WorkbenchError(Exception):
    """Base class for every error Workbench reports to the author."""

    @property
    def message(self) -> str:
        """What the error says: the Reason it was raised with (a UI says it in its own
        language by the code), else its text."""
        said = self.args[0] if len(self.args) == 1 else None
        return said if isinstance(said, Reason) else str(self)


class FileProblem(WorkbenchError):
    """Something is wrong with one file; the message names it."""

    def __init__(self, path: Path | str, problem: str) -> None:
        self.path = Path(path)
        self.problem = problem
        super().__init__(f"{self.path}: {problem}")


class DecodeProblem(FileProblem):
    """A file's bytes decode in none of the supported encodings."""

    def __init__(self, path: Path | str, offset: int, detail: str) -> None:
        self.offset = offset
        super().__init__(path, f"cannot decode byte at offset {offset} ({detail})")


class LayoutProblem(WorkbenchError):
    """A folder is not a novel project in any layout Workbench knows."""


class ChangedOnDisk(FileProblem):
    """A file changed on disk between its read and the write based on that read: the write
    is refused and the file left as the other writer made it."""
