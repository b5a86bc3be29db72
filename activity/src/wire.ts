// Generated from src/web/wire/: do not edit. To regenerate: WIRE_TS=write cargo test --lib web::wire

/**
 * Everything a player can do in a hand.
 */
export type Action = { "action": "take_upcard" } | { "action": "pass" } | { "action": "draw_stock" } | { "action": "draw_discard" } | { "action": "discard", "card": string } | { "action": "knock", "card": string };

/**
 * An HTTP error's body.
 */
export type ApiError = { error: string, };

/**
 * The viewer's cards in their best melds, the deadwood apart.
 */
export type Arrangement = { melds: Array<Array<string>>, deadwood: Array<string>, points: number, };

/**
 * The turn's idle clock (seconds since the epoch).
 */
export type Clock = { remind_at: number, forfeit_at: number, };

/**
 * A finished deal: both tables and what the teams made of them.
 */
export type DealRecord = { 
/**
 * The deal's number, from 0.
 */
deal_no: number, 
/**
 * Its two tables, table 0 (the one seat 0 played at) first.
 */
tables: [TableRecord, TableRecord], 
/**
 * The team that scored the deal and its points (`None`: nobody scored).
 */
scored: [number, number] | null, 
/**
 * Team totals after this deal.
 */
totals: Array<number>, };

/**
 * Who deals the next hand after a hand that was won (RULES.md section 8).
 */
export type DealerRule = "loser_deals" | "winner_deals" | "alternate";

/**
 * The match's settlement.
 */
export type End = { "game": "gin" } & GinOver | { "game": "rummy" } & RummyOver | { "game": "partnership" } & PartnershipOver | { "game": "team" } & TeamOver;

/**
 * What the bot sends a page. Each is built, sent and dropped at once: no need to box a state.
 */
export type Frame = { "t": "welcome", user: User, channel_id: string, } | { "t": "state" } & StateFrame | { "t": "ack", seq: number, } | { "t": "refused", seq: number, code: string, text: string, } | { "t": "error", code: string, text: string, } | { "t": "presence", users: Array<User>, } | { "t": "pong" };

/**
 * The match's game, as the page tells them apart.
 */
export type Game = "gin" | "rummy" | "partnership" | "team";

/**
 * The last finished hand.
 */
export type GinLast = { record: HandRecord, };

/**
 * What a move of the Gin games does (a knock with no deadwood left is `gin`).
 */
export type GinMoveKind = "take_upcard" | "pass" | "draw_stock" | "draw_discard" | "discard" | "knock" | "gin";

/**
 * The settlement, and a Hollywood match's three games.
 */
export type GinOver = { settlement: Settlement, hollywood: HollywoodSheet | null, };

/**
 * The viewer's own hand (also a Partnership Gin seat's, at its table).
 */
export type GinOwn = { view: PlayerView, };

/**
 * The public table.
 */
export type GinPublic = { view: TableView, };

/**
 * How a hand ended.
 */
export type HandEnd = { "end": "knocked", 
/**
 * Who knocked.
 */
knocker: number, 
/**
 * The card discarded face down with the knock.
 */
discard: string, 
/**
 * Both hands as laid out.
 */
showdown: Showdown, 
/**
 * What the hand is worth.
 */
score: HandScore, } | { "end": "dead" };

/**
 * A finished hand as the score sheet keeps it.
 */
export type HandRecord = { 
/**
 * Counts every deal, dead hands included.
 */
deal_no: number, 
/**
 * The hand's dealer.
 */
dealer: number, 
/**
 * Its two players, the one to act first first.
 */
players: [number, number], 
/**
 * Its seed, revealed with the hand.
 */
seed: Array<number>, 
/**
 * How it ended.
 */
end: HandEnd, 
/**
 * Running totals after this hand.
 */
totals: Array<number>, };

/**
 * What going out in one turn is worth (option `hand_rummy`).
 */
export type HandRummy = "double" | "bonus10" | "off";

/**
 * What a finished hand is worth and to whom (seats are the hand's: 0 knocker, 1 defender).
 */
export type HandScore = { 
/**
 * `true` when the knocker scored, `false` when the defender undercut.
 */
knocker_won: boolean, 
/**
 * The points scored.
 */
points: number, 
/**
 * Lines (boxes) won: one, plus extra boxes under that option.
 */
lines: number, 
/**
 * The Oklahoma spade upcard doubled this hand.
 */
doubled: boolean, };

