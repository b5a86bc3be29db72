// What each game's module gives the page: its part of the scene, its words and its panels.
// The common page (`model.ts`, `render.ts`) asks the state's game through the registry
// (`index.ts`) and never names a game.

import type { GameScene, Mode } from '../scene';
import type { Game, LastDeal, MatchStatus, Move, OwnHand, PublicTable, RummyStatus, StateFrame } from '../types';

/** The member of a union of the wire that game `G` sends. */
export type Of<U, G extends Game> = Extract<U, { game: G }>;

/** A state's parts of game `G`: its table, and the viewer's hand and the last deal when they
 * are that game's (their tag is the table's). */
export interface At<G extends Game> {
  s: StateFrame;
  table: Of<PublicTable, G>;
  hand: Of<OwnHand, G> | null;
  last: Of<LastDeal, G> | null;
}

/** What a game's own part of the table is drawn with. */
export interface Drawing {
  mode: Mode;
  /** A move's label for screen readers and its tooltip. */
  label(m: Move): string;
}

export interface GamePage<G extends Game> {
  scene(at: At<G>): GameScene;
  /** Whether the match is on, settled or cancelled. */
  status(at: At<G>): MatchStatus | RummyStatus;
  /** A side of the match, by a seat or a team number of its settlement: a player or a team. */
  side(s: StateFrame, x: number): string;
  /** The last deal's showdown while the next deal has only begun (null: none to show). */
  lastDeal(at: At<G>): HTMLElement | null;
  /** The showdown of the hand on the table, once it is over. */
  end(at: At<G>): HTMLElement | null;
  /** The game's own part of the table, below the piles (Rummy's melds, Partnership's other table). */
  extra(at: At<G>, d: Drawing): HTMLElement | null;
  /** Table melds whose layoffs `extra` shows; a layoff onto any other gets a button of its own. */
  melds(at: At<G>): number;
  /** Each seat shows its own running total (its game scores by player, not by team). */
  seatTotals: boolean;
  /** The status line while someone else is to move. */
  waiting(at: At<G>): 'turn-other' | 'turn-other-return';
  /** While the viewer draws, a pass lets the last discard go (the fiftieth card). */
  fiftieth: boolean;
  /** The status line on the viewer's turn once drawn. */
  play: 'turn-you-play' | 'turn-you-discard';
  /** The label of a move of a kind only this game has (null: none; a kind the page draws
   * itself is labelled by the page, an unknown one by its id). */
  moveLabel(m: Move): string | null;
  /** The game's own texts in English (keys without the catalogue's `activity-`), built in
   * under the catalogue's as the page's other texts. */
  english: Record<string, string>;
}
