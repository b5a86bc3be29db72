//! The four-player games in messages (RULES.md section 11): Partnership Gin's two tables on
//! one table message, Team Gin's table, its hand message with both of the team's hands and
//! the swap, both showdowns, the teams' match end and the rules of each mode.
//!
//! Public messages come from [`TableView`]s and the [`TeamTable`] (no hidden card); a Team Gin
//! hand message from the seat's own [`TeamView`], which holds its hand and its partner's only.

use super::ids::Act;
use super::model::{Button, Msg, Style};
use super::render::{
    action_text, arranged, card, cards, deal_footer, end_line, knock_label, meld, pile_line,
    prompt, refresh_button, rules_text, settlement_lines, showdown_lines, side, table_msg,
    EndWords, SeatsExt,
};
use crate::engine::partnership::DealRecord;
use crate::engine::team::{left_of, partner_of};
use crate::engine::{
    min_deadwood, Action, Card, MatchStatus, Rules, Seat, Settlement, ShowdownKind, TableView,
    TeamAction, TeamHandEnd, TeamHandRecord, TeamMove, TeamStage, TeamTable, TeamView,
};
use crate::games::{HandMode, Seats};
use crate::i18n::Lang;
use crate::tr;

/// "Ann & Cat": the two players of team 0 (seats 0 and 2) or team 1 (seats 1 and 3).
pub fn team_name(seats: &Seats, team: usize) -> String {
    let first = team as Seat;
    format!("{} & {}", seats.name(first), seats.name(first + 2))
}

/// The seats with the teams as the two "players", for the lines that speak of teams (a
/// team settlement's seats are the teams).
fn team_seats(seats: &Seats) -> Seats {
    Seats {
        names: (0..2).map(|t| team_name(seats, t)).collect(),
        users: vec![seats.user(0), seats.user(1)],
        ..seats.clone()
    }
}