/**
 * One of the three games on the sheet.
 */
export type HollywoodGame = { 
/**
 * Points scored in this game, per seat.
 */
totals: Array<number>, 
/**
 * Hands won that were scored in this game, per seat.
 */
lines: Array<number>, 
/**
 * The game's settlement once a player has reached the target.
 */
closed: Settlement | null, };

/**
 * The sheet of a Hollywood match.
 */
export type HollywoodSheet = { 
/**
 * The three games, game 1 first.
 */
games: [HollywoodGame, HollywoodGame, HollywoodGame], 
/**
 * Hands won so far, per seat: which games a win is scored in.
 */
wins: Array<number>, };

/**
 * What a page sends.
 */
export type Incoming = { "t": "hello", session: string, 
/**
 * The SDK's `instanceId`: Discord says where it runs and who is in it.
 */
instance_id: string, lang?: string, } | { "t": "move", seq: number, match_id: number, version: number, play: WirePlay, } | { "t": "challenge", seq: number, opponent: string, } | { "t": "practice", seq: number, } | { "t": "accept", seq: number, challenge: number, } | { "t": "decline", seq: number, challenge: number, } | { "t": "ping" };

/**
 * The last finished deal, public with its showdown.
 */
export type LastDeal = { "game": "gin" } & GinLast | { "game": "rummy" } & RummyLast | { "game": "partnership" } & PartnershipLast | { "game": "team" } & TeamLast;

/**
 * A defender card laid off onto one of the knocker's melds.
 */
export type Layoff = { 
/**
 * The card laid off.
 */
card: string, 
/**
 * Index into the knocker's melds.
 */
onto: number, };

/**
 * The match followed.
 */
export type MatchInfo = { id: number, 
/**
 * What a move is checked against.
 */
version: number, 
/**
 * The match's own count of stored actions: every change raises it.
 */
stored: number, game: Game, preset: string, names: Array<string>, 
/**
 * Each seat's Discord id as text.
 */
users: Array<string>, over: boolean, clock: Clock | null, };

/**
 * Whether the match is still being played.
 */
export type MatchStatus = { "status": "in_progress" } | { "status": "finished" } & Settlement | { "status": "cancelled" };

/**
 * A run or a set, as shown at the showdown.
 */
export type Meld = Array<string>;

/**
 * A move the viewer may make now: `play` is what the page sends back.
 */
export type Move = { id: string, kind: MoveKind, card: string | null, 
/**
 * A Rummy meld's cards.
 */
cards?: Array<string>, 
/**
 * The table meld a Rummy card is laid off on.
 */
meld?: number, play: WirePlay, };

/**
 * What a move does: a kind of its game's (games that share moves share kinds).
 */
export type MoveKind = GinMoveKind | RummyMoveKind | GinMoveKind | TeamMoveKind;

/**
 * A refused move's code and remark.
 */
export type Note = { code: string, text: string, };

/**
 * The viewer's own hand.
 */
export type OwnHand = { "game": "gin" } & GinOwn | { "game": "rummy" } & RummyOwn | { "game": "partnership" } & PartnershipOwn | { "game": "team" } & TeamOwn;

/**
 * `GET /api/config`'s answer: the application's id (for the SDK) and the page's languages.
 */
export type PageConfig = { client_id: string, langs: Array<string>, };

/**
 * The last finished deal: both tables.
 */
export type PartnershipLast = { record: DealRecord, };

/**
 * The teams' settlement.
 */
export type PartnershipOver = { settlement: Settlement, };

/**
 * The viewer's own table, as at Gin.
 */
export type PartnershipOwn = { view: PlayerView, };

/**
 * Both tables of the deal.
 */
export type PartnershipPublic = { views: [TableView, TableView], };

/**
 * One pair's settlement: `payer` pays `amount` to `payee` (RULES.md sections 7 and 10).
 */
export type Payment = { 
/**
 * Who pays.
 */
payer: number, 
/**
 * Who is paid.
 */
payee: number, 
/**
 * How much.
 */
amount: number, };

/**
 * An open challenge to the viewer.
 */
export type PendingChallenge = { id: number, 
/**
 * Who challenged them.
 */
by: User, 
/**
 * When it runs out (seconds since the epoch).
 */
expires_at: number, };

