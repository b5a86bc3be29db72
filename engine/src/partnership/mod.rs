//! Partnership Gin (RULES.md section 11a): two teams of two; every deal, each player plays a
//! two-player hand against one opponent at one of two tables, and the pair of results is
//! scored for the teams.
//!
//! Seats 0 and 2 are team 0, seats 1 and 3 team 1. Table 0 is the one seat 0 plays at. Each
//! table is an ordinary [`Hand`] with a seed of its own. Like [`crate::Match`], a pure function
//! of its rules, seed and event log; in its [`Settlement`] the "seats" are the two teams. The
//! match is here; a deal (who meets whom, what the two tables score) is in [`deal`].

pub mod deal;

pub use deal::{deal_score, pairings, DealRecord, TableRecord};

use crate::deck::{hand_seed, Seed};
use crate::event::Event;
use crate::hand::{opponent_of, Action, Hand};
use crate::matchplay::MatchError;
use crate::rotation::first_dealer;
use crate::rules::{DealerRule, Rules};
use crate::seat::Seat;
use crate::settlement::{settle, MatchStatus, Settlement};
use crate::team::team_of;
use crate::variant::Variant;
use crate::view::{own_cards, PlayerView, TableView};
use serde::{Deserialize, Serialize};

/// The target of this mode when the match does not set one (RULES.md section 11a).
pub const PARTNERSHIP_TARGET: u32 = 125;

/// One entry of a partnership match's log. A resignation gives the match to the other team.
pub type PartnershipEvent = Event<Action>;

/// A whole Partnership Gin match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PartnershipMatch {
    /// The rules of the match.
    pub rules: Rules,
    /// Secret until the match ends; each table's seed is derived from it.
    pub seed: Seed,
    /// The number of the deal being played, from 0.
    pub deal_no: u32,
    /// The two tables of the current deal (after the match ends, of the last one).
    pub tables: [Hand; 2],
    /// Per team.
    pub totals: Vec<u32>,
    /// Lines (deals scored) per team.
    pub lines: Vec<u32>,
    /// The finished deals, in order.
    pub history: Vec<DealRecord>,
    /// The events applied (none after [`PartnershipMatch::clear_log`]).
    pub log: Vec<PartnershipEvent>,
    /// Whether the match is on, settled or cancelled.
    pub status: MatchStatus,
    /// Moves made so far, and the move count at each table's last move: the table that has
    /// waited longer holds the match's turn clock (see [`PartnershipMatch::clock_seat`]).
    #[serde(default)]
    pub moves: u32,
    #[serde(default)]
    /// Per table, the value of `moves` at its last move.
    pub moved_at: [u32; 2],
}

impl PartnershipMatch {
    /// Starts a match and deals both tables of the first deal.
    pub fn new(rules: Rules, seed: Seed) -> PartnershipMatch {
        PartnershipMatch {
            tables: deal(&rules, &seed, &[], 0),
            rules,
            seed,
            deal_no: 0,
            totals: vec![0; 2],
            lines: vec![0; 2],
            history: Vec::new(),
            log: Vec::new(),
            status: MatchStatus::InProgress,
            moves: 0,
            moved_at: [0; 2],
        }
    }

    /// Drops the in-memory log (the bot's actions table keeps it).
    pub fn clear_log(&mut self) {
        self.log.clear();
    }

    /// The seats that may move now: one per table still in play (both tables play at once).
    pub fn seats_to_act(&self) -> Vec<Seat> {
        if self.is_over() {
            return Vec::new();
        }
        self.tables.iter().filter_map(Hand::to_act).collect()
    }

    /// The seat the match's one turn clock waits for: of the tables still in play, the one
    /// whose last move is older (table 0 on a tie). A reminder or a forfeit concerns it.
    pub fn clock_seat(&self) -> Option<Seat> {
        if self.is_over() {
            return None;
        }
        (0..2)
            .filter_map(|t| self.tables[t].to_act().map(|s| (self.moved_at[t], t, s)))
            .min()
            .map(|(_, _, s)| s)
    }

    /// A mark of `seat`'s table as it stands: it changes with every move there and every new
    /// deal, not with moves at the other table (a button drawn for it stays good meanwhile).
    pub fn table_step(&self, seat: Seat) -> i64 {
        let moves = self.hand_of(seat).map_or(0, |h| h.actions.len());
        (i64::from(self.deal_no) << 20) | moves as i64
    }

    /// Rebuilds a match from its seed and event log.
    pub fn replay(
        rules: Rules,
        seed: Seed,
        log: &[PartnershipEvent],
    ) -> Result<PartnershipMatch, MatchError> {
        <PartnershipMatch as Variant>::replay(rules, seed, log)
    }

