//! Engine state into messages. Public messages are rendered from the [`TableView`], hand
//! messages from the player's own [`PlayerView`]: neither holds an opponent's hidden card, so
//! no rendering mistake can reveal one.

use super::ids::{Act, Press};
use super::model::{Button, Msg, Style};
use super::{rummy, teams, text};
use crate::engine::ai::coach::{Hint, Why};
use crate::engine::hand::{opponent_of, Action, HandEnd, Phase};
use crate::engine::hollywood::HollywoodSheet;
use crate::engine::rummy::{RummyError, RummyMatchError};
use crate::engine::{
    best_arrangement, deck, min_deadwood, ActionError, Card, CardSet, HandRecord, MatchError,
    MatchStatus, Meld, PlayerView, Rules, Seat, Settlement, ShowdownKind, TableView, TeamError,
    TeamMatchError,
};
use crate::games::{
    ChallengeScene, DealOf, EndOf, GameError, HandMode, HandOf, HandScene, MatchEndScene, Note,
    RulesOf, Seats, ShowdownScene, TableOf, TableScene,
};
use crate::i18n::Lang;
use crate::tr;

/// Mentions and button ids of a match's seats.
pub(super) trait SeatsExt {
    fn mention(&self, seat: Seat) -> String;
    fn act(&self, act: Act) -> String;
}

impl SeatsExt for Seats {
    fn mention(&self, seat: Seat) -> String {
        format!("<@{}>", self.user(seat))
    }

