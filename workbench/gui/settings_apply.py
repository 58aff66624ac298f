"""文件 ▸ 设置: the dialog shown, and the settings it returns saved to the user folder and
applied to the window's parts (by the names the window gives them: this module cannot
import it) — the editor font, the summary queue, Prepare, the context panel's model
profile and the UI language; the open book's daily goal written into its workbench.toml."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMainWindow

from workbench.errors import WorkbenchError
from workbench.gui import prompts
from workbench.gui.fonts import editor_font
from workbench.settings import Settings, save_settings
from workbench.stats import load_stats_config, set_daily_goal


def edit_settings(window: QMainWindow) -> None:
    """Show the settings dialog; on OK save and apply what it returns."""
    from workbench.gui.settings_dialog import SettingsDialog  # not for the first paint

    goal = book_goal(window)
    dialog = SettingsDialog(window.settings, window, goal)
    accepted = dialog.exec() == SettingsDialog.DialogCode.Accepted
    edited = dialog.edited_settings() if accepted else None
    chosen_goal = dialog.daily_goal.value()
    dialog.deleteLater()  # not one kept per opening, retranslated with the window
    if edited is not None:
        apply_settings(window, edited)
        if goal is not None and chosen_goal != goal:
            apply_goal(window, chosen_goal)


def book_goal(window: QMainWindow) -> int | None:
    """The open book's daily goal; None with no book, or a workbench.toml that cannot be
    read (the 全书 view names its problem)."""
    if window.project is None:
        return None
    try:
        return load_stats_config(window.project).daily_goal
    except WorkbenchError:
        return None


def apply_goal(window: QMainWindow, goal: int) -> None:
    """Write the book's new daily goal; the 全书 view, if built, shows it."""
    try:
        set_daily_goal(window.project, goal)
    except (OSError, WorkbenchError, ValueError) as error:
        title = QCoreApplication.translate("MainWindow", "Cannot save the daily goal")
        prompts.show_problem(window, title, str(error))
        return
    if window.book_dock.is_built():
        window.book_dock.panel().refresh()


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
