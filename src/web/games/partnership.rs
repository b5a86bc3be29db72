//! Partnership Gin on the card table: both tables in public, the seat's own as at Gin.

use super::OnTable;
use crate::engine::partnership::DealRecord;
use crate::engine::{CardSet, Match, PartnershipMatch, PlayerView, TableView};
use crate::games::TeamsEnd;
use crate::web::wire::{End, Game, LastDeal, Move, OwnHand, PublicTable};

impl OnTable for PartnershipMatch {
    const GAME: Game = Game::Partnership;

    fn public(views: &[TableView; 2]) -> PublicTable<'_> {
        PublicTable::Partnership { views }
    }

    fn own(view: &PlayerView) -> OwnHand<'_> {
        <Match as OnTable>::own(view)
    }

    fn arranged(own: &PlayerView) -> Option<CardSet> {
        <Match as OnTable>::arranged(own)
    }

    /// Gin's moves, which a Partnership match takes as its own.
    fn moves(own: &PlayerView) -> Vec<Move> {
        <Match as OnTable>::moves(own)
    }

    fn last_deal(record: &DealRecord) -> LastDeal<'_> {
        LastDeal::Partnership { record }
    }

    fn end(end: &TeamsEnd) -> End<'_> {
        End::Teams {
            settlement: &end.settlement,
        }
    }
}
