//! Basic Rummy's parts of a state frame.

use crate::engine::rummy::{RummyRecord, RummySettlement, RummyTable, RummyView};
use serde::Serialize;
use ts_rs::TS;

/// The public table, its melds included.
#[derive(Serialize, TS)]
#[ts(rename = "RummyPublic")]
pub struct Public<'a> {
    pub view: &'a RummyTable,
}

/// The viewer's own hand.
#[derive(Serialize, TS)]
#[ts(rename = "RummyOwn")]
pub struct Own<'a> {
    pub view: &'a RummyView,
}

/// The last finished hand.
#[derive(Serialize, TS)]
#[ts(rename = "RummyLast")]
pub struct Last<'a> {
    pub record: &'a RummyRecord,
}

/// The settlement.
#[derive(Serialize, TS)]
#[ts(rename = "RummyOver")]
pub struct Over<'a> {
    pub settlement: &'a RummySettlement,
}

/// What a Rummy move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(rename = "RummyMoveKind")]
pub enum Kind {
    DrawStock,
    DrawDiscard,
    Discard,
    Meld,
    Layoff,
}
