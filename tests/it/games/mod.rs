//! Each game's own part of the tests, one module per game of the list: how its people play it
//! at a [`Table`] by presses, which of its cards a message may show to whom, what the ledger
//! must hold when it ends, and how a match stored by an older build is checked. The shared
//! harness (`support::table`, `service::before_seam`) reaches a game only through [`Tested`]
//! and [`each_tested!`], both cut by the list, so a new game adds its module here and nothing
//! else of the harness changes.

use crate::support::fake_discord::{Opt, User, Write};
use crate::support::table::Table;
use ::gin::engine::{CardSet, Seat, Variant};
use ::gin::games::{Game, Kind};
use serde_json::Value;

/// What the tests need of a game beside the engine's [`Variant`] and the service's [`Kind`].
#[allow(async_fn_in_trait)]
pub trait Tested: Kind + 'static {
    /// What the match-end message says: it shows every hand, so the hidden-card scan skips it.
    const MATCH_END: &'static str;

    /// One move of the people at `t` (the policy is the game's; each move's writes scanned),
    /// or a short wait while the bot's seats move; false when nobody can move.
    async fn step(t: &mut Table<'_>, m: &Self, version: i64, turn: u64) -> bool;

    /// Per seat, the cards of its hand nobody else has seen (none that lay face up this deal).
    fn hidden(&self) -> Vec<CardSet>;

    /// Whether the player of seat `reader` may see the hand of `seat`.
    fn sees(&self, reader: Seat, seat: Seat) -> bool {
        reader == seat
    }

    /// Panics if the write of this deal `w` names a card its reader (`None`: everyone) may not
    /// see.
    fn scan(&self, w: &Write, reader: Option<Seat>) {
        crate::support::table::scan_hidden(w, &self.hidden(), |r, s| self.sees(r, s), reader);
    }

    /// Per seat, as the ledger stores it: (final total, net, won). Panics unless the match
    /// was settled.
    fn results(&self) -> Vec<(i64, i64, bool)>;

    /// The rows of hands the ledger holds for the deals played.
    fn ledger_hands(&self) -> usize;

    /// The engine's simple player's move for `seat`.
    fn simple_move(&self, seat: Seat) -> Self::Action;

    /// The totals and the score sheet beside them, as the manifest of stored matches records
    /// them (`service::before_seam`).
    fn sheet(&self) -> (Vec<u32>, serde_json::Value);

    /// How the web-table tests begin the game in chat, the first of `four` challenging the
    /// others: its variations (two-player Gin has web tests of its own).
    fn web_starts(four: &[User]) -> Vec<WebStart>;

    /// What the `hand` part of a state frame shows its viewer.
    fn hand_cards(hand: &Value) -> HandCards;
}

/// The cards a state frame's `hand` shows: those its viewer holds, and those of another hand
/// the rules let them see (a partner's).
#[derive(Default)]
pub struct HandCards {
    pub held: Vec<String>,
    pub seen: Vec<String>,
}

/// A game begun in chat for the web table's tests of every game.
pub struct WebStart {
    /// What the test's messages call it.
    pub label: &'static str,
    /// The slash command (`/<command> start`) and its options.
    pub command: &'static str,
    pub options: Vec<Opt>,
    /// The people at the table: the first `seats` of the four.
    pub seats: usize,
    /// Beginnings of move ids the test must have seen played (the game's own moves).
    pub must_make: &'static [&'static str],
    /// What a state frame's `hand` shows ([`Tested::hand_cards`]).
    pub hand_cards: fn(&Value) -> HandCards,
}

