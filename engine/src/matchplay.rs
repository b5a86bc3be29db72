//! The match (RULES.md sections 7, 8 and 10): hands follow each other until a running total
//! reaches the target, then bonuses and the settlement.
//!
//! A match is a pure function of its rules, seat count, 32-byte match seed and the log of
//! accepted events: [`Match::replay`] rebuilds exactly the state that live play produced.

use super::deck::{commitment, hand_seed, Seed};
use super::event::Event;
use super::hand::{Action, ActionError, Hand, HandEnd};
use super::hollywood::HollywoodSheet;
use super::rotation::{first_dealer, next_dealer, players_for};
use super::rules::{Rules, RulesError};
use super::seat::Seat;
use super::settlement::{settle, MatchStatus, Settlement};
use super::variant::Variant;
use super::view::{own_cards, PlayerView, ShownHand, TableView};
use serde::{Deserialize, Serialize};

/// At its old path too, for callers outside the engine.
pub use super::settlement::Payment;

/// One entry of a Gin match's log.
pub type MatchEvent = Event<Action>;

/// A finished hand as the score sheet keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HandRecord {
    /// Counts every deal, dead hands included.
    pub deal_no: u32,
    /// The hand's dealer.
    pub dealer: Seat,
    /// Its two players, the one to act first first.
    pub players: [Seat; 2],
    /// Its seed, revealed with the hand.
    pub seed: Seed,
    /// How it ended.
    pub end: HandEnd,
    /// Running totals after this hand.
    pub totals: Vec<u32>,
}

/// Errors of match-level actions; the match is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    #[error(transparent)]
    /// The hand refused the action.
    Action(#[from] ActionError),
    #[error(transparent)]
    /// The rules are not valid.
    Rules(#[from] RulesError),
    #[error("a match has two or three players")]
    /// A match has two or three seats (Hollywood two).
    SeatCount,
    #[error("there is no seat {0} in this match")]
    /// The seat is not at this table.
    NoSuchSeat(Seat),
    #[error("the match is over")]
    /// The match has ended.
    MatchOver,
}

/// A whole match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Match {
    /// The rules of the match.
    pub rules: Rules,
    /// The number of seats: 2 or 3.
    pub seats: u8,
    /// Secret until the match ends; each hand's seed is derived from it.
    pub seed: Seed,
    /// Running totals, per seat.
    pub totals: Vec<u32>,
    /// Lines (hands won), per seat.
    pub lines: Vec<u32>,
    /// The hand being played (after the match ends, the last one).
    pub hand: Hand,
    /// The number of the deal being played, from 0 (dead hands count).
    pub deal_no: u32,
    /// The finished hands, in order.
    pub history: Vec<HandRecord>,
    /// The events applied (none after [`Match::clear_log`]).
    pub log: Vec<MatchEvent>,
    /// Whether the match is on, settled or cancelled.
    pub status: MatchStatus,
    /// The three games of a Hollywood match (`rules.hollywood`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hollywood: Option<HollywoodSheet>,
}

impl Match {
    /// Starts a match and deals its first hand; the first dealer comes from the seed.
    pub fn new(rules: Rules, seats: u8, seed: Seed) -> Result<Match, MatchError> {
        rules.validate()?;
        if !(2..=3).contains(&seats) || (rules.hollywood && seats != 2) {
            return Err(MatchError::SeatCount);
        }
        let rules_hollywood = rules.hollywood;
        let dealer = first_dealer(&seed, seats);
        let hand = Hand::deal(
            &rules,
            hand_seed(&seed, 0),
            players_for(seats, dealer),
            dealer,
        );
        Ok(Match {
            totals: vec![0; seats as usize],
            lines: vec![0; seats as usize],
            rules,
            seats,
            seed,
            hand,
            deal_no: 0,
            history: Vec::new(),
            log: Vec::new(),
            status: MatchStatus::InProgress,
            hollywood: rules_hollywood.then(HollywoodSheet::default),
        })
    }

    /// Rebuilds a match from its seed and action log.
    pub fn replay(
        rules: Rules,
        seats: u8,
        seed: Seed,
        log: &[MatchEvent],
    ) -> Result<Match, MatchError> {
        <Match as Variant>::replay((rules, seats), seed, log)
    }

