"""Qt's own file-dialog labels that the qtbase_zh_CN.qm shipped with PySide6 lacks: Qt gave
them keyboard mnemonics after that translation was made, so "Look in" and "Files of type"
read English in the Chinese UI. Named here so lupdate keeps their Chinese in our .ts; our
translator, installed beside Qt's, supplies them."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

FILE_DIALOG_WORDS = (
    QT_TRANSLATE_NOOP("QFileDialog", "&Look in:"),
    QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:"),
)
