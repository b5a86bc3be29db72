// The page's texts: English built in, the catalogue's (from `/api/strings/{lang}`) on top.
// Keys are the catalogue's without the `activity-` prefix; placeholders are `{name}`.

import type { Card } from './types';

export const EN: Record<string, string> = {
  'connecting': 'Connecting…',
  'reconnecting': 'Connection lost, reconnecting in {seconds} s…',
  'retrying': 'Trying again in {seconds} s…',
  'left': 'You are not in this Activity: open the table from the Activity in your channel.',
  'retry': 'Try again',
  'auth-failed': 'Discord did not let the table sign you in: {text}',
  'start-failed': 'The table could not start: {text}',
  'no-match': 'No match in this channel. Start one here or with /gin start, and it shows here.',
  'lobby': 'Start a match',
  'practice': 'Practise against the bot',
  'challenge': 'Challenge {name}',
  'accept': 'Accept {name}’s challenge',
  'decline': 'Decline',
  'last-hand': 'The last hand',
  'dismiss': 'Continue',
  'four-colours': 'Four colours',
  'watching': 'You are watching',
  'present': 'At the table: {names}',
  // Cards, in words for screen readers.
  'card': '{rank} of {suit}',
  'rank-A': 'ace', 'rank-2': 'two', 'rank-3': 'three', 'rank-4': 'four', 'rank-5': 'five',
  'rank-6': 'six', 'rank-7': 'seven', 'rank-8': 'eight', 'rank-9': 'nine', 'rank-T': 'ten',
  'rank-J': 'jack', 'rank-Q': 'queen', 'rank-K': 'king',
  'suit-S': 'spades', 'suit-H': 'hearts', 'suit-D': 'diamonds', 'suit-C': 'clubs',
  // Moves.
  'move-discard': 'Discard {card}',
  'move-knock': 'Knock, discarding {card}',
  'move-gin': 'Gin, discarding {card}',
  'move-swap': 'Give {card} to your partner',
  'move-return': 'Give {card} back to your partner',
  'move-take-upcard': 'Take the upcard {card}',
  'move-draw-discard': 'Take {card} from the discard pile',
  'move-draw-stock': 'Draw from the stock',
  'move-pass': 'Pass',
  'move-meld': 'Meld {cards}',
  'move-layoff': 'Lay off {card} on meld {meld}',
  'knock-mode': 'Knock…',
  'knock-mode-gin': 'Gin…',
  'knock-mode-off': 'Back to discarding',
  'knock-hint': 'Pick the card to discard face down.',
  'swap-mode': 'Swap…',
  'swap-mode-off': 'Don’t swap',
  'swap-hint': 'Pick the card to give your partner.',
  'return-hint': 'Your partner gave you a card: pick one to give back.',
  'gin-label': 'Gin',
  'sort': 'Sort into melds',
  // The table.
  'stock': 'Stock, {count} cards',
  'stock-count': '{count}',
  'pile': 'Discard pile, {card} on top',
  'pile-empty': 'Discard pile, empty',
  'hand-label': 'Your hand, {count} cards',
  'deadwood': 'Deadwood: {points}',
  'meld-group': 'Meld',
  'deadwood-group': 'Deadwood',
  'cards-held': '{count} cards',
  'took-from-pile': 'Took from the pile',
  'dealer': 'Dealer',
  'sits-out': 'Sits out this hand',
  'you-sit-out': 'You dealt this hand and sit it out; you play the next one.',
  'partner': 'Partner',
  'partner-hand': '{name}’s hand',
  'other-table': 'Other table',
  'table-melds': 'Melds on the table',
  'meld-of': 'Meld {n} ({name})',
  'score': 'Score',
  'team': '{a} & {b}',
  'target': 'to {points}',
  'knock-limit': 'Knock at {points} or less',
  'deal': 'Hand {n}',
  'clock': 'Turn clock: {time} left',
  'clock-reminder': 'reminder at {time}',
  // Whose turn (#status).
  'turn-you-upcard': 'Your turn: take the upcard or pass',
  'turn-you-draw': 'Your turn: draw from the stock or the discard pile',
  'turn-you-draw-stock': 'Your turn: draw from the stock',
  'turn-you-discard': 'Your turn: discard a card',
  'turn-you-return': 'Your turn: give a card back to your partner',
  'turn-you-play': 'Your turn: meld, lay off, then discard',
  'turn-you-fiftieth': 'Your turn: take the last discard to knock, or pass',
  'turn-other': '{name}’s turn',
  'turn-other-return': '{name} is giving a card back',
  'hand-over': 'The hand is over',
  'match-over': 'The match is over',
  'match-won': '{name} wins the match',
  'match-cancelled': 'The match was cancelled',
  'final-score': 'Final score: {scores}',
  // Showdown.
  'showdown': 'Showdown',
  'end-gin': '{name} goes gin',
  'end-knock': '{name} knocks',
  'end-undercut': '{name} undercuts {knocker}',
  'end-dead': 'Dead hand: nobody scores',
  'end-out': '{name} goes out',
  'end-hand-rummy': '{name} goes rummy in one turn',
  'end-stock-exhausted': 'The stock ran out: nobody scores',
  'end-scores': '{name} scores {points}',
  'end-team-scores': '{name} score {points}',
  'gin-bonus': 'gin bonus {points}',
  'undercut-bonus': 'undercut bonus {points}',
  'doubled': 'doubled',
  'laid-off': 'laid off by {name}',
  'cards-left': 'Left in hand: {points} points',
  // Notes.
  'refused': 'Not possible: {text}',
  'stale': 'The table moved on; here is the new state.',
};

let table: Record<string, string> = { ...EN };

/** Adds a game's own English texts (its page's) to the built-in ones. */
export function addEnglish(texts: Record<string, string>): void {
  Object.assign(EN, texts);
  table = { ...texts, ...table };
}

/** Lays the catalogue's texts over the built-in English ones. */
export function setStrings(s: Record<string, string>): void {
  table = { ...EN };
  for (const [k, v] of Object.entries(s)) if (typeof v === 'string') table[k] = v;
}

/** The text for `key` with `{name}` placeholders filled in. */
export function t(key: string, args: Record<string, string | number> = {}): string {
  const text = table[key] ?? EN[key] ?? key;
  return text.replace(/\{\s*\$?([a-z_-]+)\s*\}/gi, (m, name: string) =>
    name in args ? String(args[name]) : m,
  );
}

/** "seven of hearts": a card in words. */
export function cardName(c: Card): string {
  return t('card', { rank: t('rank-' + c[0]), suit: t('suit-' + c[1]) });
}

const SUIT_SYMBOL: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** "7♥": a card in short, for lists inside labels. */
export function cardShort(c: Card): string {
  return (c[0] === 'T' ? '10' : c[0]) + (SUIT_SYMBOL[c[1]] ?? c[1]);
}
