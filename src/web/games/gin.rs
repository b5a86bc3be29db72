//! Gin Rummy (two or three players) on the card table.

use super::{one, OnTable};
use crate::engine::{best_arrangement, Action, CardSet, HandRecord, Match, PlayerView, TableView};
use crate::games::GinEnd;
use crate::web::wire::gin::Kind;
use crate::web::wire::{self, MoveKind, End, Game, LastDeal, Move, OwnHand, PublicTable, WirePlay};

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

/// A move of Gin's hand: a knock that leaves no deadwood is gin.
pub(super) fn gin_move(a: Action, held: CardSet, play: WirePlay) -> Move {
    match a {
        Action::TakeUpcard => one(MoveKind::Gin(Kind::TakeUpcard), None, play),
        Action::Pass => one(MoveKind::Gin(Kind::Pass), None, play),
        Action::DrawStock => one(MoveKind::Gin(Kind::DrawStock), None, play),
        Action::DrawDiscard => one(MoveKind::Gin(Kind::DrawDiscard), None, play),
        Action::Discard(c) => one(MoveKind::Gin(Kind::Discard), Some(c), play),
        Action::Knock(c) => {
            let gin_ = best_arrangement(held.without(c)).deadwood_count() == 0;
            let kind = if gin_ { Kind::Gin } else { Kind::Knock };
            one(MoveKind::Gin(kind), Some(c), play)
        }
    }
}
