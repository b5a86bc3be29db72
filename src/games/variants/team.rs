//! Team Gin with card swap (RULES.md section 11b): four at one table, partners passing a card
//! each turn.

use super::figures::{count_own_knock, kind_of, team_figures};
use super::gin::GinChoice;
use super::{wrappers, Sheet, FormatFilter, Decider, Kind, Play, TeamsEnd};
use crate::engine::ai::team as team_ai;
use crate::engine::ai::Level;
use crate::engine::team::TeamMatchError;
use crate::engine::team::{left_of, team_of};
use crate::engine::{
    ActionError, MatchStatus, Rules, Seat, TeamAction, TeamError, TeamHandEnd, TeamHandRecord,
    TeamMatch, TeamTable, TeamView,
};
use crate::engine::Preset;
use crate::games::{Failure, Refusal};
use crate::store::{HandKind, HandRow, PlayerResult};

/// A Team Gin player's own view: the table, and its own hand and its partner's.
#[derive(Clone, Debug)]
pub struct TeamHand {
    pub table: TeamTable,
    pub view: TeamView,
}

/// Whether a Team Gin table shows a match that is over.
fn table_ended(table: &TeamTable) -> bool {
    table.status != MatchStatus::InProgress
}

impl Kind for TeamMatch {
    deals_from_history!();
    wrappers!(Team);

    type Rules = Rules;
    type Choice = GinChoice;
    type Public = TeamTable;
    type Own = TeamHand;
    type Record = TeamHandRecord;
    type End = TeamsEnd;

    const TEAMS: bool = true;

    const FAMILIES: &'static [FormatFilter] = &[FormatFilter::family(
        "team",
        "team",
        "board-format-team",
        5,
        true,
        true,
    )];
    const SHEET: Sheet = Sheet::TeamHands;

    fn new_game(rules: &Rules, seats: u8, seed: crate::engine::Seed) -> Option<Self> {
        (seats == 4).then(|| TeamMatch::new(rules.clone(), seed))
    }

    /// Its own moves, and Gin's as the turn's moves shared with Gin: a Team Gin hand
    /// message has Gin's buttons beside the swap's.
    fn action_of(play: Play) -> Option<TeamAction> {
        let gin = || <crate::engine::Match as Kind>::own_action(play).map(TeamAction::Play);
        Self::own_action(play).or_else(gin)
    }

    fn move_kind(action: &TeamAction) -> &'static str {
        match action {
            TeamAction::Play(a) => <crate::engine::Match as Kind>::move_kind(a),
            TeamAction::Swap(_) => "swap",
            TeamAction::Return(_) => "return",
        }
    }

    fn is_match_over(error: &TeamMatchError) -> bool {
        *error == TeamMatchError::MatchOver
    }

    fn is_hand_over(error: &TeamMatchError) -> bool {
        *error == TeamMatchError::Hand(TeamError::Play(ActionError::HandOver))
    }

    fn public_ended(table: &TeamTable) -> bool {
        table_ended(table)
    }

    fn own_ended(own: &TeamHand) -> bool {
        table_ended(&own.table)
    }

    /// Three opponents, none with Hollywood.
    fn opponents(choice: &GinChoice) -> (usize, usize) {
        choice.four_player_opponents()
    }

    fn practice_seats(choice: &GinChoice, _asked: u8) -> Result<u8, Refusal> {
        choice.four_player_practice()
    }

    fn choice_rules(
        choice: GinChoice,
        default: Preset,
        default_target: Option<i64>,
        target: Option<i64>,
    ) -> Result<(&'static str, Rules), Failure> {
        choice.named_rules(default, target.or(default_target))
    }

    fn tournament_key(_rules: &Rules) -> &'static str {
        "tournament-game-team"
    }

    fn target(rules: &Rules) -> u32 {
        rules.target
    }

    fn to_act(&self) -> Option<Seat> {
        TeamMatch::to_act(self)
    }

    /// The mover's, also while the partner answers a swap (RULES.md section 11b: the
    /// partner's idle time counts as the mover's turn), so a swap does not restart the clock.
    fn turn_clock(&self) -> Option<Seat> {
        if self.is_over() {
            TeamMatch::to_act(self)
        } else {
            self.hand.turn_of()
        }
    }

    /// A player's hand message also shows the partner's hand, which the move changed.
    fn shows_partner(&self) -> bool {
        true
    }

    fn table(&self) -> TeamTable {
        self.table_view()
    }

    fn hand(&self, seat: Seat) -> TeamHand {
        TeamHand {
            table: self.table_view(),
            view: self.view_for(seat),
        }
    }

    fn end(&self) -> Option<TeamsEnd> {
        Some(TeamsEnd {
            settlement: TeamMatch::settlement(self)?.clone(),
            rules: self.rules.clone(),
        })
    }

    fn rules(&self) -> Rules {
        self.rules.clone()
    }

    /// The team's figures; the hands won are the team's, the knocks the player's own.
    fn player_results(&self) -> Option<Vec<PlayerResult>> {
        let s = TeamMatch::settlement(self)?;
        Some(
            (0..4)
                .map(|seat| {
                    let mut r = team_figures(s, seat);
                    for rec in &self.history {
                        if rec.end.winner().is_some_and(|(t, _)| t == team_of(seat)) {
                            r.hands_won += 1;
                        }
                        let TeamHandEnd::Knocked {
                            knocker,
                            showdown,
                            score,
                            ..
                        } = &rec.end
                        else {
                            continue;
                        };
                        if *knocker == seat {
                            count_own_knock(&mut r, showdown.kind, showdown.knocking[0].deadwood);
                        } else if team_of(*knocker) != team_of(seat) && !score.knocking_team_won {
                            r.undercuts_given += 1;
                        }
                    }
                    r
                })
                .collect(),
        )
    }

    fn hand_rows(&self, before: usize) -> Vec<HandRow> {
        self.history[before..].iter().map(hand_row).collect()
    }

    /// Team Gin's players: `simple`'s, or the one of `medium` and `hard`; their moves are
    /// Team Gin's.
    fn decider(&self, seat: Seat, level: Level, _seed: [u8; 32]) -> Decider {
        let view = self.view_for(seat);
        Box::new(move || Play::Team(team_ai::decide(level, &view)))
    }
}

