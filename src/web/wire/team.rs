//! Team Gin's parts of a state frame.

use crate::engine::team::TeamHandRecord;
use crate::engine::{Settlement, TeamTable, TeamView};
use serde::Serialize;
use ts_rs::TS;

/// The public table.
#[derive(Serialize, TS)]
#[ts(rename = "TeamPublic")]
pub struct Public<'a> {
    pub view: &'a TeamTable,
}

/// The viewer's own and partner's hands, with the table.
#[derive(Serialize, TS)]
#[ts(rename = "TeamOwn")]
pub struct Own<'a> {
    pub table: &'a TeamTable,
    pub view: &'a TeamView,
}

/// The last finished hand.
#[derive(Serialize, TS)]
#[ts(rename = "TeamLast")]
pub struct Last<'a> {
    pub record: &'a TeamHandRecord,
}

/// The teams' settlement.
#[derive(Serialize, TS)]
#[ts(rename = "TeamOver")]
pub struct Over<'a> {
    pub settlement: &'a Settlement,
}

/// What a Team Gin move of its own does (its other moves are Gin's, with Gin's kinds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(rename = "TeamMoveKind")]
pub enum Kind {
    Swap,
    Return,
}
