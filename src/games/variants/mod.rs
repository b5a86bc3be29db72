//! Every game the bot plays, listed once. The engine's [`Variant`] says what a match does; the
//! [`Kind`] trait adds what the service needs of it (its ledger format, whose turn the clock
//! times, its scenes, its ledger rows, its AI). Each game implements both in its own file
//! ([`gin`], [`partnership`], [`team`], [`rummy`]); this file holds the closed enums the rest of
//! the bot matches on ([`Game`], [`Play`], [`GameError`], the scenes' `…Of` enums, [`RulesOf`],
//! [`GameChoice`]) and dispatches each of them here, so a new game is a new file plus its line
//! in each enum below and its arm in each dispatch here; no other file of `games` changes but
//! the ledger's table of format families (`ledger.rs`).

/// The `Kind` methods about deals for a match that keeps `deal_no` (the deal being played)
/// and `history` (the finished deals' records, each with its `deal_no`), as every game does;
/// `$wrap` makes a record the scene's `DealOf`.
macro_rules! deals_from_history {
    ($wrap:path) => {
        fn deal_no(&self) -> u32 {
            self.deal_no
        }

        fn deals_done(&self) -> usize {
            self.history.len()
        }

        fn finished_deals(&self, before: usize) -> Vec<u32> {
            self.history[before..].iter().map(|r| r.deal_no).collect()
        }

        fn deal(&self, deal: u32) -> Option<DealOf> {
            let record = self.history.iter().find(|r| r.deal_no == deal)?;
            Some($wrap(record.clone()))
        }
    };
}

mod figures;
mod gin;
mod partnership;
mod rummy;
mod team;

pub use gin::{GinChoice, TeamMode};
use rummy::rummy_rules;
pub use rummy::RUMMY_PRESET;

use super::{Failure, Format, Refusal};
use crate::engine::ai::Level;
use crate::engine::hollywood::HollywoodSheet;
use crate::engine::partnership::DealRecord;
use crate::engine::rummy::{
    RummyAction, RummyMatch, RummyMatchError, RummyRecord, RummyRules, RummySettlement, RummyTable,
    RummyView,
};
use crate::engine::team::TeamMatchError;
use crate::engine::{
    Action, HandRecord, Match, MatchError, PartnershipMatch, PlayerView, Preset, Rules, Seat,
    Settlement, TableView, TeamAction, TeamHandRecord, TeamMatch, TeamTable, TeamView, Variant,
};
use crate::store::{HandRow, HollywoodRow, PlayerResult};

/// What the service needs of a game beside the engine's [`Variant`]: implemented once per
/// game, in its own file. The defaults are what most games do.
pub(crate) trait Kind: Variant + Into<Game> {
    /// The game's rules, as a challenge carries them until the match is dealt.
    type Rules: Clone;

    /// A new match of `seats` players dealt from `seed`; `None` if the game has no such table.
    fn new_game(rules: &Self::Rules, seats: u8, seed: crate::engine::Seed) -> Option<Self>;
    /// This game's move, if `play` is one (a forged button may carry another game's).
    fn action_of(play: Play) -> Option<Self::Action>;
    /// Whether a refusal says the match is over.
    fn is_match_over(error: &Self::Error) -> bool;
    /// Whether a refusal says the hand the button was drawn for is over (a stale button, not
    /// a wrong move).
    fn is_hand_over(error: &Self::Error) -> bool;

    /// The ledger's format of this match.
    fn format(&self) -> Format;
    /// The deal being played (0-based).
    fn deal_no(&self) -> u32;
    /// How many deals are finished.
    fn deals_done(&self) -> usize;
    /// The numbers of the deals finished after the first `before`.
    fn finished_deals(&self, before: usize) -> Vec<u32>;
    /// The seat the turn clock waits for: reminders and forfeits concern it (where several
    /// may move at once, the one that has waited longer).
    fn to_act(&self) -> Option<Seat>;
    /// The seat whose turn the idle clock times.
    fn turn_clock(&self) -> Option<Seat> {
        self.to_act()
    }
    /// The version a button of `seat`'s hand message is drawn for.
    fn press_version(&self, _seat: Seat, version: i64) -> i64 {
        version
    }
    /// Whether two teams play (seats 0 and 2 against 1 and 3): ratings move by team.
    fn is_teams(&self) -> bool {
        false
    }
    /// Whether a move also changes the mover's partner's hand message (Team Gin).
    fn shows_partner(&self) -> bool {
        false
    }

