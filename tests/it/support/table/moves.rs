//! How the people at a [`Table`] play: every move a press of a button, or a choice in a menu,
//! of their own hand message as the bot last drew it.

use super::Table;
use crate::support::fake_discord::acts::{act_of_id, Act};
use crate::support::fake_discord::StoredMessage;
use gin::engine::ai::{decide, Level};
use gin::engine::rummy::RummyMatch;
use gin::engine::{Action, PartnershipMatch, Seat, TeamAction, TeamMatch};
use std::time::Duration;

impl Table<'_> {
    /// One Rummy move of the player to move: draw (from the pile now and then), else the
    /// first meld offered, else the first layoff, else a discard (another card each turn).
    /// The hand message opened last serves while its moves are drawn for `version`. False
    /// when nobody can move.
    pub async fn rummy_step(&mut self, m: &RummyMatch, version: i64, turn: u64) -> bool {
        let Some(seat) = m.to_act() else {
            return false;
        };
        let p = usize::from(seat);
        if p >= self.users.len() {
            // The bot's AI holds this seat: it moves by itself.
            tokio::time::sleep(Duration::from_millis(20)).await;
            return true;
        }
        let hand = match self.hands[p].and_then(|h| self.fake.message(h)) {
            Some(h) if drawn_for(&h) == Some(version) => h,
            _ => match self.open_hand(seat).await {
                Some(h) => h,
                None => return true,
            },
        };
        let user = self.users[p].clone();
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
            self.fake.press(&user, &hand, pick)
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
            self.fake.select(&user, &hand, &menu.custom_id, value)
        };
        let cb = self.send(payload).await;
        assert!(cb.ok() && cb.kind == 7, "the move updates the hand: {cb:?}");
        assert!(
            !cb.content().starts_with('>'),
            "an offered move is accepted: {}",
            cb.content()
        );
        true
    }

    /// One round of Partnership moves, the AI's choices: the hands of every seat to move are
    /// opened first, then each moves in turn, so the second press comes from a message drawn
    /// before the other table's move (which must leave it good); the writes are scanned after
    /// each. Practice matches ask the coach first.
    pub async fn partnership_round(&mut self, m: &PartnershipMatch) -> bool {
        let movers: Vec<Seat> = m
            .seats_to_act()
            .into_iter()
            .filter(|&s| usize::from(s) < self.users.len())
            .collect();
        if movers.is_empty() {
            // Only the bot's seats can move: they move by themselves.
            tokio::time::sleep(Duration::from_millis(20)).await;
            return true;
        }
        let mut opened = Vec::new();
        for &seat in &movers {
            opened.push((seat, self.open_hand(seat).await.expect("a table message")));
        }
        for (seat, hand) in opened {
            let view = m.view_for(seat);
            let action = decide(Level::Simple, &[seat; 32], &view);
            let hand = self.ask_hint(seat, hand).await;
            self.press_act(seat, hand, act_of(action)).await;
            self.settle().await;
        }
        true
    }

    /// One Team Gin move of the seat to move (if a person holds it): the AI's choice, but a
    /// swap on every third turn that offers one; then the writes are scanned. False when
    /// nobody can move.
    pub async fn team_step(&mut self, m: &TeamMatch, turn: u64) -> bool {
        let Some(seat) = m.to_act() else {
            return false;
        };
        if usize::from(seat) >= self.users.len() {
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
            _ => gin::engine::ai::team::decide_team(&view),
        };
        if matches!(action, TeamAction::Swap(_)) {
            self.swaps += 1;
        }
        let hand = self.open_hand(seat).await.expect("a table message");
        self.press_act(seat, hand, team_act(action)).await;
        self.settle().await;
        true
    }

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
    async fn ask_hint(&mut self, seat: Seat, hand: StoredMessage) -> StoredMessage {
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

/// The state version a Rummy hand message's moves (a draw button or a menu) were drawn for.
fn drawn_for(m: &StoredMessage) -> Option<i64> {
    let ids = m.custom_ids().into_iter();
    let mut moves = m.selects().into_iter().map(|s| s.custom_id).chain(ids);
    let id = moves.find(|id| id.starts_with("gin:r:") || id.starts_with("gin:rs:"))?;
    id.split(':').nth(3)?.parse().ok()
}

/// The custom id of the button that plays `act`.
fn button(m: &StoredMessage, act: Act) -> Option<String> {
    m.custom_ids()
        .into_iter()
        .find(|id| act_of_id(id).is_some_and(|a| a.act == act))
}

fn act_of(a: Action) -> Act {
    match a {
        Action::TakeUpcard => Act::TakeUpcard,
        Action::Pass => Act::Pass,
        Action::DrawStock => Act::DrawStock,
        Action::DrawDiscard => Act::DrawDiscard,
        Action::Discard(c) => Act::Discard(c),
        Action::Knock(c) => Act::Knock(c),
    }
}

fn team_act(a: TeamAction) -> Act {
    match a {
        TeamAction::Play(a) => act_of(a),
        TeamAction::Swap(c) => Act::Swap(c),
        TeamAction::Return(c) => Act::Return(c),
    }
}
