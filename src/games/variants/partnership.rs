//! Partnership Gin (RULES.md section 11a): two two-player tables per deal, both playing at
//! once, scored for the teams.

use super::figures::{count_gin_hand, gin_hand_row, team_figures};
use super::{DealOf, Decider, EndOf, Game, HandOf, Kind, Play, RulesOf, TableOf};
use crate::engine::ai::{decide_partnership, Level};
use crate::engine::{
    Action, HandRecord, Match, MatchError, PartnershipMatch, PlayerView, Rules, Seat,
};
use crate::games::Format;
use crate::store::{HandRow, PlayerResult};

impl From<PartnershipMatch> for Game {
    fn from(m: PartnershipMatch) -> Game {
        Game::Partnership(m)
    }
}

/// The ledger's hand number of table `table` of deal `deal_no`: deal n's tables are rows 2n
/// and 2n + 1.
fn row_no(deal_no: u32, table: usize) -> u32 {
    deal_no * 2 + table as u32
}

impl Kind for PartnershipMatch {
    deals_from_history!(DealOf::Partnership);

    type Rules = Rules;

    fn new_game(rules: &Rules, seats: u8, seed: crate::engine::Seed) -> Option<Self> {
        (seats == 4).then(|| PartnershipMatch::new(rules.clone(), seed))
    }

    /// Gin's moves, refused as at Gin.
    fn action_of(play: Play) -> Option<Action> {
        <Match as Kind>::action_of(play)
    }

    fn is_match_over(error: &MatchError) -> bool {
        <Match as Kind>::is_match_over(error)
    }

    fn is_hand_over(error: &MatchError) -> bool {
        <Match as Kind>::is_hand_over(error)
    }

    fn format(&self) -> Format {
        Format::Partnership
    }

    /// Both tables play at once: the clock waits for the one that has waited longer.
    fn to_act(&self) -> Option<Seat> {
        self.clock_seat()
    }

    /// A mark of the seat's table: a move at the other table leaves its buttons good.
    fn press_version(&self, seat: Seat, _version: i64) -> i64 {
        self.table_step(seat)
    }

    fn is_teams(&self) -> bool {
        true
    }

    fn table(&self) -> TableOf {
        TableOf::Partnership([self.table_view(0), self.table_view(1)])
    }

    /// The seat's own table, as at Gin.
    fn hand(&self, seat: Seat) -> HandOf {
        HandOf::Gin(self.view_for(seat))
    }

    fn end(&self) -> Option<EndOf> {
        Some(EndOf::Teams {
            settlement: PartnershipMatch::settlement(self)?.clone(),
            rules: self.rules.clone(),
        })
    }

    fn rules(&self) -> RulesOf {
        RulesOf::Partnership(self.rules.clone())
    }

    /// The team's figures, and the hands the player played at its tables.
    fn player_results(&self) -> Option<Vec<PlayerResult>> {
        let s = PartnershipMatch::settlement(self)?;
        Some(
            (0..4)
                .map(|seat| {
                    let mut r = team_figures(s, seat);
                    for d in &self.history {
                        for t in &d.tables {
                            if t.players.contains(&seat) {
                                count_gin_hand(&mut r, seat, t.players, &t.end);
                            }
                        }
                    }
                    r
                })
                .collect(),
        )
    }

    /// One row per table.
    fn hand_rows(&self, before: usize) -> Vec<HandRow> {
        self.history[before..]
            .iter()
            .flat_map(|d| {
                d.tables.iter().enumerate().map(|(t, table)| {
                    let mut row = gin_hand_row(&HandRecord {
                        deal_no: d.deal_no,
                        dealer: table.dealer,
                        players: table.players,
                        seed: table.seed,
                        end: table.end.clone(),
                        totals: d.totals.clone(),
                    });
                    row.deal_no = row_no(d.deal_no, t);
                    row
                })
            })
            .collect()
    }

    /// The seat's level, which at `hard` also weighs the other table's result once it is in.
    fn decider(&self, seat: Seat, level: Level, seed: [u8; 32]) -> Decider {
        let view = self.view_for(seat);
        let other = self.table_view(1 - self.table_of(seat).unwrap_or(0));
        Box::new(move || Play::Gin(decide_partnership(level, &seed, &view, &other)))
    }

    fn offers_coach(&self) -> bool {
        true
    }

    fn coach_view(&self, seat: Seat) -> Option<PlayerView> {
        Some(self.view_for(seat))
    }
}
