//! The four-player games in messages (RULES.md section 11): Partnership Gin's two tables on
//! one table message, Team Gin's table, its hand message with both of the team's hands and
//! the swap, both showdowns, the teams' match end and the rules of each mode. Both play Gin's
//! hands by Gin's rules, so they build on the Gin renderer ([`super::gin`]).
//!
//! Public messages come from [`TableView`]s and the [`TeamTable`] (no hidden card); a Team Gin
//! hand message from the seat's own [`TeamView`], which holds its hand and its partner's only.

use super::gin::{
    action_text, challenge_text as gin_challenge_text, play, prompt, rules_text, settlement_lines,
    showdown_lines, EndWords,
};
use super::words::{
    arranged, card, cards, deal_footer, end_line, knock_label, meld, mention, pile_line,
    refresh_button, side, table_msg, took_line, SeatsExt, Turn,
};
use crate::engine::partnership::DealRecord;
use crate::engine::team::{left_of, partner_of};
use crate::engine::{
    min_deadwood, Action, Card, MatchStatus, Rules, Seat, Settlement, ShowdownKind, TableView,
    TeamAction, TeamError, TeamHandEnd, TeamHandRecord, TeamMove, TeamScore, TeamShowdown,
    TeamStage, TeamTable, TeamView,
};
use crate::games::{ChallengeScene, HandMode, Seats};
use crate::games::{Move, Play};
use crate::i18n::Lang;
use crate::tr;
use crate::ui::model::{Button, Msg, Style};

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
        let (table_lines, to_move) = partnership_table_lines(lang, seats, t, view);
        lines.extend(table_lines);
        mentions.extend(to_move);
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

/// Table `t` of a Partnership deal: its players and dealer, the pile, what was taken, the
/// last action, and who is to move there (also returned, to be mentioned).
fn partnership_table_lines(
    lang: Lang,
    seats: &Seats,
    t: usize,
    view: &TableView,
) -> (Vec<String>, Option<u64>) {
    let mut lines = vec![
        tr!(
            lang,
            "pship-table",
            table = t + 1,
            first = seats.name(view.players[0]).to_string(),
            second = seats.name(view.players[1]).to_string(),
            dealer = seats.name(view.dealer).to_string()
        ),
        pile_line(lang, &view.discard_pile, view.stock_count),
    ];
    if view.rules.oklahoma {
        lines.push(tr!(lang, "table-knock-limit", limit = view.knock_limit));
    }
    for (i, known) in view.known.iter().enumerate() {
        if !known.is_empty() {
            let player = seats.name(view.players[i]);
            lines.push(took_line(lang, player, known.iter().copied()));
        }
    }
    if let Some(&(seat, action)) = view.actions.last() {
        lines.push(action_text(lang, seats, seat, action));
    }
    let mut to_move = None;
    match prompt(lang, seats, view) {
        Some(p) => {
            lines.push(p);
            to_move = view.to_act.map(|s| seats.user(s));
        }
        None if view.status == MatchStatus::InProgress => {
            lines.push(tr!(lang, "pship-table-waits", table = t + 1))
        }
        None => {}
    }
    (lines, to_move)
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
            lines.push(took_line(lang, seats.name(s as Seat), known.iter()));
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
    let mut lines = team_hand_lines(lang, seats, t, view, note);
    let refresh = refresh_button(lang, seats);
    if t.to_act != Some(view.seat) {
        lines.push(waiting_line(lang, seats, t, view));
        return Msg::text(lines.join("\n")).with_buttons(vec![refresh]);
    }
    let mut buttons = Vec::new();
    if let Some(turn) = team_turn(lang, seats, t, view, mode) {
        lines.push(turn.line);
        buttons = turn.buttons;
    }
    buttons.push(refresh);
    Msg::text(lines.join("\n")).with_buttons(buttons)
}

