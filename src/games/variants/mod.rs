//! The games, as the service plays them. The list is the engine's (`with_games!`): every
//! per-game enum here ([`Game`], [`Play`], [`ErrorOf`], the scenes' [`TableOf`],
//! [`HandOf`], [`DealOf`], [`EndOf`], [`RulesOf`] and [`GameChoice`]) is generated from it,
//! cut the same way, and `each!` runs code over whichever game a value of one holds. The engine's [`Variant`]
//! says what a match does; the [`Kind`] trait adds what the service needs of it (its views,
//! whose turn the clock times, its ledger rows, its AI), implemented by each game in its own
//! module ([`gin`], [`partnership`], [`team`], [`rummy`]).

/// The `Kind` methods about deals for a match that keeps `deal_no` (the deal being played)
/// and `history` (the finished deals' records, each with its `deal_no`), as every game does.
macro_rules! deals_from_history {
    () => {
        fn deal_no(&self) -> u32 {
            self.deal_no
        }

        fn deals_done(&self) -> usize {
            self.history.len()
        }

        fn finished_deals(&self, before: usize) -> Vec<u32> {
            self.history[before..].iter().map(|r| r.deal_no).collect()
        }

        fn deal(&self, deal: u32) -> Option<Self::Record> {
            self.history.iter().find(|r| r.deal_no == deal).cloned()
        }
    };
}

mod figures;

pub use self::gin::{GinChoice, GinEnd};
pub use self::rummy::RUMMY_PRESET;
pub use self::team::TeamHand;

use super::formats::{holds, FormatFilter};
use super::{Failure, Format, Refusal};
use crate::engine::ai::Level;
use crate::engine::{GameKind, Listed, PlayerView, Preset, Rules, Seat, Settlement, Variant};
use crate::store::{HandRow, HollywoodRow, PlayerResult};
use std::fmt::Debug;

/// What the service needs of a game beside the engine's [`Variant`]: implemented once per
/// game, in its own module. The defaults are what most games do.
pub trait Kind: Variant + Listed + Into<Game> {
    /// The game's rules, as a challenge carries them until the match is dealt.
    type Rules: Clone + Debug + serde::Serialize + serde::de::DeserializeOwned;
    /// What a command asks of a new match of this game (options, preset), before the server's
    /// defaults are applied.
    type Choice: Clone + Debug + Default + PartialEq + Eq;
    /// The public table (the channel's view).
    type Public: Clone + Debug;
    /// One seat's own view.
    type Own: Clone + Debug;
    /// A finished deal's record.
    type Record: Clone + Debug;
    /// A finished match's settlement, with what its messages show beside it.
    type End: Clone + Debug;

    /// Whether two teams play (seats 0 and 2 against 1 and 3): ratings move by team.
    const TEAMS: bool = false;
    /// The ledger's families of this game's formats (the `format` choices of the ledger
    /// commands).
    const FAMILIES: &'static [FormatFilter];
    /// How a score sheet credits a hand of this game.
    const SHEET: Sheet = Sheet::Hands;

    /// A new match of `seats` players dealt from `seed`; `None` if the game has no such table.
    fn new_game(rules: &Self::Rules, seats: u8, seed: crate::engine::Seed) -> Option<Self>;
    /// This game's own move, if `play` is one (see `wrappers!`).
    fn own_action(play: Play) -> Option<Self::Action>;
    /// The move this game takes `play` for: its own, and another game's where its hand
    /// messages show that game's buttons (a forged button may carry any game's).
    fn action_of(play: Play) -> Option<Self::Action> {
        Self::own_action(play)
    }
    /// The move as any game's (see `wrappers!`).
    fn play(action: Self::Action) -> Play;
    /// The refusal as any game's.
    fn error(error: Self::Error) -> GameError;
    /// The rules as any game's.
    fn rules_of(rules: Self::Rules) -> RulesOf;
    /// A move's kind, for log lines: never its card.
    fn move_kind(action: &Self::Action) -> &'static str;
    /// Whether a refusal says the match is over.
    fn is_match_over(error: &Self::Error) -> bool;
    /// Whether a refusal says the hand the button was drawn for is over (a stale button, not
    /// a wrong move).
    fn is_hand_over(error: &Self::Error) -> bool;
    /// Whether a public table shows a match that is over.
    fn public_ended(table: &Self::Public) -> bool;
    /// Whether a seat's view shows a match that is over.
    fn own_ended(own: &Self::Own) -> bool;

