//! The hidden-card scan: a write of the deal being played names no card its reader may not
//! see. A public write none that lies hidden in a hand; a player's own message only their
//! hand (and at Team Gin their partner's). The end of a hand or of the match reveals the
//! hands on purpose.

use crate::games::{each_tested, Tested};
use crate::support::fake_discord::{Write, WriteKind};
use gin::engine::{Action, Card, CardSet, Hand, Seat};
use gin::games::Game;
use gin::i18n::Lang;

pub use crate::games::{hidden, match_end};

/// Panics if `w` shows a card its reader (by `owners`, the people in seat order) may not see
/// in `game`, a state at least as new as the write.
pub fn scan(w: &Write, game: &Game, owners: &[u64]) {
    let w = &w.as_text();
    if w.content.contains("Shuffle seed") || w.content.contains(match_end(game)) {
        return;
    }
    if !w.content.contains(&format!("hand {}", game.deal_no() + 1)) {
        return; // another deal's message, or one without cards
    }
    let reader = w
        .owner
        .filter(|_| w.ephemeral)
        .and_then(|u| owners.iter().position(|&x| x == u))
        .map(|s| s as Seat);
    each_tested!(game, m, K => Tested::scan(m, w, reader))
}

/// The scan of a game of one deck per deal: no card of `hidden` (per seat) is named to a
/// reader who may not see that seat's hand (`sees(reader, seat)`).
pub fn scan_hidden(
    w: &Write,
    hidden: &[CardSet],
    sees: impl Fn(Seat, Seat) -> bool,
    reader: Option<Seat>,
) {
    let named = named_cards(&w.content);
    for (seat, cards) in hidden.iter().enumerate() {
        let seat = seat as Seat;
        if reader.is_some_and(|r| sees(r, seat)) {
            continue;
        }
        let shown = CardSet(named.0 & cards.0);
        assert!(
            shown.is_empty(),
            "{}, hidden in seat {seat}'s hand, shown to {reader:?} in message {}:\n{}",
            gin::ui::render::cards(Lang::En, shown.iter()),
            w.message_id,
            w.content
        );
    }
}

/// Cards that lay face up in this deal (the upcard, the pile, every discard).
pub fn face_up(
    upcard: Option<Card>,
    pile: &[Card],
    discards: impl Iterator<Item = Card>,
) -> CardSet {
    let mut seen = CardSet::EMPTY;
    for c in upcard
        .into_iter()
        .chain(pile.iter().copied())
        .chain(discards)
    {
        seen.insert(c);
    }
    seen
}

/// The cards of a Partnership table that lay face up in this deal.
pub fn table_face_up(h: &Hand) -> CardSet {
    face_up(
        h.upcard,
        &h.discard_pile,
        h.actions.iter().filter_map(|(_, a)| match a {
            Action::Discard(c) | Action::Knock(c) => Some(*c),
            _ => None,
        }),
    )
}

/// The cards a write names (as the bot writes cards: "10♥" contains "0♥", which is no card,
/// so only whole words count).
pub fn named_cards(content: &str) -> CardSet {
    let mut named = CardSet::EMPTY;
    for word in content.split(|ch: char| ch.is_whitespace() || "[]():,·`*".contains(ch)) {
        if let Some(c) = Card::all().find(|&c| gin::ui::render::card(Lang::En, c) == word) {
            named.insert(c);
        }
    }
    named
}

/// A write as the fake Discord records it, for the scan's own tests.
pub fn write_of(ephemeral: bool, owner: Option<u64>, content: String) -> Write {
    Write {
        kind: WriteKind::ChannelEdit,
        message_id: 1,
        channel_id: 1,
        ephemeral,
        owner,
        content,
        custom_ids: Vec::new(),
        status: 200,
        allowed_mentions: None,
    }
}