    /// Drops the in-memory copy of the action log. The bot keeps the log in its `actions`
    /// table, and a state without it stays a few kilobytes instead of growing with every move;
    /// replaying the stored log still reproduces every other field.
    pub fn clear_log(&mut self) {
        self.log.clear();
    }

    /// Whether the match has ended (settled or cancelled).
    pub fn is_over(&self) -> bool {
        !matches!(self.status, MatchStatus::InProgress)
    }

    /// Whether a moderator cancelled the match.
    pub fn is_cancelled(&self) -> bool {
        self.status == MatchStatus::Cancelled
    }

    /// The settlement, once the match is settled.
    pub fn settlement(&self) -> Option<&Settlement> {
        self.status.settlement()
    }

    /// The seat to move, if the match is on.
    pub fn to_act(&self) -> Option<Seat> {
        if self.is_over() {
            None
        } else {
            self.hand.to_act()
        }
    }

    /// The commitment of the hand being played, published before its cards are seen.
    pub fn current_commitment(&self) -> String {
        commitment(&self.hand.seed)
    }

    /// Every action `seat` may take now (none once the match is over).
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.is_over() {
            return Vec::new();
        }
        self.hand.legal_actions(seat)
    }

    /// Plays an action; when it ends the hand, scores it and deals the next (or ends the match).
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<(), MatchError> {
        self.apply_event(MatchEvent::Play { seat, action })
    }

    /// Resignation or forfeit of `seat`: the match ends and is settled as it stands.
    pub fn resign(&mut self, seat: Seat) -> Result<(), MatchError> {
        self.apply_event(MatchEvent::Resign { seat })
    }

    /// Applies one event; on error the match is unchanged.
    pub fn apply_event(&mut self, event: MatchEvent) -> Result<(), MatchError> {
        if self.is_over() {
            return Err(MatchError::MatchOver);
        }
        match event {
            MatchEvent::Play { seat, action } => {
                self.check_seat(seat)?;
                self.hand.apply(seat, action)?;
                self.log.push(event);
                if let Some(end) = self.hand.result().cloned() {
                    self.finish_hand(end);
                }
            }
            MatchEvent::Resign { seat } => {
                self.check_seat(seat)?;
                self.log.push(event);
                // The winner: the other player, or the best placed of the other two.
                let winner = (0..self.seats)
                    .filter(|&s| s != seat)
                    .max_by_key(|&s| (self.totals[s as usize], std::cmp::Reverse(s)))
                    .expect("two or more seats");
                if let Some(sheet) = self.hollywood.as_mut() {
                    // The sheet itself shows the open games closed for the other player.
                    for game in sheet.games.iter_mut().filter(|g| g.closed.is_none()) {
                        game.closed =
                            Some(settle(&self.rules, &game.totals, &game.lines, winner, None));
                    }
                }
                self.status = MatchStatus::Finished(self.settle(winner, Some(seat)));
            }
            MatchEvent::Cancel => {
                self.log.push(event);
                self.status = MatchStatus::Cancelled;
            }
        }
        Ok(())
    }

    /// Deal `deal_no` step by step, for a replay: the hand as dealt, then after each of its
    /// actions, ending with the finished hand and its showdown. Rebuilt from the seed and the
    /// log alone, so anyone holding them gets the same steps. `None` for a deal not played
    /// to its end.
    pub fn hand_steps(&self, deal_no: u32) -> Option<Vec<Hand>> {
        let mut m = Match::new(self.rules.clone(), self.seats, self.seed).ok()?;
        let mut steps = Vec::new();
        for event in &self.log {
            if m.deal_no == deal_no && steps.is_empty() {
                steps.push(m.hand.clone());
            }
            if let (MatchEvent::Play { seat, action }, true) = (event, m.deal_no == deal_no) {
                let mut after = m.hand.clone();
                after.apply(*seat, *action).ok()?;
                let over = after.is_over();
                steps.push(after);
                if over {
                    return Some(steps);
                }
            }
            m.apply_event(*event).ok()?;
        }
        None
    }

    fn check_seat(&self, seat: Seat) -> Result<(), MatchError> {
        if seat < self.seats {
            Ok(())
        } else {
            Err(MatchError::NoSuchSeat(seat))
        }
    }

    fn finish_hand(&mut self, end: HandEnd) {
        let winner = end.winner(self.hand.players);
        if let Some((seat, score)) = winner {
            self.totals[seat as usize] += score.points;
            self.lines[seat as usize] += score.lines;
        }
        self.history.push(HandRecord {
            deal_no: self.deal_no,
            dealer: self.hand.dealer,
            players: self.hand.players,
            seed: self.hand.seed,
            end,
            totals: self.totals.clone(),
        });
        if let (Some(sheet), Some((seat, score))) = (self.hollywood.as_mut(), winner) {
            sheet.score(&self.rules, seat, score.points, score.lines);
            if sheet.all_closed() {
                self.status = MatchStatus::Finished(sheet.total(None));
                return;
            }
        } else if let (None, Some((seat, _))) = (&self.hollywood, winner) {
            if self.totals[seat as usize] >= self.rules.target {
                self.status = MatchStatus::Finished(self.settle(seat, None));
                return;
            }
        }
        let dealer = next_dealer(&self.rules, self.seats, &self.hand, winner.map(|w| w.0));
        self.deal_no += 1;
        self.hand = Hand::deal(
            &self.rules,
            hand_seed(&self.seed, self.deal_no),
            players_for(self.seats, dealer),
            dealer,
        );
    }

    fn settle(&self, winner: Seat, resigned: Option<Seat>) -> Settlement {
        match &self.hollywood {
            // A resignation closes every open game for the other player.
            Some(sheet) => {
                let mut sheet = sheet.clone();
                for game in sheet.games.iter_mut().filter(|g| g.closed.is_none()) {
                    game.closed =
                        Some(settle(&self.rules, &game.totals, &game.lines, winner, None));
                }
                sheet.total(resigned)
            }
            None => settle(&self.rules, &self.totals, &self.lines, winner, resigned),
        }
    }
}

