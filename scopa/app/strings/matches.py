# ruff: noqa: E501
"""Texts about starting matches: the level asked at the first Play, replacing a saved match."""

STRINGS = {
    "en": {
        "play_hint_first": "Start at once against the computer ({what}): first choose how well it plays",
        "level_question": "How strong should your opponents be?",
        "level_detail": "You can change it any time in New game.",
        "replace_saved_question": "Start a new match?",
        "replace_saved_detail": "The match you left is still saved ({saved}). Starting a new one deletes it: it can no longer be continued. The new one: {new}.",
        "replace_saved_yes": "Start a new match",
        "replace_saved_no": "Cancel",
        "replace_saved_resume": "Continue it",
        "match_counted_now": "The match you finished is in your statistics now",
        "replace_uncounted_detail": "The match you finished ({saved}) is not in your statistics yet: they could not be saved. It will be counted as soon as they can be; a new match now deletes it, and its result is lost.",
        "ng_same_name": "Two seats are called {name}: give each player a name of their own",
        "ng_game_name": "{name} is a name the game gives a seat: choose another for seat {n}",
    },
    "it": {
        "play_hint_first": "Gioca subito contro il computer ({what}): prima scegli quanto è forte",
        "level_question": "Quanto forti vuoi gli avversari?",
        "level_detail": "Potrai cambiare livello quando vuoi da Nuova partita.",
        "replace_saved_question": "Iniziare una nuova partita?",
        "replace_saved_detail": "La partita che hai lasciato è ancora salvata ({saved}). Se ne inizi una nuova, quella viene cancellata e non si potrà più riprendere. La nuova: {new}.",
        "replace_saved_yes": "Nuova partita",
        "replace_saved_no": "Annulla",
        "replace_saved_resume": "Riprendila",
        "match_counted_now": "La partita che hai finito ora è nelle statistiche",
        "replace_uncounted_detail": "La partita che hai finito ({saved}) non è ancora nelle statistiche: non è stato possibile salvarle. Verrà contata appena si potrà; se ora ne inizi una nuova, viene cancellata e il suo risultato va perso.",
        "ng_same_name": "Due posti si chiamano {name}: dai a ogni giocatore un nome diverso",
        "ng_game_name": "{name} è un nome che il gioco dà ai posti: scegline un altro per il posto {n}",
    },
}
