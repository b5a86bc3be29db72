//! What every game's messages share: cards and melds in words, the pile line, a table's and a
//! hand's buttons, a deal's closing lines, who pays whom. A leaf: it knows no game's renderer,
//! so each of them (and a new one) can build on it without importing another.

use crate::engine::{best_arrangement, deck, Card, CardSet, MatchStatus, Meld, Payment, Seat};
use crate::games::Move;
use crate::games::Seats;
use crate::i18n::Lang;
use crate::tr;
use crate::ui::ids::Press;
use crate::ui::model::{Button, Msg, Style};

/// Mentions and buttons of a match's seats.
pub(super) trait SeatsExt {
    fn mention(&self, seat: Seat) -> String;
    fn act(&self, mv: Move) -> String;
    /// A button that presses `mv` for this match at this version.
    fn button(&self, mv: Move, label: String, style: Style) -> Button;
}

impl SeatsExt for Seats {
    fn mention(&self, seat: Seat) -> String {
        mention(self.user(seat))
    }

    fn act(&self, mv: Move) -> String {
        Press::Move {
            match_id: self.match_id,
            version: self.version,
            mv,
        }
        .encode()
    }

    fn button(&self, mv: Move, label: String, style: Style) -> Button {
        Button::new(self.act(mv), label, style)
    }
}

/// A user as Discord mentions them.
pub(super) fn mention(user: u64) -> String {
    format!("<@{user}>")
}

/// What the player to move may do now: the line that says so, and its buttons.
pub(super) struct Turn {
    pub line: String,
    pub buttons: Vec<Button>,
}

/// A card as players read it: rank in the language, suit as a symbol (`10♥`, `B♠` in German).
pub fn card(lang: Lang, c: Card) -> String {
    let ranks: [&str; 13] = match lang {
        Lang::En => [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ],
        Lang::De => [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "B", "D", "K",
        ],
    };
    format!("{}{}", ranks[c.rank() as usize], c.suit().symbol())
}

pub fn cards(lang: Lang, list: impl IntoIterator<Item = Card>) -> String {
    list.into_iter()
        .map(|c| card(lang, c))
        .collect::<Vec<_>>()
        .join(" ")
}

pub(super) fn meld(lang: Lang, m: &Meld) -> String {
    format!("[{}]", cards(lang, m.cards()))
}

pub(super) fn melds(lang: Lang, list: &[Meld]) -> String {
    list.iter()
        .map(|m| meld(lang, m))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A hand in its best arrangement: melds first, then the deadwood, with the deadwood count.
pub fn arranged(lang: Lang, hand: CardSet) -> (String, u32) {
    let a = best_arrangement(hand);
    let mut dead: Vec<Card> = a.deadwood.iter().collect();
    dead.sort_by_key(|c| (c.rank(), c.suit()));
    let mut text = melds(lang, &a.melds);
    if !dead.is_empty() {
        if !text.is_empty() {
            text.push_str(" · ");
        }
        text.push_str(&cards(lang, dead));
    }
    (text, a.deadwood_count())
}

/// The cards a player took from the discard pile, known to everyone.
pub(super) fn took_line(lang: Lang, player: &str, list: impl IntoIterator<Item = Card>) -> String {
    tr!(
        lang,
        "table-took",
        player = player.to_string(),
        cards = cards(lang, list)
    )
}

/// The stock and the top of the discard pile, for a table.
pub(in crate::ui) fn pile_line(lang: Lang, pile: &[Card], stock: usize) -> String {
    let top = match pile.last() {
        Some(&c) => tr!(
            lang,
            "table-discard",
            card = card(lang, c),
            count = pile.len()
        ),
        None => tr!(lang, "table-discard-empty"),
    };
    format!("{} · {top}", tr!(lang, "table-stock", count = stock))
}

/// The last line of a table nobody is to move at: cancelled, or over.
pub(super) fn end_line(lang: Lang, status: &MatchStatus) -> String {
    if *status == MatchStatus::Cancelled {
        tr!(lang, "table-cancelled")
    } else {
        tr!(lang, "table-over")
    }
}

/// A table message: its lines, its buttons, the players it mentions.
pub(super) fn table_msg(
    lang: Lang,
    seats: &Seats,
    lines: Vec<String>,
    in_play: bool,
    mentions: Vec<u64>,
) -> Msg {
    Msg {
        content: lines.join("\n"),
        rows: vec![table_buttons(lang, seats, in_play)],
        mentions,
        ..Msg::default()
    }
}

/// A hand message's "Refresh".
pub(super) fn refresh_button(lang: Lang, seats: &Seats) -> Button {
    Button::new(
        Press::Refresh(seats.match_id).encode(),
        tr!(lang, "button-refresh"),
        Style::Secondary,
    )
}

/// A table's buttons: "My hand" while someone is to move, and "Rules".
pub(super) fn table_buttons(lang: Lang, seats: &Seats, in_play: bool) -> Vec<Button> {
    let mut buttons = Vec::new();
    if in_play {
        buttons.push(Button::new(
            Press::Hand(seats.match_id).encode(),
            tr!(lang, "button-my-hand"),
            Style::Primary,
        ));
    }
    buttons.push(Button::new(
        Press::Rules(seats.match_id).encode(),
        tr!(lang, "button-rules"),
        Style::Secondary,
    ));
    buttons
}

/// A knock choice's label: gin when it leaves no deadwood.
pub(super) fn knock_label(lang: Lang, c: Card, deadwood: u32) -> String {
    if deadwood == 0 {
        tr!(lang, "button-gin", card = card(lang, c))
    } else {
        tr!(
            lang,
            "button-knock-card",
            card = card(lang, c),
            deadwood = deadwood
        )
    }
}

/// One side of a showdown: its melds (if any), its deadwood cards and their count.
pub(super) fn side(
    lang: Lang,
    player: &str,
    melded: &[Meld],
    dead: &CardSet,
    count: u32,
) -> String {
    let deadwood = cards(lang, dead.iter());
    if melded.is_empty() {
        tr!(
            lang,
            "showdown-side-no-melds",
            player = player.to_string(),
            deadwood = deadwood,
            count = count
        )
    } else {
        tr!(
            lang,
            "showdown-side",
            player = player.to_string(),
            melds = melds(lang, melded),
            deadwood = deadwood,
            count = count
        )
    }
}

/// The closing lines of a finished deal: the running totals and the revealed seed.
pub(super) fn deal_footer(
    lang: Lang,
    seats: &Seats,
    totals: &[u32],
    seed: &deck::Seed,
) -> [String; 2] {
    let totals: Vec<String> = totals
        .iter()
        .enumerate()
        .map(|(s, t)| format!("{} {t}", seats.name(s as Seat)))
        .collect();
    [
        tr!(lang, "showdown-totals", totals = totals.join(" · ")),
        tr!(
            lang,
            "showdown-seed",
            seed = deck::seed_hex(seed),
            commitment = deck::commitment(seed)
        ),
    ]
}

/// Who pays whom, a line each.
pub(super) fn payment_lines<'a>(
    lang: Lang,
    seats: &'a Seats,
    payments: &'a [Payment],
    key: &'static str,
) -> impl Iterator<Item = String> + 'a {
    payments.iter().map(move |p| {
        tr!(
            lang,
            key,
            payer = seats.name(p.payer).to_string(),
            payee = seats.name(p.payee).to_string(),
            amount = p.amount
        )
    })
}
