//! Partnership Gin in the tests: both tables move at once, so a round opens the hands of
//! every seat to move before any of them presses; a person's move is the simple player's,
//! after the coach's Hint in practice. Two decks are dealt, so the scan reads a write by the
//! table it speaks of.

use crate::support::fake_discord::User;
use super::{HandCards, Tested, WebStart};
use crate::support::fake_discord::Write;
use crate::support::table::{named_cards, table_face_up, Table};
use gin::engine::ai::{decide, Level};
use gin::engine::{Action, CardSet, PartnershipMatch, Seat};
use gin::i18n::Lang;
use serde_json::Value;
use std::time::Duration;

impl Tested for PartnershipMatch {
    const MATCH_END: &'static str = "win the match";

    /// One round: the second press of a round comes from a message drawn before the other
    /// table's move (which must leave it good); the writes are scanned after each.
    async fn step(t: &mut Table<'_>, m: &PartnershipMatch, _version: i64, _turn: u64) -> bool {
        let movers: Vec<Seat> = m
            .seats_to_act()
            .into_iter()
            .filter(|&s| usize::from(s) < t.users.len())
            .collect();
        if movers.is_empty() {
            // Only the bot's seats can move: they move by themselves.
            tokio::time::sleep(Duration::from_millis(20)).await;
            return true;
        }
        let mut opened = Vec::new();
        for &seat in &movers {
            opened.push((seat, t.open_hand(seat).await.expect("a table message")));
        }
        for (seat, hand) in opened {
            let action = m.simple_move(seat);
            let hand = t.ask_hint(seat, hand).await;
            t.press_act(seat, hand, action.into()).await;
            t.settle().await;
        }
        true
    }

    /// Each seat's own cards that never lay face up at its table.
    fn hidden(&self) -> Vec<CardSet> {
        (0..4)
            .map(|seat| {
                let table = &self.tables[self.table_of(seat).expect("every seat plays")];
                let own = table.hand_of(seat).expect("its own hand");
                CardSet(own.0 & !table_face_up(table).0)
            })
            .collect()
    }

    /// A card's name alone does not say whose it is: every card a write names must be one its
    /// reader may see at the table the write speaks of. A public table names, per table
    /// section, only cards that lay face up there; a player's message only their own cards
    /// and those face up at their table.
    fn scan(&self, w: &Write, reader: Option<Seat>) {
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
                let t = &self.tables[self.table_of(r).unwrap()];
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
                    let allowed = table_face_up(&self.tables[t]);
                    fail(
                        CardSet(named_cards(section).0 & !allowed.0),
                        &format!("table {}'s public section", t + 1),
                    );
                }
            }
        }
    }

    fn results(&self) -> Vec<(i64, i64, bool)> {
        super::teams(self.settlement(), self.rules.target)
    }

    /// A row per table and deal.
    fn ledger_hands(&self) -> usize {
        2 * self.history.len()
    }

    fn simple_move(&self, seat: Seat) -> Action {
        decide(Level::Simple, &[seat; 32], &self.view_for(seat))
    }

    fn sheet(&self) -> (Vec<u32>, serde_json::Value) {
        (self.totals.clone(), serde_json::json!({ "lines": self.lines }))
    }

    fn web_starts(four: &[User]) -> Vec<WebStart> {
        vec![WebStart {
            label: "partnership",
            command: "gin",
            options: super::four_players(four, 0),
            seats: 4,
            must_make: &[],
            hand_cards: PartnershipMatch::hand_cards,
        }]
    }

    fn hand_cards(hand: &Value) -> HandCards {
        super::own_hand(hand)
    }
}
