"""The window icon: the shipped icon in every PNG size (and the SVG), as desktops ask for it."""

from __future__ import annotations

from workbench.gui.app import app_icon


def test_app_icon_loads_every_size(qapp):
    icon = app_icon()
    assert not icon.isNull()
    assert {size.width() for size in icon.availableSizes()} >= {16, 32, 48, 256, 512}
