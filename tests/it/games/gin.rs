//! Gin for two and three in the tests: a person's move is the simple player's, after the
//! coach's Hint where a practice hand offers one.

use super::{HandCards, Tested, WebStart};
use crate::support::fake_discord::{Opt, User};
use crate::support::table::{assert_ledger, face_up, Table};
use crate::support::wire::Binary;
use gin::engine::ai::{decide, Level};
use gin::engine::{Action, CardSet, Match, Seat};
use serde_json::Value;
use std::time::Duration;

impl Tested for Match {
    const MATCH_END: &'static str = "wins the match!";

    async fn step(t: &mut Table<'_>, m: &Match, _version: i64, _turn: u64) -> bool {
        let Some(seat) = m.to_act() else {
            return false;
        };
        if usize::from(seat) >= t.users.len() {
            // The bot's AI holds this seat: it moves by itself.
            tokio::time::sleep(Duration::from_millis(20)).await;
            return true;
        }
        let action = m.simple_move(seat);
        let hand = t.open_hand(seat).await.expect("a table message");
        let hand = t.ask_hint(seat, hand).await;
        t.press_act(seat, hand, action.into()).await;
        t.settle().await;
        true
    }

    fn hidden(&self) -> Vec<CardSet> {
        let h = &self.hand;
        let up = face_up(
            h.upcard,
            &h.discard_pile,
            h.actions.iter().filter_map(|(_, a)| match a {
                Action::Discard(c) | Action::Knock(c) => Some(*c),
                _ => None,
            }),
        );
        (0..self.seats)
            .map(|seat| match h.players.iter().position(|&p| p == seat) {
                Some(i) => CardSet(h.hands[i].0 & !up.0 & !h.known[i].0),
                None => CardSet::EMPTY, // sits this deal out
            })
            .collect()
    }

    fn results(&self) -> Vec<(i64, i64, bool)> {
        let s = self.settlement().expect("settled");
        assert_eq!(s.resigned, None, "settled by play");
        super::sides(s, usize::from(self.seats), |seat| seat)
    }

    fn ledger_hands(&self) -> usize {
        self.history.len()
    }

    fn simple_move(&self, seat: Seat) -> Action {
        decide(Level::Simple, &[seat; 32], &self.view_for(seat))
    }

    fn sheet(&self) -> (Vec<u32>, serde_json::Value) {
        let sheet = serde_json::json!({ "hollywood": self.hollywood, "lines": self.lines });
        (self.totals.clone(), sheet)
    }

    fn web_starts(four: &[User]) -> Vec<WebStart> {
        let options = vec![
            Opt::user("opponent", &four[1]),
            Opt::user("opponent2", &four[2]),
        ];
        vec![WebStart {
            label: "three",
            command: "gin",
            options,
            seats: 3,
            must_make: &[],
            hand_cards: Match::hand_cards,
        }]
    }

    fn hand_cards(hand: &Value) -> HandCards {
        super::own_hand(hand)
    }
}

/// A two-player match to 25 played to its end by presses through the same table as the other
/// games: every write scanned, the ledger checked.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gin_match_is_played_to_the_end_by_presses_at_the_table() {
    let bin = Binary::new().await;
    let (fake, url) = (&bin.fake, &bin.url);
    let _bot = bin.start(1).await;
    let users = vec![User::new(4101, "Alice"), User::new(4102, "Bob")];
    let options = vec![Opt::user("opponent", &users[1]), Opt::int("target", 25)];
    let (mut t, challenge) = Table::start(fake, url, users, "gin", options).await;
    assert!(challenge.contains("<@4102>"), "{challenge}");
    let game = t.play_to_end(2000).await;
    assert_ledger(&t, &game).await;
    assert!(
        t.public_at_end(&game)
            .await
            .iter()
            .any(|p| p.content.contains(Match::MATCH_END)),
        "the match's end is public"
    );
    assert!(t.public_scanned > 3, "scanned {}", t.public_scanned);
}
