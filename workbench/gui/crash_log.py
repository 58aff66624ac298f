"""A native crash leaves a trace: faulthandler writes the fault and the Python stack of every
thread to a log in the user's Workbench folder, and the next start says so.

Each running app writes to `crash-logs/running-<pid>.log` (two Workbench windows never share
a file). A clean exit removes its file. At the next start a running file whose process is
gone is a run that ended without closing: with text in it (faulthandler wrote a fault), it is
kept as `crash-<date>-<pid>.log` and the author is told where it is; empty (killed, power
cut), it is removed, and the autosave recovery speaks for it as before."""

from __future__ import annotations

import datetime
import faulthandler
import logging
import os
import re
from pathlib import Path
from typing import TextIO

from workbench.settings_file import config_dir

log = logging.getLogger(__name__)

CRASH_DIR = "crash-logs"
RUNNING = re.compile(r"running-(\d+)\.log")


def crash_dir() -> Path:
    """Where crash logs are kept: beside the settings, in the user's Workbench folder."""
    return config_dir() / CRASH_DIR


def _alive(pid: int) -> bool:
    """Whether a process with this id is running (a pid reused since counts as running:
    its file is then looked at again at a later start)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class CrashLog:
    """faulthandler enabled on this run's log file while the app runs."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or crash_dir()
        self.path = self.folder / f"running-{os.getpid()}.log"
        self.previous: list[Path] = []
        self._file: TextIO | None = None

    def start(self) -> CrashLog:
        """Keep the logs of earlier runs that crashed (`previous`), then catch this run's
        faults. A folder that cannot be written is logged, never stops the app."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self.previous = self._collect_earlier_runs()
            self._file = open(self.path, "w", encoding="utf-8")  # noqa: SIM115 (held open)
        except OSError as error:
            log.warning("no crash log in %s: %s", self.folder, error)
            return self
        faulthandler.enable(self._file, all_threads=True)
        return self

    def stop(self) -> None:
        """A clean exit: stop catching faults and remove this run's (empty) log."""
        if self._file is None:
            return
        faulthandler.disable()
        self._file.close()
        self._file = None
        try:
            if self.path.stat().st_size == 0:
                self.path.unlink()
        except OSError as error:
            log.warning("crash log %s not removed: %s", self.path, error)

    def _collect_earlier_runs(self) -> list[Path]:
        crashed = []
        for candidate in sorted(self.folder.glob("running-*.log")):
            match = RUNNING.fullmatch(candidate.name)
            if match is None or _alive(int(match.group(1))):
                continue
            if candidate.stat().st_size == 0:
                candidate.unlink()
                continue
            when = datetime.datetime.fromtimestamp(candidate.stat().st_mtime)
            kept = self.folder / f"crash-{when:%Y%m%d-%H%M%S}-{match.group(1)}.log"
            candidate.rename(kept)
            crashed.append(kept)
        return crashed
