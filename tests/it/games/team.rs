//! Team Gin in the tests: a person's move is the AI's, but a swap on every third turn that
//! offers one; partners see each other's hands.

use crate::support::fake_discord::User;
use super::{cards_at, HandCards, Tested, WebStart};
use crate::support::fake_discord::acts::Act;
use crate::support::table::{face_up, Table};
use gin::engine::ai::team::decide_team;
use gin::engine::team::partner_of;
use gin::engine::{Action, CardSet, Seat, TeamAction, TeamMatch};
use serde_json::Value;
use std::time::Duration;

impl Tested for TeamMatch {
    const MATCH_END: &'static str = "win the match";

    async fn step(t: &mut Table<'_>, m: &TeamMatch, _version: i64, turn: u64) -> bool {
        let Some(seat) = m.to_act() else {
            return false;
        };
        if usize::from(seat) >= t.users.len() {
            tokio::time::sleep(Duration::from_millis(20)).await;
            return true;
        }
        let view = m.view_for(seat);
        let swap = view
            .legal_actions
            .iter()
            .find(|a| matches!(a, TeamAction::Swap(_)))
            .copied();
        let action = match swap {
            Some(s) if turn % 3 == 0 => s,
            _ => decide_team(&view),
        };
        if matches!(action, TeamAction::Swap(_)) {
            t.swaps += 1;
        }
        let hand = t.open_hand(seat).await.expect("a table message");
        let act = match action {
            TeamAction::Play(a) => a.into(),
            TeamAction::Swap(c) => Act::Swap(c),
            TeamAction::Return(c) => Act::Return(c),
        };
        t.press_act(seat, hand, act).await;
        t.settle().await;
        true
    }

    fn hidden(&self) -> Vec<CardSet> {
        let h = &self.hand;
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

    fn sees(&self, reader: Seat, seat: Seat) -> bool {
        seat == reader || seat == partner_of(reader)
    }

    fn results(&self) -> Vec<(i64, i64, bool)> {
        super::teams(self.settlement(), self.rules.target)
    }

    fn ledger_hands(&self) -> usize {
        self.history.len()
    }

    fn simple_move(&self, seat: Seat) -> TeamAction {
        decide_team(&self.view_for(seat))
    }

    /// With the phase of the deal, as the old build printed it (one stored match is in the
    /// middle of a swap).
    fn sheet(&self) -> (Vec<u32>, serde_json::Value) {
        let phase = format!("{:?}", self.hand.phase);
        let sheet = serde_json::json!({ "lines": self.lines, "team_phase": phase });
        (self.totals.clone(), sheet)
    }

    /// Swaps and their returns are made on the table.
    fn web_starts(four: &[User]) -> Vec<WebStart> {
        vec![WebStart {
            label: "team",
            command: "gin",
            options: super::four_players(four, 1),
            seats: 4,
            must_make: &["swap:", "return:"],
            hand_cards: TeamMatch::hand_cards,
        }]
    }

    /// The viewer's hand and their partner's.
    fn hand_cards(hand: &Value) -> HandCards {
        HandCards {
            held: cards_at(&hand["view"]["hand"]),
            seen: cards_at(&hand["view"]["partner_hand"]),
        }
    }
}
