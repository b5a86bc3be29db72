// Basic Rummy for two to six players: melds are laid on the table, where anyone may lay off.

import { row, shown } from '../cards';
import { h } from '../dom';
import { around, seatName, seatScores } from '../scene';
import { type Side, panel } from '../showdown';
import { t } from '../strings';
import type { Card, RummyEnd, StateFrame } from '../types';
import type { At, Drawing, GamePage } from './page';

/** What a card left in hand counts (aces 15 under `aces_high_low`). */
function value(c: Card, acesHigh: boolean): number {
  const i = 'A23456789TJQK'.indexOf(c[0]);
  return i === 0 && acesHigh ? 15 : Math.min(i + 1, 10);
}

/** A Rummy hand's end: who went out, and the cards left in every hand. */
function rummyEnd(s: StateFrame, end: RummyEnd, acesHigh: boolean): HTMLElement {
  if (end.end !== 'out') return panel(t('end-stock-exhausted'), '', [], false);
  const w = seatName(s, end.winner);
  const title = t(end.hand_rummy ? 'end-hand-rummy' : 'end-out', { name: w });
  const sides: Side[] = end.left
    .map((cards, seat) => ({ cards, seat }))
    .filter((x) => x.seat !== end.winner)
    .map(({ cards, seat }) => ({
      name: seatName(s, seat),
      melds: [],
      layoffs: new Map(),
      deadwood: cards,
      points: cards.reduce((sum, c) => sum + value(c, acesHigh), 0),
      label: 'cards-left',
    }));
  return panel(title, t('end-scores', { name: w, points: end.points }), sides, false);
}

/** The melds on the table, each with the viewer's layoffs onto it (in play mode). */
function meldsEl({ s, table }: At<'rummy'>, d: Drawing): HTMLElement | null {
  const melds = table.view.melds;
  const lays = s.moves.filter((m) => m.kind === 'layoff');
  if (!melds.length) return null;
  return h(
    'section#melds',
    { 'aria-label': t('table-melds') },
    melds.map((m, i) =>
      h(
        'div.tmeld',
        { 'data-meld-index': i },
        h('div.tlabel', { text: t('meld-of', { n: i + 1, name: seatName(s, m.owner) }) }),
        row(m.cards, 'small'),
        d.mode === 'play'
          ? lays
              .filter((l) => l.meld === i)
              .map((l) =>
                h('button.layoff', { type: 'button', 'data-move': l.id, 'aria-label': d.label(l), title: d.label(l) }, '+ ', shown(l.card ?? '', 'tiny')),
              )
          : null,
      ),
    ),
  );
}

const acesHigh = (at: At<'rummy'>): boolean => at.table.view.rules.aces_high_low === true;

export const rummy: GamePage<'rummy'> = {
  scene: ({ s, table, hand }) => {
    const v = table.view;
    const own = hand ? hand.view : null;
    const over = v.to_act === null || v.status.status !== 'in_progress' || !!own?.end;
    return {
      hand: own ? own.hand : null,
      others: around(v.players, s.seat).map((seat) => ({
        seat,
        name: seatName(s, seat),
        count: v.card_counts[seat] ?? 0,
        known: v.known[seat] ?? [],
        open: null,
        dealer: v.dealer === seat,
        toAct: v.to_act === seat,
        sittingOut: false,
        partner: false,
      })),
      pile: v.discard_pile,
      stock: v.stock_count,
      tablePhase: over ? 'over' : v.drawn ? 'discard' : 'draw',
      stockOnly: false,
      toAct: v.to_act,
      dealer: v.dealer,
      dealNo: v.deal_no,
      knockLimit: null,
      target: v.rules.target,
      scores: seatScores(s, v.totals),
    };
  },
  status: ({ table }) => table.view.status,
  side: seatName,
  lastDeal: (at) => (at.last ? rummyEnd(at.s, at.last.record.end, acesHigh(at)) : null),
  end: (at) => (at.hand?.view.end ? rummyEnd(at.s, at.hand.view.end, acesHigh(at)) : null),
  extra: meldsEl,
  melds: ({ table }) => table.view.melds.length,
  seatTotals: true,
  waiting: () => 'turn-other',
  fiftieth: false,
  play: 'turn-you-play',
  moveLabel: () => null,
  english: {},
};
