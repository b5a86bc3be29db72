//! Team Gin with card swap (RULES.md section 11b): four players in two teams, partners
//! seeing each other's hands. The match is here: team totals until one reaches the target,
//! then game, shutout and line bonuses per team and the settlement between the teams. Its
//! parts: the hand ([`hand`]), its showdown ([`showdown`]) and what each may see ([`view`]).
//!
//! Like [`crate::Match`], a pure function of its rules, seed and event log. In its
//! [`Settlement`] the "seats" are the two teams: 0 (seats 0 and 2) and 1 (seats 1 and 3).

pub mod hand;
pub mod showdown;
pub mod view;

pub use hand::{
    left_of, partner_of, team_of, TeamAction, TeamError, TeamHand, TeamHandEnd, TeamPhase,
    TEAM_HAND_SIZE,
};
pub use showdown::{solve_team_showdown, TeamLayoff, TeamScore, TeamShowdown, TeamSide};
pub use view::{TeamMove, TeamStage, TeamTable, TeamView};

use crate::deck::{commitment, hand_seed, Seed};
use crate::event::Event;
use crate::hand::Action;
use crate::rotation::first_dealer;
use crate::rules::Rules;
use crate::seat::Seat;
use crate::settlement::{settle, MatchStatus, Settlement};
use crate::variant::Variant;
use serde::{Deserialize, Serialize};
use view::public_move;

/// One entry of a team match's log. A resignation gives the match to the other team.
pub type TeamMatchEvent = Event<TeamAction>;

/// A finished Team Gin hand as the score sheet keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TeamHandRecord {
    /// The deal's number, from 0.
    pub deal_no: u32,
    /// Its dealer.
    pub dealer: Seat,
    /// Its seed.
    pub seed: Seed,
    /// How it ended.
    pub end: TeamHandEnd,
    /// Team totals after this hand.
    pub totals: Vec<u32>,
}

/// Errors of team match actions; the match is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TeamMatchError {
    #[error(transparent)]
    /// The hand refused the action.
    Hand(#[from] TeamError),
    #[error("there is no seat {0} in this match")]
    /// There are seats 0 to 3 only.
    NoSuchSeat(Seat),
    #[error("the match is over")]
    /// The match has ended.
    MatchOver,
}

/// A whole Team Gin match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TeamMatch {
    /// The rules of the match.
    pub rules: Rules,
    /// Secret until the match ends; each hand's seed is derived from it.
    pub seed: Seed,
    /// Per team.
    pub totals: Vec<u32>,
    /// Lines (hands won) per team.
    pub lines: Vec<u32>,
    /// The hand being played (after the match ends, the last one).
    pub hand: TeamHand,
    /// The number of the deal being played, from 0.
    pub deal_no: u32,
    /// The finished hands, in order.
    pub history: Vec<TeamHandRecord>,
    /// The events applied (none after [`TeamMatch::clear_log`]).
    pub log: Vec<TeamMatchEvent>,
    /// Whether the match is on, settled or cancelled.
    pub status: MatchStatus,
}

impl TeamMatch {
    /// Starts a match; the first dealer comes from the seed.
    pub fn new(rules: Rules, seed: Seed) -> TeamMatch {
        let dealer = first_dealer(&seed, 4);
        TeamMatch {
            hand: TeamHand::deal(&rules, hand_seed(&seed, 0), dealer),
            rules,
            seed,
            totals: vec![0; 2],
            lines: vec![0; 2],
            deal_no: 0,
            history: Vec::new(),
            log: Vec::new(),
            status: MatchStatus::InProgress,
        }
    }

    /// Rebuilds a match from its seed and event log.
    pub fn replay(
        rules: Rules,
        seed: Seed,
        log: &[TeamMatchEvent],
    ) -> Result<TeamMatch, TeamMatchError> {
        <TeamMatch as Variant>::replay(rules, seed, log)
    }

    /// Whether the match has ended (settled or cancelled).
    pub fn is_over(&self) -> bool {
        self.status != MatchStatus::InProgress
    }

    /// The settlement between the teams, once the match is settled.
    pub fn settlement(&self) -> Option<&Settlement> {
        self.status.settlement()
    }

    /// Every action `seat` may take now (none once the match is over).
    pub fn legal_actions(&self, seat: Seat) -> Vec<TeamAction> {
        if self.is_over() {
            return Vec::new();
        }
        self.hand.legal_actions(seat)
    }

