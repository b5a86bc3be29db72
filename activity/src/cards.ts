// Card pictures: the bot's art at `/cards/{deck}/{card}.png`, named in words for screen readers.

import { h } from './dom';
import { cardName, t } from './strings';
import type { Card } from './types';

export const DECK = 'classic';

export function art(c: Card | null): HTMLElement {
  return h('img', { src: `cards/${DECK}/${c ?? 'back'}.png`, alt: '', draggable: 'false' });
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
