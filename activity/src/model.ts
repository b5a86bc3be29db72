// One shape for every game: who sits where, what they hold, the piles, whose turn, the phase.
// The renderer reads this scene, never the four engine shapes directly (but for the endings).

import { t } from './strings';
import type { Card, Move, Seat, StateFrame, TableView, TeamStage } from './types';

export type PagePhase = 'upcard' | 'draw' | 'discard' | 'over' | 'waiting' | 'none';

export interface SeatScene {
  seat: Seat;
  name: string;
  /** Cards held. */
  count: number;
  /** Cards everyone saw taken from the pile that it still holds: shown face up. */
  known: Card[];
  /** Shown face up in full (Team Gin: the partner's hand). */
  open: Card[] | null;
  dealer: boolean;
  toAct: boolean;
  sittingOut: boolean;
  partner: boolean;
}

export interface Score {
  label: string;
  total: number;
  mine: boolean;
}

export interface Scene {
  game: 'gin' | 'partnership' | 'team' | 'rummy';
  me: Seat | null;
  /** The viewer's cards (null: watching). */
  hand: Card[] | null;
  /** The other seats at the viewer's table, clockwise from the viewer's left. */
  others: SeatScene[];
  pile: Card[];
  stock: number;
  /** The table's own stage, whoever is to move. */
  tablePhase: PagePhase;
  /** `body.dataset.phase`: the table's stage when it is the viewer's move, else `waiting`. */
  phase: PagePhase;
  stockOnly: boolean;
  toAct: Seat | null;
  dealer: Seat | null;
  dealNo: number;
  knockLimit: number | null;
  target: number | null;
  scores: Score[];
  status: string;
  /** Partnership: the other table's public view. */
  otherTable: TableView | null;
  /** The deal's key for the locally kept order of the hand. */
  dealKey: string;
}

const name = (s: StateFrame, seat: Seat | null | undefined): string =>
  seat === null || seat === undefined ? '?' : (s.match?.names[seat] ?? `#${seat + 1}`);

export const teamLabel = (s: StateFrame, team: number): string =>
  t('team', { a: name(s, team), b: name(s, team + 2) });