    /// The score that ends a match under `rules`.
    fn target(rules: &Self::Rules) -> u32;
    /// How a challenge stores this game's rules (see [`StoredRules`]).
    const STORED_RULES: StoredRules = StoredRules::Wrapped;

    /// How many opponents a challenge names, at least and at most (none: no table).
    fn opponents(choice: &Self::Choice) -> (usize, usize);
    /// How many seats a practice match has when `asked` were asked for.
    fn practice_seats(choice: &Self::Choice, asked: u8) -> Result<u8, Refusal>;
    /// Whether challenging the bot alone to this game means practising against it.
    fn practice_against_bot() -> bool {
        false
    }
    /// The preset name and rules `choice` plays: `default` is the server's preset and
    /// `default_target` its target, for the games that take them.
    fn choice_rules(
        choice: Self::Choice,
        default: Preset,
        default_target: Option<i64>,
        target: Option<i64>,
    ) -> Result<(&'static str, Self::Rules), Failure>;

    /// The catalogue key naming a tournament of this game under `rules` (with the preset
    /// as `$preset`).
    fn tournament_key(rules: &Self::Rules) -> &'static str;

    /// The ledger's format of this match.
    fn format(&self) -> Format {
        Format::of(self)
    }
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
    /// Whether a move also changes the mover's partner's hand message (Team Gin).
    fn shows_partner(&self) -> bool {
        false
    }

    /// The public table as it stands.
    fn table(&self) -> Self::Public;
    /// `seat`'s own view.
    fn hand(&self, seat: Seat) -> Self::Own;
    /// The record of finished deal `deal`.
    fn deal(&self, deal: u32) -> Option<Self::Record>;
    /// Whether aces count high in the deal records (Rummy's option).
    fn aces_high(&self) -> bool {
        false
    }
    /// The settlement, once the match has one.
    fn end(&self) -> Option<Self::End>;
    /// The rules the match plays.
    fn rules(&self) -> Self::Rules;

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

/// How a challenge's row stores a game's rules: in a wrapper naming the game
/// (`{"team": {...}}`), or bare as the games that were stored so before there were others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoredRules {
    Wrapped,
    /// Bare, under this preset name.
    BareUnder(&'static str),
    /// Bare, under any preset name no other game's bare rules take.
    BareOtherwise,
}

/// How a score sheet lists a match's hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sheet {
    /// A line a hand, credited to its winner.
    Hands,
    /// A line a hand, credited to the winner's team.
    TeamHands,
    /// A line a deal of two tables, scored for the teams.
    TwoTables,
}

/// A four-player game's settlement: its "seats" are the teams (0: seats 0 and 2).
#[derive(Clone, Debug)]
pub struct TeamsEnd {
    pub settlement: Settlement,
    pub rules: Rules,
}
/// The enums cut by game, from the list, and the macros that go over them.
macro_rules! games {
    (($d:tt) $($name:ident $module:ident $match:ty,)*) => {
        $(mod $module;)*

        /// A match's engine state. One per match in memory, moved only when it changes: the
        /// size difference of the variants costs less than a box around the common one.
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Game {
            $($name($match),)*
        }

        $(
            impl From<$match> for Game {
                fn from(m: $match) -> Game {
                    Game::$name(m)
                }
            }
        )*

        /// A move of any game.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Play {
            $($name(<$match as Variant>::Action),)*
        }

        /// A game's engine refusing an event, by game.
        #[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
        pub enum ErrorOf {
            $(
                #[error(transparent)]
                $name(<$match as Variant>::Error),
            )*
        }

        /// The public view of the table, by game (scenes travel boxed already).
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug)]
        pub enum TableOf {
            $($name(<$match as Kind>::Public),)*
        }

        /// One player's own view, by game (scenes travel boxed already).
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug)]
        pub enum HandOf {
            $($name(<$match as Kind>::Own),)*
        }

        /// A finished deal's record, by game.
        #[derive(Clone, Debug)]
        pub enum DealOf {
            $($name(<$match as Kind>::Record),)*
        }

        /// A match's settlement, by game (scenes travel boxed already).
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug)]
        pub enum EndOf {
            $($name(<$match as Kind>::End),)*
        }

        /// A game's rules, for `/gin rules` and challenges.
        #[derive(Clone, Debug)]
        pub enum RulesOf {
            $($name(<$match as Kind>::Rules),)*
        }

        /// Which game a new match plays, as a command asks for it.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum GameChoice {
            $($name(<$match as Kind>::Choice),)*
        }

        impl GameChoice {
            /// The preset name and rules this choice plays: `default` is the server's preset
            /// and `default_target` its target, for the games that take them.
            pub(crate) fn rules(
                self,
                default: Preset,
                default_target: Option<i64>,
                target: Option<i64>,
            ) -> Result<(&'static str, RulesOf), Failure> {
                match self {
                    $(
                        GameChoice::$name(c) => {
                            let (preset, rules) =
                                <$match as Kind>::choice_rules(c, default, default_target, target)?;
                            Ok((preset, RulesOf::$name(rules)))
                        }
                    )*
                }
            }
        }

        impl Game {
            /// The public table as it stands.
            pub fn table(&self) -> TableOf {
                match self {
                    $(Game::$name(m) => TableOf::$name(m.table()),)*
                }
            }

            /// `seat`'s own view.
            pub fn hand(&self, seat: Seat) -> HandOf {
                match self {
                    $(Game::$name(m) => HandOf::$name(m.hand(seat)),)*
                }
            }

            /// The record of finished deal `deal`, if it is finished.
            pub fn deal(&self, deal: u32) -> Option<DealOf> {
                match self {
                    $(Game::$name(m) => m.deal(deal).map(DealOf::$name),)*
                }
            }

            /// The settlement, once the match has one.
            pub fn end(&self) -> Option<EndOf> {
                match self {
                    $(Game::$name(m) => m.end().map(EndOf::$name),)*
                }
            }

            /// The rules the match plays.
            pub fn rules(&self) -> RulesOf {
                match self {
                    $(Game::$name(m) => RulesOf::$name(Kind::rules(m)),)*
                }
            }

            /// Applies `event`; on a refusal nothing changed.
            pub fn apply(&mut self, event: Event) -> Result<(), GameError> {
                match self {
                    $(Game::$name(m) => apply(m, event),)*
                }
            }
        }

        /// `$body` for whichever game `$value` (of the per-game enum `$enum`: `Game`,
        /// `Play`, `TableOf`, ...) holds: `$x` binds what it holds and `$K` names the game's
        /// match type. Every arm is written out (generated from the list): nothing falls
        /// through a wildcard.
        macro_rules! each {
            ($d enum:ident, $d value:expr, $d x:pat_param, $d K:ident => $d body:expr) => {
                match $d value {
                    $(
                        $crate::games::$d enum::$name($d x) => {
                            #[allow(dead_code)]
                            type $d K = $match;
                            $d body
                        }
                    )*
                }
            };
        }
        pub(crate) use each;

        /// `$body` for game `$kind` (a [`GameKind`](crate::engine::GameKind)), with `$K`
        /// naming its match type.
        macro_rules! each_kind {
            ($d kind:expr, $d K:ident => $d body:expr) => {
                match $d kind {
                    $(
                        $crate::engine::GameKind::$name => {
                            #[allow(dead_code)]
                            type $d K = $match;
                            $d body
                        }
                    )*
                }
            };
        }
        pub(crate) use each_kind;
    };
}
crate::engine::with_games!(games $);

