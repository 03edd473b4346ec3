"""Texts of the learning aids: hint, undo, last capture, tracker, replay and the tutorial.

The tutorial's texts name the cards it plays through placeholders ({settebello},
{coins}), so they follow the deck style: the seven of coins, or the seven of diamonds."""

STRINGS = {
    "en": {
        "aids.hint": "Hint (H)",
        "aids.undo": "Undo (U)",
        "aids.review": "Last capture (Tab)",
        "aids.tracker": "Tracker (T)",
        "aids.hint_line": "Hint: {play} — {reason}",
        "aids.hint_alone": "Hint: {reason}",
        "aids.hint_takes": "play {card} and take {cards}",
        "aids.hint_lays": "lay {card}",
        "aids.hint_sum": "{play} ({sum})",
        "aids.matta_as": "the matta (as {n})",
        "aids.hint_working": "Master is working out a hint…",
        "aids.undo_done": "Play taken back",
        "aids.undo_done_first": (
            "Play taken back. The match still counts, but not for the records in the statistics"
        ),
        "aids.hint_followed_first": (
            "Played on a hint. The match still counts, but not for the records in the statistics"
        ),
        "aids.undo_done_knock": "Play and knock taken back",
        "aids.undo_done_knock_first": (
            "Play and knock taken back. The match still counts, "
            "but not for the records in the statistics"
        ),
        "aids.undo_done_knock_alone": "Knock taken back",
        "aids.undo_done_knock_alone_first": (
            "Knock taken back. The match still counts, but not for the records in the statistics"
        ),
        "aids.undo_done_retract": "Your knock stands again",
        "aids.undo_done_retract_first": (
            "Your knock stands again. The match still counts, "
            "but not for the records in the statistics"
        ),
        "aids.undo_nothing": "Nothing to take back in this round yet",
        "aids.undo_pass_stays": "No knock is final once chosen: it cannot be taken back",
        "aids.undo_practice": "Nothing to take back yet: the practice starts at this position",
        "aids.undo_round_over": "The round is over: its plays can no longer be taken back",
        "aids.undo_new_deal": (
            "New cards are dealt: the plays before them can no longer be taken back"
        ),
        "aids.undo_hotseat": "Undo is off when several people play at one screen",
        "aids.undo_online": "Undo is off at a table online: a card played is played for everyone",
        "aids.review_title": "Last capture",
        "aids.review_played": "Last card played",
        "aids.review_took": "Last capture",
        "aids.review_opening": "Table",
        "aids.tally_title": "Taken so far this round",
        "aids.tally_cards": "{n} cards",
        "aids.tally_coins": "{n} coins",
        "aids.tally_coins_1": "1 coin",
        "aids.tally_coins.french": "{n} diamonds",
        "aids.tally_coins.french_1": "1 diamond",
        "aids.tally_primiera": "primiera {n}",
        "aids.tally_primiera_lacking_one": "primiera {n}, a suit short",
        "aids.tally_primiera_lacking": "primiera {n}, {k} suits short",
        "aids.tracker_title": "Still unseen (other hands and stock)",
        "aids.tracker_title_short": "Still unseen",
        "aids.tracker_seen": "seen",
        "aids.rank.1": "A",
        "aids.rank.2": "2",
        "aids.rank.3": "3",
        "aids.rank.4": "4",
        "aids.rank.5": "5",
        "aids.rank.6": "6",
        "aids.rank.7": "7",
        "aids.rank.8": "8",
        "aids.rank.9": "9",
        "aids.rank.10": "10",
        "aids.rank.french.8": "J",
        "aids.rank.french.9": "Q",
        "aids.rank.french.10": "K",
        "aids.tutorial": "Tutorial",
        "aids.tutorial_hint": "Learn to play with a short guided round",
        "aids.tutorial_hint_cirulla": "What Cirulla changes from Scopa, in {n} short lessons",
        "aids.tut.next": "Next",
        "aids.tut.skip": "Skip tutorial",
        "aids.tut.aids_off": (
            "Hints, undo, the tracker and the last capture wait for your first match"
        ),
        "aids.tut.leave_question": "Leave the lessons?",
        "aids.tut.leave_detail": (
            "The Tutorial button on the title screen starts them again from the first lesson."
        ),
        "aids.tut.leave": "Leave the lessons",
        "aids.tut.stay": "Keep learning",
        "aids.tut.again": "Start again",
        "aids.tut.resumed": (
            "Back at lesson {n}, where the lessons were left: Start again goes back to the first"
        ),
        "aids.tut.again_question": "Start the lessons again?",
        "aids.tut.again_detail": "The round is dealt afresh and the lessons begin from the first.",
        "aids.tut.done": "Back to the menu",
        "aids.tut.play": "Play a match now",
        "aids.tut.finish_for_me": "Finish for me",
        "aids.tut.playing_for_you": "Playing the round out for you…",
        "aids.tut.not_this": "Not this one: {what}",
        "aids.tut.wrong.next": "read on and press Next",
        "aids.tut.read_first": "Read the lesson first, then press Next",
        "aids.tut.keys_wait": (
            "Leave the keys a moment, then press again: the lesson waits after each key, "
            "so it is not turned over unread"
        ),
        "aids.tut.step": "Lesson {n} of {total}",
        "aids.tut.watch": "Watch the table: the lesson goes on at your turn.",
        "aids.tut.welcome.title": "Welcome to Scopa",
        "aids.tut.welcome.text": "You play one card per turn. If a card on the table has its "
        "value, or several cards add up to it, your card takes them: each card counts its "
        "number, {figures}. The cards you capture make your points. Let's play a round "
        "together.",
        "aids.tut.figures.italian": "the knave\u00a08, the knight\u00a09 and the king\u00a010",
        "aids.tut.figures.french": "the jack\u00a08, the queen\u00a09 and the king\u00a010",
        "aids.tut.single.title": "A single capture",
        "aids.tut.single.text": "Your king matches the king on the table. Drag your king onto "
        "it to capture it.",
        "aids.tut.single.keys": "Your king matches the king on the table. Pick your king with "
        "the arrow keys, then press Enter to capture it.",
        "aids.tut.sum.title": "A capture by sum",
        "aids.tut.sum.text": "No 3 on the table, but ace + 2 make 3. Drag your 3 onto the "
        "ace or the 2 to take both.",
        "aids.tut.sum.keys": "No 3 on the table, but ace + 2 make 3. Pick your 3 with the "
        "arrow keys, then press Enter to take both.",
        "aids.tut.priority.title": "One card comes first",
        "aids.tut.priority.text": "2 + 4 make 6 too, but while a card of the same rank is on "
        "the table your 6 must take that card instead. Play your 6: it takes the 6.",
        "aids.tut.scopa.title": "Scopa!",
        "aids.tut.scopa.text": "4 + 2 + ace make 7. Take them all with {settebello}, the "
        "settebello: clearing the table is a scopa, worth 1 point.",
        "aids.tut.finish.title": "Play the round out",
        "aids.tut.finish.text": "Now play as you like until every card is played. A card that "
        "can take must take: it cannot be laid instead. The cards left on the table go to "
        "whoever captured last, and the very last play never counts as a scopa.",
        "aids.tut.score.title": "How a round is scored",
        "aids.tut.score.text": "One point goes to whoever has the most cards, the most {coins}, "
        "the settebello, the best primiera (each suit's best card, worth 21 for a 7, "
        "18 for a 6, 16 for an ace...); "
        "every scopa is one more point. Rounds follow until a side has 11 points at the end "
        "of one: the most points wins.",
        "aids.tut.wrong.single": "take the king with your king",
        "aids.tut.wrong.sum": "play your 3 to take ace + 2",
        "aids.tut.wrong.priority": "play your 6",
        "aids.tut.wrong.scopa": "play {settebello}",
        "aids.tut.cat.total": "Round",
        "aids.offer_title": "New to Scopa?",
        "aids.offer_text": "A short guided round teaches the captures, the scopa and the score.",
        "aids.offer_yes": "Show me how to play",
        "aids.offer_no": "I know the rules",
        "aids.offer_cirulla": "Play Cirulla: what changes?",
        "aids.offer_cirulla_hint": (
            "Cirulla becomes the game you play, and {n} short lessons show what it changes "
            "from Scopa"
        ),
    },
    "it": {
        "aids.hint": "Consiglio (H)",
        "aids.undo": "Annulla (U)",
        "aids.review": "Ultima presa (Tab)",
        "aids.tracker": "Conta carte (T)",
        "aids.hint_line": "Consiglio: {play} — {reason}",
        "aids.hint_alone": "Consiglio: {reason}",
        "aids.hint_takes": "gioca {card} e prendi {cards}",
        "aids.hint_lays": "cala {card}",
        "aids.hint_sum": "{play} ({sum})",
        "aids.matta_as": "la matta (come {n})",
        "aids.hint_working": "Il Maestro sta cercando un consiglio…",
        "aids.undo_done": "Giocata annullata",
        "aids.undo_done_first": (
            "Giocata annullata. La partita conta lo stesso, "
            "ma non vale per i primati delle statistiche"
        ),
        "aids.hint_followed_first": (
            "Giocata su consiglio. La partita conta lo stesso, "
            "ma non vale per i primati delle statistiche"
        ),
        "aids.undo_done_knock": "Giocata e bussata annullate",
        "aids.undo_done_knock_first": (
            "Giocata e bussata annullate. La partita conta lo stesso, "
            "ma non vale per i primati delle statistiche"
        ),
        "aids.undo_done_knock_alone": "Bussata annullata",
        "aids.undo_done_knock_alone_first": (
            "Bussata annullata. La partita conta lo stesso, "
            "ma non vale per i primati delle statistiche"
        ),
        "aids.undo_done_retract": "La tua bussata torna valida",
        "aids.undo_done_retract_first": (
            "La tua bussata torna valida. La partita conta lo stesso, "
            "ma non vale per i primati delle statistiche"
        ),
        "aids.undo_nothing": "Ancora niente da annullare in questa smazzata",
        "aids.undo_pass_stays": "Non busso è definitivo una volta scelto: non si può annullare",
        "aids.undo_practice": "Ancora niente da annullare: l'allenamento parte da questa posizione",
        "aids.undo_round_over": "La smazzata è finita: le sue giocate non si possono più annullare",
        "aids.undo_new_deal": (
            "Sono state date nuove carte: le giocate prima non si possono più annullare"
        ),
        "aids.undo_hotseat": "Non si può annullare quando si gioca in più allo stesso schermo",
        "aids.undo_online": (
            "Non si può annullare a un tavolo online: una carta giocata è giocata per tutti"
        ),
        "aids.review_title": "Ultima presa",
        "aids.review_played": "Ultima carta giocata",
        "aids.review_took": "Ultima presa",
        "aids.review_opening": "Tavolo",
        "aids.tally_title": "Prese finora in questa smazzata",
        "aids.tally_cards": "{n} carte",
        "aids.tally_coins": "{n} denari",
        "aids.tally_coins_1": "1 denaro",
        "aids.tally_coins.french": "{n} quadri",
        "aids.tally_coins.french_1": "1 quadri",
        "aids.tally_primiera": "primiera {n}",
        "aids.tally_primiera_lacking_one": "primiera {n}, manca un seme",
        "aids.tally_primiera_lacking": "primiera {n}, mancano {k} semi",
        "aids.tracker_title": "Ancora da vedere (altre mani e mazzo)",
        "aids.tracker_title_short": "Ancora da vedere",
        "aids.tracker_seen": "già viste",
        "aids.rank.1": "A",
        "aids.rank.2": "2",
        "aids.rank.3": "3",
        "aids.rank.4": "4",
        "aids.rank.5": "5",
        "aids.rank.6": "6",
        "aids.rank.7": "7",
        "aids.rank.8": "F",
        "aids.rank.9": "C",
        "aids.rank.10": "R",
        "aids.rank.french.8": "F",
        "aids.rank.french.9": "D",
        "aids.rank.french.10": "R",
        "aids.tutorial": "Tutorial",
        "aids.tutorial_hint": "Impara a giocare con una smazzata guidata",
        "aids.tutorial_hint_cirulla": (
            "Cosa cambia la cirulla rispetto alla scopa, in {n} brevi lezioni"
        ),
        "aids.tut.next": "Avanti",
        "aids.tut.skip": "Salta il tutorial",
        "aids.tut.aids_off": (
            "Consiglio, Annulla, Conta carte e Ultima presa saranno disponibili dalla prima "
            "partita vera"
        ),
        "aids.tut.leave_question": "Vuoi lasciare le lezioni?",
        "aids.tut.leave_detail": (
            "Potrai ricominciarle dalla prima con il pulsante Tutorial della schermata iniziale."
        ),
        "aids.tut.leave": "Lascia le lezioni",
        "aids.tut.stay": "Continua la lezione",
        "aids.tut.again": "Ricomincia",
        "aids.tut.resumed": (
            "Di nuovo alla lezione {n}, dove le lezioni erano rimaste: Ricomincia torna alla prima"
        ),
        "aids.tut.again_question": "Vuoi ricominciare le lezioni?",
        "aids.tut.again_detail": (
            "Le carte vengono ridistribuite e le lezioni ripartono dalla prima."
        ),
        "aids.tut.done": "Torna al menu",
        "aids.tut.play": "Gioca una partita ora",
        "aids.tut.finish_for_me": "Finisci per me",
        "aids.tut.playing_for_you": "Gioco io la smazzata per te…",
        "aids.tut.not_this": "Non questa: {what}",
        "aids.tut.wrong.next": "leggi e premi Avanti",
        "aids.tut.read_first": "Prima leggi la lezione, poi premi Avanti",
        "aids.tut.keys_wait": (
            "Lascia i tasti un momento, poi premi di nuovo: la lezione aspetta dopo ogni "
            "tasto, per non essere saltata senza leggerla"
        ),
        "aids.tut.step": "Lezione {n} di {total}",
        "aids.tut.watch": "Guarda il tavolo: la lezione riprende al tuo turno.",
        "aids.tut.welcome.title": "Impariamo la scopa",
        "aids.tut.welcome.text": "Giochi una carta per turno. Se in tavola c'è una carta del suo "
        "stesso valore, la tua carta la prende; se non c'è, prende più carte la cui somma dà "
        "quel valore. Ogni carta vale il suo numero, {figures}. Le carte che prendi ti danno "
        "i punti. Giochiamo una smazzata insieme.",
        "aids.tut.figures.italian": "il fante\u00a08, il cavallo\u00a09 e il re\u00a010",
        "aids.tut.figures.french": "il fante\u00a08, la donna\u00a09 e il re\u00a010",
        "aids.tut.single.title": "Una presa semplice",
        "aids.tut.single.text": "Il tuo re è uguale al re in tavola. Trascina il tuo re sul re "
        "in tavola per prenderlo.",
        "aids.tut.single.keys": "Il tuo re è uguale al re in tavola. Scegli il tuo re con le "
        "frecce, poi premi Invio per prenderlo.",
        "aids.tut.sum.title": "Una presa per somma",
        "aids.tut.sum.text": "In tavola non c'è un 3, ma asso + 2 fanno 3. Trascina il tuo 3 "
        "sull'asso o sul 2 per prenderli entrambi.",
        "aids.tut.sum.keys": "In tavola non c'è un 3, ma asso + 2 fanno 3. Scegli il tuo 3 "
        "con le frecce, poi premi Invio per prenderli entrambi.",
        "aids.tut.priority.title": "La carta uguale ha la precedenza",
        "aids.tut.priority.text": "Il tuo 6 potrebbe prendere 2 + 4, ma se c'è una carta uguale "
        "va presa quella. Gioca il 6: prende il 6.",
        "aids.tut.scopa.title": "Scopa!",
        "aids.tut.scopa.text": "4 + 2 + asso fanno 7. Prendili tutti con {settebello}, "
        "il settebello: pulire il tavolo è una scopa, che vale 1 punto.",
        "aids.tut.finish.title": "Finisci la smazzata",
        "aids.tut.finish.text": "Ora gioca come vuoi finché tutte le carte sono giocate. Una "
        "carta che può prendere deve prendere: non si può calare. Le carte rimaste in tavola "
        "vanno a chi ha preso per ultimo, e l'ultima giocata non vale mai scopa.",
        "aids.tut.score.title": "Come si conta una smazzata",
        "aids.tut.score.text": "Si assegna un punto a chi ha più carte, più {coins}, il "
        "settebello, la primiera migliore (la carta migliore per seme: il 7 vale 21, "
        "il 6 vale 18, l'asso 16...); "
        "ogni scopa vale un altro punto. Si gioca una smazzata dopo l'altra finché, alla fine "
        "di una, qualcuno arriva a 11: vince chi ha più punti.",
        "aids.tut.wrong.single": "prendi il re con il tuo re",
        "aids.tut.wrong.sum": "gioca il 3 per prendere asso + 2",
        "aids.tut.wrong.priority": "gioca il tuo 6",
        "aids.tut.wrong.scopa": "gioca {settebello}",
        "aids.tut.cat.total": "Smazzata",
        "aids.offer_title": "Prima volta a scopa?",
        "aids.offer_text": "Una breve smazzata guidata insegna le prese, la scopa e il conteggio.",
        "aids.offer_yes": "Insegnami a giocare",
        "aids.offer_no": "Conosco le regole",
        "aids.offer_cirulla": "Gioca a cirulla: cosa cambia?",
        "aids.offer_cirulla_hint": (
            "La cirulla diventa il gioco delle tue partite, e {n} brevi lezioni mostrano "
            "cosa cambia rispetto alla scopa"
        ),
    },
}
