//! Partnership Gin on the card table: both tables in public, the seat's own as at Gin.

use super::OnTable;
use crate::engine::partnership::DealRecord;
use crate::engine::{CardSet, Match, PartnershipMatch, PlayerView, TableView};
use crate::games::TeamsEnd;
use crate::web::wire::{self, End, Game, LastDeal, Move, OwnHand, PublicTable};

impl OnTable for PartnershipMatch {
    const GAME: Game = Game::Partnership;

    fn public(views: &[TableView; 2]) -> PublicTable<'_> {
        PublicTable::Partnership(wire::partnership::Public { views })
    }

    fn own(view: &PlayerView) -> OwnHand<'_> {
        OwnHand::Partnership(wire::partnership::Own { view })
    }

    fn arranged(own: &PlayerView) -> Option<CardSet> {
        <Match as OnTable>::arranged(own)
    }

    /// Gin's moves, which a Partnership match takes as its own.
    fn moves(own: &PlayerView) -> Vec<Move> {
        <Match as OnTable>::moves(own)
    }

    fn last_deal(record: &DealRecord) -> LastDeal<'_> {
        LastDeal::Partnership(wire::partnership::Last { record })
    }

    fn end(end: &TeamsEnd) -> End<'_> {
        End::Partnership(wire::partnership::Over {
            settlement: &end.settlement,
        })
    }
}
