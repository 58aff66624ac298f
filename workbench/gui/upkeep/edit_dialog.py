"""Edit-then-accept: the proposal's fields as one line each, prefilled with what the
backend proposed; OK accepts the edited proposal."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QWidget

from workbench.gui.upkeep.model import kind_label
from workbench.upkeep.proposals import Kind, Proposal

# The fields an author edits per kind (the rest are the backend's bookkeeping).
EDITABLE = {
    Kind.CHARACTER: ("name",),
    Kind.ALIAS: ("character", "alias"),
    Kind.RELATIONSHIP: ("a", "b", "relation", "change", "note"),
    Kind.PLANTED: ("content", "payoff", "tier", "characters", "keywords"),
    Kind.PAID: ("entry",),
    Kind.SIGHTING: ("entry",),
    Kind.STATE: ("character", "field", "value"),
}
LIST_FIELDS = ("characters", "keywords")


class ProposalEditDialog(QDialog):
    """One proposal's fields to edit; `edited()` is the proposal with the new values."""

    def __init__(self, proposal: Proposal, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("upkeepEditDialog")
        self.setWindowTitle(
            self.tr("Edit, then accept: %1").replace("%1", kind_label(proposal.kind))
        )
        self.proposal = proposal
        self.edits: dict[str, QLineEdit] = {}
        form = QFormLayout(self)
        evidence = QLabel(f"第{proposal.chapter}章：「{proposal.evidence}」", self)
        evidence.setWordWrap(True)
        evidence.setMaximumWidth(520)
        form.addRow(evidence)
        for name in EDITABLE[proposal.kind]:
            value = proposal.fields.get(name)
            if name in LIST_FIELDS and isinstance(value, list):
                value = ", ".join(map(str, value))
            edit = QLineEdit("" if value is None else str(value), self)
            edit.setObjectName(f"upkeepEdit_{name}")
            edit.setMinimumWidth(360)
            self.edits[name] = edit
            form.addRow(name, edit)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def edited(self) -> Proposal:
        """The proposal with the fields as typed (numbers stay numbers, lists stay lists)."""
        values: dict[str, object] = {}
        for name, edit in self.edits.items():
            text = " ".join(edit.text().split())
            if name in LIST_FIELDS:
                values[name] = [p.strip() for p in text.replace("，", ",").split(",") if p.strip()]
            elif name == "payoff":
                values[name] = int(text) if text.isdigit() else None
            else:
                values[name] = text
        return self.proposal.with_fields(**values)
