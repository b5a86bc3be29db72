//! A replayed hand as a message: both hands (the match is over), the pile, the last action,
//! and at the last step the showdown with the revealed seed; Previous/Next step through it.

use super::ids::Press;
use super::model::{Button, Msg, Style};
use super::render::{action_text, arranged, pile_line, showdown};
use crate::engine::deck;
use crate::games::{ReplayScene, Seats};
use crate::tr;

pub fn replay(s: &ReplayScene) -> Msg {
    let lang = s.lang;
    let seats = Seats {
        match_id: s.match_id,
        version: 0,
        preset: String::new(),
        names: s.names.iter().map(|n| super::text::escape(n)).collect(),
        users: Vec::new(),
    };
    let h = &s.hand;
    let mut lines = vec![tr!(
        lang,
        "replay-title",
        id = s.match_id,
        hand = s.deal + 1,
        hands = s.deals,
        step = s.step + 1,
        steps = s.steps
    )];
    for (i, &seat) in h.players.iter().enumerate() {
        let (cards, deadwood) = arranged(lang, h.hands[i]);
        lines.push(format!(
            "**{}**: {}",
            seats.name(seat),
            tr!(lang, "hand-cards", cards = cards, deadwood = deadwood)
        ));
    }
    lines.push(pile_line(lang, &h.discard_pile, h.stock.len()));
    if let Some(&(seat, action)) = h.actions.last() {
        lines.push(action_text(lang, &seats, seat, action));
    }
    match &s.record {
        // The last step: the showdown as it was posted, with the seed and its commitment.
        Some(record) => lines.push(showdown(lang, &seats, record).content),
        None => lines.push(tr!(
            lang,
            "showdown-seed",
            seed = deck::seed_hex(&h.seed),
            commitment = deck::commitment(&h.seed)
        )),
    }
    let press = |deal: u32, step: usize| {
        Press::Replay {
            match_id: s.match_id,
            deal,
            step: step as u32,
        }
        .encode()
    };
    let mut buttons = Vec::new();
    if s.deal > 0 {
        buttons.push(Button::new(
            press(s.deal - 1, 0),
            tr!(lang, "replay-previous-hand", hand = s.deal),
            Style::Secondary,
        ));
    }
    if s.step > 0 {
        buttons.push(Button::new(
            press(s.deal, s.step - 1),
            tr!(lang, "button-previous"),
            Style::Primary,
        ));
    }
    if s.step + 1 < s.steps {
        buttons.push(Button::new(
            press(s.deal, s.step + 1),
            tr!(lang, "button-next"),
            Style::Primary,
        ));
    }
    if s.deal + 1 < s.deals {
        buttons.push(Button::new(
            press(s.deal + 1, 0),
            tr!(lang, "replay-next-hand", hand = s.deal + 2),
            Style::Secondary,
        ));
    }
    Msg::text(lines.join("\n")).with_buttons(buttons)
}
