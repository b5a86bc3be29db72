# Deutsche Texte des Gin-Bots. Jeder Schlüssel hier muss auch in en.ftl mit denselben
# Platzhaltern vorkommen (tests/i18n.rs prüft das).

## Befehle (Beschreibungen in der Befehlsauswahl von Discord)
cmd-gin = Gin Rummy spielen
cmd-gin-name = gin
cmd-ginmod = Moderation (Server verwalten): Einstellungen, Saisons, Abbrechen, Export
cmd-ginmod-name = ginmod
cmd-start = Einen bis drei Spieler zu einer Partie Gin Rummy herausfordern
cmd-start-name = starten
cmd-start-opponent = Wen du herausforderst
cmd-start-opponent-name = gegner
cmd-start-opponent2 = Ein zweiter Gegner, für eine Partie zu dritt
cmd-start-opponent2-name = gegner2
cmd-start-preset = Regelvariante (Standard: klassisch)
cmd-start-preset-name = variante
cmd-start-target = Punkte zum Gewinn der Partie (10 bis 500)
cmd-start-target-name = ziel
cmd-start-straight = Straight Gin: kein Klopfen, nur Gin beendet eine Runde (Standard: aus)
cmd-start-straight-name = straight
cmd-practice-straight = Straight Gin: kein Klopfen, nur Gin beendet eine Runde (Standard: aus)
cmd-practice-straight-name = straight
cmd-start-hollywood = Hollywood-Wertung: drei Spiele auf einem Zettel (zu zweit; Standard: aus)
cmd-start-hollywood-name = hollywood
cmd-practice-hollywood = Hollywood-Wertung: drei Spiele auf einem Zettel (Standard: aus)
cmd-practice-hollywood-name = hollywood
cmd-practice = Spiele eine Partie gegen den Bot
cmd-practice-name = training
cmd-practice-level = Wie stark der Bot spielt (Standard: mittel)
cmd-practice-level-name = stufe
cmd-practice-preset = Regelvariante (Standard: klassisch)
cmd-practice-preset-name = variante
cmd-practice-target = Punkte zum Sieg der Partie (10 bis 500)
cmd-practice-target-name = ziel
choice-simple = einfach
choice-medium = mittel
choice-hard = schwer
cmd-leaderboard = Die besten Spieler hier (dieser Server oder Chat)
cmd-leaderboard-name = rangliste
cmd-leaderboard-sort = Sortieren nach (Standard: Nettopunkte)
cmd-leaderboard-sort-name = sortierung
cmd-leaderboard-period = Welche Partien zählen (Standard: alle)
cmd-leaderboard-period-name = zeitraum
cmd-leaderboard-format = Welches Spiel: zu zweit, zu dritt, Rommé, Partnership, Team oder alle
cmd-leaderboard-format-name = format
cmd-stats = Die Zahlen eines Spielers hier, oder deine eigenen von überall
cmd-stats-name = statistik
cmd-stats-player = Wessen Zahlen (Standard: deine)
cmd-stats-player-name = spieler
cmd-stats-format = Partien zu zweit, zu dritt oder alle
cmd-stats-format-name = format
cmd-stats-everywhere = Deine eigenen Zahlen aus allen Servern und Chats, in denen du gespielt hast, nur für dich
cmd-stats-everywhere-name = überall
cmd-history-format = Partien zu zweit, zu dritt oder alle
cmd-history-format-name = format
cmd-history = Die letzten Partien eines Spielers mit Punkteblatt
cmd-history-name = verlauf
cmd-history-player = Wessen Partien (Standard: deine)
cmd-history-player-name = spieler
cmd-cancel = Eine hängende Partie in diesem Kanal ohne Wertung beenden
cmd-cancel-name = abbrechen
cmd-cancel-player = Ein Spieler der Partie (wenn hier mehrere laufen)
cmd-cancel-player-name = spieler
choice-net = Nettopunkte
choice-wins = Siege
choice-winrate = Siegquote
choice-gins = Gins
choice-rating = Wertung
choice-all = gesamt
choice-30d = letzte 30 Tage
choice-7d = letzte 7 Tage
choice-any = alle Partien
choice-two = zu zweit
choice-three = zu dritt
cmd-hand = Deine Karten in deiner Partie in diesem Kanal zeigen
cmd-hand-name = hand
cmd-resign = Deine Partie in diesem Kanal aufgeben
cmd-resign-name = aufgeben
cmd-rules = Die Regeln deiner Partie hier zeigen
cmd-rules-name = regeln
choice-classic = klassisch
choice-hoyle = hoyle
choice-flipside = flipside
choice-oklahoma = oklahoma

## Herausforderungen
challenge-text = 🃏 { $challenger } fordert { $opponents } zu einer Partie Gin Rummy heraus ({ $preset }, { $target } Punkte zum Sieg). Annehmen innerhalb von { $minutes } Minuten.
challenge-hollywood = Hollywood-Wertung: drei Spiele auf einem Zettel.
challenge-accepted-by = ✅ { $player } hat angenommen.
challenge-declined = Die Herausforderung wurde von { $player } abgelehnt.
challenge-expired = ⌛ Diese Herausforderung ist ohne Antwort abgelaufen.
button-accept = Annehmen
button-decline = Ablehnen

## Der Tisch (öffentlich)
table-title = 🃏 **Gin Rummy** · { $preset } · { $target } Punkte · Runde { $hand }
table-score = **{ $player }** { $total } ({ $lines ->
    [one] 1 Box
   *[other] { $lines } Boxen
})
table-dealer = Geber: { $player }
table-sits-out = { $player } gibt diese Runde und setzt aus.
table-stock = Stapel: { $count }
table-discard = Ablagestapel: { $card } ({ $count })
table-discard-empty = Ablagestapel: leer
table-knock-limit = Klopfgrenze in dieser Runde: { $limit }
table-commitment = Mischungs-Nachweis (SHA-256 des Seeds dieser Runde, der danach veröffentlicht wird): `{ $commitment }`
table-took = { $player } hat vom Ablagestapel genommen: { $cards }
table-over = Die Partie ist beendet.
table-cancelled = 🛑 Diese Partie wurde von der Moderation abgebrochen und wird nicht gewertet. Es gibt keine Züge mehr.
table-retired = 🃏 Diese Runde ist vorbei: Der Tisch geht unten weiter.
button-my-hand = Meine Karten
button-rules = Regeln

## Was zuletzt geschah
act-take-upcard = { $player } hat die aufgedeckte Karte genommen.
act-pass = { $player } hat gepasst.
act-draw-stock = { $player } hat vom Stapel gezogen.
act-draw-discard = { $player } hat die oberste Karte des Ablagestapels genommen.
act-discard = { $player } hat { $card } abgeworfen.
act-knock = { $player } hat geklopft.

## Wer dran ist (öffentlich, erwähnt den Spieler)
prompt-upcard = ➡️ { $player }: Nimm die aufgedeckte Karte { $card } oder passe.
prompt-draw = ➡️ { $player }: Zieh vom Stapel oder nimm { $card }.
prompt-draw-stock = ➡️ { $player }: Beide haben die aufgedeckte Karte abgelehnt, zieh vom Stapel.
prompt-discard = ➡️ { $player }: Wirf eine Karte ab oder klopfe.
prompt-fiftieth = ➡️ { $player }: Nimm { $card }, um zu klopfen, oder passe, dann endet die Runde ohne Wertung.

## Die Nachricht mit deinen Karten (nur du siehst sie)
hand-title = **Deine Karten** · Runde { $hand } gegen { $opponent }
hand-cards = { $cards } · Totholz **{ $deadwood }**
hand-opponent-cards = { $player } hat { $count ->
    [one] 1 Karte
   *[other] { $count } Karten
} auf der Hand
hand-wait = Warten auf { $player }.
hand-sitting-out = Du gibst Runde { $hand } und setzt aus: Schau am Tisch zu, die nächste Runde spielst du.
you-upcard = Du bist dran: Nimm die aufgedeckte Karte { $card } oder passe.
you-draw = Du bist dran: Zieh eine Karte.
you-discard = Du bist dran: Wirf eine Karte ab.
you-knock = Klopfen: Wähle die Karte, die du verdeckt abwirfst (Klopfgrenze { $limit }).
you-fiftieth = Im Stapel sind nur noch zwei Karten: Nimm { $card }, um zu klopfen, oder passe, dann endet die Runde ohne Wertung.
button-take-upcard = { $card } nehmen
button-pass = Passen
button-draw-stock = Vom Stapel ziehen
button-take-discard = { $card } nehmen
button-fiftieth-take = { $card } nehmen und klopfen
button-knock-mode = Klopfen…
button-knock-card = Klopfen, { $card } abwerfen (Totholz { $deadwood })
button-gin = Gin! { $card } abwerfen
button-back = Zurück
button-refresh = Aktualisieren

