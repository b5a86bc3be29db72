//! One random-play test for every game, through [`Variant`] only: seeded random legal moves
//! (now and then a resignation or a cancellation) until the match ends, checking on the way
//! what must hold whatever the game:
//! - every deck in play holds its 52 cards, each in exactly one place;
//! - no seat's view, and not the public table, shows a card the rules keep from it;
//! - a refused event (a seat not to move, a seat not at the table, anything after the end)
//!   leaves the match exactly as it was;
//! - the match ends within a bound, replays from its setup, seed and log to the same state,
//!   and reads back from its JSON.
//!
//! What each game keeps hidden, where its cards lie and which of its variations to play is said
//! per game in [`Audit`], in the game's own module here, read from the match's own fields
//! rather than from its views, so the views are checked against an independent account. The
//! modules and one test per game (`plays_at_random_to_its_end::<game>`) come from the list of
//! games: a new game adds its module and nothing else.

use gin_engine::card::{Card, CardSet, FULL_DECK};
use gin_engine::hand::{Hand, HandEnd};
use gin_engine::{Event, Seat, Variant};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use serde::Serialize;
use serde_json::Value;

/// No match of these tests needs more events than this: random players seldom knock, and
/// the longest match here (Hollywood Gin, seed 41) takes about 38,000.
const MAX_EVENTS: usize = 60_000;

/// Where a game's cards are and what each seat may not see, from the match's own fields.
trait Audit: Variant {
    /// The setups to play, each with its seeds (a seed `s` with `s % 5` of 3 ends by a
    /// resignation, of 4 by a cancellation, else by play).
    fn cases() -> Vec<(Self::Setup, std::ops::Range<u64>)>;
    /// Per deck in play (two in Partnership Gin, one per table): the places its cards are in.
    fn decks(&self) -> Vec<Vec<CardSet>>;
    /// The cards of its deck that `seat` may not see now.
    fn hidden_from(&self, seat: Seat) -> CardSet;
    /// The cards nobody but their holders may see now: what the public table must not show.
    fn hidden_from_all(&self) -> CardSet;
}

pub(crate) fn set(cards: &[Card]) -> CardSet {
    cards.iter().copied().collect()
}

pub(crate) fn union(sets: impl IntoIterator<Item = CardSet>) -> CardSet {
    CardSet(sets.into_iter().fold(0, |a, s| a | s.0))
}

/// A two-player Gin hand: both hands, the stock, the pile and a knock's face-down discard
/// (kept in the hand's end, not on the pile).
pub(crate) fn gin_places(h: &Hand) -> Vec<CardSet> {
    let mut places = vec![h.hands[0], h.hands[1], set(&h.stock), set(&h.discard_pile)];
    if let Some(HandEnd::Knocked { discard, .. }) = &h.end {
        places.push(CardSet::EMPTY.with(*discard));
    }
    places
}

/// What `seat` (`None`: a spectator) may not see of a Gin hand: the stock, and until a
/// showdown shows them, the hands but its own, less the cards seen taken from the pile.
pub(crate) fn gin_hidden(h: &Hand, seat: Option<Seat>) -> CardSet {
    let shown = matches!(h.end, Some(HandEnd::Knocked { .. }));
    let hands = (0..2)
        .filter(|&i| !shown && Some(h.players[i]) != seat)
        .map(|i| CardSet(h.hands[i].0 & !h.known[i].0));
    union(hands.chain([set(&h.stock)]))
}

/// Every card named in a view's JSON (cards serialize as their text, e.g. `"TS"`).
fn cards_shown(view: &impl Serialize) -> CardSet {
    fn walk(v: &Value, out: &mut CardSet) {
        match v {
            Value::String(s) => {
                if let Ok(card) = s.parse::<Card>() {
                    if card.to_string() == *s {
                        out.insert(card);
                    }
                }
            }
            Value::Array(items) => items.iter().for_each(|i| walk(i, out)),
            Value::Object(fields) => fields.values().for_each(|f| walk(f, out)),
            _ => {}
        }
    }
    let mut out = CardSet::EMPTY;
    walk(
        &serde_json::to_value(view).expect("a view serializes"),
        &mut out,
    );
    out
}

/// What holds at every step: cards conserved, nothing hidden shown.
fn check_state<V: Audit>(m: &V, at: &str) {
    for (d, places) in m.decks().iter().enumerate() {
        let count: usize = places.iter().map(|p| p.len()).sum();
        assert_eq!(
            (count, union(places.iter().copied()).0),
            (52, FULL_DECK),
            "{at}: deck {d} holds every card once: {places:?}"
        );
    }
    for seat in 0..m.seats() {
        let leak = cards_shown(&m.view_for(seat)).0 & m.hidden_from(seat).0;
        assert_eq!(leak, 0, "{at}: seat {seat} is shown {:?}", CardSet(leak));
    }
    let leak = cards_shown(&m.table_view()).0 & m.hidden_from_all().0;
    assert_eq!(leak, 0, "{at}: the table shows {:?}", CardSet(leak));
}

