"""The toolbar's buttons follow their actions, and a long session leaves each action with the
connections it started with (Qt's own toolbar buttons add one per change of their action)."""

from __future__ import annotations

from PySide6.QtCore import SIGNAL, Qt

from app.gui.window.main_window import MainWindow
from tests.gui_helpers import click, toolbar_button


def test_buttons_show_their_actions_text_tips_and_state(qtbot, window: MainWindow) -> None:
    undo = window.commands.undo
    button = toolbar_button(window, undo)
    assert not button.isEnabled() and button.text() == "Undo"
    click(qtbot, window, 0, 2)
    assert button.isEnabled() and button.toolTip() == undo.toolTip()
    assert "Take back: Queen on" in button.toolTip()
    assert button.statusTip() == undo.statusTip()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert window.session.configurator.decisions == ()
    assert not button.isEnabled()


def test_the_heat_button_toggles_the_heat_map_once_a_click(qtbot, window: MainWindow) -> None:
    heat = window.commands.heat
    button = toolbar_button(window, heat)
    assert button.isCheckable() and not button.isChecked()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert heat.isChecked() and button.isChecked()
    heat.trigger()
    assert not heat.isChecked() and not button.isChecked()


def test_a_hidden_action_hides_its_button(qtbot, window: MainWindow) -> None:
    check, button = window.commands.check, toolbar_button(window, window.commands.check)
    window.show()
    check.setVisible(False)
    qtbot.waitUntil(lambda: not button.isVisible())
    check.setVisible(True)
    qtbot.waitUntil(button.isVisible)


def test_many_changes_leave_each_action_with_its_first_connections(qtbot, window: MainWindow) -> None:
    actions = [window.commands.undo, window.commands.redo, window.commands.hint, window.commands.restart]
    before = [action.receivers(SIGNAL("changed()")) for action in actions]
    for _ in range(20):
        click(qtbot, window, 0, 2)
        click(qtbot, window, 0, 2)
    assert [action.receivers(SIGNAL("changed()")) for action in actions] == before
