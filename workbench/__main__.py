"""`python -m workbench` is the `workbench` command (and the packaged app's entry point)."""

import sys

from workbench.cli.main import main

# Summaries run in a child process; in a frozen (PyInstaller) build that child re-enters here
# and must be handed to multiprocessing instead of starting a second app. Only a frozen build
# needs it: importing multiprocessing costs every one-shot command ≈ 10 ms.
if getattr(sys, "frozen", False):
    import multiprocessing

    multiprocessing.freeze_support()
sys.exit(main())
