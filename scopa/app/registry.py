"""Every scene by name: the one module that knows them all.

Scenes never import each other; they ask the app to open a scene by name
(``app.open("pause")``) and the app looks the name up in this registry, which the program
builds at start-up and hands to the ``App``. A name missing here is an error at once
(``UnknownScene``), never a button that silently does nothing.
"""

from __future__ import annotations

from .app import SceneFactory
from .scenes.cirulla_lesson import CirullaLessonScene
from .scenes.confirm import ConfirmScene
from .scenes.level import LevelScene
from .scenes.lobby import LobbyScene
from .scenes.new_game import NewGameScene
from .scenes.online import OnlineScene
from .scenes.past import PastScene
from .scenes.pause import PauseScene
from .scenes.review import ReviewScene
from .scenes.rules import RulesScene
from .scenes.scoring import ScoringScene
from .scenes.seats import SeatsScene
from .scenes.settings import SettingsScene
from .scenes.statistics import StatisticsScene
from .scenes.title import TitleScene
from .scenes.tutorial import TutorialScene
from .scenes.tutorial_offer import TutorialOffer
from .table.scene import TableScene


def default_scenes() -> dict[str, SceneFactory]:
    return {
        "title": TitleScene,
        "new_game": NewGameScene,
        "level": LevelScene,
        "online": OnlineScene,
        "lobby": LobbyScene,
        "settings": SettingsScene,
        "rules": RulesScene,
        "statistics": StatisticsScene,
        "past": PastScene,
        "tutorial_offer": TutorialOffer,
        "tutorial": TutorialScene,
        "cirulla_lesson": CirullaLessonScene,
        "table": TableScene,
        "pause": PauseScene,
        "seats": SeatsScene,
        "scoring": ScoringScene,
        "review": ReviewScene,
        "confirm": ConfirmScene,
    }


__all__ = ["default_scenes"]