    /// The public table as it stands.
    fn table(&self) -> TableOf;
    /// `seat`'s own view.
    fn hand(&self, seat: Seat) -> HandOf;
    /// The record of finished deal `deal`.
    fn deal(&self, deal: u32) -> Option<DealOf>;
    /// Whether aces count high in the deal records (Rummy's option).
    fn aces_high(&self) -> bool {
        false
    }
    /// The settlement, once the match has one.
    fn end(&self) -> Option<EndOf>;
    /// The rules the match plays.
    fn rules(&self) -> RulesOf;

    /// Every seat's figures at the end of a settled match.
    fn player_results(&self) -> Option<Vec<PlayerResult>>;
    /// The ledger rows of the deals finished after the first `before`.
    fn hand_rows(&self, before: usize) -> Vec<HandRow>;
    /// A Hollywood match's closed games, per player.
    fn hollywood_rows(&self) -> Vec<HollywoodRow> {
        Vec::new()
    }

    /// The AI's decision for `seat` at `level`, to run off the async threads: it takes the
    /// seat's own view only.
    fn decider(&self, seat: Seat, level: Level, seed: [u8; 32]) -> Decider;
    /// Whether the game offers the coach's Hint (in practice matches).
    fn offers_coach(&self) -> bool {
        false
    }
    /// The view the coach answers `seat`'s Hint from, in games that offer the coach.
    fn coach_view(&self, _seat: Seat) -> Option<PlayerView> {
        None
    }
}

/// An AI decision to run on a blocking thread.
pub type Decider = Box<dyn FnOnce() -> Play + Send>;

/// A match's engine state. One per match in memory, moved only when it changes: the size
/// difference of the variants costs less than a box around the common one.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Game {
    Gin(Match),
    Rummy(RummyMatch),
    /// Two two-player tables per deal, scored for the teams (RULES.md section 11a).
    Partnership(PartnershipMatch),
    /// Four at one table, partners swapping cards (RULES.md section 11b).
    Team(TeamMatch),
}

/// `$body` with `$m` bound to the match and `$K` to its type, whatever the game.
macro_rules! each_game {
    ($game:expr, $m:ident => $body:expr) => {
        match $game {
            Game::Gin($m) => $body,
            Game::Rummy($m) => $body,
            Game::Partnership($m) => $body,
            Game::Team($m) => $body,
        }
    };
}

/// A move of any game. Gin's moves are also Partnership's and, at Team Gin, the moves a
/// Team Gin turn shares with Gin; `Team` is the swap and its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    Gin(Action),
    Rummy(RummyAction),
    Team(TeamAction),
}

impl Play {
    /// The kind of move, for log lines: never its card. A swap's card, a hint's move and the
    /// cards a player draws are hidden from others, and whoever reads the operator's logs may
    /// play too, so logs name no card at all.
    pub fn kind(&self) -> &'static str {
        match self {
            Play::Gin(a) => gin::move_kind(a),
            Play::Team(a) => team::move_kind(a),
            Play::Rummy(a) => rummy::move_kind(a),
        }
    }
}

/// What happens to a match: a seat's move, a resignation (or forfeit), a moderator's cancel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Play { seat: Seat, play: Play },
    Resign { seat: Seat },
    Cancel,
}