## Die Abrechnung (öffentlich)
showdown-gin = 🎉 **Runde { $hand }: { $knocker } macht Gin** gegen { $defender }.
showdown-knock = ✊ **Runde { $hand }: { $knocker } klopft** gegen { $defender }.
showdown-undercut = 🔄 **Runde { $hand }: { $knocker } klopft und wird von { $defender } unterboten**.
showdown-dead = 💤 **Runde { $hand } endet ohne Wertung**: Nur noch zwei Karten im Stapel und niemand hat geklopft. { $dealer } gibt erneut.
showdown-side = **{ $player }**: { $melds } · Totholz { $deadwood } = **{ $count }**
showdown-side-no-melds = **{ $player }**: keine Meldungen · Totholz { $deadwood } = **{ $count }**
showdown-layoffs = { $player } legt an: { $layoffs }
showdown-score = **{ $player } erhält { $points }** ({ $lines ->
    [one] 1 Box
   *[other] { $lines } Boxen
}).
showdown-doubled = ♠ Pik als aufgedeckte Karte: Die Runde zählt doppelt.
showdown-totals = Gesamtstand: { $totals }
showdown-seed = Misch-Seed `{ $seed }` (SHA-256 `{ $commitment }` stand vor dem Geben fest).

## Das Ende einer Partie (öffentlich)
end-title = 🏆 **{ $player } gewinnt die Partie!**
end-resigned = { $player } hat aufgegeben.
end-line = **{ $player }**: { $total } Punkte + { $lines } × { $bonus } Boxbonus + { $game } Spielbonus = **{ $final }**
end-shutout = { $player } hat überhaupt keine Punkte erzielt: Schneider.
end-payment = { $payer } zahlt an { $payee } **{ $amount }**.
forfeit = ⌛ { $player } hat nicht rechtzeitig gespielt und verliert die Partie kampflos.
reminder = ⏰ { $player }, du bist dran. Drück am Tisch auf „Meine Karten“. Nach { $hours } { $hours ->
    [one] Stunde
   *[other] Stunden
} ohne Zug ist die Partie kampflos verloren.

## Regeln
rules-straight = Straight Gin: Kein Klopfen, nur Gin beendet eine Runde.
rules-hollywood = Hollywood: drei Spiele auf einem Zettel. Deine erste gewonnene Runde zählt in Spiel 1, die zweite in Spiel 1 und 2, jede weitere in allen drei offenen Spielen; jedes Spiel endet beim Ziel mit eigenen Boni, die Partie, wenn alle drei beendet sind.
hollywood-game-open = Spiel { $game }: { $scores }
hollywood-game-won = Spiel { $game }: { $scores } · gewonnen von **{ $player }**
rules-on = an
rules-off = aus
rules-loser-deals = Der Verlierer einer Runde gibt die nächste
rules-winner-deals = Der Gewinner einer Runde gibt die nächste
rules-alternate = Es wird abwechselnd gegeben
rules-text = **Regeln: { $preset }**
    • { $target } Punkte gewinnen die Partie; klopfen mit höchstens { $knock } Punkten Totholz.
    • Gin-Bonus { $gin }, Unterbietungsbonus { $undercut }, { $line } pro Box (gewonnene Runde), Spielbonus { $game }, Schneider { $shutout }.
    • Geber: { $dealer }. Nach einer Runde ohne Wertung gibt derselbe Geber erneut.
    • Oklahoma: { $oklahoma } · aufgenommene Karte wieder abwerfen: { $rediscard } · 50. Karte: { $fiftieth } · Geben mit elf Karten: { $eleven } · Extra-Boxen: { $extra } · Schneider verdoppelt: { $doubles }

## Ablehnungen und Probleme (nur der Aufrufer sieht sie; nichts wurde geändert)
err-unknown-button = Dieser Button gehört nicht zu mir oder funktioniert nicht mehr.
err-unknown-match = Diese Partie kenne ich nicht.
err-not-a-player = Du spielst in dieser Partie nicht mit.
err-sitting-out = Du setzt in dieser Runde aus.
err-match-over = Diese Partie ist beendet.
err-stale = Dieser Button gehörte zu einem früheren Spielstand; hier sind deine Karten, wie sie jetzt sind.
err-internal = Bei mir ist etwas schiefgelaufen; es wurde nichts geändert. Bitte versuch es noch einmal.
err-guild-only = Gin-Partien werden in Server-Kanälen gespielt.
err-not-here = Das geht nur in Servern, die Gin hinzugefügt haben. Hier kannst du deine Freunde herausfordern (/gin start), gegen den Bot üben, den Kartentisch öffnen (/gin play) und die Partien von hier ansehen (/gin leaderboard, /gin stats, /gin history).
err-not-here-bot-dm = Das geht nur in Servern, die Gin hinzugefügt haben. Hier kannst du gegen den Bot üben und deine Übungspartien ansehen (/gin history).
err-challenge-bot-dm = Deinen DM mit dem Bot sieht sonst niemand: Fordere deine Freunde dort heraus, wo du mit ihnen schreibst. Hier kannst du gegen den Bot üben.
err-self-challenge = Du kannst dich nicht selbst herausfordern.
err-bot-challenge = Bots können keine Herausforderungen annehmen.
err-same-opponent = Gib zwei verschiedene Gegner an.
err-you-busy = Du hast in diesem Kanal schon eine Partie oder eine offene Herausforderung.
err-opponent-busy = Dieser Spieler hat in diesem Kanal schon eine Partie oder eine offene Herausforderung.
err-bad-option = Eine der Optionen konnte ich nicht lesen (eine unbekannte Auswahl oder ein Nutzer, den Discord nicht fand). Bitte führe den Befehl noch einmal aus.
err-already-playing = Einer von euch hat inzwischen eine andere Partie in diesem Kanal begonnen: spielt zuerst die zu Ende.
err-declined-recently = { $player } hat deine letzten Herausforderungen abgelehnt. In { $minutes ->
    [one] einer Minute
   *[other] { $minutes } Minuten
} kannst du { $player } wieder herausfordern; { $player } kann dich aber jederzeit herausfordern.
err-slow-down = Langsam! Du schickst gerade sehr viel in kurzer Zeit: warte ein paar Sekunden und versuch es dann noch einmal. Es wurde nichts ausgeführt.
err-target-range = Das Ziel muss zwischen 10 und 500 Punkten liegen.
err-rounds-range = Die Zahl der Runden muss zwischen 1 und 50 liegen.
err-not-challenged = Diese Herausforderung gilt nicht dir.
err-challenge-closed = Diese Herausforderung wurde bereits beantwortet oder ist abgelaufen.
err-no-match-here = Du hast in diesem Kanal keine Partie.
err-not-your-turn = Du bist nicht dran.
err-upcard-pending = Nimm zuerst die aufgedeckte Karte oder passe.
err-stock-only = Beide haben die aufgedeckte Karte abgelehnt: Zieh vom Stapel.
err-must-draw = Zieh zuerst eine Karte.
err-must-discard = Du hast schon gezogen: Wirf eine Karte ab oder klopfe.
err-must-knock = Du hast die letzte Karte genommen, um zu klopfen: Klopfe jetzt.
err-empty-pile = Der Ablagestapel ist leer.
err-card-not-in-hand = Diese Karte hast du nicht auf der Hand.
err-rediscard = Du kannst nicht die Karte abwerfen, die du gerade vom Ablagestapel genommen hast.
err-knock-limit = Zum Klopfen darfst du höchstens { $limit } Totholz haben; mit diesem Abwurf bleiben { $deadwood }.
err-fiftieth-pending = Nimm den letzten Abwurf, um zu klopfen, oder passe.
err-fiftieth-useless = Mit dieser Karte könntest du nicht klopfen.

