// Every game's page by the game's name: the one file a new game's module is added to.

import { addEnglish } from '../strings';
import type { Game, StateFrame } from '../types';
import { gin } from './gin';
import type { At, GamePage } from './page';
import { partnership } from './partnership';
import { rummy } from './rummy';
import { team } from './team';

/** Each game of the wire's `Game` has its page here, or the page does not compile. */
const pages: { [G in Game]: GamePage<G> } = { gin, partnership, team, rummy };
for (const page of Object.values(pages)) addEnglish(page.english);

/** A state's game: its page, and the state's parts of that game. */
export interface StateGame {
  page: GamePage<Game>;
  at: At<Game>;
}

/** The game of a state's table (null: no table). */
export function pageOf(s: StateFrame): StateGame | null {
  const table = s.table;
  if (!table) return null;
  const game = table.game;
  const at: At<Game> = {
    s,
    table,
    hand: s.hand?.game === game ? s.hand : null,
    last: s.last_deal?.game === game ? s.last_deal : null,
  };
  // The page is the table's game's, and the hand and the last deal were kept only when they
  // carry that game's tag too: every part handed to it is its own game's.
  return { page: pages[game] as GamePage<Game>, at };
}
