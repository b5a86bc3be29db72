//! Basic Rummy as messages. The table is rendered from the public [`RummyTable`], a hand from
//! the player's own [`RummyView`]: neither holds another player's hidden card. Multi-card moves
//! are menus of the legal ones only (a meld's cards, a card and the meld it extends), so a
//! phone needs two taps per move and an illegal pick cannot be made.

use super::words::{
    card, cards, deal_footer, mention, payment_lines, pile_line, refresh_button, table_buttons,
    took_line, Turn,
};
use crate::engine::rummy::{
    HandRummy, RummyAction, RummyEnd, RummyError, RummyMatch, RummyMatchError, RummyRecord,
    RummyRules, RummySettlement, RummyStatus, RummyTable, RummyView, TableMeld,
};
use crate::engine::{Card, CardSet, Seat};
use crate::games::{ChallengeScene, HandMode, Seats};
use crate::i18n::Lang;
use crate::tr;
use crate::games::{Move, Play};
use crate::ui::ids::{menu_id, Buttons, Press};
use crate::ui::model::{Button, Msg, Select, SelectOption, Style};

/// Discord's most options in one menu.
const MENU_OPTIONS: usize = 25;

/// Cards in reading order: by suit, then rank.
fn sorted(set: CardSet) -> Vec<Card> {
    let mut list: Vec<Card> = set.iter().collect();
    list.sort_by_key(|c| (c.suit(), c.rank()));
    list
}

fn set_text(lang: Lang, set: CardSet) -> String {
    let mut list: Vec<Card> = set.iter().collect();
    // Runs read low to high, sets by suit.
    list.sort_by_key(|c| (c.rank(), c.suit()));
    cards(lang, list)
}

fn meld_line(lang: Lang, seats: &Seats, n: usize, m: &TableMeld) -> String {
    tr!(
        lang,
        "rummy-meld-line",
        n = n + 1,
        player = seats.name(m.owner).to_string(),
        cards = set_text(lang, m.cards)
    )
}

fn melds_block(lang: Lang, seats: &Seats, melds: &[TableMeld]) -> Vec<String> {
    if melds.is_empty() {
        return vec![tr!(lang, "rummy-no-melds")];
    }
    let mut lines = vec![tr!(lang, "rummy-melds-title")];
    lines.extend(
        melds
            .iter()
            .enumerate()
            .map(|(i, m)| meld_line(lang, seats, i, m)),
    );
    lines
}

/// One past move in words.
fn action_text(lang: Lang, seats: &Seats, seat: Seat, action: RummyAction) -> String {
    let player = seats.name(seat).to_string();
    match action {
        RummyAction::DrawStock => tr!(lang, "act-draw-stock", player = player),
        RummyAction::DrawDiscard => tr!(lang, "act-draw-discard", player = player),
        RummyAction::Meld { cards } => tr!(
            lang,
            "rummy-act-meld",
            player = player,
            cards = set_text(lang, cards)
        ),
        RummyAction::LayOff { card: c, meld } => tr!(
            lang,
            "rummy-act-layoff",
            player = player,
            card = card(lang, c),
            n = meld + 1
        ),
        RummyAction::Discard { card: c } => {
            tr!(lang, "act-discard", player = player, card = card(lang, c))
        }
    }
}

/// The public table message.
pub fn table(lang: Lang, seats: &Seats, view: &RummyTable) -> Msg {
    let mut lines = vec![tr!(
        lang,
        "rummy-table-title",
        players = view.players,
        goal = goal(lang, &view.rules),
        hand = view.deal_no + 1
    )];
    lines.extend((0..view.players).map(|s| seat_line(lang, seats, view, s)));
    lines.push(tr!(
        lang,
        "table-dealer",
        player = seats.name(view.dealer).to_string()
    ));
    lines.push(pile_line(lang, &view.discard_pile, view.stock_count));
    if view.stock_passes > 0 {
        lines.push(tr!(
            lang,
            "rummy-stock-turned",
            passes = view.stock_passes,
            max = view.rules.max_stock_passes
        ));
    }
    lines.extend(melds_block(lang, seats, &view.melds));
    lines.push(tr!(
        lang,
        "table-commitment",
        commitment = view.commitment.clone()
    ));
    for (s, known) in view.known.iter().enumerate() {
        if !known.is_empty() {
            lines.push(took_line(lang, seats.name(s as Seat), sorted(*known)));
        }
    }
    if let Some((seat, action)) = view.last_action {
        lines.push(action_text(lang, seats, seat, action));
    }
    lines.push(prompt(lang, seats, view));
    let buttons = table_buttons(lang, seats, view.to_act.is_some());
    let mut msg = Msg::text(lines.join("\n")).with_buttons(buttons);
    msg.mentions = view
        .to_act
        .map(|seat| seats.user(seat))
        .into_iter()
        .collect();
    msg
}

