//! One entry of a match's log, for every game: a player's move, a resignation, a cancellation.
//!
//! A match is a pure function of its setup, its seed and this log ([`super::Variant`]), so the
//! log is what the bot stores and replays. The games differ only in what a move is, hence one
//! type generic over the action. Its JSON is the one the four per-game enums it replaces wrote
//! (`{"event":"play","seat":0,"action":...}`, `{"event":"resign","seat":1}`,
//! `{"event":"cancel"}`), so logs stored before keep loading.

use super::seat::Seat;
use serde::{Deserialize, Serialize};

/// One entry of a match's log; `A` is the game's action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event<A> {
    /// `seat` makes a move.
    Play {
        /// Who moves.
        seat: Seat,
        /// The move.
        action: A,
    },
    /// The seat gives up (or forfeits by timeout): the match ends at once and is settled as
    /// it stands, the seat (or its team) losing; in Rummy the others share the win.
    Resign {
        /// Who gives up.
        seat: Seat,
    },
    /// A moderator ends the match without scoring: nobody wins, nobody pays.
    Cancel,
}

#[cfg(test)]
mod tests {
    use crate::card::Card;
    use crate::rummy::{RummyAction, RummyEvent};
    use crate::{Action, CardSet, MatchEvent, PartnershipEvent, TeamAction, TeamMatchEvent};
    use serde::de::DeserializeOwned;
    use serde::Serialize;
    use std::fmt::Debug;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    /// Each event serializes to exactly the JSON stored logs hold, and that JSON loads back.
    fn same_as_stored<E>(cases: &[(E, &str)])
    where
        E: Serialize + DeserializeOwned + PartialEq + Debug,
    {
        for (event, json) in cases {
            assert_eq!(serde_json::to_string(event).unwrap(), *json);
            assert_eq!(&serde_json::from_str::<E>(json).unwrap(), event);
        }
    }

    #[test]
    fn a_gin_event_reads_and_writes_as_stored_logs_hold_it() {
        same_as_stored::<MatchEvent>(&[
            (
                MatchEvent::Play {
                    seat: 0,
                    action: Action::TakeUpcard,
                },
                r#"{"event":"play","seat":0,"action":{"action":"take_upcard"}}"#,
            ),
            (
                MatchEvent::Play {
                    seat: 1,
                    action: Action::Discard(card("TS")),
                },
                r#"{"event":"play","seat":1,"action":{"action":"discard","card":"TS"}}"#,
            ),
            (
                MatchEvent::Play {
                    seat: 2,
                    action: Action::Knock(card("AH")),
                },
                r#"{"event":"play","seat":2,"action":{"action":"knock","card":"AH"}}"#,
            ),
            (
                MatchEvent::Resign { seat: 1 },
                r#"{"event":"resign","seat":1}"#,
            ),
            (MatchEvent::Cancel, r#"{"event":"cancel"}"#),
        ]);
    }

    #[test]
    fn a_partnership_event_reads_and_writes_as_stored_logs_hold_it() {
        same_as_stored::<PartnershipEvent>(&[
            (
                PartnershipEvent::Play {
                    seat: 3,
                    action: Action::DrawStock,
                },
                r#"{"event":"play","seat":3,"action":{"action":"draw_stock"}}"#,
            ),
            (
                PartnershipEvent::Play {
                    seat: 2,
                    action: Action::Discard(card("9C")),
                },
                r#"{"event":"play","seat":2,"action":{"action":"discard","card":"9C"}}"#,
            ),
            (
                PartnershipEvent::Resign { seat: 3 },
                r#"{"event":"resign","seat":3}"#,
            ),
            (PartnershipEvent::Cancel, r#"{"event":"cancel"}"#),
        ]);
    }

    #[test]
    fn a_team_event_reads_and_writes_as_stored_logs_hold_it() {
        same_as_stored::<TeamMatchEvent>(&[
            (
                TeamMatchEvent::Play {
                    seat: 2,
                    action: TeamAction::Play(Action::DrawDiscard),
                },
                r#"{"event":"play","seat":2,"action":{"team_action":"play","action":{"action":"draw_discard"}}}"#,
            ),
            (
                TeamMatchEvent::Play {
                    seat: 0,
                    action: TeamAction::Swap(card("7H")),
                },
                r#"{"event":"play","seat":0,"action":{"team_action":"swap","action":"7H"}}"#,
            ),
            (
                TeamMatchEvent::Play {
                    seat: 2,
                    action: TeamAction::Return(card("QD")),
                },
                r#"{"event":"play","seat":2,"action":{"team_action":"return","action":"QD"}}"#,
            ),
            (
                TeamMatchEvent::Resign { seat: 0 },
                r#"{"event":"resign","seat":0}"#,
            ),
            (TeamMatchEvent::Cancel, r#"{"event":"cancel"}"#),
        ]);
    }

    #[test]
    fn a_rummy_event_reads_and_writes_as_stored_logs_hold_it() {
        let run: CardSet = [card("7H"), card("8H"), card("9H")].into_iter().collect();
        same_as_stored::<RummyEvent>(&[
            (
                RummyEvent::Play {
                    seat: 4,
                    action: RummyAction::DrawStock,
                },
                r#"{"event":"play","seat":4,"action":{"action":"draw_stock"}}"#,
            ),
            (
                RummyEvent::Play {
                    seat: 1,
                    action: RummyAction::Meld { cards: run },
                },
                r#"{"event":"play","seat":1,"action":{"action":"meld","cards":["7H","8H","9H"]}}"#,
            ),
            (
                RummyEvent::Play {
                    seat: 0,
                    action: RummyAction::LayOff {
                        card: card("TH"),
                        meld: 2,
                    },
                },
                r#"{"event":"play","seat":0,"action":{"action":"lay_off","card":"TH","meld":2}}"#,
            ),
            (
                RummyEvent::Play {
                    seat: 5,
                    action: RummyAction::Discard { card: card("KD") },
                },
                r#"{"event":"play","seat":5,"action":{"action":"discard","card":"KD"}}"#,
            ),
            (
                RummyEvent::Resign { seat: 2 },
                r#"{"event":"resign","seat":2}"#,
            ),
            (RummyEvent::Cancel, r#"{"event":"cancel"}"#),
        ]);
    }
}
