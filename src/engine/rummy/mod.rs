//! Basic Rummy (Straight Rummy, RULES.md section 12): a second game beside Gin, for 2 to 6
//! players, sharing cards and the deck; its own melds (aces may be high), hand and match.
//!
//! Like the Gin match, a pure function of its rules, player count, seed and event log.

pub mod ai;
pub mod hand;
pub mod melds;
pub mod rules;

pub use ai::{decide_rummy, RummyLevel};
pub use hand::{RummyAction, RummyEnd, RummyError, RummyHand, RummyPhase, TableMeld};
pub use rules::{HandRummy, RummyRules};

use crate::engine::card::{Card, CardSet};
use crate::engine::deck::{hand_seed, Seed};
use crate::engine::event::Event;
use crate::engine::rotation::first_dealer;
use crate::engine::seat::Seat;
use crate::engine::settlement::{pairwise, Payment};
use crate::engine::variant::Variant;
use serde::{Deserialize, Serialize};

/// One entry of a Rummy match's log. A player who resigns (or forfeits) ends the match; the
/// others share the win.
pub type RummyEvent = Event<RummyAction>;

/// A finished hand as the score sheet keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RummyRecord {
    pub deal_no: u32,
    pub dealer: Seat,
    pub seed: Seed,
    pub end: RummyEnd,
    pub totals: Vec<u32>,
}

/// The end of a Rummy match: who won (equal totals share the win) and who pays whom: every
/// pair settles the difference of their totals (RULES.md sections 10 and 12).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RummySettlement {
    pub winners: Vec<Seat>,
    pub resigned: Option<Seat>,
    pub totals: Vec<u32>,
    pub payments: Vec<Payment>,
    /// Per seat, won (positive) or paid (negative); the sum is zero.
    pub net: Vec<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum RummyStatus {
    InProgress,
    Finished(RummySettlement),
    Cancelled,
}

/// Errors of Rummy match actions; the match is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RummyMatchError {
    #[error(transparent)]
    Hand(#[from] RummyError),
    #[error("Rummy is played by 2 to 6 players")]
    PlayerCount,
    #[error("there is no seat {0} in this match")]
    NoSuchSeat(Seat),
    #[error("the match is over")]
    MatchOver,
}

/// A whole Rummy match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RummyMatch {
    pub rules: RummyRules,
    pub players: u8,
    pub seed: Seed,
    pub totals: Vec<u32>,
    pub hand: RummyHand,
    pub deal_no: u32,
    pub history: Vec<RummyRecord>,
    pub log: Vec<RummyEvent>,
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

    pub fn replay(
        rules: RummyRules,
        players: u8,
        seed: Seed,
        log: &[RummyEvent],
    ) -> Result<RummyMatch, RummyMatchError> {
        let mut m = RummyMatch::new(rules, players, seed)?;
        for e in log {
            m.apply_event(*e)?;
        }
        Ok(m)
    }

    pub fn is_over(&self) -> bool {
        self.status != RummyStatus::InProgress
    }

    pub fn legal_actions(&self, seat: Seat) -> Vec<RummyAction> {
        if self.is_over() {
            return Vec::new();
        }
        self.hand.legal_actions(seat)
    }

    pub fn apply(&mut self, seat: Seat, action: RummyAction) -> Result<(), RummyMatchError> {
        self.apply_event(RummyEvent::Play { seat, action })
    }

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
            commitment: crate::engine::deck::commitment(&h.seed),
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

/// Basic Rummy through the seam every game shares (see [`Variant`]); each method is the inherent one.
impl Variant for RummyMatch {
    type Action = RummyAction;
    type Error = RummyMatchError;
    /// The rules and the number of players (2 to 6).
    type Setup = (RummyRules, u8);
    type View = RummyView;
    type Table = RummyTable;
    type Settlement = RummySettlement;

    fn start(setup: (RummyRules, u8), seed: Seed) -> Result<RummyMatch, RummyMatchError> {
        let (rules, players) = setup;
        RummyMatch::new(rules, players, seed)
    }

    fn replay(
        setup: (RummyRules, u8),
        seed: Seed,
        log: &[RummyEvent],
    ) -> Result<RummyMatch, RummyMatchError> {
        let (rules, players) = setup;
        RummyMatch::replay(rules, players, seed, log)
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
pub struct RummyTable {
    pub rules: RummyRules,
    pub players: u8,
    pub deal_no: u32,
    pub card_counts: Vec<usize>,
    pub melds: Vec<TableMeld>,
    pub discard_pile: Vec<Card>,
    pub stock_count: usize,
    pub stock_passes: u32,
    pub dealer: Seat,
    pub to_act: Option<Seat>,
    /// The player to move has drawn and is melding, laying off or discarding.
    pub drawn: bool,
    pub known: Vec<CardSet>,
    pub totals: Vec<u32>,
    pub last_action: Option<(Seat, RummyAction)>,
    /// SHA-256 of this hand's seed, shown before play and checked against the seed revealed
    /// at the hand's end.
    pub commitment: String,
    pub status: RummyStatus,
}

/// A player's view of a Rummy match: the public table and their own hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RummyView {
    pub table: RummyTable,
    pub seat: Seat,
    pub hand: CardSet,
    pub legal_actions: Vec<RummyAction>,
    /// The end of the hand: every hand's remaining cards are public then.
    pub end: Option<RummyEnd>,
}