impl FormatFilter {
    /// Every filter, in the order the `format` choices list them (Discord sends the position):
    /// all matches, then each game's families in the list's order.
    pub fn all() -> Vec<FormatFilter> {
        let mut all = vec![FormatFilter::Any];
        for &game in GameKind::ALL {
            all.extend_from_slice(each_kind!(game, K => K::FAMILIES));
        }
        all
    }

    /// The filter named `name` (a `format` choice's name).
    pub fn named(name: &str) -> Option<FormatFilter> {
        FormatFilter::all().into_iter().find(|f| f.name == name)
    }

    /// The family of a stored format: the filter whose pattern holds it.
    pub fn of(format: Format) -> FormatFilter {
        let stored = format.as_str();
        FormatFilter::all()
            .into_iter()
            .find(|f| f.pattern.is_some_and(|p| holds(p, stored)))
            .expect("every format has its family")
    }

    /// The filter a leaderboard button's digit names.
    pub fn from_code(code: u8) -> Option<FormatFilter> {
        FormatFilter::all().into_iter().find(|f| f.code == code)
    }
}

/// The `Kind` methods that put a game's values into the per-game enums, for the game
/// `$name` of the list.
macro_rules! wrappers {
    ($name:ident) => {
        fn play(action: Self::Action) -> super::Play {
            super::Play::$name(action)
        }

        fn own_action(play: super::Play) -> Option<Self::Action> {
            if let super::Play::$name(action) = play {
                Some(action)
            } else {
                None
            }
        }

        fn error(error: Self::Error) -> super::GameError {
            super::GameError::Engine(super::ErrorOf::$name(error))
        }

        fn rules_of(rules: Self::Rules) -> super::RulesOf {
            super::RulesOf::$name(rules)
        }
    };
}
use wrappers;