/// `event` is refused and the match is exactly as it was.
fn refused<V: Variant>(m: &mut V, event: Event<V::Action>, at: &str) {
    let before = m.clone();
    assert!(m.apply_event(event).is_err(), "{at}: {event:?} is refused");
    assert!(*m == before, "{at}: a refused {event:?} changed the match");
}

fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    ((u128::from(rng.next_u64()) * n as u128) >> 64) as usize
}

/// How a test match ends.
#[derive(Clone, Copy, Debug)]
enum Ending {
    /// By play, to the target (or the last round).
    Played,
    /// A random seat resigns after a random number of events.
    Resigned,
    /// A moderator cancels it after a random number of events.
    Cancelled,
}

/// Plays one match of `V` from `setup` with random legal moves drawn from `seed`.
fn play<V: Audit>(setup: V::Setup, seed: u64, ending: Ending) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut match_seed = [0u8; 32];
    rng.fill_bytes(&mut match_seed);
    let mut m = V::start(setup.clone(), match_seed).expect("a valid setup starts");
    let stop_at = 1 + below(&mut rng, 300);
    let mut events = 0;
    while !m.is_over() {
        let at = format!("seed {seed}, event {events}");
        // Every event early on, then a sample: a stride prime to any turn's length reaches
        // every phase of play over a long match.
        if events < 500 || events % 13 == 0 {
            check_state(&m, &at);
        }
        let to_act = m.seats_to_act();
        assert!(!to_act.is_empty(), "{at}: a match on has a seat to move");
        for s in (0..m.seats()).filter(|s| !to_act.contains(s)) {
            assert!(m.legal_actions(s).is_empty(), "{at}: seat {s} waits");
        }
        let seat = to_act[below(&mut rng, to_act.len())];
        let legal = m.legal_actions(seat);
        assert!(!legal.is_empty(), "{at}: seat {seat} may move");
        let action = legal[below(&mut rng, legal.len())];
        // Sampled too: comparing whole states costs as much as the log is long.
        if events < 200 || events % 101 == 0 {
            let seats = m.seats();
            let stranger = Event::Play {
                seat: seats,
                action,
            };
            refused(&mut m, stranger, &at);
            if let Some(waiting) = (0..seats).find(|s| !to_act.contains(s)) {
                let early = Event::Play {
                    seat: waiting,
                    action,
                };
                refused(&mut m, early, &at);
            }
        }
        let event = match ending {
            Ending::Resigned if events == stop_at => Event::Resign {
                seat: below(&mut rng, usize::from(m.seats())) as Seat,
            },
            Ending::Cancelled if events == stop_at => Event::Cancel,
            _ => Event::Play { seat, action },
        };
        m.apply_event(event)
            .unwrap_or_else(|e| panic!("{at}: {event:?}: {e}"));
        events += 1;
        assert!(events <= MAX_EVENTS, "seed {seed}: the match ends");
    }
    let at = format!("seed {seed}, the end");
    check_state(&m, &at);
    assert!(m.seats_to_act().is_empty(), "{at}");
    assert!(
        (0..m.seats()).all(|s| m.legal_actions(s).is_empty()),
        "{at}"
    );
    refused(&mut m, Event::Cancel, &at);
    let cancelled = matches!(m.log().last(), Some(Event::Cancel));
    assert_eq!(
        m.settlement().is_some(),
        !cancelled,
        "{at}: settled unless cancelled"
    );
    assert_eq!(m.log().len(), events, "{at}: every event logged");
    let replayed = V::replay(m.setup(), m.seed(), m.log()).expect("the log replays");
    assert!(replayed == m, "{at}: the replay is the match");
    let json = serde_json::to_string(&m).expect("a match serializes");
    let read: V = serde_json::from_str(&json).expect("and reads back");
    assert!(read == m, "{at}: the JSON is the match");
    m.clear_log();
    assert!(m.log().is_empty());
}

/// Every case of game `V` played at random to its end.
fn play_cases<V: Audit>() {
    for (setup, seeds) in V::cases() {
        for seed in seeds {
            let ending = match seed % 5 {
                3 => Ending::Resigned,
                4 => Ending::Cancelled,
                _ => Ending::Played,
            };
            play::<V>(setup.clone(), seed, ending);
        }
    }
}

/// The games' modules and one test per game, from the list.
macro_rules! every_game {
    (() $($name:ident $module:ident $match:ty,)*) => {
        $(mod $module;)*

        mod plays_at_random_to_its_end {
            $(
                #[test]
                fn $module() {
                    super::play_cases::<$match>();
                }
            )*
        }
    };
}
gin_engine::with_games!(every_game);