/// A seat's running total and the number of cards in its hand.
fn seat_line(lang: Lang, seats: &Seats, view: &RummyTable, s: Seat) -> String {
    let i = usize::from(s);
    tr!(
        lang,
        "rummy-seat",
        player = seats.name(s).to_string(),
        total = view.totals[i],
        count = view.card_counts[i]
    )
}

/// The table's last line: what the player to move is doing (mentioned), or why nobody is.
fn prompt(lang: Lang, seats: &Seats, view: &RummyTable) -> String {
    let Some(seat) = view.to_act else {
        return match view.status {
            RummyStatus::Cancelled => tr!(lang, "table-cancelled"),
            _ => tr!(lang, "table-over"),
        };
    };
    let player = mention(seats.user(seat));
    match (view.drawn, view.discard_pile.last()) {
        (true, _) => tr!(lang, "rummy-prompt-play", player = player),
        (false, Some(&c)) => tr!(lang, "prompt-draw", player = player, card = card(lang, c)),
        (false, None) => tr!(lang, "rummy-prompt-draw-stock", player = player),
    }
}

/// The Rummy select menus of a hand message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Menu {
    Meld,
    LayOff,
    Discard,
}

impl Menu {
    const ALL: [Menu; 3] = [Menu::Meld, Menu::LayOff, Menu::Discard];

    fn code(self) -> &'static str {
        match self {
            Menu::Meld => "meld",
            Menu::LayOff => "lay",
            Menu::Discard => "disc",
        }
    }

    /// Whether `action` is one this menu offers.
    fn offers(self, action: &RummyAction) -> bool {
        matches!(
            (self, action),
            (Menu::Meld, RummyAction::Meld { .. })
                | (Menu::LayOff, RummyAction::LayOff { .. })
                | (Menu::Discard, RummyAction::Discard { .. })
        )
    }

}

/// A Rummy action as an id's last part: `stock`, `pile`, `m-7H8H9H`, `l-7H-2`, `d-7H`.
fn rummy_code(action: RummyAction) -> String {
    match action {
        RummyAction::DrawStock => "stock".into(),
        RummyAction::DrawDiscard => "pile".into(),
        RummyAction::Meld { cards } => {
            let mut code = String::from("m-");
            for c in cards.iter() {
                code.push_str(&c.to_string());
            }
            code
        }
        RummyAction::LayOff { card, meld } => format!("l-{card}-{meld}"),
        RummyAction::Discard { card } => format!("d-{card}"),
    }
}

fn rummy_action(code: &str) -> Option<RummyAction> {
    let card = |s: &str| s.parse::<Card>().ok();
    Some(match code {
        "stock" => RummyAction::DrawStock,
        "pile" => RummyAction::DrawDiscard,
        _ => match code.split_once('-')? {
            ("m", cards) => {
                if cards.is_empty() || cards.len() % 2 != 0 || cards.len() > 26 {
                    return None;
                }
                let mut set = CardSet::EMPTY;
                for i in (0..cards.len()).step_by(2) {
                    set.insert(card(cards.get(i..i + 2)?)?);
                }
                RummyAction::Meld { cards: set }
            }
            ("l", rest) => {
                let (c, meld) = rest.split_once('-')?;
                RummyAction::LayOff {
                    card: card(c)?,
                    meld: meld.parse().ok().filter(|m: &usize| *m < 52)?,
                }
            }
            ("d", c) => RummyAction::Discard { card: card(c)? },
            _ => return None,
        },
    })
}

/// A menu of up to 25 of `actions`, labelled by `label`.
fn menu(
    seats: &Seats,
    kind: Menu,
    placeholder: String,
    actions: Vec<(RummyAction, String)>,
) -> Option<Select> {
    if actions.is_empty() {
        return None;
    }
    Some(Select {
        id: menu_id::<RummyMatch>(kind.code(), seats.match_id, seats.version),
        placeholder,
        options: actions
            .into_iter()
            .take(MENU_OPTIONS)
            .map(|(a, label)| SelectOption {
                label,
                value: <RummyMatch as Buttons>::code(&a),
                emoji: None,
            })
            .collect(),
    })
}