## Die Rangliste
board-title = 🏆 **Rangliste** · { $sort } · { $period } · { $format } · Seite { $page }/{ $pages }
board-row = `#{ $rank }` **{ $player }** { $value } · { $played } { $played ->
    [one] Partie
   *[other] Partien
}, { $wins } gewonnen
board-you = { $player }: { $line }
board-you-unranked = { $player } steht noch nicht in dieser Rangliste.
board-empty = Für diese Rangliste zählt noch keine Partie.
board-sort-net = Nettopunkte
board-sort-wins = Siege
board-sort-winrate = Siegquote (mindestens 5 Partien)
board-sort-gins = Gins
board-sort-rating = Wertung
board-period-all = gesamt
board-period-30 = letzte 30 Tage
board-period-7 = letzte 7 Tage
board-format-any = alle Partien
board-format-two = zu zweit
board-format-three = zu dritt
button-previous = ◀ Zurück
button-next = Weiter ▶
stats-none = { $player } hat hier noch keine beendete Partie.
stats-none-everywhere = { $player } hat noch keine beendete Partie.
stats-title = 📊 **{ $player }**
stats-title-everywhere = 📊 **{ $player }**, überall, wo du gespielt hast ({ $places ->
    [one] ein Server oder Chat
   *[other] { $places } Server und Chats
})
stats-matches = Partien: { $played } · gewonnen { $won } · verloren { $lost } · Siegquote { $rate } · gegen den Bot { $ai }
stats-points = Nettopunkte: { $net } · höchster Partiegewinn: { $biggest }
stats-hands = Gewonnene Runden: { $hands } · Gins: { $gins } · Klopfen: { $knocks }
stats-undercuts = Unterboten: { $given } · selbst unterboten: { $suffered }
stats-deadwood = Durchschnittliches Totholz beim Klopfen: { $average }
stats-streak-rating = Aktuelle Serie: { $streak } · Wertung: { $rating }
stats-streak-wins = { $count } gewonnen
stats-streak-losses = { $count } verloren
stats-unrated = noch keine Wertung
stats-streak-everywhere = Aktuelle Serie: { $streak } · Wertungen gibt es je Server und Chat
history-none = { $player } hat hier noch keine beendete Partie.
history-title = 📜 **Letzte Partien von { $player }**
history-row = `{ $n }.` { $date } gegen { $opponents }: { $result } ({ $how }) { $net }
history-won = gewonnen
history-lost = verloren
history-finished = ausgespielt
history-resigned = aufgegeben
history-forfeited = Zeit überschritten
history-cancelled = abgebrochen
button-sheet = Blatt { $n }
sheet-title = 🧾 **Punkteblatt der Partie { $id }** ({ $how }); * markiert den Gewinner der Runde
sheet-knock = Klopfen
sheet-gin = Gin
sheet-undercut = Unterboten
sheet-dead = tote Runde
sheet-lines = Boxen
sheet-box-bonus = Box+
sheet-game-bonus = Spiel
sheet-final = Summe
sheet-net = Netto
cancelled = 🛑 Die Partie wurde von { $player } abgebrochen: sie wird nicht gewertet.
err-moderators-only = Das können nur Moderatoren (Server verwalten).
err-nothing-to-cancel = Hier läuft keine Partie, die man abbrechen könnte.
err-cancel-which = Hier laufen mehrere Partien: nenne einen Spieler der abzubrechenden.
ai-name = { $bot } (Bot, { $level })

## Rommé: Befehle
cmd-rummy = Rommé (Basic Rummy) mit 2 bis 6 Spielern spielen
cmd-rummy-name = romme
cmd-rummy-start = Einen bis fünf Spieler zu einer Partie Rommé herausfordern
cmd-rummy-start-name = starten
cmd-rummy-start-opponent = Wen du herausforderst
cmd-rummy-start-opponent-name = gegner
cmd-rummy-start-opponent2 = Ein zweiter Gegner
cmd-rummy-start-opponent2-name = gegner2
cmd-rummy-start-opponent3 = Ein dritter Gegner
cmd-rummy-start-opponent3-name = gegner3
cmd-rummy-start-opponent4 = Ein vierter Gegner
cmd-rummy-start-opponent4-name = gegner4
cmd-rummy-start-opponent5 = Ein fünfter Gegner
cmd-rummy-start-opponent5-name = gegner5
cmd-rummy-start-target = Punkte zum Sieg der Partie (10 bis 500, Standard 100)
cmd-rummy-start-target-name = ziel
cmd-rummy-start-rounds = Die Partie spätestens nach so vielen Runden beenden (1 bis 50)
cmd-rummy-start-rounds-name = runden
cmd-rummy-start-multiple_melds = Mehrere Meldungen pro Zug erlauben (Standard: eine)
cmd-rummy-start-multiple_melds-name = mehrere_meldungen
cmd-rummy-start-layoff_after_meld = Anlegen erst nach der eigenen ersten Meldung (Standard: aus)
cmd-rummy-start-layoff_after_meld-name = anlegen_nach_meldung
cmd-rummy-start-aces_high = Ass hoch oder niedrig: D-K-A ist eine Folge, ein Ass zählt 15 (Standard: aus)
cmd-rummy-start-aces_high-name = ass_hoch
cmd-rummy-start-discard_to_go_out = Die letzte Karte muss abgeworfen werden (Standard: aus)
cmd-rummy-start-discard_to_go_out-name = abwerfen_zum_rausgehen
cmd-rummy-start-hand_rummy = In einem Zug raus (Standard: Die Runde zählt doppelt)
cmd-rummy-start-hand_rummy-name = romme_bonus
cmd-rummy-start-reshuffle = Den Ablagestapel mischen, wenn er zum Stapel wird (Standard: aus)
cmd-rummy-start-reshuffle-name = neu_mischen
choice-double = zählt doppelt
choice-plus10 = 10 Extrapunkte
choice-off = kein Bonus
cmd-rummy-practice = Spiele Rommé gegen den Bot, der alle anderen Plätze einnimmt
cmd-rummy-practice-name = training
cmd-rummy-practice-players = Spieler am Tisch, du eingeschlossen (2 bis 6, Standard 2)
cmd-rummy-practice-players-name = spieler
cmd-rummy-practice-level = Wie stark der Bot spielt (Standard: mittel)
cmd-rummy-practice-level-name = stufe
cmd-rummy-practice-target = Punkte zum Sieg der Partie (10 bis 500, Standard 100)
cmd-rummy-practice-target-name = ziel
cmd-rummy-rules = Wie Rommé hier gespielt wird
cmd-rummy-rules-name = regeln
choice-rummy = Rommé
board-format-rummy = Rommé
sheet-out = raus
sheet-hand-rummy = Rommé!
err-player-count = Gin geht mit einem oder zwei Gegnern (Hollywood: einem), Partnership- und Team-Gin mit dreien (nenne deinen Partner mit `partner` oder drei Spieler: der zweite ist dein Partner), Rommé mit einem bis fünf.

## Rommé: Herausforderung und Tisch (öffentlich)
rummy-challenge-text = 🂡 { $challenger } fordert { $opponents } zu einer Partie Rommé heraus ({ $goal }). Alle müssen innerhalb von { $minutes } Minuten annehmen.
rummy-table-title = 🂡 **Rommé** · { $players } Spieler · { $goal } · Runde { $hand }
rummy-goal = { $target } Punkte zum Sieg
rummy-goal-rounds = { $target } Punkte zum Sieg oder { $rounds } Runden
rummy-seat = **{ $player }** { $total ->
    [one] 1 Punkt
   *[other] { $total } Punkte
} · { $count ->
    [one] 1 Karte
   *[other] { $count } Karten
}
rummy-stock-turned = Der Stapel war { $passes ->
    [one] einmal
   *[other] { $passes }-mal
} leer; beim { $max }. Mal endet die Runde ohne Wertung.
rummy-melds-title = Meldungen auf dem Tisch:
rummy-meld-line = `{ $n }.` { $player }: { $cards }
rummy-no-melds = Noch keine Meldungen auf dem Tisch.
rummy-act-meld = { $player } hat { $cards } ausgelegt.
rummy-act-layoff = { $player } hat { $card } an Meldung { $n } angelegt.
rummy-prompt-play = ➡️ { $player }: Auslegen, anlegen, dann abwerfen.
rummy-prompt-draw-stock = ➡️ { $player }: Zieh vom Stapel.

