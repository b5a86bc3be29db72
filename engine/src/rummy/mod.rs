//! Basic Rummy (Straight Rummy, RULES.md section 12): a second game beside Gin, for 2 to 6
//! players, sharing cards and the deck; its own melds (aces may be high), hand and match.
//!
//! Like the Gin match, a pure function of its rules, player count, seed and event log.

pub mod ai;
mod distance;
pub mod hand;
mod hard;
pub mod melds;
pub mod rules;

pub use ai::{decide_rummy, RummyLevel};
pub use hand::{RummyAction, RummyEnd, RummyError, RummyHand, RummyPhase, TableMeld};
pub use rules::{HandRummy, RummyRules};

use crate::card::{Card, CardSet};
use crate::deck::{hand_seed, Seed};
use crate::event::Event;
use crate::rotation::first_dealer;
use crate::seat::Seat;
use crate::settlement::{pairwise, Payment};
use crate::variant::Variant;
use serde::{Deserialize, Serialize};

/// One entry of a Rummy match's log. A player who resigns (or forfeits) ends the match; the
/// others share the win.
pub type RummyEvent = Event<RummyAction>;

/// A finished hand as the score sheet keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RummyRecord {
    /// The deal's number, from 0.
    pub deal_no: u32,
    /// Its dealer.
    pub dealer: Seat,
    /// Its seed.
    pub seed: Seed,
    /// How it ended.
    pub end: RummyEnd,
    /// Running totals after it, per seat.
    pub totals: Vec<u32>,
}

/// The end of a Rummy match: who won (equal totals share the win) and who pays whom: every
/// pair settles the difference of their totals (RULES.md sections 10 and 12).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RummySettlement {
    /// The winners: the highest total, several on a tie.
    pub winners: Vec<Seat>,
    /// Who resigned, if anyone.
    pub resigned: Option<Seat>,
    /// Running totals at the end, per seat.
    pub totals: Vec<u32>,
    /// Who pays whom.
    pub payments: Vec<Payment>,
    /// Per seat, won (positive) or paid (negative); the sum is zero.
    pub net: Vec<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "status", rename_all = "snake_case")]
/// Whether a Rummy match is still being played.
pub enum RummyStatus {
    /// Still being played.
    InProgress,
    /// Played out or resigned, and settled.
    Finished(RummySettlement),
    /// Ended by a moderator without scoring.
    Cancelled,
}

/// Errors of Rummy match actions; the match is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RummyMatchError {
    #[error(transparent)]
    /// The hand refused the action.
    Hand(#[from] RummyError),
    #[error("Rummy is played by 2 to 6 players")]
    /// Rummy is for 2 to 6 players.
    PlayerCount,
    #[error("there is no seat {0} in this match")]
    /// The seat is not at this table.
    NoSuchSeat(Seat),
    #[error("the match is over")]
    /// The match has ended.
    MatchOver,
}

/// A whole Rummy match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RummyMatch {
    /// The rules of the match.
    pub rules: RummyRules,
    /// The number of players, 2 to 6.
    pub players: u8,
    /// Secret until the match ends; each hand's seed is derived from it.
    pub seed: Seed,
    /// Running totals, per seat.
    pub totals: Vec<u32>,
    /// The hand being played (after the match ends, the last one).
    pub hand: RummyHand,
    /// The number of the deal being played, from 0.
    pub deal_no: u32,
    /// The finished hands, in order.
    pub history: Vec<RummyRecord>,
    /// The events applied (none after [`RummyMatch::clear_log`]).
    pub log: Vec<RummyEvent>,
    /// Whether the match is on, settled or cancelled.
    pub status: RummyStatus,
}

impl RummyMatch {
    /// Starts a match of `players` and deals; the first dealer comes from the seed.
    pub fn new(rules: RummyRules, players: u8, seed: Seed) -> Result<RummyMatch, RummyMatchError> {
        if !(2..=6).contains(&players) {
            return Err(RummyMatchError::PlayerCount);
        }
        let dealer = first_dealer(&seed, players);
        Ok(RummyMatch {
            hand: RummyHand::deal(&rules, hand_seed(&seed, 0), players, dealer),
            rules,
            players,
            seed,
            totals: vec![0; usize::from(players)],
            deal_no: 0,
            history: Vec::new(),
            log: Vec::new(),
            status: RummyStatus::InProgress,
        })
    }

    /// Rebuilds a match from its seed and event log.
    pub fn replay(
        rules: RummyRules,
        players: u8,
        seed: Seed,
        log: &[RummyEvent],
    ) -> Result<RummyMatch, RummyMatchError> {
        <RummyMatch as Variant>::replay((rules, players), seed, log)
    }