    /// Plays `seat`'s action; when it ends the hand, scores it and deals the next (or ends
    /// the match).
    pub fn apply(&mut self, seat: Seat, action: TeamAction) -> Result<(), TeamMatchError> {
        self.apply_event(TeamMatchEvent::Play { seat, action })
    }

    /// Applies one event; on error the match is unchanged.
    pub fn apply_event(&mut self, event: TeamMatchEvent) -> Result<(), TeamMatchError> {
        if self.is_over() {
            return Err(TeamMatchError::MatchOver);
        }
        match event {
            TeamMatchEvent::Play { seat, action } => {
                check_seat(seat)?;
                self.hand.apply(seat, action)?;
                if let Some(end) = self.hand.end.clone() {
                    self.finish_hand(end);
                }
            }
            TeamMatchEvent::Resign { seat } => {
                check_seat(seat)?;
                let loser = team_of(seat) as Seat;
                self.status = MatchStatus::Finished(settle(
                    &self.rules,
                    &self.totals,
                    &self.lines,
                    1 - loser,
                    Some(loser),
                ));
            }
            TeamMatchEvent::Cancel => self.status = MatchStatus::Cancelled,
        }
        self.log.push(event);
        Ok(())
    }

    fn finish_hand(&mut self, end: TeamHandEnd) {
        let winner = end.winner();
        if let Some((team, points)) = winner {
            self.totals[team] += points;
            self.lines[team] += 1;
        }
        self.history.push(TeamHandRecord {
            deal_no: self.deal_no,
            dealer: self.hand.dealer,
            seed: self.hand.seed,
            end,
            totals: self.totals.clone(),
        });
        if let Some((team, _)) = winner {
            if self.totals[team] >= self.rules.target {
                self.status = MatchStatus::Finished(settle(
                    &self.rules,
                    &self.totals,
                    &self.lines,
                    team as Seat,
                    None,
                ));
                return;
            }
        }
        // The deal passes clockwise; after a dead hand the same dealer deals again.
        let dealer = if winner.is_some() {
            left_of(self.hand.dealer)
        } else {
            self.hand.dealer
        };
        self.deal_no += 1;
        self.hand = TeamHand::deal(&self.rules, hand_seed(&self.seed, self.deal_no), dealer);
    }
}

impl TeamMatch {
    /// The seat whose move it is now.
    pub fn to_act(&self) -> Option<Seat> {
        if self.is_over() {
            None
        } else {
            self.hand.to_act()
        }
    }

    /// Drops the in-memory log (the bot's actions table keeps it).
    pub fn clear_log(&mut self) {
        self.log.clear();
    }

    /// The channel's view: no hand's hidden cards, no swapped card.
    pub fn table_view(&self) -> TeamTable {
        let h = &self.hand;
        let over = self.is_over();
        let stage = match h.phase {
            TeamPhase::UpcardOffer { .. } => TeamStage::UpcardOffer,
            TeamPhase::Draw { stock_only, .. } => TeamStage::Draw { stock_only },
            TeamPhase::Turn { swapped, .. } => TeamStage::Turn { swapped },
            TeamPhase::SwapBack { .. } => TeamStage::SwapBack,
            TeamPhase::Over => TeamStage::Over,
        };
        let last = h.actions.last().map(|&(seat, action)| {
            // A card taken from the pile is public: it is the last one the seat took.
            let taken = match action {
                TeamAction::Play(Action::TakeUpcard) => Some(h.upcard),
                TeamAction::Play(Action::DrawDiscard) => match h.phase {
                    TeamPhase::Turn { taken, .. } | TeamPhase::SwapBack { taken, .. } => taken,
                    _ => None,
                },
                _ => None,
            };
            (seat, public_move(action, taken))
        });
        TeamTable {
            rules: self.rules.clone(),
            deal_no: self.deal_no,
            dealer: h.dealer,
            turn_of: if over { None } else { h.turn_of() },
            to_act: self.to_act(),
            stage,
            discard_pile: h.discard_pile.clone(),
            stock_count: h.stock.len(),
            hand_sizes: h.hands.map(|c| c.len()),
            known: h.known,
            knock_limit: h.knock_limit,
            swaps: h.swaps(),
            last,
            totals: self.totals.clone(),
            lines: self.lines.clone(),
            commitment: commitment(&h.seed),
            end: h.end.clone(),
            status: self.status.clone(),
        }
    }

    /// What `seat` may see: the table, its own hand and its partner's, what it may do now.
    pub fn view_for(&self, seat: Seat) -> TeamView {
        let mut view = self.hand.view(seat);
        if self.is_over() {
            view.legal_actions.clear();
            view.to_act = None;
        }
        view
    }
}

