//! The posts that go with a step besides the event's message: a round's pairings with its
//! players called (mentioned and pinged), the final standings with the winner called, the
//! news that the event is off.

use super::about::relative;
use super::field::Field;
use super::page::{cap, compose, List, Part, LIMIT};
use super::{bracket, rounds};
use crate::games::organizer::{Announcement, TournamentScene};
use crate::games::tournament::{TournamentFormat, MIN_FIELD};
use crate::store::CancelCause;
use crate::tr;
use crate::ui::model::Msg;
use crate::ui::text::escape;

/// The posts of an announcement, in order. A round's pairings may take several: each player
/// is mentioned, and 128 tables of mentions do not fit in one message.
pub fn announcement(s: &TournamentScene, what: &Announcement) -> Vec<Msg> {
    match what {
        Announcement::Round(_) => paired(s),
        Announcement::Final => vec![over(s)],
        Announcement::Cancelled(cause) => {
            let key = match cause {
                Some(CancelCause::TooFew) => "tournament-too-few",
                Some(CancelCause::Moderator) if s.round.is_none() => "tournament-called-off-signup",
                Some(_) => "tournament-called-off",
                // Stored before the cause was kept: told from the field.
                None if s.round.is_none() && s.entrants.len() < MIN_FIELD => "tournament-too-few",
                None => "tournament-called-off",
            };
            vec![Msg::text(tr!(s.lang, key, name = escape(&s.name)))]
        }
    }
}

/// The round's tables, the players of each match to play mentioned (a bye, or a walkover
/// against a disqualified entrant, has nobody to call).
fn paired(s: &TournamentScene) -> Vec<Msg> {
    let Some(round) = &s.round else {
        return Vec::new();
    };
    let (lang, field) = (s.lang, Field::of(s));
    let head = tr!(
        lang,
        "tournament-paired",
        name = escape(&s.name),
        round = round.number,
        rounds = s.planned_rounds.max(round.number),
        deadline = relative(round.deadline)
    );
    let more = tr!(
        lang,
        "tournament-paired-more",
        name = escape(&s.name),
        round = round.number
    );
    let mention = |e| field.mention(e);
    let mut posts: Vec<Msg> = Vec::new();
    let mut post = Msg::text(cap(head, LIMIT));
    for (k, t) in round.tables.iter().enumerate() {
        let line = rounds::table(lang, k + 1, t, &mention);
        if post.content.chars().count() + 1 + line.chars().count() > LIMIT {
            posts.push(post);
            post = Msg::text(more.clone());
        }
        post.content = cap(format!("{}\n{line}", post.content), LIMIT);
        if let (Some(second), None) = (t.second, t.result) {
            post.mentions.extend(field.users(t.first));
            post.mentions.extend(field.users(second));
        }
    }
    posts.push(post);
    posts
}

/// The final standings (a knockout's bracket), the winner called.
fn over(s: &TournamentScene) -> Msg {
    let (lang, field) = (s.lang, Field::of(s));
    let winner = s.standings.first().map(|w| w.entrant);
    let mut parts = vec![Part::Line(tr!(
        lang,
        "tournament-over",
        name = escape(&s.name),
        winner = winner.map_or_else(|| "?".to_string(), |w| field.mention(w))
    ))];
    match (&s.format, &s.bracket) {
        (TournamentFormat::Knockout, Some(b)) => {
            parts.push(Part::Line(tr!(lang, "tournament-bracket")));
            parts.extend(
                bracket::lists(lang, &field, b, None)
                    .into_iter()
                    .map(Part::List),
            );
        }
        _ => parts.push(Part::List(List::lines(
            Some(tr!(lang, "tournament-final-standings")),
            rounds::standings(lang, &field, &s.standings),
        ))),
    }
    let mut msg = Msg::text(compose(lang, &parts, LIMIT));
    msg.mentions = winner.map(|w| field.users(w)).unwrap_or_default();
    msg
}