/// A Team Gin hand message before its moves: the note, the title, both of the team's hands,
/// the pile and the opponents' counts, what they took, the knock limit.
fn team_hand_lines(
    lang: Lang,
    seats: &Seats,
    t: &TeamTable,
    view: &TeamView,
    note: Option<&str>,
) -> Vec<String> {
    let me = view.seat;
    let partner = partner_of(me);
    let opponents = [left_of(me), left_of(partner)];
    let mut lines: Vec<String> = note.map(|n| format!("> {n}")).into_iter().collect();
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
    let counts: Vec<String> = opponents
        .iter()
        .map(|&s| {
            tr!(
                lang,
                "hand-opponent-cards",
                player = seats.name(s).to_string(),
                count = t.hand_sizes[usize::from(s)]
            )
        })
        .collect();
    lines.push(format!(
        "{} · {}",
        pile_line(lang, &t.discard_pile, t.stock_count),
        counts.join(" · ")
    ));
    for s in opponents {
        let known = t.known[usize::from(s)];
        if !known.is_empty() {
            lines.push(took_line(lang, seats.name(s), known.iter()));
        }
    }
    if t.rules.oklahoma {
        lines.push(tr!(lang, "table-knock-limit", limit = t.knock_limit));
    }
    lines
}

/// The last line of a hand whose player is not to move: the partner choosing the card to
/// give back, whom else it waits for, or why nobody.
fn waiting_line(lang: Lang, seats: &Seats, t: &TeamTable, view: &TeamView) -> String {
    let partner = partner_of(view.seat);
    match (t.to_act, t.stage) {
        (Some(p), TeamStage::SwapBack) if p == partner => tr!(
            lang,
            "team-wait-return",
            partner = seats.name(partner).to_string(),
            card = view.swap_given.map(|c| card(lang, c)).unwrap_or_default()
        ),
        (Some(s), _) => tr!(lang, "hand-wait", player = seats.name(s).to_string()),
        (None, _) if t.status == MatchStatus::Cancelled => tr!(lang, "table-cancelled"),
        (None, _) => tr!(lang, "table-over"),
    }
}

/// The moves of the player to move, by the stage of the hand (none once it is over).
fn team_turn(
    lang: Lang,
    seats: &Seats,
    t: &TeamTable,
    view: &TeamView,
    mode: HandMode,
) -> Option<Turn> {
    let top = t
        .discard_pile
        .last()
        .map(|&c| card(lang, c))
        .unwrap_or_default();
    let legal = &view.legal_actions;
    Some(match t.stage {
        TeamStage::UpcardOffer => Turn {
            line: tr!(lang, "you-upcard", card = top.clone()),
            buttons: vec![
                seats.button(
                    play(Action::TakeUpcard),
                    tr!(lang, "button-take-upcard", card = top),
                    Style::Success,
                ),
                seats.button(
                    play(Action::Pass),
                    tr!(lang, "button-pass"),
                    Style::Secondary,
                ),
            ],
        },
        TeamStage::Draw { .. } => {
            let mut buttons = Vec::new();
            if legal.contains(&TeamAction::Play(Action::DrawStock)) {
                let label = tr!(lang, "button-draw-stock");
                buttons.push(seats.button(play(Action::DrawStock), label, Style::Primary));
            }
            if legal.contains(&TeamAction::Play(Action::DrawDiscard)) {
                let label = tr!(lang, "button-take-discard", card = top);
                buttons.push(seats.button(play(Action::DrawDiscard), label, Style::Secondary));
            }
            Turn {
                line: tr!(lang, "you-draw"),
                buttons,
            }
        }
        TeamStage::SwapBack => return_turn(lang, seats, view),
        TeamStage::Turn { .. } => after_draw(lang, seats, view, mode),
        TeamStage::Over => return None,
    })
}

/// The partner's answer to a swap: which card of theirs to give back.
fn return_turn(lang: Lang, seats: &Seats, view: &TeamView) -> Turn {
    let line = tr!(
        lang,
        "team-you-return",
        partner = seats.name(partner_of(view.seat)).to_string(),
        card = view.swap_given.map(|c| card(lang, c)).unwrap_or_default()
    );
    let buttons = view
        .legal_actions
        .iter()
        .filter_map(|a| match a {
            TeamAction::Return(c) => Some(seats.button(
                Move::Play(Play::Team(TeamAction::Return(*c))),
                card(lang, *c),
                Style::Primary,
            )),
            _ => None,
        })
        .collect();
    Turn { line, buttons }
}

