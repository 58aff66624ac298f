"""文件 ▸ 设置: the dialog shown, and the settings it returns saved to the user folder and
applied to the window's parts (by the names the window gives them: this module cannot
import it) — the editor font, the summary queue, Prepare, the context panel's model
profile and the UI language."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMainWindow

from workbench.errors import WorkbenchError
from workbench.gui import prompts
from workbench.gui.fonts import editor_font
from workbench.settings import Settings, save_settings


def edit_settings(window: QMainWindow) -> None:
    """Show the settings dialog; on OK save and apply what it returns."""
    from workbench.gui.settings_dialog import SettingsDialog  # not for the first paint

    dialog = SettingsDialog(window.settings, window)
    accepted = dialog.exec() == SettingsDialog.DialogCode.Accepted
    edited = dialog.edited_settings() if accepted else None
    dialog.deleteLater()  # not one kept per opening, retranslated with the window
    if edited is not None:
        apply_settings(window, edited)


def apply_settings(window: QMainWindow, settings: Settings) -> bool:
    """Save `settings` (user config folder only) and apply font, language and backend;
    False (and the problem shown) when they cannot be saved."""
    try:
        save_settings(settings)
    except (OSError, WorkbenchError) as error:
        title = QCoreApplication.translate("MainWindow", "Cannot save settings")
        prompts.show_problem(window, title, str(error))
        return False
    window.settings = settings
    window.tabs.set_editor_font(editor_font(settings.editor_font_family, settings.editor_font_size))
    window.summaries.set_settings(settings)
    window.prepare.set_settings(settings)
    window.context_panel.rebuild_now()  # the model profile, its window and tokenizer may differ
    if settings.ui_language != window.language.current:
        window.language.apply(settings.ui_language)
    return True
