// The bot's wire shapes (docs/activity.md) and the engine's serde shapes they carry.
// Only the fields the page reads are typed; the rest pass through untouched.

/** A card as the engine writes it: rank `A23456789TJQK` then suit `SHDC`, e.g. `7H`, `TS`. */
export type Card = string;
export type Seat = number;

export interface Rules {
  gin_bonus: number;
  undercut_bonus: number;
  target: number;
  knock_limit: number;
  [k: string]: unknown;
}

/** engine/src/hand.rs `Phase` (tag `phase`); `player` indexes `players`. */
export type GinPhase =
  | { phase: 'upcard_offer'; player: number }
  | { phase: 'draw'; player: number; stock_only: boolean }
  | { phase: 'discard'; player: number; taken: Card | null; must_knock: boolean }
  | { phase: 'fiftieth_card'; player: number }
  | { phase: 'over' };

/** engine/src/hand.rs `Action` (tag `action`, content `card`). */
export interface GinAction {
  action: string;
  card?: Card;
}

export interface Layoff {
  card: Card;
  onto: number;
}

export interface Showdown {
  kind: 'gin' | 'knock' | 'undercut';
  knocker_melds: Card[][];
  knocker_deadwood_cards: Card[];
  knocker_deadwood: number;
  defender_melds: Card[][];
  layoffs: Layoff[];
  defender_deadwood_cards: Card[];
  defender_deadwood: number;
}

export interface HandScore {
  knocker_won: boolean;
  points: number;
  lines: number;
  doubled: boolean;
}

export type HandEnd =
  | { end: 'knocked'; knocker: Seat; discard: Card; showdown: Showdown; score: HandScore }
  | { end: 'dead' };

/** engine/src/settlement.rs `MatchStatus` (tag `status`, `finished` carries the settlement). */
export interface MatchStatus {
  status: 'in_progress' | 'finished' | 'cancelled';
  winner?: Seat;
  winners?: Seat[];
  resigned?: Seat | null;
  totals?: number[];
  finals?: number[];
  net?: number[];
}

export interface TableView {
  rules: Rules;
  seats: number;
  deal_no: number;
  players: [Seat, Seat];
  dealer: Seat;
  sitting_out: Seat | null;
  to_act: Seat | null;
  phase: GinPhase;
  discard_pile: Card[];
  stock_count: number;
  card_counts: [number, number];
  known: [Card[], Card[]];
  upcard: Card | null;
  knock_limit: number;
  actions: [Seat, GinAction][];
  totals: number[];
  lines: number[];
  end: HandEnd | null;
  status: MatchStatus;
}

export interface PlayerView {
  seat: Seat;
  table: TableView;
  hand: Card[] | null;
  legal_actions: GinAction[];
}

// Team Gin (engine/src/team.rs, team_view.rs, team_showdown.rs).

export interface TeamSide {
  melds: Card[][];
  deadwood_cards: Card[];
  deadwood: number;
}

export interface TeamLayoff {
  card: Card;
  from: number;
  onto_player: number;
  onto: number;
}

export interface TeamShowdown {
  kind: 'gin' | 'knock' | 'undercut';
  knocking: [TeamSide, TeamSide];
  defending: [TeamSide, TeamSide];
  layoffs: TeamLayoff[];
  knocking_deadwood: number;
  defending_deadwood: number;
}

export type TeamHandEnd =
  | {
      end: 'knocked';
      knocker: Seat;
      discard: Card;
      showdown: TeamShowdown;
      score: { knocking_team_won: boolean; points: number };
    }
  | { end: 'dead' };

/** `TeamStage` is externally tagged: `"UpcardOffer"`, `{"Draw": {...}}`, `{"Turn": {...}}`. */
export type TeamStage =
  | 'UpcardOffer'
  | 'SwapBack'
  | 'Over'
  | { Draw: { stock_only: boolean } }
  | { Turn: { swapped: boolean } };