/// The moves after the draw: discards, the swap and the knock, or one of their choices.
fn after_draw(lang: Lang, seats: &Seats, view: &TeamView, mode: HandMode) -> Turn {
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
    let back = || seats.button(Move::Back, tr!(lang, "button-back"), Style::Secondary);
    match mode {
        HandMode::Knock if !knocks.is_empty() => {
            let mut buttons: Vec<Button> = knocks
                .iter()
                .map(|&(c, dw)| {
                    seats.button(
                        play(Action::Knock(c)),
                        knock_label(lang, c, dw),
                        Style::Danger,
                    )
                })
                .collect();
            buttons.push(back());
            let line = tr!(lang, "you-knock", limit = view.knock_limit);
            Turn { line, buttons }
        }
        HandMode::Swap if !swaps.is_empty() => {
            let mut buttons: Vec<Button> = swaps
                .into_iter()
                .map(|c| {
                    seats.button(
                        Move::Play(Play::Team(TeamAction::Swap(c))),
                        card(lang, c),
                        Style::Primary,
                    )
                })
                .collect();
            buttons.push(back());
            let line = tr!(lang, "team-you-swap");
            Turn { line, buttons }
        }
        _ => discard_turn(lang, seats, legal, &knocks, !swaps.is_empty()),
    }
}

/// After the draw, in the normal mode: the discards, then Swap, Gin and Knock where they
/// are legal.
fn discard_turn(
    lang: Lang,
    seats: &Seats,
    legal: &[TeamAction],
    knocks: &[(Card, u32)],
    may_swap: bool,
) -> Turn {
    let mut buttons: Vec<Button> = legal
        .iter()
        .filter_map(|a| match a {
            TeamAction::Play(Action::Discard(c)) => {
                Some(seats.button(play(Action::Discard(*c)), card(lang, *c), Style::Secondary))
            }
            _ => None,
        })
        .collect();
    if may_swap {
        let label = tr!(lang, "team-button-swap");
        buttons.push(seats.button(Move::ShowSwaps, label, Style::Primary));
    }
    if let Some(&(c, _)) = knocks.iter().find(|k| k.1 == 0) {
        let label = tr!(lang, "button-gin", card = card(lang, c));
        buttons.push(seats.button(play(Action::Knock(c)), label, Style::Success));
    }
    // Every other knock is one press further (a team may want one that is not gin).
    if knocks.iter().any(|k| k.1 > 0) {
        let label = tr!(lang, "button-knock-mode");
        buttons.push(seats.button(Move::ShowKnocks, label, Style::Danger));
    }
    let line = tr!(
        lang,
        if may_swap {
            "team-you-discard-or-swap"
        } else {
            "you-discard"
        }
    );
    Turn { line, buttons }
}

/// A finished Team Gin hand, public: all four hands as laid out, the layoffs and who laid off
/// where, each team's deadwood and the points.
pub fn team_showdown(lang: Lang, seats: &Seats, rec: &TeamHandRecord) -> Msg {
    let hand = rec.deal_no + 1;
    let mut lines = match &rec.end {
        TeamHandEnd::Dead => vec![tr!(
            lang,
            "showdown-dead",
            hand = hand,
            dealer = seats.name(rec.dealer).to_string()
        )],
        TeamHandEnd::Knocked {
            knocker,
            showdown,
            score,
            ..
        } => team_knock_lines(lang, seats, hand, *knocker, showdown, score),
    };
    lines.extend(deal_footer(
        lang,
        &team_seats(seats),
        &rec.totals,
        &rec.seed,
    ));
    Msg::text(lines.join("\n"))
}