## Rommé: deine Karten (nur du siehst sie)
rummy-hand-title = **Deine Karten** · Rommé, Runde { $hand } · { $count ->
    [one] 1 Karte
   *[other] { $count } Karten
}
rummy-you-draw = Du bist dran: Zieh vom Stapel oder nimm { $card }.
rummy-you-draw-stock = Du bist dran: Zieh vom Stapel.
rummy-you-play = Du bist dran: Auslegen, anlegen, dann abwerfen. Die Menüs bieten nur an, was die Regeln gerade erlauben.
rummy-menu-meld = Satz oder Folge auslegen…
rummy-menu-layoff = Eine Karte anlegen…
rummy-menu-discard = Abwerfen…
rummy-menu-cut = Es sind mehr Züge möglich, als ein Menü fasst ({ $max }): Angeboten werden die längsten Meldungen und jede Karte, die sich anlegen lässt.
rummy-option-layoff = { $card } → Meldung { $n } ({ $player }: { $cards })

## Rommé: Ende einer Runde und der Partie (öffentlich)
rummy-out = 🎉 **Runde { $hand }: { $player } ist raus** und erhält **{ $points }**.
rummy-out-hand-rummy = 🎉 **Runde { $hand }: { $player } ist in einem Zug raus, Rommé!** und erhält **{ $points }**.
rummy-left = { $player } bleibt auf { $cards } sitzen ({ $count ->
    [one] 1 Karte
   *[other] { $count } Karten
}) = { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
}
rummy-exhausted = 💤 **Runde { $hand } endet ohne Wertung**: Der Stapel war zu oft leer.
rummy-end-title = 🏆 **{ $players } { $count ->
    [one] gewinnt die Partie Rommé!
   *[other] teilen sich den Sieg in der Partie Rommé!
}**
rummy-end-line = **{ $player }**: { $total ->
    [one] 1 Punkt
   *[other] { $total } Punkte
}

## Rommé: Regeln
rummy-rules-double = Die Runde zählt doppelt
rummy-rules-bonus10 = 10 Extrapunkte
rummy-rules-target = { $target } Punkte gewinnen die Partie
rummy-rules-rounds = die Partie endet nach { $rounds } Runden, oder früher, wenn jemand { $target } Punkte erreicht
rummy-rules-text = **Regeln: Rommé (Basic Rummy)**, 2 bis 6 Spieler: je 10 Karten zu zweit, 7 zu dritt oder viert, 6 zu fünft oder sechst.
    • Wer dran ist, zieht vom Stapel oder nimmt die oberste Karte des Ablagestapels, legt einen Satz (3 oder 4 gleiche Werte) oder eine Folge (3 oder mehr einer Farbe) aus, legt Karten an beliebige Meldungen an und wirft dann ab. Eine vom Ablagestapel genommene Karte darf nicht im selben Zug abgeworfen werden.
    • Wer alle Karten los ist, ist raus und erhält die Kartenwerte der anderen Hände (Ass 1, Bilder 10, sonst der Zahlenwert); { $end }.
    • Mehrere Meldungen pro Zug: { $multiple } · anlegen erst nach der eigenen ersten Meldung: { $first } · Ass hoch oder niedrig (D-K-A, Ass 15): { $aces } · die letzte Karte muss abgeworfen werden: { $discard } · in einem Zug raus (Rommé): { $rummy } · leerer Stapel: Der Ablagestapel wird umgedreht (gemischt: { $shuffle }); nach { $passes } Mal endet die Runde ohne Wertung.
    • Herausfordern mit `/romme starten`, gegen den Bot mit `/romme training spieler:4`; `/gin hand` und `/gin aufgeben` gelten auch für Rommé.
err-rummy-already-drawn = Du hast schon gezogen: Auslegen, anlegen oder abwerfen.
err-rummy-not-a-meld = Diese Karten sind weder Satz noch Folge.
err-rummy-one-meld = Eine Meldung pro Zug: Jetzt anlegen oder abwerfen.
err-rummy-no-such-meld = Diese Meldung liegt nicht auf dem Tisch.
err-rummy-does-not-extend = Diese Karte passt nicht an diese Meldung.
err-rummy-layoff-first = Anlegen erst nach deiner ersten eigenen Meldung.
err-rummy-rediscard = Die vom Ablagestapel genommene Karte darf in diesem Zug nicht abgeworfen werden.
err-rummy-discard-to-go-out = Die letzte Karte muss abgeworfen werden: Behalte eine.
err-rummy-strand = Dann bliebe dir nur die vom Ablagestapel genommene Karte, die du in diesem Zug nicht abwerfen darfst.

## Wiederholungen
cmd-replay = Eine beendete Runde Schritt für Schritt, aus ihrem Seed und den Zügen nachgebaut
cmd-replay-name = wiederholung
cmd-replay-match = Die Nummer der Partie (aus /gin verlauf oder ihrem Punktezettel)
cmd-replay-match-name = partie
cmd-replay-hand = Welche Runde (Standard: die erste)
cmd-replay-hand-name = runde
replay-title = 🔁 **Wiederholung der Partie { $id }** · Runde { $hand } von { $hands } · Schritt { $step } von { $steps }
replay-previous-hand = ◀ Runde { $hand }
replay-next-hand = Runde { $hand } ▶
err-replay-in-play = Diese Partie läuft noch: Wiederholungen gibt es nur für beendete Partien.
err-replay-gin-only = Wiederholungen gibt es vorerst nur für Gin-Partien zu zweit und zu dritt.
err-played-elsewhere = Diese Partie wurde in einem anderen Kanal gespielt: Ihre Blätter kann man dort ansehen, oder ihre Spieler.
err-no-such-hand = Diese Partie hat keine solche beendete Runde.

## Export
cmd-export = Deine eigenen Partien als CSV-Datei
cmd-export-name = export
cmd-export-before = Nur Partien mit kleinerer Nummer (für die nächste Datei)
cmd-export-before-name = vor
cmd-ginmod-export = Die Partien des Servers als CSV-Datei
cmd-ginmod-export-name = export
cmd-ginmod-export-before = Nur Partien mit kleinerer Nummer (für die nächste Datei)
cmd-ginmod-export-before-name = vor
export-done = 📄 { $matches ->
    [one] 1 beendete Partie
   *[other] { $matches } beendete Partien
}, die neuesten zuerst: eine Zeile pro Partie und Spieler.
export-more = Ältere Partien: `{ $mine ->
    [yes] /gin export
   *[other] /ginmod export
} vor:{ $before }`.
export-none = Es gibt noch keine beendeten Partien zum Exportieren.