/// Team Gin through the seam every game shares (see [`Variant`]); each method is the
/// inherent one.
impl Variant for TeamMatch {
    type Action = TeamAction;
    type Error = TeamMatchError;
    /// The rules; the match always has four seats.
    type Setup = Rules;
    type View = TeamView;
    type Table = TeamTable;
    type Settlement = Settlement;
    const FORMATS: &'static [(u8, &'static str)] = &[(4, "team")];

    fn start(setup: Rules, seed: Seed) -> Result<TeamMatch, TeamMatchError> {
        Ok(TeamMatch::new(setup, seed))
    }

    fn setup(&self) -> Rules {
        self.rules.clone()
    }

    fn seed(&self) -> Seed {
        self.seed
    }

    fn seats(&self) -> u8 {
        4
    }

    fn seats_to_act(&self) -> Vec<Seat> {
        self.to_act().into_iter().collect()
    }

    fn legal_actions(&self, seat: Seat) -> Vec<TeamAction> {
        TeamMatch::legal_actions(self, seat)
    }

    fn apply_event(&mut self, event: TeamMatchEvent) -> Result<(), TeamMatchError> {
        TeamMatch::apply_event(self, event)
    }

    fn view_for(&self, seat: Seat) -> TeamView {
        TeamMatch::view_for(self, seat)
    }

    fn table_view(&self) -> TeamTable {
        TeamMatch::table_view(self)
    }

    fn is_over(&self) -> bool {
        TeamMatch::is_over(self)
    }

    fn settlement(&self) -> Option<&Settlement> {
        TeamMatch::settlement(self)
    }

    fn log(&self) -> &[TeamMatchEvent] {
        &self.log
    }

    fn clear_log(&mut self) {
        TeamMatch::clear_log(self)
    }
}

fn check_seat(seat: Seat) -> Result<(), TeamMatchError> {
    if seat < 4 {
        Ok(())
    } else {
        Err(TeamMatchError::NoSuchSeat(seat))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Action;

    /// Plays a whole match with a simple policy: knock when possible, else swap nothing and
    /// discard the highest card that is not the one just taken.
    fn play_out(seed: Seed) -> TeamMatch {
        let mut m = TeamMatch::new(Rules::default(), seed);
        let mut steps = 0;
        while !m.is_over() {
            let seat = m.hand.to_act().unwrap();
            let legal = m.legal_actions(seat);
            let pick = legal
                .iter()
                .find(|a| matches!(a, TeamAction::Play(Action::Knock(_))))
                .or_else(|| {
                    legal
                        .iter()
                        .filter(|a| matches!(a, TeamAction::Play(Action::Discard(_))))
                        .max_by_key(|a| match a {
                            TeamAction::Play(Action::Discard(c)) => c.value(),
                            _ => 0,
                        })
                })
                .or_else(|| legal.iter().find(|a| !matches!(a, TeamAction::Swap(_))))
                .copied()
                .unwrap();
            m.apply(seat, pick).unwrap();
            steps += 1;
            assert!(steps < 100_000, "the match ends");
        }
        m
    }

    #[test]
    fn a_match_ends_when_a_team_reaches_the_target_and_settles_between_teams() {
        let m = play_out([9; 32]);
        let s = m.settlement().unwrap();
        assert!(s.totals[s.winner as usize] >= 100);
        assert_eq!(s.net.iter().sum::<i64>(), 0);
        assert_eq!(s.net.len(), 2);
        assert_eq!(
            TeamMatch::replay(Rules::default(), [9; 32], &m.log).unwrap(),
            m
        );
    }

    #[test]
    fn the_deal_passes_clockwise_and_stays_after_a_dead_hand() {
        let m = play_out([10; 32]);
        for pair in m.history.windows(2) {
            let expected = match pair[0].end {
                TeamHandEnd::Dead => pair[0].dealer,
                _ => left_of(pair[0].dealer),
            };
            assert_eq!(pair[1].dealer, expected);
        }
    }

    #[test]
    fn a_resignation_gives_the_match_to_the_other_team() {
        let mut m = TeamMatch::new(Rules::default(), [11; 32]);
        m.apply_event(TeamMatchEvent::Resign { seat: 3 }).unwrap();
        assert_eq!(m.settlement().unwrap().winner, 0);
        assert_eq!(
            m.apply(0, TeamAction::Play(Action::Pass)),
            Err(TeamMatchError::MatchOver)
        );
    }
}
