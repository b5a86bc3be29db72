// Partnership Gin: two teams of two, each deal played as two Gin tables; the viewer plays at
// one and sees the other beside it.

import { row, shown } from '../cards';
import { h } from '../dom';
import { seatName, teamLabel, teamScores } from '../scene';
import { cardName, t } from '../strings';
import type { StateFrame, TableView } from '../types';
import { begun, ginEnd, tableScene } from './gin';
import type { At, GamePage } from './page';

/** The viewer's own table and the other (a watcher's, or a seat at neither: the first). */
function tables({ s, table }: At<'partnership'>): [TableView, TableView] {
  const own = table.views.findIndex((x) => s.seat !== null && x.players.includes(s.seat));
  return own < 0 ? [table.views[0], table.views[1]] : [table.views[own], table.views[1 - own]];
}

/** The table where the viewer plays (the first for a watcher). */
function ownTable<T extends { players: number[] }>(s: StateFrame, all: T[]): T {
  return all.find((x) => s.seat !== null && x.players.includes(s.seat)) ?? all[0];
}

/** The other table in small: its players, its piles, or its showdown once over. */
function otherTableEl(s: StateFrame, v: TableView): HTMLElement {
  const top = v.discard_pile[v.discard_pile.length - 1];
  const end = v.end ? ginEnd(s, v.end, v.players, v.rules, true) : null;
  return h(
    'section.othertable',
    { 'aria-label': t('other-table') },
    h('h2', { text: t('other-table') }),
    h(
      'div.ot-players',
      {},
      v.players.map((p, i) =>
        h(
          'div.ot-seat',
          { class: v.to_act === p ? 'to-act' : null },
          h('span.name', { text: seatName(s, p) }),
          v.dealer === p ? h('span.chip.dealer', { text: 'D', 'aria-label': t('dealer') }) : null,
          h('span.count', { text: t('cards-held', { count: v.card_counts[i] }) }),
          v.known[i].length ? row(v.known[i], 'tiny', `${t('took-from-pile')}: ${v.known[i].map(cardName).join(', ')}`) : null,
        ),
      ),
    ),
    end ??
      h(
        'div.ot-piles',
        {},
        h('span', { text: t('stock', { count: v.stock_count }) }),
        top ? shown(top, 'tiny') : h('span', { text: t('pile-empty') }),
      ),
  );
}

export const partnership: GamePage<'partnership'> = {
  scene: (at) => {
    const me = at.s.seat;
    const [v] = tables(at);
    const seated = me !== null && v.players.includes(me);
    return {
      ...tableScene(at.s, v, seated ? v.players.filter((p) => p !== me) : [...v.players]),
      hand: at.hand ? at.hand.view.hand : null,
      scores: teamScores(at.s, v.totals),
    };
  },
  status: ({ table }) => table.views[0].status,
  side: (s, x) => teamLabel(s, x % 2),
  lastDeal: ({ s, table, last }) => {
    if (!last || !table.views.every(begun)) return null;
    const own = ownTable(s, last.record.tables);
    return ginEnd(s, own.end, own.players, table.views[0].rules);
  },
  end: ({ s, table }) => {
    const own = ownTable(s, table.views);
    return own.end ? ginEnd(s, own.end, own.players, own.rules) : null;
  },
  extra: (at) => otherTableEl(at.s, tables(at)[1]),
  melds: () => 0,
  seatTotals: false,
  waiting: () => 'turn-other',
  fiftieth: true,
  play: 'turn-you-discard',
  moveLabel: () => null,
  english: {},
};
