//! Basic Rummy in the tests: a person draws (now and then from the pile), else lays down the
//! first meld offered, else the first layoff, else discards (another card each turn), all
//! from the buttons and menus of their hand message.

use crate::support::fake_discord::{Opt, User};
use super::{HandCards, Tested, WebStart};
use crate::support::fake_discord::StoredMessage;
use crate::support::table::{face_up, Table};
use gin::engine::rummy::{decide_rummy, RummyAction, RummyHand, RummyLevel, RummyMatch};
use gin::engine::{CardSet, Seat};
use serde_json::Value;
use std::time::Duration;

impl Tested for RummyMatch {
    const MATCH_END: &'static str = "the Rummy match!";

    /// The hand message opened last serves while its moves are drawn for `version`.
    async fn step(t: &mut Table<'_>, m: &RummyMatch, version: i64, turn: u64) -> bool {
        let moved = rummy_step(t, m, version, turn).await;
        t.settle().await;
        moved
    }

    fn hidden(&self) -> Vec<CardSet> {
        let h = &self.hand;
        let dealt = RummyHand::deal(&self.rules, h.seed, self.players, h.dealer);
        let up = face_up(
            None,
            &[dealt.discard_pile.as_slice(), h.discard_pile.as_slice()].concat(),
            h.actions.iter().filter_map(|(_, a)| match a {
                RummyAction::Discard { card } => Some(*card),
                _ => None,
            }),
        );
        (0..usize::from(self.players))
            .map(|i| CardSet(h.hands[i].0 & !up.0 & !h.known[i].0))
            .collect()
    }

    fn results(&self) -> Vec<(i64, i64, bool)> {
        let s = self.settlement().expect("settled");
        assert_eq!(s.resigned, None, "settled by play");
        let rounds_done = self
            .rules
            .rounds
            .is_some_and(|r| self.history.len() as u32 >= r);
        assert!(rounds_done || s.totals.iter().any(|&x| x >= self.rules.target));
        (0..self.players)
            .map(|seat| {
                let i = usize::from(seat);
                (s.totals[i] as i64, s.net[i], s.winners.contains(&seat))
            })
            .collect()
    }

    fn ledger_hands(&self) -> usize {
        self.history.len()
    }

    fn simple_move(&self, seat: Seat) -> RummyAction {
        decide_rummy(RummyLevel::Simple, &self.view_for(seat))
    }

    fn sheet(&self) -> (Vec<u32>, serde_json::Value) {
        (self.totals.clone(), serde_json::json!({}))
    }

    fn web_starts(four: &[User]) -> Vec<WebStart> {
        let options = vec![
            Opt::user("opponent", &four[1]),
            Opt::user("opponent2", &four[2]),
        ];
        vec![WebStart {
            label: "rummy",
            command: "rummy",
            options,
            seats: 3,
            must_make: &[],
            hand_cards: RummyMatch::hand_cards,
        }]
    }

    fn hand_cards(hand: &Value) -> HandCards {
        super::own_hand(hand)
    }
}

/// One move of the player to move; false when nobody can move.
async fn rummy_step(t: &mut Table<'_>, m: &RummyMatch, version: i64, turn: u64) -> bool {
    let Some(seat) = m.to_act() else {
        return false;
    };
    let p = usize::from(seat);
    if p >= t.users.len() {
        // The bot's AI holds this seat: it moves by itself.
        tokio::time::sleep(Duration::from_millis(20)).await;
        return true;
    }
    let hand = match t.hands[p].and_then(|h| t.fake.message(h)) {
        Some(h) if drawn_for(&h) == Some(version) => h,
        _ => match t.open_hand(seat).await {
            Some(h) => h,
            None => return true,
        },
    };
    let user = t.users[p].clone();
    let draws: Vec<String> = hand
        .custom_ids()
        .into_iter()
        .filter(|id| id.starts_with("gin:r:"))
        .collect();
    let payload = if !draws.is_empty() {
        let pick = draws
            .iter()
            .find(|id| id.ends_with(":pile") && turn % 3 == 0)
            .unwrap_or(&draws[0]);
        t.fake.press(&user, &hand, pick)
    } else {
        let menus = hand.selects();
        assert!(
            !menus.is_empty(),
            "a mover's hand offers moves: {}",
            hand.content
        );
        let menu = &menus[0];
        let value = if menu.custom_id.ends_with(":disc") {
            &menu.options[(turn as usize) % menu.options.len()].1
        } else {
            &menu.options[0].1
        };
        t.fake.select(&user, &hand, &menu.custom_id, value)
    };
    let cb = t.send(payload).await;
    assert!(cb.ok() && cb.kind == 7, "the move updates the hand: {cb:?}");
    assert!(
        !cb.content().starts_with('>'),
        "an offered move is accepted: {}",
        cb.content()
    );
    true
}

/// The state version a Rummy hand message's moves (a draw button or a menu) were drawn for.
fn drawn_for(m: &StoredMessage) -> Option<i64> {
    let ids = m.custom_ids().into_iter();
    let mut moves = m.selects().into_iter().map(|s| s.custom_id).chain(ids);
    let id = moves.find(|id| id.starts_with("gin:r:") || id.starts_with("gin:rs:"))?;
    id.split(':').nth(3)?.parse().ok()
}