    /// Whether the match has ended (settled or cancelled).
    pub fn is_over(&self) -> bool {
        self.status != MatchStatus::InProgress
    }

    /// The settlement between the teams, once the match is settled.
    pub fn settlement(&self) -> Option<&Settlement> {
        self.status.settlement()
    }

    /// The table `seat` plays at in the current deal.
    pub fn table_of(&self, seat: Seat) -> Option<usize> {
        self.tables.iter().position(|h| h.index_of(seat).is_some())
    }

    /// The hand `seat` plays in the current deal.
    pub fn hand_of(&self, seat: Seat) -> Option<&Hand> {
        self.table_of(seat).map(|t| &self.tables[t])
    }

    /// Every action `seat` may take now at its table.
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.is_over() {
            return Vec::new();
        }
        self.hand_of(seat)
            .map(|h| h.legal_actions(seat))
            .unwrap_or_default()
    }

    /// Plays `seat`'s action at its table; when both tables have ended, scores the deal
    /// and deals the next (or ends the match).
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<(), MatchError> {
        self.apply_event(PartnershipEvent::Play { seat, action })
    }

    /// Applies one event; on error the match is unchanged.
    pub fn apply_event(&mut self, event: PartnershipEvent) -> Result<(), MatchError> {
        if self.is_over() {
            return Err(MatchError::MatchOver);
        }
        match event {
            PartnershipEvent::Play { seat, action } => {
                let t = self.table_of(seat).ok_or(MatchError::NoSuchSeat(seat))?;
                self.tables[t].apply(seat, action)?;
                self.moves += 1;
                self.moved_at[t] = self.moves;
                if self.tables.iter().all(Hand::is_over) {
                    self.finish_deal();
                }
            }
            PartnershipEvent::Resign { seat } => {
                if seat > 3 {
                    return Err(MatchError::NoSuchSeat(seat));
                }
                let loser = team_of(seat) as Seat;
                self.status = MatchStatus::Finished(settle(
                    &self.rules,
                    &self.totals,
                    &self.lines,
                    1 - loser,
                    Some(loser),
                ));
            }
            PartnershipEvent::Cancel => self.status = MatchStatus::Cancelled,
        }
        self.log.push(event);
        Ok(())
    }

    fn finish_deal(&mut self) {
        let records = self.tables.clone().map(|h| TableRecord {
            players: h.players,
            dealer: h.dealer,
            seed: h.seed,
            end: h.end.expect("a finished hand has an end"),
        });
        let scored = deal_score(
            records
                .clone()
                .map(|r| r.end.winner(r.players).map(|(s, score)| (s, score.points))),
        );
        if let Some((team, points)) = scored {
            self.totals[team] += points;
            self.lines[team] += 1;
        }
        self.history.push(DealRecord {
            deal_no: self.deal_no,
            tables: records,
            scored,
            totals: self.totals.clone(),
        });
        if let Some((team, _)) = scored {
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
        self.deal_no += 1;
        self.tables = deal(&self.rules, &self.seed, &self.history, self.deal_no);
        self.moved_at = [self.moves; 2];
    }

    /// Whether `seat`'s table has finished and waits for the other table to end the deal.
    pub fn waiting_for_other_table(&self, seat: Seat) -> bool {
        self.hand_of(seat).is_some_and(Hand::is_over) && !self.is_over()
    }
}

impl PartnershipMatch {
    /// The public view of table `t` (0: the table seat 0 plays at). Its totals and lines are
    /// per seat, each seat's being its team's (`[A, B, A, B]`), so whoever reads a seat's
    /// score (the AI, a message) reads its team's.
    pub fn table_view(&self, t: usize) -> TableView {
        let per_seat = |team: &[u32]| (0..4).map(|s| team[s % 2]).collect::<Vec<u32>>();
        TableView::of_hand(
            &self.tables[t],
            &self.rules,
            4,
            self.deal_no,
            (&per_seat(&self.totals), &per_seat(&self.lines)),
            &self.status,
        )
    }

    /// What `seat` may see: its own table, its own hand, its legal actions. The other
    /// table's public view is [`PartnershipMatch::table_view`].
    pub fn view_for(&self, seat: Seat) -> PlayerView {
        let t = self.table_of(seat).unwrap_or(0);
        PlayerView {
            seat,
            table: self.table_view(t),
            hand: own_cards(&self.tables[t], seat),
            legal_actions: self.legal_actions(seat),
        }
    }
}