/**
 * Where the hand stands; `player` is an index into [`Hand::players`].
 */
export type Phase = { "phase": "upcard_offer", 
/**
 * Index of the player offered the upcard.
 */
player: number, } | { "phase": "draw", 
/**
 * Index of the player to draw.
 */
player: number, 
/**
 * Both passed the upcard: only the stock may be drawn from.
 */
stock_only: boolean, } | { "phase": "discard", 
/**
 * Index of the player to discard.
 */
player: number, 
/**
 * The card just taken from the discard pile, if one was.
 */
taken: string | null, 
/**
 * The last discard was taken under `fiftieth_card`: only a knock may follow.
 */
must_knock: boolean, } | { "phase": "fiftieth_card", 
/**
 * Index of the player who may take the last discard.
 */
player: number, } | { "phase": "over" };

/**
 * A player's view: the table plus their own cards and what they may do now.
 */
export type PlayerView = { 
/**
 * Whose view this is.
 */
seat: number, 
/**
 * The public table.
 */
table: TableView, 
/**
 * Own cards, sorted; `None` when this seat sits the hand out.
 */
hand: Array<string> | null, 
/**
 * What it may do now.
 */
legal_actions: Array<Action>, };

/**
 * The public table.
 */
export type PublicTable = { "game": "gin" } & GinPublic | { "game": "rummy" } & RummyPublic | { "game": "partnership" } & PartnershipPublic | { "game": "team" } & TeamPublic;

/**
 * Every scoring and play option of a match.
 */
export type Rules = { 
/**
 * Points added for gin.
 */
gin_bonus: number, 
/**
 * Points added for an undercut.
 */
undercut_bonus: number, 
/**
 * Points per line (hand won), added at the match's end.
 */
line_bonus: number, 
/**
 * Points added for winning the match.
 */
game_bonus: number, 
/**
 * Added instead of the game bonus against a loser who scored nothing.
 */
shutout_bonus: number, 
/**
 * On a shutout the winner's running total is doubled instead of the shutout bonus.
 */
shutout_doubles: boolean, 
/**
 * The running total that wins the match.
 */
target: number, 
/**
 * Who deals the next hand.
 */
dealer_rule: DealerRule, 
/**
 * Highest deadwood that may knock (Oklahoma replaces it with the upcard's value).
 */
knock_limit: number, 
/**
 * Oklahoma Gin: the upcard sets the knock limit, a spade upcard doubles the hand.
 */
oklahoma: boolean, 
/**
 * Oklahoma: on an ace upcard only gin may end the hand.
 */
oklahoma_ace_gin_only: boolean, 
/**
 * Oklahoma: an undercut earns one extra line, a gin two (twice as many on a spade).
 */
extra_boxes: boolean, 
/**
 * The card just taken from the discard pile may go straight back.
 */
allow_rediscard: boolean, 
/**
 * With two stock cards left, the next player may take the last discard to knock.
 */
fiftieth_card: boolean, 
/**
 * The non-dealer gets eleven cards and no upcard is turned.
 */
eleven_card_deal: boolean, 
/**
 * Hollywood scoring: three games on one sheet (RULES.md section 13; two players).
 */
hollywood: boolean, };

/**
 * Everything a player can do in a Rummy hand.
 */
export type RummyAction = { "action": "draw_stock" } | { "action": "draw_discard" } | { "action": "meld", 
/**
 * The meld's cards.
 */
cards: Array<string>, } | { "action": "lay_off", 
/**
 * The card laid off.
 */
card: string, 
/**
 * Index of the meld on the table.
 */
meld: number, } | { "action": "discard", 
/**
 * The card discarded.
 */
card: string, };

/**
 * How a Rummy hand ended.
 */
export type RummyEnd = { "end": "out", 
/**
 * Who went out.
 */
winner: number, 
/**
 * What the hand scored.
 */
points: number, 
/**
 * Went out in one turn without having melded or laid off before.
 */
hand_rummy: boolean, 
/**
 * The cards left in each hand.
 */
left: Array<Array<string>>, } | { "end": "stock_exhausted" };

/**
 * The last finished hand.
 */
export type RummyLast = { record: RummyRecord, };

/**
 * What a Rummy move does.
 */
export type RummyMoveKind = "draw_stock" | "draw_discard" | "discard" | "meld" | "layoff";

/**
 * The settlement.
 */
