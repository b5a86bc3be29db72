//! The seam every game fits: what the rest of the bot may ask of a match, whatever is played.
//!
//! Gin ([`super::Match`], Hollywood included), Partnership Gin ([`super::PartnershipMatch`]),
//! Team Gin ([`super::TeamMatch`]) and Basic Rummy ([`super::rummy::RummyMatch`]) differ in
//! their cards, moves and scores, but each is a pure function of a setup (rules, and the seat
//! count where it varies), a 32-byte seed and a log of [`Event`]s; each says who may move and
//! what they may do, applies a move or refuses it, shows each seat and the channel what they
//! may see, and settles at the end. [`Variant`] names that shape once, so code that only needs
//! it (persistence, replays, timers, the checks of every game) is written once, and a new game
//! is a new module implementing it rather than a change across the bot.
//!
//! The match types keep their own inherent methods (callers that know the game use them);
//! the trait delegates to them and adds nothing to what a match does.

use super::deck::Seed;
use super::event::Event;
use super::seat::Seat;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;

/// A game's match: a state machine over its own action type, driven by [`Event`]s.
///
/// A match is determined by [`Variant::setup`], [`Variant::seed`] and [`Variant::log`]:
/// [`Variant::replay`] of those three gives back an equal match, which is what lets the bot
/// store the log and rebuild the state. The state serializes (the bot stores it as a snapshot
/// beside the log), and its views serialize (they are what a client is sent).
pub trait Variant: Clone + Debug + PartialEq + Serialize + DeserializeOwned {
    /// What a player does on a turn.
    type Action: Copy + Debug + Eq + Serialize + DeserializeOwned;
    /// Why an event was refused; the match is unchanged then.
    type Error: std::error::Error + Clone + Eq;
    /// What a match is started from beside its seed: the rules, with the seat count where
    /// the game allows more than one.
    type Setup: Clone + Debug;
    /// What one seat may see: the public table, its own cards, what it may do now.
    type View: Clone + Debug + Serialize;
    /// What everyone may see (the channel's table): no hidden card.
    type Table: Clone + Debug + Serialize;
    /// How a finished match is settled: who won, who pays whom.
    type Settlement: Clone + Debug + Serialize;

    /// The player counts the game is played at, each with the name of that form of it (the
    /// ledger files a match under it: a name, once used, never changes).
    const FORMATS: &'static [(u8, &'static str)];

    /// Starts a match from its setup and seed and deals the first hand.
    fn start(setup: Self::Setup, seed: Seed) -> Result<Self, Self::Error>;

    /// Rebuilds a match from its setup, seed and log: the state live play produced.
    fn replay(
        setup: Self::Setup,
        seed: Seed,
        log: &[Event<Self::Action>],
    ) -> Result<Self, Self::Error> {
        let mut m = Self::start(setup, seed)?;
        for event in log {
            m.apply_event(*event)?;
        }
        Ok(m)
    }

    /// The setup this match was started from (for [`Variant::replay`]).
    fn setup(&self) -> Self::Setup;

    /// The match seed: secret until the match ends, every deal's seed derives from it.
    fn seed(&self) -> Seed;

    /// How many seats the match has; seats are numbered `0..seats()`.
    fn seats(&self) -> u8;

    /// The seats that may move now: none once the match is over, one in most games, one per
    /// table still in play in Partnership Gin (both tables play at once).
    fn seats_to_act(&self) -> Vec<Seat>;

    /// Every action `seat` may take now (empty when it may not move).
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;

    /// Applies one event: a move, a resignation or a cancellation. On error the match is
    /// exactly as it was; on success the event is appended to [`Variant::log`].
    fn apply_event(&mut self, event: Event<Self::Action>) -> Result<(), Self::Error>;

    /// Plays `action` for `seat`: [`Variant::apply_event`] of a [`Event::Play`].
    fn apply(&mut self, seat: Seat, action: Self::Action) -> Result<(), Self::Error> {
        self.apply_event(Event::Play { seat, action })
    }

    /// What `seat` may see now; never a card of another hand that the rules keep hidden.
    fn view_for(&self, seat: Seat) -> Self::View;

    /// What everyone may see now.
    fn table_view(&self) -> Self::Table;

    /// Whether the match has ended (settled or cancelled).
    fn is_over(&self) -> bool;

    /// The settlement, once the match has ended by play or resignation (`None` while it is
    /// on, and after a cancellation).
    fn settlement(&self) -> Option<&Self::Settlement>;

    /// The events applied since the start (or since [`Variant::clear_log`]).
    fn log(&self) -> &[Event<Self::Action>];

    /// Drops the in-memory log: the bot keeps it in its own table, and a stored state without
    /// it stays small; replaying the stored log still gives every other field.
    fn clear_log(&mut self);
}
