//! Partnership Gin (RULES.md section 11a): two two-player tables per deal, both playing at
//! once, scored for the teams.

use super::figures::{count_gin_hand, gin_hand_row, team_figures};
use super::gin::GinChoice;
use super::{wrappers, Sheet, FormatFilter, Decider, Kind, Play, TeamsEnd};
use crate::engine::ai::{decide_partnership, Level};
use crate::engine::partnership::DealRecord;
use crate::engine::{
    Action, HandRecord, Match, MatchError, PartnershipMatch, PlayerView, Rules, Seat, TableView,
};
use crate::engine::{Preset, PARTNERSHIP_TARGET};
use crate::games::{Failure, Refusal};
use crate::store::{HandRow, PlayerResult};

/// The ledger's hand number of table `table` of deal `deal_no`: deal n's tables are rows 2n
/// and 2n + 1.
fn row_no(deal_no: u32, table: usize) -> u32 {
    deal_no * 2 + table as u32
}

impl Kind for PartnershipMatch {
    deals_from_history!();
    wrappers!(Partnership);

    type Rules = Rules;
    type Choice = GinChoice;
    type Public = [TableView; 2];
    type Own = PlayerView;
    type Record = DealRecord;
    type End = TeamsEnd;

    const TEAMS: bool = true;

    const FAMILIES: &'static [FormatFilter] = &[FormatFilter::family(
        "partnership",
        "partnership",
        "board-format-partnership",
        4,
        true,
        true,
    )];
    const SHEET: Sheet = Sheet::TwoTables;

    fn new_game(rules: &Rules, seats: u8, seed: crate::engine::Seed) -> Option<Self> {
        (seats == 4).then(|| PartnershipMatch::new(rules.clone(), seed))
    }

    /// Its own moves, and Gin's: a Partnership hand message has Gin's buttons.
    fn action_of(play: Play) -> Option<Action> {
        Self::own_action(play).or_else(|| <Match as Kind>::own_action(play))
    }

    fn move_kind(action: &Action) -> &'static str {
        <Match as Kind>::move_kind(action)
    }

    fn is_match_over(error: &MatchError) -> bool {
        <Match as Kind>::is_match_over(error)
    }

    fn is_hand_over(error: &MatchError) -> bool {
        <Match as Kind>::is_hand_over(error)
    }

    fn public_ended(tables: &[TableView; 2]) -> bool {
        <Match as Kind>::public_ended(&tables[0])
    }

    fn own_ended(own: &PlayerView) -> bool {
        <Match as Kind>::own_ended(own)
    }

    /// Three opponents, none with Hollywood.
    fn opponents(choice: &GinChoice) -> (usize, usize) {
        choice.four_player_opponents()
    }

    fn practice_seats(choice: &GinChoice, _asked: u8) -> Result<u8, Refusal> {
        choice.four_player_practice()
    }

    /// Partnership Gin plays to 125 unless the match says otherwise.
    fn choice_rules(
        choice: GinChoice,
        default: Preset,
        default_target: Option<i64>,
        target: Option<i64>,
    ) -> Result<(&'static str, Rules), Failure> {
        let target = target.or(default_target).or(Some(i64::from(PARTNERSHIP_TARGET)));
        choice.named_rules(default, target)
    }

    fn tournament_key(_rules: &Rules) -> &'static str {
        "tournament-game-partnership"
    }

    fn target(rules: &Rules) -> u32 {
        rules.target
    }

    /// Both tables play at once: the clock waits for the one that has waited longer.
    fn to_act(&self) -> Option<Seat> {
        self.clock_seat()
    }

    /// A mark of the seat's table: a move at the other table leaves its buttons good.
    fn press_version(&self, seat: Seat, _version: i64) -> i64 {
        self.table_step(seat)
    }

    fn table(&self) -> [TableView; 2] {
        [self.table_view(0), self.table_view(1)]
    }

    /// The seat's own table, as at Gin.
    fn hand(&self, seat: Seat) -> PlayerView {
        self.view_for(seat)
    }

    fn end(&self) -> Option<TeamsEnd> {
        Some(TeamsEnd {
            settlement: PartnershipMatch::settlement(self)?.clone(),
            rules: self.rules.clone(),
        })
    }

    fn rules(&self) -> Rules {
        self.rules.clone()
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
        Box::new(move || Play::Partnership(decide_partnership(level, &seed, &view, &other)))
    }

    fn offers_coach(&self) -> bool {
        true
    }

    fn coach_view(&self, seat: Seat) -> Option<PlayerView> {
        Some(self.view_for(seat))
    }
}