export type RummyOver = { settlement: RummySettlement, };

/**
 * The viewer's own hand.
 */
export type RummyOwn = { view: RummyView, };

/**
 * The public table, its melds included.
 */
export type RummyPublic = { view: RummyTable, };

/**
 * A finished hand as the score sheet keeps it.
 */
export type RummyRecord = { 
/**
 * The deal's number, from 0.
 */
deal_no: number, 
/**
 * Its dealer.
 */
dealer: number, 
/**
 * Its seed.
 */
seed: Array<number>, 
/**
 * How it ended.
 */
end: RummyEnd, 
/**
 * Running totals after it, per seat.
 */
totals: Array<number>, };

/**
 * Basic Rummy's rules; the defaults are RULES.md's.
 */
export type RummyRules = { 
/**
 * Any number of melds per turn instead of one.
 */
multiple_melds: boolean, 
/**
 * Lay off only after one's own first meld.
 */
layoff_after_first_meld: boolean, 
/**
 * Q-K-A is a run too (K-A-2 never), and aces count 15.
 */
aces_high_low: boolean, 
/**
 * The last card must go by a discard.
 */
discard_to_go_out: boolean, 
/**
 * What going out in one turn is worth.
 */
hand_rummy: HandRummy, 
/**
 * The turned discard pile is shuffled before it becomes the stock.
 */
reshuffle_stock: boolean, 
/**
 * The hand ends without score when the stock runs out this many times.
 */
max_stock_passes: number, 
/**
 * The match ends when a player's total reaches it...
 */
target: number, 
/**
 * ...or, when set, after this many hands.
 */
rounds: number | null, };

/**
 * The end of a Rummy match: who won (equal totals share the win) and who pays whom: every
 * pair settles the difference of their totals (RULES.md sections 10 and 12).
 */
export type RummySettlement = { 
/**
 * The winners: the highest total, several on a tie.
 */
winners: Array<number>, 
/**
 * Who resigned, if anyone.
 */
resigned: number | null, 
/**
 * Running totals at the end, per seat.
 */
totals: Array<number>, 
/**
 * Who pays whom.
 */
payments: Array<Payment>, 
/**
 * Per seat, won (positive) or paid (negative); the sum is zero.
 */
net: Array<number>, };

/**
 * Whether a Rummy match is still being played.
 */
export type RummyStatus = { "status": "in_progress" } | { "status": "finished" } & RummySettlement | { "status": "cancelled" };

/**
 * The public table of a Rummy match: no player's cards (but those everyone saw taken).
 */
export type RummyTable = { 
/**
 * The rules of the match.
 */
rules: RummyRules, 
/**
 * The number of players.
 */
players: number, 
/**
 * The number of the deal being played, from 0.
 */
deal_no: number, 
/**
 * Cards held, per seat.
 */
card_counts: Array<number>, 
/**
 * The melds on the table.
 */
melds: Array<TableMeld>, 
/**
 * The discard pile, bottom first.
 */
discard_pile: Array<string>, 
/**
 * Cards left in the stock.
 */
stock_count: number, 
/**
 * How often the stock has run out this hand.
 */
stock_passes: number, 
/**
 * The dealer.
 */
dealer: number, 
/**
 * Who is to move.
 */
to_act: number | null, 
/**
 * The player to move has drawn and is melding, laying off or discarding.
 */
drawn: boolean, 
/**
 * Per seat, the cards everyone saw it take from the discard pile that it still holds.
 */
known: Array<Array<string>>, 
/**
 * Running totals, per seat.
 */
totals: Array<number>, 
/**
 * The last move and who made it.
 */
last_action: [number, RummyAction] | null, 
/**
 * SHA-256 of this hand's seed, shown before play and checked against the seed revealed
 * at the hand's end.
 */
commitment: string, 
/**
 * Whether the match is on, settled or cancelled.
 */
status: RummyStatus, };

/**
 * A player's view of a Rummy match: the public table and their own hand.
 */
export type RummyView = { 
/**
 * The public table.
 */
table: RummyTable, 
/**
 * Whose view this is.
 */
seat: number, 
/**
 * Its cards.
 */
hand: Array<string>, 
/**
 * What it may do now.
 */
legal_actions: Array<RummyAction>, 
/**
 * The end of the hand: every hand's remaining cards are public then.
 */
end: RummyEnd | null, };