    /// Whether the match has ended (settled or cancelled).
    pub fn is_over(&self) -> bool {
        self.status != RummyStatus::InProgress
    }

    /// Every action `seat` may take now (none once the match is over).
    pub fn legal_actions(&self, seat: Seat) -> Vec<RummyAction> {
        if self.is_over() {
            return Vec::new();
        }
        self.hand.legal_actions(seat)
    }

    /// Plays `seat`'s action; when it ends the hand, scores it and deals the next (or ends
    /// the match).
    pub fn apply(&mut self, seat: Seat, action: RummyAction) -> Result<(), RummyMatchError> {
        self.apply_event(RummyEvent::Play { seat, action })
    }

    /// Applies one event; on error the match is unchanged.
    pub fn apply_event(&mut self, event: RummyEvent) -> Result<(), RummyMatchError> {
        if self.is_over() {
            return Err(RummyMatchError::MatchOver);
        }
        match event {
            RummyEvent::Play { seat, action } => {
                if seat >= self.players {
                    return Err(RummyMatchError::NoSuchSeat(seat));
                }
                self.hand.apply(seat, action)?;
                if let Some(end) = self.hand.end.clone() {
                    self.finish_hand(end);
                }
            }
            RummyEvent::Resign { seat } => {
                if seat >= self.players {
                    return Err(RummyMatchError::NoSuchSeat(seat));
                }
                self.status = RummyStatus::Finished(self.settle(Some(seat)));
            }
            RummyEvent::Cancel => self.status = RummyStatus::Cancelled,
        }
        self.log.push(event);
        Ok(())
    }

    fn finish_hand(&mut self, end: RummyEnd) {
        if let RummyEnd::Out { winner, points, .. } = end {
            self.totals[usize::from(winner)] += points;
        }
        self.history.push(RummyRecord {
            deal_no: self.deal_no,
            dealer: self.hand.dealer,
            seed: self.hand.seed,
            end,
            totals: self.totals.clone(),
        });
        let reached = self.totals.iter().any(|&t| t >= self.rules.target);
        let rounds_done = self
            .rules
            .rounds
            .is_some_and(|r| self.history.len() as u32 >= r);
        if reached || rounds_done {
            self.status = RummyStatus::Finished(self.settle(None));
            return;
        }
        // The deal passes to the left.
        let dealer = (self.hand.dealer + 1) % self.players;
        self.deal_no += 1;
        self.hand = RummyHand::deal(
            &self.rules,
            hand_seed(&self.seed, self.deal_no),
            self.players,
            dealer,
        );
    }

    /// Highest total wins (equal totals share the win; a player who resigned never wins);
    /// every pair settles the difference of their totals. A player who resigns (or forfeits)
    /// settles as if they had scored nothing: they pay every other player that player's
    /// total, so leaving while ahead never gains (RULES.md is silent on leaving a match).
    fn settle(&self, resigned: Option<Seat>) -> RummySettlement {
        let n = self.players;
        let best = (0..n)
            .filter(|&s| Some(s) != resigned)
            .map(|s| self.totals[usize::from(s)])
            .max()
            .unwrap_or(0);
        let winners = (0..n)
            .filter(|&s| Some(s) != resigned && self.totals[usize::from(s)] == best)
            .collect();
        let total = |s: Seat| {
            if Some(s) == resigned {
                0
            } else {
                i64::from(self.totals[usize::from(s)])
            }
        };
        let (payments, net) = pairwise(n, |a, b| total(a) - total(b));
        RummySettlement {
            winners,
            resigned,
            totals: self.totals.clone(),
            payments,
            net,
        }
    }

    /// Forgets the event log (the ledger keeps it; a stored state need not carry it).
    pub fn clear_log(&mut self) {
        self.log.clear();
    }

    /// The settlement, once the match is over by play or resignation.
    pub fn settlement(&self) -> Option<&RummySettlement> {
        match &self.status {
            RummyStatus::Finished(s) => Some(s),
            _ => None,
        }
    }

    /// The seat to move, if the match is on.
    pub fn to_act(&self) -> Option<Seat> {
        if self.is_over() {
            None
        } else {
            self.hand.to_act()
        }
    }