/// Why the engine refused an event; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error(transparent)]
    Gin(#[from] MatchError),
    #[error(transparent)]
    Rummy(#[from] RummyMatchError),
    #[error(transparent)]
    Team(#[from] TeamMatchError),
    /// A move of the other game (a forged button).
    #[error("that move belongs to another game")]
    WrongGame,
}

impl GameError {
    /// The match is over (any game).
    pub fn is_match_over(&self) -> bool {
        match self {
            GameError::Gin(e) => Match::is_match_over(e),
            GameError::Rummy(e) => RummyMatch::is_match_over(e),
            GameError::Team(e) => TeamMatch::is_match_over(e),
            GameError::WrongGame => false,
        }
    }

    /// The hand the move was meant for is over: the button was stale (any game).
    pub fn is_hand_over(&self) -> bool {
        match self {
            GameError::Gin(e) => Match::is_hand_over(e),
            GameError::Rummy(e) => RummyMatch::is_hand_over(e),
            GameError::Team(e) => TeamMatch::is_hand_over(e),
            GameError::WrongGame => false,
        }
    }
}

impl Game {
    /// The stored state of a match of `format`.
    pub fn from_json(format: Format, json: &str) -> Result<Game, serde_json::Error> {
        Ok(match format {
            Format::Rummy(_) => Game::Rummy(serde_json::from_str(json)?),
            Format::Two | Format::Three => Game::Gin(serde_json::from_str(json)?),
            Format::Partnership => Game::Partnership(serde_json::from_str(json)?),
            Format::Team => Game::Team(serde_json::from_str(json)?),
        })
    }

    pub fn to_json(&self) -> String {
        each_game!(self, m => serde_json::to_string(m)).expect("states serialize")
    }

    /// The ledger's format of this match.
    pub fn format(&self) -> Format {
        each_game!(self, m => m.format())
    }

    /// Whether two teams play (seats 0 and 2 against 1 and 3).
    pub fn is_teams(&self) -> bool {
        each_game!(self, m => m.is_teams())
    }

    /// Whether a move also changes the mover's partner's hand message.
    pub fn shows_partner(&self) -> bool {
        each_game!(self, m => m.shows_partner())
    }

    /// The seat the match's turn clock waits for: reminders and forfeits concern it. At
    /// Partnership Gin, where both tables play at once, the one that has waited longer.
    pub fn to_act(&self) -> Option<Seat> {
        each_game!(self, m => Kind::to_act(m))
    }

    /// The seat whose turn the idle clock times. At Team Gin the mover's, also while the
    /// partner answers a swap (RULES.md section 11b: the partner's idle time counts as the
    /// mover's turn), so a swap does not restart the clock.
    pub fn turn_clock(&self) -> Option<Seat> {
        each_game!(self, m => m.turn_clock())
    }

    /// Every seat that may move now (two at Partnership Gin, else at most one).
    pub fn seats_to_act(&self) -> Vec<Seat> {
        each_game!(self, m => m.seats_to_act())
    }

    /// The version a button of `seat`'s hand message is drawn for. The match's own version,
    /// but at Partnership Gin a mark of the seat's table: a move at the other table leaves
    /// the button good.
    pub fn press_version(&self, seat: Seat, version: i64) -> i64 {
        each_game!(self, m => m.press_version(seat, version))
    }

    /// The deal being played (0-based).
    pub fn deal_no(&self) -> u32 {
        each_game!(self, m => m.deal_no())
    }

    /// How many deals are finished.
    pub fn deals_done(&self) -> usize {
        each_game!(self, m => m.deals_done())
    }

    /// The numbers of the deals finished after the first `before`.
    pub fn finished_deals(&self, before: usize) -> Vec<u32> {
        each_game!(self, m => m.finished_deals(before))
    }

    /// Whether the match ended with a settlement (by play, resignation or forfeit).
    pub fn is_settled(&self) -> bool {
        each_game!(self, m => Variant::settlement(m).is_some())
    }

    /// The match seed (secret until the match ends).
    pub fn seed(&self) -> crate::engine::Seed {
        each_game!(self, m => Variant::seed(m))
    }

    /// Applies `event`; on a refusal nothing changed.
    pub fn apply(&mut self, event: Event) -> Result<(), GameError> {
        each_game!(self, m => apply(m, event))
    }

    /// Drops the in-memory log (the actions table keeps it).
    pub fn clear_log(&mut self) {
        each_game!(self, m => Variant::clear_log(m))
    }

    /// `event` as this game's log stores it (the engine's own event, for replays).
    pub fn event_json(&self, event: Event) -> String {
        each_game!(self, m => event_json(m, event))
    }

    pub fn as_gin(&self) -> Option<&Match> {
        match self {
            Game::Gin(m) => Some(m),
            _ => None,
        }
    }

    /// The public table as it stands.
    pub fn table(&self) -> TableOf {
        each_game!(self, m => m.table())
    }

    /// `seat`'s own view.
    pub fn hand(&self, seat: Seat) -> HandOf {
        each_game!(self, m => m.hand(seat))
    }

    /// The record of finished deal `deal`, if it is finished.
    pub fn deal(&self, deal: u32) -> Option<DealOf> {
        each_game!(self, m => m.deal(deal))
    }

    /// Whether aces count high in the deal records.
    pub fn aces_high(&self) -> bool {
        each_game!(self, m => m.aces_high())
    }

    /// The settlement, once the match has one.
    pub fn end(&self) -> Option<EndOf> {
        each_game!(self, m => m.end())
    }

    pub fn rules(&self) -> RulesOf {
        each_game!(self, m => Kind::rules(m))
    }

    /// Every seat's figures at the end of a settled match; `None` if it has no settlement.
    pub fn player_results(&self) -> Option<Vec<PlayerResult>> {
        each_game!(self, m => m.player_results())
    }

    /// The ledger rows of the deals finished after the first `before`.
    pub fn hand_rows(&self, before: usize) -> Vec<HandRow> {
        each_game!(self, m => m.hand_rows(before))
    }

    /// A Hollywood match's closed games, per player (none for any other match).
    pub fn hollywood_rows(&self) -> Vec<HollywoodRow> {
        each_game!(self, m => m.hollywood_rows())
    }

    /// The AI's decision for `seat` at `level` from its own `seed`.
    pub fn decider(&self, seat: Seat, level: Level, seed: [u8; 32]) -> Decider {
        each_game!(self, m => m.decider(seat, level, seed))
    }

    /// Whether the game offers the coach's Hint.
    pub fn offers_coach(&self) -> bool {
        each_game!(self, m => m.offers_coach())
    }

    /// The view the coach answers `seat` from, in games that offer the coach.
    pub fn coach_view(&self, seat: Seat) -> Option<PlayerView> {
        each_game!(self, m => m.coach_view(seat))
    }
}

/// The engine's event for `event`, if its move belongs to game `K`.
fn engine_event<K: Kind>(event: Event) -> Result<crate::engine::Event<K::Action>, GameError> {
    use crate::engine::Event as E;
    Ok(match event {
        Event::Play { seat, play } => E::Play {
            seat,
            action: K::action_of(play).ok_or(GameError::WrongGame)?,
        },
        Event::Resign { seat } => E::Resign { seat },
        Event::Cancel => E::Cancel,
    })
}

fn apply<K: Kind>(m: &mut K, event: Event) -> Result<(), GameError>
where
    GameError: From<K::Error>,
{
    Ok(m.apply_event(engine_event::<K>(event)?)?)
}

fn event_json<K: Kind>(_: &K, event: Event) -> String {
    let event = engine_event::<K>(event).expect("an applied event belongs to its game");
    serde_json::to_string(&event).expect("events serialize")
}

/// The public view of the table, by game (scenes travel boxed already).
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum TableOf {
    Gin(TableView),
    Rummy(RummyTable),
    /// Both tables of the deal (each with the teams' totals).
    Partnership([TableView; 2]),
    Team(TeamTable),
}

impl TableOf {
    /// The match is over (a table showing it needs no later edit).
    pub fn ended(&self) -> bool {
        match self {
            TableOf::Gin(v) => gin::table_ended(v),
            TableOf::Rummy(v) => rummy::table_ended(v),
            TableOf::Partnership(v) => gin::table_ended(&v[0]),
            TableOf::Team(v) => team::table_ended(v),
        }
    }
}

/// One player's own view, by game (scenes travel boxed already).
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum HandOf {
    /// Gin, and Partnership Gin (the seat's own table).
    Gin(PlayerView),
    Rummy(RummyView),
    /// Team Gin: the table and the seat's view (its own hand and its partner's).
    Team {
        table: TeamTable,
        view: TeamView,
    },
}

impl HandOf {
    pub fn ended(&self) -> bool {
        match self {
            HandOf::Gin(v) => gin::table_ended(&v.table),
            HandOf::Rummy(v) => rummy::table_ended(&v.table),
            HandOf::Team { table, .. } => team::table_ended(table),
        }
    }
}

/// A finished deal's record, by game.
#[derive(Clone, Debug)]
pub enum DealOf {
    Gin(HandRecord),
    Rummy(RummyRecord),
    Partnership(DealRecord),
    Team(TeamHandRecord),
}

/// A match's settlement, by game (scenes travel boxed already).
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum EndOf {
    Gin {
        settlement: Settlement,
        rules: Rules,
        /// A Hollywood match's three games.
        hollywood: Option<HollywoodSheet>,
    },
    Rummy(RummySettlement),
    /// Partnership or Team Gin: the settlement's "seats" are the teams (0: seats 0 and 2).
    Teams {
        settlement: Settlement,
        rules: Rules,
    },
}

/// A game's rules, for `/gin rules` and challenges.
#[derive(Clone, Debug)]
pub enum RulesOf {
    Gin(Rules),
    Rummy(RummyRules),
    Partnership(Rules),
    Team(Rules),
}

/// `$body` with `$r` bound to the rules and `$K` to the game's match type.
macro_rules! each_rules {
    ($rules:expr, $r:ident, $K:ident => $body:expr) => {
        match $rules {
            RulesOf::Gin($r) => {
                type $K = Match;
                $body
            }
            RulesOf::Rummy($r) => {
                type $K = RummyMatch;
                $body
            }
            RulesOf::Partnership($r) => {
                type $K = PartnershipMatch;
                $body
            }
            RulesOf::Team($r) => {
                type $K = TeamMatch;
                $body
            }
        }
    };
}

impl RulesOf {
    /// The score that ends the match.
    pub fn target(&self) -> u32 {
        match self {
            RulesOf::Gin(r) | RulesOf::Partnership(r) | RulesOf::Team(r) => r.target,
            RulesOf::Rummy(r) => r.target,
        }
    }

    /// Whether these are the rules of a four-player team game (two teams of two).
    pub fn four_players(&self) -> bool {
        matches!(self, RulesOf::Partnership(_) | RulesOf::Team(_))
    }

    /// A new match of `seats` players dealt from `seed`; `None` if the game has no such table.
    pub(crate) fn new_game(&self, seats: u8, seed: crate::engine::Seed) -> Option<Game> {
        each_rules!(self, r, K => K::new_game(r, seats, seed).map(Into::into))
    }

    /// The rules as a challenge stores them: Rummy's and Gin's as they are, a four-player
    /// game's in a wrapper naming it (`{"partnership": {...}}` or `{"team": {...}}`).
    pub(crate) fn to_json(&self) -> String {
        match self {
            RulesOf::Gin(r) => serde_json::to_string(r),
            RulesOf::Rummy(r) => serde_json::to_string(r),
            RulesOf::Partnership(r) => {
                serde_json::to_string(&StoredTeamRules::Partnership(r.clone()))
            }
            RulesOf::Team(r) => serde_json::to_string(&StoredTeamRules::Team(r.clone())),
        }
        .expect("rules serialize")
    }

    /// A challenge's stored rules: Rummy's under its preset name, a four-player game's in its
    /// wrapper, Gin's otherwise.
    pub(crate) fn from_json(preset: &str, json: &str) -> Result<RulesOf, serde_json::Error> {
        if preset == RUMMY_PRESET {
            return Ok(RulesOf::Rummy(serde_json::from_str(json)?));
        }
        Ok(match serde_json::from_str::<StoredTeamRules>(json) {
            Ok(StoredTeamRules::Partnership(r)) => RulesOf::Partnership(r),
            Ok(StoredTeamRules::Team(r)) => RulesOf::Team(r),
            Err(_) => RulesOf::Gin(serde_json::from_str(json)?),
        })
    }
}

/// A four-player game's rules as stored: `{"partnership": {...}}` or `{"team": {...}}`.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum StoredTeamRules {
    Partnership(Rules),
    Team(Rules),
}

/// Which game a new match plays, as a command asks for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameChoice {
    Gin(GinChoice),
    /// Basic Rummy, for 2 to 6 players, with these options (the target is set apart).
    Rummy(RummyRules),
}

