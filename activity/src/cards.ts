// Card pictures: the bot's art at `/cards/{deck}/{card}.png`, named in words for screen readers.

import { h } from './dom';
import { cardName, t } from './strings';
import type { Card } from './types';

/** The deck the player chose: `classic` (two colours) or `four` (a colour per suit), kept in
 * the browser. */
let deck: 'classic' | 'four' = readDeck();

function readDeck(): 'classic' | 'four' {
  try {
    return localStorage.getItem('gin-deck') === 'four' ? 'four' : 'classic';
  } catch {
    return 'classic';
  }
}

export function currentDeck(): 'classic' | 'four' {
  return deck;
}

/** Switches between the two decks (the table is drawn again by the caller). */
export function toggleDeck(): void {
  deck = deck === 'classic' ? 'four' : 'classic';
  try {
    localStorage.setItem('gin-deck', deck);
  } catch {
    // A browser without storage keeps the choice for this visit.
  }
}

export function art(c: Card | null): HTMLElement {
  return h('img', { src: `cards/${deck}/${c ?? 'back'}.png`, alt: '', draggable: 'false' });
}

/** A face-up card that is only shown (not a move): an image with its name. */
export function shown(c: Card, cls = ''): HTMLElement {
  return h('span.card' + (cls ? '.' + cls : ''), { role: 'img', 'aria-label': cardName(c), 'data-c': c }, art(c));
}

/** A face-down card. */
export function back(cls = ''): HTMLElement {
  return h('span.card.back' + (cls ? '.' + cls : ''), { 'aria-hidden': 'true' }, art(null));
}

/** Several cards face up, in a row, as one labelled group. */
export function row(cards: Card[], cls = 'small', label?: string): HTMLElement {
  return h(
    'span.cardrow',
    { role: 'group', 'aria-label': label ?? cards.map(cardName).join(', ') },
    cards.map((c) => shown(c, cls)),
  );
}

/** A fan of `n` backs, overlapping (an opponent's hand). */
export function backs(n: number, cls = 'small'): HTMLElement {
  const el = h('span.backs', { role: 'img', 'aria-label': t('cards-held', { count: n }) });
  for (let i = 0; i < n; i++) el.append(back(cls));
  return el;
}
