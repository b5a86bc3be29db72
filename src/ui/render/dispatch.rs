//! Each scene goes to its game's [`Present`], over the per-game enums of [`crate::games`]
//! (the list's `each!` writes every arm). What a scene adds around any game's message (the
//! turn's clock, the card look, Rematch, a watcher's buttons, a challenge's Accept and
//! Decline) is added here.

use super::words::mention;
use super::Present;
use crate::games::{
    each, ChallengeScene, GameError, HandScene, MatchEndScene, Note, RulesOf, ShowdownScene,
    TableScene,
};
use crate::i18n::Lang;
use crate::tr;
use crate::ui::art::showdown::Row;
use crate::ui::ids::Press;
use crate::ui::model::{Button, Msg, Style};
use crate::ui::{pictures, text};

/// The public table of a scene, with the turn's clock as live countdowns (and, in a
/// tournament match, the round it counts for and when that round ends).
pub fn table_scene(s: &TableScene) -> Msg {
    let mut msg = table_of(s);
    msg.cards = pictures::deck_of(s.look);
    if let Some(e) = s.event {
        let event = tr!(
            s.lang,
            "tournament-table-event",
            round = e.round,
            deadline = format!("<t:{}:R>", e.deadline)
        );
        msg.content = format!("{event}\n{}", msg.content);
    }
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

/// A table posted as a new message for deal `deal` (from 0). A tournament match's first
/// table calls its players: nobody challenged them, so the organizer's table is how they
/// learn that their match is on (a mention each, pinged). Any later table pings as usual:
/// the player to move.
pub fn new_table_scene(s: &TableScene, deal: u32) -> Msg {
    let mut msg = table_scene(s);
    if s.event.is_none() || deal > 0 {
        return msg;
    }
    let mut users: Vec<u64> = Vec::new();
    for &u in &s.seats.users {
        if u != 0 && !users.contains(&u) {
            users.push(u);
        }
    }
    let call: Vec<String> = users.iter().map(|&u| mention(u)).collect();
    let content = format!("{} {}", call.join(" "), msg.content);
    // Never past Discord's limit: a table too long to call its players only pings as usual.
    if content.chars().count() <= 2000 {
        msg.content = content;
        msg.mentions = users;
    }
    msg
}

fn table_of(s: &TableScene) -> Msg {
    let seats = &text::shown(&s.seats);
    each!(TableOf, &s.view, v, K => K::table(s.lang, seats, v))
}

/// A player's hand message of a scene, with its note.
pub fn hand_scene(s: &HandScene) -> Msg {
    let note = s.note.as_ref().map(|n| note_text(s.lang, n));
    let seats = &text::shown(&s.seats);
    let note = note.as_deref();
    let mut msg = each!(HandOf, &s.view, v, K => K::hand(s.lang, seats, v, s.mode, note, s.coach));
    msg.cards = pictures::deck_of(s.look);
    msg
}

/// A finished deal in public, as text; where the server shows pictures the deliverer adds
/// the showdown as one picture whose description says the same
/// ([`pictures::showdown_picture`], from [`showdown_rows`]).
pub fn showdown_text(s: &ShowdownScene) -> Msg {
    let seats = &text::shown(&s.seats);
    let mut msg = each!(DealOf, &s.record, r, K => K::showdown(s.lang, seats, r, s.aces_high));
    msg.cards = pictures::deck_of(s.look);
    msg
}

/// The rows and footer of a finished deal's picture, as its game draws them (`None`: none).
pub fn showdown_rows(s: &ShowdownScene) -> Option<(Vec<Row>, String)> {
    each!(DealOf, &s.record, r, K => K::picture(s.lang, &s.seats, r))
}

/// A match's end, with its Rematch button.
pub fn match_end_scene(s: &MatchEndScene) -> Msg {
    let rematch = Button::new(
        Press::Rematch(s.seats.match_id).encode(),
        tr!(s.lang, "button-rematch"),
        Style::Primary,
    );
    let mut msg = match_end_of(s).with_buttons(vec![rematch]);
    msg.cards = pictures::deck_of(s.look);
    msg
}

fn match_end_of(s: &MatchEndScene) -> Msg {
    let seats = &text::shown(&s.seats);
    each!(EndOf, &s.end, end, K => K::end(s.lang, seats, end))
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

/// The rules of a match (or a preset) in words.
pub fn rules_of_text(lang: Lang, preset: &str, rules: &RulesOf) -> String {
    each!(RulesOf, rules, r, K => K::rules_text(lang, preset, r))
}

/// Why a hand message comes with a remark instead of the move.
pub fn note_text(lang: Lang, note: &Note) -> String {
    let key = match note {
        Note::Stale => "err-stale",
        Note::MatchOver => "err-match-over",
        Note::Refused(refused @ GameError::Engine(e)) => {
            if let Some(text) = each!(ErrorOf, e, e, K => K::refusal(lang, e)) {
                return text;
            }
            if refused.is_match_over() {
                "err-match-over"
            } else {
                "err-internal"
            }
        }
        Note::Refused(GameError::Ended) => "err-match-over",
        Note::Refused(GameError::WrongGame) => "err-unknown-button",
        Note::Hint(hint) => return super::gin::hint_text(lang, hint),
        Note::NoHint => "err-no-hint",
    };
    tr!(lang, key)
}

/// The public challenge message: the game's challenge, who accepted so far, Accept and
/// Decline; it mentions those yet to accept.
pub fn challenge(s: &ChallengeScene) -> Msg {
    let (lang, row) = (s.lang, &s.row);
    let mut lines = vec![each!(RulesOf, &s.rules, r, K => K::challenge_text(s, r))];
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Match, Rules};
    use crate::games::{CardLook, Seats};
    use crate::store::MatchEvent;

    fn scene(event: Option<MatchEvent>) -> TableScene {
        let m = Match::new(Rules::default(), 2, [42; 32]).unwrap();
        TableScene {
            lang: Lang::En,
            look: CardLook::Pictures,
            seats: Seats {
                match_id: 3,
                version: 0,
                preset: "classic".into(),
                names: vec!["Anna".into(), "Ben".into()],
                users: vec![11, 12],
            },
            view: crate::games::Game::from(m).table(),
            clock: None,
            event,
        }
    }

    const EVENT: MatchEvent = MatchEvent {
        tournament_id: 9,
        round: 2,
        deadline: 1_900_000_000,
    };

    #[test]
    fn a_tournament_table_shows_its_round_and_when_it_ends() {
        let line = "🏆 Tournament round 2 · the round ends <t:1900000000:R>\n";
        assert!(table_scene(&scene(Some(EVENT))).content.starts_with(line));
        assert!(!table_scene(&scene(None)).content.contains("Tournament"));
        let mut de = scene(Some(EVENT));
        de.lang = Lang::De;
        assert!(table_scene(&de).content.starts_with("🏆 Turnierrunde 2 · "));
    }

    /// Nobody challenged the players of a tournament match: its first table calls them.
    #[test]
    fn a_tournament_matchs_first_table_calls_its_players() {
        let first = new_table_scene(&scene(Some(EVENT)), 0);
        assert!(
            first.content.starts_with("<@11> <@12> 🏆 "),
            "{}",
            first.content
        );
        assert_eq!(first.mentions, vec![11, 12]);
        // The next deal's table, an edit, a match of no tournament: as any table.
        let later = new_table_scene(&scene(Some(EVENT)), 1);
        assert_eq!(later, table_scene(&scene(Some(EVENT))));
        assert!(later.mentions.len() <= 1);
        assert_eq!(new_table_scene(&scene(None), 0), table_scene(&scene(None)));
    }
}