/// Partnership Gin through the seam every game shares (see [`Variant`]); each method is the
/// inherent one. Its public view is both tables, table 0 (the one seat 0 plays at) first.
impl Variant for PartnershipMatch {
    type Action = Action;
    type Error = MatchError;
    /// The rules; the match always has four seats.
    type Setup = Rules;
    type View = PlayerView;
    type Table = [TableView; 2];
    type Settlement = Settlement;
    const FORMATS: &'static [(u8, &'static str)] = &[(4, "partnership")];

    fn start(setup: Rules, seed: Seed) -> Result<PartnershipMatch, MatchError> {
        Ok(PartnershipMatch::new(setup, seed))
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
        PartnershipMatch::seats_to_act(self)
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        PartnershipMatch::legal_actions(self, seat)
    }

    fn apply_event(&mut self, event: PartnershipEvent) -> Result<(), MatchError> {
        PartnershipMatch::apply_event(self, event)
    }

    fn view_for(&self, seat: Seat) -> PlayerView {
        PartnershipMatch::view_for(self, seat)
    }

    fn table_view(&self) -> [TableView; 2] {
        [0, 1].map(|t| PartnershipMatch::table_view(self, t))
    }

    fn is_over(&self) -> bool {
        PartnershipMatch::is_over(self)
    }

    fn settlement(&self) -> Option<&Settlement> {
        PartnershipMatch::settlement(self)
    }

    fn log(&self) -> &[PartnershipEvent] {
        &self.log
    }

    fn clear_log(&mut self) {
        PartnershipMatch::clear_log(self)
    }
}

/// Both tables of deal `deal_no`, each from its own seed, each with its dealer.
fn deal(rules: &Rules, seed: &Seed, history: &[DealRecord], deal_no: u32) -> [Hand; 2] {
    pairings(deal_no).map(|pair| {
        let dealer = dealer_between(rules, seed, history, pair);
        let table = u32::from(pair[0] / 2);
        Hand::deal(
            rules,
            hand_seed(seed, deal_no * 2 + table),
            [opponent_of(pair, dealer), dealer],
            dealer,
        )
    })
}