/// The ledger row of a Team Gin hand: the knocker, K and D, and as the winner the knocker
/// or (an undercut) the defender on its left.
fn hand_row(rec: &TeamHandRecord) -> HandRow {
    let first = left_of(rec.dealer);
    let mut row = HandRow {
        deal_no: rec.deal_no,
        dealer_seat: rec.dealer,
        first_seat: first,
        second_seat: left_of(first),
        knocker_seat: None,
        kind: HandKind::Dead,
        knocker_deadwood: None,
        defender_deadwood: None,
        points: 0,
        winner_seat: None,
        lines: 0,
        doubled: false,
        commitment: crate::engine::deck::commitment(&rec.seed),
        seed_hex: crate::engine::deck::seed_hex(&rec.seed),
    };
    if let TeamHandEnd::Knocked {
        knocker,
        showdown,
        score,
        ..
    } = &rec.end
    {
        row.knocker_seat = Some(*knocker);
        row.kind = kind_of(showdown.kind);
        row.knocker_deadwood = Some(showdown.knocking_deadwood);
        row.defender_deadwood = Some(showdown.defending_deadwood);
        row.points = score.points;
        row.winner_seat = Some(if score.knocking_team_won {
            *knocker
        } else {
            left_of(*knocker)
        });
    }
    row
}

#[cfg(test)]
mod tests {
    use super::super::{Event, Game};
    use super::*;
    use crate::engine::Action;

    /// A swap hands the move to the partner but not the turn: the idle clock runs on.
    #[test]
    fn a_swap_moves_the_actor_not_the_turn_clock() {
        let mut g = Game::Team(TeamMatch::new(Rules::default(), [3; 32]));
        let seat = g.to_act().unwrap();
        let take = Event::Play {
            seat,
            play: Play::Team(TeamAction::Play(Action::TakeUpcard)),
        };
        g.apply(take).unwrap();
        let Game::Team(m) = &g else { unreachable!() };
        let give = m.hand.hands[usize::from(seat)]
            .iter()
            .find(|&c| c != m.hand.upcard)
            .unwrap();
        g.apply(Event::Play {
            seat,
            play: Play::Team(TeamAction::Swap(give)),
        })
        .unwrap();
        assert_eq!(g.to_act(), Some(crate::engine::team::partner_of(seat)));
        assert_eq!(g.turn_clock(), Some(seat));
    }
}