fn scores_line(lang: Lang, seats: &Seats, totals: &[u32], lines: &[u32]) -> String {
    (0..2)
        .map(|t| {
            tr!(
                lang,
                "table-score",
                player = team_name(seats, t),
                total = totals.get(t).copied().unwrap_or_default(),
                lines = lines.get(t).copied().unwrap_or_default()
            )
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

fn title(lang: Lang, key: &str, seats: &Seats, target: u32, hand: u32) -> String {
    tr!(
        lang,
        key,
        preset = seats.preset.to_string(),
        target = target,
        hand = hand
    )
}

/// Partnership Gin's table message: the teams' score, then each table as it stands, with
/// both players to move mentioned.
pub fn partnership_table(lang: Lang, seats: &Seats, tables: &[TableView; 2]) -> Msg {
    let first = &tables[0];
    let mut lines = vec![
        title(
            lang,
            "pship-title",
            seats,
            first.rules.target,
            first.deal_no + 1,
        ),
        scores_line(lang, seats, &first.totals, &first.lines),
    ];
    let mut mentions = Vec::new();
    for (t, view) in tables.iter().enumerate() {
        lines.push(tr!(
            lang,
            "pship-table",
            table = t + 1,
            first = seats.name(view.players[0]).to_string(),
            second = seats.name(view.players[1]).to_string(),
            dealer = seats.name(view.dealer).to_string()
        ));
        lines.push(pile_line(lang, &view.discard_pile, view.stock_count));
        if view.rules.oklahoma {
            lines.push(tr!(lang, "table-knock-limit", limit = view.knock_limit));
        }
        for (i, known) in view.known.iter().enumerate() {
            if !known.is_empty() {
                lines.push(tr!(
                    lang,
                    "table-took",
                    player = seats.name(view.players[i]).to_string(),
                    cards = cards(lang, known.iter().copied())
                ));
            }
        }
        if let Some(&(seat, action)) = view.actions.last() {
            lines.push(action_text(lang, seats, seat, action));
        }
        match prompt(lang, seats, view) {
            Some(p) => {
                lines.push(p);
                mentions.extend(view.to_act.map(|s| seats.user(s)));
            }
            None if view.status == MatchStatus::InProgress => {
                lines.push(tr!(lang, "pship-table-waits", table = t + 1))
            }
            None => {}
        }
    }
    let in_play = first.status == MatchStatus::InProgress;
    if in_play {
        lines.push(tr!(
            lang,
            "pship-commitments",
            first = first.commitment.clone(),
            second = tables[1].commitment.clone()
        ));
    } else {
        lines.push(end_line(lang, &first.status));
    }
    table_msg(lang, seats, lines, in_play, mentions)
}

/// A finished Partnership deal: each table's showdown, what the teams make of them, the
/// totals and both tables' seeds.
pub fn partnership_showdown(lang: Lang, seats: &Seats, rec: &DealRecord) -> Msg {
    let mut lines = vec![tr!(lang, "pship-hand-over", hand = rec.deal_no + 1)];
    for (t, table) in rec.tables.iter().enumerate() {
        lines.push(tr!(lang, "pship-table-result", table = t + 1));
        lines.extend(showdown_lines(
            lang,
            seats,
            rec.deal_no + 1,
            table.players,
            table.dealer,
            &table.end,
        ));
    }
    let winners: Vec<Option<Seat>> = rec
        .tables
        .iter()
        .map(|t| t.end.winner(t.players).map(|(s, _)| s))
        .collect();
    let one_team = matches!((winners[0], winners[1]), (Some(a), Some(b)) if a % 2 == b % 2);
    lines.push(match rec.scored {
        Some((team, points)) => tr!(
            lang,
            if one_team {
                "pship-scores-sum"
            } else {
                "pship-scores-difference"
            },
            team = team_name(seats, team),
            points = points
        ),
        None => tr!(lang, "pship-scores-nothing"),
    });
    let teams = team_seats(seats);
    lines.push(deal_footer(lang, &teams, &rec.totals, &rec.tables[0].seed)[0].clone());
    for (t, table) in rec.tables.iter().enumerate() {
        lines.push(format!(
            "{} {}",
            tr!(lang, "pship-table-short", table = t + 1),
            deal_footer(lang, &teams, &[], &table.seed)[1]
        ));
    }
    Msg::text(lines.join("\n"))
}

/// The end of a team match: the settlement between the teams, spoken of in the plural.
pub fn teams_end(lang: Lang, seats: &Seats, s: &Settlement, rules: &Rules) -> Msg {
    const TEAM_END: EndWords = EndWords {
        title: "teams-end-title",
        resigned: "teams-end-resigned",
        payment: "teams-end-payment",
    };
    let mut lines = settlement_lines(lang, &team_seats(seats), s, rules, &TEAM_END);
    let winners = team_name(seats, usize::from(s.winner));
    lines.push(tr!(lang, "teams-end-note", team = winners));
    Msg::text(lines.join("\n"))
}

/// A Team Gin move as everyone saw it.
fn team_move_text(lang: Lang, seats: &Seats, seat: Seat, mv: TeamMove) -> String {
    let player = seats.name(seat).to_string();
    match mv {
        TeamMove::TookUpcard(c) => tr!(
            lang,
            "team-act-upcard",
            player = player,
            card = card(lang, c)
        ),
        TeamMove::Passed => tr!(lang, "act-pass", player = player),
        TeamMove::DrewStock => tr!(lang, "act-draw-stock", player = player),
        TeamMove::DrewDiscard(c) => {
            tr!(lang, "team-act-pile", player = player, card = card(lang, c))
        }
        TeamMove::Swapped => tr!(
            lang,
            "team-act-swap",
            player = player,
            partner = seats.name(partner_of(seat)).to_string()
        ),
        TeamMove::Returned => tr!(
            lang,
            "team-act-return",
            player = player,
            partner = seats.name(partner_of(seat)).to_string()
        ),
        TeamMove::Discarded(c) => tr!(lang, "act-discard", player = player, card = card(lang, c)),
        TeamMove::Knocked(_) => tr!(lang, "act-knock", player = player),
    }
}

/// Who must do what now, for the table (with a mention) or the hand message (`you`).
fn team_prompt(lang: Lang, seats: &Seats, t: &TeamTable) -> Option<String> {
    let seat = t.to_act?;
    let player = seats.mention(seat);
    let top = t
        .discard_pile
        .last()
        .map(|&c| card(lang, c))
        .unwrap_or_default();
    Some(match t.stage {
        TeamStage::UpcardOffer => tr!(lang, "prompt-upcard", player = player, card = top),
        TeamStage::Draw { stock_only: true } => {
            tr!(lang, "team-prompt-draw-stock", player = player)
        }
        TeamStage::Draw { .. } => tr!(lang, "prompt-draw", player = player, card = top),
        TeamStage::Turn { swapped: false } => tr!(lang, "team-prompt-turn", player = player),
        TeamStage::Turn { swapped: true } => tr!(lang, "prompt-discard", player = player),
        TeamStage::SwapBack => tr!(
            lang,
            "team-prompt-return",
            player = player,
            partner = seats.name(partner_of(seat)).to_string()
        ),
        TeamStage::Over => return None,
    })
}

/// Team Gin's public table.
pub fn team_table(lang: Lang, seats: &Seats, t: &TeamTable) -> Msg {
    let mut lines = vec![
        title(lang, "team-title", seats, t.rules.target, t.deal_no + 1),
        scores_line(lang, seats, &t.totals, &t.lines),
        tr!(
            lang,
            "team-dealer",
            player = seats.name(t.dealer).to_string(),
            holds = (0..4)
                .map(|s| format!("{} {}", seats.name(s), t.hand_sizes[usize::from(s)]))
                .collect::<Vec<_>>()
                .join(" · ")
        ),
        pile_line(lang, &t.discard_pile, t.stock_count),
    ];
    if t.rules.oklahoma {
        lines.push(tr!(lang, "table-knock-limit", limit = t.knock_limit));
    }
    if t.swaps > 0 {
        lines.push(tr!(lang, "team-swaps", count = t.swaps));
    }
    lines.push(tr!(
        lang,
        "table-commitment",
        commitment = t.commitment.clone()
    ));
    for (s, known) in t.known.iter().enumerate() {
        if !known.is_empty() {
            lines.push(tr!(
                lang,
                "table-took",
                player = seats.name(s as Seat).to_string(),
                cards = cards(lang, known.iter())
            ));
        }
    }
    if let Some((seat, mv)) = t.last {
        lines.push(team_move_text(lang, seats, seat, mv));
    }
    let mut mentions = Vec::new();
    if let Some(p) = team_prompt(lang, seats, t) {
        lines.push(p);
        mentions.extend(t.to_act.map(|s| seats.user(s)));
    } else {
        lines.push(end_line(lang, &t.status));
    }
    table_msg(lang, seats, lines, t.to_act.is_some(), mentions)
}

/// A Team Gin player's hand message: their hand and their partner's (marked), the table's
/// state, and the buttons of the moment: take or pass, draw, discard, swap, knock, and the
/// partner's answer to a swap.
pub fn team_hand(
    lang: Lang,
    seats: &Seats,
    t: &TeamTable,
    view: &TeamView,
    mode: HandMode,
    note: Option<&str>,
) -> Msg {
    let me = view.seat;
    let partner = partner_of(me);
    let mut lines = Vec::new();
    if let Some(note) = note {
        lines.push(format!("> {note}"));
    }
    lines.push(tr!(
        lang,
        "team-hand-title",
        hand = t.deal_no + 1,
        partner = seats.name(partner).to_string(),
        opponents = team_name(seats, usize::from(left_of(me) % 2))
    ));
    let (own, own_dw) = arranged(lang, view.hand);
    lines.push(tr!(lang, "hand-cards", cards = own, deadwood = own_dw));
    let (theirs, their_dw) = arranged(lang, view.partner_hand);
    lines.push(tr!(
        lang,
        "team-partner-cards",
        partner = seats.name(partner).to_string(),
        cards = theirs,
        deadwood = their_dw
    ));
    lines.push(format!(
        "{} · {}",
        pile_line(lang, &t.discard_pile, t.stock_count),
        [left_of(me), left_of(partner)]
            .iter()
            .map(|&s| {
                tr!(
                    lang,
                    "hand-opponent-cards",
                    player = seats.name(s).to_string(),
                    count = t.hand_sizes[usize::from(s)]
                )
            })
            .collect::<Vec<_>>()
            .join(" · ")
    ));
    for s in [left_of(me), left_of(partner)] {
        let known = t.known[usize::from(s)];
        if !known.is_empty() {
            lines.push(tr!(
                lang,
                "table-took",
                player = seats.name(s).to_string(),
                cards = cards(lang, known.iter())
            ));
        }
    }
    if t.rules.oklahoma {
        lines.push(tr!(lang, "table-knock-limit", limit = t.knock_limit));
    }
    let refresh = refresh_button(lang, seats);
    if t.to_act != Some(me) {
        lines.push(match (t.to_act, t.stage) {
            (Some(p), TeamStage::SwapBack) if p == partner => tr!(
                lang,
                "team-wait-return",
                partner = seats.name(partner).to_string(),
                card = view.swap_given.map(|c| card(lang, c)).unwrap_or_default()
            ),
            (Some(s), _) => tr!(lang, "hand-wait", player = seats.name(s).to_string()),
            (None, _) if t.status == MatchStatus::Cancelled => tr!(lang, "table-cancelled"),
            (None, _) => tr!(lang, "table-over"),
        });
        return Msg::text(lines.join("\n")).with_buttons(vec![refresh]);
    }
    let top = t
        .discard_pile
        .last()
        .map(|&c| card(lang, c))
        .unwrap_or_default();
    let legal = &view.legal_actions;
    let mut buttons = Vec::new();
    let button = |act: Act, label: String, style: Style| Button::new(seats.act(act), label, style);
    match t.stage {
        TeamStage::UpcardOffer => {
            lines.push(tr!(lang, "you-upcard", card = top.clone()));
            buttons.push(button(
                Act::TakeUpcard,
                tr!(lang, "button-take-upcard", card = top),
                Style::Success,
            ));
            buttons.push(button(
                Act::Pass,
                tr!(lang, "button-pass"),
                Style::Secondary,
            ));
        }
        TeamStage::Draw { .. } => {
            lines.push(tr!(lang, "you-draw"));
            if legal.contains(&TeamAction::Play(Action::DrawStock)) {
                buttons.push(button(
                    Act::DrawStock,
                    tr!(lang, "button-draw-stock"),
                    Style::Primary,
                ));
            }
            if legal.contains(&TeamAction::Play(Action::DrawDiscard)) {
                buttons.push(button(
                    Act::DrawDiscard,
                    tr!(lang, "button-take-discard", card = top),
                    Style::Secondary,
                ));
            }
        }
        TeamStage::SwapBack => {
            lines.push(tr!(
                lang,
                "team-you-return",
                partner = seats.name(partner).to_string(),
                card = view.swap_given.map(|c| card(lang, c)).unwrap_or_default()
            ));
            for a in legal {
                if let TeamAction::Return(c) = a {
                    buttons.push(button(Act::Return(*c), card(lang, *c), Style::Primary));
                }
            }
        }
        TeamStage::Turn { .. } => turn_buttons(lang, view, mode, &mut lines, &mut buttons, &button),
        TeamStage::Over => {}
    }
    buttons.push(refresh);
    Msg::text(lines.join("\n")).with_buttons(buttons)
}

/// The buttons after the draw: discards, the swap and the knock, or one of their choices.
fn turn_buttons(
    lang: Lang,
    view: &TeamView,
    mode: HandMode,
    lines: &mut Vec<String>,
    buttons: &mut Vec<Button>,
    button: &dyn Fn(Act, String, Style) -> Button,
) {
    let legal = &view.legal_actions;
    let knocks: Vec<(Card, u32)> = legal
        .iter()
        .filter_map(|a| match a {
            TeamAction::Play(Action::Knock(c)) => Some((*c, min_deadwood(view.hand.without(*c)))),
            _ => None,
        })
        .collect();
    let swaps: Vec<Card> = legal
        .iter()
        .filter_map(|a| match a {
            TeamAction::Swap(c) => Some(*c),
            _ => None,
        })
        .collect();
    match mode {
        HandMode::Knock if !knocks.is_empty() => {
            lines.push(tr!(lang, "you-knock", limit = view.knock_limit));
            for &(c, dw) in &knocks {
                let label = knock_label(lang, c, dw);
                buttons.push(button(Act::Knock(c), label, Style::Danger));
            }
            buttons.push(button(
                Act::Back,
                tr!(lang, "button-back"),
                Style::Secondary,
            ));
        }
        HandMode::Swap if !swaps.is_empty() => {
            lines.push(tr!(lang, "team-you-swap"));
            for c in swaps {
                buttons.push(button(Act::Swap(c), card(lang, c), Style::Primary));
            }
            buttons.push(button(
                Act::Back,
                tr!(lang, "button-back"),
                Style::Secondary,
            ));
        }
        _ => {
            lines.push(tr!(
                lang,
                if swaps.is_empty() {
                    "you-discard"
                } else {
                    "team-you-discard-or-swap"
                }
            ));
            for a in legal {
                if let TeamAction::Play(Action::Discard(c)) = a {
                    buttons.push(button(Act::Discard(*c), card(lang, *c), Style::Secondary));
                }
            }
            if !swaps.is_empty() {
                buttons.push(button(
                    Act::SwapMode,
                    tr!(lang, "team-button-swap"),
                    Style::Primary,
                ));
            }
            if let Some(&(c, _)) = knocks.iter().find(|k| k.1 == 0) {
                buttons.push(button(
                    Act::Knock(c),
                    tr!(lang, "button-gin", card = card(lang, c)),
                    Style::Success,
                ));
            }
            // Every other knock is one press further (a team may want one that is not gin).
            if knocks.iter().any(|k| k.1 > 0) {
                buttons.push(button(
                    Act::KnockMode,
                    tr!(lang, "button-knock-mode"),
                    Style::Danger,
                ));
            }
        }
    }
}

/// A finished Team Gin hand, public: all four hands as laid out, the layoffs and who laid off
/// where, each team's deadwood and the points.
pub fn team_showdown(lang: Lang, seats: &Seats, rec: &TeamHandRecord) -> Msg {
    let hand = rec.deal_no + 1;
    let mut lines = Vec::new();
    match &rec.end {
        TeamHandEnd::Dead => lines.push(tr!(
            lang,
            "showdown-dead",
            hand = hand,
            dealer = seats.name(rec.dealer).to_string()
        )),
        TeamHandEnd::Knocked {
            knocker,
            showdown: s,
            score,
            ..
        } => {
            let knocker = *knocker;
            let knocking_team = usize::from(knocker % 2);
            let key = match s.kind {
                ShowdownKind::Gin => "team-showdown-gin",
                ShowdownKind::Knock => "team-showdown-knock",
                ShowdownKind::Undercut => "team-showdown-undercut",
            };
            lines.push(tr!(
                lang,
                key,
                hand = hand,
                knocker = seats.name(knocker).to_string(),
                team = team_name(seats, knocking_team),
                defenders = team_name(seats, 1 - knocking_team)
            ));
            let knocking = [knocker, partner_of(knocker)];
            let defending = [left_of(knocker), left_of(partner_of(knocker))];
            for (side_of, seat) in s.knocking.iter().zip(knocking) {
                lines.push(side(
                    lang,
                    seats.name(seat),
                    &side_of.melds,
                    &side_of.deadwood_cards,
                    side_of.deadwood,
                ));
            }
            for (side_of, seat) in s.defending.iter().zip(defending) {
                lines.push(side(
                    lang,
                    seats.name(seat),
                    &side_of.melds,
                    &side_of.deadwood_cards,
                    side_of.deadwood,
                ));
            }
            // One line per defender and meld laid off onto, in the order of the layoffs.
            let mut groups: Vec<((usize, usize, usize), Vec<Card>)> = Vec::new();
            for l in &s.layoffs {
                let key = (l.from, l.onto_player, l.onto);
                match groups.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, cards)) => cards.push(l.card),
                    None => groups.push((key, vec![l.card])),
                }
            }
            for ((from, onto_player, onto), laid) in groups {
                lines.push(tr!(
                    lang,
                    "team-layoff",
                    player = seats.name(defending[from]).to_string(),
                    card = cards(lang, laid),
                    meld = meld(lang, &s.knocking[onto_player].melds[onto]),
                    owner = seats.name(knocking[onto_player]).to_string()
                ));
            }
            lines.push(tr!(
                lang,
                "team-deadwood",
                team = team_name(seats, knocking_team),
                knocking = s.knocking_deadwood,
                defenders = team_name(seats, 1 - knocking_team),
                defending = s.defending_deadwood
            ));
            let winner = if score.knocking_team_won {
                knocking_team
            } else {
                1 - knocking_team
            };
            lines.push(tr!(
                lang,
                "team-score",
                team = team_name(seats, winner),
                points = score.points
            ));
        }
    }
    lines.extend(deal_footer(
        lang,
        &team_seats(seats),
        &rec.totals,
        &rec.seed,
    ));
    Msg::text(lines.join("\n"))
}

