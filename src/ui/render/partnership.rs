//! Partnership Gin in messages: both tables on one table message, each seat's hand as at
//! Gin, the teams' end (the shared parts are in [`super::teams`]).

use super::gin;
use super::teams::{challenge_text, partnership_showdown, partnership_table, rules, teams_end};
use super::Present;
use crate::engine::partnership::DealRecord;
use crate::engine::{Action, Match, MatchError, PartnershipMatch, PlayerView, Rules, TableView};
use crate::games::{ChallengeScene, HandMode, Seats, TeamsEnd};
use crate::i18n::Lang;
use crate::ui::art::showdown::Row;
use crate::ui::ids::Buttons;
use crate::ui::model::Msg;
use crate::ui::pictures::knock_rows;

impl Present for PartnershipMatch {
    fn table(lang: Lang, seats: &Seats, tables: &[TableView; 2]) -> Msg {
        partnership_table(lang, seats, tables)
    }

    /// The seat's own table, as at Gin.
    fn hand(
        lang: Lang,
        seats: &Seats,
        own: &PlayerView,
        mode: HandMode,
        note: Option<&str>,
        coach: bool,
    ) -> Msg {
        gin::hand(lang, seats, own, mode, note, coach)
    }

    fn showdown(lang: Lang, seats: &Seats, record: &DealRecord, _aces_high: bool) -> Msg {
        partnership_showdown(lang, seats, record)
    }

    fn end(lang: Lang, seats: &Seats, end: &TeamsEnd) -> Msg {
        teams_end(lang, seats, &end.settlement, &end.rules)
    }

    fn rules_text(lang: Lang, preset: &str, r: &Rules) -> String {
        rules(lang, preset, r, false)
    }

    fn challenge_text(s: &ChallengeScene, r: &Rules) -> String {
        challenge_text(s, r, false)
    }

    fn refusal(lang: Lang, error: &MatchError) -> Option<String> {
        <Match as Present>::refusal(lang, error)
    }

    /// Each table's knocker and defender, one after the other.
    fn picture(lang: Lang, seats: &Seats, r: &DealRecord) -> Option<(Vec<Row>, String)> {
        let rows = r.tables.iter();
        let rows = rows.flat_map(|t| knock_rows(lang, seats, t.players, &t.end));
        Some((rows.collect(), String::new()))
    }
}

/// Gin's buttons: a Partnership hand message is Gin's.
impl Buttons for PartnershipMatch {
    const VERB: &'static str = <Match as Buttons>::VERB;

    fn code(action: &Action) -> String {
        <Match as Buttons>::code(action)
    }

    fn read(code: &str) -> Option<Action> {
        <Match as Buttons>::read(code)
    }
}
