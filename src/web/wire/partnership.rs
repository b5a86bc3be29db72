//! Partnership Gin's parts of a state frame.

use crate::engine::partnership::DealRecord;
use crate::engine::{PlayerView, Settlement, TableView};
use serde::Serialize;
use ts_rs::TS;

/// Both tables of the deal.
#[derive(Serialize, TS)]
#[ts(rename = "PartnershipPublic")]
pub struct Public<'a> {
    pub views: &'a [TableView; 2],
}

/// The viewer's own table, as at Gin.
#[derive(Serialize, TS)]
#[ts(rename = "PartnershipOwn")]
pub struct Own<'a> {
    pub view: &'a PlayerView,
}

/// The last finished deal: both tables.
#[derive(Serialize, TS)]
#[ts(rename = "PartnershipLast")]
pub struct Last<'a> {
    pub record: &'a DealRecord,
}

/// The teams' settlement.
#[derive(Serialize, TS)]
#[ts(rename = "PartnershipOver")]
pub struct Over<'a> {
    pub settlement: &'a Settlement,
}

/// Partnership Gin's moves are Gin's, with Gin's kinds.
pub type Kind = super::gin::Kind;