/// A player's private hand message: their cards, the table, and the moves legal now.
pub fn hand(lang: Lang, seats: &Seats, view: &RummyView, note: Option<&str>) -> Msg {
    let mut lines = hand_lines(lang, seats, view, note);
    let mut msg = Msg::default();
    let mut buttons = Vec::new();
    if view.table.to_act != Some(view.seat) {
        lines.push(match (view.table.to_act, &view.table.status) {
            (Some(s), _) => tr!(lang, "hand-wait", player = seats.name(s).to_string()),
            (None, RummyStatus::Cancelled) => tr!(lang, "table-cancelled"),
            (None, _) => tr!(lang, "table-over"),
        });
    } else if view.legal_actions.contains(&RummyAction::DrawStock) {
        let turn = draw_turn(lang, seats, view);
        lines.push(turn.line);
        buttons = turn.buttons;
    } else {
        lines.push(tr!(lang, "rummy-you-play"));
        let (menus, cut) = play_menus(lang, seats, view);
        if cut {
            lines.push(tr!(lang, "rummy-menu-cut", max = MENU_OPTIONS));
        }
        msg.selects = menus;
    }
    buttons.push(refresh_button(lang, seats));
    msg.content = lines.join("\n");
    msg.with_buttons(buttons)
}

/// A hand message before its moves: the note, the title, the cards, the others' counts, the
/// pile and the melds on the table.
fn hand_lines(lang: Lang, seats: &Seats, view: &RummyView, note: Option<&str>) -> Vec<String> {
    let mut lines: Vec<String> = note.map(|n| format!("> {n}")).into_iter().collect();
    lines.push(tr!(
        lang,
        "rummy-hand-title",
        hand = view.table.deal_no + 1,
        count = view.hand.len()
    ));
    lines.push(cards(lang, sorted(view.hand)));
    let others: Vec<String> = (0..view.table.players)
        .filter(|&s| s != view.seat)
        .map(|s| {
            tr!(
                lang,
                "hand-opponent-cards",
                player = seats.name(s).to_string(),
                count = view.table.card_counts[usize::from(s)]
            )
        })
        .collect();
    lines.push(others.join(" · "));
    lines.push(pile_line(
        lang,
        &view.table.discard_pile,
        view.table.stock_count,
    ));
    lines.extend(melds_block(lang, seats, &view.table.melds));
    lines
}

/// The draw: from the stock, or the top of the discard pile where the rules allow it.
fn draw_turn(lang: Lang, seats: &Seats, view: &RummyView) -> Turn {
    let top = view.table.discard_pile.last().map(|&c| card(lang, c));
    let line = match &top {
        Some(c) => tr!(lang, "rummy-you-draw", card = c.clone()),
        None => tr!(lang, "rummy-you-draw-stock"),
    };
    let mut buttons = vec![Button::new(
        rummy_id(seats, RummyAction::DrawStock),
        tr!(lang, "button-draw-stock"),
        Style::Primary,
    )];
    if let (Some(top), true) = (top, view.legal_actions.contains(&RummyAction::DrawDiscard)) {
        buttons.push(Button::new(
            rummy_id(seats, RummyAction::DrawDiscard),
            tr!(lang, "button-take-discard", card = top),
            Style::Secondary,
        ));
    }
    Turn { line, buttons }
}

fn rummy_id(seats: &Seats, action: RummyAction) -> String {
    Press::Move {
        match_id: seats.match_id,
        version: seats.version,
        mv: Move::Play(Play::Rummy(action)),
    }
    .encode()
}

