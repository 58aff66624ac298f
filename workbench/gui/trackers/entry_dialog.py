"""The new-entry form: next free ID, 埋设 = the current chapter, 内容 from the editor's
selection when it came from 记为伏笔."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from workbench.trackers.columns import Status

MAX_CHAPTER = 100_000
TIERS = ("核心", "支线", "装饰")


class EntryDialog(QDialog):
    """Collects one foreshadowing entry; `values()` is keyed by tracker field."""

    def __init__(
        self,
        entry_id: str,
        chapter: int,
        content: str = "",
        characters: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("foreshadowingEntryDialog")
        self.setWindowTitle(self.tr("New foreshadowing entry"))
        self.id_edit = QLineEdit(entry_id, self)
        # A table cell holds one line: a multi-line selection becomes one line of text.
        self.content_edit = QLineEdit(" ".join(content.split()), self)
        self.content_edit.setMinimumWidth(420)
        self.planted_spin = self._chapter_spin(chapter)
        self.payoff_spin = self._chapter_spin(0)
        self.payoff_spin.setSpecialValueText(self.tr("not planned"))
        self.tier_combo = QComboBox(self)
        self.tier_combo.setEditable(True)
        self.tier_combo.addItems(TIERS)
        self.tier_combo.setCurrentText(TIERS[1])
        self.characters_edit = QLineEdit(characters, self)
        self.characters_edit.setPlaceholderText(self.tr("names separated by commas"))
        self.keywords_edit = QLineEdit(self)
        self.keywords_edit.setPlaceholderText(self.tr("words the text will use, by commas"))
        form = QFormLayout(self)
        form.addRow(self.tr("ID"), self.id_edit)
        form.addRow(self.tr("Content"), self.content_edit)
        form.addRow(self.tr("Planted in chapter"), self.planted_spin)
        form.addRow(self.tr("Planned payoff"), self.payoff_spin)
        form.addRow(self.tr("Importance"), self.tier_combo)
        form.addRow(self.tr("Characters"), self.characters_edit)
        form.addRow(self.tr("Keywords"), self.keywords_edit)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.content_edit.setFocus()

    def _chapter_spin(self, value: int) -> QSpinBox:
        spin = QSpinBox(self)
        spin.setRange(0, MAX_CHAPTER)
        spin.setValue(value)
        return spin

    def values(self) -> dict[str, str]:
        """The entry as cell values; empty fields are left out (the cell stays empty)."""
        values = {
            "id": self.id_edit.text().strip(),
            "content": self.content_edit.text().strip(),
            "planted": str(self.planted_spin.value()) if self.planted_spin.value() else "",
            "payoff": str(self.payoff_spin.value()) if self.payoff_spin.value() else "",
            "status": str(Status.OPEN),
            "tier": self.tier_combo.currentText().strip(),
            "characters": self.characters_edit.text().strip(),
            "keywords": self.keywords_edit.text().strip(),
        }
        return {field: value for field, value in values.items() if value}
