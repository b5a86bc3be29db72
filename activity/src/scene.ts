// One shape for every game: who sits where, what they hold, the piles, whose turn, the phase.
// Each game fills in its part (`games/`); the renderer reads the scene, never the engine shapes
// (but for a game's own panels), and names seats and teams the same way everywhere.

import { t } from './strings';
import type { Card, Game, Seat, StateFrame } from './types';

export type PagePhase = 'upcard' | 'draw' | 'discard' | 'over' | 'waiting' | 'none';

/** What the viewer's hand cards do when clicked: play (discard), knock, or swap. */
export type Mode = 'play' | 'knock' | 'swap';

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

/** A game's part of the scene: all of it but what every game derives alike. */
export interface GameScene {
  /** The viewer's cards (null: watching, or sitting the hand out). */
  hand: Card[] | null;
  /** The other seats at the viewer's table, clockwise from the viewer's left. */
  others: SeatScene[];
  pile: Card[];
  stock: number;
  /** The table's own stage, whoever is to move. */
  tablePhase: PagePhase;
  stockOnly: boolean;
  toAct: Seat | null;
  dealer: Seat | null;
  dealNo: number;
  /** Shown in the info bar; null where the game has none. */
  knockLimit: number | null;
  target: number | null;
  scores: Score[];
}

export interface Scene extends GameScene {
  game: Game;
  me: Seat | null;
  /** `body.dataset.phase`: the table's stage when it is the viewer's move, else `waiting`. */
  phase: PagePhase;
  status: string;
  /** The deal's key for the locally kept order of the hand. */
  dealKey: string;
}

/** A seat's player name (`?` for none, `#n` before the names are known). */
export const seatName = (s: StateFrame, seat: Seat | null | undefined): string =>
  seat === null || seat === undefined ? '?' : (s.match?.names[seat] ?? `#${seat + 1}`);

/** A team by its number (0: seats 0 and 2), as its two players' names. */
export const teamLabel = (s: StateFrame, team: number): string =>
  t('team', { a: seatName(s, team), b: seatName(s, team + 2) });

/** The other seats clockwise from `me` (all seats from 0 for a watcher). */
export function around(n: number, me: Seat | null): Seat[] {
  const start = me === null ? 0 : me + 1;
  const out: Seat[] = [];
  for (let i = 0; i < n; i++) {
    const s = (start + i) % n;
    if (s !== me) out.push(s);
  }
  return out;
}

/** One score per seat, from the seats' running totals. */
export const seatScores = (s: StateFrame, totals: number[]): Score[] =>
  totals.map((total, i) => ({ label: seatName(s, i), total, mine: i === s.seat }));

/** One score per team, from the teams' running totals. */
export const teamScores = (s: StateFrame, totals: number[]): Score[] =>
  [0, 1].map((team) => ({
    label: teamLabel(s, team),
    total: totals[team] ?? 0,
    mine: s.seat !== null && s.seat % 2 === team,
  }));
