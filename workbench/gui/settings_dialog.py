"""The settings dialog: edits a copy of the user's Settings; the caller saves and applies it."""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFontComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from workbench.backends import BACKEND_NAMES, BACKENDS, ENDPOINT, OFFLINE
from workbench.gui.book.goal_box import goal_spin
from workbench.gui.fonts import available_cjk_family
from workbench.gui.profile_box import ProfileBox
from workbench.models import ModelProfile
from workbench.secret_text import SecretStr
from workbench.settings import Settings, settings_path

LANGUAGE_NAMES = {"zh_CN": "简体中文", "en": "English"}


class SettingsDialog(QDialog):
    """Model profile, endpoint, summary backend, editor font, UI language, and the open
    book's daily goal (`daily_goal`: None when no book is open; it is the book's, written
    into its workbench.toml by the caller, not a user setting)."""

    def __init__(
        self, settings: Settings, parent: QWidget | None = None, daily_goal: int | None = None
    ) -> None:
        super().__init__(parent)
        self._original = settings
        self.setWindowTitle(self.tr("Settings"))
        self.setMinimumWidth(560)

        self.profile_box = ProfileBox(settings, self)
        self.base_url = QLineEdit(settings.llm.base_url, self)
        self.model = QLineEdit(settings.llm.model, self)
        self._show_endpoint_defaults(self.profile_box.selected())
        self.profile_box.profileChanged.connect(self._follow_profile)
        self.api_key = QLineEdit(settings.llm.api_key.get_secret_value(), self)
        self.api_key.setEchoMode(QLineEdit.EchoMode.Password)
        key_note = QLabel(
            self.tr(
                "Stored only in your user settings file (%1), never in a project folder."
            ).replace("%1", str(settings_path())),
            self,
        )
        key_note.setWordWrap(True)
        key_note.setStyleSheet("color: #666;")
        model_box = QGroupBox(self.tr("Model endpoint (OpenAI-compatible)"), self)
        model_form = QFormLayout(model_box)
        model_form.addRow(self.tr("Base URL"), self.base_url)
        model_form.addRow(self.tr("Model"), self.model)
        model_form.addRow(self.tr("API key"), self.api_key)
        model_form.addRow(key_note)

        self.backend = QComboBox(self)
        backend_labels = {
            OFFLINE: self.tr("Offline (extractive draft, no network)"),
            ENDPOINT: self.tr("Model endpoint above"),
        }
        for backend in BACKENDS:
            self.backend.addItem(backend_labels[backend], backend.name)
        self.backend.setCurrentIndex(BACKEND_NAMES.index(settings.summary_backend))
        feed_box = QGroupBox(self.tr("Summaries"), self)
        feed_form = QFormLayout(feed_box)
        feed_form.addRow(self.tr("Summary backend"), self.backend)
        self.upkeep_on_save = QCheckBox(
            self.tr("Propose tracker and cast updates with each rolling summary"), self
        )
        self.upkeep_on_save.setObjectName("upkeepOnSave")
        self.upkeep_on_save.setChecked(settings.upkeep_on_save)
        feed_form.addRow("", self.upkeep_on_save)

        self.font_family = QFontComboBox(self)
        family = settings.editor_font_family or available_cjk_family() or ""
        if family:
            self.font_family.setCurrentFont(QFont(family))
        self.font_size = QSpinBox(self)
        self.font_size.setRange(6, 72)
        self.font_size.setValue(settings.editor_font_size)
        font_row = QHBoxLayout()
        font_row.addWidget(self.font_family, 1)
        font_row.addWidget(self.font_size)
        self.language = QComboBox(self)
        self.language.setObjectName("uiLanguage")
        for code, name in LANGUAGE_NAMES.items():
            self.language.addItem(name, code)
        self.language.setCurrentIndex(self.language.findData(settings.ui_language))
        ui_box = QGroupBox(self.tr("Editor and interface"), self)
        ui_form = QFormLayout(ui_box)
        ui_form.addRow(self.tr("Editor font"), font_row)
        ui_form.addRow(self.tr("Interface language"), self.language)
        self.daily_goal = goal_spin(self)
        self.daily_goal.setObjectName("dailyGoal")
        self.daily_goal.setSuffix(self.tr(" zi"))
        self.daily_goal.setSpecialValueText(self.tr("none"))
        self.daily_goal.setValue(daily_goal or 0)
        self.daily_goal.setEnabled(daily_goal is not None)
        self.daily_goal.setToolTip(
            self.tr("This book's goal, kept in its workbench.toml")
            if daily_goal is not None
            else self.tr("Open a book to set its daily goal")
        )
        ui_form.addRow(self.tr("Daily goal (this book)"), self.daily_goal)

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        _align_labels(self.profile_box.form, model_form, feed_form, ui_form)
        layout = QVBoxLayout(self)
        layout.addWidget(self.profile_box)
        layout.addWidget(model_box)
        layout.addWidget(feed_box)
        layout.addWidget(ui_box)
        layout.addWidget(buttons)

    def _show_endpoint_defaults(self, profile: ModelProfile) -> None:
        self.base_url.setPlaceholderText(profile.base_url or "http://localhost:8080/v1")
        self.model.setPlaceholderText(profile.model or self.tr("the served model's name"))

    def _follow_profile(self, previous: ModelProfile, profile: ModelProfile) -> None:
        """A new profile brings its endpoint, unless the author typed one of their own."""
        for field, old, new in (
            (self.base_url, previous.base_url, profile.base_url),
            (self.model, previous.model, profile.model),
        ):
            if field.text().strip() in ("", old):
                field.setText(new)
        self._show_endpoint_defaults(profile)

    def edited_settings(self) -> Settings:
        """The settings as edited; everything the dialog does not show is kept as it was."""
        llm = self._original.llm.model_copy(
            update={
                "base_url": self.base_url.text().strip(),
                "model": self.model.text().strip(),
                "api_key": SecretStr(self.api_key.text().strip()),
            }
        )
        profile, profiles = self.profile_box.edited()
        return self._original.model_copy(
            update={
                "llm": llm,
                "model_profile": profile,
                "profiles": profiles,
                "summary_backend": self.backend.currentData(),
                "upkeep_on_save": self.upkeep_on_save.isChecked(),
                "editor_font_family": self.font_family.currentFont().family(),
                "editor_font_size": self.font_size.value(),
                "ui_language": self.language.currentData(),
            }
        )


def _align_labels(*forms: QFormLayout) -> None:
    """Give the label columns of several forms one width, so the fields line up."""
    labels = [
        item.widget()
        for form in forms
        for row in range(form.rowCount())
        if (item := form.itemAt(row, QFormLayout.ItemRole.LabelRole)) and item.widget()
    ]
    width = max((label.sizeHint().width() for label in labels), default=0)
    for label in labels:
        label.setMinimumWidth(width)