impl GameChoice {
    /// How many opponents a challenge of this game names, at least and at most.
    pub(crate) fn opponents(&self) -> (usize, usize) {
        match self {
            GameChoice::Gin(c) => c.opponents(),
            GameChoice::Rummy(_) => rummy::OPPONENTS,
        }
    }

    /// How many seats a practice match of this game has, when `asked` were asked for.
    pub(crate) fn practice_seats(&self, asked: u8) -> Result<u8, Refusal> {
        match self {
            GameChoice::Gin(c) => c.practice_seats(),
            GameChoice::Rummy(_) => rummy::practice_seats(asked),
        }
    }

    /// Whether this is a four-player team game (a partner may be named).
    pub(crate) fn is_teams(&self) -> bool {
        matches!(self, GameChoice::Gin(c) if c.teams.is_some())
    }

    /// Whether challenging the bot alone to this game means practising against it.
    pub(crate) fn practice_against_bot(&self) -> bool {
        matches!(self, GameChoice::Gin(c) if c.teams.is_none())
    }

    /// The preset name and rules this choice plays: `default` is the server's preset and
    /// `default_target` its target, for the games that take them.
    pub(crate) fn rules(
        self,
        default: Preset,
        default_target: Option<i64>,
        target: Option<i64>,
    ) -> Result<(&'static str, RulesOf), Failure> {
        Ok(match self {
            GameChoice::Gin(choice) => {
                let (preset, rules) = choice.rules_of(default, target.or(default_target))?;
                (preset.name(), rules)
            }
            GameChoice::Rummy(rules) => (RUMMY_PRESET, RulesOf::Rummy(rummy_rules(rules, target)?)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A swap hands the move to the partner but not the turn: the idle clock runs on.
    #[test]
    fn a_swap_moves_the_actor_not_the_turn_clock() {
        let mut g = Game::Team(TeamMatch::new(Rules::default(), [3; 32]));
        let seat = g.to_act().unwrap();
        let take = Event::Play {
            seat,
            play: Play::Gin(Action::TakeUpcard),
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

    /// A four-player challenge's rules read back as the game they were stored for.
    #[test]
    fn team_rules_are_stored_with_their_game() {
        let rules = Preset::Classic.rules();
        for stored in [
            RulesOf::Partnership(rules.clone()),
            RulesOf::Team(rules.clone()),
            RulesOf::Gin(rules.clone()),
        ] {
            let back = RulesOf::from_json("classic", &stored.to_json()).unwrap();
            assert_eq!(format!("{back:?}"), format!("{stored:?}"));
        }
    }

    /// Every game's refusal of a move of another game is `WrongGame`, and changes nothing.
    #[test]
    fn a_move_of_another_game_is_refused() {
        let rummy = RulesOf::Rummy(RummyRules::default());
        let mut g = rummy.new_game(2, [5; 32]).unwrap();
        let before = g.clone();
        let seat = g.to_act().unwrap();
        let forged = Event::Play {
            seat,
            play: Play::Gin(Action::DrawStock),
        };
        assert_eq!(g.apply(forged), Err(GameError::WrongGame));
        assert_eq!(g, before);
    }
}