/// Why an event was refused; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The game's engine refused it.
    #[error(transparent)]
    Engine(ErrorOf),
    /// A move of another game (a forged button).
    #[error("that move belongs to another game")]
    WrongGame,
    /// The match was over before the event (ended, as stored).
    #[error("the match is over")]
    Ended,
}

impl GameError {
    /// The match is over (any game).
    pub fn is_match_over(&self) -> bool {
        match self {
            GameError::Engine(e) => each!(ErrorOf, e, e, K => K::is_match_over(e)),
            GameError::WrongGame => false,
            GameError::Ended => true,
        }
    }

    /// The hand the move was meant for is over: the button was stale (any game).
    pub fn is_hand_over(&self) -> bool {
        match self {
            GameError::Engine(e) => each!(ErrorOf, e, e, K => K::is_hand_over(e)),
            GameError::WrongGame | GameError::Ended => false,
        }
    }
}

/// An AI decision to run on a blocking thread.
pub type Decider = Box<dyn FnOnce() -> Play + Send>;

impl Play {
    /// The kind of move, for log lines: never its card. A swap's card, a hint's move and the
    /// cards a player draws are hidden from others, and whoever reads the operator's logs may
    /// play too, so logs name no card at all.
    pub fn kind(&self) -> &'static str {
        each!(Play, self, a, K => K::move_kind(a))
    }
}

/// What happens to a match: a seat's move, a resignation (or forfeit), a moderator's cancel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Play { seat: Seat, play: Play },
    Resign { seat: Seat },
    Cancel,
}

impl Game {
    /// The stored state of a match of `format`.
    pub fn from_json(format: Format, json: &str) -> Result<Game, serde_json::Error> {
        each_kind!(format.game(), K => Ok(Game::from(serde_json::from_str::<K>(json)?)))
    }

    pub fn to_json(&self) -> String {
        each!(Game, self, m, K => serde_json::to_string(m)).expect("states serialize")
    }