function ginPhase(v: TableView): [PagePhase, boolean] {
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

function teamPhase(stage: TeamStage): [PagePhase, boolean] {
  if (stage === 'UpcardOffer') return ['upcard', false];
  if (stage === 'SwapBack') return ['discard', false];
  if (stage === 'Over') return ['over', false];
  if ('Draw' in stage) return ['draw', stage.Draw.stock_only];
  return ['discard', false];
}

/** The other seats clockwise from `me` (all seats from 0 for a watcher). */
function around(n: number, me: Seat | null): Seat[] {
  const start = me === null ? 0 : me + 1;
  const out: Seat[] = [];
  for (let i = 0; i < n; i++) {
    const s = (start + i) % n;
    if (s !== me) out.push(s);
  }
  return out;
}

function ginSeats(s: StateFrame, v: TableView, me: Seat | null, only: Seat[] | null): SeatScene[] {
  const seats = only ?? around(v.seats, me);
  return seats.map((seat) => {
    const i = v.players.indexOf(seat);
    return {
      seat,
      name: name(s, seat),
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

/** The scene of a state; `null` when there is no match in the channel. */
export function scene(s: StateFrame): Scene | null {
  const m = s.match;
  if (!m || !s.table) return null;
  const me = s.seat;
  const base = {
    me,
    hand: null as Card[] | null,
    otherTable: null as TableView | null,
    dealNo: 0,
    knockLimit: null as number | null,
    target: null as number | null,
  };
  let sc: Omit<Scene, 'phase' | 'status' | 'dealKey'>;
  const tb = s.table;
  if (tb.game === 'gin' || tb.game === 'partnership') {
    let v: TableView;
    let only: Seat[] | null = null;
    let other: TableView | null = null;
    if (tb.game === 'gin') v = tb.view;
    else {
      const own = tb.views.findIndex((x) => me !== null && x.players.includes(me));
      v = tb.views[own < 0 ? 0 : own];
      other = tb.views[own < 0 ? 1 : 1 - own];
      only = me === null || own < 0 ? [...v.players] : v.players.filter((p) => p !== me);
    }
    const [tablePhase, stockOnly] = ginPhase(v);
    const scores: Score[] =
      tb.game === 'gin'
        ? v.totals.map((total, i) => ({ label: name(s, i), total, mine: i === me }))
        : [0, 1].map((team) => ({
            label: teamLabel(s, team),
            total: v.totals[team] ?? 0,
            mine: me !== null && me % 2 === team,
          }));
    sc = {
      ...base,
      game: tb.game,
      hand:
        s.hand?.game === 'gin' || s.hand?.game === 'partnership' ? s.hand.view.hand : null,
      others: ginSeats(s, v, me, only),
      pile: v.discard_pile,
      stock: v.stock_count,
      tablePhase: v.end || v.status.status !== 'in_progress' ? 'over' : tablePhase,
      stockOnly,
      toAct: v.to_act,
      dealer: v.dealer,
      dealNo: v.deal_no,
      knockLimit: v.knock_limit,
      target: v.rules.target,
      scores,
      otherTable: other,
    };
  } else if (tb.game === 'team') {
    const v = tb.view;
    const own = s.hand?.game === 'team' ? s.hand.view : null;
    const [tablePhase, stockOnly] = teamPhase(v.stage);
    const partner = me === null ? null : (me + 2) % 4;
    sc = {
      ...base,
      game: 'team',
      hand: own ? own.hand : null,
      others: around(4, me).map((seat) => ({
        seat,
        name: name(s, seat),
        count: v.hand_sizes[seat] ?? 0,
        known: v.known[seat] ?? [],
        open: seat === partner && own ? own.partner_hand : null,
        dealer: v.dealer === seat,
        toAct: v.to_act === seat,
        sittingOut: false,
        partner: seat === partner,
      })),
      pile: v.discard_pile,
      stock: v.stock_count,
      tablePhase: v.end || v.status.status !== 'in_progress' ? 'over' : tablePhase,
      stockOnly,
      toAct: v.to_act,
      dealer: v.dealer,
      dealNo: v.deal_no,
      knockLimit: v.knock_limit,
      target: v.rules.target,
      scores: [0, 1].map((team) => ({
        label: teamLabel(s, team),
        total: v.totals[team] ?? 0,
        mine: me !== null && me % 2 === team,
      })),
    };
  } else {
    const v = tb.view;
    const own = s.hand?.game === 'rummy' ? s.hand.view : null;
    const over = v.to_act === null || v.status.status !== 'in_progress' || !!own?.end;
    sc = {
      ...base,
      game: 'rummy',
      hand: own ? own.hand : null,
      others: around(v.players, me).map((seat) => ({
        seat,
        name: name(s, seat),
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
      target: v.rules.target,
      scores: v.totals.map((total, i) => ({ label: name(s, i), total, mine: i === me })),
    };
  }
  const matchOver = m.over || sc.tablePhase === 'over';
  const phase: PagePhase = matchOver
    ? 'over'
    : me !== null && sc.toAct === me
      ? sc.tablePhase
      : 'waiting';
  return { ...sc, phase, status: statusText(s, sc, phase), dealKey: `${m.id}:${sc.dealNo}` };
}

function statusText(s: StateFrame, sc: Omit<Scene, 'phase' | 'status' | 'dealKey'>, phase: PagePhase): string {
  const st = matchStatus(s);
  if (st) return st;
  const has = (kind: string) => s.moves.some((m: Move) => m.kind === kind);
  if (phase === 'over') return t('hand-over');
  if (phase === 'waiting') {
    const teamBack = s.table?.game === 'team' && s.table.view.stage === 'SwapBack';
    return t(teamBack ? 'turn-other-return' : 'turn-other', { name: name(s, sc.toAct) });
  }
  if (phase === 'upcard') return t('turn-you-upcard');
  if (phase === 'draw') {
    if (s.table?.game !== 'rummy' && has('pass')) return t('turn-you-fiftieth');
    return t(sc.stockOnly || !has('draw_discard') ? 'turn-you-draw-stock' : 'turn-you-draw');
  }
  if (has('return')) return t('turn-you-return');
  return t(sc.game === 'rummy' ? 'turn-you-play' : 'turn-you-discard');
}

/** The match's end, said in words (null while it is on). */
export function matchStatus(s: StateFrame): string | null {
  const tb = s.table;
  if (!tb) return null;
  const st = tb.game === 'partnership' ? tb.views[0].status : tb.view.status;
  if (st.status === 'cancelled') return t('match-cancelled');
  if (st.status !== 'finished') return s.match?.over ? t('match-over') : null;
  const side = (x: number) =>
    tb.game === 'team' || tb.game === 'partnership' ? teamLabel(s, x % 2) : name(s, x);
  const winners = 'winners' in st ? st.winners : [st.winner];
  return winners.length ? t('match-won', { name: winners.map(side).join(', ') }) : t('match-over');
}

export { name as seatName };
