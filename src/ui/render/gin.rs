//! Gin Rummy as messages: the table from the public [`TableView`], a hand from the player's
//! own [`PlayerView`], the showdown, the match's end, its rules, the coach's hint and the
//! words for a refused move. The four-player games play Gin's hands and build on these.

use super::words::{
    arranged, card, deal_footer, end_line, knock_label, meld, mention, payment_lines, pile_line,
    refresh_button, side, table_msg, took_line, SeatsExt, Turn,
};
use crate::engine::ai::coach::{Hint, Why};
use crate::engine::hand::opponent_of;
use crate::engine::hollywood::HollywoodSheet;
use crate::engine::{
    min_deadwood, Action, ActionError, Card, CardSet, HandEnd, HandRecord, HandScore, MatchStatus,
    Phase, PlayerView, Rules, Seat, Settlement, Showdown, ShowdownKind, TableView,
};
use crate::engine::MatchError;
use crate::games::{ChallengeScene, GinEnd, HandMode, Seats};
use crate::ui::art::showdown::Row;
use crate::ui::ids::Buttons;
use crate::ui::pictures::knock_rows;
use crate::i18n::Lang;
use crate::tr;
use crate::games::{Move, Play};
use crate::ui::model::{Msg, Style};

/// A Gin move as a hand message's button presses it.
pub(super) fn play(action: Action) -> Move {
    Move::Play(Play::Gin(action))
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
    let mut lines = vec![
        tr!(
            lang,
            "table-title",
            preset = seats.preset.to_string(),
            target = view.rules.target,
            hand = view.deal_no + 1
        ),
        scores_line(lang, seats, view),
    ];
    if let Some(sheet) = &view.hollywood {
        lines.extend(hollywood_lines(lang, seats, sheet, false));
    }
    lines.push(match view.sitting_out {
        Some(out) => tr!(lang, "table-sits-out", player = seats.name(out).to_string()),
        None => tr!(
            lang,
            "table-dealer",
            player = seats.name(view.dealer).to_string()
        ),
    });
    lines.push(pile_line(lang, &view.discard_pile, view.stock_count));
    lines.extend(knock_rule_line(lang, view));
    lines.push(tr!(
        lang,
        "table-commitment",
        commitment = view.commitment.clone()
    ));
    for (i, known) in view.known.iter().enumerate() {
        if !known.is_empty() {
            let player = seats.name(view.players[i]);
            lines.push(took_line(lang, player, known.iter().copied()));
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

/// Every seat's running total and lines, on one line.
fn scores_line(lang: Lang, seats: &Seats, view: &TableView) -> String {
    (0..view.seats)
        .map(|s| {
            tr!(
                lang,
                "table-score",
                player = seats.name(s).to_string(),
                total = view.totals[s as usize],
                lines = view.lines[s as usize]
            )
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The knock limit of this hand under Oklahoma, or that it is played straight (gin only).
fn knock_rule_line(lang: Lang, view: &TableView) -> Option<String> {
    if view.rules.oklahoma {
        Some(tr!(lang, "table-knock-limit", limit = view.knock_limit))
    } else if view.rules.knock_limit == 0 {
        Some(tr!(lang, "rules-straight"))
    } else {
        None
    }
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
    let refresh = refresh_button(lang, seats);
    let (Some(own), Some(opponent)) = (&view.hand, view.opponent()) else {
        let mut lines: Vec<String> = note.map(|n| format!("> {n}")).into_iter().collect();
        lines.push(tr!(lang, "hand-sitting-out", hand = view.table.deal_no + 1));
        return Msg::text(lines.join("\n")).with_buttons(vec![refresh]);
    };
    let own: CardSet = own.iter().copied().collect();
    let mut lines = hand_lines(lang, seats, view, own, opponent, note);
    if view.table.to_act != Some(view.seat) {
        lines.push(waiting_line(lang, seats, &view.table));
        return Msg::text(lines.join("\n")).with_buttons(vec![refresh]);
    }
    let mut buttons = Vec::new();
    if let Some(turn) = turn(lang, seats, view, own, mode) {
        lines.push(turn.line);
        buttons = turn.buttons;
    }
    // The coach, where the player has a choice to make.
    if coach && view.legal_actions.len() > 1 {
        buttons.push(seats.button(Move::Hint, tr!(lang, "button-hint"), Style::Secondary));
    }
    buttons.push(refresh);
    Msg::text(lines.join("\n")).with_buttons(buttons)
}

/// A playing seat's hand message before its moves: the title, the note, the cards, the pile
/// and the opponent's count, what the opponent took, the knock limit.
fn hand_lines(
    lang: Lang,
    seats: &Seats,
    view: &PlayerView,
    own: CardSet,
    opponent: Seat,
    note: Option<&str>,
) -> Vec<String> {
    let t = &view.table;
    let opponent_name = seats.name(opponent).to_string();
    let mut lines = vec![tr!(
        lang,
        "hand-title",
        hand = t.deal_no + 1,
        opponent = opponent_name.clone()
    )];
    lines.extend(note.map(|n| format!("> {n}")));
    let (text, deadwood) = arranged(lang, own);
    lines.push(tr!(lang, "hand-cards", cards = text, deadwood = deadwood));
    let opp_index = 1 - view.index().expect("a playing seat");
    let top = match t.discard_pile.last() {
        Some(&c) => tr!(
            lang,
            "table-discard",
            card = card(lang, c),
            count = t.discard_pile.len()
        ),
        None => tr!(lang, "table-discard-empty"),
    };
    lines.push(format!(
        "{top} · {} · {}",
        tr!(lang, "table-stock", count = t.stock_count),
        tr!(
            lang,
            "hand-opponent-cards",
            player = opponent_name.clone(),
            count = t.card_counts[opp_index]
        )
    ));
    if !t.known[opp_index].is_empty() {
        lines.push(took_line(
            lang,
            &opponent_name,
            t.known[opp_index].iter().copied(),
        ));
    }
    if t.rules.oklahoma {
        lines.push(tr!(lang, "table-knock-limit", limit = t.knock_limit));
    }
    lines
}

/// The last line of a hand whose player is not to move: whom it waits for, or why nobody.
fn waiting_line(lang: Lang, seats: &Seats, t: &TableView) -> String {
    match t.to_act {
        Some(s) => tr!(lang, "hand-wait", player = seats.name(s).to_string()),
        None if t.status == MatchStatus::Cancelled => tr!(lang, "table-cancelled"),
        // Partnership Gin: this table is done, the other plays on.
        None if t.status == MatchStatus::InProgress => tr!(lang, "pship-table-done"),
        None => tr!(lang, "table-over"),
    }
}

/// The moves of the player to move, by the phase of the hand (none once it is over).
fn turn(
    lang: Lang,
    seats: &Seats,
    view: &PlayerView,
    own: CardSet,
    mode: HandMode,
) -> Option<Turn> {
    let top = view
        .table
        .discard_pile
        .last()
        .map(|&c| card(lang, c))
        .unwrap_or_default();
    Some(match view.table.phase {
        Phase::UpcardOffer { .. } => Turn {
            line: tr!(lang, "you-upcard", card = top.clone()),
            buttons: vec![
                seats.button(
                    play(Action::TakeUpcard),
                    tr!(lang, "button-take-upcard", card = top),
                    Style::Success,
                ),
                seats.button(play(Action::Pass), tr!(lang, "button-pass"), Style::Secondary),
            ],
        },
        Phase::Draw { .. } => draw_turn(lang, seats, view, &top),
        Phase::FiftiethCard { .. } => fiftieth_turn(lang, seats, view, top),
        Phase::Discard { must_knock, .. } => discard_turn(lang, seats, view, own, mode, must_knock),
        Phase::Over => return None,
    })
}

/// The draw: from the stock or the discard pile, as the rules allow now.
fn draw_turn(lang: Lang, seats: &Seats, view: &PlayerView, top: &str) -> Turn {
    let buttons = view
        .legal_actions
        .iter()
        .filter_map(|a| match a {
            Action::DrawStock => Some(seats.button(
                play(Action::DrawStock),
                tr!(lang, "button-draw-stock"),
                Style::Primary,
            )),
            Action::DrawDiscard => Some(seats.button(
                play(Action::DrawDiscard),
                tr!(lang, "button-take-discard", card = top.to_string()),
                Style::Secondary,
            )),
            _ => None,
        })
        .collect();
    Turn {
        line: tr!(lang, "you-draw"),
        buttons,
    }
}

/// The fiftieth card: take the last discard to knock (when that can knock), or pass.
fn fiftieth_turn(lang: Lang, seats: &Seats, view: &PlayerView, top: String) -> Turn {
    let mut buttons = Vec::new();
    if view.legal_actions.contains(&Action::DrawDiscard) {
        buttons.push(seats.button(
            play(Action::DrawDiscard),
            tr!(lang, "button-fiftieth-take", card = top.clone()),
            Style::Success,
        ));
    }
    buttons.push(seats.button(play(Action::Pass), tr!(lang, "button-pass"), Style::Secondary));
    Turn {
        line: tr!(lang, "you-fiftieth", card = top),
        buttons,
    }
}

/// After the draw: the discards with Gin or Knock, or (in knock mode, or when the last card
/// was taken to knock) the knock choices with their deadwood.
fn discard_turn(
    lang: Lang,
    seats: &Seats,
    view: &PlayerView,
    own: CardSet,
    mode: HandMode,
    must_knock: bool,
) -> Turn {
    let knocks: Vec<(Card, u32)> = view
        .legal_actions
        .iter()
        .filter_map(|a| match a {
            Action::Knock(c) => Some((*c, min_deadwood(own.without(*c)))),
            _ => None,
        })
        .collect();
    let mut buttons = Vec::new();
    if mode == HandMode::Knock || must_knock {
        for &(c, dw) in &knocks {
            buttons.push(seats.button(play(Action::Knock(c)), knock_label(lang, c, dw), Style::Danger));
        }
        if !must_knock {
            buttons.push(seats.button(Move::Back, tr!(lang, "button-back"), Style::Secondary));
        }
        let line = tr!(lang, "you-knock", limit = view.table.knock_limit);
        return Turn { line, buttons };
    }
    for a in &view.legal_actions {
        if let Action::Discard(c) = a {
            buttons.push(seats.button(play(Action::Discard(*c)), card(lang, *c), Style::Secondary));
        }
    }
    if let Some(&(c, _)) = knocks.iter().find(|k| k.1 == 0) {
        let label = tr!(lang, "button-gin", card = card(lang, c));
        buttons.push(seats.button(play(Action::Knock(c)), label, Style::Success));
    } else if !knocks.is_empty() {
        let label = tr!(lang, "button-knock-mode");
        buttons.push(seats.button(Move::ShowKnocks, label, Style::Danger));
    }
    Turn {
        line: tr!(lang, "you-discard"),
        buttons,
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
    match end {
        HandEnd::Dead => vec![tr!(
            lang,
            "showdown-dead",
            hand = hand_no,
            dealer = seats.name(dealer).to_string()
        )],
        HandEnd::Knocked {
            knocker,
            showdown: s,
            score,
            ..
        } => {
            let defender = opponent_of(players, *knocker);
            let names = (seats.name(*knocker), seats.name(defender));
            knock_lines(lang, hand_no, names, s, score)
        }
    }
}

/// A knocked hand's showdown between `knocker` and `defender` (their names).
fn knock_lines(
    lang: Lang,
    hand_no: u32,
    (knocker, defender): (&str, &str),
    s: &Showdown,
    score: &HandScore,
) -> Vec<String> {
    let key = match s.kind {
        ShowdownKind::Gin => "showdown-gin",
        ShowdownKind::Knock => "showdown-knock",
        ShowdownKind::Undercut => "showdown-undercut",
    };
    let mut lines = vec![
        tr!(
            lang,
            key,
            hand = hand_no,
            knocker = knocker.to_string(),
            defender = defender.to_string()
        ),
        side(
            lang,
            knocker,
            &s.knocker_melds,
            &s.knocker_deadwood_cards,
            s.knocker_deadwood,
        ),
        side(
            lang,
            defender,
            &s.defender_melds,
            &s.defender_deadwood_cards,
            s.defender_deadwood,
        ),
    ];
    lines.extend(layoffs_line(lang, defender, s));
    let winner = if score.knocker_won { knocker } else { defender };
    lines.push(tr!(
        lang,
        "showdown-score",
        player = winner.to_string(),
        points = score.points,
        lines = score.lines
    ));
    if score.doubled {
        lines.push(tr!(lang, "showdown-doubled"));
    }
    lines
}

/// The defender's layoffs, each card with the meld it went onto (none: no line).
fn layoffs_line(lang: Lang, defender: &str, s: &Showdown) -> Option<String> {
    if s.layoffs.is_empty() {
        return None;
    }
    let laid: Vec<String> = s
        .layoffs
        .iter()
        .map(|l| {
            let onto = meld(lang, &s.knocker_melds[l.onto]);
            format!("{} → {onto}", card(lang, l.card))
        })
        .collect();
    Some(tr!(
        lang,
        "showdown-layoffs",
        player = defender.to_string(),
        layoffs = laid.join(", ")
    ))
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

/// The end of a match, and of a Hollywood match its three games with their final figures.
pub(super) fn match_end_with_sheet(
    lang: Lang,
    seats: &Seats,
    s: &Settlement,
    rules: &Rules,
    hollywood: Option<&HollywoodSheet>,
) -> Msg {
    let mut msg = match_end(lang, seats, s, rules);
    if let Some(sheet) = hollywood {
        let games = hollywood_lines(lang, seats, sheet, true).join("\n");
        msg.content = format!("{}\n{games}", msg.content);
    }
    msg
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
fn hollywood_lines(lang: Lang, seats: &Seats, sheet: &HollywoodSheet, finals: bool) -> Vec<String> {
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

/// A challenge to a game played by Gin's rules: who challenges whom to what, and what the
/// challenged accept beyond the preset.
pub(super) fn challenge_text(s: &ChallengeScene, r: &Rules) -> String {
    let (lang, row) = (s.lang, &s.row);
    let opponents: Vec<String> = row.opponents.iter().map(|o| mention(o.0)).collect();
    let mut text = tr!(
        lang,
        "challenge-text",
        challenger = mention(row.challenger.0),
        opponents = opponents.join(", "),
        preset = row.preset.clone(),
        target = r.target,
        minutes = s.minutes
    );
    if r.knock_limit == 0 && !r.oklahoma {
        text = format!("{text}\n{}", tr!(lang, "rules-straight"));
    }
    if r.hollywood {
        text = format!("{text}\n{}", tr!(lang, "challenge-hollywood"));
    }
    text
}

/// A move the rules of Gin (and of the four-player games, whose play is Gin's) do not
/// allow, in words.
pub(super) fn action_error_text(lang: Lang, a: &ActionError) -> String {
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

/// The coach's answer in one line: the move, then why.
pub(super) fn hint_text(lang: Lang, hint: &Hint) -> String {
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

/// Gin's moves under the verb `a` (the hand message's, which the four-player games share).
impl Buttons for crate::engine::Match {
    const VERB: &'static str = "a";

    fn code(action: &Action) -> String {
        match action {
            Action::TakeUpcard => "up".into(),
            Action::Pass => "pass".into(),
            Action::DrawStock => "stock".into(),
            Action::DrawDiscard => "pile".into(),
            Action::Discard(c) => format!("d-{c}"),
            Action::Knock(c) => format!("k-{c}"),
        }
    }

    fn read(code: &str) -> Option<Action> {
        let card = |s: &str| s.parse::<Card>().ok();
        Some(match code {
            "up" => Action::TakeUpcard,
            "pass" => Action::Pass,
            "stock" => Action::DrawStock,
            "pile" => Action::DrawDiscard,
            _ => match code.split_once('-')? {
                ("d", c) => Action::Discard(card(c)?),
                ("k", c) => Action::Knock(card(c)?),
                _ => return None,
            },
        })
    }
}

impl super::Present for crate::engine::Match {
    fn table(lang: Lang, seats: &Seats, view: &TableView) -> Msg {
        table(lang, seats, view)
    }

    fn hand(
        lang: Lang,
        seats: &Seats,
        own: &PlayerView,
        mode: HandMode,
        note: Option<&str>,
        coach: bool,
    ) -> Msg {
        hand(lang, seats, own, mode, note, coach)
    }

    fn showdown(lang: Lang, seats: &Seats, record: &HandRecord, _aces_high: bool) -> Msg {
        showdown(lang, seats, record)
    }

    fn end(lang: Lang, seats: &Seats, end: &GinEnd) -> Msg {
        let hollywood = end.hollywood.as_ref();
        match_end_with_sheet(lang, seats, &end.settlement, &end.rules, hollywood)
    }

    fn rules_text(lang: Lang, preset: &str, rules: &Rules) -> String {
        rules_text(lang, preset, rules)
    }

    fn challenge_text(s: &ChallengeScene, rules: &Rules) -> String {
        challenge_text(s, rules)
    }

    fn refusal(lang: Lang, error: &MatchError) -> Option<String> {
        match error {
            MatchError::Action(a) => Some(action_error_text(lang, a)),
            _ => None,
        }
    }

    /// The knocker's and the defender's rows, and the points scored.
    fn picture(lang: Lang, seats: &Seats, r: &HandRecord) -> Option<(Vec<Row>, String)> {
        let rows = knock_rows(lang, seats, r.players, &r.end);
        let footer = match r.end.winner(r.players) {
            Some((seat, score)) => tr!(
                lang,
                "pic-scores",
                player = seats.name(seat).to_string(),
                points = score.points
            ),
            None => String::new(),
        };
        Some((rows, footer))
    }
}
