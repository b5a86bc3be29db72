//! Gin Rummy and its variants as `docs/RULES.md` specifies them: pure and synchronous.
//!
//! No I/O, no clocks, no global randomness: a match is a function of its rules, its seed and
//! the actions applied to it, which is what lets the bot persist it as a log and replay it.
//! The crate depends on nothing that could do otherwise (serde, thiserror, rand_core,
//! rand_chacha, sha2), so the compiler keeps it that way.
//!
//! Every game is a [`Variant`]: Gin for two or three ([`Match`], Hollywood scoring included),
//! Partnership Gin ([`PartnershipMatch`]), Team Gin ([`TeamMatch`]) and Basic Rummy
//! ([`rummy::RummyMatch`]). Their logs are [`Event`]s over each game's action; the seat and the
//! settlement that all of them share are in [`seat`] and [`settlement`]. A new game is a new
//! module implementing [`Variant`] and its line in [`with_games!`], the one list of games that
//! everything going over games derives from, here and in the bot; its module in
//! `tests/random_play/` (what it hides, which variations to play) then has it played at random
//! through the trait.

#![warn(missing_docs)]

pub mod ai;
pub mod card;
pub mod deck;
pub mod event;
pub mod hand;
pub mod hollywood;
pub mod matchplay;
pub mod meld;
pub mod partnership;
pub mod rotation;
pub mod rules;
pub mod rummy;
pub mod scoring;
pub mod seat;
pub mod settlement;
pub mod showdown;
pub mod solver;
pub mod team;
pub mod variant;
pub mod view;

pub use card::{Card, CardSet, Suit};
pub use deck::Seed;
pub use event::Event;
pub use hand::{Action, ActionError, Hand, HandEnd, Phase};
pub use matchplay::{HandRecord, Match, MatchError, MatchEvent};
pub use meld::{Meld, MeldKind};
pub use partnership::{PartnershipEvent, PartnershipMatch, PARTNERSHIP_TARGET};
pub use rules::{DealerRule, Preset, Rules, RulesError};
pub use scoring::HandScore;
pub use seat::Seat;
pub use settlement::{settle, MatchStatus, Payment, Settlement};
pub use showdown::{solve_showdown, Layoff, Showdown, ShowdownError, ShowdownKind};
pub use solver::{best_arrangement, knock_deadwood, min_deadwood, Arrangement};
pub use team::{
    solve_team_showdown, TeamAction, TeamError, TeamHand, TeamHandEnd, TeamHandRecord, TeamLayoff,
    TeamMatch, TeamMatchError, TeamMatchEvent, TeamMove, TeamPhase, TeamScore, TeamShowdown,
    TeamSide, TeamStage, TeamTable, TeamView,
};
pub use variant::Variant;

/// Every game, listed once: its name (the variant of every per-game enum), its module in each
/// layer of the bot, and its match type. `with_games!(then ARGS)` hands the list to the macro
/// `then` as `then! { (ARGS) Name module Type, ... }`; everything that goes over games is
/// generated that way, so a game is its own modules and its line here.
#[macro_export]
macro_rules! with_games {
    ($then:ident $($args:tt)*) => {
        $then! {
            ($($args)*)
            Gin gin $crate::Match,
            Rummy rummy $crate::rummy::RummyMatch,
            Partnership partnership $crate::PartnershipMatch,
            Team team $crate::TeamMatch,
        }
    };
}

/// The games' discriminant and its text forms, from the list.
macro_rules! game_kinds {
    (() $($name:ident $module:ident $match:ty,)*) => {
        /// A game, by name: what every per-game enum is cut by.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum GameKind {
            $(
                #[allow(missing_docs)]
                $name,
            )*
        }

        impl GameKind {
            /// Every game, in the list's order.
            pub const ALL: &'static [GameKind] = &[$(GameKind::$name,)*];

            /// The game's name in text: its module's name in every layer.
            pub const fn name(self) -> &'static str {
                match self {
                    $(GameKind::$name => stringify!($module),)*
                }
            }

            /// The player counts the game is played at, each with the name of that form
            /// (see [`Variant::FORMATS`]).
            pub const fn formats(self) -> &'static [(u8, &'static str)] {
                match self {
                    $(GameKind::$name => <$match as Variant>::FORMATS,)*
                }
            }
        }

        /// A game's place in the list, known from its match type.
        pub trait Listed: Variant {
            /// Which game this is.
            const KIND: GameKind;
        }

        $(
            impl Listed for $match {
                const KIND: GameKind = GameKind::$name;
            }
        )*
    };
}
crate::with_games!(game_kinds);
pub use view::{PlayerView, TableView};