## Vier Spieler: Partnership Gin und Team Gin (RULES.md Abschnitt 11)
cmd-start-opponent3 = Ein dritter Spieler, für Partnership oder Team Gin
cmd-start-opponent3-name = gegner3
cmd-start-mode = Vier Spieler in zwei Teams: Partnership Gin oder Team Gin mit Kartentausch
cmd-start-mode-name = modus
cmd-start-partner = Dein Partner in einem Spiel zu viert (sitzt dir gegenüber)
cmd-start-partner-name = partner
cmd-practice-mode = Zu viert: du und ein KI-Partner gegen zwei KI-Spieler
cmd-practice-mode-name = modus
choice-partnership = Partnership Gin
choice-team = Team Gin
mode-partnership = Partnership Gin
mode-team = Team Gin mit Kartentausch
board-format-partnership = Partnership Gin
board-format-team = Team Gin
challenge-teams = { $mode }: { $first } gegen { $second }.
pship-title = 🃏 **Partnership Gin** · { $preset } · { $target } Punkte · Runde { $hand }
pship-table = **Tisch { $table }**: { $first } gegen { $second } · Geber { $dealer }
pship-table-waits = Tisch { $table } ist fertig und wartet auf den anderen Tisch.
pship-table-done = Dein Tisch ist fertig: Die Runde endet, wenn auch der andere Tisch fertig ist.
pship-commitments = Mischungs-Zusagen (SHA-256 des Seeds jedes Tisches, nach der Runde aufgedeckt): Tisch 1 `{ $first }` · Tisch 2 `{ $second }`
pship-hand-over = 🏁 **Runde { $hand } ist an beiden Tischen zu Ende.**
pship-table-result = __Tisch { $table }__
pship-table-short = Tisch { $table }:
pship-scores-sum = **{ $team } gewinnen beide Tische und schreiben { $points }.**
pship-scores-difference = **{ $team } schreiben die Differenz, { $points }.**
pship-scores-nothing = Beide Teams haben gleich viel: In dieser Runde schreibt niemand.
teams-end-note = Im Ergebnisbuch zählt für jeden Spieler das Ergebnis seines Teams: { $team } gewinnen.
team-title = 🃏 **Team Gin** · { $preset } · { $target } Punkte · Runde { $hand }
team-dealer = Geber: { $player } · Karten: { $holds }
team-swaps = Karten getauscht in dieser Runde: { $count }-mal
team-act-upcard = { $player } hat die aufgedeckte Karte { $card } genommen.
team-act-pile = { $player } hat { $card } vom Ablagestapel genommen.
team-act-swap = { $player } hat { $partner } verdeckt eine Karte gegeben.
team-act-return = { $player } hat { $partner } verdeckt eine Karte zurückgegeben.
team-prompt-draw-stock = ➡️ { $player }: Alle vier haben die aufgedeckte Karte abgelehnt, zieh vom Stapel.
team-prompt-turn = ➡️ { $player }: Wirf eine Karte ab, klopfe oder tausche vorher eine Karte mit deinem Partner.
team-prompt-return = ➡️ { $player }: { $partner } hat dir eine Karte gegeben; gib eine zurück.
team-hand-title = **Deine Karten** · Team Gin, Runde { $hand } · mit { $partner } gegen { $opponents }
team-partner-cards = { $partner } (dein Partner): { $cards } · Restpunkte { $deadwood }
team-wait-return = Du hast { $partner } { $card } gegeben: Warten auf eine Karte zurück.
team-you-return = { $partner } hat dir { $card } gegeben: Wähle die Karte, die du zurückgibst (auch dieselbe).
team-you-swap = Tauschen: Wähle die Karte, die du deinem Partner verdeckt gibst.
team-you-discard-or-swap = Du bist dran: Wirf eine Karte ab oder tausche vorher eine mit deinem Partner.
team-button-swap = Tauschen…
err-team-swapped = Du hast in diesem Zug schon getauscht: Wirf eine Karte ab oder klopfe.
err-team-swap-pending = Dein Partner wählt gerade die Karte, die du zurückbekommst: Einen Moment bitte.
err-team-no-swap-now = Getauscht wird nach dem Ziehen und vor dem Abwerfen.
err-team-no-swap = Es wartet kein Tausch auf deine Antwort.
team-showdown-gin = 🎉 **Runde { $hand }: Team-Gin!** { $knocker } legt für { $team } ab, gegen { $defenders }.
team-showdown-knock = ✊ **Runde { $hand }: { $knocker } klopft** für { $team } gegen { $defenders }.
team-showdown-undercut = 🔄 **Runde { $hand }: { $knocker } klopft für { $team } und wird unterboten** von { $defenders }.
team-layoff = { $player } legt { $card } an { $meld } von { $owner } an.
team-deadwood = Restpunkte: { $team } { $knocking } · { $defenders } { $defending }
team-score = **{ $team } schreiben { $points }.**
rules-partnership = **Partnership Gin** (vier Spieler, zwei Teams): In jeder Runde spielt jeder eine gewöhnliche Runde zu zweit gegen einen Spieler des anderen Teams, an zwei Tischen mit zwei Kartenspielen gleichzeitig; die Gegner wechseln jede Runde. Sind beide Tische fertig: Gewinnt ein Team beide, schreibt es die Summe; gewinnt jedes Team einen Tisch, schreibt das höhere Ergebnis die Differenz. Ziel standardmäßig 125; Boni und Abrechnung gelten für die Teams.
rules-team = **Team Gin mit Kartentausch** (vier Spieler, zwei Teams): sieben Karten für jeden, gespielt wird im Uhrzeigersinn ab links vom Geber; die aufgedeckte Karte wird reihum angeboten. Du siehst die Karten deines Partners. Nach dem Ziehen darfst du einmal tauschen: Gib deinem Partner verdeckt eine Karte und erhalte eine beliebige zurück. Geklopft wird mit den eigenen Restpunkten; beim Aufdecken zählen beide Blätter jedes Teams; die Verteidiger legen nur bei klopfenden Spielern mit Restpunkten an. Team-Gin: Gin-Bonus + Restpunkte der Verteidiger; Klopfen: die Differenz; Unterbieten: die Differenz + Unterbietungsbonus für die Verteidiger. Bei zwei Karten im Stapel endet die Runde ohne Wertung.
rules-seating = Partner sitzen sich gegenüber: Nenne in `/gin start` deinen Partner mit `partner` und die beiden anderen als Gegner, oder nenne drei Spieler in Sitzordnung (der zweite ist dein Partner).
cmd-rules-mode = Einen Modus zu viert erklären: Partnership Gin oder Team Gin
cmd-rules-mode-name = modus
teams-end-title = 🏆 **{ $player } gewinnen die Partie!**
teams-end-resigned = { $player } haben aufgegeben.
teams-end-payment = { $payer } zahlen an { $payee } **{ $amount }**.
table-clock = ⏳ Erinnerung { $remind } · ohne Zug verloren { $forfeit }
button-rematch = Revanche
err-rematch-in-play = Diese Partie läuft noch.
err-nothing-to-watch = Hier läuft keine Partie, die du ansehen könntest.
cmd-watch = Den Tisch einer Partie in diesem Kanal zeigen, nur für dich
cmd-watch-name = zuschauen
cmd-watch-player = Wessen Partie (Standard: die neueste hier)
cmd-watch-player-name = spieler
cmd-settings = Die Einstellungen des Servers ändern
cmd-gin-settings = Die Einstellungen des Servers (Moderatoren ändern sie mit /ginmod einstellungen)
cmd-gin-settings-name = einstellungen
cmd-settings-name = einstellungen
cmd-settings-preset = Standard-Regelvariante neuer Partien
cmd-settings-preset-name = variante
cmd-settings-target = Standard-Punktzahl zum Sieg (10 bis 500)
cmd-settings-target-name = ziel
cmd-settings-channels = Wo Partien beginnen dürfen: Kanal-Erwähnungen oder „everywhere“
cmd-settings-channels-name = kanaele
cmd-settings-reminder_minutes = Minuten ohne Zug bis zur Erinnerung (1 bis 1440)
cmd-settings-reminder_minutes-name = erinnerung_minuten
cmd-settings-forfeit_hours = Stunden ohne Zug bis zur Aufgabe (1 bis 168)
cmd-settings-forfeit_hours-name = aufgabe_stunden
cmd-settings-ai_delay_ms = Die Pause des Bots vor seinen Zügen in ms (0 bis 10000)
cmd-settings-ai_delay_ms-name = ki_pause_ms
cmd-settings-language = Sprache öffentlicher Nachrichten (Standard: die des Servers)
cmd-settings-language-name = sprache
cmd-settings-reset = Zuerst zurück zu den Standardwerten des Bots
cmd-settings-reset-name = zuruecksetzen
cmd-settings-cards = Wie öffentliche Nachrichten Karten zeigen: Bilder (Standard) oder Text
cmd-settings-cards-name = karten
cmd-cards = Wie deine eigenen Hand-Nachrichten Karten zeigen: Bilder oder Text
cmd-cards-name = karten
cmd-cards-look = Bilder, Bilder in vier Farben oder Text (Standard: Bilder)
cmd-cards-look-name = darstellung
choice-pictures = Bilder
choice-four-colour = Bilder in vier Farben
choice-text = Text
choice-server = die Sprache des Servers
choice-english = English
choice-deutsch = Deutsch
settings-changed = ✅ Einstellungen gespeichert. Neue Partien verwenden sie; laufende behalten ihre Regeln.
settings-text = ⚙️ **Einstellungen dieses Servers**
    • Regeln: { $preset } · Ziel: { $target }
    • Partien beginnen: { $channels }
    • Erinnerung nach { $reminder } Min. · Aufgabe nach { $forfeit } Std. · der Bot wartet { $delay } ms
    • Öffentliche Sprache: { $language } · Karten: { $cards }
    Moderatoren (Server verwalten) ändern sie mit `/ginmod einstellungen`; die Integrationsseite des Servers kann zudem festlegen, wer welchen Befehl nutzen darf.
