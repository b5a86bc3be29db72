// Gin for two or three players. Its table, its showdown and its words are also those of each
// table of Partnership Gin and, for the showdown's words, of Team Gin.

import { type GameScene, type PagePhase, type SeatScene, around, seatName, seatScores } from '../scene';
import { type Laid, panel } from '../showdown';
import { t } from '../strings';
import type { HandEnd, Rules, Seat, StateFrame, TableView } from '../types';
import type { GamePage } from './page';

function phaseOf(v: TableView): [PagePhase, boolean] {
  switch (v.phase.phase) {
    case 'upcard_offer':
      return ['upcard', false];
    case 'draw':
      return ['draw', v.phase.stock_only];
    case 'fiftieth_card':
      return ['draw', false];
    case 'discard':
      return ['discard', false];
    default:
      return ['over', false];
  }
}

function seats(s: StateFrame, v: TableView, only: Seat[] | null): SeatScene[] {
  return (only ?? around(v.seats, s.seat)).map((seat) => {
    const i = v.players.indexOf(seat);
    return {
      seat,
      name: seatName(s, seat),
      count: i >= 0 ? v.card_counts[i] : 0,
      known: i >= 0 ? v.known[i] : [],
      open: null,
      dealer: v.dealer === seat,
      toAct: v.to_act === seat,
      sittingOut: i < 0,
      partner: false,
    };
  });
}

/** The scene of one Gin table but the hand and the scores; `only`: the seats shown (else all
 * the match's seats but the viewer's). */
export function tableScene(s: StateFrame, v: TableView, only: Seat[] | null): Omit<GameScene, 'hand' | 'scores'> {
  const [tablePhase, stockOnly] = phaseOf(v);
  return {
    others: seats(s, v, only),
    pile: v.discard_pile,
    stock: v.stock_count,
    tablePhase: v.end || v.status.status !== 'in_progress' ? 'over' : tablePhase,
    stockOnly,
    toAct: v.to_act,
    dealer: v.dealer,
    dealNo: v.deal_no,
    knockLimit: v.knock_limit,
    target: v.rules.target,
  };
}

/** The bonuses a Gin showdown earned, in brackets (empty: none). */
export function bonuses(kind: string, rules: Rules, doubled: boolean): string {
  const b: string[] = [];
  if (kind === 'gin' && rules.gin_bonus) b.push(t('gin-bonus', { points: rules.gin_bonus }));
  if (kind === 'undercut' && rules.undercut_bonus) b.push(t('undercut-bonus', { points: rules.undercut_bonus }));
  if (doubled) b.push(t('doubled'));
  return b.length ? ` (${b.join(', ')})` : '';
}

/** A Gin showdown's title: gin, undercut or knock. */
export function heading(kind: string, knocker: string, defender: string): string {
  if (kind === 'gin') return t('end-gin', { name: knocker });
  if (kind === 'undercut') return t('end-undercut', { name: defender, knocker });
  return t('end-knock', { name: knocker });
}

/** A Gin hand's end between its two `players` (`small`: the compact panel). */
export function ginEnd(s: StateFrame, end: HandEnd, players: [Seat, Seat], rules: Rules, small = false): HTMLElement {
  if (end.end !== 'knocked') return panel(t('end-dead'), '', [], small);
  const k = end.knocker;
  const d = players[0] === k ? players[1] : players[0];
  const sd = end.showdown;
  const [kn, dn] = [seatName(s, k), seatName(s, d)];
  const laid = new Map<number, Laid>();
  for (const l of sd.layoffs) laid.set(l.onto, [...(laid.get(l.onto) ?? []), { card: l.card, by: dn }]);
  const winner = end.score.knocker_won ? kn : dn;
  const result = t('end-scores', { name: winner, points: end.score.points }) + bonuses(sd.kind, rules, end.score.doubled);
  return panel(
    heading(sd.kind, kn, dn),
    result,
    [
      { name: kn, melds: sd.knocker_melds, layoffs: laid, deadwood: sd.knocker_deadwood_cards, points: sd.knocker_deadwood },
      { name: dn, melds: sd.defender_melds, layoffs: new Map(), deadwood: sd.defender_deadwood_cards, points: sd.defender_deadwood },
    ],
    small,
  );
}

/** The table's deal has only begun (two actions at most): the last deal's showdown stays up. */
export const begun = (v: TableView): boolean => v.actions.length <= 2;

export const gin: GamePage<'gin'> = {
  scene: ({ s, table, hand }) => ({
    ...tableScene(s, table.view, null),
    hand: hand ? hand.view.hand : null,
    scores: seatScores(s, table.view.totals),
  }),
  status: ({ table }) => table.view.status,
  side: seatName,
  lastDeal: ({ s, table, last }) =>
    last && begun(table.view) ? ginEnd(s, last.record.end, last.record.players, table.view.rules) : null,
  end: ({ s, table }) => (table.view.end ? ginEnd(s, table.view.end, table.view.players, table.view.rules) : null),
  extra: () => null,
  melds: () => 0,
  seatTotals: true,
  waiting: () => 'turn-other',
  fiftieth: true,
  play: 'turn-you-discard',
  moveLabel: () => null,
  english: {},
};
