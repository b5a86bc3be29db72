//! What an event is, in words: its title, format, game, organizer and round length, and the
//! names of a knockout's rounds.

use crate::games::organizer::{TournamentGame, TournamentScene};
use crate::games::tournament::TournamentFormat;
use crate::i18n::Lang;
use crate::tr;
use crate::ui::text::escape;

/// "🏆 **Name**".
pub(super) fn title(s: &TournamentScene) -> String {
    tr!(s.lang, "tournament-title", name = escape(&s.name))
}

/// "Swiss system, 5 rounds · Gin Rummy, classic · organised by @Mod".
pub(super) fn about(s: &TournamentScene) -> String {
    tr!(
        s.lang,
        "tournament-about",
        format = format(s.lang, s.format),
        game = game(s.lang, s.game, &s.preset),
        creator = format!("<@{}>", s.created_by)
    )
}

fn format(lang: Lang, f: TournamentFormat) -> String {
    match f {
        // Before the start a Swiss may leave its rounds to the field's size.
        TournamentFormat::Swiss { rounds: 0 } => tr!(lang, "tournament-format-swiss-open"),
        TournamentFormat::Swiss { rounds } => tr!(lang, "tournament-format-swiss", rounds = rounds),
        TournamentFormat::Knockout => tr!(lang, "tournament-format-knockout"),
        TournamentFormat::RoundRobin => tr!(lang, "tournament-format-round-robin"),
    }
}

fn game(lang: Lang, game: TournamentGame, preset: &str) -> String {
    tr!(lang, game.key, preset = escape(preset))
}

/// A length of time as players say it: "3 days", "2 hours", "90 minutes".
pub(super) fn duration(lang: Lang, minutes: i64) -> String {
    const DAY: i64 = 24 * 60;
    match minutes {
        m if m > 0 && m % DAY == 0 => tr!(lang, "tournament-days", count = m / DAY),
        m if m > 0 && m % 60 == 0 => tr!(lang, "tournament-hours", count = m / 60),
        m => tr!(lang, "tournament-minutes", count = m),
    }
}

/// A time every reader's client shows in their own zone, counting down.
pub(super) fn relative(secs: i64) -> String {
    format!("<t:{secs}:R>")
}

/// The name of round `round` (from 0) of a knockout of `rounds`: the last three by their
/// names, the others by number.
pub(super) fn knockout_round(lang: Lang, round: usize, rounds: usize) -> String {
    match rounds.saturating_sub(round) {
        1 => tr!(lang, "tournament-final"),
        2 => tr!(lang, "tournament-semi-finals"),
        3 => tr!(lang, "tournament-quarter-finals"),
        _ => tr!(lang, "tournament-bracket-round", round = round + 1),
    }
}