settings-everywhere = in jedem Kanal
settings-server-language = die des Servers
settings-preset-target = das der Variante
err-channel-not-allowed = Partien werden auf diesem Server nur in den Spielkanälen gestartet (siehe `/gin settings`).
err-setting-target = Das Ziel muss zwischen 10 und 500 Punkten liegen. Nichts wurde geändert.
err-setting-reminder = Die Erinnerung muss nach 1 bis 1.440 Minuten kommen. Nichts wurde geändert.
err-setting-forfeit = Die Aufgabe muss nach 1 bis 168 Stunden kommen, und nach der Erinnerung. Nichts wurde geändert.
err-setting-ai-delay = Die Pause des Bots muss 0 bis 10.000 ms betragen. Nichts wurde geändert.
err-setting-channels = Nenne die Kanäle als Erwähnungen (#kanal) oder IDs, höchstens 25, oder sage „everywhere“. Nichts wurde geändert.
cmd-leaderboard-season = Eine Saison nach Name oder Nummer (Standard: die laufende)
cmd-leaderboard-season-name = saison
cmd-season = Die laufende Saison beenden und die nächste beginnen: Ranglisten und Wertungen von vorn
cmd-season-name = saison
cmd-season-opt-name = Der Name der neuen Saison (Standard: Saison n)
cmd-season-opt-name-name = name
season-name = Saison { $n }
season-started = 🏁 **{ $ended } ist vorbei; { $started } beginnt.** Ranglisten und Wertungen beginnen von vorn; so endete { $ended }.
board-season = Saison: **{ $season }**
err-no-such-season = Hier gibt es keine Saison mit diesem Namen oder dieser Nummer (oder ein anderer Moderator hat gerade eine begonnen).
err-season-name = Der Name einer Saison braucht 1 bis 50 Zeichen in einer Zeile, mindestens eines davon sichtbar. Es wurde nichts geändert.

## Bilder: das Bild des Showdowns und das Statistik-Diagramm
pic-gin = { $player } macht Gin
pic-knocks = { $player } klopft · Totholz { $deadwood }
pic-defends = { $player } · Totholz { $deadwood }
pic-scores = { $player } erhält { $points }
chart-rating = Wertung
chart-net = Nettopunkte
chart-matches = { $count ->
    [one] Letztes Match
   *[other] Letzte { $count } Matches
}
chart-rating-trend = Wertung von { $from } auf { $to }
chart-rating-none = noch keine Wertung gespeichert
chart-description = Diagramm von { $player }, { $count ->
    [one] letztes Match
   *[other] letzte { $count } Matches
}: { $rating }; Nettopunkte { $net }.
cards-now = Deine Hand-Nachrichten zeigen Karten als: **{ $look }**.
cards-changed = Erledigt: Deine Hand-Nachrichten zeigen Karten jetzt als **{ $look }**.
cards-look-pictures = Bilder
cards-look-four-colour = Bilder in vier Farben (♦ blau, ♣ grün)
cards-look-text = Text

## Der Trainer (Übungspartien: der Zug der starken KI für deine Karten, und warum)
button-hint = Tipp
err-no-hint = Tipps gibt es in Übungspartien gegen den Bot, wenn du einen Zug zu wählen hast.
hint-take-meld = Nimm { $card }, die Karte passt in eine Meldung: Totholz { $before } → { $after } nach deinem Abwurf.
hint-take = Nimm { $card }: Totholz { $before } → { $after } nach deinem Abwurf.
hint-pass = Passen: Mit { $card } bliebe bestenfalls Totholz { $after } (jetzt { $before }).
hint-pass-better = Passen: { $card } senkte dein Totholz von { $before } auf { $after }, zeigte aber dem Gegner, was du sammelst; die starke KI erwartet vom Stapel mehr.
hint-stock = Zieh vom Stapel: Mit { $card } bliebe bestenfalls Totholz { $after } (jetzt { $before }).
hint-stock-better = Zieh vom Stapel: { $card } senkte dein Totholz von { $before } auf { $after }, zeigte aber dem Gegner, was du sammelst; die starke KI erwartet vom Stapel mehr.
hint-discard-loose = Wirf { $card } ab, die Karte ist in keiner Meldung und hat keine Nachbarkarte: Totholz { $after }.
hint-discard = Wirf { $card } ab: Das lässt am wenigsten Totholz, { $after }.
hint-discard-keep = Wirf { $card } ab: Totholz { $after } ({ $least } wäre möglich), aber deine übrigen Karten ergänzen sich besser, oder { $card } hilft dem Gegner weniger.
hint-play-on = Wirf { $card } ab und spiel weiter: Jetzt zu klopfen ergäbe Totholz { $knock }, aber Gin oder ein sichereres Klopfen ist hier mehr wert; Totholz { $after }.
hint-knock = Klopfen, { $card } abwerfen: Totholz { $deadwood }.
hint-gin = Gin, { $card } abwerfen!
sheet-hints = Tipps

## /tournament: the command's texts
cmd-tournament = Turniere: Schweizer System, K.-o. oder Jeder gegen jeden
cmd-tournament-name = turnier
cmd-tournament-create = Ein Turnier in diesem Kanal anlegen (Server verwalten)
cmd-tournament-create-name = anlegen
cmd-tournament-create-opt-name = Der Name des Turniers (bis 60 Zeichen)
cmd-tournament-create-opt-name-name = name
cmd-tournament-create-format = Schweizer System, K.-o. oder Jeder gegen jeden
cmd-tournament-create-format-name = format
cmd-tournament-create-rounds = Nur Schweizer System: wie viele Runden (1 bis 30; Standard: genug für einen Sieger)
cmd-tournament-create-rounds-name = runden
cmd-tournament-create-signup_minutes = Minuten bis zum Anmeldeschluss und Start der 1. Runde (Standard 60)
cmd-tournament-create-signup_minutes-name = anmeldeminuten
cmd-tournament-create-round_minutes = Minuten je Runde, bevor untätige Spieler verlieren (Standard 1440)
cmd-tournament-create-round_minutes-name = rundenminuten
cmd-tournament-create-mode = Zweierteams: Partnership Gin oder Team Gin (Partner melden sich gemeinsam an)
cmd-tournament-create-mode-name = modus
cmd-tournament-create-preset = Regelvariante der Partien (Standard: die des Servers)
cmd-tournament-create-preset-name = variante
cmd-tournament-create-target = Punkte zum Gewinn jeder Partie (10 bis 500)
cmd-tournament-create-target-name = ziel
cmd-tournament-create-straight = Partien als Straight Gin (Standard: aus)
cmd-tournament-create-straight-name = straight
cmd-tournament-create-hollywood = Partien mit Hollywood-Wertung (Standard: aus)
cmd-tournament-create-hollywood-name = hollywood
cmd-tournament-join = Am Turnier dieses Kanals teilnehmen
cmd-tournament-join-name = teilnehmen
cmd-tournament-join-partner = Dein Partner in einem Teamturnier
cmd-tournament-join-partner-name = partner
cmd-tournament-leave = Vor dem Start vom Turnier dieses Kanals abmelden
cmd-tournament-leave-name = abmelden
cmd-tournament-start = Anmeldung schließen und die 1. Runde jetzt starten (Server verwalten)
cmd-tournament-start-name = starten
cmd-tournament-standings = Der Stand des Turniers in diesem Kanal
cmd-tournament-standings-name = stand
cmd-tournament-cancel = Das Turnier dieses Kanals absagen (Server verwalten)
cmd-tournament-cancel-name = absagen
cmd-tournament-disqualify = Einen Spieler und sein Team disqualifizieren (Server verwalten)
cmd-tournament-disqualify-name = disqualifizieren
cmd-tournament-disqualify-player = Wer disqualifiziert wird
cmd-tournament-disqualify-player-name = spieler
cmd-tournament-extend = Der laufenden Runde mehr Zeit geben (Server verwalten)
cmd-tournament-extend-name = verlaengern
cmd-tournament-extend-minutes = Zusätzliche Minuten (5 bis 10080)
cmd-tournament-extend-minutes-name = minuten
choice-swiss = Schweizer System
choice-knockout = K.-o.
choice-round_robin = Jeder gegen jeden
history-tournament = 🏆 { $name }, Runde { $round }
cmd-leaderboard-tournament = Nur die Partien dieses Turniers (sein Name oder seine Nummer)
cmd-leaderboard-tournament-name = turnier
err-no-such-tournament = Dieser Server hat kein Turnier mit diesem Namen oder dieser Nummer.
board-tournament = 🏆 Turnier: { $name }
reminder-at = ⏰ { $player }, du bist dran in dieser Turnierpartie. Drück am Tisch auf „Meine Karten“. Ohne Zug ist die Partie { $at } kampflos verloren (der Rundenschluss).
## Turniere: die öffentliche Nachricht des Turniers (sie pingt niemanden), die Beiträge
## daneben, der Tisch einer Turnierpartie und die Antworten auf die Turnierbefehle
tournament-title = 🏆 **{ $name }**
tournament-about = { $format } · { $game } · ausgerichtet von { $creator }
tournament-format-swiss = Schweizer System, { $rounds ->
    [one] 1 Runde
   *[other] { $rounds } Runden
}
tournament-format-swiss-open = Schweizer System (so viele Runden, wie das Teilnehmerfeld braucht)
tournament-format-knockout = K.-o.-System
tournament-format-round-robin = Jeder gegen jeden
tournament-game-gin = Gin Rummy ({ $preset })
tournament-game-straight = Straight Gin ({ $preset })
tournament-game-hollywood = Hollywood Gin ({ $preset })
tournament-game-partnership = Partnership Gin, Zweierteams ({ $preset })
tournament-game-team = Team Gin, Zweierteams ({ $preset })
tournament-game-rummy = Rommé ({ $preset })
tournament-signup = 📝 Die Anmeldung schließt { $closes }; dann beginnt Runde 1. Jede Runde dauert { $length }.
tournament-signup-teams = Teams melden sich mit `/turnier teilnehmen` an und nennen dabei den Partner; der Partner bestätigt dann mit **Mitmachen** (ein Team, das darauf wartet, ist mit ⏳ markiert).
tournament-minutes = { $count ->
    [one] 1 Minute
   *[other] { $count } Minuten
}
tournament-hours = { $count ->
    [one] 1 Stunde
   *[other] { $count } Stunden
}
tournament-days = { $count ->
    [one] 1 Tag
   *[other] { $count } Tage
}
tournament-entrants = **Angemeldet: { $count }**
tournament-no-entrants = Noch hat sich niemand angemeldet.
tournament-more = … und { $count } weitere
tournament-round = ⚔️ **Runde { $round } von { $rounds }** · endet { $deadline }
tournament-table = `{ $table }` { $first } gegen { $second }
tournament-table-won = `{ $table }` { $first } gegen { $second }: { $winner } gewinnt
tournament-table-forfeit = `{ $table }` { $first } gegen { $second }: { $winner } gewinnt, weil der Gegner nicht mehr spielte
tournament-table-walkover = `{ $table }` { $first } gegen { $second }: { $winner } gewinnt kampflos
tournament-table-waiting = `{ $table }` { $first } gegen { $second } (beginnt, sobald eine andere Partie eines der Spieler hier vorbei ist)
tournament-bye = `{ $table }` { $first } hat ein Freilos
tournament-standings = **Tabelle**
tournament-standing = `#{ $place }` { $name }: { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
} · Buchholz { $buchholz } · netto { $net }
tournament-out = (ausgeschieden)
tournament-bracket = **Turnierbaum**
tournament-bracket-round = Runde { $round }
tournament-quarter-finals = Viertelfinale
tournament-semi-finals = Halbfinale
tournament-final = Finale
tournament-beat = { $winner } schlägt { $loser }
tournament-beat-forfeit = { $winner } schlägt { $loser } (Zeitüberschreitung)
tournament-beat-walkover = { $winner } schlägt { $loser } (kampflos)
tournament-versus = { $first } gegen { $second }
tournament-advances = { $first } (Freilos)
tournament-final-standings = 🏁 **Abschlusstabelle**
tournament-winner = 🥇 Sieger: { $name }
tournament-cancelled = ❌ Dieses Turnier wurde abgesagt.
button-join = Mitmachen
button-leave = Abmelden
tournament-paired = 🏆 **{ $name }**: Runde { $round } von { $rounds } ist ausgelost und endet { $deadline }. Jede Partie bekommt ihren eigenen Tisch in diesem Kanal.
tournament-paired-more = 🏆 **{ $name }**, Runde { $round } (Fortsetzung)
tournament-over = 🏁 **{ $name }** ist vorbei. Herzlichen Glückwunsch, { $winner }!
tournament-called-off = ❌ **{ $name }** wurde abgesagt; die offenen Partien wurden abgebrochen.
tournament-too-few = ❌ **{ $name }** fällt aus: Es haben sich weniger als zwei Teilnehmer angemeldet.
tournament-table-event = 🏆 Turnierrunde { $round } · die Runde endet { $deadline }
tournament-joined = ✅ Du bist für **{ $name }** angemeldet. Deine Partien erscheinen in diesem Kanal, sobald die Runden beginnen.
tournament-left = 👋 Deine Anmeldung für **{ $name }** ist zurückgezogen.
tournament-started = ▶️ **{ $name }** hat begonnen: Die Tische der ersten Runde werden gerade aufgestellt.
tournament-cancelled-done = ❌ **{ $name }** ist abgesagt; die offenen Partien werden abgebrochen.
tournament-disqualified = 🚫 { $player } ist von **{ $name }** disqualifiziert; eine offene Partie gilt als kampflos verloren.
tournament-extended = ⏳ Die laufende Runde von **{ $name }** endet jetzt { $deadline }.
pic-bracket-winner = Sieger
pic-bracket-bye = Freilos
pic-bracket-description = Turnierbaum von { $name }: { $rounds }
err-no-tournament-here = In diesem Kanal ist kein Turnier offen.
err-tournament-exists = In diesem Kanal läuft schon ein Turnier: Es muss erst zu Ende gehen (oder abgesagt werden), bevor hier ein neues beginnt.
err-tournament-name = Der Name eines Turniers braucht 1 bis 60 Zeichen. Es wurde nichts geändert.
err-tournament-times = Die Anmeldung kann 1 Minute bis 7 Tage dauern, jede Runde 5 Minuten bis 7 Tage. Es wurde nichts geändert.
err-swiss-rounds = Ein Turnier im Schweizer System hat 1 bis 30 Runden. Es wurde nichts geändert.
err-cannot-post-here = In diesem Kanal kann ich kein Turnier ausrichten: Ich brauche hier die Berechtigungen „Kanal ansehen“ und „Nachrichten senden“ (und „Dateien anhängen“ für das Turnierbaum-Bild).
err-signup-closed = Die Anmeldung für dieses Turnier ist geschlossen.
err-partner-needed = Dieses Turnier ist für Zweierteams: Melde dich mit `/turnier teilnehmen` an und nenne deinen Partner.
err-partner-not-wanted = Dieses Turnier ist für einzelne Spieler: Melde dich ohne Partner an.
err-already-entered = Du (oder dein Partner) bist schon für dieses Turnier angemeldet.
err-not-entered = Du bist für dieses Turnier nicht angemeldet.
err-tournament-full = Dieses Turnier ist voll: Es nimmt höchstens 256 Teilnehmer auf.
err-tournament-running = Dieses Turnier hat schon begonnen.
err-too-few-entrants = Ein Turnier braucht mindestens 2 Teilnehmer, um zu beginnen.
err-tournament-not-running = Dieses Turnier hat noch nicht begonnen: Die Anmeldung läuft noch.
err-not-an-entrant = Dieser Spieler ist nicht in diesem Turnier.
err-already-out = Dieser Teilnehmer ist schon aus dem Turnier ausgeschieden.
err-tournament-match = Das ist eine Turnierpartie: Ein Moderator nutzt stattdessen `/turnier disqualifizieren` oder `/turnier absagen`.
tournament-awaiting-partner = 🤝 Dein Team ist für **{ $name }** angemeldet: Es nimmt teil, sobald { $partner } mit `/turnier teilnehmen` (oder **Mitmachen**) bestätigt.
tournament-confirmed = ✅ Dein Team nimmt an **{ $name }** teil.
tournament-called-off-signup = ❌ **{ $name }** wurde vor Beginn von einem Moderator abgesagt.
tournament-lost-called-off = ⚠️ Ich kann in { $channel } nicht mehr posten (kein Zugriff oder keine Berechtigung, oder der Kanal ist weg), darum wurde dein Turnier **{ $name }** abgesagt. Gib mir dort „Kanal ansehen“ und „Nachrichten senden“ und lege es dann neu an.
tournament-lost-ended = ⚠️ Ich kann in { $channel } nicht mehr posten (kein Zugriff oder keine Berechtigung, oder der Kanal ist weg), darum wurde das Ende deines Turniers **{ $name }** dort nicht gezeigt. `/turnier stand` zeigt es weiterhin.

## Der Kartentisch im Browser (die Activity): Hinweise des Bots
web-unauthorized = Deine Sitzung ist abgelaufen: Der Tisch meldet dich neu an.
web-rate-limited = Etwas langsamer bitte: zu viele Züge auf einmal.
web-stale = Der Tisch ist schon weiter; so steht er jetzt.
web-not-in-activity = Öffne den Tisch über die Activity in deinem Kanal.
web-not-present = Diese Person hat den Tisch hier nicht geöffnet.
web-cannot-post = Der Bot darf in diesem Kanal nicht schreiben.
web-unavailable = Discord antwortet gerade nicht: Der Tisch versucht es von selbst wieder.
web-owner-away = Der Bot startet für diesen Server gerade neu: Es wurde nichts geändert; versuche es gleich noch einmal.
cmd-play = Den Kartentisch (die Activity) in diesem Kanal öffnen
cmd-play-name = tisch
launch-off = Der Kartentisch ist bei diesem Bot nicht eingerichtet: Spiel mit den Knöpfen (`/gin start`).
launch-unavailable = Discord kann den Kartentisch hier nicht öffnen: Spiel mit den Knöpfen (`/gin start`).

## Der Kartentisch (die Activity): die Texte der Seite, ohne `activity-` geliefert
activity-connecting = Verbinde…
activity-reconnecting = Verbindung verloren, neuer Versuch in { $seconds } s…
activity-retrying = Neuer Versuch in { $seconds } s…
activity-left = Du bist nicht in dieser Activity: Öffne den Tisch über die Activity in deinem Kanal.
activity-retry = Nochmal versuchen
activity-auth-failed = Discord hat die Anmeldung am Tisch nicht erlaubt: { $text }
activity-start-failed = Der Tisch konnte nicht starten: { $text }
activity-no-match = In diesem Kanal läuft keine Partie. Starte eine hier oder mit /gin start, dann erscheint sie hier.
activity-watching = Du schaust zu
activity-present = Am Tisch: { $names }
activity-card = { $suit } { $rank }
activity-rank-A = Ass
activity-rank-2 = Zwei
activity-rank-3 = Drei
activity-rank-4 = Vier
activity-rank-5 = Fünf
activity-rank-6 = Sechs
activity-rank-7 = Sieben
activity-rank-8 = Acht
activity-rank-9 = Neun
activity-rank-T = Zehn
activity-rank-J = Bube
activity-rank-Q = Dame
activity-rank-K = König
activity-suit-S = Pik
activity-suit-H = Herz
activity-suit-D = Karo
activity-suit-C = Kreuz
activity-move-discard = { $card } abwerfen
activity-move-knock = Klopfen, { $card } verdeckt abwerfen
activity-move-gin = Gin, { $card } verdeckt abwerfen
activity-move-swap = { $card } deinem Partner geben
activity-move-return = { $card } deinem Partner zurückgeben
activity-move-take-upcard = Die aufgedeckte Karte { $card } nehmen
activity-move-draw-discard = { $card } vom Ablagestapel nehmen
activity-move-draw-stock = Vom Stapel ziehen
activity-move-pass = Passen
activity-move-meld = Melden: { $cards }
activity-move-layoff = { $card } an Meldung { $meld } anlegen
activity-knock-mode = Klopfen…
activity-knock-mode-gin = Gin…
activity-knock-mode-off = Doch nur abwerfen
activity-knock-hint = Wähle die Karte, die du verdeckt abwirfst.
activity-swap-mode = Tauschen…
activity-swap-mode-off = Nicht tauschen
activity-swap-hint = Wähle die Karte für deinen Partner.
activity-return-hint = Dein Partner hat dir eine Karte gegeben: wähle eine, die du zurückgibst.
activity-gin-label = Gin
activity-sort = Nach Meldungen sortieren
activity-stock = Stapel, { $count } Karten
activity-stock-count = { $count }
activity-pile = Ablagestapel, oben { $card }
activity-pile-empty = Ablagestapel, leer
activity-hand-label = Deine Karten, { $count } Stück
activity-deadwood = Totholz: { $points }
activity-meld-group = Meldung
activity-deadwood-group = Totholz
activity-cards-held = { $count } Karten
activity-took-from-pile = Vom Ablagestapel genommen
activity-dealer = Geber
activity-sits-out = Setzt diese Runde aus
activity-you-sit-out = Du hast diese Runde gegeben und setzt aus; die nächste spielst du.
activity-partner = Partner
activity-partner-hand = Karten von { $name }
activity-other-table = Anderer Tisch
activity-table-melds = Meldungen auf dem Tisch
activity-meld-of = Meldung { $n } ({ $name })
activity-score = Punkte
activity-team = { $a } & { $b }
activity-target = bis { $points }
activity-knock-limit = Klopfgrenze { $points }
activity-deal = Runde { $n }
activity-clock = Zugzeit: noch { $time }
activity-clock-reminder = Erinnerung um { $time }
activity-turn-you-upcard = Du bist dran: nimm die aufgedeckte Karte oder passe
activity-turn-you-draw = Du bist dran: zieh vom Stapel oder vom Ablagestapel
activity-turn-you-draw-stock = Du bist dran: zieh vom Stapel
activity-turn-you-discard = Du bist dran: wirf eine Karte ab
activity-turn-you-return = Du bist dran: gib deinem Partner eine Karte zurück
activity-turn-you-play = Du bist dran: melden, anlegen, dann abwerfen
activity-turn-you-fiftieth = Du bist dran: nimm die letzte Ablage zum Klopfen oder passe
activity-turn-other = { $name } ist dran
activity-turn-other-return = { $name } gibt eine Karte zurück
activity-hand-over = Die Runde ist vorbei
activity-match-over = Die Partie ist vorbei
activity-match-won = { $name } gewinnt die Partie
activity-match-cancelled = Die Partie wurde abgebrochen
activity-final-score = Endstand: { $scores }
activity-showdown = Aufdecken
activity-end-gin = { $name } macht Gin
activity-end-knock = { $name } klopft
activity-end-undercut = { $name } unterbietet { $knocker }
activity-end-dead = Tote Runde: niemand punktet
activity-end-out = { $name } geht aus
activity-end-hand-rummy = { $name } geht in einem Zug aus (Hand-Rummy)
activity-end-stock-exhausted = Der Stapel ist aufgebraucht: niemand punktet
activity-end-scores = { $name } erhält { $points } Punkte
activity-end-team-scores = { $name } erhalten { $points } Punkte
activity-gin-bonus = Gin-Bonus { $points }
activity-undercut-bonus = Unterbietungsbonus { $points }
activity-doubled = verdoppelt
activity-laid-off = angelegt von { $name }
activity-cards-left = Rest auf der Hand: { $points } Punkte
activity-refused = Nicht möglich: { $text }
activity-stale = Der Tisch ist weiter; hier ist der neue Stand.
activity-lobby = Eine Partie beginnen
activity-practice = Gegen den Bot üben
activity-challenge = { $name } herausfordern
activity-accept = Herausforderung von { $name } annehmen
activity-decline = Ablehnen
activity-last-hand = Die letzte Runde
activity-dismiss = Weiter
activity-four-colours = Vier Farben

## Gefälschte Klicks, und Befehle einer älteren Version (nur für die Person, die sie nutzt)
err-other-challenge = Dieser Button gehört zu einer anderen Herausforderung: Beantworte jede Herausforderung an ihrer eigenen Nachricht. Es wurde nichts geändert.
err-accept-in-chat = Diese Herausforderung wird an ihrer Nachricht im Chat beantwortet, nicht am Kartentisch. Es wurde nichts geändert.
err-match-elsewhere = Diese Partie wird in einem anderen Kanal gespielt: Spiel sie mit den Buttons dort. Es wurde nichts geändert.
err-command-renamed = Dieser Befehl heißt jetzt `/{ $command }`: Discord hat dir noch den alten gezeigt. Deine Befehlsliste zieht bald nach.
err-command-gone = Dieser Befehl stammt aus einer älteren Version des Bots und existiert nicht mehr. Deine Befehlsliste zieht bald nach: Tippe `/`, um die aktuellen zu sehen.
## Die Rangliste außerhalb von Servern (nur für die Person, die fragt)
err-servers-only-board = Saisons und Turniere gibt es nur auf Servern: Frag hier ohne saison und turnier.
err-own-figures-only = Die Zahlen von überall gehören jedem Spieler allein: Frag ohne spieler nach deinen, oder hier ohne überall nach seinen.
