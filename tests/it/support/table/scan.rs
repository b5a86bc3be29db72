//! The hidden-card scan: a write of the deal being played names no card its reader may not
//! see. A public write none that lies hidden in a hand; a player's own message only their
//! hand (and at Team Gin their partner's). The end of a hand or of the match reveals the
//! hands on purpose.

use crate::support::fake_discord::{Write, WriteKind};
use gin::engine::rummy::{RummyAction, RummyHand, RummyMatch};
use gin::engine::team::partner_of;
use gin::engine::{Action, Card, CardSet, Hand, PartnershipMatch, Seat, TeamAction, TeamHand};
use gin::games::Game;
use gin::i18n::Lang;

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
    if let Game::Partnership(m) = game {
        return scan_partnership(w, m, reader);
    }
    let named = named_cards(&w.content);
    for (seat, cards) in hidden(game).into_iter().enumerate() {
        let seat = seat as Seat;
        if reader.is_some_and(|r| sees(game, r, seat)) {
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

/// What the match-end message says (it shows every hand).
pub(super) fn match_end(game: &Game) -> &'static str {
    match game {
        Game::Rummy(_) => "the Rummy match!",
        _ => "win the match",
    }
}

/// Whether the player of seat `reader` may see the hand of `seat`.
fn sees(game: &Game, reader: Seat, seat: Seat) -> bool {
    seat == reader || matches!(game, Game::Team(_)) && seat == partner_of(reader)
}

/// Per seat, the cards of its hand nobody else has seen, in a game of one deck (Rummy, Team
/// Gin). A card that lay face up in this deal (the upcard, any discard) is left out: a write
/// made while it lay there shows it rightly, wherever it went since (Rummy turns the pile
/// when the stock runs out).
pub fn hidden(game: &Game) -> Vec<CardSet> {
    match game {
        Game::Rummy(m) => rummy_hidden(m),
        Game::Team(m) => team_hidden(&m.hand),
        other => panic!("one deck per deal only: {:?}", other.format()),
    }
}

fn rummy_hidden(m: &RummyMatch) -> Vec<CardSet> {
    let h = &m.hand;
    let dealt = RummyHand::deal(&m.rules, h.seed, m.players, h.dealer);
    let up = face_up(
        None,
        &[dealt.discard_pile.as_slice(), h.discard_pile.as_slice()].concat(),
        h.actions.iter().filter_map(|(_, a)| match a {
            RummyAction::Discard { card } => Some(*card),
            _ => None,
        }),
    );
    (0..usize::from(m.players))
        .map(|i| CardSet(h.hands[i].0 & !up.0 & !h.known[i].0))
        .collect()
}

fn team_hidden(h: &TeamHand) -> Vec<CardSet> {
    let up = face_up(
        Some(h.upcard),
        &h.discard_pile,
        h.actions.iter().filter_map(|(_, a)| match a {
            TeamAction::Play(Action::Discard(c) | Action::Knock(c)) => Some(*c),
            _ => None,
        }),
    );
    (0..4)
        .map(|i| CardSet(h.hands[i].0 & !up.0 & !h.known[i].0))
        .collect()
}

/// Cards that lay face up in this deal (the upcard, the pile, every discard).
fn face_up(upcard: Option<Card>, pile: &[Card], discards: impl Iterator<Item = Card>) -> CardSet {
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
fn named_cards(content: &str) -> CardSet {
    let mut named = CardSet::EMPTY;
    for word in content.split(|ch: char| ch.is_whitespace() || "[]():,·`*".contains(ch)) {
        if let Some(c) = Card::all().find(|&c| gin::ui::render::card(Lang::En, c) == word) {
            named.insert(c);
        }
    }
    named
}

/// Partnership Gin deals two decks, so a card's name alone does not say whose it is: every
/// card a write names must be one its reader may see at the table the write speaks of. A
/// public table names, per table section, only cards that lay face up there; a player's
/// message only their own cards and those face up at their table.
fn scan_partnership(w: &Write, m: &PartnershipMatch, reader: Option<Seat>) {
    let fail = |cards: CardSet, what: &str| {
        assert!(
            cards.is_empty(),
            "{} shown in {what} (message {}):\n{}",
            gin::ui::render::cards(Lang::En, cards.iter()),
            w.message_id,
            w.content
        )
    };
    match reader {
        Some(r) => {
            let t = &m.tables[m.table_of(r).unwrap()];
            let own = t.hand_of(r).unwrap();
            let allowed = CardSet(own.0 | table_face_up(t).0);
            fail(
                CardSet(named_cards(&w.content).0 & !allowed.0),
                &format!("seat {r}'s own message"),
            );
        }
        None => {
            let mut sections = w.content.split("**Table ");
            fail(named_cards(sections.next().unwrap_or("")), "the header");
            for (t, section) in sections.enumerate() {
                let allowed = table_face_up(&m.tables[t]);
                fail(
                    CardSet(named_cards(section).0 & !allowed.0),
                    &format!("table {}'s public section", t + 1),
                );
            }
        }
    }
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