export interface TeamTable {
  rules: Rules;
  deal_no: number;
  dealer: Seat;
  turn_of: Seat | null;
  to_act: Seat | null;
  stage: TeamStage;
  discard_pile: Card[];
  stock_count: number;
  hand_sizes: [number, number, number, number];
  known: [Card[], Card[], Card[], Card[]];
  knock_limit: number;
  swaps: number;
  last: [Seat, unknown] | null;
  totals: number[];
  lines: number[];
  end: TeamHandEnd | null;
  status: MatchStatus;
}

export interface TeamView {
  seat: Seat;
  hand: Card[];
  partner_hand: Card[];
  hand_sizes: number[];
  discard_pile: Card[];
  stock_len: number;
  upcard: Card;
  dealer: Seat;
  to_act: Seat | null;
  turn_of: Seat | null;
  swaps: number;
  swap_given: Card | null;
  known: Card[][];
  taken: Card | null;
  end: TeamHandEnd | null;
}

// Rummy (engine/src/rummy/mod.rs, rummy/hand.rs).

export interface TableMeld {
  owner: Seat;
  cards: Card[];
}

export type RummyEnd =
  | { end: 'out'; winner: Seat; points: number; hand_rummy: boolean; left: Card[][] }
  | { end: 'stock_exhausted' };

export interface RummyTable {
  players: number;
  deal_no: number;
  card_counts: number[];
  melds: TableMeld[];
  discard_pile: Card[];
  stock_count: number;
  stock_passes: number;
  dealer: Seat;
  to_act: Seat | null;
  drawn: boolean;
  known: Card[][];
  totals: number[];
  last_action: [Seat, unknown] | null;
  status: MatchStatus;
  rules: { target: number; [k: string]: unknown };
}

export interface RummyView {
  table: RummyTable;
  seat: Seat;
  hand: Card[];
  end: RummyEnd | null;
}

// The wire (docs/activity.md).

export type OwnHand =
  | { game: 'gin'; view: PlayerView }
  | { game: 'rummy'; view: RummyView }
  | { game: 'team'; table: TeamTable; view: TeamView };

export type PublicTable =
  | { game: 'gin'; view: TableView }
  | { game: 'partnership'; views: [TableView, TableView] }
  | { game: 'rummy'; view: RummyTable }
  | { game: 'team'; view: TeamTable };

export interface Move {
  id: string;
  kind: string;
  card?: Card | null;
  cards?: Card[] | null;
  meld?: number | null;
  play: unknown;
}

export interface MatchInfo {
  id: number;
  version: number;
  game: 'gin' | 'partnership' | 'team' | 'rummy';
  preset?: string;
  names: string[];
  users: (string | null)[];
  over: boolean;
  clock: { remind_at: number | null; forfeit_at: number | null } | null;
  /** The match's stored actions: every change raises it. */
  stored?: number;
}

export interface Arrangement {
  melds: Card[][];
  deadwood: Card[];
  points: number;
}

export interface Note {
  code: string;
  text: string;
}

/** The last finished deal, public with its showdown (docs/activity.md `last_deal`). */
export type LastDeal =
  | { game: 'gin'; record: { deal_no: number; players: [Seat, Seat]; end: HandEnd } }
  | { game: 'partnership'; record: { deal_no: number; tables: { players: [Seat, Seat]; end: HandEnd }[] } }
  | { game: 'team'; record: { deal_no: number; end: TeamHandEnd } }
  | { game: 'rummy'; record: { deal_no: number; end: RummyEnd } };

export interface StateFrame {
  t: 'state';
  match: MatchInfo | null;
  seat: Seat | null;
  hand: OwnHand | null;
  table: PublicTable | null;
  arrangement: Arrangement | null;
  moves: Move[];
  note: Note | null;
  last_deal?: LastDeal | null;
}

export interface User {
  id: string;
  name: string;
}

export type ServerFrame =
  | StateFrame
  | { t: 'welcome'; user: User; channel_id: string }
  | { t: 'ack'; seq: number }
  | { t: 'refused'; seq: number; code: string; text: string }
  | { t: 'error'; code: string; text: string }
  | { t: 'presence'; users: User[] }
  | { t: 'pong' };
