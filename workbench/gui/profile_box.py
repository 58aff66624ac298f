"""The settings dialog's model profile group: pick a profile, edit its window and reserve (and,
for a local server, its tokenizer), whether its model thinks, and its prices per million tokens
(input on a cache hit, input on a miss, output; a local server has none). Edits become
`Settings.profiles` entries that hold only what differs from the built-in profile."""

from __future__ import annotations

from dataclasses import fields, replace

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from workbench.errors import FileProblem
from workbench.models import BUILTIN_PROFILES, DEFAULT_PROFILE, TOKENIZERS, ModelProfile
from workbench.models.profiles import changed_profile
from workbench.settings import ProfileSettings, Settings

MAX_WINDOW = 10_000_000
MAX_PRICE = 10_000.0  # per million tokens, in any currency
NOT_SET = -1.0  # a price box at its minimum shows "not set": no cost is computed
CURRENCIES = ("USD", "CNY")
PRICES = ("price_input_hit", "price_input_miss", "price_output")
# What a settings entry can change in a profile.
PROFILE_SETTINGS = tuple(field.name for field in fields(ProfileSettings))


class ProfileBox(QGroupBox):
    """Profile picker with the chosen profile's tokenizer, context window and reply reserve."""

    # (previous profile, new profile): the dialog moves endpoint defaults along with it.
    profileChanged = Signal(object, object)

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Model profile"), parent)
        self._profiles: dict[str, ModelProfile] = dict(BUILTIN_PROFILES)
        # Entries of settings.json that make no valid profile: shown as a problem, kept as
        # they are when the settings are saved (nothing the author wrote is dropped).
        self._unusable: dict[str, ProfileSettings] = {}
        problems = []
        for name, changes in settings.profiles.items():
            try:
                self._profiles[name] = changed_profile(name, self._profiles.get(name), changes)
            except FileProblem as error:
                self._unusable[name] = changes
                problems.append(str(error))
        self._shown = ""

        self.profile = QComboBox(self)
        self.profile.setObjectName("modelProfile")
        for profile in self._profiles.values():
            self.profile.addItem(f"{profile.label}  ({profile.name})", profile.name)
        self.tokenizer = QComboBox(self)
        self.tokenizer.setObjectName("tokenizerCombo")
        for tokenizer in TOKENIZERS.values():
            self.tokenizer.addItem(f"{tokenizer.label}  ({tokenizer.package})", tokenizer.name)
        self.context_window = QSpinBox(self)
        self.context_window.setRange(1024, MAX_WINDOW)
        self.context_window.setSingleStep(1024)
        self.context_window.setGroupSeparatorShown(True)
        self.reply_reserve = QSpinBox(self)
        self.reply_reserve.setRange(0, MAX_WINDOW - 1)
        self.reply_reserve.setSingleStep(1024)
        self.reply_reserve.setGroupSeparatorShown(True)
        self.available = QLabel(self)
        self.thinks = QCheckBox(self.tr("streams its reasoning before the answer"), self)
        self.thinks.setObjectName("profileThinks")
        self.prices: dict[str, QDoubleSpinBox] = {}
        for name in PRICES:
            box = QDoubleSpinBox(self)
            box.setObjectName(name)
            box.setDecimals(4)
            box.setRange(NOT_SET, MAX_PRICE)
            box.setSingleStep(0.01)
            box.setSpecialValueText(self.tr("not set"))
            self.prices[name] = box
        self.currency = QComboBox(self)
        self.currency.setObjectName("priceCurrency")
        self.currency.setEditable(True)
        self.currency.addItems(CURRENCIES)
        price_row = QHBoxLayout()
        for name, label in (
            ("price_input_hit", self.tr("cache hit")),
            ("price_input_miss", self.tr("miss")),
            ("price_output", self.tr("output")),
        ):
            price_row.addWidget(QLabel(label, self))
            price_row.addWidget(self.prices[name], 1)
        price_row.addWidget(self.currency)
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #666;")
        # Room for the longest note, so switching profiles never clips it or jumps the layout
        # (a word-wrapped label in a form does not grow its dialog by itself).
        self.note.setMinimumHeight(self.note.fontMetrics().lineSpacing() * 3)
        self.note.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.problem = QLabel("\n".join(problems), self)
        self.problem.setObjectName("profileProblem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b00020;")
        self.problem.setVisible(bool(problems))

        self.form = QFormLayout(self)
        self.form.addRow(self.tr("Profile"), self.profile)
        self.form.addRow(self.tr("Tokenizer"), self.tokenizer)
        self.form.addRow(self.tr("Context window (tokens)"), self.context_window)
        self.form.addRow(self.tr("Reply reserve (tokens)"), self.reply_reserve)
        self.form.addRow(self.tr("Left for the feed"), self.available)
        self.form.addRow(self.tr("Thinking model"), self.thinks)
        self.form.addRow(self.tr("Prices per million tokens"), price_row)
        self.form.addRow(self.note)
        self.form.addRow(self.problem)

        self.profile.currentIndexChanged.connect(self._show_selected)
        self.context_window.valueChanged.connect(self._update_available)
        self.reply_reserve.valueChanged.connect(self._update_available)
        chosen = settings.model_profile or DEFAULT_PROFILE
        self.profile.setCurrentIndex(max(self.profile.findData(chosen), 0))
        self._show_selected()

    def selected(self) -> ModelProfile:
        """The selected profile as edited so far."""
        self._keep_edits()
        return self._profiles[self.profile.currentData()]

    def _keep_edits(self) -> None:
        if not self._shown:
            return
        shown = self._profiles[self._shown]
        window = self.context_window.value()
        edits = {
            "context_window": window,
            "reply_reserve": min(self.reply_reserve.value(), window - 1),
        }
        if shown.local or not shown.builtin:
            edits["tokenizer"] = self.tokenizer.currentData()
        edits["thinks"] = self.thinks.isChecked()
        if not shown.local:
            for name, box in self.prices.items():
                edits[name] = None if box.value() <= NOT_SET else round(box.value(), 6)
            edits["currency"] = self.currency.currentText().strip().upper() or "USD"
        self._profiles[self._shown] = replace(shown, **edits)

    def _show_selected(self) -> None:
        previous = self._profiles.get(self._shown)
        self._keep_edits()
        profile = self._profiles[self.profile.currentData()]
        self._shown = profile.name
        self.tokenizer.setCurrentIndex(self.tokenizer.findData(profile.tokenizer))
        self.tokenizer.setEnabled(profile.local or not profile.builtin)
        self.context_window.setValue(profile.context_window)
        self.reply_reserve.setValue(profile.reply_reserve)
        self.thinks.setChecked(profile.thinks)
        for name, box in self.prices.items():
            price = getattr(profile, name)
            box.setValue(NOT_SET if price is None else price)
            box.setEnabled(not profile.local)
        self.currency.setCurrentText(profile.currency)
        self.currency.setEnabled(not profile.local)
        if profile.local:
            self.note.setText(
                self.tr(
                    "Set the window your server was started with (Ollama num_ctx, llama.cpp "
                    "--ctx-size, vLLM --max-model-len) and the tokenizer of the model it serves."
                )
            )
        else:
            self.note.setText(
                self.tr(
                    "Window and tokenizer as the provider documents them. Prices are yours to "
                    "set from the provider's pricing page; without them calls are counted, not "
                    "priced."
                )
            )
        self._update_available()
        if previous is not None and previous.name != profile.name:
            self.profileChanged.emit(previous, profile)

    def _update_available(self) -> None:
        left = self.context_window.value() - self.reply_reserve.value()
        if left > 0:
            self.available.setText(self.tr("%1 tokens").replace("%1", f"{left:,}"))
        else:
            self.available.setText(self.tr("nothing: reserve ≥ window"))

    def edited(self) -> tuple[str, dict[str, ProfileSettings]]:
        """(selected profile name, the `Settings.profiles` entries that hold the edits)."""
        selected = self.selected().name
        entries: dict[str, ProfileSettings] = dict(self._unusable)
        for name, profile in self._profiles.items():
            base = BUILTIN_PROFILES.get(name)
            if base is None:
                entries[name] = ProfileSettings(
                    **{key: getattr(profile, key) for key in PROFILE_SETTINGS}
                )
                continue
            changed = {
                key: getattr(profile, key)
                for key in PROFILE_SETTINGS
                if getattr(profile, key) != getattr(base, key)
            }
            if changed:
                entries[name] = ProfileSettings(**changed)
        return selected, entries
