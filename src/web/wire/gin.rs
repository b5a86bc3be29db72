//! Gin Rummy's parts of a state frame.

use crate::engine::hollywood::HollywoodSheet;
use crate::engine::{HandRecord, PlayerView, Settlement, TableView};
use serde::Serialize;
use ts_rs::TS;

/// The public table.
#[derive(Serialize, TS)]
#[ts(rename = "GinPublic")]
pub struct Public<'a> {
    pub view: &'a TableView,
}

/// The viewer's own hand (also a Partnership Gin seat's, at its table).
#[derive(Serialize, TS)]
#[ts(rename = "GinOwn")]
pub struct Own<'a> {
    pub view: &'a PlayerView,
}

/// The last finished hand.
#[derive(Serialize, TS)]
#[ts(rename = "GinLast")]
pub struct Last<'a> {
    pub record: &'a HandRecord,
}

/// The settlement, and a Hollywood match's three games.
#[derive(Serialize, TS)]
#[ts(rename = "GinOver")]
pub struct Over<'a> {
    pub settlement: &'a Settlement,
    pub hollywood: Option<&'a HollywoodSheet>,
}

/// What a move of the Gin games does (a knock with no deadwood left is `gin`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(rename = "GinMoveKind")]
pub enum Kind {
    TakeUpcard,
    Pass,
    DrawStock,
    DrawDiscard,
    Discard,
    Knock,
    Gin,
}
