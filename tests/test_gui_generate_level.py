"""Game → New Level → Generate…: the choices within the generator's range, a level made in a child process
and opened with its difficulty shown, the same seed making the same level, and Cancel stopping it."""

from __future__ import annotations

from app.gui.levels.generate_dialog import GenerateDialog
from app.gui.window.main_window import MainWindow
from bdd_model.levels.making.generator import generate
from bdd_model.puzzles import LevelPuzzle


def _dialog(window: MainWindow) -> GenerateDialog:
    window.commands.generate.trigger()
    dialog = window.findChild(GenerateDialog)
    assert dialog is not None and dialog.isVisible()
    return dialog


def test_the_choices_follow_the_generators_range(qtbot, window: MainWindow) -> None:
    dialog = _dialog(window)
    assert (dialog.size_box.minimum(), dialog.size_box.maximum()) == (5, 14)
    dialog.stars_box.setCurrentIndex(1)
    assert (dialog.size_box.minimum(), dialog.size_box.maximum()) == (8, 14)
    model = dialog.difficulty_box.model()
    assert not model.item(0).isEnabled() and dialog.difficulty_box.currentData() != "easy"
    assert "No easy level with 2 stars" in dialog.difficulty_box.toolTip()
    dialog.stars_box.setCurrentIndex(0)
    assert model.item(0).isEnabled()
    dialog.reject()


def test_a_generated_level_is_the_seeds_level_and_is_played_with_its_difficulty(
    qtbot, window: MainWindow
) -> None:
    dialog = _dialog(window)
    dialog.size_box.setValue(6)
    dialog.difficulty_box.setCurrentIndex(2)
    dialog.seed_box.setValue(7)
    with qtbot.waitSignal(window.session.boardReplaced, timeout=60000):
        dialog.generate_button.click()
        assert dialog.bar.isVisible() and "Drawing levels" in dialog.status.text()
    assert window.session.puzzle == LevelPuzzle.of(generate(6, 1, "hard", 7))
    assert window.level_play.label.text().startswith("Hard · ")
    assert window.findChild(GenerateDialog) is None or not window.findChild(GenerateDialog).isVisible()
    again = _dialog(window)
    assert (again.size_box.value(), again.stars, again.difficulty_box.currentData()) == (6, 1, "hard")
    again.reject()


def test_cancel_stops_the_making_and_keeps_the_dialog_to_choose_again(qtbot, window: MainWindow) -> None:
    dialog = _dialog(window)
    dialog.stars_box.setCurrentIndex(1)
    dialog.size_box.setValue(14)
    dialog.difficulty_box.setCurrentIndex(2)
    dialog.generate_button.click()
    qtbot.wait(300)
    assert dialog.bar.isVisible()
    assert not dialog.generate_button.isEnabled() and not dialog.new_seed.isEnabled()
    dialog.reject()
    qtbot.waitUntil(lambda: dialog.status.text().startswith("Cancelled"), timeout=10000)
    assert dialog.isVisible() and dialog.generate_button.isEnabled() and not dialog.bar.isVisible()
    assert window.session.n == 8
    dialog.reject()
    assert not dialog.isVisible()