impl Match {
    /// The spectator's (and the channel's) view.
    pub fn table_view(&self) -> TableView {
        let mut view = TableView::of_hand(
            &self.hand,
            &self.rules,
            self.seats,
            self.deal_no,
            (&self.totals, &self.lines),
            &self.status,
        );
        view.hollywood = self.hollywood.clone();
        view.shown = self
            .history
            .iter()
            .filter_map(|r| ShownHand::of(r.players, &r.end))
            .collect();
        view
    }

    /// What `seat` may see: the table, its own hand, its legal actions.
    pub fn view_for(&self, seat: Seat) -> PlayerView {
        PlayerView {
            seat,
            table: self.table_view(),
            hand: own_cards(&self.hand, seat),
            legal_actions: self.legal_actions(seat),
        }
    }
}

/// Gin for two or three (Hollywood included) through the seam every game shares (see
/// [`Variant`]); each method is the inherent one.
impl Variant for Match {
    type Action = Action;
    type Error = MatchError;
    /// The rules and the seat count (2 or 3; 2 for Hollywood).
    type Setup = (Rules, u8);
    type View = PlayerView;
    type Table = TableView;
    type Settlement = Settlement;
    const FORMATS: &'static [(u8, &'static str)] = &[(2, "two"), (3, "three")];

    fn start(setup: (Rules, u8), seed: Seed) -> Result<Match, MatchError> {
        let (rules, seats) = setup;
        Match::new(rules, seats, seed)
    }

    fn setup(&self) -> (Rules, u8) {
        (self.rules.clone(), self.seats)
    }

    fn seed(&self) -> Seed {
        self.seed
    }

    fn seats(&self) -> u8 {
        self.seats
    }

    fn seats_to_act(&self) -> Vec<Seat> {
        self.to_act().into_iter().collect()
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        Match::legal_actions(self, seat)
    }

    fn apply_event(&mut self, event: MatchEvent) -> Result<(), MatchError> {
        Match::apply_event(self, event)
    }

    fn view_for(&self, seat: Seat) -> PlayerView {
        Match::view_for(self, seat)
    }

    fn table_view(&self) -> TableView {
        Match::table_view(self)
    }

    fn is_over(&self) -> bool {
        Match::is_over(self)
    }

    fn settlement(&self) -> Option<&Settlement> {
        Match::settlement(self)
    }

    fn log(&self) -> &[MatchEvent] {
        &self.log
    }

    fn clear_log(&mut self) {
        Match::clear_log(self)
    }
}