/// The modules from the list, and the macro that goes over them.
macro_rules! tested {
    (($d:tt) $($name:ident $module:ident $match:ty,)*) => {
        $(mod $module;)*

        /// `$body` for whichever game `$game` (a [`Game`]) holds: `$m` binds its match and
        /// `$K` names its type. Every arm is written out, from the list.
        macro_rules! each_tested {
            ($d game:expr, $d m:pat_param, $d K:ident => $d body:expr) => {
                match $d game {
                    $(
                        ::gin::games::Game::$name($d m) => {
                            #[allow(dead_code)]
                            type $d K = $match;
                            $d body
                        }
                    )*
                }
            };
        }
        pub(crate) use each_tested;

        /// Every game's [`WebStart`]s, in the list's order.
        pub fn web_starts(four: &[User]) -> Vec<WebStart> {
            let mut all = Vec::new();
            $(all.extend(<$match as Tested>::web_starts(four));)*
            all
        }
    };
}
::gin::engine::with_games!(tested $);

/// The match's results per seat (see [`Tested::results`]).
pub fn results(game: &Game) -> Vec<(i64, i64, bool)> {
    each_tested!(game, m, K => m.results())
}

/// The ledger's rows of hands for the match (see [`Tested::ledger_hands`]).
pub fn hand_rows(game: &Game) -> usize {
    each_tested!(game, m, K => m.ledger_hands())
}

/// The move the engine's simple player picks for `seat`, checked to be one of the legal ones.
pub fn simple_play(game: &Game, seat: Seat) -> ::gin::games::Play {
    each_tested!(game, m, K => {
        let pick = m.simple_move(seat);
        let legal = Variant::legal_actions(m, seat);
        assert!(legal.contains(&pick), "{pick:?} is one of {legal:?}");
        K::play(pick)
    })
}

/// The totals and score sheet (see [`Tested::sheet`]).
pub fn sheet(game: &Game) -> (Vec<u32>, serde_json::Value) {
    each_tested!(game, m, K => m.sheet())
}

/// Per seat, the cards nobody else has seen (see [`Tested::hidden`]).
pub fn hidden(game: &Game) -> Vec<CardSet> {
    each_tested!(game, m, K => m.hidden())
}

/// How a state frame's `hand` reads for the game of `game` (see [`Tested::hand_cards`]).
pub fn hand_cards(game: &Game) -> fn(&Value) -> HandCards {
    each_tested!(game, _m, K => K::hand_cards)
}

/// The match-end message's words (see [`Tested::MATCH_END`]).
pub fn match_end(game: &Game) -> &'static str {
    each_tested!(game, _m, K => K::MATCH_END)
}

/// Per seat, its team's (final total, net, won) in a four-player game settled by play.
fn teams(s: Option<&::gin::engine::Settlement>, target: u32) -> Vec<(i64, i64, bool)> {
    let s = s.expect("settled");
    assert_eq!(s.resigned, None, "settled by play");
    assert!(s.totals[usize::from(s.winner)] >= target);
    sides(s, 4, |seat| seat % 2)
}

/// Per seat, its side's (final total, net, won) in a Gin settlement, whose sides are the
/// seats (`side(seat)` is the seat) or the teams.
fn sides(
    s: &::gin::engine::Settlement,
    seats: usize,
    side: fn(usize) -> usize,
) -> Vec<(i64, i64, bool)> {
    (0..seats)
        .map(|seat| {
            let i = side(seat);
            (s.finals[i] as i64, s.net[i], usize::from(s.winner) == i)
        })
        .collect()
}

/// The card names a JSON list holds (none where it is missing).
fn cards_at(list: &Value) -> Vec<String> {
    serde_json::from_value(list.clone()).unwrap_or_default()
}

/// The cards of the viewer's own engine view (`view.hand`), none besides.
fn own_hand(hand: &Value) -> HandCards {
    HandCards {
        held: cards_at(&hand["view"]["hand"]),
        seen: Vec::new(),
    }
}

/// `/gin start` options for a four-player game (`mode` 0: Partnership, 1: Team Gin): the
/// first of `four` with the third as partner against the second and fourth.
fn four_players(four: &[User], mode: i64) -> Vec<Opt> {
    vec![
        Opt::user("opponent", &four[1]),
        Opt::user("opponent2", &four[3]),
        Opt::user("partner", &four[2]),
        Opt::choice("mode", mode),
    ]
}
