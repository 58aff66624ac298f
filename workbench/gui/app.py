"""Starting the desktop app."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication, QLabel, QMainWindow


def run_app(directory: str | None) -> int:
    """Show the main window (on a project folder, if given) and run the event loop."""
    app = QApplication.instance() or QApplication(sys.argv)
    window = QMainWindow()
    window.setWindowTitle("Workbench")
    window.setCentralWidget(QLabel(directory or "Workbench"))
    window.show()
    return app.exec()