/**
 * The end of a match: bonuses, final totals and who pays whom.
 */
export type Settlement = { 
/**
 * The seat (in the four-player modes, the team) that won.
 */
winner: number, 
/**
 * Who resigned, if anyone.
 */
resigned: number | null, 
/**
 * Running totals at the end (what counted towards the target).
 */
totals: Array<number>, 
/**
 * Lines (boxes) won per seat.
 */
lines: Array<number>, 
/**
 * `lines * line_bonus` per seat.
 */
line_bonus: Array<number>, 
/**
 * Game bonus per seat: the winner's (a shutout's bonus or doubling when every loser was
 * shut out; with three players a single shutout is settled in that pair), zero for losers.
 */
game_bonus: Array<number>, 
/**
 * Losers who scored nothing in the whole match.
 */
shutouts: Array<number>, 
/**
 * Final totals: running total + line bonus + game bonus.
 */
finals: Array<number>, 
/**
 * Who pays whom: one payment per pair that owes anything.
 */
payments: Array<Payment>, 
/**
 * Per seat: what it won (positive) or paid (negative) in all; the sum is zero.
 */
net: Array<number>, };

/**
 * Both hands as laid out, with the layoffs and the deadwood counts.
 */
export type Showdown = { 
/**
 * Gin, knock or undercut.
 */
kind: ShowdownKind, 
/**
 * The knocker's melds.
 */
knocker_melds: Array<Meld>, 
/**
 * The knocker's cards in no meld.
 */
knocker_deadwood_cards: Array<string>, 
/**
 * Their value.
 */
knocker_deadwood: number, 
/**
 * The defender's melds.
 */
defender_melds: Array<Meld>, 
/**
 * The defender's cards laid off onto the knocker's melds.
 */
layoffs: Array<Layoff>, 
/**
 * The defender's cards in no meld after the layoffs.
 */
defender_deadwood_cards: Array<string>, 
/**
 * Their value.
 */
defender_deadwood: number, };

/**
 * How a knock ended (a dead hand has no showdown).
 */
export type ShowdownKind = "gin" | "knock" | "undercut";

/**
 * `POST /api/token`'s answer: the player's access token (for the SDK) and a session.
 */
export type SignedIn = { access_token: string, session: string, user: User, };

/**
 * The match as the viewer sees it (all empty when the channel has none to show).
 */
export type StateFrame = { match: MatchInfo | null, seat: number | null, hand: OwnHand | null, table: PublicTable | null, arrangement: Arrangement | null, moves: Array<Move>, last_deal: LastDeal | null, end: End | null, note: Note | null, 
/**
 * A challenge to the viewer waiting for their answer, where the chat has no message to
 * accept it on (a DM or group DM): the page offers Accept.
 */
challenge?: PendingChallenge, };

/**
 * A meld on the table and who laid it out.
 */
export type TableMeld = { 
/**
 * Who laid it out.
 */
owner: number, 
/**
 * Its cards, with those laid off onto it since.
 */
cards: Array<string>, };

/**
 * One table of a finished deal.
 */
export type TableRecord = { 
/**
 * The non-dealer first.
 */
players: [number, number], 
/**
 * The table's dealer.
 */
dealer: number, 
/**
 * The table's seed.
 */
seed: Array<number>, 
/**
 * How the table's hand ended.
 */
end: HandEnd, };

/**
 * The public table: what the channel's table message shows.
 */
export type TableView = { 
/**
 * The rules of the match.
 */
rules: Rules, 
/**
 * The match's number of seats (4 in Partnership Gin).
 */
seats: number, 
/**
 * The number of the deal being played, from 0.
 */
deal_no: number, 
/**
 * The hand's two players, the one to act first first.
 */
players: [number, number], 
/**
 * The dealer.
 */
dealer: number, 
/**
 * The seat that sits this hand out (three players).
 */
sitting_out: number | null, 
/**
 * Who is to move.
 */
to_act: number | null, 
/**
 * Where the hand stands.
 */
phase: Phase, 
/**
 * Bottom first; the last card is the top.
 */
discard_pile: Array<string>, 
/**
 * Cards left in the stock.
 */
stock_count: number, 
/**
 * Cards held by each of the two players.
 */
card_counts: [number, number], 
/**
 * Cards each of the two players took from the discard pile and still holds.
 */
known: [Array<string>, Array<string>], 
/**
 * The card turned at the deal (none with the eleven-card deal).
 */
upcard: string | null, 
/**
 * The highest deadwood that may knock in this hand.
 */
knock_limit: number, 
/**
 * The hand's actions so far; a stock draw does not say which card was drawn.
 */
actions: Array<[number, Action]>, 
/**
 * Running totals, per seat.
 */
totals: Array<number>, 
/**
 * Lines (hands won), per seat.
 */
lines: Array<number>, 
/**
 * SHA-256 commitment of this hand's seed, published before the deal.
 */
commitment: string, 
/**
 * The showdown, once the hand is over (public from then on).
 */
end: HandEnd | null, 
/**
 * Whether the match is on, settled or cancelled.
 */
status: MatchStatus, 
/**
 * A Hollywood match's three games (public scores).
 */
hollywood: HollywoodSheet | null, };

