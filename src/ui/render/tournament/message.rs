//! The event's public message, one per event, edited as it goes: sign-up (the field, Join
//! and Leave), then each round's tables and the standings (a knockout's bracket), then the
//! final standings. It pings nobody: the announcements and the tables call the players.

use super::about::{self, relative};
use super::field::Field;
use super::page::{compose, List, Part, LIMIT};
use super::{bracket, rounds};
use crate::games::organizer::TournamentScene;
use crate::games::tournament::TournamentFormat;
use crate::store::TournamentState;
use crate::tr;
use crate::ui::ids::Press;
use crate::ui::model::{Button, Msg, Style};

/// The public message of an event as it stands.
pub fn tournament(s: &TournamentScene) -> Msg {
    let mut parts = vec![Part::Line(about::title(s)), Part::Line(about::about(s))];
    match s.stage {
        TournamentState::SignUp => signing_up(s, &mut parts),
        TournamentState::Running => running(s, &mut parts),
        TournamentState::Finished => finished(s, &mut parts),
        TournamentState::Cancelled => parts.push(Part::Line(tr!(s.lang, "tournament-cancelled"))),
    }
    let msg = Msg::text(compose(s.lang, &parts, LIMIT));
    if s.stage != TournamentState::SignUp {
        return msg;
    }
    // Teams sign up with the command that names the partner; the partner named confirms
    // with Join (or the command).
    let join = Button::new(
        Press::Join(s.id).encode(),
        tr!(s.lang, "button-join"),
        Style::Success,
    );
    let leave = Button::new(
        Press::Leave(s.id).encode(),
        tr!(s.lang, "button-leave"),
        Style::Secondary,
    );
    msg.with_buttons(vec![join, leave])
}

fn signing_up(s: &TournamentScene, parts: &mut Vec<Part>) {
    let lang = s.lang;
    parts.push(Part::Line(tr!(
        lang,
        "tournament-signup",
        closes = relative(s.signup_closes),
        length = about::duration(lang, s.round_minutes)
    )));
    if s.game.teams {
        parts.push(Part::Line(tr!(lang, "tournament-signup-teams")));
    }
    if s.entrants.is_empty() {
        parts.push(Part::Line(tr!(lang, "tournament-no-entrants")));
        return;
    }
    let names = s
        .entrants
        .iter()
        .map(|e| {
            let name = crate::ui::text::escape(&e.name());
            // A team waiting for its partner to confirm is not in the field yet.
            if e.awaiting_partner {
                format!("⏳ {name}")
            } else {
                name
            }
        })
        .collect();
    parts.push(Part::List(List {
        head: Some(tr!(lang, "tournament-entrants", count = s.entrants.len())),
        after_head: "\n",
        items: names,
        sep: ", ",
    }));
}

fn running(s: &TournamentScene, parts: &mut Vec<Part>) {
    let field = Field::of(s);
    let lang = s.lang;
    let current = s.round.as_ref().map(|round| {
        parts.push(Part::Line(tr!(
            lang,
            "tournament-round",
            round = round.number,
            rounds = s.planned_rounds.max(round.number),
            deadline = relative(round.deadline)
        )));
        let name = |e| field.name(e);
        parts.push(Part::List(List::lines(
            None,
            rounds::tables(lang, &round.tables, &name),
        )));
        round.number - 1
    });
    let head = tr!(lang, "tournament-standings");
    results(s, &field, current, Some(head), parts);
}

fn finished(s: &TournamentScene, parts: &mut Vec<Part>) {
    let field = Field::of(s);
    parts.push(Part::Line(tr!(s.lang, "tournament-final-standings")));
    if let Some(first) = s.standings.first() {
        parts.push(Part::Line(tr!(
            s.lang,
            "tournament-winner",
            name = field.name(first.entrant)
        )));
    }
    results(s, &field, None, None, parts);
}

/// The standings under `head`, or a knockout's bracket (but for the round `shown` as tables
/// above).
fn results(
    s: &TournamentScene,
    field: &Field,
    shown: Option<usize>,
    head: Option<String>,
    parts: &mut Vec<Part>,
) {
    match (&s.format, &s.bracket) {
        (TournamentFormat::Knockout, Some(b)) => {
            let lists = bracket::lists(s.lang, field, b, shown);
            if !lists.is_empty() {
                parts.push(Part::Line(tr!(s.lang, "tournament-bracket")));
                parts.extend(lists.into_iter().map(Part::List));
            }
        }
        _ if !s.standings.is_empty() => parts.push(Part::List(List::lines(
            head,
            rounds::standings(s.lang, field, &s.standings),
        ))),
        _ => {}
    }
}