/// The rules of a four-player match: the Gin rules it plays by, then the mode's own.
pub fn rules(lang: Lang, preset: &str, rules: &Rules, team: bool) -> String {
    let mode = tr!(
        lang,
        if team {
            "rules-team"
        } else {
            "rules-partnership"
        }
    );
    format!(
        "{mode}\n{}\n{}",
        tr!(lang, "rules-seating"),
        rules_text(lang, preset, rules)
    )
}

/// The challenge line of a four-player match: the mode and the two teams as they will sit.
pub fn challenge_teams(lang: Lang, players: &[u64; 4], team: bool) -> String {
    let mention = |u: u64| format!("<@{u}>");
    tr!(
        lang,
        "challenge-teams",
        mode = tr!(
            lang,
            if team {
                "mode-team"
            } else {
                "mode-partnership"
            }
        ),
        first = format!("{} & {}", mention(players[0]), mention(players[2])),
        second = format!("{} & {}", mention(players[1]), mention(players[3]))
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::TeamMatch;

    fn seats() -> Seats {
        Seats {
            match_id: 7,
            version: 3,
            preset: "classic".into(),
            names: ["Ann", "Bob", "Cat", "Dan"].map(String::from).to_vec(),
            users: vec![1, 2, 3, 4],
        }
    }

    /// Every button of every hand message of a whole Team Gin match fits Discord's limits, and
    /// the swap's choices offer the cards of the mover's own hand.
    #[test]
    fn team_hand_messages_fit_discord_and_offer_the_moves_of_the_moment() {
        let mut m = TeamMatch::new(Rules::default(), [31; 32]);
        let mut steps = 0;
        while !m.is_over() && steps < 400 {
            let seat = m.to_act().unwrap();
            let view = m.view_for(seat);
            for mode in [HandMode::Normal, HandMode::Knock, HandMode::Swap] {
                let msg = team_hand(Lang::En, &seats(), &m.table_view(), &view, mode, None);
                assert!(msg.rows.len() <= 5 && msg.rows.iter().all(|r| r.len() <= 5));
                assert!(msg.content.chars().count() <= 2000);
            }
            let swap = view
                .legal_actions
                .iter()
                .find(|a| matches!(a, TeamAction::Swap(_)));
            let msg = team_hand(
                Lang::En,
                &seats(),
                &m.table_view(),
                &view,
                HandMode::Swap,
                None,
            );
            if let Some(TeamAction::Swap(c)) = swap {
                assert!(msg.buttons().any(|b| b.id == seats().act(Act::Swap(*c))));
            }
            // Swap on every second turn; else the AI's move.
            let action = match swap {
                Some(s) if steps % 2 == 0 => *s,
                _ => crate::engine::ai::team::decide_team(&view),
            };
            m.apply(seat, action).unwrap();
            steps += 1;
        }
    }

    /// `/gin rules` explains each mode, and how partners are seated, in both languages.
    #[test]
    fn the_rules_explain_each_mode_in_both_languages() {
        let r = Rules::default();
        for (lang, swap, seating) in [
            (Lang::En, "swap", "Partners sit opposite"),
            (Lang::De, "tauschen", "Partner sitzen sich gegenüber"),
        ] {
            let team = rules(lang, "classic", &r, true);
            let partnership = rules(lang, "classic", &r, false);
            assert!(team.contains("**Team Gin") && team.contains(swap), "{team}");
            assert!(partnership.contains("**Partnership Gin**"), "{partnership}");
            assert!(team.contains(seating) && partnership.contains(seating));
        }
    }

    /// A move Team Gin refuses is explained in words, never as an internal error.
    #[test]
    fn team_gin_refusals_say_what_is_wrong() {
        use crate::engine::{ActionError, TeamError, TeamMatchError};
        use crate::games::{GameError, Note};
        let refusals = || {
            [
                TeamError::Play(ActionError::NotYourTurn),
                TeamError::Play(ActionError::AboveKnockLimit {
                    deadwood: 12,
                    limit: 10,
                }),
                TeamError::AlreadySwapped,
                TeamError::SwapPending,
                TeamError::NoSwapNow,
                TeamError::NoSwapToAnswer,
            ]
        };
        for lang in [Lang::En, Lang::De] {
            let internal = tr!(lang, "err-internal");
            let mut said = Vec::new();
            for e in refusals() {
                let note = Note::Refused(GameError::Team(TeamMatchError::Hand(e)));
                let text = super::super::render::note_text(lang, &note);
                assert_ne!(text, internal, "{note:?}");
                assert!(!said.contains(&text), "{text}");
                said.push(text);
            }
            assert_eq!(said[0], tr!(lang, "err-not-your-turn"));
        }
    }

    #[test]
    fn the_team_table_shows_a_swap_but_not_its_card() {
        let mut m = TeamMatch::new(Rules::default(), [32; 32]);
        let seat = m.to_act().unwrap();
        m.apply(seat, TeamAction::Play(Action::TakeUpcard)).unwrap();
        let give = m.hand.hands[usize::from(seat)]
            .iter()
            .find(|&c| c != m.hand.upcard)
            .unwrap();
        m.apply(seat, TeamAction::Swap(give)).unwrap();
        let msg = team_table(Lang::En, &seats(), &m.table_view());
        assert!(!msg.content.contains(&card(Lang::En, give)));
        assert!(msg.content.contains("gave"), "{}", msg.content);
        let partner = m.view_for(partner_of(seat));
        let hand = team_hand(
            Lang::En,
            &seats(),
            &m.table_view(),
            &partner,
            HandMode::Normal,
            None,
        );
        assert_eq!(
            hand.buttons().count(),
            9,
            "eight cards to give back, and Refresh"
        );
    }
}
