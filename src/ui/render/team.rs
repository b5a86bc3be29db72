//! Team Gin in messages: the table, a hand message with both of the team's hands and the
//! swap, the showdown and the teams' end (the shared parts are in [`super::teams`]).

use super::gin::action_error_text;
use super::teams::{challenge_text, error_key, rules, team_hand, team_showdown, team_table, teams_end};
use super::Present;
use crate::engine::{Card, Match, Rules, TeamAction, TeamError, TeamHandRecord, TeamMatch, TeamMatchError, TeamTable};
use crate::games::{ChallengeScene, HandMode, Seats, TeamHand, TeamsEnd};
use crate::i18n::Lang;
use crate::tr;
use crate::ui::ids::Buttons;
use crate::ui::model::Msg;

impl Present for TeamMatch {
    fn table(lang: Lang, seats: &Seats, view: &TeamTable) -> Msg {
        team_table(lang, seats, view)
    }

    fn hand(
        lang: Lang,
        seats: &Seats,
        own: &TeamHand,
        mode: HandMode,
        note: Option<&str>,
        _coach: bool,
    ) -> Msg {
        team_hand(lang, seats, &own.table, &own.view, mode, note)
    }

    fn showdown(lang: Lang, seats: &Seats, record: &TeamHandRecord, _aces_high: bool) -> Msg {
        team_showdown(lang, seats, record)
    }

    fn end(lang: Lang, seats: &Seats, end: &TeamsEnd) -> Msg {
        teams_end(lang, seats, &end.settlement, &end.rules)
    }

    fn rules_text(lang: Lang, preset: &str, r: &Rules) -> String {
        rules(lang, preset, r, true)
    }

    fn challenge_text(s: &ChallengeScene, r: &Rules) -> String {
        challenge_text(s, r, true)
    }

    /// A turn's Gin moves are refused as at Gin; the swap's in its own words.
    fn refusal(lang: Lang, error: &TeamMatchError) -> Option<String> {
        match error {
            TeamMatchError::Hand(TeamError::Play(a)) => Some(action_error_text(lang, a)),
            TeamMatchError::Hand(e) => Some(tr!(lang, error_key(e))),
            _ => None,
        }
    }
}

/// Gin's buttons beside the swap's (`s-<card>`) and its answer's (`r-<card>`).
impl Buttons for TeamMatch {
    const VERB: &'static str = <Match as Buttons>::VERB;

    fn code(action: &TeamAction) -> String {
        match action {
            TeamAction::Play(a) => <Match as Buttons>::code(a),
            TeamAction::Swap(c) => format!("s-{c}"),
            TeamAction::Return(c) => format!("r-{c}"),
        }
    }

    fn read(code: &str) -> Option<TeamAction> {
        let card = |s: &str| s.parse::<Card>().ok();
        Some(match code.split_once('-') {
            Some(("s", c)) => TeamAction::Swap(card(c)?),
            Some(("r", c)) => TeamAction::Return(card(c)?),
            _ => TeamAction::Play(<Match as Buttons>::read(code)?),
        })
    }
}