/// The meld, layoff and discard menus of a player who has drawn: only legal moves, the
/// longest melds first (a menu holds 25); and whether a menu had to leave moves out.
fn play_menus(lang: Lang, seats: &Seats, view: &RummyView) -> (Vec<Select>, bool) {
    let (mut melds, mut layoffs, mut discards) = (Vec::new(), Vec::new(), Vec::new());
    let mut seen = std::collections::HashMap::new();
    for &a in &view.legal_actions {
        match a {
            RummyAction::Meld { cards } => melds.push((cards.len(), a, set_text(lang, cards))),
            RummyAction::LayOff { card: c, meld } => {
                let target = &view.table.melds[meld];
                // Every card's first layoff before any card's second: cut at 25, the menu
                // still offers each card that can be laid off.
                let nth = seen.entry(c).or_insert(0);
                *nth += 1;
                layoffs.push((
                    *nth,
                    a,
                    tr!(
                        lang,
                        "rummy-option-layoff",
                        card = card(lang, c),
                        n = meld + 1,
                        // A menu option is plain text: the name as typed, not escaped.
                        player = crate::ui::text::unescape(seats.name(target.owner)),
                        cards = set_text(lang, target.cards)
                    ),
                ))
            }
            RummyAction::Discard { card: c } => discards.push((a, card(lang, c))),
            RummyAction::DrawStock | RummyAction::DrawDiscard => {}
        }
    }
    layoffs.sort_by_key(|(nth, _, _)| *nth);
    let layoffs: Vec<_> = layoffs
        .into_iter()
        .map(|(_, a, label)| (a, label))
        .collect();
    melds.sort_by(|x, y| y.0.cmp(&x.0).then_with(|| x.2.cmp(&y.2)));
    let melds: Vec<_> = melds.into_iter().map(|(_, a, label)| (a, label)).collect();
    let cut = melds.len() > MENU_OPTIONS || layoffs.len() > MENU_OPTIONS;
    let menus = [
        menu(seats, Menu::Meld, tr!(lang, "rummy-menu-meld"), melds),
        menu(seats, Menu::LayOff, tr!(lang, "rummy-menu-layoff"), layoffs),
        menu(
            seats,
            Menu::Discard,
            tr!(lang, "rummy-menu-discard"),
            discards,
        ),
    ];
    (menus.into_iter().flatten().collect(), cut)
}

/// The public end of a hand: who went out, every hand's remaining cards and their points.
pub fn hand_end(lang: Lang, seats: &Seats, rec: &RummyRecord, aces_high: bool) -> Msg {
    let hand = rec.deal_no + 1;
    let mut lines = match &rec.end {
        RummyEnd::Out {
            winner,
            points,
            hand_rummy,
            left,
        } => {
            let key = if *hand_rummy {
                "rummy-out-hand-rummy"
            } else {
                "rummy-out"
            };
            let mut lines = vec![tr!(
                lang,
                key,
                hand = hand,
                player = seats.name(*winner).to_string(),
                points = *points
            )];
            lines.extend(left_lines(lang, seats, *winner, left, aces_high));
            lines
        }
        RummyEnd::StockExhausted => vec![tr!(lang, "rummy-exhausted", hand = hand)],
    };
    lines.extend(deal_footer(lang, seats, &rec.totals, &rec.seed));
    Msg::text(lines.join("\n"))
}

/// The cards left in every hand but the winner's, with the points they count.
fn left_lines<'a>(
    lang: Lang,
    seats: &'a Seats,
    winner: Seat,
    left: &'a [CardSet],
    aces_high: bool,
) -> impl Iterator<Item = String> + 'a {
    left.iter()
        .enumerate()
        .filter(move |&(s, _)| s as Seat != winner)
        .map(move |(s, rest)| {
            tr!(
                lang,
                "rummy-left",
                player = seats.name(s as Seat).to_string(),
                cards = cards(lang, sorted(*rest)),
                count = rest.len(),
                points = crate::engine::rummy::melds::hand_points(*rest, aces_high)
            )
        })
}

/// The end of a Rummy match: totals and who pays whom.
pub fn match_end(lang: Lang, seats: &Seats, s: &RummySettlement) -> Msg {
    let winners: Vec<String> = s
        .winners
        .iter()
        .map(|&w| seats.name(w).to_string())
        .collect();
    let mut lines = vec![tr!(
        lang,
        "rummy-end-title",
        players = winners.join(", "),
        count = winners.len()
    )];
    if let Some(r) = s.resigned {
        lines.push(tr!(
            lang,
            "end-resigned",
            player = seats.name(r).to_string()
        ));
    }
    for (seat, total) in s.totals.iter().enumerate() {
        lines.push(tr!(
            lang,
            "rummy-end-line",
            player = seats.name(seat as Seat).to_string(),
            total = *total
        ));
    }
    lines.extend(payment_lines(lang, seats, &s.payments, "end-payment"));
    Msg::text(lines.join("\n"))
}

