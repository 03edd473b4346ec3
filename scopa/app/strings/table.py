"""Texts of the table scene.

Sentences about a side come in four forms, chosen by ``scopa.app.wording.Seats.about``:
``.you`` (the one human of a solo match), ``.your_team`` (that human with a partner),
``.one`` (a named player) and ``.team`` (named partners, a plural verb).
"""

STRINGS = {
    "en": {
        "table.scopa": "Scopa!",
        "table.scopa_by.you": "Scopa!",
        "table.scopa_by.one": "Scopa by {name}!",
        "table.scopa_last_card.you": "Scopa at the last card!",
        "table.scopa_last_card.one": "Scopa at the last card by {name}!",
        "table.settebello_to.you": "You take the settebello!",
        "table.settebello_to.one": "{name} takes the settebello",
        "table.you_name": "You",
        "table.last_cards.you": "The last cards go to you",
        "table.last_cards.your_team": "The last cards go to your team",
        "table.last_cards.one": "The last cards go to {name}",
        "table.last_cards.team": "The last cards go to {names}",
        "table.wins.you": "You win!",
        "table.wins.your_team": "Your team wins!",
        "table.wins.one": "{name} wins!",
        "table.wins.team": "{names} win!",
        "table.redeal_kings": "Three kings on the table: new deal",
        "table.redeal_kings_4": "Four kings on the table: new deal",
        "table.redeal_ace": "An ace on the table: new deal",
        "table.redeal_aces_2": "Two aces on the table: new deal",
        "table.redeal_aces_3": "Three aces on the table: new deal",
        "table.redeal_aces_4": "Four aces on the table: new deal",
        "table.redeal_three_of_a_kind": "Three of a kind on the table: a misdeal ({n} of 3)",
        "table.your_turn": "Your turn: drag a card onto the table",
        "table.your_turn_selected": (
            "Click the table where the card goes, or double-click the card"
        ),
        "table.your_turn_choose": (
            "Click the table where the card goes: it can take more than one way"
        ),
        "table.your_turn_named": "{name}, your turn: drag a card onto the table",
        "table.your_turn_keys": (
            "Your turn: pick a card with the arrows or 1, 2, 3… from the left, "
            "then Enter (F1: every key)"
        ),
        "table.your_turn_keys_named": ("{name}, your turn: arrows or 1, 2, 3… to pick, then Enter"),
        "table.thinking": "{name} is thinking…",
        "table.friend_turn": "Waiting for {name} to play",
        "table.stand_in_turn": "The computer is playing for {name}…",
        "table.pass_to": "Pass the screen to {name}",
        "table.pass_hint": (
            "{name}: hold the button below, or Enter, down a moment to see your cards"
        ),
        "table.pass_hold": "{name}: keep the button pressed until it fills, and your cards show",
        "table.pass_move": "{name}: move the pointer a little on the button, then hold it down",
        "table.pass_wait": "{name}: wait a moment with no key pressed, then hold Enter down",
        "table.pass_wait_click": "{name}: let go, wait a moment, then hold the button down",
        "table.pass_hold_key": (
            "{name}: keep Enter pressed until the button fills, and your cards show"
        ),
        "table.show_cards": "Show my cards",
        "table.hidden": "The other hands stay hidden",
        "table.cover_waited": (
            "The table online waits: in\u00a0{seconds}\u00a0s the friends may let the "
            "computer play for {name}"
        ),
        "table.cover_overdue": "The friends online may now let the computer play for {name}",
        "table.news_since": "Since your last turn",
        "table.news_so_far": "So far this round",
        "table.laid_by": "{name} laid {card}",
        "table.took_by": "{name} took {cards} with {card}",
        "table.swept_by": "{name} took {cards} with {card}: scopa!",
        "table.matta_worth": "{card} (worth {n})",
        "table.took_many_by": "{name} took {n} cards with {card}",
        "table.swept_many_by": "{name} took {n} cards with {card}: scopa!",
        "table.knock_by": "{name} knocked",
        "table.knock_by_points": "{name} knocked: +{n}",
        "table.pass_by": "{name} did not knock",
        "table.pass_by_many": "{name} did not knock",
        "table.retract_by": "{name} took a knock back",
        "table.choose": "Which cards does {card} take?",
        "table.choose_hint": (
            "Click a set (or arrows and Enter); click outside or Esc: take the card back"
        ),
        "table.choose_lay": "Take nothing: lay it on the table",
        "table.choose_leaves": "Left on the table",
        "table.cannot_take": "{card} cannot take {target}",
        "table.must_take_other": "{card} cannot take {target}: it must take {options}",
        "table.must_take_some": (
            "{card} cannot take {target}: it must make one of its {n} captures"
        ),
        "table.quindici_sum": (
            "{card} cannot take {target}: the card played and the cards taken add up to 15 "
            "({a} + {b} = {total})"
        ),
        "table.must_take": (
            "{card} took: a card that can take must take, even laid on the open cloth"
        ),
        "table.drop_missed": "Drop the card on the table to play it",
        "table.takes_nothing": (
            "{card} cannot take {target}: it takes nothing, and is laid on the table"
        ),
        "table.must_take_equal": (
            "{card} must take {target}: a card of its rank on the table comes before any sum"
        ),
        "table.equal_first": (
            "{card} cannot take {target}: a card of its rank on the table comes before any sum"
        ),
        "table.capture_limit": "{card} cannot take {target}: a capture takes at most {n} cards",
        "table.fewest_cards": (
            "{card} cannot take {target}: of the sums it makes, it takes one of the fewest cards"
        ),
        "table.ace_takes_ace": (
            "{card} must take {target}: with an ace on the table, an ace takes just that ace"
        ),
        "table.cannot_play": "{card} cannot be played now",
        "table.round": "Round {n}",
        "table.practice_line": "Practice",
        "table.deal": "Deal {n} of {total}",
        "table.deal_single": "Single deal",
        "table.watched": ("Someone came to watch this table (public cards only): {n} watching"),
        "table.watched_many": ("Some came to watch this table (public cards only): {n} watching"),
        "table.deal_id": "Code of this round: {id} (New game deals it again)",
        "table.target": "Playing to {n}",
        "table.tie_break": "Tie-break",
        "table.target_vowel": "Playing to {n}",
        "table.stock": "{n} in the deck",
        "table.stock_1": "1 in the deck",
        "table.scope": "{n} scopas",
        "table.scope_1": "1 scopa",
        "table.scope_bonus": "{sweeps} +{n}",
        "table.taken": "{n} taken",
        "table.taken_1": "1 taken",
        "table.in_hand": "{n} in hand",
        "table.stood_in": "Computer playing",
        "table.stood_in_short": "Computer",
        "table.away": "Away",
        "table.menu": "Menu (Esc)",
        "table.menu_word": "Menu",
        "table.in_hand_1": "1 in hand",
        "table.in_hand_shown": "{n} in hand, shown",
        "table.in_hand_shown_1": "1 in hand, shown",
        "table.watch_hint": "Watching: click or Space to speed up, Esc for the menu",
        "table.sound_off": "Sound off: M turns it on again",
        "table.drag_too_early": "Too soon: drag your card again once it is your turn",
        "table.drag_table_changed": "The table changed while you held your card: drag it again",
        "table.sound_on": "Sound on: M turns it off",
        "table.sound_silent": "Sound on, but its volume is at 0 %: Settings, Game, Volume",
        "table.sound_none": "Sound on, but no sound device was found: the game stays silent",
        "table.watch_fast": "Watching at 4× speed: click or Space to slow down, Esc for the menu",
        "table.save_failed": "The match could not be saved: {reason}",
        "table.stats_failed": "The result could not be recorded: {reason}",
        "table.ai_failed": "The computer player failed ({reason}); it plays a simple move",
        "table.and": "{a} & {b}",
        "player_n": "Player {n}",
        "table.dealer_mark": "D",
        "table.dealer_tip.you": (
            "{mark}: you deal this round. The player on your right "
            "plays first, and the deal passes to the right each round"
        ),
        "table.dealer_tip.one": (
            "{mark}: {name} deals this round. The player on the dealer's "
            "right plays first, and the deal passes to the right each round"
        ),
    },
    "it": {
        "table.scopa": "Scopa!",
        "table.scopa_by.you": "Scopa!",
        "table.scopa_by.one": "Scopa di {name}!",
        "table.scopa_last_card.you": "Scopa all'ultima carta!",
        "table.scopa_last_card.one": "Scopa all'ultima carta di {name}!",
        "table.settebello_to.you": "Prendi il settebello!",
        "table.settebello_to.one": "{name} prende il settebello",
        "table.you_name": "Tu",
        "table.last_cards.you": "Le ultime carte a te",
        "table.last_cards.your_team": "Le ultime carte alla tua squadra",
        "table.last_cards.one": "Le ultime carte a {name}",
        "table.last_cards.team": "Le ultime carte a {names}",
        "table.wins.you": "Hai vinto!",
        "table.wins.your_team": "Ha vinto la tua squadra!",
        "table.wins.one": "Vince {name}!",
        "table.wins.team": "Vincono {names}!",
        "table.redeal_kings": "Tre re in tavola: si ridà",
        "table.redeal_kings_4": "Quattro re in tavola: si ridà",
        "table.redeal_ace": "Un asso in tavola: si ridà",
        "table.redeal_aces_2": "Due assi in tavola: si ridà",
        "table.redeal_aces_3": "Tre assi in tavola: si ridà",
        "table.redeal_aces_4": "Quattro assi in tavola: si ridà",
        "table.redeal_three_of_a_kind": "Tris in tavola: smazzata nulla ({n} di 3)",
        "table.your_turn": "Tocca a te: trascina una carta in tavola",
        "table.your_turn_selected": (
            "Fai clic sul tavolo dove va la carta, o doppio clic sulla carta"
        ),
        "table.your_turn_choose": (
            "Fai clic sul tavolo dove va la carta: può prendere in più modi"
        ),
        "table.your_turn_named": "{name}, tocca a te: trascina una carta in tavola",
        "table.your_turn_keys": (
            "Tocca a te: scegli una carta con le frecce o con 1, 2, 3… da sinistra, "
            "poi Invio (F1: tutti i tasti)"
        ),
        "table.your_turn_keys_named": (
            "{name}, tocca a te: frecce o 1, 2, 3… per scegliere, poi Invio"
        ),
        "table.thinking": "{name} sta pensando…",
        "table.friend_turn": "Aspettiamo che giochi {name}",
        "table.stand_in_turn": "Il computer sta giocando per {name}…",
        "table.pass_to": "Passa lo schermo a {name}",
        "table.pass_hint": (
            "{name}: tieni premuto un attimo il pulsante qui sotto, o Invio, "
            "per vedere le tue carte"
        ),
        "table.pass_hold": (
            "{name}: tieni premuto il pulsante finché non si riempie: così vedi le tue carte"
        ),
        "table.pass_move": "{name}: sposta un poco il puntatore sul pulsante, poi tienilo premuto",
        "table.pass_wait": (
            "{name}: aspetta un attimo senza premere tasti, poi tieni premuto Invio"
        ),
        "table.pass_wait_click": "{name}: lascia, aspetta un attimo, poi tieni premuto il pulsante",
        "table.pass_hold_key": (
            "{name}: tieni premuto Invio finché il pulsante non si riempie: così vedi le tue carte"
        ),
        "table.show_cards": "Mostra le mie carte",
        "table.hidden": "Le altre mani restano coperte",
        "table.cover_waited": (
            "Il tavolo online aspetta: tra\u00a0{seconds}\u00a0s gli amici potranno far "
            "giocare il computer per {name}"
        ),
        "table.cover_overdue": "Gli amici online possono ora far giocare il computer per {name}",
        "table.news_since": "Dal tuo ultimo turno",
        "table.news_so_far": "Finora, in questa smazzata",
        "table.laid_by": "{name} ha calato {card}",
        "table.took_by": "{name} ha preso {cards} con {card}",
        "table.swept_by": "{name} ha preso {cards} con {card}: scopa!",
        "table.matta_worth": "{card} (vale {n})",
        "table.took_many_by": "{name} ha preso {n} carte con {card}",
        "table.swept_many_by": "{name} ha preso {n} carte con {card}: scopa!",
        "table.knock_by": "{name} ha bussato",
        "table.knock_by_points": "{name} ha bussato: +{n}",
        "table.pass_by": "{name} non ha bussato",
        "table.pass_by_many": "{name} non hanno bussato",
        "table.retract_by": "{name} ha ritirato la bussata",
        "table.choose": "Con {card}, quali carte prendi?",
        "table.choose_hint": (
            "Fai clic su una presa (o frecce e Invio); clic fuori o Esc: riprendi la carta"
        ),
        "table.choose_lay": "Non prendere: calala in tavola",
        "table.choose_leaves": "Restano in tavola",
        "table.cannot_take": "Con {card} non puoi prendere {target}",
        "table.must_take_other": "Con {card} non puoi prendere {target}: devi prendere {options}",
        "table.must_take_some": (
            "Con {card} non puoi prendere {target}: devi fare una delle sue {n} prese"
        ),
        "table.quindici_sum": (
            "Con {card} non puoi prendere {target}: la carta giocata e quelle prese fanno 15 "
            "({a} + {b} = {total})"
        ),
        "table.must_take": (
            "{card} ha preso: una carta che può prendere deve prendere, "
            "anche se la lasci sul tavolo libero"
        ),
        "table.drop_missed": "Lascia la carta sul tavolo per giocarla",
        "table.takes_nothing": (
            "Con {card} non puoi prendere {target}: non prende nulla, e resta in tavola"
        ),
        "table.must_take_equal": (
            "Con {card} devi prendere {target}: "
            "una carta del suo valore in tavola viene prima di ogni somma"
        ),
        "table.equal_first": (
            "Con {card} non puoi prendere {target}: "
            "una carta del suo valore in tavola viene prima di ogni somma"
        ),
        "table.capture_limit": (
            "Con {card} non puoi prendere {target}: una presa è al massimo di {n} carte"
        ),
        "table.fewest_cards": (
            "Con {card} non puoi prendere {target}: delle somme che fa, prende una con meno carte"
        ),
        "table.ace_takes_ace": (
            "Con {card} devi prendere {target}: con un asso in tavola, l'asso prende solo quello"
        ),
        "table.cannot_play": "Ora non puoi giocare {card}",
        "table.round": "Smazzata {n}",
        "table.practice_line": "Allenamento",
        "table.deal": "Distribuzione {n} di {total}",
        "table.deal_single": "Distribuzione unica",
        "table.watched": (
            "Qualcuno è venuto a guardare questo tavolo (solo le carte scoperte): {n} a guardare"
        ),
        "table.watched_many": (
            "Alcuni sono venuti a guardare questo tavolo (solo le carte scoperte): {n} a guardare"
        ),
        "table.deal_id": "Codice di questa smazzata: {id} (si rigioca da Nuova partita)",
        "table.target": "Si gioca ai {n}",
        "table.tie_break": "Spareggio",
        "table.target_vowel": "Si gioca agli {n}",
        "table.stock": "{n} nel mazzo",
        "table.stock_1": "1 nel mazzo",
        "table.scope": "{n} scope",
        "table.scope_1": "1 scopa",
        "table.scope_bonus": "{sweeps} +{n}",
        "table.taken": "{n} carte",
        "table.taken_1": "1 carta",
        "table.in_hand": "{n} in mano",
        "table.stood_in": "Gioca il computer",
        "table.stood_in_short": "Al computer",
        "table.away": "Assente",
        "table.menu": "Menu (Esc)",
        "table.menu_word": "Menu",
        "table.in_hand_1": "1 in mano",
        "table.in_hand_shown": "{n} in mano, scoperte",
        "table.in_hand_shown_1": "1 in mano, scoperta",
        "table.watch_hint": "Osservi: clic o Spazio per accelerare, Esc per il menu",
        "table.sound_off": "Audio disattivato: M lo riattiva",
        "table.drag_too_early": "Troppo presto: trascina di nuovo la carta quando tocca a te",
        "table.drag_table_changed": (
            "La tavola è cambiata mentre tenevi la carta: trascinala di nuovo"
        ),
        "table.sound_on": "Audio attivato: M lo disattiva",
        "table.sound_silent": (
            "Audio attivato, ma il volume è a 0 %: Impostazioni, Generale, Volume"
        ),
        "table.sound_none": "Audio attivato, ma non si trova un'uscita audio: il gioco resta muto",
        "table.watch_fast": "Osservi a velocità 4×: clic o Spazio per rallentare, Esc per il menu",
        "table.save_failed": "Non è stato possibile salvare la partita: {reason}",
        "table.stats_failed": "Non è stato possibile registrare il risultato: {reason}",
        "table.ai_failed": "Il giocatore del computer ha avuto un errore ({reason}); gioca una "
        "mossa semplice",
        "table.and": "{a} e {b}",
        "player_n": "Giocatore {n}",
        "table.dealer_mark": "M",
        "table.dealer_tip.you": (
            "{mark}: sei tu il mazziere di questa smazzata. Gioca per "
            "primo chi ti siede a destra, e ogni smazzata il mazzo passa a destra"
        ),
        "table.dealer_tip.one": (
            "{mark}: {name} è il mazziere di questa smazzata. Gioca per "
            "primo chi gli siede a destra, e ogni smazzata il mazzo passa a destra"
        ),
    },
}
