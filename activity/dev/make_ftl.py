#!/usr/bin/env python3
"""Writes strings.ftl.txt: the page's texts in Fluent syntax, English (from src/strings.ts)
and German (below), for the bot's locales/en.ftl and locales/de.ftl. Run from activity/."""
import re

DE = {
    'connecting': 'Verbinde…',
    'reconnecting': 'Verbindung verloren, neuer Versuch in {seconds} s…',
    'auth-failed': 'Discord hat die Anmeldung am Tisch nicht erlaubt: {text}',
    'start-failed': 'Der Tisch konnte nicht starten: {text}',
    'no-match': 'In diesem Kanal läuft keine Partie. Starte eine mit den Befehlen des Bots, dann erscheint sie hier.',
    'watching': 'Du schaust zu',
    'present': 'Am Tisch: {names}',
    'card': '{suit} {rank}',
    'rank-A': 'Ass', 'rank-2': 'Zwei', 'rank-3': 'Drei', 'rank-4': 'Vier', 'rank-5': 'Fünf',
    'rank-6': 'Sechs', 'rank-7': 'Sieben', 'rank-8': 'Acht', 'rank-9': 'Neun', 'rank-T': 'Zehn',
    'rank-J': 'Bube', 'rank-Q': 'Dame', 'rank-K': 'König',
    'suit-S': 'Pik', 'suit-H': 'Herz', 'suit-D': 'Karo', 'suit-C': 'Kreuz',
    'move-discard': '{card} abwerfen',
    'move-knock': 'Klopfen, {card} verdeckt abwerfen',
    'move-gin': 'Gin, {card} verdeckt abwerfen',
    'move-swap': '{card} deinem Partner geben',
    'move-return': '{card} deinem Partner zurückgeben',
    'move-take-upcard': 'Die aufgedeckte Karte {card} nehmen',
    'move-draw-discard': '{card} vom Ablagestapel nehmen',
    'move-draw-stock': 'Vom Stapel ziehen',
    'move-pass': 'Passen',
    'move-meld': 'Melden: {cards}',
    'move-layoff': '{card} an Meldung {meld} anlegen',
    'knock-mode': 'Klopfen…',
    'knock-mode-gin': 'Gin…',
    'knock-mode-off': 'Doch nur abwerfen',
    'knock-hint': 'Wähle die Karte, die du verdeckt abwirfst.',
    'swap-mode': 'Tauschen…',
    'swap-mode-off': 'Nicht tauschen',
    'swap-hint': 'Wähle die Karte für deinen Partner.',
    'return-hint': 'Dein Partner hat dir eine Karte gegeben: wähle eine, die du zurückgibst.',
    'gin-label': 'Gin',
    'sort': 'Nach Meldungen sortieren',
    'stock': 'Stapel, {count} Karten',
    'stock-count': '{count}',
    'pile': 'Ablagestapel, oben {card}',
    'pile-empty': 'Ablagestapel, leer',
    'hand-label': 'Deine Karten, {count} Stück',
    'deadwood': 'Totholz: {points}',
    'meld-group': 'Meldung',
    'deadwood-group': 'Totholz',
    'cards-held': '{count} Karten',
    'took-from-pile': 'Vom Ablagestapel genommen',
    'dealer': 'Geber',
    'sits-out': 'Setzt diese Runde aus',
    'you-sit-out': 'Du hast diese Runde gegeben und setzt aus; die nächste spielst du.',
    'partner': 'Partner',
    'partner-hand': 'Karten von {name}',
    'other-table': 'Anderer Tisch',
    'table-melds': 'Meldungen auf dem Tisch',
    'meld-of': 'Meldung {n} ({name})',
    'score': 'Punkte',
    'team': '{a} & {b}',
    'target': 'bis {points}',
    'knock-limit': 'Klopfgrenze {points}',
    'deal': 'Runde {n}',
    'clock': 'Zugzeit: noch {time}',
    'clock-reminder': 'Erinnerung um {time}',
    'turn-you-upcard': 'Du bist dran: nimm die aufgedeckte Karte oder passe',
    'turn-you-draw': 'Du bist dran: zieh vom Stapel oder vom Ablagestapel',
    'turn-you-draw-stock': 'Du bist dran: zieh vom Stapel',
    'turn-you-discard': 'Du bist dran: wirf eine Karte ab',
    'turn-you-return': 'Du bist dran: gib deinem Partner eine Karte zurück',
    'turn-you-play': 'Du bist dran: melden, anlegen, dann abwerfen',
    'turn-you-fiftieth': 'Du bist dran: nimm die letzte Ablage zum Klopfen oder passe',
    'turn-other': '{name} ist dran',
    'turn-other-return': '{name} gibt eine Karte zurück',
    'hand-over': 'Die Runde ist vorbei',
    'match-over': 'Die Partie ist vorbei',
    'match-won': '{name} gewinnt die Partie',
    'match-cancelled': 'Die Partie wurde abgebrochen',
    'final-score': 'Endstand: {scores}',
    'showdown': 'Aufdecken',
    'end-gin': '{name} macht Gin',
    'end-knock': '{name} klopft',
    'end-undercut': '{name} unterbietet {knocker}',
    'end-dead': 'Tote Runde: niemand punktet',
    'end-out': '{name} geht aus',
    'end-hand-rummy': '{name} geht in einem Zug aus (Hand-Rummy)',
    'end-stock-exhausted': 'Der Stapel ist aufgebraucht: niemand punktet',
    'end-scores': '{name} erhält {points} Punkte',
    'end-team-scores': '{name} erhalten {points} Punkte',
    'gin-bonus': 'Gin-Bonus {points}',
    'undercut-bonus': 'Unterbietungsbonus {points}',
    'doubled': 'verdoppelt',
    'laid-off': 'angelegt von {name}',
    'cards-left': 'Rest auf der Hand: {points} Punkte',
    'refused': 'Nicht möglich: {text}',
    'stale': 'Der Tisch ist weiter; hier ist der neue Stand.',
}

src = open('src/strings.ts', encoding='utf-8').read()
block = src[src.index('export const EN'):src.index('\n};')]
EN = dict(re.findall(r"'([A-Za-z0-9-]+)': '((?:[^'\\]|\\.)*)'", block))
missing = set(EN) ^ set(DE)
assert not missing, f'en and de differ: {sorted(missing)}'

def ftl(text):
    return re.sub(r'\{(\w+)\}', r'{ $\1 }', text.replace("\\'", "'"))

out = ['# The Activity page (activity/src/strings.ts): served by /api/strings/{lang} without the',
       '# `activity-` prefix. Placeholders: { $name }.', '']
for lang, table in (('en', EN), ('de', DE)):
    out.append(f'## locales/{lang}.ftl')
    out += [f'activity-{k} = {ftl(table[k])}' for k in EN]
    out.append('')
open('strings.ftl.txt', 'w', encoding='utf-8').write('\n'.join(out))
print(len(EN), 'keys')