    /// The match, if it is a match of game `K`.
    pub fn as_match<K: Kind + 'static>(&self) -> Option<&K> {
        each!(Game, self, m, _K => (m as &dyn std::any::Any).downcast_ref::<K>())
    }

    /// The ledger's format of this match.
    pub fn format(&self) -> Format {
        each!(Game, self, m, K => m.format())
    }

    /// Whether two teams play (seats 0 and 2 against 1 and 3).
    pub fn is_teams(&self) -> bool {
        each!(Game, self, _m, K => K::TEAMS)
    }

    /// Whether a move also changes the mover's partner's hand message.
    pub fn shows_partner(&self) -> bool {
        each!(Game, self, m, K => m.shows_partner())
    }

    /// The seat the match's turn clock waits for: reminders and forfeits concern it. At
    /// Partnership Gin, where both tables play at once, the one that has waited longer.
    pub fn to_act(&self) -> Option<Seat> {
        each!(Game, self, m, K => Kind::to_act(m))
    }

    /// The seat whose turn the idle clock times. At Team Gin the mover's, also while the
    /// partner answers a swap (RULES.md section 11b: the partner's idle time counts as the
    /// mover's turn), so a swap does not restart the clock.
    pub fn turn_clock(&self) -> Option<Seat> {
        each!(Game, self, m, K => m.turn_clock())
    }

    /// Every seat that may move now (two at Partnership Gin, else at most one).
    pub fn seats_to_act(&self) -> Vec<Seat> {
        each!(Game, self, m, K => m.seats_to_act())
    }

    /// The version a button of `seat`'s hand message is drawn for. The match's own version,
    /// but at Partnership Gin a mark of the seat's table: a move at the other table leaves
    /// the button good.
    pub fn press_version(&self, seat: Seat, version: i64) -> i64 {
        each!(Game, self, m, K => m.press_version(seat, version))
    }

    /// The deal being played (0-based).
    pub fn deal_no(&self) -> u32 {
        each!(Game, self, m, K => m.deal_no())
    }

    /// How many deals are finished.
    pub fn deals_done(&self) -> usize {
        each!(Game, self, m, K => m.deals_done())
    }

    /// The numbers of the deals finished after the first `before`.
    pub fn finished_deals(&self, before: usize) -> Vec<u32> {
        each!(Game, self, m, K => m.finished_deals(before))
    }

    /// Whether the match ended with a settlement (by play, resignation or forfeit).
    pub fn is_settled(&self) -> bool {
        each!(Game, self, m, K => Variant::settlement(m).is_some())
    }

    /// The match seed (secret until the match ends).
    pub fn seed(&self) -> crate::engine::Seed {
        each!(Game, self, m, K => Variant::seed(m))
    }

    /// Drops the in-memory log (the actions table keeps it).
    pub fn clear_log(&mut self) {
        each!(Game, self, m, K => Variant::clear_log(m))
    }

    /// `event` as this game's log stores it (the engine's own event, for replays).
    pub fn event_json(&self, event: Event) -> String {
        each!(Game, self, m, K => event_json(m, event))
    }

    /// Whether aces count high in the deal records.
    pub fn aces_high(&self) -> bool {
        each!(Game, self, m, K => m.aces_high())
    }

    /// Every seat's figures at the end of a settled match; `None` if it has no settlement.
    pub fn player_results(&self) -> Option<Vec<PlayerResult>> {
        each!(Game, self, m, K => m.player_results())
    }

    /// The ledger rows of the deals finished after the first `before`.
    pub fn hand_rows(&self, before: usize) -> Vec<HandRow> {
        each!(Game, self, m, K => m.hand_rows(before))
    }

    /// A Hollywood match's closed games, per player (none for any other match).
    pub fn hollywood_rows(&self) -> Vec<HollywoodRow> {
        each!(Game, self, m, K => m.hollywood_rows())
    }

    /// The AI's decision for `seat` at `level` from its own `seed`.
    pub fn decider(&self, seat: Seat, level: Level, seed: [u8; 32]) -> Decider {
        each!(Game, self, m, K => m.decider(seat, level, seed))
    }

    /// Whether the game offers the coach's Hint.
    pub fn offers_coach(&self) -> bool {
        each!(Game, self, m, K => m.offers_coach())
    }

    /// The view the coach answers `seat` from, in games that offer the coach.
    pub fn coach_view(&self, seat: Seat) -> Option<PlayerView> {
        each!(Game, self, m, K => m.coach_view(seat))
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

fn apply<K: Kind>(m: &mut K, event: Event) -> Result<(), GameError> {
    m.apply_event(engine_event::<K>(event)?).map_err(K::error)
}

fn event_json<K: Kind>(_: &K, event: Event) -> String {
    let event = engine_event::<K>(event).expect("an applied event belongs to its game");
    serde_json::to_string(&event).expect("events serialize")
}

impl TableOf {
    /// The match is over (a table showing it needs no later edit).
    pub fn ended(&self) -> bool {
        each!(TableOf, self, v, K => K::public_ended(v))
    }
}

impl HandOf {
    pub fn ended(&self) -> bool {
        each!(HandOf, self, v, K => K::own_ended(v))
    }
}

impl RulesOf {
    /// The game these rules are of.
    pub fn game(&self) -> GameKind {
        each!(RulesOf, self, _r, K => K::KIND)
    }

    /// The score that ends the match.
    pub fn target(&self) -> u32 {
        each!(RulesOf, self, r, K => K::target(r))
    }

    /// Whether these are the rules of a four-player team game (two teams of two).
    pub fn four_players(&self) -> bool {
        each!(RulesOf, self, _r, K => K::TEAMS)
    }

    /// A new match of `seats` players dealt from `seed`; `None` if the game has no such table.
    pub(crate) fn new_game(&self, seats: u8, seed: crate::engine::Seed) -> Option<Game> {
        each!(RulesOf, self, r, K => K::new_game(r, seats, seed).map(Into::into))
    }

    /// The rules as a challenge stores them (see [`StoredRules`]).
    pub(crate) fn to_json(&self) -> String {
        each!(RulesOf, self, r, K => match K::STORED_RULES {
            StoredRules::Wrapped => {
                serde_json::to_string(&std::collections::BTreeMap::from([(K::KIND.name(), r)]))
            }
            StoredRules::BareUnder(_) | StoredRules::BareOtherwise => serde_json::to_string(r),
        })
        .expect("rules serialize")
    }

    /// A challenge's stored rules: a game's in its wrapper (`{"<game>": {...}}`), else the
    /// bare rules of the game that takes `preset`'s (see [`StoredRules`]).
    pub(crate) fn from_json(preset: &str, json: &str) -> Result<RulesOf, serde_json::Error> {
        if let Ok(serde_json::Value::Object(map)) = serde_json::from_str(json) {
            let game = map.keys().next().and_then(|name| {
                let named = GameKind::ALL.iter().find(|k| k.name() == name);
                named.filter(|_| map.len() == 1)
            });
            if let (Some(&game), Some(inner)) = (game, map.values().next()) {
                let read =
                    |inner| each_kind!(game, K => Ok(K::rules_of(serde_json::from_value(inner)?)));
                return read(inner.clone());
            }
        }
        let stored = |game| each_kind!(game, K => K::STORED_RULES);
        let mut games = GameKind::ALL.iter().copied();
        let under = |g| matches!(stored(g), StoredRules::BareUnder(p) if p == preset);
        let game = games
            .find(|&g| under(g))
            .or_else(|| {
                let mut otherwise = GameKind::ALL.iter().copied();
                otherwise.find(|&g| stored(g) == StoredRules::BareOtherwise)
            })
            .ok_or_else(|| serde::de::Error::custom("the rules of no game"))?;
        each_kind!(game, K => Ok(K::rules_of(serde_json::from_str(json)?)))
    }
}

impl GameChoice {
    /// How many opponents a challenge of this game names, at least and at most.
    pub(crate) fn opponents(&self) -> (usize, usize) {
        each!(GameChoice, self, c, K => K::opponents(c))
    }

    /// How many seats a practice match of this game has, when `asked` were asked for.
    pub(crate) fn practice_seats(&self, asked: u8) -> Result<u8, Refusal> {
        each!(GameChoice, self, c, K => K::practice_seats(c, asked))
    }

    /// Whether this is a four-player team game (a partner may be named).
    pub(crate) fn is_teams(&self) -> bool {
        each!(GameChoice, self, _c, K => K::TEAMS)
    }

    /// Whether challenging the bot alone to this game means practising against it.
    pub(crate) fn practice_against_bot(&self) -> bool {
        each!(GameChoice, self, _c, K => K::practice_against_bot())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game's rules, as its default choice gives them, read back from a challenge's
    /// store as that game's (a four-player game's wrapped, the others' bare under their
    /// preset).
    #[test]
    fn rules_are_stored_with_their_game() {
        for &game in GameKind::ALL {
            let (preset, stored) = each_kind!(game, K => {
                let (preset, rules) =
                    K::choice_rules(Default::default(), Preset::Classic, None, None).unwrap();
                (preset, K::rules_of(rules))
            });
            let back = RulesOf::from_json(preset, &stored.to_json()).unwrap();
            assert_eq!(back.game(), game);
            assert_eq!(format!("{back:?}"), format!("{stored:?}"));
        }
    }

    /// The stored text is the rules' fields in their own order, as before the list of games:
    /// bare, or in a wrapper naming the game.
    #[test]
    fn rules_are_stored_as_before() {
        let classic = Preset::Classic.rules();
        let bare = serde_json::to_string(&classic).unwrap();
        for &game in GameKind::ALL {
            let stored = each_kind!(game, K => {
                let rules = K::choice_rules(Default::default(), Preset::Classic, None, None);
                K::rules_of(rules.unwrap().1)
            });
            let json = stored.to_json();
            let fields = each!(RulesOf, &stored, r, K => serde_json::to_string(r).unwrap());
            match each_kind!(game, K => K::STORED_RULES) {
                StoredRules::Wrapped => {
                    assert_eq!(json, format!("{{\"{}\":{fields}}}", game.name()));
                }
                _ => assert_eq!(json, fields),
            }
        }
        // Bare Gin rules under a preset name no game knows are still Gin's, as before.
        let back = RulesOf::from_json("house", &bare).unwrap();
        assert_eq!(format!("{back:?}"), format!("{:?}", RulesOf::Gin(classic)));
    }
}
