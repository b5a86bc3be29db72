//! How the people at a [`Table`] press the Gin games' buttons on their own hand message as the
//! bot last drew it (each game's policy, which move to make, is in its own test module).

use super::Table;
use crate::support::fake_discord::acts::{act_of_id, Act};
use crate::support::fake_discord::StoredMessage;
use gin::engine::Seat;

impl Table<'_> {
    /// Presses the button of `act` in `hand` (after the knock or swap choice it needs) and
    /// returns the updated message.
    pub async fn press_act(&mut self, seat: Seat, hand: StoredMessage, act: Act) -> StoredMessage {
        let user = self.users[usize::from(seat)].clone();
        let mut hand = hand;
        if button(&hand, act).is_none() {
            // A knock or a swap is behind its "Knock…" or "Swap…" button.
            let via = match act {
                Act::Knock(_) => Act::KnockMode,
                Act::Swap(_) => Act::SwapMode,
                other => panic!("{other:?} is not offered: {}", hand.content),
            };
            let id = button(&hand, via)
                .unwrap_or_else(|| panic!("{via:?} is offered: {}", hand.content));
            let cb = self.send(self.fake.press(&user, &hand, &id)).await;
            assert!(cb.ok() && cb.kind == 7, "{cb:?}");
            hand = self.fake.message(hand.id).unwrap();
        }
        let id =
            button(&hand, act).unwrap_or_else(|| panic!("{act:?} is offered: {}", hand.content));
        let cb = self.send(self.fake.press(&user, &hand, &id)).await;
        assert!(cb.ok() && cb.kind == 7, "the move updates the hand: {cb:?}");
        assert!(
            !cb.content().starts_with('>'),
            "an offered move is accepted ({act:?}): {}",
            cb.content()
        );
        self.fake.message(hand.id).unwrap()
    }

    /// The coach's Hint, where the hand offers one (practice matches), for the first few
    /// moves: the updated hand message.
    pub async fn ask_hint(&mut self, seat: Seat, hand: StoredMessage) -> StoredMessage {
        let Some(id) = button(&hand, Act::Hint).filter(|_| self.hints < 6) else {
            return hand;
        };
        let user = self.users[usize::from(seat)].clone();
        let cb = self.send(self.fake.press(&user, &hand, &id)).await;
        assert!(cb.ok() && cb.kind == 7, "{cb:?}");
        assert!(cb.content().contains("💡"), "a hint: {}", cb.content());
        self.hints += 1;
        self.fake.message(hand.id).unwrap()
    }
}

/// The custom id of the button that plays `act`.
pub fn button(m: &StoredMessage, act: Act) -> Option<String> {
    m.custom_ids()
        .into_iter()
        .find(|id| act_of_id(id).is_some_and(|a| a.act == act))
}
