"""What an empty ledger or graph says: how to start, in the middle of the empty view (an
imported book's trackers have headers and no rows; a blank table taught nothing)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractScrollArea, QLabel


class EmptyHint(QObject):
    """A centred, word-wrapped label over `view`'s viewport, shown by `show_text`."""

    def __init__(self, view: QAbstractScrollArea, object_name: str) -> None:
        super().__init__(view)
        self.view = view
        self.label = QLabel(view.viewport())
        self.label.setObjectName(object_name)
        self.label.setWordWrap(True)
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.label.setStyleSheet("color: palette(placeholder-text); padding: 16px;")
        self.label.hide()
        view.viewport().installEventFilter(self)

    def show_text(self, text: str) -> None:
        """Show `text` ("" hides the hint)."""
        self.label.setText(text)
        self.label.setVisible(bool(text))
        self._fit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self._fit()
        return False

    def _fit(self) -> None:
        self.label.setGeometry(self.view.viewport().rect())