/// What ends a Rummy match, for the challenge and the table: the target, and the number of
/// hands when `rounds` is set (whichever comes first).
fn goal(lang: Lang, r: &RummyRules) -> String {
    match r.rounds {
        Some(n) => tr!(lang, "rummy-goal-rounds", target = r.target, rounds = n),
        None => tr!(lang, "rummy-goal", target = r.target),
    }
}

/// A challenge to Basic Rummy: who challenges whom, and what ends the match.
pub(super) fn challenge_text(s: &ChallengeScene, r: &RummyRules) -> String {
    let (lang, row) = (s.lang, &s.row);
    let opponents: Vec<String> = row.opponents.iter().map(|o| mention(o.0)).collect();
    tr!(
        lang,
        "rummy-challenge-text",
        challenger = mention(row.challenger.0),
        opponents = opponents.join(", "),
        goal = goal(lang, r),
        minutes = s.minutes
    )
}

/// Basic Rummy's rules in words.
pub fn rules_text(lang: Lang, r: &RummyRules) -> String {
    let on = |b: bool| tr!(lang, if b { "rules-on" } else { "rules-off" });
    let hand_rummy = match r.hand_rummy {
        HandRummy::Double => "rummy-rules-double",
        HandRummy::Bonus10 => "rummy-rules-bonus10",
        HandRummy::Off => "rules-off",
    };
    let end = match r.rounds {
        Some(n) => tr!(lang, "rummy-rules-rounds", rounds = n, target = r.target),
        None => tr!(lang, "rummy-rules-target", target = r.target),
    };
    tr!(
        lang,
        "rummy-rules-text",
        end = end,
        multiple = on(r.multiple_melds),
        first = on(r.layoff_after_first_meld),
        aces = on(r.aces_high_low),
        discard = on(r.discard_to_go_out),
        rummy = tr!(lang, hand_rummy),
        shuffle = on(r.reshuffle_stock),
        passes = r.max_stock_passes
    )
}

/// A move the rules of Rummy do not allow, as the key of its words.
pub(super) fn error_key(e: &RummyError) -> &'static str {
    match e {
        RummyError::NotInHand => "err-not-a-player",
        RummyError::NotYourTurn => "err-not-your-turn",
        RummyError::HandOver => "err-stale",
        RummyError::MustDraw => "err-must-draw",
        RummyError::AlreadyDrawn => "err-rummy-already-drawn",
        RummyError::EmptyDiscardPile => "err-empty-pile",
        RummyError::CardNotInHand => "err-card-not-in-hand",
        RummyError::NotAMeld => "err-rummy-not-a-meld",
        RummyError::OneMeldPerTurn => "err-rummy-one-meld",
        RummyError::NoSuchMeld => "err-rummy-no-such-meld",
        RummyError::DoesNotExtend => "err-rummy-does-not-extend",
        RummyError::LayOffBeforeFirstMeld => "err-rummy-layoff-first",
        RummyError::CannotRediscard => "err-rummy-rediscard",
        RummyError::MustGoOutByDiscard => "err-rummy-discard-to-go-out",
        RummyError::WouldStrandTakenCard => "err-rummy-strand",
    }
}

impl super::Present for RummyMatch {
    fn table(lang: Lang, seats: &Seats, view: &RummyTable) -> Msg {
        table(lang, seats, view)
    }

    fn hand(
        lang: Lang,
        seats: &Seats,
        own: &RummyView,
        _mode: HandMode,
        note: Option<&str>,
        _coach: bool,
    ) -> Msg {
        hand(lang, seats, own, note)
    }

    fn showdown(lang: Lang, seats: &Seats, record: &RummyRecord, aces_high: bool) -> Msg {
        hand_end(lang, seats, record, aces_high)
    }

    fn end(lang: Lang, seats: &Seats, end: &RummySettlement) -> Msg {
        match_end(lang, seats, end)
    }

    fn rules_text(lang: Lang, _preset: &str, rules: &RummyRules) -> String {
        rules_text(lang, rules)
    }

    fn challenge_text(s: &ChallengeScene, rules: &RummyRules) -> String {
        challenge_text(s, rules)
    }

    fn refusal(lang: Lang, error: &RummyMatchError) -> Option<String> {
        match error {
            RummyMatchError::Hand(e) => Some(tr!(lang, error_key(e))),
            _ => None,
        }
    }
}