/**
 * What a player can do in a Team Gin hand: the moves of the two-player game, and the swap.
 */
export type TeamAction = { "team_action": "play", "action": Action } | { "team_action": "swap", "action": string } | { "team_action": "return", "action": string };

/**
 * How a Team Gin hand ended.
 */
export type TeamHandEnd = { "end": "knocked", 
/**
 * Who knocked.
 */
knocker: number, 
/**
 * The card discarded with the knock.
 */
discard: string, 
/**
 * The four hands as laid out.
 */
showdown: TeamShowdown, 
/**
 * What the hand is worth.
 */
score: TeamScore, } | { "end": "dead" };

/**
 * A finished Team Gin hand as the score sheet keeps it.
 */
export type TeamHandRecord = { 
/**
 * The deal's number, from 0.
 */
deal_no: number, 
/**
 * Its dealer.
 */
dealer: number, 
/**
 * Its seed.
 */
seed: Array<number>, 
/**
 * How it ended.
 */
end: TeamHandEnd, 
/**
 * Team totals after this hand.
 */
totals: Array<number>, };

/**
 * The last finished hand.
 */
export type TeamLast = { record: TeamHandRecord, };

/**
 * A defender's card laid off onto a meld of a knocking player.
 */
export type TeamLayoff = { 
/**
 * The card laid off.
 */
card: string, 
/**
 * 0 or 1: which defender held it.
 */
from: number, 
/**
 * 0 the knocker, 1 the knocker's partner.
 */
onto_player: number, 
/**
 * Index into that player's melds.
 */
onto: number, };

/**
 * A move as everyone saw it.
 */
export type TeamMove = { "TookUpcard": string } | "Passed" | "DrewStock" | { "DrewDiscard": string } | "Swapped" | "Returned" | { "Discarded": string } | { "Knocked": string };

/**
 * What a Team Gin move of its own does (its other moves are Gin's, with Gin's kinds).
 */
export type TeamMoveKind = "swap" | "return";

/**
 * The teams' settlement.
 */
export type TeamOver = { settlement: Settlement, };

/**
 * The viewer's own and partner's hands, with the table.
 */
export type TeamOwn = { table: TeamTable, view: TeamView, };

/**
 * The public table.
 */
export type TeamPublic = { view: TeamTable, };

/**
 * What a team showdown is worth and to which team (RULES.md section 11b, "Scoring").
 */
export type TeamScore = { 
/**
 * `true` when the knocking team scored, `false` on an undercut.
 */
knocking_team_won: boolean, 
/**
 * The points scored.
 */
points: number, };

/**
 * The four hands as laid out, the layoffs, and the two teams' deadwood.
 */
export type TeamShowdown = { 
/**
 * Gin, knock or undercut.
 */
kind: ShowdownKind, 
/**
 * The knocker, then the partner.
 */
knocking: [TeamSide, TeamSide], 
/**
 * The two defenders, in the order given.
 */
defending: [TeamSide, TeamSide], 
/**
 * The defenders' cards laid off.
 */
layoffs: Array<TeamLayoff>, 
/**
 * K: both knocking hands' deadwood.
 */
knocking_deadwood: number, 
/**
 * D: both defending hands' deadwood after the layoffs.
 */
defending_deadwood: number, };

/**
 * One hand of the showdown as laid out. For a defender, `deadwood_cards` is what is left after
 * the layoffs.
 */