    /// What everyone may see: the table, card counts, scores; no hand but at the hand's end.
    pub fn table_view(&self) -> RummyTable {
        let h = &self.hand;
        RummyTable {
            rules: self.rules.clone(),
            players: self.players,
            deal_no: self.deal_no,
            card_counts: h.hands.iter().map(|c| c.len()).collect(),
            melds: h.melds.clone(),
            discard_pile: h.discard_pile.clone(),
            stock_count: h.stock.len(),
            stock_passes: h.stock_passes,
            dealer: h.dealer,
            to_act: self.to_act(),
            drawn: matches!(h.phase, RummyPhase::Play { .. }),
            known: h.known.clone(),
            totals: self.totals.clone(),
            last_action: h.actions.last().copied(),
            commitment: crate::deck::commitment(&h.seed),
            status: self.status.clone(),
        }
    }

    /// What `seat` may see: its own hand and the public table, never another hand.
    pub fn view_for(&self, seat: Seat) -> RummyView {
        let h = &self.hand;
        RummyView {
            table: self.table_view(),
            seat,
            hand: h.hands.get(usize::from(seat)).copied().unwrap_or_default(),
            legal_actions: self.legal_actions(seat),
            end: h.end.clone(),
        }
    }
}

/// Basic Rummy through the seam every game shares (see [`Variant`]); each method is the
/// inherent one.
impl Variant for RummyMatch {
    type Action = RummyAction;
    type Error = RummyMatchError;
    /// The rules and the number of players (2 to 6).
    type Setup = (RummyRules, u8);
    type View = RummyView;
    type Table = RummyTable;
    type Settlement = RummySettlement;
    const FORMATS: &'static [(u8, &'static str)] = &[
        (2, "rummy-2"),
        (3, "rummy-3"),
        (4, "rummy-4"),
        (5, "rummy-5"),
        (6, "rummy-6"),
    ];

    fn start(setup: (RummyRules, u8), seed: Seed) -> Result<RummyMatch, RummyMatchError> {
        let (rules, players) = setup;
        RummyMatch::new(rules, players, seed)
    }

    fn setup(&self) -> (RummyRules, u8) {
        (self.rules.clone(), self.players)
    }

    fn seed(&self) -> Seed {
        self.seed
    }

    fn seats(&self) -> u8 {
        self.players
    }

    fn seats_to_act(&self) -> Vec<Seat> {
        self.to_act().into_iter().collect()
    }

    fn legal_actions(&self, seat: Seat) -> Vec<RummyAction> {
        RummyMatch::legal_actions(self, seat)
    }

    fn apply_event(&mut self, event: RummyEvent) -> Result<(), RummyMatchError> {
        RummyMatch::apply_event(self, event)
    }

    fn view_for(&self, seat: Seat) -> RummyView {
        RummyMatch::view_for(self, seat)
    }

    fn table_view(&self) -> RummyTable {
        RummyMatch::table_view(self)
    }

    fn is_over(&self) -> bool {
        RummyMatch::is_over(self)
    }

    fn settlement(&self) -> Option<&RummySettlement> {
        RummyMatch::settlement(self)
    }

    fn log(&self) -> &[RummyEvent] {
        &self.log
    }

    fn clear_log(&mut self) {
        RummyMatch::clear_log(self)
    }
}

/// The public table of a Rummy match: no player's cards (but those everyone saw taken).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RummyTable {
    /// The rules of the match.
    pub rules: RummyRules,
    /// The number of players.
    pub players: u8,
    /// The number of the deal being played, from 0.
    pub deal_no: u32,
    /// Cards held, per seat.
    pub card_counts: Vec<usize>,
    /// The melds on the table.
    pub melds: Vec<TableMeld>,
    /// The discard pile, bottom first.
    pub discard_pile: Vec<Card>,
    /// Cards left in the stock.
    pub stock_count: usize,
    /// How often the stock has run out this hand.
    pub stock_passes: u32,
    /// The dealer.
    pub dealer: Seat,
    /// Who is to move.
    pub to_act: Option<Seat>,
    /// The player to move has drawn and is melding, laying off or discarding.
    pub drawn: bool,
    /// Per seat, the cards everyone saw it take from the discard pile that it still holds.
    pub known: Vec<CardSet>,
    /// Running totals, per seat.
    pub totals: Vec<u32>,
    /// The last move and who made it.
    pub last_action: Option<(Seat, RummyAction)>,
    /// SHA-256 of this hand's seed, shown before play and checked against the seed revealed
    /// at the hand's end.
    pub commitment: String,
    /// Whether the match is on, settled or cancelled.
    pub status: RummyStatus,
}

/// A player's view of a Rummy match: the public table and their own hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RummyView {
    /// The public table.
    pub table: RummyTable,
    /// Whose view this is.
    pub seat: Seat,
    /// Its cards.
    pub hand: CardSet,
    /// What it may do now.
    pub legal_actions: Vec<RummyAction>,
    /// The end of the hand: every hand's remaining cards are public then.
    pub end: Option<RummyEnd>,
}
