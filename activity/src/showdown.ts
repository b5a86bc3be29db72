// The end of a hand as the engine reports it: melds, layoffs, deadwood, points and bonuses.
// The panel every game's showdown is drawn in (each game's module fills in its sides).

import { row, shown } from './cards';
import { h } from './dom';
import { cardName, t } from './strings';
import type { Card } from './types';

/** Cards laid off onto a meld, and by whom. */
export type Laid = { card: Card; by: string }[];

/** One hand as laid out at the showdown. */
export interface Side {
  name: string;
  melds: Card[][];
  /** Per meld: cards laid off onto it, and by whom. */
  layoffs: Map<number, Laid>;
  deadwood: Card[];
  points: number;
  /** The key saying what the points are: `deadwood` or `cards-left`. */
  label?: string;
}

function meldEl(cards: Card[], laid: Laid = []): HTMLElement {
  return h(
    'span.smeld',
    {},
    cards.map((c) => shown(c, 'small')),
    laid.map(({ card, by }) =>
      h(
        'span.card.small.laidoff',
        { role: 'img', 'aria-label': `${cardName(card)}, ${t('laid-off', { name: by })}`, title: t('laid-off', { name: by }) },
        shown(card).firstChild,
      ),
    ),
  );
}

function sideEl(side: Side): HTMLElement {
  return h(
    'div.sside',
    {},
    h('div.sname', { text: side.name }),
    h('div.smelds', {}, side.melds.map((m, i) => meldEl(m, side.layoffs.get(i)))),
    h(
      'div.sdead',
      {},
      side.deadwood.length ? row(side.deadwood, 'small') : null,
      h('span.points', { text: t(side.label ?? 'deadwood', { points: side.points }) }),
    ),
  );
}

/** The showdown panel: its title, its result, the hands as laid out (`small`: compact). */
export function panel(title: string, result: string, sides: Side[], small: boolean): HTMLElement {
  return h(
    'section.showdown' + (small ? '.compact' : ''),
    { 'aria-label': t('showdown') },
    h('h2', { text: title }),
    result ? h('p.result', { text: result }) : null,
    sides.map(sideEl),
  );
}
