//! Basic Rummy on the card table: its melds and layoffs as moves of their own.

use super::{one, sorted, OnTable};
use crate::engine::rummy::{
    RummyAction, RummyMatch, RummyRecord, RummySettlement, RummyTable, RummyView,
};
use crate::engine::{Card, CardSet};
use crate::web::wire::rummy::Kind;
use crate::web::wire::{self, End, Game, LastDeal, Move, MoveKind, OwnHand, PublicTable, WirePlay};

impl OnTable for RummyMatch {
    const GAME: Game = Game::Rummy;

    fn public(view: &RummyTable) -> PublicTable<'_> {
        PublicTable::Rummy(wire::rummy::Public { view })
    }

    fn own(view: &RummyView) -> OwnHand<'_> {
        OwnHand::Rummy(wire::rummy::Own { view })
    }

    /// Rummy's melds go on the table: no arrangement of the hand.
    fn arranged(_own: &RummyView) -> Option<CardSet> {
        None
    }

    fn moves(own: &RummyView) -> Vec<Move> {
        own.legal_actions.iter().map(|&a| rummy_move(a)).collect()
    }

    fn last_deal(record: &RummyRecord) -> LastDeal<'_> {
        LastDeal::Rummy(wire::rummy::Last { record })
    }

    fn end(settlement: &RummySettlement) -> End<'_> {
        End::Rummy(wire::rummy::Over { settlement })
    }
}

fn rummy_move(a: RummyAction) -> Move {
    let play = WirePlay::Rummy(a);
    match a {
        RummyAction::DrawStock => one(MoveKind::Rummy(Kind::DrawStock), None, play),
        RummyAction::DrawDiscard => one(MoveKind::Rummy(Kind::DrawDiscard), None, play),
        RummyAction::Discard { card } => one(MoveKind::Rummy(Kind::Discard), Some(card), play),
        RummyAction::Meld { cards } => {
            let list = sorted(cards);
            let id: String = list.iter().map(Card::to_string).collect();
            Move {
                id: format!("meld:{id}"),
                kind: MoveKind::Rummy(Kind::Meld),
                card: None,
                cards: Some(list),
                meld: None,
                play,
            }
        }
        RummyAction::LayOff { card, meld } => Move {
            id: format!("layoff:{card}:{meld}"),
            kind: MoveKind::Rummy(Kind::Layoff),
            card: Some(card),
            cards: None,
            meld: Some(meld),
            play,
        },
    }
}
