//! Team Gin on the card table: the seat's hand and its partner's, the swap.

use super::gin::gin_move;
use super::{one, OnTable};
use crate::engine::{CardSet, TeamAction, TeamHandRecord, TeamMatch, TeamTable};
use crate::games::{TeamHand, TeamsEnd};
use crate::web::wire::team::Kind;
use crate::web::wire::{self, End, Game, LastDeal, Move, MoveKind, OwnHand, PublicTable, WirePlay};

impl OnTable for TeamMatch {
    const GAME: Game = Game::Team;

    fn public(view: &TeamTable) -> PublicTable<'_> {
        PublicTable::Team(wire::team::Public { view })
    }

    fn own(own: &TeamHand) -> OwnHand<'_> {
        OwnHand::Team(wire::team::Own {
            table: &own.table,
            view: &own.view,
        })
    }

    fn arranged(own: &TeamHand) -> Option<CardSet> {
        Some(own.view.hand)
    }

    fn moves(own: &TeamHand) -> Vec<Move> {
        let view = &own.view;
        let moves = view.legal_actions.iter().map(|&a| match a {
            TeamAction::Play(g) => gin_move(g, view.hand, WirePlay::Team(a)),
            TeamAction::Swap(c) => one(MoveKind::Team(Kind::Swap), Some(c), WirePlay::Team(a)),
            TeamAction::Return(c) => one(MoveKind::Team(Kind::Return), Some(c), WirePlay::Team(a)),
        });
        moves.collect()
    }

    fn last_deal(record: &TeamHandRecord) -> LastDeal<'_> {
        LastDeal::Team(wire::team::Last { record })
    }

    fn end(end: &TeamsEnd) -> End<'_> {
        End::Team(wire::team::Over {
            settlement: &end.settlement,
        })
    }
}