/// Rummy's moves under the verb `r`; its menus offer melds, layoffs and discards.
impl Buttons for RummyMatch {
    const VERB: &'static str = "r";

    fn code(action: &RummyAction) -> String {
        rummy_code(*action)
    }

    fn read(code: &str) -> Option<RummyAction> {
        rummy_action(code)
    }

    fn menu_offers(menu: &str, action: &RummyAction) -> bool {
        let menu = Menu::ALL.into_iter().find(|m| m.code() == menu);
        menu.is_some_and(|m| m.offers(action))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rummy::{RummyMatch, RummyPhase};
    use crate::engine::Suit;

    /// A menu's choice reads as the move it names, and only as a move of that menu's kind.
    #[test]
    fn a_menu_takes_only_its_own_kind_of_move() {
        let menu = menu_id::<RummyMatch>(Menu::Discard.code(), 5, 7);
        assert_eq!(menu, "gin:rs:5:7:disc");
        let card = "7H".parse().unwrap();
        assert_eq!(
            Press::decode_choice(&menu, "d-7H"),
            Some(Press::Move {
                match_id: 5,
                version: 7,
                mv: Move::Play(Play::Rummy(RummyAction::Discard { card })),
            })
        );
        // A value of another menu, or garbage, is no choice of this one.
        assert_eq!(Press::decode_choice(&menu, "m-7H8H9H"), None);
        assert_eq!(Press::decode_choice(&menu, "d-7H:extra"), None);
        assert_eq!(Press::decode_choice(&menu, "m-7H8"), None);
        assert_eq!(Press::decode_choice("gin:rs:5:7:zzz", "d-7H"), None);
        // A Gin hand has no menus.
        assert_eq!(Press::decode_choice("gin:as:5:7:disc", "d-7H"), None);
    }

    /// The largest choice a hand can face: eleven hearts in a row (45 runs) and a set of each
    /// of their ranks on the table. Every menu stays within Discord's limits, longest melds
    /// first, and every option is a legal move.
    #[test]
    fn the_largest_hand_fits_discords_component_limits() {
        let mut m = RummyMatch::new(RummyRules::default(), 6, [9; 32]).unwrap();
        let seat = 0;
        let mut hearts = CardSet::EMPTY;
        for rank in 0..11 {
            hearts.insert(Card::new(rank, Suit::Hearts));
        }
        m.hand.hands[0] = hearts;
        m.hand.melds = (0..11)
            .map(|rank| {
                let mut cards = CardSet::EMPTY;
                for suit in [Suit::Spades, Suit::Diamonds, Suit::Clubs] {
                    cards.insert(Card::new(rank, suit));
                }
                TableMeld { owner: 1, cards }
            })
            .collect();
        m.hand.phase = RummyPhase::Play {
            seat,
            taken: None,
            melded: false,
        };
        let view = m.view_for(seat);
        assert!(
            view.legal_actions.len() > 60,
            "more moves than one menu holds"
        );
        let seats = Seats {
            match_id: i64::MAX,
            version: i64::MAX,
            preset: "rummy".into(),
            names: (0..6)
                .map(|i| format!("Player with a long name {i}"))
                .collect(),
            users: (1..=6).collect(),
        };
        for lang in Lang::ALL {
            let msg = hand(lang, &seats, &view, Some("a note"));
            assert_eq!(msg.selects.len(), 3);
            assert!(msg.selects.len() + msg.rows.len() <= 5);
            assert!(msg.content.chars().count() <= 2000);
            for s in &msg.selects {
                assert!(!s.options.is_empty() && s.options.len() <= MENU_OPTIONS);
                assert!(s.id.len() <= 100 && s.placeholder.chars().count() <= 150);
                for o in &s.options {
                    assert!(o.label.chars().count() <= 100 && o.value.len() <= 100);
                    let press = Press::decode_choice(&s.id, &o.value).expect("a choice");
                    let Press::Move {
                        mv: Move::Play(Play::Rummy(action)),
                        ..
                    } = press
                    else {
                        panic!("a Rummy move")
                    };
                    assert!(view.legal_actions.contains(&action), "{action:?}");
                }
            }
            assert!(msg.content.contains("(25)"), "the cut is said");
            let longest = &msg.selects[0].options[0].value;
            assert_eq!(longest.len(), 2 + 2 * 11, "the 11-card run comes first");
        }
    }
}
