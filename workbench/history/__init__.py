"""The history of the author's words: every text a write through Workbench replaced (and
every change by another program it noticed), kept under `.workbench/history/`."""