export type TeamSide = { 
/**
 * The hand's melds.
 */
melds: Array<Meld>, 
/**
 * Its cards in no meld.
 */
deadwood_cards: Array<string>, 
/**
 * Their value.
 */
deadwood: number, };

/**
 * Where the hand stands, without its hidden cards.
 */
export type TeamStage = "UpcardOffer" | { "Draw": { 
/**
 * All four passed the upcard: only the stock may be drawn from.
 */
stock_only: boolean, } } | { "Turn": { 
/**
 * The turn's swap is done.
 */
swapped: boolean, } } | "SwapBack" | "Over";

/**
 * The public table of a Team Gin match.
 */
export type TeamTable = { 
/**
 * The rules of the match.
 */
rules: Rules, 
/**
 * The number of the deal being played, from 0.
 */
deal_no: number, 
/**
 * The dealer.
 */
dealer: number, 
/**
 * Whose turn it is (also while the partner answers a swap).
 */
turn_of: number | null, 
/**
 * Who must act now (the partner, while a swap waits for its answer).
 */
to_act: number | null, 
/**
 * Where the hand stands.
 */
stage: TeamStage, 
/**
 * Bottom first.
 */
discard_pile: Array<string>, 
/**
 * Cards left in the stock.
 */
stock_count: number, 
/**
 * Cards held, per seat.
 */
hand_sizes: [number, number, number, number], 
/**
 * Cards each seat took from the discard pile and still holds, as everyone saw.
 */
known: [Array<string>, Array<string>, Array<string>, Array<string>], 
/**
 * The highest deadwood that may knock in this hand.
 */
knock_limit: number, 
/**
 * Swaps so far this hand.
 */
swaps: number, 
/**
 * The last move as everyone saw it, and who made it.
 */
last: [number, TeamMove] | null, 
/**
 * Per team (0: seats 0 and 2).
 */
totals: Array<number>, 
/**
 * Lines (hands won), per team.
 */
lines: Array<number>, 
/**
 * SHA-256 of this hand's seed, published before the deal.
 */
commitment: string, 
/**
 * The showdown, public once the hand is over.
 */
end: TeamHandEnd | null, 
/**
 * Whether the match is on, settled or cancelled.
 */
status: MatchStatus, };

/**
 * What one player may see of a Team Gin hand: their own cards and their partner's, never an
 * opponent's (but for the cards everyone saw them take from the discard pile).
 */
export type TeamView = { 
/**
 * Whose view this is.
 */
seat: number, 
/**
 * Its cards.
 */
hand: Array<string>, 
/**
 * Its partner's cards.
 */
partner_hand: Array<string>, 
/**
 * Cards held, per seat.
 */
hand_sizes: [number, number, number, number], 
/**
 * The discard pile, bottom first.
 */
discard_pile: Array<string>, 
/**
 * Cards left in the stock.
 */
stock_len: number, 
/**
 * The card turned at the deal.
 */
upcard: string, 
/**
 * The highest deadwood that may knock in this hand.
 */
knock_limit: number, 
/**
 * The dealer.
 */
dealer: number, 
/**
 * Who must act now (the partner, while a swap waits for its answer).
 */
to_act: number | null, 
/**
 * Whose turn it is.
 */
turn_of: number | null, 
/**
 * Swaps so far this hand: all the other team learns of them.
 */
swaps: number, 
/**
 * The card given in this team's own swap while the partner chooses what to return.
 */
swap_given: string | null, 
/**
 * Cards each seat took from the discard pile that its team still holds, as everyone saw
 * (after a swap either partner may hold them).
 */
known: [Array<string>, Array<string>, Array<string>, Array<string>], 
/**
 * The card the player to move took from the discard pile this turn (public).
 */
taken: string | null, 
/**
 * What this seat may do now (empty when it is not its move).
 */
legal_actions: Array<TeamAction>, 
/**
 * The showdown, public once the hand is over.
 */
end: TeamHandEnd | null, };

/**
 * `POST /api/token`'s body: the SDK's code.
 */
export type TokenRequest = { code: string, };

/**
 * A person, their id as text (a snowflake outgrows a JavaScript number).
 */
export type User = { id: string, name: string, };

/**
 * A move as the page sends it back: the `play` of one of the state's moves, under
 * its game's name.
 */
export type WirePlay = { "gin": Action } | { "rummy": RummyAction } | { "partnership": Action } | { "team": TeamAction };
