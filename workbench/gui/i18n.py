"""The UI language: English source strings, Simplified Chinese (the default) from a .qm file.

`.ts` sources live next to this file and `make translations` builds the `.qm` files that
are loaded here. A missing `.qm` leaves the UI in English and says so in the log.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import ClassVar

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

log = logging.getLogger(__name__)

I18N_DIR = Path(__file__).resolve().parent / "i18n"
SOURCE_LANGUAGE = "en"


class Language:
    """Installs and swaps the translators of the running application."""

    # Translators belong to the application, not to one window: every Language shares them.
    _translators: ClassVar[list[QTranslator]] = []

    def __init__(self) -> None:
        self.current = SOURCE_LANGUAGE

    def apply(self, language: str) -> bool:
        """Switch to `language`; Qt sends LanguageChange so open widgets retranslate."""
        app = QCoreApplication.instance()
        assert app is not None, "a QApplication must exist before a language is applied"
        for translator in Language._translators:
            app.removeTranslator(translator)
        Language._translators.clear()
        self.current = language
        if language == SOURCE_LANGUAGE:
            return True
        ours = QTranslator(app)
        if not ours.load(str(I18N_DIR / f"workbench_{language}.qm")):
            log.warning(
                "no translation built for %s in %s (run `make translations`)", language, I18N_DIR
            )
            self.current = SOURCE_LANGUAGE
            return False
        app.installTranslator(ours)
        self._translators.append(ours)
        # Qt's own strings (standard buttons, context menus, the file dialog's "Look in")
        # from the Qt installation, else from the copy PySide6 ships in its package (a Qt
        # whose configured path is elsewhere, as in a bundle, would leave them in English).
        qt_base = QTranslator(app)
        if any(qt_base.load(QLocale(language), "qtbase", "_", str(d)) for d in qt_dirs()):
            app.installTranslator(qt_base)
            self._translators.append(qt_base)
        else:
            log.warning("no qtbase translation for %s in %s", language, qt_dirs())
        return True

    @staticmethod
    def in_source_language() -> bool:
        """Whether the UI shows the source strings (English): no translation installed."""
        return not Language._translators


def qt_dirs() -> list[Path]:
    """Where Qt's own translations may be: the Qt installation's folder, then PySide6's."""
    import PySide6

    configured = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
    shipped = Path(PySide6.__file__).resolve().parent / "Qt" / "translations"
    return list(dict.fromkeys([configured, shipped]))


def qm_path(language: str) -> Path:
    """Where the compiled translation for `language` is expected."""
    return I18N_DIR / f"workbench_{language}.qm"
