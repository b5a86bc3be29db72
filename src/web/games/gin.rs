//! Gin Rummy (two or three players) on the card table.

use super::{gin_move, OnTable};
use crate::engine::{CardSet, HandRecord, Match, PlayerView, TableView};
use crate::games::GinEnd;
use crate::web::wire::{self, End, Game, LastDeal, Move, OwnHand, PublicTable, WirePlay};

impl OnTable for Match {
    const GAME: Game = Game::Gin;

    fn public(view: &TableView) -> PublicTable<'_> {
        PublicTable::Gin(wire::gin::Public { view })
    }

    fn own(view: &PlayerView) -> OwnHand<'_> {
        OwnHand::Gin(wire::gin::Own { view })
    }

    fn arranged(own: &PlayerView) -> Option<CardSet> {
        own.hand.as_ref().map(CardSet::from_cards)
    }

    fn moves(own: &PlayerView) -> Vec<Move> {
        let held = own.hand.as_ref().map(CardSet::from_cards).unwrap_or_default();
        let moves = own.legal_actions.iter();
        moves.map(|&a| gin_move(a, held, WirePlay::Gin(a))).collect()
    }

    fn last_deal(record: &HandRecord) -> LastDeal<'_> {
        LastDeal::Gin(wire::gin::Last { record })
    }

    fn end(end: &GinEnd) -> End<'_> {
        End::Gin(wire::gin::Over {
            settlement: &end.settlement,
            hollywood: end.hollywood.as_ref(),
        })
    }
}
