//! A round's tables and the standings, as lines: the public message names entrants, a
//! round's announcement mentions them.

use super::field::Field;
use crate::games::organizer::TableLine;
use crate::games::tournament::{EntrantId, Finish, Standing};
use crate::i18n::Lang;
use crate::tr;

/// One table: "`3` A vs B", with its result once decided, or its bye. `name` shows an
/// entrant (a name, or a mention).
pub(super) fn table(
    lang: Lang,
    number: usize,
    t: &TableLine,
    name: &dyn Fn(EntrantId) -> String,
) -> String {
    let (first, table) = (name(t.first), number);
    let Some(second) = t.second else {
        return tr!(lang, "tournament-bye", table = table, first = first);
    };
    let second = name(second);
    let key = match t.result {
        Some((_, Finish::Played)) => "tournament-table-won",
        Some((_, Finish::Forfeit)) => "tournament-table-forfeit",
        Some((_, Finish::Disqualified)) => "tournament-table-walkover",
        None if t.match_id.is_none() => "tournament-table-waiting",
        None => "tournament-table",
    };
    let winner = t.result.map(|(w, _)| name(w)).unwrap_or_default();
    tr!(
        lang,
        key,
        table = table,
        first = first,
        second = second,
        winner = winner
    )
}

/// Every table of a round, numbered from 1.
pub(super) fn tables(
    lang: Lang,
    tables: &[TableLine],
    name: &dyn Fn(EntrantId) -> String,
) -> Vec<String> {
    tables
        .iter()
        .enumerate()
        .map(|(k, t)| table(lang, k + 1, t, name))
        .collect()
}

/// The standings of a Swiss or a round robin: place, name, points and the tie-breaks in
/// the order they count (Buchholz, then net points).
pub(super) fn standings(lang: Lang, field: &Field, standings: &[Standing]) -> Vec<String> {
    standings
        .iter()
        .map(|s| {
            let mut line = tr!(
                lang,
                "tournament-standing",
                place = s.place,
                name = field.name(s.entrant),
                points = s.points,
                buchholz = s.buchholz,
                net = format!("{:+}", s.net)
            );
            if s.withdrawn {
                line = format!("{line} {}", tr!(lang, "tournament-out"));
            }
            line
        })
        .collect()
}