/// A knocked Team Gin hand: who knocked for which team, the four hands, the layoffs, each
/// team's deadwood and who scores what.
fn team_knock_lines(
    lang: Lang,
    seats: &Seats,
    hand: u32,
    knocker: Seat,
    s: &TeamShowdown,
    score: &TeamScore,
) -> Vec<String> {
    let knocking_team = usize::from(knocker % 2);
    let (team, defenders) = (
        team_name(seats, knocking_team),
        team_name(seats, 1 - knocking_team),
    );
    let key = match s.kind {
        ShowdownKind::Gin => "team-showdown-gin",
        ShowdownKind::Knock => "team-showdown-knock",
        ShowdownKind::Undercut => "team-showdown-undercut",
    };
    let mut lines = vec![tr!(
        lang,
        key,
        hand = hand,
        knocker = seats.name(knocker).to_string(),
        team = team.clone(),
        defenders = defenders.clone()
    )];
    let knocking = [knocker, partner_of(knocker)];
    let defending = [left_of(knocker), left_of(partner_of(knocker))];
    let sides = s.knocking.iter().zip(knocking);
    for (side_of, seat) in sides.chain(s.defending.iter().zip(defending)) {
        lines.push(side(
            lang,
            seats.name(seat),
            &side_of.melds,
            &side_of.deadwood_cards,
            side_of.deadwood,
        ));
    }
    lines.extend(layoff_lines(lang, seats, s, knocking, defending));
    lines.push(tr!(
        lang,
        "team-deadwood",
        team = team,
        knocking = s.knocking_deadwood,
        defenders = defenders,
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
    lines
}

/// One line per defender and meld laid off onto, in the order of the layoffs.
fn layoff_lines(
    lang: Lang,
    seats: &Seats,
    s: &TeamShowdown,
    knocking: [Seat; 2],
    defending: [Seat; 2],
) -> Vec<String> {
    let mut groups: Vec<((usize, usize, usize), Vec<Card>)> = Vec::new();
    for l in &s.layoffs {
        let key = (l.from, l.onto_player, l.onto);
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, cards)) => cards.push(l.card),
            None => groups.push((key, vec![l.card])),
        }
    }
    groups
        .into_iter()
        .map(|((from, onto_player, onto), laid)| {
            tr!(
                lang,
                "team-layoff",
                player = seats.name(defending[from]).to_string(),
                card = cards(lang, laid),
                meld = meld(lang, &s.knocking[onto_player].melds[onto]),
                owner = seats.name(knocking[onto_player]).to_string()
            )
        })
        .collect()
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

/// A challenge to a four-player game: Gin's challenge, then the mode and the two teams as
/// they will sit (once three are challenged).
pub(super) fn challenge_text(s: &ChallengeScene, r: &Rules, team: bool) -> String {
    let text = gin_challenge_text(s, r);
    match s.row.opponents.as_slice() {
        [a, b, c] => {
            let players = [s.row.challenger.0, a.0, b.0, c.0];
            format!("{text}\n{}", challenge_teams(s.lang, &players, team))
        }
        _ => text,
    }
}

/// The challenge line of a four-player match: the mode and the two teams as they will sit.
pub fn challenge_teams(lang: Lang, players: &[u64; 4], team: bool) -> String {
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

/// A move Team Gin's swap does not allow, as the key of its words (Gin's own refusals are
/// told by `gin::action_error_text`).
pub(super) fn error_key(e: &TeamError) -> &'static str {
    match e {
        // Matched (with its words) in `note_text`.
        TeamError::Play(_) => "err-internal",
        TeamError::AlreadySwapped => "err-team-swapped",
        TeamError::SwapPending => "err-team-swap-pending",
        TeamError::NoSwapNow => "err-team-no-swap-now",
        TeamError::NoSwapToAnswer => "err-team-no-swap",
    }
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
                assert!(msg
                    .buttons()
                    .any(|b| b.id == seats().act(Move::Play(Play::Team(TeamAction::Swap(*c))))));
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
        use crate::games::{ErrorOf, GameError, Note};
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
                let note = Note::Refused(GameError::Engine(ErrorOf::Team(TeamMatchError::Hand(e))));
                let text = super::super::note_text(lang, &note);
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