/// The dealer rule between the two players of `pair`, from the last hand they played against
/// each other (a dead one: the same dealer); the first time, chosen from the seed.
fn dealer_between(rules: &Rules, seed: &Seed, history: &[DealRecord], pair: [Seat; 2]) -> Seat {
    let last = history.iter().rev().find_map(|d| {
        d.tables
            .iter()
            .find(|t| t.players.contains(&pair[0]) && t.players.contains(&pair[1]))
    });
    let Some(last) = last else {
        let tag = hand_seed(seed, 0x8000_0000 | u32::from(pair[0] * 4 + pair[1]));
        return pair[usize::from(first_dealer(&tag, 2))];
    };
    match last.end.winner(last.players) {
        None => last.dealer,
        Some((winner, _)) => match rules.dealer_rule {
            DealerRule::LoserDeals => opponent_of(last.players, winner),
            DealerRule::WinnerDeals => winner,
            DealerRule::Alternate => opponent_of(last.players, last.dealer),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ActionError;

    #[test]
    fn opponents_switch_every_deal() {
        assert_eq!(pairings(0), [[0, 1], [2, 3]]);
        assert_eq!(pairings(1), [[0, 3], [2, 1]]);
        assert_eq!(pairings(2), pairings(0));
        let m = PartnershipMatch::new(Rules::default(), [1; 32]);
        assert_eq!(m.table_of(0), Some(0));
        assert_eq!(m.table_of(1), Some(0));
        assert_eq!(m.table_of(3), Some(1));
    }

    #[test]
    fn both_tables_to_one_team_score_the_sum() {
        assert_eq!(deal_score([Some((0, 12)), Some((2, 30))]), Some((0, 42)));
        assert_eq!(deal_score([Some((1, 5)), Some((3, 7))]), Some((1, 12)));
    }

    #[test]
    fn one_table_each_scores_the_difference_and_a_tie_scores_nothing() {
        assert_eq!(deal_score([Some((0, 12)), Some((3, 30))]), Some((1, 18)));
        assert_eq!(deal_score([Some((2, 9)), Some((1, 9))]), None);
    }

    #[test]
    fn a_dead_table_counts_as_won_by_nobody_with_nothing() {
        assert_eq!(deal_score([None, Some((1, 14))]), Some((1, 14)));
        assert_eq!(deal_score([None, None]), None);
    }

    #[test]
    fn each_table_has_its_own_deck() {
        let m = PartnershipMatch::new(Rules::default(), [2; 32]);
        assert_ne!(m.tables[0].seed, m.tables[1].seed);
        assert_eq!(m.tables[0].hands[0].len(), 10);
        assert_eq!(m.tables[1].hands[1].len(), 10);
    }

    /// A simple policy: knock when possible, else discard the highest card allowed.
    fn play_out(seed: Seed, rules: Rules) -> PartnershipMatch {
        let mut m = PartnershipMatch::new(rules, seed);
        let mut steps = 0;
        while !m.is_over() {
            // Alternate between the tables that are still playing.
            for t in 0..2 {
                let Some(seat) = m.tables[t].to_act() else {
                    continue;
                };
                let legal = m.legal_actions(seat);
                let pick = legal
                    .iter()
                    .find(|a| matches!(a, Action::Knock(_)))
                    .or_else(|| {
                        legal
                            .iter()
                            .filter(|a| matches!(a, Action::Discard(_)))
                            .max_by_key(|a| match a {
                                Action::Discard(c) => c.value(),
                                _ => 0,
                            })
                    })
                    .or(legal.first())
                    .copied()
                    .unwrap();
                m.apply(seat, pick).unwrap();
                if m.is_over() {
                    break;
                }
            }
            steps += 1;
            assert!(steps < 100_000, "the match ends");
        }
        m
    }

    #[test]
    fn a_match_plays_to_the_target_and_replays_from_its_log() {
        let rules = Rules {
            target: PARTNERSHIP_TARGET,
            ..Rules::default()
        };
        let m = play_out([3; 32], rules.clone());
        let s = m.settlement().unwrap();
        assert!(s.totals[s.winner as usize] >= PARTNERSHIP_TARGET);
        assert_eq!(s.net.iter().sum::<i64>(), 0);
        assert_eq!(PartnershipMatch::replay(rules, [3; 32], &m.log).unwrap(), m);
        for d in &m.history {
            assert_eq!(
                d.tables.clone().map(|t| {
                    let mut p = t.players;
                    p.sort();
                    p
                }),
                pairings(d.deal_no).map(|mut p| {
                    p.sort();
                    p
                })
            );
        }
    }

    #[test]
    fn each_table_deals_by_the_dealer_rule_between_its_two_players() {
        // The default rule: the loser of the last hand between the two deals (a dead hand:
        // the same dealer); the same pair meets every second deal.
        let m = play_out([5; 32], Rules::default());
        assert!(m.history.len() > 3);
        for pair in m.history.windows(3) {
            for (before, now) in pair[0].tables.iter().zip(&pair[2].tables) {
                let expected = match before.end.winner(before.players) {
                    None => before.dealer,
                    Some((winner, _)) => opponent_of(before.players, winner),
                };
                assert_eq!(now.dealer, expected);
            }
        }
    }

    /// The two-player AI plays a partnership table from its view, at every level.
    #[test]
    fn the_two_player_ai_plays_every_seat_at_every_level() {
        use crate::ai::{decide, Level};
        for (i, level) in Level::ALL.into_iter().enumerate() {
            let mut m = PartnershipMatch::new(Rules::default(), [20 + i as u8; 32]);
            // Two whole deals (the hard level thinks for a while: a deal is enough).
            let deals = if level == Level::Hard { 1 } else { 2 };
            while m.deal_no < deals && !m.is_over() {
                for t in 0..2 {
                    if let Some(seat) = m.tables[t].to_act() {
                        let action = decide(level, &[seat; 32], &m.view_for(seat));
                        m.apply(seat, action)
                            .expect("the AI plays only legal moves");
                    }
                }
            }
        }
    }

    #[test]
    fn the_turn_clock_follows_the_table_that_waited_longer() {
        let mut m = PartnershipMatch::new(Rules::default(), [6; 32]);
        let first = m.tables.clone().map(|h| h.to_act().unwrap());
        assert_eq!(m.seats_to_act(), first.to_vec());
        assert_eq!(m.clock_seat(), Some(first[0]), "a tie: table 0");
        let step = m.table_step(first[1]);
        m.apply(first[0], Action::Pass).unwrap();
        assert_eq!(m.clock_seat(), Some(first[1]), "table 1 has waited longer");
        assert_eq!(m.table_step(first[1]), step, "the other table's move");
        assert_ne!(m.table_step(first[0]), step);
        m.apply(first[1], Action::Pass).unwrap();
        assert_eq!(m.clock_seat(), m.tables[0].to_act());
    }

    #[test]
    fn a_finished_table_waits_for_the_other() {
        let mut m = PartnershipMatch::new(Rules::default(), [4; 32]);
        // Play table 0 alone until it ends.
        while !m.tables[0].is_over() {
            let seat = m.tables[0].to_act().unwrap();
            let legal = m.legal_actions(seat);
            let pick = legal
                .iter()
                .find(|a| matches!(a, Action::Knock(_)))
                .or(legal.iter().rev().find(|a| matches!(a, Action::Discard(_))))
                .or(legal.first())
                .copied()
                .unwrap();
            m.apply(seat, pick).unwrap();
        }
        assert!(m.waiting_for_other_table(0));
        assert_eq!(m.deal_no, 0);
        assert_eq!(
            m.apply(0, Action::DrawStock),
            Err(MatchError::Action(ActionError::HandOver))
        );
    }
}