    fn act(&self, act: Act) -> String {
        Press::Act {
            match_id: self.match_id,
            version: self.version,
            act,
        }
        .encode()
    }
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

/// One past action in words, for the table's "last action" line.
pub fn action_text(lang: Lang, seats: &Seats, seat: Seat, action: Action) -> String {
    let player = seats.name(seat).to_string();
    match action {
        Action::TakeUpcard => tr!(lang, "act-take-upcard", player = player),
        Action::Pass => tr!(lang, "act-pass", player = player),
        Action::DrawStock => tr!(lang, "act-draw-stock", player = player),
        Action::DrawDiscard => tr!(lang, "act-draw-discard", player = player),
        Action::Discard(c) => tr!(lang, "act-discard", player = player, card = card(lang, c)),
        Action::Knock(_) => tr!(lang, "act-knock", player = player),
    }
}

/// What the player to move is doing, for the table.
pub(super) fn prompt(lang: Lang, seats: &Seats, view: &TableView) -> Option<String> {
    let seat = view.to_act?;
    let player = seats.mention(seat);
    let top = view
        .discard_pile
        .last()
        .map(|&c| card(lang, c))
        .unwrap_or_default();
    Some(match view.phase {
        Phase::UpcardOffer { .. } => tr!(lang, "prompt-upcard", player = player, card = top),
        Phase::Draw {
            stock_only: true, ..
        } => tr!(lang, "prompt-draw-stock", player = player),
        Phase::Draw { .. } => tr!(lang, "prompt-draw", player = player, card = top),
        Phase::Discard { .. } => tr!(lang, "prompt-discard", player = player),
        Phase::FiftiethCard { .. } => tr!(lang, "prompt-fiftieth", player = player, card = top),
        Phase::Over => return None,
    })
}

/// The public table message.
pub fn table(lang: Lang, seats: &Seats, view: &TableView) -> Msg {
    let mut lines = vec![tr!(
        lang,
        "table-title",
        preset = seats.preset.to_string(),
        target = view.rules.target,
        hand = view.deal_no + 1
    )];
    let scores: Vec<String> = (0..view.seats)
        .map(|s| {
            tr!(
                lang,
                "table-score",
                player = seats.name(s).to_string(),
                total = view.totals[s as usize],
                lines = view.lines[s as usize]
            )
        })
        .collect();
    lines.push(scores.join(" · "));
    if let Some(sheet) = &view.hollywood {
        lines.extend(hollywood_lines(lang, seats, sheet, false));
    }
    if let Some(out) = view.sitting_out {
        lines.push(tr!(
            lang,
            "table-sits-out",
            player = seats.name(out).to_string()
        ));
    } else {
        lines.push(tr!(
            lang,
            "table-dealer",
            player = seats.name(view.dealer).to_string()
        ));
    }
    lines.push(pile_line(lang, &view.discard_pile, view.stock_count));
    if view.rules.oklahoma {
        lines.push(tr!(lang, "table-knock-limit", limit = view.knock_limit));
    } else if view.rules.knock_limit == 0 {
        lines.push(tr!(lang, "rules-straight"));
    }
    lines.push(tr!(
        lang,
        "table-commitment",
        commitment = view.commitment.clone()
    ));
    for (i, known) in view.known.iter().enumerate() {
        if !known.is_empty() {
            let player = seats.name(view.players[i]).to_string();
            lines.push(tr!(
                lang,
                "table-took",
                player = player,
                cards = cards(lang, known.iter().copied())
            ));
        }
    }
    if let Some(&(seat, action)) = view.actions.last() {
        lines.push(action_text(lang, seats, seat, action));
    }
    let mut mentions = Vec::new();
    if let Some(p) = prompt(lang, seats, view) {
        lines.push(p);
        mentions.extend(
            view.to_act
                .and_then(|s| seats.users.get(s as usize))
                .copied(),
        );
    } else {
        lines.push(end_line(lang, &view.status));
    }
    table_msg(lang, seats, lines, view.to_act.is_some(), mentions)
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

/// The stock and the top of the discard pile, for a table.
pub(super) fn pile_line(lang: Lang, pile: &[Card], stock: usize) -> String {
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

/// The ephemeral hand message of one player: their cards and the buttons legal now.
pub fn hand(
    lang: Lang,
    seats: &Seats,
    view: &PlayerView,
    mode: HandMode,
    note: Option<&str>,
    coach: bool,
) -> Msg {
    let t = &view.table;
    let refresh = refresh_button(lang, seats);
    let mut lines = Vec::new();
    if let Some(note) = note {
        lines.push(format!("> {note}"));
    }
    let (Some(own), Some(opponent)) = (&view.hand, view.opponent()) else {
        lines.push(tr!(lang, "hand-sitting-out", hand = t.deal_no + 1));
        return Msg::text(lines.join("\n")).with_buttons(vec![refresh]);
    };
    let own_set: CardSet = own.iter().copied().collect();
    lines.insert(
        0,
        tr!(
            lang,
            "hand-title",
            hand = t.deal_no + 1,
            opponent = seats.name(opponent).to_string()
        ),
    );
    let (text, deadwood) = arranged(lang, own_set);
    lines.push(tr!(lang, "hand-cards", cards = text, deadwood = deadwood));
    let top = t.discard_pile.last().map(|&c| card(lang, c));
    let opp_index = 1 - view.index().expect("a playing seat");
    lines.push(format!(
        "{} · {} · {}",
        match &top {
            Some(c) => tr!(
                lang,
                "table-discard",
                card = c.clone(),
                count = t.discard_pile.len()
            ),
            None => tr!(lang, "table-discard-empty"),
        },
        tr!(lang, "table-stock", count = t.stock_count),
        tr!(
            lang,
            "hand-opponent-cards",
            player = seats.name(opponent).to_string(),
            count = t.card_counts[opp_index]
        )
    ));
    if !t.known[opp_index].is_empty() {
        lines.push(tr!(
            lang,
            "table-took",
            player = seats.name(opponent).to_string(),
            cards = cards(lang, t.known[opp_index].iter().copied())
        ));
    }
    if t.rules.oklahoma {
        lines.push(tr!(lang, "table-knock-limit", limit = t.knock_limit));
    }
    let top = top.unwrap_or_default();
    let mut buttons = Vec::new();
    if t.to_act != Some(view.seat) {
        match t.to_act {
            Some(s) => lines.push(tr!(lang, "hand-wait", player = seats.name(s).to_string())),
            None if t.status == MatchStatus::Cancelled => lines.push(tr!(lang, "table-cancelled")),
            // Partnership Gin: this table is done, the other plays on.
            None if t.status == MatchStatus::InProgress => {
                lines.push(tr!(lang, "pship-table-done"))
            }
            None => lines.push(tr!(lang, "table-over")),
        }
        buttons.push(refresh);
        return Msg::text(lines.join("\n")).with_buttons(buttons);
    }
    let must_knock = matches!(
        t.phase,
        Phase::Discard {
            must_knock: true,
            ..
        }
    );
    match t.phase {
        Phase::UpcardOffer { .. } => {
            lines.push(tr!(lang, "you-upcard", card = top.clone()));
            buttons.push(Button::new(
                seats.act(Act::TakeUpcard),
                tr!(lang, "button-take-upcard", card = top),
                Style::Success,
            ));
            buttons.push(Button::new(
                seats.act(Act::Pass),
                tr!(lang, "button-pass"),
                Style::Secondary,
            ));
        }
        Phase::Draw { .. } => {
            lines.push(tr!(lang, "you-draw"));
            for a in &view.legal_actions {
                match a {
                    Action::DrawStock => buttons.push(Button::new(
                        seats.act(Act::DrawStock),
                        tr!(lang, "button-draw-stock"),
                        Style::Primary,
                    )),
                    Action::DrawDiscard => buttons.push(Button::new(
                        seats.act(Act::DrawDiscard),
                        tr!(lang, "button-take-discard", card = top.clone()),
                        Style::Secondary,
                    )),
                    _ => {}
                }
            }
        }
        Phase::FiftiethCard { .. } => {
            lines.push(tr!(lang, "you-fiftieth", card = top.clone()));
            if view.legal_actions.contains(&Action::DrawDiscard) {
                buttons.push(Button::new(
                    seats.act(Act::DrawDiscard),
                    tr!(lang, "button-fiftieth-take", card = top),
                    Style::Success,
                ));
            }
            buttons.push(Button::new(
                seats.act(Act::Pass),
                tr!(lang, "button-pass"),
                Style::Secondary,
            ));
        }
        Phase::Discard { .. } => {
            let knocks: Vec<(Card, u32)> = view
                .legal_actions
                .iter()
                .filter_map(|a| match a {
                    Action::Knock(c) => {
                        let mut rest = own_set;
                        rest.remove(*c);
                        Some((*c, min_deadwood(rest)))
                    }
                    _ => None,
                })
                .collect();
            let gin = knocks.iter().find(|k| k.1 == 0).map(|k| k.0);
            if mode == HandMode::Knock || must_knock {
                lines.push(tr!(lang, "you-knock", limit = t.knock_limit));
                for &(c, dw) in &knocks {
                    let label = knock_label(lang, c, dw);
                    buttons.push(Button::new(seats.act(Act::Knock(c)), label, Style::Danger));
                }
                if !must_knock {
                    buttons.push(Button::new(
                        seats.act(Act::Back),
                        tr!(lang, "button-back"),
                        Style::Secondary,
                    ));
                }
            } else {
                lines.push(tr!(lang, "you-discard"));
                for a in &view.legal_actions {
                    if let Action::Discard(c) = a {
                        buttons.push(Button::new(
                            seats.act(Act::Discard(*c)),
                            card(lang, *c),
                            Style::Secondary,
                        ));
                    }
                }
                if let Some(c) = gin {
                    buttons.push(Button::new(
                        seats.act(Act::Knock(c)),
                        tr!(lang, "button-gin", card = card(lang, c)),
                        Style::Success,
                    ));
                } else if !knocks.is_empty() {
                    buttons.push(Button::new(
                        seats.act(Act::KnockMode),
                        tr!(lang, "button-knock-mode"),
                        Style::Danger,
                    ));
                }
            }
        }
        Phase::Over => {}
    }
    // The coach, where the player has a choice to make.
    if coach && view.legal_actions.len() > 1 {
        buttons.push(Button::new(
            seats.act(Act::Hint),
            tr!(lang, "button-hint"),
            Style::Secondary,
        ));
    }
    buttons.push(refresh);
    Msg::text(lines.join("\n")).with_buttons(buttons)
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

/// The public showdown of a finished hand (or the notice of a dead hand).
pub fn showdown(lang: Lang, seats: &Seats, rec: &HandRecord) -> Msg {
    let mut lines = showdown_lines(
        lang,
        seats,
        rec.deal_no + 1,
        rec.players,
        rec.dealer,
        &rec.end,
    );
    lines.extend(deal_footer(lang, seats, &rec.totals, &rec.seed));
    Msg::text(lines.join("\n"))
}

/// A two-player hand's showdown: who knocked, both sides, the layoffs, the score.
pub(super) fn showdown_lines(
    lang: Lang,
    seats: &Seats,
    hand_no: u32,
    players: [Seat; 2],
    dealer: Seat,
    end: &HandEnd,
) -> Vec<String> {
    let mut lines = Vec::new();
    match end {
        HandEnd::Dead => {
            lines.push(tr!(
                lang,
                "showdown-dead",
                hand = hand_no,
                dealer = seats.name(dealer).to_string()
            ));
        }
        HandEnd::Knocked {
            knocker,
            showdown: s,
            score,
            ..
        } => {
            let defender = opponent_of(players, *knocker);
            let (kname, dname) = (
                seats.name(*knocker).to_string(),
                seats.name(defender).to_string(),
            );
            let key = match s.kind {
                ShowdownKind::Gin => "showdown-gin",
                ShowdownKind::Knock => "showdown-knock",
                ShowdownKind::Undercut => "showdown-undercut",
            };
            lines.push(tr!(
                lang,
                key,
                hand = hand_no,
                knocker = kname.clone(),
                defender = dname.clone()
            ));
            lines.push(side(
                lang,
                &kname,
                &s.knocker_melds,
                &s.knocker_deadwood_cards,
                s.knocker_deadwood,
            ));
            lines.push(side(
                lang,
                &dname,
                &s.defender_melds,
                &s.defender_deadwood_cards,
                s.defender_deadwood,
            ));
            if !s.layoffs.is_empty() {
                let laid: Vec<String> = s
                    .layoffs
                    .iter()
                    .map(|l| {
                        format!(
                            "{} → {}",
                            card(lang, l.card),
                            meld(lang, &s.knocker_melds[l.onto])
                        )
                    })
                    .collect();
                lines.push(tr!(
                    lang,
                    "showdown-layoffs",
                    player = dname.clone(),
                    layoffs = laid.join(", ")
                ));
            }
            let winner = if score.knocker_won { kname } else { dname };
            lines.push(tr!(
                lang,
                "showdown-score",
                player = winner,
                points = score.points,
                lines = score.lines
            ));
            if score.doubled {
                lines.push(tr!(lang, "showdown-doubled"));
            }
        }
    }
    lines
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

/// How a settlement is told: of one player each, or of teams (in the plural).
pub(super) struct EndWords {
    pub title: &'static str,
    pub resigned: &'static str,
    pub payment: &'static str,
}

const PLAYER_END: EndWords = EndWords {
    title: "end-title",
    resigned: "end-resigned",
    payment: "end-payment",
};

/// The end of a match: totals, bonuses and who pays whom.
pub fn match_end(lang: Lang, seats: &Seats, s: &Settlement, rules: &Rules) -> Msg {
    Msg::text(settlement_lines(lang, seats, s, rules, &PLAYER_END).join("\n"))
}

/// A settlement's lines, in `words`: the winner, a resignation, each side's figures,
/// shutouts, payments. `seats` names the settlement's sides (players, or teams).
pub(super) fn settlement_lines(
    lang: Lang,
    seats: &Seats,
    s: &Settlement,
    rules: &Rules,
    words: &EndWords,
) -> Vec<String> {
    let mut lines = vec![tr!(
        lang,
        words.title,
        player = seats.name(s.winner).to_string()
    )];
    if let Some(r) = s.resigned {
        lines.push(tr!(
            lang,
            words.resigned,
            player = seats.name(r).to_string()
        ));
    }
    for seat in 0..s.totals.len() {
        lines.push(tr!(
            lang,
            "end-line",
            player = seats.name(seat as Seat).to_string(),
            total = s.totals[seat],
            lines = s.lines[seat],
            bonus = rules.line_bonus,
            game = s.game_bonus[seat],
            final = s.finals[seat]
        ));
    }
    for &seat in &s.shutouts {
        lines.push(tr!(
            lang,
            "end-shutout",
            player = seats.name(seat).to_string()
        ));
    }
    lines.extend(payment_lines(lang, seats, &s.payments, words.payment));
    lines
}

/// A Hollywood sheet's three games, a line each: the scores and, once closed, the winner
/// (`finals`: with the game's final figures, bonuses included).
pub(super) fn hollywood_lines(
    lang: Lang,
    seats: &Seats,
    sheet: &HollywoodSheet,
    finals: bool,
) -> Vec<String> {
    sheet
        .games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let figures = match (&g.closed, finals) {
                (Some(c), true) => &c.finals,
                _ => &g.totals,
            };
            let scores: Vec<String> = figures
                .iter()
                .enumerate()
                .map(|(s, t)| format!("{} {t}", seats.name(s as Seat)))
                .collect();
            match &g.closed {
                Some(c) => tr!(
                    lang,
                    "hollywood-game-won",
                    game = i + 1,
                    scores = scores.join(" · "),
                    player = seats.name(c.winner).to_string()
                ),
                None => tr!(
                    lang,
                    "hollywood-game-open",
                    game = i + 1,
                    scores = scores.join(" · ")
                ),
            }
        })
        .collect()
}

/// Who pays whom, a line each.
pub(super) fn payment_lines<'a>(
    lang: Lang,
    seats: &'a Seats,
    payments: &'a [crate::engine::matchplay::Payment],
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

/// The rules of a match in words.
pub fn rules_text(lang: Lang, preset: &str, r: &Rules) -> String {
    let on = |b: bool| tr!(lang, if b { "rules-on" } else { "rules-off" });
    let dealer = match r.dealer_rule {
        crate::engine::DealerRule::LoserDeals => "rules-loser-deals",
        crate::engine::DealerRule::WinnerDeals => "rules-winner-deals",
        crate::engine::DealerRule::Alternate => "rules-alternate",
    };
    let mut text = tr!(
        lang,
        "rules-text",
        preset = preset.to_string(),
        target = r.target,
        knock = r.knock_limit,
        gin = r.gin_bonus,
        undercut = r.undercut_bonus,
        line = r.line_bonus,
        game = r.game_bonus,
        shutout = r.shutout_bonus,
        dealer = tr!(lang, dealer),
        oklahoma = on(r.oklahoma),
        rediscard = on(r.allow_rediscard),
        fiftieth = on(r.fiftieth_card),
        eleven = on(r.eleven_card_deal),
        extra = on(r.extra_boxes),
        doubles = on(r.shutout_doubles)
    );
    if r.knock_limit == 0 && !r.oklahoma {
        text.push_str("\n• ");
        text.push_str(&tr!(lang, "rules-straight"));
    }
    if r.hollywood {
        text.push_str("\n• ");
        text.push_str(&tr!(lang, "rules-hollywood"));
    }
    text
}

/// The public table of a scene, with the turn's clock as live countdowns.
pub fn table_scene(s: &TableScene) -> Msg {
    let mut msg = table_of(s);
    msg.cards = super::pictures::deck_of(s.look);
    if let Some(c) = s.clock {
        let clock = tr!(
            s.lang,
            "table-clock",
            remind = format!("<t:{}:R>", c.remind_at),
            forfeit = format!("<t:{}:R>", c.forfeit_at)
        );
        msg.content = format!("{}\n{clock}", msg.content);
    }
    msg
}

fn table_of(s: &TableScene) -> Msg {
    let seats = &text::shown(&s.seats);
    match &s.view {
        TableOf::Gin(v) => table(s.lang, seats, v),
        TableOf::Rummy(v) => rummy::table(s.lang, seats, v),
        TableOf::Partnership(v) => teams::partnership_table(s.lang, seats, v),
        TableOf::Team(v) => teams::team_table(s.lang, seats, v),
    }
}

/// A player's hand message of a scene, with its note.
pub fn hand_scene(s: &HandScene) -> Msg {
    let note = s.note.as_ref().map(|n| note_text(s.lang, n));
    let seats = &text::shown(&s.seats);
    let mut msg = match &s.view {
        HandOf::Gin(v) => hand(s.lang, seats, v, s.mode, note.as_deref(), s.coach),
        HandOf::Rummy(v) => rummy::hand(s.lang, seats, v, note.as_deref()),
        HandOf::Team { table, view } => {
            teams::team_hand(s.lang, seats, table, view, s.mode, note.as_deref())
        }
    };
    msg.cards = super::pictures::deck_of(s.look);
    msg
}

/// A finished deal in public, as text; where the server shows pictures the deliverer adds
/// the showdown as one picture whose description says the same
/// ([`super::pictures::showdown_picture`]).
pub fn showdown_text(s: &ShowdownScene) -> Msg {
    let seats = &text::shown(&s.seats);
    let mut msg = match &s.record {
        DealOf::Gin(r) => showdown(s.lang, seats, r),
        DealOf::Rummy(r) => rummy::hand_end(s.lang, seats, r, s.aces_high),
        DealOf::Partnership(r) => teams::partnership_showdown(s.lang, seats, r),
        DealOf::Team(r) => teams::team_showdown(s.lang, seats, r),
    };
    msg.cards = super::pictures::deck_of(s.look);
    msg
}

/// A match's end, with its Rematch button.
pub fn match_end_scene(s: &MatchEndScene) -> Msg {
    let rematch = Button::new(
        Press::Rematch(s.seats.match_id).encode(),
        tr!(s.lang, "button-rematch"),
        Style::Primary,
    );
    let mut msg = match_end_of(s).with_buttons(vec![rematch]);
    msg.cards = super::pictures::deck_of(s.look);
    msg
}

/// `/gin watch`: a match's table for one watcher: no mention, Refresh and Rules.
pub fn watch(s: &TableScene) -> Msg {
    let mut msg = table_scene(s);
    msg.mentions.clear();
    msg.rows = vec![vec![
        Button::new(
            Press::Watch(s.seats.match_id).encode(),
            tr!(s.lang, "button-refresh"),
            Style::Secondary,
        ),
        Button::new(
            Press::Rules(s.seats.match_id).encode(),
            tr!(s.lang, "button-rules"),
            Style::Secondary,
        ),
    ]];
    msg
}

fn match_end_of(s: &MatchEndScene) -> Msg {
    let seats = &text::shown(&s.seats);
    match &s.end {
        EndOf::Gin {
            settlement,
            rules,
            hollywood,
        } => {
            let mut msg = match_end(s.lang, seats, settlement, rules);
            if let Some(sheet) = hollywood {
                let games = hollywood_lines(s.lang, seats, sheet, true).join("\n");
                msg.content = format!("{}\n{games}", msg.content);
            }
            msg
        }
        EndOf::Rummy(settlement) => rummy::match_end(s.lang, seats, settlement),
        EndOf::Teams { settlement, rules } => teams::teams_end(s.lang, seats, settlement, rules),
    }
}

/// The rules of a match (or a preset) in words.
pub fn rules_of_text(lang: Lang, preset: &str, rules: &RulesOf) -> String {
    match rules {
        RulesOf::Gin(r) => rules_text(lang, preset, r),
        RulesOf::Rummy(r) => rummy::rules_text(lang, r),
        RulesOf::Partnership(r) => teams::rules(lang, preset, r, false),
        RulesOf::Team(r) => teams::rules(lang, preset, r, true),
    }
}

/// Why a hand message comes with a remark instead of the move.
pub fn note_text(lang: Lang, note: &Note) -> String {
    let key = match note {
        Note::Stale => "err-stale",
        Note::MatchOver => "err-match-over",
        Note::Refused(GameError::Gin(MatchError::Action(a)))
        | Note::Refused(GameError::Team(TeamMatchError::Hand(TeamError::Play(a)))) => {
            return action_error_text(lang, a)
        }
        Note::Refused(GameError::Team(TeamMatchError::Hand(e))) => team_error_key(e),
        Note::Refused(GameError::Rummy(RummyMatchError::Hand(e))) => rummy_error_key(e),
        Note::Refused(e) if e.is_match_over() => "err-match-over",
        Note::Refused(GameError::WrongGame) => "err-unknown-button",
        Note::Refused(_) => "err-internal",
        Note::Hint(hint) => return hint_text(lang, hint),
        Note::NoHint => "err-no-hint",
    };
    tr!(lang, key)
}

/// A move the rules of Gin (and of Team Gin, whose play is Gin's) do not allow, in words.
fn action_error_text(lang: Lang, a: &ActionError) -> String {
    let key = match a {
        ActionError::NotInHand => "err-sitting-out",
        ActionError::NotYourTurn => "err-not-your-turn",
        ActionError::HandOver => "err-stale",
        ActionError::UpcardPending => "err-upcard-pending",
        ActionError::StockOnly => "err-stock-only",
        ActionError::MustDraw => "err-must-draw",
        ActionError::MustDiscard => "err-must-discard",
        ActionError::MustKnock => "err-must-knock",
        ActionError::EmptyDiscardPile => "err-empty-pile",
        ActionError::CardNotInHand => "err-card-not-in-hand",
        ActionError::CannotRediscard => "err-rediscard",
        ActionError::AboveKnockLimit { deadwood, limit } => {
            return tr!(
                lang,
                "err-knock-limit",
                deadwood = *deadwood,
                limit = *limit
            )
        }
        ActionError::FiftiethCardPending => "err-fiftieth-pending",
        ActionError::FiftiethCardUseless => "err-fiftieth-useless",
    };
    tr!(lang, key)
}

fn team_error_key(e: &TeamError) -> &'static str {
    match e {
        // Matched (with its words) in `note_text`.
        TeamError::Play(_) => "err-internal",
        TeamError::AlreadySwapped => "err-team-swapped",
        TeamError::SwapPending => "err-team-swap-pending",
        TeamError::NoSwapNow => "err-team-no-swap-now",
        TeamError::NoSwapToAnswer => "err-team-no-swap",
    }
}

/// The coach's answer in one line: the move, then why.
fn hint_text(lang: Lang, hint: &Hint) -> String {
    let c = |c: Card| card(lang, c);
    let why = match hint.why {
        Why::Take {
            card,
            before,
            after,
            melds,
        } => {
            let key = if melds { "hint-take-meld" } else { "hint-take" };
            tr!(lang, key, card = c(card), before = before, after = after)
        }
        Why::Leave {
            card,
            before,
            after,
        } => {
            let key = match (hint.action == Action::Pass, after < before) {
                (true, false) => "hint-pass",
                (true, true) => "hint-pass-better",
                (false, false) => "hint-stock",
                (false, true) => "hint-stock-better",
            };
            tr!(lang, key, card = c(card), before = before, after = after)
        }
        Why::Discard {
            card,
            after,
            least,
            loose,
        } => {
            let key = match (loose, after == least) {
                (true, _) => "hint-discard-loose",
                (false, true) => "hint-discard",
                (false, false) => "hint-discard-keep",
            };
            tr!(lang, key, card = c(card), after = after, least = least)
        }
        Why::PlayOn { card, after, knock } => tr!(
            lang,
            "hint-play-on",
            card = c(card),
            after = after,
            knock = knock
        ),
        Why::Knock { card, deadwood } => {
            tr!(lang, "hint-knock", card = c(card), deadwood = deadwood)
        }
        Why::Gin { card } => tr!(lang, "hint-gin", card = c(card)),
    };
    format!("💡 {why}")
}

fn rummy_error_key(e: &RummyError) -> &'static str {
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

/// The public challenge message.
pub fn challenge(s: &ChallengeScene) -> Msg {
    let (lang, row) = (s.lang, &s.row);
    let mention = |u: u64| format!("<@{u}>");
    let opponents: Vec<String> = row.opponents.iter().map(|o| mention(o.0)).collect();
    let mut lines = vec![match &s.rules {
        RulesOf::Gin(r) | RulesOf::Partnership(r) | RulesOf::Team(r) => {
            let mut text = tr!(
                lang,
                "challenge-text",
                challenger = mention(row.challenger.0),
                opponents = opponents.join(", "),
                preset = row.preset.clone(),
                target = r.target,
                minutes = s.minutes
            );
            // What the challenged accept beyond the preset.
            if r.knock_limit == 0 && !r.oklahoma {
                text = format!("{text}\n{}", tr!(lang, "rules-straight"));
            }
            if r.hollywood {
                text = format!("{text}\n{}", tr!(lang, "challenge-hollywood"));
            }
            if let (true, [a, b, c]) = (s.rules.four_players(), row.opponents.as_slice()) {
                let players = [row.challenger.0, a.0, b.0, c.0];
                let team = matches!(s.rules, RulesOf::Team(_));
                text = format!("{text}\n{}", teams::challenge_teams(lang, &players, team));
            }
            text
        }
        RulesOf::Rummy(r) => tr!(
            lang,
            "rummy-challenge-text",
            challenger = mention(row.challenger.0),
            opponents = opponents.join(", "),
            goal = rummy::goal(lang, r),
            minutes = s.minutes
        ),
    }];
    for a in &row.accepted {
        lines.push(tr!(lang, "challenge-accepted-by", player = mention(*a)));
    }
    let mut msg = Msg::text(lines.join("\n")).with_buttons(vec![
        Button::new(
            Press::Accept(row.id).encode(),
            tr!(lang, "button-accept"),
            Style::Success,
        ),
        Button::new(
            Press::Decline(row.id).encode(),
            tr!(lang, "button-decline"),
            Style::Danger,
        ),
    ]);
    msg.mentions = row
        .opponents
        .iter()
        .map(|o| o.0)
        .filter(|u| !row.accepted.contains(u))
        .collect();
    msg
}
